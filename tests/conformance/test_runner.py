"""The conformance runner's parts that need no cloud: which examples a kind needs, their names in a
run, how a failure is classified, and the report; and every kind's example as the runtime renders it."""

from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import yaml

from bridge.api.managed import Managed
from bridge.workspace.kind import KindWorkspaces
from bridge.workspace.store import WorkspaceStore
from conformance import harness as harness_module
from conformance import jobs as conformance_jobs
from conformance.classes import EXAMPLE, MOTO, OURS, PROVIDER, TIMEOUT, classify, reclassified
from conformance.counting import MotoCount, countable, identity, mentions, second_objects, serves
from conformance.deletion import after_delete
from conformance.examples import Bundle, Examples, identifying_fields, renamed, select
from conformance.harness import Harness
from conformance.report import REPORT_HEADER, load_report, merge, passed_kinds, write_report
from conformance.result import Result, StepFailed, result_from_json, result_to_json
from conformance.update import changes
from tests.support.executors import SETUP
from tests.support.packages import AWS, ROOT

PROVIDER_DIR = ROOT / "providers" / "aws"


@pytest.fixture(scope="module")
def examples() -> Examples:
    return Examples(AWS, PROVIDER_DIR)


# Messages from conformance runs (request IDs, run prefixes and UUIDs scrubbed), one per way a class is told.
@pytest.mark.parametrize(
    ("message", "want"),
    [
        pytest.param("creating AppConfig Environment: operation error AppConfig: CreateEnvironment, https response "
                     "error StatusCode: 501, RequestID: x, api error NotImplemented: not yet implemented", MOTO,
                     id="MotoHasNoSuchCall"),
        pytest.param("operation error AppConfig: CreateEnvironment, https response error StatusCode: 404, "
                     "deserialization failed, invalid character '<' looking for beginning of value", MOTO,
                     id="MotoAnswersHTML"),
        pytest.param("FieldLevelEncryptionProfile/p-example: create failed: creating CloudFront Field-level "
                     "Encryption Profile (test profile): operation error CloudFront: "
                     "CreateFieldLevelEncryptionProfile, https response error StatusCode: 404, RequestID: , error "
                     "while deserializing xml error response: "
                     "XML syntax error on line 2: unquoted or missing attribute value in element", MOTO,
                     id="MotoAnswersAnXMLServiceWithHTML"),
        pytest.param("creating Direct Connect LAG (tf-dx-lag): operation error Direct Connect: CreateLag, https "
                     "response error StatusCode: 200, deserialization failed, failed to decode response body, "
                     "expected start of JSON", MOTO, id="MotoAnswersAnEmpty200"),
        pytest.param("moto has no backend for waf-regional.us-east-1.amazonaws.com", MOTO, id="NoBackendForTheHost"),
        pytest.param("DefaultSecurityGroup/p-example: create failed: reading Default Security Group: empty result",
                     MOTO, id="MotoFiltersNothing"),
        pytest.param("Instance/c004-example-instance: create failed: reading RDS DB Instance (): couldn't find "
                     "resource (after 80s)", MOTO, id="MotoGivesEveryDBInstanceOneResourceID"),
        pytest.param("update: Vault/p-example: the external resource still differs from the spec after 3 updates "
                     "(update: tags); the cloud does not keep what was applied, so the next update waits 20s", MOTO,
                     id="MotoDoesNotStoreAnArgument"),
        pytest.param("create failed: waiting for FSx for NetApp ONTAP File System (fs-1) create: unexpected state '', "
                     "wanted target 'AVAILABLE'. last error: %!s(<nil>)", MOTO, id="MotoNeverSetsTheStatus"),
        pytest.param("AccessPoint/c038-example-accesspoint: create failed: creating S3 Access Point (examplec038): "
                     "operation error S3 Control: CreateAccessPoint, https response error StatusCode: 0, RequestID: , "
                     "HostID: , request send failed, Put \"http://123456789012.127.0.0.1:41287/v20180820/accesspoint/"
                     "examplec038\": dial tcp: lookup 123456789012.127.0.0.1: no such host (after 0s)", MOTO,
                     id="AccountIDPrefixedHost"),
        pytest.param("read aws_mwaa_environment: reading MWAA Environment (c035-example-environment): operation error "
                     "MWAA: GetEnvironment, https response error StatusCode: 0, RequestID: , request send failed, Get "
                     "\"http://api.127.0.0.1:58237/environments/c035-example-environment\": dial tcp: lookup "
                     "api.127.0.0.1 on 10.255.255.53:53: no such host", MOTO, id="LabelPrefixedHost"),
        pytest.param("read aws_timestreamwrite_database: reading Timestream Database (c07b-example-database): "
                     "operation error Timestream Write: DescribeDatabase, https response error StatusCode: 0, "
                     "RequestID: , request send failed, Post \"http://ingest.timestream.us-east-1.amazonaws.com/\": "
                     "dial tcp: lookup ingest.timestream.us-east-1.amazonaws.com on 10.255.255.53:53: no such host",
                     MOTO, id="DiscoveredRealHost"),
        pytest.param("operation error S3: GetObject, https response error StatusCode: 0, RequestID: , request send "
                     "failed, Get \"http://127.0.0.1:41287/b/k\": dial tcp 127.0.0.1:41287: connect: connection "
                     "refused", OURS, id="TheConfiguredEndpointDownIsNotMotos"),
        pytest.param("read aws_simpledb_domain: reading SimpleDB Domain (c06b-example-domain): SerializationError: "
                     "failed to unmarshal error message\n\tstatus code: 500, request id: \ncaused by: UnmarshalError: "
                     "failed to unmarshal error message", MOTO, id="MotoInternalErrorV1SDK"),
        pytest.param("creating AWS Lex V2 Models Bot (\"examplec029\"): operation error Lex Models V2: CreateBot, "
                     "https response error StatusCode: 404, RequestID: , api error UnknownError: UnknownError "
                     "(after 0s)", MOTO, id="MotoHasNoRoute"),
        pytest.param("creating S3 Control Bucket (example): operation error S3 Control: CreateBucket, https response "
                     "error StatusCode: 404, RequestID: x, HostID: y=, api error UnknownError: UnknownError (after 0s)",
                     MOTO, id="MotoHasNoRouteS3"),
        pytest.param("Cluster/c044-example-cluster: observe failed: read aws_redshift_cluster: unexpected "
                     "AvailabilityZoneRelocationStatus value \"\" returned by API", MOTO, id="MotoLeavesAnEnumEmpty"),
        pytest.param("Instance/c043-example-instance: update failed: apply aws_instance: the provider did not answer "
                     "(UNAVAILABLE) (after 0s)", PROVIDER, id="ProviderCrashedMidUpdate"),
        pytest.param("Provider produced inconsistent result after apply", PROVIDER, id="ProviderInconsistent"),
        pytest.param("CompositeAlarm/p-example: create failed after 23s: apply aws_cloudwatch_composite_alarm: the "
                     "provider did not answer (UNAVAILABLE)", PROVIDER, id="ProviderProcessDied"),
        pytest.param("operation error API Gateway: PutRestApi, https response error StatusCode: 404, "
                     "NotFoundException: Invalid Rest API Id specified", EXAMPLE, id="PlaceholderIDFindsNothing"),
        pytest.param("api error ValidationException: name must match [a-z]+", EXAMPLE, id="CloudRefusesTheValue"),
        pytest.param("AppsyncDomainName/p-example: invalid configuration: \"certificate_arn\" (example) is an invalid "
                     "ARN: arn: invalid prefix (at certificate_arn)", EXAMPLE, id="ProviderValidatesAnARN"),
        pytest.param("Deployment/p-example: create failed: creating API Gateway Deployment: operation error API "
                     "Gateway: CreateDeployment, https response error StatusCode: 400, BadRequestException: The REST "
                     "API doesn't contain any methods", EXAMPLE, id="ExampleLacksWhatTheCallNeeds"),
        pytest.param("creating S3 Access Point (example): operation error S3 Control: CreateAccessPoint, failed to "
                     "resolve service endpoint, endpoint rule error, AccountId must only contain a-z, A-Z, 0-9 and "
                     "`-`.",
                     EXAMPLE, id="PlaceholderAccountID"),
        pytest.param("registering Service Discovery Instance (example): operation error ServiceDiscovery: "
                     "RegisterInstance, https response error StatusCode: 400, ServiceNotFound: example", EXAMPLE,
                     id="PlaceholderNamesNoObject"),
        pytest.param("creating AWS DynamoDB Table Replica (arn:aws:dynamodb:us-east-1:123456789012:table/t): replica "
                     "cannot be in same region as main table", EXAMPLE, id="ExampleContradictsItself"),
        pytest.param("create failed: creating FSx Backup: must specify either file_system_id or volume_id", EXAMPLE,
                     id="ExampleMissesOneOfTwo"),
        pytest.param("ZoneAssociation/c1-x: create failed: creating Route 53 Zone Association: "
                     "operation error Route 53: AssociateVPCWithHostedZone, https response error StatusCode: 400, "
                     "RequestID: sO4G, "
                     "PublicZoneVPCAssociation: the zone is public", EXAMPLE, id="ACloudClientErrorIsTheExamples"),
        pytest.param("Application/c1-x: observe failed: read aws_elastic_beanstalk_application: listing tags "
                     "for Elastic Beanstalk Application "
                     "(arn:aws:elasticbeanstalk:us-east-1:123456789012:application/c1-x): "
                     "operation error Elastic Beanstalk: ListTagsForResource, https response error StatusCode: 400, "
                     "RequestID: Y, ResourceNotFoundException: Resource not found for ARN", MOTO,
                     id="MotosTaggingDoesNotKnowTheObject"),
        pytest.param("Cluster/c1-x: create failed: creating DocumentDB Cluster (c1-x): operation error DocDB: "
                     "CreateDBCluster, https response error StatusCode: 400, RequestID: Q, api error "
                     "InvalidParameterValue: Engine 'docdb' is not supported to satisfy constraint", MOTO,
                     id="MotoHasNoDocumentDBEngine"),
        pytest.param("RestAPIPolicy/c1-x: observe failed: read aws_api_gateway_rest_api_policy: invalid character 'S' "
                     "after top-level value", MOTO, id="AnAnswerOfMotosThatTheKindFails"),
        pytest.param("Policy/c1-x: observe failed: read aws_iam_policy: invalid character 'S' after top-level value",
                     EXAMPLE, id="TheSameWordsOfAnotherKindAreNotMotos"),
        pytest.param("MetricAlarm/x: unexpected KeyError: 'aws_autoscaling_policy'", OURS,
                     id="RuntimeExceptionIsOurs"),
        pytest.param("Stage/p-example: update failed: changing deployment_id needs the resource replaced; tfbridge "
                     "never replaces silently: revert the change, or delete and re-create the object", OURS,
                     id="AnUpdateRightAfterCreateIsOurs"),
        pytest.param("Resolver/p-example: create: GraphQLAPI/p-example-api: update failed: GraphQLAPI/p-example-api: "
                     "changing api_type needs the resource replaced; tfbridge never replaces silently", MOTO,
                     id="AReplacementPlainTerraformPlansTooIsMotos"),
        pytest.param("GraphQLAPI/p-example: update failed: changing api_type, name needs the resource replaced; "
                     "tfbridge never replaces silently", OURS, id="ItsArgumentsMustBeTheOnesSeen"),
        pytest.param("Stream/p-example: import aws_kinesis_stream 'p-example': couldn't find resource", OURS,
                     id="AnImportIDThatFindsNothingIsOurs"),
        pytest.param("timed out waiting for p-example-user Ready; User/p-example-user: Ready=False Creating create "
                     "in progress for 30s; Synced=True ReconcileSuccess", TIMEOUT, id="CreateNeverEnds"),
        pytest.param("timed out waiting for p-example-imagebuilder Ready; ImageBuilder/p-example-imagebuilder: "
                     "Synced=False ReconcileError ImageBuilder/p-example-imagebuilder: spec.forProvider.subnetIdRefs: "
                     "referenced Subnet/p-example-subnet is not ready (no external_name yet)", TIMEOUT,
                     id="AReferenceNeverReady"),
        pytest.param("LocationS3/p-example: cannot determine creation result - remove the "
                     "crossplane.io/external-create-pending annotation if it is safe to proceed", TIMEOUT,
                     id="ACreateCutShortByItsDeadline"),
        pytest.param("timed out waiting for the example's objects deleted", TIMEOUT, id="DeleteNeverEnds"),
        pytest.param("Instance/p-example: create failed: apply aws_db_instance: the provider did not answer "
                     "(DEADLINE_EXCEEDED) (after 40s)", TIMEOUT, id="AnApplyCutShortByItsDeadline"),
        pytest.param("the runtime said nothing anyone recognises", OURS, id="NothingSaidIsOurs"),
    ],
)
def test_a_failure_is_classified_by_its_words(message: str, want: str) -> None:
    assert classify(message) == want


def test_a_kind_brings_the_examples_it_references_first(examples: Examples) -> None:
    bundle = examples.bundle(AWS.by_type("aws_subnet"))
    assert [k.config.tf_type for k, _ in bundle.objects] == ["aws_vpc", "aws_subnet"]
    objects = renamed(bundle, "c1-")
    assert [m["metadata"]["name"] for _, m in objects] == ["c1-example-vpc", "c1-example-subnet"]
    assert objects[1][1]["spec"]["forProvider"]["vpcIdRef"] == {"name": "c1-example-vpc"}
    assert bundle.target["metadata"]["name"] == "example-subnet", "the example itself is left as it was"


@pytest.mark.parametrize(
    ("name", "want"),
    [
        pytest.param("tf_example_backup_plan", "tf_example_backup_planc1", id="APlaceholderIsMadeTheRunsOwn"),
        pytest.param("example", "examplec1", id="TheBareWord"),
        pytest.param("www.example.com", "www.example.com", id="ADNSNameIsKept"),
        pytest.param("serviceLongArnFormat", "serviceLongArnFormat", id="AValueNotAPlaceholderIsKept"),
    ],
)
def test_a_documentation_name_is_made_unique_per_run(examples: Examples, name: str, want: str) -> None:
    bundle = examples.bundle(AWS.by_type("aws_backup_plan"))
    kind, manifest = bundle.objects[-1]
    spec = {**manifest["spec"], "forProvider": {**manifest["spec"]["forProvider"], "name": name}}
    changed = Bundle(bundle.kind, ((kind, {**manifest, "spec": spec}),))
    assert renamed(changed, "c1-")[0][1]["spec"]["forProvider"]["name"] == want


def test_every_reference_of_every_example_finds_the_example_it_names(examples: Examples) -> None:
    unresolved = []
    for kind in AWS.kinds:
        if kind.config.tf_type not in examples.manifests:
            unresolved.append((kind.config.tf_type, "no example"))
            continue
        bundle = examples.bundle(kind)
        names = {m["metadata"]["name"] for _, m in bundle.objects}
        for _, manifest in bundle.objects:
            spec = manifest["spec"]["forProvider"]
            for key, value in spec.items():
                refs = value if isinstance(value, list) else [value]
                # A <field>SecretRef names a Kubernetes Secret (the one the run makes), not an example.
                if key.endswith(("Ref", "Refs")) and not key.endswith("SecretRef") and \
                        any(r["name"] not in names for r in refs):
                    unresolved.append((kind.config.tf_type, key))
    assert unresolved == []


def test_every_kinds_example_renders_to_terraform_arguments(examples: Examples, tmp_path: Path) -> None:
    """What the runtime would hand terraform for each example: references left unresolved are
    absent, everything else converts (a wrong type or an unknown field would fail here)."""
    store = WorkspaceStore(tmp_path)
    failed = []

    def secret(namespace: str, name: str) -> dict[str, bytes]:
        return {"example-key": b"example-value"}

    for kind in examples.package.kinds:
        manifest = examples.manifests[kind.config.tf_type]
        floor = KindWorkspaces(store=store, provider=AWS.provider, kind=kind, setup=SETUP, secrets=secret,
                               executor="direct", lock_timeout=5, metadata=lambda block, setup: {})
        try:
            rendered = floor.render(Managed({**manifest, "metadata": {**manifest["metadata"], "uid": "u"}}))
        except Exception as exc:
            failed.append((kind.config.tf_type, f"{type(exc).__name__}: {exc}"[:200]))
            continue
        if rendered.resource.tf_type != kind.config.tf_type:
            failed.append((kind.config.tf_type, rendered.resource.tf_type))
    assert failed == []


def test_a_sample_is_the_same_for_the_same_seed(examples: Examples) -> None:
    first = select(AWS, examples, [], 15, 7, [])
    assert len(first) == 15 and first == select(AWS, examples, [], 15, 7, [])
    assert first != select(AWS, examples, [], 15, 8, [])
    chosen = select(AWS, examples, ["aws_vpc", "aws_sqs_queue"], 0, 0, ["aws_vpc"])
    assert chosen == [AWS.by_type("aws_sqs_queue")]


class _Model:
    def __init__(self, **attrs: str) -> None:
        self.__dict__.update(attrs)


@pytest.mark.parametrize(
    ("host", "types", "want"),
    [
        pytest.param("waf-regional.us-east-1.amazonaws.com", ["aws_wafregional_rule"], True, id="DashesDropped"),
        pytest.param("access-analyzer.us-east-1.amazonaws.com", ["aws_accessanalyzer_archive_rule"], True,
                     id="TheKindsOwnService"),
        pytest.param("appstream.us-east-1.amazonaws.com", ["aws_appmesh_mesh", "aws_appmesh_route"], False,
                     id="AnotherWorkersService"),
        pytest.param("lightsail.us-east-1.amazonaws.com", ["aws_iam_role", "aws_lightsail_disk"], True,
                     id="AReferencedKindsService"),
        pytest.param("cassandra.us-east-1.amazonaws.com", ["aws_keyspaces_keyspace"], False,
                     id="AServiceNamedOtherwiseIsLeftToTheProvidersWords"),
    ],
)
def test_a_missing_backend_is_blamed_only_on_the_kinds_of_its_service(host: str, types: list[str],
                                                                      want: bool) -> None:
    assert serves(host, types) == want


def test_a_copy_moto_makes_for_a_read_is_the_same_object() -> None:
    first, copy, other = _Model(id="sgr-1", tag="n"), _Model(id="sgr-1", tag="n"), _Model(id="sgr-2", tag="n")
    assert identity(first, "") == identity(copy, "") != identity(other, "")
    assert identity(_Model(), "the text") == "the text"


def test_a_name_is_counted_whole() -> None:
    assert mentions('{"id": "vpc-1", "cidr": "10.0.0.0/16"}', "vpc-1")
    assert not mentions('{"id": "vpc-12"}', "vpc-1")
    assert mentions('{"arn": "arn:aws:sns:us-east-1:1:topic-a"}', "topic-a")


def test_the_report_merges_runs_and_counts_by_class(tmp_path: Path) -> None:
    path = tmp_path / "conformance.yaml"
    passed = Result("aws_vpc", steps={"create": "ok", "reimport": "ok", "update": "ok", "delete": "ok"},
                    import_check_seconds=0.012)
    skipped = Result("aws_iam_policy", steps={"create": "ok", "reimport": "ok", "update": "skipped: no tags",
                                              "delete": "ok"})
    failed = Result("aws_x", steps={"create": "ok"}).fail("reimport", "moto holds 2", OURS)
    failed.duplicates = 1
    write_report(path, {"kinds": {r.kind: {**r.to_json(), "executor": "direct", "date": "d"}
                                  for r in (passed, failed)}})
    doc = load_report(path)
    doc["kinds"][skipped.kind] = {**skipped.to_json(), "executor": "cli", "date": "d"}
    write_report(path, doc)
    text = path.read_text()
    assert text.startswith(REPORT_HEADER)
    totals = yaml.safe_load(text)["totals"]
    assert totals == {"run": 3, "passed": 2, "passed_update": {"proven": 1, "skipped": 1}, "duplicates": 1,
                      "import_check_ms": {"creates": 1, "median": 12},
                      "failed": {MOTO: 0, OURS: 1, PROVIDER: 0, EXAMPLE: 0, TIMEOUT: 0},
                      "by_executor": {"cli": {"run": 1, "passed": 1}, "direct": {"run": 2, "passed": 1}}}
    assert list(yaml.safe_load(text)["kinds"]) == ["aws_iam_policy", "aws_vpc", "aws_x"]
    page = path.with_suffix(".md").read_text()
    assert "| `aws_x` | failed | direct | d | reimport (our bug) |" in page
    assert "2 passed (the update proven in 1, skipped in 1" in page
    assert failed.to_json()["steps"]["update"] == "not run"


class Objects:
    """The runner's view of the cluster: each object's conditions by name."""

    def __init__(self) -> None:
        self.conditions: dict[str, list[dict[str, str]]] = {}

    def get(self, res: object, name: str) -> dict[str, object]:
        return {"metadata": {"name": name}, "status": {"conditions": self.conditions.get(name, [])}}


READY = [{"type": "Ready", "status": "True"}, {"type": "Synced", "status": "True"}]
CREATING = [{"type": "Ready", "status": "False", "reason": "Creating"}, {"type": "Synced", "status": "True"}]
UNKEPT = [{"type": "Ready", "status": "True"},
          {"type": "Synced", "status": "False",
           "message": "the external resource still differs from the spec after 3 updates (update: tags)"}]
FAILED = [{"type": "Ready", "status": "False", "reason": "Creating"},
          {"type": "Synced", "status": "False", "message": "create failed: DBParameterGroupNotFound"}]


@pytest.mark.parametrize(
    ("group", "instance", "ready_for", "want"),
    [
        pytest.param(CREATING, FAILED, None, None, id="AFailureBeforeWhatItReferencesIsMadeWaits"),
        pytest.param(READY, FAILED, 0.0, None, id="AFailureJustAfterWhatItReferencesIsReadyMayBeStale"),
        pytest.param(READY, FAILED, 60.0, "Instance/c1-example-instance: create failed: DBParameterGroupNotFound",
                     id="AFailureLongAfterWhatItReferencesIsReadyCounts"),
        pytest.param(READY, READY, 0.0, "", id="AllReady"),
        pytest.param(UNKEPT, READY, 60.0, "", id="WhatItReferencesNeedsOnlyBeReady"),
        # Not Ready while not Synced; and the provider's word that the cloud did not keep an update needs no settling.
        pytest.param(READY, UNKEPT, 60.0, "Instance/c1-example-instance: the external resource still differs from the "
                     "spec after 3 updates (update: tags)", id="TheKindUnderTestMustAlsoBeSynced"),
    ],
)
def test_a_create_failure_counts_once_what_it_references_is_ready(examples: Examples, group: list[dict[str, str]],
                                                                  instance: list[dict[str, str]],
                                                                  ready_for: float | None, want: str | None) -> None:
    objects = [(k, m) for k, m in renamed(examples.bundle(AWS.by_type("aws_db_instance")), "c1-")]
    assert [k.kind for k, _ in objects] == ["ParameterGroup", "Instance"], "its password's Secret is no example"
    kube = Objects()
    instance_name = objects[1][1]["metadata"]["name"]
    kube.conditions = {objects[0][1]["metadata"]["name"]: group, instance_name: instance}
    harness = Harness(kube, AWS, Path("."), MotoCount(), 1.0, None, [], [])
    # Since when the runner has seen what the instance references Ready (None: not yet).
    since = {} if ready_for is None else {f"{instance_name} after its references": time.monotonic() - ready_for}
    assert harness.ready(objects, since) == want


@pytest.mark.parametrize(
    ("count", "jobs", "batch", "want"),
    [
        pytest.param(5, 2, 100, [[0, 2, 4], [1, 3]], id="FewKindsSplitAcrossEveryJob"),
        pytest.param(7, 2, 3, [[0, 3, 6], [1, 4], [2, 5]], id="BatchesOfAtMostTheBatchSize"),
        pytest.param(2, 4, 100, [[0], [1]], id="NeverMoreBatchesThanKinds"),
        pytest.param(0, 2, 100, [], id="Nothing"),
    ],
)
def test_kinds_are_dealt_round_robin_into_batches(count: int, jobs: int, batch: int, want: list[list[int]]) -> None:
    types = [f"aws_{i}" for i in range(count)]
    batches = conformance_jobs.deal(types, jobs, batch)
    assert batches == [[types[i] for i in b] for b in want]
    assert sorted(t for b in batches for t in b) == sorted(types), "every kind in exactly one batch"


def test_catalogue_neighbours_run_in_different_clouds(examples: Examples) -> None:
    defaults = sorted(t for t in examples.manifests if t.startswith("aws_default_"))
    batches = conformance_jobs.deal(sorted(examples.manifests), 2, 100)
    assert len(batches) == -(-len(examples.manifests) // 100)
    where = {t: i for i, b in enumerate(batches) for t in b}
    assert len({where[t] for t in defaults}) == len(defaults), "each default resource in a moto of its own"


def test_a_result_crosses_the_job_pipe_whole() -> None:
    result = Result("aws_vpc", steps={"create": "ok"}, external_name="vpc-1", import_check_seconds=0.02,
                    seconds=3.5, step_seconds={"create": 3.5}).fail("reimport", "moto holds 2", OURS)
    assert result_from_json(result_to_json(result)) == result


def test_a_kind_keeps_a_result_per_executor(tmp_path: Path) -> None:
    """A run on one executor replaces the kind's result on that executor only: a row of the report's first
    shape (one result, on the executor it names) stays as it was, the other executor's result beside it."""
    path = tmp_path / "conformance.yaml"
    steps = {"create": "ok", "reimport": "ok", "update": "ok", "delete": "ok"}
    proven = {**Result("aws_vpc", steps=steps).to_json(), "executor": "direct", "date": "2026-12-04"}
    merge(path, {"aws_vpc": proven})
    on_cli = {**Result("aws_vpc", steps={"create": "ok"}).fail("reimport", "moto holds 2", OURS).to_json(),
              "executor": "cli", "date": "2026-12-06"}
    merge(path, {"aws_vpc": on_cli})
    row = load_report(path)["kinds"]["aws_vpc"]
    assert {k: v for k, v in row.items() if k != "executors"} == proven, "the direct result is untouched"
    assert row["executors"] == {"cli": {k: v for k, v in on_cli.items() if k != "executor"}}
    assert passed_kinds(tmp_path) == ["aws_vpc"] and passed_kinds(tmp_path, "cli") == []
    merge(path, {"aws_vpc": {**on_cli, "result": "passed", "failure": "", "date": "2026-12-07"}})
    assert load_report(path)["kinds"]["aws_vpc"]["executors"]["cli"]["date"] == "2026-12-07", "replaced in place"
    merge(path, {"aws_vpc": {**proven, "date": "2026-12-08"}})
    row = load_report(path)["kinds"]["aws_vpc"]
    assert (row["date"], row["executors"]["cli"]["date"]) == ("2026-12-08", "2026-12-07")
    assert passed_kinds(tmp_path, "cli") == ["aws_vpc"]
    page = path.with_suffix(".md").read_text()
    assert "| `aws_vpc` | passed | direct | 2026-12-08 |  |\n| `aws_vpc` | passed | cli | 2026-12-07 |  |" in page
    assert "By executor: cli 1 of 1 passed, direct 1 of 1 passed." in page
    assert yaml.safe_load(path.read_text())["totals"]["by_executor"] == {"cli": {"run": 1, "passed": 1},
                                                                          "direct": {"run": 1, "passed": 1}}


def _merge_from_another_process(path: str, kind: str) -> None:
    merge(Path(path), {kind: {"result": "passed", "steps": {}}})


def test_results_merged_from_processes_side_by_side_are_all_kept(tmp_path: Path) -> None:
    """Every job writes under the report's lock, reading it again first: no merge loses another's."""
    import multiprocessing

    path = tmp_path / "conformance.yaml"
    context = multiprocessing.get_context("spawn")
    kinds = [f"aws_k{i}" for i in range(8)]
    with context.Pool(2) as pool:
        pool.starmap(_merge_from_another_process, [(str(path), k) for k in kinds])
    assert sorted(load_report(path)["kinds"]) == kinds
    assert yaml.safe_load(path.read_text())["totals"]["run"] == 8


def test_a_job_that_ends_before_its_results_loses_only_its_own_kinds(monkeypatch: pytest.MonkeyPatch) -> None:
    """The parent's side of the job protocol, with jobs that are small Python programs: one sends its
    kinds' results, one dies after starting its kind."""
    import sys

    passed = result_to_json(Result("aws_a", steps=dict.fromkeys(("create", "reimport", "update",
                                                                                     "delete"), "ok")))
    programs = {
        "aws_a": f"import json, os, sys; sys.stdin.read(); out = os.fdopen(int(sys.argv[-1]), 'w'); "
                 f"out.write(json.dumps({{'started': 'aws_a'}}) + chr(10)); "
                 f"out.write(json.dumps({{'result': {passed!r}}}) + chr(10))",
        "aws_b": "import json, os, sys; sys.stdin.read(); out = os.fdopen(int(sys.argv[-1]), 'w'); "
                 "out.write(json.dumps({'started': 'aws_b'}) + chr(10)); out.flush(); os._exit(3)",
    }
    real = conformance_jobs.subprocess.Popen

    def popen(args: list[str], **kwargs: object) -> object:
        # The job's kinds are in its spec on stdin; which program runs is told by the batch's place.
        kind = "aws_a" if popen.calls == 0 else "aws_b"  # type: ignore[attr-defined]
        popen.calls += 1  # type: ignore[attr-defined]
        return real([sys.executable, "-c", programs[kind], args[-1]], **kwargs)  # type: ignore[call-overload]

    popen.calls = 0  # type: ignore[attr-defined]
    monkeypatch.setattr(conformance_jobs.subprocess, "Popen", popen)
    heard: list[str] = []
    run = conformance_jobs.run_jobs("aws", ["aws_a", "aws_b"], jobs=1, batch=1, executor="direct", workers=1,
                                    timeout=1, done=lambda r: heard.append(r.kind), started=heard.append)
    assert [r.kind for r in run.results] == ["aws_a"] and run.results[0].passed
    assert run.lost == ["aws_b"]
    assert heard == ["aws_a", "aws_a", "aws_b"]


@pytest.mark.parametrize(
    ("tf_type", "want"),
    [
        pytest.param("aws_iam_policy", ["tags"], id="TagsFirst"),
        pytest.param("aws_cloudwatch_event_archive", ["description"], id="FreeTextWithoutTags"),
        pytest.param("aws_iam_role_policy_attachment", [], id="NothingToChange"),
    ],
)
def test_the_update_changes_tags_else_free_text_else_a_flag(tf_type: str, want: list[str]) -> None:
    assert [c.argument for c in changes(AWS.by_type(tf_type), {}, {}, "c1")][:len(want) or 1] == want


def test_a_flag_is_flipped_and_one_that_decides_a_delete_never_is() -> None:
    found = {c.argument: c for c in changes(AWS.by_type("aws_s3_bucket"), {}, {"object_lock_enabled": True}, "c1")}
    assert "force_destroy" not in found, "it decides what the delete step does"
    lock = found["object_lock_enabled"]
    assert lock.field == "objectLockEnabled" and lock.value is False
    assert lock.shown(False) and not lock.shown(True) and not lock.shown(0)
    tags = found["tags"]
    assert tags.value == {"conformance": "c1"} and tags.shown({"a": "b", "conformance": "c1"})
    assert not tags.shown({"conformance": "c2"})


@pytest.mark.parametrize(
    ("tf_type", "reads", "want"),
    [
        pytest.param("aws_ebs_encryption_by_default", True, "ok: still read, reset", id="ASettingItsDeleteResets"),
        pytest.param("aws_glue_data_catalog_encryption_settings", True, "ok: still read, reset",
                     id="ASettingItsDeleteFunctionResets"),
        pytest.param("aws_securityhub_account", True, None, id="AKindNeitherItsPageNorItsDeleteResetsFails"),
        pytest.param("aws_ses_domain_dkim", True, "ok: forgotten", id="AKindWhoseDeleteCallsNothing"),
        pytest.param("aws_sqs_queue", True, None, id="AnObjectStillReadFails"),
        pytest.param("aws_sqs_queue", False, "ok", id="AnObjectGone"),
        pytest.param("aws_default_vpc", True, "ok: forgotten", id="ADefaultResourceIsOnlyForgotten"),
        pytest.param("aws_mq_configuration", True, "ok: forgotten", id="AnObjectTheProviderNeverDeletes"),
    ],
)
def test_a_setting_read_after_its_delete_passes_only_where_its_documentation_or_its_delete_says_so(
        tf_type: str, reads: bool, want: str | None) -> None:
    if want is None:
        with pytest.raises(StepFailed, match="still reads 'x' after the delete"):
            after_delete(tf_type, "x", lambda: reads)
    else:
        assert after_delete(tf_type, "x", lambda: reads).startswith(want)


def test_an_object_moto_still_answers_for_after_its_delete_is_motos() -> None:
    with pytest.raises(StepFailed) as failed:
        after_delete("aws_lakeformation_lf_tag", "123456789012:k", lambda: True)
    assert classify(str(failed.value)) == MOTO


def test_a_second_object_is_counted_in_the_kinds_own_model_only() -> None:
    before = {"rds.DBInstance": {"arn=arn:aws:rds:us-east-1:123456789012:db:c1-db"}}
    snapshot = {"rds.DBSnapshot": {"arn=arn:aws:rds:us-east-1:123456789012:snapshot:s-of-c1-db"}}
    assert second_objects(before, {**before, **snapshot}) == 0, "a snapshot naming it is another model's"
    second = {"rds.DBInstance": {*before["rds.DBInstance"], "arn=arn:aws:rds:us-east-1:123456789012:db:c1-db-2"}}
    assert second_objects(before, second) == 1
    assert second_objects(before, {}) == 0, "the object gone is no second one"
    rewritten = {"ec2.EC2Backend": {"vpc-1 as moto held it then"}}
    assert second_objects(rewritten, {"ec2.EC2Backend": {"vpc-1 as moto holds it now"}}) == 0, \
        "one object read differently is still one"


@pytest.mark.parametrize(
    ("needle", "want"),
    [
        pytest.param("c1-example-vpc", True, id="AnObjectName"),
        pytest.param("vpc-0a1b2c3d", True, id="AnID"),
        pytest.param("example", False, id="APlaceholder"),
        pytest.param("123456789012", False, id="TheAccountID"),
        pytest.param("us-east-1", False, id="TheRegion"),
        pytest.param("ap-southeast-2", False, id="ARegionOfThreeWords"),
        pytest.param("us-gov-west-1", False, id="AGovCloudRegion"),
        pytest.param("my-db-1", True, id="ANameShapedLikeARegion"),
    ],
)
def test_an_account_or_a_region_names_no_object_to_count(needle: str, want: bool) -> None:
    assert countable(needle) == want


@pytest.mark.parametrize(
    ("tf_type", "field", "value"),
    [
        pytest.param("aws_opensearch_domain", "domainName", "example", id="TheDomainsName"),
        pytest.param("aws_identitystore_user", "userName", "johndoe", id="TheUsersName"),
    ],
)
def test_an_objects_own_cloud_name_is_made_unique_per_run(examples: Examples, tf_type: str, field: str,
                                                          value: str) -> None:
    bundle = examples.bundle(AWS.by_type(tf_type))
    kind, manifest = bundle.objects[-1]
    spec = {**manifest["spec"], "forProvider": {**manifest["spec"]["forProvider"], field: value}}
    changed = Bundle(bundle.kind, ((kind, {**manifest, "spec": spec}),))
    assert renamed(changed, "c1-")[0][1]["spec"]["forProvider"][field] == value + "c1"
    assert renamed(changed, "c2-")[0][1]["spec"]["forProvider"][field] == value + "c2", "each run its own"


def test_an_argument_that_names_something_else_is_left() -> None:
    assert identifying_fields(AWS.by_type("aws_db_option_group")) == [], "engineName names an engine"
    assert identifying_fields(AWS.by_type("aws_identitystore_user")) == ["userName"], "not displayName"


@pytest.mark.parametrize(
    ("failure", "was", "want"),
    [
        pytest.param("create: X/c1-x: create failed: api error UnknownError: StatusCode: 404, RequestID: , api error "
                     "UnknownError", OURS, MOTO, id="NewWordsDecide"),
        pytest.param("delete: OperationFailed: import aws_network_acl 'acl-1': api error InvalidRouteTableID.NotFound",
                     OURS, OURS, id="TheRunnersOwnExceptionStands"),
        pytest.param("create: refused X/c1-x: admission webhook", EXAMPLE, EXAMPLE, id="ARefusalStands"),
        pytest.param("update: " + "x" * 592 + " api err", EXAMPLE, EXAMPLE, id="WordsCutOffKeepTheirClass"),
        pytest.param("update: nothing anyone recognises", EXAMPLE, OURS, id="WholeWordsThatSayNothingAreOurs"),
    ],
)
def test_a_report_row_is_classified_again_by_the_words_it_kept(failure: str, was: str, want: str) -> None:
    assert reclassified(failure, was) == want


class _Unprintable:
    def __repr__(self) -> str:
        return None  # type: ignore[return-value]  # as some of moto's models do


class _Tracked:
    instances_tracked: list[_Tracked] = []

    def __init__(self, name: str) -> None:
        self.name, self.owner = name, _Unprintable()


def test_a_model_that_cannot_print_itself_is_still_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    from moto.core import model_instances

    _Tracked.instances_tracked = [_Tracked("c1-example-method"), _Tracked("c1-other")]
    monkeypatch.setattr(model_instances, "model_data", {"apigateway": {"Model": _Tracked}})
    assert MotoCount().where(["c1-example-method"]) == {"apigateway.Model": {"name=c1-example-method"}}


class Cluster:
    """One object whose provider keeps every change but the ones in ``refused``, which fail its update
    in ``words``: each patch is reconciled at once, its conditions carrying the patch's generation."""

    def __init__(self, refused: set[str], words: str, spec: dict[str, Any] | None = None) -> None:
        self.refused, self.words = refused, words
        self.spec: dict[str, Any] = dict(spec or {})
        self.original = dict(self.spec)
        self.state: dict[str, Any] = {}
        self.generation = 1
        self.conditions = READY
        self.patches: list[str] = []

    def get(self, res: object, name: str) -> dict[str, Any]:
        return {"metadata": {"name": name, "generation": self.generation}, "spec": {"forProvider": dict(self.spec)},
                "status": {"conditions": [{**c, "observedGeneration": self.generation} for c in self.conditions]}}

    def patch(self, res: object, name: str, patch: dict[str, Any]) -> dict[str, Any]:
        ((field, value),) = patch["spec"]["forProvider"].items()
        self.patches.append(field)
        if isinstance(value, dict) and isinstance(self.spec.get(field), dict):  # a merge patch merges maps
            value = {k: v for k, v in {**self.spec[field], **value}.items() if v is not None}
        self.spec = {k: v for k, v in {**self.spec, field: value}.items() if v is not None}
        self.generation += 1
        if field in self.refused and self.spec.get(field) != self.original.get(field):
            self.conditions = [READY[0], {"type": "Synced", "status": "False", "message": self.words}]
        else:
            self.state = {"tags": self.spec.get("tags"), "description": self.spec.get("description")}
            self.conditions = READY
        return self.get(res, name)


def _update_step(cluster: Cluster, monkeypatch: pytest.MonkeyPatch) -> str:
    harness = Harness(cluster, AWS, Path("."), MotoCount(), 3.0, None, [], [])
    monkeypatch.setattr(harness_module, "SETTLE_SECONDS", 0.1)  # a failure without a verb's words counts after it
    monkeypatch.setattr(harness, "_in_place", lambda kind, name, change: "")
    monkeypatch.setattr(harness, "_instance", lambda ws: SimpleNamespace(attributes=cluster.state))
    return harness._update(AWS.by_type("aws_iam_policy"), "c1-example-policy", None, "c1", {})


def test_an_argument_moto_will_not_update_gives_way_to_the_next(monkeypatch: pytest.MonkeyPatch) -> None:
    cluster = Cluster({"tags"}, "Policy/c1: the external resource still differs from the spec after 3 updates "
                      "(update: tags); the cloud does not keep what was applied")
    assert _update_step(cluster, monkeypatch) == "ok: description changed in place"
    assert cluster.patches == ["tags", "tags", "description"], "the refused tags were put back first"
    assert "tags" not in cluster.spec


def test_a_value_refused_with_the_rest_of_the_spec_gives_way_to_the_next(monkeypatch: pytest.MonkeyPatch) -> None:
    cluster = Cluster({"tags"}, "Policy/c1: update failed: invalid configuration: Missing required argument: all "
                      "of `tags,set_identifier` must be specified (at tags)")
    assert _update_step(cluster, monkeypatch) == "ok: description changed in place"
    assert cluster.patches == ["tags", "tags", "description"], "the refused value was put back first"


def test_a_step_whose_only_value_is_refused_with_the_rest_of_the_spec_is_skipped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    cluster = Cluster({"tags", "description"}, "Policy/c1: update failed: invalid configuration: Missing required "
                      "argument: all of `tags,set_identifier` must be specified (at tags)")
    assert _update_step(cluster, monkeypatch).startswith("skipped: no argument changes in place (tags refused "
                                                          "(example invalid)")


def test_a_refused_change_to_tags_the_example_has_takes_away_only_the_added_tag(
        monkeypatch: pytest.MonkeyPatch) -> None:
    cluster = Cluster({"tags"}, "Policy/c1: the external resource still differs from the spec after 3 updates "
                      "(update: tags); the cloud does not keep what was applied", {"tags": {"team": "a"}})
    assert _update_step(cluster, monkeypatch) == "ok: description changed in place"
    assert cluster.spec["tags"] == {"team": "a"}


def test_an_update_failing_by_our_own_words_fails_the_step(monkeypatch: pytest.MonkeyPatch) -> None:
    cluster = Cluster({"tags"}, "Policy/c1: update failed: the state has no string attribute 'arn'")
    with pytest.raises(StepFailed, match=r"changing tags: .*no string attribute"):
        _update_step(cluster, monkeypatch)
    assert cluster.patches == ["tags"], "nothing else is tried"
