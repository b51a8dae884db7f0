"""The provider config reference is written from tfconfig's types: the committed one is current, and every
field an author sets says what it does."""

from pathlib import Path

import tfconfig
from codegen import reference

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "docs" / "guide" / "config-reference.md"


def test_the_committed_reference_is_what_the_types_say() -> None:
    assert COMMITTED.read_text() == reference.markdown(), "run `make docs` and commit docs/guide/config-reference.md"


def test_every_public_name_an_author_writes_is_in_the_reference() -> None:
    listed = {e.name for e in reference.entries()}
    assert listed == set(tfconfig.__all__) - reference.DERIVED
    assert [e.name for e in reference.entries()][:2] == ["Provider", "Resource"]


def test_every_type_says_what_it_is_and_every_provider_and_resource_field_what_it_does() -> None:
    entries = {e.name: e for e in reference.entries()}
    assert [name for name, e in entries.items() if not e.doc] == []
    for name in ("Provider", "Resource"):
        assert [f.name for f in entries[name].fields if not f.doc] == [], f"document these fields of {name}"


def test_a_field_shows_its_type_as_written_and_its_default() -> None:
    provider = {f.name: f for f in next(e for e in reference.entries() if e.name == "Provider").fields}
    assert (provider["include"].annotation, provider["include"].default) == ("tuple[str, ...]", "()")
    assert (provider["name"].default, provider["tagging"].annotation) == ("", "Tagging | None")
    assert provider["include"].doc == "Exact Terraform types or fnmatch patterns; empty: every configured resource."
    assert "0x" not in reference.markdown(), "no object addresses: the file is the same on every machine"
