"""How a provider says that an ID names no object.

A lost workspace is recovered by importing the object's ID. Most importers leave finding the object to
the read that follows, whose "nothing read" terraform reports in its own words; some look the object up
themselves and fail in the provider's words instead. The runtime reads those words as "the object does
not exist" (and knows the plugin SDK's own, "couldn't find resource"); a provider names its cloud's here.
Anything else an import fails with (throttling, refused credentials, a malformed ID) stays an error, and
is never read as absence: so the patterns say exactly what the provider says, and nothing looser.
"""

from __future__ import annotations

import dataclasses
import re


@dataclasses.dataclass(frozen=True)
class NotFound:
    """A provider's words, in the errors a failed import ends with, for an ID that names no object."""

    # Regular expressions (searched) for an importer's own words about an object it looked for and did
    # not find.
    phrases: tuple[str, ...] = ()
    # Regular expressions (searched) whose first group is the code of an error the cloud's API returned,
    # where the provider's error text carries one.
    error_codes: tuple[str, ...] = ()
    # A regular expression (searched) that the code of a "no such object" error matches. A failure says
    # the object does not exist when every code found in one diagnostic matches it.
    absent_codes: str = ""

    def __post_init__(self) -> None:
        for pattern in (*self.phrases, *self.error_codes, *((self.absent_codes,) if self.absent_codes else ())):
            try:
                compiled = re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"not-found pattern {pattern!r}: {exc}") from exc
            if pattern in self.error_codes and compiled.groups < 1:
                raise ValueError(f"not-found error code pattern {pattern!r} has no group for the code")
        if self.error_codes and not self.absent_codes:
            raise ValueError("not-found error codes need absent_codes, the codes that mean no such object")
