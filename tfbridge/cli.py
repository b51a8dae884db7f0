"""Entry point of the ``tfbridge`` command; each subcommand lives in its own module.

The product's commands are these modules'. Another installed package may add commands through the entry
point group ``tfbridge.commands`` (each entry a click command, named as it is called): the development
package (``dev/``: ``demo``, ``dev apiserver``, ``conformance``) does, so a provider image, which installs no
such package, has none of them, and nothing here imports them.
"""

from __future__ import annotations

import importlib.metadata

import click

from tfbridge import generate as generate_cmd
from tfbridge import init as init_cmd
from tfbridge import run as run_cmd
from tfbridge import schema as schema_cmd
from tfbridge import version
from tfbridge import workspaces as workspaces_cmd

COMMANDS = "tfbridge.commands"


def _added() -> dict[str, importlib.metadata.EntryPoint]:
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=COMMANDS)}


class Commands(click.Group):
    """The product's commands, and those installed packages add (loaded only when one is asked for)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *_added()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = super().get_command(ctx, cmd_name)
        if found is not None:
            return found
        entry = _added().get(cmd_name)
        if entry is None:
            return None
        command = entry.load()
        if not isinstance(command, click.Command):
            raise click.ClickException(f"{entry.value} (entry point {cmd_name!r} of {COMMANDS}) is no click command")
        return command

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None,
                                                                             list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as exc:
            if not _added():
                exc.message += (" (the development commands, demo, dev and conformance, come with the development "
                                "package: pip install -e ./dev in a checkout)")
            raise


def _print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    for line in version.lines():
        click.echo(line)
    ctx.exit()


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_print_version,
              help="Print tfbridge's version, the terraform CLI found and each bundled provider's, and exit.")
def cli() -> None:
    """tfbridge turns a Terraform provider into a Kubernetes provider."""


cli.add_command(run_cmd.run)
cli.add_command(generate_cmd.generate)
cli.add_command(init_cmd.init)
cli.add_command(schema_cmd.schema)
cli.add_command(workspaces_cmd.workspaces)


def main() -> None:
    cli()
