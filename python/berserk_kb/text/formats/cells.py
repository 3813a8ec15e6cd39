"""Table cells as a browser lays them out, and the small marks a page raises above the line."""

from __future__ import annotations

import re

#: the widest a row is padded for spanned cells (a cell's text is never dropped, only the empty
#: cells a wide ``colspan`` would add past it); HTML's own cap on ``colspan`` is 1,000
PAD_COLUMNS = 64
#: a raised footnote mark: a short number, a Latin letter or asterisks and daggers, bracketed or not
_MARK = re.compile(r"\[?\s*(?P<mark>\d{1,3}|[a-zA-Z]|[*†‡]{1,3})\s*\]?")
#: a ``list-style-type`` (or the ``list-style`` shorthand) in an element's ``style``
_LIST_STYLE = re.compile(r"list-style(?:-type)?\s*:\s*(?P<value>[^;]*)", re.IGNORECASE)
_LIST_TYPES = {"decimal", "lower-alpha", "upper-alpha", "lower-latin", "upper-latin", "lower-roman",
               "upper-roman", "lower-cyrillic", "upper-cyrillic", "cyrillic-lower", "none", "disc", "circle",
               "square"}


def grid(rows: list[list[tuple[str, int, int]]]) -> list[list[str]]:
    """Each row's cells in the columns a browser shows them in: ``rows`` of (text, rowspan,
    colspan). A cell spanning rows is repeated in each row it covers (as far as the table has
    rows), a cell spanning columns is its text and then empty cells, so that every cell keeps its
    column («Лес» over two rows: «Лес | Тёмно-зелёный | 100.2»; «Нейтральные» over two columns:
    «Нейтральные |  | —»). A ``rowspan`` of 0 spans to the last row; spans are at least 1."""
    out: list[list[str]] = []
    below: dict[int, tuple[str, int]] = {}  # column → (text, rows it still covers)
    for k, cells in enumerate(rows):
        row: list[str] = []
        queue = list(cells)
        while queue or any(col >= len(row) for col in below):
            if len(row) in below:
                text, left = below.pop(len(row))
                row.append(text)
                if left > 1:
                    below[len(row) - 1] = (text, left - 1)
                continue
            if not queue:
                row.append("")  # a gap before a cell that still spans down from above
                continue
            text, down, across = queue.pop(0)
            down = len(rows) - k if down == 0 else max(down, 1)
            for j in range(max(across, 1)):
                if j and len(row) >= PAD_COLUMNS:
                    break
                row.append("" if j else text)
                if down > 1:
                    below[len(row) - 1] = (row[-1], down - 1)
        out.append(row)
    return out


def raised_mark(text: str) -> str | None:
    """A ``<sup>``'s text written apart as a footnote mark, «[2]» (a browser raises it above the
    line: «101.1²» is 101.1 and note 2, never 101.12), or None when it is not a mark (an ordinal's «ый», «го»)."""
    m = _MARK.fullmatch(text.strip())
    return f"[{m.group('mark')}]" if m else None


def inline_list_type(style: str | None) -> str | None:
    """The list type an element's own ``style`` gives («list-style-type: lower-alpha», «list-style:
    upper-roman inside»), which a browser shows over its ``type``; None when it gives none."""
    m = _LIST_STYLE.search(style or "")
    return next((w for w in m.group("value").lower().split() if w in _LIST_TYPES), None) if m else None
