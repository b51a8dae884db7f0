"""signer: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, composite_from_parameters

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_signer_signing_job": Resource(
        external_name=PROBED,
        references={"profile_name": Reference("aws_signer_signing_profile")},
        example=Example(
            {
                "region": "us-east-1",
                "ignoreSigningJobFailure": True,
                "profileNameRef": {"name": "examplesigningprofile"},
                "destination": {"s3": {"bucket": "s3-bucket-name", "prefix": "signed/"}},
                "source": {
                    "s3": {
                        "bucket": "s3-bucket-name",
                        "key": "object-to-be-signed.zip",
                        "version": "jADjFYYYEXAMPLETszPjOmCMFDzd9dN1",
                    }
                },
            }
        ),
    ),
    "aws_signer_signing_profile": Resource(
        external_name=by_name(),
        # Named with letters only: the profile's name is the object's, and Signer allows letters, digits and
        # underscores in it.
        example=Example({"region": "us-east-1", "platformId": "AWSLambda-SHA384-ECDSA"}, name="examplesigningprofile"),
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
        example=Example(
            {
                "region": "us-east-1",
                "action": "signer:StartSigningJob",
                "principal": "example",
                "profileNameRef": {"name": "examplesigningprofile"},
            }
        ),
    ),
}
