"""cloudwatchlogs: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import (
    Example,
    IDExample,
    Reference,
    Resource,
    attribute_as_identifier,
    composite_from_parameters,
    composite_id,
    identifier_from_provider,
)

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_cloudwatch_log_account_policy": Resource(
        external_name=composite_id(
            "{{ .external_name }}:{{ .parameters.policy_type }}", argument="policy_name"
        ).sourced(
            "probe",
            "expected <policy-name>:<policy-type>",
            IDExample(
                "partone:parttwo",
                "partone",
                {"policy_type": "parttwo", "policy_name": "partone"},
                {"id": "partone", "policy_type": "parttwo", "policy_name": "partone"},
            ),
        ),
        example=Example(
            {
                "region": "us-east-1",
                # A data protection policy (not an IAM one): audit and mask e-mail addresses in every group.
                "policyDocument": '{"Name":"ACCOUNT_DATA_PROTECTION_POLICY","Version":"2021-06-01","Statement":['
                '{"Sid":"Audit","DataIdentifier":["arn:aws:dataprotection::aws:data-identifier/EmailAddress"],'
                '"Operation":{"Audit":{"FindingsDestination":{}}}},'
                '{"Sid":"Redact","DataIdentifier":["arn:aws:dataprotection::aws:data-identifier/EmailAddress"],'
                '"Operation":{"Deidentify":{"MaskConfig":{}}}}]}',
                "policyType": "DATA_PROTECTION_POLICY",
            }
        ),
    ),
    "aws_cloudwatch_log_anomaly_detector": Resource(
        external_name=attribute_as_identifier("arn").sourced("probe", "the importer takes the value of arn"),
    ),
    "aws_cloudwatch_log_data_protection_policy": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by log_group_name but lists it as not tested: the state id is used"
        ),
    ),
    "aws_cloudwatch_log_delivery": Resource(
        external_name=PROBED,
    ),
    "aws_cloudwatch_log_delivery_destination": Resource(
        external_name=attribute_as_identifier("name", argument="name").sourced(
            "probe", "the importer takes the value of name"
        ),
        references={
            "delivery_destination_configuration.destination_resource_arn": Reference("aws_cloudwatch_log_group", "arn")
        },
        # Logs delivered to a log group (a bucket or a Firehose stream are the other destinations).
        example=Example(
            {
                "region": "us-east-1",
                "deliveryDestinationConfiguration": [{"destinationResourceArnRef": {"name": "example-log-group"}}],
            }
        ),
    ),
    "aws_cloudwatch_log_delivery_destination_policy": Resource(
        external_name=attribute_as_identifier("delivery_destination_name").sourced(
            "probe", "the importer takes the value of delivery_destination_name"
        ),
        references={"delivery_destination_name": Reference("aws_cloudwatch_log_delivery_destination", "name")},
        # Lets the account create deliveries to the destination (the action a delivery's creator needs).
        example=Example(
            {
                "region": "us-east-1",
                "deliveryDestinationNameRef": {"name": "example-deliverydestination"},
                "deliveryDestinationPolicy": '{"Version":"2012-10-17","Statement":[{"Sid":"AllowLogDelivery",'
                '"Effect":"Allow","Principal":{"AWS":"arn:aws:iam::123456789012:root"},'
                '"Action":"logs:CreateDelivery","Resource":"*"}]}',
            }
        ),
    ),
    "aws_cloudwatch_log_delivery_source": Resource(
        external_name=attribute_as_identifier("name", argument="name").sourced(
            "probe", "the importer takes the value of name"
        ),
    ),
    "aws_cloudwatch_log_destination": Resource(
        external_name=by_name(),
        references={"role_arn": Reference("aws_iam_role", "arn"), "target_arn": Reference("aws_kinesis_stream", "id")},
        example=Example(
            {"region": "us-east-1", "roleArnRef": {"name": "example-role"}, "targetArnRef": {"name": "example-stream"}}
        ),
    ),
    "aws_cloudwatch_log_destination_policy": Resource(
        external_name=by_name("destination_name"),
        example=Example(
            {
                "region": "us-east-1",
                "accessPolicy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
            }
        ),
    ),
    "aws_cloudwatch_log_index_policy": Resource(
        external_name=attribute_as_identifier("log_group_name").sourced(
            "probe", "the importer takes the value of log_group_name"
        ),
        references={"log_group_name": Reference("aws_cloudwatch_log_group")},
        # An index policy names the JSON fields of the group's events to index.
        example=Example(
            {
                "region": "us-east-1",
                "logGroupNameRef": {"name": "example-log-group"},
                "policyDocument": '{"Fields":["eventName"]}',
            }
        ),
    ),
    "aws_cloudwatch_log_metric_filter": Resource(
        external_name=composite_id("{{ .parameters.log_group_name }}:{{ .external_name }}", argument="name").sourced(
            "probe+docs",
            "expected <log_group_name>:<name>",
            IDExample(
                "partone:parttwo",
                "parttwo",
                {"log_group_name": "partone", "name": "parttwo"},
                {"id": "parttwo", "log_group_name": "partone", "name": "parttwo"},
            ),
            IDExample(
                "/aws/lambda/function:test",
                "test",
                {"log_group_name": "/aws/lambda/function", "name": "test"},
                source="docs",
            ),
        ),
        references={"log_group_name": Reference("aws_cloudwatch_log_group")},
        example=Example(
            {
                "region": "us-east-1",
                "logGroupNameRef": {"name": "example-log-group"},
                "pattern": "",
                "metricTransformation": {"name": "EventCount", "namespace": "YourNamespace", "value": "1"},
            }
        ),
    ),
    "aws_cloudwatch_log_resource_policy": Resource(
        external_name=by_name("policy_name"),
        example=Example(
            {
                "region": "us-east-1",
                "policyDocument": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
            }
        ),
    ),
    "aws_cloudwatch_log_stream": Resource(
        external_name=composite_id("{{ .parameters.log_group_name }}:{{ .external_name }}").sourced(
            "probe+docs",
            "expected log-group-name:log-stream-name",
            IDExample(
                "partone:parttwo",
                "parttwo",
                {"log_group_name": "partone"},
                {"id": "parttwo", "log_group_name": "partone"},
            ),
            IDExample("Yada:SampleLogStream1234", "SampleLogStream1234", {"log_group_name": "Yada"}, source="docs"),
        ),
        references={"log_group_name": Reference("aws_cloudwatch_log_group")},
        example=Example(
            {"region": "us-east-1", "logGroupNameRef": {"name": "example-log-group"}, "name": "SampleLogStream1234"}
        ),
    ),
    "aws_cloudwatch_log_subscription_filter": Resource(
        external_name=composite_from_parameters("|", "log_group_name", "name").sourced(
            "probe+docs",
            "expected <log-group-name>|<filter-name>",
            IDExample(
                "partone|parttwo",
                "partone|parttwo",
                {"log_group_name": "partone", "name": "parttwo"},
                {"log_group_name": "partone", "name": "parttwo"},
            ),
            IDExample(
                "/aws/lambda/example_lambda_name|test_lambdafunction_logfilter",
                "/aws/lambda/example_lambda_name|test_lambdafunction_logfilter",
                {"log_group_name": "/aws/lambda/example_lambda_name", "name": "test_lambdafunction_logfilter"},
                source="docs",
            ),
        ),
        references={
            "destination_arn": Reference("aws_kinesis_stream", "id"),
            "log_group_name": Reference("aws_cloudwatch_log_group"),
            "role_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "destinationArnRef": {"name": "example-stream"},
                "distribution": "Random",
                "filterPattern": "logtype test",
                "logGroupNameRef": {"name": "example-log-group"},
                "name": "test_lambdafunction_logfilter",
                "roleArnRef": {"name": "example-role"},
            }
        ),
    ),
}
