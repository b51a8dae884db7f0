"""What the provider declares: its configuration, four resource types and a data source.

Each exercises something a provider of the plugin framework has and the aws provider lacks, or has
rarely: ``tfbtest_project`` a sensitive computed value, an argument that forces replacement, an
optional and computed argument the provider fills in (late initialisation), a list block of at most
one element and a state upgrade from an older schema version; ``tfbtest_item`` a composite import ID
(``project/name``) and nested attributes (protocol 6's ``nested_type``) of all four nestings;
``tfbtest_volume`` a create that takes as long as its ``create_seconds`` says (30 s when unset);
``tfbtest_attachment`` no import support; the data source ``tfbtest_volumes`` finds volumes by label.
No tags, no region, no account ID.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from bridge.tfplugin.schema import Schema, schema_from_proto
from testprovider import protocol

# How an attribute is set: by the configuration only, optionally, by the provider only, or either.
REQUIRED, OPTIONAL, COMPUTED, OPTIONAL_COMPUTED = "required", "optional", "computed", "optional+computed"
NESTING = {"single": 1, "list": 2, "set": 3, "map": 4}


@dataclasses.dataclass(frozen=True)
class Nested:
    """A protocol-6 nested attribute type: objects of ``attributes``, nested as ``nesting``."""

    nesting: str
    attributes: tuple[Any, ...]


def attribute(name: str, kind: Any, how: str, description: str, *, sensitive: bool = False) -> Any:
    """A ``Schema.Attribute``; ``kind`` is a type in Terraform's JSON notation, or :class:`Nested`."""
    a = protocol.message("Schema.Attribute")(
        name=name, description=description, sensitive=sensitive, required=how == REQUIRED,
        optional=how in (OPTIONAL, OPTIONAL_COMPUTED), computed=how in (COMPUTED, OPTIONAL_COMPUTED))
    if isinstance(kind, Nested):
        a.nested_type.nesting = NESTING[kind.nesting]
        a.nested_type.attributes.extend(kind.attributes)
    else:
        a.type = json.dumps(kind).encode()
    return a


def block(description: str, *attributes: Any, blocks: tuple[Any, ...] = ()) -> Any:
    return protocol.message("Schema.Block")(attributes=attributes, block_types=blocks, description=description)


def schema(version: int, body: Any) -> Any:
    return protocol.message("Schema")(version=version, block=body)


def list_block(name: str, body: Any, *, max_items: int = 0) -> Any:
    return protocol.message("Schema.NestedBlock")(type_name=name, block=body, nesting=NESTING["list"],
                                                  max_items=max_items)


PROVIDER = schema(0, block(
    "A store of objects in a local SQLite file, for tests.",
    attribute("endpoint", "string", OPTIONAL, "Path of the store's SQLite file; TFBTEST_ENDPOINT when unset."),
    attribute("token", "string", OPTIONAL, "The store's access token; TFBTEST_TOKEN when unset.", sensitive=True)))

PROJECT = schema(1, block(
    "A project: the parent of items and attachments.",
    attribute("id", "string", COMPUTED, "The project's name."),
    attribute("name", "string", REQUIRED, "Unique name; changing it replaces the project."),
    attribute("description", "string", OPTIONAL, "Free text."),
    attribute("tier", "string", OPTIONAL_COMPUTED, "Service tier; the store picks \"standard\" when unset."),
    attribute("labels", ["map", "string"], OPTIONAL, "Labels."),
    attribute("api_key", "string", COMPUTED, "A key issued when the project is made.", sensitive=True),
    blocks=(list_block("settings", block(
        "Retention and visibility.",
        attribute("retention_days", "number", OPTIONAL, "Days objects are kept."),
        attribute("public", "bool", OPTIONAL, "Whether the project is listed publicly.")), max_items=1),)))

ITEM = schema(0, block(
    "An item in a project, imported as project/name.",
    attribute("id", "string", COMPUTED, "project/name."),
    attribute("project", "string", REQUIRED, "The project's name; changing it replaces the item."),
    attribute("name", "string", REQUIRED, "Name, unique in its project; changing it replaces the item."),
    attribute("value", "string", OPTIONAL, "Free text."),
    attribute("spec", Nested("single", (
        attribute("size", "number", REQUIRED, "Size."),
        attribute("color", "string", OPTIONAL, "Colour."),
        attribute("secret", "string", OPTIONAL, "A value kept out of logs.", sensitive=True))), OPTIONAL,
        "One nested object."),
    attribute("ports", Nested("list", (
        attribute("number", "number", REQUIRED, "Port number."),
        attribute("protocol", "string", OPTIONAL, "tcp or udp."),
        attribute("id", "string", COMPUTED, "Given by the store when the port is added."))), OPTIONAL,
        "A list of nested objects."),
    attribute("rules", Nested("set", (
        attribute("cidr", "string", REQUIRED, "Address range."),
        attribute("action", "string", REQUIRED, "allow or deny."))), OPTIONAL, "A set of nested objects."),
    attribute("endpoints", Nested("map", (
        attribute("url", "string", REQUIRED, "Address."),
        attribute("weight", "number", OPTIONAL, "Share of traffic."),
        attribute("key", "string", OPTIONAL, "The endpoint's access key.", sensitive=True))), OPTIONAL,
        "A map of nested objects.")))

VOLUME = schema(0, block(
    "A volume that takes a while to make.",
    attribute("id", "string", COMPUTED, "Given by the store."),
    attribute("name", "string", REQUIRED, "Name (not unique)."),
    attribute("size", "number", REQUIRED, "Size, at least 1."),
    attribute("create_seconds", "number", OPTIONAL, "How long a create takes, in seconds; 30 when unset."),
    attribute("labels", ["map", "string"], OPTIONAL, "Labels; tfbtest_volumes finds volumes by them."),
    attribute("status", "string", COMPUTED, "creating, then available.")))

ATTACHMENT = schema(0, block(
    "A volume attached to a project; it cannot be imported.",
    attribute("id", "string", COMPUTED, "Given by the store."),
    attribute("project", "string", REQUIRED, "The project's name; changing it replaces the attachment."),
    attribute("volume_id", "string", REQUIRED, "The volume's ID; changing it replaces the attachment."),
    attribute("read_only", "bool", OPTIONAL, "Whether the project may only read the volume.")))

VOLUMES = schema(0, block(
    "The volumes that carry every given label.",
    attribute("labels", ["map", "string"], REQUIRED, "Labels a volume must carry, each with its value."),
    attribute("ids", ["list", "string"], COMPUTED, "IDs of the volumes found, sorted.")))

RESOURCES = {"tfbtest_project": PROJECT, "tfbtest_item": ITEM, "tfbtest_volume": VOLUME,
             "tfbtest_attachment": ATTACHMENT}
DATA_SOURCES = {"tfbtest_volumes": VOLUMES}
# The same schemas as the direct executor reads them (cty types, nestings), for the provider's own use.
MODELS: dict[str, Schema] = {name: schema_from_proto(s) for name, s in {**RESOURCES, **DATA_SOURCES}.items()}
PROVIDER_MODEL = schema_from_proto(PROVIDER)
