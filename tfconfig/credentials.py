"""How a ProviderConfig's credentials reach the provider: what every provider declares, and the
extension a provider adds for what cannot be declared (upjet's ``SetupFn`` analogue).

Every provider gets the same ProviderConfig spec, ``credentials: {source: Secret|None, secretRef}``,
and :class:`Credentials` says what a Secret's keys become: process environment (``env``) or
provider-block arguments (``arguments``), read from a JSON object in one key, from the Secret's own
keys, or from an INI profile where the provider reads one (``profile``). A provider whose
ProviderConfigs say more (other sources, role chains, endpoints) adds a :class:`CredentialsExtension`:
it gives the spec's schema and resolves what it adds, and the runtime calls it for every
ProviderConfig with the same :class:`Context` the declared mapping uses.

Nothing here imports the runtime: an extension raises :class:`CredentialsError` (the spec is wrong;
the object says so until it changes) or :class:`CredentialsUnavailable` (not now; retried), and the
runtime turns them into its own errors.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

# The sources every provider's ProviderConfig takes.
SECRET = "Secret"
NONE = "None"
GENERIC_SOURCES = (SECRET, NONE)


class CredentialsError(ValueError):
    """A ProviderConfig's spec is wrong; the message names the field and never quotes a secret."""


class CredentialsUnavailable(Exception):
    """The credentials cannot be had now (the pod lacks a variable its identity needs): retried after
    ``delay`` seconds."""

    def __init__(self, message: str, *, delay: float = 60.0) -> None:
        super().__init__(message)
        self.delay = delay


@dataclasses.dataclass(frozen=True)
class Sourced:
    """What a ProviderConfig's credentials resolve to."""

    arguments: dict[str, Any]  # provider-block arguments, Terraform form; no secret among them
    env: dict[str, str]  # the provider process's environment, as far as the provider owns it
    secrets: tuple[str, ...]  # values never to be shown (the Redactor's)
    # Provider-block arguments that are secrets: given to the provider in memory, never written to a file.
    secret_arguments: dict[str, Any] = dataclasses.field(default_factory=dict)

    def plus(self, more: Sourced) -> Sourced:
        """These and ``more``'s, ``more`` winning where both say the same thing."""
        return Sourced({**self.arguments, **more.arguments}, {**self.env, **more.env}, (*self.secrets, *more.secrets),
                       {**self.secret_arguments, **more.secret_arguments})


SecretValue = Callable[[Mapping[str, Any], str], bytes]  # (secretRef, where it is in the spec) → one key's value
SecretData = Callable[[Mapping[str, Any], str], Mapping[str, bytes]]  # (secretRef, where) → the whole Secret


@dataclasses.dataclass(frozen=True)
class Context:
    """What the runtime tells an extension about the ProviderConfig it resolves."""

    display: str  # "ProviderConfig/ns/name": the start of every message about it
    # A namespace's ProviderConfig: a tenant's, which may use neither the pod's identity nor its network.
    namespaced: bool
    environ: Mapping[str, str]  # the pod's environment (the executors' base)
    # A Secret key this ProviderConfig may read (its own namespace's, or one the operator allows).
    secret_value: SecretValue
    # (a name unique within this ProviderConfig, content) → the path of a private copy only the provider reads.
    private_file: Callable[[str, str], str]
    # What the operator lets a namespace's ProviderConfig use besides its own Secrets.
    identity_in_namespaces: bool = False
    endpoints_in_namespaces: bool = False


class CredentialsExtension:
    """A provider's own ProviderConfig spec and what it means. The default adds nothing; a provider
    subclasses it (``providers/aws/credentials.py``)."""

    # Every value ``credentials.source`` may take, in the order the CRD lists them.
    sources: tuple[str, ...] = (SECRET, NONE)
    # What the CRD says about ``credentials.source``.
    source_description: str = "Secret: a Secret key holding a JSON object of credentials."
    # Sources that run on the pod's or the node's own identity: a namespace's ProviderConfig may not use
    # them, and a cluster-scoped one that does keeps the node's instance metadata reachable.
    ambient_sources: tuple[str, ...] = (NONE,)
    # Whether a ``secretRef`` without a ``key`` reads the Secret's own keys as the credentials.
    whole_secret: bool = True

    def credentials_properties(self, secret_ref: Mapping[str, Any]) -> dict[str, Any]:
        """Properties of ``spec.credentials`` besides ``source`` and ``secretRef`` (OpenAPI v3); a
        Secret reference among them takes ``secret_ref``, the scope's own shape."""
        return {}

    def spec_properties(self) -> dict[str, Any]:
        """Properties of ``spec`` besides ``credentials`` and ``configuration`` (OpenAPI v3)."""
        return {}

    def secret_refs(self, spec: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        """The Secret references ``spec`` names besides ``credentials.secretRef``: what the provider
        reads credentials from, which no managed resource may read."""
        return []

    def resolve(self, spec: Mapping[str, Any], source: str, context: Context) -> Sourced:
        """What ``spec`` adds to the declared mapping's result: for one of this extension's own
        sources its credentials, and for any source the rest of the spec (role chains, endpoints,
        flags). Raises :class:`CredentialsError` or :class:`CredentialsUnavailable`."""
        return Sourced({}, {}, ())


@dataclasses.dataclass(frozen=True)
class ImportProbe:
    """What ``tfbridge schema probe-imports`` runs the provider plugin with: credentials that work
    nowhere, and the cloud unreachable, so that an importer which calls it fails at once instead of
    reaching anything. ``{endpoint}`` in a value becomes the URL of a loopback port that refuses
    connections."""

    env: Mapping[str, str] = dataclasses.field(default_factory=dict)
    configuration: Mapping[str, Any] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class Credentials:
    """How a ProviderConfig's credentials become the provider process's environment and provider-block
    arguments.

    A Secret key holds a JSON object (or, with ``profile``, an INI profile); without a key, the
    Secret's own keys are read. ``env`` and ``arguments`` map those keys to environment variables and
    provider-block arguments; credentials never reach a file the CLI executor writes (a provider-block
    credential is given to the provider in memory)."""

    env: Mapping[str, str] = dataclasses.field(default_factory=dict)
    # Secret key → provider-block argument, for providers that read a credential from their block only.
    arguments: Mapping[str, str] = dataclasses.field(default_factory=dict)
    # Provider-block arguments that carry credentials: left out of ProviderConfig.configuration, so
    # a credential can only arrive through the Secret.
    provider_arguments: tuple[str, ...] = ()
    # The same credentials in an INI profile (the ``[default]`` section of an AWS credentials file):
    # key → environment variable. Empty: the Secret holds JSON (or key/value) only.
    profile: Mapping[str, str] = dataclasses.field(default_factory=dict)
    # Variables (or arguments) a Secret must give (an access key without its secret is refused at once).
    required: tuple[str, ...] = ()
    # Prefixes of the variables the provider reads its identity from: the pod's are dropped, and only
    # what the ProviderConfig says is given. Empty: the variables ``env`` and ``profile`` name.
    owned_env: tuple[str, ...] = ()
    # Patterns (fnmatch) of the pod's variables kept although owned: how to reach the cloud (endpoints,
    # retries, a CA bundle), never who the provider is.
    inherited_env: tuple[str, ...] = ()
    # Environment that keeps the provider from finding an identity of its own (the node's instance
    # metadata): given to every ProviderConfig but a cluster-scoped one whose source is ambient.
    no_ambient_env: Mapping[str, str] = dataclasses.field(default_factory=dict)
    extension: CredentialsExtension = dataclasses.field(default_factory=CredentialsExtension)
    # What ``tfbridge schema probe-imports`` runs the plugin with.
    probe: ImportProbe = dataclasses.field(default_factory=ImportProbe)

    @property
    def owned(self) -> tuple[str, ...]:
        """Prefixes of the inherited variables a ProviderConfig's environment replaces."""
        if self.owned_env:
            return self.owned_env
        return tuple(sorted({*self.env.values(), *self.profile.values(), *self.no_ambient_env}))

    @property
    def sources(self) -> tuple[str, ...]:
        return self.extension.sources
