"""quicksight: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, attribute_as_identifier, composite_from_parameters

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_quicksight_account_settings": Resource(
        external_name=attribute_as_identifier("aws_account_id").sourced(
            "probe", "the importer takes the value of aws_account_id"
        ),
    ),
    "aws_quicksight_data_set": Resource(
        external_name=PROBED,
        references={"physical_table_map.s3_source.data_source_arn": Reference("aws_quicksight_data_source", "arn")},
        # A SPICE data set of one CSV table, read through the example S3 data source.
        example=Example(
            {
                "region": "us-east-1",
                "dataSetId": "example-dataset",
                "importMode": "SPICE",
                "name": "example",
                "physicalTableMap": [
                    {
                        "physicalTableMapId": "example-table",
                        "s3Source": {
                            "dataSourceArnRef": {"name": "example-datasource"},
                            "inputColumns": [{"name": "id", "type": "STRING"}],
                            "uploadSettings": {"format": "CSV"},
                        },
                    }
                ],
            }
        ),
    ),
    "aws_quicksight_data_source": Resource(
        external_name=PROBED,
        # An S3 data source: its manifest names the files to read.
        example=Example(
            {
                "region": "us-east-1",
                "dataSourceId": "example-source",
                "name": "example",
                "type": "S3",
                "parameters": {"s3": {"manifestFileLocation": {"bucket": "example-bucket", "key": "manifest.json"}}},
            }
        ),
    ),
    "aws_quicksight_folder": Resource(
        external_name=PROBED,
    ),
    "aws_quicksight_folder_membership": Resource(
        external_name=PROBED,
    ),
    "aws_quicksight_group": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "groupName": "tf-example"}),
    ),
    "aws_quicksight_group_membership": Resource(
        external_name=PROBED,
    ),
    "aws_quicksight_iam_policy_assignment": Resource(
        external_name=PROBED,
        # An assignment kept as a draft: it names no policy nor identities yet.
        example=Example({"region": "us-east-1", "assignmentName": "example", "assignmentStatus": "DRAFT"}),
    ),
    "aws_quicksight_ingestion": Resource(
        external_name=PROBED,
        references={"data_set_id": Reference("aws_quicksight_data_set", "data_set_id")},
        # A full refresh of the example data set's SPICE copy.
        example=Example(
            {
                "region": "us-east-1",
                "dataSetIdRef": {"name": "example-dataset"},
                "ingestionId": "example-ingestion",
                "ingestionType": "FULL_REFRESH",
            }
        ),
    ),
    "aws_quicksight_namespace": Resource(
        external_name=PROBED,
    ),
    "aws_quicksight_refresh_schedule": Resource(
        external_name=PROBED,
        references={"data_set_id": Reference("aws_quicksight_data_set", "data_set_id")},
        # The example data set is refreshed in full every day at 03:00.
        example=Example(
            {
                "region": "us-east-1",
                "dataSetIdRef": {"name": "example-dataset"},
                "scheduleId": "example-schedule",
                "schedule": [
                    {
                        "refreshType": "FULL_REFRESH",
                        "scheduleFrequency": [{"interval": "DAILY", "timeOfTheDay": "03:00"}],
                    }
                ],
            }
        ),
    ),
    "aws_quicksight_role_membership": Resource(
        external_name=composite_from_parameters(",", "aws_account_id", "namespace", "role", "member_name").sourced(
            "probe+docs",
            "aws_account_id,namespace,role,member_name",
            IDExample(
                "012345678901,default,READER,example-group",
                "012345678901,default,READER,example-group",
                {
                    "aws_account_id": "012345678901",
                    "namespace": "default",
                    "role": "READER",
                    "member_name": "example-group",
                },
                source="docs",
            ),
        ),
        # The member's observed name: the group's external name is known before the group exists.
        references={"member_name": Reference("aws_quicksight_group", "group_name")},
        example=Example({"region": "us-east-1", "memberNameRef": {"name": "example-group"}, "role": "READER"}),
    ),
    "aws_quicksight_template_alias": Resource(
        external_name=PROBED,
    ),
    "aws_quicksight_theme": Resource(
        external_name=PROBED,
    ),
    "aws_quicksight_vpc_connection": Resource(
        external_name=PROBED,
    ),
}
