"""What a generated provider registers with the runtime: one :class:`Kind` per managed resource."""

from __future__ import annotations

import dataclasses

from bridge.api.models import TFModel
from tfconfig import Provider, Reference, ResolvedResource


@dataclasses.dataclass(frozen=True)
class ReferenceField:
    """Where a reference lives in ``spec.forProvider`` (CR form) and what it points at."""

    path: tuple[str, ...]  # JSON path of the value field, e.g. ("vpcId",)
    ref_field: str  # sibling field holding the Reference(s), e.g. "vpcIdRef"
    selector_field: str  # sibling field holding the Selector, e.g. "vpcIdSelector"
    many: bool
    target: Reference


@dataclasses.dataclass(frozen=True)
class Kind:
    config: ResolvedResource
    parameters: type[TFModel]
    init: type[TFModel]
    observation: type[TFModel]
    references: tuple[ReferenceField, ...]
    schema_version: int
    # Whether the Terraform resource has a ``timeouts`` block.
    timeouts_block: bool = False
    # Optional and computed top-level arguments: the only ones copied from the cloud into the spec.
    late_init: tuple[str, ...] = ()

    @property
    def api_version(self) -> str:
        return self.config.api_version

    @property
    def kind(self) -> str:
        return self.config.kind

    @property
    def tags_field(self) -> str | None:
        """The spec.forProvider field (CR form) that takes the provider's default tags, if any."""
        tagging = self.config.tagging
        if tagging is None:
            return None
        for attr, tf_name in self.parameters.tf_fields.items():
            if tf_name == tagging.field:
                return self.parameters.model_fields[attr].alias or attr
        return None


CONFIG_FAMILY = "config"


@dataclasses.dataclass(frozen=True)
class ProviderPackage:
    provider: Provider
    kinds: tuple[Kind, ...]
    # spec.configuration of the provider's ProviderConfig, converted like any spec.
    configuration: type[TFModel]

    @property
    def families(self) -> tuple[str, ...]:
        """The API groups (short names) the kinds fall into: one deployable each in family mode."""
        return tuple(sorted({k.config.short_group for k in self.kinds}))

    def family(self, name: str) -> ProviderPackage:
        """Only the kinds of one family; ``config`` is the family that owns ProviderConfigs and has none."""
        if name != CONFIG_FAMILY and name not in self.families:
            raise KeyError(f"{self.provider.name} has no family {name!r}; families: "
                           f"{', '.join((CONFIG_FAMILY, *self.families))}")
        return dataclasses.replace(self, kinds=tuple(k for k in self.kinds if k.config.short_group == name))

    def by_type(self, tf_type: str) -> Kind:
        for k in self.kinds:
            if k.config.tf_type == tf_type:
                return k
        raise KeyError(tf_type)
