"""The why page's situation form: the scenario it describes (up to :data:`FORM_CARDS` cards and
:data:`FORM_EVENTS` events, in order), and the names of its event kinds in the interface's language."""

from __future__ import annotations

import re
from typing import Any

from ..errors import ScenarioError
from ..explain.sentences import Filler
from .reading import Reading

#: The event kinds the situation form builds (any kind can be written in the editor).
FORM_KINDS = ("die_roll", "attack", "wounds", "gain_feature", "lose_features")
FORM_CARDS, FORM_EVENTS = 6, 4
#: Each event kind's fields: the scenario's name → the form's (prefixed ``ev2_``, ``ev3_``, … after the first event).
FIELDS = {
    "die_roll": {"roller": "roll_roller", "roll": "roll_value", "reroll": "roll_reroll"},
    "attack": {"source": "att_source", "target": "att_target", "strike": "att_strike", "base": "att_base"},
    "wounds": {"card": "w_card", "amount": "w_amount", "source": "w_source", "attack": "w_attack"},
    "gain_feature": {"card": "g_card", "name": "g_name", "value": "g_value", "source": "g_source", "op": "g_op"},
    "lose_features": {"card": "l_card", "which": "l_which", "duration": "l_duration"},
}
_NUMERIC = {"roll", "reroll", "base", "amount", "value"}


def _number(value: str) -> Any:
    """A form value as a whole number when it is one, else the text as typed (so that the schema
    names the field that should be a number)."""
    v = value.strip()
    return int(v) if re.fullmatch(r"-?\d{1,6}", v) else v


def _features(text: str) -> list[dict[str, Any]]:
    """``Строй; Регенерация 2`` → ``[{name: Строй}, {name: Регенерация, value: 2}]``."""
    out = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        m = re.fullmatch(r"(.+?)\s+(-?\d{1,6})", part)
        out.append({"name": m.group(1), "value": int(m.group(2))} if m else {"name": part})
    return out


def _modifiers(text: str, field: str) -> list[dict[str, Any]]:
    """A line each: ``king add 1``, ``foe set 1``, ``wolf strike weak``.

    Raises:
        ScenarioError: a line is not «source op value» (names the line).
    """
    out = []
    for n, line in enumerate(t for t in text.splitlines() if t.strip()):
        parts = line.split()
        if len(parts) != 3:
            raise ScenarioError(f"form: field {field}, line {n + 1}: expected «source op value», e.g. «king add 1»",
                                path="form", field=field,
                                refusal={"kind": "form_modifier_line", "values": [field, n + 1]})
        out.append({"source": parts[0], "op": parts[1], "value": _number(parts[2])})
    return out


def from_form(form: dict[str, str], editions: list[str]) -> dict[str, Any]:
    """The scenario the situation form describes (see ``why.html``): up to :data:`FORM_CARDS`
    cards and :data:`FORM_EVENTS` events of :data:`FORM_KINDS` (the first event's fields are
    ``kind``, ``roll_value``, …; a later one's are prefixed ``ev2_``, …, and it is left out when
    its kind is empty), under the first of the editions ticked (``e``: ``A,B`` computes
    and compares both), else the first of the rulebook's ``editions``. Empty fields are left out,
    so the schema's defaults apply.

    Raises:
        ScenarioError: an unknown event kind, or a modifier line that cannot be read.
    """
    def get(key: str) -> str:
        return form.get(key, "").strip()

    cards = []
    for n in range(1, FORM_CARDS + 1):
        if not get(f"c{n}_id"):
            continue
        card: dict[str, Any] = {"id": get(f"c{n}_id"), "controller": get(f"c{n}_controller") or "p1"}
        if get(f"c{n}_name"):
            card["name"] = get(f"c{n}_name")
        if get(f"c{n}_features"):
            card["features"] = _features(get(f"c{n}_features"))
        cards.append(card)
    events = []
    for n in range(1, FORM_EVENTS + 1):
        pre = "" if n == 1 else f"ev{n}_"
        kind = get(pre + "kind") or ("die_roll" if n == 1 else "")
        if not kind:  # a later event whose kind is «—»: no event
            continue
        fields = FIELDS.get(kind)
        if fields is None:
            said = [pre + "kind", repr(kind[:40]), ", ".join(FORM_KINDS)]
            raise ScenarioError("form: field {}: unknown event kind {} (one of {})".format(*said),
                                path="form", field=pre + "kind", refusal={"kind": "form_event_kind", "values": said})
        body: dict[str, Any] = {k: (_number(get(pre + f)) if k in _NUMERIC else get(pre + f))
                                for k, f in fields.items() if get(pre + f)}
        if kind == "die_roll" and get(pre + "roll_flip"):
            body["flip"] = True
        mods = {"die_roll": "roll_mods", "attack": "att_mods"}.get(kind)
        if mods and get(pre + mods):
            body["modifiers"] = _modifiers(get(pre + mods), pre + mods)
        events.append({kind: body})
    ticked = [e for e in get("e").split(",") if e.strip()]
    scenario: dict[str, Any] = {"edition": (ticked or editions)[0].strip()}
    if get("title"):
        scenario["title"] = get("title")
    scenario.update({"cards": cards, "events": events})
    return scenario


def form_kinds(reading: Reading, lang: str) -> list[dict[str, str]]:
    """The event kinds of the form, each with the language pack's name for it (``бросок кубика``)."""
    words = Filler(reading.kb.language_pack("en" if lang == "en" else "ru"), {})
    return [{"value": k, "label": words.label("events", k)} for k in FORM_KINDS]


def form_text(scenario: dict[str, Any]) -> str:
    """The scenario of the form as YAML, to show and edit in the editor."""
    import yaml

    return yaml.safe_dump(scenario, allow_unicode=True, sort_keys=False, width=100)
