"""The direct executor plans as terraform plans: the same configuration and prior state, planned by the
terraform CLI (the reference) and by :func:`bridge.tfplugin.plan.plan_change`, give the same action,
the same replace paths and the same planned values (unknowns alike).

Scope: every kind whose example renders, which is every kind with an example (the example as the
runtime renders it, its references to other examples filled with a value of the field's own name, its
Secrets read as placeholders), and every resource type of the protocol-6 test provider (tfbtest), in
these cases:

* create: no prior state;
* settled: the prior is the create plan with its unknowns given values (what a read after the create
  answers), and the configuration unchanged;
* unread: the same prior without the optional arguments the configuration leaves to the provider's
  defaults (a cloud that does not echo them back);
* changed: the settled prior and a changed configuration (aws: a tag added, and ``name`` changed
  where the kind has one, often a replacement; tfbtest: its lifecycle's update and replacement).

A case both refuse (a placeholder the provider's validation rejects, a plan the provider fails) counts as
agreeing; a case one side refuses and the other plans is a difference. Terraform plans every case in
one run (``plan -refresh=false`` over one workspace, the priors in its state file: a plan reads nothing
from the cloud), so the whole catalogue costs a few terraform runs.
"""

from __future__ import annotations

import collections
import concurrent.futures
import contextlib
import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from bridge.tfplugin import cty
from bridge.tfplugin.provider import Provider
from bridge.tfplugin.schema import Schema
from bridge.workspace.document import ProviderBlock, Rendered, ResourceBlock
from devrig.cloud import MOTO_CREDENTIALS
from testprovider import NAME as TFBTEST
from testprovider import SOURCE as TFBTEST_SOURCE
from testprovider import VERSION as TFBTEST_VERSION
from testprovider import mirror as tfbtest_mirror
from tests.support import planparity, tfbtest
from tests.support.cloud import Moto, provider_env
from tests.support.executors import SETUP
from tests.support.packages import AWS, example_path
from tests.support.planparity import Case, Outcome, Providers, Workspace

pytestmark = [pytest.mark.terraform]

# A provider retries what it takes for a transient failure: a plan that asks moto for something it does not
# implement (a Step Functions definition's validation) fails at once instead of backing off for minutes.
AWS_PROVIDER = {"max_retries": 1}


@dataclasses.dataclass
class Sides:
    """Both planners over one set of provider configurations."""

    providers: Providers
    direct: Mapping[str, Provider]  # provider key → its process
    workspace: Workspace

    def schema(self, tf_type: str) -> Schema:
        p = next(iter(self.direct.values())) if tf_type.startswith("aws_") else self._tfbtest()
        return p.schema(tf_type)

    def _tfbtest(self) -> Provider:
        return next(p for k, p in self.direct.items() if k.startswith(f"{TFBTEST}."))

    def plan_direct(self, cases: Sequence[Case]) -> dict[str, tuple[Outcome, Any]]:
        """Each case's outcome and the plan it made (None when refused), on two threads (the provider
        answers calls side by side)."""
        def one(case: Case) -> tuple[str, tuple[Outcome, Any]]:
            outcome, change = planparity.direct(self.direct[case.provider], case)
            return case.address, (outcome, change)

        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            return dict(pool.map(one, cases))


@contextlib.contextmanager
def both_sides(directory: Path, terraform_bin: str, mirror: Path, env: Mapping[str, str],
               blocks: Sequence[ProviderBlock]) -> Iterator[Sides]:
    """A workspace initialised for ``blocks`` (terraform's side) and a process of each (the direct side)."""
    providers = Providers.of(blocks)
    workspace = Workspace(terraform_bin, directory / "tf", mirror, env)
    workspace.write(providers, [], lambda t: Schema(0, _never()))
    workspace.init()
    direct: dict[str, Provider] = {}
    try:
        for key, (block, _) in providers.blocks.items():
            binary = planparity.installed_binary(workspace.workdir, block.source)
            direct[key] = Provider(binary, env, block.arguments)
        yield Sides(providers, direct, workspace)
    finally:
        for p in direct.values():
            p.stop()


def _tfbtest_block(directory: Path) -> tuple[Path, ProviderBlock]:
    """A mirror in ``directory`` with the test provider installed, and its provider block (a store of its own)."""
    mirror = directory / "mirror"
    tfbtest_mirror.install(mirror)
    store = tfbtest.store(directory)
    return mirror, ProviderBlock(TFBTEST, TFBTEST_SOURCE, TFBTEST_VERSION, tfbtest.configuration(store))


@pytest.fixture
def tfbtest_sides(tmp_path: Path, terraform_bin: str) -> Iterator[Sides]:
    mirror, block = _tfbtest_block(tmp_path)
    with both_sides(tmp_path, terraform_bin, mirror, provider_env(), [block]) as sides:
        yield sides


@pytest.fixture
def every_side(tmp_path: Path, terraform_bin: str, plugin_dir: Path, moto: Moto) -> Iterator[Sides]:
    """aws (one process per provider configuration the examples use) and tfbtest, in one workspace."""
    mirror, tfbtest_block = _tfbtest_block(tmp_path)
    planparity.mirror_with(plugin_dir, mirror, ["hashicorp"])
    blocks = [dataclasses.replace(r.provider, arguments={**r.provider.arguments, **AWS_PROVIDER})
              for r in _rendered(tmp_path).values() if isinstance(r, Rendered)]
    with both_sides(tmp_path, terraform_bin, mirror, {**provider_env(moto), **MOTO_CREDENTIALS},
                    [*blocks, tfbtest_block]) as sides:
        yield sides


def _never() -> Any:
    raise AssertionError("no prior state is written before init")


_RENDERED: dict[str, Rendered | str] = {}


def _rendered(tmp_path: Path) -> dict[str, Rendered | str]:
    if not _RENDERED:
        _RENDERED.update(planparity.rendered_examples(AWS, example_path, SETUP, tmp_path / "ws"))
    return _RENDERED


# -- the cases --------------------------------------------------------------------------------------------


def aws_cases(sides: Sides, rendered: Mapping[str, Rendered | str]) -> list[Case]:
    out = []
    for _, r in sorted(rendered.items()):
        if isinstance(r, Rendered):
            block = dataclasses.replace(r.provider, arguments={**r.provider.arguments, **AWS_PROVIDER})
            out.append(Case("k0", sides.providers.key(block), r.resource))
    return out


def aws_changes(schema: Schema, resource: ResourceBlock) -> list[tuple[str, ResourceBlock]]:
    """The changed configurations of an aws kind: a tag added, ``name`` changed."""
    args = dict(resource.arguments)
    out = []
    tags = schema.block.attribute("tags")
    if tags is not None and tags.optional:
        added = {**(args.get("tags") or {}), "tfbridge-plan": "changed"}
        out.append(("tagged", dataclasses.replace(resource, arguments={**args, "tags": added})))
    if isinstance(args.get("name"), str):
        out.append(("renamed", dataclasses.replace(resource, arguments={**args, "name": args["name"] + "2"})))
    return out


def tfbtest_cases(sides: Sides) -> tuple[list[Case], dict[str, list[tuple[str, ResourceBlock]]]]:
    """Each tfbtest resource type's lifecycle: its create, and its update and replacement as changes."""
    key = next(k for k in sides.providers.blocks if k.startswith(f"{TFBTEST}."))
    creates, changes = [], {}
    for lifecycle in tfbtest.CASES:
        def literal(address: str, attribute: str, parents: Mapping[str, Mapping[str, Any]] = lifecycle.parents) -> Any:
            # A reference as the value it resolves to: a parent's argument, or an ID the store would give.
            return parents[address].get(attribute, f"{attribute}-synthetic")

        made = Case("k0", key, ResourceBlock(lifecycle.tf_type, lifecycle.create(literal)))
        creates.append(made)
        changes[made.address] = [("updated", ResourceBlock(lifecycle.tf_type, lifecycle.update(literal)))] + (
            [("replaced", ResourceBlock(lifecycle.tf_type, lifecycle.replace(literal)))] if lifecycle.replace else [])
    return creates, changes


def variants(sides: Sides, create: Case, change: Any,
             changes: Sequence[tuple[str, ResourceBlock]]) -> list[Case]:
    """The prior-state cases of a kind whose create planned: settled, unread, and each change."""
    schema = sides.schema(create.resource.tf_type)
    settled = cty.to_json(schema.type, planparity.filled(schema.type, change.planned.state))
    out = [dataclasses.replace(create, name="settled", prior=settled, variant="settled")]
    unread = planparity.unread(schema, change.config, settled)
    if unread != settled:
        out.append(dataclasses.replace(create, name="unread", prior=unread, variant="unread"))
    for name, resource in changes:
        out.append(dataclasses.replace(create, name=name, resource=resource, prior=settled, variant=name))
    return out


# -- the comparison ---------------------------------------------------------------------------------------


@dataclasses.dataclass
class Report:
    differences: dict[str, list[str]] = dataclasses.field(default_factory=dict)
    counts: collections.Counter[str] = dataclasses.field(default_factory=collections.Counter)

    def compare(self, case: Case, ours: Outcome, theirs: Outcome | None) -> None:
        if theirs is None:
            self.differences[case.address] = ["terraform gave it no outcome"]
            return
        found = ours.differences(theirs)
        if found:
            self.differences[case.address] = found
        self.counts[f"{case.variant}: {'refused' if ours.failed else ours.action or 'no-op'}"] += 1

    def summary(self, limit: int = 40) -> str:
        lines = [f"{address}: {' | '.join(found)}"[:1500] for address, found in sorted(self.differences.items())]
        return f"{len(self.differences)} cases plan otherwise than terraform:\n" + "\n".join(lines[:limit])


def compare(sides: Sides, creates: Sequence[Case],
            changes: Callable[[Case], Sequence[tuple[str, ResourceBlock]]]) -> Report:
    """Plan ``creates`` and their variants on both sides and compare them."""
    report = Report()
    made = sides.plan_direct(creates)
    cases = list(creates)
    for case in creates:
        outcome, change = made[case.address]
        if change is not None:
            cases += variants(sides, case, change, changes(case))
    ours = {**made, **sides.plan_direct([c for c in cases if c.prior is not None])}
    by_stage: dict[str, list[Case]] = collections.defaultdict(list)
    for case in cases:
        outcome = ours[case.address][0]
        by_stage[outcome.refused_at or "planned"].append(case)
    theirs: dict[str, Outcome] = {}
    if by_stage["validate"]:
        sides.workspace.write(sides.providers, by_stage["validate"], sides.schema)
        theirs.update({a: Outcome(failed=w) for a, w in sides.workspace.validate(by_stage["validate"]).items()})
    for stage in ("plan", "planned"):
        left = by_stage[stage]
        while left:
            sides.workspace.write(sides.providers, left, sides.schema)
            planned = sides.workspace.plan(left, sides.schema)
            theirs.update(planned)
            # Terraform writes no plan when any resource fails: the others are planned again without them.
            left = [c for c in left if c.address not in planned] if any(o.failed for o in planned.values()) else []
    for case in cases:
        report.compare(case, ours[case.address][0], theirs.get(case.address))
    return report


def test_tfbtest_plans_as_terraform_plans(tfbtest_sides: Sides) -> None:
    """Protocol 6: nested attributes of every nesting, computed members, sets matched by content, a
    replacement's second plan."""
    creates, changes = tfbtest_cases(tfbtest_sides)
    report = compare(tfbtest_sides, creates, lambda case: changes[case.address])
    assert not report.differences, report.summary()
    assert report.counts["replaced: replace"] >= 2 and report.counts["updated: update"] >= 3, report.counts


@pytest.mark.slow
@pytest.mark.cloud
# About 125 s of CPU over both cores (1,400 examples, 4,400 cases; terraform's two plans of them most of it):
# a few minutes of wall time on a quiet machine, longer beside other work.
@pytest.mark.timeout(1800)
def test_every_example_plans_as_terraform_plans(every_side: Sides, tmp_path: Path) -> None:
    rendered = _rendered(tmp_path)
    not_rendered = {t: why for t, why in rendered.items() if isinstance(why, str)}
    assert not not_rendered, f"examples that do not render: {not_rendered}"
    lifecycles, lifecycle_changes = tfbtest_cases(every_side)
    creates = [*aws_cases(every_side, rendered), *lifecycles]

    def changes(case: Case) -> Sequence[tuple[str, ResourceBlock]]:
        if case.address in lifecycle_changes:
            return lifecycle_changes[case.address]
        return aws_changes(every_side.schema(case.resource.tf_type), case.resource)

    report = compare(every_side, creates, changes)
    assert not report.differences, report.summary()
    planned = collections.Counter({k.split(":")[0]: 0 for k in report.counts})
    for key, n in report.counts.items():
        if not key.endswith("refused"):
            planned[key.split(":")[0]] += n
    assert planned["create"] > 1000 and planned["settled"] > 1000 and planned["tagged"] > 500, report.counts
    assert planned["unread"] > 500 and planned["renamed"] > 300 and planned["updated"] == 4, report.counts
