"""Searching the rulebook's units by the words of a query, in any grammatical form."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ..errors import InputError
from .find import check_edition
from .model import Rulebook, Span
from .morph import content_words, fold, lemmas, tokens


@dataclass(frozen=True)
class SearchHit:
    """One unit whose text contains the words of the query."""

    unit: str
    kind: str  # paragraph | list_item | example
    edition: str
    paragraph: str | None  # the paragraph the unit belongs to
    number: str | None  # that paragraph's printed number, if any
    snippet: str  # the matching word in [brackets]
    matches: int  # how many words of the unit match
    source: Span
    words: int = 1  # how many of the query's words the unit matches …
    of_words: int = 1  # … of how many


_KINDS = {"Paragraph": "paragraph", "ListItem": "list_item", "Example": "example"}


class _SameSources:
    """A rulebook as a cache key: equal to another parse of the same sources (its digest)."""

    def __init__(self, rulebook: Rulebook) -> None:
        self.rulebook = rulebook

    def __hash__(self) -> int:
        return hash(self.rulebook.source_digest)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _SameSources) and other.rulebook.source_digest == self.rulebook.source_digest


@functools.lru_cache(maxsize=8)
def _words_of(key: _SameSources) -> tuple[tuple[list, list[frozenset[str]], frozenset[str]], ...]:
    """Per unit in reading order: its tokens, each token's lemmas, and all of them together — made
    once per rulebook, so a query costs a look at each unit's lemmas, not a new reading of its text."""
    out = []
    for unit in key.rulebook.units():
        words = tokens(unit.display_text)
        per_word = [lemmas(w.text) for w in words]
        out.append((words, per_word, frozenset().union(*per_word)))
    return tuple(out)


def search(rulebook: Rulebook, text: str, edition: str | None = None) -> list[SearchHit]:
    """Units whose words match the words of ``text`` in any grammatical form (pymorphy3 lemmas;
    case and «ё»/«е» do not matter: «регенерация» finds «Регенерации», «вайл» finds «Вайла»).

    Returns hits best first: units matching more of the query's words, then more matches, then
    those containing the query as written, then reading order.

    Raises:
        InputError: ``text`` has no word.
        NotFoundError: unknown edition.
    """
    if not isinstance(text, str) or not tokens(text):
        raise InputError("search text has no word to look for")
    edition = check_edition(rulebook, edition)
    query = list(dict.fromkeys(lemmas(t.text) for t in content_words(tokens(text))))  # a word repeated: once
    needle = fold(" ".join(text.split()))
    paragraphs = {p.id: p for p in rulebook.paragraphs}
    hits: list[tuple[tuple, SearchHit]] = []
    for unit, (words, per_word, every) in zip(rulebook.units(), _words_of(_SameSources(rulebook))):
        if (edition and unit.edition != edition) or not any(q & every for q in query):
            continue
        shown = unit.display_text
        matched = [w for w, ls in zip(words, per_word) if any(q & ls for q in query)]
        distinct = sum(1 for q in query if any(q & ls for ls in per_word))
        kind = _KINDS[type(unit).__name__]
        para_id = unit.id if kind == "paragraph" else getattr(unit, "paragraph", None)
        para = paragraphs.get(para_id) if para_id else None
        first = matched[0]
        start, end = max(0, first.start - 50), min(len(shown), first.end + 50)
        snippet = ("…" if start else "") + shown[start:first.start] + "[" + shown[first.start:first.end] + "]" \
            + shown[first.end:end] + ("…" if end < len(shown) else "")
        hit = SearchHit(
            unit=unit.id, kind=kind, edition=unit.edition, paragraph=para_id,
            number=para.number if para else None, snippet=snippet, matches=len(matched),
            source=unit.span, words=distinct, of_words=len(query),
        )
        rank = (-distinct, -len(matched), needle not in fold(shown), unit.edition, unit.order)
        hits.append((rank, hit))
    hits.sort(key=lambda t: t[0])
    return [h for _, h in hits]
