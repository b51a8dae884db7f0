"""servicecatalogappregistry: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import IDExample, Resource, composite_from_parameters

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_servicecatalogappregistry_application": Resource(
        external_name=PROBED,
    ),
    "aws_servicecatalogappregistry_attribute_group": Resource(
        external_name=PROBED,
    ),
    "aws_servicecatalogappregistry_attribute_group_association": Resource(
        external_name=composite_from_parameters(",", "application_id", "attribute_group_id").sourced(
            "probe",
            "expected application_id,attribute_group_id",
            IDExample(
                "partone,parttwo",
                "partone,parttwo",
                {"application_id": "partone", "attribute_group_id": "parttwo"},
                {"application_id": "partone", "attribute_group_id": "parttwo"},
            ),
        ),
    ),
}
