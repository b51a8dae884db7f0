"""verifiedpermissions: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, composite_id

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_verifiedpermissions_identity_source": Resource(
        external_name=composite_id("{{ .parameters.policy_store_id }}:{{ .external_name }}").sourced(
            "probe",
            "expected POLICY_STORE_ID:IDENTITY-SOURCE-ID",
            IDExample(
                "partone:parttwo",
                "parttwo",
                {"policy_store_id": "partone"},
                {"id": "parttwo", "policy_store_id": "partone"},
            ),
        ),
    ),
    "aws_verifiedpermissions_policy": Resource(
        external_name=PROBED,
        references={"policy_store_id": Reference("aws_verifiedpermissions_policy_store")},
        # A static Cedar policy in the example policy store: anyone may view a photo.
        example=Example(
            {
                "region": "us-east-1",
                "policyStoreIdRef": {"name": "example-policystore"},
                "definition": [
                    {
                        "static": [
                            {
                                "description": "Anyone may view",
                                "statement": 'permit (principal, action == Action::"view", resource);',
                            }
                        ]
                    }
                ],
            }
        ),
    ),
    "aws_verifiedpermissions_policy_store": Resource(
        external_name=PROBED,
        # Policies are not checked against a schema (the store has none).
        example=Example({"region": "us-east-1", "validationSettings": [{"mode": "OFF"}]}),
    ),
    "aws_verifiedpermissions_policy_template": Resource(
        external_name=PROBED,
    ),
    "aws_verifiedpermissions_schema": Resource(
        external_name=PROBED,
    ),
}
