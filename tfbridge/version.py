"""``tfbridge --version``: which tfbridge, which terraform and which providers, as a bug report needs them."""

from __future__ import annotations

import importlib.metadata
import json
import os
import shutil
import subprocess

import tfproject
from tfconfig import Provider


def bundled() -> list[Provider]:
    """Every provider installed: those this distribution carries and any provider project's, as
    `tfbridge run --provider NAME` finds them (the ``tfbridge.providers`` entry point group)."""
    return [tfproject.load(name).provider for name in tfproject.installed()]


def terraform(binary: str) -> str:
    """``terraform 1.11.4 (/usr/bin/terraform)``, or why there is none to report."""
    found = shutil.which(binary)
    if found is None:
        return f"terraform: not found ({binary!r} is not an executable on PATH; set TFBRIDGE_TERRAFORM)"
    try:
        # No checkpoint: asking for a version must not ask HashiCorp's servers for a newer one.
        out = subprocess.run([found, "version", "-json"], capture_output=True, text=True, timeout=30, check=True,
                             env={**os.environ, "CHECKPOINT_DISABLE": "1"})
        version = json.loads(out.stdout)["terraform_version"]
    except (OSError, subprocess.SubprocessError, ValueError, KeyError) as exc:
        return f"terraform: {found} did not say its version ({type(exc).__name__})"
    return f"terraform {version} ({found})"


def lines() -> list[str]:
    """What ``--version`` prints: tfbridge's own version, the terraform CLI the runtime would run, and each
    bundled provider's source and version."""
    out = [f"tfbridge {importlib.metadata.version('tfbridge')}",
           terraform(os.environ.get("TFBRIDGE_TERRAFORM", "terraform"))]
    for provider in bundled():
        version = provider.version if provider.version else "(built into terraform)"
        out.append(f"provider {provider.name}: {provider.source} {version}")
    return out
