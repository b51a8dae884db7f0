"""The local Kubernetes API server: real HTTP on 127.0.0.1 over :class:`~devserver.store.Store`.

It serves discovery and OpenAPI documents, CRUD with merge, JSON and strategic merge patches and
server-side apply, the status subresource, list and watch (resourceVersion, label and field
selectors, bookmarks, 410 Gone), Table responses for kubectl, and CRDs. For tests it adds fault
injection (forced 409s and 5xx, latency, dropped watches) and a restart that keeps the objects.
Control it in-process through :class:`APIServer`, or over HTTP at ``/_tfbridge/faults``.

It is for tests and demos on one machine, never for real credentials: it listens on 127.0.0.1
only, answers only ``Host: 127.0.0.1`` or ``localhost``, only requests bearing the token it writes
into its kubeconfig (0600), and only JSON bodies and patches.
"""

from __future__ import annotations

import base64
import collections
import contextlib
import dataclasses
import hmac
import json
import os
import secrets
import socket
import ssl
import sys
import tempfile
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import yaml

from devserver import discovery, names, openapi, patch, protobuf, selectors, tables, tls
from devserver.errors import ApiError
from devserver.store import Obj, ResourceType, Store


@dataclasses.dataclass
class Faults:
    """Injected failures. Rules match ``verb`` (get, list, create, update, patch, delete) and plural."""

    conflict_every: dict[str, int] = dataclasses.field(default_factory=dict)  # "<verb> <plural>" → every n-th
    errors: dict[str, int] = dataclasses.field(default_factory=dict)  # "<verb> <plural>" → next n get 500
    latency: float = 0.0
    counters: dict[str, int] = dataclasses.field(default_factory=dict)
    injected: dict[str, int] = dataclasses.field(default_factory=dict)

    def check(self, verb: str, plural: str) -> None:
        key = f"{verb} {plural}"
        if self.latency:
            time.sleep(self.latency)
        if self.errors.get(key, 0) > 0:
            self.errors[key] -= 1
            self.injected[f"500 {key}"] = self.injected.get(f"500 {key}", 0) + 1
            raise ApiError(500, "InternalError", f"injected fault: {key}")
        every = self.conflict_every.get(key)
        if every:
            self.counters[key] = self.counters.get(key, 0) + 1
            if self.counters[key] % every == 0:
                self.injected[f"409 {key}"] = self.injected.get(f"409 {key}", 0) + 1
                raise ApiError(409, "Conflict", f"injected conflict: {key}: the object has been modified; please "
                                                f"apply your changes to the latest version and try again")


def _flag(value: str | None) -> bool:
    return (value or "").lower() in ("true", "1")


_LOCAL_HOSTS = ("127.0.0.1", "localhost")
_OPEN_PATHS = ("/healthz", "/readyz", "/livez")  # answered without a token, as kube-apiserver does
_NAMESPACE_SUBRESOURCES = frozenset({"status", "finalize"})
MAX_BODY = 3 * 1024 * 1024  # kube-apiserver's request limit
REQUEST_LOG = 10_000
_JSON = "application/json"
_APPLY = "application/apply-patch+yaml"
_PATCHES = ("application/json-patch+json", "application/merge-patch+json", "application/strategic-merge-patch+json",
            _APPLY)
_PROTOBUF_V2 = "application/com.github.proto-openapi.spec.v2@v1.0+protobuf"
_PROTOBUF_V2_REPLY = "application/com.github.proto-openapi.spec.v2.v1.0+protobuf"  # what kube-apiserver answers
# Field selectors each kind supports besides metadata.name and metadata.namespace (others are a 400).
_FIELD_LABELS: dict[tuple[str, str], frozenset[str]] = {
    ("", "events"): frozenset({"involvedObject.kind", "involvedObject.namespace", "involvedObject.name",
                               "involvedObject.uid", "involvedObject.apiVersion", "involvedObject.resourceVersion",
                               "involvedObject.fieldPath", "reason", "reportingComponent", "source", "type"}),
    ("", "secrets"): frozenset({"type"}),
    ("", "namespaces"): frozenset({"status.phase"}),
}


def _host_allowed(host: str | None) -> bool:
    if not host:
        return False
    name = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    return name.lower() in _LOCAL_HOSTS


def _media_type(value: str | None) -> str:
    return (value or "").split(";")[0].strip().lower()


def _dry_run(query: dict[str, str]) -> bool:
    value = query.get("dryRun")
    if value not in (None, "", "All"):
        raise ApiError(400, "BadRequest", f"dryRun may only be All, not {value!r}")
    return value == "All"


def _manager_from(user_agent: str) -> str:
    """The default field manager: the User-Agent up to its first '/', as kube-apiserver derives it."""
    return (user_agent.split("/", 1)[0] or "unknown")[:128]


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def setup(self) -> None:
        # Headers and body are separate writes: without this, Nagle + delayed ACK stall each reply ~40 ms.
        # Set before the stream files exist: a peer already gone must not leave them (and the socket) open.
        with contextlib.suppress(OSError):
            self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().setup()

    # -- plumbing ---------------------------------------------------------------------------

    def _send_bytes(self, code: int, data: bytes, content_type: str) -> None:
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for warning in self._warnings:
            self.send_header("Warning", f'299 - "{warning}"')
        self.end_headers()
        self.wfile.write(data)

    def _send(self, code: int, body: Any) -> None:
        self._send_bytes(code, json.dumps(body).encode(), _JSON)

    def _body(self) -> Any:
        raw = self._raw
        if not raw:
            return {}
        try:
            if self._content_type == _APPLY:
                return yaml.safe_load(raw)
            if self._content_type == protobuf.MEDIA_TYPE:
                return protobuf.decode(raw)
            return json.loads(raw)
        except (json.JSONDecodeError, yaml.YAMLError, UnicodeDecodeError) as exc:
            raise ApiError(400, "BadRequest", f"cannot decode body: {exc}") from exc

    def _admit(self, path: str) -> None:
        """Who may be heard at all, decided from the headers before any of the body is read: only local
        Host names (a web page cannot reach it by DNS rebinding), only the token written into the
        kubeconfig."""
        if not _host_allowed(self.headers.get("Host")):
            raise ApiError(403, "Forbidden", "this server answers only requests for Host 127.0.0.1 or localhost")
        if path not in _OPEN_PATHS:
            sent = self.headers.get("Authorization") or ""
            expected = f"Bearer {self.server.api.token}"
            if not hmac.compare_digest(sent.encode(), expected.encode()):
                raise ApiError(401, "Unauthorized", "Unauthorized")

    def _guard(self, method: str) -> None:
        """What an admitted request may send: a bounded body, only JSON (or patches)."""
        if self._length > MAX_BODY:
            raise ApiError(413, "RequestEntityTooLarge", f"the request body is larger than {MAX_BODY} bytes")
        if self._length:
            # Never a type a web page may send across origins unasked (text/plain, forms): JSON, kubectl's
            # protobuf for the built-in kinds it creates with it, and the patch types.
            allowed = _PATCHES if method == "PATCH" else (_JSON, protobuf.MEDIA_TYPE)
            if self._content_type not in allowed:
                raise ApiError(415, "UnsupportedMediaType",
                               f"the body of the request was in an unknown format ({self._content_type or 'none'}) - "
                               f"accepted media types include: {', '.join(allowed)}")

    def _dispatch(self, method: str) -> None:
        self._warnings: list[str] = []
        self._raw = b""
        self._content_type = _media_type(self.headers.get("Content-Type"))
        try:
            self._length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            self._length = -1
        url = urllib.parse.urlsplit(self.path)
        try:
            if self._length < 0:
                self.close_connection = True
                raise ApiError(400, "BadRequest", "invalid Content-Length")
            try:
                # Nothing of an unauthenticated request's body is read: its connection is closed instead,
                # so what it left unread can never be taken for the next request.
                self._admit(url.path)
            except ApiError:
                self.close_connection = True
                raise
            if self._length <= MAX_BODY:
                # Read the whole body first: an error answered before reading it would leave it in the
                # keep-alive connection, where it would corrupt the next request.
                self._raw = self.rfile.read(self._length) if self._length else b""
            else:
                self.close_connection = True
            self._guard(method)
            query = {k: v[-1] for k, v in urllib.parse.parse_qs(url.query).items()}
            parts = [urllib.parse.unquote(p) for p in url.path.strip("/").split("/") if p]
            self.server.api.requests.append((method, url.path))
            self._route(method, parts, query)
        except ApiError as exc:
            self._send(exc.code, exc.status())
        except patch.PatchError as exc:
            self._send(422, ApiError(422, "Invalid", str(exc)).status())
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_GET(self) -> None:
        self._dispatch("GET")

    def do_POST(self) -> None:
        self._dispatch("POST")

    def do_PUT(self) -> None:
        self._dispatch("PUT")

    def do_PATCH(self) -> None:
        self._dispatch("PATCH")

    def do_DELETE(self) -> None:
        self._dispatch("DELETE")

    # -- routing ----------------------------------------------------------------------------

    def _route(self, method: str, parts: list[str], query: dict[str, str]) -> None:
        api = self.server.api
        if parts in (["healthz"], ["readyz"], ["livez"]):
            return self._send_bytes(200, b"ok", "text/plain")
        if parts == ["version"]:
            return self._send(200, discovery.VERSION)
        if parts[:2] == ["_tfbridge", "faults"]:
            return self._send(200, api.set_faults(self._body() if method == "POST" else {}))
        if parts[:2] == ["_tfbridge", "services"]:
            return self._send(200, api.set_services(self._body() if method == "POST" else {}))
        if parts == ["openapi", "v2"]:
            protobuf = _PROTOBUF_V2 in (self.headers.get("Accept") or "")
            return self._send_bytes(200, api.discovery.openapi_v2(protobuf=protobuf),
                                    _PROTOBUF_V2_REPLY if protobuf else _JSON)
        if parts == ["openapi", "v3"]:
            return self._send(200, api.discovery.openapi_v3_index())
        if parts[:2] == ["openapi", "v3"]:
            return self._send_bytes(200, api.discovery.openapi_v3("/".join(parts[2:])), _JSON)
        if parts == ["api"]:
            return self._send(200, {"kind": "APIVersions", "versions": ["v1"], "serverAddressByClientCIDRs": []})
        if parts == ["apis"]:
            return self._send(200, api.discovery.group_list())
        if parts and parts[0] == "api" and len(parts) == 2:
            return self._send(200, api.discovery.resource_list("", parts[1]))
        if parts and parts[0] == "apis" and len(parts) == 2:
            found = api.discovery.group(parts[1])
            if found is None:
                raise ApiError(404, "NotFound", f"no group {parts[1]}")
            return self._send(200, found)
        if parts and parts[0] == "apis" and len(parts) == 3:
            return self._send(200, api.discovery.resource_list(parts[1], parts[2]))
        if parts and parts[0] in ("api", "apis"):
            group, version, rest = ("", parts[1], parts[2:]) if parts[0] == "api" else (parts[1], parts[2], parts[3:])
            return self._resource(method, group, version, rest, query)
        raise ApiError(404, "NotFound", "the server could not find the requested resource")

    def _resource(self, method: str, group: str, version: str, rest: list[str], query: dict[str, str]) -> None:
        store = self.server.api.store
        ns = ""
        # As kube-apiserver reads a path: after namespaces/{name}, "status" and "finalize" are that
        # object's subresources (a cluster-scoped kind whose plural is "namespaces", as the core one),
        # and anything else is a resource inside the namespace.
        if len(rest) >= 3 and rest[0] == "namespaces" and rest[2] not in _NAMESPACE_SUBRESOURCES:
            ns, rest = rest[1], rest[2:]
        if not rest:
            raise ApiError(404, "NotFound", "no resource")
        rt = store.find(group, version, rest[0])
        if rt.deprecated:
            self._warnings.append(rt.deprecated)
        name = rest[1] if len(rest) > 1 else ""
        sub = rest[2] if len(rest) > 2 else ""
        for what, value in (("namespace", ns), ("resource name", name)):
            if value and (errors := names.path_segment_errors(value)):
                raise ApiError(400, "BadRequest", f'invalid {what} "{value}": {errors}')
        if len(rest) > 3 or (sub and sub != "status"):
            raise ApiError(404, "NotFound", f"unknown subresource {'/'.join(rest[2:])}")
        if sub == "status" and not rt.status_subresource:
            raise ApiError(404, "NotFound", f"{rt.plural} has no status subresource")
        faults = self.server.api.faults
        as_table = method == "GET" and tables.wants_table(self.headers.get("Accept") or "")
        if method == "GET" and not name:
            fields = self._field_selector(rt, query)
            if _flag(query.get("watch")):
                faults.check("watch", rt.plural)
                return self._watch(rt, ns or None, query, fields, as_table)
            faults.check("list", rt.plural)
            labels = selectors.parse(query.get("labelSelector"))
            items, rv = store.list_objects(
                rt, ns or None if rt.namespaced else None,
                lambda o: selectors.match_labels(labels, o["metadata"].get("labels") or {})
                and selectors.match_fields(fields, o))
            metadata = {"resourceVersion": str(rv)}
            if as_table:
                return self._send(200, self._table(rt, items, query, metadata))
            return self._send(200, {"kind": f"{rt.kind}List", "apiVersion": rt.api_version,
                                    "metadata": metadata, "items": items})
        if method == "GET":
            faults.check("get", rt.plural)
            obj = store.get(rt, ns, name)
            if as_table:
                return self._send(200, self._table(rt, [obj], query, {"resourceVersion": obj["metadata"].get(
                    "resourceVersion", "")}))
            return self._send(200, obj)
        manager = query.get("fieldManager") or _manager_from(self.headers.get("User-Agent") or "")
        dry_run = _dry_run(query)
        if method == "POST" and not name:
            faults.check("create", rt.plural)
            body = self._validated(rt, self._body(), query)
            return self._send(201, store.create(rt, ns, body, manager=manager, dry_run=dry_run))
        if method == "PUT" and name:
            faults.check("update", rt.plural)
            body = self._validated(rt, self._body(), query)
            return self._send(200, store.update(rt, ns, name, body, subresource=sub, manager=manager, dry_run=dry_run))
        if method == "PATCH" and name:
            faults.check("patch", rt.plural)
            if self._content_type == _APPLY:
                return self._apply(rt, ns, name, sub, query, dry_run)
            return self._send(200, self._patch(rt, ns, name, sub, query, manager, dry_run))
        if method == "DELETE" and name:
            faults.check("delete", rt.plural)
            opts = self._body() or {}
            propagation = opts.get("propagationPolicy") or query.get("propagationPolicy") or "Background"
            uid = (opts.get("preconditions") or {}).get("uid")
            dry_run = dry_run or opts.get("dryRun") == ["All"]
            return self._send(200, store.delete(rt, ns, name, propagation=propagation, uid=uid, dry_run=dry_run))
        raise ApiError(405, "MethodNotAllowed", f"{method} is not supported here")

    def _field_selector(self, rt: ResourceType, query: dict[str, str]) -> tuple[selectors.Requirement, ...]:
        fields = selectors.parse(query.get("fieldSelector"))
        supported = {"metadata.name", "metadata.namespace"} | _FIELD_LABELS.get(rt.key, frozenset())
        for requirement in fields:
            if requirement.key not in supported or requirement.op not in ("=", "!="):
                raise ApiError(400, "BadRequest", f'"{requirement.key}" is not a known field selector: only '
                                                  f'"{", ".join(sorted(supported))}"')
        return fields

    def _validated(self, rt: ResourceType, body: Any, query: dict[str, str]) -> Any:
        """Server-side field validation (``fieldValidation``): Strict refuses unknown fields, Warn names
        them in Warning headers, Ignore (the default for clients that do not ask) drops them silently."""
        mode = query.get("fieldValidation") or "Ignore"
        if mode not in ("Ignore", "Warn", "Strict"):
            raise ApiError(400, "BadRequest", f"fieldValidation must be Ignore, Warn or Strict, not {mode!r}")
        if not isinstance(body, dict):
            raise ApiError(400, "BadRequest", "the request body must be an object")
        if mode != "Ignore" and rt.schema is not None:
            unknown = openapi.unknown_fields(rt.schema, body)
            if unknown and mode == "Strict":
                listed = ", ".join(f'unknown field "{u}"' for u in unknown)
                raise ApiError(400, "BadRequest", f"{rt.kind} in version \"{rt.version}\" cannot be handled as a "
                                                  f"{rt.kind}: strict decoding error: {listed}")
            self._warnings += [f'unknown field \\"{u}\\"' for u in unknown]
        return body

    def _apply(self, rt: ResourceType, ns: str, name: str, sub: str, query: dict[str, str], dry_run: bool) -> None:
        manager = query.get("fieldManager")
        if not manager:
            raise ApiError(400, "BadRequest", "PATCH requests of apply type must set fieldManager")
        body = self._validated(rt, self._body(), query)
        obj, created = self.server.api.store.apply(rt, ns, name, body, manager=manager, force=_flag(query.get("force")),
                                                   subresource=sub, dry_run=dry_run)
        self._send(201 if created else 200, obj)

    def _patch(self, rt: ResourceType, ns: str, name: str, sub: str, query: dict[str, str], manager: str,
               dry_run: bool) -> Obj:
        kind = self._content_type
        if kind == "application/strategic-merge-patch+json" and rt.custom:
            raise ApiError(415, "UnsupportedMediaType", "the body of the request was in an unknown format - accepted "
                                                        "media types include: application/json-patch+json, "
                                                        "application/merge-patch+json, application/apply-patch+yaml")
        body = self._body()
        for _ in range(5):  # a patch applies to the latest version; retry only our own races
            current = self.server.api.store.get(rt, ns, name)
            if kind == "application/json-patch+json":
                patched = patch.json_patch(current, body)
            elif kind == "application/merge-patch+json":
                patched = patch.merge(current, body)
            else:
                patched = patch.strategic(current, body, rt.schema)
            self._validated(rt, patched, query)
            meta = patched.setdefault("metadata", {})
            if not (isinstance(body, dict) and (body.get("metadata") or {}).get("resourceVersion")):
                meta["resourceVersion"] = current["metadata"]["resourceVersion"]
            try:
                return self.server.api.store.update(rt, ns, name, patched, subresource=sub, manager=manager,
                                                    dry_run=dry_run)
            except ApiError as exc:
                if exc.code != 409 or (isinstance(body, dict) and (body.get("metadata") or {}).get("resourceVersion")):
                    raise
        raise ApiError(409, "Conflict", "patch kept conflicting")

    def _table(self, rt: ResourceType, objects: list[Obj], query: dict[str, str], metadata: Obj,
               *, definitions: bool = True) -> Obj:
        columns = list(rt.columns) or tables.crd_columns(None)
        return tables.table(columns, objects, include=query.get("includeObject") or "Metadata", metadata=metadata,
                            definitions=definitions)

    def _watch(self, rt: ResourceType, ns: str | None, query: dict[str, str],
               fields: tuple[selectors.Requirement, ...], as_table: bool) -> None:
        api = self.server.api
        store = api.store
        labels = selectors.parse(query.get("labelSelector"))
        timeout = float(query.get("timeoutSeconds") or 1800)
        bookmarks = _flag(query.get("allowWatchBookmarks"))
        self.send_response(200)
        self.send_header("Content-Type", _JSON)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        first = [True]

        def write(event: dict[str, Any]) -> None:
            if as_table and event["type"] in ("ADDED", "MODIFIED", "DELETED"):
                obj = event["object"]
                event = {"type": event["type"], "object": self._table(
                    rt, [obj], query, {"resourceVersion": obj["metadata"].get("resourceVersion", "")},
                    definitions=first[0])}
                first[0] = False
            data = json.dumps(event).encode() + b"\n"
            self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
            self.wfile.flush()

        def matches(obj: Obj) -> bool:
            if ns is not None and rt.namespaced and obj["metadata"].get("namespace") != ns:
                return False
            return (selectors.match_labels(labels, obj["metadata"].get("labels") or {})
                    and selectors.match_fields(fields, obj))

        generation = api.watch_generation
        deadline = time.monotonic() + timeout
        last_bookmark = time.monotonic()
        requested = query.get("resourceVersion") or ""
        try:
            if requested in ("", "0"):
                items, rv = store.list_objects(rt, ns if rt.namespaced else None, matches)
                for obj in items:
                    write({"type": "ADDED", "object": obj})
            else:
                rv = int(requested)
            changes = store.changes(rt.key)
            while time.monotonic() < deadline and generation == api.watch_generation and not api.stopping:
                with store.cond:
                    try:
                        events = store.events_after(rt.key, rv)
                    except ApiError as exc:
                        write({"type": "ERROR", "object": exc.status()})
                        break
                    if not events:
                        # Nothing of this kind since rv up to now: the watch has seen everything to here.
                        rv = max(rv, store.rv)
                        # Asleep until a write of this kind, the next bookmark or the deadline: a watch
                        # costs nothing while its kind is quiet, however many clients watch.
                        due = deadline
                        if bookmarks and not as_table:
                            due = min(due, last_bookmark + api.bookmark_interval)
                        changes.wait(timeout=max(0.0, due - time.monotonic()))
                for e in events:
                    rv = e.rv
                    told = selectors.watch_event(e.type, e.old, e.obj, matches)
                    if told is not None:
                        try:
                            (shown,) = store.present(rt, [e.obj])
                        except ApiError as exc:  # a conversion that fails ends the watch, as there
                            write({"type": "ERROR", "object": exc.status()})
                            return self._end_watch()
                        write({"type": told, "object": shown})
                if bookmarks and not as_table and time.monotonic() - last_bookmark >= api.bookmark_interval:
                    write({"type": "BOOKMARK", "object": {"kind": rt.kind, "apiVersion": rt.api_version,
                                                          "metadata": {"resourceVersion": str(store.rv)}}})
                    last_bookmark = time.monotonic()
            self._end_watch()
        except (BrokenPipeError, ConnectionResetError, OSError):
            self.close_connection = True

    def _end_watch(self) -> None:
        with contextlib.suppress(BrokenPipeError, ConnectionResetError, OSError):
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        self.close_connection = True


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    # A provider starts a list and a watch per kind at once, hundreds of connections: with socketserver's
    # backlog of 5 the kernel drops their SYNs, and each retry costs the client a second or more.
    request_queue_size = 1024
    api: APIServer

    def shutdown_request(self, request: Any) -> None:
        # End TLS with close_notify, without waiting for the peer's: the client reads a clean end of stream
        # (not "EOF in violation of protocol") and closes its side as it would on a real API server.
        if isinstance(request, ssl.SSLSocket):
            with contextlib.suppress(OSError, ValueError):
                request.setblocking(False)
                request.unwrap()
        super().shutdown_request(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that goes away mid-handshake or mid-request is routine (watches are cut, tests stop).
        if isinstance(sys.exc_info()[1], OSError):
            return
        super().handle_error(request, client_address)


def _drain(listener: socket.socket) -> None:
    """Close the connections still waiting to be accepted with a FIN, after reading what they sent.

    Closing the listening socket would reset them, and a TLS client reset between connect and its
    handshake may be left with a socket it never closes (Python's ssl module then wraps it as not
    connected); a FIN instead ends its handshake with an error its client library handles.
    """
    listener.setblocking(False)
    while True:
        try:
            conn, _ = socket.socket.accept(listener)  # the plain connection: no TLS for a goodbye
        except OSError:
            return
        with conn:
            conn.setblocking(False)
            with contextlib.suppress(OSError):
                while conn.recv(65536):
                    pass
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_WR)


class APIServer:
    """Start with :meth:`start`; ``url`` and :meth:`write_kubeconfig` tell clients where it is."""

    def __init__(self, *, port: int = 0, store: Store | None = None, bookmark_interval: float = 1.0) -> None:
        self.store = store or Store()
        self.faults = Faults()
        self.port = port
        self.bookmark_interval = bookmark_interval
        self.watch_generation = 0
        self.stopping = False
        # The latest requests (method, path), for a test to look at: bounded, so a long run or a flood of
        # requests never grows the server.
        self.requests: collections.deque[tuple[str, str]] = collections.deque(maxlen=REQUEST_LOG)
        self.discovery = discovery.Discovery(self.store)
        # The credentials the kubeconfig carries; a restart keeps them, so clients keep working.
        self.token = secrets.token_urlsafe(32)
        self.certificate = tls.Certificate()
        self._httpd: _Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.port}"

    def start(self) -> APIServer:
        self.stopping = False
        self._httpd = _Server(("127.0.0.1", self.port), _Handler)
        # The handshake happens in the request's own thread (on first read), never in the accept loop.
        self._httpd.socket = self.certificate.context().wrap_socket(self._httpd.socket, server_side=True,
                                                                    do_handshake_on_connect=False)
        self._httpd.api = self
        self.port = self._httpd.server_address[1]
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.1},
                                        daemon=True, name="devserver")
        self._thread.start()
        return self

    def stop(self) -> None:
        self.stopping = True
        self.drop_watches()
        if self._httpd is not None:
            self._httpd.shutdown()
            _drain(self._httpd.socket)
            self._httpd.server_close()
            self._httpd = None

    def restart(self) -> None:
        """Stop serving and serve again on the same port, keeping every object (like an apiserver restart)."""
        self.stop()
        self.start()

    def drop_watches(self) -> None:
        self.watch_generation += 1
        self.store.wake_watches()

    def set_faults(self, spec: dict[str, Any]) -> dict[str, Any]:
        if "conflict_every" in spec:
            self.faults.conflict_every = {k: int(v) for k, v in spec["conflict_every"].items()}
        if "errors" in spec:
            self.faults.errors = {k: int(v) for k, v in spec["errors"].items()}
        if "latency" in spec:
            self.faults.latency = float(spec["latency"])
        if spec.get("drop_watches"):
            self.drop_watches()
        if spec.get("compact"):
            self.store.compact()
        return {"conflict_every": self.faults.conflict_every, "errors": self.faults.errors,
                "latency": self.faults.latency, "injected": self.faults.injected}

    def set_services(self, spec: dict[str, Any]) -> dict[str, Any]:
        """Where Services are reached (a conversion webhook's): ``{"<namespace>/<name>": "<host>:<port>"}``; the
        host must be this machine's (127.0.0.1 or localhost), as the server itself is."""
        for service, where in spec.items():
            namespace, _, name = str(service).partition("/")
            host, _, port = str(where).rpartition(":")
            if not namespace or not name or host not in _LOCAL_HOSTS or not port.isdigit():
                raise ApiError(400, "BadRequest", f"a service is <namespace>/<name>: 127.0.0.1:<port>, not "
                                                  f"{service!r}: {where!r}")
            self.store.webhooks.serve(namespace, name, host, int(port))
        return {f"{ns}/{n}": f"{h}:{p}" for (ns, n), (h, p) in sorted(self.store.webhooks.services.items())}

    def write_kubeconfig(self, path: Path) -> Path:
        """A kubeconfig for this server, readable by its owner only (it holds the token)."""
        config = {
            "apiVersion": "v1", "kind": "Config", "current-context": "tfbridge-dev",
            "clusters": [{"name": "tfbridge-dev", "cluster": {
                "server": self.url, "certificate-authority-data": base64.b64encode(self.certificate.pem).decode()}}],
            "users": [{"name": "tfbridge-dev", "user": {"token": self.token}}],
            "contexts": [{"name": "tfbridge-dev", "context": {"cluster": "tfbridge-dev", "user": "tfbridge-dev",
                                                              "namespace": "default"}}],
        }
        # Written beside its destination and renamed into place: a reader polling for the file never sees
        # half of it, and the token is never readable by others, not even for a moment.
        path = Path(path)
        fd, scratch = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(fd, "w") as out:
                out.write(yaml.safe_dump(config, sort_keys=False))
            os.chmod(scratch, 0o600)
            os.replace(scratch, path)
        except BaseException:
            Path(scratch).unlink(missing_ok=True)
            raise
        return path
