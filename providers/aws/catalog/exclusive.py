"""Arguments that another resource kind manages exclusively once it is used.

Terraform's documentation warns of each pair ("NOTE on ... cannot be used in conjunction with ...")
and provider-upjet-aws moves several of these arguments out of the spec (``config.MoveToStatus``).
Copying the cloud's value of such an argument into the spec would make this kind undo what the other
kind manages, so none of them is ever late-initialised. ``source``: ``upjet`` where provider-upjet-aws
moves the argument, ``docs`` where the Terraform documentation's note says so, ``same-attribute`` where
the other kind writes the very same attribute of the cloud object (a queue's or key's policy).
"""

from tfconfig import ManagedElsewhere as M

_SG_RULES = ("aws_vpc_security_group_ingress_rule", "aws_vpc_security_group_egress_rule", "aws_security_group_rule")
_S3 = "aws_s3_bucket_"

MANAGED_ELSEWHERE: dict[str, tuple[M, ...]] = {
    "aws_security_group": (M("ingress", _SG_RULES, "upjet+docs"), M("egress", _SG_RULES, "upjet+docs")),
    "aws_default_security_group": (M("ingress", _SG_RULES, "docs"), M("egress", _SG_RULES, "docs")),
    "aws_network_acl": (
        M("ingress", ("aws_network_acl_rule",), "upjet+docs"),
        M("egress", ("aws_network_acl_rule",), "upjet+docs"),
        M("subnet_ids", ("aws_network_acl_association",), "docs"),
    ),
    "aws_default_network_acl": (
        M("ingress", ("aws_network_acl_rule",), "docs"),
        M("egress", ("aws_network_acl_rule",), "docs"),
    ),
    "aws_route_table": (
        M("route", ("aws_route",), "upjet+docs"),
        M("propagating_vgws", ("aws_vpn_gateway_route_propagation",), "upjet+docs"),
    ),
    "aws_iam_role": (
        M("inline_policy", ("aws_iam_role_policy", "aws_iam_role_policies_exclusive"), "docs"),
        M(
            "managed_policy_arns",
            ("aws_iam_role_policy_attachment", "aws_iam_role_policy_attachments_exclusive"),
            "docs",
        ),
    ),
    "aws_s3_bucket": (
        M("acceleration_status", (_S3 + "accelerate_configuration",), "upjet+docs"),
        M("acl", (_S3 + "acl",), "upjet+docs"),
        M("grant", (_S3 + "acl",), "upjet+docs"),
        M("cors_rule", (_S3 + "cors_configuration",), "upjet+docs"),
        M("lifecycle_rule", (_S3 + "lifecycle_configuration",), "upjet+docs"),
        M("logging", (_S3 + "logging",), "upjet+docs"),
        M("object_lock_configuration", (_S3 + "object_lock_configuration",), "upjet+docs"),
        M("policy", (_S3 + "policy",), "upjet+docs"),
        M("replication_configuration", (_S3 + "replication_configuration",), "upjet+docs"),
        M("request_payer", (_S3 + "request_payment_configuration",), "upjet+docs"),
        M("server_side_encryption_configuration", (_S3 + "server_side_encryption_configuration",), "upjet+docs"),
        M("versioning", (_S3 + "versioning",), "upjet+docs"),
        M("website", (_S3 + "website_configuration",), "upjet+docs"),
    ),
    "aws_secretsmanager_secret": (M("policy", ("aws_secretsmanager_secret_policy",), "upjet"),),
    "aws_autoscaling_group": (
        M("load_balancers", ("aws_autoscaling_attachment",), "upjet+docs"),
        M(
            "target_group_arns",
            ("aws_autoscaling_attachment", "aws_autoscaling_traffic_source_attachment"),
            "upjet+docs",
        ),
        M("traffic_source", ("aws_autoscaling_traffic_source_attachment",), "docs"),
    ),
    "aws_network_interface": (
        M("attachment", ("aws_network_interface_attachment",), "upjet"),
        M("security_groups", ("aws_network_interface_sg_attachment",), "same-attribute"),
    ),
    "aws_vpc_endpoint": (
        M("subnet_ids", ("aws_vpc_endpoint_subnet_association",), "upjet+docs"),
        M("security_group_ids", ("aws_vpc_endpoint_security_group_association",), "upjet+docs"),
        M("route_table_ids", ("aws_vpc_endpoint_route_table_association",), "upjet+docs"),
        M("policy", ("aws_vpc_endpoint_policy",), "same-attribute"),
    ),
    "aws_vpc_endpoint_service": (
        M("allowed_principals", ("aws_vpc_endpoint_service_allowed_principal",), "upjet+docs"),
    ),
    "aws_vpc_peering_connection": (
        M("accepter", ("aws_vpc_peering_connection_options",), "upjet+docs"),
        M("requester", ("aws_vpc_peering_connection_options",), "upjet+docs"),
    ),
    "aws_opensearch_domain": (M("access_policies", ("aws_opensearch_domain_policy",), "upjet+docs"),),
    "aws_elasticsearch_domain": (M("access_policies", ("aws_elasticsearch_domain_policy",), "same-attribute"),),
    "aws_api_gateway_rest_api": (M("policy", ("aws_api_gateway_rest_api_policy",), "upjet+docs"),),
    "aws_rds_cluster": (M("iam_roles", ("aws_rds_cluster_role_association",), "upjet+docs"),),
    "aws_docdb_cluster": (M("cluster_members", ("aws_docdb_cluster_instance",), "upjet"),),
    "aws_elb": (M("instances", ("aws_elb_attachment",), "docs"),),
    "aws_route53_zone": (M("vpc", ("aws_route53_zone_association",), "docs"),),
    "aws_sqs_queue": (
        M("policy", ("aws_sqs_queue_policy",), "same-attribute"),
        M("redrive_policy", ("aws_sqs_queue_redrive_policy",), "same-attribute"),
        M("redrive_allow_policy", ("aws_sqs_queue_redrive_allow_policy",), "same-attribute"),
    ),
    "aws_sns_topic": (M("policy", ("aws_sns_topic_policy",), "same-attribute"),),
    "aws_kms_key": (M("policy", ("aws_kms_key_policy",), "same-attribute"),),
}
