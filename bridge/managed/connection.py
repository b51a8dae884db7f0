"""Connection secrets: sensitive outputs, in a Secret the managed resource controls.

Every Secret we write carries our ownership mark: annotations naming the resource (API group,
kind, name) and its UID. A Secret that lost its ownerReference (a backup restore) is adopted
again only when it carries the mark of this resource: its UID, or, for a restored resource (whose
UID is new), its group, kind and name, which only one object holds at a time. An unmarked Secret
is never adopted, whatever its type, so no resource can take over a Secret that someone else
left for it to find; the resource reports why instead.

Keys are merged, never dropped: some outputs exist only in the create's answer (an access key's
secret) and an import cannot read them back, so after a lost workspace or a restore the Secret
is the only place they still live.

Only outputs are published: a value the resource was given through a ``*SecretRef`` (a password
argument, say) never becomes a connection detail, whatever key the provider reports it under.
"""

from __future__ import annotations

import base64
from collections.abc import Collection, Mapping
from typing import Any

from bridge.api.errors import Retryable, Terminal
from bridge.api.managed import Managed
from bridge.kube import errors
from bridge.kube.client import SECRETS, Kube

SECRET_TYPE = "connection.crossplane.io/v1alpha1"
OWNER = "tfbridge.io/connection-owner"  # <group>/<Kind>/<name>
OWNER_UID = "tfbridge.io/connection-owner-uid"


def owner_reference(mr: Managed) -> dict[str, Any]:
    return {"apiVersion": mr.api_version, "kind": mr.kind, "name": mr.name, "uid": mr.uid, "controller": True,
            "blockOwnerDeletion": True}


def identity(mr: Managed) -> str:
    where = f"{mr.namespace}/{mr.name}" if mr.namespace else mr.name
    return f"{mr.api_version.split('/')[0]}/{mr.kind}/{where}"


def _mark(mr: Managed) -> dict[str, str]:
    return {OWNER: identity(mr), OWNER_UID: mr.uid}


def outputs(details: Mapping[str, bytes], *, input_arguments: Collection[str],
            input_values: Collection[str]) -> dict[str, bytes]:
    """The connection details that are outputs: neither within an argument that holds a secret the
    resource was given (``attribute.<argument>``, or below it for a secret nested in a block) nor any
    value equal to one it read from a ``*SecretRef``."""
    given = tuple(f"attribute.{a}" for a in input_arguments)
    return {k: v for k, v in details.items()
            if not any(k == g or k.startswith(f"{g}.") for g in given)
            and v.decode("utf-8", "replace") not in input_values}


def publish(kube: Kube, mr: Managed, details: Mapping[str, bytes]) -> bool:
    """Write ``details`` to the Secret ``spec.writeConnectionSecretToRef``; True if anything changed.

    The reference was checked (name, namespace, allowed namespace) before the reconcile used it; a
    namespaced object's Secret is in its own namespace."""
    ref = mr.spec.get("writeConnectionSecretToRef") or {}
    if not ref.get("name"):
        return False
    name, ns = ref["name"], mr.namespace or ref.get("namespace") or "default"
    where = f"{mr.display}: spec.writeConnectionSecretToRef: secret {ns}/{name}"
    data = {k: base64.b64encode(v).decode() for k, v in sorted(details.items())}
    owner = owner_reference(mr)
    try:
        secret = kube.get(SECRETS, name, ns)
    except errors.NotFound:
        try:
            kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret", "type": SECRET_TYPE, "data": data,
                                  "metadata": {"name": name, "namespace": ns, "ownerReferences": [owner],
                                               "annotations": _mark(mr)}}, namespace=ns)
        except errors.NotFound as exc:
            raise Retryable(f"{where}: namespace {ns!r} does not exist", delay=30.0) from exc
        return True
    meta = secret.setdefault("metadata", {})
    refs = meta.get("ownerReferences") or []
    controller = next((r for r in refs if r.get("controller")), None)
    annotations = meta.get("annotations") or {}
    if controller is not None and controller.get("uid") != mr.uid:
        raise Terminal(f"{where} is controlled by {controller.get('kind')}/{controller.get('name')}; "
                       f"not writing to it")
    if controller is None:
        ours = secret.get("type") == SECRET_TYPE and (
            annotations.get(OWNER_UID) == mr.uid or annotations.get(OWNER) == identity(mr))
        if not ours:
            raise Terminal(f"{where} exists and was not written for this resource (it has no {OWNER} mark "
                           f"naming it); not adopting it")
    merged = {**(secret.get("data") or {}), **data}
    if controller is not None and (secret.get("data") or {}) == merged and _mark(mr).items() <= annotations.items():
        return False
    meta["ownerReferences"] = [*(r for r in refs if not r.get("controller")), owner]
    meta["annotations"] = {**annotations, **_mark(mr)}
    secret["data"] = merged
    kube.update(SECRETS, secret)
    return True
