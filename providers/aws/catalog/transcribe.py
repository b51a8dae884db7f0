"""transcribe: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, identifier_from_provider

from .strategies import by_name

RESOURCES: dict[str, Resource] = {
    "aws_transcribe_language_model": Resource(
        external_name=by_name("model_name"),
        references={"input_data_config.data_access_role_arn": Reference("aws_iam_role", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "baseModelName": "NarrowBand",
                "languageCode": "en-US",
                "tags": {"ENVIRONMENT": "development"},
                "inputDataConfig": {"dataAccessRoleArnRef": {"name": "example-role"}, "s3Uri": "https://example.com"},
            }
        ),
    ),
    "aws_transcribe_medical_vocabulary": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by vocabulary_name but lists it as not tested: the state id is used"
        ),
        # A medical vocabulary is read from a text file in S3; US English is the only language the
        # provider accepts for one.
        example=Example(
            {
                "region": "us-east-1",
                "languageCode": "en-US",
                "vocabularyName": "example",
                "vocabularyFileUri": "s3://example-bucket/medical-vocabulary.txt",
            }
        ),
    ),
    "aws_transcribe_vocabulary": Resource(
        external_name=by_name("vocabulary_name"),
        # A custom vocabulary is its phrases, or a file of them in S3.
        example=Example(
            {
                "region": "us-east-1",
                "languageCode": "en-US",
                "phrases": ["Crossplane", "Kubernetes"],
                "tags": {"tag1": "value1", "tag2": "value3"},
            }
        ),
    ),
    "aws_transcribe_vocabulary_filter": Resource(
        external_name=by_name("vocabulary_filter_name"),
        example=Example(
            {
                "region": "us-east-1",
                "languageCode": "en-US",
                "tags": {"tag1": "value1", "tag2": "value3"},
                "words": ["cars", "bucket"],
            }
        ),
    ),
}
