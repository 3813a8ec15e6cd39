"""The files of the community card database — ``cards.json`` and ``const.json`` — read, validated
(pydantic) and normalised into :class:`CardRecord`.

The format is the one of ``../shared/data/cards/`` (see its README): one object per card with
``id, setId, number, name, cost, life, move, hit, text, type, color, rarity, elite``; ``const.json``
names sets, colours (elements, a bit set), creature types, rarities, and the icon placeholders of
the ability text (``{regen}`` → «Регенерация»).

A record does not fit when it does not match the schema, names a set, type, rarity or element
``const.json`` does not know, has a name without a letter or digit, or holds characters that are
not text (control characters in ids and names, NUL or unpaired surrogates anywhere).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from ..errors import InputError
from ..text.readers import decode, load_json, read_bytes

_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")

#: Words for the icons whose placeholders const.json's icon table does not name (it names features):
#: what the icon shows on the printed card. A word after a preposition or a number takes the case
#: they call for («+1 к {strike}» → «+1 к удару», «Максимум 10 {health}» → «Максимум 10 жизней»).
ICON_WORDS = {"tap": "закрыть", "strike": "удар", "atk": "удар", "attack": "атака", "counter": "фишка",
              "health": "жизнь", "move": "движение", "instant": "внезапное действие", "token": "жетон",
              "tok": "жетон", "first": "первое", "second": "второе", "elite": "элитная", "ordinary": "рядовая",
              "wolf": "волк", "human": "человек"}
_GOVERNS = {"к": "datv", "по": "datv", "от": "gent", "до": "gent", "без": "gent", "для": "gent", "из": "gent",
            "у": "gent", "при": "loct", "о": "loct", "с": "ablt", "со": "ablt", "над": "ablt", "под": "ablt"}
#: comparatives that put the number after them in the genitive («больше трёх»: «больше 3 фишек»)
_COMPARATIVES = {"больше", "меньше", "более", "менее", "свыше"}
_BEFORE = re.compile(r"([^\W\d_]+|\d+)\s*$")


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


def not_text(value: str, controls: bool) -> str | None:
    """Why ``value`` cannot be stored as text (NUL, an unpaired surrogate, or with ``controls`` any
    control or format character), or ``None``."""
    for ch in value:
        cat = unicodedata.category(ch)
        if ch == "\0" or cat == "Cs" or (controls and cat[0] == "C"):
            return f"contains the character U+{ord(ch):04X}, which is not text"
    return None


def without_controls(value: str | None) -> tuple[str | None, str]:
    """``value`` without its control characters (Unicode category Cc: U+0001, DEL, …) but tab and
    line ends — the card database has U+0001 in a few ability texts, which XML 1.0 cannot carry —
    and the code points removed (``"U+0001 ×2"``; ``""`` when none)."""
    if value is None:
        return None, ""
    gone = Counter(ch for ch in value if unicodedata.category(ch) == "Cc" and ch not in "\t\n\r")
    if not gone:
        return value, ""
    return "".join(ch for ch in value if ch not in gone), ", ".join(f"U+{ord(ch):04X} ×{n}" for ch,
                                                                    n in sorted(gone.items()))


def _text_check(controls: bool) -> Callable[[str], str]:
    """A pydantic after-validator that refuses what :func:`not_text` refuses."""

    def check(value: str) -> str:
        if why := not_text(value, controls):
            raise ValueError(why)
        return value

    return check


def _has_letter(value: str) -> str:
    if not any(ch.isalnum() for ch in value):
        raise ValueError("has no letter or digit")
    return value


@functools.cache  # made once per process
def record_schema() -> Any:
    """The pydantic model of one record of ``cards.json``."""
    from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

    label_text = Annotated[StrictStr, AfterValidator(_text_check(controls=True))]
    free_text = Annotated[StrictStr, AfterValidator(_text_check(controls=False))]

    class RawCard(BaseModel):
        model_config = ConfigDict(extra="ignore")
        id: label_text = Field(min_length=1, max_length=32)
        setId: StrictInt
        number: StrictInt
        name: Annotated[label_text, AfterValidator(_has_letter)] = Field(min_length=1, max_length=200)
        cost: StrictInt | None = None
        life: StrictInt | None = None
        move: StrictInt | None = None
        hit: list[StrictInt] | None = Field(default=None, min_length=3, max_length=3)
        text: free_text | None = None
        type: StrictInt
        color: StrictInt = Field(ge=0)
        rarity: StrictInt
        elite: StrictBool = False

    return RawCard


@functools.cache  # made once per process
def const_schema() -> Any:
    """The pydantic model of the tables of ``const.json`` an import uses."""
    from pydantic import AfterValidator, BaseModel, ConfigDict, StrictStr, StringConstraints

    code = Annotated[str, StringConstraints(pattern=r"^[0-9]{1,9}$")]

    def bits(table: dict[str, str]) -> dict[str, str]:
        for key in table:
            if int(key) & (int(key) - 1) or not int(key):
                raise ValueError(f"colour code {key} is not a single bit (1, 2, 4, …)")
        return table

    name = Annotated[StrictStr, AfterValidator(_text_check(controls=True))]

    class Const(BaseModel):
        """The tables of ``const.json`` an import uses (others are ignored); a table that is
        absent (``None``) names nothing, and the cards' codes for it are not checked."""

        model_config = ConfigDict(extra="ignore")
        sets: dict[code, name] | None = None
        colors: Annotated[dict[code, name], AfterValidator(bits)] | None = None
        creature_types: dict[code, name] | None = None
        rarities: dict[code, name] | None = None
        icons: dict[name, name]

    return Const


def first_error(exc: Any) -> str:
    """The first error of a pydantic ``ValidationError`` as ``field.path: message``."""
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "(top level)"
    return f"{where}: {err['msg'].removeprefix('Value error, ')}"


MAX_BYTES = 64 * 2**20  # some 100,000 cards (about 1 GB of memory to import); the real database: 1,510 cards, 1.1 MB


def read_json(path: Path, what: str) -> tuple[Any, bytes]:
    """The JSON value of the regular file ``path`` and its bytes, read once.

    Raises:
        InputError: ``path`` is missing, not a regular file, larger than :data:`MAX_BYTES`,
            unreadable, not UTF-8, or not JSON (:func:`~berserk_kb.text.readers.load_json`).
    """
    raw = read_bytes(path, what, limit=MAX_BYTES)
    assert raw is not None  # read_bytes returns None only with missing_ok
    return load_json(decode(raw, path), path, what), raw


def locate(path: Path) -> tuple[Path, Path]:
    """(``cards.json``, ``const.json``) of ``path``: the folder holding them, or the cards file.

    Raises:
        InputError: nothing is at ``path``, a folder without ``cards.json`` or ``const.json``, or a
            file without ``const.json`` beside it (``path`` is named, not what is missing beside it).
    """
    path = Path(path)
    if not path.exists():
        raise InputError(f"{path}: card database not found (give cards.json or the folder holding it "
                         "and const.json)", path=path)
    if path.is_dir():
        missing = [n for n in ("cards.json", "const.json") if not (path / n).exists()]
        if missing:
            raise InputError(f"{path}: not a folder of the card database (cards.json and const.json): "
                             f"no {' and no '.join(missing)} in it", path=path)
        return path / "cards.json", path / "const.json"
    if not path.with_name("const.json").exists():
        raise InputError(f"{path}: not a card database: no const.json beside it (give cards.json or the folder "
                         "holding it and const.json)", path=path)
    return path, path.with_name("const.json")


def unknown_code(card: Any, const: Any) -> str | None:
    """Why ``card`` names a set, type, rarity or element ``const.json`` does not know, or ``None``."""
    for field, value, table in (("setId", card.setId, const.sets), ("type", card.type, const.creature_types),
                                ("rarity", card.rarity, const.rarities)):
        if table is not None and str(value) not in table:
            return f"{field}: {value} is not a code of const.json"
    if const.colors is not None and (not card.color or card.color & ~sum(int(bit) for bit in const.colors)):
        return f"color: {card.color} is not a combination of the elements of const.json"
    return None


def normalise(card: Any, const: Any, name: str) -> CardRecord:
    """The validated ``card`` as a :class:`CardRecord` called ``name``: codes named by ``const``,
    placeholders resolved."""
    unknown: list[str] = []
    features: list[str] = []

    def resolve(m: re.Match[str]) -> str:
        key = m.group(1)
        feature = const.icons.get(key)
        if feature is None:
            word = ICON_WORDS.get(key)
            if word is None:
                unknown.append(key)
                return m.group(0)
            return (" + " if m.start() and card.text[m.start() - 1] == "}" else "") + icon_word(word,
                                                                                                card.text[:m.start()])
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


def feature_names(const_icons: dict[str, str]) -> list[str]:
    """The feature names of a ``const.json`` icon table, without «: N» values, deduplicated."""
    out: list[str] = []
    for name in const_icons.values():
        base = name.split(":")[0].strip()
        if base and base not in out:
            out.append(base)
    return out


def icon_word(word: str, before: str) -> str:
    """``word`` in the case the preposition, or the agreement the number, right ``before`` it calls
    for — a number in the case of the word governing it («больше 3 {counter}» → «больше 3 фишек»,
    «к 2 {strike}» → «к 2 ударам»); after a verb, whose object may be one or many («получать
    {counter}»), the word is shown as the icon «[фишка]», not in a form the card may not mean;
    capitalised where a sentence starts."""
    from ..text.morph import part_of_speech, readings

    prev = _BEFORE.search(before)
    parses = readings(word) if " " not in word else ()
    out = word
    if prev and parses:
        p, w = parses[0], prev.group(1).casefold()
        form = _with_number(p, int(w), before[:prev.start()]) if w.isdigit() else \
            p.inflect({_GOVERNS[w]}) if w in _GOVERNS else None
        out = form.word if form else f"[{word}]" if "NOUN" in p.tag and part_of_speech(w) in ("VERB", "INFN") else word
    return out[:1].upper() + out[1:] if not before.strip() or re.search(r"[.!?]\s*$", before) else out


def _with_number(parse: Any, number: int, before: str) -> Any:
    """The form of a noun after ``number``: agreeing with it (3 фишки, 5 фишек) — in the case the
    word ``before`` the number governs, if it governs one (больше/до 3 → genitive: 3 фишек; one
    ending in 1, not 11, takes the singular: больше 21 фишки)."""
    governor = _BEFORE.search(before)
    case = _GOVERNS.get(governor.group(1).casefold()) if governor else None
    if governor and governor.group(1).casefold() in _COMPARATIVES:
        case = "gent"
    if case is None:
        return parse.make_agree_with_number(number)
    return parse.inflect({case, "sing" if number % 10 == 1 and number % 100 != 11 else "plur"})
