"""Resource pages in the Terraform Registry's layout, read into entries: names, block contexts, texts."""

from __future__ import annotations

from pathlib import Path

from tfschema import registrydocs as r

PAGE = """---
subcategory: "Demo"
layout: "demo"
page_title: "Demo: demo_thing"
description: |-
  Front matter words.
---

# Resource: demo_thing

Manages a **thing**, see [the guide](https://example.com/guide).

~> **Note:** `demo_old_thing` is known as `demo_thing`. The functionality is identical.

## Example Usage

```terraform
resource "demo_thing" "x" {
  # * `name` - (Required) not an entry: inside a code fence
}
```

## Argument Reference

The following arguments are required:

* `name` - (Required) The thing's name.
  It goes on.

  A second paragraph that is no part of the text.
* `size` \u2013 (Optional, Forces new resource) Size in `GiB`.
* `label` (Optional) - Label, after its qualifier.
* `rule` - (Optional) Rules. See [Rule](#rule-configuration) below.
    * `priority` - (Required) Priority of one rule.
* `undocumented`

### Rule Configuration

* `action` - (Required) What a rule does. See [`action` block](#action-block).

### `action` block

The `action` configuration block supports the following arguments:

* `type` - (Required) Type of action.

### `allow` and `deny`

* `reason` - (Optional) Why.

#### source.filter Configuration Block

* `expression` - (Optional) A filter expression.

### Extra settings

The `extra` block supports the same fields as the [`action` block](#action-block), plus:

* `weight` - (Optional) Weight.

## Attribute Reference

* `arn` - ARN of the thing.
* `status` - Status.
    * `code` - Status code.

## Timeouts

* `create` - (Default `30m`)
"""


def entries(page: r.Page, section: str = r.ARGUMENTS) -> dict[str, tuple[tuple[tuple[str, ...], ...], str]]:
    return {e.name: (e.contexts, e.text) for e in getattr(page, section)}


def test_title_description_and_aliases() -> None:
    page = r.parse_page(PAGE)
    assert page is not None
    assert page.tf_type == "demo_thing"
    assert page.description == "Manages a thing, see the guide."
    assert page.aliases == ("demo_old_thing",)
    assert r.parse_page("# Some guide\n\nNo resource here.\n") is None


def test_items_lose_their_qualifiers_and_keep_their_first_paragraph() -> None:
    found = entries(r.parse_page(PAGE))  # type: ignore[arg-type]
    assert found["name"] == (((),), "The thing's name. It goes on.")
    assert found["size"][1] == "Size in GiB."
    assert found["label"][1] == "Label, after its qualifier."
    assert "undocumented" not in found, "an item with no text is no entry"
    assert "create" not in found, "the Timeouts section is not read"


def test_nested_items_sit_below_their_parent() -> None:
    found = entries(r.parse_page(PAGE))  # type: ignore[arg-type]
    assert found["priority"] == ((("rule",),), "Priority of one rule.")
    attributes = entries(r.parse_page(PAGE), r.ATTRIBUTES)  # type: ignore[arg-type]
    assert attributes["code"][0] == (("status",),)
    assert attributes["arn"] == (((),), "ARN of the thing.")


def test_headings_sentences_and_links_place_entries() -> None:
    found = entries(r.parse_page(PAGE))  # type: ignore[arg-type]
    # The section the `rule` item links to describes rule's fields, whatever its heading's words.
    assert ("rule",) in found["action"][0]
    # Reached by two links (the action item's, and the "same fields" sentence) and by its heading.
    assert {("action", "action"), ("rule", "action"), ("extra_settings", "extra")} <= set(found["type"][0])
    assert found["reason"][0] == (("allow",), ("deny",))
    # A dotted heading is a path; below another heading, it is placed below that one too.
    assert found["expression"][0] == (("allow", "source", "filter"), ("deny", "source", "filter"))


def test_text_is_capped_at_a_sentence() -> None:
    long = "One sentence here. " * 40
    page = r.parse_page(f"# Resource: demo_x\n\nX.\n\n## Argument Reference\n\n* `a` - (Optional) {long}\n")
    assert page is not None
    text = page.arguments[0].text
    assert len(text) <= r.LIMIT and text.endswith("here.")


def test_inherited_arguments_are_named() -> None:
    page = r.parse_page("# Resource: demo_spot\n\nSpot.\n\n## Argument Reference\n\nSpot things support all the "
                        "same arguments as\n[`demo_thing`](thing.html), with the addition of:\n\n"
                        "* `price` - (Optional) Price.\n")
    assert page is not None and page.inherits == ("demo_thing",)


def test_pages_are_read_from_either_layout(tmp_path: Path) -> None:
    for layout in ("website/docs/r", "docs/resources"):
        (tmp_path / layout).mkdir(parents=True)
    (tmp_path / "website/docs/r/thing.html.markdown").write_text(PAGE)
    (tmp_path / "docs/resources/other.md").write_text("# Resource: demo_other\n\nOther.\n")
    (tmp_path / "docs/resources/guide.md").write_text("# A guide\n")
    pages = r.read_pages(tmp_path)
    assert sorted(pages) == ["demo_old_thing", "demo_other", "demo_thing"]
    assert pages["demo_old_thing"].arguments == pages["demo_thing"].arguments
    assert sorted(r.read_pages(tmp_path / "docs/resources")) == ["demo_other"]


PLUGINDOCS_PAGE = """---
page_title: "demo_pet Resource - terraform-provider-demo"
description: |-
  A pet.
---

# demo_pet (Resource)

The resource `demo_pet` names a pet.

## Example Usage

## Schema

### Required

- `length` (Number) The length of the pet's name.
- `rule` (Block List, Min: 1) Rules of the pet. (see [below for nested schema](#nestedblock--rule))

### Optional

- `prefix` (String) A prefix for the name.

### Read-Only

- `id` (String) The pet's name.

<a id="nestedblock--rule"></a>
### Nested Schema for `rule`

Required:

- `port` (Number, Sensitive) A port of the rule.

Read-Only:

- `state` (String) What the rule does now.
"""


def test_pages_tfplugindocs_generates_are_read_too() -> None:
    page = r.parse_page(PLUGINDOCS_PAGE)
    assert page is not None and page.tf_type == "demo_pet"
    assert page.description == "The resource demo_pet names a pet."
    assert entries(page) == {
        "length": (((),), "The length of the pet's name."),
        "rule": (((),), "Rules of the pet."),
        "prefix": (((),), "A prefix for the name."),
        "port": ((("rule",),), "A port of the rule.")}
    assert entries(page, r.ATTRIBUTES) == {"id": (((),), "The pet's name."),
                                            "state": ((("rule",),), "What the rule does now.")}
