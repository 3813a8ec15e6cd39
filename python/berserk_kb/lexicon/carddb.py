"""The community card database: import (``cards.json`` + ``const.json``) into a knowledge base.

The format is the one of ``../shared/data/cards/`` (see its README): one object per card with
``id, setId, number, name, cost, life, move, hit, text, type, color, rarity, elite``; ``const.json``
names sets, colours (elements, a bit set), creature types, rarities, and the icon placeholders of
the ability text (``{regen}`` → «Регенерация»).

An import writes ``<kb>/imported/cards.json`` (normalised records, written atomically with the
permissions the umask allows), replacing what an earlier import wrote — even an earlier import that
can no longer be read: importing again never duplicates. A database in which no card can be imported
is refused unless the caller allows it (it would wipe the earlier import).

A record is skipped, and reported by id, when it does not fit the schema, names a set, type, rarity
or element ``const.json`` does not know, has a name without a letter or digit, or holds characters
that are not text (control characters in ids and names, NUL or unpaired surrogates anywhere).
Whitespace around or doubled inside a name is removed and reported as a note.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Annotated, Any, Callable

from ..errors import InputError, UnreadableImport
from ..store.files import write_atomically
from ..text.readers import decode, load_json, read_bytes

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
    """What an import did. ``read`` = ``imported`` + ``len(skipped)``; ``notes`` are changes made to
    imported records (card id, what was changed); ``replaced_unreadable`` is the reason an earlier
    import could not be read (it is overwritten; ``replaced`` is 0 then)."""

    source: str
    read: int
    imported: int
    skipped: tuple[tuple[str, str], ...]  # (card id or #index, reason)
    unknown_placeholders: dict[str, int]  # placeholder → how many times it appears
    replaced: int  # cards the previous import had (0 on a first import)
    output: str
    notes: tuple[tuple[str, str], ...] = ()
    replaced_unreadable: str | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _not_text(value: str, controls: bool) -> str | None:
    """Why ``value`` cannot be stored as text (NUL, an unpaired surrogate, or with ``controls`` any
    control or format character), or ``None``."""
    for ch in value:
        cat = unicodedata.category(ch)
        if ch == "\0" or cat == "Cs" or (controls and cat[0] == "C"):
            return f"contains the character U+{ord(ch):04X}, which is not text"
    return None


def _text(controls: bool) -> Any:
    """A strict ``str`` type for pydantic that refuses what :func:`_not_text` refuses."""
    from pydantic import AfterValidator, StrictStr

    def check(value: str) -> str:
        if why := _not_text(value, controls):
            raise ValueError(why)
        return value

    return Annotated[StrictStr, AfterValidator(check)]


def _has_letter(value: str) -> str:
    if not any(ch.isalnum() for ch in value):
        raise ValueError("has no letter or digit")
    return value


def _schema():
    from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictInt

    class RawCard(BaseModel):
        model_config = ConfigDict(extra="ignore")
        id: _text(controls=True) = Field(min_length=1, max_length=32)
        setId: StrictInt
        number: StrictInt
        name: Annotated[_text(controls=True), AfterValidator(_has_letter)] = Field(min_length=1, max_length=200)
        cost: StrictInt | None = None
        life: StrictInt | None = None
        move: StrictInt | None = None
        hit: list[StrictInt] | None = Field(default=None, min_length=3, max_length=3)
        text: _text(controls=False) | None = None
        type: StrictInt
        color: StrictInt = Field(ge=0)
        rarity: StrictInt
        elite: StrictBool = False

    return RawCard


def _const_schema():
    from pydantic import AfterValidator, BaseModel, ConfigDict, StringConstraints

    code = Annotated[str, StringConstraints(pattern=r"^[0-9]{1,9}$")]

    def bits(table: dict[str, str]) -> dict[str, str]:
        for key in table:
            if int(key) & (int(key) - 1) or not int(key):
                raise ValueError(f"colour code {key} is not a single bit (1, 2, 4, …)")
        return table

    name = _text(controls=True)

    class Const(BaseModel):
        """The tables of ``const.json`` an import uses (others are ignored); a table that is
        absent (``None``) names nothing, and the cards' codes for it are not checked."""

        model_config = ConfigDict(extra="ignore")
        sets: dict[code, name] | None = None
        colors: Annotated[dict[code, name], AfterValidator(bits)] | None = None
        creature_types: dict[code, name] | None = None
        rarities: dict[code, name] | None = None
        icons: dict[_text(controls=True), name]

    return Const


def _first_error(exc: Any) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "(top level)"
    return f"{where}: {err['msg']}"


MAX_BYTES = 64 * 2**20  # some 100,000 cards (about 1 GB of memory to import); the real database: 1,510 cards, 1.1 MB


def _read_json(path: Path, what: str) -> tuple[Any, bytes]:
    """The JSON value of the regular file ``path`` and its bytes, read once.

    Raises:
        InputError: ``path`` is missing, not a regular file, larger than :data:`MAX_BYTES`,
            unreadable, not UTF-8, or not JSON (:func:`~berserk_kb.text.readers.load_json`).
    """
    raw = read_bytes(path, what, limit=MAX_BYTES)
    return load_json(decode(raw, path), path, what), raw


def _locate(path: Path) -> tuple[Path, Path]:
    path = Path(path)
    if path.is_dir():
        return path / "cards.json", path / "const.json"
    return path, path.with_name("const.json")


def import_cards(kb_dir: Path, path: Path, progress: Callable[[int], Any] | None = None,
                 allow_empty: bool = False) -> ImportSummary:
    """Import the card database at ``path`` (``cards.json``, or the folder holding it and
    ``const.json``) into the knowledge base at ``kb_dir``. Each file is read and parsed once.

    ``progress(total)`` is called once the cards file is read, with its number of records; it
    returns a context manager (such as ``click.progressbar(length=total)``) whose value's
    ``update(n)`` is called with the number of records processed since the last call. With
    ``allow_empty`` a database with no importable card replaces the earlier import by nothing.

    Raises:
        InputError: a file is missing, not a regular file, larger than :data:`MAX_BYTES`,
            unreadable, not UTF-8 or not JSON (names the position), nested too deeply, holds a
            number too long to read (names the position), or does not have the expected shape
            (names the table or field of ``const.json``); no card can be imported and
            ``allow_empty`` is not given (names the first reasons). Nothing is written then.
    """
    from contextlib import nullcontext

    from pydantic import ValidationError

    cards_path, const_path = _locate(path)
    try:
        const = _const_schema().model_validate(_read_json(const_path, "const.json")[0])
    except ValidationError as exc:
        raise InputError(f"{const_path}: malformed const.json: field {_first_error(exc)}", path=const_path) from None
    data, raw_cards = _read_json(cards_path, "card database")
    sha256 = hashlib.sha256(raw_cards).hexdigest()
    del raw_cards
    if not isinstance(data, list):
        raise InputError(f"{cards_path}: malformed card database: expected a list of cards at the top level",
                         path=cards_path)

    schema = _schema()
    records: list[CardRecord] = []
    skipped: list[tuple[str, str]] = []
    notes: list[tuple[str, str]] = []
    unknown: Counter[str] = Counter()
    seen: set[str] = set()
    with progress(len(data)) if progress and data else nullcontext() as bar:
        for i, raw in enumerate(data):
            label = str(raw.get("id")) if isinstance(raw, dict) and raw.get("id") else f"#{i}"
            if _not_text(label, controls=True):
                label = f"#{i}"
            try:
                card = schema.model_validate(raw)
            except ValidationError as exc:
                skipped.append((label, _first_error(exc)))
            else:
                if card.id in seen:
                    skipped.append((label, "the same id twice: the first is kept"))
                elif why := _unknown_code(card, const):
                    skipped.append((label, why))
                else:
                    seen.add(card.id)
                    name = " ".join(card.name.split())
                    if name != card.name:
                        notes.append((card.id, f"name {card.name!r} written as {name!r} (whitespace removed)"))
                    record = _normalise(card, const, name)
                    unknown.update(record.unknown_placeholders)
                    records.append(record)
            if bar is not None and ((i + 1) % 50 == 0 or i + 1 == len(data)):
                bar.update(i % 50 + 1)
    if not records and not allow_empty:
        if not data:
            why = "holds no cards"
        else:
            shown = "; ".join(f"{cid}: {reason}" for cid, reason in skipped[:3])
            more = f"; and {len(skipped) - 3} more" if len(skipped) > 3 else ""
            why = f"has no card that can be imported ({len(skipped)} skipped: {shown}{more})"
        raise InputError(f"{cards_path}: the card database {why}; nothing imported, the earlier import is kept "
                         "(--allow-empty imports it anyway and clears the earlier import)", path=cards_path)

    out = Path(kb_dir) / IMPORTED
    unreadable = None
    try:
        previous = len(load_imported(kb_dir))
    except UnreadableImport as exc:
        previous, unreadable = 0, exc.reason
    payload = {
        "format": FORMAT,
        "source": str(cards_path),
        "sha256": sha256,
        "features": feature_names(const.icons),
        "cards": [asdict(r) for r in records],
    }
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"{out.parent}: cannot create: {exc.strerror or exc}", path=out.parent) from None
    write_atomically(out, json.dumps(payload, ensure_ascii=False, indent=1))
    return ImportSummary(
        source=str(cards_path), read=len(data), imported=len(records), skipped=tuple(skipped),
        unknown_placeholders=dict(unknown.most_common()), replaced=previous, output=str(out),
        notes=tuple(notes), replaced_unreadable=unreadable,
    )


def _unknown_code(card: Any, const: Any) -> str | None:
    """Why ``card`` names a set, type, rarity or element ``const.json`` does not know, or ``None``."""
    for field, value, table in (("setId", card.setId, const.sets), ("type", card.type, const.creature_types),
                                ("rarity", card.rarity, const.rarities)):
        if table is not None and str(value) not in table:
            return f"{field}: {value} is not a code of const.json"
    if const.colors is not None and (not card.color or card.color & ~sum(int(bit) for bit in const.colors)):
        return f"color: {card.color} is not a combination of the elements of const.json"
    return None


def _normalise(card: Any, const: Any, name: str) -> CardRecord:
    unknown: list[str] = []
    features: list[str] = []

    def resolve(m: re.Match[str]) -> str:
        key = m.group(1)
        feature = const.icons.get(key)
        if feature is None:
            unknown.append(key)
            return m.group(0)
        base = feature.split(":")[0].strip()
        if base not in features:
            features.append(base)
        return feature

    resolved = _PLACEHOLDER.sub(resolve, card.text) if card.text else None
    elements = tuple(element for bit, element in sorted((const.colors or {}).items(), key=lambda kv: int(kv[0]))
                     if card.color & int(bit))
    return CardRecord(
        id=card.id, name=name, set_id=card.setId, set_name=(const.sets or {}).get(str(card.setId)),
        number=card.number, cost=card.cost, life=card.life, move=card.move,
        hit=tuple(card.hit) if card.hit else None, elements=elements,
        type=(const.creature_types or {}).get(str(card.type)), rarity=(const.rarities or {}).get(str(card.rarity)),
        elite=card.elite,
        text=card.text, text_resolved=resolved, features=tuple(features),
        unknown_placeholders=tuple(unknown),
    )


def load_imported(kb_dir: Path) -> tuple[CardRecord, ...]:
    """The cards the last import wrote into ``kb_dir`` (none before any import).

    Raises:
        UnreadableImport: the imported file is unreadable or not what an import writes.
    """
    return load_import(kb_dir)[0]


def imported_features(kb_dir: Path) -> tuple[str, ...]:
    """The feature names (from ``const.json``'s icon table) of the last import into ``kb_dir``."""
    return load_import(kb_dir)[1]


def load_import(kb_dir: Path) -> tuple[tuple[CardRecord, ...], tuple[str, ...]]:
    """(cards, feature names) of the last import into ``kb_dir``, both empty before any import.

    Raises:
        UnreadableImport: the imported file is unreadable or not what an import writes.
    """
    path = Path(kb_dir) / IMPORTED
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return (), ()
    except OSError as exc:
        raise UnreadableImport(path, f"cannot read imported cards: {exc.strerror or exc}") from None
    try:
        data = json.loads(raw.decode("utf-8"))
        cards = tuple(
            CardRecord(**{**c, "hit": tuple(c["hit"]) if c["hit"] else None, "elements": tuple(c["elements"]),
                          "features": tuple(c["features"]), "unknown_placeholders": tuple(c["unknown_placeholders"])})
            for c in data["cards"]
        )
        features = tuple(data["features"])
    except (ValueError, KeyError, TypeError) as exc:
        raise UnreadableImport(path, f"not a file written by `berserk-kb cards import` ({exc})") from None
    return cards, features


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

