"""CRDs as an older release generated them: without admission patterns or length limits.

The runtime checks every name and value itself, whatever the CRDs admit (a real cluster may serve an
older release's CRDs during an upgrade). Tests of those runtime checks install such CRDs, so that what
they prove is the runtime's refusal; tests/codegen proves the current CRDs refuse the same values.
"""

from typing import Any


def without_patterns(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: without_patterns(v) for k, v in value.items() if k not in ("pattern", "maxLength")}
    if isinstance(value, list):
        return [without_patterns(v) for v in value]
    return value
