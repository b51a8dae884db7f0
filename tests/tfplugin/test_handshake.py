"""go-plugin handshake lines."""

from __future__ import annotations

import pytest

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
