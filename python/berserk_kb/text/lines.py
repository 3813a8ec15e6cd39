"""One line of a rulebook fragment: what its marker makes it (:func:`classify_line`: the bundled
forms here, the forms of real rulebooks in :mod:`.forms`), whether it ends a sentence, whether it
is a heading (by Russian morphology), and the id part made from it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import forms
from .model import ListStyle
from .morph import part_of_speech

# «519.3.», «540.», «5.1.»: a section of three or four digits, or any number with a dot inside.
NUMBER_RE = re.compile(r"^(?P<num>\d{3,4}(?:\.\d{1,4})*|\d{1,2}(?:\.\d{1,4})+)\.(?:\s+|$)")
EXAMPLE_RE = re.compile(r"^(?P<label>(?:ПРИМЕР|Пример)(?:\s*\d+)?)\s*[:.]\s*")
EXAMPLE_INLINE_RE = re.compile(r"^(?P<label>Например)[,:]")  # «Например, …», «Например: …»
LETTER_RE = re.compile(r"^(?P<label>[a-zа-яё])[.)]\s+")
DIGIT_ITEM_RE = re.compile(r"^(?P<label>\d{1,2})\)\s+")
BULLET_RE = re.compile(r"^(?P<label>[●•])\s*")
SUB_BULLET_RE = re.compile(r"^(?P<label>[○◦])\s*")
#: a heading the source format marked as one (Markdown ``#``, HTML ``<hN>``, a Word Heading style, an
#: underlined reStructuredText title), written so in the fragment when its words alone would not read
#: as a heading («# Часть 2 — Игра», «# 200 Ход»: :func:`~berserk_kb.text.formats.blocks.render`)
HEADING_MARK_RE = re.compile(r"^#{1,6}[ \t]+(?=\S)")
#: a section number a marked heading opens with and no dot after it («# 200 Ход»)
_BARE_SECTION_RE = re.compile(r"^(?P<num>\d{3,4}(?:\.\d{1,4})*)[ \t]+(?=\S)")

# A line that ends one of these does not continue on the next line.
_TERMINAL = tuple(".!?:;…\"”»)")
_LATIN = re.compile(r"[a-z]", re.IGNORECASE)


@dataclass
class LineKind:
    kind: str  # numbered | example | item | heading | text | table | contents
    prefix: str = ""
    label: str = ""
    number: str | None = None
    style: ListStyle | None = None
    indent: int = 0  # leading spaces of an item's marker (a tab as four)


def classify_line(line: str) -> LineKind:
    """Classify one source line by its marker (without looking at its neighbours).

    Returns a kind (``numbered``, ``example``, ``item``, ``heading`` or ``text``) with the marker
    prefix exactly as written, the label and, for numbered paragraphs, the number. A line the
    source's format marked a heading (``# ``: :data:`HEADING_MARK_RE`) is a heading whatever its
    words, or the numbered paragraph its number opens («# 200 Ход»: section 200, without its dot).
    A bullet item whose words open with a sub-paragraph number («• 101.1. Ход начинается.», «- 101.1.
    …»: a CMS or wiki setting numbered paragraphs in a bullet list) is that numbered paragraph, as
    in an ordered list: the printed number is the author's, the bullet the page's styling.
    """
    kind = _classify(line)
    if kind.kind == "item" and kind.style in (ListStyle.BULLET, ListStyle.SUB_BULLET) \
            and (m := NUMBER_RE.match(rest := line[len(kind.prefix):])) and "." in m.group("num") \
            and not forms.is_tab_row(rest):
        return LineKind("numbered", prefix=kind.prefix + m.group(0), number=m.group("num"))
    return kind


def _classify(line: str) -> LineKind:
    """:func:`classify_line` but for a bullet that prints a paragraph number."""
    if mark := HEADING_MARK_RE.match(line):  # marked a heading by its format: whatever its words
        rest = line[mark.end():]
        if m := NUMBER_RE.match(rest) or _BARE_SECTION_RE.match(rest):
            return LineKind("numbered", prefix=mark.group(0) + m.group(0), number=m.group("num"))
        if found := forms.numbered_form(rest):
            return LineKind("numbered", prefix=mark.group(0) + found[0], number=found[1])
        return LineKind("heading", prefix=mark.group(0))
    if forms.is_tab_row(line):  # «501.\tНачало\t1»: a row of a table, never a paragraph or a parent
        return LineKind("table")
    if m := NUMBER_RE.match(line):
        return LineKind("numbered", prefix=m.group(0), number=m.group("num"))
    if m := EXAMPLE_RE.match(line):
        return LineKind("example", prefix=m.group(0), label=m.group("label"))
    if m := EXAMPLE_INLINE_RE.match(line):
        return LineKind("example", prefix="", label=m.group("label"))
    if m := LETTER_RE.match(line):
        label = m.group("label")
        style = ListStyle.LATIN if _LATIN.match(label) else ListStyle.CYRILLIC
        return LineKind("item", prefix=m.group(0), label=label, style=style)
    if m := DIGIT_ITEM_RE.match(line):
        return LineKind("item", prefix=m.group(0), label=m.group("label"), style=ListStyle.DIGIT)
    if m := BULLET_RE.match(line):
        return LineKind("item", prefix=m.group(0), label=m.group("label"), style=ListStyle.BULLET)
    if m := SUB_BULLET_RE.match(line):
        return LineKind("item", prefix=m.group(0), label=m.group("label"), style=ListStyle.SUB_BULLET)
    if more := _more_forms(line):
        return more
    if is_heading(line):
        return LineKind("heading")
    return LineKind("text")


def _more_forms(line: str) -> LineKind | None:
    """The forms of real rulebooks (:mod:`.forms`) for a line the bundled forms leave as plain
    text or a heading."""
    if found := forms.numbered_form(line):
        return LineKind("numbered", prefix=found[0], number=found[1])
    if (bare := line.lstrip(" \t")) != line:  # «  100.1. Текст», «\tПРИМЕР 1.»: indented, the same marker
        pad = line[:len(line) - len(bare)]
        if m := NUMBER_RE.match(bare):
            return LineKind("numbered", prefix=pad + m.group(0), number=m.group("num"))
        if found := forms.numbered_form(bare):
            return LineKind("numbered", prefix=pad + found[0], number=found[1])
        if m := EXAMPLE_RE.match(bare) or forms.EXAMPLE_MORE_RE.match(bare):
            return LineKind("example", prefix=pad + m.group(0), label=m.group("label"))
        if m := EXAMPLE_INLINE_RE.match(bare):
            return LineKind("example", prefix=pad, label=m.group("label"))
    if m := forms.EXAMPLE_MORE_RE.match(line):
        return LineKind("example", prefix=m.group(0), label=m.group("label"))
    if item := forms.item_form(line):
        prefix, label, style, indent = item
        return LineKind("item", prefix=prefix, label=label, style=style, indent=indent)
    if forms.is_table_row(line):
        return LineKind("table")
    if forms.is_part_heading(line) or forms.is_caps_title(line):
        return LineKind("heading")
    return None


def is_heading(text: str) -> bool:
    """A heading is one short noun phrase: it starts with a capital letter, has at most six words,
    no comma, colon, quote, digit or spaced dash, at most a final full stop, and (by Russian
    morphology, pymorphy3) it opens with a noun, an adjective or a participle used as one
    («Бронированный», «Летающие существа») and has no verb, short participle, pronoun or particle —
    so «Правило топора.» is a heading and «Отравление не суммируется.» is not."""
    s = text.strip()
    if not s or not s[0].isupper() or not s[0].isalpha():
        return False
    body = s[:-1] if s.endswith(".") else s
    if not body or len(body) > 80 or len(body.split()) > 6:
        return False
    if any(ch in body for ch in ',:;"“”«»()!?.…') or any(ch.isdigit() for ch in body):
        return False
    if re.search(r"\s[-–—]\s", body):
        return False
    return _noun_phrase(body)


_NOT_IN_HEADINGS = {"VERB", "INFN", "PRTS", "GRND", "PRCL", "NPRO", "ADVB", "PRED", "COMP", "INTJ"}


def _noun_phrase(words: str) -> bool:
    tags = [part_of_speech(w) for w in re.findall(r"[^\W\d_]+", words)]
    return (bool(tags) and tags[0] in ("NOUN", "ADJF", "PRTF")
            and not _NOT_IN_HEADINGS.intersection(t for t in tags if t))


def inline_title(text: str) -> str | None:
    """The title a numbered paragraph opens with («519.3. Правило наложения модификаторов атаки.
    Модификаторы атаки накладываются…»), or ``None``."""
    m = re.match(r"([^.]{3,80})\.\s+\S", text)
    if m and is_heading(m.group(1) + "."):
        return m.group(1)
    return None


def ends_sentence(line: str) -> bool:
    """True when ``line`` (right-stripped) ends with sentence-final punctuation or a closing
    quote/bracket, so that the next line starts a new unit."""
    s = line.rstrip()
    return bool(s) and s.endswith(_TERMINAL)


def slug(text: str, words: int = 4) -> str:
    """A lowercase, hyphen-joined id part from the first ``words`` words of ``text`` (ё → е)."""
    tokens = re.findall(r"[^\W_]+", text.lower().replace("ё", "е"))
    return "-".join(tokens[:words]) or "x"


def colon_runs(lines: list[str], contents: set[int] | frozenset[int] = frozenset()) -> set[int]:
    """The line numbers (from 1) of runs of unmarked items after a colon, in any case («Возможные
    стихии:» / «Степи» / «Леса» / «Горы»): at least two lines right under a line ending with «:»,
    no blank line between, each a short phrase (at most eight words) with no marker of its own,
    each but the last ending with no punctuation or with «;» or «,» (a line ending a sentence
    ends the run there). A single line after a colon is the paragraph going on, not a list.
    ``contents``: line numbers (from 1) of a table of contents, never items. The format readers
    keep such a run on its own lines inside a paragraph (:func:`.formats.blocks.glue_line_breaks`)."""
    found: set[int] = set()
    i = 0
    while i < len(lines):
        if not lines[i].rstrip().endswith(":"):
            i += 1
            continue
        run = []
        for j in range(i + 1, len(lines)):
            s = lines[j].strip()
            if not s or j + 1 in contents or len(s.split()) > 8 or s.endswith(":") \
                    or classify_line(lines[j]).kind not in ("text", "heading"):
                break
            run.append(j + 1)
            if s[-1] in ".!?…":
                break
        if len(run) >= 2:
            found.update(run)
        i += max(len(run), 1)
    return found


def tab_tables(lines: list[str]) -> set[int]:
    """The line numbers (from 1) of tab tables whose first column may hold rule numbers
    («Пункт<TAB>Изменение» / «100.1.<TAB>Уточнено» / «101.<TAB>Новый раздел»): a run of two lines
    or more, no blank line between, each with the same number of tab-separated cells (two or more),
    at least one of them no numbered paragraph, list item or example (a header row, as here): its
    rows are a table's, never paragraphs, sections or parents. Without such a row («100.1.<TAB>Текст»
    alone, or every line numbered: Word numbering pasted as text) the lines are read by their markers."""
    found: set[int] = set()
    run: list[int] = []
    for k, line in enumerate([*lines, ""]):
        cells = len([c for c in line.split("\t") if c.strip()]) if "\t" in line.strip() else 0
        if run and (cells < 2 or cells != len([c for c in lines[run[0]].split("\t") if c.strip()])):
            if len(run) >= 2 and any(classify_line(lines[j]).kind in ("table", "text", "heading") for j in run):
                found.update(j + 1 for j in run)
            run = []
        if cells >= 2:
            run.append(k)
    return found


#: a cell of a space-aligned row: words apart by single spaces (two or more spaces part cells)
_CELL = re.compile(r"\S+(?: \S+)*")


def space_tables(lines: list[str], contents: set[int] | frozenset[int] = frozenset()) -> set[int]:
    """The line numbers (from 1) of tables aligned with spaces, as ``pdftotext -layout`` writes
    every table («Тип карты          Стоимость        Правило» / «Существо           1–10
    100.1»): a run of two lines or more, no blank line between, each of two cells or more parted
    by runs of two spaces or more, every row with the same number of cells, each cell starting in
    the column the first row's starts in (within two characters), at least one row no numbered
    paragraph, list item or example (a header row). ``contents``: a table of contents, never rows."""
    found: set[int] = set()
    run: list[list[int]] = []  # each row's cell columns
    start = 0
    for k, line in enumerate([*lines, ""]):
        cols = [] if k + 1 in contents or line.lstrip().startswith("|") or "\t" in line \
            else [m.start() for m in _CELL.finditer(line)]
        aligned = len(cols) >= 2 and bool(run) and len(cols) == len(run[0]) \
            and all(abs(a - b) <= 2 for a, b in zip(cols, run[0]))
        if run and not aligned:
            if len(run) >= 2 and any(classify_line(lines[j]).kind in ("text", "heading") for j in range(start, k)):
                found.update(range(start + 1, k + 1))
            run = []
        if len(cols) >= 2 and not run:
            run, start = [cols], k
        elif aligned:
            run.append(cols)
    return found

