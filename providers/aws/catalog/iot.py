"""iot: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_iot_authorizer": Resource(
        external_name=by_name(),
        references={"authorizer_function_arn": Reference("aws_lambda_function", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "authorizerFunctionArnRef": {"name": "example-function"},
                "signingDisabled": False,
                "status": "ACTIVE",
                "tags": {"Name": "example"},
                "tokenKeyName": "Token-Header",
            }
        ),
    ),
    "aws_iot_billing_group": Resource(
        external_name=PROBED,
    ),
    "aws_iot_domain_configuration": Resource(
        external_name=by_name(),
        references={"server_certificate_arns": Reference("aws_acm_certificate", "arn")},
        example=Example({"region": "us-east-1", "domainName": "iot.example.com", "serviceType": "DATA"}),
    ),
    "aws_iot_event_configurations": Resource(
        external_name=PROBED,
        # Which registry events IoT publishes, by event type (the provider's enum of types).
        example=Example({"region": "us-east-1", "eventConfigurations": {"THING": True, "THING_GROUP": False}}),
    ),
    "aws_iot_indexing_configuration": Resource(
        external_name=PROBED,
        # Fleet indexing of the thing registry only (no shadows, no connectivity).
        example=Example({"region": "us-east-1", "thingIndexingConfiguration": {"thingIndexingMode": "REGISTRY"}}),
    ),
    "aws_iot_policy": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
            }
        ),
    ),
    "aws_iot_provisioning_template": Resource(
        external_name=by_name(),
        references={"provisioning_role_arn": Reference("aws_iam_role", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "description": "My provisioning template",
                "enabled": True,
                "provisioningRoleArnRef": {"name": "example-role"},
                "templateBody": "example",
            }
        ),
    ),
    "aws_iot_role_alias": Resource(
        external_name=PROBED,
        references={"role_arn": Reference("aws_iam_role", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "alias": "Thermostat-dynamodb-access-role-alias",
                "roleArnRef": {"name": "example-role"},
            }
        ),
    ),
    "aws_iot_thing": Resource(
        external_name=by_name(),
        example=Example({"region": "us-east-1", "attributes": {"First": "examplevalue"}}),
    ),
    "aws_iot_thing_group": Resource(
        external_name=by_name(),
        references={"parent_group_name": Reference("aws_iot_thing_group")},
        example=Example({"region": "us-east-1"}),
    ),
    "aws_iot_thing_group_membership": Resource(
        external_name=PROBED,
        # The observed names: a thing's and a group's external names are known before they exist.
        references={
            "thing_group_name": Reference("aws_iot_thing_group", "name"),
            "thing_name": Reference("aws_iot_thing", "name"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "overrideDynamicGroup": True,
                "thingGroupNameRef": {"name": "example-thinggroup"},
                "thingNameRef": {"name": "example-thing"},
            }
        ),
    ),
    "aws_iot_thing_type": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "name": "my_iot_thing"}),
    ),
    "aws_iot_topic_rule": Resource(
        external_name=by_name(),
        references={
            "error_action.sns.role_arn": Reference("aws_iam_role", "arn"),
            "error_action.sns.target_arn": Reference("aws_sns_topic", "arn"),
            "sns.role_arn": Reference("aws_iam_role", "arn"),
            "sns.target_arn": Reference("aws_sns_topic", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "description": "Example rule",
                "enabled": True,
                "sql": "SELECT * FROM 'topic/test'",
                "sqlVersion": "2016-03-23",
                "errorAction": {
                    "sns": {
                        "messageFormat": "RAW",
                        "roleArnRef": {"name": "example-role"},
                        "targetArnRef": {"name": "example-topic"},
                    }
                },
                "sns": [
                    {
                        "messageFormat": "RAW",
                        "roleArnRef": {"name": "example-role"},
                        "targetArnRef": {"name": "example-topic"},
                    }
                ],
            },
            # Named with letters only: the rule's name is the object's, and IoT allows letters, digits and
            # underscores in it.
            name="exampletopicrule",
        ),
    ),
    "aws_iot_topic_rule_destination": Resource(
        external_name=PROBED,
        references={
            "vpc_configuration.role_arn": Reference("aws_iam_role", "arn"),
            "vpc_configuration.security_groups": Reference("aws_security_group"),
            "vpc_configuration.subnet_ids": Reference("aws_subnet"),
            "vpc_configuration.vpc_id": Reference("aws_vpc"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "vpcConfiguration": {
                    "roleArnRef": {"name": "example-role"},
                    "securityGroupRefs": [{"name": "example-sg"}],
                    "subnetIdRefs": [{"name": "example-subnet"}],
                    "vpcIdRef": {"name": "example-vpc"},
                },
            }
        ),
    ),
}
