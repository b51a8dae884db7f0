"""elasticache: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, SLOW, by_name

RESOURCES: dict[str, Resource] = {
    "aws_elasticache_cluster": Resource(
        external_name=by_name("cluster_id"),
        references={
            "parameter_group_name": Reference("aws_elasticache_parameter_group"),
            "replication_group_id": Reference("aws_elasticache_replication_group"),
            "security_group_ids": Reference("aws_security_group"),
            "subnet_group_name": Reference("aws_elasticache_subnet_group"),
        },
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "engine": "memcached",
                "nodeType": "cache.m4.large",
                "numCacheNodes": 2,
                "parameterGroupNameRef": {"name": "example-parametergroup"},
                "port": 11211,
            }
        ),
    ),
    "aws_elasticache_global_replication_group": Resource(
        external_name=PROBED,
        references={"primary_replication_group_id": Reference("aws_elasticache_replication_group")},
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "globalReplicationGroupIdSuffix": "example",
                "primaryReplicationGroupIdRef": {"name": "example-replicationgroup"},
            }
        ),
    ),
    "aws_elasticache_parameter_group": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "family": "redis2.8",
                "name": "cache-params",
                "parameter": [
                    {"name": "activerehashing", "value": "yes"},
                    {"name": "min-slaves-to-write", "value": "2"},
                ],
            }
        ),
    ),
    "aws_elasticache_replication_group": Resource(
        external_name=by_name("replication_group_id"),
        references={
            "global_replication_group_id": Reference(
                "aws_elasticache_global_replication_group", "global_replication_group_id"
            ),
            "kms_key_id": Reference("aws_kms_key"),
            "security_group_ids": Reference("aws_security_group"),
            "subnet_group_name": Reference("aws_elasticache_subnet_group"),
        },
        late_init_ignore=(
            "cluster_mode",
            "description",
            "num_cache_clusters",
            "num_node_groups",
        ),
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "automaticFailoverEnabled": True,
                "description": "example description",
                "nodeType": "cache.m4.large",
                "numCacheClusters": 2,
                "parameterGroupName": "default.redis3.2",
                "port": 6379,
                "preferredCacheClusterAzs": ["us-west-2a", "us-west-2b"],
            }
        ),
    ),
    "aws_elasticache_reserved_cache_node": Resource(
        external_name=PROBED,
    ),
    "aws_elasticache_serverless_cache": Resource(
        external_name=by_name(),
        references={
            "kms_key_id": Reference("aws_kms_key"),
            "security_group_ids": Reference("aws_security_group"),
            "subnet_ids": Reference("aws_subnet"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "description": "Test Server",
                "engine": "memcached",
                "kmsKeyIdRef": {"name": "example-key"},
                "majorEngineVersion": "1.6",
                "securityGroupIdRefs": [{"name": "example-sg"}],
                "subnetIdRefs": [{"name": "example-subnet"}],
                "cacheUsageLimits": [
                    {"dataStorage": [{"maximum": 10, "unit": "GB"}], "ecpuPerSecond": [{"maximum": 5000}]}
                ],
            }
        ),
    ),
    "aws_elasticache_subnet_group": Resource(
        external_name=by_name(),
        references={"subnet_ids": Reference("aws_subnet")},
        example=Example({"region": "us-east-1", "subnetIdRefs": [{"name": "example-subnet"}]}),
    ),
    "aws_elasticache_user": Resource(
        external_name=by_name("user_id"),
        example=Example(
            {
                "region": "us-east-1",
                "accessString": "on ~app::* -@all +@read +@hash +@bitmap +@geo -setbit -bitfield -hset -hsetnx -hmset -hincrby -hincrbyfloat -hdel -bitop -geoadd -georadius -georadiusbymember",
                "engine": "redis",
                # A user that signs in without a password (left out, the service wants one).
                "noPasswordRequired": True,
                "userName": "testUserName",
            }
        ),
    ),
    "aws_elasticache_user_group": Resource(
        external_name=by_name("user_group_id"),
        references={"user_ids": Reference("aws_elasticache_user")},
        example=Example({"region": "us-east-1", "engine": "redis", "userIdRefs": [{"name": "example-user"}]}),
    ),
    "aws_elasticache_user_group_association": Resource(
        external_name=PROBED,
    ),
}
