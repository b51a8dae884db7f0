"""A kind's values between its custom resource and Terraform: the one module that uses the models.

Every conversion goes through here: the spec to Terraform arguments (``forProvider`` and
``initProvider``, secrets resolved from their Secrets), the spec's provider-block settings
(``region``), a ProviderConfig's ``spec.configuration``, and state attributes back to
``status.atProvider`` and to late-initialised spec values. CR form is camelCase, Terraform form
snake_case; nothing else in the executors knows how a kind's fields are named.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import pydantic

from bridge.api.errors import InvalidSpec
from bridge.api.external import SecretReader
from bridge.api.managed import Managed
from bridge.api.models import SecretKeySelector, SecretReference, TFModel
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


class Values:
    def __init__(self, kind: Kind, secrets: SecretReader) -> None:
        self.kind = kind
        self.secrets = secrets

    def spec(self, mr: Managed) -> SpecArguments:
        """``mr``'s spec in Terraform form; raises InvalidSpec naming every bad field."""
        params = self._model(self.kind.parameters, mr.for_provider, "forProvider", mr)
        init = self._model(self.kind.init, mr.init_provider, "initProvider", mr)
        args = self._arguments(params, "forProvider", mr)
        provider = {tf: getattr(params, attr) for attr, tf in params.tf_provider.items() if getattr(params, attr)}
        for injected in self.kind.config.injected:
            if injected.name in args:
                provider[injected.name] = args[injected.name]
        return SpecArguments(args, self._arguments(init, "initProvider", mr), provider)

    @property
    def argument_names(self) -> tuple[str, ...]:
        """Every Terraform argument the kind's forProvider can set."""
        return tuple(self.kind.parameters.tf_fields.values())

    @property
    def secret_arguments(self) -> tuple[str, ...]:
        """The Terraform arguments a spec fills from Secrets: never shown."""
        return tuple(sorted(self.kind.parameters.tf_secrets.values()))

    def at_provider(self, attributes: Mapping[str, Any]) -> dict[str, Any]:
        """``status.atProvider`` from state attributes."""
        return self.kind.observation.from_terraform(attributes).to_cr()

    def late_init(self, mr: Managed, attributes: Mapping[str, Any]) -> dict[str, Any]:
        """Spec values to fill in from the cloud: only optional and computed arguments the spec leaves
        unset (in both forProvider and initProvider), never zero values, as upjet does."""
        cloud = {tf: attributes.get(tf) for tf in self.kind.late_init if attributes.get(tf) not in EMPTY}
        from_cloud = self.kind.parameters.from_terraform(cloud).to_cr()
        return {k: v for k, v in from_cloud.items() if k not in mr.for_provider and k not in mr.init_provider}

    def _model(self, model: type[TFModel], data: Mapping[str, Any], field: str, mr: Managed) -> TFModel:
        try:
            return model.from_cr(data)
        except pydantic.ValidationError as exc:
            problems = "; ".join(f"spec.{field}.{'.'.join(str(p) for p in e['loc'])}: {e['msg']}"
                                 for e in exc.errors(include_url=False, include_input=False))
            raise InvalidSpec(f"{mr.display}: {problems}") from exc

    def _arguments(self, model: TFModel, field: str, mr: Managed) -> dict[str, Any]:
        args = model.to_terraform()
        for attr, tf_name in model.tf_secrets.items():
            ref = getattr(model, attr)
            if ref is not None:
                args[tf_name] = self._secret_value(ref, f"spec.{field}.{attr}", mr)
        return args

    def _secret_value(self, ref: Any, field: str, mr: Managed) -> Any:
        if isinstance(ref, SecretKeySelector):
            data = self.secrets(ref.namespace, ref.name)
            if ref.key not in data:
                raise InvalidSpec(f"{mr.display}: {field}: key {ref.key!r} not in secret {ref.namespace}/{ref.name}")
            return data[ref.key].decode()
        assert isinstance(ref, SecretReference)
        return {k: v.decode() for k, v in self.secrets(ref.namespace, ref.name).items()}


def provider_configuration(model: type[TFModel], configuration: Mapping[str, Any], where: str) -> dict[str, Any]:
    """A ProviderConfig's ``spec.configuration`` as provider-block arguments; raises InvalidSpec
    naming (never quoting) the fields it refuses."""
    try:
        return model.from_cr(configuration).to_terraform()
    except pydantic.ValidationError as exc:
        fields = ", ".join(".".join(str(p) for p in e["loc"]) for e in exc.errors(include_url=False))
        raise InvalidSpec(f"{where}: invalid fields: {fields}") from exc
