"""Field trees → CustomResourceDefinitions (apiextensions.k8s.io/v1) with Crossplane's managed spec."""

from __future__ import annotations

from typing import Any

from codegen import fields as f
from tfconfig import Provider, ResolvedResource

CATEGORIES_BASE = ("managed", "tfbridge")
MANAGEMENT_POLICIES = ["Observe", "Create", "Update", "Delete", "LateInitialize", "*"]

_SPECIALS: dict[str, dict[str, Any]] = {
    "SecretKeySelector": {
        "type": "object",
        "description": "A key of a Secret.",
        "properties": {
            "key": {"type": "string", "description": "The key to select."},
            "name": {"type": "string", "description": "Name of the secret."},
            "namespace": {"type": "string", "description": "Namespace of the secret."},
        },
        "required": ["key", "name", "namespace"],
    },
    "SecretReference": {
        "type": "object",
        "description": "A whole Secret, every key a map entry.",
        "properties": {
            "name": {"type": "string", "description": "Name of the secret."},
            "namespace": {"type": "string", "description": "Namespace of the secret."},
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
    "properties": {"name": {"type": "string", "description": "Name of the referenced object."},
                   "policy": _POLICY},
    "required": ["name"],
}
_SPECIALS["Selector"] = {
    "type": "object",
    "description": "Selects a managed resource by labels.",
    "properties": {
        "matchControllerRef": {"type": "boolean",
                               "description": "Select only objects with the same controller reference."},
        "matchLabels": {"type": "object", "additionalProperties": {"type": "string"},
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
        return {"type": node.kind}
    if isinstance(node, f.Dynamic):
        return {"x-kubernetes-preserve-unknown-fields": True}
    if isinstance(node, f.Special):
        return _SPECIALS[node.name]
    if isinstance(node, f.Array):
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
                "properties": {"name": {"type": "string", "description": "Name of the ProviderConfig."},
                               "policy": _POLICY},
                "required": ["name"],
            },
            "writeConnectionSecretToRef": {
                "type": "object",
                "description": "Where to write the connection details (sensitive outputs).",
                "properties": {"name": {"type": "string"}, "namespace": {"type": "string"}},
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
        {"jsonPath": ".status.conditions[?(@.type=='Ready')].status", "name": "READY", "type": "string"},
        {"jsonPath": ".status.conditions[?(@.type=='Synced')].status", "name": "SYNCED", "type": "string"},
        {"jsonPath": ".metadata.annotations.crossplane\\.io/external-name", "name": "EXTERNAL-NAME",
         "type": "string"},
        {"jsonPath": ".metadata.creationTimestamp", "name": "AGE", "type": "date"},
    ]


def _crd(group: str, kind: str, plural: str, version: str, categories: list[str], description: str,
         spec: dict[str, Any], status: dict[str, Any], columns: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": f"{plural}.{group}"},
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


def managed_crd(res: ResolvedResource, views: f.Views, provider: Provider, description: str) -> dict[str, Any]:
    status = {
        "type": "object",
        "description": "The observed state of the managed resource.",
        "properties": {
            "atProvider": _describe(object_schema(views.observation), "Attributes observed from the provider."),
            "conditions": CONDITIONS,
            "observedGeneration": {"type": "integer", "format": "int64"},
        },
    }
    desc = description or f"{res.kind} is the Schema for the {res.kind}s API: Terraform {res.tf_type}."
    return _crd(res.group, res.kind, res.plural, res.version, [*CATEGORIES_BASE, provider.name], desc,
                managed_spec(views), status, printer_columns())


def provider_config_crd(provider: Provider, configuration: f.Object) -> dict[str, Any]:
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
                ["tfbridge", "providerconfig", provider.name],
                f"Configures the {provider.name} provider.", spec, status, columns)


def provider_config_usage_crd(provider: Provider) -> dict[str, Any]:
    spec = {
        "type": "object",
        "properties": {
            "providerConfigRef": {"type": "object", "properties": {"name": {"type": "string"}},
                                  "required": ["name"]},
            "resourceRef": {"type": "object", "properties": {
                "apiVersion": {"type": "string"}, "kind": {"type": "string"},
                "name": {"type": "string"}, "uid": {"type": "string"}},
                "required": ["apiVersion", "kind", "name"]},
        },
        "required": ["providerConfigRef", "resourceRef"],
    }
    columns = [{"jsonPath": ".spec.providerConfigRef.name", "name": "CONFIG-NAME", "type": "string"},
               {"jsonPath": ".spec.resourceRef.kind", "name": "RESOURCE-KIND", "type": "string"},
               {"jsonPath": ".spec.resourceRef.name", "name": "RESOURCE-NAME", "type": "string"}]
    crd = _crd(provider.root_group, "ProviderConfigUsage", "providerconfigusages", "v1beta1",
               ["tfbridge", "providerconfigusage", provider.name],
               "Records that a managed resource uses a ProviderConfig.", spec, {"type": "object"}, columns)
    crd["spec"]["versions"][0]["subresources"] = {}
    return crd
