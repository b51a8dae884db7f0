"""The provider's answers to the tfplugin6 calls, as a plugin-framework provider gives them.

A plan proposes the configuration Terraform merged with the prior state, leaves every computed
attribute that has no value unknown and lists the replacing arguments that changed; an apply makes,
changes or deletes the object in the store and returns the planned state with the unknowns filled
in; a read returns what the store holds (null: the object is gone), with the object's revision as
private state; an import starts from the ID and leaves the rest to the read that follows it.
Errors are diagnostics, never gRPC errors. StopProvider ends every create that is waiting.
"""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from bridge.tfplugin import cty
from bridge.tfplugin.schema import Block
from testprovider import protocol, schema
from testprovider.resources import DATA_SOURCES, RESOURCES, Interrupted, Problem, Resource
from testprovider.store import Store, StoreError

ENDPOINT_ENV = "TFBTEST_ENDPOINT"
TOKEN_ENV = "TFBTEST_TOKEN"
SEVERITY_ERROR = 1


def _message(name: str, **fields: Any) -> Any:
    return protocol.message(name)(**fields)


def dynamic(t: cty.Type, value: Any) -> Any:
    return _message("DynamicValue", msgpack=cty.to_msgpack(t, value))


def decoded(t: cty.Type, value: Any) -> Any:
    """A DynamicValue's value (msgpack, as terraform sends it, or JSON); an empty one is null."""
    if value.msgpack:
        return cty.from_msgpack(t, bytes(value.msgpack))
    if value.json:
        return cty.from_json(t, json.loads(value.json))
    return None


def attribute_path(text: str) -> Any:
    """``ports[0].protocol`` as an AttributePath."""
    steps = []
    for name, index in re.findall(r"([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]", text):
        step = {"attribute_name": name} if name else {"element_key_int": int(index)}
        steps.append(_message("AttributePath.Step", **step))
    return _message("AttributePath", steps=steps)


def diagnostic(problem: Problem) -> Any:
    d = _message("Diagnostic", severity=SEVERITY_ERROR, summary=problem.summary, detail=problem.detail)
    if problem.attribute:
        d.attribute.CopyFrom(attribute_path(problem.attribute))
    return d


def with_unknowns(block: Block, value: Any) -> Any:
    """``value`` with each computed attribute that is null made unknown, nested attributes and
    blocks included: what the provider will only know once it applies."""
    if not isinstance(value, dict):
        return value
    out = dict(value)
    for a in block.attributes:
        if a.computed and out.get(a.name) is None:
            out[a.name] = cty.UNKNOWN
        elif a.nested is not None:
            out[a.name] = _each(a.nested, a.nesting, out.get(a.name))
    for nb in block.blocks:
        out[nb.name] = _each(nb.block, nb.nesting, out.get(nb.name))
    return out


def _each(block: Block, nesting: str, value: Any) -> Any:
    if isinstance(value, list):
        return [with_unknowns(block, v) for v in value]
    if nesting == "map" and isinstance(value, dict):
        return {k: with_unknowns(block, v) for k, v in value.items()}
    return with_unknowns(block, value)


def _unknown_paths(value: Any, path: str = "") -> Iterator[str]:
    if value is cty.UNKNOWN:
        yield path or "(root)"
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _unknown_paths(v, f"{path}.{k}" if path else k)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _unknown_paths(v, f"{path}[{i}]")


class Provider:
    """One configured provider: its store (set by ConfigureProvider) and the creates that wait."""

    def __init__(self, env: Mapping[str, str] | None = None) -> None:
        self.env = dict(os.environ if env is None else env)
        self.store: Store | None = None
        self._waiting: set[threading.Event] = set()
        self._lock = threading.Lock()

    # -- plumbing --------------------------------------------------------------------------------

    def _resource(self, type_name: str) -> Resource:
        found = RESOURCES.get(type_name)
        if found is None:
            raise Problem("Unknown resource type", f"this provider has no resource type {type_name!r}")
        return found

    def _store(self) -> Store:
        if self.store is None:
            raise Problem("Provider not configured", "ConfigureProvider was not called")
        return self.store

    def answer(self, method: str, request: Any) -> Any:
        """The response to ``request``; a Problem becomes the response's error diagnostic."""
        try:
            response = getattr(self, method)(request)
        except Problem as problem:
            response = _message(f"{method}.Response")
            response.diagnostics.append(diagnostic(problem))
        except (StoreError, cty.CtyError, ValueError, KeyError, TypeError) as exc:
            response = _message(f"{method}.Response")
            response.diagnostics.append(diagnostic(Problem("Provider error", f"{type(exc).__name__}: {exc}")))
        return response

    # -- the provider ----------------------------------------------------------------------------

    def GetProviderSchema(self, request: Any) -> Any:
        response = _message("GetProviderSchema.Response", provider=schema.PROVIDER,
                            server_capabilities=_message("ServerCapabilities", plan_destroy=True))
        for name, s in schema.RESOURCES.items():
            response.resource_schemas[name].CopyFrom(s)
        for name, s in schema.DATA_SOURCES.items():
            response.data_source_schemas[name].CopyFrom(s)
        return response

    def _provider_config(self, request: Any) -> dict[str, Any]:
        value = decoded(schema.PROVIDER_MODEL.type, request.config)
        return value if isinstance(value, dict) else {}

    def ValidateProviderConfig(self, request: Any) -> Any:
        endpoint = self._provider_config(request).get("endpoint")
        if isinstance(endpoint, str) and not os.path.isabs(endpoint):
            raise Problem("Invalid endpoint", "endpoint must be an absolute path", "endpoint")
        return _message("ValidateProviderConfig.Response")

    def ConfigureProvider(self, request: Any) -> Any:
        config = self._provider_config(request)
        endpoint = config.get("endpoint") or self.env.get(ENDPOINT_ENV, "")
        token = config.get("token") or self.env.get(TOKEN_ENV, "")
        if not endpoint:
            raise Problem("Missing endpoint", f"set endpoint in the provider block or {ENDPOINT_ENV}", "endpoint")
        if not token:
            raise Problem("Missing token", f"set token in the provider block or {TOKEN_ENV}", "token")
        store = Store(Path(endpoint))
        try:
            store.check(token)
        except StoreError as exc:
            raise Problem("Cannot use the store", str(exc)) from None
        self.store = store
        return _message("ConfigureProvider.Response")

    def StopProvider(self, request: Any) -> Any:
        with self._lock:
            for event in self._waiting:
                event.set()
        return _message("StopProvider.Response")

    # -- resources -------------------------------------------------------------------------------

    def ValidateResourceConfig(self, request: Any) -> Any:
        resource = self._resource(request.type_name)
        config = decoded(resource.type, request.config)
        response = _message("ValidateResourceConfig.Response")
        if isinstance(config, dict):
            response.diagnostics.extend(diagnostic(p) for p in resource.validate(config))
        return response

    def UpgradeResourceState(self, request: Any) -> Any:
        resource = self._resource(request.type_name)
        attributes = resource.upgrade(int(request.version), json.loads(request.raw_state.json or b"null") or {})
        state = cty.from_json(resource.type, attributes)
        return _message("UpgradeResourceState.Response", upgraded_state=dynamic(resource.type, state))

    def ReadResource(self, request: Any) -> Any:
        resource = self._resource(request.type_name)
        current = decoded(resource.type, request.current_state)
        response = _message("ReadResource.Response", new_state=dynamic(resource.type, None))
        found = self._store().revision(resource.type_name, current["id"]) if current else None
        if found is not None:
            attributes, revision = found
            response.new_state.CopyFrom(dynamic(resource.type, cty.from_json(resource.type, attributes)))
            response.private = json.dumps({"revision": revision}).encode()
        return response

    def PlanResourceChange(self, request: Any) -> Any:
        resource = self._resource(request.type_name)
        t = resource.type
        prior = decoded(t, request.prior_state)
        proposed = decoded(t, request.proposed_new_state)
        response = _message("PlanResourceChange.Response", planned_private=request.prior_private)
        if proposed is None:  # a destroy
            response.planned_state.CopyFrom(dynamic(t, None))
            return response
        planned = with_unknowns(schema.MODELS[resource.type_name].block, proposed)
        response.planned_state.CopyFrom(dynamic(t, planned))
        if prior is not None:
            fields = t.fields
            response.requires_replace.extend(
                attribute_path(name) for name in resource.replaces
                if not cty.equal(fields[name], prior.get(name), planned.get(name)))
        return response

    def ApplyResourceChange(self, request: Any) -> Any:
        resource = self._resource(request.type_name)
        t = resource.type
        store = self._store()
        prior = decoded(t, request.prior_state)
        planned = decoded(t, request.planned_state)
        response = _message("ApplyResourceChange.Response", new_state=dynamic(t, prior))
        try:
            if planned is None:
                store.delete(resource.type_name, prior["id"])
                response.new_state.CopyFrom(dynamic(t, None))
                return response
            state = resource.complete(planned, store)
            left = list(_unknown_paths(state))
            if left:
                raise Problem("Provider error", f"no value for {', '.join(left)}")
            if prior is None:
                resource.check(state, store)
                state, revision = self._create(resource, state, store)
            else:
                revision = store.update(resource.type_name, state["id"], cty.to_json(t, state))
        except Interrupted as exc:  # the object exists, half made: recorded, and the create failed
            response.new_state.CopyFrom(dynamic(t, exc.state))
            response.diagnostics.append(diagnostic(exc))
            return response
        except (Problem, StoreError) as exc:  # nothing changed: the prior state stands
            problem = exc if isinstance(exc, Problem) else Problem("The store refused the change", str(exc))
            response.diagnostics.append(diagnostic(problem))
            return response
        response.new_state.CopyFrom(dynamic(t, state))
        response.private = json.dumps({"revision": revision}).encode()
        return response

    def _create(self, resource: Resource, state: dict[str, Any], store: Store) -> tuple[dict[str, Any], int]:
        stopped = threading.Event()
        with self._lock:
            self._waiting.add(stopped)
        try:
            return resource.create(state, store, stopped)
        finally:
            with self._lock:
                self._waiting.discard(stopped)

    def ImportResourceState(self, request: Any) -> Any:
        resource = self._resource(request.type_name)
        if not resource.importable:
            raise Problem("Resource Import Not Implemented", f"{resource.type_name} does not support import")
        state = dict.fromkeys(resource.type.fields) | resource.imported(request.id)
        imported = _message("ImportResourceState.ImportedResource", type_name=resource.type_name,
                            state=dynamic(resource.type, state))
        return _message("ImportResourceState.Response", imported_resources=[imported])

    # -- data sources ----------------------------------------------------------------------------

    def ValidateDataResourceConfig(self, request: Any) -> Any:
        if request.type_name not in DATA_SOURCES:
            raise Problem("Unknown data source", f"this provider has no data source {request.type_name!r}")
        return _message("ValidateDataResourceConfig.Response")

    def ReadDataSource(self, request: Any) -> Any:
        read = DATA_SOURCES.get(request.type_name)
        if read is None:
            raise Problem("Unknown data source", f"this provider has no data source {request.type_name!r}")
        t = schema.MODELS[request.type_name].type
        state = read(self._store(), decoded(t, request.config))
        return _message("ReadDataSource.Response", state=dynamic(t, state))
