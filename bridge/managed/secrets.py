"""Which Secrets the runtime may read or write for an object.

A Secret named in a spec (``writeConnectionSecretToRef``, any ``*SecretRef``, a ProviderConfig's
``credentials.secretRef``) is used only when its name and namespace are valid Kubernetes names and
the namespace is one the operator allows (``--secret-namespaces``). By default that is the
provider's own namespace alone: whoever may create a managed resource can then neither read a
Secret of another namespace into a cloud resource nor make the provider write one there. ``*``
allows every namespace, as Crossplane's providers do.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any

from bridge.api.errors import InvalidSpec
from bridge.api.managed import Managed
from bridge.kube import names

ANY = "*"
SECRET_REF_SUFFIX = "SecretRef"


def inputs_owner(mr: Managed) -> str:
    """Whose secrets, to the Redactor, the values ``mr`` read through its ``*SecretRef`` fields are."""
    return f"inputs:{mr.display}"


def outputs_owner(mr: Managed) -> str:
    """Whose secrets, to the Redactor, ``mr``'s connection details are."""
    return f"connection:{mr.display}"


@dataclasses.dataclass(frozen=True)
class SecretAccess:
    namespaces: frozenset[str]  # ANY among them: every namespace

    @classmethod
    def of(cls, provider_namespace: str, extra: tuple[str, ...] = ()) -> SecretAccess:
        return cls(frozenset({provider_namespace, *extra}))

    def allows(self, namespace: str) -> bool:
        return ANY in self.namespaces or namespace in self.namespaces

    def check(self, where: str, ref: Mapping[str, Any], *, default_namespace: str = "") -> tuple[str, str]:
        """(namespace, name) of the Secret ``ref`` names; raises InvalidSpec naming ``where``."""
        name, namespace = ref.get("name"), ref.get("namespace") or default_namespace
        for field, value, is_ns in (("name", name, False), ("namespace", namespace, True)):
            why = names.problem(value, namespace=is_ns)
            if why:
                raise InvalidSpec(f"{where}.{field}: {why}")
        assert isinstance(name, str) and isinstance(namespace, str)
        if not self.allows(namespace):
            allowed = ", ".join(sorted(self.namespaces))
            raise InvalidSpec(f"{where}.namespace: Secrets in namespace {namespace!r} are not allowed for this "
                              f"provider (allowed: {allowed}; the operator sets them with --secret-namespaces)")
        return namespace, name

    def check_for(self, mr: Managed, where: str, ref: Mapping[str, Any]) -> tuple[str, str]:
        """(namespace, name) of a Secret ``mr`` names. A namespaced object's Secrets are its own
        namespace's whatever the operator allows elsewhere, and it can name no other (its CRD has no
        such field; a ``namespace`` that still arrives is refused, not followed)."""
        if not mr.namespace:
            return self.check(where, ref)
        if ref.get("namespace") not in (None, "", mr.namespace):
            raise InvalidSpec(f"{where}.namespace: a namespaced resource reads and writes Secrets of its own "
                              f"namespace ({mr.namespace}) only")
        name = ref.get("name")
        why = names.problem(name)
        if why:
            raise InvalidSpec(f"{where}.name: {why}")
        assert isinstance(name, str)
        return mr.namespace, name

    def check_spec(self, mr: Managed) -> None:
        """Every Secret ``mr``'s spec names, checked before anything is read or written."""
        conn = mr.spec.get("writeConnectionSecretToRef")
        if conn is not None:
            where = f"{mr.display}: spec.writeConnectionSecretToRef"
            if not isinstance(conn, dict):
                raise InvalidSpec(f"{where}: must be an object")
            self.check_for(mr, where, conn)
        for path, ref in secret_refs(mr.spec, "spec"):
            self.check_for(mr, f"{mr.display}: {path}", ref)


def secret_refs(value: Any, path: str) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """(field path, reference) of every ``*SecretRef`` object under ``value``, without recursion."""
    stack: list[tuple[str, Any]] = [(path, value)]
    while stack:
        where, node = stack.pop()
        if isinstance(node, dict):
            for key, child in sorted(node.items(), reverse=True):
                here = f"{where}.{key}"
                if str(key).endswith(SECRET_REF_SUFFIX) and isinstance(child, dict):
                    yield here, child
                else:
                    stack.append((here, child))
        elif isinstance(node, list):
            stack.extend((f"{where}[{i}]", child) for i, child in reversed(list(enumerate(node))))
