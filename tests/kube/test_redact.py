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
@pytest.mark.parametrize("others", [0, 5000], ids=["FewSecrets", "ThousandsOfObjectsSecrets"])
def test_secrets_are_redacted(secrets: list[str | bytes], text: str, want: str, others: int) -> None:
    r = Redactor()
    for i in range(others):  # other objects' connection details: the text is scanned, not searched per value
        r.add(f"outputs:VPC/o{i}", [f"other-secret-{i:05d}"])
    r.add("ProviderConfig/default", secrets)
    assert r(text) == want


def test_text_is_capped_after_redaction() -> None:
    r = Redactor()
    secret = "s" * 40
    r.add("x", [secret])
    text = "a" * (MESSAGE_LIMIT - 10) + secret + "tail"
    out = r(text)
    assert len(out) <= MESSAGE_LIMIT and out.endswith("[truncated]") and "sssss" not in out


@pytest.mark.parametrize("others", [0, 5000], ids=["FewSecrets", "ThousandsOfObjectsSecrets"])
def test_forgotten_owners_are_no_longer_redacted_but_shared_values_are(others: int) -> None:
    r = Redactor()
    for i in range(others):
        r.add(f"outputs:VPC/o{i}", [f"other-secret-{i:05d}"])
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


def test_every_secret_of_thousands_of_objects_is_redacted_and_forgotten_ones_are_not() -> None:
    r = Redactor()
    for i in range(3000):
        r.add(f"outputs:VPC/o{i}", [f"secret-{i:05d}-x", f"{i:05d}-token-long-enough"])
    text = "a secret-00042-x and 02999-token-long-enough and secret-00042-xy, not secret-3000-x"
    assert r(text) == f"a {REDACTED} and {REDACTED} and {REDACTED}y, not secret-3000-x"
    r.forget("outputs:VPC/o42")
    assert r(text) == f"a secret-00042-x and {REDACTED} and secret-00042-xy, not secret-3000-x"
    assert r("") == "" and r("short") == "short"


@pytest.mark.parametrize("others", [0, 5000], ids=["FewSecrets", "ThousandsOfObjectsSecrets"])
def test_a_tenant_cannot_confirm_a_guess_of_another_tenants_secret(others: int) -> None:
    r = Redactor()
    for i in range(others):
        r.add(f"outputs:VPC/team-c/o{i}", [f"other-secret-{i:05d}"], tenant="team-c")
    r.add("inputs:Parameter/team-a/p", ["team-a-password"], tenant="team-a")
    r.add("inputs:Parameter/team-b/p", ["team-b-password", "both-teams-password"], tenant="team-b")
    r.add("inputs:Parameter/team-a/q", ["both-teams-password"], tenant="team-a")
    r.add("ClusterProviderConfig/default", ["cluster-secret-key"])
    text = "tried team-b-password, team-a-password, both-teams-password and cluster-secret-key"
    assert r(text, tenant="team-a") == f"tried team-b-password, {REDACTED}, {REDACTED} and {REDACTED}", \
        "its own and the cluster's are redacted; another tenant's guessed value is left as written"
    assert r(text, tenant="team-b") == f"tried {REDACTED}, team-a-password, {REDACTED} and {REDACTED}"
    assert r(text) == f"tried {REDACTED}, {REDACTED}, {REDACTED} and {REDACTED}", "a log line: every one"
    r.forget("inputs:Parameter/team-a/q")
    assert r("both-teams-password", tenant="team-a") == "both-teams-password"
    assert r("both-teams-password", tenant="team-b") == REDACTED
