"""The user guide (``docs/``, built by MkDocs from ``mkdocs.yml``): it builds in strict mode, so a broken
link, a missing anchor or a page left out of the navigation fails here, and the README leads to it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def nav_pages(nav: list[object]) -> set[str]:
    pages: set[str] = set()
    for entry in nav:
        for value in (entry.values() if isinstance(entry, dict) else [entry]):
            pages |= nav_pages(value) if isinstance(value, list) else {str(value)}
    return pages


def test_the_guide_builds_with_no_broken_link(tmp_path: Path) -> None:
    built = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
                           cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr[-3000:]
    assert (tmp_path / "site" / "guide" / "getting-started" / "index.html").exists()


def test_every_page_is_in_the_navigation() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text())
    pages = {p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md")}
    assert nav_pages(config["nav"]) == pages


def test_the_readme_leads_to_the_guide() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "(docs/index.md)" in readme
    # Every link of the README into docs/ names a page that exists.
    targets = re.findall(r"\]\((docs/[^)#]+)", readme)
    assert targets and all((ROOT / t).exists() for t in targets), [t for t in targets if not (ROOT / t).exists()]
