"""The one sequence every operation runs on the workspace floor, whichever executor drives it: which verbs
it asks of the executor's driver, in which order, and what it concludes from their answers. The driver
here records the verbs and answers as told; the real drivers are proven against the aws provider and
moto in tests/tfexec and tests/tfplugin."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from bridge.api.errors import ImmutableChange, OperationFailed
from bridge.api.external import ProviderSetup, Replacement
from bridge.api.managed import CREATE_BEFORE_DESTROY, RECONCILE_REQUESTED, REPLACE_POLICY, Managed
from bridge.settings import ExecutorSettings
from bridge.workspace import tfstate
from bridge.workspace.applied import AfterApply, Once, WithinAMinute
from bridge.workspace.client import WorkspaceClient
from bridge.workspace.document import RESOURCE_NAME, DataRead, ProviderBlock
from bridge.workspace.driver import Operation, Plan, Refreshed
from bridge.workspace.store import MAIN, Workspace, WorkspaceStore
from tests.support.executors import SETUP, mr
from tests.support.packages import AWS_CURATED as AWS

VPC = {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"}
TIMEOUTS = AWS.by_type("aws_vpc").config.timeouts
SEEN = {"id": "vpc-1", "cidr_block": "10.0.0.0/16", "arn": "arn:aws:ec2:us-east-1:1:vpc/vpc-1", "tags": {}}


def instance(**changed: Any) -> tfstate.Instance:
    return tfstate.Instance({**SEEN, **changed}, (), 1, False)


def save(ws: Workspace, attributes: Mapping[str, Any] | None, *, tainted: bool = False,
         deposed: Mapping[str, tfstate.Instance] | None = None) -> None:
    ws.write_state(tfstate.with_instance(
        ws.read_state(), tf_type="aws_vpc", name=RESOURCE_NAME, provider=AWS.provider.registry_source,
        attributes=attributes, schema_version=1, private=b"", sensitive_paths=(), tainted=tainted, deposed=deposed))


class Driver:
    """Records each verb; answers what the test put in ``answers`` (an exception is raised)."""

    def __init__(self, executor: Executor, ws: Workspace) -> None:
        self.executor, self.ws = executor, ws

    def _answer(self, verb: str, *args: Any) -> Any:
        self.executor.verbs.append((verb, *args))
        answer = self.executor.answers.get(verb)
        if isinstance(answer, Exception):
            raise answer
        return answer(self.ws) if callable(answer) else answer

    def refresh(self, current: Mapping[str, Any]) -> Refreshed:
        return self._answer("refresh")  # type: ignore[no-any-return]

    def import_(self, import_id: str, *, fill_unread: bool) -> tfstate.Instance | None:
        return self._answer("import", import_id, fill_unread)  # type: ignore[no-any-return]

    def plan(self, what: str, *, validate: bool) -> Plan:
        return self._answer("plan", what, validate)  # type: ignore[no-any-return]

    def apply(self, what: str) -> None:
        self._answer("apply", what)

    def replace(self, policy: str) -> Replacement | None:
        self.executor.written.append(json.loads((self.ws.dir / MAIN).read_text()))
        return self._answer("replace", policy)  # type: ignore[no-any-return]

    def delete_deposed(self) -> None:
        self.executor.written.append(json.loads((self.ws.dir / MAIN).read_text()))
        self._answer("delete_deposed")

    def destroy(self) -> None:
        self._answer("destroy")

    def probe(self, import_id: str, timeout: float) -> tfstate.Instance | None:
        return self._answer("probe", import_id)  # type: ignore[no-any-return]


class Executor:
    name = "recording"

    def __init__(self, root: Path, after_apply: AfterApply | None = None) -> None:
        self.store = WorkspaceStore(root)
        self.provider = AWS.provider
        self.settings = ExecutorSettings(workspace_root=root, lock_timeout=1.0)
        self.after_apply: AfterApply = after_apply or Once()
        self.repeatable: tuple[type[Exception], ...] = (ConnectionError,)
        self.answers: dict[str, Any] = {}
        self.verbs: list[tuple[Any, ...]] = []
        self.written: list[dict[str, Any]] = []  # main.tf.json as a replace or delete_deposed found it
        self.forgotten: list[str] = []

    def identity(self, block: ProviderBlock, setup: ProviderSetup) -> Mapping[str, str]:
        return {"account_id": "123456789012", "partition": "aws"}

    @contextlib.contextmanager
    def driver(self, op: Operation) -> Iterator[Driver]:
        self.verbs.append(("open", op.timeout))
        yield Driver(self, op.ws)

    def read_data(self, provider: ProviderBlock, setup: ProviderSetup, read: DataRead, *, purpose: str,
                  key: str, what: str) -> dict[str, Any]:
        return {"ids": ["vpc-2", "vpc-1"]}

    def forget(self, ws: Workspace) -> None:
        self.forgotten.append(ws.key)


@pytest.fixture
def executor(tmp_path: Path) -> Executor:
    return Executor(tmp_path)


def client(executor: Executor) -> WorkspaceClient:
    return WorkspaceClient.of(executor, AWS.by_type("aws_vpc"), SETUP)


def workspace(executor: Executor, m: Managed) -> Workspace:
    return executor.store.get(m.api_version, m.kind, m.name, m.namespace)


def verbs(executor: Executor) -> list[str]:
    return [v[0] for v in executor.verbs]


# -- observe --------------------------------------------------------------------------------------------


def test_no_state_and_no_external_name_does_not_exist_and_asks_no_executor(executor: Executor) -> None:
    assert not client(executor).observe(mr("aws_vpc", "new", VPC)).exists
    assert executor.verbs == []


def test_a_lost_state_is_imported_by_its_id_with_what_the_importer_could_not_read(executor: Executor) -> None:
    m = mr("aws_vpc", "lost", VPC, external_name="vpc-1")
    executor.answers.update({"import": lambda ws: save(ws, SEEN) or instance(), "plan": Plan(None, instance())})
    seen = client(executor).observe(m)
    assert (seen.exists, seen.up_to_date, seen.recovered, seen.external_name) == (True, True, ("import",), "vpc-1")
    assert executor.verbs == [("open", TIMEOUTS.observe), ("import", "vpc-1", True), ("plan", "observe failed", False)]


def test_an_id_that_names_no_object_does_not_exist(executor: Executor) -> None:
    executor.answers["import"] = None
    assert not client(executor).observe(mr("aws_vpc", "gone", VPC, external_name="vpc-9")).exists
    assert verbs(executor) == ["open", "import"], "nothing planned"


@pytest.mark.parametrize(("refreshed", "planned", "exists", "recovered"), [
    pytest.param(Refreshed(instance()), Plan("update", instance(cidr_block="10.9.0.0/16")), True, (), id="Drift"),
    pytest.param(Refreshed(instance(), untainted=True), Plan(None, instance()), True, ("untaint",),
                 id="ATaintedInstanceExists"),
    pytest.param(Refreshed(None), None, False, (), id="GoneFromTheCloud"),
    pytest.param(Refreshed(instance()), Plan("create", None), False, (), id="ThePlanFindsItGone"),
])
def test_a_refresh_then_a_plan_decide(executor: Executor, refreshed: Refreshed, planned: Plan | None, exists: bool,
                                     recovered: tuple[str, ...]) -> None:
    m = mr("aws_vpc", "v", VPC, external_name="vpc-1")
    save(workspace(executor, m), SEEN)
    executor.answers.update({"refresh": refreshed, "plan": planned})
    seen = client(executor).observe(m)
    assert (seen.exists, seen.recovered) == (exists, recovered)
    if planned is not None and planned.action == "update":
        assert (seen.up_to_date, seen.diff) == (False, "update: cidr_block")
    assert verbs(executor) == ["open", "refresh", *(["plan"] if planned else [])]


def test_a_replacements_old_object_is_for_the_update_to_delete(executor: Executor) -> None:
    m = mr("aws_vpc", "v", VPC, external_name="vpc-1")
    save(workspace(executor, m), SEEN, deposed={"00000001": instance(id="vpc-0")})
    executor.answers["refresh"] = Refreshed(instance())
    seen = client(executor).observe(m)
    assert (seen.up_to_date, seen.diff.split(":")[0]) == (False, "delete replaced")
    assert verbs(executor) == ["open", "refresh"], "nothing planned: a plan would refuse the old object's destroy"


def test_a_settled_poll_is_the_last_observation_again(executor: Executor) -> None:
    m = mr("aws_vpc", "v", VPC, external_name="vpc-1")
    save(workspace(executor, m), SEEN)
    found = instance()
    executor.answers.update({"refresh": Refreshed(found), "plan": Plan(None, found)})
    c = client(executor)
    first = c.observe(m)
    assert client(executor).observe(Managed(json.loads(json.dumps(m.obj)))) is first, \
        "the same configuration and the very object read: not worked out again"
    executor.answers["plan"] = Plan(None, instance())
    assert c.observe(m) is not first, "another object read (even an equal one) is observed afresh"


def test_an_observe_is_made_again_after_a_failure_the_executor_repairs(executor: Executor) -> None:
    m = mr("aws_vpc", "v", VPC, external_name="vpc-1")
    save(workspace(executor, m), SEEN)
    answers = iter([ConnectionError("the provider process died"), Refreshed(instance())])

    def refresh(ws: Workspace) -> Refreshed:
        answer = next(answers)
        if isinstance(answer, Exception):
            raise answer
        return answer

    executor.answers.update({"refresh": refresh, "plan": Plan(None, instance())})
    assert client(executor).observe(m).up_to_date
    assert verbs(executor) == ["open", "refresh", "open", "refresh", "plan"]


def test_observe_only_imports_afresh_every_time_and_never_plans(executor: Executor) -> None:
    m = mr("aws_vpc", "v", {**VPC, "cidrBlock": "10.7.0.0/16"}, external_name="vpc-1")
    m.obj["spec"]["managementPolicies"] = ["Observe"]
    ws = workspace(executor, m)
    save(ws, SEEN)
    executor.answers["import"] = lambda w: None if w.read_state() else instance()
    seen = client(executor).observe(m)
    assert (seen.exists, seen.up_to_date, seen.recovered) == (True, True, ("import",))
    assert "cidrBlock" in seen.drift, "what differs is compared argument by argument"
    assert executor.verbs == [("open", TIMEOUTS.observe), ("import", "vpc-1", False)], "the stored state dropped first"


# -- the state our own apply saved ----------------------------------------------------------------------


@pytest.mark.parametrize("after_apply", [Once(), WithinAMinute()], ids=["Once", "WithinAMinute"])
def test_the_state_a_create_saved_answers_the_observe_after_it(tmp_path: Path, after_apply: AfterApply) -> None:
    executor = Executor(tmp_path, after_apply)
    m = mr("aws_vpc", "v", VPC)
    executor.answers.update({"apply": lambda ws: save(ws, SEEN), "probe": instance(), "refresh": Refreshed(instance()),
                             "plan": Plan(None, instance())})
    created = client(executor).create(m)
    assert (created.external_name, created.import_check and created.import_check.outcome.value) == ("vpc-1",
                                                                                                      "imported")
    m.set_external_name(created.external_name)
    executor.verbs.clear()
    seen = client(executor).observe(m)
    assert (seen.exists, seen.up_to_date, executor.verbs) == (True, True, []), "no executor asked"
    again = client(executor).observe(m)
    assert again.up_to_date and (executor.verbs == []) == isinstance(after_apply, WithinAMinute), \
        "the CLI's state answers every observe of its minute; the direct executor's the one that follows"
    asked = Managed(json.loads(json.dumps(m.obj)))
    asked.set_annotations({RECONCILE_REQUESTED: "now"})
    executor.verbs.clear()
    client(executor).observe(asked)
    assert verbs(executor) == ["open", "refresh", "plan"], "a reconcile someone asked for reads the cloud"


def test_a_failed_create_records_the_object_it_left(executor: Executor) -> None:
    def apply(ws: Workspace) -> None:
        save(ws, SEEN, tainted=True)
        raise OperationFailed("V/v: create failed: timeout while waiting", verb="apply")

    executor.answers["apply"] = apply
    with pytest.raises(OperationFailed) as failed:
        client(executor).create(mr("aws_vpc", "v", VPC))
    assert failed.value.external_name == "vpc-1", "a retry must import it, never create a second one"


# -- update and delete ----------------------------------------------------------------------------------


def test_an_update_applies_what_the_plan_found(executor: Executor) -> None:
    m = mr("aws_vpc", "v", VPC, external_name="vpc-1")
    save(workspace(executor, m), SEEN)
    executor.answers.update({"refresh": Refreshed(instance()), "plan": Plan("update", instance())})
    client(executor).update(m)
    assert executor.verbs == [("open", TIMEOUTS.update), ("refresh",), ("plan", "update failed", True),
                              ("apply", "update failed")]


def test_an_update_never_creates_an_object_gone_meanwhile(executor: Executor) -> None:
    m = mr("aws_vpc", "v", VPC, external_name="vpc-1")
    save(workspace(executor, m), SEEN)
    executor.answers["refresh"] = Refreshed(None)
    with pytest.raises(OperationFailed, match="the object no longer exists"):
        client(executor).update(m)
    assert "apply" not in verbs(executor)


def test_a_replacement_needs_the_objects_consent(executor: Executor) -> None:
    m = mr("aws_vpc", "v", {**VPC, "cidrBlock": "10.9.0.0/16"}, external_name="vpc-1")
    save(workspace(executor, m), SEEN)
    executor.answers.update({"refresh": Refreshed(instance()), "plan": Plan("replace", instance(), ("cidr_block",)),
                             "replace": lambda ws: save(ws, {**SEEN, "id": "vpc-2"}) or Replacement(
                                 CREATE_BEFORE_DESTROY, "vpc-1", "vpc-2")})
    with pytest.raises(ImmutableChange, match="cidr_block"):
        client(executor).update(m)
    assert "replace" not in verbs(executor)
    m.set_annotations({REPLACE_POLICY: CREATE_BEFORE_DESTROY})
    done = client(executor).update(m)
    assert done.replaced is not None and done.replaced.new_name == "vpc-2"
    (written,) = executor.written
    assert written["resource"]["aws_vpc"]["this"]["lifecycle"]["create_before_destroy"] is True, \
        "terraform is told to make the new object first"


def test_a_replacements_old_object_is_deleted_before_the_update(executor: Executor) -> None:
    m = mr("aws_vpc", "v", VPC, external_name="vpc-1")
    save(workspace(executor, m), SEEN, deposed={"00000001": instance(id="vpc-0")})
    executor.answers.update({"refresh": Refreshed(instance()), "plan": Plan(None, instance())})
    client(executor).update(m)
    assert verbs(executor) == ["open", "delete_deposed", "refresh", "plan"]
    (written,) = executor.written
    assert written["resource"]["aws_vpc"]["this"]["lifecycle"]["prevent_destroy"] is False, \
        "its configuration allows the old object's destroy"


@pytest.mark.parametrize(("stored", "imported", "destroyed"), [
    pytest.param(SEEN, None, True, id="WhatTheStateHolds"),
    pytest.param(None, instance(), True, id="TheStateLostImportedFirst"),
    pytest.param(None, None, False, id="NothingToDestroy"),
])
def test_delete_destroys_what_exists_then_the_workspace(executor: Executor, stored: dict[str, Any] | None,
                                                        imported: tfstate.Instance | None, destroyed: bool) -> None:
    m = mr("aws_vpc", "v", VPC, external_name="vpc-1")
    ws = workspace(executor, m)
    if stored:
        save(ws, stored)
    executor.answers.update({"refresh": Refreshed(instance()), "import": imported})
    client(executor).delete(m)
    assert ("destroy" in verbs(executor)) == destroyed
    assert not ws.dir.exists() and executor.forgotten == [ws.key]


def test_find_looks_up_by_the_tags_through_the_executor(executor: Executor) -> None:
    assert client(executor).find(mr("aws_vpc", "v", VPC)) == ("vpc-1", "vpc-2")
