"""The AWS provider's CRDs for benchmarks that serve them from the local rig's API server (:mod:`devrig.rig`),
which runs in its own process, so a benchmark measures the provider's CPU and memory alone."""

from __future__ import annotations

from pathlib import Path

from codegen import pipeline
from devrig.rig import PROVIDERS

AWS_DIR = PROVIDERS / "aws"
# Seconds for the API server to compile every AWS CRD (2,816 of them) before it serves.
ALL_CRDS_SECONDS = 120.0


def aws_crds() -> Path:
    """The AWS provider's CRD tree, generated first if it is missing or stale (it is not committed)."""
    pipeline.ensure(AWS_DIR, jobs=2)
    return AWS_DIR / "crds"
