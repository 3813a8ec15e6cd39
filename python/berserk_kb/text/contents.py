"""Tables of contents in a fragment (:func:`contents_lines`): the lines that list the rulebook's
parts rather than state rules. They never own a number, a parent or a reference target.

An entry is a short title line, possibly under a list marker (a web page's contents is a list of
links), possibly with a page number after it (spaces, a tab or dot leaders «........ 5» between);
an entry too long for its line goes on to the next one in lower case («… Способности и» /
«особенности ........ 5»). A table of contents is a run of entries with nothing but blank lines
between them, recognised by what a reader sees:

* a heading word above it («Оглавление», «Содержание», «Contents»): then every entry that has a
  page number or that the body repeats counts; the heading line is part of the contents (even
  with no entry recognised under it: it names no rule, so it is never a parent);
* three or more entries with page numbers that never decrease, when most are numbered («101.
  Общие сведения 5», «Часть 2. …»), most have dot leaders, or most are repeated by the body; the
  numbered entry right after such a run with its leader lost («102. Ход игры 5»), its title
  repeated by the body, is its last one;
* two or more entries, every one with a dot leader and a page number and every one repeated by
  the body later (Word's contents field with two entries: the reader writes its tabs as leaders);
* three or more titles (numbered or not) that the body repeats later as lines of their own
  («Общие положения» in the contents, «Общие положения» or «100. Общие положения» below), or two
  when both are numbered titles under a list marker («• 800. Магия», «• 1 800. Магия»: a wiki's
  contents box with no title) — not when a line ending with a colon introduces them (a list the
  body then describes item by item);
* at the end of the book (the Russian custom: «СОДЕРЖАНИЕ» after the text), a run of numbered titles
  that closes the fragment, each number printed by the body above, in increasing order: two or
  more under a heading word, three or more without (:func:`_contents_at_end`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .forms import is_table_row

_NUM = r"\d{3,4}(?:\.\d{1,4})*|\d{1,2}(?:\.\d{1,4})+"
_TOC_ENTRY = re.compile(r"^\s*(?P<title>\S.*?(?:[^\s\d.·…_]|[^\s\d]\.))(?P<gap>(?:\s*[.·…_]){2,}\s*|\s+)"
                        r"(?P<page>\d{1,4})\s*$")
#: The longest line read as an entry: an entry is a short title (a few hundred characters with its
#: leader); the entry pattern's lazy title and leader would cost a long line time that grows with
#: the square of its length (a 5 MB paragraph took seconds here).
_LONGEST_ENTRY = 1000
_LEADER = re.compile(r"[.·…_](?:\s?[.·…_])+")  # «.....», «. . . .», «……», «___»
_TOC_TITLED = re.compile(rf"^\s*(?:(?:{_NUM})\.?|\d{{1,2}}\.|(?:Часть|Раздел|Глава|Приложение)\s+\S+)\s+\S")
_SENTENCE_END = re.compile(r"[.!?;:…,]$")
_TOC_LEAD = re.compile(rf"^\s*(?:(?:{_NUM})\.?|(?:Часть|Раздел|Глава|Приложение)\s+[^\s.]+)")
_TOC_BULLET = re.compile(r"^\s*(?:[-–—•·▪*]\s+|\d{1,2}(?:\.\d{1,2})*\.?\s+(?=\d{3}))?")
_MARKED = re.compile(r"^\s*(?:[-–—•·▪*]|\d{1,2}[.)])\s+\S")  # a line under a list marker
_LEADING_NUMBER = re.compile(rf"^(?:(?:{_NUM})|\d{{1,2}})\.?\s+")
#: the heading of a table of contents
CONTENTS_HEADING_RE = re.compile(r"^\s*(?:#+\s*)?(?:оглавление|содержание|contents|table of contents)\s*[.:]?\s*$",
                                 re.IGNORECASE)


def _entry(line: str) -> re.Match[str] | None:
    """The match of a contents entry's pattern on ``line``; None for a line longer than any entry."""
    return _TOC_ENTRY.match(line) if len(line) <= _LONGEST_ENTRY else None


def contents_entry(line: str) -> bool:
    """True for a line shaped as an entry of a table of contents with its page number set apart by
    a tab or a dot leader («100.2. Атака\t3», «Бой ........ 4»): a line no rule is written as."""
    m = _entry(line)
    return m is not None and ("\t" in m.group("gap") or bool(_LEADER.search(m.group("gap"))))


def _norm(text: str) -> str:
    """A line as a table of contents and the body would both write it: no list marker before it,
    lower case, «ё» as «е», dots as spaces."""
    text = _TOC_BULLET.sub("", text, count=1)
    return " ".join(text.casefold().replace("ё", "е").replace(".", " ").split())


def _keys(line: str) -> set[str]:
    """The forms under which the body may repeat an entry: as written, without its page number,
    and without a leading paragraph number (the contents may number what the body does not, or
    the other way round)."""
    bare = _TOC_BULLET.sub("", line, count=1).strip()
    out = {bare}
    if m := _entry(bare):
        out.add(m.group("title"))
    out |= {_LEADING_NUMBER.sub("", t, count=1) for t in out}
    return {n for n in (_norm(t) for t in out) if n}


def _title_shaped(line: str) -> bool:
    """A short line that could be a title: at most twelve words, starting with a letter, a digit
    or a quote, not ending a sentence, not a table row."""
    bare = _TOC_BULLET.sub("", line, count=1).strip()
    if m := _entry(bare):
        bare = m.group("title").strip()
    return bool(bare) and (bare[0].isalnum() or bare[0] in "«\"") and len(bare.split()) <= 12 \
        and len(bare) <= 150 and not _SENTENCE_END.search(bare) and not is_table_row(line)


def _linked_entry(line: str) -> bool:
    """A numbered title under a list marker («• 800. Магия», a wiki's «• 1 800. Магия» with its
    contents number): a web page's list of links into itself, as its reader writes it."""
    bare = _TOC_BULLET.sub("", line, 1)
    return bool(_MARKED.match(line)) and bool(_TOC_TITLED.match(_TOC_BULLET.sub("", bare, 1) if bare != line else bare))


def contents_lines(lines: list[str]) -> set[int]:
    """The 1-based numbers of the lines that make up tables of contents (see the module)."""
    matched: dict[str, re.Match[str] | None] = {}  # a line's entry match: asked up to four times a line

    def entry(line: str) -> re.Match[str] | None:
        if line not in matched:
            matched[line] = _entry(line)
        return matched[line]

    later: dict[str, int] = {}  # an entry's form → the last line that writes it with no list marker
    for i, line in enumerate(lines, start=1):
        if line.strip() and _TOC_BULLET.sub("", line, count=1) == line:
            for k in _keys(line):
                later[k] = i

    def repeated(i: int, line: str) -> bool:
        return _title_shaped(line) and any(later.get(k, 0) > i for k in _keys(line))

    # A run (below) holds every non-blank line from its first to the last one read, so «a line of
    # the run has this line's lead» is «the last line before it with that lead is in the run»:
    # found once per line, not by reading the run again for every line (a contents of 8,000
    # entries took 15 s so).
    leads = [m.group(0).casefold().rstrip(". ") if (m := _TOC_LEAD.match(line)) else None for line in lines]
    before: list[int] = []  # line i → the last line before it with the same lead (0: none)
    seen: dict[str, int] = {}
    for i, ld in enumerate(leads, start=1):
        before.append(seen.get(ld, 0) if ld else 0)
        if ld:
            seen[ld] = i

    def wrapped(i: int, line: str) -> bool:
        """The first line of an entry whose title runs on to the next line («Часть 1. Основные
        принципы игры. Способности и» over «особенности ........ 5»)."""
        raw = lines[i] if i < len(lines) else ""
        below = raw.lstrip()
        indented = len(raw) - len(below) > len(line) - len(line.lstrip())  # set in under its first line
        return (below[:1].islower() or indented) and bool(entry(below)) and not entry(line) \
            and len(line) <= 200 and not _SENTENCE_END.search(line.strip())

    def paged(i: int, line: str, run: list[int]) -> bool:
        m = entry(line)
        if run and before[i - 1] >= run[0]:
            return False  # the body starts again from the first number the contents listed
        if wrapped(i, line):
            return True
        if not m or len(line) > 200 or not re.search(r"[^\W\d_]", m.group("title")):
            return False
        last = next((x for j in reversed(run) if (x := entry(lines[j - 1]))), None)
        if last is not None:  # pages never decrease; a contents is typeset alike: dot leaders in all or none
            return int(m.group("page")) >= int(last.group("page")) \
                and bool(_LEADER.search(m.group("gap"))) == bool(_LEADER.search(last.group("gap")))
        return True

    def runs(is_entry: Callable[[int, str, list[int]], bool], least: int = 3) -> list[list[int]]:
        found: list[list[int]] = []
        run: list[int] = []
        for i, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            if is_entry(i, line, run):
                run.append(i)
            else:
                if len(run) >= least:
                    found.append(run)
                run = [i] if is_entry(i, line, []) else []
        if len(run) >= least:
            found.append(run)
        return found

    def introduced(i: int) -> bool:  # «Ход состоит из этапов:» over titles the body then describes
        j = i - 1
        while j >= 1 and not lines[j - 1].strip():
            j -= 1
        return j >= 1 and lines[j - 1].rstrip().endswith(":") and not CONTENTS_HEADING_RE.match(lines[j - 1])

    def heading_before(i: int) -> int | None:
        j = i - 1
        while j >= 1 and not lines[j - 1].strip():
            j -= 1
        return j if j >= 1 and CONTENTS_HEADING_RE.match(lines[j - 1]) else None

    def nested(line: str, run: list[int]) -> bool:
        """A title in the list of titles the contents began as (a web page's nested list of links:
        «1. Основы игры» over «  1. Начальная рука»): marked as its first entry is, set in as far or
        further; not a title the run already lists (the body beginning again with its first part)."""
        first = lines[run[0] - 1] if run else ""
        return bool(run) and _title_shaped(line) and bool(_MARKED.match(line)) and bool(_MARKED.match(first)) \
            and len(line) - len(line.lstrip()) >= len(first) - len(first.lstrip()) \
            and not any(_keys(line) & _keys(lines[j - 1]) for j in run)

    def last_entry(run: list[int]) -> list[int]:
        """The line after a run of dot-leadered entries that is one more entry with its leader lost
        («102. Ход игры 5», as PDF text often writes the last one): numbered, a title, a page no
        smaller than the run's last one, a lead the run has not listed, its number and title repeated
        by the body."""
        i = next((j for j in range(run[-1] + 1, len(lines) + 1) if lines[j - 1].strip()), 0)
        m, last = entry(lines[i - 1]) if i else None, entry(lines[run[-1] - 1])
        ok = m is not None and last is not None and bool(_TOC_TITLED.match(lines[i - 1])) \
            and _title_shaped(lines[i - 1]) and int(m.group("page")) >= int(last.group("page")) \
            and before[i - 1] < run[0] and later.get(_norm(m.group("title")), 0) > i
        return [i] if ok else []

    out: set[int] = set()
    for run in runs(paged, 2):
        within = set(run)
        starts = [i for i in run if not (i - 1 in within and wrapped(i - 1, lines[i - 2]))]  # one per entry
        n = len(starts)
        titled = sum(bool(_TOC_TITLED.match(lines[i - 1])) for i in starts)
        leaders = sum(bool(_LEADER.search(m.group("gap"))) for i in run if (m := entry(lines[i - 1])))
        echoed = sum(repeated(i, lines[i - 1]) for i in starts)
        if (n >= 3 and max(titled, leaders, echoed) * 2 >= n) or heading_before(run[0]) \
                or leaders == echoed == n >= 2:  # two entries, both leadered and both repeated by the body
            out.update(run)
            out.update(last_entry(run))
    for run in runs(lambda i, line, run: i not in out and repeated(i, line), 2):
        if not introduced(run[0]) and (len(run) >= 3 or all(_linked_entry(lines[i - 1]) for i in run)):
            out.update(run)
    out |= _contents_at_end(lines)
    for j, line in enumerate(lines, start=1):  # under a heading word, a single entry is enough
        if CONTENTS_HEADING_RE.match(line):
            out.add(j)  # the heading word alone names no rule: never a parent, whatever follows it

            def listed(i: int, ln: str, run: list[int], j: int = j) -> bool:
                return i > j and (i in out or paged(i, ln, run) or repeated(i, ln) or nested(ln, run))

            for run in runs(listed, 1):
                if heading_before(run[0]) == j:
                    out.update(run)
                    break
    return out


_NUMBERED_TITLE = re.compile(rf"^\s*(?P<num>{_NUM})\.?\s+\S")


def _contents_at_end(lines: list[str]) -> set[int]:
    """The 1-based numbers of a table of contents closing the fragment with no page numbers: the
    run of non-blank lines at its end, each a numbered title («100. Общие положения», «100.1
    Игроки»: short, no sentence end) whose number a line of the body above the run already
    opens with, the numbers in increasing order; two entries or more under a heading word
    («СОДЕРЖАНИЕ», which the caller counts), three or more without; else nothing."""
    end = len(lines)
    while end and not lines[end - 1].strip():
        end -= 1
    start, numbers = end, list[str]()
    while start and lines[start - 1].strip() and (m := _NUMBERED_TITLE.match(lines[start - 1])) \
            and _title_shaped(lines[start - 1]):
        numbers.insert(0, m.group("num"))
        start -= 1
    k = start
    while k and not lines[k - 1].strip():
        k -= 1
    least = 2 if k and CONTENTS_HEADING_RE.match(lines[k - 1]) else 3
    body = {m.group("num") for line in lines[:start] if (m := _NUMBERED_TITLE.match(line))}
    keys = [tuple(int(x) for x in n.split(".")) for n in numbers]
    if len(numbers) < least or not set(numbers) <= body or any(a >= b for a, b in zip(keys, keys[1:])):
        return set()
    return set(range(start + 1, end + 1))
