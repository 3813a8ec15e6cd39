"""Scanning one fragment: its lines (:func:`source_lines`) into raw units (:func:`split_units`),
each a run of consecutive lines with the kind its first line's marker gives (:mod:`.lines`), before
the structure pass (:mod:`.parse`) gives them ids and parents.

Beyond the bundled forms, real rulebooks bring tables of contents, tables, unmarked and indented
list items, glossary terms with their definition on the next line, page numbers left by a PDF
conversion and sections numbered with one or two digits (:mod:`.forms`).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from . import LINE_SEPARATORS, forms
from .contents import contents_lines
from .lines import (
    HEADING_MARK_RE,
    LineKind,
    classify_line,
    colon_runs,
    ends_sentence,
    is_heading,
    space_tables,
    tab_tables,
)
from .model import ListStyle, ParagraphKind
from .morph import part_of_speech


@dataclass
class RawUnit:
    """A unit being built while scanning one fragment."""

    kind: str
    prefix: str
    lines: list[str]
    line_start: int
    label: str = ""
    number: str | None = None
    style: ListStyle | None = None
    indent: int = 0
    orphaned: bool = False
    # filled in by the structure pass
    id: str = ""
    parent: str | None = None  # paragraph parent / list item's paragraph / example's paragraph
    parent_item: str | None = None
    para_kind: ParagraphKind | None = None
    under: RawUnit | None = None  # the item this one nests under, while the list is being read

    @property
    def line_end(self) -> int:
        return self.line_start + len(self.lines) - 1

    @property
    def text(self) -> str:
        return "\n".join(self.lines)[len(self.prefix):]


#: The longest line of a fragment, and the longest text of one unit (a paragraph, a list item, an
#: example), in characters. A real paragraph is a few thousand at most; a unit's text goes whole
#: through Prolog, JSON and the wrapper, some 30 bytes of memory a character (a 22 MB one took
#: 690 MB and 10 s for every ``show``), so a longer one — a whole book without a blank line or a
#: number — is refused; a longer line is refused before the fragment is split at all.
UNIT_LIMIT = 1_000_000

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def source_lines(text: str) -> list[str]:
    """The lines of a fragment, numbered from 1 by position; ``\\n``, ``\\r\\n`` and a lone
    ``\\r`` all end a line; a line or paragraph separator (U+2028, U+2029) inside one is a space."""
    return _LINE_BREAK.split(text.translate(LINE_SEPARATORS))


def split_units(text: str) -> list[RawUnit]:
    """Split a fragment's text into raw units (no ids yet). Lines are numbered from 1.

    Every non-blank line goes to exactly one unit; a unit's lines are consecutive. A last unit that
    stops mid-sentence or mid-list (no final full stop) is marked orphaned: the fragment cut it.
    """
    units: list[RawUnit] = []
    prev_blank = True
    lines = source_lines(text)
    contents = contents_lines(lines)
    listed = colon_runs(lines, contents)
    tabled = tab_tables(lines) | space_tables(lines, contents)
    titled: RawUnit | None = None  # the latest unit that is not plain text (kept, not searched for: a long text)
    fenced = False  # inside a code block («```» … «```»): literal text, one plain unit, never a rule
    for lineno, line in enumerate(lines, start=1):
        if not line.strip():
            prev_blank = True
            continue
        if fenced or _FENCE.match(line):
            if fenced and not prev_blank:
                units[-1].lines.append(line)
            else:
                units.append(RawUnit("text", "", [line], lineno))
            fenced = fenced != bool(_FENCE.match(line))
            prev_blank = False
            continue
        marked = bool(HEADING_MARK_RE.match(line))  # a heading by the source's format: never contents, never glued
        lk = LineKind("contents") if lineno in contents and not marked else classify_line(line)
        if lineno in tabled and lk.kind != "contents":
            lk = LineKind("table")  # a row of a tab table whose first cell is a rule number
        if lk.kind == "heading" and not prev_blank and units and units[-1].kind == "heading" \
                and len(units[-1].lines) == 1 and not ends_sentence(units[-1].lines[0]) \
                and not forms.is_part_heading(units[-1].lines[0]) and not forms.is_part_heading(line):
            lk = LineKind("text")  # a short definition right under its term («Броня Х» / «Постоянная способность.»)
        if lk.kind == "heading" and not marked and prev_blank and line.rstrip().endswith(".") \
                and units and (units[-1].kind == "heading" or _in_titled_body(titled)):
            # a sentence under a heading or a titled paragraph («100.1. Цель игры» / «Текст цели.»)
            lk = LineKind("text")
        if lk.kind == "text" and prev_blank and lineno < len(lines) \
                and forms.term_over_definition([line, lines[lineno]], is_heading):
            lk = LineKind("heading")  # a term with digits or signs over its definition («Удар Х+1»)
        if (label := _example_label(line, lines, lineno)) is not None:
            # «Пример» / «#### Пример» alone: the next line is its text
            lk = LineKind("example", prefix=line, label=label)
        if lk.kind in ("text", "heading") and not marked and units and _number_alone(units[-1]):
            _take_text(units[-1], lines, lineno)  # «100.1.» or «Пример» alone on its line: its text is the next one
            prev_blank = False
            continue
        if lk.kind == "item" and units and _listed_example(units[-1], prev_blank):
            if units[-1].text.strip():
                units[-1].lines += lines[units[-1].line_end:lineno]  # the example's list goes on (blank lines kept)
            else:
                _take_text(units[-1], lines, lineno)  # «Примеры:» over a list: the list is the example's text
            prev_blank = False
            continue
        if lineno in listed:
            lk = LineKind("item", style=ListStyle.BULLET)
        elif lk.kind == "text" and (indent := _unmarked_item(line, units, prev_blank)) is not None:
            lk = LineKind("item", style=ListStyle.BULLET, indent=indent)
        continues = (
            units
            and not prev_blank
            and not marked
            and lk.kind in ("text", "heading")
            and units[-1].kind not in ("table", "contents")
            and (not ends_sentence(units[-1].lines[-1]) or _unfinished(units[-1], line))
            and not _PAGE_NUMBER.match(units[-1].lines[-1])
            and not _FENCE.match(units[-1].lines[-1])
            and not forms.is_part_heading(line)
            and not forms.is_caps_title(line)
            and not forms.is_title_word(line)
            and not _a_title(units[-1], line)
        )
        continues = continues or (_example_goes_on(units, lk.kind, line) and not prev_blank and not marked) \
            or (not prev_blank and _wrapped_reference(units, lk, line, lines, lineno))
        if continues or (lk.kind == "table" and units and units[-1].kind == "table" and not prev_blank):
            units[-1].lines.append(line)
        else:
            units.append(RawUnit(lk.kind, lk.prefix, [line], lineno, lk.label, lk.number, lk.style, lk.indent))
            titled = units[-1] if lk.kind != "text" else titled
        prev_blank = False
    if units and _cut_off(units[-1].lines[-1]):
        units[-1].orphaned = True  # the fragment ends mid-sentence or mid-list
    _small_sections(units)
    _roman_lists(units)
    return units


def too_long(text: str, units: list[RawUnit] | None = None) -> tuple[int, str] | None:
    """Where the fragment ``text`` passes :data:`UNIT_LIMIT` — its first line longer than that
    (checked before it is split: a fragment within the limit has none), or, given its ``units``,
    the first unit longer than that — as (line number, what); None when it does not."""
    if units is not None:
        u = next((u for u in units if sum(map(len, u.lines)) + len(u.lines) - 1 - len(u.prefix) > UNIT_LIMIT), None)
        return None if u is None else (u.line_start, f"a unit (paragraph, list item or example) of {len(u.text):,} "
                                                     f"characters: at most {UNIT_LIMIT:,}")
    if len(text) <= UNIT_LIMIT:
        return None
    lineno, start = 1, 0
    for m in [*_LINE_BREAK.finditer(text), None]:
        end = len(text) if m is None else m.start()
        if end - start > UNIT_LIMIT:
            return lineno, f"a line of {end - start:,} characters: at most {UNIT_LIMIT:,}"
        lineno, start = lineno + 1, end if m is None else m.end()
    return None


def _roman_lists(units: list[RawUnit]) -> None:
    """«i.» (or «v.», «x.») reads as a Latin letter, but right before a Roman «ii.» at the same
    indentation it is the first item of a Roman list (``<ol type="i">``)."""
    for u, nxt in zip(units, units[1:]):
        if u.kind == "item" and u.style is ListStyle.LATIN and u.label.lower() in ("i", "v", "x") \
                and nxt.kind == "item" and nxt.style is ListStyle.ROMAN and nxt.indent == u.indent:
            u.style = ListStyle.ROMAN


def _small_sections(units: list[RawUnit]) -> None:
    """Sections numbered with one or two digits («1. Общие положения» over «1.1.», «1.2.»): a
    «N.» line whose text is a title (a heading-like phrase) and whose number has sub-paragraphs in
    the fragment is a numbered paragraph, not the first item of a list; so is a one-line heading
    «Раздел 1. Общие положения» or «Глава 2. Ход» (its word and number the marker), not a part, and
    an appendix «Приложение А. Стоимость карт» over its «А.1.»: section А."""
    subs = {u.number.split(".", 1)[0] for u in units if u.kind == "numbered" and u.number and "." in u.number}
    for u in units:
        if u.kind == "heading" and not u.prefix and len(u.lines) == 1 \
                and (m := forms.SMALL_SECTION_WORD_RE.match(u.lines[0]) or forms.APPENDIX_WORD_RE.match(u.lines[0])) \
                and m.group("num") in subs:
            u.kind, u.number, u.prefix = "numbered", m.group("num"), m.group(0)
        if u.kind == "item" and u.style is ListStyle.DIGIT and u.label in subs and not u.indent \
                and u.prefix.rstrip().endswith(".") and len(u.lines) == 1 and is_heading(u.text):
            u.kind, u.number, u.label, u.style = "numbered", u.label, "", None


def _number_alone(u: RawUnit) -> bool:
    """A numbered paragraph so far only its number («100.1.» on its own line, as PDF text, a Word
    table or a ``<dt>`` puts it), or an example so far only its label («Пример», «Пример:»)."""
    return u.kind in ("numbered", "example") and len(u.lines) == 1 and not u.text.strip()


#: an example's label alone on its line, perhaps marked a heading («#### Пример», «Пример:», «ПРИМЕР 2.»,
#: «Примеры 1–2.»)
_EXAMPLE_ALONE = re.compile(rf"^(?:#{{1,6}}[ \t]+)?(?P<label>{forms.EXAMPLE_LABEL})\s*[:.—–]?\s*$")


def _listed_example(u: RawUnit, prev_blank: bool) -> bool:
    """``u`` is an example that a list item line right after it belongs to: its label alone so
    far («Примеры:», «ПРИМЕРЫ:», a blank line between or not), or such a label and the items under
    it already, the list going on (no blank line between, or the last item ends with «;» or «,»)."""
    if u.kind != "example":
        return False
    if not u.text.strip():
        return True
    return (not prev_blank or u.lines[-1].rstrip().endswith((";", ","))) and u.prefix.endswith("\n") \
        and classify_line(u.lines[-1]).kind == "item"


#: a line opening with a label word of its own («Примечание.», «Исключение:», «Важно:»): a new block
_OWN_LABEL = re.compile(r"^[A-ZА-ЯЁ][^\W\d_]+[.:](?:\s|$)")


def _example_goes_on(units: list[RawUnit], kind: str, line: str) -> bool:
    """A plain line right under an example's text (no blank line between: the source's paragraph
    goes on, «Пример. Существо с силой 3 атакует.» / «Противник получает 3 раны.») continues the
    example even after a full stop, unless it opens with a label of its own («Примечание.») or is a
    page number left by a PDF conversion."""
    return bool(units) and units[-1].kind == "example" and bool(units[-1].text.strip()) and kind == "text" \
        and not _OWN_LABEL.match(line.lstrip()) and not _PAGE_NUMBER.match(line) \
        and not _listed_example(units[-1], False)


def _example_label(line: str, lines: list[str], lineno: int) -> str | None:
    """The label of an example labelled on a line of its own (line ``lineno``, from 1) whose text
    is the next non-blank line, a line of plain text or a list item («ПРИМЕРЫ» over «1. …» / «2. …»:
    the list is the example's text); else ``None``."""
    m = _EXAMPLE_ALONE.match(line)
    if m is None:
        return None
    after = next((lines[i] for i in range(lineno, len(lines)) if lines[i].strip()), None)  # no copy of the rest
    if after is None or classify_line(after).kind not in ("text", "heading", "item"):
        return None
    return m.group("label")


def _wrapped_reference(units: list[RawUnit], lk: LineKind, line: str, lines: list[str], lineno: int) -> bool:
    """A number alone on its line («100.2.») right under a line that ends with a reference's keyword
    and no number («…если иное не указано в правиле»), with a numbered paragraph after it: the
    reference's number wrapped to the next line, not an empty paragraph — the unit goes on."""
    from .references import wants_a_number

    if not (units and lk.kind == "numbered" and not line[len(lk.prefix):].strip()
            and units[-1].kind not in ("table", "contents", "heading") and wants_a_number(units[-1].lines[-1])):
        return False
    after = next((lines[i] for i in range(lineno, len(lines)) if lines[i].strip()), None)  # no copy of the rest
    return after is not None and classify_line(after).kind == "numbered"


def _in_titled_body(last: RawUnit | None) -> bool:
    """The units so far end with a titled numbered paragraph («100.1. Цель игры»: its number and a
    heading-like title, no more; or a number alone over its text) and plain paragraphs under it: its
    body, where a short sentence («Текст цели.», «Ничья возможна.») goes on the body rather than heading
    what follows. ``last`` is the latest unit so far that is not plain text (``None``: there is none)."""
    return last is not None and last.kind == "numbered" and (
        (len(last.lines) == 1 and is_heading(last.text)) or last.prefix.endswith("\n"))  # or «100.2.» over its text


def _take_text(u: RawUnit, lines: list[str], lineno: int) -> None:
    """Give the number-only paragraph ``u`` the text on line ``lineno`` (from 1), blank lines between
    kept as part of its marker, so that marker + text is still its source lines joined."""
    u.lines += lines[u.line_end:lineno]
    u.prefix = "\n".join(u.lines[:-1]) + "\n"


def _a_title(u: RawUnit, line: str) -> bool:
    """A one-line heading of a part («Часть 2. Терминология»), a one-line heading with a capital
    line under it (a glossary term, its definition below: «Авангард Х» / «Срабатывающая…») or a
    one-line numbered title («101. Общие сведения»): the line under it starts the body, it does not
    continue the title. A line that starts in lower case or with an opening quote continues it
    all the same («500.5. Существо с особенностью» / ««Рывок» двигается…»): no body starts so."""
    if len(u.lines) != 1:
        return False
    if u.kind == "heading" and forms.is_part_heading(u.lines[0]):
        return True
    if line.lstrip()[:1].islower() or line.lstrip()[:1] in "«„“\"'":
        return False
    if u.kind == "heading":
        return line[:1].isupper()
    return u.kind == "numbered" and is_heading(u.lines[0][len(u.prefix):])


def _unfinished(u: RawUnit, line: str) -> bool:
    """The unit goes on past a line that ends a sentence: the line ends with a dot and the next one
    starts in lower case (no sentence starts so: the dot ended an abbreviation, «(см.» / «правило
    100.2.1).»), or a bracket the unit opened is still open."""
    text = "\n".join(u.lines)
    return (u.lines[-1].rstrip().endswith(".") and line.lstrip()[:1].islower()) or text.count("(") > text.count(")")


#: a fence opening or closing a code block (CommonMark: three backticks or tildes)
_FENCE = re.compile(r"^ {0,3}(?:`{3,}|~{3,})")
#: a line that is only a number: a page number left by a PDF conversion, never continued
_PAGE_NUMBER = re.compile(r"^\s*\d{1,4}\s*$")


def _unmarked_item(line: str, units: list[RawUnit], prev_blank: bool) -> int | None:
    """The indentation of a line with no marker that is a list item all the same, else ``None``.
    It starts with a lower-case letter and follows a line ending with a colon (a run of unmarked
    items after a colon) or an item written the same way; or, as a block of its own (after a blank
    line), it follows a paragraph or item that does not end its sentence («К эффектам правил игры
    относят» / «оплата способности»): an item of that paragraph, or a sub-item of that item. A
    lower-case line right under an unfinished line is that line's continuation, not an item."""
    if not units or not line[:1].islower():
        return None
    last = units[-1]
    if last.kind == "item" and last.label == "":
        return last.indent
    if last.kind != "item" and last.lines[-1].rstrip().endswith(":"):
        return 0
    if prev_blank and not ends_sentence(last.lines[-1]):
        if last.kind == "item":
            return last.indent + 1
        if last.kind in ("numbered", "text", "heading"):
            return 0
    return None


_FUNCTION_WORDS = {"PREP", "CONJ", "PRCL"}


def _cut_off(last_line: str) -> bool:
    """True when a fragment's last line stops mid-sentence: it ends with a comma, a colon, a
    semicolon, a dash or an opening bracket or quote, or its last word is a preposition,
    conjunction or particle (pymorphy3). A complete paragraph that only lacks its final full stop is
    not cut off."""
    s = last_line.rstrip()
    if not s or s.endswith(tuple(".!?…\"”»)")):
        return False
    if s.endswith(tuple(",:;-–—(«„“")):
        return True
    words = re.findall(r"[^\W\d_]+", s)
    return bool(words) and part_of_speech(words[-1]) in _FUNCTION_WORDS


__all__ = ["UNIT_LIMIT", "RawUnit", "source_lines", "split_units", "too_long"]


def definition_hosts(raws: list[RawUnit]) -> dict[str, str]:
    """The definitions that belong to their term, by id → the term's id: a plain paragraph right
    under a heading line (no blank line between: a definition list's «Авангард Х» over
    «Срабатывающая способность…», a glossary's term over its definition) that is the heading's only
    paragraph. What the definition cites, the entry cites."""
    by_id = {r.id: r for r in raws}
    children = Counter(r.parent for r in raws if r.kind in ("numbered", "heading", "text", "table"))
    return {r.id: term.id for r in raws if r.kind == "text" and (term := by_id.get(r.parent or "")) is not None
            and term.kind == "heading" and term.line_end + 1 == r.line_start and children[term.id] == 1}
