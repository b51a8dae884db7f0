"""The one builder of every Terraform document tfbridge writes: pure data in, ``main.tf.json`` out.

A managed resource's workspace, the scratch workspace of a lookup (a lost create found by its
tags) and that of an identity read (provider metadata an import ID needs): all of them come from
:func:`build`, and nothing else writes Terraform configuration.

Whoever may create a managed resource must never make Terraform evaluate anything. In JSON
configuration every string is a template, and so is every object key where an object is a value:
``${`` and ``%{`` start template sequences. So every string the document carries as a value
(resource arguments with their nested blocks and map keys, provider arguments, data-source
arguments) gets them doubled to ``$${`` and ``%%{``, which Terraform reads back as the literal
characters. The only strings left as they are, besides schema names, are the ``output``
expressions, which this module writes itself from identifiers it checks.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Mapping
from typing import Any

RESOURCE_NAME = "this"
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")


def escape(value: Any) -> Any:
    """``value`` with every ``${`` and ``%{`` of every string and key doubled: Terraform's literal."""
    if isinstance(value, str):
        return value.replace("${", "$${").replace("%{", "%%{")
    if isinstance(value, Mapping):
        return {escape(k): escape(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [escape(v) for v in value]
    return value


def address(tf_type: str) -> str:
    return f"{tf_type}.{RESOURCE_NAME}"


@dataclasses.dataclass(frozen=True)
class ProviderBlock:
    name: str  # the local name: random
    source: str  # hashicorp/random
    version: str  # "" for a provider built into terraform
    # Arguments as the user and the ProviderConfig gave them (not escaped).
    arguments: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    @property
    def requirements(self) -> dict[str, dict[str, str]]:
        return {self.name: {"source": self.source, **({"version": self.version} if self.version else {})}}


@dataclasses.dataclass(frozen=True)
class ResourceBlock:
    tf_type: str
    # Arguments as the spec gives them (not escaped); initProvider's included.
    arguments: Mapping[str, Any]
    ignore_changes: tuple[str, ...] = ()
    prevent_destroy: bool = True
    timeouts: Mapping[str, str] | None = None
    # A replacement makes the new object before it deletes the old one (tfbridge.io/replace-policy).
    create_before_destroy: bool = False

    @property
    def address(self) -> str:
        return address(self.tf_type)

    @property
    def configuration(self) -> dict[str, Any]:
        """What the provider is given as the resource's configuration: the arguments and the timeouts block."""
        return {**self.arguments, **({"timeouts": dict(self.timeouts)} if self.timeouts else {})}


@dataclasses.dataclass(frozen=True)
class DataRead:
    """Data sources to read, and what to report of them."""

    # data-source type → name → arguments (not escaped)
    sources: Mapping[str, Mapping[str, Mapping[str, Any]]]
    # output name → (data-source type, name, attribute)
    outputs: Mapping[str, tuple[str, str, str]]


@dataclasses.dataclass(frozen=True)
class Rendered:
    """A managed resource as Terraform configuration: its provider block and its resource."""

    provider: ProviderBlock
    resource: ResourceBlock

    @functools.cached_property
    def document(self) -> dict[str, Any]:
        return build(self.provider, resource=self.resource)


def build(provider: ProviderBlock, *, resource: ResourceBlock | None = None,
          read: DataRead | None = None) -> dict[str, Any]:
    """The ``main.tf.json`` document for a resource or a data read, every user string escaped."""
    doc: dict[str, Any] = {"terraform": {"required_providers": provider.requirements}}
    if provider.arguments:
        doc["provider"] = {provider.name: escape(dict(provider.arguments))}
    if resource is not None:
        lifecycle: dict[str, Any] = {"prevent_destroy": resource.prevent_destroy}
        if resource.create_before_destroy:
            lifecycle["create_before_destroy"] = True
        if resource.ignore_changes:
            lifecycle["ignore_changes"] = sorted(resource.ignore_changes)
        body: dict[str, Any] = {**escape(dict(resource.arguments)), "lifecycle": lifecycle}
        if resource.timeouts:
            body["timeouts"] = dict(resource.timeouts)
        doc["resource"] = {resource.tf_type: {RESOURCE_NAME: body}}
    if read is not None:
        doc["data"] = {_identifier(dtype): {_identifier(name): escape(dict(args)) for name, args in named.items()}
                       for dtype, named in read.sources.items()}
        doc["output"] = {_identifier(name): {"value": f"${{data.{'.'.join(map(_identifier, ref))}}}"}
                         for name, ref in read.outputs.items()}
    return doc


def _identifier(name: str) -> str:
    """A Terraform identifier, refused otherwise: these names are written unescaped."""
    if not _IDENTIFIER.match(name):
        raise ValueError(f"not a Terraform identifier: {name!r}")
    return name
