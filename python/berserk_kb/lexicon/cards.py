"""The KB's own card facts (``<kb>/cards.yaml``: the cards the rulebook mentions) and named
features (``<kb>/features.yaml``).

Names are matched case-insensitively with «ё» read as «е» (the rulebook writes «Гном-Басаарг»,
the card database «Гном-басаарг»).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import InputError
from ..store.entries import cached, code_key, entry_path
from ..text.morph import fold
from ..text.readers import decode, load_yaml, read_bytes, read_text


def card_key(name: str) -> str:
    """The key cards are matched by: :func:`~berserk_kb.text.morph.fold` (lower case, «ё» → «е», no
    stress marks or zero-width characters), single spaces."""
    return " ".join(fold(name).split())


def load_cards(kb_dir: Path) -> dict[str, dict[str, Any]]:
    """Read ``kb_dir/cards.yaml`` (missing file: no cards). Returns key → card facts.

    The parsed file is kept in the cache folder (``cards/<key>.pickle``, by content and code),
    so a later process does not parse the YAML again.

    Raises:
        InputError: the file is not UTF-8, not YAML, or not a list of cards with names.
    """
    path = Path(kb_dir) / "cards.yaml"
    raw = read_bytes(path, "cards file", missing_ok=True, inside=Path(kb_dir))
    if raw is None:
        return {}
    entry = entry_path("cards", raw, code_key("lexicon/cards.py", "text/readers.py"))
    return cached(entry, lambda: _parse_cards(path, raw), dict, quiet=True)


def _parse_cards(path: Path, raw: bytes) -> dict[str, dict[str, Any]]:
    data = load_yaml(decode(raw, path), path)
    cards = (data or {}).get("cards") if isinstance(data, dict) else None
    if not isinstance(cards, list):
        raise InputError(f"{path}: expected a mapping with a list 'cards'", path=path)
    out: dict[str, dict[str, Any]] = {}
    for i, card in enumerate(cards):
        if not isinstance(card, dict) or not isinstance(card.get("name"), str):
            raise InputError(f"{path}: field cards[{i}].name: every card needs a name", path=path,
                             field=f"cards[{i}].name")
        out[card_key(card["name"])] = card
    return out


def lookup(cards: dict[str, dict[str, Any]], name: str) -> dict[str, Any] | None:
    """The facts of the card called ``name`` (any case, ё or е), or ``None``."""
    return cards.get(card_key(name))


def load_feature_names(kb_dir: Path) -> list[str]:
    """The named features of ``kb_dir/features.yaml`` (none when the file is missing).

    Raises:
        InputError: the file is not UTF-8 or YAML, or not a list of names under ``features``.
    """
    path = Path(kb_dir) / "features.yaml"
    text = read_text(path, "features file", missing_ok=True, inside=Path(kb_dir))
    if text is None:
        return []
    data = load_yaml(text, path)
    names = (data or {}).get("features") if isinstance(data, dict) else None
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise InputError(f"{path}: expected a list of names under 'features'", path=path)
    return names
