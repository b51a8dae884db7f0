"""ssmincidents: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource, identifier_from_provider

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_ssmincidents_replication_set": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer lists the account's single replication set"
        ),
    ),
    "aws_ssmincidents_response_plan": Resource(
        external_name=PROBED,
    ),
}
