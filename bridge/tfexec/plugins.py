"""Provider installation shared by every workspace: ``terraform init`` once per provider version.

The first workspace that needs a provider at a version (``hashicorp/random 3.6.3``) runs ``init`` in a
shared directory under a file lock; every workspace then gets the lock file and a symlink to the installed providers.
Eight workspaces starting at once wait for one init instead of racing eight (terraform's own
plugin cache races under parallel init: "mkdir: file exists", "failed to compute a checksum").
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Mapping
from pathlib import Path

import filelock

from bridge.api.errors import OperationFailed
from bridge.tfexec import jsonstream
from bridge.tfexec.runner import Runner
from bridge.workspace.document import ProviderBlock
from tfconfig import Provider


def cli_config(plugin_dir: Path | None) -> str:
    """The CLI config every run uses: a filesystem mirror when given, the registry otherwise."""
    if plugin_dir is None:
        return "disable_checkpoint = true\n"
    return (
        "disable_checkpoint = true\n"
        "provider_installation {\n"
        f"  filesystem_mirror {{\n    path    = {json.dumps(str(plugin_dir))}\n"
        '    include = ["registry.terraform.io/*/*"]\n  }\n'
        '  direct {\n    exclude = ["registry.terraform.io/*/*"]\n  }\n}\n'
    )


class Plugins:
    def __init__(self, *, root: Path, runner: Runner, plugin_dir: Path | None, base_env: Mapping[str, str]) -> None:
        self.root = root / ".plugins"
        self.root.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.runner = runner
        self.cli_config_path = self.root / "terraformrc"
        self.cli_config_path.write_text(cli_config(plugin_dir))
        self.env = {**base_env, "TF_CLI_CONFIG_FILE": str(self.cli_config_path), "TF_IN_AUTOMATION": "1",
                    "CHECKPOINT_DISABLE": "1"}
        self._binaries: dict[str, Path] = {}

    def shared_dir(self, requirements: Mapping[str, Mapping[str, str]]) -> Path:
        """The initialised directory for these ``required_providers``; initialises it once."""
        digest = hashlib.sha256(json.dumps(requirements, sort_keys=True).encode()).hexdigest()[:16]
        target = self.root / digest
        done = target / ".initialised"
        if done.exists():
            return target
        with filelock.FileLock(str(self.root / f"{digest}.lock")):
            if done.exists():
                return target
            target.mkdir(mode=0o700, exist_ok=True)
            (target / "main.tf.json").write_text(json.dumps({"terraform": {"required_providers": requirements}}))
            run = self.runner.run(target, ["init", "-input=false", "-no-color", "-json", "-backend=false"],
                                  env=self.env, timeout=600)
            if run.returncode != 0:
                errors = jsonstream.parse(run.stdout).errors or jsonstream.parse_text_errors(run.stderr)
                raise OperationFailed(f"terraform init failed: {'; '.join(map(str, errors)) or run.stderr[-500:]}",
                                      verb="init", diagnostics=tuple(map(str, errors)))
            done.write_text("")
        return target

    def link(self, workspace_dir: Path, requirements: Mapping[str, Mapping[str, str]]) -> None:
        shared = self.shared_dir(requirements)
        dot = workspace_dir / ".terraform"
        dot.mkdir(mode=0o700, exist_ok=True)
        providers = dot / "providers"
        if not providers.is_symlink() or Path(os.readlink(providers)) != shared / ".terraform" / "providers":
            if providers.is_symlink() or providers.exists():
                providers.unlink() if providers.is_symlink() else shutil.rmtree(providers)
            if (shared / ".terraform" / "providers").exists():
                providers.symlink_to(shared / ".terraform" / "providers")
        lock_file = shared / ".terraform.lock.hcl"
        target = workspace_dir / ".terraform.lock.hcl"
        if lock_file.exists() and (not target.exists() or target.read_bytes() != lock_file.read_bytes()):
            shutil.copyfile(lock_file, target)

    def binary(self, provider: Provider) -> Path | None:
        """The installed executable of ``provider``, for starting it as a long-lived process; None for
        a provider built into terraform."""
        if provider.builtin:
            return None
        requirements = ProviderBlock(provider.name, provider.source, provider.version).requirements
        key = json.dumps(requirements, sort_keys=True)
        known = self._binaries.get(key)
        if known is not None and known.is_file():  # asked for on every direct operation: no directory walk
            return known
        providers = self.shared_dir(requirements) / ".terraform" / "providers"
        for candidate in sorted(providers.glob(f"{provider.registry_source}/*/*/terraform-provider-{provider.name}*")):
            if candidate.is_file() and os.access(candidate, os.X_OK):
                self._binaries[key] = candidate
                return candidate
        return None
