"""Object names, checked where kube-apiserver checks them.

A name in a URL must be a valid path segment (400 otherwise: never ``.``, ``..``, ``/`` or ``%``); a
name given on create must be a DNS-1123 subdomain, or a DNS-1123 label for a namespace (422 with
the field path otherwise). Both keep a hostile name from reaching another object or a file.
"""

from __future__ import annotations

import re

_LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
_SUBDOMAIN = re.compile(rf"^{_LABEL}(\.{_LABEL})*$")
_LABEL_ONLY = re.compile(rf"^{_LABEL}$")
SUBDOMAIN_MAX, LABEL_MAX = 253, 63


def path_segment_errors(name: str) -> list[str]:
    """Why ``name`` cannot stand in a URL path as one object's name (empty when it can)."""
    if name in (".", ".."):
        return [f"may not be '{name}'"]
    errors = [f"may not contain '{c}'" for c in ("/", "%") if c in name]
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in name):
        errors.append("may not contain control characters")
    return errors


def subdomain_errors(name: str) -> list[str]:
    errors = []
    if len(name) > SUBDOMAIN_MAX:
        errors.append(f"must be no more than {SUBDOMAIN_MAX} characters")
    if not _SUBDOMAIN.match(name):
        errors.append("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or "
                      "'.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used "
                      f"for validation is '{_LABEL}(\\.{_LABEL})*')")
    return errors


def label_errors(name: str) -> list[str]:
    errors = []
    if len(name) > LABEL_MAX:
        errors.append(f"must be no more than {LABEL_MAX} characters")
    if not _LABEL_ONLY.match(name):
        errors.append("a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and "
                      f"must start and end with an alphanumeric character (e.g. 'my-name', or '123-abc', regex used "
                      f"for validation is '{_LABEL}')")
    return errors
