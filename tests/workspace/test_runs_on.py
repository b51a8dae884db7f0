"""``tfbridge workspaces list`` says which executor each workspace's kind runs on and why, as ``tfbridge run``
places it: where the kind ships (the committed conformance report's evidence), or the operator's flag."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

import tfproject
from bridge.workspace.store import WorkspaceStore
from tfbridge.cli import cli

AWS = tfproject.load("aws").provider


def workspaces(tmp_path: Path) -> Path:
    store = WorkspaceStore(tmp_path / "ws")
    proven = next(iter(AWS.evidence.direct))
    unproven = next(t for t in sorted(AWS.resources)
                    if t not in AWS.evidence.direct and AWS.resources[t].executor is None)
    for name, tf_type, ran in (("proven", proven, "direct"), ("unproven", unproven, "cli"), ("none", "", "")):
        ws = store.get("ec2.aws.tfbridge.io/v1beta1", "Thing", name)
        ws.update_meta(api_version="ec2.aws.tfbridge.io/v1beta1", kind="Thing", name=name,
                       address=f"{tf_type}.this" if tf_type else "", executor=ran)
    return store.root


def listed(root: Path, *args: str, env: dict[str, str] | None = None) -> dict[str, dict[str, str]]:
    result = CliRunner().invoke(cli, ["workspaces", "--workspace-root", str(root), "-o", "json", "list", *args],
                                env=env)
    assert result.exit_code == 0, result.output
    return {row["mr"]: row for row in json.loads(result.output)}


def test_each_kind_runs_where_it_ships(tmp_path: Path) -> None:
    rows = listed(workspaces(tmp_path), "--provider", "aws")
    proven = next(iter(AWS.evidence.direct))
    assert rows["Thing/proven"]["runs_on"] == f"direct: proven by conformance {AWS.evidence.direct[proven]}"
    assert rows["Thing/unproven"]["runs_on"] == "cli: not proven on direct"
    assert rows["Thing/none"]["runs_on"] == "", "a workspace with no resource yet names no kind"
    assert (rows["Thing/proven"]["executor"], rows["Thing/unproven"]["executor"]) == ("direct", "cli"), \
        "EXECUTOR stays the one that ran the last operation"


def test_the_flag_places_every_kind(tmp_path: Path) -> None:
    root = workspaces(tmp_path)
    for rows in (listed(root, "--executor", "cli"), listed(root, env={"TFBRIDGE_EXECUTOR": "cli"})):
        assert {rows[mr]["runs_on"] for mr in ("Thing/proven", "Thing/unproven")} == {"cli: --executor flag"}


def test_a_provider_not_installed_leaves_the_column_empty(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["workspaces", "--workspace-root", str(workspaces(tmp_path)), "-o", "json",
                                      "list", "--provider", "nosuchprovider"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert {row["runs_on"] for row in rows} == {""} and "RUNS ON left empty" in result.stderr
