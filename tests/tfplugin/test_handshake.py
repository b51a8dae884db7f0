"""go-plugin handshake lines, and the state file the direct executor writes."""

from __future__ import annotations

import pytest

from bridge.tfplugin import statefile
from bridge.tfplugin.process import Handshake, PluginStartFailed, parse_handshake


@pytest.mark.parametrize(("line", "want"), [
    ("1|5|unix|/tmp/plugin123|grpc|\n", Handshake(1, 5, "unix", "/tmp/plugin123")),
    ("1|6|tcp|127.0.0.1:1234|grpc|", Handshake(1, 6, "tcp", "127.0.0.1:1234")),
])
def test_handshake_is_parsed(line: str, want: Handshake) -> None:
    assert parse_handshake(line) == want


@pytest.mark.parametrize(("line", "words"), [
    ("This binary is a plugin. These are not meant to be executed directly.", "not a go-plugin"),
    ("1|5|unix|/tmp/p|netrpc|", "not a go-plugin"),
    ("2|5|unix|/tmp/p|grpc|", "core protocol 2"),
    ("1|4|unix|/tmp/p|grpc|", "plugin protocol 4"),
])
def test_bad_handshakes_say_why(line: str, words: str) -> None:
    with pytest.raises(PluginStartFailed, match=words):
        parse_handshake(line)


def test_state_document_keeps_lineage_bumps_serial_and_other_resources() -> None:
    other = {"mode": "managed", "type": "aws_s3_bucket", "name": "kept", "instances": []}
    first = statefile.document(None, tf_type="aws_vpc", name="this", provider='provider["x"]',
                               attributes={"id": "vpc-1", "secret": "s"}, schema_version=1, private=b"\x01",
                               sensitive_paths=[("secret",), ("rules", 0, "key")])
    first["resources"].append(other)
    second = statefile.document(first, tf_type="aws_vpc", name="this", provider='provider["x"]', attributes=None,
                                schema_version=1, private=b"", sensitive_paths=())
    (inst,) = first["resources"][0]["instances"]
    assert first["version"] == 4 and inst["schema_version"] == 1 and inst["private"] == "AQ=="
    assert inst["sensitive_attributes"] == [
        [{"type": "get_attr", "value": "secret"}],
        [{"type": "get_attr", "value": "rules"}, {"type": "index", "value": {"value": 0, "type": "number"}},
         {"type": "get_attr", "value": "key"}]]
    assert second["lineage"] == first["lineage"] and second["serial"] == first["serial"] + 1
    assert second["resources"] == [other], "our instance removed, a foreign one kept"
    assert statefile.private_of(first, "aws_vpc", "this") == b"\x01"
