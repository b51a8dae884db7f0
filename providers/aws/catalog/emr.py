"""emr: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, composite_id

from .strategies import PROBED, SLOW, by_name

RESOURCES: dict[str, Resource] = {
    "aws_emr_block_public_access_configuration": Resource(
        external_name=PROBED,
    ),
    "aws_emr_cluster": Resource(
        external_name=PROBED,
        timeouts=SLOW,
    ),
    "aws_emr_instance_fleet": Resource(
        external_name=composite_id("{{ .parameters.cluster_id }}/{{ .external_name }}").sourced(
            "probe",
            "expected cluster-id/fleet-id",
            IDExample(
                "partone/parttwo", "parttwo", {"cluster_id": "partone"}, {"cluster_id": "partone", "id": "parttwo"}
            ),
        ),
    ),
    "aws_emr_instance_group": Resource(
        external_name=composite_id("{{ .parameters.cluster_id }}/{{ .external_name }}").sourced(
            "probe",
            "expected cluster-id/ig-id",
            IDExample(
                "partone/parttwo", "parttwo", {"cluster_id": "partone"}, {"cluster_id": "partone", "id": "parttwo"}
            ),
        ),
    ),
    "aws_emr_managed_scaling_policy": Resource(
        external_name=PROBED,
        references={"cluster_id": Reference("aws_emr_cluster")},
        # Scales the example cluster between 2 and 10 instances (unit type Instances), at most 2 on demand.
        example=Example(
            {
                "region": "us-east-1",
                "clusterIdRef": {"name": "example-cluster"},
                "computeLimits": [
                    {
                        "maximumCapacityUnits": 10,
                        "maximumCoreCapacityUnits": 10,
                        "maximumOndemandCapacityUnits": 2,
                        "minimumCapacityUnits": 2,
                        "unitType": "Instances",
                    }
                ],
            }
        ),
    ),
    "aws_emr_security_configuration": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "configuration": '{\n  "EncryptionConfiguration": {\n    "AtRestEncryptionConfiguration": {\n      "S3EncryptionConfiguration": {\n        "EncryptionMode": "SSE-S3"\n      },\n      "LocalDiskEncryptionConfiguration": {\n        "EncryptionKeyProviderType": "AwsKms",\n        "AwsKmsKey": "arn:aws:kms:us-west-2:187416307283:alias/tf_emr_test_key"\n      }\n    },\n    "EnableInTransitEncryption": false,\n    "EnableAtRestEncryption": true\n  }\n}\n',
            }
        ),
    ),
    "aws_emr_studio": Resource(
        external_name=PROBED,
    ),
    "aws_emr_studio_session_mapping": Resource(
        external_name=PROBED,
    ),
}
