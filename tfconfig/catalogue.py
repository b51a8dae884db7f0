"""Why a Terraform resource is not a kind: the reasons the catalogue records for every resource left out.

A provider config excludes a resource with an :class:`Exclusion` (a reason, what exactly, and where
the fact came from). Some reasons are rules the generator and the runtime apply themselves (a
resource whose state has no ``id``, one that can only be used by reading files on the provider's
machine); the rest come from the provider's facts (no import support) or from the generator's own
checks (a CRD too large for the API server), and are declared in the config so that the runtime,
which never renders a CRD, knows the same set of kinds.
"""

from __future__ import annotations

import dataclasses
import enum


class Reason(enum.StrEnum):
    """Why a resource of the schema is not a kind; the committed catalogue lists each with its reason."""

    NOT_INCLUDED = "NotIncluded"
    NO_IMPORT = "NoImport"
    IMPORT_ID_UNKNOWN = "ImportIDUnknown"
    NO_ID = "NoID"
    READS_LOCAL_FILES = "ReadsLocalFiles"
    CRD_TOO_LARGE = "CRDTooLarge"
    OTHER = "Other"


DESCRIPTIONS: dict[Reason, str] = {
    Reason.NOT_INCLUDED: "not in the provider config's include list",
    Reason.NO_IMPORT: "Terraform cannot import it, so a lost workspace could only be recovered by creating again",
    Reason.IMPORT_ID_UNKNOWN: "its import ID is not known",
    Reason.NO_ID: "its state has no id, which the external name and the import are built from",
    Reason.READS_LOCAL_FILES: "a required argument reads a file on the provider's machine",
    Reason.CRD_TOO_LARGE: "its CRD is over the API server's request limit",
    Reason.OTHER: "see the detail",
}


@dataclasses.dataclass(frozen=True)
class Exclusion:
    """A resource left out of the provider, and why."""

    reason: Reason
    detail: str = ""
    # Where the fact came from (a documentation page, an upstream config file), when it is one.
    source: str = ""

    def describe(self) -> str:
        text = DESCRIPTIONS[self.reason]
        return f"{text}: {self.detail}" if self.detail else text
