"""Issue 12, the corners a fresh user found: the zone a card brought into the squad goes to, a card
never in play, a chain of replacements under B, numbers past the contract's bound, the words a
why-not answer cites. Expected values are worked by hand from the rule text (kb/sources), quoted in
each test; none is copied from what the code returns."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenario_parts import card

BOUND = 10**6  # docs/scenarios.md, "Numbers": no number of a scenario past 10^6 in magnitude


def _fold(text):
    return " ".join((text or "").lower().replace("ё", "е").split())


# --- numbers past the bound (the contract, every numeric field alike) -------------------------------

#: Every numeric field of the contract, as (where the number goes, the field path the error names).
NUMERIC = [
    (lambda s, n: s["cards"][0].update(wounds=n), "cards[0].wounds"),
    (lambda s, n: s["cards"][0].update(hit=[1, n, 3]), "cards[0].hit[1]"),
    (lambda s, n: s["cards"][0].update(features=[{"name": "Броня", "value": n}]), "cards[0].features[0].value"),
    (lambda s, n: s["cards"][0].update(acquired=[{"name": "Броня", "value": n}]), "cards[0].acquired[0].value"),
    (lambda s, n: s["cards"][0].update(grants=[{"name": "Броня", "value": n}]), "cards[0].grants[0].value"),
    (lambda s, n: s["cards"][0].update(effects=[{"id": "e", "type": "prevent", "amount": n}]), "cards[0].effects[0].amount"),
    (lambda s, n: s["events"].append({"attack": {"source": "a", "target": "b", "base": n}}), "events[0].attack.base"),
    (lambda s, n: s["events"].append({"attack": {"source": "a", "target": "b", "modifiers": [
        {"source": "a", "op": "add", "value": n}]}}), "events[0].attack.modifiers[0].value"),
    (lambda s, n: s["events"].append({"die_roll": {"roller": "a", "roll": 3, "modifiers": [
        {"source": "a", "op": "add", "value": n}]}}), "events[0].die_roll.modifiers[0].value"),
    (lambda s, n: s["events"].append({"die_roll": {"roller": "a", "roll": 3, "modifiers": [
        {"source": "a", "op": "set", "value": n}]}}), "events[0].die_roll.modifiers[0].value"),
    (lambda s, n: s["events"].append({"gain_feature": {"card": "a", "name": "Броня", "value": n}}), "events[0].gain_feature.value"),
    (lambda s, n: s["events"].append({"gain_feature": {"card": "a", "name": "Отравление", "value": 1, "source": "b",
                                                       "modifiers": [{"source": "b", "value": n}]}}),
     "events[0].gain_feature.modifiers[0].value"),
    (lambda s, n: s["events"].append({"wounds": {"card": "a", "amount": n, "attack": "strike"}}), "events[0].wounds.amount"),
    (lambda s, n: s["events"].append({"effect": {"card": "a", "kind": "heal", "amount": n}}), "events[0].effect.amount"),
    (lambda s, n: s.update(expect={"features": {"a": {"Броня": n}}}), "expect.features.a.Броня"),
]


def _base():
    return {"edition": "A", "cards": [card("a"), card("b", "p2")], "events": []}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(range(len(NUMERIC))),
       st.integers(min_value=BOUND + 1, max_value=10**40) | st.integers(min_value=-(10**40), max_value=-BOUND - 1))
def test_a_number_past_the_bound_is_refused_naming_the_field(kb, which, n):
    """10^29 wounds, a strike of 10^40, a set-to of 10^30: no field holds a number past 10^6 in
    magnitude — one line naming the field, as a die face of 7 («a die shows a face, 1–6»)."""
    from berserk_kb import ScenarioError

    put, field = NUMERIC[which]
    s = _base()
    put(s, n)
    s["events"] = s["events"] or [{"end_of_game": {}}]
    with pytest.raises(ScenarioError) as exc:
        kb.why(s)
    message = str(exc.value)
    assert f"field {field}" in message and "\n" not in message
    assert str(BOUND) in message or "greater than or equal to" in message or "less than or equal to" in message


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from([0, 1, 4, 6, 10_000, BOUND]))
def test_a_number_at_the_bound_is_not_refused_for_its_size(kb, n):
    """The bound is the largest number taken: 10^6 wounds are dealt and counted as 10^6 (fragment
    003 «Предотвращение используется всегда после вычисления окончательного значения наносимого
    урона»: no prevention here, so all of them)."""
    s = _base()
    s["events"].append({"wounds": {"card": "a", "amount": n, "attack": "strike"}})
    assert kb.why(s).events[0].result["wounds"] == n
