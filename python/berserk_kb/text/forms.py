"""Line forms of real rulebooks that :func:`~berserk_kb.text.lines.classify_line` recognises
beyond the bundled fragments' own forms (issue 11). Every rule here applies only to lines the
bundled forms do not already classify, so the bundled rulebook reads exactly as before (tested by
its unit ids and facts digest).

* **Number forms** (:func:`numbered_form`): «527.1 Текст» (no dot), «302.Этап», «104.Числа» (no
  space), «102.3б. Текст» (a letter suffix): read as numbered paragraphs; ``check`` reports the
  punctuation (:data:`CANONICAL_PREFIX`); «А.1. Текст»: paragraph 1 of appendix А.
* **List markers** (:func:`item_form`): ``-``, ``–``, ``—``, ``•``, ``·``, ``▪``, ``*`` (with a
  space, or a dash directly before a lower-case word: «-маркеры ран;»), ``1.``, ``1)``, ``2.``
  directly before a capital («2.Ход игры»: a section title when 2.1 follows, L005 names the space), ``а)``,
  ``a.``, ``А)``, Roman numerals ``ii.``, ``IV)`` — at the start of a line or indented (the
  indentation is part of the marker).
* **Tables** (:func:`is_table_row`): ``| cell | cell |`` or tab-separated rows (their cells:
  :attr:`~berserk_kb.text.model.Paragraph.rows`).
* **Part headings**: «Часть 1. Основные принципы игры», «Раздел 2», «Глава III», «Приложение А»;
  a title in capitals on a line of its own («ОБЩИЕ ПРАВИЛА», :func:`is_caps_title`).
* **Examples**: «ПРИМЕР 2.», «Пример:», «Примеры:», «ПРИМЕР №3 —».
* **Glossary terms** (:func:`glossary_term`): «Авангард Х. Срабатывающая способность…» — the
  term opening a definition is the paragraph's title.

The written forms of references are in :mod:`.references`.
"""

from __future__ import annotations

import re

from .model import ListStyle

# --- number forms ----------------------------------------------------------------------------------

_NUM = r"\d{3,4}(?:\.\d{1,4})*|\d{1,2}(?:\.\d{1,4})+"
#: «102.3б. Текст», «100.3Б. », «210.1a. » (a Latin letter): a paragraph number with a letter suffix
NUMBER_LETTER_RE = re.compile(rf"^(?P<num>(?:{_NUM})[а-яёa-zА-ЯЁA-Z])\.(?:\s+|$)")
#: «527.1 Текст»: a dotted number and a space, no dot
NUMBER_NO_DOT_RE = re.compile(r"^(?P<num>\d{3,4}(?:\.\d{1,4})+[а-яё]?)\s+(?=[«\"„(A-ZА-ЯЁ])")
#: «100.1» alone on its line, its text on the next (a page-per-rule wiki, a number in a PDF's margin)
NUMBER_ALONE_RE = re.compile(r"^(?P<num>\d{3,4}(?:\.\d{1,4})+[а-яё]?)[ \t]*$")
#: «302.Этап», «104.Числа»: a dot and no space
NUMBER_NO_SPACE_RE = re.compile(rf"^(?P<num>{_NUM})\.(?=[«\"„(A-ZА-ЯЁ])")
#: the word a section heading may open with: «Раздел 101. Бой», «Глава 101. …», «§ 102 Магия»
SECTION_WORD = r"(?:Раздел|РАЗДЕЛ|Глава|ГЛАВА|§)[ \t]*"
#: «Раздел 101. Бой», «§ 102 Магия»: a section number (three or four digits; «Раздел 2» is a part)
#: after its word, the word part of the marker
SECTION_WORD_RE = re.compile(rf"^{SECTION_WORD}(?P<num>\d{{3,4}})\.?(?:[ \t]+|$)")
#: «Раздел 1. Общие положения», «Глава 2»: a section of one or two digits after its word — the
#: section numbered so only when its sub-paragraphs («1.1.») follow (:mod:`.scan`), else a part
SMALL_SECTION_WORD_RE = re.compile(rf"^{SECTION_WORD}(?P<num>\d{{1,2}})\.?(?:[ \t]+|$)")
#: «Приложение А. Стоимость карт»: an appendix by its letter, a section numbered so only when its
#: paragraphs («А.1.») follow (:mod:`.scan`), else a part
APPENDIX_WORD_RE = re.compile(r"^(?:Приложение|ПРИЛОЖЕНИЕ)[ \t]+(?P<num>[А-ЯЁA-Z])\.?(?:[ \t]+|$)")
#: «А.1. Существо стоит…»: paragraph 1 of appendix А (a capital letter, Cyrillic or Latin, for its section)
APPENDIX_NUMBER_RE = re.compile(r"^(?P<num>[А-ЯЁA-Z]\.\d{1,3}(?:\.\d{1,4})*)\.(?:\s+|$)")
#: how a paragraph number is written when nothing is amiss: «519.3. », also after the bullet of a
#: list a page sets its numbered paragraphs in («• 519.3. »: :func:`~berserk_kb.text.lines.classify_line`)
CANONICAL_PREFIX = re.compile(rf"^(?:[-–—•·▪■►*●○◦][ \t]+)?(?:{_NUM})[а-яё]?\.(?:\s+|$)")


def numbered_form(line: str) -> tuple[str, str] | None:
    """``(prefix, number)`` of a line opening with a paragraph number in a form the bundled text
    does not use («527.1 », «100.1» alone, «302.», «102.3б. », «Раздел 101. »), else ``None``."""
    for rx in (NUMBER_LETTER_RE, NUMBER_NO_DOT_RE, NUMBER_ALONE_RE, NUMBER_NO_SPACE_RE, SECTION_WORD_RE,
               APPENDIX_NUMBER_RE):
        if m := rx.match(line):
            return m.group(0), m.group("num")
    return None


# --- list items ------------------------------------------------------------------------------------

#: a Roman numeral from 1 to 3999 (``<ol type="i">``/``type="I"``: «ii.», «IV.»)
_ROMAN = r"(?=[ivxlcdm])m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})"
_ITEM_FORMS = (
    (re.compile(r"^(?P<pad>[ \t]*)(?P<label>[-–—•·▪■►*])[ \t]+(?=\S)"), ListStyle.BULLET),
    (re.compile(r"^(?P<pad>[ \t]*)(?P<label>[-–—])(?=[a-zа-яё«\"(])"), ListStyle.BULLET),
    (re.compile(r"^(?P<pad>[ \t]+)(?P<label>[●])\s*"), ListStyle.BULLET),
    (re.compile(r"^(?P<pad>[ \t]+)(?P<label>[○◦])\s*"), ListStyle.SUB_BULLET),
    (re.compile(r"^(?P<pad>[ \t]*)(?P<label>\d{1,2})[.)][ \t]+(?=\S)"), ListStyle.DIGIT),
    (re.compile(r"^(?P<pad>[ \t]*)(?P<label>\d{1,2})\.(?=[«\"A-ZА-ЯЁ][^\W\d_])"), ListStyle.DIGIT),  # «2.Ход игры»
    (re.compile(r"^(?P<pad>[ \t]*)(?P<label>[a-zа-яё])[.)][ \t]+(?=\S)"), None),
    (re.compile(rf"^(?P<pad>[ \t]*)(?P<label>{_ROMAN}|{_ROMAN.upper()})[.)][ \t]+(?=\S)"), ListStyle.ROMAN),
    (re.compile(r"^(?P<pad>[ \t]*)(?P<label>[A-ZА-ЯЁ])\)[ \t]+(?=\S)"), None),
)
_LATIN_LETTER = re.compile(r"[a-z]", re.IGNORECASE)


def item_form(line: str) -> tuple[str, str, ListStyle, int] | None:
    """``(prefix, label, style, indent)`` of a list item line in a form the bundled text does not
    use, else ``None``. ``indent`` counts leading spaces (a tab as four)."""
    for rx, style in _ITEM_FORMS:
        if m := rx.match(line):
            label = m.group("label")
            if style is None:
                style = ListStyle.LATIN if _LATIN_LETTER.match(label) else ListStyle.CYRILLIC
            if label in "-–—•·▪■►*":
                label = "•" if label in "•·▪■►*" else label
            return m.group(0), label, style, len(m.group("pad").replace("\t", "    "))
    return None


# --- tables ----------------------------------------------------------------------------------------


def is_table_row(line: str) -> bool:
    """A table row: ``| a | b |`` (two cells or more), or two or more cells separated by tabs."""
    s = line.strip()
    if s.startswith("|") and s.endswith("|") and s.count("|") >= 3:
        return True
    cells = [c for c in line.split("\t") if c.strip()]
    return "\t" in line.strip() and len(cells) >= 2


def is_tab_row(line: str) -> bool:
    """A tab-separated table row of three cells or more («501.\tНачало\t1»), whatever its first
    cell: a row even when that cell is a number. Two cells («100.1.\tТекст») may be a paragraph
    number set off by a tab, and are read by their marker."""
    return "\t" in line.strip() and len([c for c in line.split("\t") if c.strip()]) >= 3


# --- headings and examples -------------------------------------------------------------------------

PART_HEADING_RE = re.compile(
    r"^(?:Часть|ЧАСТЬ|Раздел|РАЗДЕЛ|Глава|ГЛАВА|Приложение|ПРИЛОЖЕНИЕ)\s+(?:\d{1,3}|[IVXLC]{1,6}|[А-ЯA-Z])\b"
    r"(?:[.:]\s*\S.{0,150}|\.?)$")
#: the rule an example's label names as its own («(к 100.4)», «к правилу 100.5»): part of the label,
#: so that the paragraph is not counted as citing itself through it
_EXAMPLE_TO = (r"(?:\s*\(\s*к\s+(?:правилу\s+|пункту\s+|п\.\s*)?\d{1,4}(?:\.\d{1,4})*[а-яё]?\s*\)"
               r"|\s+к\s+(?:правилу|пункту|п\.)\s*\d{1,4}(?:\.\d{1,4})*[а-яё]?)")
#: an example's label: «Пример», «ПРИМЕРЫ», «Пример 2», «ПРИМЕР №3», «Примеры 1–2» (a range: one label),
#: «Пример 3 (к 100.4)», «Пример к правилу 100.5»
EXAMPLE_LABEL = rf"(?:ПРИМЕРЫ?|Примеры?)(?:\s*№?\s*\d+(?:\s*[–—-]\s*\d+)?)?{_EXAMPLE_TO}?"
EXAMPLE_MORE_RE = re.compile(rf"^(?P<label>{EXAMPLE_LABEL})\s*[:.—–]\s*")


def is_part_heading(line: str) -> bool:
    """«Часть 1. Основные принципы игры», «Раздел 2», «Глава III», «Приложение А»."""
    return bool(PART_HEADING_RE.match(line.strip()))


def is_caps_title(line: str) -> bool:
    """A title typeset in capitals on a line of its own («ОБЩИЕ ПРАВИЛА», «ПРАВИЛА ИГРЫ «БЕРСЕРК.
    ГЕРОИ»»): four letters or more, every one upper case, at most twelve words, not ending with
    «,», «;» or «:» (no sentence is written in capitals)."""
    s = line.strip()
    letters = [c for c in s if c.isalpha()]
    return len(letters) >= 4 and all(c.isupper() for c in letters) and len(s.split()) <= 12 \
        and len(s) <= 120 and not s.endswith((",", ";", ":"))


# --- glossaries ------------------------------------------------------------------------------------

GLOSSARY_HEADING_RE = re.compile(r"терминолог|глоссари|словар|термины|определения", re.IGNORECASE)
#: a heading word alone on its line: a glossary's or contents' title, never the end of a sentence
_TITLE_WORD_RE = re.compile(r"^\s*(?:глоссарий|терминология|словарь(?:\s+терминов)?|(?:основные\s+)?термины"
                            r"(?:\s+и\s+определения)?|определения|оглавление|содержание)\s*[.:]?\s*$", re.IGNORECASE)


def is_title_word(line: str) -> bool:
    """«Глоссарий», «Терминология», «Термины и определения», «Содержание» alone on the line: a
    title, never glued to an unfinished line above it («100.4. …речь» / «Глоссарий»)."""
    return bool(_TITLE_WORD_RE.match(line))


#: a term ends at a full stop outside brackets: «Атака — действие (см. 100.1).» has no term by it
_TERM_RE = re.compile(r"^(?P<term>[A-ZА-ЯЁ–—-](?:[^.!?:;«»\"()]|\([^()]{0,30}\)){0,70}?)\s*\.\s+(?=\S)")
_TERM_DASH_RE = re.compile(r"^(?P<term>[A-ZА-ЯЁ][^.!?:;«»\"–—]{0,70}?)(?:\s+[–—-]|\s*:)\s+(?=\S)")


#: «Дар жизни, или Дар жизни X имеет вид: …»: a term, then «или» and the same term with its value
_OR_TERM_RE = re.compile(r"^(?P<term>[A-ZА-ЯЁ][^.!?:;,«»\"]{0,70}?),\s+или\s+(?P=term)"
                         r"(?P<value>(?:\s+(?:[XХNYУ]|\d+)(?=[\s.,:;]|$))+)")


def alternative_term(text: str) -> str | None:
    """The second form of a glossary term written «T, или T X» («Дар жизни, или Дар жизни X имеет
    вид: …» → «Дар жизни X»: the term with its value), else ``None``."""
    m = _OR_TERM_RE.match(text)
    return f"{m.group('term')} {' '.join(m.group('value').split())}" if m else None


def glossary_term(text: str, in_glossary: bool, is_heading) -> str | None:
    """The term a glossary entry opens with («Авангард Х» of «Авангард Х. Срабатывающая
    способность…», or of «Авангард Х — срабатывающая способность…» and «Яд: существо получает
    рану» in a glossary section), or
    ``None``. In a glossary section (``in_glossary``) a term may have up to
    eight words and commas; elsewhere it must be a heading-like noun phrase (``is_heading``)."""
    m = _OR_TERM_RE.match(text) or _TERM_RE.match(text) or (_TERM_DASH_RE.match(text) if in_glossary else None)
    if not m:
        return None
    term = " ".join(m.group("term").split())
    if in_glossary:
        return term if len(term.split()) <= 8 else None
    return term if is_heading(term + ".") else None


def term_over_definition(lines: list[str], is_heading) -> str | None:
    """The term of a glossary entry written on a line of its own right over its definition
    («Удар Х+1» / «Срабатывающая способность…»): a first line of at most eight words that does not
    end a sentence and, its digits and signs aside, is a noun phrase (``is_heading``), over a line
    starting with a capital letter or a dash; else ``None``."""
    below = lines[1].lstrip() if len(lines) > 1 else ""
    if not (below[:1].isupper() or below.startswith(("—", "–", "-"))):
        return None
    return term_line(lines[0], is_heading)


def term_line(line: str, is_heading) -> str | None:
    """``line`` as a glossary term standing alone on its line («Броня Х», «Удар Х+1»): at most
    eight words starting with a capital letter, no sentence end or clause punctuation at its end,
    a noun phrase once its digits and signs are set aside (``is_heading``); else ``None``."""
    term = " ".join(line.split())
    if not term[:1].isupper() or len(term.split()) > 8 or term.endswith(tuple(".!?:;,…")):
        return None
    words = re.sub(r"[\d+\-−–—×/()]+", " ", term)
    return term if words.strip() and is_heading(words) else None
