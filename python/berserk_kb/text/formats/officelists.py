"""Lists as office suites save them in a web page (read by :mod:`.html`): Word's list paragraphs
(``style="mso-list:l0 level2 lfo1"``, the marker Word wrote for browsers that do not draw lists)
and Google Docs' lists (each level a list of its own, class ``lst-kix_<list>-<level>``, its marker
drawn by the page's stylesheet)."""

from __future__ import annotations

import re

#: a paragraph of a Word list saved as a web page: ``mso-list:l0 level2 lfo1``
MSO_LIST = re.compile(r"mso-list\s*:\s*(?P<list>l\d+)\s+level(?P<level>\d)", re.IGNORECASE)
#: the bullets Word writes in symbol fonts for such a list → the character a reader sees
WORD_BULLETS = {"·": "•", "o": "○", "§": "▪", "Ø": "➢", "ü": "✓", "v": "❖", "-": "–"}


def word_marker(el) -> bool:
    """The marker Word writes before a list paragraph for browsers that do not draw lists
    (``<span style="mso-list:Ignore">1.</span>``, or a span right after ``<![if !supportLists]>``),
    read as the item's marker, not its text."""
    if not (isinstance(el.tag, str) and el.tag.lower() == "span"):
        return False
    before = el.getprevious()
    return bool(re.search(r"mso-list\s*:\s*ignore", el.get("style") or "", re.IGNORECASE)) or (
        before is not None and not isinstance(before.tag, str) and "supportLists" in (before.text or ""))


#: a list level a class names, as Google Docs writes its lists: ``lst-kix_<list>-<level>``
KIX = re.compile(r"^lst-kix_(?P<list>[\w]+)-(?P<level>\d{1,2})$")
#: a stylesheet rule drawing an item's marker: ``.c>li:before{content:"" counter(n,lower-latin) ") "}``
_MARKER_RULE = re.compile(r"\.(?P<cls>[\w-]+)\s*>\s*li:{1,2}before\s*\{[^}]*?content\s*:\s*(?P<content>[^;}]*)")
_COUNTER = re.compile(r"counter\(\s*[\w-]+\s*(?:,\s*(?P<fmt>[\w-]+)\s*)?\)\s*(?:\"(?P<after>[^\"]*)\")?")


def list_styles(css: str) -> dict[str, tuple[str, str]]:
    """The markers a page's stylesheet draws for the items of a list class: class → (counter
    format, what follows the number), from ``.c>li:before{content: counter(…, lower-latin) ") "}``."""
    out: dict[str, tuple[str, str]] = {}
    for m in _MARKER_RULE.finditer(css):
        if c := _COUNTER.search(m.group("content")):
            out[m.group("cls")] = (c.group("fmt") or "decimal", (c.group("after") or ".").strip() or ".")
    return out
