"""A Terraform provider's resource pages, in the Terraform Registry's layout, read into entries.

A provider documents each resource in one Markdown page (``website/docs/r/<name>.html.markdown`` or
``docs/resources/<name>.md``): a title ``# Resource: <type>`` and a first paragraph saying what the
resource is, then ``## Argument Reference`` and ``## Attribute Reference`` sections whose list items
name one argument or attribute each (``* `cidr_block` - (Optional) The IPv4 CIDR block ...``). Pages
tfplugindocs generates are read too: ``# <type> (Resource)``, ``## Schema`` with ``### Required``,
``### Optional`` and ``### Read-Only`` lists (``- `name` (String) ...``), and a ``### Nested Schema for
`block``` section per block.
Nested blocks are described below their parent, under a heading (``### `ebs_block_device```,
``### Encryption Configuration``), after a sentence such as "The `root_block_device` block supports
the following:", or as a list indented under the parent's own item.

:func:`parse_page` turns a page into :class:`Entry` values: a name, the block context the page put
it in (as written: headings and sentences are not always the schema's names), and the first
paragraph of its description as plain text. Matching entries to a schema's paths is
:mod:`tfschema.docs`'s job; nothing here knows a schema.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Iterator
from pathlib import Path

# Where a provider repository keeps its resource pages, old layout and new.
PAGE_DIRS = ("website/docs/r", "docs/resources")
PAGE_SUFFIXES = (".html.markdown", ".markdown", ".md")
# A description is the first paragraph of its item, cut to this many characters at a sentence's end.
LIMIT = 400
# Headings and sentences naming several blocks, and the items linking to a section, multiply the
# contexts of what follows (a filter type shared by sixty fields has sixty); enough.
MAX_CONTEXTS = 256

ARGUMENTS, ATTRIBUTES = "arguments", "attributes"
_BREAK = "\n"  # marks the blank line after an item's first paragraph
_SEPARATORS = "-\u2013\u2014:"  # between an item's name and its text: hyphen, en and em dash, colon


@dataclasses.dataclass(frozen=True)
class Entry:
    # Alternative block paths the page put this entry in, each outermost first; ((),) at the top.
    contexts: tuple[tuple[str, ...], ...]
    name: str
    text: str


@dataclasses.dataclass(frozen=True)
class Page:
    tf_type: str
    description: str
    arguments: tuple[Entry, ...]
    attributes: tuple[Entry, ...]
    # Other types the page says are the same resource (``aws_alb`` is known as ``aws_lb``).
    aliases: tuple[str, ...] = ()
    # Types whose arguments the page says this one shares ("support all the same arguments as aws_instance").
    inherits: tuple[str, ...] = ()


# "# Resource: aws_vpc" (hand-written pages), "# random_pet (Resource)" (pages tfplugindocs generates).
_TITLE = re.compile(r"^#\s+(?:Resource:\s*`?([A-Za-z0-9_]+)`?|`?([A-Za-z0-9_]+)`?\s+\(Resource\))\s*$")
_ANCHOR_TAG = re.compile(r'^\s*<a\s+(?:id|name)="([^"]+)"\s*>\s*</a>\s*$')
# tfplugindocs' pointer from an item to its block's section, which the heading already says.
_NESTED_NOTE = re.compile(r"\s*\(see \[below for nested schema\]\(#[^)]*\)\)", re.IGNORECASE)
# tfplugindocs' markers of what follows: arguments ("### Required", "Optional:") or attributes.
_SCHEMA_PARTS = {"required": ARGUMENTS, "optional": ARGUMENTS, "read-only": ATTRIBUTES}
_ALIAS = re.compile(r"`([A-Za-z0-9_]+)`\s+is known as\s+`([A-Za-z0-9_]+)`")
_INHERITS = re.compile(r"same arguments as\s+\[?`([a-z0-9_]+)`")
_HEADING = re.compile(r"^(#{2,6})\s+(.*?)\s*#*\s*$")
_ITEM = re.compile(r"^(?P<indent>\s*)[*-]\s+`(?P<name>[A-Za-z_][A-Za-z0-9_.\[\]*]*)`(?P<rest>.*)$")
_TOP_LEVEL = re.compile(r"\btop[- ]level\b", re.IGNORECASE)
_ANY_ITEM = re.compile(r"^\s*(?:[*-]|\d+\.)\s+")
_NAME = re.compile(r"`([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*)`")
_PATH = re.compile(r"^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*$")
_QUALIFIER = re.compile(r"^\s*(optional|required|computed|deprecated|\*\*deprecated|forces|default|conflicts|"
                        r"exactly one|at least one|one of|either|only|ec2-classic|vpc only|"
                        # tfplugindocs' types: "(String)", "(Block List, Max: 1)", "(Map of String, Sensitive)"
                        r"(string|number|bool|boolean|list|set|map|block|attributes|dynamic|object|float|int)\b)",
                        re.IGNORECASE)
_LINK = re.compile(r"!?\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])")
_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_EMPHASIS = re.compile(r"(\*\*|__)(.+?)\1")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")
# Headings whose words say "a block" without naming one, dropped before a heading becomes a name.
_BLOCK_WORDS = re.compile(r"\b(configuration\s+blocks?|blocks?|argument\s+reference|arguments|attributes?"
                          r"|reference|object|objects)\b", re.IGNORECASE)


def plain(markdown: str) -> str:
    """Markdown inline text as plain text: links as their words, no code marks, emphasis or tags."""
    text = _LINK.sub(r"\1", markdown)
    text = _TAG.sub("", text)
    text = _EMPHASIS.sub(r"\2", text)
    text = text.replace("`", "")
    return " ".join(text.split())


def condensed(text: str, limit: int = LIMIT) -> str:
    """At most ``limit`` characters, cut after the last whole sentence that fits (else at a word)."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    ends = [m.end() for m in _SENTENCE_END.finditer(head)]
    if ends and ends[-1] > limit // 3:
        return head[:ends[-1]]
    return head[:head.rfind(" ")].rstrip(",;:") + "…" if " " in head else head + "…"


def _strip_qualifiers(rest: str) -> str:
    """An item's text after its name: separators and ``(Optional)``-like qualifiers dropped, either order."""
    text = rest.strip()
    for _ in range(3):
        text = text.lstrip(_SEPARATORS).strip()
        if text.startswith("(") and _QUALIFIER.match(text[1:]):
            depth = 0
            for i, ch in enumerate(text):
                depth += ch == "("
                depth -= ch == ")"
                if depth == 0:
                    text = text[i + 1:].strip()
                    break
            else:
                return ""
            continue
        break
    return text


def _heading_contexts(title: str) -> tuple[tuple[str, ...], ...]:
    """The blocks a heading names: its code spans, as a sentence's (```message` and `variation```: two),
    else its words in snake case (``Encryption Configuration`` → ``encryption_configuration``)."""
    named = _sentence_contexts(title)
    if named is not None:
        return named
    if _TOP_LEVEL.search(title):
        return ((),)
    # "source_parameters.filter_criteria Configuration Block", "scaling_configuration: target_tracking_scaling_configs"
    words = re.sub(r"\s*:\s*", ".", _BLOCK_WORDS.sub(" ", plain(title)).strip())
    if _PATH.match(words):
        return (tuple(words.split(".")),)
    names = [w.strip() for w in re.split(r",|\band\b|\bor\b", words)]
    if len(names) > 1 and all(_PATH.match(n) for n in names):  # "egress and ingress"
        return tuple(tuple(n.split(".")) for n in names)
    name = "_".join(re.findall(r"[a-z0-9]+", words.lower()))
    return ((name,),) if name else ((),)


def _sentence_contexts(sentence: str) -> tuple[tuple[str, ...], ...] | None:
    """The blocks a "The `a` block supports the following:" sentence names: alternatives when it
    joins names with "and"/"or"/commas, else one path (``The `a`'s `b` object``). None when it names none."""
    found = list(_NAME.finditer(sentence))
    if not found:
        return None
    groups: list[list[str]] = [[*found[0].group(1).split(".")]]
    for before, match in itertools.pairwise(found):
        between = sentence[before.end():match.start()]
        parts = match.group(1).split(".")
        if re.search(r"\band\b|\bor\b|,", between):
            groups.append(parts)
        else:
            groups[-1].extend(parts)
    return tuple(tuple(g) for g in groups)


def anchor(title: str) -> str:
    """A heading's anchor as the registry and GitHub make it: lower case, code marks and punctuation
    dropped, spaces as dashes (``### `date_range` Argument reference`` → ``date_range-argument-reference``)."""
    text = plain(title).lower()
    return re.sub(r"[^\w\- ]", "", text).strip().replace(" ", "-")


_ANCHOR_LINK = re.compile(r"\]\(#([^)\s]+)\)")
# "supports the same fields from the [`s3_configuration` block](#s3_configuration-block)", "are the
# same as for [`ordered_cache_behavior`](#cache-behavior-arguments)": that section describes these too.
_SAME_AS = re.compile(r"\bsame\b[^.]*?\]\(#([^)\s]+)\)", re.IGNORECASE)
_SAME_ARGUMENTS = re.compile(r"\bsame (?:arguments|fields|attributes)\b", re.IGNORECASE)


@dataclasses.dataclass
class _Item:
    """A list item: where it sits (its headings' contexts and anchor, or its parent item), what it
    says, and the sections of the page it links to (``See [Date Filter](#date-filter) below``)."""

    section: str
    indent: int
    contexts: tuple[tuple[str, ...], ...]
    anchor: str
    parent: _Item | None
    name: str
    lines: list[str]
    links: tuple[str, ...] = ()
    text: str = ""

    @property
    def parts(self) -> tuple[str, ...]:
        return tuple(self.name.split("."))


class _Reader:
    def __init__(self) -> None:
        self.section = ""
        # The open headings below the section's: (level, the blocks each names).
        self.headings: list[tuple[int, tuple[tuple[str, ...], ...]]] = []
        self.anchor = ""  # of the innermost open heading
        self.next_anchor = ""  # an explicit anchor (<a id="...">) for the next heading
        self.sentence: tuple[tuple[str, ...], ...] | None = None
        self.items: list[_Item] = []  # the open item and its open parents, outermost first
        self.paragraph: list[str] = []
        self.done: list[_Item] = []
        # Sections whose fields other blocks share: anchor → the contexts of those blocks.
        self.imports: dict[str, list[tuple[str, ...]]] = {}

    def contexts(self) -> tuple[tuple[str, ...], ...]:
        paths: list[tuple[str, ...]] = [()]
        for _, alternatives in self.headings:
            paths = [(*p, *alt) for p in paths for alt in alternatives][:MAX_CONTEXTS]
        if self.sentence is not None:
            paths = [(*p, *alt) for p in paths for alt in self.sentence][:MAX_CONTEXTS]
        return tuple(paths)

    def close_items(self, down_to: int = 0) -> None:
        while len(self.items) > down_to:
            item = self.items.pop()
            raw = " ".join(line for line in item.lines if line != _BREAK)
            item.links = tuple(a.lower() for a in _ANCHOR_LINK.findall(raw))
            raw = _NESTED_NOTE.sub("", raw)
            item.text = condensed(plain(_strip_qualifiers(raw)))
            self.done.append(item)

    def end_paragraph(self) -> None:
        text = " ".join(self.paragraph).strip()
        self.paragraph = []
        if not text or not self.section or text.startswith(("~>", "->", "!>")):
            return
        part = _SCHEMA_PARTS.get(text.rstrip(":").lower()) if text.endswith(":") else None
        if part is not None:  # tfplugindocs' "Required:", "Read-Only:" inside a block's section
            self.section = part
            return
        if text.endswith(":") or _SAME_ARGUMENTS.search(text):
            # "The `a` block supports the following:", "Both `egress` and `ingress` objects have the
            # same arguments." The names a sentence links to are other blocks', not the ones it introduces.
            named = _sentence_contexts(_LINK.sub("", text))
            if named is not None or text.endswith(":"):
                self.sentence = named
        for target in _SAME_AS.findall(text):
            # "supports the same fields from the [`s3_configuration` block](#s3_configuration-block)":
            # that section's fields are this block's too.
            self.imports.setdefault(target.lower(), []).extend(self.contexts())

    def heading(self, level: int, title: str) -> None:
        self.close_items()
        self.end_paragraph()
        self.sentence = None
        self.anchor, self.next_anchor = self.next_anchor or anchor(title), ""
        lowered = title.lower().strip()
        if level > 2 and self.section and lowered in _SCHEMA_PARTS:
            # tfplugindocs: "### Required", "### Read-Only" below "## Schema": the resource's own fields.
            self.section, self.headings = _SCHEMA_PARTS[lowered], []
            return
        if level > 2 and self.section and lowered.startswith("nested schema for"):
            self.section = ARGUMENTS  # each of its parts says which it holds ("Read-Only:")
        if level == 2:
            if "argument" in lowered or lowered == "schema":
                self.section, self.headings = ARGUMENTS, []
            elif "attribute" in lowered:
                self.section, self.headings = ATTRIBUTES, []
            elif any(w in lowered for w in ("example", "import", "timeout", "usage", "remark", "note")):
                self.section, self.headings = "", []
            else:  # "## Nested Blocks", "## `x` Configuration Block": more of the section before
                self.headings = [(level, _heading_contexts(title))]
            return
        self.headings = [(lvl, name) for lvl, name in self.headings if lvl < level]
        self.headings.append((level, _heading_contexts(title)))

    def item(self, indent: int, name: str, rest: str) -> None:
        self.end_paragraph()
        while self.items and self.items[-1].indent >= indent:
            self.close_items(len(self.items) - 1)
        parent = self.items[-1] if self.items else None
        self.items.append(_Item(self.section, indent, () if parent else self.contexts(), self.anchor, parent,
                                name, [rest]))

    def line(self, raw: str) -> None:
        tag = _ANCHOR_TAG.match(raw)
        if tag:
            self.next_anchor = tag.group(1).lower()
            return
        if not raw.strip():
            # A blank line ends a paragraph. An item's description is its first paragraph; its
            # nested items may still follow.
            if self.items:
                self.items[-1].lines.append(_BREAK)
            self.end_paragraph()
            return
        if self.items:
            top = self.items[-1]
            indented = len(raw) - len(raw.lstrip()) > top.indent
            if _ANY_ITEM.match(raw):
                if not indented:
                    self.close_items()  # a list item naming nothing ends the list
                return
            if _BREAK not in top.lines:
                top.lines.append(raw.strip())
                return
            if indented:
                return  # a later paragraph of the item: not its description
            self.close_items()
        self.paragraph.append(raw.strip())

    def entries(self) -> dict[str, list[Entry]]:
        """Every item with a description, its contexts widened by the items that link to its section:
        a section read through a link is described where the linking item sits."""
        linkers: dict[str, list[_Item]] = {}
        for item in self.done:
            for target in item.links:
                linkers.setdefault(target, []).append(item)
        known: dict[int, tuple[tuple[str, ...], ...]] = {}

        def contexts(item: _Item, visiting: frozenset[int]) -> tuple[tuple[str, ...], ...]:
            if id(item) in known:
                return known[id(item)]
            if item.parent is not None:
                out = {(*c, *item.parent.parts) for c in contexts(item.parent, visiting)}
            else:
                out = set(item.contexts) | set(self.imports.get(item.anchor, ()))
                for linker in linkers.get(item.anchor, []) if item.anchor else []:
                    if id(linker) not in visiting and linker is not item:
                        out.update((*c, *linker.parts) for c in contexts(linker, visiting | {id(item)}))
            found = tuple(sorted(out))[:MAX_CONTEXTS]
            if not visiting:
                known[id(item)] = found
            return found

        out: dict[str, list[Entry]] = {ARGUMENTS: [], ATTRIBUTES: []}
        for item in self.done:
            if item.text and item.section in out:
                out[item.section].append(Entry(contexts(item, frozenset()), item.name, item.text))
        return out


def parse_page(text: str) -> Page | None:
    """A resource page's entries; None when the text is no resource page (no ``# Resource:`` title)."""
    lines = text.splitlines()
    front: dict[str, str] = {}
    start = 0
    if lines and lines[0].strip() == "---":
        end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), 0)
        front = _front_matter(lines[1:end])
        start = end + 1
    tf_type, first = "", ""
    reader = _Reader()
    fence = False
    aliases: list[str] = []
    # Sentences may wrap: "support all the same arguments as" on one line, the type on the next.
    inherits = tuple(dict.fromkeys(_INHERITS.findall(" ".join(lines[start:]))))
    for i in range(start, len(lines)):
        raw = lines[i]
        if raw.lstrip().startswith(("```", "~~~")):
            fence = not fence
            continue
        if fence:
            continue
        title = _TITLE.match(raw)
        if title and not tf_type:
            tf_type = title.group(1) or title.group(2)
            first = _first_paragraph(lines, i + 1)
            continue
        for alias, known in _ALIAS.findall(raw):
            if known == tf_type and alias not in aliases:
                aliases.append(alias)
        heading = _HEADING.match(raw)
        if heading:
            reader.heading(len(heading.group(1)), heading.group(2))
            continue
        item = _ITEM.match(raw)
        if item and reader.section:
            reader.item(len(item.group("indent").expandtabs(4)), item.group("name"), item.group("rest"))
            continue
        reader.line(raw.expandtabs(4))
    reader.close_items()
    if not tf_type:
        return None
    description = condensed(plain(first or front.get("description", "")))
    entries = reader.entries()
    return Page(tf_type, description, tuple(entries[ARGUMENTS]), tuple(entries[ATTRIBUTES]), tuple(aliases),
                tuple(t for t in inherits if t != tf_type))


def _front_matter(lines: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    key = ""
    for raw in lines:
        m = re.match(r"^([A-Za-z_]+):\s*(.*)$", raw)
        if m:
            key, value = m.group(1), m.group(2).strip()
            out[key] = "" if value in ("|-", "|", ">", ">-") else value.strip("\"'")
        elif key and raw.startswith((" ", "\t")):
            out[key] = f"{out[key]} {raw.strip()}".strip()
    return out


def _first_paragraph(lines: list[str], start: int) -> str:
    """The paragraph after a page's title, skipping notes (``~>``, ``->``, ``!>``) and blank lines."""
    out: list[str] = []
    for raw in lines[start:]:
        text = raw.strip()
        if not text:
            if out:
                break
            continue
        if text.startswith("#") or text.startswith(("```", "~~~")):
            break
        if not out and text.startswith(("~>", "->", "!>", ":")):
            continue
        out.append(text)
    return " ".join(out)


def page_files(docs_dir: Path) -> Iterator[Path]:
    """The resource pages under ``docs_dir``: a provider repository (its ``website/docs/r`` or
    ``docs/resources``) or such a directory itself; sorted, so a run reads them in one order."""
    roots = [docs_dir / d for d in PAGE_DIRS if (docs_dir / d).is_dir()] or [docs_dir]
    for root in roots:
        yield from sorted(p for p in root.iterdir() if p.is_file() and p.name.endswith(PAGE_SUFFIXES))


def read_pages(docs_dir: Path) -> dict[str, Page]:
    """Every resource page under ``docs_dir``, by the Terraform type it documents (and its aliases)."""
    pages: dict[str, Page] = {}
    for path in page_files(docs_dir):
        page = parse_page(path.read_text(encoding="utf-8", errors="replace"))
        if page is None:
            continue
        pages.setdefault(page.tf_type, page)
        for alias in page.aliases:
            pages.setdefault(alias, dataclasses.replace(page, tf_type=alias, aliases=()))
    return pages
