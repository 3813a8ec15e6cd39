"""Paragraph numbers a web page showed through its list numbering, in text copied from the page.

A page whose sections are headings «100. Общие положения» and whose paragraphs are an ``<ol>`` under
each shows «1.», «2.» beside them; copied as text, the lines read «100. Общие положения» / «1. Игра
ведётся…» / «2. …». The import writes them as the page meant them, ``100.1. Игра ведётся…`` (as
:func:`~berserk_kb.text.formats.blocks.number_implicit_paragraphs` does for the page itself), the
marker as shown kept in the line's origin (:func:`number_copied_lists`).
"""

from __future__ import annotations

import re

from ..lines import classify_line, is_heading

#: a line the list numbered: «1. Текст», «2.\tТекст» (Chrome copies a list item's marker with a tab)
_ITEM = re.compile(r"^(?P<n>\d{1,2})\.[ \t]+(?P<text>[«\"(A-ZА-ЯЁ].*)$")
#: a paragraph number with its sub-number written out anywhere (a paragraph, a reference: «см. 100.2»)
_SUB_NUMBER = re.compile(r"(?<![\d.])\d{3,4}\.\d{1,4}(?!\d)")


def number_copied_lists(lines: list[str]) -> tuple[list[str], dict[int, str]]:
    """``lines`` with each list copied from a page's section written with its paragraph numbers, and
    the marker as shown of each line so rewritten (its index → «1.»).

    A section is a line «100. Общие положения» (a three- or four-digit number, then a title); its
    list is the unindented lines «1. …», «2. …» (each opening with a capital letter or a quote,
    numbered on from 1 with none skipped), the first of them the first line under the section line,
    up to the next numbered line of another form. It is numbered only when nothing in the text
    writes a paragraph of that section out («100.1.») and the text does write numbers in that form
    elsewhere (another section's paragraphs, a reference «см. 100.2»): the document numbers its
    paragraphs so, and the page showed them as list numbers. Any other list stays as written."""
    text = "\n".join(lines)
    if not _SUB_NUMBER.search(text):
        return lines, {}
    out, shown = list(lines), {}
    for k, line in enumerate(lines):
        kind = classify_line(line)
        if kind.kind != "numbered" or not kind.number or "." in kind.number \
                or not is_heading(line[len(kind.prefix):]) \
                or re.search(rf"(?m)^\s*{re.escape(kind.number)}\.\d", text):
            continue
        found: dict[int, re.Match[str]] = {}
        first = next((j for j in range(k + 1, len(lines)) if lines[j].strip()), None)
        for j in range(first if first is not None else len(lines), len(lines)):
            if m := _ITEM.match(lines[j]):
                if int(m.group("n")) != len(found) + 1:
                    found = {}
                    break
                found[j] = m
            elif classify_line(lines[j]).kind == "numbered":
                break
        if first not in found:
            continue
        for j, m in found.items():
            out[j] = f"{kind.number}.{m.group('n')}. {m.group('text')}"
            shown[j] = f"{m.group('n')}."
    return out, shown


__all__ = ["number_copied_lists"]
