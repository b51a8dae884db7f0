import functools
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from codegen import pipeline
from tests.support import synthetic
from tests.support.packages import AWS as AWS_PACKAGE
from tfbridge.cli import cli
from tfschema import docs as tfdocs
from tfschema import schema as s

ROOT = Path(__file__).resolve().parents[2]
AWS = ROOT / "providers" / "aws"


def generate(provider_dir: Path = AWS, jobs: int = 1) -> pipeline.Generated:
    provider = pipeline.load_config(provider_dir)
    return pipeline.generate(provider, pipeline.load_schema(provider_dir, provider), jobs=jobs,
                             docs=pipeline.load_docs(provider_dir))


# A whole provider's generation takes tens of seconds: the tests that read one share it (one xdist group,
# so one worker process makes it once).
GENERATED = "generated-provider"


@functools.cache
def generated(provider_dir: Path = AWS) -> pipeline.Generated:
    return generate(provider_dir)


def file_digests(generated: pipeline.Generated) -> dict[str, str]:
    return {path: hashlib.sha256(text.encode()).hexdigest() for path, text in generated.files.items()}


# Prints the digest of every file the generator makes, in a process of its own.
_DIGESTS_IN_A_PROCESS = """
import hashlib, json, sys
from pathlib import Path
from codegen import pipeline
provider_dir = Path(sys.argv[1])
provider = pipeline.load_config(provider_dir)
files = pipeline.generate(provider, pipeline.load_schema(provider_dir, provider), jobs=1,
                          docs=pipeline.load_docs(provider_dir)).files
json.dump({path: hashlib.sha256(text.encode()).hexdigest() for path, text in files.items()}, sys.stdout)
"""


PROVIDER_DIRS = sorted(p.parent for p in (ROOT / "providers").glob("*/config.py"))


@pytest.mark.parametrize("provider_dir", PROVIDER_DIRS, ids=[p.name for p in PROVIDER_DIRS])
def test_committed_catalogue_matches_the_generator(provider_dir: Path) -> None:
    provider = pipeline.load_config(provider_dir)
    plan = pipeline.plan(provider, pipeline.load_schema(provider_dir, provider))
    have = (provider_dir / pipeline.CATALOGUE).read_text()
    assert have == pipeline.catalogue_text(provider, plan), f"run `tfbridge generate {provider_dir}` and commit"


@pytest.mark.xdist_group(GENERATED)
@pytest.mark.parametrize("provider_dir", PROVIDER_DIRS, ids=[p.name for p in PROVIDER_DIRS])
def test_the_generated_tree_is_what_the_generator_makes(provider_dir: Path) -> None:
    made = generated(provider_dir)
    want = {p: t for p, t in made.files.items() if p.split("/")[0] in pipeline.ON_DEMAND_ROOTS}
    # A package's CRDs are links to the files of crds/: the same text.
    want.update({p: made.files[source] for p, source in made.links.items()
                 if p.split("/")[0] in pipeline.ON_DEMAND_ROOTS})
    assert pipeline.read_tree(provider_dir, pipeline.ON_DEMAND_ROOTS) == want


@pytest.mark.xdist_group(GENERATED)
def test_generation_is_byte_identical_run_to_run() -> None:
    """Another process, with another hash seed (the order of every set and dict built from one), makes
    every file with the same bytes."""
    seed = "1" if os.environ.get("PYTHONHASHSEED") != "1" else "2"
    out = subprocess.run([sys.executable, "-c", _DIGESTS_IN_A_PROCESS, str(AWS)], check=True, capture_output=True,
                         env={**os.environ, "PYTHONHASHSEED": seed}, cwd=ROOT).stdout
    assert json.loads(out) == file_digests(generated())


@pytest.mark.xdist_group(GENERATED)
def test_the_aws_crds_describe_nine_in_ten_forprovider_fields() -> None:
    """What kubectl explain shows: every property under spec.forProvider, at every depth, of every kind in
    both scopes; and every kind's own description."""
    made = generated()
    total = sum((k.for_provider for k in made.kinds), tfdocs.Coverage())
    assert total.share >= 0.90, f"{total.described} of {total.fields} forProvider fields described"
    assert {k.group for k in made.kinds} >= {"ec2.aws.tfbridge.io", "ec2.aws.m.tfbridge.io"}
    vpc = yaml.safe_load(made.files["crds/ec2/ec2.aws.m.tfbridge.io_vpcs.yaml"])["spec"]["versions"][0]
    schema = vpc["schema"]["openAPIV3Schema"]
    assert schema["description"] == "Provides a VPC resource."
    cidr = schema["properties"]["spec"]["properties"]["forProvider"]["properties"]["cidrBlock"]
    assert cidr["description"].startswith("The IPv4 CIDR block for the VPC.")


@pytest.mark.xdist_group(GENERATED)
def test_no_crd_file_exists_twice() -> None:
    """Families use their group's CRD directory as a base: every CRD is written once."""
    files = generated().files
    crds = [p for p in files if p.endswith(".yaml") and "CustomResourceDefinition" in files[p][:200]]
    assert crds and all(p.startswith("crds/") for p in crds)
    assert len({p.rsplit("/", 1)[-1] for p in crds}) == len(crds)


def test_parallel_generation_equals_serial() -> None:
    provider = synthetic.provider(include=("demo_*",), resources={})
    many = synthetic.document()
    resources = many["provider_schemas"][synthetic.SOURCE]["resource_schemas"]
    for i in range(60):
        resources[f"demo_extra_{i:02d}"] = {"version": 0, "block": synthetic.thing_block()}
    parsed = s.document(many, synthetic.SOURCE)
    serial = pipeline.generate(provider, parsed, jobs=1)
    parallel = pipeline.generate(provider, parsed, jobs=2)
    assert serial.files == parallel.files and len(serial.kinds) == 63


def write_provider(tmp_path: Path, config: str, document: Any) -> Path:
    pdir = tmp_path / "demo"
    pdir.mkdir()
    (pdir / "config.py").write_text(config)
    (pdir / "schema.json").write_text(document if isinstance(document, str) else json.dumps(document))
    return pdir


CONFIG = '''
from tfconfig import Provider, Reference, Resource
PROVIDER = Provider(name="demo", source="example/demo", version="1.0.0", root_group="demo.tfbridge.io",
                    resource_prefix="demo_", schema_file="schema.json", include=({include}),
                    resources={resources})
'''


def config(include: str = '"demo_thing", "demo_network"', resources: str = "{}") -> str:
    return CONFIG.format(include=include, resources=resources)


@pytest.mark.parametrize(
    ("cfg", "document", "message"),
    [
        pytest.param(config(), '{"format_version": "1.0", "provider_schemas": {',
                     "schema.json: malformed JSON at line 1", id="MalformedJSON"),
        pytest.param(config(include='"demo_thing", "demo_nope"'), synthetic.document(),
                     "config.py: include: 'demo_nope' is not a resource of example/demo", id="AbsentResource"),
        pytest.param(config(resources='{"demo_thing": Resource(references={"network_id": Reference("demo_gone")})}'),
                     synthetic.document(),
                     "config.py: resources['demo_thing'].references['network_id']: refers to unknown resource "
                     "'demo_gone'", id="UnknownReference"),
        pytest.param(config(resources='{"demo_thing": Resource(references={"nope": Reference("demo_network")})}'),
                     synthetic.document(), "references['nope']: 'nope' is not an argument of demo_thing",
                     id="ReferenceToMissingArgument"),
        pytest.param(config(include='"demo_thing",'), {"format_version": "1.0", "provider_schemas": {synthetic.SOURCE: {
            "resource_schemas": {"demo_thing": {"block": {"attributes": {"a": {"type": 5, "optional": True},
                                                                  "id": {"type": "string", "computed": True}}}}}}}},
                     "schema.json: $.provider_schemas['registry.terraform.io/example/demo'].resource_schemas"
                     ".demo_thing.block.attributes.a.type: unknown type 5", id="BadTypeNamesJSONPath"),
        pytest.param("PROVIDER = 3\n", synthetic.document(), "config.py: PROVIDER must be a tfconfig.Provider",
                     id="NotAProvider"),
        pytest.param(config(resources='{"demo_thing": Resource(executor="grpc")}'), synthetic.document(),
                     "config.py: resources['demo_thing'].executor: 'grpc' is not one of cli, direct",
                     id="UnknownExecutor"),
    ],
)
def test_bad_input_fails_and_writes_nothing(tmp_path: Path, cfg: str, document: Any, message: str) -> None:
    pdir = write_provider(tmp_path, cfg, document)
    (pdir / "crds").mkdir()
    (pdir / "crds" / "keep.yaml").write_text("old: tree\n")
    before = _files(pdir)
    result = CliRunner().invoke(cli, ["generate", str(pdir)])
    assert result.exit_code == 1
    assert message in " ".join(result.output.split()), result.output
    assert _files(pdir) == before, "no half tree"


def _with_unusable_resources() -> dict[str, Any]:
    doc = synthetic.document()
    resources = doc["provider_schemas"][synthetic.SOURCE]["resource_schemas"]
    resources["demo_noid"] = {"version": 0, "block": {"attributes": {"name": synthetic.attr("string", required=True)}}}
    resources["demo_upload"] = {"version": 0, "block": {"attributes": {
        "id": synthetic.attr("string", computed=True), "source": synthetic.attr("string", required=True)}}}
    return doc


_PROVIDER = ('from tfconfig import Exclusion, Provider, Reason, Resource\n'
             'PROVIDER = Provider(name="demo", source="example/demo", version="1.0.0", root_group="demo.tfbridge.io",'
             ' schema_file="schema.json", {fields})\n')


@pytest.mark.parametrize(("fields", "message"), [
    pytest.param('resource_prefix="demo_", include=("demo_noid",)',
                 "config.py: include: demo_noid cannot be generated: its state has no id, which the external name and "
                 "the import are built from; leave it out, or exclude it with its reason",
                 id="ExplicitIncludeWithNoID"),
    pytest.param('resource_prefix="demo_", resources={"demo_upload": Resource(kind="Upload")}',
                 "config.py: resources['demo_upload']: demo_upload cannot be generated: a required argument reads a "
                 "file on the provider's machine: source; leave it out, or exclude it with its reason",
                 id="ConfiguredButReadsLocalFiles"),
    pytest.param('resource_prefix="dem_", include=("demo_thing",)',
                 "config.py: resource_prefix: 'dem_' does not begin demo_thing (the schema's resources begin with "
                 "'demo_')", id="WrongResourcePrefix"),
    pytest.param('resource_prefix="demo_"', "config.py: include: selects none of the 5 resources of example/demo "
                 "(name them, or match them: include=(\"demo_*\",))", id="NothingSelected"),
    pytest.param('resource_prefix="demo_", include="demo_thing"',
                 "config.py: PROVIDER.include: expected a tuple of str, not str 'demo_thing'", id="StringForATuple"),
    pytest.param('resource_prefix="demo_", include=("demo_thing",), resources={"demo_thing": {"kind": "Thing"}}',
                 "config.py: PROVIDER.resources['demo_thing']: expected Resource, not dict {'kind': 'Thing'}",
                 id="DictForAResource"),
    pytest.param('resource_prefix="demo_", include=("demo_thing",), resources={"demo_thing": Resource(kind=3)}',
                 "config.py: PROVIDER.resources['demo_thing'].kind: expected str or None, not int 3",
                 id="IntForAKindName"),
    pytest.param('resource_prefx="demo_"',
                 "config.py:2: TypeError: Provider.__init__() got an unexpected keyword argument 'resource_prefx'",
                 id="MisspeltField"),
])
def test_a_config_mistake_is_one_line_naming_the_field(tmp_path: Path, fields: str, message: str) -> None:
    """Nothing silent and no traceback: a resource the config names that cannot be generated, a selection of
    nothing, a wrong prefix or a value of the wrong type each stop generate with one line that says where."""
    pdir = write_provider(tmp_path, _PROVIDER.format(fields=fields), _with_unusable_resources())
    result = CliRunner().invoke(cli, ["generate", str(pdir)])
    assert result.exit_code == 1, result.output
    (line,) = result.output.splitlines()
    assert line.startswith(f"error: {pdir}/config.py") and line.endswith(message), line
    assert not (pdir / "crds").exists()


def test_a_pattern_leaves_out_what_the_rules_leave_out_and_the_catalogue_says_why(tmp_path: Path) -> None:
    pdir = write_provider(tmp_path, _PROVIDER.format(fields='resource_prefix="demo_", include=("demo_*",)'),
                          _with_unusable_resources())
    result = CliRunner().invoke(cli, ["generate", str(pdir), "--no-summary"])
    assert result.exit_code == 0, result.output
    excluded = {e["type"]: e["reason"] for e in yaml.safe_load((pdir / pipeline.CATALOGUE).read_text())["excluded"]}
    assert excluded == {"demo_noid": "NoID", "demo_upload": "ReadsLocalFiles"}


def _files(pdir: Path) -> dict[Path, bytes]:
    """The tree's files, without the bytecode Python caches when it imports the config (where the
    environment lets it): the interpreter's, not anything the generator writes."""
    return {p: p.read_bytes() for p in pdir.rglob("*") if p.is_file() and "__pycache__" not in p.parts}


def test_generate_replaces_stale_generated_files_and_keeps_hand_written_ones(tmp_path: Path) -> None:
    pdir = write_provider(tmp_path, config(resources='{"demo_network": Resource(short_group="network")}'),
                          synthetic.document())
    (pdir / "crds").mkdir()
    (pdir / "crds" / "stale.yaml").write_text("stale: true\n")
    result = CliRunner().invoke(cli, ["generate", str(pdir)])
    assert result.exit_code == 0, result.output
    assert not (pdir / "crds" / "stale.yaml").exists()
    assert (pdir / "crds" / "network" / "network.demo.tfbridge.io_networks.yaml").exists()
    assert (pdir / "families" / "network" / "kustomization.yaml").exists()
    assert (pdir / pipeline.CATALOGUE).exists()
    assert (pdir / "config.py").exists() and (pdir / "schema.json").exists()
    assert not [p for p in pdir.iterdir() if p.name.startswith(".tfbridge-")], "staging directories are removed"
    assert "4 kinds" in result.output, "two resources, each served cluster-scoped and namespaced"


def test_the_runtime_loads_a_provider_package_from_its_config_and_schema(tmp_path: Path) -> None:
    """No generated code: a package with config.py and its schema is a provider the runtime can run."""
    pkg = tmp_path / "pkgs"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    pdir = write_provider(pkg, config(), synthetic.document())
    (pdir / "__init__.py").write_text("")
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from bridge.api import registry; "
            "p = registry.load('pkgs.demo'); print(sorted(k.kind for k in p.kinds), p.by_type('demo_thing').digest)")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, cwd=ROOT)
    generated = pipeline.generate(pipeline.load_config(pdir), pipeline.load_schema(pdir, pipeline.load_config(pdir)))
    crd = yaml.safe_load(next(t for p, t in generated.files.items() if p.endswith("_things.yaml")))
    kinds, digest = out.stdout.strip().rsplit(" ", 1)
    assert kinds == "['Network', 'Network', 'Thing', 'Thing']", out.stderr  # both scopes
    assert crd["metadata"]["labels"]["tfbridge.io/schema-digest"] == digest, \
        "the runtime computes the digest the CRD is labelled with"


@pytest.mark.parametrize("tf_type", [k.config.tf_type for k in AWS_PACKAGE.kinds])
def test_runtime_digest_is_the_label_on_the_generated_crd(tf_type: str) -> None:
    kind = AWS_PACKAGE.by_type(tf_type)
    crd = yaml.load((AWS / "crds" / kind.config.short_group / f"{kind.config.group}_"
                     f"{kind.config.plural}.yaml").read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    assert crd["metadata"]["labels"]["tfbridge.io/schema-digest"] == kind.digest


def test_ensure_regenerates_only_when_an_input_changed(tmp_path: Path) -> None:
    pdir = write_provider(tmp_path, config(), synthetic.document())
    assert pipeline.ensure(pdir) is True
    assert (pdir / "crds" / "kustomization.yaml").exists() and not (pdir / pipeline.CATALOGUE).exists(), \
        "the committed catalogue is tfbridge generate's to write"
    assert pipeline.ensure(pdir) is False
    (pdir / "config.py").write_text(config(include='"demo_thing", "demo_network", "demo_unused"'))
    assert pipeline.ensure(pdir) is True
    # A resource of one word is in the provider's own group, as upjet's.
    assert (pdir / "crds" / "demo" / "demo.demo.tfbridge.io_unuseds.yaml").exists()
    # Facts kept in a subpackage of the provider (the AWS catalogue's modules) are inputs too.
    (pdir / "catalog").mkdir()
    (pdir / "catalog" / "facts.py").write_text("FACTS = 1\n")
    assert pipeline.ensure(pdir) is True
    assert pipeline.ensure(pdir) is False
    (pdir / "catalog" / "facts.py").write_text("FACTS = 2\n")
    assert pipeline.ensure(pdir) is True
    # So are the data files of the provider's own directories (the AWS catalogue's YAML).
    (pdir / "catalog" / "demo.yaml").write_text("demo_thing: {}\n")
    assert pipeline.ensure(pdir) is True
    assert pipeline.ensure(pdir) is False


DOCS_PAGE = """---
page_title: "Demo: demo_thing"
---

# Resource: demo_thing

Manages a thing, as its documentation says.

## Argument Reference

* `size` - (Optional) Size of the thing, in units.
* `list_b` - (Required) A list block. See [List B](#list-b) below.

### List B

* `port` - (Required) Port of one element.
"""


def test_schema_docs_stores_the_pages_texts_and_generate_puts_them_in_the_crds(tmp_path: Path) -> None:
    pdir = write_provider(tmp_path, config(), synthetic.document())
    pages = tmp_path / "repo" / "website" / "docs" / "r"
    pages.mkdir(parents=True)
    (pages / "thing.html.markdown").write_text(DOCS_PAGE)
    result = CliRunner().invoke(cli, ["schema", "docs", str(pdir), "--docs-dir", str(tmp_path / "repo"),
                                      "--source", "demo docs v1"])
    assert result.exit_code == 0, result.output
    assert "1 of 3 resources described from 1 pages" in result.output
    stored = (pdir / tfdocs.DOCS_FILE).read_bytes()
    again = CliRunner().invoke(cli, ["schema", "docs", str(pdir), "--docs-dir", str(tmp_path / "repo"),
                                     "--source", "demo docs v1"])
    assert again.exit_code == 0 and (pdir / tfdocs.DOCS_FILE).read_bytes() == stored, "reproducible bytes"
    assert tfdocs.loads(stored).source == "demo docs v1"
    assert pipeline.ensure(pdir) is True
    crd = yaml.safe_load((pdir / "crds/demo/demo.demo.tfbridge.io_things.yaml").read_text())["spec"]["versions"][0]
    for_provider = crd["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"]["forProvider"]["properties"]
    assert for_provider["size"]["description"] == "Size of the thing, in units."
    assert for_provider["listB"]["items"]["properties"]["port"]["description"] == "Port of one element."
    # The schema describes the kind itself ("A thing."): its own words win over the page's.
    assert crd["schema"]["openAPIV3Schema"]["description"] == "A thing."
    (pdir / tfdocs.DOCS_FILE).write_bytes(b"garbage")
    with pytest.raises(pipeline.GenerationError, match=f"{tfdocs.DOCS_FILE}: cannot read"):
        pipeline.ensure(pdir)  # the descriptions are an input: changed, they are read again
    broken = CliRunner().invoke(cli, ["generate", str(pdir)])
    assert broken.exit_code == 1 and f"{tfdocs.DOCS_FILE}: cannot read" in broken.output


def test_schema_docs_refuses_a_directory_without_pages(tmp_path: Path) -> None:
    pdir = write_provider(tmp_path, config(), synthetic.document())
    result = CliRunner().invoke(cli, ["schema", "docs", str(pdir), "--docs-dir", str(tmp_path)])
    assert result.exit_code != 0 and "no resource pages" in result.output
    assert not (pdir / tfdocs.DOCS_FILE).exists()


@pytest.mark.terraform
def test_schema_refresh_reproduces_the_committed_schema(tmp_path: Path, terraform_bin: str,
                                                        plugin_dir: Path) -> None:
    pdir = tmp_path / "aws"
    pdir.mkdir()
    shutil.copy(AWS / "config.py", pdir / "config.py")
    shutil.copy(AWS / "import_probe.json", pdir / "import_probe.json")
    shutil.copytree(AWS / "catalog", pdir / "catalog")
    result = CliRunner().invoke(cli, ["schema", "refresh", str(pdir), "--plugin-dir", str(plugin_dir),
                                      "--terraform", terraform_bin])
    assert result.exit_code == 0, result.output
    assert (pdir / "schema.json.gz").read_bytes() == (AWS / "schema.json.gz").read_bytes()
