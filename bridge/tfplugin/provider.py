"""One configured provider process, spoken to over its plugin protocol.

A :class:`Provider` holds a plugin process, its protocol, its schema (read once) and its
configuration (validated and configured once). Configure is process-wide, so the pod's process
pool (:mod:`bridge.processes`) keeps one per distinct configuration. A call that failed because
the process died raises ProviderGone: the caller retries a read once on a new process, and
reports an apply (its outcome is unknown).
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import json
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import grpc

from bridge.api.errors import OperationFailed, OperationTimedOut, ProviderConfigFailed
from bridge.tfplugin import cty
from bridge.tfplugin.process import PluginProcess
from bridge.tfplugin.protocol import SEVERITY_ERROR, Diagnostic, Protocol, ProtocolError, diagnostics, path_steps
from bridge.tfplugin.schema import Schema, schema_from_proto
from bridge.workspace.backend import canceled

# What a provider is told about its host in Configure; some providers put it in User-Agent.
TERRAFORM_VERSION = "1.11.4"
SCHEMA_TIMEOUT = 300.0


class ProviderGone(OperationFailed):
    """The provider process died or stopped answering during a call."""


@dataclasses.dataclass(frozen=True)
class Planned:
    state: Any
    requires_replace: tuple[tuple[str | int, ...], ...]
    private: bytes
    # The provider's ``legacy_type_system`` (the SDKv2 shim's): terraform tolerates an invalid plan from it.
    legacy: bool = False


@dataclasses.dataclass(frozen=True)
class Imported:
    type_name: str
    state: Any
    private: bytes


class Provider:
    def __init__(self, binary: Path, env: Mapping[str, str], configuration: Mapping[str, Any], *,
                 calls: collections.Counter[str] | None = None) -> None:
        self.process = PluginProcess(binary, env)
        try:
            self.protocol = Protocol(self.process.channel, self.process.handshake.protocol, calls=calls)
            answer = self._checked("schema", SCHEMA_TIMEOUT, "read the provider schema")
            self.provider_schema = schema_from_proto(answer.provider)
            # Each type's schema is turned into ours when first asked for: the largest provider measured has 2,134
            # types, converting them all costs 1.3 s of CPU at every process start (a restart waits for
            # it before its first read), and a provider serves a few of them.
            self.resources = _Schemas(answer.resource_schemas)
            self.data_sources = _Schemas(answer.data_source_schemas)
            self.plan_destroy = bool(answer.server_capabilities.plan_destroy)
            self._configure(configuration)
        except BaseException:
            self.process.stop()
            raise

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
            raise OperationFailed(f"{what}: the provider failed the call ({code.name}): {details}",
                                  verb=verb) from exc
        errors = [d for d in diagnostics(answer) if d.severity == SEVERITY_ERROR]
        if errors:
            raise failed(what, verb, errors)
        return answer

    def _configure(self, configuration: Mapping[str, Any]) -> None:
        t = self.provider_schema.type
        value = self.provider_schema.block.with_absent_blocks(cty.conform(t, dict(configuration)))
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
        except OperationFailed as exc:
            raise ProviderConfigFailed(f"the provider refused its configuration: {exc}") from exc

    def schema(self, tf_type: str) -> Schema:
        try:
            return self.resources[tf_type]
        except KeyError:
            raise OperationFailed(f"the provider has no resource type {tf_type}", verb="schema") from None

    @property
    def pid(self) -> int:
        return self.process.pid

    def alive(self) -> bool:
        return self.process.alive()

    def interrupt(self) -> None:
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
        return s.block.with_absent_blocks(cty.from_msgpack(s.type, answer.upgraded_state.msgpack))

    def validate(self, tf_type: str, config: Any, timeout: float, what: str) -> None:
        if self.protocol.has("validate_resource"):
            self._checked("validate_resource", timeout, what, type_name=tf_type,
                          config=self._dv(self.schema(tf_type).type, config))

    def read(self, tf_type: str, state: Any, private: bytes, timeout: float) -> tuple[Any, bytes]:
        s = self.schema(tf_type)
        answer, new_private = self.read_encoded(tf_type, cty.to_msgpack(s.type, state), private, timeout)
        return s.block.with_absent_blocks(cty.from_msgpack(s.type, answer)), new_private

    def read_encoded(self, tf_type: str, state: bytes, private: bytes, timeout: float) -> tuple[bytes, bytes]:
        """ReadResource of a msgpack-encoded state; the new state as the provider encoded it, and its
        private state. A poll compares the bytes with the last answer's before decoding them."""
        answer = self._checked("read", timeout, f"read {tf_type}", type_name=tf_type,
                               current_state={"msgpack": state}, private=private)
        return bytes(answer.new_state.msgpack), bytes(answer.private)

    def plan(self, tf_type: str, prior: Any, proposed: Any, config: Any, private: bytes, timeout: float) -> Planned:
        s = self.schema(tf_type)
        answer = self._checked("plan", timeout, f"plan {tf_type}", type_name=tf_type,
                               prior_state=self._dv(s.type, prior), proposed_new_state=self._dv(s.type, proposed),
                               config=self._dv(s.type, config), prior_private=private)
        return Planned(cty.from_msgpack(s.type, answer.planned_state.msgpack),
                       tuple(path_steps(p) for p in answer.requires_replace), bytes(answer.planned_private),
                       bool(getattr(answer, "legacy_type_system", False)))

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
        state = (s.block.with_absent_blocks(cty.from_msgpack(s.type, answer.new_state.msgpack))
                 if answer.new_state.msgpack else None)
        return state, bytes(answer.private), errors

    def import_state(self, tf_type: str, import_id: str, timeout: float) -> list[Imported]:
        answer = self._checked("import", timeout, f"import {tf_type} {import_id!r}", type_name=tf_type, id=import_id)
        out = []
        for r in answer.imported_resources:
            s = self.schema(r.type_name)
            state = s.block.with_absent_blocks(cty.from_msgpack(s.type, r.state.msgpack))
            out.append(Imported(r.type_name, state, bytes(r.private)))
        return out

    def read_data(self, data_type: str, config: Mapping[str, Any], timeout: float) -> Any:
        try:
            s = self.data_sources[data_type]
        except KeyError:
            raise OperationFailed(f"the provider has no data source {data_type}", verb="read") from None
        value = s.block.with_absent_blocks(cty.conform(s.type, dict(config)))
        answer = self._checked("read_data", timeout, f"read data source {data_type}", type_name=data_type,
                               config=self._dv(s.type, value))
        return cty.from_msgpack(s.type, answer.state.msgpack)


class _Schemas:
    """Schemas by type name, each converted from the provider's message on first use."""

    def __init__(self, messages: Mapping[str, Any]) -> None:
        self._messages = messages
        self._converted: dict[str, Schema] = {}
        self._lock = threading.Lock()

    def get(self, name: str) -> Schema | None:
        found = self._converted.get(name)
        if found is None:
            message = self._messages.get(name)
            if message is None:
                return None
            with self._lock:  # converted once, however many workers ask at the same time
                found = self._converted.get(name)
                if found is None:
                    found = self._converted[name] = schema_from_proto(message)
        return found

    def __getitem__(self, name: str) -> Schema:
        found = self.get(name)
        if found is None:
            raise KeyError(name)
        return found

    def __contains__(self, name: object) -> bool:
        return name in self._messages

    def __len__(self) -> int:
        return len(self._messages)


def failed(what: str, verb: str, errors: list[Diagnostic]) -> OperationFailed:
    """The error of a call the provider answered with error diagnostics."""
    words = tuple(map(str, errors))
    return OperationFailed(f"{what}: {'; '.join(words)}", verb=verb, diagnostics=words, canceled=canceled(words))
