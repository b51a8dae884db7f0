"""ssmquicksetup: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource, attribute_as_identifier

RESOURCES: dict[str, Resource] = {
    "aws_ssmquicksetup_configuration_manager": Resource(
        external_name=attribute_as_identifier("manager_arn").sourced(
            "probe", "the importer takes the value of manager_arn"
        ),
    ),
}
