"""``tfbridge schema refresh``: re-read a provider's schema from its plugin, reproducibly compressed."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path

import click

from bridge.tfexec.plugins import cli_config
from bridge.workspace.document import ProviderBlock, build
from codegen import pipeline
from codegen import schema as s


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
