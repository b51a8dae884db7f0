"""glacier: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_glacier_vault": Resource(
        external_name=by_name(),
        references={"notification.sns_topic": Reference("aws_sns_topic", "arn")},
    ),
    "aws_glacier_vault_lock": Resource(
        external_name=PROBED,
        references={"vault_name": Reference("aws_glacier_vault")},
    ),
}
