"""HTML → blocks, read by lxml's HTML parser (the page as a browser lays it out).

Headings ``h1``–``h6``, paragraphs (``p``, and text standing directly in ``div``, ``section``,
``td``-less containers), ``br`` starts a new displayed line; ``ol``/``ul`` lists with their
``start``, ``type`` (``1 a A i I``) and ``reversed``, an ``li``'s ``value``, nested lists as
sub-lists; tables row by row (``th``/``td`` cells); ``dl`` glossaries (each entry one block: its
``dt`` term on the first line, its ``dd`` definitions on the lines under it, as a browser shows them). What a browser does not display
is skipped: ``script``, ``style``, ``template``, ``head``, and any element with the ``hidden``
attribute or an inline ``display: none`` / ``visibility: hidden``; an image shows its ``alt`` text
or ``[значок]``.
"""

from __future__ import annotations

import re

from .blocks import ICON, Block, format_kind, format_number

_SKIP = {"script", "style", "template", "head", "noscript", "title", "meta", "link"}
_HIDING_STYLE = re.compile(r"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse))\s*(?:!important)?\s*(?:;|$)",
                           re.IGNORECASE)


def _hidden(el) -> bool:
    """An element a browser does not display: not shown by its kind (``script``, ``style``,
    ``template``, …), the ``hidden`` attribute, or an inline ``display: none`` /
    ``visibility: hidden``."""
    tag = el.tag.lower() if isinstance(el.tag, str) else ""
    return tag in _SKIP or el.get("hidden") is not None or bool(_HIDING_STYLE.search(el.get("style") or ""))


def _hidden_below(node, top) -> bool:
    """``node`` or one of its ancestors below ``top`` is hidden (a row of a hidden ``tbody``)."""
    while node is not None and node is not top:
        if _hidden(node):
            return True
        node = node.getparent()
    return False


def _visible_text(el) -> str:
    """The text of ``el`` a browser displays (hidden descendants and comments left out)."""
    parts = [el.text or ""] if isinstance(el.tag, str) else []
    for child in el:
        if isinstance(child.tag, str) and not _hidden(child):
            parts.append(" " if child.tag.lower() == "br" else _visible_text(child))
        parts.append(child.tail or "")
    return "".join(parts)
_BLOCK = {"p", "div", "section", "article", "main", "header", "footer", "nav", "aside", "blockquote",
          "h1", "h2", "h3", "h4", "h5", "h6", "ol", "ul", "li", "table", "tr", "dl", "dt", "dd", "pre",
          "figure", "figcaption", "body", "html", "form", "fieldset", "details", "summary", "center", "address",
          "thead", "tbody", "tfoot", "caption", "hr"}


def read_html(text: str) -> list[Block]:
    """Blocks of the HTML ``text`` (``where``: the source line of the element, as lxml reports it).

    Raises:
        ValueError: the text has no element a page would show (the caller names the file).
    """
    import lxml.html

    root = lxml.html.document_fromstring(text)
    reader = _Reader()
    body = root.find("body")
    reader.walk(body if body is not None else root, depth=-1)
    reader.flush()
    return reader.blocks


class _Reader:
    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.lines: list[str] = [""]
        self.where = "1"
        self.list_seq = 0
        self.table_seq = 0
        self.pending: dict | None = None  # the list item whose own text is being gathered

    # inline text gathered into the current paragraph
    def text(self, s: str | None, where: int | None) -> None:
        if s:
            if not "".join(self.lines).strip() and where:
                self.where = str(where)
            self.lines[-1] += s

    def flush(self, kind: str = "para", **kw) -> None:
        """End the text gathered so far: the list item being read (even when it has no text of its
        own: «3.» over a table), else a block of ``kind`` when there is text."""
        lines = [" ".join(x.split()) for x in self.lines]
        self.lines = [""]
        if self.pending is not None:
            item, self.pending = self.pending, None
            self.blocks.append(Block("item", [x for x in lines if x] or [""], **item))
        elif any(lines):
            self.blocks.append(Block(kind, [x for x in lines if x] or [""], self.where, **kw))

    def walk(self, el, depth: int) -> None:
        for child in el:
            tag = child.tag if isinstance(child.tag, str) else ""
            if not tag:  # a comment or processing instruction: only its tail is shown
                self.text(child.tail, child.sourceline)
                continue
            tag = tag.lower()
            if _hidden(child):
                self.text(child.tail, child.sourceline)
                continue
            if tag == "br":
                self.lines.append("")
            elif tag == "img":
                self.text(child.get("alt") or ICON, child.sourceline)
            elif tag in ("p", "div") and self.pending is not None:  # a paragraph of the item: its own line
                if self.lines[-1].strip():
                    self.lines.append("")
                self.inline(child, depth)
                self.lines.append("")
            elif tag in _BLOCK:
                self.flush()
                self.block(child, tag, depth)
            else:
                self.text(child.text, child.sourceline)
                self.walk(child, depth)
            self.text(child.tail, child.sourceline)

    def inline(self, el, depth: int = -1) -> None:
        self.text(el.text, el.sourceline)
        self.walk(el, depth)

    def block(self, el, tag: str, depth: int) -> None:
        line = el.sourceline
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self.where = str(line)
            self.inline(el)
            self.flush("heading", level=int(tag[1]))
        elif tag in ("ol", "ul"):
            self.list(el, tag, depth + 1)
        elif tag == "table":
            self.table_seq += 1
            for tr in el.iter("tr"):
                if _hidden_below(tr, el):
                    continue
                cells = []
                for cell in tr:
                    if isinstance(cell.tag, str) and cell.tag.lower() in ("td", "th") and not _hidden(cell):
                        cells.append(" ".join(_visible_text(cell).split()))
                if not cells:
                    continue
                self.blocks.append(Block("row", [], str(tr.sourceline), cells=cells, list_id=10**6 + self.table_seq))
        elif tag == "dl":  # each term and its definitions: one block, the term on its first line
            entry: list[tuple[str, str]] = []
            for part in [*el, None]:
                if part is not None and (not isinstance(part.tag, str) or _hidden(part)):
                    continue
                ptag = part.tag.lower() if part is not None else ""
                if part is None or (ptag == "dt" and entry and entry[-1][0] == "dd"):
                    terms = [w for k, w in entry if k == "dt"]
                    self.lines = [" / ".join(terms)] * bool(terms) + [w for k, w in entry if k == "dd"]
                    self.flush()
                    entry = []
                if part is None:
                    break
                words = " ".join(_visible_text(part).split())
                if ptag in ("dt", "dd") and words:
                    if not entry:
                        self.where = str(part.sourceline)
                    entry.append((ptag, words))
        elif tag == "hr":
            return
        else:
            self.where = str(line)
            self.inline(el)
            self.flush()

    def list(self, el, tag: str, depth: int) -> None:
        """The items of a list, each with what it holds in the order a browser shows it: the
        item's own text (its ``p``/``div`` paragraphs on lines of their own), then — from the first
        nested list, table or other block on — those blocks after it, under it."""
        self.list_seq += 1
        lid = self.list_seq
        fmt = (el.get("type") or "1") if tag == "ol" else "bullet"
        items = [li for li in el if isinstance(li.tag, str) and li.tag.lower() == "li" and not _hidden(li)]
        reverse = tag == "ol" and el.get("reversed") is not None
        try:
            n = int(el.get("start")) if el.get("start") else (len(items) if reverse else 1)
        except ValueError:
            n = 1
        for li in items:
            if li.get("value"):
                try:
                    n = int(li.get("value"))
                except ValueError:
                    pass
            marker = f"{format_number(n, fmt)}." if tag == "ol" else "•"
            self.flush()
            self.pending = dict(where=str(li.sourceline), depth=depth, ordered=tag == "ol", marker=marker,
                                number_format=format_kind(fmt), list_id=lid)
            self.text(li.text, li.sourceline)
            self.walk(li, depth)
            self.flush()
            n = n - 1 if reverse else n + 1
