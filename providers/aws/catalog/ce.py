"""ce: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource, identifier_from_provider

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_ce_anomaly_monitor": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "monitorDimension": "SERVICE",
                "monitorType": "DIMENSIONAL",
                "name": "AWSServiceMonitor",
            }
        ),
    ),
    "aws_ce_anomaly_subscription": Resource(
        external_name=PROBED,
    ),
    "aws_ce_cost_allocation_tag": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by tag_key but lists it as not tested: the state id is used"
        ),
        # Status: Active or Inactive (the provider's validation).
        example=Example({"region": "us-east-1", "status": "Active", "tagKey": "example"}),
    ),
    "aws_ce_cost_category": Resource(
        external_name=PROBED,
        # Rules name the category's values by dimension: here by linked account.
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "ruleVersion": "CostCategoryExpression.v1",
                "rule": [
                    {
                        "value": "production",
                        "rule": {"dimension": {"key": "LINKED_ACCOUNT_NAME", "matchOptions": ["ENDS_WITH"], "values": ["-prod"]}},
                    }
                ],
            }
        ),
    ),
}
