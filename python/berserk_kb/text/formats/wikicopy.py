"""A wiki page copied as text: the edit links MediaWiki prints after each heading («Общие
положения[править | править код]», «Ход игры [править]», «[edit]») come along with the heading's
words. They are the site's, not the document's: left out of the fragment text, each kept, with its
source line, in the fragment's origin (``dropped``), as a web page's are left out by its reader
(:data:`.html.EDIT_LINK_RE`). The page's contents box («Содержание» over «1 Общие положения»,
«1.1 Цель игры») is contents as any text's is (:mod:`..contents`) and owns no number.
"""

from __future__ import annotations

import re

_WORD = r"(?:править(?:\s+код|\s+вики-текст)?|редактировать(?:\s+код)?|edit(?:\s+source)?)"
#: the edit links at a line's end: «[править]», «[править код]», «[править | править код]», «[edit]»
EDIT_MARK_RE = re.compile(rf"\s*\[\s*{_WORD}(?:\s*\|\s*{_WORD})*\s*\]\s*$", re.IGNORECASE)


def without_edit_marks(lines: list[str]) -> tuple[list[str], tuple[tuple[int, str], ...]]:
    """``lines`` (a .txt's lines, from index 0 = source line 1) with each edit mark at a line's end
    removed — a line that is nothing but the mark left blank — and the marks removed, as
    (source line, the mark as written) pairs, in order."""
    out, dropped = list(lines), []
    for k, line in enumerate(lines):
        if m := EDIT_MARK_RE.search(line):
            out[k] = line[:m.start()].rstrip()
            dropped.append((k + 1, m.group().strip()))
    return out, tuple(dropped)


__all__ = ["EDIT_MARK_RE", "without_edit_marks"]
