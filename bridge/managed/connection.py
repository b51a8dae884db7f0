"""Connection secrets: sensitive outputs, in a Secret the managed resource controls.

A Secret that lost its ownerReference (a backup restore) is adopted again only when it is ours:
the name the resource points at *and* our type. Any other Secret of that name is left exactly as
it is, and the resource reports why (seed 004).

Keys are merged, never dropped: some outputs exist only in the create's answer (an access key's
secret) and an import cannot read them back, so after a lost workspace or a restore the Secret
is the only place they still live.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from typing import Any

from bridge.api.errors import Terminal
from bridge.api.managed import Managed
from bridge.kube import errors
from bridge.kube.client import SECRETS, Kube

SECRET_TYPE = "connection.crossplane.io/v1alpha1"


def owner_reference(mr: Managed) -> dict[str, Any]:
    return {"apiVersion": mr.api_version, "kind": mr.kind, "name": mr.name, "uid": mr.uid, "controller": True,
            "blockOwnerDeletion": True}


def publish(kube: Kube, mr: Managed, details: Mapping[str, bytes]) -> bool:
    """Write ``details`` to the Secret ``spec.writeConnectionSecretToRef``; True if anything changed."""
    ref = mr.spec.get("writeConnectionSecretToRef") or {}
    if not ref.get("name"):
        return False
    name, ns = ref["name"], ref.get("namespace") or "default"
    data = {k: base64.b64encode(v).decode() for k, v in sorted(details.items())}
    owner = owner_reference(mr)
    try:
        secret = kube.get(SECRETS, name, ns)
    except errors.NotFound:
        kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret", "type": SECRET_TYPE, "data": data,
                              "metadata": {"name": name, "namespace": ns, "ownerReferences": [owner]}}, namespace=ns)
        return True
    refs = secret["metadata"].get("ownerReferences") or []
    controller = next((r for r in refs if r.get("controller")), None)
    where = f"secret {ns}/{name}"
    if controller is not None and controller.get("uid") != mr.uid:
        raise Terminal(f"{mr.display}: spec.writeConnectionSecretToRef: {where} is controlled by "
                       f"{controller.get('kind')}/{controller.get('name')}; not writing to it")
    if controller is None and secret.get("type") != SECRET_TYPE:
        raise Terminal(f"{mr.display}: spec.writeConnectionSecretToRef: {where} exists and is not a connection "
                       f"secret (type {secret.get('type') or 'Opaque'}); not adopting it")
    merged = {**(secret.get("data") or {}), **data}
    if controller is not None and (secret.get("data") or {}) == merged:
        return False
    secret["metadata"]["ownerReferences"] = [*(r for r in refs if not r.get("controller")), owner]
    secret["data"] = merged
    kube.update(SECRETS, secret)
    return True
