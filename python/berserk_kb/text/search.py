"""Searching the rulebook's units by the words of a query, in any grammatical form."""

from __future__ import annotations

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
    query = [lemmas(t.text) for t in content_words(tokens(text))]
    needle = fold(" ".join(text.split()))
    paragraphs = {p.id: p for p in rulebook.paragraphs}
    hits: list[tuple[tuple, SearchHit]] = []
    for unit in rulebook.units():
        if edition and unit.edition != edition:
            continue
        shown = unit.display_text
        words = tokens(shown)
        matched = [w for w in words if any(q & lemmas(w.text) for q in query)]
        distinct = sum(1 for q in query if any(q & lemmas(w.text) for w in words))
        if not distinct:
            continue
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
