"""budgets: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_budgets_budget": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "budgetType": "COST",
                "limitAmount": "1200",
                "limitUnit": "USD",
                "tags": {"Tag1": "Value1", "Tag2": "Value2"},
                "timePeriodEnd": "2087-06-15_00:00",
                "timePeriodStart": "2017-07-01_00:00",
                "timeUnit": "MONTHLY",
                "costFilter": [{"name": "Service", "values": ["Amazon Elastic Compute Cloud - Compute"]}],
                "notification": [
                    {
                        "comparisonOperator": "GREATER_THAN",
                        "notificationType": "FORECASTED",
                        "subscriberEmailAddresses": ["test@example.com"],
                        "threshold": 100,
                        "thresholdType": "PERCENTAGE",
                    }
                ],
            }
        ),
    ),
    "aws_budgets_budget_action": Resource(
        external_name=PROBED,
        references={
            "budget_name": Reference("aws_budgets_budget"),
            "definition.iam_action_definition.policy_arn": Reference("aws_iam_policy", "arn"),
            "definition.iam_action_definition.roles": Reference("aws_iam_role"),
            "execution_role_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "actionType": "APPLY_IAM_POLICY",
                "approvalModel": "AUTOMATIC",
                "budgetNameRef": {"name": "example-budget"},
                "executionRoleArnRef": {"name": "example-role"},
                "notificationType": "ACTUAL",
                "tags": {"Tag1": "Value1", "Tag2": "Value2"},
                "actionThreshold": {"actionThresholdType": "ABSOLUTE_VALUE", "actionThresholdValue": 100},
                "definition": {"iamActionDefinition": {"policyArnRef": {"name": "example-policy"}}},
                "subscriber": [{"address": "example@example.example", "subscriptionType": "EMAIL"}],
            }
        ),
    ),
}
