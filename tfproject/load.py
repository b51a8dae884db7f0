"""Loading a provider package: its config, checked against the config's types, its schema and its data."""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import importlib
import importlib.util
import traceback
import types
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tfconfig import Provider
from tfconfig.shipping import REPORT, Evidence, read_report
from tfproject.find import CONFIG, LoadError, Location, find
from tfschema import schema as s

# The directory of a provider's data files (one per API group), beside its config.
DATA = "catalog"
# Files in the provider's directory that are written, not read, by the generator.
_GENERATED_PREFIX = "zz_"


@dataclasses.dataclass(frozen=True)
class Loaded:
    provider: Provider
    location: Location

    @property
    def directory(self) -> Path:
        return self.location.directory

    @property
    def origin(self) -> str:
        """What error messages about the config name: its file."""
        return str(self.directory / CONFIG)

    @property
    def schema_path(self) -> Path:
        return self.directory / self.provider.schema_file

    def document(self, schema: Path | None = None) -> s.Document:
        """The schema (``schema``, or the one beside the config), parsed one resource at a time as asked."""
        return s.load_document(schema or self.schema_path, self.provider.registry_source)

    def inputs(self) -> list[Path]:
        """The hand-written files everything generated is made from: the config and the modules beside
        it, the data files, and the JSON files beside the config (the schema, the import probe's answers,
        the field documentation). Not the conformance report: the runtime reads it (where each kind
        ships, :mod:`tfconfig.shipping`), and nothing generated depends on it."""
        own = [p for p in self.directory.rglob("*.py")
               if not p.name.startswith(_GENERATED_PREFIX) and "__pycache__" not in p.parts]
        data = [p for p in (self.directory / DATA).rglob("*") if p.is_file() and p.suffix != ".py"
                and "__pycache__" not in p.parts]
        beside = [p for p in self.directory.iterdir()
                  if p.is_file() and p.name.endswith((".json", ".json.gz")) and p != self.schema_path]
        return [*sorted(own), *sorted(data), *sorted(beside), self.schema_path]


def load(ref: str | Path) -> Loaded:
    """The provider at a path or of a name (see :func:`tfproject.find.find`). Raises :class:`LoadError`
    with one line naming the file and line, or the config field, that is wrong."""
    location = find(ref)
    path = location.directory / CONFIG
    if not path.is_file():
        raise LoadError(f"{path}: no provider config")
    module = _import(location, path)
    provider = getattr(module, "PROVIDER", None)
    if not isinstance(provider, Provider):
        raise LoadError(f"{path}: PROVIDER must be a tfconfig.Provider")
    check_fields(provider, f"{path}: PROVIDER")
    try:
        evidence = read_report(location.directory / REPORT)
    except (OSError, ValueError) as exc:
        raise LoadError(f"{location.directory / REPORT}: not a conformance report: {_first_line(exc)}") from exc
    return Loaded(_with_evidence(provider, evidence), location)


# One provider value per imported config and version of its report, as the config's module is one: every
# loader shares the kinds it has resolved. Keyed by identity (a Provider holds mappings), the keys' values
# kept alive; the last few only (a config read from its file is a new value each time).
_COMPLETED: dict[tuple[int, int], tuple[Provider, Evidence, Provider]] = {}
_KEPT = 16


def _with_evidence(provider: Provider, evidence: Evidence) -> Provider:
    key = (id(provider), id(evidence))
    if key not in _COMPLETED:
        _COMPLETED[key] = (provider, evidence, provider.with_evidence(evidence))
        while len(_COMPLETED) > _KEPT:
            del _COMPLETED[next(iter(_COMPLETED))]
    return _COMPLETED[key][2]


def _import(location: Location, path: Path) -> types.ModuleType:
    """An importable package's config is imported by its name (once per process, as any module); one
    that is not, from its file, afresh each time."""
    try:
        if location.module:
            return importlib.import_module(f"{location.module}.config")
        name = "_tfbridge_config_" + hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:12]
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    except LoadError:
        raise
    except Exception as exc:
        raise LoadError(f"{_where(exc, location.directory, path)}: {type(exc).__name__}: {_first_line(exc)}") from exc


def _where(exc: BaseException, directory: Path, fallback: Path) -> str:
    """``file:line`` of the provider's own code the error arose in: the last frame in its directory."""
    if isinstance(exc, SyntaxError) and exc.filename:
        return f"{exc.filename}:{exc.lineno}"
    inside = str(directory.resolve())
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if str(Path(f.filename).resolve()).startswith(inside)]
    return f"{frames[-1].filename}:{frames[-1].lineno}" if frames else str(fallback)


def _first_line(exc: BaseException) -> str:
    text = str(exc.msg if isinstance(exc, SyntaxError) else exc).strip()
    return text.splitlines()[0] if text else "(no message)"


def check_fields(value: Any, where: str) -> None:
    """``value``'s dataclass fields against their annotations, recursively through the config's own
    dataclasses: a string where a tuple is expected (``include="x_*"``, which would be read letter by
    letter) fails here, naming the field, before anything reads it."""
    error = _fields_error(value)
    if error is not None:
        raise LoadError(f"{where}{error}")


# Each check returns None, or where below the value it failed and why: the path is written only for the
# value that fails (a large provider's config holds thousands of values).
def _fields_error(value: Any) -> str | None:
    cls: Any = type(value)
    for name, hint in _field_hints(cls):
        error = _error(getattr(value, name), hint)
        if error is not None:
            return f".{name}{error}"
    return None


@functools.cache
def _field_hints(cls: Any) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls) if not f.name.startswith("_"))


@functools.cache
def _shape(hint: Any) -> tuple[Any, tuple[Any, ...]]:
    origin = typing.get_origin(hint)
    return (typing.Union if origin is types.UnionType else origin), typing.get_args(hint)


def _error(value: Any, hint: Any) -> str | None:
    if hint is str:  # most values: the fast path
        return None if isinstance(value, str) else f": expected str, not {_show(value)}"
    origin, args = _shape(hint)
    if origin is typing.Union:
        hint = next((a for a in args if _fits(value, a)), hint)
        origin, args = _shape(hint)
    if not _fits(value, hint):
        return f": expected {_describe(hint)}, not {_show(value)}"
    if origin is tuple and args:
        for i, item in enumerate(value):
            error = _error(item, args[0] if args[-1] is Ellipsis else args[i])
            if error is not None:
                return f"[{i}]{error}"
    elif origin in (Mapping, dict) and len(args) == 2:
        for key, item in value.items():
            error = _error(key, args[0])
            if error is not None:
                return f" key {key!r}{error}"
            error = _error(item, args[1])
            if error is not None:
                return f"[{key!r}]{error}"
    elif _is_dataclass(hint):
        return _fields_error(value)
    return None


@functools.cache
def _is_dataclass(hint: Any) -> bool:
    return isinstance(hint, type) and dataclasses.is_dataclass(hint)


def _fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of ``hint``'s outer type (its elements are checked apart)."""
    if hint is Any:
        return True
    if hint is None or hint is type(None):
        return value is None
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    origin, args = _shape(hint)
    if origin is typing.Union:
        return any(_fits(value, a) for a in args)
    if origin is not None:
        return isinstance(value, origin) if isinstance(origin, type) else True
    return isinstance(value, hint) if isinstance(hint, type) else True


def _describe(hint: Any) -> str:
    origin, args = _shape(hint)
    if hint is type(None) or hint is None:
        return "None"
    if origin is typing.Union:
        return " or ".join(_describe(a) for a in args)
    if origin is tuple:
        return f"a tuple of {_describe(args[0])}" if args else "a tuple"
    if origin in (Mapping, dict):
        return f"a mapping of {_describe(args[0])} to {_describe(args[1])}" if args else "a mapping"
    return getattr(hint, "__name__", str(hint))


def _show(value: Any) -> str:
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 60 else text[:57] + '...'}"
