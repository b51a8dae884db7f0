"""Deeply nested JSON and undecodable watch events, through the real HTTP client: nothing recurses
out of bounds, and one bad object never stalls its kind."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from kubernetes import client as k8s

from bridge.kube import decode
from bridge.kube.client import HTTPKube, Resource
from bridge.kube.informer import Informer
from tests.support.waiting import wait_for

THINGS = Resource("g.io", "v1", "things", "Thing")


def nested(levels: int) -> str:
    """A JSON value ``levels`` objects deep, with brackets and quotes inside strings to mislead a scanner."""
    return '{"a":' * levels + '"[{\\"}]"' + "}" * levels


@pytest.mark.parametrize("levels", [1, 127, 600, 1500, 100_000], ids=lambda n: f"Levels{n}")
def test_deep_documents_decode_without_recursion(levels: int) -> None:
    text = '{"metadata":{"name":"x"},"spec":' + nested(levels) + "}"
    assert decode.nesting(text.encode(), 2000) == min(levels + 1, 2001)
    obj = decode.loads(text)
    assert obj["metadata"] == {"name": "x"}
    seen = decode.depth(obj, 10 * decode.MAX_DEPTH)
    if levels + 1 <= decode.MAX_DEPTH:
        assert seen == levels + 1
    else:
        assert seen > decode.MAX_DEPTH, "the cut part is marked, and counts as too deep"
        node = obj
        for _ in range(decode.MAX_DEPTH - 1):
            node = node["spec"] if "spec" in node else node["a"]
        assert node == {"a": decode.TOO_DEEP}


@pytest.mark.parametrize(
    ("text", "want"),
    [
        pytest.param('{"s": "[[[[{{{{"}', {"s": "[[[[{{{{"}, id="BracketsInAString"),
        pytest.param('{"s": "\\"]]"}', {"s": '"]]'}, id="EscapedQuote"),
        pytest.param('[1, [2, [3]]]', [1, [2, [3]]], id="Arrays"),
    ],
)
def test_shallow_documents_decode_as_json_does(text: str, want: Any) -> None:
    assert decode.loads(text) == want == json.loads(text)


class _Stub:
    """An API server for one resource whose list and watch answers are scripted, one per request."""

    def __init__(self, lists: list[bytes], watches: list[list[bytes]]) -> None:
        self.lists, self.watches = lists, watches
        self.requests: list[str] = []
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                stub.requests.append(self.path)
                if "watch=true" in self.path:
                    lines = stub.watches.pop(0) if stub.watches else []
                    body = b"".join(line + b"\n" for line in lines)
                else:
                    body = stub.lists.pop(0) if len(stub.lists) > 1 else stub.lists[0]
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def kube(self) -> HTTPKube:
        configuration = k8s.Configuration()
        configuration.host = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        return HTTPKube(k8s.ApiClient(configuration))

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def stub() -> Iterator[list[_Stub]]:
    made: list[_Stub] = []
    yield made
    for s in made:
        s.stop()


def thing(name: str, rv: int, spec: str = '{"size": 1}') -> str:
    return (f'{{"apiVersion":"g.io/v1","kind":"Thing","metadata":{{"name":"{name}","resourceVersion":"{rv}"}},'
            f'"spec":{spec}}}')


def listing(rv: int, *items: str) -> bytes:
    return f'{{"metadata":{{"resourceVersion":"{rv}"}},"items":[{",".join(items)}]}}'.encode()


def test_a_deep_object_in_a_list_is_cut_and_its_neighbours_are_intact(stub: list[_Stub]) -> None:
    s = _Stub([listing(5, thing("deep", 4, nested(1500)), thing("fine", 5))], [])
    stub.append(s)
    items, rv = s.kube().list(THINGS)
    assert rv == "5" and [i["metadata"]["name"] for i in items] == ["deep", "fine"]
    assert items[1]["spec"] == {"size": 1}
    assert decode.depth(items[0]["spec"], 64) > 64


def test_the_informer_relists_past_a_watch_event_it_cannot_decode(stub: list[_Stub]) -> None:
    """Resuming from the same resourceVersion would meet the bad event forever: a relist gets past it."""
    bad = [b'{"type":"ADDED","object":' + thing("a", 6).encode(), b'{"type": "MODIFIED", "object": [1]}']
    later = [f'{{"type":"ADDED","object":{thing("b", 8)}}}'.encode(),
             f'{{"type":"ADDED","object":{thing("deep", 9, nested(600))}}}'.encode()]
    s = _Stub([listing(5, thing("a", 5)), listing(7, thing("a", 7))], [bad, later])
    stub.append(s)
    seen: list[tuple[str, str]] = []
    informer = Informer(s.kube(), THINGS, watch_timeout=1)
    informer.subscribe(lambda kind, obj: seen.append((kind, obj["metadata"]["name"])))
    informer.start()
    try:
        wait_for(lambda: informer.get(("", "deep")) is not None,
                 lambda: f"the informer to get past the bad event (requests: {s.requests})", 10)
    finally:
        informer.stop()
    assert informer.relists >= 2
    assert informer.get(("", "b")) is not None
    assert decode.depth((informer.get(("", "deep")) or {}).get("spec"), 64) > 64
    watches = [r for r in s.requests if "watch=true" in r]
    assert "resourceVersion=7" in watches[1], "the second watch resumes from the relist, past the bad event"


def test_a_failing_handler_does_not_stop_the_watch(stub: list[_Stub]) -> None:
    events = [f'{{"type":"ADDED","object":{thing(n, 6 + i)}}}'.encode() for i, n in enumerate(["boom", "ok"])]
    s = _Stub([listing(5)], [events])
    stub.append(s)
    handled: list[str] = []

    def handler(kind: str, obj: dict[str, Any]) -> None:
        if obj["metadata"]["name"] == "boom":
            raise ValueError("a handler bug")
        handled.append(obj["metadata"]["name"])

    informer = Informer(s.kube(), THINGS, watch_timeout=1)
    informer.subscribe(handler)
    informer.start()
    try:
        wait_for(lambda: "ok" in handled, timeout=10, what="the event after the failing one")
    finally:
        informer.stop()
    assert informer.relists == 1
