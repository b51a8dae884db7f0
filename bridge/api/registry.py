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


@dataclasses.dataclass(frozen=True)
class ProviderPackage:
    provider: Provider
    kinds: tuple[Kind, ...]
    # spec.configuration of the provider's ProviderConfig, converted like any spec.
    configuration: type[TFModel]

    def by_type(self, tf_type: str) -> Kind:
        for k in self.kinds:
            if k.config.tf_type == tf_type:
                return k
        raise KeyError(tf_type)
