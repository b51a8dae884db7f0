"""ecrpublic: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_ecrpublic_repository": Resource(
        external_name=by_name("repository_name"),
    ),
    "aws_ecrpublic_repository_policy": Resource(
        external_name=PROBED,
        references={"repository_name": Reference("aws_ecrpublic_repository")},
    ),
}
