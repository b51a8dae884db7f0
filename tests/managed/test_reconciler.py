"""Managed reconciler branches, table-driven where the shape allows, on the in-process store."""

from __future__ import annotations

import base64
import dataclasses
import json
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from bridge.api.errors import Retryable
from bridge.api.external import ImportCheck, ImportOutcome, Observation
from bridge.api.managed import (
    CREATE_FAILED,
    CREATE_PENDING,
    CREATE_SUCCEEDED,
    EXTERNAL_NAME,
    FINALIZER,
    IMPORT_CHECK_FAILED,
    PAUSED,
    Managed,
)
from bridge.kube import errors
from bridge.kube.cache import CachedReader
from bridge.kube.client import EVENTS, SECRETS
from bridge.kube.informer import Informer
from bridge.managed import references
from bridge.managed.reconciler import INCOMPLETE
from devrig.cloud import provider_config
from devrig.fakes import _FakeClient
from tests.support.bench import VPCS, Bench
from tests.support.packages import AWS_CURATED as AWS

VPC = {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"}


def test_new_resource_is_created_then_available() -> None:
    b = Bench()
    b.apply("VPC", "v", VPC)
    b.reconcile("VPC", "v")
    obj = b.get("VPC", "v")
    assert FINALIZER in obj["metadata"]["finalizers"] and CREATE_PENDING in obj["metadata"]["annotations"]
    assert b.condition("VPC", "v", "Ready")["reason"] == "Creating"
    b.settle("VPC", "v")
    obj = b.get("VPC", "v")
    ann = obj["metadata"]["annotations"]
    assert ann[EXTERNAL_NAME] == "id-1" and CREATE_SUCCEEDED in ann
    assert (b.condition("VPC", "v", "Ready")["reason"], b.condition("VPC", "v", "Synced")["reason"]) == (
        "Available", "ReconcileSuccess")
    assert b.condition("VPC", "v", "Ready")["observedGeneration"] == obj["metadata"]["generation"]
    assert obj["status"]["atProvider"]["id"] == "id-1" and b.cloud.calls["create"] == 1
    assert ("Normal", "CreatedExternalResource") in b.events("v")


def test_name_identified_kinds_initialise_the_external_name() -> None:
    b = Bench()
    b.apply("Role", "my-role", {"assumeRolePolicy": "{}"})
    b.settle("Role", "my-role")
    assert b.get("Role", "my-role")["metadata"]["annotations"][EXTERNAL_NAME] == "my-role"
    assert list(b.cloud.resources) == ["my-role"]


@pytest.mark.parametrize(
    ("setup", "want_synced", "want_message"),
    [
        pytest.param(lambda b: b.apply("VPC", "v", VPC, metadata={"annotations": {PAUSED: "true"}}),
                     "ReconcilePaused", "", id="Paused"),
        pytest.param(lambda b: b.apply("VPC", "v", VPC, managementPolicies=["Observe"]),
                     "ReconcileError", "observe failed: external resource does not exist", id="ObserveOnlyMissing"),
        pytest.param(lambda b: b.apply("VPC", "v", VPC, metadata={"annotations": {
            CREATE_PENDING: "2026-01-02T00:00:00Z", CREATE_SUCCEEDED: "2026-01-01T00:00:00Z"}}),
                     "ReconcileError", INCOMPLETE, id="IncompleteCreateIsNotRetriedBlindly"),
    ],
)
def test_no_create(setup: Callable[[Bench], Any], want_synced: str, want_message: str) -> None:
    b = Bench()
    setup(b)
    b.settle("VPC", "v")
    synced = b.condition("VPC", "v", "Synced")
    assert synced["reason"] == want_synced and want_message in synced.get("message", "")
    assert b.cloud.calls.get("create", 0) == 0


def test_observe_only_adopts_without_changing() -> None:
    b = Bench()
    b.cloud.resources["vpc-x"] = {"spec": {"region": "us-east-1", "cidrBlock": "192.168.0.0/16"}}
    b.apply("VPC", "v", VPC, managementPolicies=["Observe"], metadata={"annotations": {EXTERNAL_NAME: "vpc-x"}})
    b.settle("VPC", "v")
    assert b.condition("VPC", "v", "Ready")["reason"] == "Available"
    assert b.cloud.calls.get("create", 0) == b.cloud.calls.get("update", 0) == 0
    assert b.get("VPC", "v")["status"]["atProvider"]["cidrBlock"] == "192.168.0.0/16"


def test_create_failure_is_recorded_and_retried_after_a_backoff() -> None:
    b = Bench()
    b.cloud.fail("create", times=2)
    first = b.create_and_collect("VPC", "v", VPC)  # collects the failure; the retry waits out its backoff
    assert first.requeue_after is not None and 0 < first.requeue_after <= 1.0
    assert CREATE_FAILED in b.get("VPC", "v")["metadata"]["annotations"]
    assert ("Warning", "CannotCreateExternalResource") in b.events("v")
    held = b.reconcile("VPC", "v")  # an event (the annotation) during the backoff starts nothing
    synced = b.condition("VPC", "v", "Synced")
    assert held.requeue_after is not None and b.cloud.calls["create"] == 1 and not b.ops.in_flight()
    assert synced["status"] == "False" and "injected" in synced["message"], "the failure stays on the object"

    b.wait_out_backoff("VPC", "v")
    b.reconcile("VPC", "v")
    b.drain()
    second = b.reconcile("VPC", "v")
    assert b.cloud.calls["create"] == 2
    assert second.requeue_after is not None and 1.0 < second.requeue_after <= 2.0, "consecutive failures double it"

    spec = b.get("VPC", "v")
    spec["spec"]["forProvider"]["enableDnsSupport"] = True
    b.kube.update(b.res("VPC"), spec)
    b.settle("VPC", "v")  # a spec change retries at once
    assert b.cloud.calls["create"] == 3 and b.condition("VPC", "v", "Ready")["reason"] == "Available"
    op_key = b.reconcilers["VPC"].op_key(("", "v"))
    assert b.ops.retry_in(op_key, b.get("VPC", "v")["metadata"]["generation"]) == 0, "success clears the backoff"


def test_default_tags_go_on_before_create() -> None:
    b = Bench()
    b.apply("VPC", "v", {**VPC, "tags": {"team": "a", "crossplane-name": "spoofed"}})
    b.apply("RolePolicyAttachment", "att", {"role": "r", "policyArn": "arn:aws:iam::aws:policy/x"})
    b.settle("VPC", "v")
    b.settle("RolePolicyAttachment", "att")
    want = {"team": "a", "crossplane-kind": "vpc.ec2.aws.tfbridge.io", "crossplane-name": "v",
            "crossplane-providerconfig": "default"}
    assert b.get("VPC", "v")["spec"]["forProvider"]["tags"] == want
    assert b.cloud.resources["id-1"]["spec"]["tags"] == want, "the tags reached the cloud with the create"
    assert "tags" not in b.get("RolePolicyAttachment", "att")["spec"]["forProvider"], "a kind without tags"


def interrupted_create(b: Bench, kind: str, for_provider: dict[str, Any], look_alikes: int = 0) -> None:
    """A create whose run was interrupted after the cloud made the object: the outcome is unknown."""
    b.cloud.interrupt_create()
    b.apply(kind, "v", for_provider)
    b.reconcile(kind, "v")
    b.drain()
    for i in range(look_alikes):
        b.cloud.resources[f"other-{i}"] = {"spec": {"tags": b.cloud.resources["id-1"]["spec"]["tags"]}}
    b.reconcile(kind, "v")  # collects the outcome, observes nothing (no ID), and must not create again
    ann = b.get(kind, "v")["metadata"]["annotations"]
    assert CREATE_PENDING in ann and CREATE_FAILED not in ann, "an interrupted create is not a failed one"
    assert b.cloud.calls["create"] == 1


def test_interrupted_create_is_adopted_by_a_lookup_of_its_tags() -> None:
    b = Bench()
    interrupted_create(b, "VPC", VPC)
    b.settle("VPC", "v")
    assert b.get("VPC", "v")["metadata"]["annotations"][EXTERNAL_NAME] == "id-1"
    assert b.condition("VPC", "v", "Ready")["reason"] == "Available"
    assert b.cloud.calls["create"] == 1 and list(b.cloud.resources) == ["id-1"]
    assert ("Normal", "RecoveredExternalResource") in b.events("v")


def test_a_lost_state_rebuilt_rather_than_imported_is_told_in_an_event(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kind Terraform cannot import has its lost state written again and read (bridge.workspace.client):
    whoever looks at the object learns so, as of any recovery."""
    b = Bench()
    b.apply("VPC", "v", VPC)
    b.settle("VPC", "v")
    observe = _FakeClient.observe

    def rebuilt(self: _FakeClient, mr: Managed) -> Observation:
        return dataclasses.replace(observe(self, mr), recovered=("rebuild",), rebuilt="its state was lost")

    monkeypatch.setattr(_FakeClient, "observe", rebuilt)
    b.reconcile("VPC", "v")
    (event,) = [e for e in b.event_objects("v") if e["reason"] == "RebuiltWorkspace"]
    assert event["message"] == "workspace rebuilt from external name id-1 and the spec: its state was lost", event
    assert b.cloud.calls["create"] == 1 and b.condition("VPC", "v", "Ready")["reason"] == "Available"


@pytest.mark.parametrize(
    ("kind", "for_provider", "others", "want"),
    [
        pytest.param("Key", {"region": "us-east-1"}, 0,
                     "look in the cloud for a Key tagged crossplane-kind=key.kms.aws.tfbridge.io, crossplane-name=v",
                     id="NoLookupForTheKind"),
        pytest.param("VPC", VPC, 1, "a lookup found 2 of a VPC tagged", id="LookupFindsTwo"),
    ],
)
def test_interrupted_create_that_cannot_be_recovered_stops_and_says_what_to_check(
        kind: str, for_provider: dict[str, Any], others: int, want: str) -> None:
    b = Bench()
    interrupted_create(b, kind, for_provider, others)
    b.settle(kind, "v")
    message = b.condition(kind, "v", "Synced")["message"]
    assert INCOMPLETE in message and want in message and EXTERNAL_NAME in message, message
    assert b.cloud.calls["create"] == 1 and b.condition(kind, "v", "Ready")["reason"] != "Available"


def test_a_create_cut_short_before_it_applied_is_failed_and_retried() -> None:
    """Seed 003 under load: the deadline fell while terraform was still planning. Nothing reached the
    cloud, so the outcome is known; stopping for a person, as for an unknown outcome, would be wrong."""
    b = Bench()
    b.cloud.interrupt_create(before_apply=True)
    b.create_and_collect("VPC", "v", VPC)
    ann = b.get("VPC", "v")["metadata"]["annotations"]
    assert CREATE_FAILED in ann and not b.cloud.resources
    assert "before it asked the provider" in b.condition("VPC", "v", "Synced")["message"]
    b.wait_out_backoff("VPC", "v")
    b.settle("VPC", "v")
    assert b.cloud.calls["create"] == 2 and list(b.cloud.resources) == ["id-1"]
    assert b.condition("VPC", "v", "Ready")["reason"] == "Available"


@pytest.mark.parametrize(
    ("kind", "for_provider", "look_alikes", "creates", "adopted"),
    [
        pytest.param("VPC", VPC, 0, 1, True, id="OneFoundIsAdopted"),
        pytest.param("VPC", VPC, 1, 1, False, id="TwoFoundStopWithInstructions"),
        pytest.param("Key", {"region": "us-east-1"}, 0, 2, False, id="NoLookupCreatesAgain"),
    ],
)
def test_a_create_reported_failed_is_looked_up_before_it_is_made_again(
        kind: str, for_provider: dict[str, Any], look_alikes: int, creates: int, adopted: bool) -> None:
    """A cloud SDK that lost the answer to a create retries it, and reports the retry's "already exists":
    the object was made, but the failure names none. Creating again would fail for ever (or make a second)."""
    b = Bench()
    b.cloud.interrupt_create(reported_failed=True)
    b.create_and_collect(kind, "v", for_provider)
    ann = b.get(kind, "v")["metadata"]["annotations"]
    assert CREATE_FAILED in ann and EXTERNAL_NAME not in ann and list(b.cloud.resources) == ["id-1"]
    for i in range(look_alikes):
        b.cloud.resources[f"other-{i}"] = {"spec": {"tags": b.cloud.resources["id-1"]["spec"]["tags"]}}
    b.wait_out_backoff(kind, "v")
    b.settle(kind, "v")
    b.settle(kind, "v")  # as the watch would, after the adopting reconcile's own write
    assert b.cloud.calls["create"] == creates
    if adopted:
        assert b.get(kind, "v")["metadata"]["annotations"][EXTERNAL_NAME] == "id-1"
        assert b.condition(kind, "v", "Ready")["reason"] == "Available"
        assert ("Normal", "RecoveredExternalResource") in b.events("v")
    elif look_alikes:
        message = b.condition(kind, "v", "Synced")["message"]
        assert INCOMPLETE in message and f"a lookup found {look_alikes + 1} of" in message, message


def test_a_failed_create_that_left_the_object_in_the_state_records_its_name() -> None:
    b = Bench()
    b.cloud.interrupt_create(recorded=True)
    b.create_and_collect("VPC", "v", VPC)
    ann = b.get("VPC", "v")["metadata"]["annotations"]
    assert ann[EXTERNAL_NAME] == "id-1" and CREATE_FAILED in ann
    assert ("Warning", "CannotCreateExternalResource") in b.events("v")
    b.settle("VPC", "v")
    assert b.cloud.calls["create"] == 1 and b.condition("VPC", "v", "Ready")["reason"] == "Available"


def test_drift_is_updated_and_late_init_fills_the_spec() -> None:
    b = Bench()
    b.apply("VPC", "v", VPC)
    b.settle("VPC", "v")
    b.cloud.resources["id-1"]["late"] = {"instanceTenancy": "default"}
    b.cloud.resources["id-1"]["spec"]["cidrBlock"] = "changed-out-of-band"
    b.settle("VPC", "v")
    assert b.cloud.calls["update"] == 1 and b.cloud.resources["id-1"]["spec"]["cidrBlock"] == "10.0.0.0/16"
    assert b.get("VPC", "v")["spec"]["forProvider"]["instanceTenancy"] == "default"


@pytest.mark.parametrize("after_apply", [False, True], ids=["EveryObserveReads", "ObserveAfterApplyAnswersFromIt"])
def test_a_spec_the_cloud_does_not_keep_is_applied_with_a_growing_pause(after_apply: bool) -> None:
    """An update that succeeds but leaves the object differing from its spec (the cloud drops a value, or a
    spec is written never to converge) is not applied again and again: after the second such update the
    object says so and the next one waits, doubling; other objects' operations go on meanwhile. The observe
    that the executor answers from its own apply's state (up to date by construction) proves nothing."""
    b = Bench(max_operations=1)
    b.cloud.drops = {"enableDnsHostnames"}
    b.cloud.answers_after_apply = after_apply
    b.apply("VPC", "v", {**VPC, "enableDnsHostnames": True})
    for _ in range(2 + 2 * after_apply):  # each update's next observe, when it is answered from the apply
        b.settle("VPC", "v")
    assert b.cloud.calls["update"] == 2, "applied once more after the first did not converge, then held"
    synced = b.condition("VPC", "v", "Synced")
    assert synced["status"] == "False" and "still differs from the spec after 2 updates" in synced["message"]
    key = b.reconcilers["VPC"].op_key(("", "v"))
    assert 5 < b.ops.retry_in(key, b.get("VPC", "v")["metadata"]["generation"]) <= 10
    b.create_and_collect("VPC", "neighbour", VPC)
    assert b.ready("VPC", "neighbour"), "the operation pool is not held by the object that does not converge"
    b.kube.patch(b.res("VPC"), "v", {"spec": {"forProvider": {"enableDnsHostnames": False}}})
    b.reconcile("VPC", "v")
    b.drain()
    assert b.cloud.calls["update"] == 3, "a changed spec is applied at once"


@pytest.mark.parametrize(("policy", "cloud_left"), [("Delete", []), ("Orphan", ["id-1"])])
def test_deletion_policy(policy: str, cloud_left: list[str]) -> None:
    b = Bench()
    b.apply("VPC", "v", VPC, deletionPolicy=policy)
    b.settle("VPC", "v")
    b.kube.delete(b.res("VPC"), "v")
    b.settle("VPC", "v")
    assert list(b.cloud.resources) == cloud_left
    with pytest.raises(errors.NotFound):
        b.get("VPC", "v")


def test_a_delete_whose_outcome_meets_a_write_conflict_still_releases_the_object() -> None:
    """The outcome of a finished delete survives a conflict on the write that records it: the object is
    released by the next reconcile, never observed again (an importer may fail on the missing object, and
    the object would then keep its finalizer for ever)."""
    b = Bench()
    b.apply("VPC", "v", VPC)
    b.settle("VPC", "v")
    b.kube.delete(b.res("VPC"), "v")
    b.reconcile("VPC", "v")
    b.drain()
    assert b.cloud.resources == {}, "deleted in the cloud"
    observed = b.cloud.calls["observe"]
    b.kube.conflict_every[("update", "vpcs")] = 1  # releasing the finalizer conflicts once
    with pytest.raises(Retryable):
        b.reconcile("VPC", "v")
    b.kube.conflict_every.clear()
    b.cloud.fail("observe", times=100, error=RuntimeError("importing a missing access key fails"))
    assert b.reconcile("VPC", "v").done
    with pytest.raises(errors.NotFound):
        b.get("VPC", "v")
    assert b.cloud.calls["observe"] == observed, "never observed after the delete"


def secret(b: Bench) -> dict[str, Any]:
    return b.kube.get(SECRETS, "vpc-conn", "default")


CONN = {"writeConnectionSecretToRef": {"name": "vpc-conn", "namespace": "default"}}


def test_connection_secret_is_published_and_owned() -> None:
    b = Bench()
    b.apply("VPC", "v", VPC, **CONN)
    b.settle("VPC", "v")
    s = secret(b)
    assert s["type"] == "connection.crossplane.io/v1alpha1"
    assert base64.b64decode(s["data"]["attribute.password"]) == b"s3cret"
    (owner,) = s["metadata"]["ownerReferences"]
    assert owner["controller"] and owner["uid"] == b.get("VPC", "v")["metadata"]["uid"]


MARK = {"tfbridge.io/connection-owner": "ec2.aws.tfbridge.io/VPC/v", "tfbridge.io/connection-owner-uid": "old-uid"}


@pytest.mark.parametrize(
    ("secret_type", "annotations", "adopted"),
    [pytest.param("connection.crossplane.io/v1alpha1", MARK, True, id="OursIsReadoptedAfterARestore"),
     pytest.param("connection.crossplane.io/v1alpha1", {}, False, id="UnmarkedConnectionSecretIsLeftAlone"),
     pytest.param("connection.crossplane.io/v1alpha1", {**MARK, "tfbridge.io/connection-owner":
                                                        "ec2.aws.tfbridge.io/VPC/other"}, False,
                  id="MarkOfAnotherObjectIsLeftAlone"),
     pytest.param("Opaque", MARK, False, id="ForeignTypeIsLeftAlone")],
)
def test_restored_secret_adoption(secret_type: str, annotations: dict[str, str], adopted: bool) -> None:
    b = Bench()
    b.kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret", "type": secret_type,
                            "metadata": {"name": "vpc-conn", "namespace": "default", "annotations": annotations},
                            "data": {"mine": "eA=="}})
    before = secret(b)
    b.apply("VPC", "v", VPC, **CONN)
    if adopted:
        b.settle("VPC", "v")
        s = secret(b)
        assert s["metadata"]["ownerReferences"][0]["name"] == "v"
        assert s["metadata"]["annotations"]["tfbridge.io/connection-owner-uid"] == b.get("VPC", "v")["metadata"][
            "uid"], "the mark follows the restored object's new UID"
        # A key the cloud no longer shows (an access key's secret after an import) survives.
        assert s["data"] == {"mine": "eA==", "attribute.password": base64.b64encode(b"s3cret").decode()}
        return
    with pytest.raises(Exception, match="not adopting"):
        b.settle("VPC", "v")
    assert secret(b) == before
    assert "not adopting" in b.condition("VPC", "v", "Synced")["message"]


def test_references_are_resolved_and_pinned() -> None:
    b = Bench()
    b.apply("VPC", "net", VPC)
    b.settle("VPC", "net")
    b.apply("Subnet", "sub", {"region": "us-east-1", "cidrBlock": "10.0.1.0/24", "vpcIdRef": {"name": "net"}})
    b.settle("Subnet", "sub")
    assert b.get("Subnet", "sub")["spec"]["forProvider"]["vpcId"] == "id-1"
    assert [f for f in b.get("VPC", "net")["metadata"]["finalizers"] if f.startswith("in-use.tfbridge.io/")]


def test_unready_reference_names_the_field() -> None:
    b = Bench()
    b.apply("VPC", "net", VPC, managementPolicies=["Observe"])
    b.apply("Subnet", "sub", {"region": "us-east-1", "cidrBlock": "10.0.1.0/24", "vpcIdRef": {"name": "net"}})
    with pytest.raises(Retryable, match=r"spec.forProvider.vpcIdRef: referenced VPC/net is not ready"):
        b.reconcile("Subnet", "sub")
    assert b.cloud.calls.get("create", 0) == 0


def test_referenced_resource_waits_for_its_users() -> None:
    b = Bench()
    b.apply("VPC", "net", VPC)
    b.settle("VPC", "net")
    b.apply("Subnet", "sub", {"region": "us-east-1", "cidrBlock": "10.0.1.0/24", "vpcIdRef": {"name": "net"}})
    b.settle("Subnet", "sub")
    b.kube.delete(b.res("VPC"), "net")
    b.settle("VPC", "net")
    assert "waiting for 1 referencing resources" in b.condition("VPC", "net", "Ready")["message"]
    assert "id-1" in b.cloud.resources
    b.kube.delete(b.res("Subnet"), "sub")
    b.settle("Subnet", "sub")
    b.settle("VPC", "net")
    assert b.cloud.resources == {}


ZONE = {"region": "us-east-1", "name": "example.com"}
RECORD = {"region": "us-east-1", "name": "www.example.com", "type": "A", "ttl": 60, "records": ["192.0.2.1"],
          "zoneIdRef": {"name": "zone"}}


def _pins(b: Bench, kind: str, name: str) -> list[str]:
    return [f for f in b.get(kind, name)["metadata"]["finalizers"] if f.startswith("in-use.tfbridge.io/")]


def test_a_pin_made_at_an_earlier_version_of_the_referencing_kind_is_replaced_then_released() -> None:
    # The in-use finalizer's name holds the referencing object's API version: a Record an earlier release
    # reconciled at v1beta1 pinned its Zone under another name than it has at v1beta2.
    b = Bench()
    b.apply("Zone", "zone", ZONE)
    b.settle("Zone", "zone")
    b.apply("Record", "www", RECORD)
    record = Managed(b.get("Record", "www"))
    assert record.api_version.endswith("/v1beta2")
    earlier = references.earlier_in_use_finalizers(record, ("v1beta1", "v1beta2"))
    assert len(earlier) == 1 and references.in_use_finalizer(record) not in earlier
    zone = b.get("Zone", "zone")
    zone["metadata"]["finalizers"] = [*zone["metadata"]["finalizers"], earlier[0]]
    b.kube.update(b.res("Zone"), zone)
    b.settle("Record", "www")
    assert _pins(b, "Zone", "zone") == [references.in_use_finalizer(record)], "one pin, under the current name"
    zone = b.get("Zone", "zone")
    zone["metadata"]["finalizers"] = [*zone["metadata"]["finalizers"], earlier[0]]  # as if never replaced
    b.kube.update(b.res("Zone"), zone)
    b.kube.delete(b.res("Record"), "www")
    b.settle("Record", "www")
    assert _pins(b, "Zone", "zone") == [], "the delete releases the pin under every name it had"
    b.kube.delete(b.res("Zone"), "zone")
    b.settle("Zone", "zone")
    assert b.cloud.resources == {}


def test_a_target_pinned_at_an_earlier_version_of_its_kind_stays_pinned() -> None:
    b = Bench()
    b.apply("Zone", "zone", ZONE)
    b.settle("Zone", "zone")
    group = b.kind("Zone").api_version.rsplit("/", 1)[0]
    b.apply("Record", "www", RECORD, metadata={"annotations": {
        references.PINNED: json.dumps([[f"{group}/v1alpha1", "Zone", "zone"]])}})
    b.settle("Record", "www")
    record = Managed(b.get("Record", "www"))
    assert _pins(b, "Zone", "zone") == [references.in_use_finalizer(record)], "the same object: not unpinned as stale"
    assert references.pinned(record) == [(b.kind("Zone").api_version, "Zone", "zone", "")]
    b.kube.delete(b.res("Record"), "www")
    b.settle("Record", "www")
    assert _pins(b, "Zone", "zone") == []


def test_one_operation_at_a_time_and_last_spec_wins() -> None:
    b = Bench()
    gate = b.cloud.block("create")
    b.apply("VPC", "v", VPC)
    for _ in range(3):
        b.reconcile("VPC", "v")
    assert b.cloud.calls["create"] == 1
    ready = b.condition("VPC", "v", "Ready")
    assert ready["reason"] == "Creating" and "create in progress for" in ready["message"]
    obj = b.get("VPC", "v")
    obj["spec"]["forProvider"]["cidrBlock"] = "10.9.0.0/16"
    b.kube.update(b.res("VPC"), obj)
    gate.set()
    b.drain()
    b.settle("VPC", "v")
    assert b.cloud.resources["id-1"]["spec"]["cidrBlock"] == "10.9.0.0/16"
    assert b.cloud.calls["create"] == 1 and b.cloud.calls["update"] == 1


def test_conflict_on_pending_annotation_aborts_the_create() -> None:
    b = Bench()
    b.apply("VPC", "v", VPC)
    b.kube.conflict_every[("update", "vpcs")] = 2  # the finalizer write passes, the pending write conflicts
    with pytest.raises(Retryable):
        b.reconcile("VPC", "v")
    assert b.cloud.calls.get("create", 0) == 0 and not b.ops.in_flight()


def test_missing_provider_config_is_reported() -> None:
    b = Bench()
    b.apply("VPC", "v", VPC, providerConfigRef={"name": "nope"})
    with pytest.raises(Retryable, match="ProviderConfig 'nope' not found"):
        b.reconcile("VPC", "v")
    assert "ProviderConfig 'nope' not found" in b.condition("VPC", "v", "Synced")["message"]


def test_seed_002_every_referencer_pins_under_conflicts() -> None:
    b = Bench()
    b.apply("VPC", "net", VPC)
    b.settle("VPC", "net")
    b.kube.conflict_every[("update", "vpcs")] = 2
    for i in range(20):
        b.apply("Subnet", f"s{i}", {"region": "us-east-1", "cidrBlock": f"10.0.{i}.0/24", "vpcIdRef": {"name": "net"}})
    pending = [f"s{i}" for i in range(20)]
    for _ in range(20):
        retry = []
        for name in pending:
            try:
                b.reconcile("Subnet", name)
            except Retryable:
                retry.append(name)
        pending = retry
        if not pending:
            break
    assert pending == []
    pins = [f for f in b.get("VPC", "net")["metadata"]["finalizers"] if f.startswith("in-use.tfbridge.io/")]
    assert len(set(pins)) == 20


def test_selector_resolves_and_records_the_reference() -> None:
    b = Bench()
    b.apply("VPC", "labelled", VPC)
    obj = b.get("VPC", "labelled")
    obj["metadata"]["labels"] = {"net": "main"}
    b.kube.update(b.res("VPC"), obj)
    b.settle("VPC", "labelled")
    b.apply("Subnet", "sub", {"region": "us-east-1", "cidrBlock": "10.0.1.0/24",
                              "vpcIdSelector": {"matchLabels": {"net": "main"}}})
    b.settle("Subnet", "sub")
    fp = b.get("Subnet", "sub")["spec"]["forProvider"]
    assert fp["vpcId"] == "id-1" and fp["vpcIdRef"] == {"name": "labelled"}


def test_credentials_never_reach_conditions_or_events() -> None:
    b = Bench()
    b.kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "creds", "namespace": "default"},
                            "data": {"creds": base64.b64encode(b"hunter2-not-json").decode()}})
    pcs = b.connector.res.configs
    b.kube.create(pcs, provider_config(AWS.provider.root_group, "bad", secret=("default", "creds", "creds")))
    b.apply("VPC", "v", VPC, providerConfigRef={"name": "bad"})
    with pytest.raises(Exception, match="is neither a JSON object nor an INI profile"):
        b.reconcile("VPC", "v")
    synced = b.condition("VPC", "v", "Synced")
    assert synced["reason"] == "ReconcileError" and "spec.credentials.secretRef" in synced["message"]
    everything = str(b.get("VPC", "v")) + str(b.kube.list(EVENTS)[0])
    assert "hunter2" not in everything
    assert b.cloud.calls.get("create", 0) == 0


def _drift(b: Bench) -> None:
    b.cloud.resources["id-1"]["spec"]["cidrBlock"] = "changed-out-of-band"


def _delete(b: Bench) -> None:
    b.kube.delete(b.res("VPC"), "v")  # held by our finalizer: a delete of the cloud object is due


@pytest.mark.parametrize(("due", "verb"), [(_drift, "update"), (_delete, "delete")], ids=["update", "delete"])
def test_an_object_read_from_a_stale_cache_starts_no_cloud_operation(due: Callable[[Bench], None], verb: str) -> None:
    b = Bench()
    b.apply("VPC", "v", VPC)
    b.settle("VPC", "v")
    due(b)
    informer = Informer(b.kube, b.res("VPC"))
    informer._list()  # a cache that hears of no later write
    b.reconcilers["VPC"] = b.reconciler("VPC", reader=CachedReader(b.kube, b.res("VPC"), informer))
    obj = b.get("VPC", "v")
    obj["metadata"]["labels"] = {"touched-by": "someone-else"}  # say, a finalizer a referencing object added
    b.kube.update(b.res("VPC"), obj)
    with pytest.raises(Retryable, match="changed since it was read from the cache"):
        b.reconcile("VPC", "v")
    assert b.cloud.calls.get(verb, 0) == 0 and not b.ops.in_flight() and list(b.cloud.resources) == ["id-1"]
    informer._list()  # the watch catches up
    b.settle("VPC", "v")
    assert b.cloud.calls[verb] == 1


class RecordingPublisher:
    def __init__(self) -> None:
        self.published: list[tuple[str, dict[str, bytes]]] = []

    def publish(self, mr: Managed, details: Mapping[str, bytes]) -> bool:
        self.published.append((mr.name, dict(details)))
        return True


def test_a_collaborator_is_swapped_as_with_crossplane_runtimes_options() -> None:
    b = Bench()
    publisher = RecordingPublisher()
    b.reconcilers["VPC"] = b.reconciler("VPC", publisher=publisher)
    b.apply("VPC", "v", VPC, writeConnectionSecretToRef={"name": "conn", "namespace": "default"})
    b.settle("VPC", "v")
    assert ("v", {"attribute.password": b"s3cret"}) in publisher.published
    with pytest.raises(errors.NotFound):
        b.kube.get(SECRETS, "conn", "default")  # the API-backed publisher it replaced never ran


@pytest.mark.parametrize(
    ("check", "marked", "condition"),
    [
        pytest.param(ImportCheck("id-1", ImportOutcome.NOT_FOUND), True, ("False", "ImportCheckFailed"),
                     id="NotFoundMarksTheObject"),
        pytest.param(ImportCheck("id-1", ImportOutcome.OTHER_OBJECT, "id 'id-9', not 'id-1'"), True,
                     ("False", "ImportCheckFailed"), id="AnotherObjectMarksTheObject"),
        pytest.param(ImportCheck("id-1", ImportOutcome.IMPORTED), False, None, id="ImportedSaysNothing"),
        pytest.param(ImportCheck("id-1", ImportOutcome.UNCHECKED, "no answer within the import check's 20s"),
                     False, ("Unknown", "ImportCheckUnchecked"), id="UncheckedSaysSoAndMarksNothing"),
    ],
)
def test_the_import_check_after_create_is_shown(check: ImportCheck, marked: bool,
                                                 condition: tuple[str, str] | None) -> None:
    b = Bench()
    b.cloud.import_check = check
    b.apply("VPC", "v", VPC)
    b.settle("VPC", "v")
    obj = b.get("VPC", "v")
    assert (obj["metadata"]["annotations"].get(IMPORT_CHECK_FAILED) == "id-1") == marked
    assert b.condition("VPC", "v", "Ready")["reason"] == "Available", "the object exists whatever the check found"
    importable = b.condition("VPC", "v", "Importable")
    assert ((importable["status"], importable["reason"]) if importable else None) == condition
    events, _ = b.kube.list(EVENTS, "default")
    warnings = [e["message"] for e in events
                if e["involvedObject"]["name"] == "v" and e["reason"] == "ImportCheckFailed"]
    assert len(warnings) == marked and all("'id-1'" in m and "lost" in m for m in warnings)
    unchecked = [e for e in events if e["involvedObject"]["name"] == "v" and e["reason"] == "ImportCheckUnchecked"]
    assert [(e["type"], "'id-1'" in e["message"] and "20s" in e["message"]) for e in unchecked] == (
        [("Normal", True)] if check.outcome is ImportOutcome.UNCHECKED else [])
    assert b.cloud.calls["create"] == 1


def test_a_spec_changed_while_it_was_reconciled_is_reconciled_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The status a reconcile writes answers the object it observed: when a change lands meanwhile and the
    status is written onto the new object after a conflict, its conditions keep the generation observed and
    the reconcile does not say it handled the new one (the controller would drop the change's event)."""
    b = Bench()
    b.apply("VPC", "v", VPC)
    b.settle("VPC", "v")
    before = b.get("VPC", "v")["metadata"]["generation"]
    enter = b.cloud._enter

    def changed_meanwhile(verb: str) -> None:
        enter(verb)
        if verb == "observe" and b.get("VPC", "v")["metadata"]["generation"] == before:
            b.kube.patch(VPCS, "v", {"spec": {"forProvider": {"tags": {"team": "b"}}}})

    monkeypatch.setattr(b.cloud, "_enter", changed_meanwhile)
    # A status to write (a settled object's reconcile writes none): its atProvider as a restore leaves it.
    obj = b.get("VPC", "v")
    b.kube.update_status(VPCS, {**obj, "status": {**obj["status"], "atProvider": {}}})
    result = b.reconcile("VPC", "v")
    assert result.handled is None
    assert b.get("VPC", "v")["metadata"]["generation"] == before + 1
    assert b.condition("VPC", "v", "Synced")["observedGeneration"] == before
    b.settle("VPC", "v")
    assert b.cloud.resources["id-1"]["spec"]["tags"]["team"] == "b"
    assert b.condition("VPC", "v", "Synced")["observedGeneration"] == before + 1


def _late_init_met_by(b: Bench, other: Callable[[], None]) -> None:
    """The next reconcile's observe late-initialises a value; its write of the spec meets ``other``'s write first."""
    b.cloud.resources["id-1"]["late"] = {"instanceTenancy": "default"}
    update = b.kube.update

    def meeting(res: Any, obj: dict[str, Any], *args: Any, **kwargs: Any) -> Any:
        if res.plural == "vpcs" and b.kube.update is meeting:
            b.kube.update = update  # type: ignore[method-assign]
            other()
            raise errors.Conflict(409, "Conflict", "the object has been modified")
        return update(res, obj, *args, **kwargs)

    b.kube.update = meeting  # type: ignore[method-assign]


def test_a_write_of_what_an_observe_found_meeting_a_write_that_left_the_spec_asks_the_cloud_nothing_again() -> None:
    b = Bench()
    b.apply("VPC", "v", VPC)
    b.settle("VPC", "v")
    observes = b.cloud.calls["observe"]

    def pin() -> None:  # as a referencing object puts its in-use finalizer on
        current = b.get("VPC", "v")
        current["metadata"]["finalizers"] = [*current["metadata"]["finalizers"], "in-use.tfbridge.io/other"]
        b.kube.update(VPCS, current)

    _late_init_met_by(b, pin)
    b.reconcile("VPC", "v")
    assert b.cloud.calls["observe"] == observes + 1, "one observe: the write was made again on the object as it is"
    got = b.get("VPC", "v")
    assert got["spec"]["forProvider"]["instanceTenancy"] == "default"
    assert "in-use.tfbridge.io/other" in got["metadata"]["finalizers"]


def test_a_write_of_what_an_observe_found_meeting_a_spec_change_starts_the_reconcile_over() -> None:
    b = Bench()
    b.apply("VPC", "v", VPC)
    b.settle("VPC", "v")

    def change() -> None:
        current = b.get("VPC", "v")
        current["spec"]["forProvider"]["tags"] = {"changed": "meanwhile"}
        b.kube.update(VPCS, current)

    _late_init_met_by(b, change)
    with pytest.raises(Retryable):
        b.reconcile("VPC", "v")
    assert "instanceTenancy" not in b.get("VPC", "v")["spec"]["forProvider"], "nothing written over the new spec"
