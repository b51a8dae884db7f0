"""Finding a provider package: by the path of its directory or project, or by its installed name."""

from __future__ import annotations

import dataclasses
import importlib.metadata
import importlib.util
import tomllib
from pathlib import Path

# The entry point group a distribution registers its providers in: ``name = "package"``.
ENTRY_POINT_GROUP = "tfbridge.providers"
CONFIG = "config.py"
PROJECT = "pyproject.toml"


class LoadError(ValueError):
    """The provider cannot be found or loaded; the message is one line naming the file, entry or field."""


@dataclasses.dataclass(frozen=True)
class Location:
    # The package's directory: config.py, the schema, catalog/.
    directory: Path
    # Its dotted name, when it is importable from that directory; "": loaded from its file alone.
    module: str
    # Where its generated tree goes unless told otherwise: the directory or project it was found by
    # (None when found by name: an installed package's directory is no place to write to).
    root: Path | None


def installed() -> dict[str, str]:
    """Every provider the installed distributions register: entry point name → package."""
    out: dict[str, str] = {}
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        out.setdefault(entry.name, entry.module)
    return dict(sorted(out.items()))


def find(ref: str | Path) -> Location:
    """A :class:`Path`, or a string with a ``/`` or starting with ``.``, is a path; any other string is a
    name. A bare word is never read as a directory, so what the working directory holds cannot change
    which provider runs."""
    if isinstance(ref, Path) or "/" in ref or ref.startswith("."):
        return _at_path(Path(ref))
    return _by_name(ref)


def _by_name(name: str) -> Location:
    modules = sorted({e.module for e in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP) if e.name == name})
    if len(modules) > 1:
        raise LoadError(f"provider {name!r}: several installed distributions register it in {ENTRY_POINT_GROUP} "
                        f"({', '.join(modules)})")
    if modules:
        module = modules[0]
    elif "." in name:
        module = name
    else:
        have = ", ".join(installed()) or "none"
        here = f"; for the directory {name}, write ./{name}" if Path(name).is_dir() else ""
        raise LoadError(f"provider {name!r}: no installed distribution registers it in the {ENTRY_POINT_GROUP} "
                        f"entry point group (installed: {have}); install the provider project, or give its "
                        f"path{here}")
    directory = _package_directory(module)
    if directory is None:
        raise LoadError(f"provider {name!r}: {module} is not an importable package directory")
    return Location(directory, module, None)


def _at_path(path: Path) -> Location:
    if (path / CONFIG).is_file():
        return Location(path, _importable_name(path), path)
    if not (path / PROJECT).is_file():
        raise LoadError(f"{path}: neither a provider package ({CONFIG}) nor a provider project ({PROJECT})")
    registered = _project_entry_points(path / PROJECT)
    modules = sorted(set(registered.values()))
    if not modules:
        raise LoadError(f"{path / PROJECT}: registers no provider ([project.entry-points.\"{ENTRY_POINT_GROUP}\"])")
    if len(modules) > 1:
        raise LoadError(f"{path / PROJECT}: registers several providers ({', '.join(modules)}): give the path of "
                        f"one package's directory")
    module = modules[0]
    for base in (path, path / "src"):
        directory = base.joinpath(*module.split("."))
        if (directory / CONFIG).is_file():
            return Location(directory, module if _package_directory(module) == directory.resolve() else "", path)
    raise LoadError(f"{path / PROJECT}: {ENTRY_POINT_GROUP} names {module}, which has no {CONFIG} under {path}")


def _project_entry_points(pyproject: Path) -> dict[str, str]:
    try:
        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise LoadError(f"{pyproject}: {exc}") from exc
    group = data.get("project", {}).get("entry-points", {}).get(ENTRY_POINT_GROUP, {})
    if not isinstance(group, dict) or not all(isinstance(v, str) for v in group.values()):
        raise LoadError(f"{pyproject}: [project.entry-points.\"{ENTRY_POINT_GROUP}\"]: name = \"package\" entries")
    return {name: value.split(":", 1)[0].strip() for name, value in group.items()}


def _importable_name(directory: Path) -> str:
    """The dotted name ``directory`` is imported by (its parents' ``__init__.py`` make the chain), if
    importing that name finds this very directory; "" otherwise."""
    parts: list[str] = []
    here = directory.resolve()
    while (here / "__init__.py").is_file():
        parts.insert(0, here.name)
        here = here.parent
    if not parts:
        return ""
    module = ".".join(parts)
    return module if _package_directory(module) == directory.resolve() else ""


def _package_directory(module: str) -> Path | None:
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    return Path(locations[0]).resolve() if locations else None
