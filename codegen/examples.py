"""An example manifest per kind: the config's own example, or one built from the required fields.

A built example fills every required argument with a value of its type, and a required argument
that another kind's object provides (a configured reference) with a ``<field>Ref`` to that kind's
example, so the examples of a provider apply together.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tfconfig import ExampleValues, ResolvedResource, lower_camel
from tfschema import fields as f

_SECRET = {"key": "example-key", "name": "example-secret", "namespace": "crossplane-system"}
_PLACEHOLDER = "example"
_SCALARS: dict[str, Any] = {"string": _PLACEHOLDER, "number": 1, "boolean": True}
_ACCOUNT = "123456789012"
_REGION = "us-east-1"
_ZONE = re.compile(r"[a-z]{2}(-gov)?-[a-z]+-[0-9][a-z]")
# An address in the range set aside for documentation (RFC 5737): well formed, and nobody's.
_IP_ADDRESS = "192.0.2.10"


def _words(name: str) -> list[str]:
    """``kmsKeyArn`` → ``["kms", "key", "arn"]``: a camelCase (CR) argument name's words."""
    return [w.lower() for w in re.findall(r"[a-z0-9]+|[A-Z][a-z0-9]*", name)]


def valid_placeholder(name: str, value: Any, values: ExampleValues) -> Any:
    """What a placeholder argument value becomes where its name says what the provider validates:
    an ARN and a policy document (as the provider's ``values`` give them), a CIDR block, a region, an
    account ID, an e-mail address, a URL, an IP address, a schedule expression. Any other value, or any
    other name, is returned as it is."""
    if value != _PLACEHOLDER:
        return value
    words = _words(name)
    last = words[-1] if words else ""
    if last in ("arn", "arns") or name == "principal":
        return next((arn for word, arn in values.arns if not word or word in words[:-1]), value)
    if last in ("policy", "document") or name in ("content", "accessPolicy"):
        return values.policy or value
    if last == "json":
        return "{}"
    if "cidr" in words:
        return "10.0.0.0/16"
    if last == "region" or words[-2:] == ["region", "name"]:
        return _REGION
    if words[-2:] == ["account", "id"]:
        return _ACCOUNT
    if last == "email":
        return "user@example.com"
    if last in ("url", "uri"):
        return "https://example.com"
    if words[-2:] == ["ip", "address"]:
        return _IP_ADDRESS
    if words[-2:] == ["schedule", "expression"]:
        return "rate(1 day)"
    return value


def in_region(name: str, value: Any, region: str) -> Any:
    """An availability zone of another region (written examples copy their source's, often
    ``us-west-2a`` beside region ``us-east-1``) becomes the same zone letter of ``region``: the cloud
    puts the object in its region's zone, and the next plan would want to replace it."""
    zone = any(w in ("zone", "zones") for w in _words(name))
    if zone and isinstance(value, str) and _ZONE.fullmatch(value) and not value.startswith(region):
        return region + value[-1]
    return value


def valid_placeholders(value: Any, values: ExampleValues, name: str = "", *, region: str = _REGION) -> Any:
    """``valid_placeholder`` and ``in_region`` over every argument of a ``forProvider`` (lists take
    their field's name)."""
    if isinstance(value, dict):
        return {k: valid_placeholders(v, values, k, region=region) for k, v in value.items()}
    if isinstance(value, list):
        return [valid_placeholders(v, values, name, region=region) for v in value]
    return in_region(name, valid_placeholder(name, value, values), region)


def name_of(res: ResolvedResource) -> str:
    """The object name of a kind's example."""
    if res.example is not None and res.example.name:
        return res.example.name
    return f"example-{res.kind.lower()}"


class _Builder:
    def __init__(self, res: ResolvedResource, example_name: Callable[[str], str]) -> None:
        self.res = res
        self.example_name = example_name
        self.injected = {i.name: i.example for i in res.injected if i.example}

    def placeholder(self, node: f.Node) -> Any:
        if isinstance(node, f.Scalar):
            return _SCALARS[node.kind]
        if isinstance(node, f.Dynamic):
            return "example"
        if isinstance(node, f.Special):
            # A namespaced kind's Secrets are its own namespace's: its references to them name none.
            secret = {k: v for k, v in _SECRET.items() if k != "namespace" or not self.res.namespaced}
            return {"SecretKeySelector": secret, "SecretReference": {k: secret[k] for k in secret if k != "key"},
                    "Reference": {"name": "example"}, "Selector": {"matchLabels": {"example": "true"}}}[node.name]
        if isinstance(node, f.Array):
            item = self.placeholder(node.item)
            return item if node.embedded else [item]
        if isinstance(node, f.Map):
            return {"example": self.placeholder(node.value)}
        return self.required_values(node, ())

    def required_values(self, obj: f.Object, path: tuple[str, ...]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        by_role = {(fl.tf_name, fl.role): fl for fl in obj.fields}
        for fld in obj.fields:
            if not fld.required or fld.role not in (f.TF, f.SECRET, f.PROVIDER):
                continue
            ref = by_role.get((fld.tf_name, f.REF))
            target = self.res.references.get(".".join((*path, fld.tf_name)))
            if ref is not None and target is not None:
                name = {"name": self.example_name(target.to)}
                out[ref.json_name] = [name] if isinstance(ref.node, f.Array) else name
            elif not path and fld.tf_name in self.injected and isinstance(fld.node, f.Scalar):
                out[fld.json_name] = self.injected[fld.tf_name]
            else:
                out[fld.json_name] = self.placeholder(fld.node)
        return out


def _password(res: ResolvedResource, params: f.Object, for_provider: dict[str, Any]) -> dict[str, Any]:
    """The example Secret for a password the provider needs unless it manages one itself: an optional
    sensitive ``*password`` argument beside a ``manage_*password`` switch (a database's master
    password), where the example sets neither (written examples leave secrets out)."""
    names = {fld.tf_name: fld for fld in params.fields}
    manage = [fld for n, fld in names.items() if n.startswith("manage_") and n.endswith("password")]
    if not manage or any(fld.json_name in for_provider for fld in manage):
        return {}
    secret = {k: v for k, v in _SECRET.items() if k != "namespace" or not res.namespaced}
    return {fld.json_name: secret for n, fld in sorted(names.items())
            if n.endswith("password") and fld.role is f.SECRET and fld.json_name not in for_provider}


def _account(params: f.Object, for_provider: dict[str, Any], values: ExampleValues) -> dict[str, Any]:
    """The account ID where an example leaves a kind's own account argument (``values.account_arguments``)
    out: a provider defaults it to the caller's account, which it knows only by asking its cloud, and a
    provider told not to ask (as against an emulated cloud) may build IDs and endpoints with an empty
    account."""
    return {fld.json_name: _ACCOUNT for fld in params.fields
            if fld.tf_name in values.account_arguments and fld.role is f.TF and fld.json_name not in for_provider}


def path_of(res: ResolvedResource) -> str:
    """Where a kind's example lives in the provider tree: a namespaced kind's beside its cluster twin's, as
    upjet's ``examples/<group>/namespaced/``."""
    scope = "namespaced/" if res.namespaced else ""
    return f"examples/{res.short_group}/{scope}{res.version}/{res.kind.lower()}.yaml"


def _without_namespace(ref: Any) -> Any:
    """A Secret reference (or a list of them, one per element of a list of secrets) naming no namespace."""
    if isinstance(ref, list):
        return [_without_namespace(r) for r in ref]
    return {k: v for k, v in ref.items() if k != "namespace"} if isinstance(ref, dict) else ref


def _own_namespace(value: Any) -> Any:
    """A written example, for a namespaced kind: its Secret references name no namespace (its Secrets are
    its own namespace's)."""
    if isinstance(value, dict):
        return {k: (_without_namespace(v) if k.endswith("SecretRef") else _own_namespace(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_own_namespace(v) for v in value]
    return value


def manifest(res: ResolvedResource, views: f.Views, example_name: Callable[[str], str],
             values: ExampleValues) -> dict[str, Any]:
    """``example_name`` gives the example object name of a referenced Terraform type; ``values`` are the
    provider's valid values for placeholders. A namespaced kind's example names no namespace: it applies
    to the namespace kubectl is told, with what it references."""
    name = name_of(res)
    if res.example is not None:
        written = _own_namespace(res.example.for_provider) if res.namespaced else dict(res.example.for_provider)
        # The fields the provider injects (``region``) take their example values where the example leaves them out.
        injected = {lower_camel(i.name): i.example for i in res.injected if i.example}
        for_provider = {**{k: v for k, v in injected.items() if k not in written}, **written}
        labels = dict(res.example.labels)
    else:
        for_provider = _Builder(res, example_name).required_values(views.parameters, ())

        labels = {}
    params = views.parameters
    for_provider = {**for_provider, **_password(res, params, for_provider), **_account(params, for_provider, values)}
    # Written examples keep a placeholder where their source had one; both kinds get valid values.
    region = for_provider.get("region")
    for_provider = valid_placeholders(for_provider, values, region=region if isinstance(region, str) else _REGION)
    metadata: dict[str, Any] = {"name": name}
    if labels:
        metadata["labels"] = labels
    spec: dict[str, Any] = {"forProvider": for_provider}
    if res.example is not None and res.example.init_provider:
        init = _own_namespace(res.example.init_provider) if res.namespaced else dict(res.example.init_provider)
        spec["initProvider"] = valid_placeholders(init, values,
                                                  region=region if isinstance(region, str) else _REGION)
    if res.example is not None and res.example.connection_secret_namespace:
        spec["writeConnectionSecretToRef"] = {"name": name} if res.namespaced else {
            "name": name, "namespace": res.example.connection_secret_namespace}
    return {"apiVersion": res.api_version, "kind": res.kind, "metadata": metadata, "spec": spec}
