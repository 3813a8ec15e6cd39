"""Tables a page uses for layout, not for data: numbered paragraphs set in two columns.

A web page or a Word document may print paragraphs as the rows of a table with no border —
«100.3.» in the first cell, the paragraph in the second — so that the numbers hang in their own
column. A reader sees paragraphs 100.3 and 100.4 between 100.2 and 100.5, not a table
(:func:`unfold_layout_tables`). A data table whose first column holds numbers («| Номер | Фаза |»
over «| 401. | Начало |») stays a table: it has a header row, or its numbers do not go on from the
paragraph above it.

A table of one cell whose text opens with an example label («Пример: …», as Word editors and CMS
pages box an example) is that example, a paragraph the parser gives to the paragraph above.
"""

from __future__ import annotations

from ..lines import classify_line
from .blocks import EXPLICIT_SUB_RE, SECTION_RE, Block, clean

#: the end of a sentence: what a paragraph's cell ends with
_SENTENCE_END = tuple(".!?;:…»)\"")


def unfold_layout_tables(blocks: list[Block]) -> list[Block]:
    """``blocks`` with each layout table's rows as the paragraphs they print («100.3. Табличный
    пункт.»: the number cell, a space, the text cell; the row's place kept as the paragraph's).

    A table is laid out paragraphs when every row has two cells, the first a paragraph number
    with its dot alone («100.3.») and the second a sentence, and its first number goes on from the
    latest numbered heading or paragraph above it (a sibling, 100.3 after 100.2, or a child,
    100.2.1 after 100.2). A one-cell table opening with an example label is the example's paragraph
    (see the module). Every other table is kept as it is."""
    out: list[Block] = []
    last: str | None = None  # the latest paragraph number above
    k = 0
    while k < len(blocks):
        b = blocks[k]
        if b.kind != "row":
            if b.kind in ("heading", "para") and b.lines and (
                    m := EXPLICIT_SUB_RE.match(b.lines[0]) or SECTION_RE.match(b.lines[0])):
                last = m.group("num")
            out.append(b)
            k += 1
            continue
        rows = [b]
        while (k + len(rows) < len(blocks) and blocks[k + len(rows)].kind == "row"
               and blocks[k + len(rows)].list_id == b.list_id):
            rows.append(blocks[k + len(rows)])
        numbers = [_number_cell(r.cells) for r in rows]
        if len(rows) == 1 and len(b.cells) == 1 and classify_line(boxed := clean(b.cells[0])).kind == "example":
            out.append(Block("para", [boxed], b.where))  # an example in a box: its text, without the frame
        elif last is not None and all(numbers) and _goes_on(numbers[0] or "", last):
            out.extend(Block("para", [f"{clean(r.cells[0])} {clean(r.cells[1])}"], r.where) for r in rows)
            last = numbers[-1]
        else:
            out.extend(rows)
        k += len(rows)
    return out


def _number_cell(cells: list[str]) -> str | None:
    """The paragraph number of a row that prints one paragraph («100.3.» | «Табличный пункт.»)."""
    if len(cells) != 2 or not clean(cells[1]).endswith(_SENTENCE_END):
        return None
    first = clean(cells[0])
    m = EXPLICIT_SUB_RE.match(first + " ") or SECTION_RE.match(first)
    return m.group("num") if m and first == m.group("num") + "." else None


def _goes_on(number: str, last: str) -> bool:
    """``number`` is the next sibling of ``last`` or a child of it (100.3 after 100.2; 100.2.1)."""
    parent = number.rsplit(".", 1)[0] if "." in number else None
    return parent is not None and (parent == last or parent == (last.rsplit(".", 1)[0] if "." in last else None))
