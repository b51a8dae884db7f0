"""The import check after a create, and the lost workspace it guards, on the floor both executors share."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bridge.api.errors import OperationFailed, OperationTimedOut, StateLost
from bridge.api.external import ImportOutcome
from bridge.api.managed import EXTERNAL_NAME, IMPORT_CHECK_FAILED
from bridge.executors import Executors
from bridge.settings import ExecutorSettings
from bridge.tfexec.driver import CLIDriver
from bridge.tfexec.runner import Outcome, Run
from bridge.tfexec.verbs import NOT_FOUND
from bridge.tfplugin.driver import DirectDriver, Polls
from bridge.tfplugin.provider import Imported
from bridge.workspace.client import WorkspaceClient
from bridge.workspace.driver import Operation
from bridge.workspace.kind import KindWorkspaces
from bridge.workspace.store import Workspace, WorkspaceStore
from bridge.workspace.tfstate import Instance
from tests.support.executors import SETUP, mr
from tests.support.packages import AWS_CURATED as AWS

VPC = {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"}
METADATA = {"account_id": "123456789012", "partition": "aws"}


def floor(tmp_path: Path, tf_type: str, metadata: dict[str, str] = METADATA,
          import_check_timeout: float = 20.0) -> KindWorkspaces:
    return KindWorkspaces(store=WorkspaceStore(tmp_path), provider=AWS.provider, kind=AWS.by_type(tf_type),
                          setup=SETUP, secrets=None, executor="direct", lock_timeout=5,
                          metadata=lambda block, setup: metadata, import_check_timeout=import_check_timeout)


def instance(**attributes: Any) -> Instance:
    return Instance(attributes, (), 0, False)


Probe = Callable[[str, float], Instance | None]


def raises(exc: BaseException) -> Probe:
    def probe(import_id: str, timeout: float) -> Instance | None:
        raise exc
    return probe


CREATED = instance(id="vpc-1", arn="arn:aws:ec2:us-east-1:123456789012:vpc/vpc-1", cidr_block="10.0.0.0/16")


@pytest.mark.parametrize(
    ("probe", "want", "detail"),
    [
        pytest.param(lambda i, t: CREATED, ImportOutcome.IMPORTED, "", id="ImportsTheObjectJustCreated"),
        pytest.param(lambda i, t: None, ImportOutcome.NOT_FOUND, "", id="FindsNothingTwice"),
        pytest.param(lambda i, t: instance(id="vpc-2"), ImportOutcome.OTHER_OBJECT, "'vpc-2', not 'vpc-1'",
                     id="ReadsAnotherObject"),
        pytest.param(lambda i, t: instance(id="vpc-1", arn="arn:aws:ec2:eu-west-1:123456789012:vpc/vpc-1"),
                     ImportOutcome.OTHER_OBJECT, "arn 'arn:aws:ec2:eu-west-1", id="SameIDOtherARN"),
        pytest.param(lambda i, t: instance(id="vpc-1", arn=CREATED.attributes["arn"], cidr_block="10.1.0.0/16"),
                     ImportOutcome.IMPORTED, "", id="OtherArgumentsAreNotIdentity"),
        pytest.param(raises(OperationFailed("import failed", verb="import",
                                            diagnostics=("unexpected format of ID",))),
                     ImportOutcome.REFUSED, "unexpected format of ID", id="ProviderRefusesTheID"),
        pytest.param(raises(OperationFailed("import failed", verb="import", diagnostics=("context canceled",),
                                            canceled=True)),
                     ImportOutcome.UNCHECKED, "context canceled", id="CancelledProvesNothing"),
        pytest.param(raises(OperationTimedOut("the provider did not answer within 20s", applying=False)),
                     ImportOutcome.UNCHECKED, "no answer within the import check's 20s", id="DeadlineProvesNothing"),
    ],
)
def test_import_check_outcomes(tmp_path: Path, probe: Probe, want: ImportOutcome, detail: str) -> None:
    f = floor(tmp_path, "aws_vpc")
    m = mr("aws_vpc", "v", VPC)
    ws = f.workspace(m)
    tried: list[str] = []

    def counted(import_id: str, timeout: float) -> Instance | None:
        tried.append(import_id)
        assert 0 < timeout <= f.import_check_timeout, "every ask is bounded by what is left of the deadline"
        return probe(import_id, timeout)

    check = f.check_import(ws, m, f.render(m), CREATED, counted, recheck=0)
    assert (check.outcome, check.import_id) == (want, "vpc-1")
    assert detail in check.detail
    assert tried == (["vpc-1", "vpc-1"] if want is ImportOutcome.NOT_FOUND else ["vpc-1"])
    assert check.failed == (want in (ImportOutcome.NOT_FOUND, ImportOutcome.OTHER_OBJECT, ImportOutcome.REFUSED))
    assert "'vpc-1'" in check.describe()
    assert (ws.meta().import_check, ws.meta().import_id) == (want.value, "vpc-1")


@pytest.mark.parametrize(
    ("timeout", "recheck", "asked", "want"),
    [
        pytest.param(20.0, 0.0, 2, ImportOutcome.NOT_FOUND, id="TimeToAskAgain"),
        pytest.param(0.05, 1.0, 1, ImportOutcome.UNCHECKED, id="NoTimeLeftToAskAgain"),
    ],
)
def test_not_found_is_asked_again_only_within_the_deadline(tmp_path: Path, timeout: float, recheck: float,
                                                           asked: int, want: ImportOutcome) -> None:
    f = floor(tmp_path, "aws_vpc", import_check_timeout=timeout)
    m = mr("aws_vpc", "v", VPC)
    tried: list[float] = []

    def nothing(import_id: str, timeout: float) -> Instance | None:
        tried.append(timeout)
        return None

    started = time.monotonic()
    check = f.check_import(f.workspace(m), m, f.render(m), CREATED, nothing, recheck=recheck)
    assert (check.outcome, len(tried)) == (want, asked)
    assert time.monotonic() - started < timeout + 0.5, "the check never waits past its deadline"
    assert not check.failed or want is ImportOutcome.NOT_FOUND


def test_a_check_that_runs_out_of_time_is_reported_unchecked(tmp_path: Path) -> None:
    """A provider that retries an ID it refuses answers only when the deadline it was given ends."""
    f = floor(tmp_path, "aws_vpc", import_check_timeout=0.2)
    m = mr("aws_vpc", "v", VPC)
    ws = f.workspace(m)

    def retried(import_id: str, timeout: float) -> Instance | None:
        time.sleep(timeout)
        raise OperationTimedOut(f"import aws_vpc {import_id!r}: the provider did not answer within {timeout:.0f}s",
                                applying=False)

    check = f.check_import(ws, m, f.render(m), CREATED, retried, recheck=0)
    assert (check.outcome, check.failed) == (ImportOutcome.UNCHECKED, False)
    assert check.seconds < 1.0
    assert "could not be checked" in check.describe() and "within the import check's 0s" in check.describe()
    assert ws.meta().import_check == "unchecked"


def test_the_id_is_built_from_the_new_external_name_and_the_parameters(tmp_path: Path) -> None:
    f = floor(tmp_path, "aws_sns_topic")
    m = mr("aws_sns_topic", "t", {"region": "eu-west-1"})
    created = instance(id="arn:aws:sns:eu-west-1:123456789012:t", arn="arn:aws:sns:eu-west-1:123456789012:t",
                       name="t")
    tried: list[str] = []
    check = f.check_import(f.workspace(m), m, f.render(m), created, lambda i, t: tried.append(i) or created, recheck=0)
    assert tried == ["arn:aws:sns:eu-west-1:123456789012:t"] and check.outcome is ImportOutcome.IMPORTED


def test_an_id_made_up_at_create_is_not_identity(tmp_path: Path) -> None:
    """aws_iam_role_policy_attachment's ``id`` is the role's name and a random suffix at create, and the
    import ID after an import: the same attachment, told by its external name."""
    f = floor(tmp_path, "aws_iam_role_policy_attachment")
    m = mr("aws_iam_role_policy_attachment", "a", {"role": "r", "policyArn": "arn:aws:iam::123456789012:policy/p"})
    created = instance(id="r-20261201044900000000000001", role="r", policy_arn="arn:aws:iam::123456789012:policy/p")
    imported = instance(id="r/arn:aws:iam::123456789012:policy/p", role="r",
                        policy_arn="arn:aws:iam::123456789012:policy/p")
    check = f.check_import(f.workspace(m), m, f.render(m), created, lambda i, t: imported, recheck=0)
    assert (check.outcome, check.import_id) == (ImportOutcome.IMPORTED, "r/arn:aws:iam::123456789012:policy/p")


def test_an_id_that_cannot_be_built_is_refused(tmp_path: Path) -> None:
    f = floor(tmp_path, "aws_iam_policy", metadata={})  # the policy ARN needs the account ID
    m = mr("aws_iam_policy", "p", {"policy": "{}"})
    check = f.check_import(f.workspace(m), m, f.render(m), instance(id="arn:x", name="p"), lambda i, t: None, recheck=0)
    assert check.outcome is ImportOutcome.REFUSED and "account_id" in check.detail


def test_a_lost_workspace_of_a_marked_object_stops_with_instructions(tmp_path: Path) -> None:
    f = floor(tmp_path, "aws_vpc")
    m = mr("aws_vpc", "v", VPC, external_name="vpc-1")
    assert f.import_id(m, f.render(m)) == "vpc-1"
    m.set_annotations({IMPORT_CHECK_FAILED: "vpc-1"})
    with pytest.raises(StateLost) as err:
        f.import_id(m, f.render(m))
    message = str(err.value)
    assert "VPC/v" in message and "'vpc-1'" in message
    assert "tfbridge workspaces import VPC/v" in message and IMPORT_CHECK_FAILED in message
    assert EXTERNAL_NAME in message


# -- each executor's probe keeps to the time it is given ------------------------------------------------


@pytest.mark.parametrize("executor", ["cli", "direct"])
def test_each_executor_gives_the_check_its_deadline(tmp_path: Path, executor: str) -> None:
    ex = Executors(ExecutorSettings(workspace_root=tmp_path, executor=executor, import_check_timeout=7.0), AWS)
    try:
        client = ex.client(AWS.by_type("aws_vpc"), SETUP)
        assert isinstance(client, WorkspaceClient)
        assert client.floor.import_check_timeout == 7.0
    finally:
        ex.shutdown()


class RecordingTerraform:
    """The CLI backend's side of a probe: every terraform run's arguments and timeout, answered "no such
    object" (what ``terraform import`` prints when the provider finds none)."""

    def __init__(self, root: Path) -> None:
        self.store = WorkspaceStore(root)
        self.settings = ExecutorSettings(workspace_root=root)
        self.runs: list[tuple[tuple[str, ...], float]] = []

    def link(self, ws: Workspace, provider: Any) -> None:
        pass

    def terraform(self, ws: Workspace, args: list[str], *, provider: Any, setup: Any, timeout: float) -> Run:
        self.runs.append((tuple(args), timeout))
        return Run(tuple(args), 1, "", f"Error: {NOT_FOUND}", 0.1, Outcome.FAILED)


def test_the_cli_probe_runs_terraform_import_within_the_time_left(tmp_path: Path) -> None:
    f = floor(tmp_path, "aws_vpc")
    backend = RecordingTerraform(tmp_path)
    m = mr("aws_vpc", "v", VPC)
    driver = CLIDriver(backend, Operation(f, f.workspace(m), f.render(m), m, timeout=300))
    assert driver.probe("vpc-1", 7.5) is None
    assert [(args[0], args[-1], timeout) for args, timeout in backend.runs] == [("import", "vpc-1", 7.5)]


class RecordingProvider:
    """The direct executor's side of a probe: the provider's import and read, and the deadline of each."""

    def __init__(self, imported: bool) -> None:
        self.imported = imported
        self.calls: list[tuple[str, float]] = []

    def import_state(self, tf_type: str, import_id: str, timeout: float) -> list[Imported]:
        self.calls.append(("import", timeout))
        return [Imported(tf_type, {"id": import_id}, b"")] if self.imported else []

    def read(self, tf_type: str, state: Any, private: bytes, timeout: float) -> tuple[Any, bytes]:
        self.calls.append(("read", timeout))
        return None, b""  # gone by the time it is read

    def schema(self, tf_type: str) -> Any:
        return None  # nothing is decoded: nothing is read


@pytest.mark.parametrize(("imported", "verbs"), [
    pytest.param(False, ["import"], id="NothingImportedNothingRead"),
    pytest.param(True, ["import", "read"], id="ImportThenReadShareTheDeadline"),
])
def test_the_direct_probe_keeps_both_calls_within_the_time_left(tmp_path: Path, imported: bool,
                                                               verbs: list[str]) -> None:
    f = floor(tmp_path, "aws_vpc")
    m = mr("aws_vpc", "v", VPC)
    p = RecordingProvider(imported)
    driver = DirectDriver(p, Polls(), Operation(f, f.workspace(m), f.render(m), m, timeout=300))  # type: ignore[arg-type]
    assert driver.probe("vpc-1", 7.5) is None
    assert [verb for verb, _ in p.calls] == verbs
    assert all(0 < timeout <= 7.5 for _, timeout in p.calls)


def test_an_import_takes_the_plans_value_only_for_a_top_level_argument_it_left_null(tmp_path: Path) -> None:
    """What the importer read stays as it read it; only a null attribute takes the plan's value (a
    nested block, whose state has computed members, and a name the schema lacks are left)."""
    imported = {"bucket": "read-from-the-cloud", "force_destroy": None, "versioning": None}
    planned = {"bucket": "from-the-spec", "force_destroy": True, "versioning": [{"enabled": True}], "elsewhere": 1}
    assert floor(tmp_path, "aws_s3_bucket").with_unread(imported, planned) == {
        "bucket": "read-from-the-cloud", "force_destroy": True, "versioning": None}
