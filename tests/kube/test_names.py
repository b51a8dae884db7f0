"""Names no object can have resolve to nothing: checked, and quoted, before any request."""

from __future__ import annotations

import pytest

from bridge.kube import errors, names
from bridge.kube.client import CRDS, NAMESPACES, SECRETS, HTTPKube, Resource
from tests.support.cluster import Cluster

PROVIDER_CONFIGS = Resource("aws.tfbridge.io", "v1beta1", "providerconfigs", "ProviderConfig")


@pytest.mark.parametrize(
    ("check", "value", "ok"),
    [
        pytest.param(names.dns_subdomain, "my-vpc.a1", True, id="SubdomainPlain"),
        pytest.param(names.dns_subdomain, "x/../default", False, id="SubdomainSlashDots"),
        pytest.param(names.dns_subdomain, "..", False, id="SubdomainDotDot"),
        pytest.param(names.dns_subdomain, "a\n", False, id="SubdomainTrailingNewline"),
        pytest.param(names.dns_subdomain, "A", False, id="SubdomainUpperCase"),
        pytest.param(names.dns_subdomain, "a\u202eb", False, id="SubdomainRightToLeftOverride"),
        pytest.param(names.dns_subdomain, "a" * 254, False, id="SubdomainTooLong"),
        pytest.param(names.dns_label, "crossplane-system", True, id="LabelPlain"),
        pytest.param(names.dns_label, "a.b", False, id="LabelDot"),
        pytest.param(names.label_key, "team", True, id="KeyPlain"),
        pytest.param(names.label_key, "example.com/team_a", True, id="KeyPrefixed"),
        pytest.param(names.label_key, "team!", False, id="KeyBang"),
        pytest.param(names.label_key, "a/b/c", False, id="KeyTwoSlashes"),
        pytest.param(names.label_value, "", True, id="ValueEmpty"),
        pytest.param(names.label_value, "a_b.c-d", True, id="ValuePlain"),
        pytest.param(names.label_value, "a,team!=a", False, id="ValueSelectorInjection"),
        pytest.param(names.label_value, "a b", False, id="ValueSpace"),
        pytest.param(names.label_value, "\x00", False, id="ValueNUL"),
    ],
)
def test_kubernetes_name_rules(check: object, value: str, ok: bool) -> None:
    assert callable(check)
    assert check(value) is ok


@pytest.mark.parametrize(
    ("res", "name", "namespace"),
    [
        pytest.param(SECRETS, "../../../../api/v1/namespaces/crossplane-system/secrets/aws-creds", "default",
                     id="TraversalToAnotherNamespacesSecret"),
        pytest.param(PROVIDER_CONFIGS, "x/../default", "", id="TraversalToAnotherObject"),
        pytest.param(PROVIDER_CONFIGS, "x%2F..%2Fdefault", "", id="PercentEncodedTraversal"),
        pytest.param(SECRETS, "aws-creds", "crossplane-system/../default", id="TraversalInTheNamespace"),
        pytest.param(SECRETS, "aws-creds", "..", id="DotDotNamespace"),
    ],
)
def test_a_name_no_object_can_have_resolves_to_nothing(cluster: Cluster, res: Resource, name: str,
                                                        namespace: str) -> None:
    """Through the real HTTP client: the request is never sent, so nothing else answers it."""
    kube = HTTPKube(cluster.api_client())
    kube.create(CRDS, _provider_config_crd())
    kube.create(PROVIDER_CONFIGS, {"apiVersion": "aws.tfbridge.io/v1beta1", "kind": "ProviderConfig",
                                   "metadata": {"name": "default"}, "spec": {}})
    kube.create(NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "crossplane-system"}})
    kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret", "data": {"k": "c2VjcmV0"},
                          "metadata": {"name": "aws-creds", "namespace": "crossplane-system"}})
    before = dict(kube.calls)
    for call in (lambda: kube.get(res, name, namespace), lambda: kube.delete(res, name, namespace),
                 lambda: kube.patch(res, name, {"metadata": {"labels": {"x": "y"}}}, namespace)):
        with pytest.raises(errors.NotFound) as caught:
            call()
        assert isinstance(caught.value, errors.InvalidName)
    assert kube.calls == before, "no request was sent"
    assert kube.get(SECRETS, "aws-creds", "crossplane-system")["data"] == {"k": "c2VjcmV0"}


def test_every_path_segment_is_quoted() -> None:
    res = Resource("g.io", "v1", "things", "Thing", namespaced=True)
    assert res.path("ns-1", "a.b-c", "status") == "/apis/g.io/v1/namespaces/ns-1/things/a.b-c/status"
    with pytest.raises(errors.InvalidName, match="not a valid Thing name"):
        res.path("ns-1", "a/b")


def _provider_config_crd() -> dict[str, object]:
    schema = {"type": "object", "x-kubernetes-preserve-unknown-fields": True}
    return {"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
            "metadata": {"name": "providerconfigs.aws.tfbridge.io"},
            "spec": {"group": "aws.tfbridge.io", "scope": "Cluster",
                     "names": {"plural": "providerconfigs", "singular": "providerconfig", "kind": "ProviderConfig",
                               "listKind": "ProviderConfigList"},
                     "versions": [{"name": "v1beta1", "served": True, "storage": True,
                                   "schema": {"openAPIV3Schema": schema}}]}}
