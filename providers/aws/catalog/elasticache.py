"""elasticache: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

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
    ),
    "aws_elasticache_global_replication_group": Resource(
        external_name=PROBED,
        references={"primary_replication_group_id": Reference("aws_elasticache_replication_group")},
        timeouts=SLOW,
    ),
    "aws_elasticache_parameter_group": Resource(
        external_name=PROBED,
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
    ),
    "aws_elasticache_subnet_group": Resource(
        external_name=by_name(),
        references={"subnet_ids": Reference("aws_subnet")},
    ),
    "aws_elasticache_user": Resource(
        external_name=by_name("user_id"),
    ),
    "aws_elasticache_user_group": Resource(
        external_name=by_name("user_group_id"),
        references={"user_ids": Reference("aws_elasticache_user")},
    ),
    "aws_elasticache_user_group_association": Resource(
        external_name=PROBED,
    ),
}
