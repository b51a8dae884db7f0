"""appflow: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, identifier_from_provider

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_appflow_connector_profile": Resource(
        external_name=PROBED,
        sensitive=(
            "connector_profile_config.connector_profile_credentials.amplitude.api_key",
            "connector_profile_config.connector_profile_credentials.custom_connector.api_key.api_key",
            "connector_profile_config.connector_profile_credentials.custom_connector.api_key.api_secret_key",
            "connector_profile_config.connector_profile_credentials.custom_connector.oauth2.refresh_token",
            "connector_profile_config.connector_profile_credentials.datadog.api_key",
            "connector_profile_config.connector_profile_credentials.dynatrace.api_token",
            "connector_profile_config.connector_profile_credentials.google_analytics.refresh_token",
            "connector_profile_config.connector_profile_credentials.honeycode.refresh_token",
            "connector_profile_config.connector_profile_credentials.salesforce.jwt_token",
            "connector_profile_config.connector_profile_credentials.salesforce.refresh_token",
            "connector_profile_config.connector_profile_credentials.sapo_data.oauth_credentials.client_secret",
            "connector_profile_config.connector_profile_credentials.sapo_data.oauth_credentials.refresh_token",
            "connector_profile_config.connector_profile_credentials.singular.api_key",
        ),
    ),
    "aws_appflow_flow": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer wants the flow ARN, which is the state id"
        ),
        references={
            "destination_flow_config.destination_connector_properties.s3.bucket_name": Reference(
                "aws_s3_bucket_policy", "bucket"
            ),
            "source_flow_config.source_connector_properties.s3.bucket_name": Reference(
                "aws_s3_bucket_policy", "bucket"
            ),
        },
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "destinationFlowConfig": [
                    {
                        "connectorType": "S3",
                        "destinationConnectorProperties": {
                            "s3": {
                                "bucketNameRef": {"name": "example-bucketpolicy"},
                                "s3OutputFormatConfig": {"prefixConfig": {"prefixType": "PATH"}},
                            }
                        },
                    }
                ],
                "sourceFlowConfig": {
                    "connectorType": "S3",
                    "sourceConnectorProperties": {
                        "s3": {"bucketNameRef": {"name": "example-bucketpolicy"}, "bucketPrefix": "example"}
                    },
                },
                "task": [
                    {
                        "destinationField": "exampleField",
                        "sourceFields": ["exampleField"],
                        "taskType": "Map",
                        "connectorOperator": [{"s3": "NO_OP"}],
                    }
                ],
                "triggerConfig": {"triggerType": "OnDemand"},
            }
        ),
    ),
}
