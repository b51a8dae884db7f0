"""The README's first command, as a newcomer runs it: `tfbridge demo` against moto, real terraform."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.external import executor_under_test

pytestmark = [pytest.mark.slow, pytest.mark.cloud]


def test_demo_runs_end_to_end(terraform_bin: str, plugin_dir: Path, moto: object) -> None:
    env = {**os.environ, "TFBRIDGE_PLUGIN_DIR": str(plugin_dir), "TFBRIDGE_TERRAFORM": terraform_bin,
           "COLUMNS": "200", "TFBRIDGE_EXECUTOR": executor_under_test()}
    proc = subprocess.run([sys.executable, "-m", "tfbridge", "demo", "--timeout", "300"], env=env,
                          capture_output=True, text=True, timeout=900, cwd=Path(__file__).resolve().parents[2])
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-3000:]
    assert "left in moto: nothing" in out
    for kind in ("VPC", "Subnet", "SecurityGroup", "Bucket", "Role", "Queue"):
        assert f"{kind}/example-" in out, f"{kind} missing from the workspaces list"
    assert "where the time went" in out
    shown = [line.split() for line in out.splitlines() if line.startswith("vpc.ec2.aws.tfbridge.io/example-vpc ")]
    assert shown and shown[0][1:3] == ["True", "True"], "kubectl get managed shows the VPC Ready and Synced"
