"""The direct executor's protocol layer against a protocol-6 plugin (the test provider, :mod:`testprovider`).

It is started and spoken to exactly as a real provider is: go-plugin's handshake, reflection, the
schema with protocol 6's nested attribute types, validation, configure, then every resource type's
lifecycle (plan, apply, read, import, destroy) with the store checked from outside; state upgrades,
private state, Stop during a slow create, and the data source.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridge.api.errors import OperationFailed, ProviderConfigFailed
from bridge.tfplugin import cty, plan
from bridge.tfplugin.provider import Planned, Provider
from bridge.workspace import tfstate
from testprovider.store import Store
from tests.support import tfbtest
from tests.support.executors import serving
from tests.support.tfbtest import CASES, Case

TIMEOUT = 30


@pytest.fixture
def plugin(tmp_path: Path) -> Path:
    return tfbtest.plugin(tmp_path)


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return tfbtest.store(tmp_path)


@pytest.fixture
def provider(plugin: Path, store: Store) -> Iterator[Provider]:
    p = Provider(plugin, dict(os.environ), tfbtest.configuration(store))
    yield p
    p.stop()


def config(p: Provider, tf_type: str, arguments: dict[str, Any]) -> Any:
    """Arguments as the configuration value terraform would send (as the direct client builds it)."""
    s = p.schema(tf_type)
    return s.block.with_absent_blocks(cty.conform(s.type, arguments))


def planned(p: Provider, tf_type: str, prior: Any, arguments: dict[str, Any], private: bytes = b"") -> Planned:
    value = config(p, tf_type, arguments)
    p.validate(tf_type, value, TIMEOUT, "invalid")
    return p.plan(tf_type, prior, plan.proposed_new(p.schema(tf_type).block, prior, value), value, private, TIMEOUT)


def apply(p: Provider, tf_type: str, prior: Any, arguments: dict[str, Any] | None,
          private: bytes = b"") -> tuple[Any, bytes]:
    """Plan and apply ``arguments`` over ``prior`` (None: destroy); the new state and private state."""
    if arguments is None:
        private = p.plan(tf_type, prior, None, None, private, TIMEOUT).private
        state, private, errors = p.apply(tf_type, prior, None, None, private, TIMEOUT)
    else:
        change = planned(p, tf_type, prior, arguments, private)
        state, private, errors = p.apply(tf_type, prior, change.state, config(p, tf_type, arguments), change.private,
                                         TIMEOUT)
    assert not errors, errors
    return state, private


def stored(p: Provider, store: Store, tf_type: str, state: Any) -> dict[str, Any]:
    """The one object of ``tf_type`` in the store, checked to be ``state``."""
    (found,) = store.objects(tf_type).values()
    assert found == cty.to_json(p.schema(tf_type).type, state), "the store holds the state apply returned"
    return found


def test_schema_of_a_protocol_6_provider(provider: Provider) -> None:
    assert provider.protocol.version == 6 and serving(provider.process)
    assert provider.plan_destroy
    item = provider.schema("tfbtest_item")
    nestings = {a.name: a.nesting for a in item.block.attributes if a.nested is not None}
    assert nestings == {"spec": "single", "ports": "list", "rules": "set", "endpoints": "map"}
    assert item.type.fields["ports"] == cty.Collection("list", cty.obj(
        {"number": cty.NUMBER, "protocol": cty.STRING, "id": cty.STRING}))
    project = provider.schema("tfbtest_project")
    assert project.version == 1 and [(b.name, b.nesting, b.max_items) for b in project.block.blocks] == [
        ("settings", "list", 1)]
    api_key, tier = project.block.attribute("api_key"), project.block.attribute("tier")
    assert api_key is not None and api_key.sensitive and api_key.computed
    assert tier is not None and tier.optional and tier.computed
    assert "tfbtest_volumes" in provider.data_sources


@pytest.mark.parametrize("case", CASES, ids=[c.tf_type for c in CASES])
def test_lifecycle(provider: Provider, store: Store, case: Case) -> None:
    p, tf_type = provider, case.tf_type
    parents = {address: apply(p, address.split(".")[0], None, dict(args))[0] for address, args in case.parents.items()}

    def ref(address: str, attribute: str) -> Any:
        return parents[address][attribute]

    made = planned(p, tf_type, None, case.create(ref))
    assert made.state["id"] is cty.UNKNOWN and made.requires_replace == ()
    state, private = apply(p, tf_type, None, case.create(ref))
    created = stored(p, store, tf_type, state)
    revision = json.loads(private)["revision"]  # the store's, as private state

    read, read_private = p.read(tf_type, state, private, TIMEOUT)
    assert cty.equal(p.schema(tf_type).type, read, state) and read_private == private
    again = planned(p, tf_type, state, case.create(ref), private)
    assert cty.equal(p.schema(tf_type).type, again.state, state), "no diff after create"
    assert again.private == private, "the plan carries the prior private state"

    change = planned(p, tf_type, state, case.update(ref), private)
    assert change.requires_replace == () and not cty.equal(p.schema(tf_type).type, change.state, state)
    state, private = apply(p, tf_type, state, case.update(ref), private)
    updated = stored(p, store, tf_type, state)
    assert updated["id"] == created["id"] and updated != created
    assert json.loads(private) == {"revision": revision + 1}

    if case.replace is not None:
        replacing = planned(p, tf_type, state, case.replace(ref), private)
        changed = {k for k, v in case.replace(ref).items() if v != case.update(ref).get(k)}
        assert {path[0] for path in replacing.requires_replace} == changed & {"name", "project", "volume_id"}
        apply(p, tf_type, state, None, private)  # as terraform replaces: destroy, then create
        state, private = apply(p, tf_type, None, case.replace(ref))
        assert stored(p, store, tf_type, state)["id"] != created["id"]

    if case.importable:
        (imported,) = p.import_state(tf_type, state["id"], TIMEOUT)
        found, found_private = p.read(tf_type, imported.state, imported.private, TIMEOUT)
        assert cty.equal(p.schema(tf_type).type, found, state) and found_private == private
    else:
        with pytest.raises(OperationFailed, match=f"{tf_type} does not support import"):
            p.import_state(tf_type, state["id"], TIMEOUT)
    assert store.count(tf_type) == 1, "no second object"

    gone, _ = apply(p, tf_type, state, None, private)
    assert gone is None and store.count(tf_type) == 0
    assert p.read(tf_type, state, private, TIMEOUT)[0] is None, "a read of a deleted object finds nothing"
    for address, parent in reversed(parents.items()):
        apply(p, address.split(".")[0], parent, None)
    assert store.count() == 0


def test_a_composite_import_id_that_names_no_object_imports_nothing(provider: Provider) -> None:
    (imported,) = provider.import_state("tfbtest_item", "alpha/none", TIMEOUT)
    assert imported.state["project"] == "alpha" and imported.state["name"] == "none"
    assert provider.read("tfbtest_item", imported.state, imported.private, TIMEOUT)[0] is None
    with pytest.raises(OperationFailed, match="expected an ID of the form project/name"):
        provider.import_state("tfbtest_item", "none", TIMEOUT)


def test_late_initialised_and_sensitive_computed_values(provider: Provider, store: Store) -> None:
    made = planned(provider, "tfbtest_project", None, {"name": "p"})
    assert made.state["tier"] is cty.UNKNOWN and made.state["api_key"] is cty.UNKNOWN
    state, _ = apply(provider, "tfbtest_project", None, {"name": "p"})
    assert state["tier"] == "standard" and state["api_key"].startswith("pk_")
    schema = provider.schema("tfbtest_project")
    inst = tfstate.Instance(cty.to_json(schema.type, state), tuple(schema.block.sensitive_paths(state)),
                            schema.version, False)
    assert tfstate.connection_details(inst) == {"attribute.api_key": state["api_key"].encode()}
    unset = planned(provider, "tfbtest_project", state, {"name": "p"})
    assert unset.state["tier"] == "standard", "an unset computed argument keeps the value the provider chose"
    chosen = planned(provider, "tfbtest_project", state, {"name": "p", "tier": "gold"})
    assert chosen.state["tier"] == "gold" and chosen.state["api_key"] == state["api_key"]


def test_older_state_is_upgraded(provider: Provider) -> None:
    old = {"id": "p", "name": "p", "summary": "written by version 0", "tier": "standard", "labels": None,
           "api_key": "pk_0", "settings": []}
    upgraded = provider.upgrade("tfbtest_project", 0, old, TIMEOUT)
    assert upgraded["description"] == "written by version 0" and upgraded["id"] == "p"


def test_stop_ends_a_slow_create_and_the_object_stays_half_made(provider: Provider, store: Store) -> None:
    arguments = {"name": "slow", "size": 1, "create_seconds": 600}
    change = planned(provider, "tfbtest_volume", None, arguments)
    answer: list[Any] = []
    applying = threading.Thread(target=lambda: answer.append(provider.apply(
        "tfbtest_volume", None, change.state, config(provider, "tfbtest_volume", arguments), change.private, 60)))
    applying.start()
    deadline = time.monotonic() + 30
    while store.count("tfbtest_volume") == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [v["status"] for v in store.objects("tfbtest_volume").values()] == ["creating"]
    provider.interrupt()
    applying.join(30)
    assert not applying.is_alive(), "Stop ended the create"
    ((state, _, errors),) = answer
    assert [e.summary for e in errors] == ["Create interrupted"]
    assert state["status"] == "creating" and state["id"] in store.objects("tfbtest_volume"), "recorded, not lost"
    assert serving(provider.process), "Stop leaves the process up"


def test_the_data_source_finds_volumes_by_label(provider: Provider) -> None:
    made = [apply(provider, "tfbtest_volume", None, {"name": n, "size": 1, "create_seconds": 0, "labels": labels})[0]
            for n, labels in (("a", {"team": "x"}), ("b", {"team": "x", "env": "dev"}), ("c", {"team": "y"}))]
    found = provider.read_data("tfbtest_volumes", {"labels": {"team": "x"}}, TIMEOUT)
    assert found["ids"] == sorted(v["id"] for v in made[:2])
    assert provider.read_data("tfbtest_volumes", {"labels": {"team": "z"}}, TIMEOUT)["ids"] == []


def test_invalid_arguments_are_refused_by_validation(provider: Provider) -> None:
    with pytest.raises(OperationFailed, match=r"Invalid size: size must be at least 1 \(at size\)"):
        planned(provider, "tfbtest_volume", None, {"name": "v", "size": 0})
    with pytest.raises(OperationFailed, match=r"protocol must be tcp or udp \(at ports\[0\]\.protocol\)"):
        planned(provider, "tfbtest_item", None, {"project": "p", "name": "i", "ports": [{"number": 1,
                                                                                          "protocol": "sctp"}]})


def test_a_create_whose_parent_does_not_exist_fails_and_makes_nothing(provider: Provider, store: Store) -> None:
    change = planned(provider, "tfbtest_item", None, {"project": "nowhere", "name": "i"})
    state, _, errors = provider.apply("tfbtest_item", None, change.state,
                                      config(provider, "tfbtest_item", {"project": "nowhere", "name": "i"}),
                                      change.private, TIMEOUT)
    assert state is None and [str(e) for e in errors] == ["Project not found: no project 'nowhere' (at project)"]
    assert store.count() == 0


def test_a_refused_configuration_names_the_reason(plugin: Path, store: Store) -> None:
    # Its own type: the reconciler shows a generic text, since the provider's words may quote a credential.
    with pytest.raises(ProviderConfigFailed, match="Invalid endpoint: endpoint must be an absolute path"):
        Provider(plugin, dict(os.environ), {"endpoint": "relative.db", "token": tfbtest.TOKEN})
    with pytest.raises(ProviderConfigFailed, match="Cannot use the store: the store refused the token") as refused:
        Provider(plugin, dict(os.environ), tfbtest.configuration(store, token="wrong-token"))
    assert "wrong-token" not in str(refused.value)


def test_the_provider_block_may_come_from_the_environment(plugin: Path, store: Store) -> None:
    env = {**os.environ, "TFBTEST_ENDPOINT": str(store.path), "TFBTEST_TOKEN": tfbtest.TOKEN}
    p = Provider(plugin, env, {})
    try:
        apply(p, "tfbtest_project", None, {"name": "from-env"})
    finally:
        p.stop()
    assert list(store.objects("tfbtest_project")) == ["from-env"]
