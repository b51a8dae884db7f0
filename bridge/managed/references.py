"""Cross-resource references: resolve ``<field>Ref``/``<field>Selector`` into values, and keep a
referenced resource from being deleted in the cloud while anything still references it.

A referencing resource puts an *in-use* finalizer, unique to it, on every resource it references,
and records the set in an annotation so that it can release what it no longer references. The
referenced resource deletes its external resource only when no in-use finalizer is left. Every
step is re-asserted on every reconcile: a conflict simply retries the whole reconcile, and nothing
is skipped because an earlier marker is present.

Every name in a reference and every label in a selector is checked against Kubernetes' rules
before any request: ``x/../other`` names no object, and ``team: "a,team!=a"`` selects nothing
more than ``team=a`` would.

A namespaced object references the namespaced twins of its targets, in its own namespace only. Its
CRD lets a reference or selector name a namespace (so that upjet's manifests apply), but one naming
another namespace is refused before any request: the provider reads every namespace, and following
it would let one tenant read another's identifiers or pin another's objects with a finalizer.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from bridge.api.errors import InvalidSpec, Retryable
from bridge.api.managed import EXTERNAL_NAME, Managed
from bridge.api.registry import Kind, ProviderPackage
from bridge.kube import decode, errors, names
from bridge.kube.client import Kube, Resource
from tfconfig import lower_camel

IN_USE_DOMAIN = "in-use.tfbridge.io"
PINNED = "tfbridge.io/references"

Target = tuple[str, str, str]  # (apiVersion, kind, name)
ResourceOf = Callable[[Kind], Resource]


def in_use_finalizer(mr: Managed) -> str:
    digest = hashlib.sha256(f"{mr.api_version}/{mr.kind}/{mr.namespace}/{mr.name}".encode()).hexdigest()[:16]
    return f"{IN_USE_DOMAIN}/{mr.kind.lower()[:40]}-{digest}"


def users(obj: dict[str, Any]) -> list[str]:
    return [f for f in (obj.get("metadata") or {}).get("finalizers") or [] if f.startswith(f"{IN_USE_DOMAIN}/")]


def _extract(target: dict[str, Any], extract: str) -> Any:
    if extract == "external_name":
        return ((target.get("metadata") or {}).get("annotations") or {}).get(EXTERNAL_NAME) or None
    return ((target.get("status") or {}).get("atProvider") or {}).get(lower_camel(extract)) or None


def _containers(spec: Any, path: tuple[str, ...]) -> Iterable[dict[str, Any]]:
    """The objects that hold the last path element (lists along the way are walked)."""
    if isinstance(spec, list):
        for item in spec:
            yield from _containers(item, path)
        return
    if not isinstance(spec, dict):
        return
    if len(path) == 1:
        yield spec
        return
    yield from _containers(spec.get(path[0]), path[1:])


def resolve(kube: Kube, mr: Managed, kind: Kind, package: ProviderPackage,
            resource_of: ResourceOf) -> tuple[bool, list[Target]]:
    """Fill referenced values into spec.forProvider; (changed, targets referenced)."""
    changed = False
    targets: list[Target] = []
    for rf in kind.references:
        target_kind = package.by_type(rf.target.to, namespaced=kind.namespaced)
        res = resource_of(target_kind)
        for holder in _containers(mr.for_provider, rf.path):
            ref, selector = holder.get(rf.ref_field), holder.get(rf.selector_field)
            if not ref and not selector:
                continue
            where = f"{mr.display}: spec.forProvider.{'.'.join((*rf.path[:-1], rf.ref_field))}"
            _own_namespace(mr, ref, where)
            _own_namespace(mr, selector, f"{mr.display}: spec.forProvider."
                                         f"{'.'.join((*rf.path[:-1], rf.selector_field))}")
            refs = _names(ref, where) if ref else []
            policy = ((ref[0] if isinstance(ref, list) and ref else ref) or selector or {}).get("policy") or {}
            field = rf.path[-1]
            if policy.get("resolve") != "Always" and holder.get(field) not in (None, "", []):
                targets += [(target_kind.api_version, target_kind.kind, n) for n in refs]
                continue
            if not ref:
                where = f"{mr.display}: spec.forProvider.{'.'.join((*rf.path[:-1], rf.selector_field))}"
                same_controller = controllers_must_match(selector)
                items, _ = kube.list(res, mr.namespace,
                                     label_selector=label_selector(selector, where, same_controller))
                if same_controller:
                    items = [o for o in items if have_same_controller(mr.obj, o)]
                refs = sorted(o["metadata"]["name"] for o in items)[: None if rf.many else 1]
                if refs:
                    holder[rf.ref_field] = [{"name": n} for n in refs] if rf.many else {"name": refs[0]}
                    changed = True
                elif policy.get("resolution") != "Optional":
                    # As crossplane-runtime: a required selector that matches nothing is an error, not a
                    # spec without the value (which would create the object without it).
                    raise Retryable(f"{where}: no resources matched selector", delay=5.0)
            values = []
            for name in refs:
                try:
                    value = _extract(kube.get(res, name, mr.namespace), rf.target.extract)
                except errors.NotFound:
                    value = None
                if value is None and policy.get("resolution") != "Optional":
                    raise Retryable(f"{mr.display}: spec.forProvider.{rf.ref_field}: referenced {target_kind.kind}/"
                                    f"{name} is not ready (no {rf.target.extract} yet)", delay=5.0)
                if value is not None:
                    values.append(value)
                targets.append((target_kind.api_version, target_kind.kind, name))
            resolved: Any = values if rf.many else (values[0] if values else None)
            if resolved is not None and holder.get(field) != resolved:
                holder[field] = resolved
                changed = True
    return changed, targets


def _own_namespace(mr: Managed, value: Any, where: str) -> None:
    """Refuse a reference (or a list of them) or a selector that names a namespace other than ``mr``'s."""
    for i, item in enumerate(value if isinstance(value, list) else [value]):
        namespace = item.get("namespace") if isinstance(item, dict) else None
        if namespace in (None, "") or namespace == mr.namespace:
            continue
        at = f"{where}[{i}].namespace" if isinstance(value, list) else f"{where}.namespace"
        if not mr.namespace:
            raise InvalidSpec(f"{at}: a cluster-scoped resource's references name no namespace")
        raise InvalidSpec(f"{at}: references stay in this resource's namespace ({mr.namespace}); "
                          f"{names.shown(str(namespace))} is another")


def _names(ref: Any, where: str) -> list[str]:
    """The names a ``<field>Ref`` (one, or a list of them) points at, each a valid object name."""
    out: list[str] = []
    for i, item in enumerate(ref if isinstance(ref, list) else [ref]):
        at = f"{where}[{i}].name" if isinstance(ref, list) else f"{where}.name"
        name = item.get("name") if isinstance(item, dict) else None
        why = names.problem(name)
        if why:
            raise InvalidSpec(f"{at}: {why}")
        assert isinstance(name, str)
        out.append(name)
    return out


def controllers_must_match(selector: Any) -> bool:
    """``matchControllerRef: true``: only objects with the referencing object's controller qualify."""
    return isinstance(selector, dict) and selector.get("matchControllerRef") is True


def have_same_controller(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Both have a controller owner reference, with the same uid (as crossplane-runtime: two objects without
    a controller do not share one)."""
    ours, theirs = _controller_uid(a), _controller_uid(b)
    return bool(ours) and ours == theirs


def _controller_uid(obj: Mapping[str, Any]) -> str:
    for ref in (obj.get("metadata") or {}).get("ownerReferences") or []:
        if isinstance(ref, dict) and ref.get("controller") is True:
            return str(ref.get("uid") or "")
    return ""


def label_selector(selector: Any, where: str, restricted: bool = False) -> str:
    """``matchLabels`` as a label selector, every key and value checked: no value can add a requirement.
    Empty only when ``restricted`` (the selector also matches controllers): alone it would select every
    object of the kind."""
    match = (selector or {}).get("matchLabels") if isinstance(selector, dict) else None
    if restricted and not match:
        return ""
    if not isinstance(match, dict) or not match:
        raise InvalidSpec(f"{where}.matchLabels: at least one label is required")
    for key, value in sorted(match.items()):
        if not isinstance(key, str) or not names.label_key(key):
            raise InvalidSpec(f"{where}.matchLabels: {names.shown(str(key))} is not a valid label key")
        if not isinstance(value, str) or not names.label_value(value):
            raise InvalidSpec(f"{where}.matchLabels.{key}: {names.shown(str(value))} is not a valid label value")
    return ",".join(f"{k}={v}" for k, v in sorted(match.items()))


def pinned(mr: Managed) -> list[Target]:
    try:
        return [(str(a), str(k), str(n)) for a, k, n in decode.loads(mr.annotations.get(PINNED, "[]"))]
    except (ValueError, TypeError):
        return []


def set_pinned(mr: Managed, targets: Iterable[Target]) -> bool:
    value = json.dumps(sorted(set(targets)))
    if mr.annotations.get(PINNED, "[]") == value:
        return False
    mr.metadata.setdefault("annotations", {})[PINNED] = value
    return True


def _set_finalizer(kube: Kube, res: Resource, name: str, namespace: str, finalizer: str, *,
                   present: bool) -> None:
    try:
        target = kube.get(res, name, namespace)
    except errors.NotFound:
        return
    meta = target["metadata"]
    current = meta.get("finalizers") or []
    # No new finalizers on an object being deleted (the API server forbids it, and it is leaving).
    if (finalizer in current) == present or (present and meta.get("deletionTimestamp")):
        return
    meta["finalizers"] = [*current, finalizer] if present else [f for f in current if f != finalizer]
    kube.update(res, target)


def pin(kube: Kube, res: Resource, name: str, finalizer: str, namespace: str = "") -> None:
    """Put ``finalizer`` on the referenced object (in ``namespace``, the referencing object's) unless it
    is there; a conflict propagates."""
    _set_finalizer(kube, res, name, namespace, finalizer, present=True)


def unpin(kube: Kube, res: Resource, name: str, finalizer: str, namespace: str = "") -> None:
    _set_finalizer(kube, res, name, namespace, finalizer, present=False)
