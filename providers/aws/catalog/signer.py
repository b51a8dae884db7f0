"""signer: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import IDExample, Reference, Resource, composite_from_parameters

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_signer_signing_job": Resource(
        external_name=PROBED,
        references={"profile_name": Reference("aws_signer_signing_profile")},
    ),
    "aws_signer_signing_profile": Resource(
        external_name=by_name(),
    ),
    "aws_signer_signing_profile_permission": Resource(
        external_name=composite_from_parameters("/", "profile_name", "statement_id").sourced(
            "probe",
            "expected PROFILE_NAME/STATEMENT_ID",
            IDExample(
                "partone/parttwo",
                "partone/parttwo",
                {"profile_name": "partone", "statement_id": "parttwo"},
                {"id": "partone/parttwo", "profile_name": "partone", "statement_id": "parttwo"},
            ),
        ),
        references={
            "profile_name": Reference("aws_signer_signing_profile"),
            "profile_version": Reference("aws_signer_signing_profile", "version"),
        },
    ),
}
