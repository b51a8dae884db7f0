"""The manifests that run a generated provider in a cluster: one kustomize tree per deployable.

A deployable is the whole provider, or (as upjet's provider families) one API group's kinds, or the
``config`` family that owns the ProviderConfig kinds. Each gets a Namespace, a ServiceAccount, a
least-privilege ClusterRole for the cluster-scoped kinds, a Role in the provider's namespace for what
lives there (Secrets, Events, the Lease), their bindings, a Deployment and a metrics Service; with kinds
served at several versions, a Service in front of the conversion webhook too (the provider makes its
certificate, keeps it in a Secret of its namespace and writes its CA into those CRDs). The
roles name exactly the resources the runtime touches with exactly the verbs it uses; tests record
every API call the runtime makes and check it against these rules.

For cluster-scoped kinds alone, Secrets are allowed in the provider's namespace only, as ``tfbridge
run`` allows by default (``--secret-namespaces``): an operator who lets specs name Secrets of another
namespace adds a Role and RoleBinding like ``role.yaml`` there. Namespaced kinds read and write
Secrets and events in their own namespaces, so a deployable with them may do so in every namespace
(as Crossplane's own roles for a provider do); the runtime, not RBAC, keeps each object to its own.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

from tfconfig import Provider, ResolvedResource
from tfschema import digest

NAMESPACE = "crossplane-system"
PORT = 8080
WEBHOOK_PORT = 9443
USER_ID = 65532
WORKSPACES = "/workspaces"
# Seconds running terraform may finish after SIGTERM; the pod's grace period adds a margin.
GRACE = 60
CONFIG_FAMILY = "config"

_MANAGED_VERBS = ["get", "list", "watch", "update", "patch"]
_STATUS_VERBS = ["get", "update", "patch"]


@dataclasses.dataclass(frozen=True)
class Deployable:
    provider: Provider
    kinds: tuple[ResolvedResource, ...]
    family: str | None = None  # None: the whole provider

    @property
    def name(self) -> str:
        base = f"tfbridge-provider-{self.provider.name}"
        return f"{base}-{self.family}" if self.family else base

    @property
    def namespaced(self) -> bool:
        """Whether it runs namespaced kinds (whose Secrets and events are in their own namespaces)."""
        return any(res.namespaced for res in self.kinds)

    @property
    def converts(self) -> bool:
        """Whether it runs kinds served at several versions, whose objects its webhook converts."""
        return any(len(res.versions) > 1 for res in self.kinds)

    @property
    def owns_provider_configs(self) -> bool:
        return self.family in (None, CONFIG_FAMILY)

    @property
    def image(self) -> str:
        return f"tfbridge-provider-{self.provider.name}:{self.provider.version or 'dev'}"


def webhook_service(d: Deployable) -> str:
    """The Service in front of the deployable's conversion webhook, which its multi-version CRDs name."""
    return f"{d.name}-webhook"


def cluster_role_rules(d: Deployable) -> list[dict[str, Any]]:
    rules: list[dict[str, Any]] = []
    by_group: dict[str, list[str]] = {}
    for res in d.kinds:
        by_group.setdefault(res.group, []).append(res.plural)
    for group, plurals in sorted(by_group.items()):
        rules.append({"apiGroups": [group], "resources": sorted(plurals), "verbs": _MANAGED_VERBS})
        rules.append({"apiGroups": [group], "resources": sorted(f"{p}/status" for p in plurals),
                      "verbs": _STATUS_VERBS})
        # Usages and connection Secrets name their resource as owner with blockOwnerDeletion: where the
        # OwnerReferencesPermissionEnforcement admission plugin runs, that takes update on finalizers.
        rules.append({"apiGroups": [group], "resources": sorted(f"{p}/finalizers" for p in plurals),
                      "verbs": ["update"]})
    # Referenced kinds of other families (the twin of the referencing kind's scope): read, and pinned
    # with an in-use finalizer.
    own = {(res.group, res.plural) for res in d.kinds}
    referenced: dict[str, set[str]] = {}
    for res in d.kinds:
        for ref in res.references.values():
            target = d.provider.resolve(ref.to, namespaced=res.namespaced)
            if (target.group, target.plural) not in own:
                referenced.setdefault(target.group, set()).add(target.plural)
    for group, targets in sorted(referenced.items()):
        rules.append({"apiGroups": [group], "resources": sorted(targets), "verbs": ["get", "list", "update"]})
    by_config: dict[str, list[tuple[str, bool]]] = {}
    for config in d.provider.config_kinds:
        by_config.setdefault(config.group, []).append((config.plural, config.usage))
    for group, members in sorted(by_config.items()):
        configs = sorted(p for p, usage in members if not usage)
        usages = sorted(p for p, usage in members if usage)
        if d.owns_provider_configs:
            rules.append({"apiGroups": [group], "resources": configs, "verbs": _MANAGED_VERBS})
            rules.append({"apiGroups": [group], "resources": [f"{p}/status" for p in configs],
                          "verbs": _STATUS_VERBS})
        if d.kinds:
            if not d.owns_provider_configs:
                # Watched too: the Secrets they name for credentials are no managed resource's to read.
                rules.append({"apiGroups": [group], "resources": configs, "verbs": ["get", "list", "watch"]})
            # Watched: the connects and the ProviderConfig controller read them from one informer.
            rules.append({"apiGroups": [group], "resources": usages,
                          "verbs": ["get", "list", "watch", "create", "update"]})
        elif d.owns_provider_configs:
            rules.append({"apiGroups": [group], "resources": usages, "verbs": ["list", "watch"]})
    if d.kinds and d.namespaced:
        # A namespaced resource's Secrets (its *SecretRef inputs, its connection Secret, its namespace's
        # ProviderConfig's credentials) and events live in its own namespace, whichever that is.
        rules.append({"apiGroups": [""], "resources": ["secrets"], "verbs": ["get", "create", "update"]})
        rules.append({"apiGroups": [""], "resources": ["events"], "verbs": ["create", "update"]})
    # At start, the CRDs whose schema digest differs from this release's (bridge.managed.crdskew); and
    # which kinds are served, a controller starting only for those (bridge.kube.crdgate).
    rules.append({"apiGroups": ["apiextensions.k8s.io"], "resources": ["customresourcedefinitions"],
                  "verbs": ["get", "list", "watch"]})
    if d.converts:
        # The CA of the webhook's own certificate, written into the caBundle of its multi-version CRDs: those
        # by name, and nothing else of any CRD.
        multi = sorted(res.crd_name for res in d.kinds if len(res.versions) > 1)
        rules.append({"apiGroups": ["apiextensions.k8s.io"], "resources": ["customresourcedefinitions"],
                      "resourceNames": multi, "verbs": ["patch"]})
        # Their status.storedVersions, set to the storage version alone once every object is stored at it
        # (bridge.kube.storagemigration): an update, so that a CRD changed meanwhile is never overwritten.
        rules.append({"apiGroups": ["apiextensions.k8s.io"], "resources": ["customresourcedefinitions/status"],
                      "resourceNames": multi, "verbs": ["update"]})
    return rules


def role_rules(d: Deployable) -> list[dict[str, Any]]:
    """What the provider touches in its own namespace: events about its cluster-scoped objects, its Lease,
    and (with kinds to reconcile) credentials and connection Secrets. With namespaced kinds, the
    ClusterRole already allows Secrets and Events everywhere."""
    rules: list[dict[str, Any]] = []
    if not (d.kinds and d.namespaced):
        if d.kinds:
            # Credentials (get) and connection secrets (get, create, update).
            rules.append({"apiGroups": [""], "resources": ["secrets"], "verbs": ["get", "create", "update"]})
        # create, and update to aggregate a repeated event.
        rules.append({"apiGroups": [""], "resources": ["events"], "verbs": ["create", "update"]})
    rules.append({"apiGroups": ["coordination.k8s.io"], "resources": ["leases"], "verbs": ["get", "create", "update"]})
    return rules


def _labels(d: Deployable) -> dict[str, str]:
    return {"app.kubernetes.io/name": d.name, "app.kubernetes.io/part-of": "tfbridge"}


def _deployment(d: Deployable) -> dict[str, Any]:
    args = ["--provider", d.provider.name, "--leader-election", "--workspace-root", WORKSPACES,
            "--health-port", str(PORT), "--grace", str(GRACE)]
    if d.family:
        args += ["--family", d.family]
    ports = [{"name": "http", "containerPort": PORT, "protocol": "TCP"}]
    if d.converts:
        args += ["--webhook-port", str(WEBHOOK_PORT), "--webhook-service", webhook_service(d)]
        ports.append({"name": "webhook", "containerPort": WEBHOOK_PORT, "protocol": "TCP"})
    probe = {"httpGet": {"path": "/healthz", "port": "http"}, "periodSeconds": 10, "failureThreshold": 3}
    container = {
        "name": "provider",
        "image": d.image,
        "imagePullPolicy": "IfNotPresent",
        "args": args,
        "env": [
            {"name": "POD_NAMESPACE", "valueFrom": {"fieldRef": {"fieldPath": "metadata.namespace"}}},
            {"name": "HOME", "value": "/tmp"},
            {"name": "TMPDIR", "value": "/tmp"},
            # Nothing run in the pod finds the node's identity by itself (a ProviderConfig that chooses it
            # says so, and only its provider process gets it).
            *({"name": k, "value": v} for k, v in sorted(d.provider.credentials.no_ambient_env.items())),
        ],
        "ports": ports,
        "livenessProbe": {**probe, "initialDelaySeconds": 10},
        "readinessProbe": {**probe, "httpGet": {"path": "/readyz", "port": "http"}, "periodSeconds": 5},
        "resources": {"requests": {"cpu": "500m", "memory": "512Mi"}, "limits": {"memory": "2Gi"}},
        "securityContext": {"allowPrivilegeEscalation": False, "readOnlyRootFilesystem": True,
                            "runAsNonRoot": True, "capabilities": {"drop": ["ALL"]}},
        "volumeMounts": [{"name": "workspaces", "mountPath": WORKSPACES}, {"name": "tmp", "mountPath": "/tmp"}],
    }
    return {
        "apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": d.name, "namespace": NAMESPACE, "labels": _labels(d)},
        "spec": {
            "replicas": 1,
            "selector": {"matchLabels": {"app.kubernetes.io/name": d.name}},
            "template": {
                "metadata": {"labels": _labels(d)},
                "spec": {
                    "serviceAccountName": d.name,
                    "terminationGracePeriodSeconds": GRACE + 30,
                    "securityContext": {"runAsNonRoot": True, "runAsUser": USER_ID, "runAsGroup": USER_ID,
                                        "fsGroup": USER_ID, "seccompProfile": {"type": "RuntimeDefault"}},
                    "containers": [container],
                    # Workspaces are ephemeral by design: a lost state is re-imported, never re-created.
                    "volumes": [{"name": "workspaces", "emptyDir": {}}, {"name": "tmp", "emptyDir": {}}],
                },
            },
        },
    }


def manifests(d: Deployable) -> dict[str, dict[str, Any]]:
    """File name → manifest, for everything but the CRDs."""
    meta = {"name": d.name, "namespace": NAMESPACE, "labels": _labels(d)}
    return {
        "namespace.yaml": {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": NAMESPACE}},
        "serviceaccount.yaml": {"apiVersion": "v1", "kind": "ServiceAccount", "metadata": meta},
        "clusterrole.yaml": {"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole",
                             "metadata": {"name": d.name, "labels": _labels(d)}, "rules": cluster_role_rules(d)},
        "clusterrolebinding.yaml": {
            "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRoleBinding",
            "metadata": {"name": d.name, "labels": _labels(d)},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": d.name},
            "subjects": [{"kind": "ServiceAccount", "name": d.name, "namespace": NAMESPACE}]},
        "role.yaml": {"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "Role", "metadata": meta,
                      "rules": role_rules(d)},
        "rolebinding.yaml": {
            "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "RoleBinding", "metadata": meta,
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": d.name},
            "subjects": [{"kind": "ServiceAccount", "name": d.name, "namespace": NAMESPACE}]},
        "deployment.yaml": _deployment(d),
        "service.yaml": {
            "apiVersion": "v1", "kind": "Service", "metadata": {**meta, "name": f"{d.name}-metrics"},
            "spec": {"selector": {"app.kubernetes.io/name": d.name},
                     "ports": [{"name": "metrics", "port": PORT, "targetPort": "http", "protocol": "TCP"}]}},
        **({"webhook-service.yaml": {
            "apiVersion": "v1", "kind": "Service", "metadata": {**meta, "name": webhook_service(d)},
            "spec": {"selector": {"app.kubernetes.io/name": d.name},
                     "ports": [{"name": "webhook", "port": WEBHOOK_PORT, "targetPort": "webhook",
                                "protocol": "TCP"}]}}} if d.converts else {}),
    }


def kustomization(resources: Sequence[str], d: Deployable | None = None) -> dict[str, Any]:
    """The deployable's kustomization. A family's multi-version CRDs name the whole provider's webhook
    Service (``crds/`` is shared); the family's own names its Service in them instead."""
    out: dict[str, Any] = {"apiVersion": "kustomize.config.k8s.io/v1beta1", "kind": "Kustomization",
                           "resources": list(resources)}
    if d is not None and d.family and d.converts:
        out["patches"] = [{
            "target": {"group": "apiextensions.k8s.io", "kind": "CustomResourceDefinition",
                       "labelSelector": f"{digest.CONVERSION_LABEL}={digest.CONVERSION_WEBHOOK}"},
            "patch": json.dumps([{"op": "replace", "path": "/spec/conversion/webhook/clientConfig/service/name",
                                  "value": webhook_service(d)}]),
        }]
    return out
