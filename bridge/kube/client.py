"""Typed access to any resource over the official kubernetes client's ApiClient.

``Kube`` is the protocol the runtime uses; :class:`HTTPKube` implements it against a real or the
local API server. Every ApiException becomes a :mod:`bridge.kube.errors` type here, and nowhere else.
Every namespace and name in a URL path is checked against Kubernetes' rules and quoted: a name with
``/`` or ``..`` in it names no object (:class:`~bridge.kube.errors.InvalidName`), never another one.
"""

from __future__ import annotations

import dataclasses
import threading
import urllib.parse
from collections.abc import Iterator, Mapping
from typing import Any, Protocol

from kubernetes import client as k8s
from kubernetes.client.rest import ApiException

from bridge.kube import decode, errors, names

Obj = dict[str, Any]


@dataclasses.dataclass(frozen=True)
class Resource:
    group: str
    version: str
    plural: str
    kind: str
    namespaced: bool = False

    @property
    def api_version(self) -> str:
        return f"{self.group}/{self.version}" if self.group else self.version

    def path(self, namespace: str = "", name: str = "", sub: str = "") -> str:
        """The URL path; raises InvalidName for a namespace or name no object can have."""
        base = f"/apis/{self.group}/{self.version}" if self.group else f"/api/{self.version}"
        if self.namespaced and namespace:
            if not names.dns_label(namespace):
                raise errors.InvalidName(f"{names.shown(namespace)} is not a valid namespace")
            base += f"/namespaces/{_segment(namespace)}"
        base += f"/{self.plural}"
        if name:
            if not names.dns_subdomain(name):
                raise errors.InvalidName(f"{names.shown(name)} is not a valid {self.kind} name")
            base += f"/{_segment(name)}"
        if sub:
            base += f"/{_segment(sub)}"
        return base


def _segment(value: str) -> str:
    # Checked names need no quoting; quoting every segment anyway keeps one that slipped past a
    # check inside its segment.
    return urllib.parse.quote(value, safe="")


SECRETS = Resource("", "v1", "secrets", "Secret", True)
EVENTS = Resource("", "v1", "events", "Event", True)
LEASES = Resource("coordination.k8s.io", "v1", "leases", "Lease", True)
CRDS = Resource("apiextensions.k8s.io", "v1", "customresourcedefinitions", "CustomResourceDefinition")
NAMESPACES = Resource("", "v1", "namespaces", "Namespace")


class Kube(Protocol):
    def get(self, res: Resource, name: str, namespace: str = "") -> Obj: ...

    def list(self, res: Resource, namespace: str = "", label_selector: str = "") -> tuple[list[Obj], str]: ...

    def watch(self, res: Resource, resource_version: str, *, timeout: float,
              stop: threading.Event, label_selector: str = "") -> Iterator[tuple[str, Obj]]: ...

    def create(self, res: Resource, obj: Obj, namespace: str = "") -> Obj: ...

    def update(self, res: Resource, obj: Obj) -> Obj: ...

    def update_status(self, res: Resource, obj: Obj) -> Obj: ...

    def patch(self, res: Resource, name: str, patch: Mapping[str, Any], namespace: str = "") -> Obj: ...

    def delete(self, res: Resource, name: str, namespace: str = "") -> None: ...


def api_client(kubeconfig: str | None, *, pool: int = 64) -> k8s.ApiClient:
    """An ApiClient from a kubeconfig file (or the in-cluster config), with a connection pool sized
    for many workers and watches (urllib3's default of 10 makes them queue)."""
    from kubernetes import config

    configuration = k8s.Configuration()
    if kubeconfig:
        config.load_kube_config(config_file=kubeconfig, client_configuration=configuration)
    else:
        config.load_incluster_config(client_configuration=configuration)
    configuration.connection_pool_maxsize = pool
    return k8s.ApiClient(configuration)


def _translate(exc: ApiException) -> errors.APIError:
    reason, message = exc.reason or "", str(exc.body or "")
    try:
        body = decode.loads(exc.body or "{}")
        reason, message = body.get("reason", reason), body.get("message", message)
    except (ValueError, TypeError, AttributeError):
        pass
    return errors.from_status(int(exc.status or 0), str(reason), str(message))


class HTTPKube:
    def __init__(self, api_client: k8s.ApiClient) -> None:
        self.api = api_client
        # (RBAC verb, API group, resource[/subresource]) → count: what the provider's roles must allow,
        # and the namespaces of those calls (a namespaced Role covers only its own).
        self.calls: dict[tuple[str, str, str], int] = {}
        self.namespaces: dict[tuple[str, str, str], set[str]] = {}
        self._lock = threading.Lock()

    def _call(self, verb: str, res: Resource, method: str, path: str, body: Any = None,
              query: list[tuple[str, str]] | None = None, content_type: str = "application/json",
              stream: bool = False, sub: str = "", namespace: str = "") -> Any:
        key = (verb, res.group, f"{res.plural}/{sub}" if sub else res.plural)
        with self._lock:
            self.calls[key] = self.calls.get(key, 0) + 1
            # "" for a cluster-wide call on a namespaced kind: only a ClusterRole allows that.
            self.namespaces.setdefault(key, set()).add(namespace if res.namespaced else "")
        try:
            resp = self.api.call_api(
                path, method, query_params=query or [], header_params={"Content-Type": content_type,
                                                                       "Accept": "application/json"},
                body=body, auth_settings=["BearerToken"], _preload_content=False, _return_http_data_only=True,
                _request_timeout=None if stream else 60)
        except ApiException as exc:
            raise _translate(exc) from exc
        if stream:
            return resp
        data = resp.data
        return decode.loads(data) if data else {}

    def get(self, res: Resource, name: str, namespace: str = "") -> Obj:
        return dict(self._call("get", res, "GET", res.path(namespace, name), namespace=namespace))

    def list(self, res: Resource, namespace: str = "", label_selector: str = "") -> tuple[list[Obj], str]:
        query = [("labelSelector", label_selector)] if label_selector else []
        out = self._call("list", res, "GET", res.path(namespace), query=query, namespace=namespace)
        return list(out.get("items") or []), str((out.get("metadata") or {}).get("resourceVersion", ""))

    def watch(self, res: Resource, resource_version: str, *, timeout: float,
              stop: threading.Event, label_selector: str = "") -> Iterator[tuple[str, Obj]]:
        query = [("watch", "true"), ("allowWatchBookmarks", "true"), ("timeoutSeconds", str(int(timeout)))]
        if label_selector:
            query.append(("labelSelector", label_selector))
        if resource_version:
            query.append(("resourceVersion", resource_version))
        resp = self._call("watch", res, "GET", res.path(), query=query, stream=True)
        try:
            buffer = b""
            for chunk in resp.stream(4096, decode_content=False):
                if stop.is_set():
                    return
                buffer += chunk
                while b"\n" in buffer:
                    line, buffer = buffer.split(b"\n", 1)
                    if not line.strip():
                        continue
                    try:
                        event = decode.loads(line)
                        kind, obj = str(event["type"]), event["object"]
                        if not isinstance(obj, dict):
                            raise TypeError("the event's object is not an object")
                    except (ValueError, KeyError, TypeError) as exc:
                        # Resuming from the same resourceVersion would meet it again: relist past it.
                        raise errors.Undecodable(f"a watch event of {res.plural} cannot be decoded "
                                                 f"({type(exc).__name__})") from exc
                    if kind == "ERROR":
                        raise errors.from_status(int(obj.get("code") or 500), str(obj.get("reason", "")),
                                                 str(obj.get("message", "")))
                    yield kind, obj
        finally:
            resp.release_conn()

    def create(self, res: Resource, obj: Obj, namespace: str = "") -> Obj:
        ns = namespace or (obj.get("metadata") or {}).get("namespace", "")
        return dict(self._call("create", res, "POST", res.path(ns), body=obj, namespace=ns))

    def update(self, res: Resource, obj: Obj) -> Obj:
        meta = obj["metadata"]
        ns = meta.get("namespace", "")
        return dict(self._call("update", res, "PUT", res.path(ns, meta["name"]), body=obj, namespace=ns))

    def update_status(self, res: Resource, obj: Obj) -> Obj:
        meta = obj["metadata"]
        path = res.path(meta.get("namespace", ""), meta["name"], "status")
        return dict(self._call("update", res, "PUT", path, body=obj, sub="status",
                               namespace=meta.get("namespace", "")))

    def patch(self, res: Resource, name: str, patch: Mapping[str, Any], namespace: str = "") -> Obj:
        return dict(self._call("patch", res, "PATCH", res.path(namespace, name), body=dict(patch),
                               content_type="application/merge-patch+json", namespace=namespace))

    def delete(self, res: Resource, name: str, namespace: str = "") -> None:
        self._call("delete", res, "DELETE", res.path(namespace, name), namespace=namespace)
