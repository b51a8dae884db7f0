"""athena: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource, attribute_as_identifier

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_athena_capacity_reservation": Resource(
        external_name=attribute_as_identifier("name", argument="name").sourced(
            "probe", "the importer takes the value of name"
        ),
    ),
    "aws_athena_data_catalog": Resource(
        external_name=by_name(),
    ),
    "aws_athena_database": Resource(
        external_name=by_name(),
        references={"bucket": Reference("aws_s3_bucket")},
    ),
    "aws_athena_named_query": Resource(
        external_name=PROBED,
        references={"database": Reference("aws_athena_database"), "workgroup": Reference("aws_athena_workgroup")},
    ),
    "aws_athena_prepared_statement": Resource(
        external_name=PROBED,
    ),
    "aws_athena_workgroup": Resource(
        external_name=by_name(),
        references={
            "configuration.result_configuration.encryption_configuration.kms_key_arn": Reference("aws_kms_key", "arn")
        },
    ),
}
