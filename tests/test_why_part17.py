"""Issue 12, what a fresh user found (fu12j W2, W5–W7, W9, W13–W16, W19). Expected values are worked
by hand from the rule text (kb/sources) or the contract (docs/scenarios.md), quoted in each test;
none is copied from what the code returns."""

from __future__ import annotations

import re

import pytest

from berserk_kb.errors import ScenarioError
from scenario_parts import EXAMPLES, SCENARIOS, card, steps

POISON = {"name": "Отравление", "value": 1, "source": "s"}


def _refused(kb, scenario):
    with pytest.raises(ScenarioError) as info:
        kb.why(scenario)
    return info.value


# --- W13: a card outside the play zone holds nothing only a card in play holds -----------------------


@pytest.mark.parametrize("zone, extra, field", [
    ("hand", {"wounds": 2}, "wounds"),
    ("graveyard", {"tapped": True}, "tapped"),
    ("deck", {"in_formation": True}, "in_formation"),
    ("hand", {"acquired": [POISON]}, "acquired"),
    ("hand", {"wounds": 2, "tapped": True}, "wounds"),  # the first of them is named
])
def test_a_card_outside_play_with_what_only_play_gives_is_refused(kb, zone, extra, field):
    """A: a card comes back from the graveyard, the deck or the hand only as one taken from there
    and put into the play zone (517.4 «Возродить карту – это извлечь её с кладбища и поместить в
    игровую зону», 517.3, «розыгрыш карты из руки в игровую зону»); what it had in play (wounds, being
    tapped, a formation, what it acquired) goes when it leaves (docs/scenarios.md). So no card in the
    hand, the deck or the graveyard has them: such a start is refused, naming the card and the field."""
    exc = _refused(kb, {"edition": "A", "cards": [card("h", zone=zone, **extra), card("s", "p2")],
                        "events": [{"end_of_turn": {}}]})
    assert exc.field == f"cards[0].{field}"
    assert exc.refusal["kind"] == "held_outside_play_read"
    assert exc.refusal["values"][:3] == ["h", zone, field]


def test_a_card_in_play_or_outside_play_without_them_is_accepted(kb):
    """The same fields on a card in the battle zone, and a card in the hand without them, are a state
    of the game: the run goes on (a wound needs a card in play: 516.1 is about creatures in play)."""
    r = kb.why({"edition": "A", "cards": [card("b", wounds=2, tapped=True, acquired=[POISON]), card("s", "p2"),
                                          card("h", zone="hand")],
                "events": [{"die_roll": {"roller": "b", "roll": 3}}]})
    cards = {c["id"]: c for c in r.final_state["cards"]}
    assert (cards["b"]["wounds"], cards["b"]["tapped"], cards["h"]["wounds"]) == (2, True, 0)


# --- W14, W15, W16, W2: shapes ------------------------------------------------------------------------


def test_plus_n_to_a_feature_without_a_value_is_a_refusal(kb):
    """ПРИМЕР «"+1 к Отравлению", это означает, что теперь вместо особенности "Отравление 1" у него
    особенность "Отравление 2"»: «+N к X» adds to X's value. «Магия крови» has none: refused as a
    refusal kind naming the event and the feature, not a raw Prolog error."""
    exc = _refused(kb, {"edition": "A", "cards": [card("v", features=[{"name": "Магия крови"}]), card("s", "p2")],
                        "events": [{"gain_feature": {"card": "v", "name": "Магия крови", "value": 1, "op": "add",
                                                     "source": "s"}}]})
    assert exc.field == "events[0].gain_feature" and exc.refusal["kind"] == "add_to_valueless"
    assert "Магия крови" in str(exc) and "Domain error" not in str(exc)


def test_a_name_mixing_latin_and_cyrillic_letters_is_refused(kb):
    """«Отравлениe» with a Latin «e» looks like «Отравление» and would be a second feature beside it."""
    exc = _refused(kb, {"edition": "A", "cards": [card("v", features=[{"name": "Отравление", "value": 2}]),
                                                  card("s", "p2")],
                        "events": [{"gain_feature": {"card": "v", "name": "Отравлени\u0065", "value": 1,
                                                     "source": "s"}}]})
    assert exc.field == "events[0].gain_feature.name" and "mixes Latin letters (e)" in str(exc)


@pytest.mark.parametrize("handle, ok", [("King", True), ("_y", True), ("a-1", True),
                                         ("1a", False), ("-x", False), ("кор", False)])
def test_the_card_handle_rule_is_the_one_the_message_and_docs_state(kb, handle, ok):
    """docs/scenarios.md and the message: a Latin letter or _, then Latin letters, digits, _ or -."""
    scenario = {"edition": "A", "cards": [card(handle)], "events": [{"die_roll": {"roller": handle, "roll": 3}}]}
    if ok:
        assert kb.why(scenario).final_state["cards"][0]["id"] == handle
    else:
        assert "a handle (id) starts with a Latin letter or _" in str(_refused(kb, scenario))
    docs = (SCENARIOS.parents[1] / "docs" / "scenarios.md").read_text(encoding="utf-8")
    assert "a Latin letter or _, then up to 63" in docs


def test_a_card_cannot_attack_itself(kb):
    """As `approach {card: a, to: a}` is refused («a card cannot stand next to itself»): 519.3's groups
    «от карт из отряда источника» and «от карт из отряда цели» would both hold every other card."""
    exc = _refused(kb, {"edition": "A", "cards": [card("a")], "events": [{"attack": {"source": "a", "target": "a"}}]})
    assert exc.field == "events[0].attack" and "cannot attack itself" in str(exc)


# --- W19, W7: what if ------------------------------------------------------------------------------


def test_a_what_if_error_names_the_event_by_its_index_as_written(kb):
    """approach-and-leave.yaml: events[0] is the approach, events[1] the leave. With the approach
    taken out, the leave steps away from nothing: refused — that is events[1] of the file."""
    with pytest.raises(ScenarioError) as info:
        kb.what_if(SCENARIOS / "approach-and-leave.yaml", ["events[0]=null"])
    assert info.value.event == 1 and info.value.field.startswith("events[1].leave")
    assert "field events[1].leave" in str(info.value) and "events[0].leave" not in str(info.value)


def test_an_edition_change_lists_every_event_whose_cited_units_differ(kb):
    """A-feature-replacement-ex1: A cites «Замещение особенности - это…» (A), B its 518.8 ПРИМЕР 2
    («существо с особенностью "Регенерация 2" не может получить…»). The results are the same, the
    units each step cites are not: both events are listed with their steps (docs: «…when its result or
    the units it cites differ»), not «без изменений»."""
    w = kb.what_if(EXAMPLES / "A-feature-replacement-ex1-regeneration.yaml", ["edition=B"])
    assert len(w.events) == 2
    for ev in w.events:
        assert ev.steps_before and ev.steps_after
        assert {c.edition for n in ev.steps_before for c in n.cites} == {"A"}
        assert "518.8" in {c.number for n in ev.steps_after for c in n.cites}


def test_an_unchanged_what_if_still_says_unchanged(kb):
    """Setting a field to the value it has changes no step: nothing is listed (the test above can fail)."""
    w = kb.what_if(SCENARIOS / "die-roll-editions-differ.yaml", ["events[0].die_roll.roll=4"])
    assert all(ev.same and not ev.steps_before and not ev.steps_after for ev in w.events)


# --- W5, W6, W9: steps that say where a card is ------------------------------------------------------


def test_creating_a_card_in_the_hand_says_where_it_is(kb):
    """517.6 «Создать карту - это положить в игру карту из списка карт в части 8»: a card in the hand is
    already in the game; the step says where it is (the pack's zone words, «в руке»)."""
    r = kb.why({"edition": "A", "cards": [card("h", name="рыцарь", zone="hand")],
                "events": [{"bring_into_squad": {"card": "h", "how": "create", "player": "p1"}}]})
    node = next(n for n in steps(r.events[0].explanation) if n.step == "not_performed")
    assert node.inputs["zone"] == "hand"
    from berserk_kb.render.why import why_text
    text = why_text(r, "ru", pack=kb.language_pack("ru"))
    assert "карта уже в партии (в руке)" in text and "уже в игре" not in text


@pytest.mark.parametrize("edition, zone, number, label", [("A", "hand", "518.3", "в"), ("B", "graveyard", "519.3", "c")])
def test_an_opponents_card_out_of_play_gives_its_modifier_with_a_step_that_says_so(kb, edition, zone, number, label):
    """A 518.3 в) / B 519.3 c. «модификаторы, полученные от карт противника игрока, бросающего кубик»
    says no «из отряда» (unlike а) / a.): the foe's «сводится к 1» applies from the hand or the graveyard
    (4 +1 → 5 → 1 in A; 4 → 1 → +1 = 2 in B), and a step names where the card is and cites that item."""
    s = {"edition": edition, "cards": [card("roller"), card("ally"), card("foe", "p2", zone=zone)],
         "events": [{"die_roll": {"roller": "roller", "roll": 4, "modifiers": [
             {"source": "ally", "op": "add", "value": 1}, {"source": "foe", "op": "set", "value": 1}]}}]}
    ev = kb.why(s).events[0]
    assert ev.result["value"] == (1 if edition == "A" else 2)
    node = next(n for n in steps(ev.explanation) if n.step == "opponent_card_away")
    assert node.inputs["zone"] == zone
    assert [(c.number, c.label) for c in node.cites] == [(number, label)]
    assert "от карт противника" in node.cites[0].text


def test_end_of_game_says_that_removing_from_every_zone_is_the_engines_reading(kb):
    """517.6.1 «После окончания партии необходимо убрать из колоды все созданные карты»: the deck's
    created card (t2) is what the text names; those in the hand (t1), on the graveyard (t3) and in
    battle (t4) are removed by the engine's reading, in an uncited step that says so — naming them by
    their names, though the final state no longer holds them."""
    r = kb.why({"edition": "A", "cards": [card("t1", name="токен1", created=True, zone="hand"),
                                          card("t2", name="токен2", created=True, zone="deck"),
                                          card("t3", name="токен3", created=True, zone="graveyard"),
                                          card("t4", name="токен4", created=True)],
                "events": [{"end_of_game": {}}]})
    ev = r.events[0]
    assert ev.result["removed"] == ["t1", "t2", "t3", "t4"]
    node = next(n for n in steps(ev.explanation) if n.step == "created_removed_elsewhere")
    assert node.inputs["cards"] == ["t1", "t3", "t4"] and node.cites == ()
    from berserk_kb.render.why import why_text
    text = why_text(r, "ru", pack=kb.language_pack("ru"))
    assert re.search(r"«токен1», «токен3», «токен4» не в колоде, но тоже убираются: .*так его читает движок", text)
    assert "убраны «токен1», «токен2», «токен3», «токен4»" in text
    assert "names" not in r.to_json()
