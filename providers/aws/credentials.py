"""The AWS provider's ProviderConfigs, as provider-upjet-aws accepts them: the extension of the
declared credentials mapping (a Secret's keys or INI profile, which the framework reads) with the
other sources and settings upstream's spec has, turned into provider-block arguments and the
provider process's ``AWS_*`` environment.

provider-upjet-aws builds an AWS SDK configuration in its own process (``internal/clients``); tfbridge
runs the real provider binary, so it reaches the same result through the provider block and the
process environment:

- ``IRSA`` and ``PodIdentity``: the pod's own identity variables, passed through to the provider.
- ``WebIdentity``: an ``assume_role_with_web_identity`` block whose token file is the pod's
  (``AWS_WEB_IDENTITY_TOKEN_FILE``), one on the provider's disk (``tokenConfig.source: Filesystem``), or
  a private copy of a Secret's token (``tokenConfig.source: Secret``): a token is never put in the
  provider block, which the CLI executor writes to disk.
- ``assumeRoleChain``: one ``assume_role`` block per entry, in order, after the base credentials.
- ``endpoint.url``: ``AWS_ENDPOINT_URL`` (no services listed) or ``AWS_ENDPOINT_URL_<SERVICE>`` per
  service, never an ``endpoints`` block (it costs seconds of provider CPU per configuration check).
- ``skip_*`` and ``s3_use_path_style``: provider-block arguments of the same names.

The pod's identity (IRSA, PodIdentity, WebIdentity without a Secret token, Upbound) and an endpoint are
the provider's, not a tenant's: a namespace's ProviderConfig may not use them unless the operator
allows it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tfconfig import (
    Context,
    Credentials,
    CredentialsError,
    CredentialsExtension,
    CredentialsUnavailable,
    ImportProbe,
    Sourced,
)

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


class AWSCredentials(CredentialsExtension):
    """provider-upjet-aws's ProviderConfig spec: the pod's identity (IRSA, PodIdentity), a web identity,
    Upbound's, a role chain, an endpoint and the skip_* flags."""

    sources = SOURCES
    source_description = ("Secret: a Secret key holding an AWS INI profile ([default] aws_access_key_id, ...) or "
                          "a JSON object; IRSA, PodIdentity: the provider pod's identity; WebIdentity: a web "
                          "identity token for a role")
    ambient_sources = ("None",)
    whole_secret = False  # upstream's secretRef names a key, which holds a profile or a JSON object

    def credentials_properties(self, secret_ref: Mapping[str, Any]) -> dict[str, Any]:
        web = _web_identity_schema(secret_ref)
        return {"webIdentity": web,
                "upbound": {"type": "object", "description": "Upbound control planes' provider identity.",
                            "properties": {"webIdentity": web}}}

    def spec_properties(self) -> dict[str, Any]:
        return _UPJET_AWS_SPEC

    def secret_refs(self, spec: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        creds = spec.get("credentials")
        if not isinstance(creds, dict):
            return []
        found = []
        for config in (creds.get("webIdentity"), (creds.get("upbound") or {}).get("webIdentity")):
            token = (config or {}).get("tokenConfig") if isinstance(config, dict) else None
            if isinstance(token, dict) and isinstance(token.get("secretRef"), dict):
                found.append(token["secretRef"])
        return found

    def resolve(self, spec: Mapping[str, Any], source: str, context: Context) -> Sourced:
        display = context.display
        creds = spec.get("credentials") or {}
        env: dict[str, str] = {}
        arguments: dict[str, Any] = {}
        secrets: list[str] = []
        if source not in ("Secret", "None"):
            _may_use_ambient(source, creds, context)
        if source in AMBIENT:
            missing = [v for v in AMBIENT_REQUIRED[source] if not context.environ.get(v)]
            if missing:
                raise CredentialsUnavailable(f"{display}: spec.credentials.source {source}: the provider's pod has "
                                             f"no {', '.join(missing)}", delay=60.0)
            env.update({v: context.environ[v] for v in AMBIENT[source] if context.environ.get(v)})
        elif source in ("WebIdentity", "Upbound"):
            block, token = _web_identity(creds, source, context)
            arguments["assume_role_with_web_identity"] = [block]
            secrets += [token] if token else []
        chain = _chain(spec.get("assumeRoleChain"), display)
        if chain:
            arguments["assume_role"] = chain
        if spec.get("endpoint") is not None:
            if context.namespaced and not context.endpoints_in_namespaces:
                raise CredentialsError(f"{display}: spec.endpoint: only a ClusterProviderConfig may choose where the "
                                       f"provider connects")
            env.update(_endpoint(spec["endpoint"], display))
        for flag in _FLAGS:
            if isinstance(spec.get(flag), bool):
                arguments[flag] = spec[flag]
        if isinstance(spec.get("skip_metadata_api_check"), bool):
            # A string in the aws provider's schema ("true"/"false"), a boolean in upjet's.
            arguments["skip_metadata_api_check"] = str(spec["skip_metadata_api_check"]).lower()
        return Sourced(arguments, env, tuple(secrets))


CREDENTIALS = Credentials(
    env={"access_key": "AWS_ACCESS_KEY_ID", "secret_key": "AWS_SECRET_ACCESS_KEY",
         "session_token": "AWS_SESSION_TOKEN"},
    provider_arguments=("access_key", "secret_key", "token"),
    profile={"aws_access_key_id": "AWS_ACCESS_KEY_ID", "aws_secret_access_key": "AWS_SECRET_ACCESS_KEY",
             "aws_session_token": "AWS_SESSION_TOKEN"},
    required=("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"),
    owned_env=OWNED,
    inherited_env=INHERITED,
    # The AWS SDK's default chain ends at the node's instance metadata (the node's role): off for every
    # ProviderConfig but a cluster-scoped one whose source is None, the operator's choice of it.
    no_ambient_env={"AWS_EC2_METADATA_DISABLED": "true"},
    extension=AWSCredentials(),
    # Keys that work nowhere, every endpoint a port that refuses connections, and no instance metadata:
    # an importer that calls AWS fails at once.
    probe=ImportProbe(
        env={"AWS_ENDPOINT_URL": "{endpoint}", "AWS_ACCESS_KEY_ID": "probe", "AWS_SECRET_ACCESS_KEY": "probe",
             "AWS_EC2_METADATA_DISABLED": "true", "AWS_MAX_ATTEMPTS": "1"},
        configuration={"skip_credentials_validation": True, "skip_metadata_api_check": "true",
                       "skip_requesting_account_id": True, "skip_region_validation": True, "max_retries": 1}),
)


def service_id(service: str) -> str:
    """The AWS SDK's identifier of a provider endpoint key, as its ``AWS_ENDPOINT_URL_*`` variable names it."""
    return SERVICE_IDS.get(service, service.upper())


def _shown(value: object, limit: int = 80) -> str:
    """A user's string as a message may quote it: escaped, and cut short."""
    text = str(value)
    return ascii(text[:limit]) + ("…" if len(text) > limit else "")


def _may_use_ambient(source: str, creds: Mapping[str, Any], context: Context) -> None:
    token = ((creds.get("webIdentity") or {}).get("tokenConfig") or {}) if isinstance(creds, dict) else {}
    from_secret = source == "WebIdentity" and isinstance(token, dict) and token.get("source") == "Secret"
    if context.namespaced and not from_secret and not context.identity_in_namespaces:
        raise CredentialsError(f"{context.display}: spec.credentials.source: {source} uses the provider's own "
                               f"identity and is not allowed in a namespaced ProviderConfig; use a "
                               f"ClusterProviderConfig")


def _web_identity(creds: Mapping[str, Any], source: str, context: Context) -> tuple[dict[str, Any], str]:
    """The ``assume_role_with_web_identity`` block, and the token if it came from a Secret."""
    display = context.display
    at = "spec.credentials.upbound.webIdentity" if source == "Upbound" else "spec.credentials.webIdentity"
    config = (creds.get("upbound") or {}).get("webIdentity") if source == "Upbound" else creds.get("webIdentity")
    if not isinstance(config, dict):
        raise CredentialsError(f"{display}: {at}: required for source {source}")
    block: dict[str, Any] = {"role_arn": _role_arn(config, f"{display}: {at}")}
    session = config.get("roleSessionName")
    if session:
        if not isinstance(session, str) or not re.fullmatch(r"[\w+=,.@-]{2,64}", session):
            raise CredentialsError(f"{display}: {at}.roleSessionName: {_shown(session)} is not a session name")
        block["session_name"] = session
    token_config = config.get("tokenConfig")
    token = ""
    if source == "Upbound":
        if not os.path.exists(UPBOUND_TOKEN):
            raise CredentialsError(f"{display}: spec.credentials.source Upbound: Upbound identity is only available "
                                   f"on Upbound control planes")
        path = UPBOUND_TOKEN
    elif not token_config:
        path = context.environ.get("AWS_WEB_IDENTITY_TOKEN_FILE", "")
        if not path:
            raise CredentialsUnavailable(f"{display}: {at}: no tokenConfig, and the provider's pod has no "
                                         f"AWS_WEB_IDENTITY_TOKEN_FILE", delay=60.0)
    elif not isinstance(token_config, dict):
        raise CredentialsError(f"{display}: {at}.tokenConfig: must be an object")
    elif token_config.get("source") == "Filesystem":
        path = str((token_config.get("fs") or {}).get("path") or "")
        if not os.path.isabs(path) or ".." in Path(path).parts:
            raise CredentialsError(f"{display}: {at}.tokenConfig.fs.path: must be an absolute path")
    elif token_config.get("source") == "Secret":
        where = f"{display}: {at}.tokenConfig.secretRef"
        ref = token_config.get("secretRef")
        if not isinstance(ref, dict) or not ref.get("name") or not ref.get("key"):
            raise CredentialsError(f"{where}: name and key are required")
        token = context.secret_value(ref, where).decode(errors="replace").strip()
        if not token:
            raise CredentialsError(f"{where}: the token is empty")
        path = context.private_file("web-identity-token", token)
    else:
        raise CredentialsError(f"{display}: {at}.tokenConfig.source: {_shown(token_config.get('source'))} is "
                               f"neither Secret nor Filesystem")
    block["web_identity_token_file"] = path
    return block, token


def _chain(chain: Any, display: str) -> list[dict[str, Any]]:
    if chain is None:
        return []
    if not isinstance(chain, list):
        raise CredentialsError(f"{display}: spec.assumeRoleChain: must be a list")
    out = []
    for i, entry in enumerate(chain):
        at = f"{display}: spec.assumeRoleChain[{i}]"
        if not isinstance(entry, dict):
            raise CredentialsError(f"{at}: must be an object")
        block: dict[str, Any] = {"role_arn": _role_arn(entry, at)}
        if entry.get("externalID"):
            block["external_id"] = str(entry["externalID"])
        tags = entry.get("tags") or []
        if tags:
            if not all(isinstance(t, dict) and isinstance(t.get("key"), str) for t in tags):
                raise CredentialsError(f"{at}.tags: every tag needs a key and a value")
            block["tags"] = {t["key"]: str(t.get("value") or "") for t in tags}
        if entry.get("transitiveTagKeys"):
            block["transitive_tag_keys"] = [str(k) for k in entry["transitiveTagKeys"]]
        out.append(block)
    return out


def _endpoint(endpoint: Any, display: str) -> dict[str, str]:
    at = f"{display}: spec.endpoint"
    url = endpoint.get("url") if isinstance(endpoint, dict) else None
    if not isinstance(url, dict):
        raise CredentialsError(f"{at}.url: required")
    kind = url.get("type")
    if kind == "Auto":
        if not endpoint.get("partitionId"):
            raise CredentialsError(f"{at}.partitionId: required when the endpoint URL type is Auto")
        return {}
    if kind == "Dynamic":
        # The URL depends on each resource's region, but one provider process serves one configuration.
        raise CredentialsError(f"{at}.url.type: Dynamic is not supported; use Static (one URL per service)")
    if kind != "Static":
        raise CredentialsError(f"{at}.url.type: {_shown(kind)} is not Static, Dynamic or Auto")
    static = url.get("static")
    if not isinstance(static, str) or not _URL.match(static):
        raise CredentialsError(f"{at}.url.static: {_shown(static)} is not an http(s) URL")
    services = endpoint.get("services") or []
    if not services:
        return {"AWS_ENDPOINT_URL": static}
    out = {}
    for i, service in enumerate(services):
        if not isinstance(service, str) or not _SERVICE.match(service):
            raise CredentialsError(f"{at}.services[{i}]: {_shown(service)} is not a service name")
        out[f"AWS_ENDPOINT_URL_{service_id(service)}"] = static
    return out


def _role_arn(config: Mapping[str, Any], at: str) -> str:
    """``config``'s ``roleARN``, refused (shown bounded) unless it is an IAM role ARN."""
    role = config.get("roleARN")
    if not isinstance(role, str) or not _ROLE_ARN.match(role):
        raise CredentialsError(f"{at}.roleARN: {_shown(role)} is not an IAM role ARN")
    return role


def _web_identity_schema(secret: Mapping[str, Any]) -> dict[str, Any]:
    return {"type": "object", "description": "Assume a role with a web identity token.", "properties": {
        "roleARN": {"type": "string", "maxLength": 2048, "description": "The role to assume."},
        "roleSessionName": {"type": "string", "maxLength": 64, "description": "The session's name."},
        "tokenConfig": {"type": "object", "required": ["source"],
                        "description": "Where the token is; default: the provider pod's AWS_WEB_IDENTITY_TOKEN_FILE.",
                        "properties": {
                            "source": {"type": "string", "enum": ["Secret", "Filesystem"]},
                            "secretRef": secret,
                            "fs": {"type": "object", "required": ["path"],
                                   "properties": {"path": {"type": "string", "maxLength": 4096}}}}}}}


# provider-upjet-aws's ProviderConfigSpec besides credentials (field names as upstream's, snake_case ones too).
_UPJET_AWS_SPEC: dict[str, Any] = {
    "assumeRoleChain": {
        "type": "array", "maxItems": 16,
        "description": "Roles assumed in order, each with the previous one's credentials, after the base credentials.",
        "items": {"type": "object", "required": ["roleARN"], "properties": {
            "roleARN": {"type": "string", "maxLength": 2048},
            "externalID": {"type": "string", "maxLength": 1224},
            "tags": {"type": "array", "maxItems": 50, "items": {
                "type": "object", "required": ["key", "value"],
                "properties": {"key": {"type": "string", "maxLength": 128},
                               "value": {"type": "string", "maxLength": 256}}}},
            "transitiveTagKeys": {"type": "array", "maxItems": 50, "items": {"type": "string", "maxLength": 128}}}}},
    "endpoint": {
        "type": "object", "required": ["url"],
        "description": "Where the provider reaches AWS (as AWS_ENDPOINT_URL or AWS_ENDPOINT_URL_<SERVICE>); only a "
                       "cluster-scoped ProviderConfig may set it unless the operator allows it.",
        "properties": {
            "url": {"type": "object", "required": ["type"], "properties": {
                "type": {"type": "string", "enum": ["Static", "Dynamic", "Auto"]},
                "static": {"type": "string", "maxLength": 2048},
                "dynamic": {"type": "object", "required": ["protocol", "host"], "properties": {
                    "protocol": {"type": "string", "enum": ["http", "https"]},
                    "host": {"type": "string", "maxLength": 253}}}}},
            "services": {"type": "array", "maxItems": 512, "items": {"type": "string", "maxLength": 63},
                         "description": "The provider's endpoint keys (ec2, s3, sts, ...); none: every service."},
            "hostnameImmutable": {"type": "boolean"},
            "partitionId": {"type": "string", "maxLength": 32},
            "signingName": {"type": "string", "maxLength": 128},
            "signingRegion": {"type": "string", "maxLength": 64},
            "signingMethod": {"type": "string", "maxLength": 64},
            "source": {"type": "string", "enum": ["ServiceMetadata", "Custom"]}}},
    **{flag: {"type": "boolean"} for flag in ("skip_credentials_validation", "skip_region_validation",
                                               "s3_use_path_style", "skip_metadata_api_check",
                                               "skip_requesting_account_id")},
}
