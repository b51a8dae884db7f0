"""A gRPC front for a long-lived provider process: terraform's runs reattach to it, not to the process.

Every call passes through as bytes, untouched, but one: the provider's schema, which the front reads
once and answers each run with only the resource and data-source types that run's
workspace names. Terraform decodes the whole schema in every run, and the provider builds it for every
run: for a provider of a thousand types that is most of what a run costs (measured with terraform 1.11 on a
provider whose schema is 13.6 MB: one plan of one resource, reattached to the process, cost 1.1 CPU-s in
terraform and 0.6 in the provider; through the front, 0.05 and 0.2).

The schema is read from the first process started from a provider's binary and kept for every later one, so
neither terraform nor the front ever asks those for it: a provider needs no schema call before the others
(measured with a provider muxing two plugin SDKs, whose routing finds each type's server itself).

Each run gets a server of its own on a socket of its own (a run's types are known only to the run),
started for it and stopped after it (a few milliseconds). Cancellation passes through: a call terraform
gives up is cancelled in the provider. A front that cannot serve (no reflection, a schema it cannot
read) says so in the log once and lets its process's runs reattach to the process itself.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import logging
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator, Mapping
from concurrent import futures
from pathlib import Path
from typing import Any

import grpc

from bridge import reflection
from bridge.tfexec import wire
from bridge.workspace.store import Workspace

log = logging.getLogger(__name__)

# The schema's maps keyed by a type's name, narrowed to the run's types. Any other field (the provider's
# own block, its functions, a map a later protocol adds) is passed on whole.
NARROWED = ("resource_schemas", "data_source_schemas", "ephemeral_resource_schemas")
# The method that answers the schema, by protocol version.
SCHEMA_METHOD = {5: "GetSchema", 6: "GetProviderSchema"}
_NO_DEADLINE = 1e9  # seconds: more than any deadline terraform sets
# Terraform's messages have no size limit (go-plugin sets none): neither has the front.
_UNLIMITED = [("grpc.max_receive_message_length", -1), ("grpc.max_send_message_length", -1)]


class Schema:
    """The provider's whole schema answer, indexed by field so that narrowing copies bytes only."""

    def __init__(self, answer: bytes, narrowed: Mapping[int, str]) -> None:
        self.whole = answer
        self._kept: list[memoryview] = []  # encoded fields passed on whole, in their order
        self._entries: dict[int, dict[str, memoryview]] = {number: {} for number in narrowed}
        for number, encoded, payload in wire.fields(answer):
            if number in self._entries and payload is not None:
                self._entries[number][wire.string_field(payload, 1)] = encoded
            else:
                self._kept.append(encoded)
        self._cache: dict[frozenset[str], bytes] = {}
        self._lock = threading.Lock()

    def narrowed(self, types: frozenset[str] | None) -> bytes:
        """The answer with only ``types`` in its narrowed maps (each kept where the provider has it); with
        None, whole."""
        if types is None:
            return self.whole
        with self._lock:
            cached = self._cache.get(types)
            if cached is None:
                picked = [entries[t] for entries in self._entries.values() for t in sorted(types) if t in entries]
                cached = self._cache[types] = b"".join(self._kept + picked)
            return cached


class _Answers:
    """Each provider binary's schema, read from the first process started from it: a binary answers one
    schema, and builds it anew for every call (0.45 CPU-s for the 13.6 MB one measured above). A binary
    replaced in place (another inode, size or modification time) is read again."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: dict[tuple[str, int, int, int], Schema] = {}

    def kept(self, binary: Path, read: Callable[[], Schema]) -> Schema:
        st = binary.stat()
        key = (str(binary.resolve()), st.st_ino, st.st_size, st.st_mtime_ns)
        with self._lock:
            found = self._kept.get(key)
        if found is None:
            found = read()
            with self._lock:
                found = self._kept.setdefault(key, found)
        return found


_ANSWERS = _Answers()


class Front:
    """The front of one provider process (``reattach``: the TF_REATTACH_PROVIDERS value it printed)."""

    def __init__(self, reattach: str, *, binary: Path | None = None, timeout: float = 120.0) -> None:
        self.reattach = reattach
        self._binary = binary  # the process's executable: its schema is read once for every process of it
        self._timeout = timeout
        self._lock = threading.Lock()
        self._ready = False
        self._failed = ""
        self._channel: grpc.Channel | None = None
        self._service = ""
        self._schema_method = ""
        self._handlers: dict[str, grpc.RpcMethodHandler] = {}  # method name → its handler
        self._schema: Schema | None = None
        self._directory: Path | None = None
        self._sockets = itertools.count(1)
        self._entry: tuple[str, dict[str, Any]] | None = _single_unix_provider(reattach)
        if self._entry is None:
            self._failed = "its address is not one provider on a unix socket"

    @property
    def schema(self) -> Schema | None:
        """What the front answers the schema from; None until its first run, and when it cannot serve."""
        return self._schema

    @contextlib.contextmanager
    def serve(self, types: frozenset[str] | None) -> Iterator[str]:
        """A TF_REATTACH_PROVIDERS value for one run whose workspace uses ``types`` (None: the schema whole)."""
        if not self._start():
            yield self.reattach
            return
        assert self._entry is not None and self._directory is not None and self._schema is not None
        schema = self._schema
        handlers = {**self._handlers, self._schema_method: grpc.unary_unary_rpc_method_handler(
            lambda _request, _context: schema.narrowed(types))}
        server = grpc.server(futures.ThreadPoolExecutor(max_workers=4, thread_name_prefix="provider-front"),
                             options=_UNLIMITED)
        # go-plugin's own services (stdio, broker, controller) are not passed on: terraform goes without them,
        # as it does for a provider that lacks them, and a reattached process is never its to stop.
        server.add_generic_rpc_handlers([grpc.method_handlers_generic_handler(self._service, handlers)])
        socket = self._directory / f"{next(self._sockets)}.sock"
        try:
            server.add_insecure_port(f"unix:{socket}")
            server.start()
        except (RuntimeError, OSError) as exc:  # a socket that cannot be bound: this run goes without
            log.warning("provider process: a terraform run reattaches to it directly, its front could not listen "
                        "on %s (%s)", socket, exc)
            server.stop(None)
            yield self.reattach
            return
        key, entry = self._entry
        try:
            yield json.dumps({key: {**entry, "Addr": {"Network": "unix", "String": str(socket)}}})
        finally:
            server.stop(None).wait()
            socket.unlink(missing_ok=True)

    def close(self) -> None:
        with self._lock:
            if self._channel is not None:
                self._channel.close()
            if self._directory is not None:
                shutil.rmtree(self._directory, ignore_errors=True)

    # -- the first run's setup ------------------------------------------------------------------

    def _start(self) -> bool:
        with self._lock:
            if not self._ready and not self._failed:
                try:
                    self._connect()
                    self._ready = True
                except (grpc.RpcError, reflection.ReflectionError, ValueError, KeyError, OSError) as exc:
                    self._failed = str(exc)
                    log.warning("provider process: terraform runs reattach to it directly, without the front "
                                "that narrows its schema (%s)", self._failed)
            return self._ready

    def _connect(self) -> None:
        assert self._entry is not None
        _, entry = self._entry
        version = int(entry.get("ProtocolVersion", 0))
        if version not in SCHEMA_METHOD:
            raise ValueError(f"protocol version {version}")
        self._service = service = f"tfplugin{version}.Provider"
        self._channel = channel = grpc.insecure_channel(f"unix:{entry['Addr']['String']}", options=_UNLIMITED)
        pool = reflection.load(channel, service, self._timeout)
        descriptor = pool.FindServiceByName(service)
        self._schema_method = SCHEMA_METHOD[version]
        for method in descriptor.methods:
            path = f"/{service}/{method.name}"
            if method.client_streaming:
                raise ValueError(f"{path} streams its requests, which the front does not pass on")
            self._handlers[method.name] = _passed_on(channel, path, streaming=method.server_streaming)
        fields = descriptor.methods_by_name[self._schema_method].output_type.fields_by_name
        narrowed = {fields[n].number: n for n in NARROWED if n in fields}

        def read() -> Schema:
            answer = channel.unary_unary(f"/{service}/{self._schema_method}")(b"", timeout=self._timeout)
            return Schema(answer, narrowed)

        self._schema = _ANSWERS.kept(self._binary, read) if self._binary is not None else read()
        self._directory = Path(tempfile.mkdtemp(prefix="tfbridge-front-"))


def _passed_on(channel: grpc.Channel, path: str, *, streaming: bool) -> grpc.RpcMethodHandler:
    if streaming:
        upstream_stream = channel.unary_stream(path)

        def stream(request: bytes, context: grpc.ServicerContext) -> Iterator[bytes]:
            call = upstream_stream(request, timeout=_timeout(context))
            context.add_callback(call.cancel)
            try:
                yield from call
            except grpc.RpcError as exc:
                context.abort(exc.code(), exc.details() or "")

        return grpc.unary_stream_rpc_method_handler(stream)
    upstream = channel.unary_unary(path)

    def unary(request: bytes, context: grpc.ServicerContext) -> bytes:
        future = upstream.future(request, timeout=_timeout(context))
        context.add_callback(future.cancel)
        try:
            answer: bytes = future.result()
        except grpc.RpcError as exc:
            context.abort(exc.code(), exc.details() or "")
            raise  # abort raises; this line is never reached
        return answer

    return grpc.unary_unary_rpc_method_handler(unary)


def _timeout(context: grpc.ServicerContext) -> float | None:
    """The deadline terraform gave the call, for the call passed on; a call without one reports ~2**63
    seconds left, which no channel takes."""
    remaining: float | None = context.time_remaining()
    return remaining if remaining is not None and remaining < _NO_DEADLINE else None


def _single_unix_provider(reattach: str) -> tuple[str, dict[str, Any]] | None:
    try:
        providers = json.loads(reattach)
    except ValueError:
        return None
    if not isinstance(providers, dict) or len(providers) != 1:
        return None
    ((key, entry),) = providers.items()
    addr = entry.get("Addr") if isinstance(entry, dict) else None
    if not isinstance(addr, dict) or addr.get("Network") != "unix" or entry.get("Protocol") != "grpc":
        return None
    return key, entry


def used_types(ws: Workspace) -> frozenset[str] | None:
    """The resource and data-source types a workspace's ``main.tf.json`` (its resource, data sources and import
    block) and its state name; None when there is no configuration to read (the run gets the schema whole)."""
    doc = ws.read_main()
    if doc is None:
        return None
    types = {*(doc.get("resource") or {}), *(doc.get("data") or {})}
    types.update(str(imported.get("to", "")).split(".")[0] for imported in doc.get("import") or ())
    # The state as it is on disk, read without the workspace's checks: a corrupt one is the run's to report.
    try:
        recorded = json.loads(ws.state_path.read_text())
    except FileNotFoundError:
        recorded = {}
    except (OSError, ValueError):
        return None
    types.update(str(r.get("type", "")) for r in recorded.get("resources") or ())
    types.discard("")
    return frozenset(types)
