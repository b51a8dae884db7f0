"""The provider's "cloud": objects in an SQLite file, which tests read from outside the provider.

One table of objects, keyed by resource type and ID, each holding its attributes as a state stores
them (cty's JSON form) and a revision counted up at every write. The store also holds the one access
token a provider must present (its ``token`` setting) before it may touch anything, as a cloud
account checks credentials. A test makes a store with :meth:`Store.create`, names its path in the
provider block (``endpoint``) or in ``TFBTEST_ENDPOINT``, and counts what is there afterwards.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE objects (type TEXT NOT NULL, id TEXT NOT NULL, attributes TEXT NOT NULL,
                      revision INTEGER NOT NULL, PRIMARY KEY (type, id));
"""


class StoreError(RuntimeError):
    pass


class Store:
    def __init__(self, path: Path) -> None:
        self.path = Path(path)

    @classmethod
    def create(cls, path: Path, token: str) -> Store:
        """A new, empty store at ``path`` that accepts ``token``."""
        store = cls(path)
        if store.path.exists():
            raise StoreError(f"a store already exists at {store.path}")
        with store._db() as db:
            db.executescript(_SCHEMA)
            db.execute("INSERT INTO meta VALUES ('token', ?)", (token,))
        return store

    @contextlib.contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        # One connection per call: the provider serves calls on several threads, and tests read the
        # file from their own process meanwhile. ``with db`` commits, or rolls back on error.
        db = sqlite3.connect(self.path, timeout=30)
        try:
            with db:
                yield db
        finally:
            db.close()

    def check(self, token: str) -> None:
        """Raises unless this is a store and ``token`` is its token (compared in constant time)."""
        if not self.path.is_file():
            raise StoreError(f"no store at {self.path}")
        with self._db() as db:
            row = db.execute("SELECT value FROM meta WHERE key = 'token'").fetchone()
        if row is None or not hmac.compare_digest(str(row[0]).encode(), token.encode()):
            raise StoreError("the store refused the token")

    # -- objects ----------------------------------------------------------------------------------

    def insert(self, tf_type: str, object_id: str, attributes: dict[str, Any]) -> int:
        """Adds an object (revision 1); raises when one with that ID exists."""
        try:
            with self._db() as db:
                db.execute("INSERT INTO objects VALUES (?, ?, ?, 1)",
                           (tf_type, object_id, json.dumps(attributes, sort_keys=True)))
        except sqlite3.IntegrityError:
            raise StoreError(f"{tf_type} {object_id!r} already exists") from None
        return 1

    def update(self, tf_type: str, object_id: str, attributes: dict[str, Any]) -> int:
        """Replaces an object's attributes; its new revision. Raises when it does not exist."""
        with self._db() as db:
            row = db.execute("UPDATE objects SET attributes = ?, revision = revision + 1 WHERE type = ? AND id = ? "
                             "RETURNING revision", (json.dumps(attributes, sort_keys=True), tf_type,
                                                    object_id)).fetchone()
        if row is None:
            raise StoreError(f"{tf_type} {object_id!r} does not exist")
        return int(row[0])

    def delete(self, tf_type: str, object_id: str) -> bool:
        with self._db() as db:
            return db.execute("DELETE FROM objects WHERE type = ? AND id = ?", (tf_type, object_id)).rowcount > 0

    def get(self, tf_type: str, object_id: str) -> dict[str, Any] | None:
        """An object's attributes, or None when there is no such object."""
        found = self.revision(tf_type, object_id)
        return None if found is None else found[0]

    def revision(self, tf_type: str, object_id: str) -> tuple[dict[str, Any], int] | None:
        with self._db() as db:
            row = db.execute("SELECT attributes, revision FROM objects WHERE type = ? AND id = ?",
                             (tf_type, object_id)).fetchone()
        return None if row is None else (json.loads(row[0]), int(row[1]))

    def objects(self, tf_type: str) -> dict[str, dict[str, Any]]:
        """Every object of ``tf_type``, by ID."""
        with self._db() as db:
            rows = db.execute("SELECT id, attributes FROM objects WHERE type = ? ORDER BY id", (tf_type,)).fetchall()
        return {str(i): json.loads(a) for i, a in rows}

    def count(self, tf_type: str | None = None) -> int:
        """How many objects of ``tf_type`` (of any type: None) there are."""
        with self._db() as db:
            if tf_type is None:
                return int(db.execute("SELECT count(*) FROM objects").fetchone()[0])
            return int(db.execute("SELECT count(*) FROM objects WHERE type = ?", (tf_type,)).fetchone()[0])
