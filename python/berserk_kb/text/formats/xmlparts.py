"""What is wrong with a Word package's XML, in a reader's words (:func:`bad_part`): the first part
that is not well-formed, with libxml2's message said plainly (:func:`xml_problem`); a part that
declares its own entities (:func:`declaring_part`), whose references python-docx would drop; a
list level no Word document has (:func:`check_level`)."""

from __future__ import annotations

import re


def bad_part(path) -> str | None:
    """What is wrong with the first XML part of the package that is not well-formed («word/document.xml
    is not well-formed XML: line 2, column 4662: StartTag: invalid element name»), or ``None``."""
    import zipfile

    from lxml import etree

    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            if name.endswith((".xml", ".rels")):
                try:
                    etree.fromstring(z.read(name), etree.XMLParser(resolve_entities=False, no_network=True))
                except etree.XMLSyntaxError as exc:
                    line, col = exc.position
                    msg = " ".join(str(exc.msg or "").split())
                    msg = xml_problem(re.sub(r",? ?line \d+, column \d+$", "", msg))[:120]
                    return f"{name} is not well-formed XML: line {line}, column {col}: {msg}"
    return None


def declaring_part(path) -> str | None:
    """Why the Word package at ``path`` is refused when one of its XML parts carries a document type
    declaration («word/document.xml declares a document type with its own entities …»), else ``None``.

    Word never writes one; an entity it declares (``<!ENTITY x "слово">``) is not expanded (an
    external one must never be read), and python-docx drops the text of a run that refers to it, so
    the document is refused rather than imported with words missing.
    """
    import zipfile

    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            if not name.endswith((".xml", ".rels")):
                continue
            data = z.read(name)
            if b"<!DOCTYPE" not in data and "<!DOCTYPE".encode("utf-16-le") not in data:
                continue  # a cheap look first: a declaration can only be spelt so
            try:
                doctype = etree.fromstring(data, parser).getroottree().docinfo.doctype
            except etree.XMLSyntaxError:
                continue  # :func:`bad_part` names it
            if doctype:
                return (f"{name} has a document type declaration (<!DOCTYPE …>), which Word never writes: "
                        "the text of entities it declares would be lost (save the document from Word again)")
    return None


#: libxml2's words for the limits it keeps, in ours (its own name for a setting that lifts the
#: limit is no help to a reader of a rulebook).
XML_PROBLEMS = [
    (re.compile(r"Maximum entity amplification factor exceeded.*"), "its entities expand to more text than "
     "any document holds (an entity bomb)"),
    (re.compile(r"Excessive depth in document: (\d+).*"), r"elements are nested more than \1 levels deep"),
    (re.compile(r"xmlParseCharRef: invalid xmlChar value (\d+).*"), r"a character reference &#\1; names a "
     "character XML does not allow"),
]


def xml_problem(msg: str) -> str:
    """libxml2's message ``msg`` in plain words: the limits it keeps said as such, else the message
    without the name of the libxml2 function that reports it («xmlParseCharRef: »)."""
    for pattern, words in XML_PROBLEMS:
        if pattern.fullmatch(msg):
            return pattern.sub(words, msg)
    return re.sub(r"^xml\w+: ", "", msg)


#: Word's list levels (``w:ilvl``, ECMA-376 §17.9.3): 0 to 8
MAX_LEVEL = 8
#: the longest number text a list level may have (``w:lvlText``: «%1.%2.%3.», «Часть %1.»)
MAX_LEVEL_TEXT = 64
#: the longest marker a list may draw (a number of twenty digits at each of nine levels fits)
MAX_MARKER = 200
#: the longest count a list level draws: twenty digits (a ``w:start`` past it, or below 0, no Word shows)
MAX_COUNT_DIGITS = 20


def check_count(where: str, num_id: str, ilvl: int, count: int) -> None:
    """Refuse a list level whose count ``count`` is below 0 (``w:start="-5"``: Word draws no
    negative number) or past :data:`MAX_COUNT_DIGITS` digits (``w:start="99999999999999999999"``,
    whose next item would be «100.100000000000000000000.»).

    Raises:
        ValueError: «paragraph 3: numbering 80, level 0: counts past 20 digits …»."""
    place = f"{where + ': ' if where else ''}numbering {num_id}, level {ilvl}"
    if count < 0:
        raise ValueError(f"{place}: counts from {count} (w:start or w:startOverride): Word numbers from 0")
    if count >= 10**MAX_COUNT_DIGITS:
        raise ValueError(f"{place}: counts past {MAX_COUNT_DIGITS} digits (from its w:start or w:startOverride), "
                         f"a number no reader can look up")


def check_level(where: str, num_id: str, ilvl: int, text: str, drawn: str = "") -> None:
    """Refuse a list level no Word document has, before any text is built from it: a level
    ``ilvl`` outside 0–:data:`MAX_LEVEL` (each level indents its paragraph), a number text
    ``text`` over :data:`MAX_LEVEL_TEXT` characters, a ``drawn`` marker over :data:`MAX_MARKER`.

    Raises:
        ValueError: «paragraph 2: numbering 98, level 0: …» (``where`` first when given)."""
    place = f"{where + ': ' if where else ''}numbering {num_id}, level {ilvl}"
    if not 0 <= ilvl <= MAX_LEVEL:
        raise ValueError(f"{place}: Word has list levels 0–{MAX_LEVEL} only")
    if len(text) > MAX_LEVEL_TEXT:
        raise ValueError(f"{place}: its number text (w:lvlText) is {len(text):,} characters long, "
                         f"at most {MAX_LEVEL_TEXT}")
    if len(drawn) > MAX_MARKER:
        raise ValueError(f"{place}: draws a number {len(drawn):,} characters long, at most {MAX_MARKER}")
