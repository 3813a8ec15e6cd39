"""Cross-references a Word document makes to its own paragraphs whose shown words name no number:
a ``REF`` field (Insert → Cross-reference, «see the text of paragraph»: ``REF _Ref123 \\h``, complex
or simple) or an internal hyperlink (``w:hyperlink w:anchor="_Ref123"``) to the bookmark a paragraph
carries. Each is marked right after its words (:func:`.linktargets.link_mark`) with the words of the
paragraph its bookmark stands in, so that the fragment cites that paragraph's number
(:func:`.linktargets.write_link_targets`); a field whose shown words hold a digit (``REF … \\r``,
«100.1») is a reference as written and is left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .linktargets import link_mark

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_REF = re.compile(r"^\s*(?:REF\s+(?P<ref>\S+)|HYPERLINK\s+\\l\s+\"?(?P<link>[^\"\s]+)\"?)", re.IGNORECASE)


def mark_word_links(body, text: Callable[[object], str], targets: dict[int, str]) -> None:
    """Mark in the document ``body`` (in place: a run holding the mark added after each link) every
    cross-reference whose shown words hold no digit and whose bookmark stands in a paragraph with
    words (``text``: a paragraph's displayed text); ``targets`` gets each mark's target words."""
    marks = {b.get(W + "name"): p for p in body.iter(W + "p") for b in p.iter(W + "bookmarkStart")}

    def mark(after, name: str | None, shown: str) -> None:
        p = marks.get(name or "")
        if p is None or re.search(r"\d", shown) or not (words := " ".join(text(p).split())):
            return
        run = after.makeelement(W + "r", {})
        t = run.makeelement(W + "t", {})
        t.text = link_mark(targets, words)
        run.append(t)
        after.addnext(run)

    for link in list(body.iter(W + "hyperlink")):
        if link.get(W + "anchor"):
            mark(link, link.get(W + "anchor"), "".join(t.text or "" for t in link.iter(W + "t")))
    for simple in list(body.iter(W + "fldSimple")):
        if m := _REF.match(simple.get(W + "instr") or ""):
            mark(simple, m.group("ref") or m.group("link"), "".join(t.text or "" for t in simple.iter(W + "t")))
    for p in list(body.iter(W + "p")):
        _complex_fields(p, mark)


def _complex_fields(p, mark: Callable[[object, str | None, str], None]) -> None:
    """The complex fields (``fldChar`` begin … separate … end) of paragraph ``p``, outermost only:
    each REF's or internal HYPERLINK's shown words, marked after the run that ends it."""
    depth, instr, shown, showing = 0, "", "", False
    for r in list(p.iter(W + "r")):
        for el in r:
            kind = el.get(W + "fldCharType") if el.tag == W + "fldChar" else None
            if kind == "begin":
                depth += 1
                if depth == 1:
                    instr, shown, showing = "", "", False
            elif kind == "separate" and depth == 1:
                showing = True
            elif kind == "end" and depth:
                depth -= 1
                if depth == 0 and (m := _REF.match(instr)):
                    mark(r, m.group("ref") or m.group("link"), shown)
            elif el.tag == W + "instrText" and depth == 1 and not showing:
                instr += el.text or ""
            elif el.tag == W + "t" and depth and showing:
                shown += el.text or ""


__all__ = ["mark_word_links"]
