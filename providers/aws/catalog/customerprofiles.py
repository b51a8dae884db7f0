"""customerprofiles: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import IDExample, Resource, composite_id

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_customerprofiles_domain": Resource(
        external_name=PROBED,
    ),
    "aws_customerprofiles_profile": Resource(
        external_name=composite_id("{{ .parameters.domain_name }}/{{ .external_name }}").sourced(
            "probe",
            "expected domain-name/profile-id",
            IDExample(
                "partone/parttwo", "parttwo", {"domain_name": "partone"}, {"domain_name": "partone", "id": "parttwo"}
            ),
        ),
    ),
}
