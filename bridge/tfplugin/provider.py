"""One configured provider process, and the pool that shares them.

A :class:`Provider` holds a plugin process, its protocol, its schema (read once) and its
configuration (validated and configured once). Configure is process-wide, so the pool keeps one
process per distinct configuration, as the CLI executor's shared providers do. A process that
died or stopped answering is replaced on the next use; a call that failed because it died is
retried once on the new process (a read), or reported (an apply: its outcome is unknown).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import grpc

from bridge.api.errors import OperationTimedOut, ProviderConfigFailed, TerraformFailed
from bridge.tfplugin import cty
from bridge.tfplugin.process import PluginProcess
from bridge.tfplugin.protocol import SEVERITY_ERROR, Diagnostic, Protocol, ProtocolError, diagnostics, path_steps
from bridge.tfplugin.schema import Schema, schema_from_proto

# What a provider is told about its host in Configure; some providers put it in User-Agent.
TERRAFORM_VERSION = "1.11.4"
SCHEMA_TIMEOUT = 300.0


class ProviderGone(TerraformFailed):
    """The provider process died or stopped answering during a call."""


@dataclasses.dataclass(frozen=True)
class Planned:
    state: Any
    requires_replace: tuple[tuple[str | int, ...], ...]
    private: bytes


@dataclasses.dataclass(frozen=True)
class Imported:
    type_name: str
    state: Any
    private: bytes


class Provider:
    def __init__(self, binary: Path, env: Mapping[str, str], configuration: Mapping[str, Any]) -> None:
        self.process = PluginProcess(binary, env)
        try:
            self.protocol = Protocol(self.process.channel, self.process.handshake.protocol)
            answer = self._checked("schema", SCHEMA_TIMEOUT, "read the provider schema")
            self.provider_schema = schema_from_proto(answer.provider)
            self.resources = {name: schema_from_proto(s) for name, s in answer.resource_schemas.items()}
            self.data_sources = {name: schema_from_proto(s) for name, s in answer.data_source_schemas.items()}
            self.plan_destroy = bool(answer.server_capabilities.plan_destroy)
            self._configure(configuration)
        except BaseException:
            self.process.stop()
            raise
        self.calls = 0
        self.active = 0

    # -- plumbing ---------------------------------------------------------------------------

    def _dv(self, t: cty.Type, value: Any) -> dict[str, bytes]:
        return {"msgpack": cty.to_msgpack(t, value)}

    def _checked(self, verb: str, timeout: float, what: str, **fields: Any) -> Any:
        try:
            answer = self.protocol.call(verb, timeout, **fields)
        except grpc.RpcError as exc:
            code = exc.code() if isinstance(exc, grpc.Call) else None
            if code is grpc.StatusCode.DEADLINE_EXCEEDED:
                # Every call but apply (which has its own path) leaves the cloud as it was.
                raise OperationTimedOut(f"{what}: the provider did not answer within {timeout:.0f}s",
                                        applying=False) from exc
            if code in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED, None):
                raise ProviderGone(f"{what}: the provider process is gone ({code.name if code else exc})",
                                   verb=verb) from exc
            details = exc.details() if isinstance(exc, grpc.Call) else str(exc)
            raise TerraformFailed(f"{what}: the provider failed the call ({code.name}): {details}", verb=verb) from exc
        errors = [d for d in diagnostics(answer) if d.severity == SEVERITY_ERROR]
        if errors:
            raise TerraformFailed(f"{what}: {'; '.join(map(str, errors))}", verb=verb,
                                  diagnostics=tuple(map(str, errors)))
        return answer

    def _configure(self, configuration: Mapping[str, Any]) -> None:
        t = self.provider_schema.type
        value = cty.conform(t, dict(configuration))
        try:
            answer = self._checked("validate_provider", 60, "validate the provider configuration",
                                   config=self._dv(t, value))
            prepared = getattr(answer, "prepared_config", None)
            if prepared is not None and prepared.msgpack:
                value = cty.from_msgpack(t, prepared.msgpack)
            self._checked("configure", 60, "configure the provider", terraform_version=TERRAFORM_VERSION,
                          config=self._dv(t, value))
        except ProviderGone:
            raise
        except TerraformFailed as exc:
            raise ProviderConfigFailed(f"the provider refused its configuration: {exc}") from exc

    def schema(self, tf_type: str) -> Schema:
        try:
            return self.resources[tf_type]
        except KeyError:
            raise TerraformFailed(f"the provider has no resource type {tf_type}", verb="schema") from None

    def alive(self) -> bool:
        return self.process.alive()

    def cancel(self) -> None:
        """The protocol's Stop: the provider cancels what it is doing; the process stays up."""
        with contextlib.suppress(grpc.RpcError, ProtocolError):
            if self.process.alive():
                self.protocol.call("stop", 5)

    def stop(self) -> None:
        self.process.stop()

    # -- resource operations ------------------------------------------------------------------

    def upgrade(self, tf_type: str, version: int, attributes: Mapping[str, Any], timeout: float) -> Any:
        """A stored state (JSON attributes at ``version``) in the current schema's shape."""
        s = self.schema(tf_type)
        answer = self._checked("upgrade", timeout, f"upgrade the stored state of {tf_type}", type_name=tf_type,
                               version=version, raw_state={"json": json.dumps(dict(attributes)).encode()})
        return cty.from_msgpack(s.type, answer.upgraded_state.msgpack)

    def validate(self, tf_type: str, config: Any, timeout: float, what: str) -> None:
        if self.protocol.has("validate_resource"):
            self._checked("validate_resource", timeout, what, type_name=tf_type,
                          config=self._dv(self.schema(tf_type).type, config))

    def read(self, tf_type: str, state: Any, private: bytes, timeout: float) -> tuple[Any, bytes]:
        s = self.schema(tf_type)
        answer = self._checked("read", timeout, f"read {tf_type}", type_name=tf_type,
                               current_state=self._dv(s.type, state), private=private)
        return cty.from_msgpack(s.type, answer.new_state.msgpack), bytes(answer.private)

    def plan(self, tf_type: str, prior: Any, proposed: Any, config: Any, private: bytes, timeout: float) -> Planned:
        s = self.schema(tf_type)
        answer = self._checked("plan", timeout, f"plan {tf_type}", type_name=tf_type,
                               prior_state=self._dv(s.type, prior), proposed_new_state=self._dv(s.type, proposed),
                               config=self._dv(s.type, config), prior_private=private)
        return Planned(cty.from_msgpack(s.type, answer.planned_state.msgpack),
                       tuple(path_steps(p) for p in answer.requires_replace), bytes(answer.planned_private))

    def apply(self, tf_type: str, prior: Any, planned: Any, config: Any, private: bytes,
              timeout: float) -> tuple[Any, bytes, list[Diagnostic]]:
        """(new state, private, error diagnostics). A failed apply may still return a new state (the
        object exists, half made): the caller records it rather than losing it."""
        s = self.schema(tf_type)
        try:
            answer = self.protocol.call("apply", timeout, type_name=tf_type, prior_state=self._dv(s.type, prior),
                                        planned_state=self._dv(s.type, planned), config=self._dv(s.type, config),
                                        planned_private=private)
        except grpc.RpcError as exc:
            code = exc.code() if isinstance(exc, grpc.Call) else None
            # The request may have reached the cloud: its outcome is unknown either way.
            raise OperationTimedOut(f"apply {tf_type}: the provider did not answer "
                                    f"({code.name if code else exc})") from exc
        errors = [d for d in diagnostics(answer) if d.severity == SEVERITY_ERROR]
        state = cty.from_msgpack(s.type, answer.new_state.msgpack) if answer.new_state.msgpack else None
        return state, bytes(answer.private), errors

    def import_state(self, tf_type: str, import_id: str, timeout: float) -> list[Imported]:
        answer = self._checked("import", timeout, f"import {tf_type} {import_id!r}", type_name=tf_type, id=import_id)
        out = []
        for r in answer.imported_resources:
            s = self.schema(r.type_name)
            out.append(Imported(r.type_name, cty.from_msgpack(s.type, r.state.msgpack), bytes(r.private)))
        return out

    def read_data(self, data_type: str, config: Mapping[str, Any], timeout: float) -> Any:
        try:
            s = self.data_sources[data_type]
        except KeyError:
            raise TerraformFailed(f"the provider has no data source {data_type}", verb="read") from None
        value = cty.conform(s.type, dict(config))
        answer = self._checked("read_data", timeout, f"read data source {data_type}", type_name=data_type,
                               config=self._dv(s.type, value))
        return cty.from_msgpack(s.type, answer.state.msgpack)


class Providers:
    """Live providers by configuration key; started on first use, replaced when dead."""

    def __init__(self) -> None:
        self._procs: dict[str, Provider] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._lock = threading.Lock()
        self._idle = threading.Condition()
        self.started = 0

    @contextlib.contextmanager
    def get(self, key: str, binary: Path, env: Mapping[str, str],
            configuration: Mapping[str, Any]) -> Iterator[Provider]:
        with self._lock:
            lock = self._locks.setdefault(key, threading.Lock())
        with lock:
            current = self._procs.get(key)
            if current is not None and not current.alive():
                current.stop()
                current = None
            if current is None:
                current = Provider(binary, env, configuration)
                self.started += 1
                self._procs[key] = current
        with self._idle:
            current.calls += 1
            current.active += 1
        try:
            yield current
        finally:
            with self._idle:
                current.active -= 1
                self._idle.notify_all()

    def forget(self, provider: Provider) -> None:
        """A call found ``provider`` unusable: stop it, so the next use starts a fresh one."""
        with self._lock:
            for key, p in list(self._procs.items()):
                if p is provider:
                    del self._procs[key]
        provider.stop()

    def live(self) -> list[Provider]:
        with self._lock:
            return list(self._procs.values())

    def pids(self) -> list[int]:
        return [p.process.pid for p in self.live()]

    def shutdown(self, drain: float = 10.0) -> None:
        """Ask every provider to stop its calls in flight (as terraform does on an interrupt: they end
        with "context canceled", an unknown outcome, never a lost answer), let them return, then stop."""
        with self._lock:
            procs = list(self._procs.values())
            self._procs.clear()
        for p in procs:
            p.cancel()
        with self._idle:
            self._idle.wait_for(lambda: all(p.active == 0 for p in procs), timeout=drain)
        for p in procs:
            p.stop()
