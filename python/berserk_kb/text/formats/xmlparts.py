"""What is wrong with a Word package's XML, in a reader's words (:func:`bad_part`): the first part
that is not well-formed, with libxml2's message said plainly (:func:`xml_problem`)."""

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
