"""connect: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_connect_bot_association": Resource(
        external_name=PROBED,
        references={"instance_id": Reference("aws_connect_instance"), "lex_bot.name": Reference("aws_lex_bot")},
        example=Example(
            {
                "region": "us-east-1",
                "instanceIdRef": {"name": "example-instance"},
                "lexBot": {"lexRegion": "us-west-2", "nameRef": {"name": "example-bot"}},
            }
        ),
    ),
    "aws_connect_contact_flow": Resource(
        external_name=PROBED,
        references={"instance_id": Reference("aws_connect_instance")},
        example=Example(
            {
                "region": "us-east-1",
                "description": "Test Contact Flow Description",
                "instanceIdRef": {"name": "example-instance"},
                "name": "Test",
                "tags": {"Application": "Terraform", "Method": "Create", "Name": "Test Contact Flow"},
                "type": "CONTACT_FLOW",
            }
        ),
    ),
    "aws_connect_contact_flow_module": Resource(
        external_name=PROBED,
        references={"instance_id": Reference("aws_connect_instance")},
        example=Example(
            {
                "region": "us-east-1",
                "description": "Example Contact Flow Module Description",
                "instanceIdRef": {"name": "example-instance"},
                "name": "Example",
                "tags": {"Application": "Terraform", "Method": "Create", "Name": "Example Contact Flow Module"},
            }
        ),
    ),
    "aws_connect_hours_of_operation": Resource(
        external_name=PROBED,
        references={"instance_id": Reference("aws_connect_instance")},
        example=Example(
            {
                "region": "us-east-1",
                "description": "Monday office hours",
                "instanceIdRef": {"name": "example-instance"},
                "name": "Office Hours",
                "tags": {"Name": "Example Hours of Operation"},
                "timeZone": "EST",
                "config": [
                    {"day": "MONDAY", "endTime": {"hours": 23, "minutes": 8}, "startTime": {"hours": 8, "minutes": 0}},
                    {"day": "TUESDAY", "endTime": {"hours": 21, "minutes": 0}, "startTime": {"hours": 9, "minutes": 0}},
                ],
            }
        ),
    ),
    "aws_connect_instance": Resource(
        external_name=PROBED,
        references={"directory_id": Reference("aws_directory_service_directory")},
        example=Example(
            {
                "region": "us-east-1",
                "identityManagementType": "CONNECT_MANAGED",
                "inboundCallsEnabled": True,
                "instanceAlias": "friendly-name-connect",
                "outboundCallsEnabled": True,
                "tags": {"hello": "world"},
            }
        ),
    ),
    "aws_connect_instance_storage_config": Resource(
        external_name=PROBED,
        references={
            "instance_id": Reference("aws_connect_instance"),
            "storage_config.kinesis_firehose_config.firehose_arn": Reference(
                "aws_kinesis_firehose_delivery_stream", "arn"
            ),
            "storage_config.kinesis_stream_config.stream_arn": Reference("aws_kinesis_stream", "arn"),
            "storage_config.kinesis_video_stream_config.encryption_config.key_id": Reference("aws_kms_key", "arn"),
            # The bucket name as observed: the external name is known before the bucket exists.
            "storage_config.s3_config.bucket_name": Reference("aws_s3_bucket", "bucket"),
            "storage_config.s3_config.encryption_config.key_id": Reference("aws_kms_key", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "instanceIdRef": {"name": "example-instance"},
                "resourceType": "CONTACT_TRACE_RECORDS",
                "storageConfig": {
                    "storageType": "KINESIS_FIREHOSE",
                    "kinesisFirehoseConfig": {"firehoseArnRef": {"name": "example-deliverystream"}},
                },
            }
        ),
    ),
    "aws_connect_lambda_function_association": Resource(
        external_name=PROBED,
        references={
            "function_arn": Reference("aws_lambda_function", "arn"),
            "instance_id": Reference("aws_connect_instance"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "functionArnRef": {"name": "example-function"},
                "instanceIdRef": {"name": "example-instance"},
            }
        ),
    ),
    "aws_connect_phone_number": Resource(
        external_name=PROBED,
        references={"target_arn": Reference("aws_connect_instance", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "countryCode": "US",
                "tags": {"hello": "world"},
                "targetArnRef": {"name": "example-instance"},
                "type": "DID",
            }
        ),
    ),
    "aws_connect_queue": Resource(
        external_name=PROBED,
        references={
            "hours_of_operation_id": Reference("aws_connect_hours_of_operation", "hours_of_operation_id"),
            "instance_id": Reference("aws_connect_instance"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "description": "Example Description",
                "hoursOfOperationIdRef": {"name": "example-hoursofoperation"},
                "instanceIdRef": {"name": "example-instance"},
                "name": "Example Name",
                "tags": {"Name": "Example Queue"},
            }
        ),
    ),
    "aws_connect_quick_connect": Resource(
        external_name=PROBED,
        references={"instance_id": Reference("aws_connect_instance")},
        example=Example(
            {
                "region": "us-east-1",
                "description": "quick connect phone number",
                "instanceIdRef": {"name": "example-instance"},
                "name": "Example Name",
                "tags": {"Name": "Example Quick Connect"},
                "quickConnectConfig": {
                    "quickConnectType": "PHONE_NUMBER",
                    "phoneConfig": [{"phoneNumber": "+12345678912"}],
                },
            }
        ),
    ),
    "aws_connect_routing_profile": Resource(
        external_name=PROBED,
        references={
            "default_outbound_queue_id": Reference("aws_connect_queue", "queue_id"),
            "instance_id": Reference("aws_connect_instance"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "defaultOutboundQueueIdRef": {"name": "example-queue"},
                "description": "example description",
                "instanceIdRef": {"name": "example-instance"},
                "name": "example",
                "tags": {"Name": "Example Routing Profile"},
                "mediaConcurrencies": [{"channel": "VOICE", "concurrency": 1}, {"channel": "CHAT", "concurrency": 3}],
                "queueConfigs": [
                    {"channel": "VOICE", "delay": 2, "priority": 1, "queueId": "12345678-1234-1234-1234-123456789012"}
                ],
            }
        ),
    ),
    "aws_connect_security_profile": Resource(
        external_name=PROBED,
        references={"instance_id": Reference("aws_connect_instance")},
        example=Example(
            {
                "region": "us-east-1",
                "description": "example description",
                "instanceIdRef": {"name": "example-instance"},
                "name": "example",
                "permissions": ["BasicAgentAccess", "OutboundCallAccess"],
                "tags": {"Name": "Example Security Profile"},
            }
        ),
    ),
    "aws_connect_user": Resource(
        external_name=PROBED,
        references={
            "instance_id": Reference("aws_connect_instance"),
            "routing_profile_id": Reference("aws_connect_routing_profile", "routing_profile_id"),
            "security_profile_ids": Reference("aws_connect_security_profile", "security_profile_id"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "instanceIdRef": {"name": "example-instance"},
                "name": "example",
                "routingProfileIdRef": {"name": "example-routingprofile"},
                "securityProfileIdRefs": [{"name": "example-securityprofile"}],
                "identityInfo": {"firstName": "example", "lastName": "example2"},
                "phoneConfig": {"afterContactWorkTimeLimit": 0, "phoneType": "SOFT_PHONE"},
            }
        ),
    ),
    "aws_connect_user_hierarchy_group": Resource(
        external_name=PROBED,
    ),
    "aws_connect_user_hierarchy_structure": Resource(
        external_name=PROBED,
        references={"instance_id": Reference("aws_connect_instance")},
        example=Example(
            {
                "region": "us-east-1",
                "instanceIdRef": {"name": "example-instance"},
                "hierarchyStructure": {"levelOne": {"name": "levelone"}},
            }
        ),
    ),
    "aws_connect_vocabulary": Resource(
        external_name=PROBED,
        references={"instance_id": Reference("aws_connect_instance")},
        example=Example(
            {
                "region": "us-east-1",
                "content": "Phrase\tIPA\tSoundsLike\tDisplayAs\nLos-Angeles\t\t\tLos Angeles\nF.B.I.\t\u025b f b i a\u026a\t\tFBI\nEtienne\t\teh-tee-en\t",
                "instanceIdRef": {"name": "example-instance"},
                "languageCode": "en-US",
                "name": "example",
                "tags": {"Key1": "Value1"},
            }
        ),
    ),
}
