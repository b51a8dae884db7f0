"""memorydb: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, attribute_as_identifier

from .strategies import SLOW, by_name

RESOURCES: dict[str, Resource] = {
    "aws_memorydb_acl": Resource(
        external_name=by_name(),
    ),
    "aws_memorydb_cluster": Resource(
        external_name=by_name(),
        references={
            "acl_name": Reference("aws_memorydb_acl"),
            "kms_key_arn": Reference("aws_kms_key", "arn"),
            "parameter_group_name": Reference("aws_memorydb_parameter_group"),
            "security_group_ids": Reference("aws_security_group"),
            "subnet_group_name": Reference("aws_memorydb_subnet_group"),
        },
        timeouts=SLOW,
        # The default ACL every account has, open-access (its users are the default user).
        example=Example(
            {
                "region": "us-east-1",
                "aclName": "open-access",
                "engine": "redis",
                "engineVersion": "7.1",
                "nodeType": "db.t4g.small",
                "numShards": 2,
                "securityGroupIdRefs": [{"name": "example-sg"}],
                "snapshotRetentionLimit": 7,
                "subnetGroupNameRef": {"name": "example-subnetgroup"},
            }
        ),
    ),
    "aws_memorydb_multi_region_cluster": Resource(
        external_name=attribute_as_identifier("multi_region_cluster_name").sourced(
            "probe", "the importer takes the value of multi_region_cluster_name"
        ),
        example=Example(
            {"region": "us-east-1", "multiRegionClusterNameSuffix": "example", "nodeType": "db.r7g.xlarge"}
        ),
    ),
    "aws_memorydb_parameter_group": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "family": "memorydb_redis6",
                "parameter": [{"name": "activedefrag", "value": "yes"}],
            }
        ),
    ),
    "aws_memorydb_snapshot": Resource(
        external_name=by_name(),
        references={"cluster_name": Reference("aws_memorydb_cluster"), "kms_key_arn": Reference("aws_kms_key", "arn")},
        example=Example({"region": "us-east-1", "clusterNameRef": {"name": "example-cluster"}}),
    ),
    "aws_memorydb_subnet_group": Resource(
        external_name=by_name(),
        references={"subnet_ids": Reference("aws_subnet")},
        example=Example({"region": "us-east-1", "subnetIdRefs": [{"name": "example-subnet"}]}),
    ),
    "aws_memorydb_user": Resource(
        external_name=by_name("user_name"),
        example=Example(
            {"region": "us-east-1", "accessString": "on ~* &* +@all", "authenticationMode": {"type": "password"}}
        ),
    ),
}
