"""Language checks: misspelt names, mixed alphabets, lost words in quoted card text, list lettering."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import cut
from .registry import Context, Finding, cached_json, check, code_of, finding

_CYR = re.compile(r"[А-Яа-яЁё]")
_LAT = re.compile(r"[A-Za-z]")


@check("L001", "near-miss-name", "warning", "language")
def near_miss_name(ctx: Context) -> Iterable[Finding]:
    """A word the dictionary does not know that is a near miss of a form of a card or feature name
    the KB knows (the lexicon: the card database's cards and feature names, kb/cards.yaml,
    kb/features.yaml): «регенарацию», «Регенарациями», «Вайллу», or a word of a longer name whose
    other words stand right («Ледовый Охотнек»). Near means at most one letter in five differs
    (Levenshtein distance over the longer word), so a short name must be very close; a lower-case
    word is compared with feature names only (a card is written with a capital letter).

    Why: a misspelt name («Регенарация») neither links nor searches, and readers stumble on it.
    """
    cards, features = ctx.kb.lexicon_names()
    key: list[str | bytes] = [ctx.rulebook_digest, "\n".join(sorted(set(cards))), "\n".join(sorted(set(features))),
           code_of("checks/language.py", "text/morph.py", "lexicon/linking.py")]
    for h in cached_json("near-miss", key, lambda: _near_misses(ctx, cards, features)):
        if h["edition"] in ctx.editions:
            yield finding(ctx, "L001", "warning", f"{h['unit']}:{h['surface']}",
                          {k: h[k] for k in ("surface", "name", "form", "base", "distance")},
                          edition=h["edition"], unit=h["unit"], source=h["source"])


def _near_misses(ctx: Context, cards: list[str], features: list[str]) -> list[dict]:
    """Every near miss of a known name in the rulebook (all editions), as JSON-able records."""
    from ..lexicon.linking import GAME_TERMS
    from ..text.morph import fold, is_dictionary_word, tokens

    index = _NameIndex(cards, features)
    out: list[dict] = []
    if not index.words:
        return out
    for u in ctx.kb.rulebook.units():
        text = u.prefix + u.text
        toks = tokens(text)
        for i, t in enumerate(toks):
            if len(t.text) < 5 or not t.text.isalpha() or fold(t.text) in GAME_TERMS or is_dictionary_word(t.text):
                continue
            hit = index.near_miss(text, toks, i)
            if hit is None:
                continue
            (a, b), name, form, base, dist = hit
            line = u.span.line_start + text.count("\n", 0, toks[a].start)
            out.append({"unit": u.id, "edition": u.edition, "surface": text[toks[a].start:toks[b].end],
                        "source": f"{u.span.fragment}:{line}", "name": name, "form": form, "base": base,
                        "distance": dist})
    return out


class _NameIndex:
    """The words of the known names (folded), with where each stands in which name."""

    def __init__(self, cards: list[str], features: list[str]) -> None:
        from ..text.morph import fold, tokens

        self.words: dict[str, list[tuple[str, str, int, list[str]]]] = {}
        for kind, names in (("card", cards), ("feature", features)):
            for name in dict.fromkeys(names):
                words = [fold(t.text) for t in tokens(name) if t.text.isalpha()]
                for k, w in enumerate(words):
                    self.words.setdefault(w, []).append((kind, name, k, words))
        self.choices = list(self.words)

    def near_miss(self, text: str, toks: list, i: int):
        """``((first, last) token, name, closest form, its base word, distance)`` when ``toks[i]`` is a near miss
        of a form of a name's word and the name's other words stand around it; else ``None``."""
        from rapidfuzz import process
        from rapidfuzz.distance import Levenshtein

        from ..text.morph import fold, lemmas, word_forms

        word = fold(toks[i].text)
        queries = {word, *lemmas(toks[i].text)}
        candidates = {c for q in queries
                      for c, _, _ in process.extract(q, self.choices, scorer=Levenshtein.normalized_similarity,
                                                     score_cutoff=0.5, limit=8)}
        best = None
        for base in sorted(candidates):
            forms = word_forms(base)
            if word in forms or lemmas(toks[i].text) & lemmas(base):
                return None  # a form of a known word, spelt right
            form = min(forms, key=lambda f: (Levenshtein.distance(word, f), f))
            dist = Levenshtein.distance(word, form)
            if dist / max(len(word), len(form)) > 0.2:
                continue
            for kind, name, k, words in self.words[base]:
                if kind == "card" and not toks[i].capitalized:
                    continue
                run = _around(text, toks, i, k, words)
                if run and (best is None or (dist, name) < (best[4], best[1])):
                    best = (run, name, form, base, dist)
        return best


def _around(text: str, toks: list, i: int, k: int, words: list[str]) -> tuple[int, int] | None:
    """The token span of a name whose word ``k`` is ``toks[i]`` when its other words stand around
    it (forms of them, separated by a space or a hyphen)."""
    from ..text.morph import lemmas

    a, b = i - k, i - k + len(words) - 1
    if a < 0 or b >= len(toks):
        return None
    for j, w in enumerate(words):
        t = toks[a + j]
        if a + j != i and not lemmas(t.text) & lemmas(w):
            return None
        if j and text[toks[a + j - 1].end:t.start] not in (" ", "-", "‑", "\u00a0"):
            return None
    return a, b


@check("L002", "mixed-alphabet", "error", "language")
def mixed_alphabet(ctx: Context) -> Iterable[Finding]:
    """A word that mixes Latin and Cyrillic letters («Рeгенерация» with a Latin «e»).

    Why: it looks right but matches nothing: search, linking and references all miss it.
    """
    for u in ctx.kb.rulebook.units():
        if u.edition not in ctx.editions:
            continue
        for m in re.finditer(r"[^\W\d_]+", u.display_text):
            word = m.group()
            if _CYR.search(word) and _LAT.search(word):
                latin = "".join(ch for ch in word if _LAT.match(ch))
                yield finding(ctx, "L002", "error", f"{u.id}:{word}", {"word": word, "latin": latin},
                              edition=u.edition, unit=u.id)


_QUOTE = re.compile(r"[“\"«]([^”\"»]{12,})[”\"»]")


@check("L003", "quote-lost-words", "warning", "language")
def quote_lost_words(ctx: Context) -> Iterable[Finding]:
    """A quotation of a card's text in an example that lost words compared with the card database
    (the imported text, with its icon placeholders resolved to feature names).

    Why: the example then quotes a text no card has — often an icon lost in typesetting.
    """
    from difflib import SequenceMatcher

    from ..lexicon.cards import card_key
    from ..text.morph import fold, tokens

    db = defaultdict(list)
    for c in ctx.kb.db_cards:
        if c.text_resolved:
            db[card_key(c.name)].append(c)
    if not db:
        ctx.skip("L003", {}, "L003")
        return
    mentioned = defaultdict(set)
    for m in ctx.kb.links.mentions:
        if m.kind == "card":
            mentioned[m.unit].add(card_key(m.target))
    for x in ctx.kb.rulebook.examples:
        if x.edition not in ctx.editions:
            continue
        text = " ".join((x.prefix + x.text).split())
        for q in _QUOTE.finditer(text):
            quote = [fold(t.text) for t in tokens(q.group(1))]
            for key in mentioned.get(x.id, ()):
                for card in db.get(key, ()):
                    full = [fold(t.text) for t in tokens(re.sub(r"\{[^{}]*\}", " ", card.text_resolved))]
                    lost = _lost_words(quote, full, SequenceMatcher)
                    if lost:
                        yield finding(ctx, "L003", "warning", f"{x.id}:{card.id}",
                                      {"quote": cut(q.group(1), 70), "card": card.name, "lost": lost,
                                       "card_id": card.id},
                                      edition=x.edition, unit=x.id)


def _lost_words(quote: list[str], full: list[str], matcher) -> list[str]:
    """The runs of words the card's text has inside the quoted stretch that the quote lacks; empty
    when the quote is not a quotation of this text (too little in common)."""
    if len(quote) < 4 or not full:
        return []
    best: tuple[int, list[str], Any] | None = None
    for start in range(0, max(1, len(full) - len(quote) + 1)):
        window = full[start:start + len(quote) + 12]
        sm = matcher(None, quote, window, autojunk=False)
        score = sum(b.size for b in sm.get_matching_blocks())
        if best is None or score > best[0]:
            best = (score, window, sm)
    assert best is not None  # the range above has at least one start
    score, window, sm = best
    if score < 0.7 * len(quote):
        return []
    lost: list[str] = []
    blocks = sm.get_matching_blocks()
    for prev, nxt in zip(blocks, blocks[1:]):
        gap_quote = nxt.a - (prev.a + prev.size)
        gap_full = window[prev.b + prev.size:nxt.b]
        if gap_full and gap_quote == 0 and nxt.size:
            lost.append(" ".join(gap_full))
    return lost


_NEXT = {**dict(zip("abcdefghijklmnopqrstuvwxy", "bcdefghijklmnopqrstuvwxyz")),
         **dict(zip("абвгдежзиклмнопрстуфхцчшщ", "бвгдежзиклмнопрстуфхцчшщэ"))}


_FIRST = {"latin": "a", "cyrillic": "а", "digit": "1"}


def _next_letter(label: str) -> str | None:
    """The letter after ``label`` in its alphabet, in its case («б» after «а», «Б» after «А»)."""
    nxt = _NEXT.get(label.lower())
    return nxt.upper() if nxt and label.isupper() else nxt


@check("L004", "list-lettering", "warning", "language")
def list_lettering(ctx: Context) -> Iterable[Finding]:
    """A list whose lettering or punctuation is inconsistent: two styles in one list (Latin «a.»
    with Cyrillic «б)»), a first item that is not «а», «a» or «1» (warning), letters or digits that
    skip («а, б, г») or repeat («а, а»), a last item that ends with «;» or «,» as if the list went
    on (warning; not a nested list's last item when the list it is nested in goes on, nor a last item
    with a sub-list of its own, which ends the list), or items that
    end with no punctuation at all (info).

    Why: a skipped letter, a missing first letter or an open last item usually means a lost item;
    an item with no end punctuation leaves the reader unsure where it ends.
    """
    lists = defaultdict(list)
    nested = {i.parent_item for i in ctx.kb.rulebook.list_items if i.parent_item}
    by_id = {i.id: i for i in ctx.kb.rulebook.list_items}
    for i in ctx.kb.rulebook.list_items:
        if i.edition in ctx.editions and i.paragraph:
            lists[(i.paragraph, i.parent_item)].append(i)
    for (para, _parent), items in lists.items():
        items.sort(key=lambda i: i.order)
        main, runs = _bullet_runs(items)
        nested |= {host.id for host, _, _ in runs}
        yield from _lettering(ctx, para, para, main, nested, _outer_list_goes_on(main[-1], lists, by_id))
        for host, run, goes_on in runs:
            yield from _lettering(ctx, para, host.id, run, nested, goes_on)


_ORDERED = frozenset({"latin", "cyrillic", "digit", "roman"})


def _bullet_runs(items: list[Any]) -> tuple[list[Any], list[tuple[Any, list[Any], bool]]]:
    """``items`` (one list, in order) without the runs of bullet items that follow one of its
    lettered or numbered items, and those runs as ``(host, run, goes_on)``: such a run is the
    host's sub-list whose indentation the text lost («б) …;» then «– …», «– …» in a PDF's text);
    ``goes_on`` when a lettered item follows the run."""
    if items[0].style.value not in _ORDERED:
        return items, []
    main: list[Any] = []
    runs: list[tuple[Any, list[Any], bool]] = []
    for i in items:
        if i.style.value in _ORDERED:
            if runs and runs[-1][0] is main[-1]:
                runs[-1] = (runs[-1][0], runs[-1][1], True)
            main.append(i)
        elif runs and runs[-1][0] is main[-1]:
            runs[-1][1].append(i)
        else:
            runs.append((main[-1], [i], False))
    return main, runs


def _lettering(ctx: Context, para: str, key: str, items: list[Any], nested: set[str],
              goes_on: bool) -> Iterable[Finding]:
    """L004's findings on one list ``items`` of paragraph ``para`` (``key`` keeps their ids apart
    from another list's of the same paragraph); ``goes_on`` when an outer list goes on after it."""
    ed = items[0].edition
    styles = {i.style.value for i in items}
    if len(styles) > 1:
        yield finding(ctx, "L004", "warning", f"{key}:styles",
                      {"list": ctx.number_of(para), "prefixes": [i.prefix.strip() for i in items]}, "styles",
                      edition=ed, unit=para)
    first = items[0]
    want = _FIRST.get(first.style.value)
    roman_one = first.label == "i" and (len(items) == 1 or items[1].label != "j")  # «i.» under «b.»
    if want and first.label.lower() != want and not roman_one:  # «А)», «A.» as well as «а)»
        want = want.upper() if first.label.isupper() else want
        yield finding(ctx, "L004", "warning", f"{key}:first",
                      {"list": ctx.number_of(para), "prefix": first.prefix.strip(), "want": want}, "first",
                      edition=ed, unit=first.id)
    for a, b in zip(items, items[1:]):
        if a.style.value in ("latin", "cyrillic", "digit") and a.style == b.style and a.label == b.label:
            yield finding(ctx, "L004", "warning", f"{key}:{a.label}{b.label}",
                          {"list": ctx.number_of(para), "prefix": b.prefix.strip()}, "twice", edition=ed, unit=b.id)
        elif a.style.value in ("latin", "cyrillic") and a.style == b.style and _next_letter(a.label) != b.label:
            yield finding(ctx, "L004", "warning", f"{key}:{a.label}{b.label}",
                          {"list": ctx.number_of(para), "a": a.prefix.strip(), "b": b.prefix.strip(),
                           "want": _next_letter(a.label) or "?"}, "jump", edition=ed, unit=b.id)
        elif a.style.value == "digit" and b.style == a.style and int(b.label) != int(a.label) + 1:
            yield finding(ctx, "L004", "warning", f"{key}:{a.label}{b.label}",
                          {"list": ctx.number_of(para), "a": a.prefix.strip(), "b": b.prefix.strip()}, "jump-digit",
                          edition=ed, unit=b.id)
    last = items[-1]
    end = last.display_text.rstrip()[-1:]
    if end in (";", ",") and last.id not in nested and not goes_on:
        yield finding(ctx, "L004", "warning", f"{key}:open",
                      {"list": ctx.number_of(para), "prefix": last.prefix.strip(), "tail": last.display_text[-25:],
                       "end": end}, "open", edition=ed, unit=last.id)
    bare = [i for i in items if i.id not in nested and not _PUNCTUATED.search(i.display_text)]
    if bare:
        yield finding(ctx, "L004", "info", f"{key}:unpunctuated",
                      {"list": ctx.number_of(para), "items": [[i.prefix.strip(), i.display_text[-20:]] for i in bare]},
                      "unpunctuated", edition=ed, unit=bare[0].id)


def _outer_list_goes_on(item: Any, lists: Mapping[tuple[str, str | None], list[Any]], by_id: Mapping[str, Any]) -> bool:
    """True when ``item`` ends a nested list whose outer list goes on after it (an item follows the
    one it is nested under, or one that one is nested under): its «;» is the outer list's."""
    up = by_id.get(item.parent_item) if item.parent_item else None
    while up is not None:
        if any(o.order > up.order for o in lists.get((up.paragraph, up.parent_item), ())):
            return True
        up = by_id.get(up.parent_item) if up.parent_item else None
    return False


_PUNCTUATED = re.compile(r"[.;,:!?…)»”\"]\s*$")
