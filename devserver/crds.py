"""What kube-apiserver holds a CustomResourceDefinition to, on create and on update, and what it keeps in its status.

From apiextensions-apiserver's validation and strategy: version names are unique DNS-1035 labels and
exactly one is the storage version; a ``deprecationWarning`` only on a deprecated version, of at most 256
printable characters; ``spec.conversion`` is ``None`` (no webhook settings) or ``Webhook`` with exactly
one of ``url`` and ``service`` (name and namespace, a port in 1-65535) and ``conversionReviewVersions``
naming ``v1`` or ``v1beta1``; group and plural never change, nor (once established) scope and kind.

``status.storedVersions`` is the server's: ``[storage]`` on create; a spec update adds the new storage
version (it never removes one), and every version listed there must stay in ``spec.versions`` until a
storage migration removes it from the list (a write of the status, which the server does not check).
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import re
from typing import Any

Obj = dict[str, Any]
Error = tuple[str, str, str]  # (field path, cause reason, message), as devserver.errors.invalid takes them

_DNS1035 = re.compile(r"^[a-z]([-a-z0-9]*[a-z0-9])?$")
_KUBE_VERSION = re.compile(r"^v([1-9][0-9]*)(?:(alpha|beta)([1-9][0-9]*))?$")
REVIEW_VERSIONS = ("v1", "v1beta1")


def priority(version: str) -> tuple[int, int, int, str]:
    """A sort key putting versions in kube-apiserver's order of preference: GA before beta before alpha, higher
    numbers first, then any other name alphabetically (sort ascending, the preferred one first)."""
    m = _KUBE_VERSION.match(version)
    if m is None:
        return (3, 0, 0, version)
    stage = {None: 0, "beta": 1, "alpha": 2}[m[2]]
    return (stage, -int(m[1]), -int(m[3] or 0), "")


@dataclasses.dataclass(frozen=True)
class Conversion:
    """A CRD's ``spec.conversion``: how objects move between its versions."""

    strategy: str = "None"
    url: str = ""
    service: tuple[str, str] = ("", "")  # (namespace, name)
    path: str = ""
    port: int = 443
    ca_bundle: bytes = b""
    review_versions: tuple[str, ...] = ()

    @classmethod
    def of(cls, crd: Obj) -> Conversion:
        spec = ((crd.get("spec") or {}).get("conversion") or {})
        webhook = spec.get("webhook") or {}
        config = webhook.get("clientConfig") or {}
        service = config.get("service") or {}
        try:
            bundle = base64.b64decode(config.get("caBundle") or "", validate=True)
        except (binascii.Error, ValueError):
            bundle = b""
        return cls(strategy=str(spec.get("strategy") or "None"), url=str(config.get("url") or ""),
                   service=(str(service.get("namespace") or ""), str(service.get("name") or "")),
                   path=str(service.get("path") or ""), port=int(service.get("port") or 443), ca_bundle=bundle,
                   review_versions=tuple(str(v) for v in webhook.get("conversionReviewVersions") or ()))


def _versions(spec: Obj) -> list[Obj]:
    versions = spec.get("versions")
    return [v for v in versions if isinstance(v, dict)] if isinstance(versions, list) else []


def storage_version(crd: Obj) -> str:
    return next((str(v.get("name")) for v in _versions(crd.get("spec") or {}) if v.get("storage")), "")


def errors(crd: Obj, old: Obj | None = None) -> list[Error]:
    """Why kube-apiserver would refuse ``crd`` (created, or replacing ``old``); empty when it takes it."""
    spec = crd.get("spec") or {}
    out: list[Error] = []
    versions = _versions(spec)
    names: list[str] = []
    for i, v in enumerate(versions):
        name = str(v.get("name") or "")
        if not _DNS1035.match(name) or len(name) > 63:
            out.append((f"spec.versions[{i}].name", "FieldValueInvalid",
                        f'Invalid value: "{name}": a DNS-1035 label must consist of lower case alphanumeric '
                        f"characters or '-', start with an alphabetic character, and end with an alphanumeric "
                        f"character"))
        names.append(name)
        warning = v.get("deprecationWarning")
        if warning is not None:
            if not v.get("deprecated"):
                out.append((f"spec.versions[{i}].deprecationWarning", "FieldValueInvalid",
                            "Invalid value: can only be set for deprecated versions"))
            elif not isinstance(warning, str) or not warning or len(warning) > 256 or not warning.isprintable():
                out.append((f"spec.versions[{i}].deprecationWarning", "FieldValueInvalid",
                            "Invalid value: must be a non-empty string of at most 256 printable characters"))
    if not versions:
        out.append(("spec.versions", "FieldValueRequired", "Required value: must have at least one version"))
    if len(set(names)) != len(names):
        out.append(("spec.versions", "FieldValueInvalid", "Invalid value: must contain unique version names"))
    if sum(1 for v in versions if v.get("storage")) != 1:
        out.append(("spec.versions", "FieldValueInvalid",
                    "Invalid value: must have exactly one version marked as storage version"))
    out += _conversion_errors(spec.get("conversion"))
    if old is not None:
        old_spec = old.get("spec") or {}
        established = any(c.get("type") == "Established" and c.get("status") == "True"
                          for c in ((old.get("status") or {}).get("conditions") or []))
        immutable = [("group", ("group",)), ("names.plural", ("names", "plural"))]
        if established:
            immutable += [("scope", ("scope",)), ("names.kind", ("names", "kind"))]
        for shown, path in immutable:
            if _at(spec, path) != _at(old_spec, path):
                out.append((f"spec.{shown}", "FieldValueInvalid",
                            f'Invalid value: "{_at(spec, path)}": field is immutable'))
    return out


def _at(spec: Obj, path: tuple[str, ...]) -> Any:
    node: Any = spec
    for step in path:
        node = node.get(step) if isinstance(node, dict) else None
    return node


def _conversion_errors(conversion: Any) -> list[Error]:
    if conversion is None:
        return []
    where = "spec.conversion"
    if not isinstance(conversion, dict):
        return [(where, "FieldValueInvalid", "Invalid value: must be an object")]
    strategy = conversion.get("strategy")
    webhook = conversion.get("webhook") or {}
    if strategy not in ("None", "Webhook"):
        return [(f"{where}.strategy", "FieldValueNotSupported",
                 f'Unsupported value: "{strategy}": supported values: "None", "Webhook"')]
    if strategy == "None":
        return [(f"{where}.webhook", "FieldValueForbidden",
                 "Forbidden: should not be set when strategy is not set to Webhook")] if webhook else []
    out: list[Error] = []
    config = webhook.get("clientConfig")
    if not isinstance(config, dict):
        out.append((f"{where}.webhook.clientConfig", "FieldValueRequired",
                    "Required value: required when strategy is set to Webhook"))
    elif bool(config.get("url")) == bool(config.get("service")):
        out.append((f"{where}.webhook.clientConfig", "FieldValueRequired",
                    "Required value: exactly one of url or service is required"))
    elif config.get("url"):
        if not str(config["url"]).startswith("https://"):
            out.append((f"{where}.webhook.clientConfig.url", "FieldValueInvalid",
                        "Invalid value: 'https' is the only allowed URL scheme"))
    else:
        service = config["service"]
        for key in ("name", "namespace"):
            if not service.get(key):
                out.append((f"{where}.webhook.clientConfig.service.{key}", "FieldValueRequired",
                            "Required value: service " + key + " is required"))
        port = service.get("port", 443)
        if not isinstance(port, int) or not 1 <= port <= 65535:
            out.append((f"{where}.webhook.clientConfig.service.port", "FieldValueInvalid",
                        "Invalid value: port is not valid: must be between 1 and 65535, inclusive"))
    if isinstance(config, dict) and config.get("caBundle"):
        try:
            base64.b64decode(config["caBundle"], validate=True)
        except (binascii.Error, ValueError, TypeError):
            out.append((f"{where}.webhook.clientConfig.caBundle", "FieldValueInvalid",
                        "Invalid value: must be base64-encoded PEM"))
    reviews = webhook.get("conversionReviewVersions") or []
    if not reviews:
        out.append((f"{where}.webhook.conversionReviewVersions", "FieldValueRequired", "Required value"))
    elif not any(v in REVIEW_VERSIONS for v in reviews):
        out.append((f"{where}.webhook.conversionReviewVersions", "FieldValueInvalid",
                    f"Invalid value: must include at least one of {', '.join(REVIEW_VERSIONS)}"))
    return out


def stored_versions(crd: Obj, old: Obj | None) -> list[str]:
    """``status.storedVersions`` after a write of ``crd``'s spec: the old list, plus the storage version."""
    stored = list(((old or {}).get("status") or {}).get("storedVersions") or [])
    storage = storage_version(crd)
    if storage and storage not in stored:
        stored.append(storage)
    return stored


def stored_version_errors(crd: Obj, stored: list[str]) -> list[Error]:
    """Every version in ``stored`` must stay in ``spec.versions``, and the storage version be among them."""
    where = "status.storedVersions"
    if not stored:
        return [(where, "FieldValueInvalid", "Invalid value: must have at least one stored version")]
    names = {str(v.get("name")) for v in _versions(crd.get("spec") or {})}
    out: list[Error] = []
    storage = storage_version(crd)
    if storage and storage not in stored:
        out.append((where, "FieldValueInvalid", f"Invalid value: must have the storage version {storage}"))
    for i, v in enumerate(stored):
        if v not in names:
            out.append((f"{where}[{i}]", "FieldValueInvalid",
                        f'Invalid value: "{v}": missing from spec.versions; {v} was previously a storage version, '
                        f"and must remain in spec.versions until a storage migration ensures no data remains "
                        f"persisted in {v} and removes {v} from status.storedVersions"))
    return out
