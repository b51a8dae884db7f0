"""Terraform state v4 as both executors read and write it."""

import json
import zipfile
from pathlib import Path

import pytest

from bridge.api.errors import StateCorrupted
from bridge.workspace import tfstate

STATE = {
    "version": 4, "serial": 3, "lineage": "x", "outputs": {},
    "resources": [{"mode": "managed", "type": "aws_db", "name": "this", "provider": "p", "instances": [{
        "schema_version": 1, "status": "tainted",
        "attributes": {"id": "db-1", "password": "s3cret", "endpoint": {"port": 5432, "host": "h"},
                       "users": [{"name": "a", "key": "k0"}], "peers": {"east": {"key": "k1"}}},
        "sensitive_attributes": [
            [{"type": "get_attr", "value": "password"}],
            [{"type": "get_attr", "value": "users"}, {"type": "index", "value": {"value": 0, "type": "number"}},
             {"type": "get_attr", "value": "key"}],
            [{"type": "get_attr", "value": "peers"}, {"type": "index", "value": {"value": "east", "type": "string"}},
             {"type": "get_attr", "value": "key"}]]}]}],
}


def test_state_instance_and_connection_details() -> None:
    inst = tfstate.instance(STATE, "aws_db", "this")
    assert inst is not None and inst.tainted and inst.schema_version == 1
    assert tfstate.connection_details(inst, ("endpoint.port",)) == {
        "attribute.endpoint.port": b"5432", "attribute.password": b"s3cret", "attribute.users.0.key": b"k0",
        "attribute.peers.east.key": b"k1"}, "a sensitive value inside a list or a map is published too"
    assert tfstate.instance(STATE, "aws_db", "other") is None


@pytest.mark.parametrize("text", ["{not json", '{"version": 3, "resources": []}', "[]"])
def test_corrupt_state_is_refused(text: str) -> None:
    with pytest.raises(StateCorrupted, match=r"terraform\.tfstate"):
        tfstate.parse(text, "terraform.tfstate")


def test_planfile_state(tmp_path: Path) -> None:
    plan = tmp_path / "p.plan"
    with zipfile.ZipFile(plan, "w") as z:
        z.writestr("tfplan", b"\x00")
        z.writestr("tfstate", json.dumps(STATE))
    assert tfstate.from_planfile(plan) == STATE
    (tmp_path / "bad.plan").write_bytes(b"not a zip")
    assert tfstate.from_planfile(tmp_path / "bad.plan") is None


def test_state_document_keeps_lineage_bumps_serial_and_other_resources() -> None:
    other = {"mode": "managed", "type": "aws_s3_bucket", "name": "kept", "instances": []}
    address = {"tf_type": "aws_vpc", "name": "this", "provider": "registry.terraform.io/x/y"}
    first = tfstate.with_instance(None, **address, attributes={"id": "vpc-1", "secret": "s"}, schema_version=1,
                                  private=b"\x01", sensitive_paths=[("secret",), ("rules", 0, "key"),
                                                                    ("peers", tfstate.MapKey("a"), "key")])
    first["resources"].append(other)
    second = tfstate.with_instance(first, **address, attributes=None, schema_version=1, private=b"",
                                   sensitive_paths=())
    (inst,) = first["resources"][0]["instances"]
    assert first["version"] == 4 and inst["schema_version"] == 1 and inst["private"] == "AQ=="
    assert inst["sensitive_attributes"] == [
        [{"type": "get_attr", "value": "secret"}],
        [{"type": "get_attr", "value": "rules"}, {"type": "index", "value": {"value": 0, "type": "number"}},
         {"type": "get_attr", "value": "key"}],
        [{"type": "get_attr", "value": "peers"}, {"type": "index", "value": {"value": "a", "type": "string"}},
         {"type": "get_attr", "value": "key"}]]
    assert second["lineage"] == first["lineage"] and second["serial"] == first["serial"] + 1
    assert second["resources"] == [other], "our instance removed, a foreign one kept"
    assert first["resources"][0]["provider"] == 'provider["registry.terraform.io/x/y"]'
    found = tfstate.instance(first, "aws_vpc", "this")
    assert found is not None and found.private == b"\x01"
    assert found.sensitive_paths == (("secret",), ("rules", 0, "key"), ("peers", "a", "key")), "index steps kept"
    assert isinstance(found.sensitive_paths[2][1], tfstate.MapKey) and tfstate.with_instance(
        None, **address, attributes={}, schema_version=1, private=b"", sensitive_paths=found.sensitive_paths,
    )["resources"][0]["instances"][0]["sensitive_attributes"] == inst["sensitive_attributes"], "read as written"


def test_deposed_instances_are_kept_beside_the_current_one() -> None:
    """A replacement's old object is a deposed instance (terraform's own form): never taken for the current
    one, kept when the current one is written, and gone once the caller drops it."""
    old = tfstate.Instance({"id": "vpc-old"}, (), 1, False, b"p")
    doc = tfstate.with_instance(None, tf_type="aws_vpc", name="this", provider="p", attributes={"id": "vpc-new"},
                                schema_version=1, private=b"", sensitive_paths=(), deposed={"0a1b2c3d": old})
    (res,) = doc["resources"]
    assert [i.get("deposed") for i in res["instances"]] == [None, "0a1b2c3d"]
    current = tfstate.instance(doc, "aws_vpc", "this")
    assert current is not None and current.attributes == {"id": "vpc-new"}
    assert tfstate.deposed_instances(doc, "aws_vpc", "this") == {"0a1b2c3d": old}
    kept = tfstate.with_instance(doc, tf_type="aws_vpc", name="this", provider="p", attributes=None,
                                 schema_version=1, private=b"", sensitive_paths=())
    assert tfstate.instance(kept, "aws_vpc", "this") is None, "the deposed one never stands in for the current"
    assert tfstate.deposed_instances(kept, "aws_vpc", "this") == {"0a1b2c3d": old}
    gone = tfstate.with_instance(kept, tf_type="aws_vpc", name="this", provider="p", attributes=None,
                                 schema_version=1, private=b"", sensitive_paths=(), deposed={})
    assert gone["resources"] == []
