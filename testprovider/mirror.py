"""The plugin installed as terraform finds a provider: an executable in a filesystem mirror.

Terraform's unpacked mirror layout is ``<mirror>/registry.terraform.io/<namespace>/<name>/<version>/
<os>_<arch>/terraform-provider-<name>_v<version>``. The executable here is a short Python script
that runs the plugin with the interpreter running this code (a virtual environment's, with grpcio
and the rest installed) from this checkout. ``terraform init`` records the package's ``h1:`` hash
in the lock file and checks it at every later run; :func:`h1` computes the same hash.
"""

from __future__ import annotations

import base64
import hashlib
import platform
import sys
from pathlib import Path

from testprovider import NAME, NAMESPACE, VERSION

HOSTNAME = "registry.terraform.io"
ROOT = Path(__file__).resolve().parent.parent
_ARCH = {"x86_64": "amd64", "amd64": "amd64", "aarch64": "arm64", "arm64": "arm64"}


def target() -> str:
    """This machine's platform as terraform names it (``linux_amd64``)."""
    machine = platform.machine().lower()
    return f"{sys.platform}_{_ARCH.get(machine, machine)}"


def package_dir(mirror: Path) -> Path:
    return Path(mirror) / HOSTNAME / NAMESPACE / NAME / VERSION / target()


def script() -> str:
    """The executable's text: the plugin, run by this interpreter from this checkout."""
    return (f"#!{sys.executable}\n"
            f'"""The {NAMESPACE}/{NAME} {VERSION} test provider plugin (tfbridge\'s testprovider package)."""\n'
            f"import sys\nsys.path.insert(0, {str(ROOT)!r})\n"
            "from testprovider.server import main\nmain()\n")


def install(mirror: Path) -> Path:
    """Install the plugin into the filesystem mirror ``mirror`` (made if missing, other providers
    left alone); the executable's path."""
    directory = package_dir(mirror)
    directory.mkdir(parents=True, exist_ok=True)
    binary = directory / f"terraform-provider-{NAME}_v{VERSION}"
    binary.write_text(script())
    binary.chmod(0o755)
    return binary


def h1(directory: Path) -> str:
    """The ``h1:`` hash terraform records in ``.terraform.lock.hcl`` for an unpacked package directory
    (Go's dirhash Hash1: SHA-256 over ``<sha256 hex>  <relative path>`` lines, sorted by path)."""
    root = Path(directory)
    names = sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    lines = [f"{hashlib.sha256((root / name).read_bytes()).hexdigest()}  {name}\n" for name in names]
    return "h1:" + base64.b64encode(hashlib.sha256("".join(lines).encode()).digest()).decode()
