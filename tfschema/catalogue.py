"""Which resources of a schema become kinds, and why every other one does not.

The generator and the runtime both call :func:`plan`, so they agree on the set of kinds without the
runtime ever rendering a CRD. Two rules are checked here on the schema itself (cheaply: top-level
attributes only); the config's own exclusions add the facts no schema holds. The plan's provider is
the config completed with the references inferred from the schema (:mod:`tfschema.references`): both
sides resolve their kinds from it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from tfconfig import Exclusion, Provider, Reason
from tfschema import references
from tfschema import schema as s


@dataclasses.dataclass(frozen=True)
class Catalogue:
    included: tuple[str, ...]
    excluded: Mapping[str, Exclusion]
    # The config with its inferred references: what every kind is resolved from.
    provider: Provider


# Raw schema types whose values could name files (as fields.path_like).
_PATH_LIKE = ("string", ["list", "string"], ["set", "string"])


def _top_attributes(raw: Mapping[str, Any]) -> Mapping[str, Any]:
    block = raw.get("block") if isinstance(raw, Mapping) else None
    attrs = block.get("attributes") if isinstance(block, Mapping) else None
    return attrs if isinstance(attrs, Mapping) else {}


def ruled_out(provider: Provider, doc: s.Document) -> dict[str, Exclusion]:
    """The resources the rules leave out: no ``id`` in the state (unless the config takes that on
    itself by configuring the resource), or a required argument that reads a local file."""
    out: dict[str, Exclusion] = {}
    for tf_type in sorted(doc.resources):
        attrs = _top_attributes(doc.resources[tf_type])
        files = [name for name, a in sorted(attrs.items()) if isinstance(a, Mapping) and a.get("required")
                 and a.get("type") in _PATH_LIKE and provider.local_files.reads_local_file(f"{tf_type}.{name}")]
        if files:
            out[tf_type] = Exclusion(Reason.READS_LOCAL_FILES, ", ".join(files))
        elif "id" not in attrs and tf_type not in provider.resources:
            out[tf_type] = Exclusion(Reason.NO_ID)
    return out


def plan(provider: Provider, doc: s.Document, *, origin: str = "config.py") -> Catalogue:
    """Raises ConfigError on a config that names what the schema lacks, or refers to what is left out."""
    rules = ruled_out(provider, doc)
    included = provider.select(doc.resources, origin=origin, ruled_out=rules)
    chosen = set(included)
    excluded: dict[str, Exclusion] = {}
    for tf_type in sorted(doc.resources):
        if tf_type in chosen:
            continue
        excluded[tf_type] = provider.exclude.get(tf_type) or rules.get(tf_type) or Exclusion(Reason.NOT_INCLUDED)
    inferred = references.infer(provider, doc.resources, included)
    return Catalogue(included=included, excluded=excluded, provider=provider.with_references(inferred))
