"""Why a kind failed: a class read from the failure's own words.

Every failure gets one; "our bug" is the default, so nothing is blamed on moto, the provider, the example
or the clock without its words saying so. ``environment`` stands apart: the machine the run is on (no
provider plugin source, no terraform, moto not starting) says nothing about any kind, so such a failure
stops the run, and no report row ever carries it.
"""

from __future__ import annotations

import re

MOTO, OURS, PROVIDER, EXAMPLE, TIMEOUT = "moto unsupported", "our bug", "provider bug", "example invalid", "timeout"
ENVIRONMENT = "environment"
# The classes a report row may carry.
CLASSES = (MOTO, OURS, PROVIDER, EXAMPLE, TIMEOUT)
# The classes a run owns: a failure of one fails the command. moto's gaps and the provider's own bugs are
# facts about others' code, reported but failing the command only when it is asked to be strict.
OWNED = (OURS, EXAMPLE, TIMEOUT, ENVIRONMENT)
# Words in an error that name the culprit, checked in this order: the provider's and the cloud's own
# words first, then the runner's "timed out", which the words of the conditions it ends with may explain.
_CULPRITS: tuple[tuple[str, tuple[str | re.Pattern[str], ...]], ...] = (
    # terraform could not install the provider: no registry answered, or the mirror lacks it. No kind
    # can pass on this machine until it is set up (conformance.environment says how).
    (ENVIRONMENT, ("could not retrieve the list of available versions for provider",
                   "failed to query available provider packages", "terraform init failed")),
    (PROVIDER, ("inconsistent result", "panic:", "plugin did not respond", "produced an unexpected new value",
                "the plugin encountered an error", "the provider process is gone", "did not answer (unavailable)")),
    # The runtime's own words for an exception it did not expect, and the runner's for a step that
    # proved the runtime wrong.
    (OURS, ("unexpected keyerror", "unexpected typeerror", "unexpected valueerror", "unexpected attributeerror",
            "traceback", "the import check at create", "moto holds", "still reads",
            "the external name changed", "tfbridge never replaces")),
    # moto answers a call it does not implement with an HTML or XML 404, a 501, an empty 200 the SDK
    # cannot decode, or says so in words; a host it has no backend for, the runner names; an argument
    # it does not store reads back otherwise after every update.
    (MOTO, ("not yet implemented", "notimplemented", "not implemented", "has not been implemented",
            "unknownoperation", "invalidaction", "unknown action", "deserialization failed",
            "error while deserializing", "invalid character '<'", "statuscode: 501", "unrecognizedclientexception",
            "internalfailure", "statuscode: 500", "could not find a service", "invalidclienttokenid",
            "moto has no backend", "moto answered", "empty result",
            # The runtime's words for a value the provider applied and then read back otherwise.
            "the cloud does not keep what was applied",
            # A provider waiting for a status moto never sets (it answers with none).
            "unexpected state ''",
            # The v1 SDK's words for moto's own internal error (an exception in its handler).
            "status code: 500",
            # A call sent to a host other than the one endpoint configured (moto, on the loopback
            # address): the SDK prefixes the endpoint with the account ID (S3 Control) or a host label
            # (``api.``, ``cp.maps.``), or follows moto's own answer to endpoint discovery, which names
            # the real service's host (Timestream's ``ingest.``: moto's timestreamwrite
            # ``describe_endpoints``); the name found no address. moto serves no such host.
            re.compile(r'request send failed, [a-z]+ "https?://(?!(?:127\.0\.0\.1|localhost)[:/"])([^/":]+)'
                       r'[^"]*": dial tcp: lookup \1(?: on \S+)?: no such host'),
            # A 404 whose body names no error code (the SDK's "UnknownError"): every AWS service names
            # one; moto's dispatcher answers so for a path it has no route for.
            re.compile(r"statuscode: 404, requestid: [^,]*, (?:hostid: [^,]*, )?api error unknownerror"),
            # An enum the provider checks, which moto leaves empty (it does not model the field):
            # AWS always sets one of the enum's values.
            re.compile(r'unexpected \w+ value "" returned by api'),
            # moto gives every DB instance one DbiResourceId, by which the provider finds an instance
            # after its create: with a second instance in the same moto, the lookup matches two and the
            # create fails so (plain terraform 1.11 and hashicorp/aws 5.100.0, two aws_db_instance in
            # one moto: the second fails in these words).
            re.compile(r"reading rds db instance \([^)]*\): couldn't find resource"),
            # A tagging API that does not know the object its own service just made (the ARN is the one
            # the create returned): moto keeps tags per resource type, and has no table for these.
            re.compile(r"listing tags for [^(]*\(arn:[^)]*\): .*(?:resourcenotfound|not found|does not exist)"),
            re.compile(r"tagging resource \(arn:[^)]*\): .*(?:tagging is not supported|invalid resource name)"),
            # moto's RDS makes clusters of its own engines only (aurora-mysql, aurora-postgresql,
            # mysql, postgres, neptune); the provider sends DocumentDB's as engine docdb.
            "engine 'docdb' is not supported")),
    # The provider's validation, and the cloud refusing a value or naming an object the example does not make.
    (EXAMPLE, ("validation", "invalidparameter", "invalid value", "is invalid", "not a valid", "malformed",
               "must be", "must not be", "must only", "invalidspec", "cannot build", "conflicts with", "required",
               "invalid arn", "must match", "unsupported value", "invalid", "admission", "notfound",
               "does not exist", "not found", "nosuchentity", "badrequest", "cannot be", "endpoint rule error",
               "invalidstate", "doesn't look like", "isn't a valid", "resourceinuse", "not in the correct state",
               "must specify",
               # The cloud refusing the request with a client error and its code (a prerequisite the example
               # lacks, a value it does not take): moto's own refusals of what it does not emulate are
               # 404s, 500s and 501s, or the words above.
               re.compile(r"statuscode: 400, requestid: [^,]*, (?:hostid: [^,]*, )?(?:api error )?\w+"))),
    # Nothing said but the clock: an operation the provider retries or waits on (a state moto never
    # reaches), an object that never became ready, an outcome lost to an operation's own deadline.
    (TIMEOUT, ("timed out", "did not answer within", "deadline_exceeded", "cannot determine creation result",
               "in progress for")),
)
# Replacements moto forces: right after an object's own create, its next plan wants it replaced,
# because moto returns an argument otherwise than it was given. Each was seen with plain terraform 1.11
# and hashicorp/aws 5.100.0 against moto (apply, then plan: the same replacement), so none is the
# runtime's. Keyed by the kind and the arguments as the runtime's refusal names them.
MOTO_REPLACES: dict[tuple[str, str], str] = {
    ("GraphQLAPI", "api_type"): "aws_appsync_graphql_api: moto returns no apiType",
    ("PublicKey", "encoded_key"): "aws_cloudfront_public_key: moto returns the key with a newline added",
    ("Model", "vpc_config"): "aws_sagemaker_model: moto returns an empty vpc_config where none was given",
    ("HealthCheck", "request_interval"): "aws_route53_health_check: moto returns no RequestInterval",
    ("LayerVersionPermission", "principal"): "aws_lambda_layer_version_permission: moto returns the principal as *",
    # moto 5.2.1's GetBucketIntelligentTieringConfiguration answers an empty configuration (no Id) for
    # one it stored, as boto3 alone against moto shows; the provider reads the name from that Id.
    ("BucketIntelligentTieringConfiguration", "name"):
        "aws_s3_bucket_intelligent_tiering_configuration: moto returns an empty configuration, with no Id",
}
_REPLACEMENT = re.compile(r"\b(\w+)/\S+: changing ([\w, ]+?) needs the resource replaced")
# moto's answers that fail a kind in words that would blame another: by the object they fail (its kind,
# and where the kind's name is shared, the catalogue example's name) and the words; each read in moto
# 5.2.1's code beside the provider's.
MOTO_ANSWERS: dict[tuple[str, str], str] = {
    # moto keeps the policy it was given and returns it as it is; API Gateway returns it escaped, and the
    # provider's read unescapes it (strconv.Unquote of the answer in quotes), which plain JSON fails.
    ("RestAPIPolicy", "after top-level value"):
        "aws_api_gateway_rest_api_policy: moto returns the policy unescaped",
    # The provider's test for a reservation that is gone is Athena's "not found"; moto answers a read
    # before the create with "Capacity reservation does not exist", so the first observe fails.
    ("CapacityReservation", "capacity reservation does not exist"):
        "aws_athena_capacity_reservation: moto says 'does not exist' where Athena says 'not found'",
    # moto's GetModelCustomizationJob writes creationTime as '2026-12-06 07:25:24', which the SDK cannot
    # parse: the create's wait fails, and its next attempt finds the job the first one made.
    ("CustomModel", "already exists"):
        "aws_bedrock_custom_model: moto's job times are not ISO 8601, so the create's wait fails and it is retried",
    # moto finds a log group only by its ARN with ':*' appended; the provider passes the log group's ARN
    # as the Terraform documentation's example does, without it.
    ("QueryLog", "nosuchcloudwatchlogsloggroup"):
        "aws_route53_query_log: moto matches the log group's ARN only with ':*' appended",
    # Disabled, Inspector keeps no delegated administrator or member; moto keeps one, its status
    # DISABLED, and the provider's delete waits for it to go.
    ("DelegatedAdminAccount", "unexpected state 'disabled', wanted target ''"):
        "aws_inspector2_delegated_admin_account: moto keeps the account, DISABLED, after its delete",
    ("MemberAssociation", "unexpected state 'disabled', wanted target ''"):
        "aws_inspector2_member_association: moto keeps the member, DISABLED, after its delete",
    # moto's AddTagsToResource refuses every PatchBaseline (its check lists the type, then raises
    # InvalidResourceId for it), and the provider tags the baseline as it creates it.
    ("PatchBaseline", "invalidresourceid"): "aws_ssm_patch_baseline: moto refuses tags on a patch baseline",
    # moto stores RedriveAllowPolicy but GetQueueAttributes never returns it: the provider waits for it.
    ("QueueRedriveAllowPolicy", "in progress for"):
        "aws_sqs_queue_redrive_allow_policy: moto does not return a queue's RedriveAllowPolicy",
    # moto's MSK clusters stay CREATING (nothing moves their state), and the provider waits for ACTIVE;
    # the kinds that need a cluster wait for it.
    (r"Cluster/\S*-example-msk-cluster:", "in progress for"): "aws_msk_cluster: moto keeps every cluster CREATING",
    ("ServerlessCluster", "in progress for"): "aws_msk_serverless_cluster: moto keeps every cluster CREATING",
    # moto makes a document classifier TRAINING and never trains it; the provider waits for TRAINED.
    ("DocumentClassifier", "in progress for"): "aws_comprehend_document_classifier: moto keeps it TRAINING",
    # moto describes an app cookie policy with no attributes; the provider reads the cookie's name from them.
    ("AppCookieStickinessPolicy", "cookie not found"):
        "aws_app_cookie_stickiness_policy: moto's policy descriptions have no CookieName attribute",
    # moto makes no member cache clusters for a replication group; the provider reads its first one.
    ("ReplicationGroup", "cacheclusternotfound"):
        "aws_elasticache_replication_group: moto makes no member clusters (NAME-001)",
    # moto makes an EMR Serverless application STARTED at once; AWS makes it CREATED (it starts on
    # demand), which the provider's create waits for.
    ("Application", "unexpected state 'started', wanted target 'created'"):
        "aws_emrserverless_application: moto starts a new application, which AWS leaves CREATED",
}


# A failure the runner gave its class itself, not by the words: an exception it did not expect (its
# type's name first: ``OperationFailed: ...``, always "our bug"), or the API server refusing the example.
_RUNNERS_OWN = re.compile(r"create: refused |[a-z]+: [A-Z][A-Za-z]*: ")


def reclassified(failure: str, was: str) -> str:
    """A report row's class by its failure's words again (``step: words``). A class the runner gave
    itself stands; so does one the words kept no longer tell: the report keeps a failure's first
    600 characters, and the words that named its culprit may have come after."""
    if _RUNNERS_OWN.match(failure):
        return was
    now = classify(failure.split(": ", 1)[-1])
    return was if now == OURS and len(failure) >= 600 else now


def classify(message: str) -> str:
    """The failure class a message's words point at; "our bug" when nothing does."""
    replacement = _REPLACEMENT.search(message)
    if replacement and (replacement[1], replacement[2]) in MOTO_REPLACES:
        return MOTO
    lower = message.lower()
    if any(re.search(rf"\b{obj}" if obj.endswith(":") else rf"\b{obj}/", message) and words in lower
           for obj, words in MOTO_ANSWERS):
        return MOTO
    for culprit, words in _CULPRITS:
        if any(w.search(lower) if isinstance(w, re.Pattern) else w in lower for w in words):
            return culprit
    return OURS

