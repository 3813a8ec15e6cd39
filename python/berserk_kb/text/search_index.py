"""The lemma index of a rulebook for :mod:`.search`: every word of every unit under each lemma it may
be a form of — built once per rulebook and kept in the cache, keyed by the rulebook's sources (their
digest), the code and the morphology — and the snippets of a hit, cut at word boundaries."""

from __future__ import annotations

import functools
from array import array
from dataclasses import dataclass

from ..store.entries import MORPHOLOGY, cached, code_key, entry_path
from .model import Rulebook, Unit
from .morph import fold, lemmas, tokens


@dataclass(frozen=True)
class LemmaIndex:
    """``units``: the unit ids in reading order; ``postings[word]``: the index (into ``units``) of
    the unit of every occurrence of ``word`` (a word as written, in lower case), in order;
    ``forms[lemma]``: the words that may be a form of ``lemma`` (a folded lemma, or a folded word).
    Numbers are not words here: a number in a query names a paragraph (:mod:`.search`). Per unit:
    its kind (paragraph | list_item | example), its place in reading order (edition, then order),
    and its folded text, in ``folded`` (the units joined by a NUL) from ``starts[i]``."""

    units: tuple[str, ...]
    postings: dict[str, array]
    forms: dict[str, tuple[str, ...]]
    kinds: tuple[str, ...]
    rank: array
    folded: str
    starts: array

    def words_for(self, lemma_set: frozenset[str]) -> set[str]:
        """The words of the rulebook that may be a form of a lemma of ``lemma_set``."""
        return {w for lemma in lemma_set for w in self.forms.get(lemma, ())}

    def starting(self, prefix: str) -> set[str]:
        """The words of the rulebook that start with ``prefix`` (case and «ё»/«е» do not matter)."""
        import bisect

        folded = self.folded_words
        p = fold(prefix)
        at = bisect.bisect_left(folded, (p, ""))
        out = set()
        while at < len(folded) and folded[at][0].startswith(p):
            out.add(folded[at][1])
            at += 1
        return out

    @functools.cached_property
    def folded_words(self) -> list[tuple[str, str]]:
        """(folded word, word as indexed) for every word of :attr:`postings`, sorted (made once)."""
        return sorted((fold(w), w) for w in self.postings)

    def containing(self, needle: str) -> set[int]:
        """The units whose folded text contains ``needle``."""
        import bisect
        import re

        return {bisect.bisect_right(self.starts, m.start()) - 1 for m in re.finditer(re.escape(needle), self.folded)}


def build_index(rulebook: Rulebook) -> LemmaIndex:
    """Read every unit of ``rulebook`` once: its words and their lemmas (pymorphy3)."""
    units = rulebook.units()
    postings: dict[str, array] = {}
    texts, starts, at = [], array("I"), 0
    for i, unit in enumerate(units):
        text = unit.display_text
        for w in tokens(text):
            if not w.text.isdigit():
                postings.setdefault(w.text.casefold(), array("I")).append(i)
        texts.append(fold(text))
        starts.append(at)
        at += len(texts[-1]) + 1
    forms: dict[str, list[str]] = {}
    for word in postings:
        for lemma in lemmas(word):
            forms.setdefault(lemma, []).append(word)
    rank = array("I", bytes(4 * len(units)))
    for r, i in enumerate(sorted(range(len(units)), key=lambda i: (units[i].edition, units[i].order))):
        rank[i] = r
    return LemmaIndex(tuple(u.id for u in units), postings, {k: tuple(v) for k, v in forms.items()},
                      tuple(_KINDS[type(u).__name__] for u in units), rank, "\0".join(texts), starts)


@dataclass(frozen=True)
class Loaded:
    """A rulebook's index, with its units (in the index's order) and each unit id's place there."""

    index: LemmaIndex
    units: tuple[Unit, ...]
    position: dict[str, int]


_KINDS = {"Paragraph": "paragraph", "ListItem": "list_item", "Example": "example"}


class _SameSources:
    """A rulebook as a memo key: equal to another parse of the same sources (its digest)."""

    def __init__(self, rulebook: Rulebook) -> None:
        self.rulebook = rulebook

    def __hash__(self) -> int:
        return hash(self.rulebook.source_digest)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _SameSources) and other.rulebook.source_digest == self.rulebook.source_digest


@functools.lru_cache(maxsize=8)
def _loaded(key: _SameSources) -> Loaded:
    from .load import rulebook_key

    rb = key.rulebook
    path = entry_path("search", rulebook_key(rb),
                      code_key("text/search_index.py", "text/morph.py", libraries=MORPHOLOGY))

    def build() -> LemmaIndex:
        from ..progress import working

        with working("indexing the rulebook's words for search (once; kept in the cache)"):
            return build_index(rb)

    index = cached(path, build, LemmaIndex, quiet=True)
    by_id = {u.id: u for u in rb.paragraphs + rb.list_items + rb.examples}
    return Loaded(index, tuple(by_id[u] for u in index.units), {u: i for i, u in enumerate(index.units)})


def lemma_index(rulebook: Rulebook) -> Loaded:
    """The index of ``rulebook`` (from the cache, or built and kept there; the cache folder not
    being writable only costs the build next time) and what a query reads beside it; once per process."""
    return _loaded(_SameSources(rulebook))


def snippet(text: str, marks: list[tuple[int, int]], anchors: list[tuple[int, int]],
            width: int = 120) -> tuple[str, list[tuple[int, int]]]:
    """The part of ``text`` around ``anchors`` (the first match of each query word), about
    ``width`` characters in all, in windows cut at word boundaries, joined by « … » and with «…»
    where the text goes on; and where ``marks`` (every match) stand in it.

    Shape: ``("…бросок [кубика] …", [(7, 13)])`` without the brackets: ``("…бросок кубика …", [(7, 13)])``.
    """
    radius = max(20, width // (2 * len(anchors))) if anchors else width
    anchors = anchors or [(0, 0)]
    windows: list[list[int]] = []
    for a, b in sorted(anchors):
        lo, hi = _word_start(text, max(0, a - radius), a), _word_end(text, min(len(text), b + radius), b)
        if windows and lo <= windows[-1][1] + 1:
            windows[-1][1] = max(windows[-1][1], hi)
        else:
            windows.append([lo, hi])
    parts, out_marks, at = [], [], 0
    for k, (lo, hi) in enumerate(windows):
        lead = ("…" if lo > 0 else "") if k == 0 else " … "
        parts.append(lead)
        at += len(lead)
        piece = text[lo:hi]
        out_marks += [(s - lo + at, e - lo + at) for s, e in marks if s >= lo and e <= hi]
        parts.append(piece)
        at += len(piece)
    if windows[-1][1] < len(text):
        parts.append("…")
    return "".join(parts), out_marks


def _word_start(text: str, at: int, limit: int) -> int:
    """``at`` moved forward to the start of a word, never past ``limit``."""
    if at == 0 or text[at - 1].isspace():
        return at
    space = text.find(" ", at, limit)
    return space + 1 if space != -1 else limit


def _word_end(text: str, at: int, limit: int) -> int:
    """``at`` moved back to the end of a word, never before ``limit``."""
    if at >= len(text) or text[at].isspace():
        return at
    space = text.rfind(" ", limit, at)
    return space if space != -1 else limit
