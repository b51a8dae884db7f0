"""The runtime (bridge/) and the generator (codegen/) serve any provider: no file of theirs names AWS.
What is AWS's (its credentials, example values, error words, catalogue) lives in providers/aws and reaches
them through the provider config they load."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
AWS = re.compile(r"aws|amazon", re.IGNORECASE)


def test_nothing_in_the_runtime_or_the_generator_names_aws() -> None:
    named = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for directory in ("bridge", "codegen")
             for path in sorted((ROOT / directory).rglob("*")) if path.is_file() and "__pycache__" not in path.parts
             for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1) if AWS.search(line)]
    assert named == [], "move what is AWS's into providers/aws (its config):\n" + "\n".join(named)
