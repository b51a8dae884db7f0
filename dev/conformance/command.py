"""``tfbridge conformance``: the kinds chosen, the machine checked, the run dealt to jobs, the report merged
as each kind ends, and an exit code that says whether the run found a failure it owns.

Exit 0 when every kind passed or failed only for others' reasons (``moto unsupported``, ``provider bug``:
facts about moto and the provider, recorded in the report); exit 1 when a kind failed for a reason the
run owns (``our bug``, ``example invalid``, ``timeout``), with ``--strict`` for any reason, when a step
made a second object, when a job ended before its kinds' results, or when the environment stopped the run.
The last line says which, with each class's count.
"""

from __future__ import annotations

import datetime
import os
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

import click
import filelock

from bridge.settings import EXECUTOR_CHOICES
from conformance.classes import CLASSES, ENVIRONMENT, OURS, OWNED, reclassified
from conformance.environment import PLUGIN_DIR, TERRAFORM, EnvironmentFailure, check
from conformance.examples import Examples, select
from conformance.jobs import Jobs, run_jobs
from conformance.report import each_result, load_report, merge, totals, write_report
from conformance.result import Result, progress
from devrig.rig import PROVIDERS
from tfconfig.shipping import results, runs_on

# A run's defaults, for two cores: a kind spends most of its time waiting (on the provider's own
# waiters, which poll every few seconds, and on moto's answers), so each job runs several kinds side by
# side; two jobs keep both cores' worth of interpreter lock in use.
JOBS, WORKERS, BATCH = 2, 4, 100


def verdict(results: Sequence[Result], *, strict: bool, lost: Sequence[str] = ()) -> tuple[int, str]:
    """The command's exit code and its last line: the failures that fail the run by class (every class
    with ``strict``, else those the run owns), and those it only reports."""
    failed = Counter(r.failure_class for r in results if not r.passed)
    counted = [c for c in (*CLASSES, ENVIRONMENT) if failed[c] and (strict or c in OWNED)]
    excused = [c for c in CLASSES if failed[c] and c not in counted]
    duplicates = sum(r.duplicates for r in results)
    reasons = [f"{c} {failed[c]}" for c in counted]
    reasons += [f"duplicates {duplicates}"] if duplicates else []
    reasons += [f"no result {len(lost)}"] if lost else []
    passed = sum(1 for r in results if r.passed)
    aside = (f"; not failing it without --strict: {', '.join(f'{c} {failed[c]}' for c in excused)}"
             if excused else "")
    if reasons:
        return 1, f"conformance failed (exit 1): {', '.join(reasons)}{aside}"
    return 0, f"conformance passed (exit 0): {passed} of {len(results)} kinds passed{aside}"


@click.command()
@click.option("--provider", "provider_name", default="aws", show_default=True)
@click.option("--kinds", default="",
              help="Comma-separated Terraform types or kinds (default: every kind with an example).")
@click.option("--sample", type=int, default=0, help="Run N kinds chosen by --seed.")
@click.option("--seed", type=int, default=None, help="The sample's seed (printed; default: random).")
@click.option("--skip-reported", is_flag=True, help="Leave out kinds the report already has (resume a run).")
@click.option("--executor", type=click.Choice(EXECUTOR_CHOICES), default="direct", show_default=True,
              help="The executor every kind runs on; auto: each kind on the one it ships on (one run per "
                   "executor, a kind's referenced examples on its executor too). Each result is recorded as the "
                   "executor's, beside the kind's results on the other.")
@click.option("--jobs", type=click.IntRange(1, 8), default=JOBS, show_default=True,
              help="Job processes taking kinds at once, each with its own moto, API server and provider.")
@click.option("--workers", type=click.IntRange(1, 16), default=WORKERS, show_default=True,
              help="Kinds side by side in each job.")
@click.option("--batch", type=click.IntRange(1), default=BATCH, show_default=True,
              help="Kinds per job process at most (each batch starts with an empty moto).")
@click.option("--timeout", type=float, default=180.0, show_default=True, help="Seconds per step.")
@click.option("--strict", is_flag=True,
              help="Fail the run for moto unsupported and provider bug too (by default only for the classes "
                   "the run owns: our bug, example invalid, timeout, environment).")
@click.option("--reclassify", is_flag=True,
              help="Classify the report's failures again by their words, and run nothing.")
@click.option("--report/--no-report", default=True, show_default=True,
              help="Merge the results into providers/<provider>/conformance.yaml and .md.")
def conformance(provider_name: str, kinds: str, sample: int, seed: int | None, skip_reported: bool, executor: str,
                jobs: int, workers: int, batch: int, timeout: float, strict: bool, reclassify: bool,
                report: bool) -> None:
    """Prove each kind's example against moto: create, lose the workspace, import, update, delete.

    Exits 1 when a kind failed for a reason the run owns (our bug, example invalid, timeout), or the
    environment stopped it; moto unsupported and provider bug fail it only with --strict.
    """
    from codegen import pipeline
    from tfbridge.run import load_package

    provider_dir = PROVIDERS / provider_name
    package = load_package(provider_name)
    report_path = provider_dir / "conformance.yaml"
    if reclassify:
        with filelock.FileLock(str(report_path.with_name(f".{report_path.name}.lock"))):
            doc = load_report(report_path)
            for row in doc["kinds"].values():
                for result in each_result(row):
                    if result.get("failure"):
                        result["class"] = reclassified(result["failure"], result.get("class", OURS))
            write_report(report_path, doc)
        click.echo(f"{report_path}: {doc['totals']}")
        return
    plugin_dir = os.environ.get(PLUGIN_DIR) or None
    try:
        check(package.provider, terraform=os.environ.get(TERRAFORM, "terraform"),
              plugin_dir=Path(plugin_dir) if plugin_dir else None)
    except EnvironmentFailure as exc:
        _stopped(exc)
    pipeline.ensure(provider_dir, jobs=min(2, os.cpu_count() or 1))
    examples = Examples(package, provider_dir)
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 16)
    ran_on = {k.config.tf_type: runs_on(executor, k.config.shipped).executor for k in package.kinds}
    reported = load_report(report_path)["kinds"] if skip_reported else {}
    skip = sorted(t for t, row in reported.items() if ran_on.get(t) in results(row))
    chosen = select(package, examples, [k for k in kinds.split(",") if k], sample, seed, skip)
    click.echo(f"conformance: {len(chosen)} kinds, executor {executor}, {jobs} jobs of {workers} workers"
               + (f", sample seed {seed}" if sample else ""))
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    ended = 0

    def record(r: Result) -> None:
        # Written as each kind ends: a run cut short keeps what it proved, and --skip-reported resumes it.
        nonlocal ended
        ended += 1
        click.echo(progress(ended, len(chosen), r))
        if report:
            merge(report_path, {r.kind: {**r.to_json(), "executor": ran_on[r.kind], "date": today}})

    try:
        run = run_placed(provider_name, {k.config.tf_type: ran_on[k.config.tf_type] for k in chosen}, jobs=jobs,
                         batch=batch, workers=workers, timeout=timeout, done=record)
    except EnvironmentFailure as exc:
        _stopped(exc)
    _summarise(run, report_path if report else None)
    code, last = verdict(run.results, strict=strict, lost=run.lost)
    click.echo(last)
    if code:
        raise SystemExit(code)


def run_placed(provider_name: str, placed: Mapping[str, str], **options: Any) -> Jobs:
    """Each kind (``placed``: its Terraform type → the executor it runs on) run on its executor, the examples
    it references on that executor too, as a report's proof of a kind is made: one run per executor."""
    runs = [run_jobs(provider_name, [t for t, e in placed.items() if e == executor], executor=executor, **options)
            for executor in sorted(set(placed.values()))]
    return Jobs(results=[r for run in runs for r in run.results], lost=[k for run in runs for k in run.lost],
                seconds=sum(run.seconds for run in runs), crashes=[c for run in runs for c in run.crashes],
                again=[k for run in runs for k in run.again])


def _summarise(run: Jobs, report_path: Path | None) -> None:
    summary = totals({r.kind: r.to_json() for r in run.results})
    checks = [r.import_check_seconds for r in run.results if r.import_check_seconds]
    cost = f"{1000 * sum(checks) / len(checks):.0f} ms mean over {len(checks)} creates" if checks else "n/a"
    rate = 60 * len(run.results) / run.seconds if run.seconds else 0.0
    click.echo(f"run {summary['run']}, passed {summary['passed']} (update proven {summary['passed_update']['proven']}, "
               f"skipped {summary['passed_update']['skipped']}), failed {summary['failed']}, "
               f"duplicates {summary['duplicates']}; import check {cost}; wall time {run.seconds:.0f}s "
               f"({rate:.1f} kinds a minute)")
    if run.again:
        click.echo(f"run a second time (a provider crash under them; only that result counts): "
                   f"{', '.join(run.again)}")
    if run.lost:
        click.echo(f"no result (their job ended first): {', '.join(run.lost)}", err=True)
    if report_path is not None:
        click.echo(f"report: {report_path}")


def _stopped(failure: EnvironmentFailure) -> NoReturn:
    """The run stopped by its environment: one line, and exit 1."""
    click.echo(f"conformance stopped (exit 1): {ENVIRONMENT}: {failure}", err=True)
    raise SystemExit(1)
