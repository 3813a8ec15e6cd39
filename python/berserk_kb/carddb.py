"""The community card database: import (``cards.json`` + ``const.json``) into a knowledge base.

The format is the one of ``../shared/data/cards/`` (see its README): one object per card with
``id, setId, number, name, cost, life, move, hit, text, type, color, rarity, elite``; ``const.json``
names sets, colours (elements, a bit set), creature types, rarities, and the icon placeholders of
the ability text (``{regen}`` → «Регенерация»).

An import writes ``<kb>/imported/cards.json`` (normalised records, written atomically), replacing
what an earlier import wrote: importing again never duplicates.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable

from .errors import InputError

IMPORTED = Path("imported") / "cards.json"
FORMAT = 1
_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


@dataclass(frozen=True)
class CardRecord:
    """One card of the database, normalised. ``text_resolved`` has every placeholder that
    ``const.json`` names replaced by its name; ``features`` are those names (without «: N»)."""

    id: str
    name: str
    set_id: int
    set_name: str | None
    number: int
    cost: int | None
    life: int | None
    move: int | None
    hit: tuple[int, int, int] | None
    elements: tuple[str, ...]
    type: str | None
    rarity: str | None
    elite: bool
    text: str | None
    text_resolved: str | None
    features: tuple[str, ...]
    unknown_placeholders: tuple[str, ...]


@dataclass(frozen=True)
class ImportSummary:
    """What an import did. ``read`` = ``imported`` + ``len(skipped)``."""

    source: str
    read: int
    imported: int
    skipped: tuple[tuple[str, str], ...]  # (card id or #index, reason)
    unknown_placeholders: dict[str, int]  # placeholder → how many times it appears
    replaced: int  # cards the previous import had (0 on a first import)
    output: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _schema():
    from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

    class RawCard(BaseModel):
        model_config = ConfigDict(extra="ignore")
        id: StrictStr = Field(min_length=1, max_length=32)
        setId: StrictInt
        number: StrictInt
        name: StrictStr = Field(min_length=1, max_length=200)
        cost: StrictInt | None = None
        life: StrictInt | None = None
        move: StrictInt | None = None
        hit: list[StrictInt] | None = Field(default=None, min_length=3, max_length=3)
        text: StrictStr | None = None
        type: StrictInt
        color: StrictInt = Field(ge=0)
        rarity: StrictInt
        elite: StrictBool = False

    return RawCard


def _read_json(path: Path, what: str) -> Any:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{path}: {what} not found") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read {what}: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InputError(f"{path}:{line}: {what} is not valid UTF-8") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}:{exc.lineno}:{exc.colno}: malformed {what}: {exc.msg}") from None


def _locate(path: Path) -> tuple[Path, Path]:
    path = Path(path)
    if path.is_dir():
        return path / "cards.json", path / "const.json"
    return path, path.with_name("const.json")


def import_cards(kb_dir: Path, path: Path, progress: Callable[[int], None] | None = None) -> ImportSummary:
    """Import the card database at ``path`` (``cards.json``, or the folder holding it and
    ``const.json``) into the knowledge base at ``kb_dir``.

    ``progress`` is called with the number of records processed since the last call.

    Raises:
        InputError: a file is missing, unreadable, not UTF-8 or not JSON (names the position), or
            does not have the expected top-level shape. Nothing is written then.
    """
    cards_path, const_path = _locate(path)
    const = _read_json(const_path, "const.json")
    if not isinstance(const, dict) or not isinstance(const.get("icons"), dict):
        raise InputError(f"{const_path}: malformed const.json: expected an object with an 'icons' table")
    data = _read_json(cards_path, "card database")
    if not isinstance(data, list):
        raise InputError(f"{cards_path}: malformed card database: expected a list of cards at the top level")

    from pydantic import ValidationError

    schema = _schema()
    records: list[CardRecord] = []
    skipped: list[tuple[str, str]] = []
    unknown: Counter[str] = Counter()
    seen: set[str] = set()
    for i, raw in enumerate(data):
        label = str(raw.get("id")) if isinstance(raw, dict) and raw.get("id") else f"#{i}"
        try:
            card = schema.model_validate(raw)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"]) or "(record)"
            skipped.append((label, f"{where}: {err['msg']}"))
        else:
            if card.id in seen:
                skipped.append((label, "the same id twice: the first is kept"))
            else:
                seen.add(card.id)
                record = _normalise(card, const)
                unknown.update(record.unknown_placeholders)
                records.append(record)
        if progress and (i + 1) % 50 == 0:
            progress(50)
    if progress:
        progress(len(data) % 50)

    out = Path(kb_dir) / IMPORTED
    previous = len(load_imported(kb_dir))
    payload = {
        "format": FORMAT,
        "source": str(cards_path),
        "sha256": hashlib.sha256(cards_path.read_bytes()).hexdigest(),
        "features": feature_names(const["icons"]),
        "cards": [asdict(r) for r in records],
    }
    from .kb import _write_cached

    _write_cached(out, json.dumps(payload, ensure_ascii=False, indent=1))
    _LOADED.clear()
    return ImportSummary(
        source=str(cards_path), read=len(data), imported=len(records), skipped=tuple(skipped),
        unknown_placeholders=dict(unknown.most_common()), replaced=previous, output=str(out),
    )


def _normalise(card: Any, const: dict[str, Any]) -> CardRecord:
    icons: dict[str, str] = const.get("icons", {})
    colors: dict[str, str] = const.get("colors", {})
    unknown: list[str] = []
    features: list[str] = []

    def resolve(m: re.Match[str]) -> str:
        key = m.group(1)
        name = icons.get(key)
        if name is None:
            unknown.append(key)
            return m.group(0)
        base = name.split(":")[0].strip()
        if base not in features:
            features.append(base)
        return name

    resolved = _PLACEHOLDER.sub(resolve, card.text) if card.text else None
    elements = tuple(name for bit, name in sorted(colors.items(), key=lambda kv: int(kv[0]))
                     if str(bit).isdigit() and card.color & int(bit))
    return CardRecord(
        id=card.id, name=card.name, set_id=card.setId, set_name=const.get("sets", {}).get(str(card.setId)),
        number=card.number, cost=card.cost, life=card.life, move=card.move,
        hit=tuple(card.hit) if card.hit else None, elements=elements,
        type=const.get("creature_types", {}).get(str(card.type)),
        rarity=const.get("rarities", {}).get(str(card.rarity)), elite=card.elite,
        text=card.text, text_resolved=resolved, features=tuple(features),
        unknown_placeholders=tuple(unknown),
    )


_LOADED: dict[bytes, tuple[tuple[CardRecord, ...], tuple[str, ...]]] = {}


def load_imported(kb_dir: Path) -> tuple[CardRecord, ...]:
    """The cards the last import wrote into ``kb_dir`` (none before any import).

    Raises:
        InputError: the imported file is unreadable or not what an import writes.
    """
    return _load(kb_dir)[0]


def imported_features(kb_dir: Path) -> tuple[str, ...]:
    """The feature names (from ``const.json``'s icon table) of the last import into ``kb_dir``."""
    return _load(kb_dir)[1]


def _load(kb_dir: Path) -> tuple[tuple[CardRecord, ...], tuple[str, ...]]:
    path = Path(kb_dir) / IMPORTED
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return (), ()
    except OSError as exc:
        raise InputError(f"{path}: cannot read imported cards: {exc.strerror or exc}") from None
    if raw in _LOADED:
        return _LOADED[raw]
    try:
        data = json.loads(raw.decode("utf-8"))
        cards = tuple(
            CardRecord(**{**c, "hit": tuple(c["hit"]) if c["hit"] else None, "elements": tuple(c["elements"]),
                          "features": tuple(c["features"]), "unknown_placeholders": tuple(c["unknown_placeholders"])})
            for c in data["cards"]
        )
        features = tuple(data["features"])
    except (ValueError, KeyError, TypeError) as exc:
        raise InputError(f"{path}: not a file written by `berserk-kb cards import` ({exc}); import again") from None
    _LOADED.clear()
    _LOADED[raw] = (cards, features)
    return _LOADED[raw]


def feature_names(const_icons: dict[str, str]) -> list[str]:
    """The feature names of a ``const.json`` icon table, without «: N» values, deduplicated."""
    out: list[str] = []
    for name in const_icons.values():
        base = name.split(":")[0].strip()
        if base and base not in out:
            out.append(base)
    return out


def imported_digest(kb_dir: Path) -> str:
    """A digest of the imported cards file ('' when there is none)."""
    path = Path(kb_dir) / IMPORTED
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return ""

