"""Every resource of the AWS schema as a kind, with default strategies: the generator and the runtime at
the size the whole provider will have. A benchmark fixture, not the shipped config (whose catalogue
says which resources can be managed safely, and how).

Left out, as the generator requires: the five resources whose CRD would be over the API server's
request limit, with their measured size.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from bridge.api import registry
from codegen import pipeline
from tfconfig import Exclusion, GroupRule, Provider, Reason
from tfschema import schema as s

AWS = Path(__file__).resolve().parent.parent / "providers" / "aws"

TOO_LARGE = {
    "aws_quicksight_analysis": "11.9 MiB",
    "aws_quicksight_dashboard": "11.9 MiB",
    "aws_quicksight_template": "11.9 MiB",
    "aws_wafv2_rule_group": "8.5 MiB",
    "aws_wafv2_web_acl": "10.7 MiB",
}


def provider() -> Provider:
    shipped = pipeline.load_config(AWS)
    return dataclasses.replace(
        shipped, include=("aws_*",),
        # aws_config_* would otherwise be the group "config", the name of the ProviderConfig family.
        group_rules=(GroupRule(r"^aws_config_", "configservice"), *shipped.group_rules),
        exclude={**shipped.exclude, **{t: Exclusion(Reason.CRD_TOO_LARGE, size) for t, size in TOO_LARGE.items()}})


def document() -> s.Document:
    return pipeline.load_schema(AWS, provider())


def package(family: str | None = None) -> registry.ProviderPackage:
    return registry.from_document(provider(), document(), family=family)
