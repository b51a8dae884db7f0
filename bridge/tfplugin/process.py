"""A provider plugin process, started the way terraform starts it (HashiCorp go-plugin).

The host sets the magic cookie and the protocol versions it speaks; the plugin answers with one
handshake line on stdout, ``CORE-VERSION|APP-VERSION|NETWORK|ADDRESS|grpc|``, and serves gRPC
there (plaintext: no client certificate is offered, so no AutoMTLS). Its stderr is go-plugin's
log channel: drained, and never stored but for its last few KiB, because providers may log request
bodies. A plugin that dies unasked (a Go panic: a provider's bug, or a value it did not expect) has
the panic it printed logged, from its ``panic:`` or ``fatal error:`` line on, so the operator sees why
every call in flight on it failed; the record carries the whole panic, for a host that reads from its
stack whose call it was.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
import signal
import subprocess
import threading
from collections.abc import Mapping
from pathlib import Path

import grpc

# go-plugin's handshake for Terraform providers: not a secret, a guard against running the
# plugin by hand (the same value is in every Terraform release).
MAGIC_COOKIE_KEY = "TF_PLUGIN_MAGIC_COOKIE"
MAGIC_COOKIE_VALUE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2"
SUPPORTED_PROTOCOLS = (5, 6)
# The schema of a large provider is one message of several MB.
log = logging.getLogger(__name__)
# Bytes of stderr kept, and of a panic logged, when a plugin dies unasked. The tail holds a whole Go
# panic (its goroutine's stack, at most 100 frames): a large provider's own frames may come 15 KB into
# it, under its SDK's middleware (measured on a nil pointer in a create).
_TAIL = 65536
_PANIC_SHOWN = 4096
# The log record of a plugin that ended unasked carries the whole panic it printed under this name.
PANIC_FIELD = "plugin_panic"

CHANNEL_OPTIONS = [("grpc.max_receive_message_length", 512 << 20), ("grpc.max_send_message_length", 512 << 20)]


class PluginStartFailed(RuntimeError):
    pass


@dataclasses.dataclass(frozen=True)
class Handshake:
    core_version: int
    protocol: int
    network: str
    address: str

    @property
    def target(self) -> str:
        return f"unix:{self.address}" if self.network == "unix" else self.address


def parse_handshake(line: str) -> Handshake:
    parts = line.strip().split("|")
    if len(parts) < 5 or parts[4] != "grpc":
        raise PluginStartFailed(f"not a go-plugin gRPC handshake: {line.strip()[:200]!r}")
    try:
        core, protocol = int(parts[0]), int(parts[1])
    except ValueError as exc:
        raise PluginStartFailed(f"bad handshake versions: {line.strip()[:200]!r}") from exc
    if core != 1:
        raise PluginStartFailed(f"go-plugin core protocol {core} is not supported (1 is)")
    if protocol not in SUPPORTED_PROTOCOLS:
        raise PluginStartFailed(f"plugin protocol {protocol} is not supported ({SUPPORTED_PROTOCOLS})")
    return Handshake(core, protocol, parts[2], parts[3])


class PluginProcess:
    def __init__(self, binary: Path, env: Mapping[str, str], *, start_timeout: float = 60.0) -> None:
        self.binary = binary
        child_env = {**env, MAGIC_COOKIE_KEY: MAGIC_COOKIE_VALUE,
                     "PLUGIN_PROTOCOL_VERSIONS": ",".join(map(str, SUPPORTED_PROTOCOLS))}
        child_env.pop("PLUGIN_CLIENT_CERT", None)  # would switch the plugin to mutual TLS
        self.proc = subprocess.Popen([str(binary)], env=child_env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, start_new_session=True)
        self.stderr_bytes = 0
        self._tail = bytearray()
        self._stopping = False
        self.handshake = self._read_handshake(start_timeout)
        self.channel = grpc.insecure_channel(self.handshake.target, options=CHANNEL_OPTIONS)
        threading.Thread(target=self._drain, daemon=True, name=f"plugin-{self.proc.pid}-stderr").start()

    def _read_handshake(self, timeout: float) -> Handshake:
        assert self.proc.stdout is not None
        lines: list[str] = []
        done = threading.Event()

        def read() -> None:
            assert self.proc.stdout is not None
            raw = self.proc.stdout.readline()
            lines.append(raw.decode(errors="replace"))
            done.set()

        threading.Thread(target=read, daemon=True, name=f"plugin-{self.proc.pid}-handshake").start()
        if not done.wait(timeout) or not lines or not lines[0].strip():
            self._kill()
            raise PluginStartFailed(f"{self.binary.name} printed no handshake within {timeout:.0f}s "
                                    f"(exit code {self.proc.poll()})")
        try:
            return parse_handshake(lines[0])
        except PluginStartFailed:
            self._kill()
            raise

    def _drain(self) -> None:
        # Read and dropped: go-plugin's own lines, and the provider's logs when someone turned them on.
        # This thread owns the pipe and closes it at end of file (the plugin gone): closed under a
        # blocked read by another thread, its descriptor could be reused and read from.
        assert self.proc.stderr is not None
        fd = self.proc.stderr.fileno()
        try:
            for chunk in iter(lambda: os.read(fd, 65536), b""):
                self.stderr_bytes += len(chunk)
                self._tail += chunk
                del self._tail[:-_TAIL]
        finally:
            self.proc.stderr.close()
        if not self._stopping:
            self._died()

    def _died(self) -> None:
        """Log why the plugin ended when nobody stopped it: its panic, if it printed one."""
        try:
            code: int | None = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            code = None
        text = self._tail.decode(errors="replace")
        start = max(text.rfind("panic: "), text.rfind("fatal error: "))
        panic = text[start:] if start >= 0 else ""
        said = f"; it printed:\n{panic[:_PANIC_SHOWN]}" if panic else ", printing no panic"
        # The panic is also the record's own field (PANIC_FIELD, "" for none): a host sharing one plugin
        # among many callers (the conformance runner) tells from its stack whose call ended the plugin.
        log.warning("provider plugin %s (pid %d) ended unasked, exit code %s%s", self.binary.name, self.proc.pid,
                    code, said, extra={PANIC_FIELD: panic})

    @property
    def pid(self) -> int:
        return self.proc.pid

    def alive(self) -> bool:
        return self.proc.poll() is None

    def stop(self, grace: float = 10.0) -> None:
        """SIGTERM (a provider ignores SIGINT, which belongs to its host), then SIGKILL."""
        self._stopping = True
        self.channel.close()
        if self.alive():
            with contextlib.suppress(ProcessLookupError):
                self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                self._kill()
        self._cleanup()

    def _kill(self) -> None:
        self._stopping = True
        with contextlib.suppress(ProcessLookupError):
            self.proc.kill()
        self.proc.wait()
        self._cleanup()

    def _cleanup(self) -> None:
        if self.proc.stdout is not None:
            with contextlib.suppress(OSError):
                self.proc.stdout.close()
        handshake = getattr(self, "handshake", None)
        if handshake is not None and handshake.network == "unix":
            with contextlib.suppress(FileNotFoundError):
                os.unlink(handshake.address)

