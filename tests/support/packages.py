"""The shipped providers as the runtime loads them, once per test process (loading reads the schema).

The scenarios use the hand-tuned AWS kinds (:data:`AWS_CURATED`); a provider process they start runs
the families those kinds belong to (:data:`AWS_FAMILIES`), since a process runs whole families.
"""

import dataclasses
from pathlib import Path
from typing import Any

import yaml

from bridge.api import registry
from codegen import examples
from providers.aws.config import CURATED

ROOT = Path(__file__).resolve().parents[2]
AWS = registry.load("aws")
BUILTIN = registry.load("builtin")
# The curated kinds, cluster-scoped; their namespaced twins apart (kinds of both scopes share kind names).
AWS_CURATED = dataclasses.replace(AWS, kinds=tuple(k for k in AWS.kinds
                                                   if k.config.tf_type in CURATED and not k.namespaced))
AWS_CURATED_NAMESPACED = dataclasses.replace(AWS, kinds=tuple(k for k in AWS.kinds
                                                              if k.config.tf_type in CURATED and k.namespaced))
AWS_FAMILIES = ",".join((registry.CONFIG_FAMILY, *AWS_CURATED.families))
AWS_SCENARIO = AWS.family(AWS_FAMILIES)


def example_path(kind: registry.Kind) -> Path:
    return ROOT / "providers" / kind.provider_name / examples.path_of(kind.config)


def example(kind: registry.Kind) -> dict[str, Any]:
    """``kind``'s generated example manifest (its required arguments set, references to other examples)."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    doc: dict[str, Any] = yaml.load(example_path(kind).read_text(), Loader=loader)
    return doc


def example_for_provider(kind: registry.Kind) -> dict[str, Any]:
    """``spec.forProvider`` of ``kind``'s example, without the references to other examples."""
    return {k: v for k, v in example(kind)["spec"]["forProvider"].items()
            if not k.endswith(("Ref", "Refs", "Selector"))}
