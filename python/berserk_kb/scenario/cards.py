"""The cards of a scenario (contract v2, ``docs/scenarios.md``): their features, what they acquired,
what static features grant, their effects and the card text that overrides a rule — strict pydantic
models, as :mod:`.schema` uses them."""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import Field, model_validator

from .common import Count, Handle, Name, Number, Player, Strict, Zone, refused


class FeatureSpec(Strict):
    name: Name
    value: Number | None = None
    trigger: Literal["death"] | None = None  # a feature that fires when the card dies


class AcquiredSpec(Strict):
    name: Name
    value: Number | None = None
    source: Handle | None = None
    while_: Literal["adjacent", "formation"] | None = Field(default=None, alias="while")
    until: Literal["end_of_turn", "end_of_your_turn"] | None = None
    static: bool = False  # given by a static feature of a card (with while: formation, it comes back)

    @model_validator(mode="after")
    def _adjacent_needs_source(self) -> Self:
        if self.while_ == "adjacent" and self.source is None:
            raise refused("adjacent_needs_source", "while: adjacent needs the source card that stands next to it")
        return self


class GrantSpec(Strict):
    name: Name
    value: Number | None = None
    # formation: what a static feature gives this card while in formation; adjacent: what this
    # card gives a card that comes to stand next to it (an approach event)
    while_: Literal["formation", "adjacent"] = Field(default="formation", alias="while")
    source: Handle | None = None  # formation: the card whose static feature gives it (none: this card)

    @model_validator(mode="after")
    def _source_gives_in_formation(self):
        if self.source is not None and self.while_ == "adjacent":
            raise refused("grant_source_formation",
                          "source names the card that gives a grant in formation; one while adjacent is this card's")
        return self


AttackKind = Literal["strike", "special_strike", "shot", "throw", "discharge", "spell", "effect", "poison"]


class EffectSpec(Strict):
    id: Handle
    type: Literal["prevent", "prevent_once", "prevent_each", "instead", "no_wounds_from", "wounds_only_from"]
    amount: Count | None = None  # prevent_once, prevent_each without one: all the wounds
    kinds: list[AttackKind] = []
    of: Name | None = None
    becomes: Name | None = None
    protects: Literal["self", "own", "all"] = "self"
    optional: bool = False  # instead: «может вместо» — its player may decline it
    text: Annotated[str, Field(min_length=1, max_length=300)] | None = None  # instead: its words («может вместо …»)

    @model_validator(mode="after")
    def _fields_fit_type(self) -> Self:
        if self.type == "prevent" and self.amount is None:
            raise refused("prevent_amount",
                          "a prevent effect (of the next N wounds) needs an amount; one that prevents all wounds is "
                          "prevent_once or prevent_each")
        if (self.optional or self.text is not None) and self.type != "instead":
            raise refused("instead_only",
                          "optional and text (its player may apply it instead) are about an instead effect")
        if self.type in ("no_wounds_from", "wounds_only_from") and not self.kinds:
            raise refused("kinds_needed", "a {type} effect needs kinds (e.g. [strike])", type=self.type)
        if self.kinds and self.type not in ("no_wounds_from", "wounds_only_from"):
            raise refused("kinds_no_effect",
                          "kinds (the attacks it is about) has no effect on a {type} effect: only no_wounds_from and "
                          "wounds_only_from have them", type=self.type)
        if (self.of is not None or self.becomes is not None) and self.type != "instead":
            raise refused("of_becomes_no_effect",
                          "of and becomes have no effect on a {type} effect: only an instead effect replaces one "
                          "effect by another", type=self.type)
        if self.amount is not None and self.type in ("no_wounds_from", "wounds_only_from"):
            raise refused("amount_no_effect",
                          "amount has no effect on a {type} effect: it takes all the wounds of those kinds",
                          type=self.type)
        if self.type == "instead" and (self.of is None or self.becomes is None):
            raise refused("instead_needs", "an instead effect needs of and becomes")
        return self


class OverrideSpec(Strict):
    rule: Literal["defender_taps", "defences_per_turn"]
    value: bool | Number | Literal["unlimited"]
    feature: Name

    @model_validator(mode="after")
    def _value_fits_rule(self) -> Self:
        if self.rule == "defender_taps" and not isinstance(self.value, bool):
            raise refused("defender_taps", "defender_taps is whether the defender taps: true or false")
        if self.rule == "defences_per_turn" and (isinstance(self.value, bool) or
                                                 (isinstance(self.value, int) and self.value < 1)):
            raise refused("defences_per_turn",
                          "defences_per_turn is how many times a turn it defends: 1 or more, or unlimited")
        return self


class CardSpec(Strict):
    id: Handle
    name: Name | None = None
    controller: Player
    owner: Player | None = None  # whose deck, hand and graveyard (none: the rules' default)
    zone: Zone = "battle"
    face_up: bool = True
    created: bool = False
    in_formation: bool = False
    tapped: bool = False
    wounds: Count = 0
    features: list[FeatureSpec] = []
    acquired: list[AcquiredSpec] = []
    grants: list[GrantSpec] = []
    effects: list[EffectSpec] = []
    overrides: list[OverrideSpec] = []
    hit: Annotated[list[Count], Field(min_length=3, max_length=3)] | None = None
