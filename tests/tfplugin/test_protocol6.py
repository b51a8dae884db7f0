"""The direct executor's protocol-6 path, against a protocol-6 plugin (tests/support/fakeprovider.py).

It is started and spoken to exactly as a real provider is: handshake, reflection, schema with a
nested attribute type, validation, configure, plan/apply/read/import/upgrade, private state.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from bridge.api.errors import ProviderConfigFailed
from bridge.tfplugin import cty, plan
from bridge.tfplugin.provider import Provider
from tests.support import fakeprovider
from tests.support.executors import serving

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def plugin(tmp_path: Path) -> Path:
    return fakeprovider.executable(tmp_path)


@pytest.fixture
def provider(plugin: Path) -> Iterator[Provider]:
    p = Provider(plugin, dict(os.environ), {"region": "r1"})
    yield p
    p.stop()


def test_schema_of_a_protocol_6_provider(provider: Provider) -> None:
    assert provider.protocol.version == 6 and serving(provider.process)
    schema = provider.schema("fake_thing")
    disks = schema.block.attribute("disks")
    assert schema.version == 2 and provider.plan_destroy
    assert disks is not None and disks.nested is not None and disks.nesting == "list"
    assert schema.type.fields["disks"] == cty.Collection("list", cty.obj({"size": cty.NUMBER, "id": cty.STRING}))
    assert [nb.nesting for nb in schema.block.blocks] == ["set"]


def test_create_update_refuse_replace_import_and_delete(provider: Provider) -> None:
    schema = provider.schema("fake_thing")
    config = cty.conform(schema.type, {"name": "a", "size": 1, "disks": [{"size": 5}], "rule": [{"port": 80}]})
    planned = provider.plan("fake_thing", None, plan.proposed_new(schema.block, None, config), config, b"", 10)
    assert planned.state["id"] is cty.UNKNOWN and planned.state["disks"][0]["id"] is cty.UNKNOWN
    state, private, errors = provider.apply("fake_thing", None, planned.state, config, planned.private, 10)
    assert not errors and state["id"] == "thing-1-r1" and state["disks"][0]["id"].startswith("disk-")
    assert private == b"applied"

    read, read_private = provider.read("fake_thing", state, private, 10)
    assert cty.equal(schema.type, read, state) and read_private == private, "private state is carried"

    bigger = cty.conform(schema.type, {"name": "a", "size": 2, "disks": [{"size": 6}], "rule": [{"port": 80}]})
    update = provider.plan("fake_thing", state, plan.proposed_new(schema.block, state, bigger), bigger, private, 10)
    assert update.requires_replace == () and update.private == b"plan:applied"
    assert update.state["disks"][0]["id"] == state["disks"][0]["id"], "the nested attribute keeps its computed id"

    renamed = cty.conform(schema.type, {"name": "b", "size": 1, "disks": [{"size": 5}], "rule": [{"port": 80}]})
    replace = provider.plan("fake_thing", state, plan.proposed_new(schema.block, state, renamed), renamed, private, 10)
    assert replace.requires_replace == (("name",),)

    (imported,) = provider.import_state("fake_thing", state["id"], 10)
    found, _ = provider.read("fake_thing", imported.state, imported.private, 10)
    assert cty.equal(schema.type, found, state)

    gone, _, errors = provider.apply("fake_thing", state, None, None, private, 10)
    assert gone is None and not errors
    assert provider.read("fake_thing", state, b"", 10)[0] is None


def test_older_state_is_upgraded(provider: Provider) -> None:
    old = {"id": "thing-9", "name": "n", "capacity": 3, "labels": None, "disks": None, "rule": []}
    upgraded = provider.upgrade("fake_thing", 1, old, 10)
    assert upgraded["size"] == 3 and upgraded["id"] == "thing-9"


def test_a_refused_configuration_names_the_reason(plugin: Path) -> None:
    # Its own type: the reconciler shows a generic text, since the provider's words may quote a credential.
    with pytest.raises(ProviderConfigFailed,
                       match="validate the provider configuration: Invalid region: no region nowhere"):
        Provider(plugin, dict(os.environ), {"region": "nowhere"})
