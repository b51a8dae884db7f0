"""appstream: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, SLOW, by_name

RESOURCES: dict[str, Resource] = {
    "aws_appstream_directory_config": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "directoryName": "NAME OF DIRECTORY",
                "organizationalUnitDistinguishedNames": ["DISTINGUISHED NAME"],
                "serviceAccountCredentials": {
                    "accountName": "NAME OF ACCOUNT",
                    "accountPasswordSecretRef": {
                        "key": "example-key",
                        "name": "example-secret",
                        "namespace": "crossplane-system",
                    },
                },
            }
        ),
    ),
    "aws_appstream_fleet": Resource(
        external_name=PROBED,
        references={"iam_role_arn": Reference("aws_iam_role", "arn"), "vpc_config.subnet_ids": Reference("aws_subnet")},
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "description": "test fleet",
                "displayName": "test-fleet",
                "enableDefaultInternetAccess": False,
                "fleetType": "ON_DEMAND",
                "idleDisconnectTimeoutInSeconds": 60,
                "imageName": "Amazon-AppStream2-Sample-Image-03-11-2023",
                "instanceType": "stream.standard.large",
                "maxUserDurationInSeconds": 600,
                "name": "test-fleet",
                "tags": {"TagName": "tag-value"},
                "computeCapacity": {"desiredInstances": 1},
                "vpcConfig": {"subnetIdRefs": [{"name": "example-subnet"}]},
            }
        ),
    ),
    "aws_appstream_fleet_stack_association": Resource(
        external_name=PROBED,
        references={
            "fleet_name": Reference("aws_appstream_fleet", "name"),
            "stack_name": Reference("aws_appstream_stack", "name"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "fleetNameRef": {"name": "example-fleet"},
                "stackNameRef": {"name": "example-stack"},
            }
        ),
    ),
    "aws_appstream_image_builder": Resource(
        external_name=by_name(),
        references={"iam_role_arn": Reference("aws_iam_role", "arn"), "vpc_config.subnet_ids": Reference("aws_subnet")},
        example=Example(
            {
                "region": "us-east-1",
                "description": "Description of a ImageBuilder",
                "displayName": "Display name of a ImageBuilder",
                "enableDefaultInternetAccess": False,
                "instanceType": "stream.standard.large",
                "tags": {"Name": "Example Image Builder"},
                "vpcConfig": {"subnetIdRefs": [{"name": "example-subnet"}]},
            }
        ),
    ),
    "aws_appstream_stack": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "description": "stack description",
                "displayName": "stack display name",
                "feedbackUrl": "http://your-domain/feedback",
                "name": "stack name",
                "redirectUrl": "http://your-domain/redirect",
                "tags": {"TagName": "TagValue"},
                "applicationSettings": {"enabled": True, "settingsGroup": "SettingsGroup"},
                "storageConnectors": [{"connectorType": "HOMEFOLDERS"}],
                "userSettings": [
                    {"action": "AUTO_TIME_ZONE_REDIRECTION", "permission": "DISABLED"},
                    {"action": "CLIPBOARD_COPY_FROM_LOCAL_DEVICE", "permission": "ENABLED"},
                    {"action": "CLIPBOARD_COPY_TO_LOCAL_DEVICE", "permission": "ENABLED"},
                    {"action": "DOMAIN_PASSWORD_SIGNIN", "permission": "ENABLED"},
                    {"action": "DOMAIN_SMART_CARD_SIGNIN", "permission": "DISABLED"},
                    {"action": "FILE_DOWNLOAD", "permission": "ENABLED"},
                    {"action": "FILE_UPLOAD", "permission": "ENABLED"},
                    {"action": "PRINTING_TO_LOCAL_DEVICE", "permission": "ENABLED"},
                ],
            }
        ),
    ),
    "aws_appstream_user": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "authenticationType": "USERPOOL",
                "firstName": "FIRST NAME",
                "lastName": "LAST NAME",
                "userName": "example",
            }
        ),
    ),
    "aws_appstream_user_stack_association": Resource(
        external_name=PROBED,
        references={
            "authentication_type": Reference("aws_appstream_user", "authentication_type"),
            "stack_name": Reference("aws_appstream_stack", "name"),
            "user_name": Reference("aws_appstream_user"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "authenticationTypeRef": {"name": "example-user"},
                "stackNameRef": {"name": "example-stack"},
                "userNameRef": {"name": "example-user"},
            }
        ),
    ),
}
