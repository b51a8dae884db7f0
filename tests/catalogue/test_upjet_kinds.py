"""provider-upjet-aws's kinds against the AWS catalogue: each is served under the same API group and kind,
or ``providers/aws/upjet_kinds.yaml`` says why not, and that reason is the catalogue's own."""

import gzip
import json
import re
from pathlib import Path
from typing import Any

import yaml

from providers.aws.config import PROVIDER as CATALOGUE
from tests.support.packages import AWS

ROOT = Path(__file__).resolve().parents[2] / "providers" / "aws"


def upjet() -> dict[str, Any]:
    document: dict[str, Any] = yaml.safe_load((ROOT / "upjet_kinds.yaml").read_text())
    return document


def served() -> set[tuple[str, str]]:
    return {(k.config.short_group, k.kind) for k in AWS.kinds if not k.namespaced}


def resource_types() -> set[str]:
    with gzip.open(ROOT / "schema.json.gz") as fh:
        document = json.load(fh)
    return set(next(iter(document["provider_schemas"].values()))["resource_schemas"])


def test_the_list_names_the_upjet_commit_it_was_learned_from() -> None:
    assert re.fullmatch(r"[0-9a-f]{40}", upjet()["commit"])
    assert upjet()["commit"] in (ROOT / "upjet_kinds.yaml").read_text().split("\n", 3)[2]


def test_every_upjet_kind_is_served_or_its_reason_is_given() -> None:
    ours = served()
    kinds = {(g, k): t for g, k, t in upjet()["kinds"]}
    unserved = {tuple(key.split("/")): reason for key, reason in upjet()["unserved"].items()}
    missing = sorted(f"{g}/{k}" for (g, k) in kinds if (g, k) not in ours and (g, k) not in unserved)
    assert not missing, f"upjet kinds neither served nor given a reason: {missing}"
    stale = sorted(f"{g}/{k}" for (g, k) in unserved if (g, k) in ours)
    assert not stale, f"served, yet listed as unserved: {stale}"
    assert not set(unserved) - set(kinds), "a reason for a kind upjet does not have"


def test_each_reason_is_the_catalogues() -> None:
    kinds = {f"{g}/{k}": t for g, k, t in upjet()["kinds"]}
    types = resource_types()
    wrong = []
    for key, reason in upjet()["unserved"].items():
        tf_type = kinds[key]
        code = reason.split(":", 1)[0]
        exclusion = CATALOGUE.exclude.get(tf_type)
        if exclusion is not None:
            ok = code == exclusion.reason.value
        elif code == "NotInSchema":
            ok = tf_type not in types
        else:
            ok = code == "Other" and tf_type == "-"
        if not ok:
            wrong.append(f"{key} ({tf_type}): {reason}")
    assert not wrong, wrong


def test_at_least_95_percent_of_upjets_kinds_are_served() -> None:
    kinds = upjet()["kinds"]
    present = sum((g, k) in served() for g, k, _ in kinds)
    assert present / len(kinds) >= 0.95, f"{present}/{len(kinds)}"
