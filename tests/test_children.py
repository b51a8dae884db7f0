"""Local commands that start children stop them when they are asked to end."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
from pathlib import Path

_PROGRAM = textwrap.dedent("""
    import sys, time
    from devrig import children
    children.exit_on_sigterm()
    try:
        print("started", flush=True)
        time.sleep(60)
    finally:
        open(sys.argv[1], "w").write("unwound")
""")


def test_sigterm_unwinds_so_what_a_command_started_is_stopped(tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    with subprocess.Popen([sys.executable, "-c", _PROGRAM, str(marker)], stdout=subprocess.PIPE) as proc:
        assert proc.stdout is not None
        assert proc.stdout.readline() == b"started\n"
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 128 + signal.SIGTERM
    assert marker.read_text() == "unwound"
