"""Arguments that make terraform or the provider read a file on the machine they run on.

Such an argument (``aws_s3_object.source``, ``aws_lambda_function.filename``) lets whoever writes
a spec upload or echo any file in the provider's pod: its service-account token, other workspaces'
state, the environment of provider processes. No schema flags them, so the rule goes by name: an
argument whose name says it may be a file (:func:`candidate`) is never user-settable, anywhere in a
resource or in the provider block, unless the provider config lists it as an exception and says
why it is not a local file. New arguments of a new provider version are refused until someone
reviews them; a wrong exception is a reviewed, visible line.

Paths are ``<tf_type>.<argument>[.<nested>...]``, with ``provider`` for the provider block.
"""

from __future__ import annotations

import dataclasses
import fnmatch
from collections.abc import Mapping

NAMES = frozenset({"source", "filename", "file"})
SUFFIXES = ("_file", "_files", "_filename", "_path")


def candidate(name: str) -> bool:
    """Whether an argument's name says it may be a path on the local machine."""
    return name in NAMES or name.endswith(SUFFIXES)


@dataclasses.dataclass(frozen=True)
class LocalFiles:
    """The local-file rule's reviewed exceptions, and the arguments it misses (see this module)."""

    # fnmatch pattern over argument paths → why the arguments it matches are not local files.
    exceptions: Mapping[str, str] = dataclasses.field(default_factory=dict)
    # Argument paths that read local files although their names do not say so.
    also: tuple[str, ...] = ()

    def reads_local_file(self, path: str) -> bool:
        if path in self.also:
            return True
        name = path.rsplit(".", 1)[-1]
        return candidate(name) and not any(fnmatch.fnmatchcase(path, p) for p in self.exceptions)

    def for_type(self, tf_type: str) -> LocalFiles:
        """Only the entries that can match arguments of ``tf_type`` (what one kind's fields depend on)."""
        prefix = f"{tf_type}."
        exceptions = {p: why for p, why in self.exceptions.items()
                      if p.startswith(prefix) or fnmatch.fnmatchcase(prefix, p.split(".", 1)[0] + ".")}
        return LocalFiles(exceptions=exceptions, also=tuple(a for a in self.also if a.startswith(prefix)))
