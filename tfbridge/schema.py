"""``tfbridge schema refresh``: re-read a provider's schema from its plugin, reproducibly compressed;
``tfbridge schema probe-imports``: measure what import ID each resource's importer expects."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path

import click

from bridge.tfexec.plugins import cli_config
from bridge.tfplugin.provider import Provider
from bridge.workspace.document import ProviderBlock, build
from codegen import pipeline
from tfbridge import probe
from tfschema import schema as s


@click.group()
def schema() -> None:
    """Provider schema commands."""


@schema.command()
@click.argument("provider_dir", type=click.Path(file_okay=False, exists=True, path_type=Path))
@click.option("--plugin-dir", type=click.Path(file_okay=False, path_type=Path),
              default=lambda: os.environ.get("TFBRIDGE_PLUGIN_DIR"),
              help="Filesystem mirror of provider plugins [env TFBRIDGE_PLUGIN_DIR]; default: the registry.")
@click.option("--terraform", default=lambda: os.environ.get("TFBRIDGE_TERRAFORM", "terraform"),
              show_default="terraform", help="The terraform binary [env TFBRIDGE_TERRAFORM].")
def refresh(provider_dir: Path, plugin_dir: Path | None, terraform: str) -> None:
    """Run `terraform providers schema -json` for the provider and store it in PROVIDER_DIR."""
    try:
        provider = pipeline.load_config(provider_dir)
    except pipeline.GenerationError as exc:
        raise click.ClickException(str(exc)) from exc
    with tempfile.TemporaryDirectory(prefix="tfbridge-schema-") as work:
        wd = Path(work)
        (wd / "cli.tfrc").write_text(cli_config(plugin_dir))
        main = build(ProviderBlock(provider.name, provider.source, provider.version))
        (wd / "main.tf.json").write_text(json.dumps(main))
        env = {**os.environ, "TF_CLI_CONFIG_FILE": str(wd / "cli.tfrc"), "TF_IN_AUTOMATION": "1",
               "CHECKPOINT_DISABLE": "1"}
        for args in (["init", "-input=false", "-no-color", "-backend=false"], ["providers", "schema", "-json"]):
            proc = subprocess.run([terraform, *args], cwd=wd, env=env, capture_output=True, timeout=600)
            if proc.returncode != 0:
                raise click.ClickException(f"terraform {' '.join(args)} failed: "
                                           f"{proc.stderr.decode(errors='replace')[-2000:]}")
        document = json.loads(proc.stdout)
    s.parse(document, provider.registry_source, origin="terraform providers schema -json")
    target = provider_dir / provider.schema_file
    s.write_document(document, target)
    click.echo(f"wrote {target} ({target.stat().st_size} bytes)")


PROBE_FILE = "import_probe.json"


@schema.command("probe-imports")
@click.argument("provider_dir", type=click.Path(file_okay=False, exists=True, path_type=Path))
@click.option("--plugin-dir", type=click.Path(file_okay=False, exists=True, path_type=Path), required=True,
              default=lambda: os.environ.get("TFBRIDGE_PLUGIN_DIR"),
              help="Filesystem mirror holding the provider plugin [env TFBRIDGE_PLUGIN_DIR].")
@click.option("--type", "types", multiple=True, help="Probe only these resource types (repeatable).")
def probe_imports(provider_dir: Path, plugin_dir: Path, types: tuple[str, ...]) -> None:
    """Ask the plugin, without the cloud, what import ID each resource expects; write import_probe.json.

    Every resource of the schema is imported with a probe ID and, where that is rejected, with
    composite shapes; the answers (state attributes carrying the ID, or the error) are stored
    sorted, with the provider version, so the file is reproducible and the catalogue is tested
    against it.
    """
    try:
        provider = pipeline.load_config(provider_dir)
        document = s.read_document(provider_dir / provider.schema_file)
    except (pipeline.GenerationError, OSError) as exc:
        raise click.ClickException(str(exc)) from exc
    all_types = sorted(s.parse(document, provider.registry_source, origin=provider.schema_file).resources)
    unknown = sorted(set(types) - set(all_types))
    if unknown:
        raise click.ClickException(f"not resources of {provider.source}: {', '.join(unknown)}")
    binary = probe.plugin_binary(plugin_dir, provider.registry_source, provider.name, provider.version)
    env = probe.isolated_env(probe.closed_port(), provider.credentials.probe)
    configuration = probe.configuration(provider)

    def start() -> Provider:
        return Provider(binary, env, configuration)

    def progress(tf_type: str, entry: dict[str, object]) -> None:
        click.echo(f"{tf_type}: {entry['probe']}", err=True)

    target = provider_dir / PROBE_FILE
    result = probe.run(types or all_types, start, version=provider.version, source=provider.source,
                       progress=progress)
    if types and target.exists():
        previous = json.loads(target.read_text())
        result["resources"] = {**previous.get("resources", {}), **result["resources"]}
    probe.write(result, target)
    click.echo(f"wrote {target} ({len(result['resources'])} resources)")
