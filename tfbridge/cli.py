"""Entry point of the ``tfbridge`` command; each subcommand lives in its own module."""

from __future__ import annotations

import click

from tfbridge import conformance as conformance_cmd
from tfbridge import demo as demo_cmd
from tfbridge import dev as dev_cmd
from tfbridge import generate as generate_cmd
from tfbridge import init as init_cmd
from tfbridge import run as run_cmd
from tfbridge import schema as schema_cmd
from tfbridge import workspaces as workspaces_cmd


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def cli() -> None:
    """tfbridge turns a Terraform provider into a Kubernetes provider."""


cli.add_command(conformance_cmd.conformance)
cli.add_command(demo_cmd.demo)
cli.add_command(dev_cmd.dev)
cli.add_command(run_cmd.run)
cli.add_command(generate_cmd.generate)
cli.add_command(init_cmd.init)
cli.add_command(schema_cmd.schema)
cli.add_command(workspaces_cmd.workspaces)


def main() -> None:
    cli()
