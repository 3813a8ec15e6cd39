"""Markup that a Markdown site generator reads before CommonMark does, and that a reader never sees:
kramdown's attribute lists (``{: .note}`` under a paragraph, ``{#hod}`` after a heading — Jekyll's
default Markdown), Liquid tags (``{% include toc.html %}``, ``{{ page.title }}``), and GitHub's
footnotes (``[^1]`` in the text, ``[^1]: …`` at the end, which GitHub shows as note «1»).
Used by :mod:`.markdown`; every line keeps its number.
"""

from __future__ import annotations

import re

#: a kramdown inline attribute list: ``{: .note}``, ``{:.note #id key="v"}``, ``{#hod}``, ``{:toc}``
#: — a colon, or a ``#id``/``.class`` first, so that «{1}» or «{x}» in a rule's text stays text
_IAL = re.compile(r"[ \t]*\{(?::[ \t]*(?:[#.]?[\w-]+(?:=(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s}]+))?[ \t]*)*"
                  r"|[ \t]*[#.][\w-]+(?:[ \t]+(?:[#.][\w-]+|[\w-]+=(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s}]+)))*[ \t]*)\}")
#: a Liquid tag or output on one line: ``{% … %}``, ``{%- … -%}``, ``{{ … }}``
_LIQUID = re.compile(r"\{%-?[^\n]*?-?%\}|\{\{[^\n]*?\}\}")
#: a GitHub footnote: its mark in the text (``[^1]``) or its definition at a line's start (``[^1]:``)
_FOOTNOTE = re.compile(r"(?P<start>^[ \t]{0,3})?\[\^(?P<label>[^\]\s]+)\](?(start):[ \t]*|)", re.MULTILINE)


def without_site_markup(text: str) -> str:
    """``text`` as the site generator hands it on: attribute lists and Liquid tags taken out (a line
    holding only them left empty), and each footnote mark and definition written as GitHub shows it,
    «[1]» — numbered by first appearance, as GitHub numbers them."""
    numbers: dict[str, int] = {}

    def note(m: re.Match) -> str:
        n = numbers.setdefault(m["label"], len(numbers) + 1)
        return f"{m['start'] or ''}[{n}] " if m["start"] is not None else f"[{n}]"

    text = _FOOTNOTE.sub(note, text)
    return _IAL.sub("", _LIQUID.sub("", text))
