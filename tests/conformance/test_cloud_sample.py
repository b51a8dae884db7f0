"""A seeded sample of the kinds the committed report proves, run again through the runtime against
moto: each still passes every step, and no step made a second object.

The sample changes from run to run; the seed is printed (and set with TFBRIDGE_CONFORMANCE_SEED) so
a failure can be replayed, also with `tfbridge conformance --kinds ...`.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from tests.support.cloud import Moto
from tests.support.packages import AWS, ROOT
from tfbridge.conformance import Examples, passed_kinds, run_conformance

pytestmark = [pytest.mark.slow, pytest.mark.cloud]
SAMPLE = 6


def test_a_seeded_sample_of_proven_kinds_still_passes(terraform_bin: str, plugin_dir: Path, moto: Moto,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # ``moto`` only proves moto is installed (or fails loudly): the run starts its own in its process,
    # where it counts what moto made.
    provider_dir = ROOT / "providers" / "aws"
    proven = passed_kinds(provider_dir)
    assert len(proven) >= SAMPLE, "the committed conformance report proves too few kinds to sample"
    seed = int(os.environ.get("TFBRIDGE_CONFORMANCE_SEED") or random.SystemRandom().randrange(1 << 16))
    print(f"conformance sample seed {seed} (TFBRIDGE_CONFORMANCE_SEED={seed} replays it)")
    chosen = sorted(random.Random(seed).sample(proven, SAMPLE))
    monkeypatch.setenv("TFBRIDGE_TERRAFORM", terraform_bin)
    monkeypatch.setenv("TFBRIDGE_PLUGIN_DIR", str(plugin_dir))
    run = run_conformance(provider_dir, [AWS.by_type(t) for t in chosen], Examples(AWS, provider_dir),
                          executor="direct", workers=2, timeout=120, log=print)
    failed = {r.kind: f"{r.failure_class}: {r.failure}" for r in run.results if not r.passed}
    assert failed == {}, f"seed {seed}: {failed}"
    assert [r.kind for r in run.results] == chosen
    assert sum(r.duplicates for r in run.results) == 0
    checks = [r.import_check_seconds for r in run.results]
    assert all(c is not None and c > 0 for c in checks), f"seed {seed}: a create was not checked: {checks}"
