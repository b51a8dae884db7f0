"""Crossplane packages of a generated provider: the package metadata, and the DeploymentRuntimeConfig
that runs the package's image with its workspaces on an emptyDir.

A provider package is a directory ``crossplane xpkg build --package-root=<dir>`` turns into an OCI
image: one ``meta.pkg.crossplane.io/v1`` Provider document (``crossplane.yaml``) and CRDs, nothing
else (a Kustomization, RBAC or a Deployment there would fail the build; Crossplane writes the RBAC
and the Deployment itself). One package holds the whole provider; one per API group and a ``config``
family holding the ProviderConfig kinds split it the way upjet's provider families do: every family
carries the family label, and every family but ``config`` depends on ``config``, so installing one
family brings the ProviderConfigs with it.

The image is the package: ``xpkg build --embed-runtime-image`` puts the metadata on top of the
runtime image, which knows its family from its environment (``TFBRIDGE_FAMILY``), so the metadata
names no image and the Deployment Crossplane makes runs it with no arguments.
"""

from __future__ import annotations

from typing import Any

from tfconfig import Package, Provider

FAMILY_LABEL = "pkg.crossplane.io/provider-family"
CONFIG_FAMILY = "config"
META_API_VERSION = "meta.pkg.crossplane.io/v1"
# A family needs the config family's ProviderConfigs, of any release.
DEPENDENCY_VERSION = ">=v0.0.0-0"
# The container Crossplane's Deployment runs the package in: a runtime config's settings land on it.
RUNTIME_CONTAINER = "package-runtime"
WORKSPACES = "/workspaces"
# Seconds running terraform may finish after SIGTERM; the pod's grace period adds a margin.
GRACE = 60
USER_ID = 65532


def name(provider: Provider, family: str | None) -> str:
    """The package (and Provider object) name: the whole provider, the config family, or a group's."""
    base = f"tfbridge-provider-{provider.name}"
    if family is None:
        return base
    return f"tfbridge-provider-family-{provider.name}" if family == CONFIG_FAMILY else f"{base}-{family}"


def reference(settings: Package, provider: Provider, family: str | None) -> str:
    """The package's repository (registry host and path, no tag): what a dependency names."""
    return f"{settings.registry.rstrip('/')}/{name(provider, family)}"


def meta(provider: Provider, family: str | None) -> dict[str, Any]:
    """``crossplane.yaml``: the Provider package metadata of the whole provider (``family`` None), the
    config family, or one API group's family."""
    settings = provider.package
    assert settings is not None
    scopes = f"cluster-scoped kinds in *.{provider.root_group}"
    if provider.namespaced_root_group:
        scopes += f" and namespaced kinds in *.{provider.namespaced_root_group}"
    if family is None:
        description, friendly = (f"tfbridge provider for {provider.source} {provider.version}: {scopes}.",
                                 f"tfbridge {provider.name}")
    elif family == CONFIG_FAMILY:
        description, friendly = (f"tfbridge {provider.name} provider family: its ProviderConfig kinds and their "
                                 f"usages.", f"tfbridge {provider.name} (config)")
    else:
        description, friendly = (f"tfbridge {provider.name} provider family: the {family} API group ({scopes}).",
                                 f"tfbridge {provider.name} ({family})")
    annotations = {"meta.crossplane.io/maintainer": settings.maintainer}
    if settings.source:
        annotations["meta.crossplane.io/source"] = settings.source
    if settings.license:
        annotations["meta.crossplane.io/license"] = settings.license
    annotations["meta.crossplane.io/description"] = description
    annotations["friendly-name.meta.crossplane.io"] = friendly
    metadata: dict[str, Any] = {"name": name(provider, family)}
    if family is not None:
        metadata["labels"] = {FAMILY_LABEL: name(provider, CONFIG_FAMILY)}
    metadata["annotations"] = annotations
    spec: dict[str, Any] = {"crossplane": {"version": settings.crossplane_version}}
    if settings.safe_start:
        spec["capabilities"] = ["SafeStart"]
    if family not in (None, CONFIG_FAMILY):
        spec["dependsOn"] = [{"provider": reference(settings, provider, CONFIG_FAMILY),
                              "version": DEPENDENCY_VERSION}]
    return {"apiVersion": META_API_VERSION, "kind": "Provider", "metadata": metadata, "spec": spec}


def runtime_config(provider: Provider) -> dict[str, Any]:
    """A DeploymentRuntimeConfig for every package of the provider: the workspaces and the temp directory
    on emptyDirs under a read-only root filesystem, a grace period for running terraform, probes,
    resources. It names no family (each image knows its own), so one serves them all."""
    container = {
        "name": RUNTIME_CONTAINER,
        "args": ["--leader-election", f"--workspace-root={WORKSPACES}", "--health-port=8080", f"--grace={GRACE}"],
        "env": [{"name": "HOME", "value": "/tmp"}, {"name": "TMPDIR", "value": "/tmp"},
                # Nothing run in the pod finds the node's identity by itself (see the provider's deployment).
                *({"name": k, "value": v} for k, v in sorted(provider.credentials.no_ambient_env.items()))],
        "securityContext": {"runAsNonRoot": True, "allowPrivilegeEscalation": False,
                            "readOnlyRootFilesystem": True, "capabilities": {"drop": ["ALL"]}},
        "readinessProbe": {"httpGet": {"path": "/readyz", "port": 8080}, "periodSeconds": 5},
        "livenessProbe": {"httpGet": {"path": "/healthz", "port": 8080}, "initialDelaySeconds": 10,
                          "periodSeconds": 10},
        "resources": {"requests": {"cpu": "500m", "memory": "512Mi"}, "limits": {"memory": "2Gi"}},
        "volumeMounts": [{"name": "workspaces", "mountPath": WORKSPACES}, {"name": "tmp", "mountPath": "/tmp"}],
    }
    pod = {
        "terminationGracePeriodSeconds": GRACE + 30,
        "securityContext": {"runAsNonRoot": True, "runAsUser": USER_ID, "runAsGroup": USER_ID, "fsGroup": USER_ID,
                            "seccompProfile": {"type": "RuntimeDefault"}},
        "containers": [container],
        # Workspaces are ephemeral by design: a lost state is re-imported, never re-created.
        "volumes": [{"name": "workspaces", "emptyDir": {}}, {"name": "tmp", "emptyDir": {}}],
    }
    return {
        "apiVersion": "pkg.crossplane.io/v1beta1", "kind": "DeploymentRuntimeConfig",
        "metadata": {"name": name(provider, None)},
        # A DeploymentSpec: its schema requires a selector and a template; Crossplane sets the selector.
        "spec": {"deploymentTemplate": {"spec": {"selector": {}, "template": {"spec": pod}}}},
    }
