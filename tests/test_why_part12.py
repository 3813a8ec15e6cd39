"""Why did this happen, part 12: the seventh fresh user's findings on issue 12 (why-not at a value
the event copies from its input, impossible expectations of every part, what-if that takes out an
event, adjacency under B, minor wording).

Every expected value is worked by hand from the rule text quoted in the test's docstring, never read
from what the code returns."""

from __future__ import annotations

import pytest

from scenario_parts import card


def _moved_and_revived():
    """p1 takes control of p2's creature lying in the play zone; p1's guard goes to the graveyard
    and is revived by p1."""
    return {"edition": "A", "cards": [card("theirs", "p2", name="существо противника", zone="play"),
                                      card("guard", name="защитник")],
            "events": [{"bring_into_squad": {"card": "theirs", "how": "take_control", "player": "p1"}},
                       {"zone_change": {"card": "guard", "to": "graveyard"}},
                       {"bring_into_squad": {"card": "guard", "how": "revive", "player": "p1"}}]}


@pytest.mark.parametrize("expect, given", [
    ("events[1].zone=battle", "events[1].zone_change.to"),
    ("events[1].zone=hand", "events[1].zone_change.to")])
def test_why_not_a_value_the_event_copies_from_its_input_names_the_input(kb, expect, given):
    """A card moved «to: graveyard» is in the graveyard because the input says so: the input's own,
    whatever value was expected: the answer names the input («так задано во входных данных (…)»),
    never a step that did not decide it (was: the prevention line «Если карта – источник…» for the
    zone of event 1). The zone of a card taken under control the take-control rule keeps
    (tests/test_why_issue12_q.py); its controller a rule decides (tests/test_why_part13.py)."""
    wn = kb.why_not(_moved_and_revived(), expect)
    assert wn.agrees is False and wn.step is None and wn.given == given
    assert f"так задано во входных данных ({given})" in wn.because


def _prevented():
    """p2's attacker deals 2 wounds to p1's guard, which has «следующие 4 раны» prevention."""
    return {"edition": "A", "cards": [card("guard", name="защитник", effects=[{"id": "next4", "type": "prevent", "amount": 4}]),
                                      card("attacker", "p2", name="атакующий")],
            "events": [{"wounds": {"card": "guard", "amount": 2, "source": "attacker", "attack": "strike"}}]}


@pytest.mark.parametrize("expect, why", [
    ("events[0].wounds=-1", "an amount of wounds is a whole number, 0 or more"),
    ("events[0].wounds=2.5", "an amount of wounds is a whole number, 0 or more"),
    ("events[0].prevented=-5", "an amount of wounds prevented is a whole number, 0 or more"),
    ("events[0].remaining.next4=-1", "what a prevention effect has left is a whole number, 0 or more")])
def test_an_impossible_count_is_refused(kb, expect, why):
    """Wounds are counted («предотвращает … ран»): an amount is a whole number, never negative —
    the scenario refuses wounds −1 and 2.5 as input. An expectation no computation can meet is
    refused naming the path and why, as a die face of 7 is (was: answered «не -1, а 0: по …»)."""
    from berserk_kb import InputError

    with pytest.raises(InputError, match=rf"expect {expect.partition('=')[0].replace('[', '.').replace(']', '.')}.*impossible: {why}"):
        kb.why_not(_prevented(), expect)


@pytest.mark.parametrize("expect, why", [("events[0].zone=moon", "a zone is one of battle, play, hand"),
                                         ("events[0].controller=p3", "a controller is one of the players, p1, p2")])
def test_an_unknown_zone_or_player_is_refused(kb, expect, why):
    """The scenario's zones are battle, play, hand, deck, graveyard, outside and its players p1, p2:
    a card taken under control can be in no zone «moon» nor under a player p3 (was: «не "moon", а
    "play": по 517.5 …»)."""
    from berserk_kb import InputError

    with pytest.raises(InputError, match=why):
        kb.why_not(_moved_and_revived(), expect)


def test_a_negative_gain_value_is_refused_where_the_edition_has_none(kb):
    """B 518.8 «если значение особенности … становится отрицательным, оно считается равным 0»;
    edition A's loaded text says nothing of a negative value, and a scenario giving one is refused
    under A. So under A «Отравление −1» is no value a gain can have: refused, naming B 518.8 as
    where a negative value is stated; under B a −1 is a value the card can be given (it works as 0)."""
    from berserk_kb import InputError

    gain = {"cards": [card("vail", name="Вайл")],
            "events": [{"gain_feature": {"card": "vail", "name": "Отравление", "value": 1}}]}
    with pytest.raises(InputError, match=r"expect events\[0\]\.value: -1 is impossible: .*edition A.*518\.8"):
        kb.why_not({**gain, "edition": "A"}, "events[0].value=-1")
    assert kb.why_not({**gain, "edition": "B"}, "events[0].value=-1").computed == 1


def test_what_if_an_event_is_taken_out_holds_each_event_against_itself(kb):
    """What if the guard never went to the graveyard (``events[1]=null``)? «Возродить карту – это
    извлечь её с кладбища»: the revival that followed is not performed (no card on that graveyard).
    The event taken out is shown as removed, and the revival is compared with the revival — not a
    zone change with a revival lined up by position (was: «взятие в отряд — было не выполнено …»)."""
    wi = kb.what_if(_moved_and_revived(), ["events[1]=null"])
    rows = [(e.index, e.kind, e.removed) for e in wi.events]
    assert rows == [(0, "bring_into_squad", False), (1, "zone_change", True), (2, "bring_into_squad", False)]
    moved, revived = wi.events[1], wi.events[2]
    assert moved.before["zone"] == "graveyard" and moved.after == {}
    assert (revived.before["performed"], revived.after["performed"]) == (True, False)
    assert wi.to_json()["events"][1]["removed"] is True


LIER = card("lier", "p2", name="Льер-Кулат", grants=[{"name": "Отравление", "value": 1, "while": "adjacent"}])
VAIL = card("vail", name="Вайл")


@pytest.mark.parametrize("event, field", [
    ({"approach": {"card": "lier", "to": "vail"}}, "events[0].approach"),
    ({"leave": {"card": "lier", "from": "vail"}}, "events[0].leave"),
    ({"gain_feature": {"card": "vail", "name": "Отравление", "value": 1, "source": "lier", "while": "adjacent"}},
     "events[0].gain_feature.while")])
def test_adjacency_is_refused_under_b_and_named_where_a_states_it(kb, event, field):
    """A, «Замещение особенности…» ПРИМЕР 4: «Льер-Кулат ("Затмение") подходит к Вайлу без
    отравления, Вайл получает Отравление 1, пока Льер-Кулат стоит рядом, и если отойдёт от него, то
    Отравление спадёт». B's loaded text says nothing of a card standing next to another (no «рядом»,
    no «подходит» in its fragments): approach, leave and a feature held while a card is next to it
    are refused under B, as A refuses «до конца хода», naming edition A as where it is stated; under
    A the same approach gives Вайл Отравление 1."""
    from berserk_kb import ScenarioError

    data = {"cards": [LIER, VAIL], "events": [event]}
    with pytest.raises(ScenarioError, match=rf"{field.replace('[', '.').replace(']', '.')}.*edition B.*stated in edition A"):
        kb.why({**data, "edition": "B"})
    if "approach" in event:
        assert kb.why({**data, "edition": "A"}).events[0].result["gained"] == ["Отравление"]


def test_the_bundled_b_end_of_turn_scenario_keeps_its_stated_outcome(kb):
    """518.8 ПРИМЕР 1 (B): «ваше существо получает [Опыт в атаке] 1 … до конца вашего хода. Если
    Ледовый Охотник решит дать Опыт в атаке … существу с Опытом в атаке, получение этого Опыта в
    атаке не будет считаться выполненным, поэтому в конце хода Опыт в атаке у этого существа не
    пропадёт.» The creature gains it (performed, 1), the veteran's gain is not performed, and the end
    of the turn ends the creature's alone; the veteran keeps its own Опыт в атаке 1."""
    from conftest import KB_DIR

    r = kb.why(KB_DIR / "scenarios" / "feature-until-end-of-turn.yaml")
    assert [(e.result.get("performed"), e.result.get("value")) for e in r.events[:2]] == [(True, 1), (False, 1)]
    assert r.events[2].result["ended"] == ["Опыт в атаке"]
    held = {c["id"]: [(f["name"], f["value"]) for f in c["features"] if not f.get("suppressed")] for c in r.final_state["cards"]}
    assert held["creature"] == [] and held["veteran"] == [("Опыт в атаке", 1)]


def test_a_static_prevention_says_its_holder_left_and_a_one_use_rest_is_lost(kb):
    """«Если карта – источник эффекта предотвращения покидает игровую зону, то эффект предотвращения
    от этой карты больше не применяется»; 517.4 «Возродить карту – это извлечь её с кладбища и
    поместить в игровую зону». The guard holds a one-use «предотвратить 5 ран» and a static «1 рану
    от каждой атаки»; 2 wounds: the one-use effect prevents 2, and its text allows one use («если
    повторное применение … не противоречит его тексту»): the 3 unused are lost — the step says so.
    The guard dies and is revived: both effects' holder left the play zone (``left_play`` true for
    each, the static one too), and the static one works again on the new object: 3 wounds, 1
    prevented, 2 dealt."""
    data = {"edition": "A", "cards": [
        card("guard", name="защитник", effects=[{"id": "once5", "type": "prevent_once", "amount": 5},
                                                 {"id": "each1", "type": "prevent_each", "amount": 1}]),
        card("att", "p2", name="атакующий")],
        "events": [{"wounds": {"card": "guard", "amount": 2, "source": "att", "attack": "strike"}},
                   {"zone_change": {"card": "guard", "to": "graveyard"}},
                   {"bring_into_squad": {"card": "guard", "how": "revive", "player": "p1"}},
                   {"wounds": {"card": "guard", "amount": 3, "source": "att", "attack": "strike"}}]}
    r = kb.why(data)
    once = next(n for n in r.events[0].explanation.walk() if n.step == "prevention_applied" and n.inputs["effect"] == "once5")
    assert once.value["lost"] == 3
    from berserk_kb.render.why import why_text

    assert "неиспользованные 3 пропадают" in why_text(r, "ru", None, kb.language_pack("ru"))
    effects = {e["id"]: e["left_play"] for c in r.final_state["cards"] for e in c["effects"]}
    assert effects == {"once5": True, "each1": True}
    assert (r.events[3].result["prevented"], r.events[3].result["wounds"]) == (1, 2)


def test_a_formation_grant_not_given_under_a_suppressed_own_stroi_says_why(kb):
    """B 540.3: «каждая собственная потерянная особенность подавляется … считается, что карта не
    обладает такой особенностью, эта особенность не оказывает никаких эффектов на игру»; 540.4
    ПРИМЕР 1: «…не будет им обладать, пока не разорвёт строй и не образует его заново». Басаарг loses
    all its features (its Строй suppressed until the end of the battle), leaves the formation and
    forms it again: the King's «+1 к удару» is not given, and a step says so — its own Строй is
    suppressed — citing the words that a suppressed feature has no effect (was: «получает —» alone)."""
    data = {"edition": "B", "cards": [
        card("king", name="Гномий Король", in_formation=True),
        card("basaarg", name="Гном-Басаарг", in_formation=True,
             grants=[{"name": "+1 к удару", "value": 1, "while": "formation", "source": "king"}])],
        "events": [{"lose_features": {"card": "basaarg"}}, {"formation": {"card": "basaarg", "in": False}},
                   {"formation": {"card": "basaarg", "in": True}}]}
    ev = kb.why(data).events[2]
    assert ev.result["gained"] == []
    (node,) = [n for n in ev.explanation.walk() if n.step == "formation_grant_not_given"]
    assert node.inputs["reason"] == "own_suppressed" and node.inputs["name"] == "+1 к удару"
    assert any("не оказывает никаких эффектов на игру" in c.text for c in node.cites)
