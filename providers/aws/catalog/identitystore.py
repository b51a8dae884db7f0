"""identitystore: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_identitystore_group": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "description": "Example description",
                "displayName": "Example group",
                "identityStoreId": "example",
            }
        ),
    ),
    "aws_identitystore_group_membership": Resource(
        external_name=PROBED,
        references={
            "group_id": Reference("aws_identitystore_group", "group_id"),
            "member_id": Reference("aws_identitystore_user", "user_id"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "groupIdRef": {"name": "example-group"},
                "identityStoreId": "example",
                "memberIdRef": {"name": "example-user"},
            }
        ),
    ),
    "aws_identitystore_user": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "displayName": "John Doe",
                "identityStoreId": "example",
                "userName": "johndoe",
                "emails": {"value": "john@example.com"},
                "name": {"familyName": "Doe", "givenName": "John"},
            }
        ),
    ),
}
