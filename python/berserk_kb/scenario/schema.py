"""The shape of a scenario file (contract v2, ``docs/scenarios.md``) as strict pydantic models (a YAML
``true`` is not a die face, ``"4"`` not a number); the events are the kinds of the event table
(:func:`~.events.kinds`), one body model each (:data:`BODIES`); :func:`scenario_model` builds it once."""

from __future__ import annotations

import functools
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, create_model, model_validator

from ..errors import PrologLoadError
from .cards import AttackKind, CardSpec
from .common import HANDLE, Count, Face, Handle, Name, Number, Player, Strict, refused
from .events import kinds

STRIKES = ("weak", "medium", "strong")

SOURCE = r"^(?!(?:null|true|false)$)[A-Za-z_][A-Za-z0-9_-]{0,63}$"  # a handle, or rules
Source = Annotated[str, Field(pattern=SOURCE)]


class DieModifier(Strict):
    id: Handle | None = None
    source: Source
    op: Literal["add", "set"]
    value: Number
    declared: Literal["after", "before_reroll", "before_flip"] = "after"

    @model_validator(mode="after")
    def _set_to_a_face(self) -> Self:
        if self.op == "set" and not 1 <= self.value <= 6:
            raise refused("die_set_face", "a die roll is set to a face, 1–6")
        return self


class DieRoll(Strict):
    roller: Handle
    roll: Face | None = None
    reroll: Face | None = None
    flip: bool = False
    flip_source: Handle | None = None  # the card that flips the die (none: the rules decide)
    flip_id: Handle | None = None  # the id order names the flip by (none: flip)
    first: Literal["reroll", "flip"] | None = None  # which came first (none: the reroll)
    next_roll_equals: Face | None = None
    modifiers: list[DieModifier] = []
    order: list[Handle] = []

    @model_validator(mode="after")
    def _fields_fit(self) -> Self:
        if self.next_roll_equals is None and self.roll is None:
            raise refused("roll_required", "roll is required (a face 1–6) unless next_roll_equals is given")
        for m in self.modifiers:
            if m.declared == "before_reroll" and self.reroll is None:
                raise refused("declared_no_reroll", "a modifier is declared before_reroll, but there is no reroll")
            if m.declared == "before_flip" and not self.flip:
                raise refused("declared_no_flip", "a modifier is declared before_flip, but there is no flip")
        for name in ("flip_source", "flip_id"):
            if getattr(self, name) is not None and not self.flip:
                raise refused("no_flip", "{name} is given, but there is no flip", name=name)
        if self.first is not None and not (self.flip and self.reroll is not None):
            raise refused("first_needs_both",
                          "first says whether the reroll or the flip came first: give both a reroll and a flip")
        ids = [m.id for m in self.modifiers if m.id] + ([self.flip_id] if self.flip_id else [])
        if len(ids) != len(set(ids)):
            raise refused("same_modifier_id", "two modifiers have the same id")
        return self


class AttackModifier(Strict):
    id: Handle | None = None
    source: Source
    op: Literal["add", "set", "strike"]
    value: Number | Literal["weak", "medium", "strong"]
    # formation: the modifier exists because the attack's source stands in formation (with its source)
    while_: Literal["formation"] | None = Field(default=None, alias="while")

    @model_validator(mode="after")
    def _value_fits_op(self) -> Self:
        if self.op == "strike" and self.value not in STRIKES:
            raise refused("strike_modifier_value", "a strike modifier's value is weak, medium or strong")
        if self.op != "strike" and not isinstance(self.value, int):
            raise refused("whole_number_modifier", "an {op} modifier's value is a whole number", op=self.op)
        if self.op == "set" and isinstance(self.value, int) and self.value < 0:
            raise refused("attack_set_negative", "an attack is set to a number of 0 or more")
        if self.while_ and self.source == "rules":
            raise refused("rules_in_formation",
                          "while: formation names a card's modifier: a rules modifier stands in no formation")
        return self


Choose = list[Handle] | dict[Player, list[Handle]]  # one order, or one per player


class Attack(Strict):
    source: Handle
    target: Handle
    strike: Literal["weak", "medium", "strong"] = "medium"
    base: Count | None = None
    modifiers: list[AttackModifier] = []
    order: list[Handle] = []
    deals_wounds: bool = False  # the strength is dealt as wounds to the target
    choose: Choose = []
    decline: list[Handle] = []

    @model_validator(mode="after")
    def _unique_ids(self) -> Self:
        if self.source == self.target:
            raise refused("attack_itself", "a card cannot attack itself: source and target are the same card")
        ids = [m.id for m in self.modifiers if m.id]
        if len(ids) != len(set(ids)):
            raise refused("same_modifier_id", "two modifiers have the same id")
        # choose and decline are about the wounds an attack deals: without deals_wounds they have no
        # effect at any value, an empty list too (as a summon's fields on another bring)
        if self.model_fields_set & WOUND_FIELDS and not self.deals_wounds:
            raise refused("choose_needs_deals_wounds",
                          "choose and decline are about the effects against the wounds an attack deals: give "
                          "deals_wounds: true")
        return self


class GainModifier(Strict):
    source: Handle  # a card («Менгир может усилить отравление»), not the rules
    value: Number


class GainFeature(Strict):
    card: Handle
    name: Name
    value: Number | None = None
    source: Handle | None = None
    op: Literal["grant", "add"] = "grant"
    while_: Literal["adjacent"] | None = Field(default=None, alias="while")
    until: Literal["end_of_turn", "end_of_your_turn"] | None = None
    modifiers: list[GainModifier] = []

    @model_validator(mode="after")
    def _add_needs_value(self) -> Self:
        if self.op == "add" and self.value is None:
            raise refused("add_needs_value", "op add (+N to a feature X) needs a value")
        if self.while_ == "adjacent" and self.source is None:
            raise refused("adjacent_needs_source", "while: adjacent needs the source card that stands next to it")
        if self.modifiers and self.value is None:
            raise refused("modifiers_without_value", "modifiers change a value; this feature is given without one")
        return self


def _two_cards(body: Any) -> Any:
    if body.card == getattr(body, "to", None) or body.card == getattr(body, "from_", None):
        raise refused("adjacent_itself", "a card cannot stand next to itself")
    return body


class Approach(Strict):
    card: Handle
    to: Handle
    _two = model_validator(mode="after")(_two_cards)


class Leave(Strict):
    card: Handle
    from_: Handle = Field(alias="from")
    _two = model_validator(mode="after")(_two_cards)


class Nothing(Strict):
    pass


class EndOfTurn(Strict):
    player: Player | None = None  # whose turn ends (none: the active player's)


class Wounds(Strict):
    card: Handle
    amount: Count
    source: Handle | None = None
    attack: AttackKind             # what deals them: strike, special_strike, shot, throw, …
    choose: Choose = []            # the order the players chose for their effects
    decline: list[Handle] = []     # optional replacement effects their players decline


EFFECT_KIND = r"^(?!wounds$)[a-z_]{1,32}$"  # wounds: use a wounds event
EffectKind = Annotated[str, Field(pattern=EFFECT_KIND)]


class Effect(Strict):
    card: Handle
    kind: EffectKind               # regeneration, heal, …
    amount: Count = 0
    source: Handle | None = None
    choose: Choose = []
    decline: list[Handle] = []


class Bring(Strict):
    card: Handle
    how: Literal["play", "summon", "revive", "take_control", "create"]
    player: Player
    found: bool = True       # summon: the card was found in the deck
    wanted: bool = True      # summon: the player wanted to find it
    triggered: bool = False  # summon by a triggered ability naming the card
    skip: bool = False       # … which the player skips
    from_: Player | None = Field(default=None, alias="from")  # whose deck/graveyard (none: the rules' default)
    face_up: bool | None = None  # how it lies (none: the rules' default)
    under: Player | None = None  # who controls it (none: the rules' default)

    @model_validator(mode="after")
    def _fields_fit_how(self) -> Self:
        # a summon's field on another bring has no effect at any value, its default too
        if self.model_fields_set & SUMMON_FIELDS and self.how != "summon":
            raise refused("summon_only",
                          "found, wanted, triggered and skip are about a summon, not {how}", how=self.how)
        return self


#: The fields of a bring that only a summon reads (prolog/rules/squad.pl bring(summon, …)).
SUMMON_FIELDS = frozenset({"found", "wanted", "triggered", "skip"})
#: The fields of an attack only one that deals wounds reads (prolog/rules/attack.pl attack/5).
WOUND_FIELDS = frozenset({"choose", "decline"})


class LoseControl(Strict):
    card: Handle
    can_join_opponent: bool = True


class LoseFeatures(Strict):
    card: Handle
    which: Name = "all"      # all, or one feature's name
    duration: Literal["end_of_turn", "end_of_battle"] | None = None
    anywhere: bool = False   # the effect says it works outside the battle zone too


class ZoneChange(Strict):
    card: Handle
    to: Literal["battle", "play", "hand", "deck", "graveyard"]


class RemoveMarkers(Strict):
    card: Handle
    feature: Name | None = None  # all the card's markers when not given


class Formation(Strict):
    card: Handle
    in_: bool = Field(alias="in")


class Defend(Strict):
    card: Handle


#: The body model of each event kind.
BODIES: dict[str, type[BaseModel]] = {
    "die_roll": DieRoll, "attack": Attack, "gain_feature": GainFeature, "approach": Approach, "leave": Leave,
    "end_of_turn": EndOfTurn, "wounds": Wounds, "effect": Effect, "bring_into_squad": Bring,
                                      "lose_control": LoseControl,
    "end_of_game": Nothing, "lose_features": LoseFeatures, "zone_change": ZoneChange, "end_of_battle": Nothing,
    "remove_markers": RemoveMarkers, "formation": Formation, "defend": Defend,
}


class OneKind(Strict):
    """The base of the event model (:func:`scenario_model` adds a field per kind of the table)."""

    @model_validator(mode="before")
    @classmethod
    def _exactly_one_kind(cls, data: Any) -> Any:
        if not isinstance(data, dict) or len(data) != 1:
            raise refused("event_shape",
                          "an event is a mapping with exactly one key, one of: {kinds}", kinds=', '.join(kinds()))
        (kind, body), = data.items()
        if body is None and kind in kinds() and kinds()[kind].bare:
            return {kind: {}}  # `- end_of_turn:` with nothing after it
        if body is None:
            raise refused("event_needs_fields", "{event} needs its fields (see docs/scenarios.md)", event=kind)
        return data


class Expect(Strict):
    model_config = ConfigDict(extra="forbid", strict=False, regex_engine="python-re")  # event indexes are YAML keys
    events: dict[Count, dict[str, Any]] = {}
    features: dict[Handle, dict[str, Number | Literal["absent"] | None]] = {}


@functools.cache
def scenario_model() -> type[BaseModel]:
    """The model of a whole scenario: an event is exactly one of the table's kinds, with its body.

    Raises:
        PrologLoadError: a kind of the event table has no body model in :data:`BODIES` (named).
    """
    unmodelled = [name for name in kinds() if name not in BODIES]
    if unmodelled:
        raise PrologLoadError([f"prolog/engine/events.pl: event kind {name!r} of the event table has no body model "
                               f"in scenario/schema.py BODIES" for name in unmodelled])
    bodies: dict[str, Any] = {name: (BODIES[name] | None, None) for name in kinds()}  # (type, default) of each kind
    event = create_model("Event", __base__=OneKind, **bodies)

    class Scenario(Strict):
        edition: Annotated[str, Field(min_length=1, max_length=32)]
        active: Player = "p1"
        title: str | None = None
        example: str | None = None  # the id of the ПРИМЕР this scenario encodes
        note: str | None = None
        cards: list[CardSpec] = []
        # the event model is made at run time from the Prolog event table: not a type mypy can see
        events: list[event] = Field(min_length=1)  # type: ignore[valid-type]
        expect: Expect | None = None

    return Scenario


#: What a value that does not match a pattern above is told: its refusal kind (``input_<kind>``,
#: worded by the packs) and the English message.
PATTERN_MESSAGES = dict.fromkeys((HANDLE, SOURCE), (
    "handle_pattern", "a handle (id) starts with a Latin letter or _, then up to 63 Latin letters, digits, _ or - "
                      "(not Cyrillic; and not rules, null, true or false)"))
PATTERN_MESSAGES[EFFECT_KIND] = (
    "effect_kind_pattern", "an effect kind is lower-case letters and _ (and not wounds: wounds have their own event)")
