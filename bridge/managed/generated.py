"""Generated secrets: a sensitive argument whose value the runtime makes up once, as upjet's
password generator does for a database's master password (``autoGeneratePassword: true`` beside
``passwordSecretRef``).

Before every connect of an object whose spec sets the switch, the Secret key its ``*SecretRef`` names is
read; only where that key is missing or empty is a value generated and written, so a value is never
generated twice (the executor then reads it as any other ``*SecretRef``). The Secret is chosen by the rules
every Secret reference follows (its namespace one the operator allows, a namespaced object's own; never a
ProviderConfig's credentials), and it is written only where it is new, or already marked as this object's
(the ownership mark connection Secrets carry): a Secret someone else made is never changed. The value is
a secret of the object's to the Redactor from the moment it exists, so it reaches no condition, event or
log.
"""

from __future__ import annotations

import base64
import secrets
import string
from collections.abc import Callable

from bridge.api.errors import InvalidSpec, Retryable, Terminal
from bridge.api.managed import Managed
from bridge.api.registry import Kind
from bridge.kube import errors
from bridge.kube.client import SECRETS, Kube
from bridge.kube.redact import Redactor
from bridge.managed.connection import OWNER, OWNER_UID, identity, owner_reference
from bridge.managed.secrets import SecretAccess, inputs_owner
from tfconfig import lower_camel

# Letters and digits only: every engine takes them (RDS refuses '/', '"', '@' and spaces; ElastiCache's
# auth token printable characters but '@', '"' and '/'), and 27 of them are some 160 bits.
_ALPHABET = string.ascii_letters + string.digits
LENGTH = 27


def generate() -> str:
    return "".join(secrets.choice(_ALPHABET) for _ in range(LENGTH))


class SecretGenerator:
    """Fills the Secrets of an object's generated arguments before its executor reads them."""

    def __init__(self, kube: Kube, access: SecretAccess, redactor: Redactor,
                 protects: Callable[[str, str], bool | None], make: Callable[[], str] = generate) -> None:
        self.kube, self.access, self.redactor = kube, access, redactor
        # Whether a Secret holds a ProviderConfig's credentials (None: not known yet).
        self.protects = protects
        self.make = make

    def fill(self, mr: Managed, kind: Kind) -> None:
        for argument, switch in sorted(kind.config.generated_secrets.items()):
            if mr.for_provider.get(lower_camel(switch)) is True:
                self._fill(mr, argument, switch)

    def _fill(self, mr: Managed, argument: str, switch: str) -> None:
        field = f"{lower_camel(argument)}SecretRef"
        where = f"{mr.display}: spec.forProvider.{field}"
        ref = mr.for_provider.get(field)
        if not isinstance(ref, dict) or not ref.get("name") or not ref.get("key"):
            raise InvalidSpec(f"{where}: {lower_camel(switch)} is true, and the generated value needs a Secret "
                              f"and a key to go to: set {field}.name and {field}.key")
        namespace, name = self.access.check_for(mr, where, ref)
        protected = self.protects(namespace, name)
        if protected is None:
            raise Retryable(f"{where}: the ProviderConfigs are not listed yet", delay=2.0)
        if protected:
            raise InvalidSpec(f"{where}.name: Secret {namespace}/{name} holds a ProviderConfig's credentials, "
                              f"which no managed resource may write")
        key = str(ref["key"])
        shown = f"{where}: Secret {namespace}/{name}"
        try:
            secret = self.kube.get(SECRETS, name, namespace)
        except errors.NotFound:
            secret = None
        if secret is not None:
            data = secret.get("data") or {}
            if data.get(key):
                return  # generated before, or given: never made up again
            annotations = (secret.get("metadata") or {}).get("annotations") or {}
            if annotations.get(OWNER_UID) != mr.uid and annotations.get(OWNER) != identity(mr):
                raise Terminal(f"{shown} exists without key {key!r} and was not written for this resource (it "
                               f"has no {OWNER} mark naming it); not writing to it: put the value there, or "
                               f"name a Secret that does not exist yet")
        value = self.make()
        self.redactor.add(inputs_owner(mr), [value.encode()], tenant=mr.namespace)
        encoded = base64.b64encode(value.encode()).decode()
        if secret is None:
            body = {"apiVersion": "v1", "kind": "Secret", "type": "Opaque", "data": {key: encoded},
                    "metadata": {"name": name, "namespace": namespace, "ownerReferences": [owner_reference(mr)],
                                 "annotations": {OWNER: identity(mr), OWNER_UID: mr.uid}}}
            try:
                self.kube.create(SECRETS, body, namespace=namespace)
            except errors.NotFound as exc:
                raise Retryable(f"{shown}: namespace {namespace!r} does not exist", delay=30.0) from exc
            except errors.Conflict as exc:  # made meanwhile: the next reconcile reads it
                raise Retryable(f"{shown} was created meanwhile", delay=1.0) from exc
            return
        secret["data"] = {**(secret.get("data") or {}), key: encoded}
        self.kube.update(SECRETS, secret)
