"""The tfplugin6 messages this provider speaks, described in code with the protocol's own field numbers.

The real ``terraform`` CLI decodes what it receives with its compiled ``tfplugin6`` descriptors, so
every field below carries the number protocol 6.8 gives it (terraform 1.11's
``docs/plugin-protocol/tfplugin6.8.proto``). Only the messages and fields the provider uses are
described: a field missing here is one the provider neither sends nor reads, and protobuf skips it on
the wire. The same descriptors are served by gRPC reflection, so the direct executor reads them from
the running plugin as it reads the aws provider's.
"""

from __future__ import annotations

import functools
from typing import Any

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

PACKAGE = "tfplugin6"
SERVICE = f"{PACKAGE}.Provider"
FILE = "testprovider/tfplugin6.proto"

F = descriptor_pb2.FieldDescriptorProto
_SCALARS = {"string": F.TYPE_STRING, "bytes": F.TYPE_BYTES, "bool": F.TYPE_BOOL, "int64": F.TYPE_INT64}

# Enums by their name in the package (nested names dotted), values numbered from 0 in order.
ENUMS: dict[str, tuple[str, ...]] = {
    "StringKind": ("PLAIN", "MARKDOWN"),
    "Diagnostic.Severity": ("INVALID", "ERROR", "WARNING"),
    "Schema.NestedBlock.NestingMode": ("INVALID", "SINGLE", "LIST", "SET", "MAP", "GROUP"),
    "Schema.Object.NestingMode": ("INVALID", "SINGLE", "LIST", "SET", "MAP"),
}

# Messages by their name in the package: field → (number, type). A type is a scalar, a message or enum
# of the package, ``[T]`` for a repeated field, ``map<T>`` for a map from strings. A message named only
# as the parent of others (``GetProviderSchema``) is made empty.
MESSAGES: dict[str, dict[str, tuple[int, str]]] = {
    "DynamicValue": {"msgpack": (1, "bytes"), "json": (2, "bytes")},
    "Diagnostic": {"severity": (1, "Diagnostic.Severity"), "summary": (2, "string"), "detail": (3, "string"),
                   "attribute": (4, "AttributePath")},
    "AttributePath": {"steps": (1, "[AttributePath.Step]")},
    # Its three fields form the oneof ``selector`` (ONEOFS).
    "AttributePath.Step": {"attribute_name": (1, "string"), "element_key_string": (2, "string"),
                           "element_key_int": (3, "int64")},
    "StopProvider.Request": {},
    "StopProvider.Response": {"Error": (1, "string")},
    "RawState": {"json": (1, "bytes"), "flatmap": (2, "map<string>")},
    "Schema": {"version": (1, "int64"), "block": (2, "Schema.Block")},
    "Schema.Block": {"version": (1, "int64"), "attributes": (2, "[Schema.Attribute]"),
                     "block_types": (3, "[Schema.NestedBlock]"), "description": (4, "string"),
                     "description_kind": (5, "StringKind"), "deprecated": (6, "bool")},
    "Schema.Attribute": {"name": (1, "string"), "type": (2, "bytes"), "nested_type": (10, "Schema.Object"),
                         "description": (3, "string"), "required": (4, "bool"), "optional": (5, "bool"),
                         "computed": (6, "bool"), "sensitive": (7, "bool"), "description_kind": (8, "StringKind"),
                         "deprecated": (9, "bool"), "write_only": (11, "bool")},
    "Schema.NestedBlock": {"type_name": (1, "string"), "block": (2, "Schema.Block"),
                           "nesting": (3, "Schema.NestedBlock.NestingMode"), "min_items": (4, "int64"),
                           "max_items": (5, "int64")},
    "Schema.Object": {"attributes": (1, "[Schema.Attribute]"), "nesting": (3, "Schema.Object.NestingMode")},
    "ServerCapabilities": {"plan_destroy": (1, "bool"), "get_provider_schema_optional": (2, "bool"),
                           "move_resource_state": (3, "bool")},
    "ClientCapabilities": {"deferral_allowed": (1, "bool"), "write_only_attributes_allowed": (2, "bool")},
    "GetProviderSchema.Request": {},
    "GetProviderSchema.Response": {"provider": (1, "Schema"), "resource_schemas": (2, "map<Schema>"),
                                   "data_source_schemas": (3, "map<Schema>"), "diagnostics": (4, "[Diagnostic]"),
                                   "provider_meta": (5, "Schema"), "server_capabilities": (6, "ServerCapabilities")},
    "ValidateProviderConfig.Request": {"config": (1, "DynamicValue")},
    "ValidateProviderConfig.Response": {"diagnostics": (2, "[Diagnostic]")},
    "UpgradeResourceState.Request": {"type_name": (1, "string"), "version": (2, "int64"),
                                     "raw_state": (3, "RawState")},
    "UpgradeResourceState.Response": {"upgraded_state": (1, "DynamicValue"), "diagnostics": (2, "[Diagnostic]")},
    "ValidateResourceConfig.Request": {"type_name": (1, "string"), "config": (2, "DynamicValue"),
                                       "client_capabilities": (3, "ClientCapabilities")},
    "ValidateResourceConfig.Response": {"diagnostics": (1, "[Diagnostic]")},
    "ValidateDataResourceConfig.Request": {"type_name": (1, "string"), "config": (2, "DynamicValue")},
    "ValidateDataResourceConfig.Response": {"diagnostics": (1, "[Diagnostic]")},
    "ConfigureProvider.Request": {"terraform_version": (1, "string"), "config": (2, "DynamicValue"),
                                  "client_capabilities": (3, "ClientCapabilities")},
    "ConfigureProvider.Response": {"diagnostics": (1, "[Diagnostic]")},
    "ReadResource.Request": {"type_name": (1, "string"), "current_state": (2, "DynamicValue"),
                             "private": (3, "bytes"), "provider_meta": (4, "DynamicValue"),
                             "client_capabilities": (5, "ClientCapabilities")},
    "ReadResource.Response": {"new_state": (1, "DynamicValue"), "diagnostics": (2, "[Diagnostic]"),
                              "private": (3, "bytes")},
    "PlanResourceChange.Request": {"type_name": (1, "string"), "prior_state": (2, "DynamicValue"),
                                   "proposed_new_state": (3, "DynamicValue"), "config": (4, "DynamicValue"),
                                   "prior_private": (5, "bytes"), "provider_meta": (6, "DynamicValue"),
                                   "client_capabilities": (7, "ClientCapabilities")},
    "PlanResourceChange.Response": {"planned_state": (1, "DynamicValue"), "requires_replace": (2, "[AttributePath]"),
                                    "planned_private": (3, "bytes"), "diagnostics": (4, "[Diagnostic]"),
                                    "legacy_type_system": (5, "bool")},
    "ApplyResourceChange.Request": {"type_name": (1, "string"), "prior_state": (2, "DynamicValue"),
                                    "planned_state": (3, "DynamicValue"), "config": (4, "DynamicValue"),
                                    "planned_private": (5, "bytes"), "provider_meta": (6, "DynamicValue")},
    "ApplyResourceChange.Response": {"new_state": (1, "DynamicValue"), "private": (2, "bytes"),
                                     "diagnostics": (3, "[Diagnostic]"), "legacy_type_system": (4, "bool")},
    "ImportResourceState.Request": {"type_name": (1, "string"), "id": (2, "string"),
                                    "client_capabilities": (3, "ClientCapabilities")},
    "ImportResourceState.ImportedResource": {"type_name": (1, "string"), "state": (2, "DynamicValue"),
                                             "private": (3, "bytes")},
    "ImportResourceState.Response": {"imported_resources": (1, "[ImportResourceState.ImportedResource]"),
                                     "diagnostics": (2, "[Diagnostic]")},
    "ReadDataSource.Request": {"type_name": (1, "string"), "config": (2, "DynamicValue"),
                               "provider_meta": (3, "DynamicValue"), "client_capabilities": (4, "ClientCapabilities")},
    "ReadDataSource.Response": {"state": (1, "DynamicValue"), "diagnostics": (2, "[Diagnostic]")},
}
ONEOFS = {"AttributePath.Step": "selector"}

# The service's methods this provider implements; each takes ``<Method>.Request`` and answers
# ``<Method>.Response``. Terraform calls no other (functions, ephemeral resources and moves are
# asked for only when a configuration uses them); gRPC answers UNIMPLEMENTED for the rest.
METHODS = ("GetProviderSchema", "ValidateProviderConfig", "ValidateResourceConfig", "ValidateDataResourceConfig",
           "UpgradeResourceState", "ConfigureProvider", "ReadResource", "PlanResourceChange", "ApplyResourceChange",
           "ImportResourceState", "ReadDataSource", "StopProvider")


def _camel(field: str) -> str:
    return "".join(part.capitalize() for part in field.split("_"))


def _file() -> descriptor_pb2.FileDescriptorProto:
    f = descriptor_pb2.FileDescriptorProto(name=FILE, package=PACKAGE, syntax="proto3")
    made: dict[str, descriptor_pb2.DescriptorProto] = {}

    def message(name: str) -> descriptor_pb2.DescriptorProto:
        if name not in made:
            parent, _, leaf = name.rpartition(".")
            made[name] = (message(parent).nested_type if parent else f.message_type).add(name=leaf)
        return made[name]

    def typed(field: descriptor_pb2.FieldDescriptorProto, spec: str) -> None:
        if spec in _SCALARS:
            field.type = _SCALARS[spec]
        else:
            field.type = F.TYPE_ENUM if spec in ENUMS else F.TYPE_MESSAGE
            field.type_name = f".{PACKAGE}.{spec}"

    for name, values in ENUMS.items():
        parent, _, leaf = name.rpartition(".")
        enum = (message(parent).enum_type if parent else f.enum_type).add(name=leaf)
        for number, value in enumerate(values):
            enum.value.add(name=value, number=number)
    for name, fields in MESSAGES.items():
        m = message(name)
        for field_name, (number, spec) in fields.items():
            field = m.field.add(name=field_name, number=number, label=F.LABEL_OPTIONAL)
            if spec.startswith("map<"):
                # A map is a repeated entry message nested in its user, named after the field.
                entry = m.nested_type.add(name=f"{_camel(field_name)}Entry")
                entry.options.map_entry = True
                entry.field.add(name="key", number=1, label=F.LABEL_OPTIONAL, type=F.TYPE_STRING)
                typed(entry.field.add(name="value", number=2, label=F.LABEL_OPTIONAL), spec[4:-1])
                field.label, field.type = F.LABEL_REPEATED, F.TYPE_MESSAGE
                field.type_name = f".{PACKAGE}.{name}.{entry.name}"
            elif spec.startswith("["):
                field.label = F.LABEL_REPEATED
                typed(field, spec[1:-1])
            else:
                typed(field, spec)
        if name in ONEOFS:
            m.oneof_decl.add(name=ONEOFS[name])
            for field in m.field:
                field.oneof_index = 0
    service = f.service.add(name=SERVICE.rpartition(".")[2])
    for method in METHODS:
        service.method.add(name=method, input_type=f".{PACKAGE}.{method}.Request",
                           output_type=f".{PACKAGE}.{method}.Response")
    return f


@functools.cache
def pool() -> descriptor_pool.DescriptorPool:
    """A pool of its own holding the protocol (the default pool may hold another tfplugin6)."""
    p = descriptor_pool.DescriptorPool()
    p.Add(_file())
    return p


@functools.cache
def message(name: str) -> Any:
    """The message class of ``name`` (``Schema.Attribute``, ``ReadResource.Response``)."""
    return message_factory.GetMessageClass(pool().FindMessageTypeByName(f"{PACKAGE}.{name}"))
