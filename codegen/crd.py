"""Field trees → CustomResourceDefinitions (apiextensions.k8s.io/v1) with Crossplane's managed spec."""

from __future__ import annotations

from typing import Any

from tfconfig import Provider, ResolvedResource
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


def openapi(node: f.Node) -> dict[str, Any]:
    """One field node as an OpenAPI v3 structural schema."""
    if isinstance(node, f.Scalar):
        return {"type": node.kind, "pattern": node.pattern} if node.pattern else {"type": node.kind}
    if isinstance(node, f.Dynamic):
        return {"x-kubernetes-preserve-unknown-fields": True}
    if isinstance(node, f.Special):
        return _SPECIALS[node.name]
    if isinstance(node, f.Array):
        if node.embedded:
            return openapi(node.item)
        out: dict[str, Any] = {"type": "array", "items": openapi(node.item)}
        if node.max_items:
            out["maxItems"] = node.max_items
        if node.is_set and isinstance(node.item, f.Scalar):
            out["x-kubernetes-list-type"] = "set"
        return out
    if isinstance(node, f.Map):
        return {"type": "object", "additionalProperties": openapi(node.value)}
    return _describe(object_schema(node), node.description)


def object_schema(obj: f.Object) -> dict[str, Any]:
    return {"type": "object",
            "properties": {fld.json_name: _describe(openapi(fld.node), fld.description) for fld in obj.fields}}


def _required_rules(required: tuple[tuple[str, bool], ...]) -> list[dict[str, str]]:
    # As upjet: a required argument may come from initProvider, and is only needed when the
    # policies let us create or update.
    gate = ("!('*' in self.managementPolicies || 'Create' in self.managementPolicies || "
            "'Update' in self.managementPolicies)")
    rules = []
    for name, from_init in required:
        alt = f" || (has(self.initProvider) && has(self.initProvider.{name}))" if from_init else ""
        rules.append({"message": f"spec.forProvider.{name} is a required parameter",
                      "rule": f"{gate} || has(self.forProvider.{name}){alt}"})
    return rules


def managed_spec(views: f.Views) -> dict[str, Any]:
    spec: dict[str, Any] = {
        "type": "object",
        "description": "The desired state of the managed resource.",
        "properties": {
            "deletionPolicy": {
                "type": "string", "default": "Delete", "enum": ["Orphan", "Delete"],
                "description": "What happens to the external resource when this object is deleted.",
            },
            "forProvider": _describe(object_schema(views.parameters), "Arguments of the external resource."),
            "initProvider": _describe(object_schema(views.init),
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
    rules = _required_rules(views.required)
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


def _crd(group: str, kind: str, plural: str, version: str, categories: list[str], description: str,
         spec: dict[str, Any], status: dict[str, Any], columns: list[dict[str, Any]],
         crd_labels: dict[str, str]) -> dict[str, Any]:
    return {
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": f"{plural}.{group}", "labels": crd_labels},
        "spec": {
            "group": group,
            "names": {"categories": categories, "kind": kind, "listKind": f"{kind}List", "plural": plural,
                      "singular": kind.lower()},
            "scope": "Cluster",
            "versions": [{
                "name": version,
                "served": True,
                "storage": True,
                "subresources": {"status": {}},
                "additionalPrinterColumns": columns,
                "schema": {"openAPIV3Schema": {
                    "type": "object",
                    "description": description,
                    "properties": {
                        "apiVersion": {"type": "string", "description": "APIVersion of this object."},
                        "kind": {"type": "string", "description": "Kind of this object."},
                        "metadata": {"type": "object"},
                        "spec": spec,
                        "status": status,
                    },
                    "required": ["spec"],
                }},
            }],
        },
    }


def managed_crd(res: ResolvedResource, views: f.Views, provider: Provider, description: str,
                schema_digest: str) -> dict[str, Any]:
    status = {
        "type": "object",
        "description": "The observed state of the managed resource.",
        "properties": {
            "atProvider": _describe(object_schema(views.observation), "Attributes observed from the provider."),
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
    desc = description or f"{res.kind} is the Schema for the {res.kind}s API: Terraform {res.tf_type}."
    return _crd(res.group, res.kind, res.plural, res.version, [*CATEGORIES_BASE, provider.name], desc,
                managed_spec(views), status, printer_columns(), labels(provider, res.short_group, schema_digest))


def provider_config_crd(provider: Provider, configuration: f.Object, schema_digest: str,
                        config_group: str) -> dict[str, Any]:
    spec = {
        "type": "object",
        "description": "How to connect to the provider: credentials and provider-block arguments.",
        "properties": {
            "credentials": {
                "type": "object",
                "description": "Where the credentials come from.",
                "properties": {
                    "source": {"type": "string", "enum": ["Secret", "None"], "default": "Secret",
                               "description": "Secret: a Secret key holding a JSON object of credentials."},
                    "secretRef": _SPECIALS["SecretKeySelector"],
                },
                "required": ["source"],
            },
            "configuration": _describe(object_schema(configuration),
                                       f"Arguments of the {provider.name} provider block."),
        },
        "required": ["credentials"],
    }
    status = {"type": "object", "properties": {"conditions": CONDITIONS, "users": {"type": "integer"}}}
    columns: list[dict[str, Any]] = [{"jsonPath": ".metadata.creationTimestamp", "name": "AGE", "type": "date"},
               {"jsonPath": ".spec.credentials.secretRef.name", "name": "SECRET-NAME", "type": "string",
                "priority": 1}]
    return _crd(provider.root_group, "ProviderConfig", "providerconfigs", "v1beta1",
                ["crossplane", "providerconfig", provider.name],
                f"Configures the {provider.name} provider.", spec, status, columns,
                labels(provider, config_group, schema_digest))


def provider_config_usage_crd(provider: Provider, schema_digest: str, config_group: str) -> dict[str, Any]:
    spec = {
        "type": "object",
        "properties": {
            "providerConfigRef": {"type": "object", "properties": {"name": DNS_SUBDOMAIN},
                                  "required": ["name"]},
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
    crd = _crd(provider.root_group, "ProviderConfigUsage", "providerconfigusages", "v1beta1",
               ["crossplane", "providerconfigusage", provider.name],
               "Records that a managed resource uses a ProviderConfig.", spec, {"type": "object"}, columns,
               labels(provider, config_group, schema_digest))
    crd["spec"]["versions"][0]["subresources"] = {}
    return crd
