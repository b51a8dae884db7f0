"""sfn: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

_DEFINITION = (
    '{"Comment":"A Pass state","StartAt":"Hello","States":{"Hello":{"Type":"Pass","Result":"Hello","End":true}}}'
)

RESOURCES: dict[str, Resource] = {
    "aws_sfn_activity": Resource(
        external_name=PROBED,
        references={"encryption_configuration.kms_key_id": Reference("aws_kms_key", "arn")},
        example=Example({"region": "us-east-1", "name": "example"}),
    ),
    "aws_sfn_alias": Resource(
        external_name=PROBED,
        references={
            "routing_configuration.state_machine_version_arn": Reference(
                "aws_sfn_state_machine", "state_machine_version_arn"
            )
        },
        # All traffic to the one published version of the example state machine (the weights sum to 100).
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "routingConfiguration": [
                    {"stateMachineVersionArnRef": {"name": "example-statemachine"}, "weight": 100}
                ],
            }
        ),
    ),
    "aws_sfn_state_machine": Resource(
        external_name=PROBED,
        references={
            "encryption_configuration.kms_key_id": Reference("aws_kms_key", "arn"),
            "role_arn": Reference("aws_iam_role", "arn"),
        },
        # A one-state Amazon States Language definition, published so that an alias can route to it.
        example=Example(
            {
                "region": "us-east-1",
                "definition": _DEFINITION,
                "publish": True,
                "roleArnRef": {"name": "example-role"},
            }
        ),
    ),
}
