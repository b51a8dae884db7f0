"""Change logs as crossplane-runtime emits them (``--enable-changelogs``): one entry per create,
update or delete of a managed resource, sent over gRPC to the change-log service that Crossplane's
sidecar serves on a Unix socket.

The service and its messages are crossplane-runtime's ``changelogs.proto.v1alpha1``; their
descriptors are built here, field by field, so no ``.proto`` file or generated code is needed:

* ``ChangeLogService.SendChangeLog(SendChangeLogRequest{entry}) → SendChangeLogResponse{}``;
* ``ChangeLogEntry``: ``timestamp`` (1, Timestamp), ``provider`` (2, "provider-<name>:<version>"),
  ``api_version`` (3), ``kind`` (4), ``name`` (5), ``external_name`` (6), ``operation`` (7,
  ``OperationType``: 1 create, 2 update, 3 delete), ``snapshot`` (8, Struct: the whole object as it
  was when the operation started), ``error_message`` (9, optional: the operation's error, redacted),
  ``additional_details`` (10, map of strings).

An entry is recorded when the reconcile collects the operation's outcome (crossplane-runtime's
reconciler records it when its synchronous call returns; here operations run in the pool), success
or failure alike. Sending never holds up a reconcile: entries wait in a bounded queue for one sender
thread, which waits up to :data:`SEND_TIMEOUT` for the service (gRPC's wait-for-ready, as
crossplane-runtime's); an entry that cannot be sent, or finds the queue full, is logged and dropped.
"""

from __future__ import annotations

import json
import logging
import queue
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, Protocol

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory, struct_pb2, timestamp_pb2

log = logging.getLogger(__name__)

PACKAGE = "changelogs.proto.v1alpha1"
SERVICE = f"{PACKAGE}.ChangeLogService"
METHOD = f"/{SERVICE}/SendChangeLog"
SEND_TIMEOUT = 10.0
QUEUE_SIZE = 1000
OPERATIONS = {"create": 1, "update": 2, "delete": 3}

_F = descriptor_pb2.FieldDescriptorProto


def file_descriptor() -> descriptor_pb2.FileDescriptorProto:
    """The service's file, as crossplane-runtime declares it (package, names and field numbers)."""
    f = descriptor_pb2.FileDescriptorProto(name="tfbridge/changelogs/v1alpha1.proto", package=PACKAGE,
                                           syntax="proto3",
                                           dependency=["google/protobuf/struct.proto",
                                                       "google/protobuf/timestamp.proto"])
    op = f.enum_type.add(name="OperationType")
    for name, number in (("UNSPECIFIED", 0), ("CREATE", 1), ("UPDATE", 2), ("DELETE", 3)):
        op.value.add(name=f"OPERATION_TYPE_{name}", number=number)
    entry = f.message_type.add(name="ChangeLogEntry")

    def field(name: str, number: int, kind: int, type_name: str = "", repeated: bool = False) -> Any:
        added = entry.field.add(name=name, number=number, type=kind,
                                label=_F.LABEL_REPEATED if repeated else _F.LABEL_OPTIONAL)
        if type_name:
            added.type_name = type_name
        return added

    field("timestamp", 1, _F.TYPE_MESSAGE, ".google.protobuf.Timestamp")
    for name, number in (("provider", 2), ("api_version", 3), ("kind", 4), ("name", 5), ("external_name", 6)):
        field(name, number, _F.TYPE_STRING)
    field("operation", 7, _F.TYPE_ENUM, f".{PACKAGE}.OperationType")
    field("snapshot", 8, _F.TYPE_MESSAGE, ".google.protobuf.Struct")
    # proto3 `optional`: a synthetic one-field oneof, so that an absent error and an empty one differ.
    error = field("error_message", 9, _F.TYPE_STRING)
    error.proto3_optional = True
    error.oneof_index = 0
    entry.oneof_decl.add(name="_error_message")
    details = entry.nested_type.add(name="AdditionalDetailsEntry")
    details.options.map_entry = True
    details.field.add(name="key", number=1, type=_F.TYPE_STRING, label=_F.LABEL_OPTIONAL)
    details.field.add(name="value", number=2, type=_F.TYPE_STRING, label=_F.LABEL_OPTIONAL)
    field("additional_details", 10, _F.TYPE_MESSAGE, f".{PACKAGE}.ChangeLogEntry.AdditionalDetailsEntry",
          repeated=True)
    request = f.message_type.add(name="SendChangeLogRequest")
    request.field.add(name="entry", number=1, type=_F.TYPE_MESSAGE, type_name=f".{PACKAGE}.ChangeLogEntry",
                      label=_F.LABEL_OPTIONAL)
    f.message_type.add(name="SendChangeLogResponse")
    service = f.service.add(name="ChangeLogService")
    service.method.add(name="SendChangeLog", input_type=f".{PACKAGE}.SendChangeLogRequest",
                       output_type=f".{PACKAGE}.SendChangeLogResponse")
    return f


def pool() -> descriptor_pool.DescriptorPool:
    """A pool of its own holding the service's file and the two well-known types it uses."""
    out = descriptor_pool.DescriptorPool()
    for known in (struct_pb2, timestamp_pb2):
        out.Add(descriptor_pb2.FileDescriptorProto.FromString(known.DESCRIPTOR.serialized_pb))
    out.Add(file_descriptor())
    return out


def message(p: descriptor_pool.DescriptorPool, name: str) -> Any:
    return message_factory.GetMessageClass(p.FindMessageTypeByName(f"{PACKAGE}.{name}"))


class ChangeLogs(Protocol):
    def record(self, obj: Mapping[str, Any], operation: str, error: str | None) -> None:
        """An operation (create, update, delete) on ``obj`` (as it was when the operation started)
        ended, with ``error`` (already redacted) or without."""


class NoChangeLogs:
    """Change logs off (the default, as crossplane-runtime's)."""

    def record(self, obj: Mapping[str, Any], operation: str, error: str | None) -> None:
        pass


class GRPCChangeLogs:
    """Entries to the change-log service at ``socket_path``, from one sender thread."""

    def __init__(self, socket_path: str, provider: str, *, send_timeout: float = SEND_TIMEOUT,
                 clock: Callable[[], float] = time.time) -> None:
        self.provider, self.send_timeout, self.clock = provider, send_timeout, clock
        self._pool = pool()
        self._entry = message(self._pool, "ChangeLogEntry")
        self._request = message(self._pool, "SendChangeLogRequest")
        response = message(self._pool, "SendChangeLogResponse")
        self._channel = grpc.insecure_channel(f"unix://{socket_path}")
        self._send = self._channel.unary_unary(METHOD, request_serializer=lambda m: m.SerializeToString(),
                                               response_deserializer=response.FromString)
        self._queue: queue.Queue[Any] = queue.Queue(QUEUE_SIZE)
        self._thread = threading.Thread(target=self._run, name="changelogs", daemon=True)
        self._thread.start()

    def entry(self, obj: Mapping[str, Any], operation: str, error: str | None) -> Any:
        meta = obj.get("metadata") or {}
        annotations = meta.get("annotations") or {}
        entry = self._entry(provider=self.provider, api_version=str(obj.get("apiVersion") or ""),
                            kind=str(obj.get("kind") or ""), name=str(meta.get("name") or ""),
                            external_name=str(annotations.get("crossplane.io/external-name") or ""),
                            operation=OPERATIONS[operation])
        now = self.clock()
        entry.timestamp.seconds, entry.timestamp.nanos = int(now), int((now % 1) * 1e9)
        # As JSON sees it (numbers as doubles, as protobuf's Struct holds them).
        entry.snapshot.update(json.loads(json.dumps(obj, default=str)))
        if error is not None:
            entry.error_message = error
        return entry

    def record(self, obj: Mapping[str, Any], operation: str, error: str | None) -> None:
        try:
            self._queue.put_nowait(self._request(entry=self.entry(obj, operation, error)))
        except queue.Full:
            log.info("cannot record change log entry: %d entries wait to be sent; dropped the %s of %s",
                     QUEUE_SIZE, operation, (obj.get("metadata") or {}).get("name"))

    def _run(self) -> None:
        while True:
            request = self._queue.get()
            if request is None:
                return
            try:
                self._send(request, timeout=self.send_timeout, wait_for_ready=True)
            except grpc.RpcError as exc:
                log.info("cannot record change log entry: %s", exc,
                         extra={"object": request.entry.name, "operation": request.entry.operation})
            finally:
                self._queue.task_done()

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait until every entry recorded so far was sent or given up; False when ``timeout`` passed first."""
        deadline = time.monotonic() + timeout
        while self._queue.unfinished_tasks:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.01)
        return True

    def close(self) -> None:
        """Stop after the entries already queued (each within its send timeout)."""
        self._queue.put(None)
        self._thread.join()
        self._channel.close()
