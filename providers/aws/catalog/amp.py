"""amp: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, attribute_as_identifier

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_prometheus_alert_manager_definition": Resource(
        external_name=PROBED,
        references={"workspace_id": Reference("aws_prometheus_workspace")},
        example=Example(
            {
                "region": "us-east-1",
                "definition": "alertmanager_config: |\n  route:\n    receiver: 'default'\n  receivers:\n    - name: 'default'\n",
                "workspaceIdRef": {"name": "example-workspace"},
            }
        ),
    ),
    "aws_prometheus_rule_group_namespace": Resource(
        external_name=PROBED,
        references={"workspace_id": Reference("aws_prometheus_workspace")},
        example=Example(
            {
                "region": "us-east-1",
                "data": "groups:\n  - name: test\n    rules:\n    - record: metric:recording_rule\n      expr: avg(rate(container_cpu_usage_seconds_total[5m]))\n",
                "name": "example",
                "workspaceIdRef": {"name": "example-workspace"},
            }
        ),
    ),
    "aws_prometheus_scraper": Resource(
        external_name=PROBED,
        references={
            "destination.amp.workspace_arn": Reference("aws_prometheus_workspace", "arn"),
            "role_configuration.source_role_arn": Reference("aws_iam_role", "arn"),
            "source.eks.cluster_arn": Reference("aws_eks_cluster", "arn"),
            "source.eks.security_group_ids": Reference("aws_security_group"),
            "source.eks.subnet_ids": Reference("aws_subnet"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "scrapeConfiguration": "global:\n  scrape_interval: 30s\nscrape_configs:\n  # pod metrics\n  - job_name: pod_exporter\n    kubernetes_sd_configs:\n      - role: pod\n  # container metrics\n  - job_name: cadvisor\n    scheme: https\n    authorization:\n      credentials_file: /var/run/secrets/kubernetes.io/serviceaccount/token\n    kubernetes_sd_configs:\n      - role: node\n    relabel_configs:\n      - action: labelmap\n        regex: __meta_kubernetes_node_label_(.+)\n      - replacement: kubernetes.default.svc:443\n        target_label: __address__\n      - source_labels: [__meta_kubernetes_node_name]\n        regex: (.+)\n        target_label: __metrics_path__\n        replacement: /api/v1/nodes/$1/proxy/metrics/cadvisor\n  # apiserver metrics\n  - bearer_token_file: /var/run/secrets/kubernetes.io/serviceaccount/token\n    job_name: kubernetes-apiservers\n    kubernetes_sd_configs:\n    - role: endpoints\n    relabel_configs:\n    - action: keep\n      regex: default;kubernetes;https\n      source_labels:\n      - __meta_kubernetes_namespace\n      - __meta_kubernetes_service_name\n      - __meta_kubernetes_endpoint_port_name\n    scheme: https\n  # kube proxy metrics\n  - job_name: kube-proxy\n    honor_labels: true\n    kubernetes_sd_configs:\n    - role: pod\n    relabel_configs:\n    - action: keep\n      source_labels:\n      - __meta_kubernetes_namespace\n      - __meta_kubernetes_pod_name\n      separator: '/'\n      regex: 'kube-system/kube-proxy.+'\n    - source_labels:\n      - __address__\n      action: replace\n      target_label: __address__\n      regex: (.+?)(\\\\:\\\\d+)?\n      replacement: $1:10249\n",
                "destination": [{"amp": [{"workspaceArnRef": {"name": "example-workspace"}}]}],
                "source": [
                    {
                        "eks": [
                            {"clusterArnRef": {"name": "example-cluster"}, "subnetIdRefs": [{"name": "example-subnet"}]}
                        ]
                    }
                ],
            }
        ),
    ),
    "aws_prometheus_workspace": Resource(
        external_name=PROBED,
        references={"kms_key_arn": Reference("aws_kms_key", "arn")},
    ),
    "aws_prometheus_workspace_configuration": Resource(
        external_name=attribute_as_identifier("workspace_id").sourced(
            "probe", "the importer takes the value of workspace_id"
        ),
    ),
}
