"""Links into the page whose words name no paragraph number («см. <a href="#p1001">правило о первом
ходе</a>») but whose target is a numbered paragraph: a reader who follows the link lands on that
paragraph, so the fragment cites it. The link's words stay as the page shows them; the target's
number is written after them in brackets, «правило о первом ходе (п. 100.1)», so that the parser
reads a reference resolved to the paragraph (:mod:`..references`), and a note says what was written.

Two steps, as the number a page shows is known only once its lists are numbered: :func:`mark_links`
marks each such link in the page (before its blocks are read), :func:`write_link_targets` writes
the number of each target into the fragment text the blocks became.
"""

from __future__ import annotations

import re
from collections.abc import Callable

#: a link's mark in the text while the page is read: private-use characters round the link's key
_OPEN, _CLOSE = "\ue001", "\ue002"
_MARK = re.compile(f"{_OPEN}(\\d+){_CLOSE}")
#: a section's heading: a link to it is the page's navigation («Бой» in a list of sections), not a citation
_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
_BLOCKS = ("p", "li", "dd", "dt", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "div", "section")
#: a numbered fragment line: its number, then its words
_NUMBERED = re.compile(r"^\s*(?:#+\s+)?(?P<num>\d{1,4}(?:\.\d{1,4})*[а-яё]?)\.?\s+(?P<text>.*)$")


def mark_links(content, text: Callable[[object], str], in_contents: Callable[[object], bool]) -> dict[int, str]:
    """Mark in the element tree ``content`` each link into the page (``href="#key"``) whose words
    hold no digit and whose target (the element with that ``id`` or ``name``, or the block holding
    it) stands in the page and is no heading; a link in a table of contents (``in_contents``) or to
    a section's heading (the page's navigation) is left as it is.
    Returns each mark's key → the target's displayed words (``text``), one space between words."""
    root = content.getroottree().getroot()
    targets: dict[int, str] = {}
    for a in list(content.iter("a")):
        key = (a.get("href") or "")[1:] if (a.get("href") or "").startswith("#") else ""
        if not key or re.search(r"\d", text(a)) or in_contents(a):
            continue
        found = root.xpath("//*[@id=$k or @name=$k]", k=key)
        if not found:
            continue
        target = found[0]
        if target.tag.lower() not in _BLOCKS or not " ".join(text(target).split()):
            target = next((u for u in target.iterancestors(*_BLOCKS)), target)
        words = " ".join(_MARK.sub("", text(target)).split())
        if words and a not in target.iter("a") and target.tag.lower() not in _HEADINGS:
            a.tail = link_mark(targets, words) + (a.tail or "")
    return targets


def link_mark(targets: dict[int, str], words: str) -> str:
    """The mark of one more link whose target shows ``words`` (put in ``targets`` under its key),
    to be written right after the link's words; :func:`write_link_targets` replaces it."""
    targets[len(targets)] = " ".join(_MARK.sub("", words).split())
    return f"{_OPEN}{len(targets) - 1}{_CLOSE}"


def write_link_targets(fragment: str, targets: dict[int, str], source: str, notes: list[str]) -> str:
    """``fragment`` with each mark of :func:`mark_links` replaced: by «(п. N)» when its target is the
    numbered paragraph N of the fragment (the line that shows the target's words, its number written
    before them or not), by nothing otherwise; a ``"source: …"`` note for each number written."""
    if not targets:
        return fragment
    lines = fragment.split("\n")
    plain = [_MARK.sub("", ln) for ln in lines]
    numbers: dict[int, str] = {}
    for key, words in targets.items():
        for ln in plain:
            m = _NUMBERED.match(ln)
            if m and words in (" ".join(m.group("text").split()), " ".join(ln.split()).lstrip("# ")):
                numbers[key] = m.group("num")
                break

    def write(m: re.Match[str]) -> str:
        number = numbers.get(int(m.group(1)))
        if number is None:
            return ""
        notes.append(f"{source}: a link to paragraph {number} whose words name no number: written «(п. {number})» "
                     "after them")
        return f" (п. {number})"

    return "\n".join(_MARK.sub(write, ln) for ln in lines)


__all__ = ["link_mark", "mark_links", "write_link_targets"]
