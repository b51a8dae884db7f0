"""The same plans made twice: by terraform (the reference) and by the direct executor's planning
(:func:`bridge.tfplugin.plan.plan_change`), for the same configurations and prior states.

A case is one resource instance: a configuration (a rendered ResourceBlock) and a prior state (JSON
attributes, as a state file holds them; None to create). Terraform plans every case at once, in one
workspace whose ``terraform.tfstate`` holds the priors (``plan -refresh=false``: the prior is planned
from as it is, as the direct executor plans from the state its read saved); the direct executor plans
each over the protocol. What is compared (:class:`Outcome`): the action, the replace paths, the
planned values with unknowns as a marker, the prior as planned from (terraform's ``before``: the
provider's UpgradeResourceState of the stored JSON, which the direct executor decodes itself when the
schema version matches), or that both refuse the case.

The priors are synthesized (:func:`settled` and its variants) from a create plan, its unknowns given
values of their type: every kind's example plans here, where a create against moto succeeds for a
third of them, and a plan reads nothing from the cloud.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import subprocess
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from bridge.api.errors import OperationFailed
from bridge.api.external import ProviderSetup
from bridge.api.managed import Managed
from bridge.api.registry import Kind, ProviderPackage
from bridge.tfexec.plugins import cli_config
from bridge.tfplugin import cty, plan
from bridge.tfplugin.provider import Provider
from bridge.tfplugin.schema import Schema
from bridge.workspace import tfstate
from bridge.workspace.document import ProviderBlock, Rendered, ResourceBlock, escape
from bridge.workspace.kind import KindWorkspaces
from bridge.workspace.store import WorkspaceStore
from codegen.examples import valid_placeholder
from providers.aws.examples import EXAMPLE_VALUES
from tfconfig import lower_camel

UNKNOWN = "(known after apply)"  # an unknown value, as both sides' values are compared
# A Secret's keys as the examples name them, each with a value every validation of a secret accepts.
SECRET = {"example-key": b"Example-Secret-Value-1", "key": b"Example-Secret-Value-1",
          "password": b"Example-Passw0rd!"}
ACTIONS = {("create",): "create", ("no-op",): None, ("update",): "update", ("delete", "create"): "replace",
           ("create", "delete"): "replace"}


@dataclasses.dataclass(frozen=True)
class Case:
    """One resource instance to plan: ``resource`` with ``prior`` (state attributes; None: create)."""

    name: str  # the instance's name in the workspace
    provider: str  # the key of its provider block (:class:`Providers`)
    resource: ResourceBlock
    prior: Mapping[str, Any] | None = None
    variant: str = "create"

    @property
    def address(self) -> str:
        return f"{self.resource.tf_type}.{self.name}"


@dataclasses.dataclass(frozen=True)
class Outcome:
    """What a plan decided: refused (``failed``, in its words), or an action (None: no-op), the paths
    whose change forces the replacement, the planned values and the prior planned from."""

    failed: str = ""
    refused_at: str = ""  # the direct executor's: "validate" or "plan"
    action: str | None = None
    replace_paths: tuple[tuple[str | int, ...], ...] = ()
    after: Any = None
    before: Any = None

    def differences(self, other: Outcome) -> list[str]:
        """What ``other`` (the reference) decided otherwise, in words; [] when both refuse."""
        if self.failed or other.failed:
            return [] if self.failed and other.failed else [
                f"refused: {bool(self.failed)} vs {bool(other.failed)}: {self.failed or other.failed}"]
        out = []
        if self.action != other.action:
            out.append(f"action {self.action} vs {other.action}")
        if self.replace_paths != other.replace_paths:
            out.append(f"replace paths {self.replace_paths} vs {other.replace_paths}")
        for what, mine, theirs in (("planned", self.after, other.after), ("prior", self.before, other.before)):
            if mine != theirs:
                out.append(f"{what} values differ: {'; '.join(diff(mine, theirs))}")
        return out


def diff(mine: Any, theirs: Any, at: str = "") -> list[str]:
    """Where two JSON values differ, each place once (``at`` its path)."""
    if isinstance(mine, dict) and isinstance(theirs, dict):
        return [d for k in sorted(set(mine) | set(theirs)) for d in diff(mine.get(k), theirs.get(k), f"{at}.{k}")]
    if isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs):
        return [d for i, (a, b) in enumerate(zip(mine, theirs, strict=True)) for d in diff(a, b, f"{at}[{i}]")]
    return [] if mine == theirs else [f"{at or '(root)'}: {mine!r} vs {theirs!r}"]


# -- values, as both sides' are compared ----------------------------------------------------------------


def shown(t: cty.Type, value: Any) -> Any:
    """A decoded value as JSON with unknowns as :data:`UNKNOWN` and every set's elements in one order."""
    if value is cty.UNKNOWN:
        return UNKNOWN
    if value is None:
        return None
    if isinstance(value, cty.Dynamic):
        return shown(value.type, value.value)
    if isinstance(t, cty.Object):
        return {k: shown(at, value.get(k)) for k, at in t.attributes}
    if isinstance(t, cty.Collection):
        if t.kind == "map":
            return {k: shown(t.element, v) for k, v in value.items()}
        items = [shown(t.element, v) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True)) if t.kind == "set" else items
    if isinstance(t, cty.Tuple):
        return [shown(e, v) for e, v in zip(t.elements, value, strict=True)]
    return value


def revealed(t: cty.Type, known: Any, unknown: Any) -> Any:
    """Terraform's ``after`` and ``after_unknown`` of ``show -json`` as one value, as :func:`shown`
    writes it (an unknown attribute is left out of ``after`` and is ``true`` in ``after_unknown``)."""
    if unknown is True:
        return UNKNOWN
    if known is None:
        return None
    if isinstance(t, cty.DynamicType):
        return known
    if isinstance(t, cty.Object):
        return {k: revealed(at, known.get(k), _member(unknown, k)) for k, at in t.attributes}
    if isinstance(t, cty.Collection):
        if t.kind == "map":
            return {k: revealed(t.element, v, _member(unknown, k)) for k, v in known.items()}
        items = [revealed(t.element, v, _member(unknown, i)) for i, v in enumerate(known)]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True)) if t.kind == "set" else items
    if isinstance(t, cty.Tuple):
        return [revealed(e, v, _member(unknown, i)) for i, (e, v) in enumerate(zip(t.elements, known, strict=True))]
    return known


def _member(unknown: Any, key: str | int) -> Any:
    if isinstance(unknown, dict) and isinstance(key, str):
        return unknown.get(key)
    if isinstance(unknown, list) and isinstance(key, int) and key < len(unknown):
        return unknown[key]
    return None


# -- prior states ---------------------------------------------------------------------------------------


def filled(t: cty.Type, value: Any, name: str = "") -> Any:
    """A planned value with every unknown given a value of its type, as a read might answer it: a string
    what its name suggests (an ARN for ``arn``), a number 1, a bool false, a collection empty."""
    if value is cty.UNKNOWN:
        return synthetic(t, name)
    if value is None:
        return None
    if isinstance(value, cty.Dynamic):
        return cty.Dynamic(value.type, filled(value.type, value.value, name))
    if isinstance(t, cty.Object):
        return {k: filled(at, value.get(k), k) for k, at in t.attributes}
    if isinstance(t, cty.Collection):
        if t.kind == "map":
            return {k: filled(t.element, v, name) for k, v in value.items()}
        return [filled(t.element, v, name) for v in value]
    if isinstance(t, cty.Tuple):
        return [filled(e, v, name) for e, v in zip(t.elements, value, strict=True)]
    return value


def synthetic(t: cty.Type, name: str) -> Any:
    if isinstance(t, cty.Primitive):
        if t.name == "string":
            placeholder = (valid_placeholder(lower_camel(name), "example", EXAMPLE_VALUES) if name.strip("_")
                           else "example")
            return placeholder if name != "id" else "synthetic-id"
        return 1 if t.name == "number" else False
    if isinstance(t, cty.Collection):
        return {} if t.kind == "map" else []
    if isinstance(t, cty.Object):
        return {k: synthetic(at, k) for k, at in t.attributes}
    if isinstance(t, cty.Tuple):
        return [synthetic(e, name) for e in t.elements]
    return cty.Dynamic(cty.STRING, "example")


def unread(schema: Schema, config: Mapping[str, Any], prior: Mapping[str, Any]) -> dict[str, Any]:
    """``prior`` as a read answers it when the cloud does not return the arguments the configuration
    leaves to the provider's defaults: every optional top-level attribute the configuration leaves null
    is null (the case of an argument with a provider default that the cloud does not echo back)."""
    out = dict(prior)
    for a in schema.block.attributes:
        if a.optional and config.get(a.name) is None and a.name != "id":
            out[a.name] = None
    return out


# -- the examples, rendered -----------------------------------------------------------------------------


def _holders(spec: Any, path: Sequence[str]) -> Iterator[dict[str, Any]]:
    if isinstance(spec, list):
        for item in spec:
            yield from _holders(item, path)
    elif isinstance(spec, dict):
        if len(path) == 1:
            yield spec
        else:
            yield from _holders(spec.get(path[0]), path[1:])


def placeholder_references(kind: Kind, spec: dict[str, Any]) -> dict[str, Any]:
    """``spec`` with each reference to another example replaced by a value of the field it fills, as a
    resolved reference would fill it (by the field's name: an ARN for ``roleArn``, else ``example``)."""
    out = copy.deepcopy(spec)
    for section in ("forProvider", "initProvider"):
        for rf in kind.references:
            for holder in _holders(out.get(section) or {}, rf.path):
                ref, selector = holder.pop(rf.ref_field, None), holder.pop(rf.selector_field, None)
                if (ref is not None or selector is not None) and holder.get(rf.path[-1]) in (None, "", []):
                    value = valid_placeholder(rf.path[-1], "example", EXAMPLE_VALUES)
                    holder[rf.path[-1]] = [value] if rf.many else value
    return out


def rendered_examples(package: ProviderPackage, example_path: Callable[[Kind], Path], setup: ProviderSetup,
                      workspaces: Path) -> dict[str, Rendered | str]:
    """Each cluster-scoped kind's example as the runtime renders it (its references filled in, its
    Secrets read as :data:`SECRET`, the external name the runtime starts a named object with): the
    Rendered, or why it does not render."""
    store = WorkspaceStore(workspaces)
    out: dict[str, Rendered | str] = {}
    for kind in package.kinds:
        path = example_path(kind)
        if kind.namespaced or not path.exists():
            continue
        doc = yaml.load(path.read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        mr = Managed({"apiVersion": kind.api_version, "kind": kind.kind,
                      "metadata": {"name": doc["metadata"]["name"], "uid": str(uuid.uuid4()), "annotations": {}},
                      "spec": placeholder_references(kind, doc["spec"])})
        if kind.config.external_name.name_initializer:
            mr.set_external_name(mr.name)
        floor = KindWorkspaces(store=store, provider=package.provider, kind=kind, setup=setup,
                               secrets=lambda namespace, name: SECRET, executor="direct", lock_timeout=10,
                               metadata=lambda *_: {})
        try:
            out[kind.config.tf_type] = floor.render(mr)
        except Exception as exc:
            out[kind.config.tf_type] = f"{type(exc).__name__}: {exc}"
    return out


# -- the direct executor's side -----------------------------------------------------------------------


def direct(p: Provider, case: Case, timeout: float = 120) -> tuple[Outcome, plan.Change | None]:
    """The direct executor's plan of ``case``: its prior decoded as the executor decodes a stored state
    of the current schema version, planned by :func:`plan.plan_change`."""
    schema = p.schema(case.resource.tf_type)
    try:
        config = plan.configuration(schema.block, schema.type, case.resource.configuration)
        prior = None
        if case.prior is not None:
            prior = schema.block.with_absent_blocks(cty.from_json(schema.type, dict(case.prior)))
        change = plan.plan_change(p, case.resource.tf_type, config, prior, b"", case.resource.ignore_changes, timeout)
    except OperationFailed as exc:
        return Outcome(failed=str(exc), refused_at="validate" if exc.verb == "validate_resource" else "plan"), None
    except cty.CtyError as exc:
        return Outcome(failed=str(exc), refused_at="validate"), None
    return Outcome(action=change.action, replace_paths=tuple(sorted(change.replace_paths, key=json.dumps)),
                   after=shown(schema.type, change.planned.state), before=shown(schema.type, prior)), change


# -- terraform's side ----------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Providers:
    """The provider blocks of a workspace: key → (block, alias); a key is ``<local name>.<alias>``."""

    blocks: Mapping[str, tuple[ProviderBlock, str]]

    @classmethod
    def of(cls, blocks: Iterable[ProviderBlock]) -> Providers:
        out: dict[str, tuple[ProviderBlock, str]] = {}
        for block in blocks:
            if block not in (b for b, _ in out.values()):
                alias = f"p{len(out)}"
                out[f"{block.name}.{alias}"] = (block, alias)
        return cls(out)

    def key(self, block: ProviderBlock) -> str:
        return next(k for k, (b, _) in self.blocks.items() if b == block)


class Workspace:
    """A terraform workspace of many resource instances, planned with ``-refresh=false``."""

    def __init__(self, binary: str, workdir: Path, mirror: Path, env: Mapping[str, str]) -> None:
        self.binary = binary
        self.workdir = workdir
        workdir.mkdir(parents=True, exist_ok=True)
        (workdir / "cli.tfrc").write_text(cli_config(mirror))
        self.env = {**{k: v for k, v in env.items() if not k.startswith("TF_")},
                    "TF_CLI_CONFIG_FILE": str(workdir / "cli.tfrc"), "TF_IN_AUTOMATION": "1", "CHECKPOINT_DISABLE": "1"}
        self.lines: list[str] = []  # main.tf.json's line of each resource type (diagnostics name a line)

    def run(self, *args: str, timeout: float = 1800) -> subprocess.CompletedProcess[str]:
        return subprocess.run([self.binary, *args], cwd=self.workdir, env=self.env, capture_output=True, text=True,
                              timeout=timeout, check=False)

    def write(self, providers: Providers, cases: Sequence[Case], schemas: Callable[[str], Schema]) -> None:
        """main.tf.json (one resource type a line) and terraform.tfstate (the cases' priors)."""
        requirements: dict[str, Any] = {}
        blocks: dict[str, list[dict[str, Any]]] = {}
        for block, alias in providers.blocks.values():
            requirements.update(block.requirements)
            blocks.setdefault(block.name, []).append({**escape(dict(block.arguments)), "alias": alias})
        by_type: dict[str, dict[str, Any]] = {}
        resources = []
        for case in cases:
            r = case.resource
            body: dict[str, Any] = {**escape(dict(r.arguments)), "provider": case.provider}
            if r.ignore_changes:
                body["lifecycle"] = {"ignore_changes": sorted(r.ignore_changes)}
            if r.timeouts:
                body["timeouts"] = dict(r.timeouts)
            by_type.setdefault(r.tf_type, {})[case.name] = body
            if case.prior is not None:
                block = providers.blocks[case.provider][0]
                source = block.source if block.source.count("/") == 2 else f"registry.terraform.io/{block.source}"
                schema = schemas(r.tf_type)
                # The sensitive paths a state written after a read holds (terraform's refresh marks the
                # schema's): a plan from a state without them would change their marks, an update.
                marked = schema.block.sensitive_paths(cty.from_json(schema.type, dict(case.prior)))
                doc = tfstate.with_instance(None, tf_type=r.tf_type, name=case.name, provider=source,
                                            attributes=case.prior, schema_version=schema.version,
                                            private=b"", sensitive_paths=marked)
                entry = doc["resources"][0]
                entry["provider"] = f'{entry["provider"]}.{providers.blocks[case.provider][1]}'
                resources.append(entry)
        head = json.dumps({"terraform": {"required_providers": requirements}, "provider": blocks})
        self.lines = sorted(by_type)
        text = head[:-1] + (', "resource": {\n' + ",\n".join(
            f"{json.dumps(t)}: {json.dumps(by_type[t])}" for t in self.lines) + "\n}}\n" if self.lines else "}\n")
        (self.workdir / "main.tf.json").write_text(text)
        state = self.workdir / "terraform.tfstate"
        state.unlink(missing_ok=True)
        if resources:
            state.write_text(json.dumps({"version": 4, "terraform_version": tfstate.STATE_TERRAFORM_VERSION,
                                         "serial": 1, "lineage": str(uuid.uuid4()), "outputs": {},
                                         "resources": resources, "check_results": None}))

    def init(self) -> None:
        done = self.run("init", "-input=false", "-no-color")
        if done.returncode != 0:
            raise AssertionError(f"terraform init failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")

    def _addresses(self, diagnostics: Iterable[Mapping[str, Any]], cases: Sequence[Case]) -> dict[str, str]:
        """Each refused case's address → the first error terraform gave it (an error in a resource type's
        line of main.tf.json names all of that type's instances there, which share the arguments)."""
        out: dict[str, str] = {}
        for d in diagnostics:
            if d.get("severity") != "error":
                continue
            words = f"{d.get('summary', '')}: {d.get('detail', '')}"
            address = d.get("address")
            if address:
                out.setdefault(str(address), words)
                continue
            line = (d.get("range") or {}).get("start", {}).get("line")
            if isinstance(line, int) and 2 <= line < len(self.lines) + 2:
                for case in cases:
                    if case.resource.tf_type == self.lines[line - 2]:
                        out.setdefault(case.address, words)
        return out

    def validate(self, cases: Sequence[Case]) -> dict[str, str]:
        """``terraform validate``: each case it refuses → why."""
        done = self.run("validate", "-json", "-no-color")
        return self._addresses(json.loads(done.stdout).get("diagnostics") or [], cases)

    def plan(self, cases: Sequence[Case], schemas: Callable[[str], Schema]) -> dict[str, Outcome]:
        """``terraform plan -refresh=false``: each case's outcome (refused: its error)."""
        (self.workdir / "plan.bin").unlink(missing_ok=True)
        done = self.run("plan", "-refresh=false", "-input=false", "-no-color", "-json", "-out=plan.bin",
                        "-parallelism=4")
        messages = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
        refused = self._addresses((m["diagnostic"] for m in messages if m.get("type") == "diagnostic"), cases)
        if done.returncode != 0 and not refused:
            raise AssertionError(f"terraform plan failed naming no resource:\n{done.stdout[-3000:]}\n"
                                 f"{done.stderr[-3000:]}")
        out = {address: Outcome(failed=words) for address, words in refused.items()}
        if refused:
            return out
        shown_plan = json.loads(self.run("show", "-json", "plan.bin").stdout)
        for change in shown_plan.get("resource_changes") or []:
            t = schemas(change["type"]).type
            c = change["change"]
            before = c.get("before")
            out[change["address"]] = Outcome(
                action=ACTIONS[tuple(c["actions"])],
                replace_paths=tuple(sorted((tuple(p) for p in c.get("replace_paths") or ()), key=json.dumps)),
                after=revealed(t, c.get("after"), c.get("after_unknown")),
                before=revealed(t, before, False) if before is not None else None)
        return out


def mirror_with(plugin_dir: Path, directory: Path, namespaces: Iterable[str]) -> Path:
    """A filesystem mirror in ``directory`` holding ``plugin_dir``'s providers of ``namespaces``, to which
    others can be installed: its directories made, its files linked (terraform's search of a mirror does
    not follow a linked directory)."""
    for namespace in namespaces:
        source = plugin_dir / "registry.terraform.io" / namespace
        for found in source.rglob("*"):
            if found.is_file():
                target = directory / "registry.terraform.io" / namespace / found.relative_to(source)
                target.parent.mkdir(parents=True, exist_ok=True)
                if not target.exists():
                    os.symlink(found, target)
    return directory


def installed_binary(workdir: Path, source: str) -> Path:
    """The provider executable ``terraform init`` installed in ``workdir`` for ``source`` (namespace/name)."""
    found = sorted((workdir / ".terraform" / "providers" / "registry.terraform.io" / source).glob("*/*/terraform-*"))
    if not found:
        raise AssertionError(f"terraform init installed no {source} in {workdir}")
    return found[0]
