"""Why did this happen, part 11: the sixth fresh user's findings on issue 12 (why-not departing at a
modifier that was not applied, taking control of a card in formation, an end of turn where nothing
ends, values straight from the input, repeated options, the why-not JSON, minor wording).

Every expected value is worked by hand from the rule text quoted in the test's docstring, never read
from what the code returns."""

from __future__ import annotations

import pytest

from scenario_parts import EXAMPLES, card

BASAARG = card("basaarg", name="Гном-Басаарг", in_formation=True)
KING = card("king", name="Гномий Король", in_formation=False)
FOE = card("foe", "p2", name="существо противника")


def _king_apart():
    """Басаарг in formation attacks with a medium strike (3); the King, whose +1 is «за строй с
    Гномьим Королём», stands in no formation."""
    return {"edition": "A", "cards": [BASAARG, KING, FOE],
            "events": [{"attack": {"source": "basaarg", "target": "foe", "strike": "medium",
                                   "modifiers": [{"source": "king", "op": "add", "value": 1,
                                                  "while": "formation"}]}}]}


def test_why_not_4_departs_where_the_formation_modifier_is_not_applied(kb):
    """519.3 ПРИМЕР: «Гном-Басаарг в строю с Гномьим Королём атакует средним ударом … вначале получит
    +1 к удару за строй с Гномьим Королём». Medium strike 3, the King not in formation: the +1 is
    not applied, strength 3. Expected 4 = 3 + 1: the step that departs is the one that decided the
    +1 does not apply (modifier_formation_gone, citing that ПРИМЕР) — with it applied the attack
    gives 4 —, not the base strike value (was: the strike value, citing «Сведение атаки…»)."""
    wn = kb.why_not(_king_apart(), "events[0].strength=4")
    assert (wn.computed, wn.agrees) == (3, False)
    assert wn.step.step == "modifier_formation_gone"
    assert [c.id for c in wn.deciding] == ["A:519.3/ex1"]
    assert "Гномьим Королём" in wn.deciding[0].text and "не стоит в строю" in wn.because


def test_why_not_2_departs_where_a_gain_modifier_from_another_squad_is_not_applied(kb):
    """«Замещение особенности…» ПРИМЕР: «Если же в отряде есть ещё Менгир Каррефура, то при заявке
    Бокора на отравление Вайла на 1, Менгир может усилить отравление на 1, и Вайл получит Отравление
    2». Менгир stands in Вайл's squad (p1), Бокор is p2's: Менгир is not in Бокор's squad, the +1 is
    not applied, Вайл gets Отравление 1. Expected 2: the departing step is the one that left the +1
    out because Менгир is not in Бокор's squad (gain_modifier_not_applied) — in Бокор's squad it
    gives 1 + 1 = 2 — not «особенности не было: она получена»."""
    data = {"edition": "A", "cards": [card("bokor", "p2", name="Бокор"),
                                      card("mengir", name="Менгир Каррефура"), card("vail", name="Вайл")],
            "events": [{"gain_feature": {"card": "vail", "name": "Отравление", "value": 1, "source": "bokor",
                                         "modifiers": [{"source": "mengir", "value": 1}]}}]}
    wn = kb.why_not(data, "events[0].value=2")
    assert (wn.computed, wn.agrees) == (1, False)
    assert wn.step.step == "gain_modifier_not_applied"
    assert any("Менгир может усилить отравление на 1" in c.text for c in wn.deciding)


def _taken_then_rolled():
    """p1 takes control of p2's creature in battle, then p1's roller rolls 3 with its own +1."""
    return {"edition": "A", "cards": [card("roller", name="бросающий"), card("theirs", "p2", name="существо противника")],
            "events": [{"bring_into_squad": {"card": "theirs", "how": "take_control", "player": "p1"}},
                       {"die_roll": {"roller": "roller", "roll": 3,
                                     "modifiers": [{"source": "roller", "op": "add", "value": 1}]}}]}


@pytest.mark.parametrize("expect, given", [("events[1].unmodified=4", "events[1].die_roll.roll")])
def test_why_not_a_value_straight_from_the_input_names_the_input(kb, expect, given):
    """518.3: the unmodified face is what the die shows («на кубике выпало 3»), before any modifier.
    No rule changes it: «не 4, а 3» is the input's own — the answer names the input path («так задано
    во входных данных (…)»), as for a strike, not a paragraph that decides nothing here (was:
    «Когда бросок кубика заносится…»). (The zone of a card taken under control: the take-control rule
    decides that it stays, tests/test_why_issue12_q.py.)"""
    wn = kb.why_not(_taken_then_rolled(), expect)
    assert wn.agrees is False and wn.step is None and wn.given == given
    assert f"так задано во входных данных ({given})" in wn.because


def test_a_repeated_expect_or_set_path_is_refused(cli):
    """A question asked twice is not answered last-wins: a second --expect, or one --set path given
    two values, is refused with one line and exit 2 (issue 12: «refuse it with an error, never
    ignore it»)."""
    example = str(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml")
    r = cli("why", example, "--expect", "events[0].strength=4", "--expect", "events[0].strike=weak",
            "--lang", "en")
    assert r.exit_code == 2 and "--expect is given 2 times" in r.stderr and r.stdout == ""
    r = cli("why", example, "--set", "events[0].attack.strike=weak", "--set", "events[0].attack.strike=strong",
            "--lang", "en")
    assert r.exit_code == 2 and "given twice" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_the_library_why_not_json_is_the_cli_json(kb, cli):
    """docs/scenarios.md lists the why-not JSON as {"edition", "expect", …, "given"}, and says the
    library's to_json() is the same: the medium strike of Гном-Басаарг asked «why not weak» is the
    input (events[0].attack.strike), edition A."""
    import json

    example = str(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml")
    lib = kb.why_not(example, "events[0].strike=weak").to_json()
    r = cli("why", example, "--expect", "events[0].strike=weak", "--json")
    assert json.loads(r.stdout) == json.loads(json.dumps(lib, ensure_ascii=False, default=str))
    assert next(iter(lib)) == "edition" and lib["edition"] == "A" and lib["given"] == "events[0].attack.strike"


def _basaarg_with_kings(king_controller="p1", granted=True):
    """Басаарг (p1) and the King in formation; Басаарг holds «Опыт в защите 1» while in formation
    with the King (a grant of the King's static feature) — unless not `granted`: edition A's data has
    no rule of what a card holds in formation, and refuses the grant (fu12r 8)."""
    grant = [{"name": "Опыт в защите", "value": 1, "while": "formation", "source": "king"}] if granted else []
    return [card("king", king_controller, name="Гномий Король", in_formation=True),
            card("basaarg", name="Гном-Басаарг", in_formation=True, grants=grant)]


@pytest.mark.parametrize("event", [{"bring_into_squad": {"card": "king", "how": "take_control", "player": "p2"}},
                                   {"bring_into_squad": {"card": "basaarg", "how": "take_control", "player": "p2"}},
                                   {"lose_control": {"card": "basaarg", "can_join_opponent": True}}])
def test_under_a_a_change_of_controller_of_a_card_bound_to_a_formation_is_refused(kb, event):
    """A: «Взять карту под контроль – это стать игроком, контролирующим эту карту»; its only words on
    «строй» are the 519.3 ПРИМЕР of the attack-modifier order — nothing says what a change of
    controller does to a formation (whether Басаарг keeps «Опыт в защите 1 [от Гномий Король, в
    строю]», whether a taken card stands in formation with its new squad). Taking (or losing)
    control of the King (who gives the grant) or of Басаарг (in formation, holding it) is refused
    with one line naming the edition, not computed half-way (was: the grant kept while the attack
    said the King is not in formation with him; a taken card in formation with the new King)."""
    from berserk_kb import ScenarioError

    data = {"edition": "A", "cards": _basaarg_with_kings(granted=False), "events": [event]}
    with pytest.raises(ScenarioError) as err:
        kb.why(data)
    assert "says nothing of what a change of controller does to a formation" in str(err.value)
    assert "events[0]" in str(err.value) and "\n" not in str(err.value)


def test_in_formation_with_is_one_test_for_a_grant_and_a_modifier(kb):
    """«в строю с» is one squad's formation (519.3 ПРИМЕР «Гном-Басаарг в строю с Гномьим
    Королём»; B 540.4 ○ «согласно тексту той карты»): a King of another player, standing in a
    formation of his own squad, is not in formation with Басаарг. Under A his +1 «за строй» to
    Басаарг's attack is not applied (3, medium); under B Басаарг forming a formation does not get
    the King's «Опыт в защите 1» — both for the one reason giver_not_in_formation (was: the grant
    given, the King's controller never compared)."""
    a = kb.why({"edition": "A", "cards": [*_basaarg_with_kings("p2", granted=False), card("foe", "p2", name="существо")],
                "events": [{"attack": {"source": "basaarg", "target": "foe", "strike": "medium",
                                       "modifiers": [{"source": "king", "op": "add", "value": 1, "while": "formation"}]}}]})
    assert a.events[0].result["strength"] == 3
    gone = next(n for n in a.events[0].explanation.walk() if n.step == "modifier_formation_gone")
    cards = _basaarg_with_kings("p2")
    cards[1]["in_formation"] = False
    b = kb.why({"edition": "B", "cards": cards, "events": [{"formation": {"card": "basaarg", "in": True}}]})
    not_given = next(n for n in b.events[0].explanation.walk() if n.step == "formation_grant_not_given")
    assert gone.inputs["reason"] == not_given.inputs["reason"] == "giver_not_in_formation"
    final = next(c for c in b.final_state["cards"] if c["id"] == "basaarg")
    assert "Опыт в защите" not in [f["name"] for f in final["features"]]


def test_two_cards_of_one_name_are_told_apart_by_their_handles(kb):
    """Two «Гномий Король» (king of p1, k2 of p2): a step that names one says which — «Гномий
    Король» (k2) —, a card with a name of its own keeps just its name («Гном-Басаарг»)."""
    data = {"edition": "A", "cards": [card("basaarg", name="Гном-Басаарг", in_formation=True),
                                      card("king", name="Гномий Король", in_formation=True),
                                      card("k2", "p2", name="Гномий Король", in_formation=True),
                                      card("foe", "p2", name="существо")],
            "events": [{"attack": {"source": "basaarg", "target": "foe", "strike": "medium",
                                   "modifiers": [{"source": "k2", "op": "add", "value": 1, "while": "formation"}]}}]}
    wn = kb.why_not(data, "events[0].strength=4")
    assert "«Гномий Король» (k2) не стоит в строю с атакующим" in wn.because
    assert "«Гном-Басаарг» (" not in wn.because


def test_a_strengthened_plus_is_worded_as_one(kb):
    """«Замещение особенности…» ПРИМЕР: «Менгир может усилить отравление на 1». Вайл holds
    Отравление 1; «+1 к Отравлению» strengthened by Менгир's +1 is a plus of 2: Отравление 3. Asked
    «why not 2», the step says the plus +1 was strengthened to +2 — not «1 +1 … → 2», which read as
    contradicting «а 3»."""
    data = {"edition": "A", "cards": [card("bokor", "p2", name="Бокор"), card("mengir", "p2", name="Менгир Каррефура"),
                                      card("vail", name="Вайл", features=[{"name": "Отравление", "value": 1}])],
            "events": [{"gain_feature": {"card": "vail", "name": "Отравление", "value": 1, "source": "bokor", "op": "add",
                                         "modifiers": [{"source": "mengir", "value": 1}]}}]}
    wn = kb.why_not(data, "events[0].value=2")
    assert wn.computed == 3
    assert "прибавка +1 усилена до +2: +1 от «Менгир Каррефура»" in wn.because and "→ 2" not in wn.because


def test_the_base_strike_value_is_input_and_cites_nothing(kb):
    """No unit gives a card's strike values; 519.3 «Сведение атаки к слабой/средней/сильной является
    модификатором атаки» is about reducing a strike. Гном-Басаарг's medium strike 3 is the input
    (its hit), said so, citing nothing."""
    data = _king_apart()
    node = next(n for n in kb.why(data).events[0].explanation.walk() if n.step == "strike_value")
    assert (node.value, node.cites) == (3, ())


def test_an_end_of_turn_under_a_is_refused_in_words(kb):
    """A's loaded text says nothing of «до конца хода» (B 518.8 ПРИМЕР 1 does): the refusal names
    the rule in words, not the atom «condition ended»."""
    from berserk_kb import ScenarioError

    with pytest.raises(ScenarioError) as err:
        kb.why({"edition": "A", "cards": [card("c")], "events": [{"end_of_turn": {}}]})
    assert "a feature held until the end of the turn ending when a turn ends" in str(err.value)
    assert "condition ended" not in str(err.value)


def test_wounds_without_a_source_say_so(kb):
    """A wounds event with no source: the step says «источник не указан», not «от —»."""
    r = kb.why({"edition": "A", "cards": [card("d", name="защитник")],
                "events": [{"wounds": {"card": "d", "amount": 3, "attack": "strike"}}]})
    from berserk_kb.explain.sentences import Filler, step_sentence

    text = step_sentence(r.events[0].explanation, Filler(kb.language_pack("ru"), {"d": "защитник"}))
    assert "источник не указан" in text and "от —" not in text
