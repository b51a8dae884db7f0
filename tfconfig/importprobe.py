"""What ``tfbridge schema probe-imports`` measured, as the defaults of a provider's kinds.

The probe imports every resource of the schema with a probe ID, the plugin unable to reach any cloud
(``Credentials.probe`` names how), and records what each importer did with it (``import_probe.json``).
An importer that copied the ID into the state's ``id`` imports by the state id: the external name is
that id. One that copied it into another single attribute imports by that attribute's value. One with
no importer cannot recover a lost workspace, and one that refused the ID or reached for the cloud
leaves the ID unknown: :func:`with_defaults` leaves both out, each with the probe's words, unless the
config says otherwise.
"""

from __future__ import annotations

import dataclasses
import fnmatch
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tfconfig.catalogue import Exclusion, Reason
from tfconfig.externalname import ExternalName, attribute_as_identifier, identifier_from_provider
from tfconfig.provider import Provider
from tfconfig.resource import Resource

# How the plugin answered (the probe's words for it).
PASSTHROUGH = "passthrough"
UNSUPPORTED = "unsupported"
SOURCE = "probe"


def load(path: Path) -> dict[str, Any]:
    """A probe document (``import_probe.json``)."""
    document: dict[str, Any] = json.loads(path.read_text())
    return document


def external_name(entry: Mapping[str, Any]) -> ExternalName | None:
    """The external-name strategy one resource's probe answer shows; None when it shows none."""
    answer = entry.get("probe") or {}
    if answer.get("outcome") != PASSTHROUGH:
        return None
    carrying = sorted(answer.get("attributes") or {})
    if "id" in carrying:
        return identifier_from_provider().sourced(SOURCE, "the importer takes the state id as it is")
    if len(carrying) == 1:
        (attribute,) = carrying
        return attribute_as_identifier(attribute).sourced(SOURCE, f"the importer takes the import ID as {attribute}")
    return None


def exclusion(entry: Mapping[str, Any]) -> Exclusion:
    """Why a resource whose answer shows no strategy is left out, in the probe's words."""
    answer = entry.get("probe") or {}
    reason = Reason.NO_IMPORT if answer.get("outcome") == UNSUPPORTED else Reason.IMPORT_ID_UNKNOWN
    detail = str(answer.get("message") or answer.get("outcome") or "no answer")
    return Exclusion(reason, f"the probe: {detail}"[:300], SOURCE)


def with_defaults(provider: Provider, document: Mapping[str, Any]) -> Provider:
    """``provider`` with a kind for every resource its ``include`` patterns match and it configures
    not: named as the probe's answer shows, or left out with the probe's words. What the config
    says itself (a resource, an exclusion) always wins."""
    answers: Mapping[str, Any] = document.get("resources") or {}
    resources = dict(provider.resources)
    exclude = dict(provider.exclude)
    for tf_type in sorted(answers):
        if tf_type in resources or tf_type in exclude:
            continue
        if not any(fnmatch.fnmatchcase(tf_type, pattern) for pattern in provider.include):
            continue
        strategy = external_name(answers[tf_type])
        if strategy is None:
            exclude[tf_type] = exclusion(answers[tf_type])
        else:
            resources[tf_type] = Resource(external_name=strategy)
    return dataclasses.replace(provider, resources=resources, exclude=exclude)
