"""moto as the cloud of the AWS provider, for tests, benchmarks and the demo: how to start it, and
the ProviderConfig, credentials and provider arguments that point the aws provider at it.

Endpoints reach the provider as ``AWS_ENDPOINT_URL`` in its environment, never as an ``endpoints``
block: the block makes every provider-configuration check cost seconds of CPU.
"""

from __future__ import annotations

import base64
import json
import socket
import subprocess
import sys
import time
import urllib.request
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


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_http(url: str, timeout: float, alive: subprocess.Popen[bytes] | None = None) -> None:
    """Wait until ``url`` answers; raises TimeoutError after ``timeout`` seconds, or RuntimeError at
    once if ``alive`` (the server's process) exits."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            urllib.request.urlopen(url, timeout=1).close()
            return
        except OSError:
            if alive is not None and alive.poll() is not None:
                raise RuntimeError(f"the server behind {url} exited with {alive.returncode}") from None
            if time.monotonic() > deadline:
                raise TimeoutError(f"{url} did not answer within {timeout:.0f}s") from None
            time.sleep(0.1)


def start_moto(timeout: float = 30.0) -> tuple[subprocess.Popen[bytes], str]:
    """moto's server on a free local port (this interpreter's moto, whatever is on PATH), answering."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    endpoint = f"http://127.0.0.1:{port}"
    try:
        wait_http(f"{endpoint}/moto-api/", timeout, proc)
    except BaseException:
        proc.kill()
        proc.wait()
        raise
    return proc, endpoint


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
