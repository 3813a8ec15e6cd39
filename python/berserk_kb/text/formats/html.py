"""HTML → blocks, read by lxml's HTML parser (the page as a browser lays it out).

Only the page's content is read: its ``main`` (or ``role="main"``), else its one ``article``, else
a wiki's content (``.mw-parser-output``, ``#mw-content-text``), else the ``body``; the site's
chrome is left out wherever it stands — ``nav``, ``aside``, a ``header``/``footer`` of the page
(not of an article or section; also a block with the ``id`` or ``class`` ``header``/``footer``, as
a published Google Doc has), ``role`` ``navigation``/``banner``/``contentinfo``/``search``,
cookie banners and breadcrumbs (by their ``class``/``id``), the note a document service prints
under a page it publishes («Опубликовано в Google Документах»), a wiki's edit-section links
(``.mw-editsection``, a heading's trailing «[править]», «[edit]») and category box, a block whose
``class``/``id``/``role`` words name chrome (``menu``, ``nav``, ``sidebar``, ``banner``, ``ad``,
``advert``, ``breadcrumbs``, ``cookie``, ``share``, ``social``…: :data:`.chrome.CHROME_WORDS`) and a block
that is mostly links to other pages (:func:`.chrome.mostly_links`), as readability-style extractors judge
a page without ``main``; a wiki's page title (``#firstHeading``, above its content) is kept as a
heading; a raised footnote mark (``<sup>2</sup>``, a wiki's ``<sup class="reference">``) is written apart, «[2]»,
and a wiki's footnotes (``ol.references``) are plain paragraphs «[1] …» (no «↑» back link), not list items.
A table of contents (``#toc``, ``.toc``, a table or list whose every entry is a link into the
page, where contents stand: :func:`.pagelinks.contents_box`) is kept, also in a ``nav``; a
contents table is written one entry a line (not as a table), as a text's contents, so the parser
knows it as contents.

Headings ``h1``–``h6``, paragraphs (``p``, and text standing directly in ``div``, ``section``, ``td``-less containers),
``br`` inside a paragraph a space unless the line after it opens with a paragraph number, list marker or example label
(then a new displayed line); ``ol``/``ul`` lists with their ``start``, ``type`` (``1 a A i I``, or an inline
``list-style-type`` over it) and ``reversed``, an ``li``'s ``value``, nested lists as sub-lists — and as Google Docs
writes them, each level a list of its own (class ``lst-kix_<list>-<level>``: its level is its depth, its levels one
list) with its marker drawn by the stylesheet (``.c>li:before{content: counter(…, lower-latin) ") "}``), and as Word
saves them in a web page, paragraphs styled ``mso-list:l0 level2`` with the marker Word wrote for them («a.»); tables
row by row (``th``/``td`` cells, spans laid out: :func:`.cells.grid`); ``dl`` glossaries (each entry one block: its
``dt`` term on the first line, its ``dd`` definitions on the lines under it, as a browser shows them); a heading an
``ol``'s ``li`` opens with is the item's text (its number beside it); a ``details`` whose summary is «Пример» is an
example («Пример: …»). What a browser does not display is skipped: ``script``, ``style``, ``template``, ``head``, and
any element with the ``hidden`` attribute or an inline ``display: none`` / ``visibility: hidden``; an image shows its
``alt`` text or ``[значок]``.
"""

from __future__ import annotations

import re

from ..forms import EXAMPLE_MORE_RE
from .blocks import ICON, Block, glue_line_breaks
from .cells import grid, inline_list_type, raised_mark
from .chrome import PUBLISHER_NOTE, site_chrome
from .linktargets import mark_links
from .markers import format_kind, format_number
from .officelists import KIX, MSO_LIST, WORD_BULLETS, list_styles, word_marker
from .pagelinks import contents_box, names

_SKIP = {"script", "style", "template", "head", "noscript", "title", "meta", "link",
         "s", "del", "strike"}  # struck out too
_HIDING_STYLE = re.compile(r"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)|text-decoration"
                           r"(?:-line)?\s*:[^;]*?line-through[^;]*?)\s*(?:!important)?\s*(?:;|$)", re.IGNORECASE)


#: a wiki's edit link left at the end of a heading: «[править]», «[править код]», «[edit]»
EDIT_LINK_RE = re.compile(r"\s*\[\s*(?:править(?:\s+код)?|редактировать|edit(?:\s+source)?)\s*\]\s*$", re.IGNORECASE)


def _span(cell, name: str) -> int:
    """A cell's ``rowspan``/``colspan`` as a browser reads it (1 when absent or not a number; at most 1,000)."""
    return min(int(v), 1000) if (v := (cell.get(name) or "1").strip()).isdigit() else 1


def _hidden(el) -> bool:
    """An element a reader is not shown as content: not displayed by its kind (``script``,
    ``style``, ``template``, …), the ``hidden`` attribute, an inline ``display: none`` /
    ``visibility: hidden``, struck-out text (``<s>``, ``<del>``, ``line-through``), or the site's chrome."""
    tag = el.tag.lower() if isinstance(el.tag, str) else ""
    return tag in _SKIP or el.get("hidden") is not None or bool(_HIDING_STYLE.search(el.get("style") or "")) \
        or site_chrome(el, tag, _visible_text)


def _content(body):
    """The element holding the page's content (see the module), ``body`` when none is marked."""
    for path in ("//main", "//*[@role='main']", "//article",
                 "//*[contains(concat(' ', @class, ' '), ' mw-parser-output ')]", "//*[@id='mw-content-text']"):
        found = [e for e in body.xpath(path) if not _hidden_below(e, None)]
        if len(found) == 1 or (found and path != "//article"):
            return found[0]
    return body


def _page_title(root, content) -> list:
    """A wiki page's title (MediaWiki's ``<h1 id="firstHeading">``), printed above the content
    element and outside it: the document's heading, kept; ``[]`` when it stands inside."""
    found = root.xpath("//h1[@id='firstHeading' or contains(concat(' ', @class, ' '), ' firstHeading ')]")
    return [h for h in found[:1] if content not in h.iterancestors() and not _hidden_below(h, None)]


def _own_text(entry) -> str:
    """The words of a contents entry (a row's cells, a list item's text without its sub-list)."""
    parts = [entry.text or ""]
    for c in entry:
        if isinstance(c.tag, str) and not _hidden(c) and c.tag.lower() not in ("ul", "ol"):
            parts.append(" " + _visible_text(c) + " ")
        parts.append(c.tail or "")
    return " ".join("".join(parts).split())


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


_HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}


def _example_label(details) -> str | None:
    """The label of an example folded in a ``<details>`` («Пример», «ПРИМЕР 2.», «Примеры:» as its
    ``summary``), ``None`` for any other ``<details>``."""
    summary = next((c for c in details if isinstance(c.tag, str) and c.tag.lower() == "summary"), None)
    words = " ".join(_visible_text(summary).split()) if summary is not None else ""
    m = EXAMPLE_MORE_RE.fullmatch(words.rstrip(":.") + ":")
    return m.group("label") if m else None


def read_html(text: str, links: dict[int, str] | None = None) -> list[Block]:
    """Blocks of the HTML ``text`` (``where``: the source line of the element, as lxml reports it).
    Given ``links``, each link into the page whose words name no number is marked in the text and
    its target's words put in ``links`` (:func:`.linktargets.mark_links`).

    Raises:
        ValueError: the text has no element a page would show, or elements nested deeper than the
            parser reads (256 levels: the rest would be lost); the caller names the file.
    """
    import lxml.html

    parser = lxml.html.HTMLParser()
    root = lxml.html.document_fromstring(text, parser=parser)
    if deep := next((e for e in parser.error_log if "Excessive depth" in e.message), None):
        raise ValueError(f"elements nested too deep (more than 256 levels, at line {deep.line}); "
                         "what is nested deeper would be lost")
    reader = _Reader(list_styles(" ".join(st.text or "" for st in root.iter("style"))))
    body = root.find("body")
    content = _content(body if body is not None else root)
    if links is not None:
        links.update(mark_links(content, _visible_text, _in_contents))
    for title in _page_title(root, content):  # a wiki prints the page's title above its content
        reader.block(title, "h1", -1)
    reader.walk(content, depth=-1)
    reader.flush()
    return reader.blocks


def _in_contents(a) -> bool:
    """The link ``a`` stands in a table of contents (:func:`.pagelinks.contents_box`)."""
    return any(contents_box(up, up.tag.lower(), _visible_text) for up in a.iterancestors("ul", "ol", "table", "nav"))


class _Reader:
    def __init__(self, list_styles: dict[str, tuple[str, str]] | None = None) -> None:
        self.list_styles = list_styles or {}
        self.kix: dict[str, int] = {}  # a Google Docs list → the list id its levels share
        self.blocks: list[Block] = []
        self.lines: list[str] = [""]
        self.soft: set[int] = set()  # lines begun by a <br>
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
        lines = [" ".join(x.split()) for x in glue_line_breaks(self.lines, self.soft)]
        if kind == "heading":
            lines = [EDIT_LINK_RE.sub("", x) for x in lines]
        self.lines, self.soft = [""], set()
        if self.pending is not None:
            item, self.pending = self.pending, None
            self.blocks.append(Block("item", [x for x in lines if x] or [""], **item))
        elif any(lines) and not (kind == "para" and PUBLISHER_NOTE.match(" ".join(lines))):
            self.blocks.append(Block(kind, [x for x in lines if x] or [""], self.where, **kw))

    def walk(self, el, depth: int) -> None:
        for child in el:
            tag = child.tag if isinstance(child.tag, str) else ""
            if not tag:  # a comment or processing instruction: only its tail is shown
                self.text(child.tail, child.sourceline)
                continue
            tag = tag.lower()
            if _hidden(child) or word_marker(child) or "mw-cite-backlink" in names(child):  # a note's «↑»
                self.text(child.tail, child.sourceline)
                continue
            if tag == "sup" and (mark := raised_mark(_visible_text(child))):  # «101.1<sup>2</sup>»: 101.1 and note 2
                self.text(mark, child.sourceline)
            elif tag == "br":
                self.soft.add(len(self.lines))
                self.lines.append("")
            elif tag == "img":
                self.text(child.get("alt") or ICON, child.sourceline)
            elif tag in ("p", "div") and self.pending is not None:  # a paragraph of the item: its own line
                if self.lines[-1].strip():
                    self.lines.append("")
                self.inline(child, depth)
                self.lines.append("")
            elif (tag in _HEADINGS and self.pending is not None and self.pending["ordered"]
                  and not "".join(self.lines).strip()):
                self.inline(child, depth)  # «<li><h1>Общие положения</h1></li>»: the item's title, its number beside it
            elif tag == "details" and (label := _example_label(child)):
                self.example(child, label)
            elif tag in _BLOCK:
                self.flush()
                self.block(child, tag, depth)
            else:
                self.text(child.text, child.sourceline)
                self.walk(child, depth)
            self.text((" " if tag == "cite" else "") + (child.tail or ""), child.sourceline)  # «X писал(а): …»

    def inline(self, el, depth: int = -1) -> None:
        self.text(el.text, el.sourceline)
        self.walk(el, depth)

    def block(self, el, tag: str, depth: int) -> None:
        line = el.sourceline
        # entries one a line, as a text's contents, not a table
        if tag == "table" and contents_box(el, tag, _visible_text):
            self.where = str(line)
            self.lines += [t for e in el.iter("tr") if not _hidden_below(e, el) and (t := _own_text(e))]
            self.flush()
        elif tag in _HEADINGS:
            self.where = str(line)
            self.inline(el)
            self.flush("heading", level=int(tag[1]))
        elif tag in ("ol", "ul") and "references" in names(el):  # a wiki's footnotes: notes «[1] …», not list items
            for n, li in enumerate((x for x in el
                                    if isinstance(x.tag, str) and x.tag.lower() == "li" and not _hidden(x)), 1):
                self.where, self.lines = str(li.sourceline), [f"[{n}] "]
                self.inline(li)
                self.flush()
        elif tag in ("ol", "ul") and contents_box(el, tag, _visible_text):  # entries as bullets: numbered by nothing
            self.flush()
            self.list_seq += 1  # a list of its own
            self.contents_list(el, 0, self.list_seq)
        elif tag in ("ol", "ul"):
            self.list(el, tag, depth + 1)
        elif tag == "table":
            self.table_seq += 1
            for caption in (c for c in el if isinstance(c.tag, str) and c.tag.lower() == "caption" and not _hidden(c)):
                if words := " ".join(_visible_text(caption).split()):  # a line of its own above the rows
                    self.blocks.append(Block("para", [words], str(caption.sourceline)))
            trs = [(tr, [(" ".join(_visible_text(c).split()), _span(c, "rowspan"), _span(c, "colspan")) for c in tr
                         if isinstance(c.tag, str) and c.tag.lower() in ("td", "th") and not _hidden(c)])
                   for tr in el.iter("tr") if not _hidden_below(tr, el)]
            trs = [(tr, cells) for tr, cells in trs if cells]
            for (tr, _), cells in zip(trs, grid([cells for _, cells in trs]), strict=True):
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
        elif tag == "pre":  # preformatted: each of its lines a line, as a browser shows it
            self.where = str(line)
            self.lines = _visible_text(el).splitlines() or [""]
            self.flush()
        elif tag == "p" and (m := MSO_LIST.search(el.get("style") or "")):
            self.word_item(el, m.group("list"), int(m.group("level")) - 1)
        else:
            self.where = str(line)
            self.inline(el)
            self.flush()

    def example(self, el, label: str) -> None:
        """A ``<details>`` whose summary is an example's label («Пример», «Пример 2»): the example
        of the paragraph it stands in (a list item's line, as ``<p>Пример: …</p>`` in it) or after
        (a paragraph of its own), written «Пример: …» as a text writes it: the label, then its
        paragraphs on one line (one example, whatever the paragraphs it is set in)."""
        parts = [el.text or ""]
        for c in el:
            if isinstance(c.tag, str) and not _hidden(c) and c.tag.lower() != "summary":
                parts.append(" " + _visible_text(c) + " ")
            parts.append(c.tail or "")
        lines = [f"{label}: {' '.join(''.join(parts).split())}".rstrip()]
        if self.pending is None:
            self.flush()
            self.where = str(el.sourceline)
            self.lines = lines
            self.flush()
        else:
            self.lines += [*lines, ""]  # what follows it in the item: a line of its own

    def word_item(self, p, name: str, depth: int) -> None:
        """A paragraph of a Word list saved as a web page (``style="mso-list:l0 level2 lfo1"``): an
        item at that level of list ``l0``, its marker the text Word wrote for browsers that do not
        draw lists (the ``mso-list:Ignore`` span: «1.», «a.», «·»)."""
        drawn = next((" ".join(_visible_text(x).split()) for x in p.iter("span") if word_marker(x)), "")
        drawn = WORD_BULLETS.get(drawn, drawn)
        ordered = bool(re.fullmatch(r"(?:\d{1,4}\.)*[\dA-Za-zА-Яа-яЁё]{1,6}[.)]", drawn)) and drawn not in ("o", "o.")
        kind = "decimal" if drawn[:1].isdigit() else ("letter" if ordered else "bullet")
        if ordered and re.fullmatch(r"[ivxlIVXL]{2,}[.)]", drawn):
            kind = "roman"
        self.flush()
        self.list_seq += 1
        self.pending = dict(where=str(p.sourceline), depth=depth, ordered=ordered, marker=drawn or "•",
                            number_format=kind, list_id=self.kix.setdefault("mso " + name, self.list_seq))
        self.inline(p)
        self.flush()

    def contents_list(self, el, depth: int, lid: int) -> None:
        """A list of links into the page (contents, whatever its ``start`` or nesting): each entry's
        own words an unnumbered item, its sub-lists set in under it — never a paragraph number."""
        for li in (x for x in el if isinstance(x.tag, str) and x.tag.lower() == "li" and not _hidden(x)):
            if words := _own_text(li):
                self.blocks.append(Block("item", [words], str(li.sourceline), depth=depth, marker="•",
                                         number_format="bullet", list_id=lid))
            for sub in (x for x in li if isinstance(x.tag, str) and x.tag.lower() in ("ol", "ul") and not _hidden(x)):
                self.contents_list(sub, depth + 1, lid)

    def list(self, el, tag: str, depth: int) -> None:
        """The items of a list, each with what it holds in the order a browser shows it: the
        item's own text (its ``p``/``div`` paragraphs on lines of their own), then — from the first
        nested list, table or other block on — those blocks after it, under it."""
        self.list_seq += 1
        lid = self.list_seq
        fmt = (el.get("type") or "1") if tag == "ol" else "bullet"
        after = "."
        for name in names(el):  # Google Docs: each level a list of its own, its marker drawn by the stylesheet
            if m := KIX.match(name):
                depth += int(m.group("level"))
                lid = self.kix.setdefault(m.group("list"), lid)
            if tag == "ol" and name in self.list_styles:
                fmt, after = self.list_styles[name]
        fmt = (inline_list_type(el.get("style")) or fmt) if tag == "ol" else fmt  # over ``type``, as a browser
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
            marker = f"{format_number(n, fmt) if n >= 0 else n}{after}" if tag == "ol" else "•"
            self.flush()  # a browser shows «-2.»: a marker kept as shown, never a paragraph number
            self.pending = dict(where=str(li.sourceline), depth=depth, ordered=tag == "ol" and n >= 0, marker=marker,
                                number_format=format_kind(fmt) if n >= 0 else "bullet", list_id=lid)
            self.text(li.text, li.sourceline)
            self.walk(li, depth)
            self.flush()
            n = n - 1 if reverse else n + 1
