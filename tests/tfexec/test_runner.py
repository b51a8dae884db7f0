"""The runner against stand-in executables: deadlines, SIGINT then SIGKILL, own session, umask."""

import os
import stat
import sys
import threading
from pathlib import Path

import pytest

from bridge.tfexec.runner import Outcome, Runner
from tests.support.waiting import wait_for

POLITE = ("import signal, sys, time\n"
          "signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})\n"
          "def stop(*_):\n    print(\"interrupted\", flush=True)\n    sys.exit(130)\n"
          "signal.signal(signal.SIGINT, stop)\n"
          "open(\"ready\", \"w\").close()\n"
          "while True:\n    time.sleep(0.05)\n")
SCRIPTS = {
    "ok": "echo out; echo err >&2; exit 0",
    "fails": "exit 3",
    # Python, not sh: like terraform (Go), it handles SIGINT whatever signal state it inherits; sh
    # cannot trap a signal that was ignored when it started.
    "slow-polite": f"exec {sys.executable} -c '{POLITE}'",
    "slow-stubborn": "trap '' INT; while :; do sleep 0.05; done",
    "writes-file": "echo secret > state.out",
    "session": "ps -o sid= -p $$",
}


def make_tool(tmp_path: Path, body: str) -> str:
    tool = tmp_path / "fake-terraform"
    tool.write_text(f"#!/bin/sh\n{body}\n")
    tool.chmod(0o755)
    return str(tool)


@pytest.mark.parametrize(
    ("script", "timeout", "grace", "want"),
    [
        pytest.param("ok", 10, 1, Outcome.OK, id="Ok"),
        pytest.param("fails", 10, 1, Outcome.FAILED, id="NonZeroExit"),
        # A generous grace: a loaded CI machine may take seconds to schedule the trap.
        pytest.param("slow-polite", 3.0, 30, Outcome.TIMED_OUT, id="DeadlineSendsSigint"),
        pytest.param("slow-stubborn", 0.3, 0.3, Outcome.KILLED, id="SigkillAfterGrace"),
    ],
)
def test_outcomes(tmp_path: Path, script: str, timeout: float, grace: float, want: Outcome) -> None:
    run = Runner(terraform=make_tool(tmp_path, SCRIPTS[script]), grace=grace).run(
        tmp_path, ["apply"], env={"PATH": os.environ["PATH"]}, timeout=timeout)
    assert run.outcome is want
    if script == "ok":
        assert (run.stdout, run.stderr, run.verb) == ("out\n", "err\n", "apply")
    if script == "slow-polite":
        assert run.stdout == "interrupted\n" and run.returncode == 130


def test_shutdown_interrupts_running_commands(tmp_path: Path) -> None:
    runner = Runner(terraform=make_tool(tmp_path, SCRIPTS["slow-polite"]), grace=30)
    result: list[Outcome] = []
    t = threading.Thread(target=lambda: result.append(
        runner.run(tmp_path, ["apply"], env={"PATH": os.environ["PATH"]}, timeout=60).outcome))
    t.start()
    wait_for(lambda: (tmp_path / "ready").exists(), timeout=30, what="the command to handle SIGINT")
    runner.shutdown()
    t.join(30)
    assert result == [Outcome.INTERRUPTED]


def test_files_are_private_and_session_is_own(tmp_path: Path) -> None:
    runner = Runner(terraform=make_tool(tmp_path, SCRIPTS["writes-file"]))
    runner.run(tmp_path, ["apply"], env={"PATH": os.environ["PATH"]}, timeout=10)
    assert stat.S_IMODE((tmp_path / "state.out").stat().st_mode) == 0o600
    tool = make_tool(tmp_path, SCRIPTS["session"])
    run = Runner(terraform=tool).run(tmp_path, ["x"], env={"PATH": os.environ["PATH"]}, timeout=10)
    assert int(run.stdout.strip()) != os.getsid(0), "terraform runs in its own session"


def test_environment_is_only_what_is_passed(tmp_path: Path) -> None:
    tool = make_tool(tmp_path, 'echo "${LEAK:-none} ${GIVEN}"')
    os.environ["LEAK"] = "leaked"
    try:
        run = Runner(terraform=tool).run(tmp_path, ["x"], env={"PATH": os.environ["PATH"], "GIVEN": "yes"},
                                         timeout=10)
    finally:
        del os.environ["LEAK"]
    assert run.stdout == "none yes\n"
