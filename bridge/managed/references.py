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

A namespaced object references the namespaced twins of its targets, in its own namespace by default.
Its CRD lets a reference or selector name a namespace (so that upjet's manifests apply), but one naming
another namespace is refused before any request: the provider reads every namespace, and following
it would let one tenant read another's identifiers or pin another's objects with a finalizer. Two
parties must opt in to cross that line: the operator (``--allow-cross-namespace-references``), and the
owner of each target, whose ``tfbridge.io/referenceable-from`` annotation names the namespaces that may
reference it (or ``*``). A target that does not consent reads as one that does not exist.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any

from bridge.api.errors import InvalidSpec, Retryable
from bridge.api.managed import EXTERNAL_NAME, Managed
from bridge.api.registry import Kind, ProviderPackage
from bridge.kube import decode, errors, names
from bridge.kube.client import Kube, Resource
from tfconfig import extract_path, lower_camel

IN_USE_DOMAIN = "in-use.tfbridge.io"
PINNED = "tfbridge.io/references"
REFERENCEABLE_FROM = "tfbridge.io/referenceable-from"

# A number as JSON writes one: what a referenced string must be to fill a number argument.
_JSON_NUMBER = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")

# (apiVersion, kind, name, namespace): the namespace "" for the referencing object's own.
Target = tuple[str, str, str, str]
ResourceOf = Callable[[Kind], Resource]


def _named(api_version: str, mr: Managed) -> str:
    digest = hashlib.sha256(f"{api_version}/{mr.kind}/{mr.namespace}/{mr.name}".encode()).hexdigest()[:16]
    return f"{IN_USE_DOMAIN}/{mr.kind.lower()[:40]}-{digest}"


def in_use_finalizer(mr: Managed) -> str:
    return _named(mr.api_version, mr)


def earlier_in_use_finalizers(mr: Managed, versions: Iterable[str]) -> tuple[str, ...]:
    """The in-use finalizers ``mr`` had at its kind's other served ``versions``: the name holds the API version,
    so what a release that reconciled the object at another version pinned carries one of these."""
    group = mr.api_version.rsplit("/", 1)[0]
    return tuple(name for v in versions if (name := _named(f"{group}/{v}", mr)) != in_use_finalizer(mr))


def same_object(a: Target, b: Target) -> bool:
    """Whether two targets name one object: its kind's API version may have changed between them."""
    return (a[0].rsplit("/", 1)[0], *a[1:]) == (b[0].rsplit("/", 1)[0], *b[1:])


def users(obj: dict[str, Any]) -> list[str]:
    return [f for f in (obj.get("metadata") or {}).get("finalizers") or [] if f.startswith(f"{IN_USE_DOMAIN}/")]


def extracted(target: dict[str, Any], extract: str) -> Any:
    """What a reference's ``extract`` reads from its target: its external name, or a value of its
    observed state (None until it has one)."""
    if extract == "external_name":
        return ((target.get("metadata") or {}).get("annotations") or {}).get(EXTERNAL_NAME) or None
    value: Any = (target.get("status") or {}).get("atProvider") or {}
    for step in extract_path(extract):
        if isinstance(step, int):
            value = value[step] if isinstance(value, list) and -len(value) <= step < len(value) else None
        else:
            value = value.get(lower_camel(step)) if isinstance(value, dict) else None
    return value or None



def typed(value: Any, scalar: str, where: str) -> Any:
    """A referenced value as its field's JSON type: an identifier read as a string (an external name) for a
    number argument is that number, as upjet's resolvers convert it (``droplet_id``: a droplet's ID). One
    that is no JSON number is an error naming the target, not a value the API server would refuse."""
    if scalar != "number" or (isinstance(value, int | float) and not isinstance(value, bool)):
        return value
    text = str(value)
    number = json.loads(text) if len(text) <= 64 and _JSON_NUMBER.fullmatch(text) else None
    if not isinstance(number, int | float) or not math.isfinite(number):
        raise Retryable(f"{where}: the referenced value {names.shown(text)} is not a number, which this field takes",
                        delay=30.0)
    return number


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


def resolve(kube: Kube, mr: Managed, kind: Kind, package: ProviderPackage, resource_of: ResourceOf, *,
            cross_namespace: bool = False) -> tuple[bool, list[Target]]:
    """Fill referenced values into spec.forProvider; (changed, targets referenced). With
    ``cross_namespace``, a namespaced object may name another namespace whose target consents."""
    changed = False
    targets: list[Target] = []
    for rf in kind.references:
        for holder in _containers(mr.for_provider, rf.path):
            ref, selector = holder.get(rf.ref_field), holder.get(rf.selector_field)
            if not ref and not selector:
                continue
            # Only a reference in use needs its target's kind: a package may serve a kind without them all.
            target_kind = package.by_type(rf.target.to, namespaced=kind.namespaced)
            res = resource_of(target_kind)
            where = f"{mr.display}: spec.forProvider.{'.'.join((*rf.path[:-1], rf.ref_field))}"
            selected_at = f"{mr.display}: spec.forProvider.{'.'.join((*rf.path[:-1], rf.selector_field))}"
            refs = _names(mr, ref, where, cross_namespace) if ref else []
            policy = ((ref[0] if isinstance(ref, list) and ref else ref) or selector or {}).get("policy") or {}
            field = rf.path[-1]
            if policy.get("resolve") != "Always" and holder.get(field) not in (None, "", []):
                for name, namespace in refs:
                    if namespace:  # a consent can be withdrawn: asked again on every reconcile
                        _shared(kube, res, mr, target_kind.kind, name, namespace, where)
                    targets.append((target_kind.api_version, target_kind.kind, name, namespace))
                continue
            if not ref:
                namespace = _namespace(mr, selector, selected_at, cross_namespace)
                same_controller = controllers_must_match(selector)
                items, _ = kube.list(res, namespace or mr.namespace,
                                     label_selector=label_selector(selector, selected_at, same_controller))
                if same_controller:
                    items = [o for o in items if have_same_controller(mr.obj, o)]
                if namespace:
                    items = [o for o in items if consents(o, mr.namespace)]
                refs = [(n, namespace) for n in sorted(o["metadata"]["name"] for o in items)][: None if rf.many else 1]
                if refs:
                    written = [{"name": n, **({"namespace": ns} if ns else {})} for n, ns in refs]
                    holder[rf.ref_field] = written if rf.many else written[0]
                    changed = True
                elif policy.get("resolution") != "Optional":
                    # As crossplane-runtime: a required selector that matches nothing is an error, not a
                    # spec without the value (which would create the object without it).
                    raise Retryable(f"{selected_at}: no resources matched selector", delay=5.0)
            values = []
            for name, namespace in refs:
                if namespace:
                    target: dict[str, Any] | None = _shared(kube, res, mr, target_kind.kind, name, namespace, where)
                else:
                    try:
                        target = kube.get(res, name, mr.namespace)
                    except errors.NotFound:
                        target = None
                value = extracted(target, rf.target.extract) if target is not None else None
                if value is not None and rf.target.prefix:
                    value = f"{rf.target.prefix}{value}"
                if value is None and policy.get("resolution") != "Optional":
                    shown = f"{namespace}/{name}" if namespace else name
                    raise Retryable(f"{where}: referenced {target_kind.kind}/{shown} is not ready "
                                    f"(no {rf.target.extract} yet)", delay=5.0)
                if value is not None:
                    values.append(typed(value, rf.scalar, f"{where}: {target_kind.kind}/{name}"))
                targets.append((target_kind.api_version, target_kind.kind, name, namespace))
            resolved: Any = values if rf.many else (values[0] if values else None)
            if resolved is not None and holder.get(field) != resolved:
                holder[field] = resolved
                changed = True
    return changed, targets


def consents(target: Mapping[str, Any], namespace: str) -> bool:
    """Whether ``target`` lets objects of ``namespace`` reference it: its ``tfbridge.io/referenceable-from``
    annotation lists that namespace (comma-separated), or is ``*``."""
    allowed = ((target.get("metadata") or {}).get("annotations") or {}).get(REFERENCEABLE_FROM) or ""
    listed = {n.strip() for n in str(allowed).split(",")}
    return "*" in listed or namespace in listed


def _shared(kube: Kube, res: Resource, mr: Managed, kind: str, name: str, namespace: str,
            where: str) -> dict[str, Any]:
    """Another namespace's target, if it consents to ``mr``'s namespace. A missing target and one that
    does not consent read alike, so a reference cannot probe what another namespace holds."""
    try:
        target = kube.get(res, name, namespace)
    except errors.NotFound:
        target = None
    if target is None or not consents(target, mr.namespace):
        raise Retryable(f"{where}: {kind} {namespace}/{name} is not shared with namespace {mr.namespace} (it must "
                        f"exist and list {mr.namespace} in its {REFERENCEABLE_FROM} annotation)", delay=30.0)
    return target


def _namespace(mr: Managed, value: Any, at: str, cross_namespace: bool) -> str:
    """The namespace a reference or selector names, "" for ``mr``'s own; refused for a cluster-scoped
    object, and for another namespace unless the operator allows cross-namespace references."""
    namespace = value.get("namespace") if isinstance(value, dict) else None
    if namespace in (None, "") or namespace == mr.namespace:
        return ""
    if not mr.namespace:
        raise InvalidSpec(f"{at}.namespace: a cluster-scoped resource's references name no namespace")
    if not isinstance(namespace, str) or not names.dns_label(namespace):
        raise InvalidSpec(f"{at}.namespace: {names.shown(str(namespace))} is not a namespace name")
    if not cross_namespace:
        raise InvalidSpec(f"{at}.namespace: references stay in this resource's namespace ({mr.namespace}); "
                          f"{names.shown(namespace)} is another (the provider does not allow cross-namespace "
                          f"references)")
    return namespace


def _names(mr: Managed, ref: Any, where: str, cross_namespace: bool) -> list[tuple[str, str]]:
    """The (name, namespace) pairs a ``<field>Ref`` (one, or a list of them) points at, each a valid
    object name; the namespace "" for the referencing object's own."""
    out: list[tuple[str, str]] = []
    for i, item in enumerate(ref if isinstance(ref, list) else [ref]):
        at = f"{where}[{i}]" if isinstance(ref, list) else where
        namespace = _namespace(mr, item, at, cross_namespace)
        name = item.get("name") if isinstance(item, dict) else None
        why = names.problem(name)
        if why:
            raise InvalidSpec(f"{at}.name: {why}")
        assert isinstance(name, str)
        out.append((name, namespace))
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
        entries = decode.loads(mr.annotations.get(PINNED, "[]"))
        return [(str(e[0]), str(e[1]), str(e[2]), str(e[3]) if len(e) > 3 else "") for e in entries]
    except (ValueError, TypeError, IndexError, KeyError):
        return []


def set_pinned(mr: Managed, targets: Iterable[Target]) -> bool:
    # A target of the object's own namespace is written without one, as it always was.
    value = json.dumps(sorted([list(t) if t[3] else list(t[:3]) for t in set(targets)]))
    if mr.annotations.get(PINNED, "[]") == value:
        return False
    mr.metadata.setdefault("annotations", {})[PINNED] = value
    return True


def _set_finalizers(kube: Kube, res: Resource, name: str, namespace: str, *, add: str | None,
                    drop: Collection[str]) -> None:
    try:
        target = kube.get(res, name, namespace)
    except errors.NotFound:
        return
    meta = target["metadata"]
    current = meta.get("finalizers") or []
    kept = [f for f in current if f not in drop]
    # No new finalizers on an object being deleted (the API server forbids it, and it is leaving).
    if add is not None and add not in kept and not meta.get("deletionTimestamp"):
        kept.append(add)
    if kept == current:
        return
    meta["finalizers"] = kept
    kube.update(res, target)


def pin(kube: Kube, res: Resource, name: str, finalizer: str, namespace: str = "", *,
        replaces: Collection[str] = ()) -> None:
    """Put ``finalizer`` on the referenced object (in ``namespace``, the referencing object's) unless it
    is there, in place of any of ``replaces`` (the names it had before); a conflict propagates."""
    _set_finalizers(kube, res, name, namespace, add=finalizer, drop=replaces)


def unpin(kube: Kube, res: Resource, name: str, finalizers: Collection[str], namespace: str = "") -> None:
    _set_finalizers(kube, res, name, namespace, add=None, drop=finalizers)
