import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from codegen import pipeline
from codegen import schema as s
from tests.codegen import synthetic
from tfbridge.cli import cli

ROOT = Path(__file__).resolve().parents[2]
AWS = ROOT / "providers" / "aws"


def generate_aws(jobs: int = 1, provider_dir: Path = AWS) -> pipeline.Generated:
    provider = pipeline.load_config(provider_dir)
    return pipeline.generate(provider, s.load(provider_dir / provider.schema_file, provider.registry_source),
                             jobs=jobs, families=pipeline.family_mode(provider_dir))


PROVIDER_DIRS = sorted(p.parent for p in (ROOT / "providers").glob("*/config.py"))


@pytest.mark.parametrize("provider_dir", PROVIDER_DIRS, ids=[p.name for p in PROVIDER_DIRS])
def test_committed_provider_matches_the_generator(provider_dir: Path) -> None:
    want = generate_aws(provider_dir=provider_dir).files
    have = pipeline.read_tree(provider_dir)
    stale = sorted(set(have) - set(want))
    missing = sorted(set(want) - set(have))
    changed = sorted(p for p in set(want) & set(have) if want[p] != have[p])
    assert (stale, missing, changed) == ([], [], []), f"run `tfbridge generate {provider_dir}` and commit"


def test_generation_is_byte_identical_run_to_run() -> None:
    assert generate_aws().files == generate_aws().files


def test_parallel_generation_equals_serial() -> None:
    provider = synthetic.provider(include=("demo_*",), resources={})
    many = synthetic.document()
    resources = many["provider_schemas"][synthetic.SOURCE]["resource_schemas"]
    for i in range(60):
        resources[f"demo_extra_{i:02d}"] = {"version": 0, "block": synthetic.thing_block()}
    parsed = s.parse(many, synthetic.SOURCE)
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
        pytest.param(config(), {"format_version": "1.0", "provider_schemas": {synthetic.SOURCE: {
            "resource_schemas": {"demo_thing": {"block": {"attributes": {"a": {"type": 5, "optional": True}}}}}}}},
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
    before = {p: p.read_bytes() for p in pdir.rglob("*") if p.is_file()}
    result = CliRunner().invoke(cli, ["generate", str(pdir)])
    assert result.exit_code == 1
    assert message in " ".join(result.output.split()), result.output
    assert {p: p.read_bytes() for p in pdir.rglob("*") if p.is_file()} == before, "no half tree"


def test_generate_replaces_stale_generated_files_and_keeps_hand_written_ones(tmp_path: Path) -> None:
    pdir = write_provider(tmp_path, config(resources='{"demo_network": Resource(short_group="network")}'),
                          synthetic.document())
    (pdir / "crds").mkdir()
    (pdir / "crds" / "stale.yaml").write_text("stale: true\n")
    result = CliRunner().invoke(cli, ["generate", str(pdir)])
    assert result.exit_code == 0, result.output
    assert not (pdir / "crds" / "stale.yaml").exists()
    assert (pdir / "crds" / "network.demo.tfbridge.io_networks.yaml").exists()
    assert (pdir / "config.py").exists() and (pdir / "schema.json").exists()
    assert not [p for p in pdir.iterdir() if p.name.startswith(".tfbridge-")], "staging directories are removed"
    assert "2 kinds" in result.output


def test_generated_registry_imports(tmp_path: Path) -> None:
    pdir = write_provider(tmp_path, config(), synthetic.document())
    assert CliRunner().invoke(cli, ["generate", str(pdir)]).exit_code == 0
    (tmp_path / "__init__.py").write_text("")
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from demo import zz_registry as r; "
            "print(sorted(k.kind for k in r.KINDS))")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "['Network', 'Thing']", out.stderr


@pytest.mark.terraform
def test_schema_refresh_reproduces_the_committed_schema(tmp_path: Path, terraform_bin: str,
                                                        plugin_dir: Path) -> None:
    pdir = tmp_path / "aws"
    pdir.mkdir()
    shutil.copy(AWS / "config.py", pdir / "config.py")
    result = CliRunner().invoke(cli, ["schema", "refresh", str(pdir), "--plugin-dir", str(plugin_dir),
                                      "--terraform", terraform_bin])
    assert result.exit_code == 0, result.output
    assert (pdir / "schema.json.gz").read_bytes() == (AWS / "schema.json.gz").read_bytes()
