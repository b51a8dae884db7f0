"""The AWS catalogue against the facts it was built from: the provider's own answers to import
(``import_probe.json``, measured by ``tfbridge schema probe-imports``), the schema, and the examples
each composite import ID carries."""

import functools
import gzip
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from providers.aws.config import CATALOG
from providers.aws.config import PROVIDER as CATALOGUE
from tests.support.packages import AWS
from tfconfig import ResolvedResource, TemplateError, extract_path
from tfconfig.externalname import template_parameters
from tfschema import fields

ROOT = Path(__file__).resolve().parents[2] / "providers" / "aws"
SETUP = {"client_metadata": {"account_id": "123456789012", "partition": "aws"}}


@functools.cache
def probe() -> dict[str, Any]:
    return dict(json.loads((ROOT / "import_probe.json").read_text()))


@functools.cache
def schema() -> dict[str, Any]:
    with gzip.open(ROOT / "schema.json.gz") as fh:
        document = json.load(fh)
    return dict(next(iter(document["provider_schemas"].values())))


@functools.cache
def included() -> tuple[str, ...]:
    return CATALOGUE.select(schema()["resource_schemas"])


def resolved(tf_type: str) -> ResolvedResource:
    return CATALOGUE.resolve(tf_type)


def block_at(tf_type: str, path: str) -> tuple[dict[str, Any], str]:
    block = schema()["resource_schemas"][tf_type]["block"]
    *parents, leaf = path.split(".")
    for name in parents:
        block = block["block_types"][name]["block"]
    return block, leaf


def argument(tf_type: str, path: str) -> dict[str, Any] | None:
    try:
        block, leaf = block_at(tf_type, path)
    except KeyError:
        return None
    found = block.get("attributes", {}).get(leaf) or block.get("block_types", {}).get(leaf)
    return dict(found) if found is not None else None


def test_probe_file_is_for_this_provider_version_and_sorted() -> None:
    doc = probe()
    assert doc["version"] == CATALOGUE.version
    assert doc["provider"] == CATALOGUE.source
    assert list(doc["resources"]) == sorted(doc["resources"])
    assert set(doc["resources"]) == set(schema()["resource_schemas"])


def test_every_resource_is_included_or_excluded_with_a_reason() -> None:
    every = set(schema()["resource_schemas"])
    assert set(included()) | set(CATALOGUE.exclude) == every
    assert not set(included()) & set(CATALOGUE.exclude)
    assert all(e.describe().strip() for e in CATALOGUE.exclude.values())


def test_every_kind_is_written_in_the_file_of_its_group() -> None:
    """One file per API group: a kind's facts are in ``<its short group>.yaml``."""
    elsewhere = {t: CATALOG.where[t] for t in included()
                 if Path(CATALOG.where[t].split(":")[0]).stem != resolved(t).short_group}
    assert elsewhere == {}


def test_the_catalogue_is_large_enough() -> None:
    assert len(included()) >= 950
    refs = sum(len(resolved(t).references) for t in included())
    assert refs >= 300


def test_no_resource_without_an_importer_is_included_without_its_policy() -> None:
    """One Terraform cannot import is served only with what its lost workspace becomes (rebuilt, or
    stopped), and one that has an importer is imported."""
    unsupported = {t for t, e in probe()["resources"].items() if e["probe"]["outcome"] == "unsupported"}
    assert unsupported
    assert not [t for t in sorted(unsupported & set(included())) if resolved(t).importless is None]
    assert not [t for t in included() if resolved(t).importless is not None and t not in unsupported]


def test_every_external_name_says_where_it_came_from() -> None:
    missing = [t for t in included() if not resolved(t).external_name.source]
    assert missing == []
    sources = Counter(resolved(t).external_name.source for t in included())
    assert all(set(s.split("+")) <= {"probe", "upjet", "docs", "importless"} for s in sources)


def _passthrough_state(tf_type: str) -> dict[str, Any] | None:
    answer = probe()["resources"][tf_type]["probe"]
    return dict(answer.get("attributes", {})) if answer["outcome"] == "passthrough" else None


def _uses_setup(tf_type: str) -> bool:
    en = resolved(tf_type).external_name
    return any(ex.setup for ex in en.examples)


def test_every_passthrough_import_round_trips_the_probe_id() -> None:
    # What the plugin made of the probe ID is a state; the external name read from it must build
    # the probe ID again. ARN-built IDs (templates over account and partition) prove themselves by
    # their own examples instead.
    probe_id = probe()["probe_id"]
    wrong = {}
    for t in included():
        state = _passthrough_state(t)
        if state is None or _uses_setup(t):
            continue
        en = resolved(t).external_name
        try:
            got = en.import_id(en.get_external_name(state), state, SETUP)
        except TemplateError as exc:
            got = f"error: {exc}"
        if got != probe_id:
            wrong[t] = got
    assert wrong == {}


def test_every_resource_the_probe_could_not_pass_through_carries_examples_or_a_reason() -> None:
    unexplained = []
    for t in included():
        if _passthrough_state(t) is not None:
            continue
        en = resolved(t).external_name
        if not en.examples and not en.note:
            unexplained.append(t)
    assert unexplained == []


def test_every_import_id_example_round_trips() -> None:
    """Each example (written, or an ID shape the probe's importer took) builds its import ID from its
    external name and parameters, and reads the external name back from its state."""
    wrong = []
    count = 0
    for t in included():
        en = resolved(t).external_name
        for example in en.examples:
            count += 1
            try:
                got = (en.import_id(example.external_name, example.parameters, example.setup),
                       en.get_external_name(example.state_attributes))
            except TemplateError as exc:
                got = (f"error: {exc}", "")
            if got != (example.import_id, example.external_name):
                wrong.append((t, example.import_id, got))
    assert wrong == []
    assert count >= 170


def test_composite_ids_are_tested_against_examples() -> None:
    composite = [t for t in included() if resolved(t).external_name.identifier_fields]
    assert len(composite) >= 80
    assert [t for t in composite if not resolved(t).external_name.examples] == []


def test_template_parameters_and_identifier_arguments_are_arguments() -> None:
    wrong = []
    for t in included():
        en = resolved(t).external_name
        names = list(en.identifier_fields)
        if en.template:
            names += list(template_parameters(en.template))
        if en.identifier_argument:
            names.append(en.identifier_argument)
        injected = {f.name for f in resolved(t).injected}
        for name in names:
            if name in injected:
                continue
            arg = argument(t, name)
            if arg is None or not (arg.get("required") or arg.get("optional")):
                wrong.append((t, name))
    assert wrong == []


def test_name_arguments_are_required_strings_of_the_resources_own() -> None:
    """A kind that takes its name from metadata.name (as provider-upjet-aws's kinds take it from the external
    name) fills a required string argument that nothing else fills: no reference, no secret, no external name."""
    named = {t: resolved(t) for t in included() if resolved(t).name_argument}
    assert len(named) >= 35
    wrong = []
    for t, res in sorted(named.items()):
        arg = argument(t, res.name_argument) or {}
        if (not arg.get("required") or arg.get("type") != "string" or arg.get("sensitive")
                or res.name_argument in res.references or res.name_argument == res.external_name.identifier_argument):
            wrong.append(t)
    assert wrong == []


def test_references_point_at_included_kinds_and_arguments() -> None:
    wrong = []
    pool = set(included())
    for t in included():
        for path, ref in resolved(t).references.items():
            arg = argument(t, path)
            if ref.to not in pool or arg is None or not (arg.get("required") or arg.get("optional")):
                wrong.append((t, path, ref.to))
            attributes = schema()["resource_schemas"][ref.to]["block"]["attributes"]
            if ref.extract != "external_name" and str(extract_path(ref.extract)[0]) not in attributes:
                wrong.append((t, path, ref.extract))
    assert wrong == []


def test_fields_named_arn_never_take_an_external_name_that_is_not_one() -> None:
    # upjet's table sometimes extracts a key ID into a *_arn field; the catalogue reads the ARN.
    suspicious = []
    for t in included():
        for path, ref in resolved(t).references.items():
            if re.search(r"arns?$", path) and ref.extract == "external_name":
                target = resolved(ref.to).external_name
                if target.source == "probe" and not target.identifier_argument and ref.to not in (
                        "aws_sns_topic", "aws_sqs_queue", "aws_secretsmanager_secret") and target.template is None:
                    suspicious.append((t, path, ref.to))
    assert suspicious == []


def test_sensitive_late_init_and_removed_paths_exist() -> None:
    wrong = []
    for t in included():
        r = CATALOGUE.resources[t]
        for path in (*r.sensitive, *map(fields.ignore_path, r.late_init_ignore), *r.removed_parameters):
            if argument(t, path) is None:
                wrong.append((t, path))
    assert wrong == []


def test_managed_elsewhere_names_arguments_and_kinds_of_the_schema() -> None:
    wrong = []
    resources = schema()["resource_schemas"]
    for t in included():
        for entry in CATALOGUE.resources[t].managed_elsewhere:
            if argument(t, entry.argument) is None or any(by not in resources for by in entry.by):
                wrong.append((t, entry.argument))
            assert entry.source
    assert wrong == []
    assert resolved("aws_security_group").managed_elsewhere


def test_lookups_use_data_sources_that_filter_by_tags_and_list_ids() -> None:
    data = schema()["data_source_schemas"]
    lookups = {t: resolved(t).lookup for t in included() if resolved(t).lookup is not None}
    assert len(lookups) >= 15
    for t, lookup in lookups.items():
        assert lookup is not None
        attributes = data[lookup.data_source]["block"]["attributes"]
        assert lookup.ids in attributes and lookup.tags_argument in attributes, t
        assert not [k for k, a in attributes.items() if a.get("required")], t
        assert "tags" in schema()["resource_schemas"][t]["block"]["attributes"], t


def test_kinds_are_unique_per_group() -> None:
    seen = Counter((resolved(t).group, resolved(t).kind) for t in included())
    assert [k for k, n in seen.items() if n > 1] == []


@pytest.mark.parametrize(
    ("tf_type", "group", "kind", "version"),
    [
        pytest.param("aws_vpc", "ec2", "VPC", "v1beta1", id="CuratedKeepsItsName"),
        pytest.param("aws_s3_bucket", "s3", "Bucket", "v1beta2", id="CuratedServedAtUpjetsVersion"),
        pytest.param("aws_api_gateway_authorizer", "apigateway", "Authorizer", "v1beta1", id="RuleDropsTwoWords"),
        pytest.param("aws_instance", "ec2", "Instance", "v1beta2", id="UpjetNewerVersion"),
        pytest.param("aws_lb_listener", "elbv2", "LBListener", "v1beta2", id="UpjetKindOverride"),
        pytest.param("aws_cloudwatch_event_rule", "cloudwatchevents", "Rule", "v1beta1", id="EventsGroup"),
        pytest.param("aws_db_instance", "rds", "Instance", "v1beta3", id="RdsNewest"),
        pytest.param("aws_lambda_function", "lambda", "Function", "v1beta2", id="LambdaGroup"),
    ],
)
def test_groups_kinds_and_versions_follow_upjet(tf_type: str, group: str, kind: str, version: str) -> None:
    r = resolved(tf_type)
    assert (r.short_group, r.kind, r.version) == (group, kind, version)


def test_resources_that_read_local_files_lose_those_arguments() -> None:
    """The generator's local-file rule, with this catalogue: the arguments are not settable at all."""
    for tf_type, argument in (("aws_lambda_function", "filename"), ("aws_s3_object", "source")):
        assert argument not in AWS.by_type(tf_type).converter.argument_names


def _generated(tf_type: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the CRD, the example manifest) the generator wrote for ``tf_type`` (pytest_configure makes the tree)."""
    r = resolved(tf_type)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present: the CRDs total 25 MiB
    crd_doc = yaml.load((ROOT / "crds" / r.short_group / f"{r.group}_{r.plural}.yaml").read_text(), Loader=loader)
    example = yaml.load((ROOT / "examples" / r.short_group / r.version / f"{r.kind.lower()}.yaml").read_text(),
                        Loader=loader)
    return crd_doc, example


def test_every_kinds_example_fits_its_crd() -> None:
    """Every kind's example (hand-written or synthesised) is admitted unchanged, and its required
    arguments are set, as the API server's schema and CEL rules would check them."""
    from devserver import openapi

    bad = []
    for tf_type in included():
        crd_doc, example = _generated(tf_type)
        (version,) = (v for v in crd_doc["spec"]["versions"] if v["name"] == example["apiVersion"].split("/")[1])
        schema_ = version["schema"]["openAPIV3Schema"]
        admitted, errors = openapi.admit(schema_, example)
        if errors or any(admitted["spec"].get(part) != example["spec"].get(part)
                         for part in ("forProvider", "initProvider")):
            bad.append((tf_type, errors[:3] or "pruned"))
            continue
        spec = admitted["spec"]
        for rule in schema_["properties"]["spec"].get("x-kubernetes-validations") or []:
            field = re.search(r"has\(self\.forProvider\.(\w+)\)", rule["rule"])
            if field and field.group(1) not in spec["forProvider"] and field.group(1) not in spec.get(
                    "initProvider", {}):
                bad.append((tf_type, rule["message"]))
    assert bad == []


def test_example_references_name_the_examples_of_their_targets() -> None:
    names = {}
    for t in included():
        ex = CATALOGUE.resources[t].example
        names[t] = ex.name if ex is not None and ex.name else f"example-{resolved(t).kind.lower()}"
    wrong = []
    for t in included():
        ex = CATALOGUE.resources[t].example
        if ex is None:
            continue
        for path, ref in resolved(t).references.items():
            if "." in path:
                continue
            stem = path.split(".")[-1]
            for key, value in ex.for_provider.items():
                if key.startswith(_camel_stem(stem)) and key.endswith(("Ref", "Refs")):
                    got = [v["name"] for v in value] if isinstance(value, list) else [value["name"]]
                    if any(g != names[ref.to] for g in got):
                        wrong.append((t, key, got, names[ref.to]))
    assert wrong == []


def _camel_stem(tf_name: str) -> str:
    from tfconfig import lower_camel

    json_name = lower_camel(tf_name)
    return json_name[:-1] if json_name.endswith("s") else json_name


def test_tags_are_put_only_on_a_map_of_tags() -> None:
    for t in included():
        block = schema()["resource_schemas"][t]["block"]
        if resolved(t).tagging is not None:
            assert "tags" not in block.get("block_types", {}), f"{t}: its tags block is not a map of tags"
        attribute = block.get("attributes", {}).get("tags")
        if attribute is not None:
            assert attribute["type"] == ["map", "string"], t
