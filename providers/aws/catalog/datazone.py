"""datazone: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import IDExample, Resource, composite_from_parameters, composite_id

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_datazone_asset_type": Resource(
        external_name=composite_from_parameters(",", "domain_identifier", "name").sourced(
            "probe",
            "expected domain_identifier,name",
            IDExample(
                "partone,parttwo",
                "partone,parttwo",
                {"domain_identifier": "partone", "name": "parttwo"},
                {"domain_identifier": "partone", "name": "parttwo"},
            ),
        ),
    ),
    "aws_datazone_domain": Resource(
        external_name=PROBED,
    ),
    "aws_datazone_environment": Resource(
        external_name=composite_id("{{ .parameters.domain_identifier }},{{ .external_name }}").sourced(
            "probe",
            "expected DomainIdentifier,Id",
            IDExample(
                "partone,parttwo",
                "parttwo",
                {"domain_identifier": "partone"},
                {"domain_identifier": "partone", "id": "parttwo"},
            ),
        ),
    ),
    "aws_datazone_environment_blueprint_configuration": Resource(
        external_name=composite_from_parameters("/", "domain_id", "environment_blueprint_id").sourced(
            "probe+docs",
            "domain-id/environment-blueprint-id",
            IDExample(
                "domain-id-12345/environment-blueprint-id-54321",
                "domain-id-12345/environment-blueprint-id-54321",
                {"domain_id": "domain-id-12345", "environment_blueprint_id": "environment-blueprint-id-54321"},
                source="docs",
            ),
        ),
    ),
    "aws_datazone_environment_profile": Resource(
        external_name=composite_id("{{ .external_name }},{{ .parameters.domain_identifier }}").sourced(
            "probe",
            "expected id,domain_identifier",
            IDExample(
                "partone,parttwo",
                "partone",
                {"domain_identifier": "parttwo"},
                {"domain_identifier": "parttwo", "id": "partone"},
            ),
        ),
    ),
    "aws_datazone_glossary": Resource(
        external_name=composite_id(
            "{{ .parameters.domain_identifier }},{{ .external_name }},{{ .parameters.owning_project_identifier }}"
        ).sourced(
            "probe",
            "expected 3 parts separated by ','",
            IDExample(
                "partone,parttwo,partthree",
                "parttwo",
                {"domain_identifier": "partone", "owning_project_identifier": "partthree"},
                {"domain_identifier": "partone", "id": "parttwo", "owning_project_identifier": "partthree"},
            ),
        ),
    ),
    "aws_datazone_glossary_term": Resource(
        external_name=composite_id(
            "{{ .parameters.domain_identifier }},{{ .external_name }},{{ .parameters.glossary_identifier }}"
        ).sourced(
            "probe",
            "expected DomainIdentifier,Id,OwningProjectIdentifier",
            IDExample(
                "partone,parttwo,partthree",
                "parttwo",
                {"domain_identifier": "partone", "glossary_identifier": "partthree"},
                {"domain_identifier": "partone", "glossary_identifier": "partthree", "id": "parttwo"},
            ),
        ),
    ),
    "aws_datazone_project": Resource(
        external_name=composite_id("{{ .parameters.domain_identifier }}:{{ .external_name }}").sourced(
            "probe",
            "expected DomainIdentifier:Id",
            IDExample(
                "partone:parttwo",
                "parttwo",
                {"domain_identifier": "partone"},
                {"domain_identifier": "partone", "id": "parttwo"},
            ),
        ),
    ),
}
