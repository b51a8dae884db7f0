"""servicecatalog: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, identifier_from_provider

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_servicecatalog_budget_resource_association": Resource(
        external_name=PROBED,
        references={
            "budget_name": Reference("aws_budgets_budget"),
            "resource_id": Reference("aws_servicecatalog_product"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "budgetNameRef": {"name": "example-budget"},
                "resourceIdRef": {"name": "example-product"},
            }
        ),
    ),
    "aws_servicecatalog_constraint": Resource(
        external_name=PROBED,
        references={
            "portfolio_id": Reference("aws_servicecatalog_portfolio"),
            "product_id": Reference("aws_servicecatalog_product"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "description": "Back off, man. I'm a scientist.",
                "parameters": "example",
                "portfolioIdRef": {"name": "example-portfolio"},
                "productIdRef": {"name": "example-product"},
                "type": "LAUNCH",
            }
        ),
    ),
    "aws_servicecatalog_portfolio": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "description": "List of my organizations apps",
                "name": "My App Portfolio",
                "providerName": "Brett",
            }
        ),
    ),
    "aws_servicecatalog_portfolio_share": Resource(
        external_name=PROBED,
        references={"portfolio_id": Reference("aws_servicecatalog_portfolio")},
        example=Example(
            {
                "region": "us-east-1",
                "portfolioIdRef": {"name": "example-portfolio"},
                "principalId": "012128675309",
                "type": "ACCOUNT",
            }
        ),
    ),
    "aws_servicecatalog_principal_portfolio_association": Resource(
        external_name=PROBED,
        references={
            "portfolio_id": Reference("aws_servicecatalog_portfolio"),
            "principal_arn": Reference("aws_iam_user", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "portfolioIdRef": {"name": "example-portfolio"},
                "principalArnRef": {"name": "example-user"},
            }
        ),
    ),
    "aws_servicecatalog_product": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the product by its ID, the state id"
        ),
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "owner": "example-owner",
                "tags": {"foo": "bar"},
                "type": "CLOUD_FORMATION_TEMPLATE",
                "provisioningArtifactParameters": {
                    "templateUrl": "https://s3.amazonaws.com/cf-templates-ozkq9d3hgiq2-us-east-1/temp1.json"
                },
            }
        ),
    ),
    "aws_servicecatalog_product_portfolio_association": Resource(
        external_name=PROBED,
        references={
            "portfolio_id": Reference("aws_servicecatalog_portfolio"),
            "product_id": Reference("aws_servicecatalog_product"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "portfolioIdRef": {"name": "example-portfolio"},
                "productIdRef": {"name": "example-product"},
            }
        ),
    ),
    "aws_servicecatalog_provisioned_product": Resource(
        external_name=PROBED,
    ),
    "aws_servicecatalog_provisioning_artifact": Resource(
        external_name=PROBED,
        references={"product_id": Reference("aws_servicecatalog_product")},
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "productIdRef": {"name": "example-product"},
                "type": "CLOUD_FORMATION_TEMPLATE",
            }
        ),
    ),
    "aws_servicecatalog_service_action": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "description": "Motor generator unit",
                "name": "MGU",
                "definition": {"name": "AWS-RestartEC2Instance", "version": "example"},
            }
        ),
    ),
    "aws_servicecatalog_tag_option": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "key": "nyckel", "value": "v\u00e4rde"}),
    ),
    "aws_servicecatalog_tag_option_resource_association": Resource(
        external_name=PROBED,
        references={
            "resource_id": Reference("aws_servicecatalog_product"),
            "tag_option_id": Reference("aws_servicecatalog_tag_option"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "resourceIdRef": {"name": "example-product"},
                "tagOptionIdRef": {"name": "example-tagoption"},
            }
        ),
    ),
}
