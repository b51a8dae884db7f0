"""External-name strategies: how ``crossplane.io/external-name`` relates to a Terraform resource.

Each strategy answers four questions the same way for the generator and the runtime:

* which Terraform argument (if any) is set from the external name and so left out of the spec;
* which fields identify the resource and so cannot appear in ``spec.initProvider``;
* the import ID for ``terraform import`` (``get_id``: external name + parameters + setup → ID);
* the external name to record after a create (``get_external_name``: tfstate attributes → name).

Templates use the Go-template subset upjet configs use: ``{{ .external_name }}``,
``{{ .parameters.role }}``, ``{{ .setup.client_metadata.account_id }}``.

A wrong import ID turns a lost workspace into a duplicate object, so every strategy can say where
its fact came from (``source``: ``probe`` for what the provider plugin itself answered, ``docs``,
``upjet``, joined with ``+``) and carry :class:`IDExample` values that tests replay.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Callable, Mapping
from typing import Any

GetIDFn = Callable[[str, Mapping[str, Any], Mapping[str, Any]], str]
GetExternalNameFn = Callable[[Mapping[str, Any]], str]

_PLACEHOLDER = re.compile(r"\{\{\s*\.([A-Za-z0-9_.]+)\s*\}\}")


class TemplateError(ValueError):
    """An import ID or external name could not be built; the message names the missing value."""


class Strategy(enum.StrEnum):
    """The kinds of external-name strategy, by upjet's names for them."""

    NAME_AS_IDENTIFIER = "NameAsIdentifier"
    PARAMETER_AS_IDENTIFIER = "ParameterAsIdentifier"
    IDENTIFIER_FROM_PROVIDER = "IdentifierFromProvider"
    TEMPLATED = "TemplatedStringAsIdentifier"


def _lookup(path: str, scope: Mapping[str, Any]) -> Any:
    value: Any = scope
    for part in path.split("."):
        if not isinstance(value, Mapping) or value.get(part) in (None, ""):
            raise TemplateError(f"{{{{ .{path} }}}} has no value")
        value = value[part]
    return value


def render_template(template: str, external_name: str, parameters: Mapping[str, Any],
                    setup: Mapping[str, Any]) -> str:
    scope = {"external_name": external_name, "parameters": parameters, "setup": setup}
    return _PLACEHOLDER.sub(lambda m: str(_lookup(m.group(1), scope)), template)


def template_parameters(template: str) -> tuple[str, ...]:
    """The ``.parameters.X`` names a template reads, in order of first use."""
    names: list[str] = []
    for path in _PLACEHOLDER.findall(template):
        parts = path.split(".")
        if parts[0] == "parameters" and len(parts) > 1 and parts[1] not in names:
            names.append(parts[1])
    return tuple(names)


def _state_id(attributes: Mapping[str, Any]) -> str:
    value = attributes.get("id")
    if not isinstance(value, str) or not value:
        raise TemplateError("the state has no string attribute 'id'")
    return value


def _identity_id(external_name: str, parameters: Mapping[str, Any], setup: Mapping[str, Any]) -> str:
    return external_name


@dataclasses.dataclass(frozen=True)
class IDExample:
    """A known import ID and what it is made of: ``get_id(external_name, parameters, setup)`` must give
    ``import_id``, and reading the external name back from ``state`` (default: the parameters with
    ``id`` set to the external name) must give ``external_name`` again."""

    import_id: str
    external_name: str = ""
    parameters: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    state: Mapping[str, Any] | None = None
    setup: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    # Where the example comes from: "probe" (an ID the plugin parsed) or "docs" (the Import section).
    source: str = "probe"

    @property
    def state_attributes(self) -> Mapping[str, Any]:
        return self.state if self.state is not None else {**self.parameters, "id": self.external_name}


@dataclasses.dataclass(frozen=True)
class ExternalName:
    """How ``crossplane.io/external-name`` relates to a resource's Terraform state: its import ID
    (``get_id``), the name recorded after a create (``get_external_name``), the argument it fills. The
    external-name functions make one; its methods return a changed copy."""

    strategy: Strategy
    get_id: GetIDFn = _identity_id
    get_external_name: GetExternalNameFn = _state_id
    # The Terraform argument filled from the external name (omitted from the spec), if any.
    identifier_argument: str | None = None
    template: str | None = None
    # False when the provider assigns the identifier, so metadata.name is no default for it.
    name_initializer: bool = True
    extra_identifier_fields: tuple[str, ...] = ()
    # Where the import ID fact came from ("probe", "probe+upjet", "probe+docs", ...) and why.
    source: str = ""
    note: str = ""
    examples: tuple[IDExample, ...] = ()

    @property
    def identifier_fields(self) -> tuple[str, ...]:
        """Terraform arguments that identify the resource; they never appear in initProvider."""
        fields = list(self.extra_identifier_fields)
        if self.template:
            fields += [p for p in template_parameters(self.template) if p not in fields]
        return tuple(fields)

    def import_id(self, external_name: str, parameters: Mapping[str, Any],
                  setup: Mapping[str, Any]) -> str:
        try:
            return self.get_id(external_name, parameters, setup)
        except (KeyError, TypeError, IndexError) as exc:
            raise TemplateError(f"cannot build the import ID: {exc}") from exc

    def set_identifier_argument(self, arguments: dict[str, Any], external_name: str) -> None:
        if self.identifier_argument and external_name and self.identifier_argument not in arguments:
            arguments[self.identifier_argument] = external_name

    def with_get_id(self, fn: GetIDFn) -> ExternalName:
        return dataclasses.replace(self, get_id=fn)

    def with_get_external_name(self, fn: GetExternalNameFn) -> ExternalName:
        return dataclasses.replace(self, get_external_name=fn)

    def sourced(self, source: str, note: str = "", *examples: IDExample) -> ExternalName:
        """The same strategy, saying where its fact came from and with the examples that prove it."""
        return dataclasses.replace(self, source=source, note=note, examples=(*self.examples, *examples))


def name_as_identifier(argument: str = "name") -> ExternalName:
    """The external name is the ``name`` argument and the import ID (IAM roles, log groups)."""
    return ExternalName(Strategy.NAME_AS_IDENTIFIER, identifier_argument=argument)


def parameter_as_identifier(argument: str) -> ExternalName:
    """Like :func:`name_as_identifier` for an argument with another name (``bucket``)."""
    return ExternalName(Strategy.PARAMETER_AS_IDENTIFIER, identifier_argument=argument)


def identifier_from_provider() -> ExternalName:
    """The provider assigns the ID (VPCs, KMS keys); the external name is that ID."""
    return ExternalName(Strategy.IDENTIFIER_FROM_PROVIDER, name_initializer=False)


def _attribute(name: str) -> GetExternalNameFn:
    def get_external_name(attributes: Mapping[str, Any]) -> str:
        value = attributes.get(name)
        if not isinstance(value, str) or not value:
            raise TemplateError(f"the state has no string attribute {name!r}")
        return value

    return get_external_name


def attribute_as_identifier(attribute: str, *, argument: str | None = None) -> ExternalName:
    """The import ID is the value of state attribute ``attribute`` (plugin-framework resources that
    import into ``name`` or ``arn`` rather than ``id``); the external name is that value.

    With ``argument`` (usually the same attribute) the external name also fills that argument, as
    :func:`parameter_as_identifier` does; without, the provider assigns it.
    """
    strategy = Strategy.PARAMETER_AS_IDENTIFIER if argument else Strategy.IDENTIFIER_FROM_PROVIDER
    return ExternalName(strategy, get_external_name=_attribute(attribute), identifier_argument=argument,
                        name_initializer=bool(argument))


def composite_id(template: str, *, argument: str | None = None, attribute: str = "id") -> ExternalName:
    """The import ID joins parameters and the external name (``REST-API-ID/AUTHORIZER-ID``); the
    external name is the object's own part, read from the state's ``argument`` if the user names it,
    else from ``attribute`` (the state ``id`` by default)."""
    if "{{ .external_name }}" not in template:
        raise ValueError(f"composite_id: template {template!r} has no {{{{ .external_name }}}}")

    def get_id(external_name: str, parameters: Mapping[str, Any], setup: Mapping[str, Any]) -> str:
        return render_template(template, external_name, parameters, setup)

    return ExternalName(Strategy.TEMPLATED, get_id=get_id, get_external_name=_attribute(argument or attribute),
                        identifier_argument=argument, template=template, name_initializer=bool(argument))


def _reverse(template: str) -> GetExternalNameFn:
    """Recover ``external_name`` from a state ID rendered from ``template``; the whole ID otherwise."""
    pieces: list[str] = []
    last = 0
    named = False
    for m in _PLACEHOLDER.finditer(template):
        pieces.append(re.escape(template[last:m.start()]))
        first = m.group(1) == "external_name" and not named
        pieces.append("(?P<en>.+)" if first else ".+?")
        named = named or first
        last = m.end()
    pieces.append(re.escape(template[last:]))
    pattern = re.compile("^" + "".join(pieces) + "$")

    def get_external_name(attributes: Mapping[str, Any]) -> str:
        sid = _state_id(attributes)
        match = pattern.match(sid)
        return match.group("en") if match and "en" in pattern.groupindex else sid

    return get_external_name


def templated(argument: str | None, template: str) -> ExternalName:
    """The import ID is rendered from ``template``; ``argument`` (if any) is set from the name."""
    def get_id(external_name: str, parameters: Mapping[str, Any], setup: Mapping[str, Any]) -> str:
        return render_template(template, external_name, parameters, setup)

    return ExternalName(Strategy.TEMPLATED, get_id=get_id, get_external_name=_reverse(template),
                        identifier_argument=argument or None, template=template,
                        name_initializer=bool(argument))


def composite_from_parameters(separator: str, *arguments: str) -> ExternalName:
    """Imported by arguments joined with ``separator``; that composite is also the external name.

    ``aws_iam_role_policy_attachment`` imports as ``role/policy_arn``, and its state ``id`` is a
    random name after a create but different after an import: an external name read from ``id``
    would change across a restore. The composite, read back from the state's own attributes,
    stays the same.
    """
    def get_id(external_name: str, parameters: Mapping[str, Any], setup: Mapping[str, Any]) -> str:
        values = []
        for arg in arguments:
            value = parameters.get(arg)
            if value in (None, ""):
                raise TemplateError(f"{arg} is needed for the import ID and has no value")
            values.append(str(value))
        return separator.join(values)

    def get_external_name(attributes: Mapping[str, Any]) -> str:
        return get_id("", attributes, {})

    return ExternalName(Strategy.IDENTIFIER_FROM_PROVIDER, get_id=get_id, get_external_name=get_external_name,
                        name_initializer=False, extra_identifier_fields=tuple(arguments))


def composite_by(get_id: GetIDFn, *arguments: str) -> ExternalName:
    """Like :func:`composite_from_parameters` where joining is not enough (optional parts, one of
    several arguments): ``get_id`` builds the import ID from the parameters alone, and the external
    name is that ID built from the state's own attributes."""
    def get_external_name(attributes: Mapping[str, Any]) -> str:
        return get_id("", attributes, {})

    return ExternalName(Strategy.IDENTIFIER_FROM_PROVIDER, get_id=get_id, get_external_name=get_external_name,
                        name_initializer=False, extra_identifier_fields=tuple(arguments))


def joined_attributes(separator: str, *attributes: str) -> ExternalName:
    """The import ID joins attributes the provider assigns (``guardrail_id,version``); the external
    name is that join, read from the state after a create, and is the import ID as it stands."""
    def get_external_name(attributes_: Mapping[str, Any]) -> str:
        values = []
        for name in attributes:
            value = attributes_.get(name)
            if value in (None, ""):
                raise TemplateError(f"the state has no attribute {name!r}")
            values.append(str(value))
        return separator.join(values)

    return ExternalName(Strategy.IDENTIFIER_FROM_PROVIDER, get_external_name=get_external_name,
                        name_initializer=False)
