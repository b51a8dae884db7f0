"""budgets: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_budgets_budget": Resource(
        external_name=PROBED,
    ),
    "aws_budgets_budget_action": Resource(
        external_name=PROBED,
        references={
            "budget_name": Reference("aws_budgets_budget"),
            "definition.iam_action_definition.policy_arn": Reference("aws_iam_policy", "arn"),
            "definition.iam_action_definition.roles": Reference("aws_iam_role"),
            "execution_role_arn": Reference("aws_iam_role", "arn"),
        },
    ),
}
