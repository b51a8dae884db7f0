"""A provider's catalogue as data: one YAML file per API group, read and checked against the config's types.

A catalogue directory holds ``<group>.yaml`` files, each a mapping of Terraform type → entry, and
optionally ``_groups.yaml``, the group rules. An entry holds the facts of one kind (the fields of
:class:`~tfconfig.Resource`, an ``external_name`` built from a named strategy) or says why the resource
is left out (``excluded``). ``docs/catalog-format.md`` describes every key.

What a tool knows is not written again: with the provider's ``import_probe.json`` (``tfbridge schema
probe-imports``), an entry without ``external_name`` takes the probe's answer (the importer takes the
state id as it is; checked here), and every composite ID shape the importer took becomes an import-ID
example of its entry. Code stays code: a strategy or an import-ID function the data names is looked up
in the provider's hook module.

Every mistake is a :class:`~tfconfig.ConfigError` naming the file, the line and the key
(``catalog/sqs.yaml:12: aws_sqs_queue_policy.references.queue_url.to: ...``); unknown keys are mistakes.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import inspect
import json
import os
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, NoReturn

import yaml

import tfconfig.externalname as en
from tfconfig.catalogue import Exclusion
from tfconfig.externalname import ExternalName, IDExample, TemplateError
from tfconfig.kinds import GroupRule
from tfconfig.provider import ConfigError
from tfconfig.resource import EXECUTORS, IMPORTLESS_POLICIES, Reference, Resource

GROUP_RULES_FILE = "_groups.yaml"
PROBE_NOTE = "the importer takes the state id as it is"

# libyaml parses when it is installed: the AWS catalogue is some 20,000 lines read at every start.
_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_CONSTRUCTOR = yaml.constructor.SafeConstructor()


def _scalar(node: yaml.ScalarNode) -> Any:
    """The value of a scalar, as the safe loader reads it (its tag's own constructor, nothing cached)."""
    construct = _CONSTRUCTOR.yaml_constructors.get(node.tag, yaml.constructor.SafeConstructor.construct_undefined)
    return construct(_CONSTRUCTOR, node)


# The external name of an entry that gives none: the probe's answer.
_PROBED = en.identifier_from_provider().sourced("probe", PROBE_NOTE)
# The external name of an importless entry that gives none: the state id a rebuilt state starts from.
_IMPORTLESS = en.identifier_from_provider().sourced(
    "importless", "no importer: the external name is the state id a lost workspace's state is rebuilt with")


# The strategies a catalogue names, each with the keys of its arguments (``arguments`` and ``attributes``
# are lists). A strategy named otherwise is a function of the hook module: keyword arguments in, an
# ExternalName out.
_STRATEGIES: dict[str, Callable[..., ExternalName]] = {
    "identifier_from_provider": en.identifier_from_provider,
    "name_as_identifier": en.name_as_identifier,
    "parameter_as_identifier": en.parameter_as_identifier,
    "attribute_as_identifier": en.attribute_as_identifier,
    "composite_id": en.composite_id,
    "templated": lambda template, argument=None: en.templated(argument, template),
    "composite_from_parameters": lambda separator, arguments: en.composite_from_parameters(separator, *arguments),
    "composite_by": lambda get_id, arguments: en.composite_by(get_id, *arguments),
    "joined_attributes": lambda separator, attributes: en.joined_attributes(separator, *attributes),
}
_LISTS = frozenset({"arguments", "attributes"})
# Keys of every external_name, whatever its strategy.
_COMMON = ("strategy", "get_id", "get_external_name", "source", "note", "examples", "skip_probe_shapes")


@dataclasses.dataclass(frozen=True)
class Catalog:
    """A provider's catalogue: its kinds, the resources it leaves out, and its group rules."""

    # Terraform type → the facts of its kind, sorted by type.
    resources: Mapping[str, Resource]
    # Terraform type → why it is not a kind, sorted by type.
    excluded: Mapping[str, Exclusion]
    group_rules: tuple[GroupRule, ...] = ()
    # Terraform type → ``file:line`` of its entry.
    where: Mapping[str, str] = dataclasses.field(default_factory=dict)


def load_catalog(directory: str | os.PathLike[str], *, hooks: object = None,
                 probe: str | os.PathLike[str] | None = None) -> Catalog:
    """Read every ``*.yaml`` file of ``directory``.

    ``hooks`` (a module) holds the strategies and import-ID functions the data names; ``probe`` is the
    provider's ``import_probe.json``, whose answers are the default external name and the source of
    composite ID examples. Raises :class:`ConfigError` naming the file and line of the first mistake.
    """
    root = Path(directory)
    if not root.is_dir():
        raise ConfigError(f"{_shown(root)}: no catalogue directory")
    answers = _read_probe(Path(probe)) if probe is not None else None
    reader = _Reader(hooks, answers)
    rules: tuple[GroupRule, ...] = ()
    shown_root = _shown(root)
    for path in sorted(root.glob("*.yaml")):
        shown = f"{shown_root}/{path.name}"
        node = _compose(path, shown)
        if path.name == GROUP_RULES_FILE:
            rules = reader.group_rules(_At(shown, node, key="group rules"))
        elif path.name.startswith("_"):
            raise ConfigError(f"{shown}: unknown file (a group's file is named for its group; "
                              f"{GROUP_RULES_FILE} holds the group rules)")
        else:
            reader.group_file(_At(shown, node))
    reader.check_references()
    return Catalog(resources={t: reader.resources[t] for t in sorted(reader.resources)},
                   excluded={t: reader.excluded[t] for t in sorted(reader.excluded)},
                   group_rules=rules, where=dict(sorted(reader.where.items())))


def _shown(path: Path) -> str:
    """``path`` relative to the working directory where it lies below it: errors read as the author sees it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _compose(path: Path, shown: str) -> yaml.Node | None:
    try:
        return yaml.compose(path.read_text(encoding="utf-8"), Loader=_LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = f":{mark.line + 1}" if mark is not None else ""
        raise ConfigError(f"{shown}{line}: not YAML: {exc.problem or exc.context}") from exc
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise ConfigError(f"{shown}: cannot read: {exc}") from exc


@dataclasses.dataclass(frozen=True)
class _Probe:
    """What ``tfbridge schema probe-imports`` found: per Terraform type, the answer to the probe ID and
    the composite shapes the importer took (shape → the state it parsed the ID into)."""

    origin: str
    outcomes: Mapping[str, Mapping[str, Any]]
    shapes: Mapping[str, Mapping[str, Mapping[str, Any]]]


def _read_probe(path: Path) -> _Probe:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        outcomes = {t: entry["probe"] for t, entry in doc["resources"].items()}
        shapes = {t: {shape: answer["attributes"] for shape, answer in (entry.get("shapes") or {}).items()
                      if answer["outcome"] == "passthrough"}
                  for t, entry in doc["resources"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ConfigError(f"{_shown(path)}: not an import probe (tfbridge schema probe-imports): {exc}") from exc
    return _Probe(_shown(path), outcomes, shapes)


_STR = "tag:yaml.org,2002:str"


class _At:
    """A node of a file and the keys that lead to it, for errors (the path is spelled only for one)."""

    __slots__ = ("file", "key", "key_node", "node", "parent")

    def __init__(self, file: str, node: yaml.Node | None, parent: _At | None = None,
                 key: str | int | None = None, key_node: yaml.Node | None = None) -> None:
        self.file, self.node, self.parent, self.key, self.key_node = file, node, parent, key, key_node

    @property
    def path(self) -> str:
        if self.parent is None:
            return "" if self.key is None else str(self.key)
        above = self.parent.path
        if isinstance(self.key, int):
            return f"{above}[{self.key}]"
        return f"{above}.{self.key}" if above else str(self.key)

    @property
    def line(self) -> int:
        """The line of a mapping's key (``aws_x:``), else of the value itself."""
        node = self.key_node or self.node
        return node.start_mark.line + 1 if node is not None else 1

    def where(self) -> str:
        return f"{self.file}:{self.line}"

    def fail(self, message: str) -> NoReturn:
        path = self.path
        raise ConfigError(f"{self.where()}: {path}: {message}" if path else f"{self.where()}: {message}")

    def child(self, node: yaml.Node, key: str | int) -> _At:
        return _At(self.file, node, self, key)

    def detached(self) -> _At:
        """The same place, holding nothing of the file's other nodes (kept until every file is read)."""
        return _At(self.file, self.node, key=self.path, key_node=self.key_node)

    def beside(self, node: yaml.Node) -> _At:
        """Another node at this one's path (a key, where the mistake is the key)."""
        return _At(self.file, node, self.parent, self.key)

    def items(self) -> Iterator[tuple[str, _At]]:
        """A mapping's keys (strings, each once) and their values."""
        if self.node is None:
            return
        if not isinstance(self.node, yaml.MappingNode):
            self.fail(f"must be a mapping, not {_kind(self.node)}")
        seen: set[str] = set()
        for key_node, value_node in self.node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.tag == _STR:
                key = key_node.value
            else:
                at = self.beside(key_node)
                value = at.scalar() if isinstance(key_node, yaml.ScalarNode) else None
                at.fail(f"a key must be a string, not {_kind(key_node)}"
                        f"{'' if value is None else f' ({value!r}; quote it)'}")
            if key in seen:
                self.beside(key_node).fail(f"{key!r} is given twice")
            seen.add(key)
            yield key, _At(self.file, value_node, self, key, key_node)

    def elements(self) -> Iterator[_At]:
        if not isinstance(self.node, yaml.SequenceNode):
            self.fail(f"must be a list, not {_kind(self.node)}")
        for i, node in enumerate(self.node.value):
            yield self.child(node, i)

    def scalar(self) -> Any:
        if not isinstance(self.node, yaml.ScalarNode):
            self.fail(f"must be a single value, not {_kind(self.node)}")
        try:
            return _scalar(self.node)
        except yaml.YAMLError as exc:
            self.fail(f"not a value: {exc}")

    @property
    def null(self) -> bool:
        return isinstance(self.node, yaml.ScalarNode) and self.node.tag == "tag:yaml.org,2002:null"


def _kind(node: yaml.Node | None) -> str:
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    if node is None:
        return "nothing"
    return {"tag:yaml.org,2002:str": "a string", "tag:yaml.org,2002:int": "a number",
            "tag:yaml.org,2002:float": "a number", "tag:yaml.org,2002:bool": "a boolean",
            "tag:yaml.org,2002:null": "null", "tag:yaml.org,2002:timestamp": "a date"}.get(node.tag, node.tag)


def _plain(at: _At) -> Any:
    """Free-form data (an example's values, an import ID's parameters): what JSON can hold."""
    if isinstance(at.node, yaml.MappingNode):
        return {key: _plain(value) for key, value in at.items()}
    if isinstance(at.node, yaml.SequenceNode):
        return [_plain(element) for element in at.elements()]
    value = at.scalar()
    if value is not None and not isinstance(value, str | int | float | bool):
        at.fail(f"{_kind(at.node)} is not a value a manifest holds; quote it")
    return value


def _typed(at: _At, hint: Any) -> Any:
    """The value at ``at`` as the type ``hint`` of a config field says (str, bool, numbers, optional
    values, tuples, string-keyed mappings, dataclasses, enums; ``Any`` is free-form data)."""
    if hint is Any:
        return _plain(at)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if at.null and type(None) in args:
            return None
        (hint,) = (a for a in args if a is not type(None))
        return _typed(at, hint)
    if origin is tuple:
        return tuple(_typed(element, args[0]) for element in at.elements())
    if origin is Mapping:
        return {key: _typed(value, args[1]) for key, value in at.items()}
    if dataclasses.is_dataclass(hint):
        return _dataclass(at, hint)
    value = at.scalar()
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        choices = [str(m.value) for m in hint]
        if value not in choices:
            at.fail(f"{value!r} is not one of {', '.join(choices)}")
        return hint(value)
    if hint is float and isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    if hint is int and isinstance(value, int) and not isinstance(value, bool):
        return value
    if hint in (str, bool) and isinstance(value, hint):
        return value
    at.fail(f"must be {_NAMES.get(hint, hint)}, not {_kind(at.node)}"
            f"{'; quote it' if hint is str and value is not None else ''}")


_NAMES = {str: "a string", bool: "true or false", int: "a whole number", float: "a number"}


@functools.cache
def _fields(cls: Any) -> tuple[dict[str, Any], dict[str, dataclasses.Field[Any]]]:
    """A config dataclass's field types and its fields given at construction."""
    return typing.get_type_hints(cls), {f.name: f for f in dataclasses.fields(cls) if f.init}


def _dataclass(at: _At, cls: Any, custom: Mapping[str, Callable[[_At], Any]] | None = None,
               given: Mapping[str, Any] | None = None) -> Any:
    """An instance of the config dataclass ``cls`` from a mapping whose keys are its fields; ``custom``
    builds the fields whose data has a form of its own, ``given`` are values the data leaves out."""
    hints, fields = _fields(cls)
    values = dict(given or {})
    for key, value in at.items():
        if key not in fields:
            value.fail(f"unknown key {key!r} (known: {', '.join(fields)})")
        build = (custom or {}).get(key)
        values[key] = build(value) if build is not None else _typed(value, hints[key])
    missing = [name for name, f in fields.items() if name not in values and f.default is dataclasses.MISSING
               and f.default_factory is dataclasses.MISSING]
    if missing:
        at.fail(f"{', '.join(repr(m) for m in missing)} must be given")
    return cls(**values)


@dataclasses.dataclass
class _Reader:
    hooks: object
    probe: _Probe | None
    resources: dict[str, Resource] = dataclasses.field(default_factory=dict)
    excluded: dict[str, Exclusion] = dataclasses.field(default_factory=dict)
    where: dict[str, str] = dataclasses.field(default_factory=dict)
    # (where a reference's `to` is written, the type it names): checked once every file is read.
    references: list[tuple[_At, str]] = dataclasses.field(default_factory=list)

    def group_rules(self, at: _At) -> tuple[GroupRule, ...]:
        if at.node is None:
            return ()
        return tuple(_dataclass(element, GroupRule) for element in at.elements())

    def group_file(self, at: _At) -> None:
        for tf_type, entry in at.items():
            if tf_type in self.where:
                entry.fail(f"catalogued twice: also at {self.where[tf_type]}")
            self.where[tf_type] = entry.where()
            self.entry(tf_type, entry)

    def entry(self, tf_type: str, at: _At) -> None:
        if at.node is None or at.null:
            at.fail("an entry is a mapping of facts ({} when the defaults say everything)")
        keys = dict(at.items())
        if "excluded" in keys:
            others = sorted(set(keys) - {"excluded"})
            if others:
                keys[others[0]].fail("an excluded resource has no other facts")
            self.excluded[tf_type] = _typed(keys["excluded"], Exclusion)
            return
        resource = _dataclass(at, Resource, {"external_name": lambda value: self.external_name(tf_type, value),
                                             "references": self.references_of},
                              {} if "external_name" in keys else
                              {"external_name": _IMPORTLESS if "importless" in keys else
                               self.default_external_name(tf_type, at)})
        if resource.executor not in (None, *EXECUTORS):
            keys["executor"].fail(f"{resource.executor!r} is not one of {', '.join(EXECUTORS)}")
        if resource.importless is not None and resource.importless.policy not in IMPORTLESS_POLICIES:
            keys["importless"].fail(f"policy {resource.importless.policy!r} is not one of "
                                    f"{', '.join(IMPORTLESS_POLICIES)}")
        self.resources[tf_type] = resource

    def references_of(self, at: _At) -> dict[str, Reference]:
        """Argument path → reference; ``path: aws_type`` is short for ``path: {to: aws_type}``."""
        out = {}
        for path, value in at.items():
            if isinstance(value.node, yaml.ScalarNode):
                out[path] = Reference(_typed(value, str))
                self.references.append((value.detached(), out[path].to))
            else:
                out[path] = _dataclass(value, Reference)
                self.references.append((dict(value.items())["to"].detached(), out[path].to))
        return out

    def default_external_name(self, tf_type: str, at: _At) -> ExternalName:
        """The probe's answer: the importer takes the state id as it is (checked when the probe is known)."""
        if self.probe is not None:
            answer = self.probe.outcomes.get(tf_type)
            if answer is None:
                at.fail(f"{self.probe.origin} has no answer for it: give its external_name, or probe again")
            if answer.get("outcome") != "passthrough":
                detail = answer.get("message") or answer.get("outcome")
                at.fail(f"no external_name, and the probe's importer did not take the ID as it is "
                        f"({answer.get('outcome')}: {detail})")
        return self.with_probe_examples(tf_type, at, _PROBED, (), {})

    def external_name(self, tf_type: str, at: _At) -> ExternalName:
        keys = dict(at.items())
        if "strategy" not in keys:
            at.fail("'strategy' must be given")
        name = keys["strategy"].scalar()
        if not isinstance(name, str):
            keys["strategy"].fail("must be the name of a strategy")
        build = _STRATEGIES.get(name) or self.hook(keys["strategy"], name)
        takes = {key: p for key, p in inspect.signature(build).parameters.items()
                 if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
        arguments = {key: self.strategy_argument(value, takes[key], name in _STRATEGIES)
                     for key, value in keys.items() if key in takes}
        for key, value in keys.items():
            if key not in takes and key not in _COMMON:
                known = ", ".join(sorted({*_COMMON, *takes} - {"strategy"}))
                value.fail(f"unknown key {key!r} for strategy {name} (known: {known})")
        missing = [key for key, p in takes.items() if p.default is p.empty and key not in arguments]
        if missing:
            at.fail(f"strategy {name} needs {', '.join(missing)}")
        try:
            strategy = build(**arguments)
        except (ValueError, TemplateError) as exc:
            at.fail(str(exc))
        if not isinstance(strategy, ExternalName):
            keys["strategy"].fail(f"the hook {name} must return an ExternalName, not {type(strategy).__name__}")
        if "get_id" in keys and "get_id" not in takes:
            strategy = strategy.with_get_id(self.hook(keys["get_id"], keys["get_id"].scalar()))
        if "get_external_name" in keys:
            strategy = strategy.with_get_external_name(
                self.hook(keys["get_external_name"], keys["get_external_name"].scalar()))
        strategy = dataclasses.replace(
            strategy,
            source=_typed(keys["source"], str) if "source" in keys else strategy.source,
            note=_typed(keys["note"], str) if "note" in keys else strategy.note)
        written = _typed(keys["examples"], tuple[IDExample, ...]) if "examples" in keys else ()
        skipped = keys.get("skip_probe_shapes")
        return self.with_probe_examples(tf_type, skipped or at, strategy, written,
                                        _typed(skipped, Mapping[str, str]) if skipped else {})

    def strategy_argument(self, at: _At, parameter: inspect.Parameter, built_in: bool) -> Any:
        """A strategy's argument: ``get_id`` names a hook; a built-in strategy takes strings (null where
        the argument may be left out) and lists of strings; a hook strategy, plain values."""
        if parameter.name == "get_id":
            return self.hook(at, at.scalar())
        if not built_in:
            return _plain(at)
        if parameter.name in _LISTS:
            return _typed(at, tuple[str, ...])
        return _typed(at, str | None if parameter.default is None else str)

    def hook(self, at: _At, name: Any) -> Any:
        if not isinstance(name, str) or not name.isidentifier():
            at.fail(f"{name!r} is not the name of a hook")
        if self.hooks is None:
            at.fail(f"names the hook {name!r}, but no hook module was given")
        found = getattr(self.hooks, name, None)
        if not callable(found):
            at.fail(f"no hook {name!r} in {getattr(self.hooks, '__name__', self.hooks)!s}")
        return found

    def with_probe_examples(self, tf_type: str, at: _At, strategy: ExternalName,
                            written: tuple[IDExample, ...], skipped: Mapping[str, str]) -> ExternalName:
        """``strategy`` with its written examples and one for each composite ID shape the importer took,
        unless an example of the same ID is written or the shape is skipped (with its reason)."""
        shapes = self.probe.shapes.get(tf_type, {}) if self.probe is not None else {}
        if not shapes and not written and not skipped:
            return strategy
        for shape in skipped:
            if shape not in shapes:
                at.fail(f"{shape!r} is not an ID shape the probe's importer took")
        taken = {example.import_id for example in written} | set(skipped)
        derived = []
        for shape, state in shapes.items():
            if shape in taken:
                continue
            try:
                external_name = strategy.get_external_name(state)
            except (TemplateError, KeyError, TypeError) as exc:
                at.fail(f"the probe's importer took {shape!r} and made the state {dict(state)}, from which the "
                        f"strategy reads no external name ({exc}): write an example of that ID, or skip the "
                        f"shape (skip_probe_shapes) and say why")
            derived.append(IDExample(shape, external_name, {k: v for k, v in state.items() if k != "id"},
                                     state))
        return dataclasses.replace(strategy, examples=(*strategy.examples, *written, *derived))

    def check_references(self) -> None:
        for at, target in self.references:
            if target in self.excluded:
                at.fail(f"refers to {target!r}, which is excluded: {self.excluded[target].describe()}")
            if target not in self.resources:
                at.fail(f"refers to {target!r}, which is not catalogued")
