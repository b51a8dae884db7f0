"""The change-log sidecar's side of crossplane-runtime's change-log service, for tests: a gRPC listener
on a Unix socket keeping each request's raw bytes, and a reader of those bytes that goes field by field
by the service's declared numbers (no descriptor of the runtime's), the snapshot read with protobuf's own
Struct."""

from __future__ import annotations

import concurrent.futures
import shutil
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
from google.protobuf import struct_pb2

from bridge.managed.changelogs import METHOD


def fields(data: bytes) -> Iterator[tuple[int, int | bytes]]:
    """(field number, value) of one protobuf message: varints as ints, length-delimited as bytes."""
    pos = 0

    def varint() -> int:
        nonlocal pos
        out, shift = 0, 0
        while True:
            byte = data[pos]
            pos += 1
            out |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return out

    while pos < len(data):
        key = varint()
        number, wire = key >> 3, key & 7
        if wire == 0:
            yield number, varint()
        elif wire == 2:
            size = varint()
            yield number, data[pos:pos + size]
            pos += size
        else:
            raise AssertionError(f"field {number}: wire type {wire} is in no field of the service")


def entry_of(request: bytes) -> dict[str, Any]:
    (number, raw), = list(fields(request))
    assert number == 1 and isinstance(raw, bytes), "SendChangeLogRequest.entry is field 1"
    out: dict[str, Any] = {"additional_details": {}}
    names = {2: "provider", 3: "api_version", 4: "kind", 5: "name", 6: "external_name", 9: "error_message"}
    for number, value in fields(raw):
        if number in names:
            assert isinstance(value, bytes)
            out[names[number]] = value.decode()
        elif number == 1:
            assert isinstance(value, bytes)
            out["timestamp"] = dict(fields(value))
        elif number == 7:
            out["operation"] = value
        elif number == 8:
            assert isinstance(value, bytes)
            out["snapshot"] = struct_pb2.Struct.FromString(value)
        elif number == 10:
            assert isinstance(value, bytes)
            pair = dict(fields(value))
            out["additional_details"][pair[1]] = pair[2]
        else:
            raise AssertionError(f"ChangeLogEntry has no field {number}")
    return out


class Listener:
    """The change-log sidecar's side: a gRPC server on a Unix socket keeping every request's bytes."""

    def __init__(self, socket_path: Path) -> None:
        self.received: list[bytes] = []
        self.arrived = threading.Condition()
        handler = grpc.method_handlers_generic_handler(METHOD.split("/")[1], {
            "SendChangeLog": grpc.unary_unary_rpc_method_handler(self._send)})
        self.server = grpc.server(concurrent.futures.ThreadPoolExecutor(2))
        self.server.add_generic_rpc_handlers((handler,))
        self.server.add_insecure_port(f"unix://{socket_path}")

    def _send(self, request: bytes, context: Any) -> bytes:
        with self.arrived:
            self.received.append(request)
            self.arrived.notify_all()
        return b""  # SendChangeLogResponse has no fields

    def wait(self, count: int, timeout: float = 10.0) -> list[bytes]:
        with self.arrived:
            assert self.arrived.wait_for(lambda: len(self.received) >= count, timeout), \
                f"{len(self.received)} of {count} entries arrived"
            return list(self.received)


def short_socket_dir() -> Path:
    """A directory for a Unix socket: its path is limited to about a hundred bytes, which pytest's
    tmp_path may pass. The caller removes it (:func:`remove`)."""
    return Path(tempfile.mkdtemp(prefix="cl-"))


def remove(directory: Path) -> None:
    shutil.rmtree(directory, ignore_errors=True)
