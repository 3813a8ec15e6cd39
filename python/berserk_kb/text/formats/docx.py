"""Word (.docx) → blocks, read by python-docx, with list numbering resolved as Word shows it.

python-docx gives the paragraphs, tables, styles and the numbering part's XML, but not the numbers Word
draws in front of auto-numbered paragraphs; those are computed here from ``numbering.xml`` (ECMA-376
§17.9): a paragraph's ``numPr`` (or its style's) names a ``w:num``, which names a ``w:abstractNum``
whose ``w:lvl`` gives ``start``, ``numFmt``, ``lvlText`` (``%1.%2.``), ``lvlRestart`` and ``isLgl``;
``w:num`` may override a level's start (``lvlOverride/startOverride``) or redefine the level
(``lvlOverride/lvl``); an abstract numbering that is a list style's (``numStyleLink``) takes its levels
from the numbering that style names. Counters run per abstract numbering (lists that share one continue
each other), a level restarts when a shallower level is used (unless its ``lvlRestart`` says otherwise),
and a ``startOverride`` restarts its level the first time its ``w:num`` is used.

Headings (``Heading N``/``Заголовок N``/``Title`` styles or an outline level) become headings with their number;
other numbered paragraphs list items at their level; tables their rows; a footnote or endnote a line «[1] …»
right after the paragraph that marks it («…игроками.[1]»: :mod:`.wordnotes`). Every number Word draws (not in the
paragraph's text) is kept as the line's ``shown`` marker in the provenance, as the other formats keep theirs.
"""

from __future__ import annotations

import re

from .blocks import Block, ListNesting, glue_line_breaks
from .markers import format_kind
from .terms import bold_runs_only, join_terms
from .wordnotes import Notes
from .wordnumbering import Numbering, W, paragraph_indent
from .xmlparts import bad_part, declaring_part

_HEADING = re.compile(r"^(?:heading|заголовок)\s*(\d)$", re.IGNORECASE)


def read_docx(path, links: dict[int, str] | None = None) -> list[Block]:
    """Blocks of the Word document at ``path``, numbering resolved; given ``links``, each
    cross-reference to a bookmarked paragraph whose words name no number marked
    (:func:`.wordlinks.mark_word_links`).

    Raises:
        ValueError: not a Word document python-docx can open (the caller names the file).
    """
    import docx
    from docx.oxml.ns import qn

    try:
        document = docx.Document(str(path))
    except Exception as exc:  # python-docx raises many kinds for a broken package
        raise ValueError(bad_part(path) or f"not a readable Word document ({type(exc).__name__}: "
                         f"{' '.join(str(exc).split())[:120]})") from None
    if (declared := declaring_part(path)) is not None:
        raise ValueError(declared)
    try:
        numbering_el = document.part.numbering_part.element
    except (NotImplementedError, KeyError, AttributeError):
        numbering_el = None
    if links is not None:
        from .wordlinks import mark_word_links

        mark_word_links(document.element.body, _paragraph_text, links)
    styles = {s.style_id: s for s in document.styles}
    style_nums = {sid: n for sid in styles if (n := _num_pr(None, sid, styles)[0])}
    numbering = Numbering(numbering_el, style_nums)
    hidden = _hidden_styles(styles)
    blocks: list[Block] = []
    bold: list[Block] = []
    para_no = 0
    table_no = 0
    lists: dict[str, int] = {}
    toc = _TocField()
    nesting = ListNesting()
    notes = Notes(document)
    for child in _body_blocks(document.element.body):
        if child.tag == qn("w:p"):
            para_no += 1
            text = _paragraph_text(child, hidden, notes)
            style_id = _style_id(child)
            if toc.inside(child) or _toc_style(style_id, styles):
                text = text.replace("\t", " ........ ")  # the dot leader Word draws before the page
            num_id, ilvl = _num_pr(child, style_id, styles)
            heading = _heading_level(child, style_id, styles)
            where = f"paragraph {para_no}"
            label = numbering.label(num_id, ilvl, where) if num_id and num_id != "0" else None
            if not text.strip() and not label:
                continue
            if heading:
                drawn = label[0] if label and label[0] else None  # Word draws it; the text lacks it
                # a numbered heading is a level of its list: the list's deeper levels stand under it
                lid = lists.setdefault(numbering.nums.get(str(num_id), ("", {}))[0], len(lists) + 1) if drawn else 0
                blocks.append(Block("heading", [f"{drawn} {text}" if drawn else text], where, level=heading,
                                    shown=drawn, depth=ilvl if drawn else 0, list_id=lid))
            elif label is not None and label[1] != "none":
                marker, fmt = label
                nid = str(num_id)  # a label is only read for a paragraph of a list
                lid = lists.setdefault(numbering.nums.get(nid, (nid, {}))[0], len(lists) + 1)
                depth = nesting.depth(lid, ilvl, paragraph_indent(child) or numbering.indent(nid, ilvl))
                blocks.append(Block("item", _lines(text), where, depth=depth, ordered=fmt != "bullet",
                                    marker=marker, number_format=format_kind(fmt), list_id=lid, shown=marker))
            else:
                blocks.append(Block("para", _lines(text), where))
                bold += [blocks[-1]] * bold_runs_only(child)  # a glossary's term alone: joined to its definition
            if heading or label is None or label[1] == "none":
                nesting = ListNesting()
            for mark, body in notes.take():  # a note line right after the paragraph that marks it
                note = " ".join(" ".join(_paragraph_text(q, hidden).split()) for q in body).strip()
                blocks.append(Block("para", [f"[{mark}] {note}".rstrip()], f"{where}, note [{mark}]"))
        elif child.tag == qn("w:tbl"):
            table_no += 1
            for r, tr in enumerate(child.iter(qn("w:tr")), start=1):
                cells = [_cell_text(tc, numbering, styles, hidden) for tc in tr.iter(qn("w:tc"))]
                blocks.append(Block("row", [], f"table {table_no}, row {r}", cells=cells, list_id=10**6 + table_no))
    return join_terms(blocks, bold)


def _cell_text(tc, numbering: Numbering, styles: dict, hidden) -> str:
    """A table cell's text as Word shows it: its paragraphs one after another, a list paragraph
    with its marker («Эффект • броня • регенерация»: a bulleted list in the cell stays a list)."""
    parts = []
    for p in tc.iter(W + "p"):
        text = _paragraph_text(p, hidden)
        num_id, ilvl = _num_pr(p, _style_id(p), styles)
        label = numbering.label(num_id, ilvl) if num_id and num_id != "0" and text.strip() else None
        parts.append(f"{'•' if label[1] == 'bullet' else label[0]} {text}" if label and label[1] != "none" else text)
    return " ".join(parts).strip()


def _body_blocks(body):
    """The paragraphs and tables of the body in reading order, also those inside content controls
    (``w:sdt``: Word puts its automatic table of contents in one) and custom XML."""
    for child in body.iterchildren():
        if child.tag in (W + "sdt", W + "customXml"):
            content = child.find(W + "sdtContent") if child.tag == W + "sdt" else child
            if content is not None:
                yield from _body_blocks(content)
        elif child.tag in (W + "p", W + "tbl"):
            yield child


def _paragraph_text(p, hidden: frozenset[str] = frozenset(), notes: Notes | None = None) -> str:
    """The text Word displays for a paragraph: runs, tabs as tabs, page and column breaks as new
    lines, line breaks (``w:br``, ``w:cr``) as ``\v`` (:func:`_lines` decides what each is), a
    footnote's or endnote's mark as :meth:`.wordnotes.Notes.mark` writes it (with ``notes``),
    inserted (tracked) text kept, deleted and hidden text (:func:`_vanished`; ``hidden``: the ids of
    the styles that hide their text) left out. Only what stands in a run is text: the tab stops a
    paragraph defines (``w:pPr/w:tabs/w:tab``) are not tabs."""
    out: list[str] = []
    pstyle = _style_id(p) if p.tag == W + "p" else None
    for el in p.iter():
        tag = el.tag
        if el.getparent() is None or el.getparent().tag != W + "r" or _deleted(el) \
                or _vanished(el.getparent(), hidden, pstyle):
            continue
        if tag == W + "t":
            out.append(el.text or "")
        elif tag == W + "tab":
            out.append("\t")
        elif tag == W + "br" and el.get(W + "type") in ("page", "column"):
            out.append("\n")
        elif tag in (W + "br", W + "cr"):
            out.append("\v")  # a line break inside the paragraph (see _lines)
        elif tag in (W + "footnoteReference", W + "endnoteReference") and notes is not None:
            out.append(notes.mark(el))
        elif tag == W + "noBreakHyphen":
            out.append("-")
        elif tag == W + "sym":
            out.append(" ")
    return "".join(out)


def _lines(text: str) -> list[str]:
    """The displayed lines of a paragraph's text: a line break stays inside the paragraph (a space)
    unless the line after it opens with a number, marker or example label
    (:func:`~.blocks.glue_line_breaks`)."""
    pieces: list[str] = []
    soft: set[int] = set()
    for line in text.split("\n"):
        for j, piece in enumerate(line.split("\v")):
            if j:
                soft.add(len(pieces))
            pieces.append(piece)
    return glue_line_breaks(pieces, soft)


def _vanished(run, hidden: frozenset[str], pstyle: str | None) -> bool:
    """True when Word does not show the run (hidden text, ``w:vanish``): set on the run itself
    (``w:vanish w:val="0"`` shows it again), or by its character style or its paragraph's style."""
    rpr = run.find(W + "rPr")
    vanish = rpr.find(W + "vanish") if rpr is not None else None
    if vanish is not None:
        return vanish.get(W + "val", "true") not in ("0", "false", "off")
    rstyle = rpr.find(W + "rStyle") if rpr is not None else None
    return (rstyle is not None and rstyle.get(W + "val") in hidden) or (pstyle is not None and pstyle in hidden)


def _hidden_styles(styles: dict) -> frozenset[str]:
    """The ids of the styles (and the styles based on them) whose text Word hides."""
    def hides(style, depth: int = 0) -> bool:
        font = getattr(style, "font", None)
        if font is not None and font.hidden is not None:
            return bool(font.hidden)
        base = getattr(style, "base_style", None)
        return base is not None and depth < 20 and hides(base, depth + 1)
    return frozenset(sid for sid, st in styles.items() if hides(st))


def _deleted(el) -> bool:
    parent = el.getparent()
    while parent is not None:
        if parent.tag == W + "del":
            return True
        parent = parent.getparent()
    return False


def _style_id(p) -> str | None:
    ppr = p.find(W + "pPr")
    st = ppr.find(W + "pStyle") if ppr is not None else None
    return st.get(W + "val") if st is not None else None


def _num_pr(p, style_id: str | None, styles: dict) -> tuple[str | None, int]:
    """The ``(numId, ilvl)`` of a paragraph: its own ``numPr``, else its style's (and the style's
    base styles')."""
    ppr = p.find(W + "pPr") if p is not None else None
    num_id, ilvl = None, None
    if ppr is not None and (np := ppr.find(W + "numPr")) is not None:
        n, lv = np.find(W + "numId"), np.find(W + "ilvl")
        num_id = n.get(W + "val") if n is not None else None
        ilvl = int(lv.get(W + "val")) if lv is not None else None
    seen = set()
    sid = style_id
    while (num_id is None or ilvl is None) and sid and sid in styles and sid not in seen:
        seen.add(sid)
        sel = styles[sid].element
        sppr = sel.find(W + "pPr")
        if sppr is not None and (np := sppr.find(W + "numPr")) is not None:
            n, lv = np.find(W + "numId"), np.find(W + "ilvl")
            if num_id is None and n is not None:
                num_id = n.get(W + "val")
            if ilvl is None and lv is not None:
                ilvl = int(lv.get(W + "val"))
        base = sel.find(W + "basedOn")
        sid = base.get(W + "val") if base is not None else None
    return num_id, ilvl or 0


def _heading_level(p, style_id: str | None, styles: dict) -> int:
    """1–9 for a heading paragraph (by style name or outline level), else 0."""
    ppr = p.find(W + "pPr")
    if ppr is not None and (ol := ppr.find(W + "outlineLvl")) is not None:
        v = int(ol.get(W + "val", "9"))
        if v < 9:
            return v + 1
    seen = set()
    sid = style_id
    while sid and sid in styles and sid not in seen:
        seen.add(sid)
        style = styles[sid]
        name = (style.name or "").strip()
        if name.lower() == "title":
            return 1
        if m := _HEADING.match(name) or _HEADING.match(sid):
            return int(m.group(1))
        sppr = style.element.find(W + "pPr")
        if sppr is not None and (ol := sppr.find(W + "outlineLvl")) is not None and int(ol.get(W + "val", "9")) < 9:
            return int(ol.get(W + "val")) + 1
        base = style.element.find(W + "basedOn")
        sid = base.get(W + "val") if base is not None else None
    return 0


_TOC_STYLE = re.compile(r"^(?:toc|оглавление|содержание)\s*\d$", re.IGNORECASE)


def _toc_style(style_id: str | None, styles: dict) -> bool:
    """A paragraph styled as an entry of a table of contents (``TOC 1``…``TOC 9``, «Оглавление 1»)."""
    style = styles.get(style_id) if style_id else None
    return style is not None and bool(_TOC_STYLE.match((style.name or "").strip()) or _TOC_STYLE.match(style_id or ""))


class _TocField:
    """Whether a paragraph stands inside a ``TOC`` field (Word's automatic table of contents: a
    field that begins with the instruction ``TOC \\o …`` and ends, after the entries and their own
    nested ``PAGEREF``/``HYPERLINK`` fields, with the matching ``fldChar end``)."""

    def __init__(self) -> None:
        self.depth = 0  # open fields since the TOC field began (0: not inside one)

    def inside(self, p) -> bool:
        was = self.depth > 0
        for el in p.iter(W + "fldChar", W + "instrText", W + "fldSimple"):
            if el.tag == W + "instrText" and self.depth == 0 and re.match(r"\s*TOC\b", el.text or ""):
                self.depth, was = 1, True
            elif el.tag == W + "fldSimple" and re.match(r"\s*TOC\b", el.get(W + "instr") or ""):
                was = True
            elif el.tag == W + "fldChar" and self.depth:
                kind = el.get(W + "fldCharType")
                self.depth += 1 if kind == "begin" else -1 if kind == "end" else 0
        return was or self.depth > 0

