"""A ``*SecretRef`` sends a Secret's value to the cloud: no managed resource may name a Secret any
ProviderConfig takes its credentials from, in any scope, whether or not that ProviderConfig was used."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest

from bridge.api.errors import InvalidSpec, Retryable
from bridge.api.managed import Managed
from bridge.kube.client import NAMESPACES, SECRETS
from bridge.managed.protected import CredentialSecrets
from tests.support.bench import CRDS_YAML, Bench
from tests.support.packages import AWS
from tests.support.waiting import wait_for

CREDS = json.dumps({"access_key": "AKIDPROVIDER", "secret_key": "provider-secret-key"}).encode()


def secret(namespace: str, name: str, data: dict[str, bytes]) -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": name, "namespace": namespace},
            "data": {k: base64.b64encode(v).decode() for k, v in data.items()}}


def mr(namespace: str = "") -> Managed:
    meta = {"name": "param", "uid": "uid-param", **({"namespace": namespace} if namespace else {})}
    return Managed({"apiVersion": "ssm.aws.tfbridge.io/v1beta1", "kind": "Parameter", "metadata": meta,
                    "spec": {"forProvider": {}}})


@pytest.fixture
def bench() -> Bench:
    b = Bench(crds=CRDS_YAML)
    for ns in ("team-b",):
        b.kube.create(NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": ns}})
    b.kube.create(SECRETS, secret("crossplane-system", "aws-creds", {"credentials": CREDS}))
    b.kube.create(SECRETS, secret("crossplane-system", "oidc", {"token": b"eyJ.provider-token"}))
    b.kube.create(SECRETS, secret("crossplane-system", "app", {"password": b"an-ordinary-value"}))
    b.kube.create(SECRETS, secret("team-b", "creds", {"creds": CREDS, "password": b"team-b-password"}))
    return b


def watching(b: Bench) -> CredentialSecrets:
    res = b.connector.res
    protected = CredentialSecrets(b.kube, [r for r in (res.configs, res.namespaced_configs, res.cluster_configs) if r],
                                  AWS.provider.credentials.extension)
    b.connector.protected = protected
    protected.start()
    wait_for(protected.synced, "the ProviderConfigs listed", 10)
    return protected


def config(b: Bench, name: str, credentials: dict[str, Any], namespace: str = "") -> None:
    res = b.connector.res.namespaced_configs if namespace else b.connector.res.configs
    assert res is not None
    meta = {"name": name, **({"namespace": namespace} if namespace else {})}
    b.kube.create(res, {"apiVersion": res.api_version, "kind": "ProviderConfig", "metadata": meta,
                        "spec": {"credentials": credentials}})


def test_the_providers_own_credentials_are_no_secret_refs_input(bench: Bench) -> None:
    config(bench, "default-creds", {"source": "Secret", "secretRef": {
        "namespace": "crossplane-system", "name": "aws-creds", "key": "credentials"}})
    bench.connector.setup("default-creds")
    read = bench.connector._reader(mr())
    with pytest.raises(InvalidSpec, match="Secret crossplane-system/aws-creds holds a ProviderConfig's credentials"):
        read("crossplane-system", "aws-creds")
    assert read("crossplane-system", "app") == {"password": b"an-ordinary-value"}
    assert "provider-secret-key" not in bench.redactor.values("inputs:Parameter/param")


def test_a_provider_config_nobody_used_yet_protects_its_secrets_at_once(bench: Bench) -> None:
    protected = watching(bench)
    config(bench, "web", {"source": "WebIdentity", "webIdentity": {
        "roleARN": "arn:aws:iam::111111111111:role/x",
        "tokenConfig": {"source": "Secret", "secretRef": {"namespace": "crossplane-system", "name": "oidc",
                                                          "key": "token"}}}})
    config(bench, "own", {"source": "Secret", "secretRef": {"name": "creds", "key": "creds"}}, namespace="team-b")
    wait_for(lambda: protected.protects("team-b", "creds"), "the namespaced ProviderConfig seen", 10)
    cluster = bench.connector._reader(mr())
    with pytest.raises(InvalidSpec, match="oidc holds a ProviderConfig's credentials"):
        cluster("crossplane-system", "oidc")
    tenant = bench.connector._reader(mr("team-b"))
    with pytest.raises(InvalidSpec, match="team-b/creds holds a ProviderConfig's credentials"):
        tenant("", "creds")
    res = bench.connector.res.namespaced_configs
    assert res is not None
    bench.kube.delete(res, "own", "team-b")
    wait_for(lambda: protected.protects("team-b", "creds") is False, "the ProviderConfig's deletion seen", 10)
    assert tenant("", "creds")["password"] == b"team-b-password", "no ProviderConfig names it any more"
    protected.stop()


def test_nothing_is_read_before_the_provider_configs_are_listed(bench: Bench) -> None:
    res = bench.connector.res
    bench.connector.protected = CredentialSecrets(bench.kube, [res.configs], AWS.provider.credentials.extension)
    with pytest.raises(Retryable, match="not listed yet"):
        bench.connector._reader(mr())("crossplane-system", "app")
