"""Reading scenario files (contract v2): validating them and putting them in the runner's shape.

A scenario is YAML or JSON (see ``docs/scenarios.md``, one example per event kind)::

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

:func:`load_scenario` validates a file (:mod:`.schema`) and :func:`normalise` turns it into the dict
the Prolog runner takes (every optional key present, modifiers numbered ``m1``, ``m2``, …). Every
error is a :class:`~berserk_kb.errors.ScenarioError` naming the file and the field path, with
``path``, ``line``, ``field`` and ``event`` set.
"""

from __future__ import annotations

import copy
import functools
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..engine.code import EVENTS, code_file
from ..errors import ScenarioError
from ..lexicon.cards import card_key, lookup
from ..store.entries import cached, code_key, entry_path
from ..text.readers import decode, load_json, load_yaml, read_bytes, stdin_bytes
from .controls import control_character, may_hold_control
from .events import event_kind, kinds
from .feature_names import with_feature_names
from .locate import field_path, first_error
from .marks import located

#: The facts a scenario card takes from the card of that name in ``kb/cards.yaml``.
CARD_FACTS = ("hit", "features", "grants", "effects", "overrides")
#: A scenario is a few cards and events; 4 MiB is far more than a thousand events.
SCENARIO_LIMIT = 4 * 2**20


def fail(where: str, field: str, message: str, refusal: dict[str, Any] | None = None) -> ScenarioError:
    """The error ``<where>: field <field>: <message>`` with its fields set (``event`` when the field
    path starts with ``events[i]``; ``refusal``, the message as data, when given)."""
    m = re.match(r"events\[(\d+)\]", field)
    return ScenarioError(f"{where}: field {field}: {message}", path=where, field=field,
                         event=int(m.group(1)) if m else None, detail=f"field {field}: {message}", refusal=refusal)


def with_card_facts(data: Any, cards: dict[str, Any] | None) -> Any:
    """``data`` with every card that names a card of ``cards`` (kb/cards.yaml) given that card's
    facts (:data:`CARD_FACTS`) where it gives none of its own. Effect ids taken from there are
    prefixed with the card's handle, so two such cards do not clash."""
    if not cards or not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        return data
    out = dict(data)
    out["cards"] = []
    for c in data["cards"]:
        known = lookup(cards, c["name"]) if isinstance(c, dict) and isinstance(c.get("name"), str) else None
        if known:
            c = dict(c)
            for key in CARD_FACTS:
                if key not in c and key in known:  # not copied: validation builds the scenario anew
                    c[key] = known[key]
                    if key == "effects" and isinstance(c.get("id"), str):
                        c[key] = [{**e, "id": f"{c['id']}_{e.get('id')}"} for e in c[key]]
        out["cards"].append(c)
    return out


def load_scenario(path: Path | str, cards: dict[str, Any] | None = None,
                  features: Sequence[str] = ()) -> dict[str, Any]:
    """Read and validate a scenario file (YAML or JSON; ``-``: standard input, read as YAML).

    Returns the scenario as a plain dict (field names as in the file; defaults filled in; the facts
    of known cards from ``cards``, see :func:`with_card_facts`; the feature names read as the known
    ``features``, :func:`~.feature_names.with_feature_names`). A file validated before (same bytes,
    same cards and features, same code) is read from the cache (``scenarios/<key>.pickle``).

    Raises:
        ScenarioError: unreadable, not UTF-8, not YAML/JSON, or not the contract's shape; the message
            names the file, the line and the field path (``s.yaml:7: field events[1].die_roll.roll: …``).
    """
    return load_scenario_and_written(path, cards, features)[0]


def scenario_as_written(path: Path | str, cards: dict[str, Any] | None = None,
                        features: Sequence[str] = ()) -> dict[str, Any]:
    """The scenario file at ``path`` as written (no defaults filled in, no card facts added), once it
    is known to validate (:func:`load_scenario`): the data a change (``--set``) is made to.

    Raises:
        ScenarioError: as :func:`load_scenario`.
    """
    return load_scenario_and_written(path, cards, features)[1]


def load_scenario_and_written(path: Path | str, cards: dict[str, Any] | None = None,
                              features: Sequence[str] = ()) -> tuple[dict[str, Any], dict[str, Any]]:
    """(:func:`load_scenario`, :func:`scenario_as_written`) of one reading of the file: both kept in
    its one cache entry (each call returns objects of its own, to change as the caller likes).

    Raises:
        ScenarioError: as :func:`load_scenario`.
    """
    path = Path(path)
    raw = _stdin() if str(path) == "-" else read_bytes(path, "scenario", limit=SCENARIO_LIMIT, error=ScenarioError)
    suffix = path.suffix.lower()
    entry = entry_path("scenarios", suffix, code_key("scenario", "text/readers.py", libraries=("pydantic",)),
                       code_key(code_file(EVENTS)),
                       json.dumps([cards, list(features)], sort_keys=True, ensure_ascii=False, default=str), raw)
    try:
        both = cached(entry, lambda: _load(path, raw, cards, features), dict, quiet=True)
    except ScenarioError as exc:
        raise located(exc, path) from None
    return both["scenario"], both["written"]


def _stdin() -> bytes:
    """The scenario on standard input (``why -``), at most :data:`SCENARIO_LIMIT` bytes."""
    raw = _read_once(stdin_bytes(ScenarioError))
    if len(raw) > SCENARIO_LIMIT:
        size = f"{SCENARIO_LIMIT // 2**20} MiB"
        raise ScenarioError(f"-: scenario is larger than the limit of {size}", path="-",
                            refusal={"kind": "stdin_too_large", "values": [size]})
    if not raw.strip():
        raise ScenarioError("-: standard input is empty (give the scenario there, or a file: why FILE)", path="-",
                            refusal={"kind": "stdin_empty", "values": []})
    return raw


@functools.cache  # a stream can be read once; `why - -e A -e B` loads the scenario twice
def _read_once(stream: Any) -> bytes:
    return stream.read(SCENARIO_LIMIT + 1)


def _load(path: Path, raw: bytes, cards: dict[str, Any] | None, features: Sequence[str]) -> dict[str, Any]:
    """The cache entry of a scenario file: ``{"scenario": validated, "written": as written}``."""
    text = decode(raw, path, error=ScenarioError)
    if path.suffix.lower() != ".json":
        data = load_yaml(text, path, error=ScenarioError)
    else:
        data = load_json(text, path, "scenario", error=ScenarioError)
    written = copy.deepcopy(data)  # shares nothing with what validation returns, kept in one entry
    return {"scenario": validate_scenario(data, str(path), cards, features), "written": written}


def parse_scenario(text: str, where: str = "scenario", cards: dict[str, Any] | None = None,
                   features: Sequence[str] = ()) -> dict[str, Any]:
    """The scenario written in ``text`` (YAML, or JSON, which is YAML too), as written, once it is
    known to validate (:func:`validate_scenario`): the data to give to the runner.

    Raises:
        ScenarioError: ``text`` is not YAML or holds an anchor or alias (``where:line: …``, ``line``
            set), or is not the contract's shape (the field path, ``field`` set).
    """
    try:
        data = load_yaml(text, where, error=ScenarioError)
    except RecursionError:  # nested thousands of levels deep: no scenario is
        raise ScenarioError(f"{where}: not a scenario: nested too deeply", path=where) from None
    validate_scenario(data, where, cards, features)
    return data


#: The most events a scenario holds (a game's turn has a few dozen; 1,000 are worked in about two
#: seconds, and the time grows with the number of events).
MAX_EVENTS = 1000


def validate_scenario(data: Any, where: str = "scenario", cards: dict[str, Any] | None = None,
                      features: Sequence[str] = ()) -> dict[str, Any]:
    """Validate a scenario given as data (the library API's input); see :func:`load_scenario`.

    Raises:
        ScenarioError: not the contract's shape, more than :data:`MAX_EVENTS` events, an event
            names a card the scenario lacks, or a feature name is a form of more than one of the
            known ``features`` (:mod:`.feature_names`; otherwise a form is read as the feature).
    """
    from pydantic import ValidationError

    from .schema import PATTERN_MESSAGES, SUMMON_FIELDS, WOUND_FIELDS, scenario_model

    if not isinstance(data, dict):
        raise ScenarioError(f"{where}: a scenario is a mapping with edition, cards and events", path=where,
                            refusal={"kind": "input_not_a_mapping", "values": []})
    if isinstance(data.get("events"), list) and len(data["events"]) > MAX_EVENTS:
        raise fail(where, "events", f"{len(data['events']):,} events; a scenario holds at most {MAX_EVENTS:,}",
                   {"kind": "input_too_many_events", "values": [len(data["events"]), MAX_EVENTS]})
    bad = control_character(data, ()) if may_hold_control(data) else None
    data = with_card_facts(data, cards)
    if bad is not None:
        raise fail(where, field_path(bad[0]), bad[1], bad[2])
    try:
        model = scenario_model().model_validate(data)
    except ValidationError as exc:
        errors = exc.errors()
        loc, msg, refusal = first_error(errors, data)
        err = errors[0]
        said = PATTERN_MESSAGES.get(err.get("ctx", {}).get("pattern", "")) \
            if err["type"] == "string_pattern_mismatch" else None
        if said is not None:
            refusal, msg = {"kind": f"input_{said[0]}", "values": []}, said[1]
        raise fail(where, field_path(loc), msg, refusal) from None
    scenario = model.model_dump(by_alias=True)
    for ev in scenario["events"]:  # validated again (why-not, what-if): no summon field the file did not give
        bring = ev.get("bring_into_squad")
        if bring and bring["how"] != "summon":
            ev["bring_into_squad"] = {k: v for k, v in bring.items() if k not in SUMMON_FIELDS}
        attack = ev.get("attack")  # … nor an attack's choose and decline without deals_wounds
        if attack and not attack["deals_wounds"]:
            ev["attack"] = {k: v for k, v in attack.items() if k not in WOUND_FIELDS}
    scenario = with_feature_names(scenario, features, lambda field, exc: fail(where, field, str(exc), {
        "kind": "input_ambiguous_feature", "values": [repr(exc.name), ", ".join(exc.features)]}))
    _check_handles(scenario, where)
    _check_expect(scenario, where)
    _check_values(scenario, where, cards)
    return scenario


def _check_values(s: dict[str, Any], where: str, cards: dict[str, Any] | None) -> None:
    """A feature granted without a value (``value: null``) that the card facts (kb/cards.yaml) or
    the scenario's cards show with one (Льер-Кулат gives «Отравление 1») is refused: a feature that
    takes a value is not held without one (the gain would show «получена: —»)."""
    shown: dict[str, tuple[str, str, Any]] = {}
    holders = [(f"{c['name']} (cards.yaml)", c) for c in (cards or {}).values()] + \
        [(f"cards[{c['id']}]", c) for c in s["cards"]]
    for who, c in holders:
        for f in [f for key in ("features", "grants", "acquired") for f in c.get(key) or [] if isinstance(f, dict)]:
            value = f.get("value")
            if isinstance(f.get("name"), str) and isinstance(value, int | float) and not isinstance(value, bool):
                shown.setdefault(card_key(f["name"]), (who, f["name"], f["value"]))
    for i, ev in enumerate(s["events"]):
        body = ev.get("gain_feature")
        if isinstance(body, dict) and body.get("value") is None and body.get("op") == "grant" and \
                card_key(body["name"]) in shown:
            who, name, value = shown[card_key(body["name"])]
            raise fail(where, f"events[{i}].gain_feature.value",
                       f"{body['name']} takes a value ({who} has {name} {value}): give one",
                       refusal={"kind": "gain_takes_a_value", "values": [body["name"], who, name, value]})


def _check_handles(s: dict[str, Any], where: str) -> None:
    """Every card handle, effect id and modifier id an event names is in the scenario (the fields
    each kind names are in the table of event kinds, :func:`~.events.kinds`)."""
    ids = [c["id"] for c in s["cards"]]
    seen: set[str] = set()
    for i, cid in enumerate(ids):
        if cid in seen:
            raise fail(where, f"cards[{i}].id", f"card handle {cid!r} is used twice",
                       {"kind": "input_handle_twice", "values": [repr(cid)]})
        seen.add(cid)
    known = ", ".join(ids) or "none"

    def need(handle: str | None, field: str, rules_ok: bool = False) -> None:
        if handle is None or (rules_ok and handle == "rules") or handle in seen:
            return
        raise fail(where, field, f"unknown card {handle!r} (cards: {known})",
                   {"kind": "input_unknown_card", "values": [repr(handle), known]} if ids
                   else {"kind": "input_unknown_card_no_cards", "values": [repr(handle)]})

    effect_seen: set[str] = set()
    for i, c in enumerate(s["cards"]):
        for j, f in enumerate(c["acquired"]):
            need(f["source"], f"cards[{i}].acquired[{j}].source")
        for j, g in enumerate(c["grants"]):
            need(g["source"], f"cards[{i}].grants[{j}].source")
        for j, e in enumerate(c["effects"]):
            if e["id"] in effect_seen:
                raise fail(where, f"cards[{i}].effects[{j}].id", f"effect id {e['id']!r} is used twice",
                           {"kind": "input_effect_id_twice", "values": [repr(e["id"])]})
            effect_seen.add(e["id"])
    effect_ids = {e["id"] for c in s["cards"] for e in c["effects"]}
    for i, ev in enumerate(s["events"]):
        kind = kinds()[event_kind(ev)]
        body = ev[kind.name]
        at = f"events[{i}].{kind.name}"
        for name in kind.cards:
            need(body[name], f"{at}.{name}")
        for name in kind.effect_lists:
            given = body.get(name, [])  # (an attack's choose left out without deals_wounds)
            lists = given if isinstance(given, dict) else {"": given}
            for player, listed in lists.items():
                for j, eid in enumerate(listed):
                    field = f"{at}.{name}{'.' + player if player else ''}[{j}]"
                    if eid not in effect_ids:
                        effects = ", ".join(sorted(effect_ids)) or "none"
                        raise fail(where, field, f"unknown effect {eid!r} (effects: {effects})",
                                   {"kind": "input_unknown_effect", "values": [repr(eid), effects]} if effect_ids
                                   else {"kind": "input_unknown_effect_no_effects", "values": [repr(eid)]})
                    if eid in listed[:j]:
                        at = listed.index(eid)
                        raise fail(where, field, f"effect {eid!r} is already listed at [{at}] (each effect once)",
                                   {"kind": "input_listed_twice", "values": [repr(eid), at]})
        for j, m in enumerate(body["modifiers"] if kind.modifier_sources else ()):
            need(m["source"], f"{at}.modifiers[{j}].source", rules_ok=True)
        if kind.numbered_modifiers:
            numbered = [m["id"] or f"m{j + 1}" for j, m in enumerate(body["modifiers"])]  # as normalise() numbers them
            ids_here = set(numbered)
            for j, mid in enumerate([*numbered, body.get("flip_id")]):
                if mid in RESERVED_IDS:
                    raise fail(where, f"{at}.modifiers[{j}].id" if j < len(numbered) else f"{at}.flip_id",
                               f"{mid!r} is the automatic id of the rules' own modifier; give another id",
                               {"kind": "input_reserved_id", "values": [repr(mid)]})
            for j, mid in enumerate(numbered):
                if mid in numbered[:j]:
                    raise fail(where, f"{at}.modifiers[{j}].id",
                               f"modifier id {mid!r} is already the id of modifiers[{numbered.index(mid)}]"
                               " (a modifier without an id is m1, m2, … by its position)",
                               {"kind": "input_modifier_id_twice", "values": [repr(mid), numbered.index(mid)]})
            if body.get("flip"):
                # a flip is placed by its id (a modifier where the edition says so)
                flip_id = body.get("flip_id") or "flip"
                if flip_id in ids_here:
                    raise fail(where,
                               f"{at}.flip_id" if body.get("flip_id")
                               else f"{at}.modifiers[{numbered.index(flip_id)}].id",
                               f"{flip_id!r} is the id of modifiers[{numbered.index(flip_id)}] and of the flip"
                               " (a modifier without an id is m1, m2, … by its position)",
                               {"kind": "input_flip_id_taken", "values": [repr(flip_id), numbered.index(flip_id)]})
                ids_here.add(flip_id)
            for j, mid in enumerate(body["order"]):
                if mid in body["order"][:j]:  # an order places each once: a second place says nothing
                    at_first = body["order"].index(mid)
                    raise fail(where, f"{at}.order[{j}]", f"modifier {mid!r} is already placed at order[{at_first}]"
                               " (each once)", {"kind": "input_order_twice", "values": [repr(mid), at_first]})
                if mid not in ids_here:
                    raise fail(where, f"{at}.order[{j}]", f"no modifier with id {mid!r} in this event",
                               {"kind": "input_no_such_modifier", "values": [repr(mid)]})


#: Modifier ids the engine gives its own modifiers (the die's bound within 1…6): no input may take one.
RESERVED_IDS = frozenset({"rules_bounds"})

def _check_expect(s: dict[str, Any], where: str) -> None:
    expect = s.get("expect")
    if not expect:
        return
    ids = {c["id"] for c in s["cards"]}
    for index in expect["events"]:
        if not 0 <= index < len(s["events"]):
            raise fail(where, f"expect.events.{index}", f"there is no event {index} "
                       f"(events are numbered 0 to {len(s['events']) - 1})",
                       {"kind": "input_no_such_event", "values": [index, len(s["events"]) - 1]})
    for cid in expect["features"]:
        if cid not in ids:
            raise fail(where, f"expect.features.{cid}", f"unknown card {cid!r}",
                       {"kind": "input_expect_unknown_card", "values": [repr(cid)]})


def with_modifier_ids(kind: str, body: dict[str, Any]) -> dict[str, Any]:
    """A copy of an event ``body`` of ``kind`` whose modifiers, when its kind numbers them (an
    ``order`` names them), each have an id: the one written, else ``m1``, ``m2``, … by position."""
    body = dict(body)
    if kinds()[kind].numbered_modifiers:
        body["modifiers"] = [{**m, "id": m.get("id") or f"m{j + 1}"} for j, m in enumerate(body.get("modifiers") or [])]
    return body


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
        events.append({kind: with_modifier_ids(kind, ev[kind])})
    return {"edition": edition, "active": scenario["active"], "cards": cards, "events": events}
