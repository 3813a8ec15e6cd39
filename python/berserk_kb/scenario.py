"""Scenario files (public contract v1): a game situation to compute and explain.

A scenario is YAML or JSON of this shape (see ``docs/scenarios.md``, one example per event kind)::

    edition: A                 # required
    active: p1                 # the active player; the other one is p2
    cards:
      - id: basaarg            # handle used by events (required, unique)
        name: Гном-Басаарг     # optional; looked up in the KB's cards (kb/cards.yaml) when known
        controller: p1         # required
        zone: battle           # default battle
        features: [{name: Строй}, {name: Регенерация, value: 2}]          # own features
        acquired: [{name: Отравление, value: 1, source: lier, while: adjacent}]
    events:                    # applied in order
      - die_roll: {roller: basaarg, roll: 4, modifiers: [{source: king, op: add, value: 1}]}
      - attack: {source: basaarg, target: foe, strike: medium, base: 2, modifiers: [...]}
      - gain_feature: {card: vail, name: Отравление, value: 1, source: bokor, op: grant}
      - leave: {card: lier, from: vail}
      - end_of_turn: {}
    expect: {...}              # optional: the stated outcome

:func:`load_scenario` validates a file (pydantic) and :func:`normalise` turns it into the dict the
Prolog runner takes (every optional key present, modifiers numbered ``m1``, ``m2``, …).
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Annotated, Any, Literal

from .errors import InputError, ScenarioError

EVENT_KINDS = ("die_roll", "attack", "gain_feature", "leave", "end_of_turn",
               # v1, extended
               "wounds", "effect", "bring_into_squad", "lose_control", "end_of_game",
               "lose_features", "zone_change", "end_of_battle", "remove_markers", "formation", "defend")
ATTACK_KINDS = ("strike", "special_strike", "shot", "throw", "discharge", "spell", "effect", "poison")
ZONES = ("battle", "play", "hand", "deck", "graveyard", "outside")
STRIKES = ("weak", "medium", "strong")


@functools.cache
def _models():  # pydantic is imported only when a scenario is read; the classes are built once
    from pydantic import BaseModel, ConfigDict, Field, model_validator

    # a card handle; `rules` is the source of the rules' own modifiers, and JSON's words are kept out
    Handle = Annotated[str, Field(pattern=r"^(?!(?:rules|null|true|false)$)[A-Za-z_][A-Za-z0-9_-]{0,63}$")]
    Face = Annotated[int, Field(ge=1, le=6)]

    class Strict(BaseModel):
        # strict: a YAML `true` is not a die face and "4" is not a number
        model_config = ConfigDict(extra="forbid", populate_by_name=True, strict=True, regex_engine="python-re")

    # a name of a card or feature: free text, but not one of JSON's words (they would read back as
    # null, true or false on the Prolog side)
    Name = Annotated[str, Field(min_length=1, max_length=100, pattern=r"^(?!\s*(?:null|true|false)\s*$)")]
    Zone = Literal["battle", "play", "hand", "deck", "graveyard", "outside"]

    class FeatureSpec(Strict):
        name: Name
        value: int | None = None
        trigger: Literal["death"] | None = None  # a feature that fires when the card dies

    class AcquiredSpec(Strict):
        name: Name
        value: int | None = None
        source: Handle | None = None
        while_: Literal["adjacent", "formation"] | None = Field(default=None, alias="while")
        until: Literal["end_of_turn"] | None = None
        static: bool = False  # given by a static feature of a card

        @model_validator(mode="after")
        def _adjacent_needs_source(self):
            if self.while_ == "adjacent" and self.source is None:
                raise ValueError("while: adjacent needs the source card that stands next to it")
            return self

    class GrantSpec(Strict):
        name: Name
        value: int | None = None
        while_: Literal["formation"] = Field(default="formation", alias="while")

    AttackKind = Literal["strike", "special_strike", "shot", "throw", "discharge", "spell", "effect", "poison"]

    class EffectSpec(Strict):
        id: Handle
        type: Literal["prevent", "prevent_once", "prevent_each", "instead", "no_wounds_from", "wounds_only_from"]
        amount: Annotated[int, Field(ge=0)] | None = None
        kinds: list[AttackKind] = []
        of: Name | None = None
        becomes: Name | None = None
        protects: Literal["self", "own", "all"] = "self"

        @model_validator(mode="after")
        def _fields_fit_type(self):
            if self.type in ("prevent", "prevent_once", "prevent_each") and self.amount is None:
                raise ValueError(f"a {self.type} effect needs an amount")
            if self.type in ("no_wounds_from", "wounds_only_from") and not self.kinds:
                raise ValueError(f"a {self.type} effect needs kinds (e.g. [strike])")
            if self.type == "instead" and (self.of is None or self.becomes is None):
                raise ValueError("an instead effect needs of and becomes")
            return self

    class OverrideSpec(Strict):
        rule: Literal["defender_taps", "defences_per_turn"]
        value: bool | int | Literal["unlimited"]
        feature: Name

    class CardSpec(Strict):
        id: Handle
        name: Name | None = None
        controller: Literal["p1", "p2"]
        owner: Literal["p1", "p2"] | None = None  # whose deck, hand and graveyard (none: the rules' default)
        zone: Zone = "battle"
        face_up: bool = True
        created: bool = False
        in_formation: bool = False
        tapped: bool = False
        wounds: Annotated[int, Field(ge=0)] = 0
        features: list[FeatureSpec] = []
        acquired: list[AcquiredSpec] = []
        grants: list[GrantSpec] = []
        effects: list[EffectSpec] = []
        overrides: list[OverrideSpec] = []
        hit: Annotated[list[int], Field(min_length=3, max_length=3)] | None = None

    Source = Annotated[str, Field(pattern=r"^(?!(?:null|true|false)$)[A-Za-z_][A-Za-z0-9_-]{0,63}$")]  # or rules

    class DieModifier(Strict):
        id: Handle | None = None
        source: Source
        op: Literal["add", "set"]
        value: int
        declared: Literal["after", "before_reroll", "before_flip"] = "after"

        @model_validator(mode="after")
        def _set_to_a_face(self):
            if self.op == "set" and not 1 <= self.value <= 6:
                raise ValueError("a die roll is set to a face, 1–6")
            return self

    class DieRoll(Strict):
        roller: Handle
        roll: Face | None = None
        reroll: Face | None = None
        flip: bool = False
        flip_source: Handle | None = None  # the card that flips the die (none: the rules decide)
        next_roll_equals: Face | None = None
        modifiers: list[DieModifier] = []
        order: list[Handle] = []

        @model_validator(mode="after")
        def _fields_fit(self):
            if self.next_roll_equals is None and self.roll is None:
                raise ValueError("roll is required (a face 1–6) unless next_roll_equals is given")
            for m in self.modifiers:
                if m.declared == "before_reroll" and self.reroll is None:
                    raise ValueError("a modifier is declared before_reroll, but there is no reroll")
                if m.declared == "before_flip" and not self.flip:
                    raise ValueError("a modifier is declared before_flip, but there is no flip")
            if self.flip_source is not None and not self.flip:
                raise ValueError("flip_source is given, but there is no flip")
            ids = [m.id for m in self.modifiers if m.id]
            if len(ids) != len(set(ids)):
                raise ValueError("two modifiers have the same id")
            return self

    class AttackModifier(Strict):
        id: Handle | None = None
        source: Source
        op: Literal["add", "set", "strike"]
        value: int | Literal["weak", "medium", "strong"]

        @model_validator(mode="after")
        def _value_fits_op(self):
            if self.op == "strike" and self.value not in STRIKES:
                raise ValueError("a strike modifier's value is weak, medium or strong")
            if self.op != "strike" and not isinstance(self.value, int):
                raise ValueError(f"an {self.op} modifier's value is a whole number")
            return self

    class Attack(Strict):
        source: Handle
        target: Handle
        strike: Literal["weak", "medium", "strong"] = "medium"
        base: int | None = None
        modifiers: list[AttackModifier] = []
        order: list[Handle] = []

        @model_validator(mode="after")
        def _unique_ids(self):
            ids = [m.id for m in self.modifiers if m.id]
            if len(ids) != len(set(ids)):
                raise ValueError("two modifiers have the same id")
            return self

    class GainModifier(Strict):
        source: Source
        value: int

    class GainFeature(Strict):
        card: Handle
        name: Name
        value: int | None = None
        source: Handle | None = None
        op: Literal["grant", "add"] = "grant"
        while_: Literal["adjacent"] | None = Field(default=None, alias="while")
        until: Literal["end_of_turn"] | None = None
        modifiers: list[GainModifier] = []

        @model_validator(mode="after")
        def _add_needs_value(self):
            if self.op == "add" and self.value is None:
                raise ValueError("op add («+N к X») needs a value")
            if self.while_ == "adjacent" and self.source is None:
                raise ValueError("while: adjacent needs the source card that stands next to it")
            if self.modifiers and self.value is None:
                raise ValueError("modifiers change a value; this feature is given without one")
            return self

    class Leave(Strict):
        card: Handle
        from_: Handle = Field(alias="from")

        @model_validator(mode="after")
        def _two_cards(self):
            if self.card == self.from_:
                raise ValueError("a card cannot stop standing next to itself")
            return self

    class Nothing(Strict):
        pass

    class Wounds(Strict):
        card: Handle
        amount: Annotated[int, Field(ge=0)]
        source: Handle | None = None
        attack: AttackKind             # what deals them: strike, special_strike, shot, throw, …
        choose: list[Handle] = []      # the order the players chose for their effects

    EffectKind = Annotated[str, Field(pattern=r"^(?!wounds$)[a-z_]{1,32}$")]  # wounds: use a wounds event

    class Effect(Strict):
        card: Handle
        kind: EffectKind               # regeneration, heal, …
        amount: Annotated[int, Field(ge=0)] = 0
        source: Handle | None = None
        choose: list[Handle] = []

    class Bring(Strict):
        card: Handle
        how: Literal["play", "summon", "revive", "take_control", "create"]
        player: Literal["p1", "p2"]
        found: bool = True       # summon: the card was found in the deck
        wanted: bool = True      # summon: the player wanted to find it
        triggered: bool = False  # summon by a triggered ability naming the card
        skip: bool = False       # … which the player skips
        from_: Literal["p1", "p2"] | None = Field(default=None, alias="from")  # whose deck/graveyard (none: the rules' default)
        face_up: bool = True
        under: Literal["p1", "p2"] | None = None  # who controls it (none: the rules' default)

        @model_validator(mode="after")
        def _fields_fit_how(self):
            given = self.model_fields_set
            if given & {"found", "wanted", "triggered", "skip"} and self.how != "summon":
                raise ValueError(f"found, wanted, triggered and skip are about a summon, not {self.how}")
            if "from_" in given and self.how not in ("summon", "revive"):
                raise ValueError(f"from names a deck or graveyard: it is about a summon or a revival, not {self.how}")
            if given & {"face_up", "under"} and self.how in ("play", "take_control"):
                raise ValueError(f"face_up and under are defaults of a summon, revival or creation, not of {self.how}")
            return self

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

    class Event(Strict):
        die_roll: DieRoll | None = None
        attack: Attack | None = None
        gain_feature: GainFeature | None = None
        leave: Leave | None = None
        end_of_turn: Nothing | None = None
        wounds: Wounds | None = None
        effect: Effect | None = None
        bring_into_squad: Bring | None = None
        lose_control: LoseControl | None = None
        end_of_game: Nothing | None = None
        lose_features: LoseFeatures | None = None
        zone_change: ZoneChange | None = None
        end_of_battle: Nothing | None = None
        remove_markers: RemoveMarkers | None = None
        formation: Formation | None = None
        defend: Defend | None = None

        @model_validator(mode="before")
        @classmethod
        def _exactly_one_kind(cls, data: Any):
            if not isinstance(data, dict) or len(data) != 1:
                raise ValueError(f"an event is a mapping with exactly one key, one of: {', '.join(EVENT_KINDS)}")
            (kind, body), = data.items()
            if body is None and kind in ("end_of_turn", "end_of_game", "end_of_battle"):
                return {kind: {}}  # `- end_of_turn:` with nothing after it
            if body is None:
                raise ValueError(f"{kind} needs its fields (see docs/scenarios.md)")
            return data

    class Expect(Strict):
        model_config = ConfigDict(extra="forbid", strict=False, regex_engine="python-re")  # event indexes are YAML keys
        events: dict[int, dict[str, Any]] = {}
        features: dict[Handle, dict[str, int | None | Literal["absent"]]] = {}

    class Scenario(Strict):
        edition: Annotated[str, Field(min_length=1, max_length=32)]
        active: Literal["p1", "p2"] = "p1"
        title: str | None = None
        example: str | None = None  # the id of the ПРИМЕР this scenario encodes
        note: str | None = None
        cards: list[CardSpec] = []
        events: list[Event] = Field(min_length=1)
        expect: Expect | None = None

    return Scenario


def yaml_loader():
    """The fastest safe YAML loader available (libyaml's when PyYAML was built with it), refusing
    duplicate keys."""
    from .manifest import unique_key_loader

    return unique_key_loader()


def _field(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part).rstrip("_")
    return out or "(top level)"


CARD_FACTS = ("hit", "features", "grants", "effects", "overrides")


def with_card_facts(data: Any, cards: dict[str, Any] | None) -> Any:
    """``data`` with every card that names a card of ``cards`` (kb/cards.yaml) given that card's
    facts (:data:`CARD_FACTS`) where it gives none of its own. Effect ids taken from there are
    prefixed with the card's handle, so two such cards do not clash."""
    import copy

    from .cards import lookup

    if not cards or not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        return data
    out = dict(data)
    out["cards"] = []
    for c in data["cards"]:
        known = lookup(cards, c["name"]) if isinstance(c, dict) and isinstance(c.get("name"), str) else None
        if known:
            c = dict(c)
            for key in CARD_FACTS:
                if key not in c and key in known:
                    c[key] = copy.deepcopy(known[key])
                    if key == "effects" and isinstance(c.get("id"), str):
                        c[key] = [{**e, "id": f"{c['id']}_{e.get('id')}"} for e in c[key]]
        out["cards"].append(c)
    return out


def load_scenario(path: Path | str, cards: dict[str, Any] | None = None) -> dict[str, Any]:
    """Read and validate a scenario file (YAML or JSON).

    Returns the scenario as a plain dict (field names as in the file; defaults filled in; the facts
    of known cards from ``cards``, see :func:`with_card_facts`).

    A file validated before (same bytes, same cards, same code) is read from the cache folder
    (``scenarios/<digest>.pickle``) without validating it again.

    Raises:
        ScenarioError: unreadable, not UTF-8, not YAML/JSON, or not the contract's shape; the message
            names the file and the field path (``events[1].die_roll.roll``).
    """
    from .cache import read_pickle

    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read scenario: {exc.strerror or exc}") from None
    cached = _cache_path(raw, path.suffix.lower(), cards)
    if cached is not None and (scenario := read_pickle(cached, dict)) is not None:
        return scenario
    scenario = _load(path, raw, cards)
    if cached is not None:
        from .cache import write_pickle

        try:
            write_pickle(cached, scenario)
        except InputError:
            pass  # a cache folder that cannot be written only costs time
    return scenario


def _cache_path(raw: bytes, suffix: str, cards: dict[str, Any] | None) -> Path | None:
    """Where the validated form of a scenario file is cached: a digest of its bytes, the cards it
    was validated against, the validating code (this module, the YAML guard, pydantic's version)
    and the package version. ``None`` when pydantic cannot be found."""
    import importlib.util

    from .cache import code_key, entry_path

    spec = importlib.util.find_spec("pydantic")
    if spec is None or spec.origin is None:
        return None
    code = code_key(Path(__file__), Path(__file__).with_name("manifest.py"), Path(spec.origin).with_name("version.py"))
    return entry_path("scenarios", suffix, code, json.dumps(cards, sort_keys=True, ensure_ascii=False, default=str), raw)


def _load(path: Path, raw: bytes, cards: dict[str, Any] | None) -> dict[str, Any]:
    import yaml

    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ScenarioError(f"{path}:{line}: scenario is not valid UTF-8") from None
    if path.suffix.lower() != ".json":
        from .manifest import refuse_aliases

        try:
            refuse_aliases(text, str(path))
        except InputError as exc:
            raise ScenarioError(str(exc)) from None
    try:
        data = json.loads(text) if path.suffix.lower() == ".json" else yaml.load(text, Loader=yaml_loader())  # noqa: S506
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"{path}:{exc.lineno}: not valid JSON: {exc.msg}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark is not None else str(path)
        raise ScenarioError(f"{where}: not valid YAML: {getattr(exc, 'problem', None) or exc}") from None
    return validate_scenario(data, str(path), cards)


def validate_scenario(data: Any, where: str = "scenario", cards: dict[str, Any] | None = None) -> dict[str, Any]:
    """Validate a scenario given as data (the library API's input); see :func:`load_scenario`.

    Raises:
        ScenarioError: not the contract's shape, or an event names a card the scenario lacks.
    """
    from pydantic import ValidationError

    if not isinstance(data, dict):
        raise ScenarioError(f"{where}: a scenario is a mapping with edition, cards and events")
    bad = _control_character(data, ())
    data = with_card_facts(data, cards)
    if bad is not None:
        raise ScenarioError(f"{where}: field {_field(bad)}: contains a control character")
    try:
        model = _models().model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        msg = err["msg"].removeprefix("Value error, ")
        if err["type"] == "string_pattern_mismatch":
            pattern = str(err.get("ctx", {}).get("pattern", ""))
            if "A-Za-z" in pattern:
                msg = "a card handle is letters, digits, _ and - (and not rules, null, true or false)"
            elif "wounds" in pattern:
                msg = "an effect kind is lower-case letters and _ (and not wounds: wounds have their own event)"
            else:
                msg = "'null', 'true' and 'false' cannot be names"
        raise ScenarioError(f"{where}: field {_field(err['loc'])}: {msg}") from None
    scenario = model.model_dump(by_alias=True)
    _check_handles(scenario, where)
    _check_expect(scenario, where)
    return scenario


def _check_handles(s: dict[str, Any], where: str) -> None:
    ids = [c["id"] for c in s["cards"]]
    seen: set[str] = set()
    for i, cid in enumerate(ids):
        if cid in seen:
            raise ScenarioError(f"{where}: field cards[{i}].id: card handle {cid!r} is used twice")
        seen.add(cid)
    known = ", ".join(ids) or "none"

    def need(handle: str | None, field: str, rules_ok: bool = False) -> None:
        if handle is None or (rules_ok and handle == "rules") or handle in seen:
            return
        raise ScenarioError(f"{where}: field {field}: unknown card {handle!r} (cards: {known})")

    effect_seen: set[str] = set()
    for i, c in enumerate(s["cards"]):
        for j, f in enumerate(c["acquired"]):
            need(f["source"], f"cards[{i}].acquired[{j}].source")
        for j, e in enumerate(c["effects"]):
            if e["id"] in effect_seen:
                raise ScenarioError(f"{where}: field cards[{i}].effects[{j}].id: effect id {e['id']!r} is used twice")
            effect_seen.add(e["id"])
    for i, ev in enumerate(s["events"]):
        kind = next(k for k, v in ev.items() if v is not None)
        body = ev[kind]
        at = f"events[{i}].{kind}"
        if kind == "die_roll":
            need(body["roller"], f"{at}.roller")
            need(body["flip_source"], f"{at}.flip_source")
        if kind == "attack":
            need(body["source"], f"{at}.source")
            need(body["target"], f"{at}.target")
        if kind == "gain_feature":
            need(body["card"], f"{at}.card")
            need(body["source"], f"{at}.source")
            for j, m in enumerate(body["modifiers"]):
                need(m["source"], f"{at}.modifiers[{j}].source", rules_ok=True)
        if kind == "leave":
            need(body["card"], f"{at}.card")
            need(body["from"], f"{at}.from")
        if kind in ("wounds", "effect", "bring_into_squad", "lose_control", "lose_features",
                    "zone_change", "remove_markers", "formation", "defend"):
            need(body["card"], f"{at}.card")
        if kind in ("wounds", "effect"):
            need(body["source"], f"{at}.source")
            effect_ids = {e["id"] for c in s["cards"] for e in c["effects"]}
            for j, eid in enumerate(body["choose"]):
                if eid not in effect_ids:
                    raise ScenarioError(f"{where}: field {at}.choose[{j}]: unknown effect {eid!r} "
                                        f"(effects: {', '.join(sorted(effect_ids)) or 'none'})")
        for j, m in enumerate(body.get("modifiers", []) if kind in ("die_roll", "attack") else []):
            need(m["source"], f"{at}.modifiers[{j}].source", rules_ok=True)
        mods = body.get("modifiers", []) if kind in ("die_roll", "attack") else []
        ids_here = {m["id"] or f"m{j + 1}" for j, m in enumerate(mods)}  # normalise() numbers them so
        for j, mid in enumerate(body.get("order", []) if kind in ("die_roll", "attack") else []):
            if mid not in ids_here:
                raise ScenarioError(f"{where}: field {at}.order[{j}]: no modifier with id {mid!r} in this event")


_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f]")


def _control_character(value: Any, loc: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """The path of the first string (key or value) holding NUL or another control character
    other than tab and newline, or ``None``."""
    if isinstance(value, str):
        return loc if _CONTROL.search(value) else None
    if isinstance(value, dict):
        for k, v in value.items():
            found = _control_character(k, loc + (k,)) if isinstance(k, str) else None
            found = found or _control_character(v, loc + (k,))
            if found is not None:
                return found
    if isinstance(value, list):
        for i, v in enumerate(value):
            found = _control_character(v, loc + (i,))
            if found is not None:
                return found
    return None


def _check_expect(s: dict[str, Any], where: str) -> None:
    expect = s.get("expect")
    if not expect:
        return
    ids = {c["id"] for c in s["cards"]}
    for index in expect["events"]:
        if not 0 <= index < len(s["events"]):
            raise ScenarioError(f"{where}: field expect.events.{index}: there is no event {index} "
                                f"(events are numbered 0 to {len(s['events']) - 1})")
    for cid in expect["features"]:
        if cid not in ids:
            raise ScenarioError(f"{where}: field expect.features.{cid}: unknown card {cid!r}")


def event_kind(event: dict[str, Any]) -> str:
    """The kind of a validated event (the one key whose value is set)."""
    return next(k for k in EVENT_KINDS if event.get(k) is not None)


def normalise(scenario: dict[str, Any], edition: str, where: str) -> dict[str, Any]:
    """The validated scenario as the Prolog runner takes it, under ``edition``.

    Modifiers without an id get ``m1``, ``m2``, … by position; a card without a name is named by its
    handle. Nothing else is filled in: what a field left out means is a rule, and the rules are
    Prolog's (``where`` is kept for the callers' error messages).
    """
    cards = [{**c, "name": c["name"] or c["id"]} for c in scenario["cards"]]
    events = []
    for ev in scenario["events"]:
        kind = event_kind(ev)
        body = dict(ev[kind])
        if kind in ("die_roll", "attack"):
            body["modifiers"] = [
                {**m, "id": m["id"] or f"m{j + 1}"} for j, m in enumerate(body["modifiers"])
            ]
        events.append({kind: body})
    return {"edition": edition, "active": scenario["active"], "cards": cards, "events": events}
