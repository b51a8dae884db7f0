"""Per-resource settings a provider author writes by hand (the upjet ``config.Resource`` analogue)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from tfconfig.externalname import ExternalName, identifier_from_provider

# How a resource's operations run: the terraform CLI, or the provider's protocol spoken directly.
EXECUTORS = ("cli", "direct")
# What a lost workspace of a resource Terraform cannot import becomes (Importless.policy).
REBUILD = "rebuild"
STOP = "stop"
IMPORTLESS_POLICIES = (REBUILD, STOP)


@dataclasses.dataclass(frozen=True)
class Reference:
    """A field whose value comes from another managed resource.

    ``to`` is the referenced Terraform type. ``extract`` is the attribute of the referenced
    resource's observed state to copy, or a path into one (``roots[0].id``: the ``id`` of the first
    element of ``roots``); the special value ``external_name`` copies its external name.
    """

    to: str
    extract: str = "external_name"
    # The stem of the reference's own fields, ``<stem>Ref`` (``<stem>Refs`` for a list) and ``<stem>Selector``,
    # where it is not the provider's rule (the argument's field name; a list's without its plural s with
    # Provider.singular_list_refs): ``subnetIds`` keeps a list's s, ``policyName`` names the fields of an
    # argument called ``name``. "": the rule's.
    stem: str = ""
    # Text written before the extracted value (an API Gateway v2 route's target is ``integrations/<ID>``).
    prefix: str = ""


def extract_path(extract: str) -> tuple[str | int, ...]:
    """The steps of a reference's ``extract`` into the observed state: ``roots[0].id`` is
    ``("roots", 0, "id")``."""
    steps: list[str | int] = []
    for part in extract.split("."):
        name, *indices = part.split("[")
        steps.append(name)
        steps.extend(int(i.rstrip("]")) for i in indices)
    return tuple(steps)


@dataclasses.dataclass(frozen=True)
class Timeouts:
    """Seconds an operation may run before it is interrupted and reported as timed out."""

    create: float = 1800.0
    update: float = 1800.0
    delete: float = 1800.0
    observe: float = 300.0


@dataclasses.dataclass(frozen=True)
class Example:
    """An example manifest: ``spec.forProvider`` in CR form (camelCase), and its object name."""

    for_provider: Mapping[str, Any]
    name: str | None = None
    labels: Mapping[str, str] = dataclasses.field(default_factory=dict)
    # ``spec.initProvider``: arguments given at create only, never compared with the cloud afterwards
    # (an argument no import reads back, such as a key pair's public key, would otherwise make the
    # first plan after a lost workspace a replacement).
    init_provider: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    # Namespace to write the connection secret to (named like the object); None: no secret.
    connection_secret_namespace: str | None = None


@dataclasses.dataclass(frozen=True)
class Importless:
    """A resource Terraform cannot import, served all the same: what its lost workspace becomes.

    ``rebuild``: a state is written from the recorded external name (the state id) and the spec's
    arguments, then read; the read says whether the object exists (gone: created again, as any object
    the cloud lost). ``stop``: the read cannot tell (it always succeeds, or the resource is an action
    such as an invocation): the object is stopped with instructions, never created again."""

    policy: str
    # Why the policy fits the resource's read, in a sentence.
    reason: str = ""
    # Where that fact comes from (``provider``: the provider's read function; ``upjet``: upjet serves it so).
    source: str = ""


@dataclasses.dataclass(frozen=True)
class Lookup:
    """A data source that finds the external resource by the tags tfbridge put on it at create.

    It recovers a create whose outcome was lost (the provider died after the cloud created the
    object but before its ID was recorded): exactly one match is adopted instead of creating again.
    """

    data_source: str
    # The data source's list attribute holding the IDs it found.
    ids: str = "ids"
    # The data source's argument that takes a tag map to filter by.
    tags_argument: str = "tags"


@dataclasses.dataclass(frozen=True)
class ManagedElsewhere:
    """An argument that another resource kind manages exclusively when it is used (a security
    group's ``ingress`` against ``aws_vpc_security_group_ingress_rule``): copying the cloud's value
    into the spec would make this kind fight that one, so it is never late-initialised."""

    argument: str
    # The Terraform types that manage it.
    by: tuple[str, ...]
    source: str = ""


@dataclasses.dataclass(frozen=True)
class OldName:
    """The name an argument's field had in a kind's older API versions (provider-upjet-aws renamed some as
    the Terraform provider renamed their arguments): those versions serve the field under this name too,
    and conversion copies its value to the argument's own name and back."""

    # The field's JSON name in those versions (``name`` for a DB instance's ``db_name``).
    name: str
    # The newest version that has it (``v1beta1``): every version up to it does.
    until: str


@dataclasses.dataclass(frozen=True)
class Resource:
    """One resource's settings, over what the provider's rules derive from its Terraform type."""

    # How ``crossplane.io/external-name`` maps to the resource: its import ID, and the name recorded
    # after a create (the external-name functions make one).
    external_name: ExternalName = dataclasses.field(default_factory=identifier_from_provider)
    # The kind's name; None: derived from the Terraform type.
    kind: str | None = None
    # The first label of the kind's API group (``ec2`` of ``ec2.aws.tfbridge.io``); None: the provider's rules.
    short_group: str | None = None
    # The kind's API version, the newest it is served at; None: the provider's default_version. With
    # Provider.previous_versions, the kind is served at every earlier version too (see ApiVersion).
    version: str | None = None
    # The version objects are stored at and reconciled in, where it is not ``version`` (an earlier one,
    # as provider-upjet-aws stores a few kinds); None: ``version``.
    storage_version: str | None = None
    # Argument path (dots for nested blocks) → the name its field had in the kind's earlier versions.
    old_names: Mapping[str, OldName] = dataclasses.field(default_factory=dict)
    # Terraform argument path (dots for nested blocks) → where its value comes from.
    references: Mapping[str, Reference] = dataclasses.field(default_factory=dict)
    # Argument paths to treat as sensitive although the schema does not say so.
    sensitive: tuple[str, ...] = ()
    # Argument paths never copied from the observed state into spec.forProvider, nor anything below
    # them: Terraform names joined by dots, ``[*]`` optional after a block ("any element"), so
    # ``ebs_block_device[*].volume_size`` and ``ebs_block_device.volume_size`` are one path and
    # ``ebs_block_device`` ignores the whole block. Late-init fills the optional and computed arguments
    # a spec leaves unset: top-level ones, and those inside the list and single blocks the spec has
    # (element by element; never inside a set, never creating a block the spec leaves out).
    late_init_ignore: tuple[str, ...] = ()
    # The kind's example manifest; None: one built from the required arguments.
    example: Example | None = None
    # Operation timeouts; None: the provider's default_timeouts. Set here, they also go to the resource's
    # own Terraform ``timeouts`` block, where it has one.
    timeouts: Timeouts | None = None
    # A data source that finds a create whose outcome was lost, by its tags (needs Provider.tagging).
    lookup: Lookup | None = None
    # "cli" (terraform per operation) or "direct" (the provider's own protocol); None: where the provider's
    # conformance report places the kind (direct where it proves it, else cli; see tfconfig.shipping).
    executor: str | None = None
    # Terraform cannot import it: how a lost workspace is recovered instead; None: by an import.
    importless: Importless | None = None
    # Arguments another kind manages exclusively; never late-initialised.
    managed_elsewhere: tuple[ManagedElsewhere, ...] = ()
    # Top-level arguments and blocks left out of the spec (they name a local file the provider would read, or
    # their schema would take the CRD over the API server's size limit).
    removed_parameters: tuple[str, ...] = ()
    # False where an argument named like the provider's tags field is not the object's tags.
    tagged: bool = True
    # Argument paths (dots for nested blocks) never given a reference inferred from their names.
    not_references: tuple[str, ...] = ()
    # Blocks of at most one element as objects (True) or one-element lists (False); None: the provider's
    # choice. A kind served at the version it had before the provider embedded singletons keeps its lists.
    embed_singletons: bool | None = None
    # True: the argument the external name fills is served in forProvider too, optional, for specs written
    # for a provider that keeps it an argument there (provider-upjet-aws's App Mesh routes). A new object
    # that gives it takes its external name from it; one whose external name differs is refused.
    identifier_in_spec: bool = False
    # Sensitive argument → the boolean field (a Terraform-style name: ``auto_generate_password``) a spec sets
    # to have the runtime generate the argument's value once into the Secret key its ``*SecretRef`` names,
    # before the create, where that key is empty; never again once it holds one (provider-upjet-aws's
    # password generator of RDS, DocumentDB and ElastiCache).
    generated_secrets: Mapping[str, str] = dataclasses.field(default_factory=dict)
    # Injected field (``region``) → the value the provider block takes where the spec leaves the field out and
    # the ProviderConfig's configuration sets none (over the provider's own default); the field is then
    # optional in the kind's CRD. For a service with one endpoint, in one region (AWS's Route 53, CloudFront,
    # Network Manager), whose kinds need no region of their own.
    injected_defaults: Mapping[str, str] = dataclasses.field(default_factory=dict)
    # The argument the resource is named by, which a new object whose spec leaves it out takes from its own
    # name (metadata.name, written into spec.forProvider before the create); "" for none; None: the one
    # tfschema.names finds in the schema when the provider has default_names.
    name_argument: str | None = None
