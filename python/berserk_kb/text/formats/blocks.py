"""What every reader produces: the document as a browser or Word shows it, block by block, and the
fragment text made from it.

A reader turns a source document into :class:`Block` records — headings, paragraphs, list items
(with the marker the document *shows*: ``2.`` for the second ``<li>`` of an ``<ol>``, ``б)`` for a
Word list in ``russianLower``), table rows and their cells — each with the place in the source it
came from. :func:`render` writes them as fragment text, one line per displayed line, blank lines
between blocks, and one :class:`Origin` per fragment line (the provenance sidecar).

What the document numbers implicitly becomes explicit (:func:`number_implicit_paragraphs`): an
ordered list of paragraphs standing under a numbered section heading («100. Общие положения» and
then ``<ol><li>…</li><li>…</li></ol>``) is written ``100.1. …``, ``100.2. …``, so that
``show 100.2`` finds the paragraph a browser shows as «2.» under «100.»; the marker as shown
(``2.``) is kept in the line's :class:`Origin`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import cast

from .. import CONTROL_SEQUENCE, INVISIBLE, nfc
from ..contents import contents_entry
from ..forms import SECTION_WORD
from ..lines import ends_sentence, is_heading

#: the paragraph number a section heading or paragraph opens with: «100.», «100 », «519.3.», «Раздел 101.»
SECTION_RE = re.compile(rf"^\s*(?:{SECTION_WORD})?(?P<num>\d{{3,4}}(?:\.\d{{1,4}})*)(?:\.|\s|$)")
#: a number written as the document's own (explicit) sub-paragraph number: «100.1.», «100.1 »
EXPLICIT_SUB_RE = re.compile(r"^\s*(?P<num>\d{1,4}(?:\.\d{1,4})+)[.\s]")
#: a list marker that is itself a paragraph number (Word's multi-level «%1.%2.» shows «100.1.»,
#: «100.2а.»): three or four digits, or a number with a dot inside, maybe a letter suffix
MARKER_NUMBER_RE = re.compile(r"^(?P<num>(?:\d{3,4}(?:\.\d{1,4})*|\d{1,2}(?:\.\d{1,4})+)[а-яё]?)[.)]?$")
#: the paragraph number an item's text already prints before its words («<li>100.3. Третий</li>», a Word list
#: paragraph, «100.3.» typed after its automatic «3.»): 3-4 digits, maybe sub-numbers, a letter; a dot or a space
PRINTED_RE = re.compile(r"^\s*(?P<num>\d{3,4}(?:\.\d{1,4})+[а-яё]?\.?|\d{3,4}\.)\s*(?=[^\W\d_]|[«\"(])")
#: a heading numbered with one or two digits and a dot: «1. Общие положения», «10. Ход», «2.Ход»
SMALL_SECTION_RE = re.compile(r"^\s*(?P<num>\d{1,2})\.(?:\s+\S|(?=[«\"A-ZА-ЯЁ][^\W\d_]))")


@dataclass
class Block:
    """One displayed block of a document.

    ``kind``: ``heading`` (``level`` 1–6), ``para``, ``item`` (``depth`` from 0, ``marker`` as shown,
    ``ordered``, ``list_id`` telling one list from the next), ``code`` (a code block: literal
    text, written between :data:`FENCE` lines), ``row`` (``cells``; rows of one table
    share ``list_id``). ``lines`` are the displayed lines (a hard line break starts a new one).
    ``where`` is the place in the source (``"12"``: line 12; ``"paragraph 12"``; ``"table 2, row 3"``).
    """

    kind: str
    lines: list[str]
    where: str
    level: int = 0
    depth: int = 0
    marker: str = ""
    ordered: bool = False
    number_format: str = ""  # decimal | letter | roman | bullet
    list_id: int = 0
    cells: list[str] = field(default_factory=list)
    shown: str | None = None  # the marker as the document shows it, when the fragment writes another


@dataclass(frozen=True)
class Origin:
    """Where one fragment line came from: the source file, the place in it, and — when the
    fragment writes a number the document only implied — the marker as shown (``"2."``)."""

    line: int
    source: str
    where: str
    shown: str | None = None


#: the line a code block's literal text stands between in a fragment (CommonMark's fence)
FENCE = "```"
#: what a picture inside text becomes (its alt text when it has one)
ICON = "[значок]"

_SPACES = re.compile(r"[ \t\u00a0\u2000-\u200a\u2028\u2029\u202f\u3000]+")  # the separators: breaks in a paragraph


def clean(text: str) -> str:
    """Collapse runs of spaces (no-break and other Unicode spaces too) into one and strip the ends;
    control sequences go whole (an OSC's title too: :data:`~berserk_kb.text.CONTROL_SEQUENCE`),
    other control characters but tab become spaces; :data:`~berserk_kb.text.INVISIBLE` characters
    (a reader never sees them: «бро&shy;ска» is «броска») are dropped."""
    text = CONTROL_SEQUENCE.sub(lambda m: " " if len(m.group()) == 1 else "", nfc(text).translate(INVISIBLE))
    text = "".join(ch if ch >= " " or ch == "\t" else " " for ch in text)
    return _SPACES.sub(" ", text).strip()


def glue_line_breaks(lines: list[str], soft: set[int]) -> list[str]:
    """``lines`` with each line begun by a line break inside a paragraph (``soft``: its indexes;
    HTML ``<br>``, Word's ``w:br``) put back on the line before it after a space — one paragraph,
    as a reader reads it — unless it opens with a paragraph number, a list marker or an example
    label («2.1.», «а)», «•», «ПРИМЕР 1.»): such a line starts a unit of its own, as in a text file;
    so does a line after two breaks in a row (``<br><br>``: a blank line between paragraphs), and
    each line of a run of unmarked items after a colon («Стихии игры:» / «лес» / «горы»:
    :func:`~berserk_kb.text.lines.colon_runs`): a list, as the parser reads it in a text file; and so
    does a contents entry under another («Артефакты ....... 3» / «Глоссарий ....... 4»)."""
    from ..lines import classify_line, colon_runs

    out: list[str] = []
    gap = False  # two breaks in a row: the blank line a reader sees between paragraphs
    listed = {n - 1 for n in colon_runs(lines)}
    for k, text in enumerate(lines):
        if k in soft and not text.strip():
            gap = True
        elif out and k in soft and not gap and k not in listed \
                and classify_line(text.strip()).kind not in ("numbered", "example", "item") \
                and not (contents_entry(text.strip()) and contents_entry(out[-1].strip())):
            out[-1] = f"{out[-1].rstrip()} {text.lstrip()}" if out[-1].strip() else text
        else:
            out.append(text)
            gap = False
    return out


def sub_items(lines: list[str], depth: int, list_id: int, where: str) -> list[Block]:
    """A later paragraph of a list item that opens with a list marker CommonMark does not know
    («а) открытие карт;», as pandoc writes a loose list's sub-list: indented under its item, blank
    lines between; reStructuredText's Cyrillic letters alike): the items of a sub-list under that
    item, at ``depth`` (one deeper), from ``where`` — one item for each of its lines that opens with
    a marker («а) атаку;» / «б) защиту.»: siblings, as a reader sees them), a line without one
    continuing the item above; ``[]`` when the paragraph does not open with a marker."""
    from ..lines import classify_line
    from ..model import ListStyle

    out: list[Block] = []
    for k, text in enumerate(lines):
        kind = classify_line(text)
        if kind.kind == "item" and kind.prefix:
            bullet = kind.style in (ListStyle.BULLET, ListStyle.SUB_BULLET)
            out.append(Block("item", [text[len(kind.prefix):]], where, depth=depth, ordered=not bullet,
                             marker=kind.prefix.strip(), number_format="bullet" if bullet else "letter",
                             list_id=-list_id))
        elif k == 0:
            return []
        else:
            out[-1].lines.append(text)
    return out


def number_implicit_paragraphs(blocks: list[Block]) -> list[Block]:
    """Make explicit the paragraph numbers a document shows only through list numbering.

    An ordered list with decimal numbers at depth 0 becomes numbered paragraphs ``S.n.`` when it stands
    under a section ``S`` (the latest heading opening with a number of any depth, «310.20. Подраздел»,
    when its words are a title, not a sentence), the latest paragraph or item opening with a three- or
    four-digit number, e.g. «100.» or «519.3.» (of a paragraph of ``<br>`` lines, its last line that
    opens one), or the latest heading opening with a one- or two-digit one, «1. Общие»; a heading with
    no number ends the section), no paragraph of that section is numbered explicitly (``S.1.`` written
    out), and the block before it does not introduce a list (does not end with a colon). Its items' own
    sub-lists follow: decimal items at depth 1 become ``S.n.m.``; lettered or bulleted ones, and those
    marked «1)», stay list items under their paragraph (a «1)» list standing right under the numbered
    section heading numbers it as «1.» does).
    Everything else is kept.

    An ordered item whose text already prints a paragraph number («<li>100.3. Третий</li>»; a Word
    list paragraph with «100.3.» typed) is the paragraph the reader sees numbered so: the printed
    number wins over the list's own count and is not written twice; the marker is kept as shown. So
    is a bullet item that prints a sub-paragraph number and ends a sentence («<ul><li>101.1. …», a
    Word bullet paragraph «101.1. …»: numbered paragraphs a CMS sets in a bullet list), its bullet
    kept as shown; a title («• 100.1. Начальная рука», a contents list of links) stays an item.
    An item that types the very number its list gives it («<li value="3">3. Текст</li>») shows it once.
    """
    out: list[Block] = []
    section: str | None = None
    section_depth = -1  # the list depth of the block that named the section (-1: heading or paragraph)
    titled = False  # the section was named by a heading («<h3>310.20. Подраздел</h3>»): any depth numbers
    explicit: set[str] = set()  # sections that number their sub-paragraphs in the text
    converting: dict[int, str] = {}  # list id → section whose paragraphs it numbers ("": a list)
    paren: dict[int, int] = {}  # list id → the depth of its «1)» items that stand right under a numbered heading
    parent_number: str | None = None
    prev: Block | None = None
    lifted: int | None = None  # depth of the list items last turned into paragraphs
    # the level of the heading naming the section (0: none), the section a subheading paused, section → its last n
    level, paused, last = 0, cast("tuple[str, int, bool] | None", None), cast("dict[str, int]", {})
    for b in blocks:
        if (b.kind == "item" and b.ordered and b.marker and b.lines
                and re.match(rf"{re.escape(b.marker)}\s+\S", b.lines[0])):
            b.lines = [b.lines[0][len(b.marker):].lstrip(), *b.lines[1:]]  # «3.» typed and numbered: shown once
        first = b.lines[0] if b.lines else ""
        if b.kind in ("heading", "para", "row"):
            lifted = None
        elif lifted is not None and b.depth <= lifted and not (b.ordered and converting.get(b.list_id)):
            lifted = None
        if b.kind in ("heading", "para") or (b.kind == "item" and not b.ordered):
            if (m := EXPLICIT_SUB_RE.match(first)) and not contents_entry(first):
                explicit.add(m.group("num").rsplit(".", 1)[0])
            if b.kind in ("heading", "para") and (m := SECTION_RE.match(named := _naming_line(b))):
                # a heading Word numbers as a level of a list (``list_id``): its deeper levels are its paragraphs
                section, section_depth = m.group("num"), b.depth if b.list_id and b.shown else -1
                titled = b.kind == "heading" and is_heading(named[m.end():])
                level, paused = (b.level if b.kind == "heading" else 0), None
            elif b.kind == "heading":  # «1. Общие» names section 1; a heading with no number ends the section
                m = SMALL_SECTION_RE.match(first)
                paused, level = (paused or (section, section_depth, titled), level) if not m and section and \
                    0 < level < b.level else (None, b.level if m else 0)  # a list going on after a subheading continues
                section, section_depth, titled = (m.group("num") if m else None), -1, True
        if b.kind == "item" and (m := PRINTED_RE.match(first)) and (
                b.number_format in ("decimal", "") if b.ordered
                else "." in m.group("num").rstrip(".") and ends_sentence(b.lines[-1])):
            number = m.group("num").rstrip(".")  # a bullet item too («<ul><li>101.1. …»): the page's styling
            explicit.add(number.rsplit(".", 1)[0])
            section = parent_number = number
            section_depth = lifted = b.depth
            titled = False
            out.append(Block("para", list(b.lines), b.where, shown=b.shown or b.marker or "•"))
            prev = b
            continue
        if b.kind == "item" and b.ordered and (m := MARKER_NUMBER_RE.match(b.marker)):
            # Word: a level shown «100.» or «100.1.» (lvlText «%1.%2.») is a numbered paragraph at any
            # indentation; it names the section of the items under it
            section = parent_number = m.group("num")
            section_depth = lifted = b.depth
            titled = False
            out.append(_as_paragraph(b, section))
            prev = b
            continue
        if b.kind == "item" and lifted is not None and b.depth > lifted:
            b.depth -= lifted + 1  # the paragraph it stood under is no longer a list item
            if not b.ordered or b.number_format != "decimal":
                out.append(b)
                prev = b
                continue
            b.depth += lifted + 1
        if b.kind != "item" or not b.ordered:
            out.append(b)
            prev = b
            continue
        # «1)» is a list marker (the issue names it so), not a paragraph number — unless its list stands
        # right under the numbered section heading («## 101. Ход игры» / «1) Ход начинается.»)
        if b.marker.endswith(")") and b.list_id not in converting and _numbered_heading(prev):
            paren[b.list_id] = b.depth
        n = re.sub(r"\D", "", b.marker) if not b.marker.endswith(")") or paren.get(b.list_id) == b.depth else ""
        if b.list_id not in converting and paused and section is None and b.number_format == "decimal" and n \
                and b.depth == 0 and int(n) == last.get(paused[0], -1) + 1 > 1:
            section, section_depth, titled = paused  # «<ol start="3">» after «<h3>Особые случаи</h3>»: 800.3
        rel = b.depth - section_depth - 1
        if b.list_id not in converting:  # decided once per list, at its first item
            converting[b.list_id] = section if (
                b.number_format == "decimal" and n and rel == 0 and section and ("." not in section or titled)
                and section not in explicit and not _introduces_list(prev)) else ""
        # Word: the section may change inside one list («802.» after «801.»); a paragraph with a typed
        # number («801.4. …» with the list going on at «4.») ends what the list numbers: as Word shows it
        target = section if converting[b.list_id] and section and ("." not in section or titled) \
            and section not in explicit else ""
        if b.number_format == "decimal" and n and rel == 0:
            if target:
                parent_number = f"{target}.{int(n)}"
                last[target], lifted = int(n), b.depth
                out.append(_as_paragraph(b, parent_number))
                prev = b
                continue
        elif b.number_format == "decimal" and n and rel == 1 and lifted is not None and b.depth == lifted + 1 \
                and parent_number:  # right under an item made a paragraph; under a list item it stays an item
            out.append(_as_paragraph(b, f"{parent_number}.{int(n)}"))
            prev = b
            continue
        out.append(b)
        prev = b
    return out


def _naming_line(b: Block) -> str:
    """The line of a heading or paragraph that names the section a list after it stands in: its
    first, or the last of its lines that opens a numbered paragraph («100. Общие положения» <br>
    … <br> «101. Ход игры», then ``<ol>``: the list is read under 101, as a browser shows it)."""
    from ..lines import classify_line

    later = [x for x in b.lines[1:] if classify_line(x.strip()).kind == "numbered"] if b.kind == "para" else []
    return later[-1] if later else (b.lines[0] if b.lines else "")


def _numbered_heading(prev: Block | None) -> bool:
    return prev is not None and prev.kind == "heading" and bool(prev.lines) and bool(SECTION_RE.match(prev.lines[0]))


def _introduces_list(prev: Block | None) -> bool:
    return prev is not None and prev.kind in ("para", "heading") and bool(prev.lines) \
        and prev.lines[-1].rstrip().endswith(":")


def _as_paragraph(b: Block, number: str) -> Block:
    return Block("para", [f"{number}. {b.lines[0] if b.lines else ''}".rstrip(), *b.lines[1:]], b.where,
                 shown=b.shown or b.marker)


def render(blocks: list[Block], source: str) -> tuple[str, list[Origin]]:
    """The fragment text of ``blocks`` and the origin of each of its lines (1-based).

    Headings and paragraphs are their lines; a list item is its marker and text, indented two
    spaces per nesting level (its further lines indented as well); a table row is
    ``| cell | cell |`` (consecutive rows of one table form one table). A blank line separates
    blocks, except the items of one list and the rows of one table.
    """
    lines: list[str] = []
    origins: list[Origin] = []
    prev: Block | None = None

    def add(text: str, b: Block, shown: str | None = None) -> None:
        lines.append(text)
        origins.append(Origin(len(lines), source, b.where, shown))

    for b in blocks:
        texts = [t for t in (clean(x) for x in b.lines) if t] if b.kind != "row" else []
        if b.kind != "row" and not "".join(texts).replace(ICON, "").strip():
            continue  # nothing shown but pictures: decoration
        together = prev is not None and (
            (b.kind == "item" and prev.kind == "item" and b.list_id == prev.list_id)
            or (b.kind == "item" and prev.kind == "item" and b.depth != prev.depth)
            or (b.kind == "row" and prev.kind == "row" and b.list_id == prev.list_id))
        if lines and not together:
            lines.append("")
            origins.append(Origin(len(lines), source, b.where))
        if b.kind == "code":  # literal text, fenced as CommonMark writes it: never a rule (:mod:`..scan`)
            for t in [FENCE, *texts, FENCE]:
                add(t, b)
        elif b.kind == "row":
            cells = [clean(c).replace("|", "\\|") for c in b.cells]  # a cell's own «|», GFM's escape
            add("| " + " | ".join(cells) + " |", b)
        elif b.kind == "item":
            pad = "  " * b.depth
            marker = b.marker or "•"
            add(f"{pad}{marker} {texts[0]}", b, b.shown)
            for t in texts[1:]:
                add(f"{pad}  {t}", b)
        else:
            add(_heading_mark(texts[0]) + texts[0] if b.kind == "heading" else texts[0], b, b.shown)
            for t in texts[1:]:
                add(t, b)
        prev = b
    return "\n".join(lines) + ("\n" if lines else ""), origins


def _heading_mark(text: str) -> str:
    """``"# "`` for a heading whose words alone would not read as one in the fragment (a dash, a
    comma or a bracket in it, «200 Ход» with no dot after its number, a marker at its start; a full
    stop at its end, which under another heading reads as a sentence, :mod:`..scan`): the
    format marked it a heading, so it is one (:data:`~berserk_kb.text.lines.HEADING_MARK_RE`);
    ``""`` when the line reads as a heading or a numbered paragraph as it is, and for a «heading»
    that opens with a list marker, an example label or a lower-case word («### • модификаторы…»,
    «### 1) Игрок…», «### альтернативные способы…»: a conversion's outline level on list
    paragraphs, which a reader reads as the list it is)."""
    from ..lines import classify_line

    kind = classify_line(text).kind
    return "# " if (kind == "text" or (kind == "heading" and text.rstrip().endswith(".")))\
        and (text[:1].isupper() or text[:1].isdigit()) else ""


class ListNesting:
    """Lists told apart by their indentation only (Word's «List Number» and «List Number 2»: two
    lists, each at its level 0, the second indented further): in a run of list paragraphs, a list
    entered at a deeper indent than the item above nests under that item, and keeps that depth
    when the run comes back to it."""

    def __init__(self) -> None:
        self.offset: dict[int, int] = {}  # list id → the depth its level 0 stands at in this run
        self.last: tuple[int, int, int] | None = None  # the item above: list id, depth, indent

    def depth(self, lid: int, ilvl: int, indent: int) -> int:
        """The depth of an item at level ``ilvl`` of list ``lid``, indented ``indent``."""
        if lid not in self.offset:
            above = self.last
            self.offset[lid] = above[1] + 1 if above is not None and above[0] != lid and indent > above[2] else 0
        depth = self.offset[lid] + ilvl
        self.last = (lid, depth, indent)
        return depth
