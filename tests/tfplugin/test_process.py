"""A plugin process that dies unasked has its panic logged; one we stop says nothing."""

from __future__ import annotations

import logging
import stat
from pathlib import Path

import pytest

from bridge.tfplugin.process import PANIC_FIELD, PluginProcess
from tests.support.waiting import wait_for

# A plugin that hands over its socket, then panics as a Go program does: the panic and its goroutine
# dump on stderr, exit code 2. It logged a request body before that, which must not be shown.
PANICKING = """#!/bin/sh
echo "1|5|unix|$1/plugin.sock|grpc|"
echo 'request body: {"secret_key": "do-not-show"}' >&2
echo 'panic: value is null' >&2
echo '' >&2
echo 'goroutine 94 [running]:' >&2
echo 'github.com/hashicorp/terraform-provider-aws/internal/service/elbv2.flattenForwardActionOneOf(...)' >&2
exit 2
"""
# A panic whose provider frame comes under 20 KB of the SDK's frames, as a nil pointer met in an SDK
# middleware's call prints it.
DEEP_PANIC = """#!/bin/sh
echo "1|5|unix|$1/plugin.sock|grpc|"
echo 'panic: runtime error: invalid memory address or nil pointer dereference' >&2
echo 'goroutine 324 [running]:' >&2
i=0
while [ $i -lt 200 ]; do
  echo 'github.com/aws/smithy-go/middleware.decoratedFinalizeHandler.HandleFinalize(...)' >&2
  echo '	github.com/aws/smithy-go@v1.22.3/middleware/step_finalize.go:200' >&2
  i=$((i + 1))
done
echo 'github.com/hashicorp/terraform-provider-aws/internal/service/codecatalyst.resourceSourceRepositoryCreate()' >&2
exit 2
"""
SERVING = """#!/bin/sh
echo "1|5|unix|$1/plugin.sock|grpc|"
exec sleep 60
"""


def plugin(tmp_path: Path, script: str) -> Path:
    path = tmp_path / "terraform-provider-fake"
    path.write_text(script.replace("$1", str(tmp_path)))
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_a_plugin_that_panics_has_its_panic_logged(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="bridge.tfplugin.process")
    process = PluginProcess(plugin(tmp_path, PANICKING), {})
    try:
        wait_for(lambda: any("ended unasked" in r.getMessage() for r in caplog.records), "the death to be logged")
    finally:
        process.stop()  # what the pool does with a process found gone
    (record,) = [r for r in caplog.records if "ended unasked" in r.getMessage()]
    message = record.getMessage()
    assert f"pid {process.pid}" in message and "exit code 2" in message
    assert "panic: value is null" in message and "flattenForwardActionOneOf" in message
    assert "do-not-show" not in message, "what the plugin printed before its panic is not shown"
    panic = getattr(record, PANIC_FIELD)
    assert panic.startswith("panic: value is null") and "flattenForwardActionOneOf" in panic, \
        "the panic is the record's own field, for a host that reads its stack"


def test_a_long_panic_is_logged_short_and_carried_whole(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="bridge.tfplugin.process")
    process = PluginProcess(plugin(tmp_path, DEEP_PANIC), {})
    try:
        wait_for(lambda: any("ended unasked" in r.getMessage() for r in caplog.records), "the death to be logged")
    finally:
        process.stop()
    (record,) = [r for r in caplog.records if "ended unasked" in r.getMessage()]
    assert len(record.getMessage()) < 4096 + 200, "the log shows the panic's first 4 KiB"
    panic = getattr(record, PANIC_FIELD)
    assert panic.startswith("panic: runtime error") and len(panic) > 20000
    assert panic.rstrip().endswith("codecatalyst.resourceSourceRepositoryCreate()"), "its stack is kept whole"


def test_a_plugin_we_stop_is_not_reported(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="bridge.tfplugin.process")
    process = PluginProcess(plugin(tmp_path, SERVING), {})
    process.stop(grace=5)
    assert not process.alive()
    assert not [r for r in caplog.records if "ended unasked" in r.getMessage()]
