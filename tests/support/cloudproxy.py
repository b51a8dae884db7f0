"""A slow cloud on demand: an HTTP proxy in front of moto that holds chosen requests.

``pending`` makes EC2 report a created VPC as ``pending`` until released: the create call returns
at once, as AWS's does, and terraform waits on the real status, as for any long-running operation.
The aws provider reaches it through ``AWS_ENDPOINT_URL``. ``reject_access_key`` makes it answer
as AWS does to credentials it does not know (moto accepts any). A :class:`Hold` matches requests by a
substring of the operation and body (``CreateVpc``, ``10.99.``), and keeps each matching request
waiting: before moto sees it (the cloud is slow to accept), or after moto answered (the cloud did
the work and the answer is slow: the case where a crash loses the outcome).
"""

from __future__ import annotations

import dataclasses
import http.client
import re
import threading
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

_AUTH_FAILURE = (b'<?xml version="1.0" encoding="UTF-8"?><Response><Errors><Error><Code>AuthFailure</Code>'
                 b"<Message>AWS was not able to validate the provided access credentials</Message></Error>"
                 b"</Errors><RequestID>tfbridge-test</RequestID></Response>")
_HOP = {"connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"}


@dataclasses.dataclass
class Hold:
    needles: tuple[str, ...]
    seconds: float
    after_cloud: bool
    release: threading.Event = dataclasses.field(default_factory=threading.Event)
    seen: int = 0
    answered_by_cloud: int = 0

    def matches(self, text: str) -> bool:
        return all(n in text for n in self.needles)


@dataclasses.dataclass
class Pending:
    needles: tuple[str, ...]
    release: threading.Event = dataclasses.field(default_factory=threading.Event)
    ids: set[str] = dataclasses.field(default_factory=set)
    creates: int = 0

    def rewrite(self, answer: bytes) -> bytes:
        if self.release.is_set():
            return answer
        for vpc in self.ids:
            answer = answer.replace(f"<vpcId>{vpc}</vpcId><state>available</state>".encode(),
                                    f"<vpcId>{vpc}</vpcId><state>pending</state>".encode())
        return answer


class CloudProxy:
    def __init__(self, upstream: str) -> None:
        parsed = urllib.parse.urlsplit(upstream)
        self.upstream = (parsed.hostname or "127.0.0.1", parsed.port or 80)
        self.holds: list[Hold] = []
        self.pendings: list[Pending] = []
        self.rejected_keys: set[str] = set()
        self.rejections = 0
        self._lock = threading.Lock()
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:  # quiet: pytest shows stderr of failures
                pass

            def _relay(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                status, headers, answer = proxy.forward(self.command, self.path, dict(self.headers.items()), body)
                try:
                    self.send_response(status)
                    for k, v in headers:
                        if k.lower() not in _HOP and k.lower() != "content-length":
                            self.send_header(k, v)
                    self.send_header("Content-Length", str(len(answer)))
                    self.end_headers()
                    self.wfile.write(answer)
                except OSError:  # the client gave up waiting (its deadline, or it was killed)
                    self.close_connection = True

            do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = do_PATCH = _relay

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.endpoint = f"http://127.0.0.1:{self.server.server_address[1]}"
        self._thread = threading.Thread(target=self.server.serve_forever, name="cloud-proxy", daemon=True)
        self._thread.start()

    def hold(self, *needles: str, seconds: float, after_cloud: bool = False) -> Hold:
        """Hold matching requests ``seconds`` (or until ``Hold.release`` is set)."""
        rule = Hold(needles, seconds, after_cloud)
        with self._lock:
            self.holds.append(rule)
        return rule

    def pending(self, *needles: str) -> Pending:
        """VPCs created by requests matching ``needles`` stay ``pending`` until ``release`` is set."""
        rule = Pending(needles)
        with self._lock:
            self.pendings.append(rule)
        return rule

    def reject_access_key(self, access_key_id: str) -> None:
        self.rejected_keys.add(access_key_id)

    def _rejected(self, headers: dict[str, str]) -> bool:
        auth = headers.get("Authorization", "")
        if any(f"Credential={key}/" in auth for key in self.rejected_keys):
            with self._lock:
                self.rejections += 1
            return True
        return False

    def _rule(self, text: str) -> Hold | None:
        with self._lock:
            for rule in self.holds:
                if rule.matches(text):
                    rule.seen += 1
                    return rule
        return None

    def forward(self, method: str, path: str, headers: dict[str, str],
                body: bytes) -> tuple[int, list[tuple[str, str]], bytes]:
        if self._rejected(headers):
            return 401, [("Content-Type", "text/xml")], _AUTH_FAILURE
        query = urllib.parse.unquote_plus(body.decode(errors="replace"))
        text = " ".join((headers.get("X-Amz-Target", ""), path, query))
        rule = self._rule(text)
        if rule is not None and not rule.after_cloud:
            rule.release.wait(rule.seconds)
        conn = http.client.HTTPConnection(*self.upstream, timeout=120)
        try:
            conn.request(method, path, body=body, headers={k: v for k, v in headers.items() if k.lower() not in _HOP})
            resp = conn.getresponse()
            answer = resp.read()
            status, out_headers = resp.status, resp.getheaders()
        except (OSError, http.client.HTTPException) as exc:  # moto stopped under us (test teardown)
            return 502, [], str(exc).encode()
        finally:
            conn.close()
        if rule is not None and rule.after_cloud:
            rule.answered_by_cloud += 1
            rule.release.wait(rule.seconds)
        with self._lock:
            for pending in self.pendings:
                if all(n in text for n in pending.needles):
                    pending.creates += 1
                    pending.ids.update(re.findall(r"<vpcId>(vpc-[0-9a-f]+)</vpcId>", answer.decode(errors="replace")))
                answer = pending.rewrite(answer)
        return status, out_headers, answer

    def close(self) -> None:
        for rule in self.holds:
            rule.release.set()
        self.server.shutdown()
        self.server.server_close()


@contextmanager
def cloud_proxy(upstream: str) -> Iterator[CloudProxy]:
    proxy = CloudProxy(upstream)
    try:
        yield proxy
    finally:
        proxy.close()
