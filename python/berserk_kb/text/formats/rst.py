"""reStructuredText → blocks, read by docutils (its document tree, nothing run or included).

Section titles become headings, paragraphs paragraphs (a line block keeps its lines; a Sphinx
``.. rubric::`` that opens with a number is the paragraph docutils prints: «101. Ход» is section
101; any other rubric, a heading outside the document's structure, is left out with a note), bullet lists
and enumerated lists their items (``enumtype``, ``start``, ``prefix``/``suffix`` as written, so
``a)`` stays ``a)``; ``(1)`` is written ``1)``, the origin keeping ``(1)``), tables their caption (a line of
its own above them) and rows, definition lists a term line and its definition right below it (one
block), a field its name and text on one line («:Пример: …» → «Пример: …»). The document title,
``.. sectnum::`` numbers and ``.. contents::`` entries are docutils' own, as its HTML shows them
(in Russian: a contents with no title of its own is headed «Содержание»).
Directives that would read files or run code (``include``, ``raw``) are switched off (an ``include`` is
named in a note: the file it names is read only when given as a source of its own). Sphinx's
directives and roles are read as Sphinx shows them (:mod:`.sphinx`); a footnote mark is written «[1]».
"""

from __future__ import annotations

import re

from .blocks import Block, glue_line_breaks, sub_items
from .markers import format_kind, format_number
from .sphinx import register, unknown_as_text, with_roles_shown

#: the deepest nesting read, as Markdown's (:data:`.markdown._NESTING`): docutils nests a parser per
#: level, each holding the rest of the document, so that 6,000 levels of 18 MB would take 11 GB
NESTING = 100
#: what opens a nested body on a line: a bullet, an enumerator («1.», «а)», «(2)», «#.») or a field
#: name («:Версия:»), with the space after it
_OPENER = re.compile(r"(?:[-*+•‣⁃]|\(?(?:\d+|#|[^\W\d_]|[ivxlcdmIVXLCDM]+)[.)]|:[^:\s][^:]*:)(?: +|$)")

_ENUM = {"arabic": "decimal", "loweralpha": "loweralpha", "upperalpha": "upperalpha",
         "lowerroman": "lowerroman", "upperroman": "upperroman"}


def read_rst(text: str, name: str = "<rst>", notes: list[str] | None = None) -> list[Block]:
    """Blocks of the reStructuredText ``text``. Source text docutils could not read (an error it
    reports with the lines attached, such as «Malformed table.») is kept as plain text, line for
    line, and a ``"name:line: … — kept as plain text"`` line is appended to ``notes``.

    Lines are read up to the importer's :data:`~berserk_kb.text.scan.UNIT_LIMIT` characters
    (docutils' own limit, 10,000, would drop an unwrapped paragraph of an ordinary converted book).

    Raises:
        ValueError: docutils cannot read it (a severe error, or an error that keeps no source line,
            or a list number of over 4,300 digits: the message names the line); or lists, quotes and
            indented blocks nest more than :data:`NESTING` levels deep (the first such line named),
            refused before docutils reads it.
    """
    from docutils import nodes
    from docutils.core import publish_doctree
    from docutils.languages import get_language
    from docutils.utils import SystemMessage

    labels = get_language("ru").labels  # the title docutils shows over «.. note::»: «Примечание»

    from ..lines import classify_line
    from ..scan import UNIT_LIMIT

    _refuse_deep(text)
    # docutils' own document title (``.. sectnum::`` and ``.. contents::`` leave it out, as its HTML does);
    # a subtitle is a heading; no docinfo: a field list under the title stays its fields, names and all
    settings = {"report_level": 5, "halt_level": 4, "file_insertion_enabled": False, "raw_enabled": False,
                "docinfo_xform": False, "language_code": "ru", "line_length_limit": UNIT_LIMIT,
                "input_encoding": "unicode", "warning_stream": False, "_disable_config": True}
    try:
        register()
        doc = publish_doctree(with_roles_shown(unknown_as_text(text), name, notes), source_path=name,
                              settings_overrides=settings)
    except SystemMessage as exc:
        raise ValueError(" ".join(str(exc).split())) from None
    except ValueError:  # docutils reads a list's number with int(): Python refuses over 4,300 digits
        raise ValueError(_too_long(text)) from None
    for mark in list(doc.findall(nodes.footnote_reference)):  # «[#]_» shows «1»: kept «[1]», never «пункт 1»
        mark.parent.replace(mark, nodes.Text(f"[{mark.astext()}]"))
    blocks: list[Block] = []
    seq = [0]

    def where(node) -> str:
        n = node
        while n is not None and getattr(n, "line", None) is None:
            n = n.parent
        return str(n.line) if n is not None and n.line else "1"

    def walk(node, depth: int, level: int) -> None:
        for child in node.children:
            if isinstance(child, nodes.section):
                walk(child, depth, level + 1)
            elif isinstance(child, (nodes.title, nodes.subtitle)):
                blocks.append(Block("heading", [child.astext()], where(child),
                                    level=level + isinstance(child, nodes.subtitle)))
            elif isinstance(child, nodes.rubric) and classify_line(child.astext()).kind != "numbered":
                if notes is not None:  # «.. rubric:: Примечание»: a heading outside the structure, owning nothing
                    notes.append(f"{name}:{where(child)}: rubric «{' '.join(child.astext().split())}» left out "
                                 "(an informal heading, no section)")
            elif isinstance(child, (nodes.paragraph, nodes.rubric)):  # «.. rubric:: 101. Ход» prints a paragraph
                lines = child.astext().split("\n")
                blocks.append(Block("para", glue_line_breaks(lines, set(range(1, len(lines)))), where(child)))
            elif isinstance(child, nodes.line_block):
                blocks.append(Block("para", [ln.astext() for ln in child.findall(nodes.line)], where(child)))
            elif isinstance(child, (nodes.bullet_list, nodes.enumerated_list)):
                listing(child, depth + 1)
            elif isinstance(child, nodes.definition_list):
                for item in child.children:
                    term = " ".join(t.astext() for t in item.findall(nodes.term))
                    body = " ".join(" ".join(p.astext().split("\n")) for p in item.findall(nodes.paragraph))
                    blocks.append(Block("para", [term, body] if body else [term], where(item)))
            elif isinstance(child, nodes.field_list):  # «:Пример: текст» shows «Пример: текст»: the name is text
                for item in child.children:
                    label, body = item[0].astext(), item[1].children
                    head = body[0] if body and isinstance(body[0], nodes.paragraph) else None
                    text = " ".join(head.astext().split("\n")) if head is not None else ""
                    blocks.append(Block("para", [f"{label}: {text}".rstrip()], where(item)))
                    walk(_Wrap(*body[1 if head is not None else 0:]), depth, level)
            elif isinstance(child, nodes.table):
                seq[0] += 1
                for caption in (c for c in child.children if isinstance(c, nodes.title)):  # «.. list-table:: Бонусы»
                    blocks.append(Block("para", [" ".join(caption.astext().split())], where(caption)))
                for row in child.findall(nodes.row):
                    cells = [" ".join(e.astext().split()) for e in row.children]
                    blocks.append(Block("row", [], where(row), cells=cells, list_id=10**6 + seq[0]))
            elif isinstance(child, (nodes.literal_block, nodes.doctest_block)):
                blocks.append(Block("para", child.astext().split("\n"), where(child)))
            elif isinstance(child, nodes.system_message) and child.get("level", 0) >= 3:
                kept = [b for b in child.children if isinstance(b, nodes.literal_block)]
                said = " ".join(child.children[0].astext().split()).rstrip(".") if child.children else "error"
                line = child.get("line") or where(child)
                if not kept and not child.get("backrefs"):  # the source dropped, not kept inline: refused
                    raise ValueError(f"line {child['line']}: {said}" if child.get("line") else said)  # «Line 8 …»
                for b in kept:  # the source lines docutils gave up on: every line stays a unit's
                    blocks.append(Block("para", b.astext().split("\n"), where(child)))
                if notes is not None:  # an inline problem («:foo:`x`») keeps its text as written
                    notes.append(f"{name}:{line}: {said} — kept as {'plain text' if kept else 'written'}")
            elif isinstance(child, nodes.system_message) and _included(child) and notes is not None:
                notes.append(f"{name}:{child.get('line') or where(child)}: «.. include:: {_included(child)}» not "
                             "read (an import reads only the files it is given: add that file to the sources)")
            elif isinstance(child, (nodes.system_message, nodes.comment, nodes.substitution_definition,
                                    nodes.target, nodes.raw)):
                continue
            elif isinstance(child, nodes.footnote) and child.children and isinstance(child[0], nodes.label):
                labelled(child, f"[{child[0].astext()}]", depth, level)  # «.. [#] …» shows «[1] …»
            elif isinstance(child, nodes.Admonition) and not isinstance(child, nodes.admonition):
                labelled(child, f"{labels.get(child.tagname, child.tagname.capitalize())}.",
                         depth, level)  # «Примечание.»
            elif isinstance(child, nodes.Element):
                walk(child, depth, level)

    def labelled(node, label: str, depth: int, level: int) -> None:
        """``node``'s blocks, its first paragraph opening with ``label`` as docutils shows it — unless
        it opens with an example's own label («.. tip:: Пример: …»: an example, boxed)."""
        from ..forms import EXAMPLE_MORE_RE

        start = len(blocks)
        walk(node, depth, level)
        if start < len(blocks) and blocks[start].kind == "para" and blocks[start].lines:
            if not EXAMPLE_MORE_RE.match(blocks[start].lines[0]):
                blocks[start].lines[0] = f"{label} {blocks[start].lines[0]}"
        else:
            blocks.insert(start, Block("para", [label], where(node)))

    def listing(lst, depth: int) -> None:
        seq[0] += 1
        lid = seq[0]
        ordered = lst.tagname == "enumerated_list"
        fmt = _ENUM.get(lst.get("enumtype", "arabic"), "decimal") if ordered else "bullet"
        n = int(lst.get("start", 1)) if ordered else 1
        prefix, suffix = lst.get("prefix", ""), lst.get("suffix", ".")
        for item in lst.children:
            marker = f"{prefix}{format_number(n, fmt)}{suffix}" if ordered else "•"
            # «(1)» is written «1)», the marker the parser reads as a list's; the origin keeps «(1)»
            shown, marker = (marker, marker[1:]) if prefix == "(" and suffix == ")" else (None, marker)
            first = True
            for part in item.children:
                if isinstance(part, (nodes.bullet_list, nodes.enumerated_list)):
                    listing(part, depth + 1)
                elif isinstance(part, nodes.paragraph) and first:
                    blocks.append(Block("item", [" ".join(part.astext().split("\n"))], where(part), depth=depth,
                                        ordered=ordered, marker=marker, number_format=format_kind(fmt), list_id=lid,
                                        shown=shown))
                    first = False
                elif isinstance(part, nodes.paragraph) and (subs := sub_items(
                        _displayed(part), depth + 1, lid, where(part))):
                    blocks.extend(subs)
                else:
                    walk(_Wrap(part), depth, 0)
            if first:
                blocks.append(Block("item", [""], where(item), depth=depth, ordered=ordered, marker=marker,
                                    number_format=format_kind(fmt), list_id=lid))
            n += 1

    walk(doc, -1, int(any(isinstance(c, nodes.title) for c in doc.children)))
    return blocks


def _refuse_deep(text: str) -> None:
    """Refuse a text whose bodies nest more than :data:`NESTING` levels deep, as the indentation
    shows it: a line indented past the body it stands in opens a deeper one (a quote, a definition,
    a directive's content), and each bullet, enumerator or field name it opens with one more (a list
    item's or field's body: «- - текст» is two). Read in one pass over the lines, before docutils.

    Raises:
        ValueError: ``more than NESTING levels, at line N``."""
    bodies: list[int] = [0]  # the columns where the open bodies' text starts
    for k, raw in enumerate(text.splitlines(), 1):
        line = raw.expandtabs(8)
        body = line.lstrip(" ")
        if not body:
            continue
        col = len(line) - len(body)
        while len(bodies) > 1 and bodies[-1] > col:
            bodies.pop()
        if col > bodies[-1]:
            bodies.append(col)
        while m := _OPENER.match(body):
            col, body = col + m.end(), body[m.end():]
            bodies.append(col)
        if len(bodies) - 1 > NESTING:
            raise ValueError(f"lists, quotes or indented blocks nested too deep (more than {NESTING} levels, at "
                             f"line {k}); what is nested deeper would be lost")


def _included(message) -> str:
    """The file a switched-off ``.. include::`` names, from the warning docutils leaves in its place
    (its source line kept as a literal block); ``""`` for any other message."""
    for block in message.children[1:]:
        m = re.match(r"\.\.\s+include::\s*(.*)", block.astext().strip())
        if m:
            return m.group(1).strip()
    return ""


def _displayed(paragraph) -> list[str]:
    """A paragraph's lines as a reader reads them: joined, except a line that opens with a marker
    («б) защиту.» under «а) атаку;»: the next item of a sub-list)."""
    lines = paragraph.astext().split("\n")
    return glue_line_breaks(lines, set(range(1, len(lines))))


def _too_long(text: str) -> str:
    """What to say of a number docutils could not read (an enumerator «111…1.» of more digits than
    Python turns into a number): the first line holding such a run of digits, and its length."""
    import sys

    limit = sys.get_int_max_str_digits()
    for k, line in enumerate(text.splitlines(), 1):
        if limit and (m := re.search(rf"\d{{{limit + 1},}}", line)):
            return f"line {k}: a list number {len(m.group())} digits long, too long to read as a number"
    return "a number too long to read"


class _Wrap:
    """A stand-in parent so that :func:`walk` can read a few nodes of another."""

    def __init__(self, *nodes) -> None:
        self.children = list(nodes)
