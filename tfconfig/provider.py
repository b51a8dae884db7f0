"""Provider-wide settings and the one function that turns them into a resource's final rules."""

from __future__ import annotations

import dataclasses
import fnmatch
import re
from collections.abc import Iterable, Mapping
from typing import Any

from tfconfig.catalogue import Exclusion
from tfconfig.externalname import ExternalName
from tfconfig.localfiles import LocalFiles
from tfconfig.naming import camel, plural
from tfconfig.resource import EXECUTORS, Example, Lookup, ManagedElsewhere, Reference, Resource, Timeouts


class ConfigError(ValueError):
    """The provider config is wrong; the message names the config entry."""


@dataclasses.dataclass(frozen=True)
class InjectedField:
    """A string argument added to every resource's forProvider that configures the provider instead
    of the resource: upjet's AWS provider adds ``region`` this way."""

    name: str
    description: str
    required: bool = True
    except_groups: tuple[str, ...] = ()
    example: str = ""
    # An anchored regular expression every value must match (CRD admission and the runtime both check
    # it): a provider setting is a place where a crafted string could reach the provider's parser.
    pattern: str = ""


@dataclasses.dataclass(frozen=True)
class GroupRule:
    """Resources whose Terraform type matches ``pattern`` go to ``group``; the first ``drop_words``
    words after the provider prefix are dropped from the kind (``aws_cloudwatch_log_group`` with
    group ``cloudwatchlogs`` and drop 2 → kind ``Group``)."""

    pattern: str
    group: str
    drop_words: int = 1


@dataclasses.dataclass(frozen=True)
class Credentials:
    """How the ProviderConfig's credentials Secret becomes provider-process environment.

    The Secret key holds a JSON object; ``env`` maps its keys to environment variable names.
    Credentials travel only through the process environment, never through files.
    """

    env: Mapping[str, str] = dataclasses.field(default_factory=dict)
    # Provider-block arguments that carry credentials: left out of ProviderConfig.configuration, so
    # a credential can only arrive through the Secret.
    provider_arguments: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class Tagging:
    """Tags put on every resource that has a ``field`` map argument, before it is created (as upjet
    does): they say which object owns the cloud resource, and let a :class:`Lookup` find it again."""

    field: str = "tags"
    kind_key: str = "crossplane-kind"
    name_key: str = "crossplane-name"
    provider_config_key: str = "crossplane-providerconfig"

    def tags(self, kind: str, group: str, name: str, provider_config: str) -> dict[str, str]:
        return {self.kind_key: f"{kind.lower()}.{group}", self.name_key: name,
                self.provider_config_key: provider_config}


@dataclasses.dataclass(frozen=True)
class ResolvedResource:
    """Everything both sides need to know about one generated kind."""

    tf_type: str
    kind: str
    short_group: str
    group: str
    version: str
    plural: str
    external_name: ExternalName
    references: Mapping[str, Reference]
    sensitive: tuple[str, ...]
    late_init_ignore: tuple[str, ...]
    injected: tuple[InjectedField, ...]
    removed_parameters: tuple[str, ...]
    removed_blocks: tuple[str, ...]
    timeouts: Timeouts
    example: Example | None
    # True when the resource config set timeouts itself: they then also go to Terraform's own
    # ``timeouts`` block, where the resource has one.
    timeouts_configured: bool = False
    tagging: Tagging | None = None
    lookup: Lookup | None = None
    executor: str = "cli"
    managed_elsewhere: tuple[ManagedElsewhere, ...] = ()
    local_files: LocalFiles = dataclasses.field(default_factory=LocalFiles)
    # Blocks of at most one element are embedded objects in the CRD, not one-element lists.
    embed_singletons: bool = False

    def default_tags(self, name: str, provider_config: str) -> dict[str, str]:
        return self.tagging.tags(self.kind, self.group, name, provider_config) if self.tagging else {}

    @property
    def api_version(self) -> str:
        return f"{self.group}/{self.version}"


@dataclasses.dataclass(frozen=True)
class Provider:
    name: str
    source: str
    version: str
    root_group: str
    resource_prefix: str
    default_version: str = "v1alpha1"
    schema_file: str = "schema.json.gz"
    # Exact Terraform types or fnmatch patterns; empty: every configured resource.
    include: tuple[str, ...] = ()
    resources: Mapping[str, Resource] = dataclasses.field(default_factory=dict)
    group_rules: tuple[GroupRule, ...] = ()
    injected_fields: tuple[InjectedField, ...] = ()
    removed_parameters: tuple[str, ...] = ()
    # Arguments never late-initialised on any resource (they conflict with what users set, like
    # ``name_prefix`` with ``name``); per-resource ones add to these.
    late_init_ignore: tuple[str, ...] = ()
    # Blocks the runtime fills itself (``timeouts`` comes from Resource.timeouts).
    removed_blocks: tuple[str, ...] = ("timeouts",)
    default_timeouts: Timeouts = dataclasses.field(default_factory=Timeouts)
    credentials: Credentials = dataclasses.field(default_factory=Credentials)
    # Provider-block arguments used when neither the ProviderConfig nor the resource sets them.
    provider_defaults: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    # client_metadata for GetIDFn templates, read once per provider configuration from data
    # sources: metadata key → "data.<type>.<name>.<attribute>" (AWS: the account ID).
    identity: Mapping[str, str] = dataclasses.field(default_factory=dict)
    tagging: Tagging | None = None
    # Resources left out, each with its reason (see tfconfig.catalogue).
    exclude: Mapping[str, Exclusion] = dataclasses.field(default_factory=dict)
    # Arguments that read local files are never user-settable; these are the reviewed exceptions.
    local_files: LocalFiles = dataclasses.field(default_factory=LocalFiles)
    # As upjet's SingletonListEmbedder: a list or set block of at most one element is an object in
    # the CRD (and one-element list for Terraform), the shape of upjet's current API versions.
    embed_singletons: bool = False

    @property
    def registry_source(self) -> str:
        host_path = self.source if self.source.count("/") == 2 else f"registry.terraform.io/{self.source}"
        return host_path

    @property
    def builtin(self) -> bool:
        """Built into terraform itself (terraform_data): no plugin process to speak to directly."""
        return self.registry_source.startswith("terraform.io/builtin/")

    def select(self, available: Iterable[str], *, origin: str = "config.py",
               ruled_out: Mapping[str, Exclusion] | None = None) -> tuple[str, ...]:
        """The Terraform types to generate, sorted: included, less ``exclude`` and ``ruled_out`` (the
        generator's own rules). Names that match nothing and references to anything left out are errors."""
        pool = sorted(set(available))
        chosen: set[str] = set()
        for entry in self.include or tuple(sorted(self.resources)):
            if any(ch in entry for ch in "*?["):
                matches = fnmatch.filter(pool, entry)
                if not matches:
                    raise ConfigError(f"{origin}: include: pattern {entry!r} matches no resource in the schema")
                chosen.update(matches)
            elif entry in pool:
                chosen.add(entry)
            else:
                raise ConfigError(f"{origin}: include: {entry!r} is not a resource of {self.source}")
        for name in sorted(self.resources):
            if name not in chosen:
                raise ConfigError(f"{origin}: resources[{name!r}]: configured but not included "
                                  f"(or not a resource of {self.source})")
        known = set(pool)
        for name in sorted(self.exclude):
            if name not in known:
                raise ConfigError(f"{origin}: exclude[{name!r}]: not a resource of {self.source}")
        left_out = {**(ruled_out or {}), **self.exclude}
        chosen -= set(left_out)
        for name in sorted(chosen):
            if self.resources.get(name, Resource()).lookup is not None and self.tagging is None:
                raise ConfigError(f"{origin}: resources[{name!r}].lookup: a lookup finds resources by the tags "
                                  f"tfbridge puts on at create; set Provider.tagging")
            if self.resources.get(name, Resource()).executor not in (None, *EXECUTORS):
                raise ConfigError(f"{origin}: resources[{name!r}].executor: "
                                  f"{self.resources[name].executor!r} is not one of {', '.join(EXECUTORS)}")
            for path, ref in sorted(self.resources.get(name, Resource()).references.items()):
                if ref.to in left_out:
                    raise ConfigError(f"{origin}: resources[{name!r}].references[{path!r}]: refers to "
                                      f"{ref.to!r}, which is excluded: {left_out[ref.to].describe()}")
                if ref.to not in chosen:
                    raise ConfigError(f"{origin}: resources[{name!r}].references[{path!r}]: "
                                      f"refers to unknown resource {ref.to!r}")
        return tuple(sorted(chosen))

    def _group_and_kind(self, tf_type: str) -> tuple[str, str]:
        if not tf_type.startswith(self.resource_prefix):
            raise ConfigError(f"{tf_type!r} does not start with the provider prefix {self.resource_prefix!r}")
        words = tf_type[len(self.resource_prefix):].split("_")
        for rule in self.group_rules:
            if re.search(rule.pattern, tf_type):
                rest = words[rule.drop_words:] or words
                return rule.group, camel("_".join(rest))
        rest = words[1:] or words
        return words[0], camel("_".join(rest))

    def resolve(self, tf_type: str) -> ResolvedResource:
        cfg = self.resources.get(tf_type, Resource())
        short_group, kind = self._group_and_kind(tf_type)
        short_group = cfg.short_group or short_group
        kind = cfg.kind or kind
        injected = tuple(f for f in self.injected_fields if short_group not in f.except_groups)
        return ResolvedResource(
            tf_type=tf_type,
            kind=kind,
            short_group=short_group,
            group=f"{short_group}.{self.root_group}",
            version=cfg.version or self.default_version,
            plural=plural(kind),
            external_name=cfg.external_name,
            references=dict(cfg.references),
            sensitive=cfg.sensitive,
            late_init_ignore=(*self.late_init_ignore, *cfg.late_init_ignore),
            injected=injected,
            removed_parameters=(*self.removed_parameters, *cfg.removed_parameters),
            removed_blocks=self.removed_blocks,
            timeouts=cfg.timeouts or self.default_timeouts,
            example=cfg.example,
            timeouts_configured=cfg.timeouts is not None,
            tagging=self.tagging if cfg.tagged else None,
            lookup=cfg.lookup,
            executor=cfg.executor or "cli",
            managed_elsewhere=cfg.managed_elsewhere,
            local_files=self.local_files.for_type(tf_type),
            embed_singletons=self.embed_singletons,
        )

    def only(self, tf_types: Iterable[str]) -> Provider:
        """This provider with only ``tf_types`` included and configured (a curated subset)."""
        keep = tuple(sorted(set(tf_types)))
        missing = [t for t in keep if t not in self.resources]
        if missing:
            raise ConfigError(f"only: not configured: {', '.join(missing)}")
        return dataclasses.replace(self, include=keep, resources={t: self.resources[t] for t in keep})
