"""Lists and tables of links into the page (``href="#…"``): a table of contents, or a part of the
body that happens to link («см. также: 200.1, 200.2» written as a list of links to paragraphs).

A list of in-page links is contents only where a reader takes it for contents (:func:`contents_box`):
it is named so (``#toc``, ``.toc``), stands under a contents heading («Содержание»,
«Оглавление»), stands near the top (no more than a title and a subtitle before it), or its links
point at the document's own headings, in the order the document prints them. Elsewhere it is the
body's, read as any list or table is (see :mod:`.html`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
#: the blocks a reader reads as text before a list (a title, a subtitle: the top of the page)
_TEXT_BLOCKS = ("self::h1 or self::h2 or self::h3 or self::h4 or self::h5 or self::h6 or self::p or self::li"
                " or self::dt or self::dd")
#: the most text blocks before a list still «near the top»: a title and a subtitle
_TOP_BLOCKS = 2


def names(el) -> list[str]:
    """The words of ``el``'s ``class`` and its ``id``."""
    return (el.get("class") or "").split() + (el.get("id") or "").split()


def contents_box(el, tag: str, text: Callable[[object], str]) -> bool:
    """A table of contents: ``#toc``/``.toc`` (or a ``nav`` holding one), or a table or list of two
    or more entries, each a link into the page and nothing more, that stands where contents stand
    (see the module). ``text``: the displayed text of an element."""
    if any(n.lower() in ("toc", "table-of-contents", "contents") for n in names(el)):
        return True
    if tag not in ("table", "ul", "ol"):
        return tag == "nav" and any(contents_box(x, x.tag, text) for x in el.iter("ul", "ol", "table") if x is not el)
    entries = [e for e in el if isinstance(e.tag, str) and e.tag.lower() in ("li", "tr", "tbody")]
    if tag == "table":
        entries = list(el.iter("tr"))
    texts = [" ".join(text(e).split()) for e in entries]
    if len([t for t in texts if t]) < 2:
        return False
    for e, t in zip(entries, texts):
        links = " ".join(" ".join(text(a).split()) for a in e.iter("a") if (a.get("href") or "").startswith("#"))
        if t and (not links or len(links) * 2 < len(re.sub(r"[\d.\s]", "", t))):
            return False
    return _where_contents_stand(el, text)


def _where_contents_stand(el, text: Callable[[object], str]) -> bool:
    """``el`` (a list of in-page links) stands under a contents heading, near the top, or links to
    the document's headings in their order."""
    from ..contents import CONTENTS_HEADING_RE

    before = [e for e in el.xpath(f"preceding::*[{_TEXT_BLOCKS}]") if " ".join(text(e).split())]
    headings = [e for e in before if e.tag.lower() in _HEADINGS]
    if headings and CONTENTS_HEADING_RE.match(" ".join(text(headings[-1]).split())):
        return True
    if len(before) <= _TOP_BLOCKS:
        return True
    root = el.getroottree().getroot()
    order = {e: k for k, e in enumerate(root.iter())}
    at: list[int] = []
    for a in el.iter("a"):
        key = (a.get("href") or "")[1:]
        found = root.xpath("//*[@id=$k or @name=$k]", k=key) if key else []
        target = found[0] if found else None
        if target is None:
            return False
        if target.tag.lower() not in _HEADINGS:  # an anchor in a heading, a section opening with one
            up = next((u for u in target.iterancestors(*_HEADINGS)), None)
            first = next((c for c in target if isinstance(c.tag, str)), None)
            target = up if up is not None else first if first is not None and first.tag.lower() in _HEADINGS else None
        if target is None:
            return False
        at.append(order[target])
    return at == sorted(at)
