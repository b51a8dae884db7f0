"""Errors that cross the executor seam, as types that say whether to retry.

::

    BridgeError
    ├── Retryable(delay)        try again later (after ``delay`` seconds, or with backoff)
    │   ├── OperationTimedOut   the operation hit its deadline (or shutdown) and was interrupted
    │   ├── OperationFailed     the provider (through terraform or spoken to directly) failed an
    │   │   │                   operation; ``diagnostics`` has its words, ``canceled`` says it was
    │   │   │                   cancelled mid-flight (its outcome is then unknown)
    │   │   └── ReplacementFailed  a replacement stopped part way (which steps ran, which object lives)
    │   ├── ProvidersBusy       every provider process the pod may run is busy with another
    │   │                       configuration; nothing was attempted
    │   ├── ProviderConfigFailed  the provider refused its own configuration (the provider block,
    │   │                       its credentials) before touching any resource; its words may echo
    │   │                       a credential, so they go to the log and never to the object
    │   └── StateCorrupted      a tfstate file could not be read; it was moved aside, never
    │                           overwritten, and the next observe imports a fresh one
    └── Terminal                retrying cannot help until a person changes something
        ├── InvalidSpec         the spec cannot be turned into Terraform arguments
        ├── ImmutableChange     the change needs a replacement, which tfbridge never does silently
        └── StateLost           the workspace's state is gone, and the kind's import ID was proven
                                at create not to find the object: a person restores the state

The errors say what happened, never which executor saw it: the reconciler treats a failed apply the
same whether terraform or the direct executor reported it. Messages name the object and the field,
carry the provider's "summary: detail", never a secret value, and are stable (no timestamps),
because they end up in conditions and events.
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


class OperationFailed(Retryable):
    def __init__(self, message: str, *, verb: str, diagnostics: tuple[str, ...] = (), canceled: bool = False,
                 delay: float | None = None) -> None:
        super().__init__(message, delay=delay)
        self.verb = verb
        self.diagnostics = diagnostics
        # The provider cancelled the call in flight (a shared provider process asked to stop, as
        # terraform does on an interrupt): the request may have reached the cloud.
        self.canceled = canceled


class ReplacementFailed(OperationFailed):
    """A replacement stopped part way. ``external_name`` is set when the new object exists (the old one
    then still waits to be deleted, and the next update deletes it); ``replacement`` says which steps
    were taken."""

    def __init__(self, message: str, replacement: object, *, diagnostics: tuple[str, ...] = (),
                 external_name: str | None = None) -> None:
        super().__init__(message, verb="apply", diagnostics=diagnostics)
        self.replacement = replacement
        self.external_name = external_name


class OperationTimedOut(Retryable):
    def __init__(self, message: str, *, applying: bool = True, delay: float | None = None) -> None:
        super().__init__(message, delay=delay)
        # Whether the change had been handed to the provider when the run was cut short. Before
        # that point nothing can have reached the cloud, so the outcome is known: nothing happened.
        self.applying = applying


class ProvidersBusy(Retryable):
    """The pod runs as many provider processes as it may, and none is free to make room."""


def outcome_unknown(exc: BaseException) -> bool:
    """Whether an operation that ended with ``exc`` may have reached the cloud all the same: it was
    interrupted (deadline, shutdown) while applying, or its request was cancelled mid-flight."""
    if isinstance(exc, OperationTimedOut):
        return exc.applying
    return isinstance(exc, OperationFailed) and exc.canceled


class InvalidSpec(Terminal):
    pass


class ImmutableChange(Terminal):
    pass


class StateLost(Terminal):
    """The state of an object whose import ID failed its check at create is gone: importing by that
    ID cannot be trusted to find the object, and creating would make a second one."""


class StateCorrupted(Retryable):
    pass


class ProviderConfigFailed(Retryable):
    """The provider rejected its configuration: nothing was attempted in the cloud."""
