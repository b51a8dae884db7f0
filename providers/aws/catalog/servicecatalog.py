"""servicecatalog: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource, identifier_from_provider

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_servicecatalog_budget_resource_association": Resource(
        external_name=PROBED,
        references={
            "budget_name": Reference("aws_budgets_budget"),
            "resource_id": Reference("aws_servicecatalog_product"),
        },
    ),
    "aws_servicecatalog_constraint": Resource(
        external_name=PROBED,
        references={
            "portfolio_id": Reference("aws_servicecatalog_portfolio"),
            "product_id": Reference("aws_servicecatalog_product"),
        },
    ),
    "aws_servicecatalog_portfolio": Resource(
        external_name=PROBED,
    ),
    "aws_servicecatalog_portfolio_share": Resource(
        external_name=PROBED,
        references={"portfolio_id": Reference("aws_servicecatalog_portfolio")},
    ),
    "aws_servicecatalog_principal_portfolio_association": Resource(
        external_name=PROBED,
        references={
            "portfolio_id": Reference("aws_servicecatalog_portfolio"),
            "principal_arn": Reference("aws_iam_user", "arn"),
        },
    ),
    "aws_servicecatalog_product": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the product by its ID, the state id"
        ),
    ),
    "aws_servicecatalog_product_portfolio_association": Resource(
        external_name=PROBED,
        references={
            "portfolio_id": Reference("aws_servicecatalog_portfolio"),
            "product_id": Reference("aws_servicecatalog_product"),
        },
    ),
    "aws_servicecatalog_provisioned_product": Resource(
        external_name=PROBED,
    ),
    "aws_servicecatalog_provisioning_artifact": Resource(
        external_name=PROBED,
        references={"product_id": Reference("aws_servicecatalog_product")},
    ),
    "aws_servicecatalog_service_action": Resource(
        external_name=PROBED,
    ),
    "aws_servicecatalog_tag_option": Resource(
        external_name=PROBED,
    ),
    "aws_servicecatalog_tag_option_resource_association": Resource(
        external_name=PROBED,
        references={
            "resource_id": Reference("aws_servicecatalog_product"),
            "tag_option_id": Reference("aws_servicecatalog_tag_option"),
        },
    ),
}
