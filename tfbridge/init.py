"""``tfbridge init``: a standalone provider project, ready for ``tfbridge generate`` with no edit.

The project is a Python distribution of its own: its package holds ``config.py``, the provider's
schema and ``catalog/`` (the per-group data files), and registers itself in the ``tfbridge.providers``
entry point group, so that ``tfbridge run --provider NAME`` finds it once installed. Beside it: a
README, a Makefile (generate, test, image, package), a Dockerfile of the same design as tfbridge's own
and tests of the generated tree. The files come from ``templates/scaffold/``.
"""

from __future__ import annotations

import importlib.metadata
import json
import re
from pathlib import Path
from typing import Any

import click

from codegen import render
from tfbridge import schema as schema_cmd
from tfschema import schema as s

# The base image and terraform release of the image; tests/deploy checks they are the repository
# Dockerfile's own, so that every provider image is built on the same verified parts.
PYTHON_IMAGE = "python:3.11.13-slim-bookworm@sha256:86adf8dbadc3d6e82ee5dd2c74bec2e1c2467cdad47886280501df722372d2e1"
TERRAFORM_VERSION = "1.11.4"
# A provider's name is its Terraform local name: the first word of its resource types.
_NAME = re.compile(r"^[a-z][a-z0-9]*$")
_GROUP = re.compile(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)+$")
SCHEMA_FILE = "schema.json.gz"
DATA = "catalog"

# Project file → its template in templates/scaffold/ ({package} is the provider's Python package).
FILES = {
    "pyproject.toml": "pyproject.toml.j2",
    "README.md": "README.md.j2",
    "Makefile": "Makefile.j2",
    "Dockerfile": "Dockerfile.j2",
    ".dockerignore": "dockerignore.j2",
    ".gitignore": "gitignore.j2",
    "{package}/__init__.py": "package_init.py.j2",
    "{package}/config.py": "config.py.j2",
    f"{{package}}/{DATA}/README.md": "catalog_README.md.j2",
    "tests/test_provider.py": "test_provider.py.j2",
}


def tfbridge_version() -> str:
    return importlib.metadata.version("tfbridge")


def namespaced_group(root_group: str) -> str:
    """``aws.tfbridge.io`` → ``aws.m.tfbridge.io``: the root group of the namespaced twins, as upjet's."""
    first, rest = root_group.split(".", 1)
    return f"{first}.m.{rest}"


def resource_prefix(document: Any, registry_source: str, origin: str) -> str:
    """The word every resource type of the schema begins with, and its ``_``."""
    types = sorted(s.parse(document, registry_source, origin=origin).resources)
    if not types:
        raise click.ClickException(f"{origin}: {registry_source} has no resources")
    words = {t.split("_", 1)[0] for t in types}
    if len(words) != 1:
        raise click.ClickException(f"{origin}: the resource types of {registry_source} begin with several words "
                                   f"({', '.join(sorted(words))}); tfbridge takes one prefix per provider")
    return f"{words.pop()}_"


def files(context: dict[str, Any]) -> dict[str, str]:
    """Every file of the project but the schema: path → text."""
    return {path.format(package=context["package"]): render.render(f"scaffold/{template}", **context)
            for path, template in FILES.items()}


@click.command()
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--source", required=True, help="The Terraform provider: NAMESPACE/NAME (hashicorp/random), or "
                                                "HOST/NAMESPACE/NAME.")
@click.option("--version", "provider_version", required=True,
              help="The provider's version (empty for a provider built into terraform).")
@click.option("--schema", "schema_path", type=click.Path(dir_okay=False, exists=True, path_type=Path),
              help="The provider's `terraform providers schema -json` (.json or .json.gz); default: ask the plugin.")
@click.option("--name", help="The provider's name: its Terraform local name, entry point and package suffix; "
                             "default: NAME of --source.")
@click.option("--root-group", help="The API group every kind's group ends with; default: NAME.tfbridge.io.")
@click.option("--registry", default="xpkg.example.com/tfbridge", show_default=True,
              help="Where the Crossplane packages are pushed (registry host and organisation).")
@schema_cmd.PLUGIN_DIR
@schema_cmd.TERRAFORM
def init(directory: Path, source: str, provider_version: str, schema_path: Path | None, name: str | None,
         root_group: str | None, registry: str, plugin_dir: Path | None, terraform: str) -> None:
    """Make a provider project in DIRECTORY for the Terraform provider --source at --version:
    `tfbridge generate DIRECTORY` then works with no edit."""
    parts = source.split("/")
    if len(parts) not in (2, 3) or not all(parts):
        raise click.BadParameter("NAMESPACE/NAME or HOST/NAMESPACE/NAME", param_hint="--source")
    name = name or parts[-1].removeprefix("terraform-provider-")
    if not _NAME.match(name):
        raise click.BadParameter(f"{name!r}: lower-case letters and digits, starting with a letter",
                                 param_hint="--name")
    registry_source = source if len(parts) == 3 else f"registry.terraform.io/{source}"
    builtin = registry_source.startswith("terraform.io/builtin/")
    if not provider_version and not builtin:
        raise click.BadParameter("a version is needed (only a provider built into terraform has none)",
                                 param_hint="--version")
    root_group = root_group or f"{name}.tfbridge.io"
    if not _GROUP.match(root_group):
        raise click.BadParameter(f"{root_group!r} is not a DNS subdomain of two labels or more",
                                 param_hint="--root-group")
    if directory.exists() and any(directory.iterdir()):
        raise click.ClickException(f"{directory}: not empty; tfbridge init writes into a new or empty directory")
    try:
        if schema_path is not None:
            document, origin = s.read_document(schema_path), str(schema_path)
        else:
            document, origin = schema_cmd.from_plugin(name, source, provider_version, plugin_dir, terraform), source
        prefix = resource_prefix(document, registry_source, origin)
    except (s.SchemaError, OSError, json.JSONDecodeError) as exc:
        raise click.ClickException(str(exc)) from exc
    package = f"tfbridge_provider_{name}"
    context = {"name": name, "source": source, "version": provider_version, "package": package,
               "distribution": f"tfbridge-provider-{name}", "root_group": root_group,
               "namespaced_root_group": namespaced_group(root_group), "prefix": prefix, "registry": registry,
               "schema_file": SCHEMA_FILE, "data": DATA, "tfbridge_version": tfbridge_version(),
               "python_image": PYTHON_IMAGE, "terraform_version": TERRAFORM_VERSION, "builtin": builtin,
               "image": f"tfbridge-provider-{name}", "image_tag": provider_version or tfbridge_version()}
    for rel, text in files(context).items():
        path = directory / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    s.write_document(document, directory / package / SCHEMA_FILE)
    click.echo(f"made {directory}: the {name} provider ({source} {provider_version or '(built in)'}), package "
               f"{package}. Next:\n  tfbridge generate {directory.as_posix().rstrip('/')}/\n"
               f"  (cd {directory} && make test)")
