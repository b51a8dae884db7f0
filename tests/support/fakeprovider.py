"""A protocol-6 provider plugin, for testing the direct executor's tfplugin6 path.

Only a protocol-5 provider (aws) is on these machines. This one is started like any plugin (the
go-plugin handshake, the magic cookie), serves gRPC reflection with a ``tfplugin6.Provider`` service
described here in code, and manages ``fake_thing`` objects in memory: a required ``name`` that
forces replacement, an optional ``size``, a protocol-6 nested attribute ``disks`` (list of objects
with a computed ``id``) and a set block ``rule``. Message and field names follow the protocol; as
the client reads the descriptors from the server, field numbers are this file's own.

    python -m tests.support.fakeprovider   (with TF_PLUGIN_MAGIC_COOKIE set)
"""

from __future__ import annotations

import concurrent.futures
import itertools
import json
import os
import signal
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from grpc_reflection.v1alpha import reflection

from bridge.tfplugin import cty
from bridge.tfplugin.process import MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE

F = descriptor_pb2.FieldDescriptorProto
SCALARS = {"string": F.TYPE_STRING, "bytes": F.TYPE_BYTES, "bool": F.TYPE_BOOL, "int64": F.TYPE_INT64,
           "int32": F.TYPE_INT32}

# message → [(field, number, type, repeated)]; a type not in SCALARS names a message of this package.
MESSAGES: dict[str, list[tuple[str, int, str, bool]]] = {
    "DynamicValue": [("msgpack", 1, "bytes", False), ("json", 2, "bytes", False)],
    "Step": [("attribute_name", 1, "string", False), ("element_key_string", 2, "string", False),
             ("element_key_int", 3, "int64", False)],
    "AttributePath": [("steps", 1, "Step", True)],
    "Diagnostic": [("severity", 1, "int32", False), ("summary", 2, "string", False), ("detail", 3, "string", False),
                   ("attribute", 4, "AttributePath", False)],
    "Attribute": [("name", 1, "string", False), ("type", 2, "bytes", False), ("nested_type", 3, "Object", False),
                  ("required", 4, "bool", False), ("optional", 5, "bool", False), ("computed", 6, "bool", False),
                  ("sensitive", 7, "bool", False)],
    "Object": [("attributes", 1, "Attribute", True), ("nesting", 2, "int32", False)],
    "NestedBlock": [("type_name", 1, "string", False), ("block", 2, "Block", False), ("nesting", 3, "int32", False),
                    ("min_items", 4, "int64", False), ("max_items", 5, "int64", False)],
    "Block": [("attributes", 1, "Attribute", True), ("block_types", 2, "NestedBlock", True)],
    "Schema": [("version", 1, "int64", False), ("block", 2, "Block", False)],
    "SchemaEntry": [("key", 1, "string", False), ("value", 2, "Schema", False)],
    "ServerCapabilities": [("plan_destroy", 1, "bool", False)],
    "Empty": [],
    "GetProviderSchemaResponse": [("provider", 1, "Schema", False), ("resource_schemas", 2, "SchemaEntry", True),
                                  ("data_source_schemas", 3, "SchemaEntry", True),
                                  ("diagnostics", 4, "Diagnostic", True),
                                  ("server_capabilities", 5, "ServerCapabilities", False)],
    "ConfigRequest": [("config", 1, "DynamicValue", False), ("terraform_version", 2, "string", False),
                      ("type_name", 3, "string", False)],
    "DiagnosticsResponse": [("diagnostics", 1, "Diagnostic", True)],
    "ReadResourceRequest": [("type_name", 1, "string", False), ("current_state", 2, "DynamicValue", False),
                            ("private", 3, "bytes", False)],
    "ReadResourceResponse": [("new_state", 1, "DynamicValue", False), ("diagnostics", 2, "Diagnostic", True),
                             ("private", 3, "bytes", False)],
    "PlanRequest": [("type_name", 1, "string", False), ("prior_state", 2, "DynamicValue", False),
                    ("proposed_new_state", 3, "DynamicValue", False), ("config", 4, "DynamicValue", False),
                    ("prior_private", 5, "bytes", False)],
    "PlanResponse": [("planned_state", 1, "DynamicValue", False), ("requires_replace", 2, "AttributePath", True),
                     ("planned_private", 3, "bytes", False), ("diagnostics", 4, "Diagnostic", True)],
    "ApplyRequest": [("type_name", 1, "string", False), ("prior_state", 2, "DynamicValue", False),
                     ("planned_state", 3, "DynamicValue", False), ("config", 4, "DynamicValue", False),
                     ("planned_private", 5, "bytes", False)],
    "ApplyResponse": [("new_state", 1, "DynamicValue", False), ("private", 2, "bytes", False),
                      ("diagnostics", 3, "Diagnostic", True)],
    "ImportRequest": [("type_name", 1, "string", False), ("id", 2, "string", False)],
    "ImportedResource": [("type_name", 1, "string", False), ("state", 2, "DynamicValue", False),
                         ("private", 3, "bytes", False)],
    "ImportResponse": [("imported_resources", 1, "ImportedResource", True), ("diagnostics", 2, "Diagnostic", True)],
    "RawState": [("json", 1, "bytes", False)],
    "UpgradeRequest": [("type_name", 1, "string", False), ("version", 2, "int64", False),
                       ("raw_state", 3, "RawState", False)],
    "UpgradeResponse": [("upgraded_state", 1, "DynamicValue", False), ("diagnostics", 2, "Diagnostic", True)],
}
METHODS = {
    "GetProviderSchema": ("Empty", "GetProviderSchemaResponse"),
    "ValidateProviderConfig": ("ConfigRequest", "DiagnosticsResponse"),
    "ConfigureProvider": ("ConfigRequest", "DiagnosticsResponse"),
    "ValidateResourceConfig": ("ConfigRequest", "DiagnosticsResponse"),
    "ReadResource": ("ReadResourceRequest", "ReadResourceResponse"),
    "PlanResourceChange": ("PlanRequest", "PlanResponse"),
    "ApplyResourceChange": ("ApplyRequest", "ApplyResponse"),
    "ImportResourceState": ("ImportRequest", "ImportResponse"),
    "UpgradeResourceState": ("UpgradeRequest", "UpgradeResponse"),
    "StopProvider": ("Empty", "Empty"),
}


def build_pool() -> descriptor_pool.DescriptorPool:
    f = descriptor_pb2.FileDescriptorProto(name="fake_tfplugin6.proto", package="tfplugin6", syntax="proto3")
    for name, fields in MESSAGES.items():
        m = f.message_type.add(name=name)
        for fname, number, ftype, repeated in fields:
            field = m.field.add(name=fname, number=number,
                                label=F.LABEL_REPEATED if repeated else F.LABEL_OPTIONAL)
            if ftype in SCALARS:
                field.type = SCALARS[ftype]
            else:
                field.type, field.type_name = F.TYPE_MESSAGE, f".tfplugin6.{ftype}"
        if name == "Step":  # the path step selector is a oneof, as in the protocol
            m.oneof_decl.add(name="selector")
            for field in m.field:
                field.oneof_index = 0
        if name == "SchemaEntry":
            m.options.map_entry = True
    # map<string, Schema> fields: their entry type must be nested in the message using it.
    response = next(m for m in f.message_type if m.name == "GetProviderSchemaResponse")
    entry = next(m for m in f.message_type if m.name == "SchemaEntry")
    response.nested_type.add().CopyFrom(entry)
    response.nested_type[0].name = "SchemaEntry"
    for field in response.field:
        if field.type_name == ".tfplugin6.SchemaEntry":
            field.type_name = ".tfplugin6.GetProviderSchemaResponse.SchemaEntry"
    f.message_type.remove(entry)
    service = f.service.add(name="Provider")
    for method, (request, answer) in METHODS.items():
        service.method.add(name=method, input_type=f".tfplugin6.{request}", output_type=f".tfplugin6.{answer}")
    pool = descriptor_pool.DescriptorPool()
    pool.Add(f)
    return pool


THING = cty.obj({
    "id": cty.STRING, "name": cty.STRING, "size": cty.NUMBER, "labels": cty.Collection("map", cty.STRING),
    "disks": cty.Collection("list", cty.obj({"size": cty.NUMBER, "id": cty.STRING})),
    "rule": cty.Collection("set", cty.obj({"port": cty.NUMBER})),
})
PROVIDER = cty.obj({"region": cty.STRING})


class Fake:
    def __init__(self, pool: descriptor_pool.DescriptorPool) -> None:
        self.pool = pool
        self.objects: dict[str, Any] = {}
        self.ids = itertools.count(1)
        self.region = ""

    def cls(self, name: str) -> Any:
        return message_factory.GetMessageClass(self.pool.FindMessageTypeByName(f"tfplugin6.{name}"))

    def dv(self, t: cty.Type, value: Any) -> Any:
        return self.cls("DynamicValue")(msgpack=cty.to_msgpack(t, value))

    def GetProviderSchema(self, request: Any) -> Any:
        attr = self.cls("Attribute")
        disks = self.cls("Object")(nesting=2, attributes=[attr(name="size", type=b'"number"', optional=True),
                                                           attr(name="id", type=b'"string"', computed=True)])
        block = self.cls("Block")(
            attributes=[attr(name="id", type=b'"string"', computed=True),
                        attr(name="name", type=b'"string"', required=True),
                        attr(name="size", type=b'"number"', optional=True),
                        attr(name="labels", type=b'["map","string"]', optional=True, sensitive=False),
                        attr(name="disks", nested_type=disks, optional=True)],
            block_types=[self.cls("NestedBlock")(type_name="rule", nesting=3, block=self.cls("Block")(
                attributes=[attr(name="port", type=b'"number"', required=True)]))])
        schema = self.cls("Schema")
        answer = self.cls("GetProviderSchemaResponse")(
            provider=schema(block=self.cls("Block")(attributes=[attr(name="region", type=b'"string"', optional=True)])),
            server_capabilities=self.cls("ServerCapabilities")(plan_destroy=True))
        answer.resource_schemas["fake_thing"].CopyFrom(schema(version=2, block=block))
        return answer

    def _diag(self, summary: str, detail: str = "") -> Any:
        return self.cls("Diagnostic")(severity=1, summary=summary, detail=detail)

    def ValidateProviderConfig(self, request: Any) -> Any:
        config = cty.from_msgpack(PROVIDER, request.config.msgpack)
        bad = config["region"] == "nowhere"
        return self.cls("DiagnosticsResponse")(diagnostics=[self._diag("Invalid region", "no region nowhere")] * bad)

    def ConfigureProvider(self, request: Any) -> Any:
        self.region = cty.from_msgpack(PROVIDER, request.config.msgpack)["region"] or ""
        return self.cls("DiagnosticsResponse")()

    def ValidateResourceConfig(self, request: Any) -> Any:
        config = cty.from_msgpack(THING, request.config.msgpack)
        negative = isinstance(config["size"], int | float) and config["size"] < 0
        return self.cls("DiagnosticsResponse")(diagnostics=[self._diag("Invalid size", "size must be >= 0")] * negative)

    def ReadResource(self, request: Any) -> Any:
        current = cty.from_msgpack(THING, request.current_state.msgpack)
        found = self.objects.get(current["id"]) if current else None
        return self.cls("ReadResourceResponse")(new_state=self.dv(THING, found), private=request.private)

    def PlanResourceChange(self, request: Any) -> Any:
        prior = cty.from_msgpack(THING, request.prior_state.msgpack)
        planned = cty.from_msgpack(THING, request.proposed_new_state.msgpack)
        replace = []
        if planned is not None:
            if planned["id"] is None:
                planned["id"] = cty.UNKNOWN
            for disk in planned["disks"] or []:
                if disk["id"] is None:
                    disk["id"] = cty.UNKNOWN
            if prior is not None and prior["name"] != planned["name"]:
                step = self.cls("Step")(attribute_name="name")
                replace.append(self.cls("AttributePath")(steps=[step]))
        return self.cls("PlanResponse")(planned_state=self.dv(THING, planned), requires_replace=replace,
                                        planned_private=b"plan:" + bytes(request.prior_private))

    def ApplyResourceChange(self, request: Any) -> Any:
        planned = cty.from_msgpack(THING, request.planned_state.msgpack)
        prior = cty.from_msgpack(THING, request.prior_state.msgpack)
        if planned is None:
            self.objects.pop(prior["id"], None)
            return self.cls("ApplyResponse")()
        if planned["id"] is cty.UNKNOWN:
            planned["id"] = f"thing-{next(self.ids)}-{self.region}"
        for disk in planned["disks"] or []:
            if disk["id"] is cty.UNKNOWN:
                disk["id"] = f"disk-{next(self.ids)}"
        self.objects[planned["id"]] = planned
        return self.cls("ApplyResponse")(new_state=self.dv(THING, planned), private=b"applied")

    def ImportResourceState(self, request: Any) -> Any:
        state = {k: None for k, _ in THING.attributes} | {"id": request.id}
        imported = self.cls("ImportedResource")(type_name=request.type_name, state=self.dv(THING, state))
        return self.cls("ImportResponse")(imported_resources=[imported])

    def UpgradeResourceState(self, request: Any) -> Any:
        raw = json.loads(request.raw_state.json)
        if request.version < 2:  # version 1 called size "capacity"
            raw["size"] = raw.pop("capacity", None)
        return self.cls("UpgradeResponse")(upgraded_state=self.dv(THING, cty.from_json(THING, raw)))

    def StopProvider(self, request: Any) -> Any:
        return self.cls("Empty")()


def executable(directory: Path) -> Path:
    """An executable in ``directory`` that runs this plugin, as a provider binary is an executable."""
    path = directory / "terraform-provider-fake"
    root = Path(__file__).resolve().parents[2]
    path.write_text(f"#!{sys.executable}\nimport runpy, sys\nsys.path.insert(0, {str(root)!r})\n"
                    "runpy.run_module('tests.support.fakeprovider', run_name='__main__')\n")
    path.chmod(0o755)
    return path


def main() -> None:
    if os.environ.get(MAGIC_COOKIE_KEY) != MAGIC_COOKIE_VALUE:
        sys.exit("This binary is a plugin. These are not meant to be executed directly.")
    pool = build_pool()
    fake = Fake(pool)
    server = grpc.server(concurrent.futures.ThreadPoolExecutor(4))
    def handler(method: str, request: str) -> Any:
        call = getattr(fake, method)
        return grpc.unary_unary_rpc_method_handler(lambda message, context: call(message),
                                                   request_deserializer=fake.cls(request).FromString,
                                                   response_serializer=lambda m: m.SerializeToString())

    handlers = {method: handler(method, request) for method, (request, _) in METHODS.items()}
    server.add_generic_rpc_handlers([grpc.method_handlers_generic_handler("tfplugin6.Provider", handlers)])
    health = {"Check": grpc.unary_unary_rpc_method_handler(lambda request, context: b"\x08\x01")}
    server.add_generic_rpc_handlers([grpc.method_handlers_generic_handler("grpc.health.v1.Health", health)])
    reflection.enable_server_reflection(["tfplugin6.Provider", reflection.SERVICE_NAME], server, pool=pool)
    socket_path = Path(tempfile.mkdtemp(prefix="fakeplugin-")) / "plugin.sock"
    server.add_insecure_port(f"unix:{socket_path}")
    server.start()
    print(f"1|6|unix|{socket_path}|grpc|", flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the host owns SIGINT, as with real providers
    stop.wait()
    server.stop(1)


if __name__ == "__main__":
    main()
