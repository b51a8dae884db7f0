"""The Redactor: every known secret out of every text that leaves the process, and a length cap."""

from __future__ import annotations

import json
import logging

import pytest

from bridge.kube.observability import JSONFormatter
from bridge.kube.redact import LOG_LIMIT, MESSAGE_LIMIT, REDACTED, Redactor

KEY = "-----BEGIN KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEF\nAASCBKcwggSjAgEAAoIBAQC7\n-----END KEY-----"


@pytest.mark.parametrize(
    ("secrets", "text", "want"),
    [
        pytest.param(["wJalrXUtnFEMI"], "invalid key wJalrXUtnFEMI given", f"invalid key {REDACTED} given",
                     id="Plain"),
        pytest.param([b"wJalrXUtnFEMI"], "x=wJalrXUtnFEMI", f"x={REDACTED}", id="Bytes"),
        pytest.param(['pa"ss\\word'], 'bad value "pa\\"ss\\\\word"', f'bad value "{REDACTED}"',
                     id="QuotedAsJSONOrGo"),
        pytest.param([KEY], "error near MIIEvQIBADANBgkqhkiG9w0BAQEF in line 2",
                     f"error near {REDACTED} in line 2", id="OneLineOfAMultiLineKey"),
        pytest.param(["abcdefgh", "abcdefghijkl"], "v=abcdefghijkl", f"v={REDACTED}", id="LongestFirst"),
        pytest.param(["true"], "enabled: true", "enabled: true", id="TooShortToBeASecret"),
        pytest.param([], "nothing secret", "nothing secret", id="NoSecrets"),
    ],
)
def test_secrets_are_redacted(secrets: list[str | bytes], text: str, want: str) -> None:
    r = Redactor()
    r.add("ProviderConfig/default", secrets)
    assert r(text) == want


def test_text_is_capped_after_redaction() -> None:
    r = Redactor()
    secret = "s" * 40
    r.add("x", [secret])
    text = "a" * (MESSAGE_LIMIT - 10) + secret + "tail"
    out = r(text)
    assert len(out) <= MESSAGE_LIMIT and out.endswith("[truncated]") and "sssss" not in out


def test_forgotten_owners_are_no_longer_redacted_but_shared_values_are() -> None:
    r = Redactor()
    r.add("inputs:VPC/a", ["shared-secret", "only-a-secret"])
    r.add("inputs:VPC/b", ["shared-secret"])
    r.forget("inputs:VPC/a")
    assert r("shared-secret only-a-secret") == f"{REDACTED} only-a-secret"


def test_log_records_are_redacted_whole_and_capped() -> None:
    r = Redactor()
    r.add("ProviderConfig/default", ["AKIAEXAMPLEKEY1234"])
    formatter = JSONFormatter(r)
    try:
        raise ValueError("credentials AKIAEXAMPLEKEY1234 refused")
    except ValueError:
        import sys

        record = logging.LogRecord("x", logging.WARNING, "f", 1, "using %s", ("AKIAEXAMPLEKEY1234",), sys.exc_info())
    record.object = "VPC/AKIAEXAMPLEKEY1234"
    line = formatter.format(record)
    assert "AKIAEXAMPLEKEY1234" not in line and f"VPC/{REDACTED}" in line and "ValueError: credentials" in line
    assert json.loads(line)["msg"] == f"using {REDACTED}"
    big = logging.LogRecord("x", logging.INFO, "f", 1, "%s", ("y" * (2 * LOG_LIMIT),), None)
    assert len(formatter.format(big)) <= LOG_LIMIT
