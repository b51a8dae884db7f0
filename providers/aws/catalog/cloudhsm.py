"""cloudhsm: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, SLOW

RESOURCES: dict[str, Resource] = {
    "aws_cloudhsm_v2_cluster": Resource(
        external_name=PROBED,
        references={"subnet_ids": Reference("aws_subnet")},
        timeouts=SLOW,
        # hsm_type: hsm1.medium or hsm2m.medium (the provider's validation).
        example=Example(
            {"region": "us-east-1", "hsmType": "hsm1.medium", "subnetIdRefs": [{"name": "example-subnet"}]}
        ),
    ),
    "aws_cloudhsm_v2_hsm": Resource(
        external_name=PROBED,
        timeouts=SLOW,
    ),
}
