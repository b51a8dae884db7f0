"""Errors that cross the executor seam, as types that say whether to retry.

::

    BridgeError
    ├── Retryable(delay)        try again later (after ``delay`` seconds, or with backoff)
    │   ├── OperationTimedOut   terraform hit its deadline (or shutdown) and was interrupted
    │   ├── TerraformFailed     a terraform command failed; ``diagnostics`` has Terraform's words
    │   ├── StateCorrupted      a tfstate file could not be read; it was moved aside, never
    │   │                       overwritten, and the next observe imports a fresh one
    │   └── ProviderConfigFailed  the provider refused its own configuration (the provider block,
    │                           its credentials) before touching any resource; its words may echo
    │                           a credential, so they go to the log and never to the object
    └── Terminal                retrying cannot help until a person changes something
        ├── InvalidSpec         the spec cannot be turned into Terraform arguments
        └── ImmutableChange     the change needs a replacement, which tfbridge never does silently

Messages name the object and the field, carry Terraform's "summary: detail", never a secret value,
and are stable (no timestamps), because they end up in conditions and events.
"""

from __future__ import annotations


class BridgeError(Exception):
    """Base of all tfbridge runtime errors."""

    # Set on a failed create when the cloud object exists anyway (Terraform kept it in the state,
    # tainted): recording it is what keeps a retry from creating a second one.
    external_name: str | None = None


class Retryable(BridgeError):
    def __init__(self, message: str, *, delay: float | None = None) -> None:
        super().__init__(message)
        self.delay = delay


class Terminal(BridgeError):
    """Do not retry until the object changes."""


class TerraformFailed(Retryable):
    def __init__(self, message: str, *, verb: str, diagnostics: tuple[str, ...] = (), delay: float | None = None):
        super().__init__(message, delay=delay)
        self.verb = verb
        self.diagnostics = diagnostics


class OperationTimedOut(Retryable):
    def __init__(self, message: str, *, applying: bool = True, delay: float | None = None) -> None:
        super().__init__(message, delay=delay)
        # Whether the change had been handed to the provider when the run was cut short. Before
        # that point nothing can have reached the cloud, so the outcome is known: nothing happened.
        self.applying = applying


def outcome_unknown(exc: BaseException) -> bool:
    """Whether an operation that ended with ``exc`` may have reached the cloud all the same: it was
    interrupted (deadline, shutdown) while applying, or its request was cancelled mid-flight."""
    if isinstance(exc, OperationTimedOut):
        return exc.applying
    return isinstance(exc, TerraformFailed) and any("context canceled" in d for d in exc.diagnostics)


class InvalidSpec(Terminal):
    pass


class ImmutableChange(Terminal):
    pass


class StateCorrupted(Retryable):
    pass


class ProviderConfigFailed(Retryable):
    """The provider rejected its configuration: nothing was attempted in the cloud."""
