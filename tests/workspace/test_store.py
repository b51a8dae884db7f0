"""The workspace store: one private, locked directory per managed resource, and what we record in it."""

import dataclasses
import json
import os
import re
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import filelock
import pytest

from bridge.api.errors import Retryable, StateCorrupted
from bridge.workspace.metadata import FreshState, Metadata
from bridge.workspace.store import LAYOUT_FILE, META, STATE, Workspace, WorkspaceStore, workspace_key


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("../../etc", id="dot-dot"),
        pytest.param("a/b/../../..", id="slashes"),
        pytest.param("/absolute", id="absolute"),
        pytest.param("", id="empty"),
        pytest.param("x" * 5000, id="very-long"),
        pytest.param("ünïcödé-名前", id="unicode"),
        pytest.param(".hidden", id="leading-dot"),
        pytest.param("a\x00b\nc", id="control-chars"),
    ],
)
def test_names_never_escape_the_root(tmp_path: Path, name: str) -> None:
    store = WorkspaceStore(tmp_path / "root")
    ws = store.get("ec2.aws.tfbridge.io/v1beta1", "VPC", name)
    assert ws.dir.parent == store.root
    assert "/" not in ws.key and not ws.key.startswith(".") and len(ws.key) < 80
    assert re.fullmatch(r"[0-9a-f]{24}", ws.key.rsplit("-", 1)[1]), "96 bits of the identity's hash"
    ws.ensure()
    assert ws.dir.resolve().parent == store.root


def test_keys_are_stable_and_distinct() -> None:
    a = workspace_key("g/v1", "VPC", "a")
    assert a == workspace_key("g/v1", "VPC", "a")
    assert len({a, workspace_key("g/v1", "VPC", "A"), workspace_key("g/v1", "Subnet", "a"),
                workspace_key("h/v1", "VPC", "a"), workspace_key("g/v1", "VPC", "a", "ns")}) == 5


def test_a_kind_served_at_a_new_version_keeps_its_workspace(tmp_path: Path) -> None:
    assert workspace_key("s3.aws.tfbridge.io/v1beta1", "Bucket", "b") == \
        workspace_key("s3.aws.tfbridge.io/v1beta2", "Bucket", "b")
    store = WorkspaceStore(tmp_path)
    at_v1beta1, at_v1beta2 = (store.get(f"s3.aws.tfbridge.io/{v}", "Bucket", "b") for v in ("v1beta1", "v1beta2"))
    assert at_v1beta1 is at_v1beta2


def version_named(root: Path, api_version: str, kind: str, name: str, namespace: str = "") -> Workspace:
    """A workspace as releases of the first layout named it (from the API version), with its metadata
    and a state."""
    import hashlib
    digest = hashlib.sha256(f"{api_version}/{kind}/{namespace}/{name}".encode()).hexdigest()[:12]
    ws = Workspace(root, f"{kind.lower()}-{name}-{digest}")
    ws.update_meta(api_version=api_version, kind=kind, name=name, namespace=namespace)
    (ws.dir / STATE).write_text('{"version": 4, "lineage": "kept"}')
    return ws


def test_workspaces_of_the_old_layout_are_moved_once_never_rebuilt(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    old = version_named(root, "s3.aws.tfbridge.io/v1beta1", "Bucket", "b")
    namespaced = version_named(root, "s3.aws.m.tfbridge.io/v1beta1", "Bucket", "b", "team-a")
    unknown = Workspace(root, "no-metadata-0123456789ab")
    unknown.ensure()
    store = WorkspaceStore(root)
    moved = store.get("s3.aws.tfbridge.io/v1beta2", "Bucket", "b")
    assert json.loads((moved.dir / STATE).read_text())["lineage"] == "kept", "the same state, not a new one"
    assert not old.dir.exists() and moved.meta().kind == "Bucket"
    assert store.get("s3.aws.m.tfbridge.io/v1beta2", "Bucket", "b", "team-a").dir.exists()
    assert not namespaced.dir.exists() and unknown.dir.exists(), "a directory naming no object stays"
    assert sorted(t for _, t in store.moved) == sorted([moved.key, store.get("s3.aws.m.tfbridge.io/v1", "Bucket", "b",
                                                                                "team-a").key])
    assert (root / LAYOUT_FILE).read_text() == "2\n"
    # Once per root: a second start reads the layout file and moves nothing.
    version_named(root, "s3.aws.tfbridge.io/v1beta1", "Bucket", "late")
    assert WorkspaceStore(root).moved == []


def test_a_workspace_whose_new_directory_exists_stays_and_is_reported(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    old = version_named(root, "s3.aws.tfbridge.io/v1beta1", "Bucket", "b")
    (root / workspace_key("s3.aws.tfbridge.io/v1beta2", "Bucket", "b")).mkdir()
    store = WorkspaceStore(root)
    assert old.dir.exists() and store.moved == []
    assert [(o, why) for o, _, why in store.not_moved] == [(old.key, "the current layout's directory exists already")]


def test_permissions(tmp_path: Path) -> None:
    store = WorkspaceStore(tmp_path / "root")
    ws = store.get("g/v1", "K", "n")
    ws.write_main({"resource": {}})
    ws.update_meta(kind="K")
    for path, mode in ((store.root, 0o700), (ws.dir, 0o700), (ws.dir / "main.tf.json", 0o600),
                       (ws.dir / ".tfbridge-meta.json", 0o600)):
        assert stat.S_IMODE(path.stat().st_mode) == mode, path


def test_lock_is_exclusive_per_workspace(tmp_path: Path) -> None:
    store = WorkspaceStore(tmp_path)
    one, other = store.get("g/v1", "K", "one"), store.get("g/v1", "K", "other")
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        with one.lock("create", timeout=5):
            held.set()
            release.wait(10)

    t = threading.Thread(target=hold)
    t.start()
    assert held.wait(10)
    try:
        with pytest.raises(Retryable, match=r"busy by create \(pid \d+\)"), one.lock("observe", timeout=0.2):
            pass
        with other.lock("observe", timeout=0.2):  # another workspace never waits
            assert one.locked() and one.holder()["operation"] == "create"
    finally:
        release.set()
        t.join()
    assert not one.locked() and one.holder() == {}


HOLD = """
import sys, time, filelock
lock = filelock.FileLock(sys.argv[1]); lock.acquire()
print("held", flush=True); time.sleep(60)
"""


def test_stale_lock_cleared_only_when_holder_is_dead(tmp_path: Path) -> None:
    ws = WorkspaceStore(tmp_path).get("g/v1", "K", "n")
    ws.ensure()
    (ws.dir / ".tfbridge-holder.json").write_text('{"pid": 1, "operation": "apply"}')
    (ws.dir / ".terraform.tfstate.lock.info").write_text("{}")
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(ws.dir / ".tfbridge.lock")], stdout=subprocess.PIPE)
    assert holder.stdout is not None
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == b"held"
        assert ws.locked()
        assert not ws.clear_stale_lock(), "a live holder's lock is never cleared"
        assert (ws.dir / ".tfbridge-holder.json").exists()
    finally:
        holder.kill()
        holder.wait()
        holder.stdout.close()
    assert not ws.locked(), "the kernel dropped the dead holder's lock"
    assert ws.clear_stale_lock()
    assert not (ws.dir / ".tfbridge-holder.json").exists() and not (ws.dir / ".terraform.tfstate.lock.info").exists()


def test_lock_and_the_filelock_librarys_holders_exclude_each_other(tmp_path: Path) -> None:
    # A holder of an older version takes the same flock on the same file through the library (the
    # kernel keeps it apart from ours in another process as in this one: each open is its own).
    ws = WorkspaceStore(tmp_path).get("g/v1", "K", "n")
    theirs = filelock.FileLock(str(ws.dir / ".tfbridge.lock"))
    with ws.lock("observe", timeout=5), pytest.raises(filelock.Timeout):
        theirs.acquire(timeout=0)
    theirs.acquire(timeout=0)
    try:
        with pytest.raises(Retryable, match="is busy"), ws.lock("observe", timeout=0.1):
            pass
    finally:
        theirs.release()
    with ws.lock("observe", timeout=5):
        assert ws.holder()["operation"] == "observe"


def test_holder_is_recorded_in_the_lock_file_only_while_held(tmp_path: Path) -> None:
    ws = WorkspaceStore(tmp_path).get("g/v1", "K", "n")
    with ws.lock("update", timeout=5):
        recorded = json.loads((ws.dir / ".tfbridge.lock").read_text())
        assert (recorded["operation"], recorded["pid"]) == ("update", os.getpid())
        assert ws.holder()["operation"] == "update"
    assert (ws.dir / ".tfbridge.lock").read_text() == "" and ws.holder() == {}
    assert not (ws.dir / ".tfbridge-holder.json").exists(), "no sidecar is written"


def test_dead_holders_record_in_the_lock_file_is_cleared(tmp_path: Path) -> None:
    ws = WorkspaceStore(tmp_path).get("g/v1", "K", "n")
    ws.ensure()
    # What a holder killed mid-operation leaves: its record, and no lock (the kernel dropped it).
    (ws.dir / ".tfbridge.lock").write_text('{"pid": 4242, "operation": "apply"}')
    assert not ws.locked()
    assert ws.clear_stale_lock()
    assert (ws.dir / ".tfbridge.lock").read_text() == "" and not ws.clear_stale_lock()


def test_lock_makes_a_removed_workspace_directory_again(tmp_path: Path) -> None:
    ws = WorkspaceStore(tmp_path).get("g/v1", "K", "n")
    with ws.lock("observe", timeout=5):
        pass
    ws.remove()
    with ws.lock("observe", timeout=5):
        assert stat.S_IMODE(ws.dir.stat().st_mode) == 0o700


def test_corrupt_state_is_kept_aside_never_overwritten(tmp_path: Path) -> None:
    ws = WorkspaceStore(tmp_path).get("g/v1", "K", "n")
    ws.ensure()
    garbage = b'{"version": 4, "resources": [ truncated'
    ws.state_path.write_bytes(garbage)
    with pytest.raises(StateCorrupted, match=r"terraform.tfstate: not JSON .*kept as terraform.tfstate.corrupt-"):
        ws.read_state()
    kept = [p for p in ws.dir.iterdir() if p.name.startswith("terraform.tfstate.corrupt-")]
    assert len(kept) == 1 and kept[0].read_bytes() == garbage
    assert not ws.state_path.exists() and ws.read_state() is None


def test_store_lists_workspaces_not_its_own_dirs(tmp_path: Path) -> None:
    store = WorkspaceStore(tmp_path)
    (store.root / ".plugins").mkdir()
    for name in ("b", "a"):
        store.get("g/v1", "K", name).ensure()
    assert [w.key for w in store.all()] == sorted(w.key for w in store.all()) and len(store.all()) == 2
    assert os.access(store.root, os.W_OK)


def test_a_repeated_outcome_only_touches_the_record(tmp_path: Path) -> None:
    ws = WorkspaceStore(tmp_path).get("v1", "VPC", "v")
    ws.record(operation="observe", result="ok", error="", executor="cli")
    meta = ws.dir / META
    os.utime(meta, (1_000_000, 1_000_000))
    inode, text = meta.stat().st_ino, meta.read_text()
    ws.record(operation="observe", result="ok", error="", executor="cli")
    assert (meta.stat().st_ino, meta.read_text()) == (inode, text), "not rewritten"
    assert (ws.recorded_at() or 0) > 1_000_000, "but the time of the last record moved"
    ws.record(operation="update", result="ok", error="", executor="cli")
    assert ws.meta().last_operation == "update" and meta.stat().st_ino != inode


def test_a_failed_operation_is_kept_until_it_succeeds(tmp_path: Path) -> None:
    ws = WorkspaceStore(tmp_path).get("v1", "VPC", "v")
    ws.record(operation="create", result="error", error="InvalidVpcRange: the CIDR is not valid", executor="direct")
    ws.record(operation="observe", result="ok", error="", executor="direct")
    meta = ws.meta()
    assert (meta.last_operation, meta.last_result) == ("observe", "ok")
    assert (meta.failed_operation, meta.failed_error) == ("create", "InvalidVpcRange: the CIDR is not valid")
    assert time.time() - meta.failed_at < 60
    assert json.loads((ws.dir / META).read_text())["failed_operation"] == "create"
    ws.record(operation="update", result="ok", error="", executor="direct")
    assert ws.meta().failed_operation == "create", "another operation's success says nothing of the create"
    ws.record(operation="create", result="ok", error="", executor="direct")
    assert (ws.meta().failed_operation, ws.meta().failed_error, ws.meta().failed_at) == ("", "", 0.0)
    assert "failed_operation" not in json.loads((ws.dir / META).read_text()), "no failure, no keys"


def test_what_a_workspace_remembers_gives_way_to_anyone_elses_write(tmp_path: Path) -> None:
    ws = WorkspaceStore(tmp_path).get("v1", "VPC", "v")
    other = WorkspaceStore(tmp_path).get("v1", "VPC", "v")
    ws.update_meta(uid="u1")
    ws.write_main({"resource": {"a": 1}})
    assert ws.meta() == Metadata(uid="u1")
    other.update_meta(uid="u2")  # an operator's tool, or another replica after a failover
    (ws.dir / "main.tf.json").write_text('{"resource": {"a": 2}}')
    assert ws.meta() == Metadata(uid="u2")
    ws.write_main({"resource": {"a": 1}})
    assert ws.read_main() == {"resource": {"a": 1}}, "a main.tf.json changed behind our back is rewritten"
    with pytest.raises(dataclasses.FrozenInstanceError):
        ws.meta().uid = "changed by a caller"  # type: ignore[misc]


# As tfbridge wrote it before the metadata was typed: only the keys it had set, numbers as JSON numbers.
OLD_META = {"apiVersion": "ec2.aws.tfbridge.io/v1beta1", "kind": "VPC", "name": "v", "namespace": "", "uid": "u-1",
            "address": "aws_vpc.this", "sensitive_arguments": [], "sensitive_provider_arguments": [],
            "fresh_state": {"uid": "u-1", "at": 1700000000.5}, "last_operation": "observe", "last_result": "ok",
            "last_error": "", "executor": "direct"}


@pytest.mark.parametrize(("written", "want"), [
    pytest.param(OLD_META, Metadata(api_version="ec2.aws.tfbridge.io/v1beta1", kind="VPC", name="v", uid="u-1",
                                    address="aws_vpc.this", fresh_state=FreshState("u-1", 1700000000.5),
                                    last_operation="observe", last_result="ok", executor="direct"),
                 id="WrittenByTheUntypedVersion"),
    pytest.param({"kind": "VPC", "fresh_state": None, "unknown": 1}, Metadata(kind="VPC"), id="FewKeysAndUnknownOnes"),
    pytest.param({"kind": 7, "sensitive_arguments": "password", "fresh_state": {"uid": "u"}}, Metadata(),
                 id="MistypedValuesTakeTheirDefaults"),
    pytest.param([], Metadata(), id="NotAnObject"),
])
def test_metadata_is_read_leniently(tmp_path: Path, written: object, want: Metadata) -> None:
    ws = WorkspaceStore(tmp_path).get("v1", "VPC", "v")
    ws.ensure()
    (ws.dir / META).write_text(json.dumps(written))
    assert ws.meta() == want


def test_metadata_is_written_with_the_keys_it_always_had(tmp_path: Path) -> None:
    ws = WorkspaceStore(tmp_path).get("v1", "VPC", "v")
    (ws.dir).mkdir()
    (ws.dir / META).write_text(json.dumps(OLD_META))
    ws.update_meta(last_result="error")
    assert json.loads((ws.dir / META).read_text()) == {**OLD_META, "last_result": "error"}
