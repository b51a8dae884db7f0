"""moto as the tests see it (:class:`devrig.moto.Moto`: a client per service, a reset between runs), and the
providers' environment."""

from __future__ import annotations

import os

from devrig.moto import Moto

__all__ = ["Moto", "provider_env"]


def provider_env(moto: Moto | None = None) -> dict[str, str]:
    """The environment terraform and providers get in tests: endpoints by env, no CA bundle."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TF_", "AWS_"))}
    if moto is not None:
        env["AWS_ENDPOINT_URL"] = moto.endpoint
    return env
