"""What a provider registers with the runtime: one :class:`Kind` per managed resource, built from the
provider's config and its Terraform schema (no generated code).

:func:`load` loads the provider as the generator does (:func:`tfproject.load`: an installed
provider's name, found through its ``tfbridge.providers`` entry point, or its path), and decides the
kinds exactly as the generator does (:func:`tfschema.catalogue.plan`). A kind's field trees and converter
are built the first time something asks for them, from that kind's schema alone: a run that never
sees an object of a kind never parses its schema, and a family run keeps only its family's schemas.

A provider that serves namespaced kinds has every kind twice (cluster-scoped first, then namespaced):
the twins share their field trees, and differ in their group, version, scope and converter (a
namespaced kind's Secrets and references name no namespace, or only its own).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable

import tfproject
from bridge.api.convert import Converter, ObjectConverter
from bridge.api.managed import Managed
from tfconfig import Provider, ResolvedResource
from tfproject import LoadError
from tfschema import catalogue, digest, fields
from tfschema import schema as s

CONFIG_FAMILY = "config"

ReferenceField = fields.ReferencePath


@dataclasses.dataclass(frozen=True)
class Shape:
    """What a kind's schema and config say about its objects, built once."""

    views: fields.Views
    converter: Converter
    references: tuple[ReferenceField, ...]
    schema_version: int
    # Whether the Terraform resource has a ``timeouts`` block.
    timeouts_block: bool
    # Optional and computed top-level arguments: the only ones copied from the cloud into the spec.
    late_init: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class Kind:
    config: ResolvedResource
    # The kind's resource schema: parsed on first call, then kept by the source.
    schema: Callable[[], s.ResourceSchema] = dataclasses.field(repr=False, compare=False)
    # Its canonical JSON, for the digest.
    raw_schema: Callable[[], bytes] = dataclasses.field(repr=False, compare=False)
    provider_name: str = ""
    # Builds the field trees of a set of rules, shared with the kind's twin of the other scope (the same rules
    # make the same trees); None: built here.
    trees: Callable[[fields.Rules], fields.Views] | None = dataclasses.field(default=None, repr=False, compare=False)

    def views(self, version: str | None = None) -> fields.Views:
        """The field trees of ``version`` (default: the one objects are stored at)."""
        rules = fields.rules(self.config, version)
        return self.trees(rules) if self.trees is not None else fields.build(self.schema(), rules)

    @functools.cached_property
    def shape(self) -> Shape:
        """Built on first use. Two threads asking at once may both build it: it is pure, and either result will do."""
        rs = self.schema()
        rules = fields.rules(self.config)
        views = self.views()
        elsewhere = tuple(m.argument for m in self.config.managed_elsewhere)
        ignore = (*self.config.late_init_ignore, *elsewhere)
        late = fields.late_init(rs, views, ignore)
        return Shape(
            views=views,
            converter=Converter(views, provider_settings=frozenset(i.name for i in self.config.injected),
                                late_init=late, late_init_nested=fields.late_init_nested(rs, views, ignore),
                                namespaced=self.config.namespaced),
            references=fields.reference_paths(views, rules), schema_version=rs.version,
            timeouts_block=fields.has_timeouts(rs), late_init=late)

    @property
    def converter(self) -> Converter:
        return self.shape.converter

    @property
    def references(self) -> tuple[ReferenceField, ...]:
        return self.shape.references

    @property
    def schema_version(self) -> int:
        return self.shape.schema_version

    @property
    def timeouts_block(self) -> bool:
        return self.shape.timeouts_block

    @property
    def late_init(self) -> tuple[str, ...]:
        return self.shape.late_init

    @property
    def api_version(self) -> str:
        return self.config.api_version

    @property
    def id(self) -> str:
        """``<plural>.<group>`` (its CRD's name): unique among the kinds of both scopes."""
        return self.config.crd_name

    @property
    def namespaced(self) -> bool:
        return self.config.namespaced

    @property
    def kind(self) -> str:
        return self.config.kind

    @property
    def tags_field(self) -> str | None:
        """The spec.forProvider field (CR form) that takes the provider's default tags, if any."""
        tagging = self.config.tagging
        return None if tagging is None else self.converter.json_name(tagging.field)

    def default_tags(self, mr: Managed) -> dict[str, str]:
        """The tags put on ``mr``'s cloud object before create, that a lookup finds it by again."""
        return self.config.default_tags(mr.name, mr.provider_config_name, namespace=mr.namespace,
                                        provider_config_kind=mr.provider_config_kind)

    @functools.cached_property
    def digest(self) -> str:
        """The schema digest the generator labels this kind's CRD with (see :mod:`tfschema.digest`)."""
        return digest.resource(self.raw_schema(), self.config, provider=self.provider_name)


@dataclasses.dataclass(frozen=True)
class ProviderPackage:
    provider: Provider
    kinds: tuple[Kind, ...]
    # The provider block's schema, for spec.configuration of the provider's ProviderConfig.
    provider_block: Callable[[], s.Block] = dataclasses.field(repr=False, compare=False)
    # Its canonical JSON, for the ProviderConfig kinds' digests.
    raw_provider_block: Callable[[], bytes] = dataclasses.field(repr=False, compare=False)

    @functools.cached_property
    def configuration(self) -> ObjectConverter:
        """spec.configuration of the provider's ProviderConfig, converted like any spec."""
        p = self.provider
        rules = fields.provider_rules("provider", p.credentials.provider_arguments, p.injected_fields, p.local_files)
        return ObjectConverter(fields.provider_configuration(self.provider_block(), rules))

    @functools.cached_property
    def config_digests(self) -> dict[tuple[str, str], str]:
        """(API group, kind) of each ProviderConfig kind → the schema digest its CRD is labelled with."""
        return digest.config_kinds(self.provider, self.raw_provider_block())

    @property
    def families(self) -> tuple[str, ...]:
        """The API groups (short names) the kinds fall into: one deployable each."""
        return tuple(sorted({k.config.short_group for k in self.kinds}))

    def family(self, name: str) -> ProviderPackage:
        """Only the kinds of one family, or of several (``ec2,iam``); ``config`` is the family that owns
        ProviderConfigs and has none."""
        wanted = families_of(name)
        unknown = [f for f in wanted if f != CONFIG_FAMILY and f not in self.families]
        if unknown:
            raise KeyError(f"{self.provider.name} has no family {unknown[0]!r}; families: "
                           f"{', '.join((CONFIG_FAMILY, *self.families))}")
        return dataclasses.replace(self, kinds=tuple(k for k in self.kinds if k.config.short_group in wanted))

    def by_type(self, tf_type: str, *, namespaced: bool = False) -> Kind:
        """The kind of a Terraform type: the cluster-scoped one, or its namespaced twin."""
        for k in self.kinds:
            if k.config.tf_type == tf_type and k.namespaced == namespaced:
                return k
        raise KeyError(f"{tf_type} ({'namespaced' if namespaced else 'cluster-scoped'})")


def families_of(value: str) -> frozenset[str]:
    """``ec2`` or ``ec2,iam``: the families one process runs (several small ones may share a pod)."""
    return frozenset(f.strip() for f in value.split(",") if f.strip())


def load(name: str, *, family: str | None = None) -> ProviderPackage:
    """The provider ``name`` (an installed provider's name, a dotted package, or a path: see
    :func:`tfproject.load`), with every kind, or only one family's kinds (``config``: none)."""
    loaded = tfproject.load(name)
    try:
        doc = loaded.document()
    except s.SchemaError as exc:
        raise LoadError(str(exc)) from exc
    return from_document(loaded.provider, doc, family=family, origin=loaded.origin)


def from_document(provider: Provider, doc: s.Document, *, family: str | None = None,
                  origin: str = "config.py") -> ProviderPackage:
    try:
        plan = catalogue.plan(provider, doc, origin=origin)
    except ValueError as exc:
        raise LoadError(str(exc)) from exc
    provider = plan.provider
    resolved = [provider.resolve(t) for t in plan.included]
    if family is not None:
        wanted = families_of(family)
        groups = {r.short_group for r in resolved}
        unknown = [f for f in wanted if f != CONFIG_FAMILY and f not in groups]
        if unknown:
            raise KeyError(f"{provider.name} has no family {unknown[0]!r}; families: "
                           f"{', '.join((CONFIG_FAMILY, *sorted(groups)))}")
        resolved = [r for r in resolved if r.short_group in wanted]
    source = s.Source(doc, (r.tf_type for r in resolved))

    built: dict[str, fields.Views] = {}

    def trees(tf_type: str, rules: fields.Rules) -> fields.Views:
        # Scope changes no field: twins whose versions have the same rules walk the same trees.
        key = rules.canonical()
        if key not in built:
            built[key] = fields.build(source.resource(tf_type), rules)
        return built[key]

    kinds = tuple(Kind(config=scoped, schema=functools.partial(source.resource, r.tf_type),
                       raw_schema=functools.partial(source.raw, r.tf_type), provider_name=provider.name,
                       trees=functools.partial(trees, r.tf_type))
                  for namespaced in provider.scopes for r in resolved
                  for scoped in [provider.resolve(r.tf_type, namespaced=namespaced) if namespaced else r])
    return ProviderPackage(provider=provider, kinds=kinds, provider_block=source.provider,
                           raw_provider_block=source.raw_provider)


