"""A resource's plan, made as Terraform core makes it, with the provider's PlanResourceChange.

Terraform core (v1.11.4, the CLI the CLI executor runs) plans a managed resource in
``internal/terraform/node_resource_abstract_instance.go``, ``NodeAbstractResourceInstance.plan``:

1. ValidateResourceConfig with the configuration as written (``ignore_changes`` not applied yet);
2. ``ignore_changes``: the prior value stands in for the configuration's at each ignored path
   (``processIgnoreChanges``), from the second plan on (at create there is no prior);
3. the proposed new state (``objchange.ProposedNew``) from the prior state and that configuration;
4. PlanResourceChange(prior, proposed, config, prior private);
5. the planned state checked (``objchange.AssertPlanValid``): a provider on the legacy SDK's type
   system (``legacy_type_system`` in its answer: resources of terraform-plugin-sdk v2) is let off with a
   log line, any other fails the plan; for a legacy provider the ignored paths are reverted in the
   planned state once more (it may have changed them);
6. the requires-replace paths whose values changed (``getRequiredReplaces``) and the action
   (``getAction``): create without a prior; replace when such a path is left; no-op when the planned
   state equals the prior; update otherwise;
7. for a replacement, a second PlanResourceChange with a null prior and the configuration as written:
   the new object's planned state.

A no-op becomes an update where only the sensitivity marks change (``valueMarksEqual``): the prior's
are the state's ``sensitive_attributes`` and, after a refresh, the schema's (``refresh`` marks
``schema.SensitivePaths``); the planned value's, the schema's and the configuration's (sensitive
variables). tfbridge renders no variables, and both executors refresh before planning and store the
schema's sensitive paths, so the two always agree and no such update arises.

The prior state is what ReadResource answered (refresh), normalized as ``refresh`` does
(``objchange.NormalizeObjectFromLegacySDK``: :meth:`bridge.tfplugin.schema.Block.with_absent_blocks`,
which also fills a null map of blocks, a nesting the legacy SDK and the plugin framework never
declare). Nothing else is done to it: an attribute a read returns null stays null, and what the
provider plans for it is its own business (the SDK's ``normalizeNullValues`` in ReadResource and
PlanResourceChange, ``helper/schema/grpc_provider.go``, runs inside the provider either way). A stored
state of the current schema version is decoded by the executor itself, where terraform asks the
provider's UpgradeResourceState every time (``upgradeResourceState``: "calling provider ... for any
other minor fixups"): the SDK answers such a state decoded, coerced to the schema and normalized as
above, the same value (the differential plan test compares terraform's upgraded prior with this
decoding for every case it plans).
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol

from bridge.api.errors import OperationFailed
from bridge.tfplugin import cty
from bridge.tfplugin.provider import Planned
from bridge.tfplugin.schema import Attribute, Block, NestedBlock, Schema
from bridge.workspace import initprovider
from bridge.workspace.tfstate import MapKey

Step = str | int  # an attribute's name or a map key; a list index
Path = tuple[Step, ...]


@dataclasses.dataclass(frozen=True)
class Change:
    """A plan: its action (None for no-op, "create", "update", "replace"), the provider's answer (for a
    replacement, the new object's, planned from no prior), the configuration it was made for, and the
    requires-replace paths that changed (terraform's ``replace_paths``), in the provider's order."""

    action: str | None
    planned: Planned
    config: Any
    replace_paths: tuple[Path, ...] = ()

    @property
    def replacing(self) -> list[str]:
        """The top-level arguments whose change forces the replacement."""
        return sorted({str(p[0]) for p in self.replace_paths if p})


class Planner(Protocol):
    """What planning asks of a provider (:class:`bridge.tfplugin.provider.Provider`)."""

    def schema(self, tf_type: str) -> Schema: ...

    def validate(self, tf_type: str, config: Any, timeout: float, what: str) -> None: ...

    def plan(self, tf_type: str, prior: Any, proposed: Any, config: Any, private: bytes, timeout: float) -> Planned: ...


def configuration(block: Block, t: cty.Type, arguments: Any) -> Any:
    """A resource's arguments as the configuration value terraform decodes from ``main.tf.json``
    (absent blocks as hcldec leaves them: :meth:`Block.with_absent_blocks`); raises cty.CtyError where
    terraform refuses the value."""
    _complete(block, arguments, "")
    return block.with_absent_blocks(cty.conform(t, arguments))


def _complete(block: Block, raw: Any, at: str) -> None:
    """An attribute's object value must have every attribute its type requires, as cty's conversion
    (``convert``, "attributes ... are required") demands: an object type's attributes but those it
    declares optional; a nested attribute's members but its optional and computed ones
    (configschema's ``Object.specType``). A block's arguments may all be left out (hcldec)."""
    if not isinstance(raw, Mapping):
        return
    for a in block.attributes:
        value, where = raw.get(a.name), f"{at}.{a.name}" if at else a.name
        if a.nested is not None:
            for i, item in _nested_items(a.nesting, value):
                if isinstance(item, Mapping):
                    _require(item, [m.name for m in a.nested.attributes if not (m.optional or m.computed)],
                             f"{where}{i}")
                    _complete(a.nested, item, f"{where}{i}")
        else:
            _complete_value(a.type, value, where)
    for nb in block.blocks:
        for i, item in _nested_items(nb.nesting, raw.get(nb.name)):
            _complete(nb.block, item, f"{at}.{nb.name}{i}" if at else f"{nb.name}{i}")


def _nested_items(nesting: str, value: Any) -> Iterator[tuple[str, Any]]:
    if value is None or value is cty.UNKNOWN:
        return
    if nesting == "map" and isinstance(value, Mapping):
        yield from ((f"[{k!r}]", v) for k, v in value.items())
    elif isinstance(value, list):
        yield from ((f"[{i}]", v) for i, v in enumerate(value))
    else:
        yield "", value


def _complete_value(t: cty.Type, value: Any, at: str) -> None:
    if isinstance(t, cty.Object) and isinstance(value, Mapping):
        _require(value, [k for k, _ in t.attributes if k not in t.optional], at)
        for k, at_t in t.attributes:
            _complete_value(at_t, value.get(k), f"{at}.{k}")
    elif isinstance(t, cty.Collection) and isinstance(value, Mapping) and t.kind == "map":
        for k, v in value.items():
            _complete_value(t.element, v, f"{at}[{k!r}]")
    elif isinstance(t, cty.Collection) and isinstance(value, list):
        for i, v in enumerate(value):
            _complete_value(t.element, v, f"{at}[{i}]")
    elif isinstance(t, cty.Tuple) and isinstance(value, list):
        for i, (et, v) in enumerate(zip(t.elements, value, strict=False)):
            _complete_value(et, v, f"{at}[{i}]")


def _require(value: Mapping[str, Any], names: Iterable[str], at: str) -> None:
    missing = sorted(n for n in names if n not in value)
    if missing:
        raise cty.CtyError(at, f"attribute{'s' if len(missing) > 1 else ''} {', '.join(map(repr, missing))} "
                               f"{'are' if len(missing) > 1 else 'is'} required")


def plan_change(p: Planner, tf_type: str, config: Any, prior: Any, private: bytes, ignore: Sequence[str],
                timeout: float, *, validate: bool = True, what: str = "") -> Change:
    """Plan ``config`` against ``prior`` (None: create) as terraform core does (steps 1 to 7 above);
    ``what`` names the object in errors (the resource type by default)."""
    schema = p.schema(tf_type)
    what = what or tf_type
    if validate:
        p.validate(tf_type, config, timeout, f"{what}: invalid configuration")
    # processIgnoreChanges: "ignore_changes only applies when an object already exists".
    considered = ignore_changes(prior, config, ignore) if prior is not None and ignore else config
    planned = p.plan(tf_type, prior, proposed_new(schema.block, prior, considered), considered, private, timeout)
    if not planned.legacy:
        errors = plan_errors(schema.block, prior, considered, planned.state)
        if errors:
            raise OperationFailed(f"{what}: the provider produced an invalid plan, a bug in the provider: "
                                  f"{'; '.join(errors)}", verb="plan", diagnostics=tuple(errors))
    elif prior is not None and ignore:
        planned = dataclasses.replace(planned, state=ignore_changes(prior, planned.state, ignore))
    # The configuration as written goes with the plan: apply evaluates it afresh (``apply``).
    if prior is None:
        return Change("create", planned, config)
    replace = replace_paths(schema.type, prior, planned.state, planned.requires_replace,
                            schema.block.write_only_paths(planned.state))
    if replace:
        # "ask the provider to plan again here, giving it a null object for the prior": the new object
        # is planned from the configuration as written, its ignored paths included.
        again = p.plan(tf_type, None, proposed_new(schema.block, None, config), config, planned.private, timeout)
        return Change("replace", again, config, replace)
    return Change(None if _definitely_equal(schema.type, planned.state, prior) else "update", planned, config)


# -- the proposed new state: internal/plans/objchange/objchange.go ----------------------------------


def proposed_new(block: Block, prior: Any, config: Any) -> Any:
    """``ProposedNew``: the configuration, with the prior value of every computed attribute it leaves
    null (the provider decides whether it becomes unknown), nested blocks correlated with their prior
    (single and group as one object, lists by index, maps by key, sets by content). A null
    configuration is a destroy, proposed as null (terraform plans a destroy without proposing)."""
    if config is None:
        return None
    if config is cty.UNKNOWN:
        return cty.UNKNOWN
    return _object(block, prior, config)


def _object(block: Block, prior: Any, config: Any) -> Any:
    """``proposedNew`` of a block, or ``proposedNewObjectAttributes`` of a nested attribute's object:
    "if there is no corresponding prior element then we just take the config value" when the
    configuration is null or unknown, the prior otherwise (ProposedNew with a null prior starts from
    ``schema.EmptyValue()``, all null: the same as none)."""
    if config is None or config is cty.UNKNOWN:
        return config if prior is None or config is None else prior
    before = prior if isinstance(prior, dict) else {}
    out = {a.name: _attribute(a, before.get(a.name), config.get(a.name)) for a in block.attributes}
    for nb in block.blocks:
        out[nb.name] = _nested_block(nb, before.get(nb.name), config.get(nb.name))
    return out


def _attribute(attr: Attribute, prior: Any, config: Any) -> Any:
    """``proposedNewAttributes``: "required isn't considered when constructing the plan, so attributes
    are essentially either computed or not computed. In the case of optional+computed, they are only
    computed when there is no configuration." A nested attribute (protocol 6) is proposed element by
    element, as a block is."""
    if attr.computed and config is None:
        # "the exception to the above is that if the config is optional and the _prior_ value contains
        # non-computed values, we can infer that the config must have been non-null previously."
        return None if _not_computable(attr, prior) else prior
    if attr.nested is not None:
        return _nested(attr.nested, attr.nesting, prior, config, nested_type=True)
    return config


def _not_computable(attr: Attribute, prior: Any) -> bool:
    """``optionalValueNotComputable``: an optional nested attribute whose prior value holds a non-null
    value of a member that is not computed, which only a configuration could have set."""
    if not attr.optional or attr.nested is None or prior is None:
        return False
    found = False

    def visit(path: _Walked, value: Any, _t: cty.Type) -> bool:
        nonlocal found
        if value is None:
            return True
        member = _attribute_by_path(attr.nested, path, nested_type=True) if attr.nested else None
        if member is None:
            return True
        if not member.computed:
            found = True
            raise _Stop
        return True

    with contextlib.suppress(_Stop):
        _walk(prior, attr.type, (), visit)
    return found


def _nested_block(nb: NestedBlock, prior: Any, config: Any) -> Any:
    """``proposedNewNestedBlock``: "a NestingSingle configuration block value can be null, and since it
    cannot be computed we can always take the configuration value"."""
    if config is cty.UNKNOWN:
        return config
    if config is None:
        # A group block is never null in a configuration; ProposedNew of a null one keeps the prior.
        return prior if nb.nesting == "group" else None
    return _nested(nb.block, nb.nesting, prior, config, nested_type=False)


def _nested(block: Block, nesting: str, prior: Any, config: Any, *, nested_type: bool) -> Any:
    """``proposedNewNestedType`` (``nested_type``: a protocol-6 nested attribute's objects) and the
    collection cases of ``proposedNewNestedBlock``."""
    if config is cty.UNKNOWN:
        return config
    if nesting in ("single", "group"):
        return None if config is None else _object(block, prior, config)
    if nesting == "list":
        return _list(block, prior, config)
    if nesting == "map":
        return _map(block, prior, config)
    return _set(block, prior, config, nested_type=nested_type)


def _list(block: Block, prior: Any, config: Any) -> Any:
    """``proposedNewNestingList``: elements correlated by index."""
    if not config:
        return config
    before = prior if isinstance(prior, list) else []
    return [_object(block, before[i], c) if i < len(before) else c for i, c in enumerate(config)]


def _map(block: Block, prior: Any, config: Any) -> Any:
    """``proposedNewNestingMap`` (v1.11.4): elements correlated by key; a key the prior lacks takes the
    configuration's element as it is."""
    if not config or not isinstance(config, dict):
        return config
    before = prior if isinstance(prior, dict) else {}
    return {k: _object(block, before[k], c) if k in before else c for k, c in config.items()}


def _set(block: Block, prior: Any, config: Any, *, nested_type: bool) -> Any:
    """``proposedNewNestingSet``: each configured element takes the first unused prior element that
    could have been derived from it (``validPriorFromConfig``), both sets walked in cty's order."""
    if not config:
        return config
    t = block.type()
    before = cty.in_set_order(t, prior) if isinstance(prior, list) else []
    used = [False] * len(before)
    out = []
    for c in cty.in_set_order(t, config):
        match = None
        for i, candidate in enumerate(before):
            if not used[i] and valid_prior_from_config(block, candidate, c, nested_type=nested_type):
                match = candidate
                used[i] = True
                break
        out.append(_object(block, match, c))
    return out


def valid_prior_from_config(block: Block, prior: Any, config: Any, *, nested_type: bool = False) -> bool:
    """``validPriorFromConfig``: whether a prior set element could have come from the configured one:
    walking the prior, every value differs from the configuration's only where the attribute is
    computed and the configuration null; a nested set must equal the configuration's."""
    t = block.type()
    if cty.equal(t, config, prior):
        return True
    valid = True

    def visit(path: _Walked, prior_v: Any, vt: cty.Type) -> bool:
        nonlocal valid
        try:
            config_v = _apply(config, path)
        except LookupError:
            valid = False  # "most likely dynamic objects with different types"
            raise _Stop from None
        if cty.equal(vt, config_v, prior_v):
            return False  # equal: nothing below to look at
        if isinstance(vt, cty.Collection) and vt.kind == "set":
            valid = False  # "We can't descend into nested sets to correlate configuration"
            raise _Stop
        attr = _attribute_by_path(block, path, nested_type=nested_type)
        if attr is None:
            return True  # not at an attribute: go on down to the leaves
        if attr.nested is not None:
            return True
        if not attr.computed or config_v is not None:
            # "This is a leaf attribute, so it must be computed in order to differ from config", "and if
            # it is computed, the config must be null to allow a change".
            valid = False
            raise _Stop
        return False

    with contextlib.suppress(_Stop):
        _walk(prior, t, (), visit)
    return valid


# A walked path: ("attr", name) for an object's attribute, ("index", key) for a collection's element
# (a list's position, a map's key); a set's elements are never walked into here.
_Walked = tuple[tuple[str, Any], ...]


class _Stop(Exception):
    """Ends a walk early (``cty.Walk``'s callback returning an error)."""


def _walk(value: Any, t: cty.Type, path: _Walked, visit: Callable[[_Walked, Any, cty.Type], bool]) -> None:
    """``cty.Walk``: ``visit(path, value, type)`` for a value and, while it answers True, for what it
    holds; nothing inside a null or unknown value."""
    if not visit(path, value, t) or value is None or value is cty.UNKNOWN:
        return
    if isinstance(t, cty.DynamicType) and isinstance(value, cty.Dynamic):
        t, value = value.type, value.value
    if isinstance(t, cty.Object) and isinstance(value, dict):
        for name, at in t.attributes:
            _walk(value.get(name), at, (*path, ("attr", name)), visit)
    elif isinstance(t, cty.Collection) and t.kind == "map" and isinstance(value, dict):
        for key in sorted(value):
            _walk(value[key], t.element, (*path, ("index", key)), visit)
    elif isinstance(t, cty.Collection) and isinstance(value, list):
        for i, item in enumerate(value):
            _walk(item, t.element, (*path, ("index", i if t.kind == "list" else item)), visit)
    elif isinstance(t, cty.Tuple) and isinstance(value, list):
        for i, (et, item) in enumerate(zip(t.elements, value, strict=False)):
            _walk(item, et, (*path, ("index", i)), visit)


def _apply(value: Any, path: _Walked) -> Any:
    """``cty.Path.Apply``: the value at ``path``; LookupError where a step finds nothing (a null, a
    missing attribute or key, a position past the end)."""
    for kind, key in path:
        if value is cty.UNKNOWN:
            return value
        if isinstance(value, cty.Dynamic):
            value = value.value
        if kind == "attr" or isinstance(value, dict):
            if not isinstance(value, dict) or key not in value:
                raise LookupError(key)
            value = value[key]
        elif isinstance(value, list) and isinstance(key, int) and 0 <= key < len(value):
            value = value[key]
        else:
            raise LookupError(key)
    return value


def _attribute_by_path(block: Block, path: _Walked, *, nested_type: bool = False) -> Attribute | None:
    """``configschema.Block.AttributeByPath`` (``Object.AttributeByPath`` with ``nested_type``: a nested
    attribute's object, where a name it does not have is stepped over): the attribute a path ends at,
    through nested blocks and nested attributes; None where it ends elsewhere."""
    for i, (kind, name) in enumerate(path):
        if kind != "attr":
            continue  # a position or key: the same attribute's elements
        attr = block.attribute(name)
        if attr is not None:
            if attr.nested is not None and i < len(path) - 1:
                return _attribute_by_path(attr.nested, path[i + 1:], nested_type=True)
            return attr if i == len(path) - 1 else None
        if nested_type:
            continue
        inner = next((nb for nb in block.blocks if nb.name == name), None)
        if inner is None:
            return None
        block = inner.block
    return None


# -- ignore_changes: processIgnoreChangesIndividual ---------------------------------------------------


def ignore_changes(prior: Any, config: Any, names: Iterable[str]) -> Any:
    """``lifecycle.ignore_changes``: at each path where the prior value differs from the configuration's,
    the prior value stands in for it (paths as :mod:`bridge.workspace.initprovider` writes them:
    ``tags["team"]``, ``rule[0].priority``). A path ending in a map key changes that key alone: its
    prior value, or no such key where the prior map has none. A path that finds nothing on either side
    is left alone. Terraform applies it to the configuration, and to a legacy provider's planned state."""
    if prior is None or config is None:
        return config  # "Ignore changes doesn't apply when we're creating for the first time."
    ignored: list[tuple[Path, Any, str | None]] = []
    for name in names:
        steps = initprovider.parse(name)
        if not steps:
            continue
        key: str | None = None
        if isinstance(steps[-1], MapKey):
            steps, key = steps[:-1], str(steps[-1])
        try:
            before, now = _value_at(prior, steps), _value_at(config, steps)
        except LookupError:
            continue
        # A map is compared whole: a change elsewhere in it is recorded, and changes nothing below.
        if not _raw_equal(before, now):
            ignored.append((steps, before, key))
    if not ignored:
        return config
    return _ignoring(config, (), ignored)


def _ignoring(value: Any, path: Path, ignored: list[tuple[Path, Any, str | None]]) -> Any:
    """``cty.Transform`` of the configuration: the innermost values first, then the value holding them.
    A path ending in a key ends at a map (initprovider writes a key only into a map, ``.name`` into an
    object)."""
    if isinstance(value, dict):
        value = {k: _ignoring(v, (*path, k), ignored) for k, v in value.items()}
    elif isinstance(value, list):
        value = [_ignoring(v, (*path, i), ignored) for i, v in enumerate(value)]
    here = [(before, key) for at, before, key in ignored if at == path]
    if not here:
        return value
    if value is cty.UNKNOWN:
        return value  # "since v is not known, we cannot ignore individual keys"
    keyed: dict[str, Any] | None = None
    for before, key in here:
        if key is None:
            return before
        if keyed is None:
            keyed = dict(value) if isinstance(value, dict) else {}
        prior_map = before if isinstance(before, dict) else {}
        if key in prior_map:
            keyed[key] = prior_map[key]
        else:
            keyed.pop(key, None)  # "we're keeping the "absence" of the key by removing it from the config"
    if keyed is None:
        return value
    return keyed if keyed or value is not None else None


def _value_at(value: Any, path: Path) -> Any:
    """``cty.Path.Apply`` (``hcl.ApplyPath``) of a path's steps: unknown below an unknown; LookupError
    where a step finds nothing (a null, a missing attribute or key, a position past the end, a set,
    which has no positions)."""
    for step in path:
        if value is cty.UNKNOWN:
            return value
        if isinstance(value, cty.Dynamic):
            value = value.value
        found = (isinstance(value, dict) and isinstance(step, str) and step in value) or (
            isinstance(value, list) and isinstance(step, int) and 0 <= step < len(value))
        if not found:
            raise LookupError(step)
        value = value[step]
    return value


def _raw_equal(a: Any, b: Any) -> bool:
    """``RawEquals`` of two values of one type, without the type at hand: a set compared in order may
    read as changed where cty finds it equal, and then the prior's equal set stands in for the
    configuration's, which changes nothing."""
    return bool(a == b)


# -- the action: getRequiredReplaces and getAction ------------------------------------------------


def replace_paths(t: cty.Type, prior: Any, planned: Any, requires_replace: Iterable[Path],
                  write_only: Iterable[Path] = ()) -> tuple[Path, ...]:
    """``getRequiredReplaces``: the paths the provider says force a replacement whose value changed
    ("if either is unknown, or not equal"), or which are write-only ("we have no values to compare but
    still respect the required replacement"). A path one side lacks reads as null there; a path neither
    has is the provider's bug, and fails the plan as terraform fails it."""
    if prior is None:
        return ()  # a create: "we don't expect any RequiresReplace at all"
    write_only = set(write_only)
    out: list[Path] = []
    for path in requires_replace:
        try:
            at = _type_at(t, path)
        except LookupError:
            at = None
        before, after = _present_at(prior, path), _present_at(planned, path)
        if at is None or (before is _MISSING and after is _MISSING):
            raise OperationFailed(f"the provider said a change of {'.'.join(map(str, path))} requires replacement, "
                                  f"a path neither the prior nor the planned state has: a bug in the provider",
                                  verb="plan")
        before = None if before is _MISSING else before
        after = None if after is _MISSING else after
        if path in write_only or not _definitely_equal(at, after, before):
            out.append(path)
    return tuple(dict.fromkeys(out))


_MISSING: Any = object()


def _present_at(value: Any, path: Path) -> Any:
    try:
        return _value_at(value, path)
    except LookupError:
        return _MISSING


def _type_at(t: cty.Type, path: Path) -> cty.Type:
    for step in path:
        if isinstance(t, cty.Object) and isinstance(step, str) and step in t.fields:
            t = t.fields[step]
        elif isinstance(t, cty.Collection) and (isinstance(step, int) if t.kind == "list" else
                                                isinstance(step, str) and t.kind == "map"):
            t = t.element
        elif isinstance(t, cty.Tuple) and isinstance(step, int) and 0 <= step < len(t.elements):
            t = t.elements[step]
        elif isinstance(t, cty.DynamicType):
            return t
        else:
            raise LookupError(step)
    return t


def _definitely_equal(t: cty.Type, a: Any, b: Any) -> bool:
    """Whether cty's ``Equals`` is known and true: an unknown anywhere it looks makes it unknown, which
    terraform counts as a change ("eqV.IsKnown() && eqV.True()")."""
    return _known(a) and _known(b) and cty.equal(t, a, b)


def _known(value: Any) -> bool:
    if value is cty.UNKNOWN:
        return False
    if isinstance(value, cty.Dynamic):
        return _known(value.value)
    if isinstance(value, dict):
        return all(_known(v) for v in value.values())
    if isinstance(value, list):
        return all(_known(v) for v in value)
    return True


# -- plan validity: internal/plans/objchange/plan_valid.go ------------------------------------------


def plan_errors(block: Block, prior: Any, config: Any, planned: Any) -> list[str]:
    """``AssertPlanValid``: what is wrong with a planned state for reaching ``config`` from ``prior``. A
    provider may plan a value other than the configuration's only for a computed attribute the
    configuration leaves null, or the prior value where both have one (the provider's way of saying
    the two are equivalent); a block's elements must be the configuration's."""
    return list(_block_errors(block, prior, config, planned, ""))


def _block_errors(block: Block, prior: Any, config: Any, planned: Any, at: str) -> Iterator[str]:
    if planned is None and config is not None:
        yield f"{at or '(root)'}: planned for absence but config wants existence"
        return
    if config is None and planned is not None:
        yield f"{at or '(root)'}: planned for existence but config wants absence"
        return
    if planned is None:
        return
    for a in block.attributes:
        yield from _attribute_errors(a, _get(prior, a.name), _get(config, a.name), _get(planned, a.name),
                                     f"{at}.{a.name}" if at else a.name)
    for nb in block.blocks:
        here = f"{at}.{nb.name}" if at else nb.name
        planned_v, config_v, prior_v = _get(planned, nb.name), _get(config, nb.name), _get(prior, nb.name)
        if cty.equal(nb.type(), planned_v, config_v):
            continue
        if config_v is cty.UNKNOWN:
            yield f"{here}: planned value for unknown dynamic block"
            continue
        if planned_v is cty.UNKNOWN:
            yield f"{here}: attribute representing nested block must not be unknown itself"
            continue
        if nb.nesting in ("single", "group"):
            yield from _block_errors(nb.block, prior_v, config_v, planned_v, here)
        elif nb.nesting == "list":
            if planned_v is None:
                yield f"{here}: attribute representing a list of nested blocks must be empty to indicate no blocks"
                continue
            configured = config_v or []
            if len(planned_v) != len(configured):
                yield f"{here}: block count in plan ({len(planned_v)}) disagrees with count in config " \
                      f"({len(configured)})"
                continue
            before = prior_v if isinstance(prior_v, list) else []
            for i, (p_e, c_e) in enumerate(zip(planned_v, configured, strict=True)):
                if p_e is cty.UNKNOWN:
                    yield f"{here}[{i}]: element representing nested block must not be unknown itself"
                    continue
                yield from _block_errors(nb.block, before[i] if i < len(before) else None, c_e, p_e,
                                         f"{here}[{i}]")
        elif nb.nesting == "map":
            if planned_v is None:
                yield f"{here}: attribute representing a map of nested blocks must be empty to indicate no blocks"
                continue
            configured = config_v or {}
            keyed: dict[str, Any] = prior_v if isinstance(prior_v, dict) else {}
            if len(planned_v) != len(configured):
                yield f"{here}: block count in plan ({len(planned_v)}) disagrees with count in config " \
                      f"({len(configured)})"
                continue
            for k, p_e in planned_v.items():
                if k not in configured:
                    yield f"{here}[{k!r}]: block key from plan is not present in config"
                elif p_e is cty.UNKNOWN:
                    yield f"{here}[{k!r}]: element representing nested block must not be unknown itself"
                else:
                    yield from _block_errors(nb.block, keyed.get(k), configured[k], p_e, f"{here}[{k!r}]")
            for k in configured:
                if k not in planned_v:
                    yield f"{here}[{k!r}]: block key from config is not present in plan"
        else:
            if planned_v is None:
                yield f"{here}: attribute representing a set of nested blocks must be empty to indicate no blocks"
                continue
            # "Because set elements have no identifier with which to correlate them, we can't robustly
            # validate the plan for a nested block backed by a set"
            for p_e in planned_v:
                if p_e is cty.UNKNOWN:
                    yield f"{here}: element representing nested block must not be unknown itself"


def _get(value: Any, name: str) -> Any:
    return value.get(name) if isinstance(value, dict) else None


def _attribute_errors(a: Attribute, prior: Any, config: Any, planned: Any, at: str) -> Iterator[str]:
    """``assertPlannedValueValid``."""
    if cty.equal(a.type, planned, config):
        return  # "the provider didn't change anything at all"
    if prior is not None and config is not None and cty.equal(a.type, planned, prior):
        return  # "the provider wishes to disregard the configuration value in favor of the prior"
    if a.write_only:
        if planned is not None:
            yield f"{at}: planned value for write-only attribute is not null"
        return
    if a.computed and (not a.optional or config is None):
        return  # a computed-only attribute takes any value; an optional one, where config leaves it null
    if config is None and planned is not None:
        yield f"{at}: {'sensitive planned value' if a.sensitive else f'planned value {planned!r}'} for a " \
              f"non-computed attribute"
        return
    if a.nested is not None:
        yield from _object_errors(a, prior, config, planned, at)
        return
    shown = "sensitive planned value" if a.sensitive else f"planned value {planned!r}"
    if prior is None:
        yield f"{at}: {shown} does not match config value" + ("" if a.sensitive else f" {config!r}")
    else:
        yield f"{at}: {shown} does not match config value nor prior value" + (
            "" if a.sensitive else f" ({config!r}, {prior!r})")


def _object_errors(a: Attribute, prior: Any, config: Any, planned: Any, at: str) -> Iterator[str]:
    """``assertPlannedObjectValid``: a nested attribute's objects against the configuration's."""
    assert a.nested is not None
    if planned is None and config is not None:
        yield f"{at}: planned for absence but config wants existence"
        return
    if config is None and planned is not None:
        yield f"{at}: planned for existence but config wants absence"
        return
    if config is not None and planned is cty.UNKNOWN:
        yield f"{at}: planned unknown for configured value"
        return
    if planned is None:
        return
    inner = a.nested
    if a.nesting != "single" and (config is cty.UNKNOWN or len(planned) != len(config)):
        # "count in plan disagrees with count in config" (a set's included: the range of a known length
        # is that length alone); an unknown configuration's count is not known to agree.
        shown = "unknown" if config is cty.UNKNOWN else len(config)
        yield f"{at}: count in plan ({len(planned)}) disagrees with count in config ({shown})"
        return
    if a.nesting == "single":
        for m in inner.attributes:
            yield from _attribute_errors(m, _get(prior, m.name), _get(config, m.name), _get(planned, m.name),
                                         f"{at}.{m.name}")
    elif a.nesting == "list":
        before = prior if isinstance(prior, list) else []
        for i, (p_e, c_e) in enumerate(zip(planned, config, strict=True)):
            for m in inner.attributes:
                yield from _attribute_errors(m, _get(before[i] if i < len(before) else None, m.name),
                                             _get(c_e, m.name), _get(p_e, m.name), f"{at}[{i}].{m.name}")
    elif a.nesting == "map":
        keyed: dict[str, Any] = prior if isinstance(prior, dict) else {}
        for k, p_e in planned.items():
            if k not in config:
                yield f"{at}[{k!r}]: map key from plan is not present in config"
                continue
            for m in inner.attributes:
                yield from _attribute_errors(m, _get(keyed.get(k), m.name), _get(config[k], m.name),
                                             _get(p_e, m.name), f"{at}[{k!r}].{m.name}")
        for k in config:
            if k not in planned:
                yield f"{at}[{k!r}]: map key from config is not present in plan"
    # A set's elements have no identity to correlate them by: "we need to just trust the provider".
