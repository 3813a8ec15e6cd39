"""Linking the rulebook's mentions of cards and features to the cards and features the KB knows.

The lexicon is every card name of the imported card database and of ``kb/cards.yaml``, and every
feature name of the imported ``const.json`` icon table and of ``kb/cards.yaml``; a card's other
``forms`` (kb/cards.yaml) link to the card itself. A name matches a run of words in the text when each
word can be a form of the name's word — the same word, the same pymorphy3 lemma as the same part
of speech, or a word whose lemma is the name's word (:func:`~berserk_kb.text.morph.analyses`; «ё» read
as «е») — whatever the case: «Гнома-Басаарга»
is «Гном-Басаарг», «Опытом в атаке» is «Опыт в атаке», but the verb «Обратить» is not the
participle «Обращённый», and «строит» is not the noun «Строй». A text word that may be a noun or
a verb is read as the noun only right after a preposition: «в строю» is «Строй», «Строю дом» is not. A card must be
written with a capital letter (a card named like a common
word is not linked in running text), and a one-word card named like a dictionary word is not linked
where the capital only opens a sentence («Тень падает…»), unless the word stands in quotes. A
hyphenated name matches only hyphenated words. The longest match wins.

A capitalised word that is neither linked nor a dictionary word (pymorphy3 does not know it, or
knows it only as a name) is reported as a name the KB does not know.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..store.entries import MORPHOLOGY, cached, code_key, entry_path, key
from ..text.load import IMPORTER, rulebook_key
from ..text.model import Rulebook
from ..text.morph import Token, analyses, fold, is_dictionary_word, part_of_speech, tokens
from .cards import card_key
from .names import KnownNames, name_sources


@dataclass(frozen=True)
class Mention:
    """A span of rule text naming a card or a feature. ``line`` is the source line (1-based) and
    ``offset`` the character offset of the span in that line; ``value`` is a number written right
    after a feature («Регенерация 2»)."""

    unit: str
    edition: str
    paragraph: str | None
    kind: str  # card | feature
    target: str  # the name as the lexicon has it
    surface: str
    fragment: str
    line: int
    offset: int
    length: int
    value: int | None = None


@dataclass(frozen=True)
class UnknownName:
    """A capitalised name in the text that is not linked and is not a dictionary word."""

    surface: str
    unit: str
    edition: str
    fragment: str
    line: int
    offset: int


@dataclass(frozen=True)
class Links:
    """Every mention found; the names not known; cards known only from kb/cards.yaml (not in the
    imported database). ``rate`` = linked / (linked + unknown)."""

    mentions: tuple[Mention, ...]
    unknown: tuple[UnknownName, ...]
    not_in_database: tuple[str, ...]

    @property
    def rate(self) -> float:
        found = len(self.mentions) + len(self.unknown)
        return len(self.mentions) / found if found else 1.0


@dataclass(frozen=True)
class _Entry:
    kind: str
    name: str  # the target: the card or feature the words name
    words: tuple[frozenset[tuple[str, str]], ...]  # analyses of each word
    hyphens: tuple[bool, ...]  # between word j and j+1: a hyphen (True) or a space


def _entry(kind: str, name: str, target: str) -> _Entry | None:
    toks = tokens(name)
    words = [t for t in toks if not t.text.isdigit()]
    if not words:
        return None
    hyphens = tuple("-" in name[a.end:b.start] for a, b in zip(words, words[1:]))
    return _Entry(kind, target, tuple(analyses(t.text, name=True) for t in words), hyphens)


class Lexicon:
    """Card and feature names, indexed by the analyses of their first word. ``forms`` maps other
    names of a card (any case) to the card's name: a mention of the form links to the card."""

    def __init__(self, cards: list[str], features: list[str], forms: dict[str, str] | None = None) -> None:
        self.by_first: dict[tuple[str, str], list[_Entry]] = defaultdict(list)
        forms = {card_key(k): v for k, v in (forms or {}).items()}
        seen: set[tuple[str, str]] = set()
        for kind, names in (("card", cards), ("feature", features)):
            for name in names:
                key = (kind, card_key(name))
                if key in seen:
                    continue
                seen.add(key)
                e = _entry(kind, name, forms.get(key[1], name) if kind == "card" else name)
                if e is None:
                    continue
                for a in e.words[0]:
                    self.by_first[a].append(e)
        for entries in self.by_first.values():
            entries.sort(key=lambda e: (-len(e.words), e.kind != "card"))

    def match(self, text: str, toks: list[Token], i: int, opens_sentence: bool = False) -> tuple[_Entry, int] | None:
        """The longest entry matching the words from ``toks[i]`` on, with its length in words.
        ``opens_sentence``: ``toks[i]`` is capitalised because it opens a sentence (not quoted)."""
        common = None  # toks[i] is a dictionary word (computed when needed)
        for a in _analyses(toks, i):
            for e in self.by_first.get(a, ()):
                k = len(e.words)
                if i + k > len(toks):
                    continue
                if e.kind == "card":
                    if not toks[i].capitalized:
                        continue
                    if k == 1 and opens_sentence:
                        if common is None:
                            common = is_dictionary_word(toks[i].text)
                        if common:
                            continue
                if all(e.words[j] & _analyses(toks, i + j) for j in range(k)) and _gaps(text, toks, i, e):
                    return e, k
        return None


def _analyses(toks: list[Token], i: int) -> frozenset[tuple[str, str]]:
    """The analyses of ``toks[i]`` in its place: a word that may be a noun or a verb is a noun only
    right after a preposition («в строю», not «Строю дом»)."""
    return analyses(toks[i].text, nouns=i > 0 and part_of_speech(toks[i - 1].text) == "PREP")


def _gaps(text: str, toks: list[Token], i: int, e: _Entry) -> bool:
    for j, hyphen in enumerate(e.hyphens):
        gap = text[toks[i + j].end:toks[i + j + 1].start]
        if hyphen and gap not in ("-", "‑"):
            return False
        if not hyphen and (not gap or gap.strip()):
            return False
    return True


def link(rulebook: Rulebook, lexicon: Lexicon, not_in_database: list[str]) -> Links:
    """Find every mention of a lexicon name, and every unknown name, in every unit's text."""
    mentions: list[Mention] = []
    unknown: list[UnknownName] = []
    for unit in rulebook.units():
        text = unit.prefix + unit.text
        line_starts = [0]
        for k, ch in enumerate(text):
            if ch == "\n":
                line_starts.append(k + 1)
        paragraph = unit.id if type(unit).__name__ == "Paragraph" else getattr(unit, "paragraph", None)
        toks = tokens(text)
        i = 0
        while i < len(toks):
            t = toks[i]
            opens = t.capitalized and _sentence_start(text, t.start, len(unit.prefix)) \
                and not _quoted(text, t.start)
            hit = lexicon.match(text, toks, i, opens)
            if hit:
                e, k = hit
                start, end = toks[i].start, toks[i + k - 1].end
                value = None
                if i + k < len(toks) and toks[i + k].text.isdigit() and text[end:toks[i + k].start] in (" ", " «", " "):
                    value = int(toks[i + k].text)
                line_no, col = _position(line_starts, start)
                mentions.append(Mention(unit.id, unit.edition, paragraph, e.kind, e.name, text[start:end],
                                        unit.span.fragment, unit.span.line_start + line_no, col, end - start, value))
                i += k
                continue
            if t.capitalized and not t.text.isupper() and t.text.isalpha() and fold(t.text) not in GAME_TERMS \
                    and (not is_dictionary_word(t.text) or not _sentence_start(text, t.start, len(unit.prefix))):
                j = i
                while j + 1 < len(toks) and toks[j + 1].capitalized and text[toks[j].end:toks[j + 1].start] in ("-",
                                                                                                                " ") \
                        and not is_dictionary_word(toks[j + 1].text) and not lexicon.match(text, toks, j + 1):
                    j += 1
                line_no, col = _position(line_starts, t.start)
                unknown.append(UnknownName(text[t.start:toks[j].end], unit.id, unit.edition, unit.span.fragment,
                                           unit.span.line_start + line_no, col))
                i = j + 1
                continue
            i += 1
    return Links(tuple(mentions), tuple(unknown), tuple(not_in_database))


# Words the rulebook capitalises as terms of the game, not names (glossary: Активный/Неактивный игрок,
# «настоящие Правила»).
GAME_TERMS = frozenset({"активный", "неактивный", "правила", "правилами", "правил", "правилам"})


def _sentence_start(text: str, start: int, prefix_len: int) -> bool:
    """A word opens a sentence when only a marker, spaces or opening punctuation stand before it
    since the text began or the last full stop, colon, or the like."""
    if start <= prefix_len:
        return True
    before = text[:start].rstrip(" \t\n")
    if not before or before[-1] in "\"'“«„(":
        return True  # quoted text opens with a capital letter
    before = before.rstrip("”»\"'")
    return not before or before[-1] in ".!?:;…"


def _quoted(text: str, start: int) -> bool:
    """The word at ``start`` opens a quotation («Тень», "Тень")."""
    before = text[:start].rstrip(" \t\n")
    return bool(before) and before[-1] in "\"'“«„"


def _position(line_starts: list[int], offset: int) -> tuple[int, int]:
    line = 0
    while line + 1 < len(line_starts) and line_starts[line + 1] <= offset:
        line += 1
    return line, offset - line_starts[line]


def mentions_of(links: Links, name: str, kind: str | None = None) -> list[Mention]:
    """The mentions whose target is ``name`` (any case, ё or е)."""
    key = card_key(name)
    return [m for m in links.mentions if card_key(m.target) == key and (kind is None or m.kind == kind)]


def units_mentioning(links: Links, kind: str = "card") -> dict[str, set[str]]:
    """Target key (:func:`~.cards.card_key`) → the ids of the units that mention it."""
    out: dict[str, set[str]] = defaultdict(set)
    for m in links.mentions:
        if m.kind == kind:
            out[card_key(m.target)].add(m.unit)
    return out


def links_key(rulebook: Rulebook, kb_dir: Path) -> str:
    """The cache key of the links of ``rulebook`` with the names of the KB at ``kb_dir``: the
    rulebook, the files the names are read from (:func:`~.names.name_sources`) and the linking code."""
    return key(rulebook_key(rulebook), *name_sources(kb_dir), code_key(*IMPORTER, "lexicon", libraries=MORPHOLOGY))


def linked(rulebook: Rulebook, kb_dir: Path, names: Callable[[], KnownNames]) -> Links:
    """:func:`link` over ``rulebook`` with the KB's ``names()`` (read only when the links are not in
    the cache: ``links/<key>.pickle``).

    Raises:
        InputError: the cache folder cannot be written.
    """
    def compute() -> Links:
        from ..progress import working

        known = names()
        lexicon = Lexicon(list(known.cards), list(known.features), dict(known.forms))
        with working("linking the names of cards and features in the text (once; kept in the cache)"):
            return link(rulebook, lexicon, list(known.not_in_database))

    return cached(entry_path("links", links_key(rulebook, kb_dir)), compute, Links)


__all__ = ["Lexicon", "Links", "Mention", "UnknownName", "link", "linked", "links_key", "mentions_of",
           "units_mentioning"]
