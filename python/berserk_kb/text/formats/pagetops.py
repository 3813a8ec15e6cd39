"""A running header printed at the top of each page of a PDF turned into text, found by where it
stands rather than by a page number beside it: the same line opens two pages or more («ПОЛНЫЕ
ПРАВИЛА «БЕРСЕРК»» on page 1, and again right after page 1's footer), perhaps under the page's
number alone on its line («4»), and is printed nowhere else. It and that number are left out as
:func:`~berserk_kb.text.formats.plain.page_furniture` leaves the footers out."""

from __future__ import annotations

import re

#: a page number alone on its line at the top of a page («4»)
_BARE_NUMBER = re.compile(r"^\s*\d{1,4}\s*$")


def page_top_headers(lines: list[str], found: set[int], breaks: set[int]) -> set[int]:
    """The indices (from 0) of the lines of ``lines`` that are such headers, with the page numbers
    right above them.

    A page opens at the file's start, at a page break (``breaks``: indices of lines a form feed stood
    on) and after the page furniture ``found`` already (a footer closes the page before); its first
    line is the first with text, past a bare page number. A header is header-like
    (:func:`~berserk_kb.text.formats.plain.header_like`: two to twelve words, no final punctuation),
    opens two pages or more and stands nowhere but at a page's top.
    """
    from .plain import header_like

    starts = sorted({0, *breaks, *(i + 1 for i in found if i + 1 not in found)})
    tops: dict[str, list[tuple[int, int | None]]] = {}
    for s in starts:
        j, number = s, None
        while j < len(lines) and (j in found or not lines[j].strip()):
            j += 1
        if j < len(lines) and _BARE_NUMBER.match(lines[j]):
            number, j = j, j + 1
            while j < len(lines) and not lines[j].strip():
                j += 1
        if j < len(lines) and j not in found:
            seen = tops.setdefault(" ".join(lines[j].split()), [])
            if all(j != top for top, _ in seen):
                seen.append((j, number))
    out: set[int] = set()
    for key, seen in tops.items():
        if len(seen) >= 2 and header_like(key) and len(seen) == sum(" ".join(ln.split()) == key for ln in lines):
            out.update(top for top, _ in seen)
            out.update(number for _, number in seen if number is not None)
    return out
