"""Why a workspace holds no state to refresh, as the event and log line of its rebuild by import say it."""

from __future__ import annotations

import uuid
from pathlib import Path

from bridge.api.external import ProviderSetup
from bridge.api.managed import Managed
from bridge.workspace.kind import KindWorkspaces
from bridge.workspace.metadata import Metadata
from bridge.workspace.store import STATE, Workspace, WorkspaceStore, workspace_key
from tests.support.packages import AWS

KIND = AWS.by_type("aws_s3_bucket")


def floor(store: WorkspaceStore) -> KindWorkspaces:
    return KindWorkspaces(store=store, provider=AWS.provider, kind=KIND,
                          setup=ProviderSetup(configuration={"region": "us-east-1"}), secrets=None, executor="test",
                          lock_timeout=1.0, metadata=lambda block, setup: {})


def bucket(name: str = "b") -> Managed:
    return Managed({"apiVersion": KIND.api_version, "kind": "Bucket",
                    "metadata": {"name": name, "uid": str(uuid.uuid4())}, "spec": {"forProvider": {}}})


def test_each_reason(tmp_path: Path) -> None:
    store = WorkspaceStore(tmp_path / "root")
    kinds = floor(store)
    mr = bucket()
    ws = kinds.workspace(mr)
    new = kinds.rebuild_reason(ws, mr, Metadata(), aside=False)
    assert new.startswith("no workspace of it existed"), new
    assert kinds.rebuild_reason(ws, mr, Metadata(uid=mr.uid), aside=False).startswith("its state was lost")
    assert kinds.rebuild_reason(ws, mr, Metadata(uid="other"), aside=True) == \
        "its state belonged to another object of this name (uid other) and was set aside"
    ws.write_state({"version": 4})
    ws.state_path.write_text("{not json")
    aside = ws.set_state_aside("corrupt")
    assert kinds.rebuild_reason(ws, mr, Metadata(uid=mr.uid), aside=False) == \
        f"its state could not be read and was set aside as {aside.name}"


def test_a_directory_of_the_earlier_layout_not_moved_is_named(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    old = Workspace(root, "bucket-b-0123456789ab")  # the first layout's name: API version in its hash
    old.update_meta(api_version="s3.aws.tfbridge.io/v1beta1", kind="Bucket", name="b")
    (old.dir / STATE).write_text('{"version": 4, "lineage": "kept"}')
    (root / workspace_key(KIND.api_version, "Bucket", "b")).mkdir()  # taken: the move is refused
    store = WorkspaceStore(root)
    mr = bucket()
    kinds = floor(store)
    reason = kinds.rebuild_reason(kinds.workspace(mr), mr, Metadata(), aside=False)
    assert reason == ("the workspace of the earlier layout, bucket-b-0123456789ab, was not moved here: "
                      "the current layout's directory exists already")
