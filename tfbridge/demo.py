"""``tfbridge demo``: the README's first command. Today: regenerate providers/aws and show the result."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from codegen import pipeline
from codegen import schema as s

PROVIDERS = Path(__file__).resolve().parent.parent / "providers"


@click.command()
@click.option("--provider-dir", type=click.Path(file_okay=False, path_type=Path), default=PROVIDERS / "aws",
              show_default=True)
def demo(provider_dir: Path) -> None:
    """Generate the AWS provider and print what was generated."""
    console = Console()
    provider = pipeline.load_config(provider_dir)
    schema = s.load(provider_dir / provider.schema_file, provider.registry_source)
    before = pipeline.read_tree(provider_dir)
    generated = pipeline.generate(provider, schema, origin=str(provider_dir / "config.py"))
    pipeline.write_tree(provider_dir, generated)
    table = Table(title=f"{provider.source} {provider.version} → {provider.root_group}")
    for col in ("kind", "apiVersion", "terraform type", "external name", "CRD"):
        table.add_column(col)
    for k in generated.kinds:
        res = provider.resolve(k.tf_type)
        table.add_row(k.kind, res.api_version, k.tf_type, res.external_name.strategy.value,
                      f"crds/{res.group}_{res.plural}.yaml")
    console.print(table)
    counts = {root: sum(1 for p in generated.files if p.split("/")[0] == root) for root in ("crds", "apis", "examples")}
    same = "unchanged" if before == generated.files else "updated"
    console.print(f"{len(generated.files)} files in {provider_dir} ({same}): {counts['crds']} CRDs, "
                  f"{counts['apis']} model modules, {counts['examples']} examples, and zz_registry.py. "
                  f"All {len(generated.kinds)} managed CRDs are structural: {not generated.violations}.")
