"""eks: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, composite_id

from .strategies import PROBED, SLOW, by_name

RESOURCES: dict[str, Resource] = {
    "aws_eks_access_entry": Resource(
        external_name=PROBED,
        references={
            "cluster_name": Reference("aws_eks_cluster", "id"),
            "principal_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "clusterNameRef": {"name": "example-cluster"},
                "kubernetesGroups": ["group-1", "group-2"],
                "principalArnRef": {"name": "example-role"},
                "type": "STANDARD",
            }
        ),
    ),
    "aws_eks_access_policy_association": Resource(
        external_name=PROBED,
        references={
            "cluster_name": Reference("aws_eks_cluster", "id"),
            "principal_arn": Reference("aws_eks_access_entry", "principal_arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "clusterNameRef": {"name": "example-cluster"},
                # An access policy of EKS itself (not an IAM policy), for the whole cluster or namespaces.
                "policyArn": "arn:aws:eks::aws:cluster-access-policy/AmazonEKSViewPolicy",
                "principalArnRef": {"name": "example-accessentry"},
                "accessScope": {"type": "cluster"},
            }
        ),
    ),
    "aws_eks_addon": Resource(
        external_name=PROBED,
        # The cluster's name as observed (as everywhere here): its external name is known before the
        # cluster exists, and an add-on, profile or node group of a cluster not made yet is refused.
        references={
            "cluster_name": Reference("aws_eks_cluster", "name"),
            "service_account_role_arn": Reference("aws_iam_role", "arn"),
        },
        timeouts=SLOW,
        example=Example({"region": "us-east-1", "addonName": "vpc-cni", "clusterNameRef": {"name": "example-cluster"}}),
    ),
    "aws_eks_cluster": Resource(
        external_name=by_name(),
        references={
            "role_arn": Reference("aws_iam_role", "arn"),
            "vpc_config.security_group_ids": Reference("aws_security_group"),
            "vpc_config.subnet_ids": Reference("aws_subnet"),
        },
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "roleArnRef": {"name": "example-role"},
                "version": "1.35",
                "vpcConfig": {"subnetIdRefs": [{"name": "example-subnet"}]},
            },
            # At create only: no import reads bootstrap_self_managed_addons back, and it forces a new
            # cluster, so compared after a lost workspace it would plan the cluster's replacement
            # (hashicorp/terraform-provider-aws issue 39058; ignoring its changes is the workaround).
            init_provider={"bootstrapSelfManagedAddons": True},
        ),
    ),
    "aws_eks_fargate_profile": Resource(
        external_name=PROBED,
        references={
            "cluster_name": Reference("aws_eks_cluster", "name"),
            "pod_execution_role_arn": Reference("aws_iam_role", "arn"),
            "subnet_ids": Reference("aws_subnet"),
        },
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "clusterNameRef": {"name": "example-cluster"},
                "fargateProfileName": "example",
                "podExecutionRoleArnRef": {"name": "example-role"},
                "subnetIdRefs": [{"name": "example-subnet"}],
                "selector": [{"namespace": "example"}],
            }
        ),
    ),
    "aws_eks_identity_provider_config": Resource(
        external_name=PROBED,
        references={"cluster_name": Reference("aws_eks_cluster", "name")},
        example=Example(
            {
                "region": "us-east-1",
                "clusterNameRef": {"name": "example-cluster"},
                # The issuer must be an https URL with a host (the provider's validation).
                "oidc": {
                    "clientId": "example-client",
                    "identityProviderConfigName": "example",
                    "issuerUrl": "https://login.example.com",
                },
            }
        ),
    ),
    "aws_eks_node_group": Resource(
        external_name=PROBED,
        references={
            "cluster_name": Reference("aws_eks_cluster", "name"),
            "node_role_arn": Reference("aws_iam_role", "arn"),
            "remote_access.source_security_group_ids": Reference("aws_security_group"),
            "subnet_ids": Reference("aws_subnet"),
            "version": Reference("aws_eks_cluster", "version"),
        },
        # node_group_name_prefix: the prefix the provider made the name from, which conflicts with it.
        late_init_ignore=(
            "node_group_name_prefix",
            "release_version",
            "scaling_config",
            "version",
        ),
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "clusterNameRef": {"name": "example-cluster"},
                "nodeRoleArnRef": {"name": "example-role"},
                "subnetIdRefs": [{"name": "example-subnet"}],
                "scalingConfig": {"desiredSize": 1, "maxSize": 2, "minSize": 1},
                "updateConfig": {"maxUnavailable": 1},
            }
        ),
    ),
    "aws_eks_pod_identity_association": Resource(
        external_name=composite_id("{{ .parameters.cluster_name }},{{ .external_name }}").sourced(
            "probe",
            "expected 2 parts separated by ','",
            IDExample(
                "partone,parttwo",
                "parttwo",
                {"association_id": "parttwo", "cluster_name": "partone"},
                {"association_id": "parttwo", "cluster_name": "partone", "id": "parttwo"},
            ),
        ),
        references={"cluster_name": Reference("aws_eks_cluster", "name"), "role_arn": Reference("aws_iam_role", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "clusterNameRef": {"name": "example-cluster"},
                "namespace": "example",
                "roleArnRef": {"name": "example-role"},
                "serviceAccount": "example-sa",
            }
        ),
    ),
}
