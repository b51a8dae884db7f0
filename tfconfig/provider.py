"""Provider-wide settings and the one function that turns them into a resource's final rules."""

from __future__ import annotations

import dataclasses
import fnmatch
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from tfconfig.catalogue import Exclusion
from tfconfig.credentials import Credentials
from tfconfig.externalname import ExternalName
from tfconfig.kinds import GroupRule, group_and_kind
from tfconfig.localfiles import LocalFiles
from tfconfig.naming import ACRONYMS, plural
from tfconfig.resource import (
    EXECUTORS,
    Example,
    Importless,
    Lookup,
    ManagedElsewhere,
    Reference,
    Resource,
    Timeouts,
)
from tfconfig.shipping import Evidence, Shipped, shipped


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
    # The provider block's value where the spec leaves the field out and the ProviderConfig's configuration sets
    # none: set (never with ``required``) where a kind's config gives one (``Resource.injected_defaults``: a
    # service with one endpoint, in one region).
    default: str = ""

    def canonical(self) -> dict[str, Any]:
        """The field as a digest sees it: ``default`` only where one is set, so that the kinds without one
        keep the digests they had before defaults existed."""
        out = dataclasses.asdict(self)
        if not self.default:
            del out["default"]
        return out


@dataclasses.dataclass(frozen=True)
class Tagging:
    """Tags put on every resource that has a ``field`` map argument, before it is created (as upjet
    does): they say which object owns the cloud resource, and let a :class:`Lookup` find it again."""

    field: str = "tags"
    kind_key: str = "crossplane-kind"
    name_key: str = "crossplane-name"
    provider_config_key: str = "crossplane-providerconfig"
    # Namespaced objects only, as crossplane-runtime's external tags: two tenants' objects of one name
    # never carry the same tags, so one tenant's lookup can never find (and adopt) the other's.
    namespace_key: str = "crossplane-namespace"
    provider_config_kind_key: str = "crossplane-providerconfig-kind"

    def tags(self, kind: str, group: str, name: str, provider_config: str, *, namespace: str = "",
             provider_config_kind: str = "") -> dict[str, str]:
        out = {self.kind_key: f"{kind.lower()}.{group}", self.name_key: name,
               self.provider_config_key: provider_config}
        if namespace:
            out[self.namespace_key] = namespace
            if provider_config_kind:
                out[self.provider_config_kind_key] = provider_config_kind
        return out


@dataclasses.dataclass(frozen=True)
class ApiVersion:
    """One API version a kind is served at, and the shape of its objects there."""

    name: str
    # Blocks of at most one element are embedded objects at this version, not one-element lists.
    embed_singletons: bool
    # Argument path → the JSON name this version gives its field besides the field's own: the name it had
    # before the Terraform provider renamed the argument.
    old_names: Mapping[str, str] = dataclasses.field(default_factory=dict)
    # Served, but clients are told to move to a newer version (kubectl prints a warning).
    deprecated: bool = False


_API_VERSION = re.compile(r"^v([1-9][0-9]*)(?:(alpha|beta)([1-9][0-9]*))?$")


def earlier_versions(version: str) -> tuple[str, ...]:
    """The versions before ``version`` in its line, oldest first, as upjet numbers them: ``v1beta3`` →
    ``v1beta1``, ``v1beta2``; ``v2`` → ``v1``; ``v1beta1`` → none."""
    m = _API_VERSION.match(version)
    if m is None:
        raise ConfigError(f"{version!r} is not a Kubernetes API version (v1, v1beta2, v2alpha1, ...)")
    major, stage, number = int(m[1]), m[2], int(m[3] or 0)
    if stage:
        return tuple(f"v{major}{stage}{n}" for n in range(1, number))
    return tuple(f"v{n}" for n in range(1, major))


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
    # Terraform cannot import it: what a lost workspace becomes (None: it is imported).
    importless: Importless | None = None
    # Where the kind ships and why (tfconfig.shipping): its config, else its provider's conformance report.
    executor: str = "cli"
    executor_reason: str = "no conformance report"
    managed_elsewhere: tuple[ManagedElsewhere, ...] = ()
    local_files: LocalFiles = dataclasses.field(default_factory=LocalFiles)
    # A list reference's fields drop the list's plural s (securityGroupIdRefs), not upjet's (dropletIdsRefs).
    singular_list_refs: bool = False
    # The Crossplane v2 twin: namespaced objects in ``<short group>.<namespaced root group>``, whose
    # references, Secrets and ProviderConfigs stay in their own namespace.
    namespaced: bool = False
    # The argument a new object whose spec leaves it out takes from metadata.name ("" for none): optional
    # in the CRD, written into spec.forProvider before the create. The import ID does not depend on it.
    name_argument: str = ""
    # The argument the external name fills, served in forProvider too ("" for none): see
    # Resource.identifier_in_spec.
    identifier_in_spec: str = ""
    # Sensitive argument → the boolean field that has the runtime generate its Secret (Resource.generated_secrets).
    generated_secrets: Mapping[str, str] = dataclasses.field(default_factory=dict)
    # Every version the kind is served at, oldest first; ``version`` (where objects are stored and
    # reconciled) is one of them. Empty: ``version`` alone, with one-element lists.
    served: tuple[ApiVersion, ...] = ()

    def default_tags(self, name: str, provider_config: str, *, namespace: str = "",
                     provider_config_kind: str = "") -> dict[str, str]:
        if self.tagging is None:
            return {}
        return self.tagging.tags(self.kind, self.group, name, provider_config, namespace=namespace,
                                 provider_config_kind=provider_config_kind)

    @property
    def shipped(self) -> Shipped:
        return Shipped(self.executor, self.executor_reason)

    @property
    def scope(self) -> str:
        """The CRD's scope: ``Cluster`` or ``Namespaced``."""
        return "Namespaced" if self.namespaced else "Cluster"

    @property
    def crd_name(self) -> str:
        """``<plural>.<group>``: unique among every kind of both scopes."""
        return f"{self.plural}.{self.group}"

    @property
    def api_version(self) -> str:
        return f"{self.group}/{self.version}"

    @property
    def versions(self) -> tuple[ApiVersion, ...]:
        """Every version served, oldest first (the storage version among them)."""
        return self.served or (ApiVersion(self.version, False),)

    @property
    def embed_singletons(self) -> bool:
        """Whether blocks of at most one element are embedded objects at the version objects are stored at."""
        return self.at(self.version).embed_singletons

    def at(self, version: str) -> ApiVersion:
        """The served version named ``version``."""
        for v in self.versions:
            if v.name == version:
                return v
        raise KeyError(f"{self.crd_name} is not served at {version}")


CONFIG_VERSION = "v1beta1"


@dataclasses.dataclass(frozen=True)
class Package:
    """What the Crossplane package metadata (``crossplane.yaml``) says: values written by hand here,
    never read from the environment, so the generated packages are the same on every machine."""

    # The OCI registry and organisation the packages are pushed to (``xpkg.example.com/tfbridge``): a
    # family's dependency on the config family names its package there.
    registry: str
    source: str = ""
    license: str = ""
    maintainer: str = "tfbridge"
    # Namespaced managed resources compose only under Crossplane v2.
    crossplane_version: str = ">=v2.0.0-0"
    # SafeStart promises that a kind's controller starts only once its CRD is established, so that
    # Crossplane may install the kinds inactive (the runtime waits for each CRD: bridge.kube.crdgate).
    safe_start: bool = True


@dataclasses.dataclass(frozen=True)
class ConfigKind:
    """One of the kinds that configure a provider rather than manage a resource: a ProviderConfig,
    a ClusterProviderConfig, or a usage of either (Crossplane keeps these four kind names as CRDs
    when it installs a provider package; every other CRD becomes a managed resource definition)."""

    group: str
    kind: str
    namespaced: bool

    @property
    def plural(self) -> str:
        return plural(self.kind)

    @property
    def version(self) -> str:
        return CONFIG_VERSION

    @property
    def api_version(self) -> str:
        return f"{self.group}/{CONFIG_VERSION}"

    @property
    def usage(self) -> bool:
        return self.kind.endswith("Usage")

    @property
    def modern(self) -> bool:
        """A kind of the namespaced root group (ProviderConfig, ClusterProviderConfig and their usage)."""
        return self.namespaced or self.kind.startswith("Cluster")

    @property
    def crd_name(self) -> str:
        return f"{self.plural}.{self.group}"


@dataclasses.dataclass(frozen=True)
class ExampleValues:
    """Values a provider's validation accepts, which a generated example puts where an argument's name
    says what it holds and the example has only a placeholder. Empty: the placeholder stays."""

    # The ARN a ``<what>_arn`` (or ``_arns``) argument gets: the first entry whose word is one of the
    # argument name's words before ``arn`` ("" matches any).
    arns: tuple[tuple[str, str], ...] = ()
    # A policy document for an argument named ``policy`` or ``*_document`` (and ``content``, ``access_policy``).
    policy: str = ""
    # Arguments that hold the caller's account ID, filled in where an example leaves them out (a provider
    # would ask its cloud for the account, which an emulated cloud may not answer).
    account_arguments: tuple[str, ...] = ("account_id",)


@dataclasses.dataclass(frozen=True)
class Provider:
    """A provider's whole config: ``PROVIDER`` in its ``config.py``. The generator and the runtime read the
    same value, so they agree on every kind."""

    # The provider's Terraform local name (the first word of its resource types), and the name its
    # packages, images and Lease are named after.
    name: str
    # The Terraform provider's source address: NAMESPACE/NAME (hashicorp/aws) or HOST/NAMESPACE/NAME.
    source: str
    # The provider release the schema was read from and the plugin runs at ("" for one built into terraform).
    version: str
    # The API group every kind's group ends with (``<short group>.<root_group>``), and the group of the
    # cluster-scoped ProviderConfig kinds.
    root_group: str
    # What every resource type of the schema begins with (``aws_``).
    resource_prefix: str
    # The API version of every kind whose Resource sets none.
    default_version: str = "v1alpha1"
    # The schema beside config.py (``tfbridge schema refresh`` writes it): JSON, or gzip-compressed JSON.
    schema_file: str = "schema.json.gz"
    # Exact Terraform types or fnmatch patterns; empty: every configured resource.
    include: tuple[str, ...] = ()
    # Per-resource settings by Terraform type; a resource not listed here takes every default.
    resources: Mapping[str, Resource] = dataclasses.field(default_factory=dict)
    # Which API group a resource goes to: the first rule whose pattern matches its type.
    group_rules: tuple[GroupRule, ...] = ()
    # String arguments added to every resource's forProvider that configure the provider (AWS: region).
    injected_fields: tuple[InjectedField, ...] = ()
    # Arguments left out of every resource's spec (AWS: tags_all, which the provider computes).
    removed_parameters: tuple[str, ...] = ()
    # Arguments never late-initialised on any resource (they conflict with what users set, like
    # ``name_prefix`` with ``name``); per-resource ones add to these.
    late_init_ignore: tuple[str, ...] = ()
    # Blocks the runtime fills itself (``timeouts`` comes from Resource.timeouts).
    removed_blocks: tuple[str, ...] = ("timeouts",)
    # The operation timeouts of every resource that sets none.
    default_timeouts: Timeouts = dataclasses.field(default_factory=Timeouts)
    # How a ProviderConfig's credentials reach the provider process.
    credentials: Credentials = dataclasses.field(default_factory=Credentials)
    # Provider-block arguments used when neither the ProviderConfig nor the resource sets them.
    provider_defaults: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    # client_metadata for GetIDFn templates, read once per provider configuration from data
    # sources: metadata key → "data.<type>.<name>.<attribute>" (AWS: the account ID).
    identity: Mapping[str, str] = dataclasses.field(default_factory=dict)
    # Tags put on every resource with a tags argument before it is created (None: none); a Lookup finds
    # a lost create by them.
    tagging: Tagging | None = None
    # Attributes that name a cloud object beside its external name (AWS: ``arn``): an import of a
    # just-created object's ID that reads another value found another object.
    identifying_attributes: tuple[str, ...] = ()
    # Resources left out, each with its reason (see tfconfig.catalogue).
    exclude: Mapping[str, Exclusion] = dataclasses.field(default_factory=dict)
    # Arguments that read local files are never user-settable; these are the reviewed exceptions.
    local_files: LocalFiles = dataclasses.field(default_factory=LocalFiles)
    # As upjet's SingletonListEmbedder, which a provider opts into: a list or set block of at most one
    # element is an object in the CRD (and a one-element list for Terraform). Off, as upjet's default:
    # one-element lists. A resource may say otherwise (Resource.embed_singletons): a kind served at the
    # version it had before its provider embedded singletons keeps its lists.
    embed_singletons: bool = False
    # A list reference's fields as provider-upjet-aws names them, without the list's plural s
    # (``securityGroupIds``: ``securityGroupIdRefs``, ``securityGroupIdSelector``); off, upjet's own
    # names (``dropletIds``: ``dropletIdsRefs``, ``dropletIdsSelector``).
    singular_list_refs: bool = False
    # An argument named for another kind's identifier gets a reference to it (see tfschema.references).
    infer_references: bool = True
    # A resource named by a required argument (``name``; see tfschema.names) lets a new object leave it out:
    # the object's own name (metadata.name) is written there before the create, as Crossplane users
    # expect of a name. The external name stays what the provider assigns, so a lost workspace is still
    # imported by the ID recorded at create. False: every such argument stays required.
    default_names: bool = True
    # How a kind is spelled when no rule or resource names it: each word of the Terraform type
    # capitalised, a word of this table as the table writes it (upjet's common acronyms by default).
    kind_acronyms: Mapping[str, str] = dataclasses.field(default_factory=lambda: dict(ACRONYMS))
    # Crossplane v2: every kind served a second time, namespaced, in ``<short group>.<namespaced root
    # group>`` (upjet's ``aws.m.upbound.io``), with the ProviderConfig and ClusterProviderConfig kinds in
    # that group itself. False: cluster-scoped kinds only.
    namespaced: bool = True
    # Left empty, the root group with ``m`` after its first label (``github.tfbridge.io`` →
    # ``github.m.tfbridge.io``), as upjet's providers name theirs.
    namespaced_root_group: str = ""
    # The namespaced kinds' version, one for every kind whatever its cluster twin's is (upjet's keep the
    # version a kind had before singletons were embedded); empty: ``default_version``.
    namespaced_version: str = ""
    # As provider-upjet-aws serves a kind whose version was raised: every version from the first of its
    # line up to the kind's own (``v1beta1`` beside ``v1beta2``), the earlier ones with blocks of at most
    # one element as one-element lists (the shape they had before singletons were embedded) and
    # deprecated unless objects are stored there; the provider converts objects between them (its
    # conversion webhook). False: a kind is served at its own version alone.
    previous_versions: bool = False
    # A Crossplane package per family and for the whole provider (None: no package tree).
    package: Package | None = None
    # The provider's own words for "no object has this ID", beside terraform-plugin-sdk's "couldn't find
    # resource": a failed import whose diagnostics one of them matches (True) means the object does not
    # exist, rather than an error (its cloud's error codes for a missing object, its importers' sentences).
    import_not_found: Callable[[str], bool] | None = None
    # What generated examples put where a placeholder's argument name says what it holds.
    example_values: ExampleValues = dataclasses.field(default_factory=ExampleValues)
    # What the provider's conformance report (conformance.yaml beside the config, which tfproject reads when it
    # loads the provider) proves: a kind proven on the direct executor ships on it, the others on the
    # terraform CLI, unless its Resource names an executor (tfconfig.shipping). Not written in a config.
    evidence: Evidence = dataclasses.field(default_factory=Evidence)
    # Each kind's rules, worked out once: the generator and the runtime ask for them many times per kind
    # (templates, RBAC, families, packages), and each answer matches patterns over the whole config.
    _resolved: dict[tuple[str, bool], ResolvedResource] = dataclasses.field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        # Worked out once, so that every reader of the field sees the group served.
        first, _, rest = self.root_group.partition(".")
        derived = f"{first}.m.{rest}" if rest else f"{first}.m"
        object.__setattr__(self, "namespaced_root_group",
                           (self.namespaced_root_group or derived) if self.namespaced else "")

    @property
    def config_kinds(self) -> tuple[ConfigKind, ...]:
        """The legacy cluster-scoped ProviderConfig and its usage; with namespaced kinds, also the
        namespaced ProviderConfig, the ClusterProviderConfig and their (namespaced) usage, as upjet's."""
        out: tuple[ConfigKind, ...] = (ConfigKind(self.root_group, "ProviderConfig", False),
               ConfigKind(self.root_group, "ProviderConfigUsage", False))
        if self.namespaced_root_group:
            out += (ConfigKind(self.namespaced_root_group, "ProviderConfig", True),
                    ConfigKind(self.namespaced_root_group, "ClusterProviderConfig", False),
                    ConfigKind(self.namespaced_root_group, "ProviderConfigUsage", True))
        return out

    @property
    def scopes(self) -> tuple[bool, ...]:
        """``namespaced`` of each scope this provider serves, cluster first."""
        return (False, True) if self.namespaced_root_group else (False,)

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
        return group_and_kind(tf_type, self.resource_prefix, self.group_rules, self.kind_acronyms)

    def resolve(self, tf_type: str, *, namespaced: bool = False) -> ResolvedResource:
        """The rules of ``tf_type``'s kind: the cluster-scoped one, or its namespaced twin."""
        key = (tf_type, namespaced)
        if key not in self._resolved:
            self._resolved[key] = self._resolve(tf_type, namespaced)
        return self._resolved[key]

    def _resolve(self, tf_type: str, namespaced: bool) -> ResolvedResource:
        if namespaced and not self.namespaced_root_group:
            raise ConfigError(f"{tf_type}: provider {self.name} serves no namespaced kinds (namespaced_root_group)")
        cfg = self.resources.get(tf_type, Resource())
        short_group, kind = self._group_and_kind(tf_type)
        short_group = cfg.short_group or short_group
        kind = cfg.kind or kind
        injected = self._injected(tf_type, cfg, short_group)
        ships = shipped(tf_type, cfg.executor, self.evidence)
        embed = self.embed_singletons if cfg.embed_singletons is None else cfg.embed_singletons
        newest = cfg.version or self.default_version
        if namespaced:
            storage = self.namespaced_version or self.default_version
            served: tuple[ApiVersion, ...] = (ApiVersion(storage, embed),)
        else:
            storage = cfg.storage_version or newest
            served = self._served(tf_type, cfg, newest, storage, embed)
        return ResolvedResource(
            tf_type=tf_type,
            kind=kind,
            short_group=short_group,
            group=f"{short_group}.{self.namespaced_root_group if namespaced else self.root_group}",
            version=storage,
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
            importless=cfg.importless,
            executor=ships.executor,
            executor_reason=ships.reason,
            managed_elsewhere=cfg.managed_elsewhere,
            local_files=self.local_files.for_type(tf_type),
            singular_list_refs=self.singular_list_refs,
            namespaced=namespaced,
            served=served,
            # An argument the external name fills is never also filled from the object's name.
            identifier_in_spec=self._identifier_in_spec(tf_type, cfg),
            generated_secrets=dict(cfg.generated_secrets),
            name_argument="" if cfg.name_argument == cfg.external_name.identifier_argument else cfg.name_argument or "",
        )

    @staticmethod
    def _identifier_in_spec(tf_type: str, cfg: Resource) -> str:
        if not cfg.identifier_in_spec:
            return ""
        if not cfg.external_name.identifier_argument:
            raise ConfigError(f"resources[{tf_type!r}].identifier_in_spec: its external name fills no argument "
                              f"({cfg.external_name.strategy})")
        return cfg.external_name.identifier_argument

    def _injected(self, tf_type: str, cfg: Resource, short_group: str) -> tuple[InjectedField, ...]:
        """The injected fields of ``tf_type``'s kind: optional, with a default, where its config gives one."""
        fields = tuple(f for f in self.injected_fields if short_group not in f.except_groups)
        names = {f.name for f in fields}
        for name, value in sorted(cfg.injected_defaults.items()):
            where = f"resources[{tf_type!r}].injected_defaults[{name!r}]"
            if name not in names:
                raise ConfigError(f"{where}: the kind has no injected field {name!r} "
                                  f"(it has: {', '.join(sorted(names)) or 'none'})")
            pattern = next(f.pattern for f in fields if f.name == name)
            if not value or (pattern and re.fullmatch(pattern, value) is None):
                raise ConfigError(f"{where}: {value!r} is no value of the field (it must match {pattern})")
        return tuple(dataclasses.replace(f, required=False, default=cfg.injected_defaults[f.name],
                                         example=cfg.injected_defaults[f.name])
                     if f.name in cfg.injected_defaults else f for f in fields)

    def _served(self, tf_type: str, cfg: Resource, newest: str, storage: str, embed: bool) -> tuple[ApiVersion, ...]:
        """The versions a cluster-scoped kind is served at (a namespaced one has its scope's one version)."""
        where = f"resources[{tf_type!r}]"
        try:
            names = (*(earlier_versions(newest) if self.previous_versions else ()), newest)
        except ConfigError as exc:
            raise ConfigError(f"{where}.version: {exc}") from exc
        if storage not in names:
            raise ConfigError(f"{where}.storage_version: {storage!r} is not a version it is served at "
                              f"({', '.join(names)})")
        # The version objects are stored at never has an old name: the runtime reads and writes only its own.
        earlier = names[:names.index(storage)]
        for path, old in sorted(cfg.old_names.items()):
            if old.until not in earlier:
                raise ConfigError(f"{where}.old_names[{path!r}].until: {old.until!r} is not one of the versions "
                                  f"before the one it is stored at ({', '.join(earlier) or 'it has none'})")
        out = []
        for i, name in enumerate(names):
            old_names = {path: old.name for path, old in sorted(cfg.old_names.items())
                         if i <= names.index(old.until)}
            newest_here = name == newest
            out.append(ApiVersion(name, embed if newest_here else False, old_names,
                                  deprecated=not newest_here and name != storage))
        return tuple(out)

    def with_references(self, inferred: Mapping[str, Mapping[str, Reference]]) -> Provider:
        """This provider with ``inferred`` references added to its resources' own (which win)."""
        if not inferred:
            return self
        resources = dict(self.resources)
        for tf_type, refs in sorted(inferred.items()):
            cfg = resources.get(tf_type, Resource())
            resources[tf_type] = dataclasses.replace(cfg, references={**refs, **cfg.references})
        return dataclasses.replace(self, resources=resources)

    def with_evidence(self, evidence: Evidence) -> Provider:
        """This provider with ``evidence`` deciding where the kinds its config does not place ship."""
        return dataclasses.replace(self, evidence=evidence) if evidence != self.evidence else self

    def with_name_arguments(self, found: Mapping[str, str]) -> Provider:
        """This provider with ``found`` name arguments given to the resources that name none themselves."""
        resources = dict(self.resources)
        for tf_type, argument in sorted(found.items()):
            cfg = resources.get(tf_type, Resource())
            if cfg.name_argument is None:
                resources[tf_type] = dataclasses.replace(cfg, name_argument=argument)
        return dataclasses.replace(self, resources=resources) if resources != self.resources else self

    def only(self, tf_types: Iterable[str]) -> Provider:
        """This provider with only ``tf_types`` included and configured (a curated subset)."""
        keep = tuple(sorted(set(tf_types)))
        missing = [t for t in keep if t not in self.resources]
        if missing:
            raise ConfigError(f"only: not configured: {', '.join(missing)}")
        return dataclasses.replace(self, include=keep, resources={t: self.resources[t] for t in keep})
