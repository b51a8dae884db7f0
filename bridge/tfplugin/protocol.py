"""The provider protocol (tfplugin5 or tfplugin6), loaded from the running provider itself.

The provider serves gRPC reflection. Its service descriptor and every message type are read from
it at start, so no ``.proto`` file lives in this tree and a provider built against a newer
protocol minor version brings its own fields. Methods are called by the name the protocol
version gives them; :data:`METHODS` maps tfbridge's verbs to both spellings.
"""

from __future__ import annotations

import collections
import dataclasses
from collections.abc import Callable
from typing import Any

import grpc
from google.protobuf import message_factory

from bridge import reflection

# verb → (protocol 5 method, protocol 6 method)
METHODS = {
    "schema": ("GetSchema", "GetProviderSchema"),
    "validate_provider": ("PrepareProviderConfig", "ValidateProviderConfig"),
    "validate_resource": ("ValidateResourceTypeConfig", "ValidateResourceConfig"),
    "configure": ("Configure", "ConfigureProvider"),
    "read": ("ReadResource", "ReadResource"),
    "plan": ("PlanResourceChange", "PlanResourceChange"),
    "apply": ("ApplyResourceChange", "ApplyResourceChange"),
    "import": ("ImportResourceState", "ImportResourceState"),
    "upgrade": ("UpgradeResourceState", "UpgradeResourceState"),
    "read_data": ("ReadDataSource", "ReadDataSource"),
    "stop": ("Stop", "StopProvider"),
}
SEVERITY_ERROR = 1


class ProtocolError(RuntimeError):
    pass


@dataclasses.dataclass(frozen=True)
class Diagnostic:
    severity: int
    summary: str
    detail: str
    attribute: str = ""

    def __str__(self) -> str:
        where = f" (at {self.attribute})" if self.attribute else ""
        return f"{self.summary}: {self.detail}{where}" if self.detail else f"{self.summary}{where}"


def diagnostics(response: Any) -> list[Diagnostic]:
    out = []
    for d in getattr(response, "diagnostics", ()):
        out.append(Diagnostic(d.severity, d.summary, d.detail, attribute_path(d.attribute)))
    return out


def attribute_path(path: Any) -> str:
    """An AttributePath message as ``a.b[0]["k"]``."""
    out = ""
    for step in getattr(path, "steps", ()):
        which = step.WhichOneof("selector")
        if which == "attribute_name":
            out += f".{step.attribute_name}" if out else step.attribute_name
        elif which == "element_key_string":
            out += f"[{step.element_key_string!r}]"
        elif which == "element_key_int":
            out += f"[{step.element_key_int}]"
    return out


def path_steps(path: Any) -> tuple[str | int, ...]:
    steps: list[str | int] = []
    for step in getattr(path, "steps", ()):
        which = step.WhichOneof("selector")
        if which is not None:
            steps.append(getattr(step, which))
    return tuple(steps)


class Protocol:
    def __init__(self, channel: grpc.Channel, version: int, *, timeout: float = 60.0,
                 calls: collections.Counter[str] | None = None) -> None:
        self.version = version
        # Calls made, by verb: shared by every process of one executor, so a count outlives the process.
        # Unlocked: two racing increments may count one, never zero.
        self.calls: collections.Counter[str] = calls if calls is not None else collections.Counter()
        self.service = f"tfplugin{version}.Provider"
        try:
            self._pool = reflection.load(channel, self.service, timeout)
        except reflection.ReflectionError as exc:
            raise ProtocolError(str(exc)) from exc
        desc = self._pool.FindServiceByName(self.service)
        self._methods: dict[str, tuple[Callable[..., Any], type[Any]]] = {}
        for m in desc.methods:
            if m.client_streaming or m.server_streaming:
                continue
            response = message_factory.GetMessageClass(m.output_type)
            call = channel.unary_unary(f"/{self.service}/{m.name}", request_serializer=_serialize,
                                       response_deserializer=response.FromString)
            self._methods[m.name] = (call, message_factory.GetMessageClass(m.input_type))

    def method(self, verb: str) -> str:
        return METHODS[verb][0 if self.version == 5 else 1]

    def has(self, verb: str) -> bool:
        return self.method(verb) in self._methods

    def call(self, verb: str, timeout: float, **fields: Any) -> Any:
        name = self.method(verb)
        if name not in self._methods:
            raise ProtocolError(f"the provider's {self.service} has no {name}")
        call, request = self._methods[name]
        self.calls[verb] += 1
        return call(request(**fields), timeout=timeout)


def _serialize(message: Any) -> bytes:
    return bytes(message.SerializeToString())
