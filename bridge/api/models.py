"""Base class of every generated model, and conversion between CR fields and Terraform values.

Generated classes declare, as class variables, how their Python fields map to Terraform:

* ``tf_fields``: Python field → Terraform name, for arguments and attributes;
* ``tf_nested``: Python field → (model class, containers), where containers says how the nested
  objects are wrapped (``()`` one object, ``("list",)`` a list of them, ``("map",)`` a map of them);
* ``tf_secrets``: Python field of a ``…SecretRef`` → the Terraform argument it fills;
* ``tf_provider``: Python field → provider-block setting (``region``), not a resource argument.

CR form is camelCase (the aliases); Terraform form is snake_case. ``None`` is Terraform's null.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Self

from pydantic import BaseModel, ConfigDict, Field

Number = int | float


class TFModel(BaseModel):
    model_config = ConfigDict(populate_by_name=True, extra="forbid", frozen=False)

    tf_fields: ClassVar[dict[str, str]] = {}
    tf_nested: ClassVar[dict[str, tuple[type[TFModel], tuple[str, ...]]]] = {}
    tf_secrets: ClassVar[dict[str, str]] = {}
    tf_provider: ClassVar[dict[str, str]] = {}
    # Fields of Terraform's dynamic type: raw tfstate stores them as {"value": v, "type": t}.
    tf_dynamic: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def from_cr(cls, data: Mapping[str, Any]) -> Self:
        """Validate CR-form (camelCase) data; raises pydantic.ValidationError naming the field."""
        return cls.model_validate(data)

    def to_cr(self) -> dict[str, Any]:
        return self.model_dump(by_alias=True, exclude_none=True)

    def to_terraform(self) -> dict[str, Any]:
        """The Terraform arguments this model sets (nulls left out). Secrets are not resolved here."""
        out: dict[str, Any] = {}
        for attr, tf_name in self.tf_fields.items():
            value = getattr(self, attr)
            if value is not None:
                out[tf_name] = _to_tf(value)
        return out

    @classmethod
    def from_terraform(cls, values: Mapping[str, Any]) -> Self:
        """Build the model from Terraform values (state attributes); unknown names are ignored."""
        kwargs: dict[str, Any] = {}
        for attr, tf_name in cls.tf_fields.items():
            value = values.get(tf_name)
            if value is None:
                continue
            nested = cls.tf_nested.get(attr)
            if attr in cls.tf_dynamic and isinstance(value, Mapping) and set(value) == {"value", "type"}:
                value = value["value"]
            kwargs[attr] = _from_tf(value, nested[0], nested[1]) if nested else value
        return cls(**kwargs)


def _to_tf(value: Any) -> Any:
    if isinstance(value, TFModel):
        return value.to_terraform()
    if isinstance(value, list):
        return [_to_tf(v) for v in value]
    if isinstance(value, dict):
        return {k: _to_tf(v) for k, v in value.items()}
    return value


def _from_tf(value: Any, model: type[TFModel], containers: tuple[str, ...]) -> Any:
    if not containers:
        return model.from_terraform(value) if isinstance(value, Mapping) else value
    head, rest = containers[0], containers[1:]
    if head == "list" and isinstance(value, list):
        return [_from_tf(v, model, rest) for v in value]
    if head == "map" and isinstance(value, Mapping):
        return {k: _from_tf(v, model, rest) for k, v in value.items()}
    return value


class SecretKeySelector(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    namespace: str
    key: str


class SecretReference(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    namespace: str


class Policy(BaseModel):
    model_config = ConfigDict(extra="forbid")
    resolution: str | None = None
    resolve: str | None = None


class Reference(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    policy: Policy | None = None


class Selector(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    match_controller_ref: bool | None = Field(default=None, alias="matchControllerRef")
    match_labels: dict[str, str] | None = Field(default=None, alias="matchLabels")
    policy: Policy | None = None
