"""What is wrong with a Word package's XML, in a reader's words (:func:`bad_part`): the first part
that is not well-formed, with libxml2's message said plainly (:func:`xml_problem`); a part that
declares its own entities (:func:`declaring_part`), whose references python-docx would drop."""

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
