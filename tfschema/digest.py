"""A kind's schema digest: what ties a served CRD to the runtime that converts its objects.

The generator labels every CRD with the digest of what it was generated from: the resource's schema
(canonical JSON), the :class:`~tfschema.fields.Rules` its config sets, its names, and
:data:`FORMAT`. The runtime computes the same digest from the schema and config it ships with,
without rendering anything, and so can tell a cluster whose CRDs came from another release.
"""

from __future__ import annotations

import hashlib

from tfconfig import Provider
from tfschema.fields import Rules, provider_rules

# The CRD rendering's own version: bump it whenever the generator turns the same inputs into a
# different CRD (a new validation, a changed description), so that the digest changes with it. The
# texts a provider's descriptions file puts on fields are no input: they change no conversion, and
# the runtime never reads them.
FORMAT = "5"

PROVIDER_LABEL = "tfbridge.io/provider"
GROUP_LABEL = "tfbridge.io/group"
DIGEST_LABEL = "tfbridge.io/schema-digest"
LENGTH = 20


def kind(raw_schema: bytes, rules: Rules, *, provider: str, group: str, version: str, kind: str,
         plural: str) -> str:
    h = hashlib.sha256()
    for part in (FORMAT, provider, group, version, kind, plural, rules.canonical()):
        h.update(part.encode())
        h.update(b"\0")
    h.update(raw_schema)
    return h.hexdigest()[:LENGTH]


def config_kinds(provider: Provider, raw_provider_block: bytes) -> dict[tuple[str, str], str]:
    """The schema digests of the ProviderConfig kinds (made from the provider block), by (API group, kind)."""
    rules = provider_rules("provider", provider.credentials.provider_arguments, provider.injected_fields,
                           provider.local_files)
    return {(c.group, c.kind): kind(raw_provider_block, rules, provider=provider.name, group=c.group,
                                    version=c.version, kind=c.kind, plural=c.plural)
            for c in provider.config_kinds}
