"""Issue 12, what a fresh user found (fu12k K2, K7, K9, K1). Expected values are worked by hand from
the rule text (kb/sources) or the contract (docs/scenarios.md), quoted in each test; none is copied
from what the code returns."""

from __future__ import annotations

import pytest

from berserk_kb.errors import ScenarioError
from scenario_parts import card, final, steps


def _refused(kb, scenario):
    with pytest.raises(ScenarioError) as info:
        kb.why(scenario)
    return info.value


# --- K2: control taken over a card in play does not outlast its leaving the play zone ---------------


def _taken_then_dead(then):
    return {"edition": "A", "cards": [card("r2", "p2", name="бросающий2"), card("foe", "p2", name="враг")],
            "events": [{"bring_into_squad": {"card": "foe", "how": "take_control", "player": "p1"}},
                       {"zone_change": {"card": "foe", "to": "graveyard"}}, *then]}


def test_a_taken_card_that_dies_is_its_owners_again_and_gives_no_roll_modifier(kb):
    """«Взять карту под контроль – это стать игроком, контролирующим эту карту»: control is taken over
    a card in play («взятие карты противника под свой контроль» is a way «в отряд»). The card goes to
    the graveyard of p2, its owner (517.4 1) «со своего кладбища»), and comes back only a new object:
    it is p2's again. For p2's roller it is then p2's own card out of the squad, and 518.3 а) «от карт
    из отряда игрока, бросающего кубик» does not give its +1: 4 stays 4 (not 4 +1 = 5 by 518.3 в) as
    a card of the opponent). The step that returns control cites nothing: it is the engine's reading."""
    r = kb.why(_taken_then_dead([{"die_roll": {"roller": "r2", "roll": 4, "modifiers": [
        {"source": "foe", "op": "add", "value": 1}]}}]))
    assert r.events[2].result["value"] == 4
    node = next(n for n in steps(r.events[1].explanation) if n.step == "control_returns")
    assert (node.inputs["controller"], node.inputs["owner"], node.cites) == ("p1", "p2", ())
    assert final(r, "foe")["controller"] == "p2"


def test_a_taken_card_on_its_owners_graveyard_is_revived_by_its_owner_only(kb):
    """517.4 «Возродить карту – это извлечь её с кладбища…», by default «со своего кладбища» and «под
    своим контролем»: p2 revives it from p2's graveyard and controls it; p1, who once took it, cannot
    (it is not on p1's graveyard)."""
    r = kb.why(_taken_then_dead([{"bring_into_squad": {"card": "foe", "how": "revive", "player": "p2"}}]))
    assert (r.events[2].result["performed"], r.events[2].result["controller"]) == (True, "p2")
    r = kb.why(_taken_then_dead([{"bring_into_squad": {"card": "foe", "how": "revive", "player": "p1"}}]))
    assert r.events[2].result["performed"] is False


def test_an_own_card_leaving_the_play_zone_has_no_control_step(kb):
    """A card its owner controls has no control to give back: no such step."""
    r = kb.why({"edition": "A", "cards": [card("a"), card("s", "p2")],
                "events": [{"zone_change": {"card": "a", "to": "graveyard"}}]})
    assert not [n for n in steps(r.events[0].explanation) if n.step == "control_returns"]


# --- K7: a start where what a card holds «в строю» / «пока рядом» has already ended ------------------

KING = {"name": "+1 к удару", "value": 1, "source": "king", "while": "formation", "static": True}


@pytest.mark.parametrize("king, basaarg", [
    ({"in_formation": True}, {"in_formation": False}),        # the holder stands in no formation
    ({"in_formation": False, "zone": "hand"}, {"in_formation": True}),  # the giver is not in play
    ({"in_formation": False}, {"in_formation": True}),        # the giver stands in no formation
])
def test_a_formation_grant_whose_formation_is_not_there_is_refused(kb, king, basaarg):
    """docs/scenarios.md: a grant held `while: formation` works «while that card stands in the battle
    zone in formation with» the holder; B 540.4 ○: such a feature goes «так как нарушилось условие её
    существования». A start where the two do not stand in formation together cannot be: refused in
    one line naming the card and the field."""
    exc = _refused(kb, {"edition": "B", "cards": [card("king", **king),
                                                  card("basaarg", acquired=[KING], **basaarg)],
                        "events": [{"end_of_battle": {}}]})
    assert exc.field == "cards[1].acquired[0].while"
    assert exc.refusal["kind"] == "held_not_in_formation"
    assert exc.refusal["values"] == ["basaarg", "+1 к удару", "king"]


def test_a_formation_grant_whose_formation_is_there_is_accepted(kb):
    """Both in the battle zone, in formation, one controller: the grant is held (+1 к удару 1)."""
    r = kb.why({"edition": "B", "cards": [card("king", in_formation=True),
                                          card("basaarg", in_formation=True, acquired=[KING])],
                "events": [{"end_of_battle": {}}]})
    assert [(f["name"], f["value"]) for f in final(r, "basaarg")["features"]] == [("+1 к удару", 1)]


def test_an_adjacent_feature_from_a_card_outside_the_battle_zone_is_refused(kb):
    """A «Замещение особенности…» ПРИМЕР 4: «Вайл получает Отравление 1, пока Льер-Кулат стоит рядом»;
    docs: only cards in the battle zone stand next to each other. Льер-Кулат on the graveyard stands
    next to no card, so Вайл cannot start holding its Отравление: refused, naming Льер-Кулат's zone."""
    exc = _refused(kb, {"edition": "A", "cards": [
        card("lier", "p2", zone="graveyard"),
        card("v", acquired=[{"name": "Отравление", "value": 1, "source": "lier", "while": "adjacent"}])],
        "events": [{"leave": {"card": "lier", "from": "v"}}]})
    assert exc.field == "cards[1].acquired[0].while"
    assert exc.refusal["kind"] == "held_not_adjacent"
    assert exc.refusal["values"] == ["v", "Отравление", "lier", "lier", "graveyard"]


# --- K9: invisible characters in names --------------------------------------------------------------


@pytest.mark.parametrize("name, code", [("Отравление\u200b", "U+200B"), ("Отрав\u202eление", "U+202E"),
                                        ("\ufeffОтравление", "U+FEFF")])
def test_a_name_with_an_invisible_character_is_refused_naming_the_field(kb, name, code):
    """A zero-width space, a byte-order mark or a bidi override prints as nothing (or turns the rest of
    the line around): «Отравление\u200b» looks like «Отравление» and would be a second feature beside
    it. Refused in one line naming the field and the character."""
    exc = _refused(kb, {"edition": "A", "cards": [card("v", features=[{"name": "Отравление", "value": 2}]),
                                                  card("s", "p2")],
                        "events": [{"gain_feature": {"card": "v", "name": name, "value": 3, "source": "s"}}]})
    assert exc.field == "events[0].gain_feature.name" and code in str(exc)


def test_a_no_break_space_in_a_name_is_a_space(kb):
    """«Отравление\u00a0» (a trailing no-break space) is «Отравление» typed with another space, as an
    ordinary space is: A «Замещение особенности…» ПРИМЕР «Если существу с особенностью "Регенерация 2"
    дают особенность "Регенарация 3", у существа вместо "Регенерации 2" будет "Регенерация 3"»: own
    Отравление 2, a gain of Отравление 4 → the gain replaces the own one (one working, value 4)."""
    r = kb.why({"edition": "A", "cards": [card("v", features=[{"name": "Отравление", "value": 2}]), card("s", "p2")],
                "events": [{"gain_feature": {"card": "v", "name": "Отравление\u00a0", "value": 4, "source": "s"}}]})
    fs = final(r, "v")["features"]
    assert [f["value"] for f in fs if not f["suppressed"]] == [4]
    assert [(f["value"], f["replaced"]) for f in fs if f["own"]] == [(2, True)]
    assert all("\u00a0" not in f["name"] for f in fs)


# --- K1: a choice naming an effect the event does not weigh is refused, as a decline of it is -------


def test_choosing_another_cards_self_protecting_effect_is_refused(kb):
    """Fragment 003: «Эффекты предотвращения, имеющие количественное значение, применяются по очереди»
    — among the effects that protect the wounded card. o1 (prevent 2, protects its own card `other`
    only) does not protect «страж»: naming it in `choose` decides nothing and is refused, naming
    choose[0], as `decline: [o1]` would be («здесь ни на что не влияет»)."""
    s = {"edition": "A", "cards": [card("guard", effects=[{"id": "g1", "type": "prevent", "amount": 1}]),
                                   card("other", effects=[{"id": "o1", "type": "prevent", "amount": 2}])],
         "events": [{"wounds": {"card": "guard", "amount": 3, "attack": "spell", "choose": ["o1", "g1"]}}]}
    exc = _refused(kb, s)
    assert exc.field == "events[0].wounds.choose[0]"
    assert exc.refusal == {"kind": "choice_not_applying", "values": ["o1"]}
    s["events"][0]["wounds"]["choose"] = ["g1"]   # g1 alone: 3 − 1 = 2 wounds dealt
    assert kb.why(s).events[0].result["wounds"] == 2


def test_choosing_a_replacement_effect_that_protects_another_card_is_refused(kb):
    """516.1: a replacement effect replaces an effect on the card it protects (by default its own).
    r2 of «враг» (p2) protects «враг», not «кулак»: the active p2's choice of r2 for fist's
    regeneration weighs nothing (only r1 of «кулак» is there to apply) — refused, naming choose.p2[0]."""
    exc = _refused(kb, {"edition": "A", "active": "p2", "cards": [
        card("fist", effects=[{"id": "r1", "type": "instead", "of": "regeneration", "becomes": "heal_others"}]),
        card("foe", "p2", effects=[{"id": "r2", "type": "instead", "of": "regeneration", "becomes": "heal",
                                    "amount": 1}])],
        "events": [{"effect": {"card": "fist", "kind": "regeneration", "amount": 4, "choose": {"p2": ["r2"]}}}]})
    assert exc.field == "events[0].effect.choose.p2[0]"
    assert exc.refusal == {"kind": "choice_not_applying", "values": ["r2"]}


# --- K10: the order «имеющие количественное значение» is not cited for an effect without an amount ---


def test_an_effect_without_an_amount_is_ordered_by_the_engines_reading_not_by_the_unit(kb):
    """Fragment 003: «Эффекты предотвращения, имеющие количественное значение, применяются по очереди
    (при этом вначале все эффекты применяет Неактивный игрок…)». sh (p2, inactive; prevent_once, no
    amount) and next2 (p1, active; amount 2): the unit orders only effects with an amount, so no step
    cites it for placing sh; the step that orders them cites nothing and names sh as the one without."""
    r = kb.why({"edition": "A", "active": "p1", "cards": [
        card("guard", effects=[{"id": "next2", "type": "prevent", "amount": 2}]),
        card("h", "p2", effects=[{"id": "sh", "type": "prevent_once", "protects": "all"}])],
        "events": [{"wounds": {"card": "guard", "amount": 3, "attack": "spell"}}]})
    nodes = steps(r.events[0].explanation)
    assert not [n for n in nodes if n.step == "prevention_order"]   # no step cites the unit for it
    (node,) = [n for n in nodes if n.step == "prevention_order_read"]
    assert (node.inputs["unquantified"], node.cites) == (["sh"], ())
    assert not any("количественное значение" in (c.text or "") for n in nodes for c in n.cites)


def test_two_effects_with_amounts_still_cite_the_order(kb):
    """Both with an amount (b 2 of p2, inactive; a 1 of p1): the unit decides, b first — cited."""
    r = kb.why({"edition": "A", "active": "p1", "cards": [
        card("guard", effects=[{"id": "a", "type": "prevent", "amount": 1}]),
        card("h", "p2", effects=[{"id": "b", "type": "prevent", "amount": 2, "protects": "all"}])],
        "events": [{"wounds": {"card": "guard", "amount": 3, "attack": "spell"}}]})
    (node,) = [n for n in steps(r.events[0].explanation) if n.step == "prevention_order"]
    assert node.value == ["b", "a"] and any("количественное значение" in c.text for c in node.cites)
    assert not [n for n in steps(r.events[0].explanation) if n.step == "prevention_order_read"]


# --- K3, K5: the end of a loss's period does not bring a removed acquired feature back -------------


def _lost_until_end_of_turn():
    return {"edition": "B", "cards": [card("s"), card("c", name="существо",
                                                      acquired=[{"name": "Броня", "value": 2, "source": "s"}])],
            "events": [{"lose_features": {"card": "c", "which": "Броня", "duration": "end_of_turn"}},
                       {"end_of_turn": {}}]}


def test_end_of_a_losss_period_cites_that_a_removed_feature_does_not_come_back(kb):
    """B 540.4 ○: an acquired feature lost «удаляется с карты (снимается соответствующий эффект), не
    возвращается даже в случае, если эффект, заставляющий потерять особенность, перестанет
    действовать». Lost «до конца хода», at the end of turn the loss's period ends and Броня stays
    gone (returned []): the step says so citing 540.4 ○, not «ничего не заканчивается»."""
    r = kb.why(_lost_until_end_of_turn())
    ev = r.events[1]
    assert ev.result["returned"] == [] and final(r, "c")["features"] == []
    nodes = steps(ev.explanation)
    assert not [n for n in nodes if n.step == "nothing_ends"]
    (node,) = [n for n in nodes if n.step == "removed_stays_away"]
    assert node.inputs["names"] == ["Броня"]
    assert any("не возвращается даже в случае" in c.text for c in node.cites)


def test_why_not_returned_names_540_4(kb):
    """Expected `returned=[Броня]`: the step that decides it is the one citing 540.4 ○ (above)."""
    wn = kb.why_not(_lost_until_end_of_turn(), "events[1].returned=[Броня]")
    assert wn.agrees is False and wn.step.step == "removed_stays_away"
    assert any("не возвращается даже в случае" in c.text for c in wn.deciding)


def test_an_end_of_turn_after_a_loss_until_the_end_of_battle_still_says_nothing_ends(kb):
    """A loss with no duration lasts to the end of battle (540.3.1): at the end of turn no period ends,
    and the uncited «ничего не заканчивается» step stays."""
    s = _lost_until_end_of_turn()
    s["events"][0]["lose_features"]["duration"] = None
    r = kb.why(s)
    assert [n.step for n in steps(r.events[1].explanation) if n.step in ("nothing_ends", "removed_stays_away")] \
        == ["nothing_ends"]


def _lose_all():
    return {"edition": "B", "cards": [card("s"), card("c", features=[{"name": "Броня", "value": 1}],
                                                      acquired=[{"name": "Опыт в атаке", "value": 1, "source": "s"}])],
            "events": [{"lose_features": {"card": "c"}}]}


def test_losing_all_features_keeps_an_acquired_one_by_a_step_citing_540_2(kb):
    """B 540.2 «…она лишается всех своих собственных особенностей, но не приобретённых»: own Броня is
    suppressed, acquired Опыт в атаке stays (removed []); a step says so, citing 540.2, and why-not
    asked for `removed=[Опыт в атаке]` names that step (was: «ни один пункт этого не решает»)."""
    r = kb.why(_lose_all())
    assert (r.events[0].result["suppressed"], r.events[0].result["removed"]) == (["Броня"], [])
    (node,) = [n for n in steps(r.events[0].explanation) if n.step == "acquired_kept"]
    assert node.inputs["name"] == "Опыт в атаке" and [c.number for c in node.cites] == ["540.2"]
    wn = kb.why_not(_lose_all(), "events[0].removed=[Опыт в атаке]")
    assert wn.agrees is False and wn.step.step == "acquired_kept"
    assert any("но не приобретённых" in c.text for c in wn.deciding)


# --- K6: nothing lifted, no markers: a sentence, not the raw term, and no «сняты» --------------------


def test_an_end_of_battle_that_lifts_nothing_and_a_removal_of_no_markers_say_so(kb):
    """540.3.1: a marker «до конца боя» goes at the end of battle, and an effect can remove markers
    («…до явной потери маркера»). A card with no marker: the end of battle lifts nothing and the
    removal removes nothing — each says so in an uncited step (no 540.3.1 cited for a removal that
    did not happen), never the raw «end_of_battle: {} ⇒ {lifted: []}»."""
    from berserk_kb.render.why import why_text

    r = kb.why({"edition": "B", "cards": [card("c", name="существо")],
                "events": [{"end_of_battle": {}}, {"remove_markers": {"card": "c"}}]})
    assert [ev.result["lifted"] for ev in r.events] == [[], []]
    (a,), (b,) = ([n for n in steps(ev.explanation) if n.step in ("nothing_lifted", "no_markers")] for ev in r.events)
    assert (a.step, a.cites, b.step, b.cites) == ("nothing_lifted", (), "no_markers", ())
    assert not any(n.step == "markers_removed" for n in steps(r.events[1].explanation))
    text = why_text(r, "ru", pack=kb.language_pack("ru"))
    assert "⇒" not in text and "сняты маркеры" not in text and "маркеров подавления нет" in text
