"""Language checks: misspelt names, mixed alphabets, lost words in quoted card text, list lettering."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Iterable

from . import Context, Finding, check, finding

_CYR = re.compile(r"[А-Яа-яЁё]")
_LAT = re.compile(r"[A-Za-z]")


@check("L001", "near-miss-name", "warning", "language")
def near_miss_name(ctx: Context) -> Iterable[Finding]:
    """A capitalised name the KB does not know that is one or two letters away from a card or
    feature name it knows (the lexicon: the rulebook's linked names, the card database's cards and
    feature names, kb/cards.yaml, kb/features.yaml).

    Why: a misspelt name («Регенарация») neither links nor searches, and readers stumble on it.
    """
    from rapidfuzz.distance import Levenshtein

    from ..morph import fold

    cards, features = ctx.kb.lexicon_names()
    names = sorted({*cards, *features})
    if not names:
        return
    for u in ctx.kb.links.unknown:
        if u.edition not in ctx.editions:
            continue
        word = fold(u.surface)
        best = min(names, key=lambda n: (Levenshtein.distance(word, fold(n)), n))
        dist = Levenshtein.distance(word, fold(best))
        if 0 < dist <= 2 and len(word) >= 5:
            yield finding(ctx, "L001", "warning", f"{u.unit}:{u.surface}",
                          f"«{u.surface}» is not a known name; it is {dist} letter{'s' if dist > 1 else ''} "
                          f"from «{best}»", edition=u.edition, unit=u.unit, source=f"{u.fragment}:{u.line}",
                          suggestion=f"«{best}»")


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
                yield finding(ctx, "L002", "error", f"{u.id}:{word}",
                              f"«{word}» mixes Latin letters ({latin}) with Cyrillic ones", edition=u.edition,
                              unit=u.id, suggestion="retype the word in one alphabet")


_QUOTE = re.compile(r"[“\"«]([^”\"»]{12,})[”\"»]")


@check("L003", "quote-lost-words", "warning", "language")
def quote_lost_words(ctx: Context) -> Iterable[Finding]:
    """A quotation of a card's text in an example that lost words compared with the card database
    (the imported text, with its icon placeholders resolved to feature names).

    Why: the example then quotes a text no card has — often an icon lost in typesetting.
    """
    from difflib import SequenceMatcher

    from ..cards import card_key
    from ..morph import fold, tokens

    db = defaultdict(list)
    for c in ctx.kb.db_cards:
        if c.text_resolved:
            db[card_key(c.name)].append(c)
    if not db:
        ctx.skipped.append("L003 quote-lost-words: no card database imported (berserk-kb cards import PATH)")
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
                        shown = ", ".join(f"«{w}»" for w in lost)
                        yield finding(ctx, "L003", "warning", f"{x.id}:{card.id}",
                                      f"the quote «{q.group(1)[:70]}» of {card.name}'s text lost {shown} compared "
                                      f"with the card database ({card.id})", edition=x.edition, unit=x.id,
                                      suggestion="restore the lost words (an icon, e.g. «Опыт в атаке»)")


def _lost_words(quote: list[str], full: list[str], matcher) -> list[str]:
    """The runs of words the card's text has inside the quoted stretch that the quote lacks; empty
    when the quote is not a quotation of this text (too little in common)."""
    if len(quote) < 4 or not full:
        return []
    best = None
    for start in range(0, max(1, len(full) - len(quote) + 1)):
        window = full[start:start + len(quote) + 12]
        sm = matcher(None, quote, window, autojunk=False)
        score = sum(b.size for b in sm.get_matching_blocks())
        if best is None or score > best[0]:
            best = (score, window, sm)
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


_NEXT = {**{a: b for a, b in zip("abcdefghijklmnopqrstuvwxy", "bcdefghijklmnopqrstuvwxyz")},
         **{a: b for a, b in zip("абвгдежзиклмнопрстуфхцчшщ", "бвгдежзиклмнопрстуфхцчшщэ")}}


@check("L004", "list-lettering", "warning", "language")
def list_lettering(ctx: Context) -> Iterable[Finding]:
    """A list whose lettering is inconsistent: two styles in one list (Latin «a.» with Cyrillic
    «б)»), letters or digits that skip («а, б, г»), or a last item that ends with «;» or «,» as if
    the list went on.

    Why: a skipped letter or an open last item usually means a lost item.
    """
    lists = defaultdict(list)
    for i in ctx.kb.rulebook.list_items:
        if i.edition in ctx.editions and i.paragraph:
            lists[(i.paragraph, i.parent_item)].append(i)
    for (para, _parent), items in lists.items():
        items.sort(key=lambda i: i.order)
        ed = items[0].edition
        styles = {i.style.value for i in items}
        if len(styles) > 1:
            yield finding(ctx, "L004", "warning", f"{para}:styles",
                          f"the list of {ctx.number_of(para)} mixes styles: "
                          + ", ".join(f"«{i.prefix.strip()}»" for i in items), edition=ed, unit=para)
        for a, b in zip(items, items[1:]):
            if a.style.value in ("latin", "cyrillic") and a.style == b.style and _NEXT.get(a.label) != b.label:
                yield finding(ctx, "L004", "warning", f"{para}:{a.label}{b.label}",
                              f"the list of {ctx.number_of(para)} goes from «{a.prefix.strip()}» to «{b.prefix.strip()}»",
                              edition=ed, unit=b.id, suggestion=f"an item «{_NEXT.get(a.label, '?')}» may be missing")
            if a.style.value == "digit" and b.style == a.style and int(b.label) != int(a.label) + 1:
                yield finding(ctx, "L004", "warning", f"{para}:{a.label}{b.label}",
                              f"the list of {ctx.number_of(para)} goes from «{a.prefix.strip()}» to «{b.prefix.strip()}»",
                              edition=ed, unit=b.id)
        last = items[-1]
        if last.display_text.rstrip().endswith((";", ",")):
            yield finding(ctx, "L004", "warning", f"{para}:open",
                          f"the list of {ctx.number_of(para)} ends with «{last.prefix.strip()} …{last.display_text[-25:]}»: "
                          "its last item ends with «;» as if more followed", edition=ed, unit=last.id,
                          suggestion="end the last item with «.», or restore the lost item")
