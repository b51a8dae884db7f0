"""``tfbridge schema refresh``: re-read a provider's schema from its plugin, reproducibly compressed;
``tfbridge schema probe-imports``: measure what import ID each resource's importer expects."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import click

import tfproject
from bridge.tfexec.plugins import cli_config
from bridge.tfplugin.provider import Provider
from bridge.workspace.document import ProviderBlock, build
from codegen import pipeline
from tfbridge import probe
from tfschema import docs as tfdocs
from tfschema import registrydocs
from tfschema import schema as s


@click.group()
def schema() -> None:
    """Provider schema commands."""


def from_plugin(name: str, source: str, version: str, plugin_dir: Path | None, terraform: str) -> Any:
    """``terraform providers schema -json`` of the provider ``source`` at ``version`` (by its local
    ``name``), from the plugin mirror ``plugin_dir`` or the registry."""
    with tempfile.TemporaryDirectory(prefix="tfbridge-schema-") as work:
        wd = Path(work)
        (wd / "cli.tfrc").write_text(cli_config(plugin_dir))
        main = build(ProviderBlock(name, source, version))
        (wd / "main.tf.json").write_text(json.dumps(main))
        env = {**os.environ, "TF_CLI_CONFIG_FILE": str(wd / "cli.tfrc"), "TF_IN_AUTOMATION": "1",
               "CHECKPOINT_DISABLE": "1"}
        for args in (["init", "-input=false", "-no-color", "-backend=false"], ["providers", "schema", "-json"]):
            try:
                proc = subprocess.run([terraform, *args], cwd=wd, env=env, capture_output=True, timeout=600)
            except OSError as exc:
                raise click.ClickException(f"cannot run {terraform}: {exc}") from exc
            if proc.returncode != 0:
                raise click.ClickException(f"terraform {' '.join(args)} failed: "
                                           f"{proc.stderr.decode(errors='replace')[-2000:]}")
        return json.loads(proc.stdout)


PLUGIN_DIR = click.option("--plugin-dir", type=click.Path(file_okay=False, path_type=Path),
                          default=lambda: os.environ.get("TFBRIDGE_PLUGIN_DIR") or None,
                          help="Filesystem mirror of provider plugins [env TFBRIDGE_PLUGIN_DIR]; default: the "
                               "registry.")
TERRAFORM = click.option("--terraform", default=lambda: os.environ.get("TFBRIDGE_TERRAFORM", "terraform"),
                         show_default="terraform", help="The terraform binary [env TFBRIDGE_TERRAFORM].")


@schema.command()
@click.argument("provider_dir", type=click.Path(file_okay=False, exists=True, path_type=Path))
@PLUGIN_DIR
@TERRAFORM
def refresh(provider_dir: Path, plugin_dir: Path | None, terraform: str) -> None:
    """Run `terraform providers schema -json` for the provider and store it beside its config (PROVIDER_DIR:
    the provider package's directory or its project's root)."""
    try:
        loaded = tfproject.load(provider_dir)
    except tfproject.LoadError as exc:
        raise click.ClickException(str(exc)) from exc
    provider = loaded.provider
    document = from_plugin(provider.name, provider.source, provider.version, plugin_dir, terraform)
    s.parse(document, provider.registry_source, origin="terraform providers schema -json")
    target = loaded.schema_path
    s.write_document(document, target)
    click.echo(f"wrote {target} ({target.stat().st_size} bytes)")


@schema.command("docs")
@click.argument("provider_dir", type=click.Path(file_okay=False, exists=True, path_type=Path))
@click.option("--docs-dir", type=click.Path(file_okay=False, exists=True, path_type=Path), required=True,
              help="The provider's documentation: a checkout of its repository (website/docs/r/ or "
                   "docs/resources/ in it), or such a directory itself.")
@click.option("--source", default="", help="What the pages are (repository and version), recorded in the file.")
def docs(provider_dir: Path, docs_dir: Path, source: str) -> None:
    """Read the provider's resource pages and store their descriptions in PROVIDER_DIR/docs.json.gz.

    Pages in the Terraform Registry's layout: a `# Resource: <type>` title and first paragraph,
    `## Argument Reference` and `## Attribute Reference` lists, nested blocks below them. Each text
    is matched to a path of the provider's schema (only paths the schema has are kept) and cut to its
    first paragraph; `tfbridge generate` puts them into the CRDs.
    """
    try:
        provider = pipeline.load_config(provider_dir)
        doc = pipeline.load_schema(provider_dir, provider)
    except (pipeline.GenerationError, s.SchemaError) as exc:
        raise click.ClickException(str(exc)) from exc
    pages = registrydocs.read_pages(docs_dir)
    if not pages:
        raise click.ClickException(f"{docs_dir}: no resource pages ({', '.join(registrydocs.PAGE_DIRS)}, or "
                                   f"*.md / *.markdown files with a '# Resource:' title)")
    built = tfdocs.build(pages, doc, source)
    target = provider_dir / tfdocs.DOCS_FILE
    target.write_bytes(tfdocs.dumps(built))
    before = tfdocs.catalogue_coverage(provider, doc, None)
    after = tfdocs.catalogue_coverage(provider, doc, built)
    click.echo(f"wrote {target} ({target.stat().st_size:,} bytes): {len(built.resources)} of {len(doc.resources)} "
               f"resources described from {len(pages)} pages; forProvider fields described: {after.described:,} "
               f"of {after.fields:,} ({after.share:.1%}; without the pages {before.share:.1%})")


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
