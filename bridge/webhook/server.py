"""The conversion webhook's HTTPS server: ``POST /convert`` with a ConversionReview, as the API server calls it.

It listens on every address (the API server reaches it through a Service), speaks TLS only, with a
certificate from :mod:`bridge.webhook.certs` (read again whenever it changes), and holds each request to
bounds: a body of at most :data:`~bridge.webhook.review.MAX_BYTES`, read within :data:`READ_TIMEOUT`
seconds, and at most :data:`CONCURRENCY` reviews at once (the API server waits 30 seconds for an answer;
a request past the bound gets 503 at once, and the API server's client an error it retries). Nothing of a
request's objects is logged.
"""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import ssl
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from bridge.webhook.review import MAX_BYTES, Reviewer, ReviewError

log = logging.getLogger(__name__)

PATH = "/convert"
READ_TIMEOUT = 30.0
CONCURRENCY = 8


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def setup(self) -> None:
        self.request.settimeout(READ_TIMEOUT)
        with contextlib.suppress(OSError):
            self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().setup()

    def _reply(self, code: int, body: dict[str, Any]) -> None:
        data = json.dumps(body, separators=(",", ":")).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self) -> None:
        if self.path.split("?", 1)[0] != PATH:
            self.close_connection = True
            return self._reply(404, {"message": f"only {PATH} is served here"})
        try:
            length = int(self.headers.get("Content-Length") or -1)
        except ValueError:
            length = -1
        if not 0 <= length <= MAX_BYTES:
            self.close_connection = True
            return self._reply(413, {"message": f"a review is sent with its length, of at most {MAX_BYTES} bytes"})
        body = self.rfile.read(length)
        if not self.server.slots.acquire(blocking=False):
            self.close_connection = True
            return self._reply(503, {"message": "too many conversions at once; try again"})
        try:
            answer = self.server.reviewer.answer(body)
        except ReviewError as exc:
            return self._reply(400, {"message": str(exc)})
        finally:
            self.server.slots.release()
        result = answer["response"]["result"]
        if result["status"] != "Success":
            log.warning("conversion refused", extra={"reason": result.get("message", "")})
        self._reply(200, answer)

    def do_GET(self) -> None:
        self.close_connection = True
        self._reply(405, {"message": f"POST a ConversionReview to {PATH}"})


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128
    reviewer: Reviewer
    slots: threading.BoundedSemaphore
    context: Callable[[], ssl.SSLContext]

    def get_request(self) -> tuple[socket.socket, Any]:
        conn, address = self.socket.accept()
        # The handshake happens in the request's own thread (on its first read), never in the accept loop;
        # each connection takes the certificate current when it arrives.
        return self.context().wrap_socket(conn, server_side=True, do_handshake_on_connect=False), address

    def handle_error(self, request: Any, client_address: Any) -> None:
        log.debug("conversion request failed", exc_info=True)


class WebhookServer:
    """Serves ``reviewer`` on ``port`` (0: any free one, :attr:`port` says which) over TLS with the context
    ``context`` gives for each new connection."""

    def __init__(self, reviewer: Reviewer, context: Callable[[], ssl.SSLContext], *, port: int,
                 host: str = "") -> None:
        self._httpd = _Server((host, port), _Handler, bind_and_activate=True)
        self._httpd.reviewer = reviewer
        self._httpd.context = context
        self._httpd.slots = threading.BoundedSemaphore(CONCURRENCY)
        self.port = self._httpd.server_address[1]
        self._thread: threading.Thread | None = None

    def start(self) -> WebhookServer:
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.2},
                                        daemon=True, name="conversion-webhook")
        self._thread.start()
        log.info("conversion webhook serving", extra={"port": self.port, "path": PATH})
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
