"""A seeded sample of the kinds the committed report proves on the executor they ship with, run again on
it through the runtime against moto (with the examples it references, as the report proved it), in two
job processes of several kinds side by side as a run of the catalogue runs: each still passes every step,
an update the report proves is proven again, and no step made a second object. No two kinds of a sample
bring objects of one Terraform type, so an object an account holds one of is never made twice in one cloud.

The sample changes from run to run; the seed is printed (and set with TFBRIDGE_CONFORMANCE_SEED) so
a failure can be replayed, also with `tfbridge conformance --kinds ...`.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from conformance.classes import MOTO
from conformance.command import WORKERS, run_placed
from conformance.examples import Examples
from conformance.report import load_report, passed_kinds
from tests.support.cloud import Moto
from tests.support.packages import AWS, ROOT
from tfconfig.shipping import proven as proven_result
from tfconfig.shipping import results as per_executor

# Seconds per step, as long as the report's own runs allowed (`--timeout 240`): some kinds spend
# minutes in the provider's own waiters (a network interface attachment's delete waits about 170 s for
# its instance and interface to go), so a shorter step would fail a kind the report rightly proves.
STEP_SECONDS = 240.0
# A sample holding a few such kinds waits minutes in one job: past pytest's default limit on a busy machine.
pytestmark = [pytest.mark.slow, pytest.mark.cloud, pytest.mark.timeout(1200)]
SAMPLE = 15


def apart(kinds: list[str], rng: random.Random, examples: Examples) -> list[str]:
    """Up to SAMPLE of ``kinds`` in ``rng``'s order, no two of whose bundles (the kind's example and the
    examples it references) hold objects of one Terraform type. Two kinds of one job share a moto, and
    the account holds one of some objects whatever their names (an Organization, a GuardDuty detector,
    Security Hub): two bundles each making one would fail the second for the account, not for the kind."""
    order = list(kinds)
    rng.shuffle(order)
    taken: set[str] = set()
    chosen: list[str] = []
    for tf_type in order:
        types = {k.config.tf_type for k, _ in examples.bundle(AWS.by_type(tf_type)).objects}
        if types & taken:
            continue
        taken |= types
        chosen.append(tf_type)
        if len(chosen) == SAMPLE:
            break
    return sorted(chosen)


def test_a_seeded_sample_of_proven_kinds_still_passes(terraform_bin: str, plugin_dir: Path, moto: Moto,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # ``moto`` only proves moto is installed (or fails loudly): the run starts its own in its process,
    # where it counts what moto made.
    provider_dir = ROOT / "providers" / "aws"
    # Each kind's result on the executor it ships with.
    reported = {t: per_executor(row).get(AWS.by_type(t).config.executor, {})
                for t, row in load_report(provider_dir / "conformance.yaml")["kinds"].items()}
    # A row the runner wrote before its update step changed more than tags says "no tags argument": that
    # kind's update was never tried, so it is left out until a run proves or skips it with today's step.
    proven = [t for t in passed_kinds(provider_dir) if proven_result(reported[t])
              and reported[t]["steps"]["update"] != "skipped: no tags argument"]
    assert len(proven) >= SAMPLE, "the committed conformance report proves too few kinds to sample"
    seed = int(os.environ.get("TFBRIDGE_CONFORMANCE_SEED") or random.SystemRandom().randrange(1 << 16))
    print(f"conformance sample seed {seed} (TFBRIDGE_CONFORMANCE_SEED={seed} replays it)")
    chosen = apart(proven, random.Random(seed), Examples(AWS, provider_dir))
    assert len(chosen) == SAMPLE, f"seed {seed}: only {len(chosen)} proven kinds bring objects of their own"
    monkeypatch.setenv("TFBRIDGE_TERRAFORM", terraform_bin)
    monkeypatch.setenv("TFBRIDGE_PLUGIN_DIR", str(plugin_dir))
    # Each kind with the examples it references on the executor it ships on, as the report proved it. A kind
    # spends its half minute to two minutes waiting on the provider's waiters and on moto, not on a core: as
    # many side by side in each job as a run has overlap those waits (one at a time, the sample took five
    # minutes at 6 % of a core).
    placed = {t: AWS.by_type(t).config.executor for t in chosen}
    run = run_placed("aws", placed, jobs=2, batch=len(chosen), workers=WORKERS, timeout=STEP_SECONDS,
                     done=lambda r: print(r.kind, r.seconds, r.steps))
    print(f"{len(chosen)} kinds in {run.seconds:.0f}s")
    assert sorted(r.kind for r in run.results) == chosen and run.lost == []
    # moto answers a few calls differently from one run to the next (a value it keeps or not, a state it
    # reaches late): a kind failing for moto's own reasons runs once more, and only a second failure counts.
    again = [r.kind for r in run.results if not r.passed and r.failure_class == MOTO]
    results = {r.kind: r for r in run.results}
    if again:
        print(f"seed {seed}: run again after moto's answers: {again}")
        rerun = run_placed("aws", {t: placed[t] for t in again}, jobs=1, batch=len(again), workers=1,
                           timeout=STEP_SECONDS)
        results.update({r.kind: r for r in rerun.results})
    failed = {k: f"{r.failure_class}: {r.failure}" for k, r in results.items() if not r.passed}
    assert failed == {}, f"seed {seed}: {failed}"
    run.results = [results[k] for k in chosen]
    unproven = [r.kind for r in run.results if reported[r.kind]["steps"]["update"].startswith("ok")
                and not r.steps["update"].startswith("ok")]
    assert unproven == [], f"seed {seed}: an update the report proves was not proven again"
    assert sum(r.duplicates for r in run.results) == 0
    # A check of a fast cloud can take under the millisecond its seconds are rounded to: its outcome says it ran.
    # A kind whose object the cloud already shows when it is first observed is never created, so nothing is
    # checked (an SES domain's DKIM, which moto shows for every domain identity): the report shows no check for
    # it either. Every kind the report proved with a check is checked again.
    checks = {r.kind: r.import_check for r in run.results}
    unchecked = {k: c for k, c in checks.items() if c not in ("imported", "unchecked", "recovered")
                 and not (c == "" and "import_check_ms" not in reported[k])}
    assert unchecked == {}, f"seed {seed}: unchecked creates: {unchecked} (all: {checks})"
