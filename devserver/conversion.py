"""Objects of a custom resource between its versions, as kube-apiserver converts them.

With ``strategy: None`` only ``apiVersion`` changes. With ``Webhook`` the CRD's webhook is called with a
``ConversionReview`` (``apiextensions.k8s.io/v1``; every object of a request, a list's page included, in one
review) over HTTPS, trusting only the CRD's ``caBundle`` and checking the certificate names
``<service>.<namespace>.svc`` for a Service (the URL's host for a ``url``), within 30 seconds. What comes back
must be a review of the same uid that succeeded, with as many objects at the version asked for, of the same
kind; only their labels and annotations may differ in metadata, the rest of metadata is kept as it was.
Anything else is an error the client gets (500, naming the webhook), as there.

A Service has no pods here: :attr:`Webhooks.services` says where each is reached (the provider's webhook on
this machine).
"""

from __future__ import annotations

import http.client
import json
import socket
import ssl
import threading
import urllib.parse
import uuid
from collections.abc import Sequence
from typing import Any

from devserver.crds import Conversion
from devserver.errors import ApiError

Obj = dict[str, Any]
TIMEOUT = 30.0  # kube-apiserver's for CRD conversion webhooks
MAX_REPLY = 256 * 1024 * 1024


class _Connection(http.client.HTTPSConnection):
    """HTTPS to ``address`` while the certificate must name ``server_name`` (a Service's DNS name)."""

    def __init__(self, address: tuple[str, int], server_name: str, context: ssl.SSLContext, timeout: float) -> None:
        super().__init__(address[0], address[1], timeout=timeout, context=context)
        self._server_name = server_name
        self._context = context

    def connect(self) -> None:
        sock = socket.create_connection((self.host, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self._server_name)


class Webhooks:
    """Calls CRDs' conversion webhooks; :attr:`services` maps a Service (namespace, name) to where it is reached
    (host, port)."""

    def __init__(self, *, timeout: float = TIMEOUT) -> None:
        self.timeout = timeout
        self.services: dict[tuple[str, str], tuple[str, int]] = {}
        self._lock = threading.Lock()
        self.calls = 0

    def serve(self, namespace: str, name: str, host: str, port: int) -> None:
        with self._lock:
            self.services[(namespace, name)] = (host, port)

    def convert(self, conversion: Conversion, group: str, kind: str, objects: Sequence[Obj],
                desired: str) -> list[Obj]:
        """``objects`` (stored or sent, each with its apiVersion) at ``desired`` (group/version)."""
        todo = [i for i, o in enumerate(objects) if o.get("apiVersion") != desired]
        out = [dict(o) for o in objects]
        if not todo:
            return out
        if conversion.strategy != "Webhook":
            for i in todo:
                out[i]["apiVersion"] = desired
            return out
        source = str(objects[todo[0]].get("apiVersion", ""))
        failing = f"conversion webhook for {source}, Kind={kind} failed"
        try:
            converted = self._call(conversion, [objects[i] for i in todo], desired)
        except (OSError, ssl.SSLError, http.client.HTTPException, ValueError) as exc:
            raise ApiError(500, "InternalError", f"{failing}: {exc}") from exc
        for i, new in zip(todo, converted, strict=True):
            old = objects[i]
            if new.get("apiVersion") != desired or new.get("kind") != old.get("kind"):
                raise ApiError(500, "InternalError", f"{failing}: converted object has wrong type: "
                                                     f"{new.get('apiVersion')}, Kind={new.get('kind')}")
            meta = dict(old.get("metadata") or {})
            sent = new.get("metadata")
            new_meta: Obj = sent if isinstance(sent, dict) else {}
            for key in ("labels", "annotations"):
                if key in new_meta:
                    meta[key] = new_meta[key]
                else:
                    meta.pop(key, None)
            out[i] = {**new, "metadata": meta}
        return out

    def _where(self, conversion: Conversion) -> tuple[tuple[str, int], str, str]:
        """(address, the name the certificate must have, the request path)."""
        if conversion.url:
            url = urllib.parse.urlsplit(conversion.url)
            if url.scheme != "https" or not url.hostname:
                raise ValueError(f"the webhook URL {conversion.url!r} is not https")
            return (url.hostname, url.port or 443), url.hostname, url.path or "/"
        namespace, name = conversion.service
        with self._lock:
            address = self.services.get((namespace, name))
        if address is None:
            raise ValueError(f'service "{name}" not found in namespace "{namespace}" (no endpoints)')
        return address, f"{name}.{namespace}.svc", conversion.path or "/"

    def _call(self, conversion: Conversion, objects: list[Obj], desired: str) -> list[Obj]:
        if "v1" not in conversion.review_versions:
            raise ValueError(f"the webhook accepts ConversionReview {list(conversion.review_versions)}; this server "
                             f"sends v1")
        address, server_name, path = self._where(conversion)
        context = ssl.create_default_context(cadata=conversion.ca_bundle.decode()) if conversion.ca_bundle else \
            ssl.create_default_context()
        uid = str(uuid.uuid4())
        body = json.dumps({"apiVersion": "apiextensions.k8s.io/v1", "kind": "ConversionReview",
                           "request": {"uid": uid, "desiredAPIVersion": desired, "objects": objects}}).encode()
        self.calls += 1
        conn = _Connection(address, server_name, context, self.timeout)
        try:
            conn.request("POST", path, body=body, headers={"Content-Type": "application/json",
                                                           "Accept": "application/json"})
            reply = conn.getresponse()
            data = reply.read(MAX_REPLY + 1)
        finally:
            conn.close()
        if reply.status != 200:
            raise ValueError(f"the server responded with status {reply.status}: {data[:512]!r}")
        if len(data) > MAX_REPLY:
            raise ValueError("the webhook's answer is too large")
        review = json.loads(data)
        response = review.get("response") if isinstance(review, dict) else None
        if not isinstance(response, dict) or response.get("uid") != uid:
            raise ValueError(f"expected response.uid={uid}")
        result = response.get("result") or {}
        if result.get("status") != "Success":
            raise ValueError(str(result.get("message") or "the webhook did not say why"))
        converted = response.get("convertedObjects")
        if not isinstance(converted, list) or len(converted) != len(objects) or \
                not all(isinstance(o, dict) for o in converted):
            raise ValueError(f"expected {len(objects)} converted objects")
        return converted

