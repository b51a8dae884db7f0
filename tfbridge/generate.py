"""``tfbridge generate``: a provider config + schema → a provider tree, with progress and a summary."""

from __future__ import annotations

import os
import time
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

import tfproject
from codegen import pipeline
from tfconfig import ConfigError
from tfschema import docs as tfdocs
from tfschema import schema as s


@click.command()
@click.argument("provider_ref", metavar="PROVIDER")
@click.option("--schema", "schema_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Schema JSON (.json or .json.gz); default: the config's schema_file beside it.")
@click.option("--output", type=click.Path(file_okay=False, path_type=Path),
              help="Write the tree here instead of where PROVIDER is (needed for an installed provider's name).")
@click.option("--jobs", type=int, default=min(2, os.cpu_count() or 1), show_default=True,
              help="Worker processes for large providers.")
@click.option("--summary/--no-summary", default=True, show_default=True, help="Print a table of the kinds.")
def generate(provider_ref: str, schema_path: Path | None, output: Path | None, jobs: int, summary: bool) -> None:
    """Generate the catalogue, CRDs, examples and deployables (whole provider and per-group families) for
    PROVIDER: a provider package's directory (providers/aws), a provider project's root (what `tfbridge init`
    makes), or an installed provider's name. A path needs a `/` (./my-provider); a bare word is a name."""
    console = Console(stderr=True)
    started = time.monotonic()
    try:
        loaded = tfproject.load(provider_ref)
        target = output or loaded.location.root
        if target is None:
            raise click.UsageError(f"{provider_ref} is an installed provider ({loaded.directory}): give --output")
        provider, origin = loaded.provider, loaded.origin
        doc = loaded.document(schema_path)
        total = len(pipeline.plan(provider, doc, origin=origin).included)
        columns = (TextColumn("[bold]generating"), BarColumn(), MofNCompleteColumn(),
                   TextColumn("{task.description}"), TimeElapsedColumn())
        with Progress(*columns, console=console, transient=True) as bar:
            task = bar.add_task("", total=total)

            def advance(tf_type: str) -> None:
                bar.update(task, advance=1, description=tf_type)

            generated = pipeline.generate(provider, doc, jobs=jobs, progress=advance, origin=origin,
                                          docs=pipeline.load_docs(loaded.directory))
        if generated.violations:
            raise pipeline.GenerationError("non-structural CRD schema:\n  " + "\n  ".join(generated.violations[:20]))
        pipeline.write_tree(target, generated)
        if output is None and schema_path is None:
            (target / pipeline.STAMP).write_text(pipeline.inputs_digest(loaded))
    except (pipeline.GenerationError, s.SchemaError, ConfigError, tfproject.LoadError) as exc:
        # Plain echo: a rich console would wrap the file and JSON path across lines.
        click.echo(f"error: {exc}", err=True)
        raise SystemExit(1) from exc
    if summary:
        table = Table(title=f"{provider.name}: {len(generated.kinds)} kinds")
        for col in ("group", "kind", "version", "terraform type", "forProvider", "atProvider", "CRD KiB"):
            table.add_column(col)
        for k in generated.kinds:
            table.add_row(k.group, k.kind, k.version, k.tf_type, str(k.parameters), str(k.observations),
                          f"{k.crd_bytes / 1024:.0f}")
        Console().print(table)
    crd_bytes = sum(len(text.encode()) for path, text in generated.files.items() if path.startswith("crds/"))
    described = sum((k.for_provider for k in generated.kinds), tfdocs.Coverage())
    Console().print(f"{provider.name}: {len(generated.kinds)} kinds, {len(generated.catalogue.excluded)} resources "
                    f"left out (see {pipeline.CATALOGUE}); {len(generated.files)} files ({crd_bytes / 2**20:.1f} MiB "
                    f"of CRDs) written to {target} in {time.monotonic() - started:.1f}s; "
                    f"{described.described:,} of {described.fields:,} forProvider fields described "
                    f"({described.share:.1%})")
