"""A ProviderConfig's credential sources reach the cloud: the real aws provider on the direct executor,
configured by the Connector from a ProviderConfig, creates a VPC in moto.

moto is multi-account: credentials STS hands out for ``arn:aws:iam::<account>:role/x`` act in
``<account>``, so where the VPC lands shows which credentials the provider used. moto does not check a
web identity token; it does answer AssumeRoleWithWebIdentity, and AssumeRole with the credentials of the
step before, so the whole chain runs.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridge.kube.client import SECRETS
from bridge.kube.redact import Redactor
from bridge.managed.credentials import Sources
from bridge.managed.providerconfig import ConfigResources, Connector
from bridge.tfexec.backend import CLIBackend
from bridge.tfplugin.backend import DirectBackend
from devrig.cloud import MOTO_PROVIDER_CONFIGURATION
from tests.support.bench import ACCESS, Bench
from tests.support.cloud import Moto, provider_env
from tests.support.executors import cli_backend, direct_backend, mr
from tests.support.packages import AWS_CURATED as AWS

pytestmark = [pytest.mark.slow, pytest.mark.cloud]
VPC = AWS.by_type("aws_vpc")


@pytest.fixture
def direct(tmp_path: Path, terraform_bin: str, plugin_dir: Path, moto: Moto) -> Iterator[DirectBackend]:
    cli: CLIBackend = cli_backend(tmp_path / "ws", terraform_bin, plugin_dir, moto)
    backend = direct_backend(cli)
    yield backend
    backend.shutdown()
    cli.shutdown()


def secret(name: str, key: str, value: bytes) -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": name, "namespace": "default"},
            "data": {key: base64.b64encode(value).decode()}}


def in_account(moto: Moto, account: str, cidr: str) -> list[str]:
    """The VPCs of ``cidr`` that ``account`` holds (seen with a role of that account)."""
    import boto3

    creds = moto.client("sts").assume_role(RoleArn=f"arn:aws:iam::{account}:role/check",
                                           RoleSessionName="check")["Credentials"]
    ec2 = boto3.client("ec2", endpoint_url=moto.endpoint, region_name="us-east-1",
                       aws_access_key_id=creds["AccessKeyId"], aws_secret_access_key=creds["SecretAccessKey"],
                       aws_session_token=creds["SessionToken"])
    return [v["VpcId"] for v in ec2.describe_vpcs(Filters=[{"Name": "cidr", "Values": [cidr]}])["Vpcs"]]


# Keys as the INI profile a team keeps them in: the chain starts from these.
PROFILE = b"[default]\naws_access_key_id = test\naws_secret_access_key = test\n"


@pytest.mark.parametrize(("credentials", "chain", "per_service_endpoint", "account"), [
    pytest.param({"source": "Secret", "secretRef": {"namespace": "default", "name": "profile", "key": "credentials"}},
                 ["arn:aws:iam::111111111111:role/first", "arn:aws:iam::222222222222:role/second"], True,
                 "222222222222", id="INISecretThenTwoRolesByPerServiceEndpoints"),
    pytest.param({"source": "WebIdentity", "webIdentity": {
        "roleARN": "arn:aws:iam::333333333333:role/web", "roleSessionName": "tfbridge-test",
        "tokenConfig": {"source": "Secret", "secretRef": {"namespace": "default", "name": "oidc", "key": "token"}}}},
                 ["arn:aws:iam::444444444444:role/after-web"], False, "444444444444",
                 id="WebIdentityTokenFromSecretThenARole"),
])
def test_a_provider_config_credential_source_reaches_moto(direct: DirectBackend, moto: Moto, tmp_path: Path,
                                                          credentials: dict[str, Any], chain: list[str],
                                                          per_service_endpoint: bool, account: str) -> None:
    b = Bench()
    b.kube.create(SECRETS, secret("profile", "credentials", PROFILE))
    b.kube.create(SECRETS, secret("oidc", "token", b"eyJhbGciOiJSUzI1NiJ9.a-web-identity-token"))
    spec: dict[str, Any] = {"credentials": credentials, "configuration": dict(MOTO_PROVIDER_CONFIGURATION),
                            "assumeRoleChain": [{"roleARN": role} for role in chain]}
    pod = provider_env(moto)
    if per_service_endpoint:
        # No AWS_ENDPOINT_URL from the pod: the ProviderConfig names the endpoint of each service used.
        pod.pop("AWS_ENDPOINT_URL")
        spec["endpoint"] = {"url": {"type": "Static", "static": moto.endpoint}, "services": ["ec2", "sts"]}
    pcs = ConfigResources.of(AWS).configs
    b.kube.create(pcs, {"apiVersion": pcs.api_version, "kind": "ProviderConfig", "metadata": {"name": "chained"},
                        "spec": spec})
    redactor = Redactor()
    connector = Connector(b.kube, AWS, direct.client, access=ACCESS, redactor=redactor,
                          sources=Sources(AWS.provider.credentials, environ=pod, files=tmp_path / "credentials"))
    cidr = "10.77.0.0/16" if per_service_endpoint else "10.78.0.0/16"
    vpc = mr("aws_vpc", "chained", {"region": "us-east-1", "cidrBlock": cidr})
    vpc.spec["providerConfigRef"] = {"name": "chained"}
    client = connector.connect(vpc, VPC)
    vpc.set_external_name(client.create(vpc).external_name)
    assert in_account(moto, account, cidr) == [vpc.external_name], f"the VPC is in {account}"
    for elsewhere in ("123456789012", "111111111111", "333333333333"):
        assert in_account(moto, elsewhere, cidr) == [], f"nothing in {elsewhere}"
    setup = connector.setup("chained")
    assert "a-web-identity-token" not in json.dumps(dict(setup.configuration)), "the token is never a block argument"
    client.delete(vpc)
    assert in_account(moto, account, cidr) == []
