"""Markdown (CommonMark, with GitHub tables) → blocks, read by markdown-it-py.

Headings, paragraphs (a line break inside one, soft or hard, is a space unless the line after it
opens with a marker), bullet and ordered lists (each item numbered as CommonMark renders
it: the list's ``start`` and then one more per item; a later paragraph of an item that opens with a
marker CommonMark does not know, «а) …», is an item of a sub-list under it), tables (one row block per
row; a contents table under «Содержание» one entry a line, as a text's contents), block quotes (their
blocks; a GitHub alert's mark «[!NOTE]» is no text), raw HTML blocks (read as HTML). Inline markup
is dropped (``**Авангард Х.**`` → ``Авангард Х.``), a link keeps its text, an image its alt text or
``[значок]``; a paragraph of images only is decoration and produces no line.
"""

from __future__ import annotations

import re

from .blocks import ICON, SECTION_RE, Block, glue_line_breaks, sub_items
from .sitemarkup import without_site_markup
from .terms import join_terms

#: the deepest nesting markdown-it reads (a list level takes two, a quote one); what is nested
#: deeper it skips to the end of the document, so a source reaching it is refused
_NESTING = 100


#: the deepest list nesting markdown-it reads: half :data:`_NESTING` (a list level takes two), less one
LIST_DEPTH = _NESTING // 2 - 1

#: a GitHub task list's check box opening a bullet item: «[ ] », «[x] »
_TASK_BOX = re.compile(r"^\[[ xX]\][ \t]+(?=\S)")
#: a list item's marker at a line's start: its indent, the marker, the spaces after it
_ITEM_MARK = re.compile(r"^(?P<pad>[ \t]*)(?P<mark>[-*+]|\d{1,9}[.)])(?P<gap>[ \t]+|$)")


def too_deep(text: str) -> int | None:
    """The line (from 1) where the lists of the Markdown ``text``, read by their indents as
    CommonMark nests them (an item under another when its marker stands at or past the other's
    text), pass the depth markdown-it reads (:data:`LIST_DEPTH`) — found
    in one pass over the lines, before the parse, which takes minutes on thousands of levels —
    else ``None``. Only indents are read, so it never counts deeper than CommonMark does."""
    columns: list[int] = []  # the text column of each open item, outermost first
    for lineno, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        m = _ITEM_MARK.match(line)
        pad = len((m.group("pad") if m else line[:len(line) - len(line.lstrip())]).expandtabs(4))
        while columns and pad < columns[-1]:
            columns.pop()
        if m:
            columns.append(pad + len(m.group("mark")) + max(1, len(m.group("gap").expandtabs(4))))
            if len(columns) > LIST_DEPTH:
                return lineno
    return None


def read_markdown(text: str, name: str = "<md>", notes: list[str] | None = None) -> list[Block]:
    """Blocks of the Markdown ``text`` (``where`` is the 1-based source line of each block). A raw
    HTML block (``<div>…</div>``, ``<table>``, as converters write notes and complex tables) is read
    as HTML (:func:`.html.read_html`), its blocks at its line. A list CommonMark counts on from a
    section's number («101. Ход игры», a blank line, «1. …», «2. …»: one list, shown 101., 102.,
    103.) is read as it is shown, and a ``"name:line: …"`` line saying what the source wrote is
    appended to ``notes``, so that an editor sees it.

    YAML front matter (a first line ``---``, ``key: value`` lines, a closing ``---`` or ``...``, as
    Jekyll, Hugo and pandoc read it) is the page's metadata, not its text: left out, with a note.
    So are kramdown attribute lists and Liquid tags; a GitHub footnote is written «[1]»
    (:func:`.sitemarkup.without_site_markup`).

    Raises:
        ValueError: lists and quotes nested so deep (some 50 list levels, 100 quotes) that the
            parser would skip what follows; the caller names the file.
    """
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"maxNesting": _NESTING}).enable("table")
    tokens = md.parse(without_site_markup(_without_front_matter(text, name, notes)))
    if deep := next((tok for tok in tokens if tok.level >= _NESTING - 1), None):
        raise ValueError(f"lists or quotes nested too deep (more than {_NESTING} levels, at line "
                         f"{deep.map[0] + 1 if deep.map else '?'}); what is nested deeper would be lost")
    blocks: list[Block] = []
    lists: list[dict] = []  # open lists: ordered, next number, id, delimiter
    list_seq = 0
    table_seq = 0
    in_table = False
    row: list[str] | None = None
    row_line = 0
    item_open: list[bool] = []  # per open list item: its first paragraph was written
    last_break, linked = -1, []  # where the last thematic break stands; the paragraphs with a link
    bold: list[Block] = []  # the paragraphs set in bold as a whole («**Яд Х**»)
    for i, tok in enumerate(tokens):
        t = tok.type
        line = str(tok.map[0] + 1) if tok.map else (blocks[-1].where if blocks else "1")
        if t in ("bullet_list_open", "ordered_list_open"):
            list_seq += 1
            start = int(tok.attrGet("start") or 1) if t == "ordered_list_open" else 1
            lists.append({"ordered": t == "ordered_list_open", "n": start, "id": list_seq, "first": start})
        elif t in ("bullet_list_close", "ordered_list_close"):
            _renumbered(lists.pop(), name, notes)
        elif t == "list_item_open":
            item_open.append(False)
            cur = lists[-1]
            if cur["ordered"]:
                cur["marker"] = f"{cur['n']}{tok.markup or '.'}"
                cur["shown"] = None if str(cur["n"]) == tok.info else f"{tok.info}{tok.markup}"
                if cur["shown"]:
                    cur.setdefault("renumbered", []).append((line, cur["shown"], cur["marker"]))
                cur["n"] += 1
        elif t == "list_item_close":
            item_open.pop()
        elif t == "table_open":
            in_table, table_seq = True, table_seq + 1
        elif t == "table_close":
            in_table = False
            _contents_table(blocks, 10**6 + table_seq)
        elif t == "tr_open":
            row, row_line = [], int(line)
        elif t == "tr_close" and row is not None:
            blocks.append(Block("row", [], str(row_line), cells=row, list_id=10**6 + table_seq))
            row = None
        elif t == "inline" and in_table and row is not None:
            row.append(" ".join(_inline_lines(tok)))
        elif t == "inline":
            parent = tokens[i - 1].type if i else ""
            lines = _inline_lines(tok)
            if _alert(tokens, i):  # «> [!NOTE]»: GitHub's callout box, its content where it stands
                lines = [ln for ln in [_ALERT.sub("", lines[0], count=1), *lines[1:]] if ln.strip()] or [""]
            if not any(x.strip() for x in lines):
                continue
            if parent != "heading_open" and not item_open and _links_only(tok):
                continue  # «[Главная](index.md) · [Правила](rules.md)»: the site's menu, as in a web page
            if parent == "heading_open":
                blocks.append(Block("heading", [" ".join(lines)], line, level=int(tokens[i - 1].tag[1:])))
            elif item_open and not item_open[-1]:
                item_open[-1] = True
                cur = lists[-1]
                if not cur["ordered"]:  # «- [ ] атаку»: GitHub draws a check box, the item's words follow
                    lines = [_TASK_BOX.sub("", lines[0], count=1), *lines[1:]]
                blocks.append(Block("item", lines, line, depth=len(lists) - 1, ordered=cur["ordered"],
                                    marker=cur.get("marker", "•") if cur["ordered"] else "•",
                                    number_format="decimal" if cur["ordered"] else "bullet",
                                    list_id=cur["id"], shown=cur.get("shown") if cur["ordered"] else None))
            elif item_open and (subs := sub_items(lines, len(lists), lists[-1]["id"], line)):
                blocks.extend(subs)
            elif _DEFINITION.match(lines[0]) and blocks and blocks[-1].kind == "para" and len(blocks[-1].lines) == 1 \
                    and i >= 3 and tokens[i - 3].type == "inline" and tokens[i - 3].children is not None:
                # «Term», a blank line, «: definition» (kramdown's loose definition list): one entry
                blocks[-1] = Block("para", [*blocks[-1].lines, *_definitions([blocks[-1].lines[0], *lines])[1:]],
                                   blocks[-1].where)
            else:
                blocks.append(Block("para", lines, line))
                linked += [blocks[-1]] * any(c.type == "link_open" for c in tok.children or ())
                bold += [blocks[-1]] * _strong_only(tok)
        elif t == "hr" and _setext_number(blocks, tok):  # «101. Ход игры» / «-----»: a heading, as its author meant
            blocks[-1] = Block("heading", [f"{blocks[-1].marker} {blocks[-1].lines[0]}"], blocks[-1].where, level=2)
        elif t == "hr":
            last_break = len(blocks)
        elif t == "html_block":
            blocks.extend(_html_blocks(tok.content, line))
        elif t in ("fence", "code_block"):  # fenced: code, literal; indented: text set in («    100.2.1. …»)
            blocks.append(Block("code" if t == "fence" else "para", tok.content.rstrip("\n").split("\n"), line))
    if last_break > 0 and _footer(blocks[last_break:], linked):
        del blocks[last_break:]
    return join_terms(blocks, bold)


#: the mark that opens a GitHub alert, alone on a block quote's first line: «> [!NOTE]», «> [!TIP]»
_ALERT = re.compile(r"^\s*\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]\s*", re.IGNORECASE)


def _alert(tokens, i: int) -> bool:
    """The inline token ``tokens[i]`` is the first paragraph of a block quote and opens with a GitHub
    alert's mark on a line of its own: GitHub shows a callout («Note», «Tip») in the flow, no heading
    and no text of the mark; the quote's content stays the text it is where it stands."""
    kids = tokens[i].children or []
    return i >= 2 and tokens[i - 2].type == "blockquote_open" and bool(kids) and kids[0].type == "text" \
        and bool(_ALERT.fullmatch(kids[0].content)) and (len(kids) == 1 or kids[1].type in ("softbreak", "hardbreak"))


#: the opening of YAML front matter: «---» on the first line, then a ``key:`` line
_FRONT = re.compile(r"\A(?:\ufeff)?---[ \t]*\r?\n(?:[ \t]*(?:#.*)?\r?\n)*[\w-]+[ \t]*:")
_FRONT_END = re.compile(r"^(?:---|\.\.\.)[ \t]*\r?$", re.MULTILINE)


def _without_front_matter(text: str, name: str, notes: list[str] | None) -> str:
    """``text`` with its YAML front matter blanked out (each of its lines left empty, so every other
    line keeps its number), and a ``"name:1–N: …"`` note; ``text`` itself when it opens with none."""
    if not _FRONT.match(text) or not (end := _FRONT_END.search(text, text.index("\n") + 1)):
        return text
    last = text.count("\n", 0, end.start()) + 1
    if notes is not None:
        notes.append(f"{name}:1–{last}: YAML front matter (the page's metadata) — left out of the text")
    return "\n" * last + text[end.end():].removeprefix("\r").removeprefix("\n")


def _renumbered(closed: dict, name: str, notes: list[str] | None) -> None:
    """Note a list that opens with a section's number (three digits or more, «101.») and goes on
    with items written with other numbers, which CommonMark numbers on from it."""
    moved = closed.get("renumbered", [])
    if notes is None or not moved or len(str(closed["first"])) < 3:
        return
    written = ", ".join(f"«{w}»" for _, w, _ in moved)
    shown = ", ".join(f"«{m}»" for _, _, m in moved)
    notes.append(f"{name}:{moved[0][0]}: the list opened by «{closed['first']}.» goes on with items written "
                 f"{written}, which CommonMark (and a browser) numbers {shown}: kept as shown; if they are "
                 f"paragraphs of {closed['first']}, make its line a heading or write their full numbers")


def _setext_number(blocks: list[Block], hr) -> bool:
    """A numbered title underlined with dashes («101. Ход игры» / «-------------», a setext heading
    of level 2): CommonMark reads the number as a list of one item and the dashes as a thematic
    break right under it; the author wrote a section heading."""
    last = blocks[-1] if blocks else None
    return last is not None and last.kind == "item" and last.ordered and last.depth == 0 and len(last.lines) == 1 \
        and hr.markup.startswith("-") and bool(hr.map) and str(hr.map[0]) == last.where \
        and sum(b.list_id == last.list_id for b in blocks) == 1


def _strong_only(tok) -> bool:
    """An inline that is one piece of strong emphasis and nothing else («**Яд Х**»)."""
    kids = [c for c in tok.children or () if not (c.type == "text" and not c.content.strip())]
    return len(kids) >= 3 and kids[0].type == "strong_open" and kids[-1].type == "strong_close" \
        and not any(c.type in ("strong_open", "strong_close") for c in kids[1:-1])


#: what a menu puts between its links: «·», «|», «/», «•», dashes
_LINK_SEPARATORS = re.compile(r"[\s·|/•–—-]*")


def _links_only(tok) -> bool:
    """An inline of two links or more to other pages with nothing but separators between them
    («[Главная](index.md) · [Правила](rules.md)»; never commas: «[Яд](яд.md), [Щит](щит.md)» is a
    list a rule writes): a site's menu, which a web page's reading drops too (:mod:`.chrome`)."""
    depth, links, outside = 0, 0, ""
    for c in tok.children or ():
        if c.type == "link_open":
            depth, links = depth + 1, links + (not (c.attrGet("href") or "#").startswith("#"))
        elif c.type == "link_close":
            depth -= 1
        elif not depth and c.type in ("text", "code_inline"):
            outside += c.content
    return links >= 2 and bool(_LINK_SEPARATORS.fullmatch(outside))


def _footer(tail: list[Block], linked: list[Block]) -> bool:
    """The blocks after a document's last thematic break (``---``) are its footer, not its text: at
    most three plain paragraphs, none numbered, with a link or a «©» among them («© Судейская
    коллегия, 2026. [Наверх](#)»); they would otherwise read as the body of the last paragraph."""
    return 0 < len(tail) <= 3 and all(b.kind == "para" and not SECTION_RE.match(b.lines[0]) for b in tail) \
        and any(b in linked or "©" in " ".join(b.lines) for b in tail)


def _html_blocks(html: str, line: str) -> list[Block]:
    """The blocks a raw HTML block shows, each at the block's source ``line`` (a comment shows none)."""
    from dataclasses import replace

    from .html import read_html

    try:
        found = read_html(f"<html><body>{html}</body></html>")
    except ValueError as exc:
        raise ValueError(f"the HTML block at line {line}: {exc}") from None
    # its lists (and tables) told apart from the document's and from another block's
    return [replace(b, where=line, list_id=b.list_id and 10**7 + int(line) * 1000 + b.list_id) for b in found]


def _contents_table(blocks: list[Block], table: int) -> None:
    """A table of contents laid out as a table (under «Содержание»: its rows a title and a page
    number, the pages never going down) is written one entry a line with a dot leader, as a text's
    contents, so the parser knows it as contents, not as a table; its column titles are left out."""
    from ..contents import CONTENTS_HEADING_RE

    at = next((k for k, b in enumerate(blocks) if b.kind == "row" and b.list_id == table), None)
    if (at is None or at == 0 or blocks[at - 1].kind != "heading"
            or not CONTENTS_HEADING_RE.match(blocks[at - 1].lines[0])):
        return
    rows = blocks[at:]
    body = rows[1:] if rows and not rows[0].cells[-1:][0].strip().isdigit() else rows
    pages = [int(r.cells[-1]) if r.cells and r.cells[-1].strip().isdigit() else -1 for r in body]
    if (len(body) < 2 or min(pages) < 0 or pages != sorted(pages)
            or not all(" ".join(r.cells[:-1]).strip() for r in body)):
        return
    del blocks[at:]
    blocks.append(Block("para", [f"{' '.join(r.cells[:-1]).strip()} ........ {r.cells[-1].strip()}" for r in body],
                        body[0].where))


def _inline_lines(tok) -> list[str]:
    """The displayed lines of an inline token: text pieces joined; a line break inside the
    paragraph — soft, or hard (two trailing spaces, ``\\``: a ``<br>``, CommonMark) — is the same
    paragraph, glued to the line before as HTML ``<br>`` is, except before a line that opens with a
    marker («а)», «2.», «ПРИМЕР 1.»): a line that starts with a marker is never glued to the line
    before, as in a text file, nor is a run of unmarked items after a colon
    (:func:`.blocks.glue_line_breaks`)."""
    lines = [""]
    soft: set[int] = set()  # lines begun by a soft break
    images_only = True
    for c in tok.children or ():
        if c.type == "text" or c.type == "code_inline":
            lines[-1] += c.content
            images_only = images_only and not c.content.strip()
        elif c.type in ("softbreak", "hardbreak"):
            soft.add(len(lines))
            lines.append("")
        elif c.type == "image":
            alt = "".join(x.content for x in c.children or ()).strip()
            lines[-1] += alt or ICON
        elif c.type == "html_inline":
            if c.content.lower().startswith("<br"):
                lines[-1] += " "
    if images_only:
        return [""]
    if len(lines) > 1 and not _DEFINITION.match(lines[0]) and any(_DEFINITION.match(x) for x in lines[1:]):
        return _definitions(lines)
    return glue_line_breaks(lines, soft)


#: the mark of a definition in a definition list (kramdown, PHP Markdown Extra, pandoc): «: » at a line's start
_DEFINITION = re.compile(r"^[ ]{0,3}:[ \t]+")


def _definitions(lines: list[str]) -> list[str]:
    """A definition list's lines («Авангард Х» / «: Срабатывающая способность…», as kramdown writes
    a glossary) as a text's glossary writes them: each term on its line, each definition right under
    it without its «: » mark (a line going on after a definition is part of it), so that the parser
    reads one entry titled by its term (:func:`..glossary.term_headings`)."""
    out: list[str] = []
    defined = False  # the line before was (part of) a definition
    for text in lines:
        if mark := _DEFINITION.match(text):
            out.append(text[mark.end():].strip())
            defined = True
        elif defined and out:
            out[-1] = f"{out[-1]} {text.strip()}"
        else:
            out.append(text.strip())
    return out
