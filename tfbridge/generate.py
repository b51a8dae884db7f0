"""``tfbridge generate``: a provider config + schema → a provider tree, with progress and a summary."""

from __future__ import annotations

import os
import time
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from codegen import pipeline
from codegen import schema as s


@click.command()
@click.argument("provider_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--schema", "schema_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Schema JSON (.json or .json.gz); default: the config's schema_file in PROVIDER_DIR.")
@click.option("--output", type=click.Path(file_okay=False, path_type=Path),
              help="Write the tree here instead of PROVIDER_DIR.")
@click.option("--jobs", type=int, default=min(2, os.cpu_count() or 1), show_default=True,
              help="Worker processes for large providers.")
@click.option("--family/--no-family", default=None,
              help="Also split the provider into families: one deployable per API group plus a config "
                   "family (families/). Default: as the existing tree was generated.")
def generate(provider_dir: Path, schema_path: Path | None, output: Path | None, jobs: int,
             family: bool | None) -> None:
    """Generate CRDs, models, a registry and examples for the provider in PROVIDER_DIR."""
    console = Console(stderr=True)
    started = time.monotonic()
    try:
        provider = pipeline.load_config(provider_dir)
        schema = s.load(schema_path or provider_dir / provider.schema_file, provider.registry_source)
        origin = str(provider_dir / "config.py")
        total = len(pipeline.select(provider, schema, origin=origin))
        columns = (TextColumn("[bold]generating"), BarColumn(), MofNCompleteColumn(),
                   TextColumn("{task.description}"), TimeElapsedColumn())
        with Progress(*columns, console=console, transient=True) as bar:
            task = bar.add_task("", total=total)

            def advance(tf_type: str) -> None:
                bar.update(task, advance=1, description=tf_type)

            families = pipeline.family_mode(output or provider_dir) if family is None else family
            generated = pipeline.generate(provider, schema, jobs=jobs, progress=advance, origin=origin,
                                          families=families)
        if generated.violations:
            raise pipeline.GenerationError("non-structural CRD schema:\n  " + "\n  ".join(generated.violations[:20]))
        pipeline.write_tree(output or provider_dir, generated)
    except (pipeline.GenerationError, s.SchemaError) as exc:
        # Plain echo: a rich console would wrap the file and JSON path across lines.
        click.echo(f"error: {exc}", err=True)
        raise SystemExit(1) from exc
    table = Table(title=f"{provider.name}: {len(generated.kinds)} kinds")
    for col in ("group", "kind", "version", "terraform type", "forProvider", "atProvider"):
        table.add_column(col)
    for k in generated.kinds:
        table.add_row(k.group, k.kind, k.version, k.tf_type, str(k.parameters), str(k.observations))
    Console().print(table)
    for k in generated.kinds:
        if k.crd_bytes > pipeline.CRD_SIZE_LIMIT:
            click.echo(f"warning: the {k.kind} CRD of {k.tf_type} is {k.crd_bytes / 2**20:.1f} MiB, over etcd's "
                       f"default 1.5 MiB request limit; a real API server will refuse it", err=True)
    Console().print(f"{len(generated.files)} files written to {output or provider_dir} "
                    f"in {time.monotonic() - started:.1f}s")
