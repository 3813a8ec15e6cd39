"""Importing the community card database (:mod:`.cardfile`) into a knowledge base, and reading
what the last import wrote.

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
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError, UnreadableImport
from ..store.files import NotRegularFile, TooLarge, read_regular, write_atomically
from .cardfile import (
    MAX_BYTES,
    CardRecord,
    const_schema,
    feature_names,
    first_error,
    locate,
    normalise,
    not_text,
    read_json,
    record_schema,
    unknown_code,
    without_controls,
)

IMPORTED = Path("imported") / "cards.json"
FORMAT = 1


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


def import_cards(kb_dir: Path, path: Path, progress: Callable[[int], Any] | None = None,
                 allow_empty: bool = False) -> ImportSummary:
    """Import the card database at ``path`` (``cards.json``, or the folder holding it and
    ``const.json``) into the knowledge base at ``kb_dir``. Each file is read and parsed once.

    ``progress(total)`` is called once the cards file is read, with its number of records; it
    returns a context manager (such as ``click.progressbar(length=total)``) whose value's
    ``update(n)`` is called with the number of records processed since the last call. With
    ``allow_empty`` a database with no importable card replaces the earlier import by nothing.

    Raises:
        InputError: a file is missing, not a regular file, larger than :data:`~.cardfile.MAX_BYTES`,
            unreadable, not UTF-8 or not JSON (names the position), nested too deeply, holds a
            number too long to read (names the position), or does not have the expected shape
            (names the table or field of ``const.json``); no card can be imported and
            ``allow_empty`` is not given (names the first reasons). Nothing is written then.
    """
    from contextlib import nullcontext

    from pydantic import ValidationError

    cards_path, const_path = locate(path)
    try:
        const = const_schema().model_validate(read_json(const_path, "const.json")[0])
    except ValidationError as exc:
        raise InputError(f"{const_path}: malformed const.json: field {first_error(exc)}", path=const_path) from None
    data, raw_cards = read_json(cards_path, "card database")
    sha256 = hashlib.sha256(raw_cards).hexdigest()
    del raw_cards
    if not isinstance(data, list):
        raise InputError(f"{cards_path}: malformed card database: expected a list of cards at the top level",
                         path=cards_path)

    schema = record_schema()
    records: list[CardRecord] = []
    skipped: list[tuple[str, str]] = []
    notes: list[tuple[str, str]] = []
    unknown: Counter[str] = Counter()
    seen: set[str] = set()
    with progress(len(data)) if progress and data else nullcontext() as bar:
        for i, raw in enumerate(data):
            label = str(raw.get("id")) if isinstance(raw, dict) and raw.get("id") else f"#{i}"
            if not_text(label, controls=True):
                label = f"#{i}"
            try:
                card = schema.model_validate(raw)
            except ValidationError as exc:
                skipped.append((label, first_error(exc)))
            else:
                if card.id in seen:
                    skipped.append((label, "the same id twice: the first is kept"))
                elif why := unknown_code(card, const):
                    skipped.append((label, why))
                else:
                    seen.add(card.id)
                    name = " ".join(card.name.split())
                    if name != card.name:
                        notes.append((card.id, f"name {card.name!r} written as {name!r} (whitespace removed)"))
                    text, removed = without_controls(card.text)
                    if removed:
                        notes.append((card.id,
                                      f"text (record {i} of {cards_path.name}): control characters removed: {removed}"))
                        card = card.model_copy(update={"text": text})
                    record = normalise(card, const, name)
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
        raw = _read_import(path)
    except FileNotFoundError:
        return (), ()
    except (NotRegularFile, TooLarge) as exc:
        raise UnreadableImport(path, f"cannot read imported cards: {str(exc).removeprefix(f'{path}: ')}") from None
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


def imported_digest(kb_dir: Path) -> str:
    """A digest of the imported cards file ('' when there is none)."""
    path = Path(kb_dir) / IMPORTED
    try:
        return hashlib.sha256(_read_import(path)).hexdigest()
    except OSError:
        return ""


def _read_import(path: Path) -> bytes:
    """The bytes of the imported cards file (a regular file; an import writes less than the
    database it came from, at most :data:`~.cardfile.MAX_BYTES`): a FIFO or /dev/zero put there
    is an ``OSError``, not a hang or a read without end, and so is a link out of the KB folder."""
    import os

    kb_dir = os.path.realpath(path.parent.parent)
    if not os.path.realpath(path).startswith(kb_dir + os.sep):
        raise NotRegularFile(f"{path}: a link to a file outside the {path.parent.parent.name} folder "
                             f"{path.parent.parent}")
    return read_regular(path, MAX_BYTES)

