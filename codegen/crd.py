"""Field trees → CustomResourceDefinitions (apiextensions.k8s.io/v1) with Crossplane's managed spec."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from tfconfig import ConfigKind, Provider, ResolvedResource
from tfschema import digest, syntax
from tfschema import fields as f

# As upjet's: `kubectl get managed` and `kubectl get crossplane` list every managed resource.
CATEGORIES_BASE = ("crossplane", "managed")
MANAGEMENT_POLICIES = ["Observe", "Create", "Update", "Delete", "LateInitialize", "*"]

# What these fields name (an object, a namespace, a Secret key, a label value) in Kubernetes' own
# syntax: whoever writes a spec can never name a path (`../`, `/`) or smuggle selector syntax
# (`a,b!=c`) through them.
DNS_SUBDOMAIN = {"type": "string", "maxLength": syntax.MAX_SUBDOMAIN, "pattern": syntax.DNS_SUBDOMAIN}
DNS_LABEL = {"type": "string", "maxLength": syntax.MAX_LABEL, "pattern": syntax.DNS_LABEL}
SECRET_KEY = {"type": "string", "maxLength": syntax.MAX_SUBDOMAIN, "pattern": syntax.SECRET_KEY}
LABEL_VALUE = {"type": "string", "maxLength": syntax.MAX_LABEL, "pattern": syntax.LABEL_VALUE}


def _named(description: str, rule: dict[str, Any]) -> dict[str, Any]:
    return {**rule, "description": description}


_SPECIALS: dict[str, dict[str, Any]] = {
    "SecretKeySelector": {
        "type": "object",
        "description": "A key of a Secret.",
        "properties": {
            "key": _named("The key to select.", SECRET_KEY),
            "name": _named("Name of the secret.", DNS_SUBDOMAIN),
            "namespace": _named("Namespace of the secret.", DNS_LABEL),
        },
        "required": ["key", "name", "namespace"],
    },
    "SecretReference": {
        "type": "object",
        "description": "A whole Secret, every key a map entry.",
        "properties": {
            "name": _named("Name of the secret.", DNS_SUBDOMAIN),
            "namespace": _named("Namespace of the secret.", DNS_LABEL),
        },
        "required": ["name", "namespace"],
    },
}
_POLICY = {
    "type": "object",
    "description": "Policies for referencing.",
    "properties": {
        "resolution": {"type": "string", "default": "Required", "enum": ["Required", "Optional"],
                       "description": "Whether resolution of this reference is required."},
        "resolve": {"type": "string", "enum": ["Always", "IfNotPresent"],
                    "description": "When to resolve: Always, or only IfNotPresent."},
    },
}
_SPECIALS["Reference"] = {
    "type": "object",
    "description": "A reference to another managed resource by name.",
    "properties": {"name": _named("Name of the referenced object.", DNS_SUBDOMAIN),
                   "policy": _POLICY},
    "required": ["name"],
}
_SPECIALS["Selector"] = {
    "type": "object",
    "description": "Selects a managed resource by labels.",
    "properties": {
        "matchControllerRef": {"type": "boolean",
                               "description": "Select only objects with the same controller reference."},
        # Label keys cannot be checked here: a CEL rule over map keys has no bound the API server's
        # cost estimate accepts. The runtime refuses a key that is not a label key.
        "matchLabels": {"type": "object", "additionalProperties": LABEL_VALUE, "maxProperties": 64,
                        "description": "The labels the selected object must have."},
        "policy": _POLICY,
    },
}

# The same four in a namespaced kind (upjet's LocalSecretKeySelector, LocalSecretReference,
# NamespacedReference, NamespacedSelector): a Secret is always the object's own namespace's, so it
# names none; a reference or selector may name one, which the runtime refuses unless it is the
# object's own (or the operator allows cross-namespace references).
_LOCAL_SPECIALS: dict[str, dict[str, Any]] = {
    "SecretKeySelector": {
        "type": "object",
        "description": "A key of a Secret in this object's namespace.",
        "properties": {
            "key": _named("The key to select.", SECRET_KEY),
            "name": _named("Name of the secret.", DNS_SUBDOMAIN),
        },
        "required": ["key", "name"],
    },
    "SecretReference": {
        "type": "object",
        "description": "A whole Secret in this object's namespace, every key a map entry.",
        "properties": {"name": _named("Name of the secret.", DNS_SUBDOMAIN)},
        "required": ["name"],
    },
    "Reference": {
        **_SPECIALS["Reference"],
        "properties": {**_SPECIALS["Reference"]["properties"],
                       "namespace": _named("Namespace of the referenced object; default: this object's.",
                                           DNS_LABEL)},
    },
    "Selector": {
        **_SPECIALS["Selector"],
        "properties": {**_SPECIALS["Selector"]["properties"],
                       "namespace": _named("Namespace to select in; default: this object's.", DNS_LABEL)},
    },
}

CONDITIONS = {
    "type": "array",
    "description": "Conditions of the resource.",
    "items": {
        "type": "object",
        "description": "A condition of a managed resource.",
        "properties": {
            "lastTransitionTime": {"type": "string", "format": "date-time"},
            "message": {"type": "string"},
            "observedGeneration": {"type": "integer", "format": "int64"},
            "reason": {"type": "string"},
            "status": {"type": "string"},
            "type": {"type": "string"},
        },
        "required": ["lastTransitionTime", "reason", "status", "type"],
    },
    "x-kubernetes-list-map-keys": ["type"],
    "x-kubernetes-list-type": "map",
}


def _describe(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, **schema} if description else schema


def openapi(node: f.Node, namespaced: bool = False) -> dict[str, Any]:
    """One field node as an OpenAPI v3 structural schema, for a kind of either scope."""
    if isinstance(node, f.Scalar):
        return {"type": node.kind, "pattern": node.pattern} if node.pattern else {"type": node.kind}
    if isinstance(node, f.Dynamic):
        return {"x-kubernetes-preserve-unknown-fields": True}
    if isinstance(node, f.Special):
        return (_LOCAL_SPECIALS if namespaced else _SPECIALS)[node.name]
    if isinstance(node, f.Array):
        if node.embedded:
            return openapi(node.item, namespaced)
        out: dict[str, Any] = {"type": "array", "items": openapi(node.item, namespaced)}
        if node.max_items:
            out["maxItems"] = node.max_items
        if node.is_set and isinstance(node.item, f.Scalar):
            out["x-kubernetes-list-type"] = "set"
        return out
    if isinstance(node, f.Map):
        return {"type": "object", "additionalProperties": openapi(node.value, namespaced)}
    return _describe(object_schema(node, namespaced), node.description)


def object_schema(obj: f.Object, namespaced: bool = False) -> dict[str, Any]:
    return {"type": "object",
            "properties": {fld.json_name: _describe(openapi(fld.node, namespaced), fld.description)
                           for fld in obj.fields}}


def _required_rules(views: f.Views) -> list[dict[str, str]]:
    # As upjet: a required argument may come from initProvider, and is only needed when the
    # policies let us create or update. In a version that serves an older name beside it, either name does.
    gate = ("!('*' in self.managementPolicies || 'Create' in self.managementPolicies || "
            "'Update' in self.managementPolicies)")
    by_json = views.parameters.by_json()
    old = {fld.tf_name: fld.json_name for fld in views.parameters.fields if fld.role is f.OLD_NAME}
    rules = []
    for name, from_init in views.required:
        names = (name, *((old[by_json[name].tf_name],) if by_json[name].tf_name in old else ()))
        alt = "".join(f" || has(self.forProvider.{n})" for n in names[1:])
        if from_init:
            alt += "".join(f" || (has(self.initProvider) && has(self.initProvider.{n}))" for n in names)
        rules.append({"message": f"spec.forProvider.{name} is a required parameter",
                      "rule": f"{gate} || has(self.forProvider.{name}){alt}"})
    return rules


# A namespaced object's providerConfigRef: its namespace's ProviderConfig, or a ClusterProviderConfig;
# it has no namespace field, so no object can name another namespace's ProviderConfig.
NAMESPACED_CONFIG_REF = {
    "type": "object", "default": {"kind": "ClusterProviderConfig", "name": "default"},
    "description": "The ProviderConfig (in this object's namespace) or ClusterProviderConfig that configures "
                   "this resource.",
    "properties": {"kind": {"type": "string", "maxLength": 63,
                            "description": "ProviderConfig or ClusterProviderConfig."},
                   "name": _named("Name of the ProviderConfig or ClusterProviderConfig.", DNS_SUBDOMAIN)},
    "required": ["kind", "name"],
}


def managed_spec(views: f.Views, namespaced: bool = False) -> dict[str, Any]:
    """spec of a managed kind. A namespaced kind has no deletionPolicy (its management policies alone
    decide), a providerConfigRef with a kind, and a connection Secret in its own namespace."""
    spec: dict[str, Any] = {
        "type": "object",
        "description": "The desired state of the managed resource.",
        "properties": {
            "deletionPolicy": {
                "type": "string", "default": "Delete", "enum": ["Orphan", "Delete"],
                "description": "What happens to the external resource when this object is deleted.",
            },
            "forProvider": _describe(object_schema(views.parameters, namespaced),
                                     "Arguments of the external resource."),
            "initProvider": _describe(object_schema(views.init, namespaced),
                                      "Arguments used only at creation, and then ignored (not kept in sync)."),
            "managementPolicies": {
                "type": "array", "default": ["*"],
                "items": {"type": "string", "enum": MANAGEMENT_POLICIES},
                "description": "Which actions the provider may take on the external resource.",
            },
            "providerConfigRef": {
                "type": "object", "default": {"name": "default"},
                "description": "The ProviderConfig that configures this resource.",
                "properties": {"name": _named("Name of the ProviderConfig.", DNS_SUBDOMAIN),
                               "policy": _POLICY},
                "required": ["name"],
            },
            "writeConnectionSecretToRef": {
                "type": "object",
                "description": "Where to write the connection details (sensitive outputs).",
                "properties": {"name": _named("Name of the Secret.", DNS_SUBDOMAIN),
                               "namespace": _named("Namespace of the Secret.", DNS_LABEL)},
                "required": ["name", "namespace"],
            },
        },
        "required": ["forProvider"],
    }
    if namespaced:
        props = spec["properties"]
        del props["deletionPolicy"]
        props["providerConfigRef"] = NAMESPACED_CONFIG_REF
        props["writeConnectionSecretToRef"] = {
            "type": "object",
            "description": "The Secret, in this object's namespace, to write the connection details "
                           "(sensitive outputs) to.",
            "properties": {"name": _named("Name of the Secret.", DNS_SUBDOMAIN)},
            "required": ["name"],
        }
    rules = _required_rules(views)
    if rules:
        spec["x-kubernetes-validations"] = rules
    return spec


def printer_columns() -> list[dict[str, Any]]:
    return [
        {"jsonPath": ".status.conditions[?(@.type=='Synced')].status", "name": "SYNCED", "type": "string"},
        {"jsonPath": ".status.conditions[?(@.type=='Ready')].status", "name": "READY", "type": "string"},
        {"jsonPath": ".metadata.annotations.crossplane\\.io/external-name", "name": "EXTERNAL-NAME",
         "type": "string"},
        {"jsonPath": ".metadata.creationTimestamp", "name": "AGE", "type": "date"},
    ]


def labels(provider: Provider, short_group: str, schema_digest: str) -> dict[str, str]:
    """What lets the runtime find this provider's CRDs, and tell one generated from other inputs."""
    return {digest.GROUP_LABEL: short_group, digest.PROVIDER_LABEL: provider.name,
            digest.DIGEST_LABEL: schema_digest}


@dataclasses.dataclass(frozen=True)
class Version:
    """One entry of a CRD's ``spec.versions``: its name, flags and the object's schema there."""

    name: str
    spec: dict[str, Any]
    status: dict[str, Any]
    storage: bool = True
    deprecated: bool = False


def _crd(group: str, kind: str, plural: str, versions: Sequence[Version], categories: list[str], description: str,
         columns: list[dict[str, Any]], crd_labels: dict[str, str], scope: str = "Cluster",
         conversion: dict[str, Any] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": f"{plural}.{group}", "labels": crd_labels},
        "spec": {
            "group": group,
            "names": {"categories": categories, "kind": kind, "listKind": f"{kind}List", "plural": plural,
                      "singular": kind.lower()},
            "scope": scope,
            "versions": [{
                "name": v.name,
                "served": True,
                "storage": v.storage,
                **({"deprecated": True} if v.deprecated else {}),
                "subresources": {"status": {}},
                "additionalPrinterColumns": columns,
                "schema": {"openAPIV3Schema": {
                    "type": "object",
                    "description": description,
                    "properties": {
                        "apiVersion": {"type": "string", "description": "APIVersion of this object."},
                        "kind": {"type": "string", "description": "Kind of this object."},
                        "metadata": {"type": "object"},
                        "spec": v.spec,
                        "status": v.status,
                    },
                    "required": ["spec"],
                }},
            } for v in versions],
        },
    }
    if conversion is not None:
        out["spec"]["conversion"] = conversion
    return out


# Where a multi-version CRD's objects are converted: the provider's webhook behind the Service its deployable
# (the whole provider) runs, on the port and path upjet's providers serve it at. A family's deployable
# names its own Service; Crossplane's package manager sets the Service and the CA bundle of a package's
# CRDs itself (it fills in every CRD that asks for a Webhook); the provider puts its CA bundle there in
# a cluster without Crossplane.
WEBHOOK_PORT = 9443
WEBHOOK_PATH = "/convert"


def conversion(service: str, namespace: str) -> dict[str, Any]:
    return {"strategy": "Webhook", "webhook": {
        "conversionReviewVersions": ["v1"],
        "clientConfig": {"service": {"name": service, "namespace": namespace, "path": WEBHOOK_PATH,
                                     "port": WEBHOOK_PORT}}}}


def _status(views: f.Views, namespaced: bool) -> dict[str, Any]:
    return {
        "type": "object",
        "description": "The observed state of the managed resource.",
        "properties": {
            "atProvider": _describe(object_schema(views.observation, namespaced),
                                    "Attributes observed from the provider."),
            "conditions": CONDITIONS,
            "observedGeneration": {"type": "integer", "format": "int64"},
            "drift": {
                "type": "string",
                "description": "What differs between the spec and the cloud object, per argument (no secret "
                               "values, at most 1024 characters); absent when they agree."},
            "lastHandledReconcileAt": {
                "type": "string",
                "description": "The crossplane.io/reconcile-requested-at token the last reconcile handled."},
        },
    }


def managed_crd(res: ResolvedResource, views: Mapping[str, f.Views], provider: Provider, description: str,
                schema_digest: str, webhook: tuple[str, str] = ("", "")) -> dict[str, Any]:
    """The CRD of a managed kind: one entry per version it is served at, each with that version's field trees
    (``views``, by version name). A kind served at several versions names the provider's conversion webhook,
    ``webhook`` (the Service's name and namespace)."""
    versions = [Version(v.name, managed_spec(views[v.name], res.namespaced), _status(views[v.name], res.namespaced),
                        storage=v.name == res.version, deprecated=v.deprecated) for v in res.versions]
    crd_labels = labels(provider, res.short_group, schema_digest)
    converted = None
    if len(versions) > 1:
        converted = conversion(*webhook)
        crd_labels[digest.CONVERSION_LABEL] = digest.CONVERSION_WEBHOOK
    desc = description or f"{res.kind} is the Schema for the {res.kind}s API: Terraform {res.tf_type}."
    return _crd(res.group, res.kind, res.plural, versions, [*CATEGORIES_BASE, provider.name], desc,
                printer_columns(), crd_labels, res.scope, converted)


# A namespace's ProviderConfig reads a Secret of its own namespace alone, and may still name that namespace,
# as upjet providers' manifests do (their CRDs require it): the runtime refuses any other.
_CONFIG_LOCAL_SECRET: dict[str, Any] = {
    **_LOCAL_SPECIALS["SecretKeySelector"],
    "description": "A key of a Secret in this ProviderConfig's namespace.",
    "properties": {**_LOCAL_SPECIALS["SecretKeySelector"]["properties"],
                   "namespace": _named("This ProviderConfig's own namespace, if given: no other is read.",
                                       DNS_LABEL)},
}


def _credentials(provider: Provider, config: ConfigKind) -> dict[str, Any]:
    """``spec.credentials``: the sources the provider's config names, a Secret reference of the scope's
    own shape, and whatever else its extension adds."""
    extension = provider.credentials.extension
    source: dict[str, Any] = {"type": "string", "enum": list(extension.sources),
                              "description": extension.source_description}
    if not config.modern:
        source["default"] = "Secret"  # as this kind has always had; upstream's modern kinds have none
    secret = _CONFIG_LOCAL_SECRET if config.namespaced else _SPECIALS["SecretKeySelector"]
    where = "a key of a Secret in this ProviderConfig's namespace" if config.namespaced else "a key of a Secret"
    credentials_ref = secret
    if extension.whole_secret:
        where = f"{where}; without a key, the Secret's own keys"
        credentials_ref = {**secret, "required": [r for r in secret["required"] if r != "key"]}
    props: dict[str, Any] = {"source": source, "secretRef": credentials_ref,
                             **extension.credentials_properties(secret)}
    return {"type": "object", "description": f"Where the credentials come from. Secret: {where}.",
            "properties": props, "required": ["source"]}


def provider_config_crd(provider: Provider, config: ConfigKind, configuration: f.Object, schema_digest: str,
                        config_group: str) -> dict[str, Any]:
    """A ProviderConfig, ClusterProviderConfig (or the legacy cluster-scoped ProviderConfig).

    ``spec.configuration`` (the whole provider block: files on the provider's disk, proxies, endpoints)
    is a cluster administrator's choice: the cluster-scoped kinds have it, a namespace's ProviderConfig
    never does, so a tenant configures only its credentials."""
    props: dict[str, Any] = {"credentials": _credentials(provider, config),
                             **provider.credentials.extension.spec_properties()}
    if not config.namespaced:
        props["configuration"] = _describe(object_schema(configuration),
                                           f"Arguments of the {provider.name} provider block.")
    spec = {"type": "object", "description": "How to connect to the provider: credentials and provider-block "
                                             "arguments.",
            "properties": props, "required": ["credentials"]}
    status = {"type": "object", "properties": {"conditions": CONDITIONS, "users": {"type": "integer"}}}
    columns: list[dict[str, Any]] = [
        {"jsonPath": ".metadata.creationTimestamp", "name": "AGE", "type": "date"},
        {"jsonPath": ".spec.credentials.source", "name": "SOURCE", "type": "string", "priority": 1},
        {"jsonPath": ".spec.credentials.secretRef.name", "name": "SECRET-NAME", "type": "string", "priority": 1}]
    what = {"ProviderConfig": f"Configures the {provider.name} provider"
                              + (" for the managed resources of its namespace." if config.namespaced else "."),
            "ClusterProviderConfig": f"Configures the {provider.name} provider for namespaced managed resources of "
                                     f"any namespace."}[config.kind]
    return _crd(config.group, config.kind, config.plural, [Version(config.version, spec, status)],
                ["crossplane", "providerconfig", provider.name], what, columns,
                labels(provider, config_group, schema_digest), "Namespaced" if config.namespaced else "Cluster")


def provider_config_usage_crd(provider: Provider, config: ConfigKind, schema_digest: str,
                              config_group: str) -> dict[str, Any]:
    """A usage: which managed resource uses which ProviderConfig (owned by the resource, so it goes with
    it). A usage of the namespaced root group names the kind it uses too (ProviderConfig or
    ClusterProviderConfig)."""
    ref_props: dict[str, Any] = {"name": DNS_SUBDOMAIN}
    if config.modern:
        ref_props["kind"] = {"type": "string", "maxLength": 63}
    spec = {
        "type": "object",
        "properties": {
            "providerConfigRef": {"type": "object", "properties": ref_props, "required": sorted(ref_props)},
            "resourceRef": {"type": "object", "properties": {
                "apiVersion": {"type": "string"}, "kind": {"type": "string"},
                "name": DNS_SUBDOMAIN, "uid": {"type": "string"}},
                "required": ["apiVersion", "kind", "name"]},
        },
        "required": ["providerConfigRef", "resourceRef"],
    }
    columns = [{"jsonPath": ".spec.providerConfigRef.name", "name": "CONFIG-NAME", "type": "string"},
               {"jsonPath": ".spec.resourceRef.kind", "name": "RESOURCE-KIND", "type": "string"},
               {"jsonPath": ".spec.resourceRef.name", "name": "RESOURCE-NAME", "type": "string"}]
    crd = _crd(config.group, config.kind, config.plural, [Version(config.version, spec, {"type": "object"})],
               ["crossplane", "providerconfigusage", provider.name],
               "Records that a managed resource uses a ProviderConfig.", columns,
               labels(provider, config_group, schema_digest), "Namespaced" if config.namespaced else "Cluster")
    crd["spec"]["versions"][0]["subresources"] = {}
    return crd
