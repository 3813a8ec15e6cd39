"""What the scenario models share: the strict base model, card handles, counts, players, names."""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic_core import PydanticCustomError

from ..text import STRESS_MARKS

# a card handle; `rules` is the source of the rules' own modifiers; JSON's words are kept out
# because handles are also dict keys in Prolog (features_held/3, expect.features), where a key
# 'true' and the string "true" the bridge sends for a value (terms.py) would not match
HANDLE = r"^(?!(?:rules|null|true|false)$)[A-Za-z_][A-Za-z0-9_-]{0,63}$"
Handle = Annotated[str, Field(pattern=HANDLE)]
#: The largest number a scenario may hold, in magnitude (docs/scenarios.md, "Numbers"): a count of
#: wounds, a strike, an amount, a feature's value, a modifier. No situation of the game comes near it;
#: a number past it is refused at the contract, naming the field, as a die face of 7 is.
BOUND = 10**6
Face = Annotated[int, Field(ge=1, le=6)]
Count = Annotated[int, Field(ge=0, le=BOUND)]  # a strike's value, an amount of wounds: never negative
Number = Annotated[int, Field(ge=-BOUND, le=BOUND)]  # a feature's value, a modifier: a sign, within the bound
Player = Literal["p1", "p2"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, strict=True, regex_engine="python-re")


def refused(kind: str, template: str, **values: object) -> PydanticCustomError:
    """A validator's refusal of kind ``input_<kind>`` (:data:`~berserk_kb.errors.INPUT_REFUSALS`):
    ``template`` — the English pack's template, word for word (prolog/lang/en_words.pl) — filled
    from ``values`` (as text); every language pack words the kind (``refusal/3``), so the message
    is never English under another language. Raise it inside a pydantic validator."""
    return PydanticCustomError(kind, template, {k: str(v) for k, v in values.items()})


_WORD = re.compile(r"[^\W\d_]+")
_CYRILLIC = re.compile("[\u0400-\u04ff]")
_LATIN = re.compile("[A-Za-z]")


def _one_alphabet(name: str) -> str:
    """``name`` unchanged; a word of it that mixes Latin and Cyrillic letters (``Отравлениe`` with a
    Latin «e») is refused: it looks like the real name and matches nothing (a second feature)."""
    for word in _WORD.findall(name):
        if _CYRILLIC.search(word) and _LATIN.search(word):
            latin = "".join(_LATIN.findall(word))
            raise refused("mixed_alphabets", "the word {word} mixes Latin letters ({latin}) with Cyrillic ones: "
                          "retype it in one alphabet", word=repr(word), latin=latin)
    return name


def _visible(name: str) -> str:
    """``name`` with every space character (no-break U+00A0, thin U+2009 …: Unicode category Zs) read
    as the ordinary space, a run of them as one and none at either end («Отравление\u00a0» is
    «Отравление»); without the stress marks (:data:`~berserk_kb.text.STRESS_MARKS`, folded the way
    search folds them: «Отра́вление» is «Отравление»); a format character (zero-width U+200B, a
    bidi control U+202E …: category Cf) or a line or paragraph separator is refused: it prints as
    nothing (or reorders the line) and would make a name that looks like another one but matches
    nothing."""
    name = name.translate(STRESS_MARKS)
    for ch in name:
        if unicodedata.category(ch) in ("Cf", "Zl", "Zp"):
            raise refused("invisible_character", "contains the invisible character U+{code} ({char}): retype the "
                          "name without it", code=f"{ord(ch):04X}", char=unicodedata.name(ch, "unnamed"))
    name = re.sub(" +", " ", "".join(" " if unicodedata.category(ch) == "Zs" else ch for ch in name)).strip()
    if not name:
        raise refused("blank_name", "a name holds more than spaces")
    return name


# a name of a card or feature: free text (the bridge keeps "null", "true" and "false" strings), no
# invisible character, every space an ordinary one, each word in one alphabet
Name = Annotated[str, Field(min_length=1, max_length=100), AfterValidator(_visible), AfterValidator(_one_alphabet)]
Zone = Literal["battle", "play", "hand", "deck", "graveyard", "outside"]
