"""moto as the cloud of the AWS provider: the ProviderConfig, credentials and provider arguments that
point the aws provider at it (moto itself is :mod:`devrig.moto`).

Endpoints reach the provider as ``AWS_ENDPOINT_URL`` in its environment, never as an ``endpoints``
block: the block makes every provider-configuration check cost seconds of CPU.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Mapping
from typing import Any

# The aws provider's arguments for moto (Terraform form): no credential or account-ID checks, paths
# rather than virtual hosts for S3.
MOTO_CONFIGURATION: Mapping[str, Any] = {"skip_credentials_validation": True, "skip_metadata_api_check": True,
                                         "skip_requesting_account_id": True, "s3_use_path_style": True}
# The same as a ProviderConfig's spec.configuration (CR form).
MOTO_PROVIDER_CONFIGURATION: Mapping[str, Any] = {"skipCredentialsValidation": True, "skipMetadataApiCheck": "true",
                                                  "skipRequestingAccountId": True, "s3UsePathStyle": True}
MOTO_CREDENTIALS: Mapping[str, str] = {"AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test"}
CREDENTIALS_SECRET = ("crossplane-system", "aws-creds", "credentials")  # namespace, name, key


def credentials_secret(access_key: str = "test", secret_key: str = "test", *,
                       where: tuple[str, str, str] = CREDENTIALS_SECRET) -> dict[str, Any]:
    """The Secret ``where`` (namespace, name, key) a ProviderConfig reads aws credentials from: a JSON
    object under one key."""
    namespace, name, key = where
    value = json.dumps({"access_key": access_key, "secret_key": secret_key}).encode()
    return {"apiVersion": "v1", "kind": "Secret", "type": "Opaque", "data": {key: base64.b64encode(value).decode()},
            "metadata": {"name": name, "namespace": namespace}}


def provider_config(root_group: str, name: str = "default", *,
                    secret: tuple[str, str, str] | None = CREDENTIALS_SECRET,
                    configuration: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A ProviderConfig: credentials from the Secret ``secret`` (namespace, name, key) or none, and
    ``configuration`` (CR form)."""
    creds: dict[str, Any] = {"source": "None"}
    if secret is not None:
        namespace, secret_name, key = secret
        creds = {"source": "Secret", "secretRef": {"namespace": namespace, "name": secret_name, "key": key}}
    spec: dict[str, Any] = {"credentials": creds}
    if configuration is not None:
        spec["configuration"] = dict(configuration)
    return {"apiVersion": f"{root_group}/v1beta1", "kind": "ProviderConfig", "metadata": {"name": name}, "spec": spec}
