"""inspector2: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource, attribute_as_identifier

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_inspector2_delegated_admin_account": Resource(
        external_name=PROBED,
    ),
    "aws_inspector2_filter": Resource(
        external_name=attribute_as_identifier("arn").sourced("probe", "the importer takes the value of arn"),
        # Findings of one account are suppressed.
        example=Example(
            {
                "region": "us-east-1",
                "action": "SUPPRESS",
                "name": "example",
                "filterCriteria": [{"awsAccountId": [{"comparison": "EQUALS", "value": "111122223333"}]}],
            }
        ),
    ),
    "aws_inspector2_member_association": Resource(
        external_name=PROBED,
    ),
}
