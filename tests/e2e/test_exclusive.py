"""A Role and its RolePolicyAttachment against moto through real terraform: the Role never late-initialises
the policy ARNs its attachment manages, so deleting the attachment detaches the policy for good, even
through a reconcile of the Role asked for right after (which reads the cloud afresh)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bridge.api.managed import RECONCILE_REQUESTED
from tests.support.aws import configure_aws
from tests.support.cloud import Moto
from tests.support.packages import AWS_CURATED as AWS
from tests.support.packages import example
from tests.support.running import Running
from tests.support.waiting import wait_for

pytestmark = [pytest.mark.slow, pytest.mark.cloud]
PAIR = ("Policy", "Role", "RolePolicyAttachment")


def test_deleting_an_attachment_is_not_undone_by_its_role(start_manager: Callable[..., Running], moto: Moto,
                                                           terraform_bin: str, plugin_dir: Path,
                                                           monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AWS_ENDPOINT_URL", moto.endpoint)
    monkeypatch.delenv("AWS_CA_BUNDLE", raising=False)
    run = start_manager(AWS, "aws", terraform=terraform_bin, plugin_dir=plugin_dir, poll=600.0,
                        workspace_root=tmp_path / "ws")
    configure_aws(run.kube)
    manifests = [example(k) for k in AWS.kinds if k.kind in PAIR]
    for m in manifests:
        run.kube.create(run.res(m["kind"]), m)
    objects = [(m["kind"], m["metadata"]["name"]) for m in manifests]
    run.wait_ready(objects, "the role, the policy and the attachment Ready", timeout=300, synced=True)
    iam = moto.client("iam")

    def attached() -> list[str]:
        return [p["PolicyArn"] for p in iam.list_attached_role_policies(RoleName="example-role")["AttachedPolicies"]]

    def reconcile_role(token: str) -> None:
        """A reconcile of the Role, asked for and waited on: it observes the cloud as it is now."""
        run.kube.patch(run.res("Role"), "example-role", {"metadata": {"annotations": {RECONCILE_REQUESTED: token}}})
        wait_for(lambda: (run.get("Role", "example-role").get("status") or {}).get("lastHandledReconcileAt") == token,
                 lambda: f"the role's requested reconcile; status: {run.get('Role', 'example-role').get('status')}",
                 timeout=180)

    assert len(attached()) == 1
    reconcile_role("after-attach")  # the role sees the attached policy
    assert "managedPolicyArns" not in run.get("Role", "example-role")["spec"]["forProvider"], \
        "the attachment's policy is not late-initialised into the role"

    run.kube.delete(run.res("RolePolicyAttachment"), "example-attachment")
    wait_for(lambda: run.gone("RolePolicyAttachment", "example-attachment"), "the attachment deleted", timeout=180)
    assert attached() == []
    reconcile_role("after-detach")
    assert run.manager is not None
    manager = run.manager
    wait_for(lambda: not manager.ops.in_flight(), "no update of the role running", timeout=120)
    assert attached() == [], "the role did not re-attach the policy"
    assert run.ready("Role", "example-role")
