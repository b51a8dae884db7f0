"""comprehend: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_comprehend_document_classifier": Resource(
        external_name=PROBED,
        references={"data_access_role_arn": Reference("aws_iam_role", "arn")},
        # The prefix the provider would make the name from: copied back beside the name, the two conflict.
        late_init_ignore=("version_name_prefix",),
        # Trained from one CSV file of labelled documents (the default data format and mode).
        example=Example(
            {
                "region": "us-east-1",
                "dataAccessRoleArnRef": {"name": "example-role"},
                "inputDataConfig": {"s3Uri": "s3://example-comprehend/documents.csv"},
                "languageCode": "en",
                "name": "example",
            }
        ),
    ),
    "aws_comprehend_entity_recognizer": Resource(
        external_name=PROBED,
        references={"data_access_role_arn": Reference("aws_iam_role", "arn")},
        # The prefix the provider would make the name from: copied back beside the name, the two conflict.
        late_init_ignore=("version_name_prefix",),
        # Two custom entity types, trained from a document file and an entity list in S3.
        example=Example(
            {
                "region": "us-east-1",
                "dataAccessRoleArnRef": {"name": "example-role"},
                "inputDataConfig": {
                    "documents": {"s3Uri": "s3://example-comprehend/documents.txt"},
                    "entityList": {"s3Uri": "s3://example-comprehend/entities.csv"},
                    "entityTypes": [{"type": "ENTITY_1"}, {"type": "ENTITY_2"}],
                },
                "languageCode": "en",
                "name": "example",
            }
        ),
    ),
}
