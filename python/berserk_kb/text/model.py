"""The rulebook model: typed, frozen records produced by the importer.

Every record that comes from the text carries its provenance (:class:`Span`): the fragment file and
the 1-based line span it was read from. Identifiers (``id``) are separate from printed numbers
(``number``): see ``docs/identifiers.md`` and ``../shared/DESIGN.md`` ("Identity and editions").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum


class ParagraphKind(str, Enum):
    """How a paragraph is introduced in the text."""

    NUMBERED = "numbered"  # «519.3. …»
    HEADING = "heading"  # an unnumbered heading line, e.g. «Правило топора.»
    TEXT = "text"  # a plain unnumbered paragraph (under a heading or a numbered paragraph)
    TABLE = "table"  # a table (``| a | b |`` or tab-separated rows): never a heading or a parent
    CONTENTS = "contents"  # a line of a table of contents: no number, parent or reference target


class ListStyle(str, Enum):
    """The marker style of a list item (a consistency check compares styles inside one list)."""

    LATIN = "latin"  # a. b. c.
    CYRILLIC = "cyrillic"  # а) б) в)
    DIGIT = "digit"  # 1) 2) 3)
    BULLET = "bullet"  # ●
    SUB_BULLET = "sub_bullet"  # ○ (nested under a ● item)
    ROMAN = "roman"  # I. II. III. / i) ii) iii)


@dataclass(frozen=True, slots=True)
class Span:
    """Where a unit stands in its source: fragment (file name) and 1-based inclusive line numbers."""

    fragment: str
    line_start: int
    line_end: int

    def __str__(self) -> str:
        if self.line_start == self.line_end:
            return f"{self.fragment}:{self.line_start}"
        return f"{self.fragment}:{self.line_start}-{self.line_end}"


@dataclass(frozen=True, slots=True)
class Unit:
    """Common shape of every parsed unit.

    ``prefix`` is the exact source text that precedes ``text`` on the first line (the marker with its
    whitespace, e.g. ``"519.3. "``, ``"а) "``, ``"ПРИМЕР 1: "``); ``prefix + text`` equals the
    source lines of ``span`` joined with ``"\\n"``, so nothing of the source is lost.
    """

    id: str
    edition: str
    prefix: str
    text: str
    span: Span
    order: int  # reading order within the edition, over all units
    orphaned: bool  # cut off by the fragment boundary (starts mid-list or mid-sentence)

    @property
    def display_text(self) -> str:
        """The text with source line breaks folded into single spaces."""
        return " ".join(self.text.split())


@dataclass(frozen=True, slots=True)
class Paragraph(Unit):
    """A paragraph: numbered (``number`` set), an unnumbered heading, or plain text.

    ``parent`` is the id of the enclosing paragraph (by number prefix, else the heading or
    numbered paragraph it stands under), or ``None`` at the top of a fragment.
    """

    kind: ParagraphKind = ParagraphKind.TEXT
    number: str | None = None
    title: str | None = None
    parent: str | None = None

    @property
    def display_text(self) -> str:
        """The text with source line breaks folded into single spaces; a table keeps one line per
        row (``| a | b |``, newline, ``| c | d |``), so that it is shown as rows — a tab-separated
        row is written so too, its cells apart."""
        if self.kind is not ParagraphKind.TABLE:
            return " ".join(self.text.split())
        return "\n".join(" ".join(line.split()) if line.strip().startswith("|") or len(_cells(line)) < 2
                         else "| " + " | ".join(" ".join(c.split()) for c in _cells(line) if c.strip()) + " |"
                         for line in self.text.split("\n") if line.strip())

    @property
    def rows(self) -> list[list[str]]:
        """A table's rows, each a list of its cells' text (``[]`` for any other paragraph)."""
        if self.kind is not ParagraphKind.TABLE:
            return []
        return [[c.strip() for c in row_cells(line)] for line in self.text.split("\n")]


def row_cells(line: str) -> list[str]:
    """The cells of a table row as written (not stripped): ``| a | b |`` (:func:`pipe_cells`), or
    parted by tabs, or by runs of two spaces or more."""
    return pipe_cells(line) if line.strip().startswith("|") else line.split("\t") if "\t" in line else _cells(line)


def pipe_cells(line: str) -> list[str]:
    """The cells of a row written ``| a | b |``, as written (not stripped); a ``\\|`` inside a cell
    is the «|» it shows (GFM's escape, which the fragments write a cell's own «|» with)."""
    s = line.strip()
    s = s[1:] if s.startswith("|") else s
    s = s[:-1] if s.endswith("|") and not s.endswith("\\|") else s
    return [c.replace("\\|", "|") for c in re.split(r"(?<!\\)\|", s)]


def _cells(line: str) -> list[str]:
    """The cells of a table row written without pipes: parted by tabs, or (no tab in it) by runs
    of two spaces or more, as ``pdftotext -layout`` aligns a table's columns."""
    s = line.strip()
    return s.split("\t") if "\t" in s else re.split(r" {2,}", s)


@dataclass(frozen=True, slots=True)
class ListItem(Unit):
    """An item of a list that belongs to ``paragraph`` (``None`` when orphaned).

    ``label`` is the printed marker without punctuation (``"a"``, ``"а"``, ``"1"``, ``"●"``);
    ``parent_item`` is set for a nested ``○`` item.
    """

    paragraph: str | None = None
    parent_item: str | None = None
    label: str = ""
    style: ListStyle = ListStyle.BULLET


@dataclass(frozen=True, slots=True)
class Example(Unit):
    """A worked example (``ПРИМЕР 1:``, ``ПРИМЕР.``, ``Например,``) standing under ``paragraph``."""

    paragraph: str | None = None
    label: str = ""


@dataclass(frozen=True, slots=True)
class Reference:
    """A cross-reference written in the text of a unit.

    ``raw`` is the whole written form (``"пп. 519.2, 519.3"``); one :class:`Reference` is made per
    number it names. ``target`` is the id of the paragraph it resolves to in the same edition, or
    ``None`` when the number is not in the loaded text (unresolved).
    """

    id: str
    edition: str
    source_unit: str
    source_paragraph: str | None
    number: str
    raw: str
    target: str | None
    span: Span
    external: str | None = None  # the other document it points into («Турнирных правил»), if any
    own: bool = False  # the text says the number is this rulebook's («п. 999.9 этих правил»)
    start: int = 0  # where ``raw`` stands in the ``text`` of ``source_unit`` (its prefix not counted)
    end: int = 0

    @property
    def resolved(self) -> bool:
        return self.target is not None


@dataclass(frozen=True, slots=True)
class Fragment:
    """One source file of an edition, in the edition's reading order."""

    id: str  # the file name inside the sources folder, e.g. "001_953fb652d091abb1.txt"
    edition: str
    order: int
    sha256: str
    line_count: int


@dataclass(frozen=True, slots=True)
class Edition:
    """An edition of the rulebook as the manifest groups it."""

    id: str
    title: str
    description: str
    fragments: tuple[str, ...]  # fragment ids, in reading order


@dataclass(frozen=True, slots=True)
class Rulebook:
    """The whole parsed rulebook. Tuples are in reading order (edition by edition)."""

    title: str
    editions: tuple[Edition, ...]
    fragments: tuple[Fragment, ...]
    paragraphs: tuple[Paragraph, ...]
    list_items: tuple[ListItem, ...]
    examples: tuple[Example, ...]
    references: tuple[Reference, ...]
    source_digest: str = field(default="")  # sha256 over the manifest and every fragment

    def units(self) -> list[Unit]:
        """Every parsed unit (paragraphs, list items, examples), sorted by source position."""
        frag_order = {f.id: (f.edition, f.order) for f in self.fragments}
        all_units: list[Unit] = [*self.paragraphs, *self.list_items, *self.examples]
        return sorted(all_units, key=lambda u: (frag_order[u.span.fragment], u.span.line_start))

    def edition(self, edition_id: str) -> Edition | None:
        return next((e for e in self.editions if e.id == edition_id), None)


_RULE_CELL = re.compile(r"^:?-{3,}:?$")


def table_rows(text: str) -> tuple[tuple[str, ...], ...]:
    """The rows of a table as shown (``| a | b |`` lines, :attr:`Paragraph.display_text`), each
    the text of its cells; a Markdown rule row (``|---|:--:|``) is no row."""
    rows = []
    for line in text.split("\n"):
        line = line.strip()
        if line.startswith("|"):
            cells = tuple(c.strip() for c in pipe_cells(line))
            if not all(_RULE_CELL.match(c) for c in cells):
                rows.append(cells)
    return tuple(rows)
