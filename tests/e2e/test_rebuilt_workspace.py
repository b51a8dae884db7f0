"""A workspace built again by importing its object is never unseen: the object gets a RebuiltWorkspace event and
the provider logs a line, both saying why (here: a lost state, then a state that could not be read). Through
the runtime on the direct executor, against moto."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bridge.api import reasons
from bridge.api.managed import EXTERNAL_NAME, RECONCILE_REQUESTED
from bridge.kube.client import EVENTS
from bridge.workspace.store import WorkspaceStore
from tests.support.aws import configure_aws
from tests.support.cloud import Moto
from tests.support.packages import AWS_CURATED as AWS
from tests.support.running import Running

pytestmark = [pytest.mark.slow, pytest.mark.cloud]
NAME = "rebuilt"


def _rebuilt(run: Running) -> list[str]:
    """The messages of the RebuiltWorkspace events about the VPC, oldest first."""
    items, _ = run.kube.list(EVENTS)  # every namespace: a cluster-scoped object's go to the provider's
    mine = sorted((e for e in items if e["involvedObject"]["name"] == NAME
                   and e["reason"] == reasons.REBUILT_WORKSPACE),
                  key=lambda e: int(e["metadata"].get("resourceVersion") or 0))
    return [str(e["message"]) for e in mine]


def test_a_workspace_rebuilt_by_import_says_why(start_manager: Callable[..., Running], moto: Moto,
                                                 terraform_bin: str, plugin_dir: Path, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv("AWS_ENDPOINT_URL", moto.endpoint)
    monkeypatch.delenv("AWS_CA_BUNDLE", raising=False)
    caplog.set_level(logging.INFO, logger="bridge.managed.reconciler")
    root = tmp_path / "ws"
    run = start_manager(AWS, "aws", terraform=terraform_bin, plugin_dir=plugin_dir, poll=600.0, executor="direct",
                        workspace_root=root)
    configure_aws(run.kube)
    run.apply("VPC", NAME, {"region": "us-east-1", "cidrBlock": "10.71.0.0/16"})
    run.wait_ready([("VPC", NAME)], "the VPC Ready", timeout=120, synced=True)
    vpc = run.get("VPC", NAME)
    ws = WorkspaceStore(root).get(vpc["apiVersion"], "VPC", NAME)
    assert _rebuilt(run) == [], "a create builds its workspace without an import"
    assert run.manager is not None and run.manager.executors is not None
    executors = run.manager.executors
    imports = executors.stats().provider_calls.get("import", 0)  # the import check after the create

    def observe_again(token: str, broken: Callable[[], Any]) -> str:
        broken()
        seen = len(_rebuilt(run))
        run.patch("VPC", NAME, {"metadata": {"annotations": {RECONCILE_REQUESTED: token}}})
        run.wait(lambda: len(_rebuilt(run)) > seen, lambda: f"a RebuiltWorkspace event; {run.state()}", timeout=120)
        return _rebuilt(run)[-1]

    lost = observe_again("lost", ws.state_path.unlink)
    assert lost.startswith(f"workspace rebuilt by importing {vpc['metadata']['annotations'][EXTERNAL_NAME]}")
    assert "its state was lost" in lost, lost
    assert executors.stats().provider_calls.get("import", 0) == imports + 1
    run.wait_ready([("VPC", NAME)], "the VPC Ready again", timeout=60, synced=True)

    corrupt = observe_again("corrupt", lambda: ws.state_path.write_text("{not json"))
    assert "its state could not be read and was set aside as terraform.tfstate.corrupt-" in corrupt, corrupt
    run.wait_ready([("VPC", NAME)], "the VPC Ready again", timeout=60, synced=True)
    assert len(moto.client("ec2").describe_vpcs(Filters=[{"Name": "cidr", "Values": ["10.71.0.0/16"]}])["Vpcs"]) == 1

    logged = [r for r in caplog.records if r.getMessage() == "workspace rebuilt by import"]
    assert [getattr(r, "why", "") for r in logged] == [lost.split(": ", 1)[1], corrupt.split(": ", 1)[1]], logged
    assert all(getattr(r, "mr", "") for r in logged)
