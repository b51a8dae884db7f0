"""Which resources of a schema become kinds, and why every other one does not.

The generator and the runtime both call :func:`plan`, so they agree on the set of kinds without the
runtime ever rendering a CRD. Two rules are checked here on the schema itself (cheaply: top-level
attributes only); the config's own exclusions add the facts no schema holds. The plan's provider is
the config completed with the references inferred from the schema (:mod:`tfschema.references`) and the
arguments its resources are named by (:mod:`tfschema.names`): both sides resolve their kinds from it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from tfconfig import ConfigError, Exclusion, Provider, Reason
from tfschema import names, references
from tfschema import schema as s


@dataclasses.dataclass(frozen=True)
class Catalogue:
    included: tuple[str, ...]
    excluded: Mapping[str, Exclusion]
    # The config with its inferred references and name arguments: what every kind is resolved from.
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
    """Raises ConfigError on a config that names what the schema lacks, refers to what is left out,
    names a resource the rules leave out, or selects nothing."""
    rules = ruled_out(provider, doc)
    included = provider.select(doc.resources, origin=origin, ruled_out=rules)
    _check_named(provider, rules, origin)
    if not included:
        raise ConfigError(f"{origin}: include: selects none of the {len(doc.resources)} resources of "
                          f"{provider.source} (name them, or match them: include=(\"{provider.resource_prefix}*\",))")
    _check_prefix(provider, included, doc, origin)
    chosen = set(included)
    excluded: dict[str, Exclusion] = {}
    for tf_type in sorted(doc.resources):
        if tf_type in chosen:
            continue
        excluded[tf_type] = provider.exclude.get(tf_type) or rules.get(tf_type) or Exclusion(Reason.NOT_INCLUDED)
    completed = provider.with_references(references.infer(provider, doc.resources, included))
    completed = completed.with_name_arguments(names.infer(completed, doc.resources, included))
    return Catalogue(included=included, excluded=excluded, provider=completed)


def _check_named(provider: Provider, ruled_out: Mapping[str, Exclusion], origin: str) -> None:
    """A resource the config names itself (in ``include``, or configured when ``include`` is empty) that the
    rules leave out is an error naming why. A pattern may match resources the rules leave out, and the
    config's own ``exclude`` is a decision written beside its reason: both leave a resource out in silence
    (the catalogue lists it)."""
    if provider.include:
        named = [("include", t) for t in provider.include if not any(ch in t for ch in "*?[")]
    else:
        named = [(f"resources[{t!r}]", t) for t in sorted(provider.resources)]
    for field, tf_type in named:
        if tf_type in ruled_out and tf_type not in provider.exclude:
            raise ConfigError(f"{origin}: {field}: {tf_type} cannot be generated: {ruled_out[tf_type].describe()}; "
                              f"leave it out, or exclude it with its reason")


def _check_prefix(provider: Provider, included: tuple[str, ...], doc: s.Document, origin: str) -> None:
    outside = [t for t in included if not t.startswith(provider.resource_prefix)]
    if outside:
        heads = sorted({t.split("_", 1)[0] + "_" for t in doc.resources})
        raise ConfigError(f"{origin}: resource_prefix: {provider.resource_prefix!r} does not begin "
                          f"{', '.join(outside[:3])}{' ...' if len(outside) > 3 else ''} (the schema's resources "
                          f"begin with {' or '.join(repr(h) for h in heads[:3])})")
