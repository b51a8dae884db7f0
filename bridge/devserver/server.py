"""The local Kubernetes API server: real HTTP on 127.0.0.1 over :class:`~bridge.devserver.store.Store`.

It serves discovery, CRUD with merge and JSON patches, the status subresource, list and watch
(resourceVersion, label and field selectors, bookmarks, 410 Gone), and CRDs. For tests it adds
fault injection (forced 409s and 5xx, latency, dropped watches) and a restart that keeps the
objects. Control it in-process through :class:`APIServer`, or over HTTP at ``/_tfbridge/faults``.
"""

from __future__ import annotations

import dataclasses
import json
import socket
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import yaml

from bridge.devserver import patch, selectors
from bridge.devserver.store import ApiError, Obj, ResourceType, Store

VERSION = {"major": "1", "minor": "31", "gitVersion": "v1.31.0-tfbridge", "platform": "linux/amd64"}


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


_VERBS = ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"]


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def setup(self) -> None:
        super().setup()
        # Headers and body are separate writes: without this, Nagle + delayed ACK stall each reply ~40 ms.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    # -- plumbing ---------------------------------------------------------------------------

    def _send(self, code: int, body: Any) -> None:
        data = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _body(self) -> Any:
        raw = self._raw
        if not raw:
            return {}
        try:
            if "yaml" in (self.headers.get("Content-Type") or ""):
                return yaml.safe_load(raw)
            return json.loads(raw)
        except (json.JSONDecodeError, yaml.YAMLError) as exc:
            raise ApiError(400, "BadRequest", f"cannot decode body: {exc}") from exc

    def _dispatch(self, method: str) -> None:
        # Read the whole body first: an error answered before reading it would leave it in the
        # keep-alive connection, where it would corrupt the next request.
        length = int(self.headers.get("Content-Length") or 0)
        self._raw = self.rfile.read(length) if length else b""
        url = urllib.parse.urlsplit(self.path)
        query = {k: v[-1] for k, v in urllib.parse.parse_qs(url.query).items()}
        parts = [urllib.parse.unquote(p) for p in url.path.strip("/").split("/") if p]
        self.server.api.requests.append((method, url.path))
        try:
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
            body = b"ok"
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if parts == ["version"]:
            return self._send(200, VERSION)
        if parts[:2] == ["_tfbridge", "faults"]:
            return self._send(200, api.set_faults(self._body() if method == "POST" else {}))
        if parts == ["api"]:
            return self._send(200, {"kind": "APIVersions", "versions": ["v1"], "serverAddressByClientCIDRs": []})
        if parts == ["apis"]:
            return self._send(200, api.group_list())
        if parts and parts[0] == "api" and len(parts) == 2:
            return self._send(200, api.resource_list("", parts[1]))
        if parts and parts[0] == "apis" and len(parts) == 2:
            found = api.group(parts[1])
            if found is None:
                raise ApiError(404, "NotFound", f"no group {parts[1]}")
            return self._send(200, found)
        if parts and parts[0] == "apis" and len(parts) == 3:
            return self._send(200, api.resource_list(parts[1], parts[2]))
        if parts and parts[0] in ("api", "apis"):
            group, version, rest = ("", parts[1], parts[2:]) if parts[0] == "api" else (parts[1], parts[2], parts[3:])
            return self._resource(method, group, version, rest, query)
        raise ApiError(404, "NotFound", f"the server could not find the requested resource ({self.path})")

    def _resource(self, method: str, group: str, version: str, rest: list[str], query: dict[str, str]) -> None:
        store = self.server.api.store
        ns = ""
        if len(rest) >= 3 and rest[0] == "namespaces":
            ns, rest = rest[1], rest[2:]
        if not rest:
            raise ApiError(404, "NotFound", "no resource")
        rt = store.find(group, version, rest[0])
        name = rest[1] if len(rest) > 1 else ""
        sub = rest[2] if len(rest) > 2 else ""
        if sub and sub != "status":
            raise ApiError(404, "NotFound", f"unknown subresource {sub}")
        if sub == "status" and not rt.status_subresource:
            raise ApiError(404, "NotFound", f"{rt.plural} has no status subresource")
        faults = self.server.api.faults
        if method == "GET" and not name:
            if _flag(query.get("watch")):
                faults.check("watch", rt.plural)
                return self._watch(rt, ns or None, query)
            faults.check("list", rt.plural)
            labels = selectors.parse(query.get("labelSelector"))
            fields = selectors.parse(query.get("fieldSelector"))
            items, rv = store.list_objects(
                rt, ns or None if rt.namespaced else None,
                lambda o: selectors.match_labels(labels, o["metadata"].get("labels") or {})
                and selectors.match_fields(fields, o))
            return self._send(200, {"kind": f"{rt.kind}List", "apiVersion": rt.api_version,
                                    "metadata": {"resourceVersion": str(rv)}, "items": items})
        if method == "GET":
            faults.check("get", rt.plural)
            return self._send(200, store.get(rt, ns, name))
        if method == "POST" and not name:
            faults.check("create", rt.plural)
            return self._send(201, store.create(rt, ns, self._body()))
        if method == "PUT" and name:
            faults.check("update", rt.plural)
            return self._send(200, store.update(rt, ns, name, self._body(), subresource=sub))
        if method == "PATCH" and name:
            faults.check("patch", rt.plural)
            return self._send(200, self._patch(rt, ns, name, sub))
        if method == "DELETE" and name:
            faults.check("delete", rt.plural)
            opts = self._body() or {}
            propagation = opts.get("propagationPolicy") or query.get("propagationPolicy") or "Background"
            uid = (opts.get("preconditions") or {}).get("uid")
            return self._send(200, store.delete(rt, ns, name, propagation=propagation, uid=uid))
        raise ApiError(405, "MethodNotAllowed", f"{method} is not supported here")

    def _patch(self, rt: ResourceType, ns: str, name: str, sub: str) -> Obj:
        kind = (self.headers.get("Content-Type") or "").split(";")[0]
        body = self._body()
        for _ in range(5):  # a patch applies to the latest version; retry only our own races
            current = self.server.api.store.get(rt, ns, name)
            if kind == "application/json-patch+json":
                patched = patch.json_patch(current, body)
            elif kind in ("application/merge-patch+json", "application/strategic-merge-patch+json"):
                patched = patch.merge(current, body)
            else:
                raise ApiError(415, "UnsupportedMediaType", f"unsupported patch type {kind!r}")
            meta = patched.setdefault("metadata", {})
            if not (isinstance(body, dict) and (body.get("metadata") or {}).get("resourceVersion")):
                meta["resourceVersion"] = current["metadata"]["resourceVersion"]
            try:
                return self.server.api.store.update(rt, ns, name, patched, subresource=sub)
            except ApiError as exc:
                if exc.code != 409 or (isinstance(body, dict) and (body.get("metadata") or {}).get("resourceVersion")):
                    raise
        raise ApiError(409, "Conflict", "patch kept conflicting")

    def _watch(self, rt: ResourceType, ns: str | None, query: dict[str, str]) -> None:
        api = self.server.api
        store = api.store
        labels = selectors.parse(query.get("labelSelector"))
        fields = selectors.parse(query.get("fieldSelector"))
        timeout = float(query.get("timeoutSeconds") or 1800)
        bookmarks = _flag(query.get("allowWatchBookmarks"))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

        def write(event: dict[str, Any]) -> None:
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
            while time.monotonic() < deadline and generation == api.watch_generation and not api.stopping:
                with store.cond:
                    try:
                        events = store.events_after(rv)
                    except ApiError as exc:
                        write({"type": "ERROR", "object": exc.status()})
                        break
                    if not events:
                        store.cond.wait(timeout=0.2)
                for e in events:
                    rv = e.rv
                    if e.key == rt.key and matches(e.obj):
                        write({"type": e.type, "object": e.obj})
                if bookmarks and time.monotonic() - last_bookmark >= api.bookmark_interval:
                    write({"type": "BOOKMARK", "object": {"kind": rt.kind, "apiVersion": rt.api_version,
                                                          "metadata": {"resourceVersion": str(store.rv)}}})
                    last_bookmark = time.monotonic()
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, OSError):
            pass
        self.close_connection = True


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    api: APIServer


class APIServer:
    """Start with :meth:`start`; ``url`` and :meth:`write_kubeconfig` tell clients where it is."""

    def __init__(self, *, port: int = 0, store: Store | None = None, bookmark_interval: float = 1.0) -> None:
        self.store = store or Store()
        self.faults = Faults()
        self.port = port
        self.bookmark_interval = bookmark_interval
        self.watch_generation = 0
        self.stopping = False
        self.requests: list[tuple[str, str]] = []
        self._httpd: _Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> APIServer:
        self.stopping = False
        self._httpd = _Server(("127.0.0.1", self.port), _Handler)
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
            self._httpd.server_close()
            self._httpd = None

    def restart(self) -> None:
        """Stop serving and serve again on the same port, keeping every object (like an apiserver restart)."""
        self.stop()
        self.start()

    def drop_watches(self) -> None:
        self.watch_generation += 1
        with self.store.cond:
            self.store.cond.notify_all()

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

    # -- discovery --------------------------------------------------------------------------

    def _groups(self) -> dict[str, list[ResourceType]]:
        out: dict[str, list[ResourceType]] = {}
        for rt in self.store.all_types():
            out.setdefault(rt.group, []).append(rt)
        return out

    def group(self, name: str) -> dict[str, Any] | None:
        types = self._groups().get(name)
        if not types:
            return None
        versions = sorted({rt.version for rt in types})
        gv = [{"groupVersion": f"{name}/{v}", "version": v} for v in versions]
        return {"kind": "APIGroup", "apiVersion": "v1", "name": name, "versions": gv, "preferredVersion": gv[0]}

    def group_list(self) -> dict[str, Any]:
        groups = [g for name in sorted(self._groups()) if name and (g := self.group(name))]
        return {"kind": "APIGroupList", "apiVersion": "v1", "groups": groups}

    def resource_list(self, group: str, version: str) -> dict[str, Any]:
        resources = []
        for rt in sorted(self._groups().get(group, []), key=lambda r: r.plural):
            if rt.version != version:
                continue
            resources.append({"name": rt.plural, "singularName": rt.singular, "namespaced": rt.namespaced,
                              "kind": rt.kind, "verbs": _VERBS, "shortNames": list(rt.short_names),
                              "categories": list(rt.categories)})
            if rt.status_subresource:
                resources.append({"name": f"{rt.plural}/status", "singularName": "", "namespaced": rt.namespaced,
                                  "kind": rt.kind, "verbs": ["get", "patch", "update"]})
        if not resources:
            raise ApiError(404, "NotFound", f"no resources in {group or 'core'}/{version}")
        gv = f"{group}/{version}" if group else version
        return {"kind": "APIResourceList", "apiVersion": "v1", "groupVersion": gv, "resources": resources}

    def write_kubeconfig(self, path: Path) -> Path:
        config = {
            "apiVersion": "v1", "kind": "Config", "current-context": "tfbridge-dev",
            "clusters": [{"name": "tfbridge-dev", "cluster": {"server": self.url}}],
            "users": [{"name": "tfbridge-dev", "user": {"token": "tfbridge-dev"}}],
            "contexts": [{"name": "tfbridge-dev", "context": {"cluster": "tfbridge-dev", "user": "tfbridge-dev",
                                                              "namespace": "default"}}],
        }
        path.write_text(yaml.safe_dump(config, sort_keys=False))
        return path

