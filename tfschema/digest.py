"""A kind's schema digest: what ties a served CRD to the runtime that converts its objects.

The generator labels every CRD with the digest of what it was generated from: the resource's schema
(canonical JSON), the :class:`~tfschema.fields.Rules` its config sets, its names, and
:data:`FORMAT`. The runtime computes the same digest from the schema and config it ships with,
without rendering anything, and so can tell a cluster whose CRDs came from another release.
"""

from __future__ import annotations

import hashlib
import json

from tfconfig import Provider, ResolvedResource
from tfschema.fields import Rules, provider_rules, rules

# The CRD rendering's own version: bump it whenever the generator turns the same inputs into a
# different CRD (a new validation, a changed description), so that the digest changes with it. The
# texts a provider's descriptions file puts on fields are no input: they change no conversion, and
# the runtime never reads them.
FORMAT = "5"

PROVIDER_LABEL = "tfbridge.io/provider"
GROUP_LABEL = "tfbridge.io/group"
DIGEST_LABEL = "tfbridge.io/schema-digest"
# On a CRD served at several versions, whose objects the provider's webhook converts.
CONVERSION_LABEL = "tfbridge.io/conversion"
CONVERSION_WEBHOOK = "webhook"
LENGTH = 20


def kind(raw_schema: bytes, rules: Rules, *, provider: str, group: str, version: str, kind: str,
         plural: str, versions: str = "") -> str:
    h = hashlib.sha256()
    # The other versions a kind is served at are part of its CRD (and of what the conversion webhook
    # does); a kind served at one version has none, and keeps the digest it had before there were several.
    for part in (FORMAT, provider, group, version, kind, plural, rules.canonical(), *((versions,) if versions else ())):
        h.update(part.encode())
        h.update(b"\0")
    h.update(raw_schema)
    return h.hexdigest()[:LENGTH]


def resource(raw_schema: bytes, res: ResolvedResource, *, provider: str) -> str:
    """The digest of one kind of either scope, with every version it is served at."""
    others = [[v.name, rules(res, v.name).canonical(), v.deprecated] for v in res.versions if v.name != res.version]
    return kind(raw_schema, rules(res), provider=provider, group=res.group, version=res.version, kind=res.kind,
                plural=res.plural, versions=json.dumps(others, separators=(",", ":")) if others else "")


def config_kinds(provider: Provider, raw_provider_block: bytes) -> dict[tuple[str, str], str]:
    """The schema digests of the ProviderConfig kinds (made from the provider block), by (API group, kind)."""
    rules = provider_rules("provider", provider.credentials.provider_arguments, provider.injected_fields,
                           provider.local_files)
    return {(c.group, c.kind): kind(raw_provider_block, rules, provider=provider.name, group=c.group,
                                    version=c.version, kind=c.kind, plural=c.plural)
            for c in provider.config_kinds}
