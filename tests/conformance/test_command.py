"""`tfbridge conformance` tells the truth in its exit code: it fails for a failure the run owns (our bug,
example invalid, timeout, the environment) and says which in its last line; moto's gaps and the provider's
own bugs fail it only with --strict; a machine that cannot run any kind stops it at once, in one line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conformance import command
from conformance import jobs as conformance_jobs
from conformance.classes import ENVIRONMENT, EXAMPLE, MOTO, OURS, PROVIDER, TIMEOUT, classify
from conformance.environment import EnvironmentFailure
from conformance.jobs import Jobs
from conformance.result import STEPS, Result, result_to_json
from tests.support.packages import AWS, ROOT

PASSED = dict.fromkeys(STEPS, "ok")


def _failed(kind: str, culprit: str) -> Result:
    return Result(kind, steps={"create": "ok"}).fail("reimport", f"words of {culprit}", culprit)


@pytest.mark.parametrize(
    ("failures", "strict", "code", "last"),
    [
        pytest.param([], False, 0, "conformance passed (exit 0): 2 of 2 kinds passed", id="AllPassed"),
        pytest.param([OURS, TIMEOUT], False, 1, "conformance failed (exit 1): our bug 1, timeout 1",
                     id="OwnedFailuresFailIt"),
        pytest.param([EXAMPLE], False, 1, "conformance failed (exit 1): example invalid 1", id="AnInvalidExample"),
        pytest.param([MOTO, PROVIDER], False, 0, "conformance passed (exit 0): 2 of 4 kinds passed; not failing it "
                     "without --strict: moto unsupported 1, provider bug 1", id="OthersReasonsAreReported"),
        pytest.param([MOTO, PROVIDER], True, 1, "conformance failed (exit 1): moto unsupported 1, provider bug 1",
                     id="StrictCountsThemToo"),
        pytest.param([MOTO, OURS], False, 1, "conformance failed (exit 1): our bug 1; not failing it without "
                     "--strict: moto unsupported 1", id="BothSaid"),
    ],
)
def test_the_exit_code_and_last_line_name_the_failures_the_run_owns(failures: list[str], strict: bool, code: int,
                                                                   last: str) -> None:
    results = [Result("aws_a", steps=dict(PASSED)), Result("aws_b", steps=dict(PASSED)),
               *(_failed(f"aws_{c.replace(' ', '_')}", c) for c in failures)]
    assert command.verdict(results, strict=strict) == (code, last)


def test_a_duplicate_or_a_lost_result_fails_the_run() -> None:
    twice = Result("aws_a", steps=dict(PASSED))
    twice.duplicates = 1
    assert command.verdict([twice], strict=False) == (1, "conformance failed (exit 1): duplicates 1")
    assert command.verdict([], strict=False, lost=["aws_b"]) == (1, "conformance failed (exit 1): no result 1")


def test_terraform_finding_no_provider_is_the_environments_failure() -> None:
    # terraform 1.11's words with TFBRIDGE_PLUGIN_DIR unset and no registry reachable, as the runtime wraps them.
    said = ("VPC/c001-example-vpc: create failed: terraform init failed: Failed to query available provider "
            "packages: Could not retrieve the list of available versions for provider hashicorp/aws: could not "
            "connect to registry.terraform.io: failed to request discovery document")
    assert classify(said) == ENVIRONMENT


def _run(monkeypatch: pytest.MonkeyPatch, results: list[Result] | EnvironmentFailure,
         *args: str) -> tuple[int, list[str], list[dict[str, Any]]]:
    """The command over two kinds, with the machine's check passed and the jobs answering ``results``."""
    calls: list[dict[str, Any]] = []

    def jobs(provider_name: str, tf_types: list[str], **kwargs: Any) -> Jobs:
        calls.append({"kinds": tf_types, **kwargs})
        if isinstance(results, EnvironmentFailure):
            raise results
        for r in results:
            kwargs["done"](r)
        return Jobs(list(results), [], 1.0)

    monkeypatch.setattr(command, "check", lambda *a, **k: None)
    monkeypatch.setattr(command, "run_jobs", jobs)
    done = CliRunner().invoke(command.conformance, ["--kinds", "aws_vpc,aws_sns_topic", "--no-report", *args])
    assert done.exception is None or isinstance(done.exception, SystemExit), done.exception
    return done.exit_code, done.output.strip().splitlines(), calls


def test_a_run_with_an_owned_failure_exits_1_naming_its_class(monkeypatch: pytest.MonkeyPatch) -> None:
    code, lines, calls = _run(monkeypatch, [Result("aws_sns_topic", steps=dict(PASSED)), _failed("aws_vpc", OURS)])
    assert calls[0]["kinds"] == ["aws_sns_topic", "aws_vpc"]
    assert code == 1
    assert lines[-1] == "conformance failed (exit 1): our bug 1"


def test_a_run_whose_only_failures_are_motos_exits_0_unless_strict(monkeypatch: pytest.MonkeyPatch) -> None:
    results = [Result("aws_sns_topic", steps=dict(PASSED)), _failed("aws_vpc", MOTO)]
    code, lines, _ = _run(monkeypatch, results)
    assert (code, lines[-1]) == (0, "conformance passed (exit 0): 1 of 2 kinds passed; not failing it without "
                                    "--strict: moto unsupported 1")
    code, lines, _ = _run(monkeypatch, results, "--strict")
    assert (code, lines[-1]) == (1, "conformance failed (exit 1): moto unsupported 1")


def test_the_environment_failing_during_the_run_stops_it_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    code, lines, _ = _run(monkeypatch, EnvironmentFailure("the local API server did not start (it exited with 1)"))
    assert code == 1
    assert lines[-1] == "conformance stopped (exit 1): environment: the local API server did not start (it exited " \
                        "with 1)"


# A job speaking the job protocol: sends the events scripted for its batch (by its first kind), then
# stays (as a job still running its kinds does) until it is stopped.
_JOB = """import json, os, sys, time
spec = json.loads(sys.stdin.read())
out = os.fdopen(int(sys.argv[-1]), "w")
for event in json.loads(sys.argv[1])[spec["kinds"][0]]:
    out.write(json.dumps(event) + chr(10))
    out.flush()
time.sleep(120)
"""


@pytest.mark.parametrize(
    ("event", "said"),
    [
        pytest.param({"environment": "moto did not start: address in use"}, "moto did not start: address in use",
                     id="ARigThatCannotStart"),
        pytest.param({"result": result_to_json(Result("aws_a", steps={}).fail(
            "create", "VPC/c001: create failed: terraform init failed: Could not retrieve the list of available "
                      "versions for provider hashicorp/aws"))},
                     "aws_a: create: VPC/c001: create failed: terraform init failed", id="AKindFailedByTheEnvironment"),
    ],
)
def test_the_jobs_stop_at_the_first_failure_of_the_environment(monkeypatch: pytest.MonkeyPatch,
                                                               event: dict[str, Any], said: str) -> None:
    script = {"aws_a": [{"started": "aws_a"}, event], "aws_b": [{"started": "aws_b"}]}
    real = conformance_jobs.subprocess.Popen
    started: list[subprocess.Popen[bytes]] = []

    def popen(args: list[str], **kwargs: Any) -> subprocess.Popen[bytes]:
        proc: subprocess.Popen[bytes] = real([sys.executable, "-c", _JOB, json.dumps(script), args[-1]], **kwargs)
        started.append(proc)
        return proc

    monkeypatch.setattr(conformance_jobs.subprocess, "Popen", popen)
    heard: list[Result] = []
    begun = time.monotonic()
    with pytest.raises(EnvironmentFailure, match="^" + said.replace("(", r"\(")):
        conformance_jobs.run_jobs("aws", ["aws_a", "aws_b"], jobs=2, batch=1, executor="direct", workers=1,
                                  timeout=1, done=heard.append)
    assert time.monotonic() - begun < 60, "the jobs still running were stopped, not waited for"
    assert heard == [] and len(started) == 2
    assert all(p.poll() is not None for p in started), "every job was stopped"


@pytest.mark.parametrize(
    ("env", "said"),
    [
        pytest.param({"TFBRIDGE_PLUGIN_DIR": ""},
                     "no provider plugin source for {where}: TFBRIDGE_PLUGIN_DIR is unset and terraform "
                     "init could not install it from the registry", id="NoPluginSource"),
        pytest.param({"TFBRIDGE_PLUGIN_DIR": "{tmp}"},
                     "no provider plugin source for {where}: TFBRIDGE_PLUGIN_DIR={tmp} does not provide "
                     "it", id="AMirrorWithoutTheProvider"),
        pytest.param({"TFBRIDGE_TERRAFORM": "{tmp}/terraform"},
                     "terraform not found: '{tmp}/terraform' is not an executable on PATH; install terraform, or set "
                     "TFBRIDGE_TERRAFORM to its path", id="NoTerraform"),
    ],
)
def test_a_machine_that_cannot_run_any_kind_stops_the_run_at_once(terraform_bin: str, tmp_path: Path,
                                                                  env: dict[str, str], said: str) -> None:
    """Run as a new user runs it, outside make: one line saying what to set, exit 1, no kind started. No
    registry is reachable through the proxy the run is given, whatever this machine's network."""
    unreachable = "http://127.0.0.1:9"
    environ = {**os.environ, "TFBRIDGE_TERRAFORM": terraform_bin, "HTTPS_PROXY": unreachable,
               "HTTP_PROXY": unreachable, "NO_PROXY": "", **{k: v.format(tmp=tmp_path) for k, v in env.items()}}
    begun = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "tfbridge", "conformance", "--kinds", "aws_vpc,aws_sns_topic",
                           "--no-report"], env=environ, capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 1, done.stdout + done.stderr
    (line,) = done.stderr.strip().splitlines()
    where = f"{AWS.provider.source} {AWS.provider.version}"
    assert line.startswith(f"conformance stopped (exit 1): environment: {said.format(tmp=tmp_path, where=where)}"), \
        line
    assert "set TFBRIDGE_PLUGIN_DIR" in line or "set TFBRIDGE_TERRAFORM" in line
    assert "kinds, executor" not in done.stdout, "no kind was chosen, no job started"
    assert time.monotonic() - begun < 120


@pytest.mark.parametrize(("executor", "wanted"), [
    pytest.param("auto", {"aws_vpc": "direct", "aws_ami": "cli"}, id="EachWhereItShips"),
    pytest.param("cli", {"aws_vpc": "cli", "aws_ami": "cli"}, id="EveryKindOnTheCLI"),
])
def test_each_result_is_recorded_as_the_executors_it_ran_on(monkeypatch: pytest.MonkeyPatch, executor: str,
                                                            wanted: dict[str, str]) -> None:
    """--executor auto runs each kind where it ships (the committed report: the VPC is proven on the direct
    executor, the AMI is not); a result is the report's for the executor the kind ran on."""
    assert {t: AWS.by_type(t).config.executor for t in ("aws_vpc", "aws_ami")} == {"aws_vpc": "direct",
                                                                                  "aws_ami": "cli"}
    merged: dict[str, dict[str, Any]] = {}
    monkeypatch.setattr(command, "merge", lambda _path, rows: merged.update(rows))
    monkeypatch.setattr(command, "check", lambda *a, **k: None)

    runs: dict[str, list[str]] = {}

    def jobs(provider_name: str, tf_types: list[str], **kwargs: Any) -> Jobs:
        runs[kwargs["executor"]] = list(tf_types)
        results = [Result(t, steps=dict(PASSED)) for t in tf_types]
        for r in results:
            kwargs["done"](r)
        return Jobs(results, [], 1.0)

    monkeypatch.setattr(command, "run_jobs", jobs)
    done = CliRunner().invoke(command.conformance, ["--kinds", "aws_vpc,aws_ami", "--executor", executor])
    assert done.exit_code == 0, done.output
    assert {t: row["executor"] for t, row in merged.items()} == wanted
    assert runs == {e: sorted(t for t in wanted if wanted[t] == e) for e in set(wanted.values())}, \
        "one run per executor, each kind's referenced examples on its executor too"


def test_skip_reported_skips_the_kinds_with_a_result_on_the_executor_run(monkeypatch: pytest.MonkeyPatch) -> None:
    report = {"kinds": {"aws_vpc": {"executor": "direct", "result": "passed"},
                        "aws_sns_topic": {"executor": "direct", "result": "failed",
                                          "executors": {"cli": {"result": "failed"}}}}}
    monkeypatch.setattr(command, "load_report", lambda _path: report)
    for executor, left in (("direct", []), ("cli", ["aws_vpc"]), ("auto", [])):
        _, _, calls = _run(monkeypatch, [], "--skip-reported", "--executor", executor)
        assert (calls[0]["kinds"] if calls else []) == left, executor
