"""The provider config's reference, written from the config's own types so that it cannot drift.

Every public type of :mod:`tfconfig` a provider author writes is listed: its docstring, and for a
dataclass each field with its annotation as written, its default and the comment written above it (or
beside it) in the source; for an enum its values; for a function its signature and docstring.
``python -m codegen.reference docs/guide/config-reference.md`` writes it; a test fails when the
committed file differs from what this makes.
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import inspect
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tfconfig
from codegen import render

# The types an author writes first; every other public name follows in alphabetical order.
FIRST = ("Provider", "Resource")
# Public names that are not written in a config: what the generator and runtime derive from it, the
# error the config API raises, and helpers of its own naming rules.
DERIVED = frozenset({"ConfigError", "ConfigKind", "ResolvedResource", "camel", "extract_path", "lower_camel",
                     "plural"})


@dataclasses.dataclass(frozen=True)
class Field:
    name: str
    annotation: str
    default: str  # "" when required
    doc: str


@dataclasses.dataclass(frozen=True)
class Entry:
    name: str
    kind: str  # dataclass, enum, function, exception
    signature: str
    doc: str
    fields: tuple[Field, ...] = ()
    values: tuple[tuple[str, str], ...] = ()
    # Methods that return a changed copy (``name_as_identifier().with_get_id(fn)``): signature, docstring.
    methods: tuple[tuple[str, str], ...] = ()


def _doc(obj: Any) -> str:
    """The first paragraph of ``obj``'s own docstring, on one line (a dataclass without one has none: not
    the signature the dataclass decorator writes in its place)."""
    own = obj.__dict__.get("__doc__") if isinstance(obj, type) else obj.__doc__
    if not own or (dataclasses.is_dataclass(obj) and own.startswith(f"{getattr(obj, '__name__', '')}(")):
        return ""
    return " ".join(inspect.cleandoc(own).split("\n\n", 1)[0].split())


def _comments(cls: type) -> dict[str, str]:
    """Field name → the comment block above its line in the class body, or the comment at its end."""
    lines, _ = inspect.getsourcelines(cls)
    tree = ast.parse(textwrap.dedent("".join(lines)))
    body = tree.body[0]
    assert isinstance(body, ast.ClassDef)
    out: dict[str, str] = {}
    for node in body.body:
        if not (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)):
            continue
        row = node.lineno - 1
        above: list[str] = []
        i = row - 1
        while i >= 0 and lines[i].strip().startswith("#"):
            above.insert(0, lines[i].strip().lstrip("#").strip())
            i -= 1
        beside = lines[row].split("  # ", 1)[1].strip() if "  # " in lines[row] else ""
        out[node.target.id] = " ".join([*above, beside]).strip()
    return out


def _annotations(cls: type) -> dict[str, str]:
    """Field name → its annotation as written in the source."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    body = tree.body[0]
    assert isinstance(body, ast.ClassDef)
    return {n.target.id: ast.unparse(n.annotation) for n in body.body
            if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}


def _default(f: dataclasses.Field[Any]) -> str:
    if f.default is not dataclasses.MISSING:
        return f.default.__name__ if inspect.isfunction(f.default) else repr(f.default)
    factory = f.default_factory
    if factory is dataclasses.MISSING:
        return ""
    if factory in (dict, list, tuple):
        return repr(factory())
    return f"{getattr(factory, '__name__', repr(factory))}()"


def _signature(name: str, fn: Callable[..., Any]) -> str:
    """``name(arguments) -> result`` as written in the source (annotations unquoted)."""
    node = ast.parse(textwrap.dedent(inspect.getsource(fn))).body[0]
    assert isinstance(node, ast.FunctionDef)
    result = f" -> {ast.unparse(node.returns)}" if node.returns is not None else ""
    return f"{name}({ast.unparse(node.args)}){result}"


def _dataclass(name: str, cls: type) -> Entry:
    comments, annotations = _comments(cls), _annotations(cls)
    fields = tuple(Field(f.name, annotations.get(f.name, ""), _default(f), comments.get(f.name, ""))
                   for f in dataclasses.fields(cls) if f.init and not f.name.startswith("_"))
    methods = tuple((_signature(m, fn).replace("self, ", "", 1), _doc(fn)) for m, fn in vars(cls).items()
                    if inspect.isfunction(fn) and not m.startswith("_") and fn.__annotations__.get("return") == name)
    return Entry(name, "dataclass", "", _doc(cls), fields=fields, methods=methods)


def _class(name: str, cls: type) -> Entry:
    """A class a provider subclasses: its class attributes (what a subclass sets) and its methods (what a
    subclass overrides)."""
    comments, annotations = _comments(cls), _annotations(cls)
    fields = tuple(Field(n, annotations[n], repr(getattr(cls, n)), comments.get(n, ""))
                   for n in annotations if not n.startswith("_") and hasattr(cls, n))
    methods = tuple((_signature(m, fn).replace("self, ", "", 1).replace("(self)", "()", 1), _doc(fn))
                    for m, fn in vars(cls).items() if inspect.isfunction(fn) and not m.startswith("_"))
    return Entry(name, "class", "", _doc(cls), fields=fields, methods=methods)


def _function(name: str, fn: Callable[..., Any]) -> Entry:
    return Entry(name, "function", _signature(name, fn), _doc(fn))


def entries() -> list[Entry]:
    """Every public type and function of :mod:`tfconfig` an author writes, in the reference's order."""
    names = [n for n in tfconfig.__all__ if n not in DERIVED]
    ordered = [n for n in FIRST if n in names] + sorted(n for n in names if n not in FIRST)
    out: list[Entry] = []
    for name in ordered:
        obj = getattr(tfconfig, name)
        if isinstance(obj, type) and dataclasses.is_dataclass(obj):
            out.append(_dataclass(name, obj))
        elif isinstance(obj, type) and issubclass(obj, enum.Enum):
            described = getattr(sys.modules[obj.__module__], "DESCRIPTIONS", {})
            values = tuple((str(m.value), described.get(m, "")) for m in obj)
            out.append(Entry(name, "enum", "", _doc(obj), values=values))
        elif isinstance(obj, type) and issubclass(obj, Exception):
            out.append(Entry(name, "exception", "", _doc(obj)))
        elif isinstance(obj, type):
            out.append(_class(name, obj))
        elif callable(obj):
            out.append(_function(name, obj))
    return out


def markdown() -> str:
    return render.render("config_reference.md.j2", entries=entries())


def main(argv: list[str]) -> None:
    text = markdown()
    if argv:
        Path(argv[0]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main(sys.argv[1:])
