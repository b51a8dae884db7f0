"""Objects validated against Kubernetes' own schemas (kubernetes_validate's copy of the newest version's,
strict: a field the API does not know fails), as ``kubernetes_validate.validate(doc, latest, strict=True)``
does; but that reads and parses the kind's schema and every definition (megabytes of JSON) again on each
call, and the deployables' tests validate thousands of objects: here each kind's validator is made once per
process.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import jsonschema
import kubernetes_validate
from kubernetes_validate import utils
from referencing import Registry, Resource

VERSION = kubernetes_validate.latest_version()
_FOLDER = f"kubernetes-json-schema/v{VERSION}-local-strict"


@functools.cache
def _definitions() -> Resource[Any]:
    return Resource.from_contents(utils.schema_contents(f"{_FOLDER}/_definitions.json", VERSION))


@functools.cache
def _validator(kind: str, api_version: str) -> Any:
    # As kubernetes_validate names its files: rbac.authorization.k8s.io/v1 ClusterRole → clusterrole-rbac-v1.json.
    group_version = re.sub(r"^([^./]*)(?:\.[^/]*)?/", r"\1-", api_version)
    schema = utils.schema_contents(f"{_FOLDER}/{kind.lower()}-{group_version}.json", VERSION)
    registry: Registry[Any] = _definitions() @ (Resource.from_contents(schema) @ Registry())
    return jsonschema.validators.Draft202012Validator(schema, registry=registry)


def validate(doc: dict[str, Any]) -> None:
    """Raise :class:`jsonschema.ValidationError`, naming the field, unless ``doc`` is valid."""
    _validator(doc["kind"], doc["apiVersion"]).validate(doc)
