"""emrcontainers: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_emrcontainers_job_template": Resource(
        external_name=PROBED,
    ),
    "aws_emrcontainers_virtual_cluster": Resource(
        external_name=PROBED,
        # The cluster's name as observed: its external name is known before the cluster exists.
        references={"container_provider.id": Reference("aws_eks_cluster", "name")},
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "containerProvider": {
                    "idRef": {"name": "example-cluster"},
                    "type": "EKS",
                    "info": {"eksInfo": {"namespace": "default"}},
                },
            }
        ),
    ),
}
