"""A ProviderConfig's credentials, as provider-upjet-aws accepts them, turned into what the provider
process gets: provider-block arguments (Terraform form) and its whole ``AWS_*`` environment.

provider-upjet-aws builds an AWS SDK configuration in its own process (``internal/clients``); tfbridge
runs the real provider binary, so it reaches the same result through the provider block and the
process environment:

- ``Secret``: the AWS INI profile format (``[default]`` ``aws_access_key_id``…, case-insensitive) as
  upstream reads it, or tfbridge's JSON object; the keys become ``AWS_ACCESS_KEY_ID``… variables.
- ``IRSA`` and ``PodIdentity``: the pod's own identity variables, passed through to the provider.
- ``WebIdentity``: an ``assume_role_with_web_identity`` block whose token file is the pod's
  (``AWS_WEB_IDENTITY_TOKEN_FILE``), one on the provider's disk (``tokenConfig.source: Filesystem``), or
  a private copy of a Secret's token (``tokenConfig.source: Secret``): a token is never put in the
  provider block, which the CLI executor writes to disk.
- ``assumeRoleChain``: one ``assume_role`` block per entry, in order, after the base credentials.
- ``endpoint.url``: ``AWS_ENDPOINT_URL`` (no services listed) or ``AWS_ENDPOINT_URL_<SERVICE>`` per
  service, never an ``endpoints`` block (it costs seconds of provider CPU per configuration check).
- ``skip_*`` and ``s3_use_path_style``: provider-block arguments of the same names.

Every provider process starts from a clean AWS environment: inherited ``AWS_*`` variables are dropped
but for the deployment's settings (endpoints, retries, CA bundle, region), and the source adds only
what it needs. The pod's identity (IRSA, PodIdentity, WebIdentity without a Secret token, Upbound) and
an endpoint are the provider's, not a tenant's: a namespace's ProviderConfig may not use them unless
the operator allows it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
import tempfile
from collections.abc import Callable, Mapping
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from bridge.api.errors import InvalidSpec, Retryable
from bridge.kube import decode, names
from tfconfig import Credentials

# What the deployment says about reaching AWS, not who the provider is: kept from the pod.
INHERITED = ("AWS_ENDPOINT_URL", "AWS_ENDPOINT_URL_*", "AWS_REGION", "AWS_DEFAULT_REGION", "AWS_STS_REGIONAL_ENDPOINTS",
             "AWS_EC2_METADATA_DISABLED", "AWS_MAX_ATTEMPTS", "AWS_RETRY_MODE", "AWS_CA_BUNDLE",
             "AWS_USE_FIPS_ENDPOINT", "AWS_USE_DUALSTACK_ENDPOINT")
OWNED = ("AWS_",)
# The pod's identity, as EKS injects it, for the sources that use it.
AMBIENT: Mapping[str, tuple[str, ...]] = {
    "IRSA": ("AWS_ROLE_ARN", "AWS_WEB_IDENTITY_TOKEN_FILE", "AWS_ROLE_SESSION_NAME"),
    "PodIdentity": ("AWS_CONTAINER_CREDENTIALS_FULL_URI", "AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE",
                    "AWS_CONTAINER_AUTHORIZATION_TOKEN"),
}
# Variables without which a source cannot work.
AMBIENT_REQUIRED: Mapping[str, tuple[str, ...]] = {
    "IRSA": ("AWS_ROLE_ARN", "AWS_WEB_IDENTITY_TOKEN_FILE"),
    "PodIdentity": ("AWS_CONTAINER_CREDENTIALS_FULL_URI",),
}
SOURCES = ("None", "Secret", "IRSA", "WebIdentity", "PodIdentity", "Upbound")
# Where an Upbound control plane mounts the provider's identity token (provider-upjet-aws).
UPBOUND_TOKEN = "/var/run/secrets/upbound.io/provider/token"
# The provider's endpoint keys whose AWS SDK service identifier is not the key upper-cased; the SDK
# reads ``AWS_ENDPOINT_URL_<identifier>`` (the names are in the aws 5.100 provider binary).
SERVICE_IDS: Mapping[str, str] = {
    "apigateway": "API_GATEWAY", "cloudwatchlogs": "CLOUDWATCH_LOGS", "logs": "CLOUDWATCH_LOGS",
    "cognitoidp": "COGNITO_IDENTITY_PROVIDER", "configservice": "CONFIG_SERVICE", "dms": "DATABASE_MIGRATION_SERVICE",
    "ds": "DIRECTORY_SERVICE", "elb": "ELASTIC_LOAD_BALANCING", "elbv2": "ELASTIC_LOAD_BALANCING_V2",
    "events": "EVENTBRIDGE", "eventbridge": "EVENTBRIDGE", "route53": "ROUTE_53", "route53domains": "ROUTE_53_DOMAINS",
    "s3control": "S3_CONTROL", "secretsmanager": "SECRETS_MANAGER", "servicecatalog": "SERVICE_CATALOG",
    "servicequotas": "SERVICE_QUOTAS", "autoscaling": "AUTO_SCALING", "directconnect": "DIRECT_CONNECT",
    "globalaccelerator": "GLOBAL_ACCELERATOR", "networkfirewall": "NETWORK_FIREWALL", "ssoadmin": "SSO_ADMIN",
    "storagegateway": "STORAGE_GATEWAY", "wafregional": "WAF_REGIONAL", "acmpca": "ACM_PCA",
    "ecrpublic": "ECR_PUBLIC", "elasticbeanstalk": "ELASTIC_BEANSTALK", "kinesisanalyticsv2": "KINESIS_ANALYTICS_V2",
}
_SERVICE = re.compile(r"^[a-z][a-z0-9]{0,62}$")
_ROLE_ARN = re.compile(r"^arn:[a-z0-9-]{1,32}:iam::\d{12}:role/[\w+=,.@/-]{1,512}$")
_URL = re.compile(r"^https?://[A-Za-z0-9.-]+(:\d{1,5})?(/[A-Za-z0-9._~/-]*)?$")
_FLAGS = ("skip_credentials_validation", "skip_region_validation", "skip_requesting_account_id", "s3_use_path_style")

SecretValue = Callable[[Mapping[str, Any], str], bytes]  # (secretRef, where it is in the spec) → the value


@dataclasses.dataclass(frozen=True)
class Sourced:
    """What a ProviderConfig's credentials resolve to."""

    arguments: dict[str, Any]  # provider-block arguments, Terraform form; no secret among them
    env: dict[str, str]  # the provider process's whole AWS_* environment
    secrets: tuple[str, ...]  # values never to be shown (the Redactor's)


@dataclasses.dataclass(frozen=True)
class Ambient:
    """What a namespace's ProviderConfig may use besides a Secret: both off by default, since the pod's
    identity and the network it reaches are the operator's, not a tenant's."""

    identity_in_namespaces: bool = False
    endpoints_in_namespaces: bool = False


class Sources:
    """Turns a ProviderConfig's spec into :class:`Sourced`: the one place that knows the sources."""

    def __init__(self, config: Credentials, *, environ: Mapping[str, str], files: Path | None = None,
                 ambient: Ambient | None = None) -> None:
        self.config, self.environ, self.ambient = config, environ, ambient or Ambient()
        self._files = files

    def resolve(self, spec: Mapping[str, Any], *, display: str, namespaced: bool,
                secret_value: SecretValue) -> Sourced:
        creds = spec.get("credentials") or {}
        if not isinstance(creds, dict):
            raise InvalidSpec(f"{display}: spec.credentials: must be an object")
        source = creds.get("source", "Secret")
        if source not in SOURCES or (not self.config.upjet_aws and source not in ("None", "Secret")):
            raise InvalidSpec(f"{display}: spec.credentials.source: {names.shown(str(source))} is not a known source")
        env = {k: v for k, v in sorted(self.environ.items()) if any(fnmatchcase(k, p) for p in INHERITED)}
        arguments: dict[str, Any] = {}
        secrets: list[str] = []
        if source == "Secret":
            found = self._secret(creds, display, secret_value)
            env.update(found)
            secrets += found.values()
        elif source != "None":
            self._may_use_ambient(source, creds, display, namespaced)
        if source in AMBIENT:
            missing = [v for v in AMBIENT_REQUIRED[source] if not self.environ.get(v)]
            if missing:
                raise Retryable(f"{display}: spec.credentials.source {source}: the provider's pod has no "
                                f"{', '.join(missing)}", delay=60.0)
            env.update({v: self.environ[v] for v in AMBIENT[source] if self.environ.get(v)})
        elif source in ("WebIdentity", "Upbound"):
            block, token = self._web_identity(creds, source, display, secret_value)
            arguments["assume_role_with_web_identity"] = [block]
            secrets += [token] if token else []
        if not self.config.upjet_aws:
            return Sourced(arguments, env, tuple(secrets))
        chain = self._chain(spec.get("assumeRoleChain"), display)
        if chain:
            arguments["assume_role"] = chain
        if spec.get("endpoint") is not None:
            if namespaced and not self.ambient.endpoints_in_namespaces:
                raise InvalidSpec(f"{display}: spec.endpoint: only a ClusterProviderConfig may choose where the "
                                  f"provider connects")
            env.update(self._endpoint(spec["endpoint"], display))
        for flag in _FLAGS:
            if isinstance(spec.get(flag), bool):
                arguments[flag] = spec[flag]
        if isinstance(spec.get("skip_metadata_api_check"), bool):
            # A string in the aws provider's schema ("true"/"false"), a boolean in upjet's.
            arguments["skip_metadata_api_check"] = str(spec["skip_metadata_api_check"]).lower()
        return Sourced(arguments, env, tuple(secrets))

    # -- sources -----------------------------------------------------------------------------------

    def _secret(self, creds: Mapping[str, Any], display: str, secret_value: SecretValue) -> dict[str, str]:
        where = f"{display}: spec.credentials.secretRef"
        ref = creds.get("secretRef")
        if not isinstance(ref, dict) or not ref.get("name") or not ref.get("key"):
            raise InvalidSpec(f"{where}: name and key are required")
        raw = secret_value(ref, where)
        try:
            values = decode.loads(raw)
        except ValueError:
            values = None
        if isinstance(values, dict):
            mapping = self.config.env
            return {mapping[k]: str(v) for k, v in values.items() if k in mapping and v not in (None, "")}
        if not self.config.profile:
            # Never echo the secret: only where it is and that it is not JSON.
            raise InvalidSpec(f"{where}: the value of key {ref['key']!r} is not a JSON object")
        profile = default_profile(raw, f"{where}: the value of key {ref['key']!r}")
        found = {self.config.profile[k]: v for k, v in profile.items() if k in self.config.profile and v}
        for key, variable in sorted(self.config.profile.items()):
            # Upstream would carry on with empty credentials that fail at the first cloud call.
            if variable in self.config.required and variable not in found:
                raise InvalidSpec(f"{where}: no {key} in the default profile of key {ref['key']!r}")
        return found

    def _may_use_ambient(self, source: str, creds: Mapping[str, Any], display: str, namespaced: bool) -> None:
        token = ((creds.get("webIdentity") or {}).get("tokenConfig") or {}) if isinstance(creds, dict) else {}
        from_secret = source == "WebIdentity" and isinstance(token, dict) and token.get("source") == "Secret"
        if namespaced and not from_secret and not self.ambient.identity_in_namespaces:
            raise InvalidSpec(f"{display}: spec.credentials.source: {source} uses the provider's own identity and "
                              f"is not allowed in a namespaced ProviderConfig; use a ClusterProviderConfig")

    def _web_identity(self, creds: Mapping[str, Any], source: str, display: str,
                      secret_value: SecretValue) -> tuple[dict[str, Any], str]:
        """The ``assume_role_with_web_identity`` block, and the token if it came from a Secret."""
        at = "spec.credentials.upbound.webIdentity" if source == "Upbound" else "spec.credentials.webIdentity"
        config = (creds.get("upbound") or {}).get("webIdentity") if source == "Upbound" else creds.get("webIdentity")
        if not isinstance(config, dict):
            raise InvalidSpec(f"{display}: {at}: required for source {source}")
        block: dict[str, Any] = {"role_arn": _role_arn(config, f"{display}: {at}")}
        session = config.get("roleSessionName")
        if session:
            if not isinstance(session, str) or not re.fullmatch(r"[\w+=,.@-]{2,64}", session):
                raise InvalidSpec(f"{display}: {at}.roleSessionName: {names.shown(str(session))} is not a session "
                                  f"name")
            block["session_name"] = session
        token_config = config.get("tokenConfig")
        token = ""
        if source == "Upbound":
            if not os.path.exists(UPBOUND_TOKEN):
                raise InvalidSpec(f"{display}: spec.credentials.source Upbound: Upbound identity is only available "
                                  f"on Upbound control planes")
            path = UPBOUND_TOKEN
        elif not token_config:
            path = self.environ.get("AWS_WEB_IDENTITY_TOKEN_FILE", "")
            if not path:
                raise Retryable(f"{display}: {at}: no tokenConfig, and the provider's pod has no "
                                f"AWS_WEB_IDENTITY_TOKEN_FILE", delay=60.0)
        elif not isinstance(token_config, dict):
            raise InvalidSpec(f"{display}: {at}.tokenConfig: must be an object")
        elif token_config.get("source") == "Filesystem":
            path = str((token_config.get("fs") or {}).get("path") or "")
            if not os.path.isabs(path) or ".." in Path(path).parts:
                raise InvalidSpec(f"{display}: {at}.tokenConfig.fs.path: must be an absolute path")
        elif token_config.get("source") == "Secret":
            where = f"{display}: {at}.tokenConfig.secretRef"
            ref = token_config.get("secretRef")
            if not isinstance(ref, dict) or not ref.get("name") or not ref.get("key"):
                raise InvalidSpec(f"{where}: name and key are required")
            token = secret_value(ref, where).decode(errors="replace").strip()
            if not token:
                raise InvalidSpec(f"{where}: the token is empty")
            path = str(self._token_file(display, token))
        else:
            raise InvalidSpec(f"{display}: {at}.tokenConfig.source: "
                              f"{names.shown(str(token_config.get('source')))} is neither Secret nor Filesystem")
        block["web_identity_token_file"] = path
        return block, token

    def _chain(self, chain: Any, display: str) -> list[dict[str, Any]]:
        if chain is None:
            return []
        if not isinstance(chain, list):
            raise InvalidSpec(f"{display}: spec.assumeRoleChain: must be a list")
        out = []
        for i, entry in enumerate(chain):
            at = f"{display}: spec.assumeRoleChain[{i}]"
            if not isinstance(entry, dict):
                raise InvalidSpec(f"{at}: must be an object")
            block: dict[str, Any] = {"role_arn": _role_arn(entry, at)}
            if entry.get("externalID"):
                block["external_id"] = str(entry["externalID"])
            tags = entry.get("tags") or []
            if tags:
                if not all(isinstance(t, dict) and isinstance(t.get("key"), str) for t in tags):
                    raise InvalidSpec(f"{at}.tags: every tag needs a key and a value")
                block["tags"] = {t["key"]: str(t.get("value") or "") for t in tags}
            if entry.get("transitiveTagKeys"):
                block["transitive_tag_keys"] = [str(k) for k in entry["transitiveTagKeys"]]
            out.append(block)
        return out

    def _endpoint(self, endpoint: Any, display: str) -> dict[str, str]:
        at = f"{display}: spec.endpoint"
        url = endpoint.get("url") if isinstance(endpoint, dict) else None
        if not isinstance(url, dict):
            raise InvalidSpec(f"{at}.url: required")
        kind = url.get("type")
        if kind == "Auto":
            if not endpoint.get("partitionId"):
                raise InvalidSpec(f"{at}.partitionId: required when the endpoint URL type is Auto")
            return {}
        if kind == "Dynamic":
            # The URL depends on each resource's region, but one provider process serves one configuration.
            raise InvalidSpec(f"{at}.url.type: Dynamic is not supported; use Static (one URL per service)")
        if kind != "Static":
            raise InvalidSpec(f"{at}.url.type: {names.shown(str(kind))} is not Static, Dynamic or Auto")
        static = url.get("static")
        if not isinstance(static, str) or not _URL.match(static):
            raise InvalidSpec(f"{at}.url.static: {names.shown(str(static))} is not an http(s) URL")
        services = endpoint.get("services") or []
        if not services:
            return {"AWS_ENDPOINT_URL": static}
        out = {}
        for i, service in enumerate(services):
            if not isinstance(service, str) or not _SERVICE.match(service):
                raise InvalidSpec(f"{at}.services[{i}]: {names.shown(str(service))} is not a service name")
            out[f"AWS_ENDPOINT_URL_{service_id(service)}"] = static
        return out

    def _token_file(self, display: str, token: str) -> Path:
        """A private copy of a Secret's web identity token, replaced atomically when it changes."""
        if self._files is None:
            self._files = Path(tempfile.mkdtemp(prefix="tfbridge-credentials-"))
        folder = self._files / hashlib.sha256(display.encode()).hexdigest()[:16]
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        path = folder / "web-identity-token"
        if path.exists() and path.read_text() == token:
            return path
        fd, tmp = tempfile.mkstemp(dir=folder)
        with os.fdopen(fd, "w") as f:  # mkstemp makes it 0600
            f.write(token)
        os.replace(tmp, path)
        return path


def service_id(service: str) -> str:
    """The AWS SDK's identifier of a provider endpoint key, as its ``AWS_ENDPOINT_URL_*`` variable names it."""
    return SERVICE_IDS.get(service, service.upper())


def default_profile(raw: bytes, what: str) -> dict[str, str]:
    """The ``default`` profile of an AWS INI credentials file, as go-ini's case-insensitive load reads it:
    section and key names in any case, ``=`` or ``:``, keys before any section in the default profile.
    Errors say where, never what the text was."""
    try:
        text = raw.decode()
    except UnicodeDecodeError as exc:
        raise InvalidSpec(f"{what} is neither a JSON object nor an INI profile") from exc
    section, found = "default", {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("["):
            if not line.endswith("]"):
                raise InvalidSpec(f"{what} is neither a JSON object nor an INI profile (line {number})")
            section = line[1:-1].strip().lower()
            continue
        key, sep, value = line.partition("=") if "=" in line else line.partition(":")
        if not sep:
            raise InvalidSpec(f"{what} is neither a JSON object nor an INI profile (line {number})")
        if section == "default":
            found[key.strip().lower()] = value.strip().strip('"')
    return found


def _role_arn(config: Mapping[str, Any], at: str) -> str:
    """``config``'s ``roleARN``, refused (shown bounded) unless it is an IAM role ARN."""
    role = config.get("roleARN")
    if not isinstance(role, str) or not _ROLE_ARN.match(role):
        raise InvalidSpec(f"{at}.roleARN: {names.shown(str(role))} is not an IAM role ARN")
    return role
