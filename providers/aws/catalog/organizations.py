"""organizations: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, identifier_from_provider

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_organizations_account": Resource(
        external_name=PROBED,
        references={"parent_id": Reference("aws_organizations_organization", "roots[0].id")},
        # An account in the organization's root.
        example=Example({"region": "us-east-1", "email": "john@doe.org", "name": "my_new_account",
                         "parentIdRef": {"name": "example-organization"}}),
    ),
    "aws_organizations_delegated_administrator": Resource(
        external_name=PROBED,
        references={"account_id": Reference("aws_organizations_account")},
        example=Example(
            {"region": "us-east-1", "accountIdRef": {"name": "example-account"}, "servicePrincipal": "principal"}
        ),
    ),
    "aws_organizations_organization": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the organization by its ID, the state id"
        ),
    ),
    "aws_organizations_organizational_unit": Resource(
        external_name=PROBED,
        # Its parent is the organization's root (the ID of the first of its roots), or another unit.
        references={"parent_id": Reference("aws_organizations_organization", "roots[0].id")},
        example=Example({"region": "us-east-1", "name": "example", "parentIdRef": {"name": "example-organization"}}),
    ),
    "aws_organizations_policy": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the policy by its ID, the state id"
        ),
        example=Example({"region": "us-east-1", "content": "example", "name": "example"}),
    ),
    "aws_organizations_policy_attachment": Resource(
        external_name=PROBED,
        references={"policy_id": Reference("aws_organizations_policy")},
        example=Example({"region": "us-east-1", "policyIdRef": {"name": "example-policy"}, "targetId": "123456789012"}),
    ),
    "aws_organizations_resource_policy": Resource(
        external_name=PROBED,
    ),
}
