"""opsworks: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_opsworks_application": Resource(
        external_name=PROBED,
        references={"stack_id": Reference("aws_opsworks_stack")},
        # An application of the example stack, of the type "other" (deployed by custom recipes).
        example=Example(
            {"region": "us-east-1", "name": "example", "stackIdRef": {"name": "example-stack"}, "type": "other"}
        ),
    ),
    "aws_opsworks_custom_layer": Resource(
        external_name=PROBED,
    ),
    "aws_opsworks_ecs_cluster_layer": Resource(
        external_name=PROBED,
    ),
    "aws_opsworks_ganglia_layer": Resource(
        external_name=PROBED,
        sensitive=("password",),
    ),
    "aws_opsworks_haproxy_layer": Resource(
        external_name=PROBED,
        sensitive=("stats_password",),
    ),
    "aws_opsworks_instance": Resource(
        external_name=PROBED,
    ),
    "aws_opsworks_java_app_layer": Resource(
        external_name=PROBED,
    ),
    "aws_opsworks_memcached_layer": Resource(
        external_name=PROBED,
    ),
    "aws_opsworks_mysql_layer": Resource(
        external_name=PROBED,
        sensitive=("root_password",),
    ),
    "aws_opsworks_nodejs_app_layer": Resource(
        external_name=PROBED,
    ),
    "aws_opsworks_php_app_layer": Resource(
        external_name=PROBED,
    ),
    "aws_opsworks_rails_app_layer": Resource(
        external_name=PROBED,
    ),
    "aws_opsworks_stack": Resource(
        external_name=PROBED,
    ),
    "aws_opsworks_static_web_layer": Resource(
        external_name=PROBED,
    ),
}
