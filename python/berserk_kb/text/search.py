"""Searching the rulebook's units by the words of a query, in any grammatical form, and by the
paragraph numbers it names (``518.4``, «п. 518.4», «пп. 518.3, 518.4»)."""

from __future__ import annotations

import heapq
import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..errors import InputError, NotFoundError, cut
from .find import check_edition, close_numbers, lettered_item, shown
from .model import Paragraph, ParagraphKind, Rulebook, Span
from .morph import fold, function_word, lemmas, likeliest_lemma, tokens
from .numbers import SUFFIX, same_number
from .readers import limit_length
from .search_index import Loaded, lemma_index, snippet

#: The longest query searched, in characters (a query is a few words or a paragraph number).
QUERY_LIMIT = 1000
#: The shortest last word that a search as one types (``prefix``) matches as the start of words.
PREFIX_MIN = 2

# A paragraph number, with «п.»/«пп.» before it or not; not a number inside a word or a longer number
# (a run of more digits is one too, and names no paragraph).
_NUMBER = re.compile(r"(?:(?<![^\W\d_])пп?\.\s*|(?<![\w.]))(\d+(?:\.\d{1,4}){0,6}"
                     rf"(?:{SUFFIX}(?![^\W\d_]))?)(?!\w|\.\d)", re.IGNORECASE)
#: A paragraph number written with a decimal comma (``518,4``), not a list (``518, 519``, ``518,519``).
_COMMA_DECIMAL = re.compile(r"(?<![\d,.])(\d{1,4}),(\d{1,2})(?![\d,.])")
#: A signed number standing alone (``-1``, «+1 к удару»): a modifier's value, looked for as written.
_VALUE = re.compile(r"(?<!\S)[-+−]\d+(?!\S)")
_MARKER = re.compile(r"(?<![^\W\d_])пп?\.(?=\s|$)|,", re.IGNORECASE)  # «п.» or «пп.» left without a number


@dataclass(frozen=True)
class Match:
    """Where a match stands: ``start``/``end`` character offsets."""

    start: int
    end: int


@dataclass(frozen=True)
class SearchHit:
    """One unit that matches the query: its words in any form, or a number the query names (the
    paragraph of that number, or a unit that cites it)."""

    unit: str
    kind: str  # paragraph | list_item | example
    edition: str
    paragraph: str | None  # the paragraph the unit belongs to
    number: str | None  # that paragraph's printed number, or (a plain paragraph's item or example) its parent's
    text: str  # the unit's text (its lines joined by single spaces)
    matches: tuple[Match, ...]  # every match in ``text``: the words, the references citing the number
    snippet: str  # ``text`` around the matches, cut at word boundaries (no markup)
    marks: tuple[Match, ...]  # where the matches stand in ``snippet``
    source: Span
    words: int = 1  # how many of the query's words and numbers the unit matches …
    of_words: int = 1  # … of how many
    stands_for: str | None = None  # the number asked for, which this unnumbered paragraph stands for (S004)
    #: what the unit is to a reader: ``kind``, except that a paragraph unit that is a table, a
    #: heading, a contents line or a glossary entry (a plain paragraph titled by its term) says so
    label: str = "paragraph"


@dataclass(frozen=True)
class SearchResults:
    """The hits of a query (best first, at most the limit asked for) and how many there are."""

    total: int
    hits: tuple[SearchHit, ...]
    #: the paragraph numbers asked for that no paragraph prints, stands for or is cited as, each
    #: with the numbers it may be a slip for (:func:`~.find.close_numbers`)
    unknown: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: when nothing matches: for each word of the query the rulebook never uses, its word most
    #: alike (a slip: «регенерацыя» → «регенерация»)
    did_you_mean: tuple[str, ...] = ()


def search(rulebook: Rulebook, text: str, edition: str | None = None, *, kind: str | None = None,
           limit: int | None = None, stands_for: Callable[[str], Mapping[str, object]] | None = None,
           prefix: bool = False) -> SearchResults:
    """Units whose words match the words of ``text`` in any grammatical form (pymorphy3 lemmas;
    case and «ё»/«е» do not matter: «регенерация» finds «Регенерации», «вайл» finds «Вайла»), and,
    for each paragraph number ``text`` names (``518.4``, «п. 518.4»), the paragraph with that number
    and the units whose references cite it (beside words, a number without a dot that names no
    paragraph and that nothing cites, such as the 2 of «Регенерация 2», is not looked for; alone it
    is a paragraph's number, refused as ``999.9`` is; «518,4» is 518.4). Prepositions, conjunctions and
    particles are not looked for; a word repeated counts once. ``stands_for(number)``: the ids of
    unnumbered paragraphs that stand for a number their edition does not print (the facade passes the
    check S004's inference).
    With ``prefix`` (search as one types), the last word of ``text``, when nothing follows it and it
    has at least :data:`PREFIX_MIN` letters, also matches the words that start with it and their
    forms («Гно» finds «Гном», «Гнома»).

    Returns the ``limit`` best hits (all without one) — a table of contents' lines after every other
    unit, units matching more of the query's words and numbers first, then the paragraph of a number
    before the units citing it, then more matches, then those containing the query as written, then
    reading order — and how many there are.

    Raises:
        InputError: ``text`` is longer than :data:`QUERY_LIMIT` (:class:`~berserk_kb.errors.TooLong`,
            its ``limit`` that), or has no word or number, or only
            prepositions, conjunctions and particles.
        NotFoundError: unknown edition, or the query is paragraph numbers only and none names a paragraph.
    """
    if not isinstance(text, str) or not text.strip():
        raise InputError("search text has no word to look for")
    limit_length(text, "search text", QUERY_LIMIT, field="text")
    edition = check_edition(rulebook, edition)
    text = _COMMA_DECIMAL.sub(r"\1.\2", text)  # «518,4» is 518.4 (one character for one: offsets stay)
    values = list(dict.fromkeys(m.group() for m in _VALUE.finditer(text)))
    unsigned = _VALUE.sub(lambda m: " " * len(m.group()), text)
    numbers = list(dict.fromkeys(m.group(1) for m in _NUMBER.finditer(unsigned)))
    rest = _MARKER.sub(" ", _NUMBER.sub(" ", unsigned))
    toks = [t for t in tokens(rest) if not t.text.isdigit()]
    words = [t for t in toks if not function_word(t.text)]
    if not numbers and not words and not values:
        raise InputError(f"search text {shown(text)} has no word to look for" if not toks else
                         f"search text {shown(text)} has only prepositions, conjunctions and particles, "
                         "which are not looked for (they stand in nearly every paragraph): add a word")
    merged: dict[str, frozenset[str]] = {}  # a word repeated, in any form, is looked for once
    for t in words:  # a letter alone («т» of «т.е.») is looked for as written: its «lemmas» are guesses («то»)
        alone = len(t.text) == 1
        k = fold(t.text) if alone else likeliest_lemma(t.text)
        merged[k] = merged.get(k, frozenset()) | (frozenset({k}) if alone else lemmas(t.text))
    got = lemma_index(rulebook)
    last = tokens(text)[-1] if prefix and tokens(text) else None
    if last and last.end == len(text) and len(last.text) >= PREFIX_MIN and words and words[-1].text == last.text:
        k = likeliest_lemma(last.text)  # the word being typed: the words it begins, and their forms
        merged[k] = merged[k].union(*(lemmas(w) for w in got.index.starting(last.text)))
    terms = list(merged.values())
    postings = got.index.postings
    forms = [got.index.words_for(t) for t in terms]
    total: Counter[int] = Counter()  # unit → how many of its words (and references) match
    for w in set().union(*forms):
        total.update(postings[w])
    distinct: Counter[int] = Counter()  # unit → how many of the query's words and numbers it matches
    for fs in forms:
        distinct.update(set().union(*(postings[w] for w in fs)))
    cited: dict[int, list[tuple[int, int]]] = {}  # unit → where the numbers asked for stand in it
    heads: dict[int, str | None] = {}  # the paragraph a number names → the number, when it does not print it
    unknown: list[tuple[str, tuple[str, ...]]] = []
    for number in list(numbers):
        named = _numbered(rulebook, number, edition, got, stands_for)
        if not named and "." not in number and terms:  # «Регенерация 2»: a value, not a section; the words rank
            numbers.remove(number)
            continue
        if not named:
            unknown.append((number, tuple(close_numbers(rulebook, number, edition))))
        for u, spans in named.items():
            i = got.position[u]
            distinct[i] += 1
            total[i] += len(spans)
            cited.setdefault(i, []).extend(spans)
            if not spans:
                printed = getattr(got.units[i], "number", None)  # 100.3б, or 100.3 holding the item «б»
                heads[i] = None if same_number(printed, number) or (
                    number[-1].isalpha() and same_number(printed, number[:-1])) else number
    for value in values:  # where it stands as written, alone: not inside a longer number
        for i in got.index.containing(value):
            spans = [m.span() for m in re.finditer(rf"(?<![\w.+\-−]){re.escape(value)}(?![\d.,]?\d)",
                                                   got.units[i].display_text)]
            if spans:
                distinct[i] += 1
                total[i] += len(spans)
                cited.setdefault(i, []).extend(spans)
    candidates = [i for i in distinct if edition in (None, got.units[i].edition)
                  and kind in (None, got.index.kinds[i])] if edition or kind else list(distinct)
    needle = fold(" ".join(text.split()))
    written = got.index.containing(needle)

    def rank(i: int) -> tuple:
        contents = getattr(got.units[i], "kind", None) is ParagraphKind.CONTENTS  # it names, never says, a rule
        return contents, -distinct[i], i not in heads, -total[i], i not in written, got.index.rank[i]

    # only numbers, none of a paragraph: as `show` says
    if unknown and len(unknown) == len(numbers) and not terms and not values:
        where = f"edition {edition}" if edition else "any edition"
        meant = [m for _, ms in unknown for m in ms]
        bare = (" (a number alone is looked for as a paragraph's number)"
                if any("." not in n for n, _ in unknown) else "")
        raise NotFoundError(f"no paragraph {', '.join(cut(n, 41) for n, _ in unknown)} in {where}"
                            + (f" (did you mean {' or '.join(meant)}?)" if meant else bare), edition=edition)
    chosen = sorted(candidates, key=rank) if limit is None else heapq.nsmallest(limit, candidates, key=rank)
    of = len(terms) + len(numbers) + len(values)
    alike = () if candidates else _alike(got, [t.text for t, fs in zip(words, forms) if not fs])
    return SearchResults(len(candidates), tuple(_hit(got, i, terms, cited.get(i, []), distinct[i], of, heads.get(i))
                                                for i in chosen), tuple(unknown), alike)


def _alike(got: Loaded, words: list[str]) -> tuple[str, ...]:
    """For each of ``words`` (none of them in the rulebook), the rulebook's word most like it
    (rapidfuzz ratio ≥ 80, four letters at least), if any."""
    from rapidfuzz import fuzz, process

    vocabulary = {w: f for f, w in got.index.folded_words if len(w) >= 4}  # folded once, not at each word
    out = []
    for w in words:
        best = process.extractOne(fold(w), vocabulary, scorer=fuzz.ratio, score_cutoff=80) if len(w) >= 4 else None
        if best:
            out.append(best[2])  # the key: the word as indexed
    return tuple(dict.fromkeys(out))


def _numbered(rulebook: Rulebook, number: str, edition: str | None, got: Loaded,
              stands_for: Callable[[str], Mapping[str, object]] | None) -> dict[str, list[tuple[int, int]]]:
    """The units a paragraph number names: the paragraph printing it (or standing for it), without a
    span; each unit whose reference cites it, with where the reference stands in its text."""
    paras = [p for p in rulebook.paragraphs if edition in (None, p.edition)]
    out: dict[str, list[tuple[int, int]]] = {pid: [] for pid in [p.id for p in paras if same_number(p.number, number)]
                                             or lettered_item(rulebook, paras, number.casefold())}
    if stands_for is not None:
        for pid in stands_for(number):
            out.setdefault(pid, [])
    for r in rulebook.references:
        if not same_number(r.number, number) or edition not in (None, r.edition) or r.source_unit not in got.position:
            continue
        text = got.units[got.position[r.source_unit]].display_text
        raw = " ".join(r.raw.split())
        at = text.find(raw)
        spans = out.setdefault(r.source_unit, [])
        if at >= 0:
            inner = raw.casefold().find(number.casefold())
            start = at + inner if inner >= 0 else at
            spans.append((start, start + (len(number) if inner >= 0 else len(raw))))
    return out


def _hit(got: Loaded, i: int, terms: list[frozenset[str]], cited: list[tuple[int, int]], words: int, of: int,
         stands_for: str | None) -> SearchHit:
    unit, k = got.units[i], got.index.kinds[i]
    para_id = unit.id if k == "paragraph" else getattr(unit, "paragraph", None)
    para = got.units[got.position[para_id]] if para_id in got.position else None
    number = getattr(para, "number", None)
    if k != "paragraph":  # an item of a plain paragraph inside 100.1 («Последовательность шагов:») is 100.1's
        up = para
        while number is None and isinstance(up, Paragraph) and up.kind is ParagraphKind.TEXT \
                and up.parent in got.position:
            up = got.units[got.position[up.parent]]
            number = getattr(up, "number", None)
    text = unit.display_text
    per_term: dict[int, list[tuple[int, int]]] = {}
    for t in tokens(text):
        if not t.text.isdigit():
            ls = lemmas(t.text)
            for n, term in enumerate(terms):
                if ls & term:
                    per_term.setdefault(n, []).append((t.start, t.end))
    marks = sorted({s for spans in per_term.values() for s in spans} | set(cited))
    anchors = [spans[0] for spans in per_term.values()] + ([min(cited)] if cited else [])
    cut, at = snippet(text, marks, anchors)
    return SearchHit(
        unit=unit.id, kind=k, edition=unit.edition, paragraph=para_id, number=number,
        text=text, matches=tuple(Match(*m) for m in marks), snippet=cut, marks=tuple(Match(*m) for m in at),
        source=unit.span, words=words, of_words=of, stands_for=stands_for, label=unit_label(unit, k),
    )


def unit_label(unit: object, kind: str) -> str:
    """What a unit of ``kind`` (``paragraph``, ``list_item``, ``example``) is to a reader: a
    paragraph unit that is a table, a heading or a contents line is labelled so, a plain paragraph
    titled by its term is a ``glossary entry``; any other unit is its ``kind``."""
    if kind != "paragraph" or not isinstance(unit, Paragraph):
        return kind
    if unit.kind in (ParagraphKind.TABLE, ParagraphKind.HEADING, ParagraphKind.CONTENTS):
        return unit.kind.value
    return "glossary entry" if unit.kind is ParagraphKind.TEXT and unit.title else "paragraph"
