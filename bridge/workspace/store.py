"""One directory per managed resource under a root: ``main.tf.json``, ``terraform.tfstate`` and ours.

* The directory name is derived from the object's identity and is always a single safe path
  component: no name can escape the root.
* Directories are 0700 and files 0600; terraform itself runs with umask 077.
* A file lock guards each workspace; its holder records itself in the lock file, so an operator can
  see a holder and clear a dead one. Different workspaces never wait for each other.
* A tfstate that cannot be read is moved aside, never overwritten.
"""

from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import hashlib
import json
import os
import re
import shutil
import socket
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, cast

from bridge.api.errors import Retryable, StateCorrupted
from bridge.api.external import Observation
from bridge.workspace import tfstate
from bridge.workspace.document import Rendered
from bridge.workspace.metadata import Metadata

STATE = "terraform.tfstate"
MAIN = "main.tf.json"
META = ".tfbridge-meta.json"
LOCK = ".tfbridge.lock"
# Where holders of older versions recorded themselves; read, and cleared when stale, never written.
HOLDER = ".tfbridge-holder.json"
_HOST = socket.gethostname()
_LOCK_POLL = 0.05  # seconds between attempts on a busy lock
_UNSAFE = re.compile(r"[^a-z0-9-]+")


# The layout of the root's directory names. 1: named from the object's API version (group and version);
# 2: from its group alone, so that a kind served at a new version keeps its workspace. A root is moved to
# the current layout once, at the first start of a release that uses it (WorkspaceStore.migrate).
LAYOUT = 2
LAYOUT_FILE = ".tfbridge-layout"


def api_group(api_version: str) -> str:
    """``compute.example.tfbridge.io/v1beta2`` → ``compute.example.tfbridge.io``; a core version (``v1``)
    has no group."""
    return api_version.rpartition("/")[0]


def workspace_key(api_version: str, kind: str, name: str, namespace: str = "") -> str:
    """The directory of an object's workspace: the same at every API version its kind is served at."""
    identity = f"{api_group(api_version)}/{kind}/{namespace}/{name}"
    # 96 bits: whoever names an object chooses the identity, and a name crafted to collide with another
    # tenant's would share its workspace; 2**96 hashes is out of anyone's reach, 2**48 was not.
    digest = hashlib.sha256(identity.encode()).hexdigest()[:24]
    readable = _UNSAFE.sub("-", f"{kind}-{name}".lower()).strip("-")[:48] or "object"
    return f"{readable}-{digest}"


def _write_private(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


@dataclasses.dataclass
class Workspace:
    root: Path
    key: str
    # Derived once: every operation asks for these paths dozens of times.
    dir: Path = dataclasses.field(init=False, repr=False, compare=False)
    state_path: Path = dataclasses.field(init=False, repr=False, compare=False)
    # What we last read or wrote of a file, by the file's (inode, mtime, size): a poll of a settled
    # resource then stats its metadata and main.tf.json instead of reading and parsing them, and
    # anything else that rewrites them (an operator, the CLI executor) is still seen at once.
    _known: dict[str, tuple[tuple[int, int, int], Any]] = dataclasses.field(
        init=False, repr=False, compare=False, default_factory=dict)

    # The files a poll touches, as strings: a poll of 10,000 objects should not build Paths.
    _at: dict[str, str] = dataclasses.field(init=False, repr=False, compare=False, default_factory=dict)
    # What the object's configuration was last rendered from, and the result (KindWorkspaces.render).
    rendered: tuple[bytes, Rendered] | None = dataclasses.field(init=False, repr=False, compare=False, default=None)
    # The last observe that found nothing to change: the configuration, the object it found, its answer
    # (WorkspaceClient.observe gives that answer again while both are the very same objects).
    observed: tuple[Rendered, tfstate.Instance, Observation] | None = dataclasses.field(
        init=False, repr=False, compare=False, default=None)

    def __post_init__(self) -> None:
        self.dir = self.root / self.key
        self.state_path = self.dir / STATE
        self._at = {name: os.path.join(self.dir, name) for name in (STATE, MAIN, META, LOCK)}

    def _signature(self, name: str) -> tuple[int, int, int] | None:
        try:
            st = os.stat(self._at.get(name) or self.dir / name)
        except FileNotFoundError:
            return None
        return (st.st_ino, st.st_mtime_ns, st.st_size)

    def _recall(self, name: str) -> Any:
        """What we last saw of ``name`` if it has not changed since, else None."""
        known = self._known.get(name)
        return known[1] if known is not None and known[0] == self._signature(name) else None

    def _remember(self, name: str, value: Any) -> None:
        signature = self._signature(name)
        if signature is not None:
            self._known[name] = (signature, value)

    def ensure(self) -> None:
        try:
            os.mkdir(self.dir, 0o700)
        except FileExistsError:
            return
        os.chmod(self.dir, 0o700)  # exactly 0700, whatever the umask

    def _open_lock(self) -> int:
        """The lock file, opened (created 0600 on first use). The directory is made only when it is
        missing: every poll takes the lock, and a mkdir that fails costs more than the open."""
        flags = os.O_RDWR | os.O_CREAT | os.O_CLOEXEC
        try:
            return os.open(self._at[LOCK], flags, 0o600)
        except FileNotFoundError:
            self.ensure()
            return os.open(self._at[LOCK], flags, 0o600)

    def _try_lock(self) -> int | None:
        """The lock file's descriptor with the lock held, or None if another holder has it."""
        fd = self._open_lock()
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return None
        except BaseException:
            os.close(fd)
            raise
        return fd

    @contextlib.contextmanager
    def lock(self, operation: str, timeout: float) -> Iterator[None]:
        """Hold the workspace exclusively; raises Retryable if another operation holds it too long.

        The lock is flock(2) on the lock file, taken on a descriptor of its own: the kernel keeps it
        exclusive across processes (and the filelock library's holders, which take the same lock on
        the same file), between threads of one process (each acquire opens its own file
        description), and drops it when its holder dies. The holder's record is written into the
        lock file while it is held and emptied before release."""
        deadline = time.monotonic() + timeout
        while (fd := self._try_lock()) is None:
            left = deadline - time.monotonic()
            if left <= 0:
                holder = self.holder()
                who = f" by {holder.get('operation')} (pid {holder.get('pid')})" if holder else ""
                raise Retryable(f"workspace {self.key} is busy{who}", delay=5.0)
            time.sleep(min(_LOCK_POLL, left))
        try:
            # Written in place: only the lock's holder writes it, and a reader that catches it
            # half-written reads "no holder known", which the lock itself still answers.
            os.write(fd, json.dumps({"pid": os.getpid(), "host": _HOST, "operation": operation,
                                     "since": time.time()}).encode())
            yield
        finally:
            try:
                os.ftruncate(fd, 0)
            finally:
                os.close(fd)  # closing the only descriptor of its file description releases the lock

    def holder(self) -> dict[str, Any]:
        """Who holds the lock, as its holder recorded it ({} when not known). Reads the lock file,
        then the sidecar that holders of older versions wrote."""
        for name in (LOCK, HOLDER):
            try:
                text = (self.dir / name).read_text()
            except FileNotFoundError:
                continue
            if text.strip():
                try:
                    found = json.loads(text)
                except json.JSONDecodeError:
                    return {}
                return dict(found) if isinstance(found, dict) else {}
        return {}

    def locked(self) -> bool:
        """Whether some process holds the lock right now (the kernel drops a dead holder's lock)."""
        if not (self.dir / LOCK).exists():
            return False
        fd = self._try_lock()
        if fd is None:
            return True
        os.close(fd)
        return False

    def clear_stale_lock(self) -> bool:
        """Remove a dead holder's leftovers (its record, terraform's lock.info). Never a live one's."""
        if not (self.dir / LOCK).exists():
            fd = None
        elif (fd := self._try_lock()) is None:
            return False
        removed = False
        try:
            if fd is not None and os.fstat(fd).st_size:
                os.ftruncate(fd, 0)
                removed = True
            for name in (HOLDER, ".terraform.tfstate.lock.info"):
                with contextlib.suppress(FileNotFoundError):
                    (self.dir / name).unlink()
                    removed = True
        finally:
            if fd is not None:
                os.close(fd)
        return removed

    def meta(self) -> Metadata:
        return self._read_meta()[0]

    def _read_meta(self) -> tuple[Metadata, bool]:
        """The metadata, and whether the file holds it (False: missing or unreadable, defaults given)."""
        known = self._recall(META)
        if isinstance(known, Metadata):
            return known, True
        try:
            with open(self._at[META], encoding="utf-8") as f:
                data = json.load(f)
        except (FileNotFoundError, json.JSONDecodeError):
            return Metadata(), False
        meta = Metadata.from_json(data if isinstance(data, dict) else {})
        self._remember(META, meta)
        return meta, True

    def update_meta(self, **changes: Any) -> bool:
        """Change fields of the metadata; False (and nothing written) when they hold those values already."""
        current, on_disk = self._read_meta()
        updated = dataclasses.replace(current, **changes)
        if updated == current and on_disk:
            return False
        self.ensure()
        _write_private(self.dir / META, json.dumps(updated.to_json(), sort_keys=True, indent=1))
        self._remember(META, updated)
        return True

    def record(self, *, operation: str, result: str, error: str, executor: str) -> None:
        """Record an operation's outcome. The metadata file's modification time is when the last one
        was recorded: a repeat of the same outcome (every poll of a settled resource) only touches it.
        A failure is kept apart until that operation succeeds, so the polls between a create's
        attempts do not hide it."""
        failure: dict[str, Any] = {}
        if result == "error":
            failure = {"failed_operation": operation, "failed_error": error[:1000], "failed_at": round(time.time(), 3)}
        elif self.meta().failed_operation == operation:
            failure = {"failed_operation": "", "failed_error": "", "failed_at": 0.0}
        if not self.update_meta(last_operation=operation, last_result=result, last_error=error[:1000],
                                executor=executor, **failure):
            # update_meta has just checked the file against what we remember (under the lock).
            known = self._known.get(META)
            os.utime(self._at[META])
            if known is not None:
                self._remember(META, known[1])

    def recorded_at(self) -> float | None:
        try:
            return (self.dir / META).stat().st_mtime
        except FileNotFoundError:
            return None

    def write_main(self, document: Mapping[str, Any]) -> None:
        # Unchanged: no write (an observe every few seconds should not churn the disk).
        if self._recall(MAIN) == document:
            return
        self.ensure()
        # A copy the caller cannot change under us, as JSON reads it back (lists for tuples), by the
        # C encoder: the indented text is made only when the file is written, as a first poll after a
        # restart finds the file as it left it.
        wanted = json.loads(json.dumps(document, sort_keys=True))
        try:
            with open(self._at[MAIN], encoding="utf-8") as f:
                unchanged = json.load(f) == wanted
        except (FileNotFoundError, json.JSONDecodeError):
            unchanged = False
        if not unchanged:
            _write_private(self.dir / MAIN, json.dumps(document, indent=1, sort_keys=True))
        self._remember(MAIN, wanted)

    def read_main(self) -> dict[str, Any] | None:
        try:
            return dict(json.loads((self.dir / MAIN).read_text()))
        except (FileNotFoundError, json.JSONDecodeError):
            return None

    def read_state(self) -> dict[str, Any] | None:
        """The state, or None if there is none. A corrupt file is moved aside and reported.

        While the file is unchanged, every call returns the same parsed document (a poll of a settled
        resource stats its state instead of reading and parsing it): callers read it and never change
        it, building the next state as a new document (:func:`tfstate.with_instance`)."""
        known = self._recall(STATE)
        if known is not None:
            return cast(dict[str, Any], known)
        try:
            text = self.state_path.read_text()
        except FileNotFoundError:
            return None
        if not text.strip():
            return None
        try:
            doc = tfstate.parse(text, str(self.state_path))
        except StateCorrupted as exc:
            aside = self.set_state_aside("corrupt")
            raise StateCorrupted(f"{exc}; kept as {aside.name}, a fresh state will be imported") from exc
        self._remember(STATE, doc)
        return doc

    def write_state(self, document: Mapping[str, Any]) -> None:
        """Replace the state atomically, the previous one kept as the backup (as terraform does).
        Executors that speak to the provider directly write it; terraform writes its own, which the
        CLI executor rewrites only to give what an import could not read the value its plan gives."""
        self.ensure()
        with contextlib.suppress(FileNotFoundError):
            # Written 0600 from the start: a copy would exist world-readable for a moment, and states hold secrets.
            _write_private(self.dir / f"{STATE}.backup", self.state_path.read_text())
        _write_private(self.state_path, json.dumps(document, indent=2, sort_keys=True) + "\n")

    def drop_state(self) -> None:
        """Forget the state (and its backup): the next import reads the object afresh."""
        for path in (self.state_path, self.dir / f"{STATE}.backup"):
            path.unlink(missing_ok=True)

    def set_state_aside(self, reason: str) -> Path:
        aside = self.dir / f"{STATE}.{reason}-{time.strftime('%Y%m%dT%H%M%S')}-{os.getpid()}"
        self.state_path.rename(aside)
        for backup in (self.dir / f"{STATE}.backup",):
            with contextlib.suppress(FileNotFoundError):
                backup.rename(aside.with_name(aside.name + ".backup"))
        return aside

    def remove(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)
        self._known.clear()
        self.rendered = self.observed = None


class WorkspaceStore:
    """All workspaces under one root (``--workspace-root`` / ``TFBRIDGE_WORKSPACE_ROOT``)."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.root.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(self.root, 0o700)
        # By the object's identity: a poll finds its workspace without hashing the identity again.
        self._workspaces: dict[tuple[str, str, str, str], Workspace] = {}
        # What migrate() moved, and what it could not: (from, to, why) for the caller to log.
        self.moved: list[tuple[str, str]] = []
        self.not_moved: list[tuple[str, str, str]] = []
        self.migrate()

    def migrate(self) -> None:
        """Move every workspace of an older layout to the directory the current one names, by the object
        its metadata records, so that no upgrade makes a workspace be rebuilt by import. Done once per
        root: the layout file says which layout the root is in. A directory whose metadata names no
        object, or whose new name is taken, stays where it is (and is reported in ``not_moved``)."""
        marker = self.root / LAYOUT_FILE
        with contextlib.suppress(OSError, ValueError):
            if int(marker.read_text().strip()) >= LAYOUT:
                return
        for ws in self.all():
            meta = ws.meta()
            if not (meta.api_version and meta.kind and meta.name):
                continue
            key = workspace_key(meta.api_version, meta.kind, meta.name, meta.namespace)
            if key == ws.key:
                continue
            target = self.root / key
            if target.exists():
                self.not_moved.append((ws.key, key, "the current layout's directory exists already"))
                continue
            try:
                os.rename(ws.dir, target)  # one filesystem: atomic, and a held lock moves with its file
            except FileNotFoundError:
                continue  # another process (tfbridge workspaces) moved it first
            self.moved.append((ws.key, key))
        _write_private(marker, f"{LAYOUT}\n")

    def get(self, api_version: str, kind: str, name: str, namespace: str = "") -> Workspace:
        """The same Workspace for the same object, every time and at every API version of its kind: it
        remembers what it last read."""
        identity = (api_group(api_version), kind, namespace, name)
        ws = self._workspaces.get(identity)
        if ws is None:
            ws = self._workspaces.setdefault(identity, Workspace(self.root, workspace_key(api_version, kind, name,
                                                                                          namespace)))
            assert ws.dir.parent == self.root, "a workspace key is always a single path component"
        return ws

    def all(self) -> list[Workspace]:
        return [Workspace(self.root, p.name) for p in sorted(self.root.iterdir())
                if p.is_dir() and not p.name.startswith(".")]
