"""moto, the cloud every local run of the AWS provider talks to: one wrapper, however it runs.

- :meth:`Moto.start`: moto's server in a process of its own (tests, the demo, benchmarks, which measure
  its CPU apart);
- :meth:`Moto.in_process`: in a thread of this process, where moto's own record of every object it made
  can be read (the conformance runner counts objects there), remembering each AWS host it has no
  backend for (a service moto does not emulate) and each answer it failed with (a 5xx);
- ``Moto(endpoint)``: one already running, or a proxy in front of it.

The first two refuse, with S3's ``NotImplemented``, a call to an S3 bucket's configuration that moto does not
emulate (:func:`unemulated_s3`): moto would answer it as another call on the bucket itself.

Each gives boto3 clients and a reset; :meth:`Moto.stop` (or the end of a ``with``) stops what was started.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import re
import selectors
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterable
from types import TracebackType
from typing import Any
from urllib.parse import parse_qsl

from devrig.children import stop as stop_processes

REGION = "us-east-1"
# The configurations of an S3 bucket (the query's subresource) that moto 5 emulates, by method. moto answers a
# PUT or DELETE on a bucket naming any other as the bare method: PutBucketMetricsConfiguration creates the bucket
# (so a Bucket's own create, which looks first, finds it made and fails), DeleteBucketMetricsConfiguration
# deletes it (so a read of the Bucket under way waits out the provider's retries of NoSuchBucket).
_S3_EMULATED = {
    "PUT": frozenset({"accelerate", "acl", "cors", "encryption", "inventory", "lifecycle", "logging", "notification",
                      "object-lock", "ownershipControls", "policy", "publicAccessBlock", "replication", "tagging",
                      "versioning", "website"}),
    "DELETE": frozenset({"cors", "encryption", "lifecycle", "ownershipControls", "policy", "publicAccessBlock",
                         "replication", "tagging", "website"}),
}
# A bucket's own path, path-style (the rig's provider configuration asks for it).
_BUCKET_PATH = re.compile(r"/[^/]+/?")


def unemulated_s3(environ: dict[str, Any]) -> str | None:
    """The subresource of an S3 request that moto would answer as a call on the bucket itself (a PUT as
    CreateBucket, a DELETE as DeleteBucket), as ``PUT ?metrics``; None for any other request."""
    method = environ.get("REQUEST_METHOD", "")
    emulated = _S3_EMULATED.get(method)
    if emulated is None or "/s3/aws4_request" not in environ.get("HTTP_AUTHORIZATION", "") or \
            not _BUCKET_PATH.fullmatch(environ.get("PATH_INFO", "")):
        return None
    # ``x-id`` names the operation for routing; it is not a subresource.
    query = [(k, v) for k, v in parse_qsl(environ.get("QUERY_STRING", ""), keep_blank_values=True) if k != "x-id"]
    if not query or any(k in emulated for k, _ in query):
        return None
    # The subresource is the parameter without a value (``?id=EntireBucket&metrics=``).
    return f"{method} ?{next((k for k, v in query if not v), query[0][0])}"


def refusing_unemulated(app: Callable[..., Iterable[bytes]]) -> Callable[..., Iterable[bytes]]:
    """moto's WSGI ``app``, answering what :func:`unemulated_s3` names with S3's 501 NotImplemented."""
    def refusing(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        call = unemulated_s3(environ)
        if call is None:
            return app(environ, start_response)
        body = (f'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NotImplemented</Code><Message>moto does '
                f"not emulate {call} on a bucket: it would answer it as a call on the bucket itself</Message>"
                f"</Error>").encode()
        start_response("501 Not Implemented", [("Content-Type", "application/xml"),
                                               ("Content-Length", str(len(body)))])
        return [body]
    return refusing


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_http(url: str, timeout: float, alive: subprocess.Popen[bytes] | None = None) -> None:
    """Wait until ``url`` answers; raises TimeoutError after ``timeout`` seconds, or RuntimeError at
    once if ``alive`` (the server's process) exits."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            urllib.request.urlopen(url, timeout=1).close()
            return
        except OSError:
            if alive is not None and alive.poll() is not None:
                raise RuntimeError(f"the server behind {url} exited with {alive.returncode}") from None
            if time.monotonic() > deadline:
                raise TimeoutError(f"{url} did not answer within {timeout:.0f}s") from None
            time.sleep(0.1)


def _announced_port(proc: subprocess.Popen[bytes], timeout: float) -> int:
    """The port :func:`serve` in ``proc`` listens on, from the line it writes once it does."""
    assert proc.stdout is not None
    deadline = time.monotonic() + timeout
    line = b""
    with selectors.DefaultSelector() as ready:
        ready.register(proc.stdout, selectors.EVENT_READ)
        while not line.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"moto's server named no port within {timeout:.0f}s")
            if not ready.select(left):
                continue
            chunk = os.read(proc.stdout.fileno(), 64)
            if not chunk:
                raise RuntimeError(f"moto's server exited with {proc.wait()} before it listened")
            line += chunk
    return int(line)


def serve() -> None:
    """moto's server as ``python -m moto.server`` runs it, on a port the kernel picks as it binds, named on
    stdout once it listens (:meth:`Moto.start` reads it)."""
    from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, refusing_unemulated(DomainDispatcherApplication(create_backend_app)),
                         threaded=True)
    port = int(server.server_address[1])
    os.environ["MOTO_PORT"] = str(port)  # as moto.server sets it: moto builds some URLs it answers from it
    print(port, flush=True)
    server.serve_forever()


@dataclasses.dataclass
class Moto:
    endpoint: str
    process: subprocess.Popen[bytes] | None = None
    # In process only: each AWS host moto had no backend for, and "host status" of each 5xx it answered.
    # Lists appended to by the server's threads and copied by readers (safe without a lock).
    unsupported: list[str] = dataclasses.field(default_factory=list)
    failures: list[str] = dataclasses.field(default_factory=list)
    _server: Any = None
    _thread: threading.Thread | None = None

    @classmethod
    def start(cls, timeout: float = 30.0) -> Moto:
        """moto's server on a free local port, in a process of its own (this interpreter's moto, run by
        :func:`serve`), answering; RuntimeError or TimeoutError when it does not."""
        # The server binds a port the kernel picks and then names it: a port chosen here and bound by the
        # server later could be taken in between by another server, which would then answer in its place.
        proc = subprocess.Popen([sys.executable, "-m", "devrig.moto"], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL)
        moto = cls("", process=proc)
        try:
            moto.endpoint = f"http://127.0.0.1:{_announced_port(proc, timeout)}"
            wait_http(f"{moto.endpoint}/moto-api/", timeout, proc)
        except BaseException:
            moto.stop()
            raise
        return moto

    @classmethod
    def in_process(cls, timeout: float = 30.0) -> Moto:
        """moto's server in a thread of this process, answering."""
        from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app
        from werkzeug.serving import make_server

        moto = cls("")
        unsupported, failures = moto.unsupported, moto.failures

        class Dispatcher(DomainDispatcherApplication):
            def get_backend_for_host(self, host: str | None) -> Any:
                found = super().get_backend_for_host(host)
                if found is None and host and "amazonaws.com" in host and host not in unsupported:
                    unsupported.append(host)
                return found

        dispatcher = refusing_unemulated(Dispatcher(create_backend_app))

        def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
            def start(status: str, headers: Any, *rest: Any) -> Any:
                if status.startswith("5"):
                    failures.append(f"{environ.get('HTTP_HOST', '')} {status.split(' ')[0]}")
                return start_response(status, headers, *rest)
            return dispatcher(environ, start)

        logging.getLogger("werkzeug").setLevel(logging.CRITICAL)  # a request log line, and a traceback per miss
        moto._server = make_server("127.0.0.1", 0, app, True)  # the kernel picks the port as it binds
        moto._thread = threading.Thread(target=moto._server.serve_forever, daemon=True, name="moto")
        moto._thread.start()
        host, port = moto._server.server_address[:2]
        moto.endpoint = f"http://{host!s}:{port}"
        try:
            wait_http(f"{moto.endpoint}/moto-api/", timeout)
        except BaseException:
            moto.stop()
            raise
        return moto

    @property
    def pid(self) -> int | None:
        """moto's own process (None in process): a benchmark reports its CPU apart."""
        return self.process.pid if self.process is not None else None

    def client(self, service: str) -> Any:
        import boto3

        return boto3.client(service, endpoint_url=self.endpoint, region_name=REGION,
                            aws_access_key_id="test", aws_secret_access_key="test")

    def reset(self) -> None:
        """An empty cloud (moto's reset API): a scenario that runs twice counts only its own objects."""
        with urllib.request.urlopen(urllib.request.Request(f"{self.endpoint}/moto-api/reset", method="POST"),
                                    timeout=30):
            pass

    def stop(self) -> None:
        """Stop what :meth:`start` or :meth:`in_process` started (a process asked to end, killed after 10 s)."""
        if self.process is not None:
            stop_processes([self.process])
            if self.process.stdout is not None:
                self.process.stdout.close()  # the pipe the server named its port on
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(10)

    def __enter__(self) -> Moto:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.stop()


if __name__ == "__main__":
    serve()
