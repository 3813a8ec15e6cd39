"""The KB's own card facts (``<kb>/cards.yaml``): the cards the rulebook mentions.

Names are matched case-insensitively with «ё» read as «е» (the rulebook writes «Гном-Басаарг»,
the card database «Гном-басаарг»).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .errors import InputError


def card_key(name: str) -> str:
    """The key cards are matched by: lower case, «ё» → «е», single spaces."""
    return " ".join(name.casefold().replace("ё", "е").split())


def load_cards(kb_dir: Path) -> dict[str, dict[str, Any]]:
    """Read ``kb_dir/cards.yaml`` (missing file: no cards). Returns key → card facts.

    The parsed file is kept in the cache folder (``cards/<digest>.pickle``, by content and code),
    so a later process does not parse the YAML again.

    Raises:
        InputError: the file is not UTF-8, not YAML, or not a list of cards with names.
    """
    from .cache import code_key, entry_path, read_pickle, write_pickle

    path = Path(kb_dir) / "cards.yaml"
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if raw in _LOADED:
        return _LOADED[raw]
    cached = entry_path("cards", raw, code_key(Path(__file__), Path(__file__).with_name("manifest.py")))
    out = read_pickle(cached, dict)
    if out is None:
        out = _parse_cards(path, raw)
        try:
            write_pickle(cached, out)
        except InputError:
            pass  # a cache folder that cannot be written only costs time
    _LOADED[raw] = out
    return out


def _parse_cards(path: Path, raw: bytes) -> dict[str, dict[str, Any]]:
    import yaml

    from .manifest import unique_key_loader

    try:
        data = yaml.load(raw.decode("utf-8"), Loader=unique_key_loader())  # noqa: S506 - a safe loader
    except UnicodeDecodeError:
        raise InputError(f"{path}: not valid UTF-8") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark is not None else str(path)
        raise InputError(f"{where}: not valid YAML") from None
    cards = (data or {}).get("cards") if isinstance(data, dict) else None
    if not isinstance(cards, list):
        raise InputError(f"{path}: expected a mapping with a list 'cards'")
    out: dict[str, dict[str, Any]] = {}
    for i, card in enumerate(cards):
        if not isinstance(card, dict) or not isinstance(card.get("name"), str):
            raise InputError(f"{path}: field cards[{i}].name: every card needs a name")
        out[card_key(card["name"])] = card
    return out


_LOADED: dict[bytes, dict[str, dict[str, Any]]] = {}  # by content: a file is parsed once per process


def lookup(cards: dict[str, dict[str, Any]], name: str) -> dict[str, Any] | None:
    """The facts of the card called ``name`` (any case, ё or е), or ``None``."""
    return cards.get(card_key(name))


def load_feature_names(kb_dir: Path) -> list[str]:
    """The named features of ``kb_dir/features.yaml`` (none when the file is missing).

    Raises:
        InputError: the file is not UTF-8 or YAML, or not a list of names under ``features``.
    """
    import yaml

    path = Path(kb_dir) / "features.yaml"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (UnicodeDecodeError, yaml.YAMLError):
        raise InputError(f"{path}: not valid UTF-8 YAML") from None
    names = (data or {}).get("features") if isinstance(data, dict) else None
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise InputError(f"{path}: expected a list of names under 'features'")
    return names
