"""Where a kind ships: its config's executor, else the direct one where the conformance report proves it,
else the terraform CLI; the operator's flag over all of it."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tfconfig.shipping import Evidence, Shipped, read_report, results, runs_on, shipped

REPORT = {"kinds": {
    # A row of the report's first shape: one result, on the executor it names.
    "demo_proven": {"executor": "direct", "result": "passed", "date": "2026-12-06", "steps": {"create": "ok"}},
    "demo_failed": {"executor": "direct", "result": "failed", "date": "2026-12-04", "class": "our bug"},
    # Proven on the CLI only: its direct result failed.
    "demo_cli_only": {"executor": "direct", "result": "failed", "date": "2026-12-04",
                      "executors": {"cli": {"result": "passed", "date": "2026-12-05"}}},
    # Proven on direct by a later run beside its first, CLI, result.
    "demo_both": {"executor": "cli", "result": "passed", "date": "2026-12-01",
                  "executors": {"direct": {"result": "passed", "date": "2026-12-06"}}},
}}


def write(tmp_path: Path, doc: object) -> Path:
    path = tmp_path / "conformance.yaml"
    path.write_text(yaml.safe_dump(doc))
    return path


def test_the_report_proves_the_kinds_that_passed_on_direct(tmp_path: Path) -> None:
    evidence = read_report(write(tmp_path, REPORT))
    assert evidence == Evidence(report="conformance.yaml",
                                direct={"demo_both": "2026-12-06", "demo_proven": "2026-12-06"})


@pytest.mark.parametrize(("tf_type", "configured", "want"), [
    pytest.param("demo_proven", None, Shipped("direct", "proven by conformance 2026-12-06"), id="Proven"),
    pytest.param("demo_both", None, Shipped("direct", "proven by conformance 2026-12-06"), id="ProvenOnBoth"),
    pytest.param("demo_failed", None, Shipped("cli", "not proven on direct"), id="Failed"),
    pytest.param("demo_cli_only", None, Shipped("cli", "not proven on direct"), id="ProvenOnTheCLIOnly"),
    pytest.param("demo_absent", None, Shipped("cli", "not proven on direct"), id="NotInTheReport"),
    pytest.param("demo_proven", "cli", Shipped("cli", "set by config"), id="TheConfigWins"),
    pytest.param("demo_failed", "direct", Shipped("direct", "set by config"), id="TheConfigWinsEitherWay"),
])
def test_the_rule(tmp_path: Path, tf_type: str, configured: str | None, want: Shipped) -> None:
    assert shipped(tf_type, configured, read_report(write(tmp_path, REPORT))) == want


def test_no_report_ships_every_kind_on_the_cli(tmp_path: Path) -> None:
    evidence = read_report(tmp_path / "conformance.yaml")
    assert evidence == Evidence()
    assert str(shipped("demo_proven", None, evidence)) == "cli: no conformance report"


def test_the_flag_overrides_where_a_kind_ships() -> None:
    proven = Shipped("direct", "proven by conformance 2026-12-06")
    assert runs_on("auto", proven) is proven
    assert str(runs_on("cli", proven)) == "cli: --executor flag"
    assert str(runs_on("direct", Shipped("cli", "not proven on direct"))) == "direct: --executor flag"
    with pytest.raises(ValueError, match="'fast' is not one of auto, cli, direct"):
        runs_on("fast", proven)


def test_a_row_holds_a_result_per_executor() -> None:
    assert results(REPORT["kinds"]["demo_cli_only"]) == {
        "direct": {"result": "failed", "date": "2026-12-04"}, "cli": {"result": "passed", "date": "2026-12-05"}}
    assert results({"result": "passed"}) == {}, "a row naming no executor is a result on none"


def test_a_report_read_again_only_when_it_changed(tmp_path: Path) -> None:
    path = write(tmp_path, REPORT)
    assert read_report(path) is read_report(path)
    write(tmp_path, {"kinds": {"demo_failed": REPORT["kinds"]["demo_failed"]}})
    assert read_report(path).direct == {}


@pytest.mark.parametrize("text", ["kinds: [", "- a list\n", "kinds: {demo: [1]}\n"])
def test_a_file_that_is_no_report_is_an_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "conformance.yaml"
    path.write_text(text)
    with pytest.raises(ValueError):
        read_report(path)
