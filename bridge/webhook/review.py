"""A ``ConversionReview`` (apiextensions.k8s.io/v1), answered: every object of the request at the version it
desires, or a failure that names why (the API server turns it into an error for its client).

What arrives is what users wrote: the request is bounded before it is decoded (its size, its nesting, the
number of objects), each object must be a kind of this provider at a version that kind is served at, and
nothing of an object but its shape is looked at (:mod:`bridge.api.conversion`). Only ``apiVersion`` and the
converted fields change; metadata is never touched, as the API server requires.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from bridge.api.conversion import ConversionError, convert
from bridge.api.registry import Kind
from bridge.kube import decode

API_VERSION = "apiextensions.k8s.io/v1"
# A review of a whole list (the API server converts a page of a list in one request) holds many objects:
# one at etcd's 1.5 MiB limit times a few, or thousands of small ones. Past these, the request is refused.
MAX_BYTES = 64 * 1024 * 1024
MAX_OBJECTS = 10_000


class ReviewError(ValueError):
    """The request is no ConversionReview this webhook answers; the message says why."""


@dataclasses.dataclass(frozen=True)
class Reviewer:
    """The kinds a provider serves at several versions, by (API group, kind)."""

    kinds: Mapping[tuple[str, str], Kind]

    @classmethod
    def of(cls, kinds: Iterable[Kind]) -> Reviewer:
        return cls({(k.config.group, k.kind): k for k in kinds if len(k.config.versions) > 1})

    def answer(self, body: bytes) -> dict[str, Any]:
        """The ConversionReview answering ``body``; raises :class:`ReviewError` for a request that is not one
        (no uid to answer to)."""
        if len(body) > MAX_BYTES:
            raise ReviewError(f"the request is larger than {MAX_BYTES} bytes")
        try:
            review = decode.loads(body)
        except (ValueError, UnicodeDecodeError) as exc:
            raise ReviewError(f"the request is not JSON ({type(exc).__name__})") from exc
        request = review.get("request") if isinstance(review, dict) else None
        if (not isinstance(request, dict) or review.get("kind") != "ConversionReview"
                or review.get("apiVersion") != API_VERSION or not isinstance(request.get("uid"), str)):
            raise ReviewError(f"the request is not a ConversionReview of {API_VERSION} with a uid")
        response: dict[str, Any] = {"uid": request["uid"]}
        try:
            response["convertedObjects"] = self.convert(request.get("objects"), request.get("desiredAPIVersion"))
            response["result"] = {"status": "Success"}
        except ConversionError as exc:
            response["result"] = {"status": "Failure", "message": str(exc)[:1024]}
        return {"apiVersion": API_VERSION, "kind": "ConversionReview", "response": response}

    def convert(self, objects: Any, desired: Any) -> list[dict[str, Any]]:
        if not isinstance(objects, list) or not isinstance(desired, str) or desired.count("/") != 1:
            raise ConversionError("a review needs objects and a desiredAPIVersion group/version")
        if len(objects) > MAX_OBJECTS:
            raise ConversionError(f"{len(objects)} objects in one review; at most {MAX_OBJECTS}")
        group, version = desired.split("/")
        return [self.one(obj, group, version, i) for i, obj in enumerate(objects)]

    def one(self, obj: Any, group: str, version: str, index: int) -> dict[str, Any]:
        where = f"objects[{index}]"
        if not isinstance(obj, dict) or not isinstance(obj.get("apiVersion"), str) or obj["apiVersion"].count("/") != 1:
            raise ConversionError(f"{where}: not an object with an apiVersion group/version")
        kind = self.kinds.get((group, str(obj.get("kind"))))
        own_group, own_version = obj["apiVersion"].split("/")
        if kind is None or own_group != group:
            raise ConversionError(f"{where}: {_shown(obj.get('kind'))} of {_shown(own_group)} is no kind this "
                                  f"provider converts to {group}")
        served = {v.name for v in kind.config.versions}
        for v in (own_version, version):
            if v not in served:
                raise ConversionError(f"{where}: {kind.kind} is not served at {_shown(v)} "
                                      f"(served: {', '.join(sorted(served))})")
        if own_version == version:
            return obj
        try:
            return convert(obj, kind.views(own_version), kind.views(version), f"{group}/{version}")
        except ConversionError as exc:
            name = (obj.get("metadata") or {}).get("name") if isinstance(obj.get("metadata"), dict) else None
            raise ConversionError(f"{kind.kind} {_shown(name)} to {version}: {exc}") from exc


def _shown(value: Any) -> str:
    """A value from the request in a message: quoted, and never long."""
    text = repr(value) if isinstance(value, str) else type(value).__name__
    return text if len(text) <= 80 else text[:77] + "..."
