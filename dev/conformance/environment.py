"""What a run needs of the machine, checked once before any kind starts: terraform, a source of the
provider's plugin (the filesystem mirror ``TFBRIDGE_PLUGIN_DIR`` names, else the registry), and moto.

Without one of them every kind would fail the same way, each blamed on itself; instead the run stops at
once with one line that says what is missing and what to set. The provider is installed exactly as the
runtime installs it (``terraform init`` with the runtime's CLI configuration), so what passes here is
what the run's provider processes find.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
from pathlib import Path

from tfconfig import Provider

PLUGIN_DIR, TERRAFORM = "TFBRIDGE_PLUGIN_DIR", "TFBRIDGE_TERRAFORM"
_ARCH = {"x86_64": "amd64", "amd64": "amd64", "aarch64": "arm64", "arm64": "arm64"}


class EnvironmentFailure(Exception):
    """The machine cannot run any kind: the message is one line saying what is missing and what to set."""


def platform() -> str:
    """terraform's name for this machine's platform (``linux_amd64``), as a mirror's directories are named."""
    uname = os.uname()
    return f"{uname.sysname.lower()}_{_ARCH.get(uname.machine, uname.machine)}"


def check(provider: Provider, *, terraform: str, plugin_dir: Path | None) -> None:
    """Raise :class:`EnvironmentFailure` unless moto is installed, ``terraform`` runs and ``provider``'s
    plugin installs from ``plugin_dir`` (None: the registry)."""
    if importlib.util.find_spec("moto") is None:
        raise EnvironmentFailure("moto is not installed: the run's cloud is moto (pip install 'moto[server]', "
                                 "or make install in a checkout)")
    found = shutil.which(terraform)
    if found is None:
        raise EnvironmentFailure(f"terraform not found: {terraform!r} is not an executable on PATH; install "
                                 f"terraform, or set {TERRAFORM} to its path")
    if provider.builtin:
        return
    _install(provider, found, plugin_dir)


def _install(provider: Provider, terraform: str, plugin_dir: Path | None) -> None:
    from bridge.api.errors import OperationFailed
    from bridge.settings import ExecutorSettings
    from bridge.tfexec.plugins import Plugins
    from bridge.tfexec.runner import Runner

    wanted = f"{provider.registry_source}/{provider.version}/{platform()}"
    where = f"{provider.source} {provider.version}"
    with tempfile.TemporaryDirectory(prefix="tfbridge-conformance-check-") as scratch:
        env = ExecutorSettings(workspace_root=Path(scratch), plugin_dir=plugin_dir).environment()
        plugins = Plugins(root=Path(scratch), runner=Runner(terraform=terraform), plugin_dir=plugin_dir, base_env=env)
        try:
            binary = plugins.binary(provider)
        except OperationFailed as exc:
            said = " ".join(str(exc).split())[:300]
            if plugin_dir is None:
                raise EnvironmentFailure(
                    f"no provider plugin source for {where}: {PLUGIN_DIR} is unset and terraform init could not "
                    f"install it from the registry ({said}); set {PLUGIN_DIR} to a filesystem mirror holding "
                    f"{wanted}") from exc
            raise EnvironmentFailure(
                f"no provider plugin source for {where}: {PLUGIN_DIR}={plugin_dir} does not provide it "
                f"({said}); set {PLUGIN_DIR} to a filesystem mirror holding {wanted}") from exc
        except OSError as exc:
            raise EnvironmentFailure(f"terraform did not run ({terraform}: {exc}); install terraform, or set "
                                     f"{TERRAFORM} to its path") from exc
        if binary is None:
            raise EnvironmentFailure(f"terraform init installed no executable of {where}; set {PLUGIN_DIR} to a "
                                     f"filesystem mirror holding {wanted}")
