"""moto as the tests see it: a client per service, a reset between runs, the providers' environment."""

from __future__ import annotations

import dataclasses
import os
import urllib.request
from typing import Any


@dataclasses.dataclass(frozen=True)
class Moto:
    endpoint: str

    def client(self, service: str) -> Any:
        import boto3

        return boto3.client(service, endpoint_url=self.endpoint, region_name="us-east-1",
                            aws_access_key_id="test", aws_secret_access_key="test")

    def reset(self) -> None:
        """An empty cloud (moto's reset API): a scenario that runs twice counts only its own objects."""
        with urllib.request.urlopen(urllib.request.Request(f"{self.endpoint}/moto-api/reset", method="POST"),
                                    timeout=30):
            pass


def provider_env(moto: Moto | None = None) -> dict[str, str]:
    """The environment terraform and providers get in tests: endpoints by env, no CA bundle."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TF_", "AWS_"))}
    if moto is not None:
        env["AWS_ENDPOINT_URL"] = moto.endpoint
    return env
