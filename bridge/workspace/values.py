"""A kind's values between its custom resource and Terraform: the one module the executors convert with.

Every conversion goes through here: the spec to Terraform arguments (``forProvider`` and
``initProvider``, secrets resolved from their Secrets at any depth), the spec's provider-block
settings (``region``), a ProviderConfig's ``spec.configuration``, and state attributes back to
``status.atProvider`` and to late-initialised spec values. CR form is camelCase, Terraform form
snake_case; the kind's converter (built from its schema's field trees) knows how its fields are
named, and nothing else in the executors does.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from bridge.api.convert import Arguments, ObjectConverter, SecretPoint, SpecError
from bridge.api.errors import InvalidSpec
from bridge.api.external import SecretReader
from bridge.api.managed import Managed
from bridge.api.registry import Kind

# As upjet: a zero value read from the cloud is never copied into the spec.
EMPTY: tuple[Any, ...] = (None, "", [], {}, False, 0)


def refuse_secrets(namespace: str, name: str) -> Mapping[str, bytes]:
    """The secret reader of a client given none: a spec that needs a Secret is refused."""
    raise InvalidSpec(f"secret {namespace}/{name}: no secret reader configured")


@dataclasses.dataclass(frozen=True)
class SpecArguments:
    """A spec in Terraform form."""

    # forProvider's resource arguments, secrets resolved.
    arguments: dict[str, Any]
    # initProvider's: part of the configuration at create only.
    init_arguments: dict[str, Any]
    # Provider-block settings the spec carries (``region``).
    provider: dict[str, Any]
    # Whether any value came from a Secret (which may change while the spec does not).
    from_secrets: bool = False


class Values:
    def __init__(self, kind: Kind, secrets: SecretReader) -> None:
        self.kind = kind
        self.secrets = secrets

    def spec(self, mr: Managed) -> SpecArguments:
        """``mr``'s spec in Terraform form; raises InvalidSpec naming every bad field."""
        converter = self.kind.converter
        params = self._convert(converter.for_provider, mr.for_provider, "spec.forProvider", mr)
        init = self._convert(converter.init_provider, mr.init_provider, "spec.initProvider", mr)
        return SpecArguments(self._resolved(params, mr), self._resolved(init, mr), dict(params.provider),
                             bool(params.secrets or init.secrets))

    @property
    def argument_names(self) -> tuple[str, ...]:
        """Every Terraform argument the kind's forProvider can set."""
        return self.kind.converter.argument_names

    @property
    def secret_arguments(self) -> tuple[str, ...]:
        """The Terraform arguments a spec fills from Secrets (at any depth below them): never shown."""
        return self.kind.converter.secret_arguments

    def at_provider(self, attributes: Mapping[str, Any]) -> dict[str, Any]:
        """``status.atProvider`` from state attributes."""
        return self.kind.converter.observation(attributes)

    def late_init(self, mr: Managed, attributes: Mapping[str, Any]) -> dict[str, Any]:
        """Spec values to fill in from the cloud: only optional and computed arguments the spec leaves
        unset (in both forProvider and initProvider, inside the blocks forProvider has), never zero
        values, as upjet does."""
        return self.kind.converter.late_init(attributes, mr.for_provider, mr.init_provider)

    def _convert(self, section: ObjectConverter, data: Mapping[str, Any], where: str, mr: Managed) -> Arguments:
        try:
            return section.to_terraform(data, where)
        except SpecError as exc:
            raise InvalidSpec(f"{mr.display}: {exc}") from exc

    def _resolved(self, converted: Arguments, mr: Managed) -> dict[str, Any]:
        return converted.resolved(lambda point: self._secret_value(point, mr))

    def _secret_value(self, point: SecretPoint, mr: Managed) -> Any:
        ref = point.ref
        data = self.secrets(ref.namespace, ref.name)
        if ref.key is None:
            return {k: v.decode() for k, v in data.items()}
        if ref.key not in data:
            raise InvalidSpec(f"{mr.display}: {point.field}: key {ref.key!r} not in secret {ref.namespace}/{ref.name}")
        return data[ref.key].decode()


def provider_configuration(section: ObjectConverter, configuration: Mapping[str, Any], owner: str) -> dict[str, Any]:
    """A ProviderConfig's ``spec.configuration`` as provider-block arguments; raises InvalidSpec
    naming (never quoting) the fields it refuses, for ``owner`` (``ProviderConfig/name``)."""
    try:
        return dict(section.to_terraform(configuration, "spec.configuration").terraform)
    except SpecError as exc:
        raise InvalidSpec(f"{owner}: {exc}") from exc
