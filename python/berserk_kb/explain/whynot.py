"""Why not: a result held against the one the user expected (what if — the same situation with a
field changed — is :mod:`.whatif`, which shares the reading of ``PATH=VALUE``).

**Why not** (:func:`why_not`). The user names a part of an event's result and the value expected
(``events[0].value=3``). When the computation gives another value, the answer is the step where it
departs from the expectation (:mod:`.departure` says which step that is); the units that step cites
are the paragraphs that decide it.

An expectation no computation can meet — of another type than the part asked about, or
  outside what it can hold (a die face 7, a strength −1) — is refused (:mod:`.expectation`).

The answer carries its sentence (``because``), filled from the language pack.

**What if**: :mod:`.whatif`.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..errors import InputError, ScenarioError, cut
from ..lexicon.cards import lookup
from ..scenario.events import event_kind
from ..scenario.load import load_scenario, scenario_as_written, validate_scenario
from ..scenario.schema import STRIKES
from ..text.readers import load_yaml
from .book import Book
from .departure import NONE, departure, same_value
from .expectation import possible
from .refusals import items
from .results import ProofNode, WhyNot
from .run import run
from .sentences import Filler, step_sentence

_PATH = re.compile(r"^(?:[^\W\d]\w*|\[[^\[\]]+\])(?:\.[^\W\d]\w*|\[[^\[\]]+\])*$")
PATH_PART = re.compile(  # a key or a [position] of a PATH
    r"[^\W\d]\w*|\[([^\[\]]+)\]")


def parse_assignment(text: str, what: str) -> tuple[str, list[str | int], Any]:
    """``PATH=VALUE`` as (path text, path parts, value): parts are keys and list positions
    (``[0]`` → 0; ``[king]`` stays the text ``king``, a card handle); VALUE is read as YAML
    (``3``, ``true``, ``null``, ``medium``, ``[1, 2]``).

    Raises:
        InputError: no ``=``, a malformed path or value (the message starts with ``what`` and the text).
    """
    path, sep, raw = text.partition("=")
    path = path.strip()
    like = "events[0].value" if what == "expect" else "events[0].die_roll.roll or cards[king].zone"
    if not sep or not _PATH.match(path):
        raise InputError(f"{what} {cut(text)!r}: give PATH=VALUE, the path like {like}")
    if not raw.strip():
        raise InputError(f"{what} {cut(text)!r}: the value after = is missing (give PATH=VALUE; null for none)")
    if "=" in raw and raw.strip()[:1] not in ("'", '"'):
        raise InputError(f"{what} {cut(text)!r}: one = only (give PATH=VALUE; quote a value that holds =)")
    parts: list[str | int] = []
    for m in PATH_PART.finditer(path):
        inside = m.group(1)
        parts.append(m.group(0) if inside is None else int(inside) if inside.isdigit() else inside)
    try:
        value = load_yaml(raw, f"{what} {path}", malformed=f"the value {cut(raw.strip())!r} is not valid YAML")
    except InputError as exc:  # a value given on the command line has no lines: what is wrong only
        raise InputError(f"{what} {path}: {exc.detail}", field=path, detail=exc.detail) from None
    return path, parts, value


def why_not(book: Book, scenario: dict[str, Any] | Path | str, expect: str, edition: str | None = None,
            lang: str = "ru") -> WhyNot:
    """Compute ``scenario`` and hold the part of a result ``expect`` names (``events[I].KEY…=VALUE``)
    against the expected value (see the module docstring); ``because`` is in ``lang`` (ru, en).

    Raises:
        InputError: ``expect`` is malformed, names no event or a key its result does not have.
        ScenarioError: as :func:`~.run.run`.
    """
    path, parts, want = parse_assignment(expect, "expect")
    if len(parts) < 3 or parts[0] != "events" or not isinstance(parts[1], int) or not isinstance(parts[2], str):
        raise InputError(f"expect {cut(path)!r}: a part of an event's result, events[I].KEY (e.g. events[0].value)")
    result = run(book, scenario, edition)
    index = parts[1]
    if not 0 <= index < len(result.events):
        raise InputError(f"expect {cut(path)}: there is no event {index} (events are numbered 0 to {len(result.events) - 1})")
    ev = result.events[index]
    got = _part(ev.result, parts[2:], path, f"event {index} ({ev.kind})", (index, ev.kind))
    possible(path, ev.kind, parts[2:], want, got, _negative_refused(result.edition))
    if same_value(got, want):
        answer = WhyNot(path, want, got, True, index, ev.kind, None, False, (), result)
    else:
        data = written_scenario(book, scenario)

        def without(node: ProofNode) -> Any:
            changed = _without(data, index, node)
            if changed is None:
                return NONE
            try:
                other = run(book, changed, edition)
            except ScenarioError:
                return NONE
            return _part(other.events[index].result, parts[2:], path, "", quiet=True) if index < len(other.events) else NONE

        found: list[str] = []

        def written() -> bool:  # the value is the input's own, passed through unchanged
            found.extend(filter(None, [_given(book, scenario, index, parts[2:], want, got, edition,
                                              ev.result.get("performed") is not False)]))
            return bool(found)

        step, last = departure(ev.explanation, parts[2], want, got, without, written)
        if step is None:  # the input gives it, or (nothing found) no step of the event decides it
            given = found[0] if found else None
            answer = WhyNot(path, want, got, False, index, ev.kind, None, False, (), result, given=given,
                            given_from=_given_from(book, scenario, given))
        else:
            answer = WhyNot(path, want, got, False, index, ev.kind, step, last, step.cites, result)
    from ..engine.runner import language_pack

    return replace(answer, because=because(answer, language_pack(lang)))


def _negative_refused(edition: str) -> str | None:
    """Why a feature's value cannot be negative in ``edition`` — its data states no
    ``negative_value_works_as_zero``, and a negative value is
    refused (features:works_as/3) —, naming where it is stated; None where the edition states it."""
    from ..engine.runner import edition_table

    stated = {e["edition"]: r["unit"] for e in edition_table() for r in e["rules"] if r["rule"] == "negative_value_works_as_zero"}
    if edition in stated:
        return None
    where = "; ".join(f"edition {ed}: {unit.partition(':')[2]}" for ed, unit in sorted(stated.items()))
    return f"the loaded text of edition {edition} states no negative value" + (f" (it is stated in {where})" if where else "")


def _given(book: Book, scenario: dict[str, Any] | Path | str, index: int, keys: list[str | int], want: Any,
           got: Any, edition: str | None, performed: bool = True) -> str | None:
    """Where no step under the event's own decides the value and it is the input's own — an input
    (:func:`_inputs`) holds the computed value, and with it written as expected the event gives the
    expected value —, the path of that input (``events[0].attack.strike``, ``events[1].die_roll.roll``,
    ``cards[theirs].zone``): the computation departs there, not at a rule step. An input the
    performed event copies into its result (:func:`_inputs`) decides it whatever was expected."""
    if len(keys) != 1 or not isinstance(keys[0], str):
        return None
    data = scenario_as_written(scenario, book.kb_cards) if isinstance(scenario, (str, Path)) else scenario
    full = written_scenario(book, data)  # the value an input left to its default has
    for where, find, copied in _inputs(data, full, index, keys[0]):
        into, key = find(full)
        if not same_value(into.get(key, NONE) if isinstance(into, dict) else into[key] if isinstance(into, list) and
                          isinstance(key, int) and 0 <= key < len(into) else NONE, got):
            continue
        if copied and performed:  # the event copies this input into its result: the input decides, whatever was expected
            return where
        changed = copy.deepcopy(data)
        into, key = find(changed)
        into[key] = want
        try:
            other = run(book, changed, edition)
        except ScenarioError:
            continue
        if same_value(_part(other.events[index].result, keys, "", "", quiet=True), want):
            return where
    return None


#: The parts of a result an event copies from a field of its input when it is performed (event
#: kind, result key) → input field: a card moved goes to the zone ``to`` names. (Who controls a card
#: brought into the squad a rule decides, «под своим контролем»: a step's ``decides``.)
_COPIED = {("zone_change", "zone"): "to"}


def _inputs(data: dict[str, Any], full: dict[str, Any], index: int, key: str) -> list[tuple[str, Any, bool]]:
    """The inputs that may give the part ``key`` of event ``index``'s result as written (``data``;
    ``full`` with its defaults and card facts filled in): the event's field of that name; the field
    the event copies into that part (:data:`_COPIED`); a die's unmodified face, its reroll when it
    has one, else its roll; an attack's strength, its ``base`` when given, else the source card's
    strength for the strike the attack is written with (``cards[a].hit[0]`` for a weak one, taken
    from kb/cards.yaml when the file gives none); the zone of a card taken under control, the zone
    the card is listed in. Each is (path, a function from a scenario to the (dict or list, key)
    that holds it, whether the event copies it unchanged — then it decides whatever value was
    expected)."""
    kind = event_kind(data["events"][index])
    body = data["events"][index][kind]
    body = body if isinstance(body, dict) else {}
    found: list[tuple[str, Any, bool]] = [(f"events[{index}].{kind}.{key}", lambda d: (d["events"][index][kind], key), False)]
    field = _COPIED.get((kind, key))
    if field is not None:
        found.append((f"events[{index}].{kind}.{field}", lambda d: (d["events"][index][kind], field), True))
    if kind == "die_roll" and key == "unmodified":
        face = "reroll" if body.get("reroll") is not None else "roll"
        found.append((f"events[{index}].{kind}.{face}", lambda d: (d["events"][index][kind], face), False))
    if kind == "attack" and key == "strength":
        found.extend(_strength_input(full, index))
    card = body.get("card")
    if key in ("zone", "face_up") and isinstance(card, str) and (kind != "bring_into_squad" or body.get("how") == "take_control"):
        found.append((f"cards[{card}].{key}", lambda d: (_card(d, card), key), kind == "bring_into_squad"))
    return found


def _strength_input(full: dict[str, Any], index: int) -> list[tuple[str, Any, bool]]:
    """The input an attack's strength starts from (:func:`_inputs`): its ``base``, else the
    source's ``hit`` for the strike written (put into a scenario that lacks it, from ``full``)."""
    attack = full["events"][index]["attack"]
    if attack.get("base") is not None:
        return [(f"events[{index}].attack.base", lambda d: (d["events"][index]["attack"], "base"), False)]
    source, strike = attack.get("source"), attack.get("strike")
    hit = _card(full, source).get("hit") if isinstance(source, str) else None
    if not isinstance(hit, list) or strike not in STRIKES:
        return []
    place = STRIKES.index(strike)

    def find(d: dict[str, Any]) -> tuple[Any, int]:
        card = _card(d, source)
        card.setdefault("hit", list(hit))
        return card["hit"], place

    return [(f"cards[{source}].hit[{place}]", find, False)]


def _part(value: Any, keys: list[str | int], path: str, what: str, event: tuple[int, str] | None = None,
          quiet: bool = False) -> Any:
    """The part of ``value`` at ``keys`` (``NONE`` when ``quiet`` and it has none)."""
    got = value
    for i, key in enumerate(keys):
        inside = got.get(key, NONE) if isinstance(got, dict) and isinstance(key, str) else \
            got[key] if isinstance(got, list) and isinstance(key, int) and 0 <= key < len(got) else NONE
        if inside is NONE:
            if quiet:
                return NONE
            has: str | int = ", ".join(got) if isinstance(got, dict) else len(got) if isinstance(got, list) else ""
            shown = has if isinstance(has, str) else items(has, _english())
            where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in keys[:i]).lstrip(".") or "its result"
            raise InputError(f"expect {cut(path)}: {what} has no {cut(key)!r} in {cut(where)} "
                             + (f"(it has: {shown})" if shown else "(it has no parts)"),
                             refusal={"kind": "no_result_key", "values": [cut(path), *(event or ("", "")), cut(key), cut(where), has]})
        got = inside
    return got


def _english() -> dict[str, Any]:
    """The English pack: the words of the library's (English) messages."""
    from ..engine.runner import language_pack

    return language_pack("en")


def written_scenario(book: Book, scenario: dict[str, Any] | Path | str) -> dict[str, Any]:
    """The scenario as written (validated; each event one key), from a file or data."""
    data = load_scenario(scenario, book.kb_cards) if isinstance(scenario, (str, Path)) else \
        validate_scenario(scenario, "scenario", book.kb_cards)
    return {**data, "events": [{event_kind(e): e[event_kind(e)]} for e in data["events"]]}


def _without(data: dict[str, Any], index: int, node: ProofNode) -> dict[str, Any] | None:
    """``data`` with the input that step ``node`` of event ``index`` stands for taken out (a modifier,
    the flip, the reroll, a gain's modifiers) or, for a step that blocked an input, what it blocked
    let through (the card of a modifier not applied in the squad — in play and in the squad the
    modifier is for —, the formation a modifier «за строй» needs, the other player active for the
    order of prevention, the holder of an effect that protects only its player's creatures that
    player's); None when the step stands for no such input."""
    changed = copy.deepcopy(data)
    (kind, body), = changed["events"][index].items()
    mods: list[dict[str, Any]] = body.get("modifiers") or []
    if kind in ("die_roll", "attack"):
        body["modifiers"] = mods = [{**m, "id": m.get("id") or f"m{j + 1}"} for j, m in enumerate(mods)]  # ids stay put
    given = node.inputs.get("modifier")
    modifier: dict[str, Any] = given if isinstance(given, dict) else {}
    if node.step == "flipped" or modifier.get("op") == "flip":
        body.update(flip=False, flip_source=None, flip_id=None, first=None)
        body["order"] = [i for i in body.get("order", []) if i != modifier.get("id")]
        for m in mods:
            m["declared"] = "after" if m.get("declared") == "before_flip" else m.get("declared", "after")
    elif node.step == "rerolled":
        body.update(reroll=None, first=None)
        for m in mods:
            m["declared"] = "after" if m.get("declared") == "before_reroll" else m.get("declared", "after")
    elif node.step == "modifier_applied" and modifier.get("op") in ("add", "set", "strike"):
        if not any(m["id"] == modifier.get("id") for m in mods):
            return None
        body["modifiers"] = [m for m in mods if m["id"] != modifier["id"]]
        body["order"] = [i for i in body.get("order", []) if i != modifier["id"]]
    elif node.step == "granted_value" and mods:
        body["modifiers"] = []
    elif node.step in ("modifier_not_applied", "gain_modifier_not_applied") and isinstance(modifier.get("source"), str):
        card = _card(changed, modifier["source"])
        card["zone"] = "battle"  # the card in the squad after all: in play, and in the squad asked about
        if isinstance(node.inputs.get("squad_of"), str):
            card["controller"] = _card(changed, node.inputs["squad_of"]).get("controller", "p1")
    elif node.step == "modifier_formation_gone" and isinstance(body.get("source"), str):
        attacker = _card(changed, body["source"])  # the formation there after all: both in battle, in
        attacker.update(zone="battle", in_formation=True)  # formation, in the attacker's squad
        if isinstance(modifier.get("source"), str) and modifier["source"] != body["source"]:
            _card(changed, modifier["source"]).update(zone="battle", in_formation=True,
                                                      controller=attacker.get("controller", "p1"))
    elif node.step == "prevention_order" and len(node.value or []) > 1:
        changed["active"] = "p2" if changed.get("active", "p1") == "p1" else "p1"  # the other order
    elif node.step == "prevention_not_protected":
        _card(changed, node.inputs["holder"])["controller"] = _card(changed, node.inputs["card"]).get("controller", "p1")
    else:
        return None
    return changed


_CARD_FIELD = re.compile(r"cards\[([^\]]+)\]\.(\w+)")


def _given_from(book: Book, scenario: dict[str, Any] | Path | str, given: str | None) -> dict[str, str] | None:
    """Where the input ``given`` comes from when the scenario does not write it: a card's field
    (``cards[a].hit[1]``) the card as written lacks, taken from the knowledge base's card facts —
    ``{"card": handle, "name": its name, "field": the field, "file": "kb/cards.yaml"}``; else None."""
    m = _CARD_FIELD.match(given or "")
    if m is None:
        return None
    data = scenario_as_written(scenario, book.kb_cards) if isinstance(scenario, (str, Path)) else scenario
    handle, field = m.group(1), m.group(2)
    card = _card(data, handle)
    facts = lookup(book.kb_cards, card["name"]) if isinstance(card.get("name"), str) else None
    if field in card or field not in (facts or {}):  # the file's own, or a default, not a card fact
        return None
    return {"card": handle, "name": card["name"], "field": field, "file": f"{book.kb_dir.name}/cards.yaml"}


def _card(data: dict[str, Any], handle: str) -> dict[str, Any]:
    """The card ``handle`` of the scenario as written (an empty dict when it is not listed)."""
    return next((c for c in data.get("cards") or [] if isinstance(c, dict) and c.get("id") == handle), {})


def because(answer: WhyNot, pack: dict[str, Any]) -> str:
    """A why-not answer in words: «не 3, а 1: по <the deciding unit> — 5 сводится к 1 … → 1
    (применяется последним)», or that the computation agrees — the pack's ``whynot_*`` words
    around the step's own sentence, also the pack's."""
    words = Filler(pack, {c["id"]: c["name"] for c in answer.result.final_state["cards"]})
    shown = {"expected": cut(json.dumps(answer.expected, ensure_ascii=False)),
             "computed": json.dumps(answer.computed, ensure_ascii=False)}
    if answer.given and answer.given_from:
        return words.phrase("whynot_given_card", {**shown, **answer.given_from, "given": str(answer.given)})
    if answer.given:
        return words.phrase("whynot_given", {**shown, "given": str(answer.given)})
    if answer.agrees:
        return words.phrase("whynot_agrees", {**shown, "expect": cut(answer.expect)})
    if answer.step is None:
        return words.phrase("whynot_undecided", shown)
    refs = ", ".join(f"{c.ref()} ({c.edition})" if c.edition else c.ref() for c in answer.deciding)
    by = words.phrase("whynot_by", {"refs": refs}) if refs else words.phrase("whynot_no_cite", {})
    last = " " + words.phrase("whynot_last", {}) if answer.last else ""
    return f"{words.phrase('whynot_head', shown)}: {by} — {step_sentence(answer.step, words)}{last}"
