"""Which words of a failed import say that its ID names no object (so the object does not exist), and
which never do: both executors, and the conformance runner's check that a deleted object is gone, read
them the same way. The plugin SDK's words are the runtime's own; the cloud's come from the provider's
config."""

from __future__ import annotations

import pytest

from bridge.workspace.backend import names_no_object
from providers.aws.notfound import import_not_found


# The aws provider's own words (5.100, against moto), request IDs scrubbed.
@pytest.mark.parametrize(
    "words",
    [
        pytest.param("couldn't find resource", id="AFinderFoundNothing"),
        pytest.param("couldn't find resource (21 retries)", id="AFinderFoundNothingAfterRetries"),
        pytest.param("reading Lambda Permission (f/s): couldn't find resource", id="AFinderFoundNothingQuoted"),
        pytest.param("fetching IAM Access Key (AKIAXXXXXXXXXXXXXXXX) username via GetAccessKeyLastUsed: operation "
                     "error IAM: GetAccessKeyLastUsed, https response error StatusCode: 404, RequestID: r, api error "
                     "NoSuchEntity: The Access Key with id AKIAXXXXXXXXXXXXXXXX cannot be found",
                     id="NoSuchEntity"),
        pytest.param("reading Service Discovery Instance (i-1): operation error ServiceDiscovery: GetInstance, https "
                     "response error StatusCode: 400, RequestID: r, ServiceNotFound: srv-1", id="ServiceNotFound"),
        pytest.param("reading Kinesis Stream (s): operation error Kinesis: DescribeStreamSummary, https response "
                     "error StatusCode: 400, RequestID: r, ResourceNotFoundException: Stream s under account "
                     "123456789012 not found.", id="ResourceNotFoundException"),
        pytest.param("reading EC2 VPC (vpc-1): operation error EC2: DescribeVpcs, https response error StatusCode: "
                     "400, RequestID: r, api error InvalidVpcID.NotFound: The vpc ID 'vpc-1' does not exist",
                     id="AnEC2CodeWithADot"),
        pytest.param("reading RDS DB Instance (db): operation error RDS: DescribeDBInstances, https response error "
                     "StatusCode: 404, RequestID: r, DBInstanceNotFound: DBInstance db not found.",
                     id="RDSNotFound"),
        pytest.param("reading IAM User (u): NoSuchEntity: The user with name u cannot be found.\n\tstatus code: "
                     "404, request id: r", id="TheOlderSDKsFormat"),
        pytest.param("Security Group sg-1f2469bd12e11b6af is not attached to Network Interface eni-3a223aac4348269b9",
                     id="AnAttachmentsImporterFoundNoAttachment"),
        pytest.param("no active Receipt Rule Set found", id="TheActiveRuleSetsImporterFoundNone"),
        pytest.param("SES Receipt Rule Set (rules-a) belonging to SES Active Receipt Rule Set not found",
                     id="TheActiveRuleSetsImporterFoundAnother"),
    ],
)
def test_the_providers_words_for_no_such_object_mean_absent(words: str) -> None:
    assert names_no_object([words], import_not_found)


@pytest.mark.parametrize(
    "words",
    [
        pytest.param("reading Kinesis Stream (s): operation error Kinesis: DescribeStreamSummary, https response "
                     "error StatusCode: 400, RequestID: r, api error ThrottlingException: Rate exceeded",
                     id="Throttled"),
        pytest.param("operation error IAM: GetAccessKeyLastUsed, https response error StatusCode: 403, RequestID: r, "
                     "api error InvalidClientTokenId: The security token included in the request is invalid.",
                     id="CredentialsRefused"),
        pytest.param("operation error Kinesis: DescribeStreamSummary, https response error StatusCode: 400, "
                     "RequestID: r, api error AccessDeniedException: User is not authorized", id="AccessDenied"),
        pytest.param("unexpected format for ID (example), expected SERVICE-ID/INSTANCE-ID", id="AMalformedID"),
        pytest.param("operation error Kinesis: DescribeStreamSummary, https response error StatusCode: 400, "
                     "RequestID: r, ValidationException: 1 validation error detected: Value 'a b' at 'streamName' "
                     "failed to satisfy constraint", id="AValidationError"),
        pytest.param("operation error Kinesis: DescribeStreamSummary, exceeded maximum number of attempts, 3, "
                     "https response error StatusCode: 500, RequestID: r, api error InternalFailure: boom",
                     id="ACloudFailure"),
        pytest.param("reading X (id): empty result", id="AnEmptyAnswerIsNotSaidToBeAbsence"),
        pytest.param("the resource could not be found, says a sentence that is no SDK error", id="PlainWords"),
        pytest.param("import aws_kinesis_stream 'ResourceNotFoundException: x': the provider did not answer",
                     id="TheIDItselfSaysNothing"),
    ],
)
def test_any_other_failure_is_an_error(words: str) -> None:
    assert not names_no_object([words], import_not_found)


def test_one_diagnostic_that_says_absent_is_enough() -> None:
    assert names_no_object(["Warning: something else", "couldn't find resource"])
    assert not names_no_object([])


def test_a_providers_own_words_count_only_for_that_provider() -> None:
    """The SDK's finder words mean absent for any provider; an AWS error code only with the aws provider's words."""
    code = ("reading IAM User (u): operation error IAM: GetUser, https response error StatusCode: 404, RequestID: r, "
            "api error NoSuchEntity: The user with name u cannot be found")
    assert names_no_object([code], import_not_found)
    assert not names_no_object([code]), "another provider's error that happens to read so is an error"
    assert names_no_object(["couldn't find resource"])
