"""A text file as published (a PDF or a printed page turned into text) → fragment lines.

The lines are kept as they are, except what belongs to the printed page rather than to the text:

* **page furniture** (:func:`page_furniture`): a line that is only a page number («- 2 -»,
  «— 3 —», «стр. 4», «Страница 5», or a bare «6» standing between blank lines or page breaks),
  and a running header or footer — a line printed on several pages with only its page number
  changing («Полные правила   стр. 3»), or the same line printed right beside page numbers on two
  pages or more. They are left out of the fragment (the import's origins record them as
  ``skipped``), and with them the blank lines around them when the page broke a sentence;
* **words hyphenated at a line end** (:func:`join_hyphenated`): «кото-» / «рые он выбирает сам.»
  is written «которые» / «он выбирает сам.», the line count unchanged (when what is left of the
  second line would start with a marker of its own — «пра-» / «вило 500.3. Это важно.» — or the
  word ends a sentence — «уда-» / «ра. См. правило 100.2.» — the whole word opens the second line
  instead: «правило 500.3. Это важно.», «удара. См. правило 100.2.»: a line continuing a
  hyphenated word never starts a unit); a real hyphen stays
  («Гном-» / «Басаарг» → «Гном-Басаарг»): the second part starts with a capital letter, or the
  word is known (pymorphy3) only with its hyphen («кто-нибудь»);
* **two columns side by side** (:func:`read_columns`: a PDF turned into text with its layout kept):
  a run of lines whose text resumes, after a gap of spaces, at one steady column is read down the
  left column and then down the right one; the import says where it did so.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

#: a line that is only a page number: «- 2 -», «— 3 —», «стр. 4», «Страница 5 из 9», «6»
_PAGE_ONLY = re.compile(r"^\s*(?:(?P<dash>[-–—])\s*\d{1,4}\s*[-–—]|(?:стр\.?|страница|с\.)\s*\d{1,4}"
                        r"(?:\s*(?:из|/)\s*\d{1,4})?|(?P<bare>\d{1,4}))\s*$", re.IGNORECASE)
#: a page number at the start or the end of a running header («Полные правила   стр. 3», «3  Правила»)
_EDGE_NUMBER = re.compile(r"^\s*(?P<head>(?:стр\.?\s*|страница\s*|[-–—]\s*)?\d{1,4}\s*[-–—]?\s+)(?P<rest>.*?)\s*$"
                          r"|^\s*(?P<rest2>.*?)(?P<tail>\s+(?:стр\.?\s*|страница\s*|[-–—]\s*)?\d{1,4}\s*[-–—]?)\s*$",
                          re.IGNORECASE)
_WORDS = re.compile(r"[^\W\d_]{2,}")


def page_furniture(lines: list[str], breaks: set[int]) -> set[int]:
    """The indices (from 0) of ``lines`` that are page numbers or running headers/footers.

    ``breaks``: indices of lines a page break (form feed) stood on. A bare number counts only as a
    line of its own (blank lines, page breaks or the file's edges on both sides); a header needs
    two words or more besides its number, two pages or more, and page numbers that grow.
    """
    def blank(i: int) -> bool:
        return i < 0 or i >= len(lines) or not lines[i].strip() or i in breaks

    found: set[int] = set()
    for i, line in enumerate(lines):
        if m := _PAGE_ONLY.match(line):
            if not m.group("bare") or ((blank(i - 1) or i in breaks) and blank(i + 1)):
                found.add(i)
    found.update(_counting_pages(lines, found))
    by_rest: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for i, line in enumerate(lines):
        if i in found or "\t" in line.strip() or (m := _EDGE_NUMBER.match(line)) is None:
            continue
        rest = " ".join((m.group("rest") if m.group("head") else m.group("rest2")).split())
        number = int(re.sub(r"\D", "", m.group("head") or m.group("tail")))
        if len(_WORDS.findall(rest)) >= 2:
            by_rest[rest].append((i, number))
    for seen in by_rest.values():
        pages = [n for _, n in seen]
        if len(seen) >= 2 and len(set(pages)) == len(pages) and pages == sorted(pages) \
                and min(b[0] - a[0] for a, b in zip(seen, seen[1:])) >= 5:
            found.update(i for i, _ in seen)
    # the same line printed beside the page numbers of two pages or more: a header without a number
    beside: Counter[str] = Counter()
    near: dict[str, list[int]] = defaultdict(list)
    for i in sorted(found):
        for step in (-1, 1):
            j = i + step
            while 0 <= j < len(lines) and not lines[j].strip():
                j += step
            if 0 <= j < len(lines) and j not in found and len(_WORDS.findall(lines[j])) >= 2:
                key = " ".join(lines[j].split())
                if j not in near[key]:
                    near[key].append(j)
                    beside[key] += 1
    found.update(j for key, js in near.items() if beside[key] >= 2 and len(js) == sum(
        " ".join(ln.split()) == key for ln in lines) for j in js)
    found.update(_repeated_lines(lines, found))
    found.update(_alternating_lines(lines, found, breaks))
    found.update(_lone_headers(lines, found, breaks))
    keep, drop = _part_titles(lines, found, breaks)
    return (found | drop) - keep


def _lone_headers(lines: list[str], found: set[int], breaks: set[int]) -> set[int]:
    """A header printed once (an odd page's «3   Полные правила»): the line opening a page, two
    words or more beside its page number (the next after the page number found before it, if any),
    where the page broke a sentence — the text before it ends in a hyphen or mid-sentence and the
    text after it goes on in lower case («ко-» / «торые описаны…»): no text stands between."""
    from ..lines import ends_sentence

    def text_at(j: int, step: int) -> int:
        while 0 <= j < len(lines) and (j in found or not lines[j].strip()):
            j += step
        return j

    out: set[int] = set()
    last_page: int | None = None
    for i, line in enumerate(lines):
        if i in found and _PAGE_ONLY.match(line) and (n := re.search(r"\d+", line)):
            last_page = int(n.group())  # «Страница 2 из 9»: 2
        starts_page = i in breaks or (i > 0 and i - 1 in found and _PAGE_ONLY.match(lines[i - 1]))
        if i in found or not starts_page or (m := _EDGE_NUMBER.match(line)) is None:
            continue
        rest = m.group("rest") if m.group("head") else m.group("rest2")
        number = int(re.sub(r"\D", "", m.group("head") or m.group("tail")))
        before, after = text_at(i - 1, -1), text_at(i + 1, 1)
        if len(_WORDS.findall(rest)) >= 2 and (last_page is None or number == last_page + 1) \
                and 0 <= before and after < len(lines) and lines[after].lstrip()[:1].islower() \
                and not ends_sentence(lines[before]):
            out.add(i)
    return out


_PART = re.compile(r"^(?:Часть|Раздел|Глава|Приложение|Part|Chapter)\s+\S", re.IGNORECASE)


def _part_titles(lines: list[str], found: set[int], breaks: set[int]) -> tuple[set[int], set[int]]:
    """A part's title printed again at the top of each of its pages («Часть 1. Основы игры» on pages
    1–2, «Часть 2. Бой» on pages 3–4): the same header-like line opening two consecutive pages or
    more, where the headers change from part to part (or the line names a part) and the line is
    printed nowhere else. Its first copy is the part's title (kept: returned first), the copies on
    the pages after it are a running header (returned second)."""
    numbers = {i for i in found if _PAGE_ONLY.match(lines[i])}
    opens: list[int] = []
    for e in [-1, *sorted(numbers | {b - 1 for b in breaks})]:
        j = e + 1
        while j < len(lines) and (j in numbers or not lines[j].strip()):
            j += 1
        if j < len(lines) and j not in opens:
            opens.append(j)
    runs: list[list[int]] = []
    for j in opens:
        key = " ".join(lines[j].split())
        if runs and key == " ".join(lines[runs[-1][0]].split()):
            runs[-1].append(j)
        else:
            runs.append([j])
    runs = [r for r in runs if len(r) >= 2 and header_like(key := " ".join(lines[r[0]].split()))
            and sum(" ".join(ln.split()) == key for ln in lines) == len(r)]
    if len({" ".join(lines[r[0]].split()) for r in runs}) < 2:
        runs = [r for r in runs if _PART.match(lines[r[0]].strip())]
    return {r[0] for r in runs}, {j for r in runs for j in r[1:]}


def _alternating_lines(lines: list[str], found: set[int], breaks: set[int]) -> set[int]:
    """Running headers or footers that alternate between odd and even pages (a book's «title» on
    one side, «chapter» on the other): pages are told apart by the page numbers and page breaks
    already found; a short line (two to twelve words, no paragraph or list marker, no final
    punctuation) that opens — or closes — two pages or more of one parity and every page of that
    parity but the first is a header; the one line opening (closing) the pages of the other parity
    is then one too, even when there is a single such page."""
    # a page ends at a page-number line and at the line before a page break (a form feed stands
    # on the first line of the next page)
    numbers = {i for i in found if _PAGE_ONLY.match(lines[i])}  # the headers found already are compared too
    edges = sorted(numbers | {b - 1 for b in breaks})
    if not edges:
        return set()
    out: set[int] = set()
    for step in (1, -1):  # the lines opening each page, then the lines closing each page
        ends: list[int] = []
        for e in ([-1, *edges] if step == 1 else [*edges, len(lines) - 1]):
            j = e + 1 if step == 1 else e
            while 0 <= j < len(lines) and (j in numbers or not lines[j].strip()):
                j += step
            if 0 <= j < len(lines) and j not in ends:
                ends.append(j)
        pages = [(j, " ".join(lines[j].split())) for j in ends]
        by_parity = [pages[0::2], pages[1::2]]
        confirmed = [_one_header(side) for side in by_parity]
        for k, side in enumerate(by_parity):
            if confirmed[k]:
                out.update(j for j, key in side if key == confirmed[k])
            elif confirmed[1 - k] and len(side) == 1 and side[0][1] != confirmed[1 - k] and header_like(side[0][1]):
                out.add(side[0][0])
    return out


def _one_header(side: list[tuple[int, str]]) -> str | None:
    """The line opening (closing) every page of ``side`` but maybe the first, two pages or more."""
    keys = [key for _, key in side]
    for key in {*keys[:2]}:
        if keys[1:].count(key) == len(keys) - 1 and keys.count(key) >= 2 and header_like(key):
            return key
    return None


def header_like(key: str) -> bool:
    """True when the line ``key`` may be a running header: two to twelve words, no final punctuation."""
    from ..lines import classify_line

    return 2 <= len(_WORDS.findall(key)) and len(key.split()) <= 12 and not re.search(r"[.:;,!?…]$", key) \
        and not key[:1].islower() and classify_line(key).kind in ("text", "heading")


def _counting_pages(lines: list[str], found: set[int]) -> set[int]:
    """Bare numbers with text right above or below that count pages all the same: three or more
    (two when both stand far indented, as a centred or right-aligned page number does) in a row
    that go up by one, at least four lines apart («2» … «3» … «4»)."""
    bare = [(i, int(m.group("bare")), len(line) - len(line.lstrip())) for i, line in enumerate(lines)
            if i not in found and (m := _PAGE_ONLY.match(line)) and m.group("bare")]
    out: set[int] = set()
    chain: list[tuple[int, int, int]] = []
    for b in [*bare, None]:
        if b is not None and chain and b[1] == chain[-1][1] + 1 and b[0] - chain[-1][0] >= 4:
            chain.append(b)
            continue
        if len(chain) >= 3 or (len(chain) == 2 and min(pad for _, _, pad in chain) >= 8):
            out.update(i for i, _, _ in chain)
        chain = [b] if b is not None else []
    return out


def _repeated_lines(lines: list[str], found: set[int]) -> set[int]:
    """A running header or footer with no page number: the same short line (two to twelve words, no
    paragraph or list marker, not ending with «:») printed three times or more at about regular
    intervals (at least four lines apart, the longest interval at most four times the shortest)."""
    from ..lines import classify_line

    at: dict[str, list[int]] = defaultdict(list)
    for i, line in enumerate(lines):
        key = " ".join(line.split())
        if i not in found and 2 <= len(_WORDS.findall(key)) and len(key.split()) <= 12 and not key.endswith(":"):
            at[key].append(i)
    out: set[int] = set()
    for key, js in at.items():
        gaps = [b - a for a, b in zip(js, js[1:])]
        if len(js) >= 3 and min(gaps) >= 4 and max(gaps) <= 4 * min(gaps) \
                and classify_line(key).kind in ("text", "heading"):
            out.update(js)
    return out


def drop_furniture(lines: list[str], found: set[int]) -> list[tuple[int, bool]]:
    """The lines kept once the furniture ``found`` is left out, as ``(index, blank)``: the blank
    lines around it are left out too when the page broke a sentence (the line before does not end
    it and the line after starts in lower case), and otherwise one blank line stands where it was
    (``blank``: a blank line in place of the furniture line ``index``)."""
    from ..lines import ends_sentence

    kept: list[tuple[int, bool]] = []
    i = 0
    while i < len(lines):
        if i not in found:
            kept.append((i, False))
            i += 1
            continue
        j = i
        while j < len(lines) and (j in found or not lines[j].strip()):
            j += 1
        while kept and not lines[kept[-1][0]].strip():
            kept.pop()
        before = lines[kept[-1][0]] if kept else ""
        after = lines[j].lstrip() if j < len(lines) else ""
        mid_sentence = before and after[:1].islower() and not ends_sentence(before)
        if kept and j < len(lines) and not mid_sentence:
            kept.append((i, True))
        i = j
    return kept


_HYPHENATED = re.compile(r"(?P<head>[^\W\d_]+)-$")
_SENTENCE_END = re.compile(r"[.!?…][»\"')\]]*$")
_NEXT_WORD = re.compile(r"^(?P<pad>\s*)(?P<tail>[^\W\d_]+)(?P<rest>.*)$")


def join_hyphenated(lines: list[str]) -> list[str]:
    """``lines`` with each word hyphenated at a line end written whole on one line (see the module
    docstring); the number of lines stays the same."""
    from ..morph import known_word

    out = list(lines)
    for i in range(len(out) - 1):
        h = _HYPHENATED.search(out[i].rstrip())
        t = _NEXT_WORD.match(out[i + 1])
        if not h or not t or (h.start() > 0 and out[i].rstrip()[h.start() - 1] in "-–—"):
            continue
        head, tail = h.group("head"), t.group("tail")
        joined = head + tail
        hyphen = tail[:1].isupper() or (not known_word(joined) and (
            known_word(f"{head}-{tail}") or (known_word(head) and known_word(tail))))
        word = f"{head}-{tail}" if hyphen else joined
        first = out[i].rstrip()[:h.start()]
        rest = t.group("rest")
        if not re.search(r"\w", rest):  # «ник».»: the punctuation after the word goes with it
            word, rest = word + rest.rstrip(), ""
        elif p := re.match(r"[^\w\s]+", rest):  # «мость, стихию»: so does a comma written against it
            word, rest = word + p.group(), rest[p.end():]
        rest = rest.lstrip()
        # the word ends the first line — unless it would then end a sentence there: the rest of the
        # second line would look like a unit of its own («уда-» / «ра. См. правило 100.2.»)
        if rest and _same_kind(t.group("pad") + rest, out[i + 1]) and not _SENTENCE_END.search(word):
            out[i], out[i + 1] = first + word, t.group("pad") + rest
        elif first.strip():  # the word opens the second line, with the rest of that line after it
            keep, _, lead = first.rpartition(" ") if " " in first.strip() else ("", "", first)
            keep, lead = (keep, lead) if keep.strip() else (lead, "")  # «и красно-» / «белые.»: «и» stays up
            out[i], out[i + 1] = keep.rstrip(), t.group("pad") + lead.lstrip() + word + (" " + rest if rest else "")
    return out


def _same_kind(new: str, old: str) -> bool:
    """True when the line ``new`` (what is left of ``old`` once a word's end moved up) is still the
    plain text ``old`` was: «вило 500.3. Это важно.» must not become a paragraph «500.3. Это важно.»."""
    from ..lines import classify_line

    return classify_line(new).kind == classify_line(old).kind


#: the fewest lines of a run with text on both sides of the column for it to be read as two columns
_COLUMN_LINES = 3
#: how far the start of a column may wander from line to line
_JITTER = 2


def read_columns(lines: list[str], breaks: set[int] | frozenset[int] = frozenset()) -> tuple[
        list[str], list[int], list[tuple[int, int]]]:
    """``lines`` with each run printed in two columns side by side read column by column: the
    lines, the index in ``lines`` each came from, and the runs read so (first and last index).

    A column starts where the text of three lines or more resumes after a gap of two spaces or
    more, at about the same position (at least 20 characters in, within :data:`_JITTER` characters:
    a PDF's layout turned into text shifts a column by a character or two); the run around them is
    the lines that keep to it — the left text ending before the gap, or the line indented to the
    column; a line whose text crosses the column (a heading over the page), stands indented in the
    left column (a centred page number) or is only a page number (wherever it stands), and a page
    break (``breaks``: indices of lines a form feed stood on), end the run; a run starts at a line
    with text in the left column, never at a line set right (a running header over the right
    column): page furniture stays out of the columns, where :func:`page_furniture` finds it.
    """
    starts: Counter[int] = Counter()
    for line in lines:
        for m in re.finditer(r"\S {2,}(?=\S)", line):
            if m.end() >= 20:
                starts[m.end()] += 1
    near = {c: sum(n for d, n in starts.items() if abs(d - c) <= _JITTER) for c in starts}
    columns = sorted((c for c, n in near.items() if n >= _COLUMN_LINES), key=lambda c: (-near[c], c))
    if not columns:
        return list(lines), list(range(len(lines))), []
    col = min(c for c in starts if abs(c - columns[0]) <= _JITTER)  # the leftmost start of the column

    def split(line: str) -> int | None:  # where the right column's text starts on a line with both
        return next((m.end() for m in re.finditer(r"\S {2,}(?=\S)", line) if col <= m.end() <= col + 2 * _JITTER), None)

    def side(line: str) -> str | None:  # «both», «left», «right» or None (not a line of the run)
        if not line.strip():
            return "blank"
        if _PAGE_ONLY.match(line):
            return None
        pad = len(line) - len(line.lstrip())
        if pad >= col - 1:
            return "right"
        if pad > col // 3:
            return None
        if split(line) is not None:
            return "both"
        return "left" if len(line.rstrip()) < col - 1 else None

    out: list[str] = []
    index: list[int] = []
    runs: list[tuple[int, int]] = []
    i = 0
    while i < len(lines):
        j = i
        while side(lines[i]) in ("both", "left") and j < len(lines) and side(lines[j]) is not None \
                and (j == i or j not in breaks):  # a run starts at text in the left column, within a page
            j += 1
        while j > i and not lines[j - 1].strip():
            j -= 1
        both = [(ln[:at].rstrip(), ln[at:]) for ln in lines[i:j]
                if (at := split(ln)) is not None and side(ln) == "both"]
        if len(both) >= _COLUMN_LINES and _prose(both):
            cut = {k: split(lines[k]) or col for k in range(i, j)}
            left = [(k, lines[k][:cut[k]].rstrip()) for k in range(i, j) if side(lines[k]) in ("both", "left", "blank")]
            right = [(k, lines[k][cut[k]:].strip() if side(lines[k]) == "both" else lines[k].strip())
                     for k in range(i, j) if side(lines[k]) in ("both", "right")]
            for k, text in left + right:
                out.append(text)
                index.append(k)
            runs.append((i, j - 1))
            i = j
        else:
            out.append(lines[i])
            index.append(i)
            i += 1
    return out, index, runs


def _prose(both: list[tuple[str, str]]) -> bool:
    """Lines with text on both sides of the column (``both``: each line's left and right text) are
    two columns of prose, not a contents page (a title, then its page number) or a table aligned
    with spaces: each side has no wide gap of its own, and most right-hand sides have two words or
    more."""
    if any(re.search(r"\S {3,}\S", left) or re.search(r"\S {3,}\S", right) for left, right in both):
        return False
    return sum(len(_WORDS.findall(right)) >= 2 for _, right in both) * 2 > len(both)
