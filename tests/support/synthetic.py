"""A small provider schema that exercises every type and nesting mode, and a config for it."""

from __future__ import annotations

from typing import Any

from tfconfig import Example, InjectedField, Provider, Reference, Resource, name_as_identifier

SOURCE = "registry.terraform.io/example/demo"
REGION_PATTERN = r"^[a-z]{2}-[0-9]$"


def attr(type_: Any, *, required: bool = False, optional: bool = False, computed: bool = False,
         sensitive: bool = False, description: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {"type": type_, "description_kind": "plain"}
    for key, flag in (("required", required), ("optional", optional), ("computed", computed),
                      ("sensitive", sensitive)):
        if flag:
            out[key] = True
    if description:
        out["description"] = description
    return out


def thing_block() -> dict[str, Any]:
    inner = {"attributes": {"port": attr("number", required=True), "label": attr("string", optional=True),
                            "state": attr("string", computed=True)}}
    return {
        "attributes": {
            "id": attr("string", optional=True, computed=True),
            "name": attr("string", required=True, description="The thing's name."),
            "size": attr("number", optional=True),
            "enabled": attr("bool", optional=True, computed=True),
            "tags": attr(["map", "string"], optional=True),
            "tags_all": attr(["map", "string"], optional=True, computed=True),
            "zones": attr(["set", "string"], optional=True),
            "ports": attr(["list", "number"], optional=True),
            "settings": attr(["object", {"mode": "string", "depth": "number"}], optional=True),
            "matrix": attr(["list", ["list", "string"]], optional=True),
            "anything": attr("dynamic", optional=True),
            "password": attr("string", optional=True, sensitive=True),
            "labels_secret": attr(["map", "string"], optional=True, sensitive=True),
            "token": attr("string", computed=True, sensitive=True),
            "arn": attr("string", computed=True),
            "network_id": attr("string", optional=True),
            "class": attr("string", optional=True),
            "region": attr("string", computed=True),
        },
        "block_types": {
            "single_b": {"nesting_mode": "single", "block": inner},
            "group_b": {"nesting_mode": "group", "block": inner},
            "list_b": {"nesting_mode": "list", "block": inner, "max_items": 1, "min_items": 1},
            "set_b": {"nesting_mode": "set", "block": inner},
            "map_b": {"nesting_mode": "map", "block": inner},
            "computed_only": {"nesting_mode": "list", "block": {"attributes": {"x": attr("string", computed=True)}}},
            "timeouts": {"nesting_mode": "single", "block": {"attributes": {"create": attr("string", optional=True)}}},
        },
        "description": "A thing.",
    }


def document() -> dict[str, Any]:
    return {
        "format_version": "1.0",
        "provider_schemas": {SOURCE: {
            "provider": {"version": 0, "block": {"attributes": {
                "endpoint": attr("string", optional=True), "api_key": attr("string", optional=True, sensitive=True)}}},
            "resource_schemas": {
                "demo_thing": {"version": 2, "block": thing_block()},
                "demo_network": {"version": 0, "block": {"attributes": {
                    "id": attr("string", computed=True), "cidr": attr("string", required=True)}}},
                "demo_unused": {"version": 0, "block": {"attributes": {"id": attr("string", computed=True)}}},
            },
        }},
    }


def provider(**overrides: Any) -> Provider:
    base: dict[str, Any] = dict(
        name="demo", source="example/demo", version="1.0.0", root_group="demo.tfbridge.io",
        resource_prefix="demo_", include=("demo_thing", "demo_network"), namespaced=False,
        injected_fields=(InjectedField("region", "Where.", example="eu-1", except_groups=("network",),
                                       pattern=REGION_PATTERN),),
        removed_parameters=("tags_all",),
        resources={
            "demo_thing": Resource(
                short_group="core", external_name=name_as_identifier(),
                references={"network_id": Reference("demo_network")},
                example=Example({"region": "eu-1", "size": 3, "networkIdRef": {"name": "net"}}),
            ),
            "demo_network": Resource(short_group="network"),
        },
    )
    base.update(overrides)
    return Provider(**base)
