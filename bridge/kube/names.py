"""Kubernetes' rules for names, namespaces and label selectors, as pure checks.

Every name the runtime takes from a spec (a reference, a Secret, a ProviderConfig) passes one of
these before it is used in a request: a name that breaks the rules cannot name any object, so it
must resolve to nothing, never to another object by way of ``/`` or ``..`` in a URL path.
"""

from __future__ import annotations

import re

_LABEL = r"[a-z0-9]([-a-z0-9]*[a-z0-9])?"
_DNS_LABEL = re.compile(_LABEL)
_DNS_SUBDOMAIN = re.compile(rf"{_LABEL}(\.{_LABEL})*")
_QUALIFIED = re.compile(r"([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]")


def dns_subdomain(value: str) -> bool:
    """An object name: lower-case alphanumerics, ``-`` and ``.``, at most 253 characters."""
    return 0 < len(value) <= 253 and _DNS_SUBDOMAIN.fullmatch(value) is not None


def dns_label(value: str) -> bool:
    """A namespace: lower-case alphanumerics and ``-``, at most 63 characters."""
    return 0 < len(value) <= 63 and _DNS_LABEL.fullmatch(value) is not None


def label_key(value: str) -> bool:
    """``[prefix/]name``: a DNS subdomain prefix, and a name of at most 63 characters."""
    prefix, slash, name = value.rpartition("/")
    if slash and not dns_subdomain(prefix):
        return False
    return 0 < len(name) <= 63 and _QUALIFIED.fullmatch(name) is not None


def label_value(value: str) -> bool:
    """Empty, or at most 63 alphanumerics, ``-``, ``_`` and ``.`` starting and ending alphanumeric."""
    return value == "" or (len(value) <= 63 and _QUALIFIED.fullmatch(value) is not None)


def problem(value: object, *, namespace: bool = False) -> str:
    """Why ``value`` cannot be an object name (or a namespace); "" when it can."""
    if not isinstance(value, str):
        return f"must be a string, not {type(value).__name__}"
    if namespace:
        ok = dns_label(value)
        rule = "a DNS-1123 label (lower-case letters, digits and '-', at most 63 characters)"
    else:
        ok = dns_subdomain(value)
        rule = "a DNS-1123 subdomain (lower-case letters, digits, '-' and '.', at most 253 characters)"
    return "" if ok else f"{shown(value)} is not {rule}"


def shown(value: str, limit: int = 80) -> str:
    """A user's string as a message may quote it: escaped, and cut short."""
    text = ascii(value[:limit])
    return text + ("…" if len(value) > limit else "")
