"""The names the KB knows — cards of the imported database and of ``kb/cards.yaml`` (with their
other forms), features of ``const.json``, ``kb/cards.yaml`` and ``kb/features.yaml`` — and what a
name the user gives names among them, in any grammatical form."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..text import INVISIBLE
from ..text.morph import analyses, tokens
from ..text.readers import read_bytes
from .carddb import imported_digest
from .cards import card_key


@dataclass(frozen=True)
class KnownNames:
    """``cards`` and ``features`` in the order they were found (a name may repeat); ``forms``: other
    names of a card of ``kb/cards.yaml`` → the card's name; ``not_in_database``: cards of
    ``kb/cards.yaml`` the imported database lacks (none when nothing is imported)."""

    cards: tuple[str, ...]
    features: tuple[str, ...]
    forms: tuple[tuple[str, str], ...]
    not_in_database: tuple[str, ...]


def name_sources(kb_dir: Path) -> list[bytes]:
    """What the names of the KB at ``kb_dir`` are read from, as cache key parts: the bytes of
    ``kb/cards.yaml`` and ``kb/features.yaml`` and the digest of the imported cards (so that a
    warm cache need not read the imported database to know its key).

    Raises:
        InputError: either file is not a regular file, too large, unreadable or a link out of
            ``kb_dir`` (:func:`~berserk_kb.text.readers.read_bytes`: a FIFO never blocks).
    """
    out = [read_bytes(Path(kb_dir) / name, what, missing_ok=True, inside=Path(kb_dir)) or b""
           for name, what in (("cards.yaml", "cards file"), ("features.yaml", "features file"))]
    return [*out, imported_digest(kb_dir).encode()]


def known_names(db_cards: Any, db_features: tuple[str, ...], kb_cards: dict[str, Any],
                feature_names: list[str]) -> KnownNames:
    """The names of the imported database (``db_cards``, ``db_features``), of ``kb/cards.yaml``
    (``kb_cards``: names, forms, features, grants) and of ``kb/features.yaml``."""
    cards = [c.name for c in db_cards]
    features = list(db_features) + list(feature_names)
    for c in kb_cards.values():
        cards.append(c["name"])
        cards.extend(c.get("forms") or [])
        features.extend(f["name"] for f in c.get("features") or [] if isinstance(f, dict) and f.get("name"))
        features.extend(g["name"] for g in c.get("grants") or [] if isinstance(g, dict) and g.get("name"))
    forms = tuple((f, c["name"]) for c in kb_cards.values() for f in c.get("forms") or [])
    db = {card_key(c.name) for c in db_cards}
    missing = tuple(c["name"] for c in kb_cards.values() if card_key(c["name"]) not in db) if db else ()
    return KnownNames(tuple(cards), tuple(features), forms, missing)


def named(name: str, targets: dict[str, str]) -> list[str]:
    """The targets (of ``targets``: a name as written → its target) that ``name`` names: the name
    itself (any case, «ё»/«е»), else every name whose words ``name``'s words can be forms of
    (:func:`~berserk_kb.text.morph.analyses`)."""
    exact = [t for n, t in targets.items() if card_key(n) == card_key(name)]
    if exact:
        return exact[:1]
    want = [analyses(t.text) for t in tokens(name)]
    out: list[str] = []
    for n, target in targets.items():
        have = [analyses(t.text, name=True) for t in tokens(n)]
        if len(have) == len(want) and all(a & b for a, b in zip(want, have)) and target not in out:
            out.append(target)
    return out


def card_names(db_cards: Any, kb_cards: dict[str, Any]) -> dict[str, str]:
    """Every card the KB knows: its key (:func:`~.cards.card_key`) → its name as first found (the
    imported database first, then ``kb/cards.yaml``)."""
    names: dict[str, str] = {}
    for c in db_cards:
        names.setdefault(card_key(c.name), c.name)
    for c in kb_cards.values():
        names.setdefault(card_key(c["name"]), c["name"])
    return names


#: Russian written in Latin letters, as people type it without a Cyrillic keyboard («Gnom»,
#: «Korol», «Zhrets»): the letter groups first, then single letters.
_LATIN = re.compile(r"shch|sch|zh|kh|ts|ch|sh|yu|ya|yo|ye|[a-z]")
_CYRILLIC = dict(zip("shch sch zh kh ts ch sh yu ya yo ye".split(), "щщжхцчшюяёе")) | dict(
    zip("abvgdeziklmnoprstufhcyjwxq", "абвгдезиклмнопрстуфхкыйвкк"))


def from_latin(name: str) -> str | None:
    """``name`` in Cyrillic letters when it is written in Latin ones only («Gnom» → «гном»), else None."""
    if not re.search("[A-Za-z]", name) or re.search("[А-Яа-яЁё]", name):
        return None
    return _LATIN.sub(lambda m: _CYRILLIC[m.group()], name.casefold())


def close_names(name: str, cards: list[str], first: set[str] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """Card names a user who wrote ``name`` may mean, best first: those with a word that is
    ``name`` or a form of it («Гном» → «Гном-Басаарг»), then those with a word starting with it
    («Гномий Король»; at least three letters) — the cards whose key is in ``first`` (the rulebook's
    own, ``kb/cards.yaml``) before the others, shorter names first — then those with a word
    rapidfuzz finds alike («Басарг» → «Гном-Басаарг»: ratio ≥ 80, at least four letters, and closer
    than any whole name is), then names alike as a whole (ratio ≥ 75). Punctuation and spaces
    around ``name`` («Гном-», «"Гном"») and zero-width characters in it are set aside; a name in
    Latin letters is read in Cyrillic ones too (:func:`from_latin`: «Gnom» as «гном»)."""
    if (cyrillic := from_latin(name)) is not None:
        return list(dict.fromkeys([*close_names(cyrillic, cards, first), *_close(name, cards, first)]))
    return _close(name, cards, first)


def _close(name: str, cards: list[str], first: set[str]) -> list[str]:
    from rapidfuzz import fuzz, process

    from ..text.morph import lemmas

    name = name.translate(INVISIBLE)
    name = re.sub(r"^[\W_]+|[\W_]+$", "", name) or name
    want = card_key(name)
    forms = {want} | lemmas(want) if want.isalpha() else {want}
    found = process.extract(name, cards, scorer=fuzz.ratio, processor=card_key, score_cutoff=75, limit=5)
    near, best = [n for n, _, _ in found], max((score for _, score, _ in found), default=80.0)
    tiers: tuple[list[str], list[str], list[str]] = ([], [], [])  # a form of it, a word it begins, a word alike
    for card in dict.fromkeys(cards):
        words = [t.text.casefold().replace("ё", "е") for t in tokens(card)]
        if any(w in forms or lemmas(w) & forms for w in words):
            tiers[0].append(card)
        elif len(want) >= 3 and any(w.startswith(want) for w in words):
            tiers[1].append(card)
        elif len(want) >= 4 and max(fuzz.ratio(w, want) for w in words or [""]) >= max(80.0, best + 1e-9):
            tiers[2].append(card)  # a word closer than any whole name is

    def alike(card: str) -> float:  # the closest word first among the words alike
        return -max(fuzz.ratio(t.text.casefold().replace("ё", "е"), want) for t in tokens(card))

    ranked = sorted(((card_key(c) not in first, tier, alike(c) if tier == 2 else 0, len(c)), c)
                    for tier, cs in enumerate(tiers) for c in cs)
    return list(dict.fromkeys([*(c for _, c in ranked), *near]))
