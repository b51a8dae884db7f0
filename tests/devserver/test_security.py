"""The local API server is safe to run on a laptop: what it refuses, and how its kubeconfig is kept."""

from __future__ import annotations

import http.client
import json
import socket
import ssl
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from kubernetes import client

from bridge.kube.client import api_client
from devserver import server as devserver_server
from devserver.server import MAX_BODY, APIServer

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def server() -> Iterator[APIServer]:
    srv = APIServer().start()
    try:
        yield srv
    finally:
        srv.stop()


def request(server: APIServer, method: str, path: str, *, body: bytes | None = None,
            headers: dict[str, str] | None = None, token: str | None = "valid") -> tuple[int, Any]:
    context = ssl.create_default_context(cadata=server.certificate.pem.decode())
    conn = http.client.HTTPSConnection("127.0.0.1", server.port, context=context, timeout=30)
    sent = {"Host": f"127.0.0.1:{server.port}", **(headers or {})}
    if token is not None:
        sent["Authorization"] = f"Bearer {server.token if token == 'valid' else token}"
    try:
        conn.request(method, path, body=body, headers=sent)
        resp = conn.getresponse()
        data = resp.read()
    finally:
        conn.close()
    try:
        return resp.status, json.loads(data)
    except ValueError:
        return resp.status, data


SECRET = json.dumps({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s"}}).encode()


@pytest.mark.parametrize(
    ("method", "path", "kwargs", "code"),
    [
        pytest.param("GET", "/api/v1/namespaces", {"token": None}, 401, id="NoToken"),
        pytest.param("GET", "/api/v1/namespaces", {"token": "tfbridge-dev"}, 401, id="WrongToken"),
        pytest.param("GET", "/version", {"token": None}, 401, id="VersionNeedsTheTokenToo"),
        pytest.param("GET", "/api/v1/namespaces", {"headers": {"Host": "evil.example:443"}}, 403, id="ForeignHost"),
        pytest.param("GET", "/api/v1/namespaces", {"headers": {"Host": "127.0.0.1.evil.example"}}, 403,
                     id="LookalikeHost"),
        pytest.param("POST", "/api/v1/namespaces/default/secrets",
                     {"body": SECRET, "headers": {"Content-Type": "text/plain"}}, 415, id="TextPlainBody"),
        pytest.param("POST", "/api/v1/namespaces/default/secrets",
                     {"body": SECRET, "headers": {"Content-Type": "application/yaml"}}, 415, id="YAMLBody"),
        pytest.param("POST", "/api/v1/namespaces/default/secrets",
                     {"body": SECRET, "headers": {"Content-Type": "application/x-www-form-urlencoded"}}, 415,
                     id="FormBody"),
        pytest.param("POST", "/api/v1/namespaces/default/secrets",
                     {"body": SECRET, "headers": {"Content-Type": "application/vnd.kubernetes.protobuf"}}, 400,
                     id="ProtobufThatIsNot"),
        pytest.param("POST", "/apis/coordination.k8s.io/v1/namespaces/default/leases",
                     {"body": b"k8s\x00\x0a\x1f\x0a\x16coordination.k8s.io/v1\x12\x05Lease\x12\x00",
                      "headers": {"Content-Type": "application/vnd.kubernetes.protobuf"}}, 415,
                     id="ProtobufOfAnotherKind"),
        pytest.param("POST", "/api/v1/namespaces/default/secrets", {"body": SECRET}, 415, id="NoContentType"),
        pytest.param("PATCH", "/api/v1/namespaces/default/secrets/s",
                     {"body": b"{}", "headers": {"Content-Type": "application/json"}}, 415, id="PlainJSONIsNoPatch"),
        pytest.param("POST", "/api/v1/namespaces/default/secrets",
                     {"headers": {"Content-Type": "application/json", "Content-Length": str(MAX_BODY + 1)}}, 413,
                     id="BodyTooLarge"),
        pytest.param("GET", "/api/v1/namespaces/default/secrets/..", {}, 400, id="DotDotName"),
        pytest.param("GET", "/api/v1/namespaces/default/secrets/a%2Fb", {}, 400, id="SlashInName"),
        pytest.param("GET", "/api/v1/namespaces/..%2Fkube-system/secrets", {}, 400, id="TraversalInNamespace"),
        pytest.param("GET", "/api/v1/namespaces/default/secrets/a%00b", {}, 400, id="NULInName"),
    ],
)
def test_refusals(server: APIServer, method: str, path: str, kwargs: dict[str, Any], code: int) -> None:
    status, body = request(server, method, path, **kwargs)
    assert status == code, body
    assert isinstance(body, dict) and body["kind"] == "Status" and body["code"] == code


@pytest.mark.parametrize("host", [pytest.param("127.0.0.1:{port}", id="LoopbackWithPort"),
                                  pytest.param("localhost:{port}", id="LocalhostWithPort"),
                                  pytest.param("localhost", id="LocalhostWithoutPort")])
def test_local_hosts_with_the_token_are_served(server: APIServer, host: str) -> None:
    status, body = request(server, "GET", "/api/v1/namespaces", headers={"Host": host.format(port=server.port)})
    assert status == 200 and body["kind"] == "NamespaceList"


def test_health_endpoints_need_no_token(server: APIServer) -> None:
    assert request(server, "GET", "/healthz", token=None) == (200, b"ok")


@pytest.mark.parametrize(
    ("plural", "name", "field"),
    [
        pytest.param("secrets", "Upper", "metadata.name", id="UppercaseName"),
        pytest.param("secrets", "a/b", "metadata.name", id="SlashInName"),
        pytest.param("secrets", "..", "metadata.name", id="DotDot"),
        pytest.param("secrets", "a\u0000b", "metadata.name", id="NUL"),
        pytest.param("secrets", "a" * 254, "metadata.name", id="TooLong"),
        pytest.param("namespaces", "a.b", "metadata.name", id="NamespaceIsALabel"),
        pytest.param("secrets", "\u202eevil", "metadata.name", id="RightToLeftOverride"),
    ],
)
def test_invalid_names_are_refused_on_create(server: APIServer, plural: str, name: str, field: str) -> None:
    path = "/api/v1/namespaces" if plural == "namespaces" else f"/api/v1/namespaces/default/{plural}"
    kind = "Namespace" if plural == "namespaces" else "Secret"
    body = json.dumps({"apiVersion": "v1", "kind": kind, "metadata": {"name": name}}).encode()
    status, answer = request(server, "POST", path, body=body, headers={"Content-Type": "application/json"})
    assert status == 422, answer
    assert [c["field"] for c in answer["details"]["causes"]] == [field]


def test_valid_names_are_created(server: APIServer) -> None:
    body = json.dumps({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "conn.example-1"}}).encode()
    status, answer = request(server, "POST", "/api/v1/namespaces/default/secrets", body=body,
                             headers={"Content-Type": "application/json; charset=utf-8"})
    assert status == 201 and answer["metadata"]["name"] == "conn.example-1"


def test_kubeconfig_is_private_and_works_with_the_official_client(server: APIServer, tmp_path: Path) -> None:
    path = tmp_path / "kubeconfig"
    path.write_text("stale")
    path.chmod(0o644)
    server.write_kubeconfig(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    config = yaml.safe_load(path.read_text())
    assert config["users"][0]["user"]["token"] == server.token
    assert config["clusters"][0]["cluster"]["server"].startswith("https://127.0.0.1:")
    names = {n.metadata.name for n in client.CoreV1Api(api_client(str(path))).list_namespace().items}
    assert "default" in names
    assert list(tmp_path.iterdir()) == [path], "no scratch file is left beside it"


def test_a_restart_keeps_the_token_and_the_certificate(tmp_path: Path) -> None:
    srv = APIServer().start()
    try:
        core = client.CoreV1Api(api_client(str(srv.write_kubeconfig(tmp_path / "kubeconfig"))))
        srv.restart()
        assert core.read_namespace("default").metadata.name == "default"
    finally:
        srv.stop()


def test_help_says_it_is_for_tests_and_demos() -> None:
    out = subprocess.run([sys.executable, "-m", "tfbridge", "dev", "apiserver", "--help"], capture_output=True,
                         text=True, cwd=ROOT, timeout=60).stdout
    assert "tests and demos only" in out and "never give it" in " ".join(out.split())


def test_without_the_package_the_command_says_so() -> None:
    """As in the provider image, which leaves the development server out."""
    hide = ("import sys, importlib.abc\n"
            "class Hide(importlib.abc.MetaPathFinder):\n"
            "    def find_spec(self, name, path, target=None):\n"
            "        if name == 'devserver' or name.startswith('devserver.'):\n"
            "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
            "sys.meta_path.insert(0, Hide())\n"
            "from tfbridge.cli import cli\n"
            "cli(['dev', 'apiserver', '--kubeconfig', sys.argv[1]])\n")
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run([sys.executable, "-c", hide, str(Path(tmp) / "kubeconfig")], capture_output=True,
                              text=True, cwd=ROOT, timeout=60)
    assert done.returncode != 0
    assert "the local API server is not installed here" in done.stderr


def test_a_request_without_the_token_is_refused_before_its_body_is_read(server: APIServer) -> None:
    """A client that announces a body and sends none gets its 401 at once: nothing is read of a body (up
    to the 3 MiB limit) before the token is checked."""
    context = ssl.create_default_context(cadata=server.certificate.pem.decode())
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as raw, \
            context.wrap_socket(raw, server_hostname="127.0.0.1") as tls:
        tls.sendall(f"POST /api/v1/namespaces/default/secrets HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                    f"Content-Type: application/json\r\nContent-Length: {MAX_BODY}\r\n\r\n".encode())
        status = tls.recv(64).decode(errors="replace")
    assert status.startswith("HTTP/1.0 401") or status.startswith("HTTP/1.1 401"), status


def test_the_request_log_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(devserver_server, "REQUEST_LOG", 5)
    srv = APIServer().start()
    try:
        for i in range(8):
            request(srv, "GET", f"/api/v1/namespaces/ns-{i}")
        assert list(srv.requests) == [("GET", f"/api/v1/namespaces/ns-{i}") for i in range(3, 8)]
    finally:
        srv.stop()
