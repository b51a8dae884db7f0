"""The test provider plugin (:mod:`testprovider`) as tests use it: a store, the plugin in a mirror,
the plugin's provider configuration, and terraform run in a directory of its own against that mirror."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from bridge.tfexec.plugins import cli_config
from testprovider import NAME, SOURCE, VERSION, mirror
from testprovider.resources import RESOURCES
from testprovider.store import Store
from tfconfig import Provider

TOKEN = "tfbtest-token"
# The plugin as tfbridge's configuration names a provider.
TFBTEST = Provider(name=NAME, source=SOURCE, version=VERSION, root_group="tfbtest.tfbridge.io",
                   resource_prefix=f"{NAME}_")


def store(directory: Path, name: str = "store", token: str = TOKEN) -> Store:
    """A new store in ``directory`` that accepts ``token``."""
    return Store.create(directory / f"{name}.db", token)


def configuration(at: Store, token: str = TOKEN) -> dict[str, Any]:
    """The provider block that uses the store ``at``."""
    return {"endpoint": str(at.path), "token": token}


def plugin(directory: Path) -> Path:
    """The plugin installed into a mirror in ``directory``: its executable."""
    return mirror.install(directory / "mirror")


class Terraform:
    """``terraform`` in ``workdir``, installing providers from ``mirror`` only."""

    def __init__(self, binary: str, workdir: Path, mirror_dir: Path) -> None:
        self.binary = binary
        self.workdir = workdir
        workdir.mkdir(parents=True, exist_ok=True)
        (workdir / "cli.tfrc").write_text(cli_config(mirror_dir))
        self.env = {**os.environ, "TF_CLI_CONFIG_FILE": str(workdir / "cli.tfrc"), "TF_IN_AUTOMATION": "1",
                    "CHECKPOINT_DISABLE": "1"}
        for name in ("TF_LOG", "TF_DISABLE_PLUGIN_TLS", "TFBTEST_ENDPOINT", "TFBTEST_TOKEN"):
            self.env.pop(name, None)

    def write(self, provider: Mapping[str, Any], resources: Mapping[str, Mapping[str, Any]],
              data: Mapping[str, Mapping[str, Any]] | None = None) -> None:
        """main.tf.json: the provider block and ``resources`` (type → name → arguments)."""
        document: dict[str, Any] = {
            "terraform": {"required_providers": {NAME: {"source": SOURCE, "version": VERSION}}},
            "provider": {NAME: dict(provider)}}
        if resources:
            document["resource"] = resources
        if data:
            document["data"] = data
        (self.workdir / "main.tf.json").write_text(json.dumps(document, indent=1))

    def run(self, *args: str, check: bool = True, env: Mapping[str, str] | None = None,
            timeout: float = 300) -> subprocess.CompletedProcess[str]:
        proc = subprocess.run([self.binary, *args, "-no-color"] if args[0] != "show" else [self.binary, *args],
                              cwd=self.workdir, env={**self.env, **(env or {})}, capture_output=True, text=True,
                              timeout=timeout)
        if check and proc.returncode != 0:
            raise AssertionError(f"terraform {' '.join(args)} exited {proc.returncode}:\n{proc.stdout[-3000:]}\n"
                                 f"{proc.stderr[-3000:]}")
        return proc

    def apply(self) -> None:
        self.run("apply", "-auto-approve", "-input=false")

    def plan(self) -> dict[str, list[str]]:
        """The saved plan's actions per resource address (no-op ones left out)."""
        self.run("plan", "-input=false", "-out=plan.bin")
        shown = json.loads(self.run("show", "-json", "plan.bin").stdout)
        return {c["address"]: c["change"]["actions"] for c in shown.get("resource_changes", [])
                if c["change"]["actions"] != ["no-op"]}

    def planned(self, address: str) -> dict[str, Any]:
        """The last saved plan's change of ``address``: ``before``, ``after`` and ``after_unknown``."""
        shown = json.loads(self.run("show", "-json", "plan.bin").stdout)
        return next(c["change"] for c in shown["resource_changes"] if c["address"] == address)

    def state(self) -> dict[str, dict[str, Any]]:
        """The state file's instances by address: attributes, sensitive paths, schema version."""
        path = self.workdir / "terraform.tfstate"
        document = json.loads(path.read_text()) if path.exists() else {"resources": []}
        out = {}
        for r in document["resources"]:
            prefix = "data." if r["mode"] == "data" else ""
            for inst in r["instances"]:
                out[f"{prefix}{r['type']}.{r['name']}"] = inst
        return out


# -- one lifecycle per resource type, on either side ------------------------------------------------

# An argument that refers to another resource's attribute: "${address.attribute}" for terraform, the
# value itself for a test that speaks the protocol.
Ref = Callable[[str, str], Any]


@dataclasses.dataclass(frozen=True)
class Case:
    """A resource type's lifecycle: made with ``create``, changed in place with ``update``, replaced with
    ``replace`` (None: no argument forces replacement), after its ``parents`` (address → arguments)."""

    tf_type: str
    create: Callable[[Ref], dict[str, Any]]
    update: Callable[[Ref], dict[str, Any]]
    replace: Callable[[Ref], dict[str, Any]] | None = None
    parents: Mapping[str, Mapping[str, Any]] = dataclasses.field(default_factory=dict)

    @property
    def importable(self) -> bool:
        return RESOURCES[self.tf_type].importable

    @property
    def address(self) -> str:
        return f"{self.tf_type}.this"


# Every nesting of protocol 6's nested attributes, sensitive members among them.
ITEM = {"value": "v1", "spec": {"size": 1, "color": "red", "secret": "hush"},
        "ports": [{"number": 80}, {"number": 443, "protocol": "tcp"}],
        "rules": [{"cidr": "10.0.0.0/8", "action": "allow"}], "endpoints": {"a": {"url": "http://a", "key": "k1"}}}
ITEM_CHANGED = {"value": "v2", "spec": {"size": 2}, "ports": [{"number": 80}, {"number": 443, "protocol": "tcp"},
                                                              {"number": 53, "protocol": "udp"}],
                "rules": [{"cidr": "10.0.0.0/8", "action": "allow"}, {"cidr": "0.0.0.0/0", "action": "deny"}],
                "endpoints": {"a": {"url": "http://a", "weight": 3, "key": "k2"}, "b": {"url": "http://b"}}}
ALPHA = {"name": "alpha"}
DISK = {"name": "disk", "size": 1, "create_seconds": 0}

CASES = (
    Case("tfbtest_project",
         create=lambda ref: {"name": "one", "description": "first", "settings": {"retention_days": 7}},
         update=lambda ref: {"name": "one", "description": "second", "labels": {"team": "a"},
                             "settings": {"retention_days": 30, "public": True}},
         replace=lambda ref: {"name": "two", "description": "second"}),
    Case("tfbtest_item", parents={"tfbtest_project.alpha": ALPHA},
         create=lambda ref: {"project": ref("tfbtest_project.alpha", "name"), "name": "one", **ITEM},
         update=lambda ref: {"project": ref("tfbtest_project.alpha", "name"), "name": "one", **ITEM_CHANGED},
         replace=lambda ref: {"project": ref("tfbtest_project.alpha", "name"), "name": "two", **ITEM_CHANGED}),
    Case("tfbtest_volume",
         create=lambda ref: {"name": "data", "size": 1, "create_seconds": 1, "labels": {"team": "a"}},
         update=lambda ref: {"name": "data2", "size": 5, "create_seconds": 1, "labels": {"team": "b"}}),
    Case("tfbtest_attachment",
         parents={"tfbtest_project.alpha": ALPHA, "tfbtest_project.beta": {"name": "beta"},
                  "tfbtest_volume.disk": DISK},
         create=lambda ref: {"project": ref("tfbtest_project.alpha", "name"),
                             "volume_id": ref("tfbtest_volume.disk", "id")},
         update=lambda ref: {"project": ref("tfbtest_project.alpha", "name"),
                             "volume_id": ref("tfbtest_volume.disk", "id"), "read_only": True},
         replace=lambda ref: {"project": ref("tfbtest_project.beta", "name"),
                              "volume_id": ref("tfbtest_volume.disk", "id"), "read_only": True}),
)


def reference(address: str, attribute: str) -> str:
    """A reference as terraform's JSON configuration writes it."""
    return f"${{{address}.{attribute}}}"


def resources(case: Case, arguments: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The ``resource`` section of main.tf.json: the case's parents and ``arguments`` as ``<type>.this``."""
    out: dict[str, dict[str, Any]] = {}
    for address, args in case.parents.items():
        tf_type, name = address.split(".")
        out.setdefault(tf_type, {})[name] = dict(args)
    out.setdefault(case.tf_type, {})["this"] = dict(arguments)
    return out
