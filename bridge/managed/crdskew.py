"""Does the cluster serve the CRDs this runtime was built for?

Every generated CRD is labelled with its kind's schema digest (:mod:`tfschema.digest`); the runtime
computes the same digest from the config and schema it ships with. A CRD from another release may
admit a field this runtime refuses, or lack one it would fill: worth a warning at start. One list
per batch of API groups asks the API server for only the CRDs whose label differs
(``schema-digest notin (...)``), so a provider with a thousand current CRDs transfers none of them.

A skewed CRD is reported, not refused: during a rolling upgrade the new controller may start a moment
before the new CRDs are applied, and refusing would turn that into a crash loop. Objects of a skewed
kind still convert what this runtime knows, and fields it does not know are refused on the object.
"""

from __future__ import annotations

from collections.abc import Iterator

from bridge.api.registry import ProviderPackage
from bridge.kube.client import CRDS, Kube
from tfschema import digest

CONFIG_GROUP = "config"
# Digests per request: keeps the request line of a label-selector list well under common proxy limits.
BATCH = 150


def _batches(package: ProviderPackage) -> Iterator[tuple[list[str], dict[tuple[str, str], str]]]:
    """(short groups, (API group, kind) → expected digest) per request."""
    wanted: dict[str, dict[tuple[str, str], str]] = {}
    for kind in package.kinds:
        wanted.setdefault(kind.config.short_group, {})[(kind.config.group, kind.kind)] = kind.digest
    wanted[CONFIG_GROUP] = dict(package.config_digests)
    groups: list[str] = []
    expected: dict[tuple[str, str], str] = {}
    for group in sorted(wanted):
        if groups and len(expected) + len(wanted[group]) > BATCH:
            yield groups, expected
            groups, expected = [], {}
        groups.append(group)
        expected.update(wanted[group])
    if groups:
        yield groups, expected


def skewed(kube: Kube, package: ProviderPackage) -> list[str]:
    """One message per CRD of this package that was generated from other inputs than this runtime's."""
    out = []
    for groups, expected in _batches(package):
        selector = (f"{digest.PROVIDER_LABEL}={package.provider.name},"
                    f"{digest.GROUP_LABEL} in ({','.join(groups)}),"
                    f"{digest.DIGEST_LABEL} notin ({','.join(sorted(set(expected.values())))})")
        items, _ = kube.list(CRDS, label_selector=selector)
        for crd in sorted(items, key=lambda c: str((c.get("metadata") or {}).get("name"))):
            spec = crd.get("spec") or {}
            key = (str(spec.get("group")), str((spec.get("names") or {}).get("kind")))
            if key not in expected:
                continue  # a kind this run does not reconcile
            have = ((crd.get("metadata") or {}).get("labels") or {}).get(digest.DIGEST_LABEL, "none")
            out.append(f"CRD {crd['metadata']['name']} was generated from other inputs than this provider "
                       f"(schema digest {have}, this provider's {expected[key]}): apply the CRDs of this release "
                       f"(tfbridge generate, then kubectl apply --server-side -k)")
    return out
