"""What the provider receives from each ProviderConfig credentials source (provider-upjet-aws's spec):
provider-block arguments and the provider process's whole AWS environment, never a secret in the
block, never a tenant reaching the pod's identity or choosing an endpoint."""

from __future__ import annotations

import base64
import json
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from bridge.api.errors import InvalidSpec, Retryable
from bridge.api.external import ProviderSetup
from bridge.kube.client import SECRETS
from bridge.managed import credentials
from bridge.managed.credentials import Ambient, Sources
from devrig.cloud import provider_config
from providers.aws.credentials import OWNED
from tests.support.bench import Bench
from tests.support.packages import AWS

CONFIG = AWS.provider.credentials
POD = {"AWS_ENDPOINT_URL": "http://moto:5000", "AWS_PROFILE": "admin", "AWS_ACCESS_KEY_ID": "pod-key",
       "AWS_SECRET_ACCESS_KEY": "pod-secret", "AWS_MAX_ATTEMPTS": "3", "HOME": "/home/provider"}
IRSA_POD = {**POD, "AWS_ROLE_ARN": "arn:aws:iam::111111111111:role/provider",
            "AWS_WEB_IDENTITY_TOKEN_FILE": "/var/run/secrets/eks.amazonaws.com/serviceaccount/token"}
ROLE_A = "arn:aws:iam::111111111111:role/a"
ROLE_B = "arn:aws:iam::222222222222:role/b"
INHERITED = {"AWS_ENDPOINT_URL": "http://moto:5000", "AWS_MAX_ATTEMPTS": "3"}
# Every source but a cluster-scoped None: the node's instance metadata out of the provider's reach.
NO_IMDS = {"AWS_EC2_METADATA_DISABLED": "true"}
NO_AMBIENT = Ambient()
KEYS = {"AWS_ACCESS_KEY_ID": "AKIDEXAMPLE", "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMI"}


def secrets_of(values: Mapping[str, bytes]) -> Any:
    def read(ref: Mapping[str, Any], where: str) -> bytes:
        return values[str(ref["key"])]
    return read


def resolve(spec: dict[str, Any], *, environ: Mapping[str, str] = POD, namespaced: bool = False,
            values: Mapping[str, bytes] | None = None, files: Path | None = None,
            ambient: Ambient = NO_AMBIENT) -> credentials.Sourced:
    return Sources(CONFIG, environ=environ, files=files, ambient=ambient).resolve(
        spec, display="ProviderConfig/pc", namespaced=namespaced, secret_value=secrets_of(values or {}))


def secret_spec(value: bytes) -> tuple[dict[str, Any], dict[str, bytes]]:
    return ({"credentials": {"source": "Secret", "secretRef": {"namespace": "ns", "name": "creds", "key": "k"}}},
            {"k": value})


@pytest.mark.parametrize(("value", "want"), [
    pytest.param(json.dumps({"access_key": "AKIDEXAMPLE", "secret_key": "wJalrXUtnFEMI"}).encode(), KEYS,
                 id="JSONObject"),
    pytest.param(b"[default]\naws_access_key_id = AKIDEXAMPLE\naws_secret_access_key = wJalrXUtnFEMI\n", KEYS,
                 id="INIDefaultProfile"),
    pytest.param(b"[DEFAULT]\nAWS_ACCESS_KEY_ID=AKIDEXAMPLE\nAWS_Secret_Access_Key=wJalrXUtnFEMI\n", KEYS,
                 id="INIAnyCase"),
    pytest.param(b"aws_access_key_id = AKIDEXAMPLE\naws_secret_access_key: wJalrXUtnFEMI\n", KEYS,
                 id="INIWithoutSection"),
    pytest.param(b"# team creds\n[other]\naws_access_key_id = NOTME\n[default]\naws_access_key_id = AKIDEXAMPLE\n"
                 b"aws_secret_access_key = wJalrXUtnFEMI\naws_session_token = FwoGZX\n",
                 {**KEYS, "AWS_SESSION_TOKEN": "FwoGZX"}, id="INIOtherProfilesAndSessionToken"),
    pytest.param(b"[default]\naws_access_key_id = AKIDEXAMPLE\naws_secret_access_key = wJalrXUtnFEMI\n"
                 b"aws_session_token =\n", KEYS, id="INIEmptySessionTokenLeftOut"),
])
def test_a_secret_gives_the_keys_and_nothing_of_the_pods_identity(value: bytes, want: dict[str, str]) -> None:
    spec, values = secret_spec(value)
    sourced = resolve(spec, values=values)
    assert sourced.env == {**INHERITED, **want, **NO_IMDS}
    assert sourced.arguments == {}
    assert set(want.values()) <= set(sourced.secrets)


@pytest.mark.parametrize(("value", "message"), [
    pytest.param(b"[default]\naws_access_key_id = AKIDEXAMPLE\nhunter2\n",
                 r"neither a JSON object nor an INI profile \(line 3\)", id="MalformedLine"),
    pytest.param(b"[prod]\naws_access_key_id = AKIDEXAMPLE\naws_secret_access_key = hunter2\n",
                 "no aws_access_key_id in the default profile", id="NoDefaultProfile"),
    pytest.param(b"[default]\naws_access_key_id = AKIDEXAMPLE\n", "no aws_secret_access_key in the default profile",
                 id="NoSecretKey"),
    pytest.param(b"\xff\xfehunter2", "neither a JSON object nor an INI profile", id="NotText"),
])
def test_a_bad_profile_says_where_and_never_what(value: bytes, message: str) -> None:
    spec, values = secret_spec(value)
    with pytest.raises(InvalidSpec, match=message) as caught:
        resolve(spec, values=values)
    assert "hunter2" not in str(caught.value) and "AKIDEXAMPLE" not in str(caught.value)
    assert "ProviderConfig/pc: spec.credentials.secretRef" in str(caught.value)


def test_the_provider_process_starts_from_a_clean_aws_environment() -> None:
    sourced = resolve({"credentials": {"source": "None"}})
    assert sourced.env == INHERITED
    setup = ProviderSetup(configuration={}, credentials_env=sourced.env, owned_env=OWNED)
    assert setup.environment(POD) == {**INHERITED, "HOME": "/home/provider"}, "no AWS_PROFILE, no pod keys"
    assert ProviderSetup(configuration={}, credentials_env=KEYS).environment(POD) == {**POD, **KEYS}, \
        "a setup that owns nothing keeps what it inherits"


@pytest.mark.parametrize(("environ", "source", "want"), [
    pytest.param(IRSA_POD, "IRSA", {k: IRSA_POD[k] for k in ("AWS_ROLE_ARN", "AWS_WEB_IDENTITY_TOKEN_FILE")},
                 id="IRSAPassesThePodsRoleAndToken"),
    pytest.param({**POD, "AWS_CONTAINER_CREDENTIALS_FULL_URI": "http://169.254.170.23/v1/credentials",
                  "AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE": "/var/run/secrets/pods.eks.amazonaws.com/token"},
                 "PodIdentity", {"AWS_CONTAINER_CREDENTIALS_FULL_URI": "http://169.254.170.23/v1/credentials",
                                 "AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE":
                                     "/var/run/secrets/pods.eks.amazonaws.com/token"},
                 id="PodIdentityPassesTheAgentsAddressAndToken"),
])
def test_the_pods_identity_reaches_the_provider(environ: dict[str, str], source: str, want: dict[str, str]) -> None:
    sourced = resolve({"credentials": {"source": source}}, environ=environ)
    assert sourced.env == {**INHERITED, **want, **NO_IMDS}
    assert sourced.arguments == {}


@pytest.mark.parametrize(("source", "missing"), [
    pytest.param("IRSA", "AWS_ROLE_ARN, AWS_WEB_IDENTITY_TOKEN_FILE", id="IRSAWithoutEKSVariables"),
    pytest.param("PodIdentity", "AWS_CONTAINER_CREDENTIALS_FULL_URI", id="PodIdentityWithoutAgent"),
])
def test_a_pod_without_the_identity_says_which_variable_is_missing(source: str, missing: str) -> None:
    with pytest.raises(Retryable, match=f"the provider's pod has no {missing}"):
        resolve({"credentials": {"source": source}})


def test_web_identity_with_a_secret_token_uses_a_private_file(tmp_path: Path) -> None:
    spec = {"credentials": {"source": "WebIdentity", "webIdentity": {
        "roleARN": ROLE_A, "roleSessionName": "tfbridge",
        "tokenConfig": {"source": "Secret", "secretRef": {"namespace": "ns", "name": "oidc", "key": "token"}}}}}
    sourced = resolve(spec, values={"token": b"eyJhbGciOi.token\n"}, files=tmp_path)
    (block,) = sourced.arguments["assume_role_with_web_identity"]
    path = Path(block.pop("web_identity_token_file"))
    assert block == {"role_arn": ROLE_A, "session_name": "tfbridge"}, "the token is not in the provider block"
    assert path.read_text() == "eyJhbGciOi.token" and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert tmp_path in path.parents
    assert "eyJhbGciOi.token" in sourced.secrets
    rotated = resolve(spec, values={"token": b"rotated"}, files=tmp_path)
    assert rotated.arguments["assume_role_with_web_identity"][0]["web_identity_token_file"] == str(path)
    assert path.read_text() == "rotated", "a rotated token replaces the file"


@pytest.mark.parametrize(("web_identity", "environ", "want"), [
    pytest.param({"roleARN": ROLE_A}, IRSA_POD,
                 {"role_arn": ROLE_A, "web_identity_token_file": IRSA_POD["AWS_WEB_IDENTITY_TOKEN_FILE"]},
                 id="NoTokenConfigUsesThePodsTokenFile"),
    pytest.param({"roleARN": ROLE_A, "tokenConfig": {"source": "Filesystem", "fs": {"path": "/var/run/oidc/token"}}},
                 POD, {"role_arn": ROLE_A, "web_identity_token_file": "/var/run/oidc/token"},
                 id="FilesystemTokenConfig"),
])
def test_web_identity_from_the_providers_disk(web_identity: dict[str, Any], environ: dict[str, str],
                                              want: dict[str, Any]) -> None:
    sourced = resolve({"credentials": {"source": "WebIdentity", "webIdentity": web_identity}}, environ=environ)
    assert sourced.arguments == {"assume_role_with_web_identity": [want]}
    assert sourced.env == {**INHERITED, **NO_IMDS}, "the pod's own role variables are not passed on"


@pytest.mark.parametrize(("spec", "error", "message"), [
    pytest.param({"credentials": {"source": "WebIdentity", "webIdentity": {"roleARN": "admin"}}}, InvalidSpec,
                 r"webIdentity\.roleARN: .* is not an IAM role ARN", id="NotARoleARN"),
    pytest.param({"credentials": {"source": "WebIdentity"}}, InvalidSpec, "webIdentity: required", id="NoWebIdentity"),
    pytest.param({"credentials": {"source": "WebIdentity", "webIdentity": {"roleARN": ROLE_A}}}, Retryable,
                 "no tokenConfig, and the provider's pod has no AWS_WEB_IDENTITY_TOKEN_FILE", id="NoTokenAnywhere"),
    pytest.param({"credentials": {"source": "WebIdentity", "webIdentity": {
        "roleARN": ROLE_A, "tokenConfig": {"source": "Filesystem", "fs": {"path": "token"}}}}}, InvalidSpec,
                 r"tokenConfig\.fs\.path: must be an absolute path", id="RelativeTokenPath"),
    pytest.param({"credentials": {"source": "Upbound", "upbound": {"webIdentity": {"roleARN": ROLE_A}}}}, InvalidSpec,
                 "Upbound identity is only available on Upbound control planes", id="UpboundElsewhere"),
    pytest.param({"credentials": {"source": "Kerberos"}}, InvalidSpec, "is not a known source", id="UnknownSource"),
    pytest.param({"credentials": {"source": "None"}, "assumeRoleChain": [{"roleARN": "x"}]}, InvalidSpec,
                 r"assumeRoleChain\[0\]\.roleARN", id="ChainRoleNotAnARN"),
])
def test_a_bad_source_is_refused_with_its_field(spec: dict[str, Any], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        resolve(spec)


def test_a_role_chain_becomes_assume_role_blocks_in_order() -> None:
    spec, values = secret_spec(json.dumps({"access_key": "AKIDEXAMPLE", "secret_key": "wJalrXUtnFEMI"}).encode())
    spec["assumeRoleChain"] = [
        {"roleARN": ROLE_A, "externalID": "ext-1", "tags": [{"key": "team", "value": "a"}],
         "transitiveTagKeys": ["team"]},
        {"roleARN": ROLE_B}]
    sourced = resolve(spec, values=values)
    assert sourced.arguments == {"assume_role": [
        {"role_arn": ROLE_A, "external_id": "ext-1", "tags": {"team": "a"}, "transitive_tag_keys": ["team"]},
        {"role_arn": ROLE_B}]}
    assert sourced.env == {**INHERITED, **KEYS, **NO_IMDS}, "the chain starts from the base credentials"


@pytest.mark.parametrize(("endpoint", "want"), [
    pytest.param({"url": {"type": "Static", "static": "http://127.0.0.1:5000"}},
                 {"AWS_ENDPOINT_URL": "http://127.0.0.1:5000"}, id="StaticEveryService"),
    pytest.param({"url": {"type": "Static", "static": "https://aws.internal:8443/"},
                  "services": ["ec2", "route53", "logs", "sts"]},
                 {"AWS_ENDPOINT_URL_EC2": "https://aws.internal:8443/", "AWS_ENDPOINT_URL_ROUTE_53":
                  "https://aws.internal:8443/", "AWS_ENDPOINT_URL_CLOUDWATCH_LOGS": "https://aws.internal:8443/",
                  "AWS_ENDPOINT_URL_STS": "https://aws.internal:8443/"}, id="StaticPerService"),
    pytest.param({"url": {"type": "Auto"}, "partitionId": "aws"}, {}, id="AutoOverridesNothing"),
])
def test_an_endpoint_becomes_endpoint_variables(endpoint: dict[str, Any], want: dict[str, str]) -> None:
    sourced = resolve({"credentials": {"source": "None"}, "endpoint": endpoint}, environ={})
    assert sourced.env == want
    assert sourced.arguments == {}, "never an endpoints block"


@pytest.mark.parametrize(("endpoint", "message"), [
    pytest.param({"url": {"type": "Auto"}}, "partitionId: required when the endpoint URL type is Auto",
                 id="AutoWithoutPartition"),
    pytest.param({"url": {"type": "Dynamic", "dynamic": {"protocol": "https", "host": "example.com"}}},
                 "Dynamic is not supported", id="Dynamic"),
    pytest.param({"url": {"type": "Static", "static": "file:///etc/passwd"}}, r"url\.static: .* is not an http",
                 id="NotHTTP"),
    pytest.param({"url": {"type": "Static", "static": "http://x"}, "services": ["EC2=http://evil\nAWS_PROFILE"]},
                 r"services\[0\]: .* is not a service name", id="ServiceInjection"),
])
def test_a_bad_endpoint_is_refused(endpoint: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidSpec, match=message):
        resolve({"credentials": {"source": "None"}, "endpoint": endpoint})


def test_the_skip_flags_become_provider_block_arguments() -> None:
    sourced = resolve({"credentials": {"source": "None"}, "skip_credentials_validation": True,
                       "skip_region_validation": False, "s3_use_path_style": True, "skip_metadata_api_check": True,
                       "skip_requesting_account_id": True})
    assert sourced.arguments == {"skip_credentials_validation": True, "skip_region_validation": False,
                                 "s3_use_path_style": True, "skip_metadata_api_check": "true",
                                 "skip_requesting_account_id": True}


TOKEN_SECRET = {"source": "Secret", "secretRef": {"name": "oidc", "key": "token"}}


@pytest.mark.parametrize(("spec", "message"), [
    pytest.param({"credentials": {"source": "IRSA"}}, "IRSA uses the provider's own identity", id="IRSA"),
    pytest.param({"credentials": {"source": "PodIdentity"}}, "PodIdentity uses the provider's own identity",
                 id="PodIdentity"),
    pytest.param({"credentials": {"source": "WebIdentity", "webIdentity": {"roleARN": ROLE_A}}},
                 "WebIdentity uses the provider's own identity", id="WebIdentityWithThePodsToken"),
    pytest.param({"credentials": {"source": "WebIdentity", "webIdentity": {
        "roleARN": ROLE_A, "tokenConfig": {"source": "Filesystem", "fs": {"path": "/etc/shadow"}}}}},
                 "WebIdentity uses the provider's own identity", id="WebIdentityFromTheProvidersDisk"),
    pytest.param({**secret_spec(b"")[0], "endpoint": {"url": {"type": "Static", "static": "http://x"}}},
                 "spec.endpoint: only a ClusterProviderConfig may choose", id="Endpoint"),
])
def test_a_namespace_cannot_use_the_pods_identity_or_choose_an_endpoint(spec: dict[str, Any], message: str) -> None:
    pod = {**IRSA_POD, "AWS_CONTAINER_CREDENTIALS_FULL_URI": "http://169.254.170.23/v1/credentials"}
    values = {"k": json.dumps({"access_key": "AKIDEXAMPLE", "secret_key": "wJalrXUtnFEMI"}).encode()}
    with pytest.raises(InvalidSpec, match=message):
        resolve(spec, environ=pod, namespaced=True, values=values)
    allowed = resolve(spec, environ=pod, namespaced=True, values=values,
                      ambient=Ambient(identity_in_namespaces=True, endpoints_in_namespaces=True))
    assert allowed.env["AWS_EC2_METADATA_DISABLED"] == "true", "never the node's identity, whatever is allowed"


def test_a_namespace_may_use_a_web_identity_token_of_its_own(tmp_path: Path) -> None:
    spec = {"credentials": {"source": "WebIdentity", "webIdentity": {"roleARN": ROLE_A, "tokenConfig": TOKEN_SECRET}},
            "assumeRoleChain": [{"roleARN": ROLE_B}]}
    sourced = resolve(spec, namespaced=True, values={"token": b"tenant-token"}, files=tmp_path)
    assert [b["role_arn"] for b in sourced.arguments["assume_role"]] == [ROLE_B]
    assert sourced.arguments["assume_role_with_web_identity"][0]["role_arn"] == ROLE_A


def test_an_ini_secret_is_redacted_key_by_key() -> None:
    b = Bench()
    ini = b"[default]\naws_access_key_id = AKIDINI\naws_secret_access_key = hunter2ini\n"
    b.kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "ini", "namespace": "default"},
                            "data": {"credentials": base64.b64encode(ini).decode()}})
    pcs = b.connector.res.configs
    b.kube.create(pcs, provider_config(AWS.provider.root_group, "ini", secret=("default", "ini", "credentials")))
    setup = b.connector.setup("ini")
    assert setup.credentials_env["AWS_SECRET_ACCESS_KEY"] == "hunter2ini"
    assert setup.owned_env == OWNED
    assert "hunter2ini" not in b.redactor("the provider said: hunter2ini is invalid")


def test_a_namespace_never_falls_back_to_the_nodes_identity() -> None:
    with pytest.raises(InvalidSpec, match="None would leave the provider to find credentials of its own"):
        resolve({"credentials": {"source": "None"}}, namespaced=True,
                ambient=Ambient(identity_in_namespaces=True, endpoints_in_namespaces=True))
    spec, values = secret_spec(json.dumps({"access_key": "AKIDEXAMPLE", "secret_key": "wJalrXUtnFEMI"}).encode())
    assert resolve(spec, values=values, namespaced=True, environ={**POD, "AWS_EC2_METADATA_DISABLED": "false"}).env[
        "AWS_EC2_METADATA_DISABLED"] == "true", "the pod's own setting does not reopen it"


@pytest.mark.parametrize("namespaced", [True, False], ids=["Namespaced", "ClusterScoped"])
@pytest.mark.parametrize(("value", "message"), [
    pytest.param(json.dumps({"unrelated": "hunter2hunter2"}).encode(),
                 "has none of the provider's credentials", id="NoKeyAtAll"),
    pytest.param(json.dumps({"access_key": "AKIDEXAMPLE"}).encode(), "has no secret_key", id="HalfTheKeys"),
    pytest.param(b"[default]\nregion = us-east-1\n", "no aws_access_key_id in the default profile", id="ProfileOfNone"),
])
def test_a_secret_without_credentials_is_refused(namespaced: bool, value: bytes, message: str) -> None:
    spec, values = secret_spec(value)
    with pytest.raises(InvalidSpec, match=message) as caught:
        resolve(spec, values=values, namespaced=namespaced)
    assert "hunter2" not in str(caught.value)


def test_only_the_operators_choice_of_source_none_reaches_the_nodes_instance_metadata() -> None:
    pod = {**POD, "AWS_EC2_METADATA_DISABLED": "true"}
    assert "AWS_EC2_METADATA_DISABLED" not in resolve({"credentials": {"source": "None"}}, environ=pod).env
    irsa = resolve({"credentials": {"source": "IRSA"}}, environ={**IRSA_POD, "AWS_EC2_METADATA_DISABLED": "true"})
    assert irsa.env["AWS_EC2_METADATA_DISABLED"] == "true", "the pod's role, never the node's"
