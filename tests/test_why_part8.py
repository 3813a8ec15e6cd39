"""Why did this happen, part 8: issue 12's corners left after the fresh users' rounds — a move no
rule acts on says so, and the prevention line is cited only for a card it speaks of.

Every expected value is worked by hand from the rule text quoted in the test's docstring, never read
from what the code returns."""

from __future__ import annotations

import pytest

from berserk_kb.engine.runner import language_pack
from berserk_kb.explain.sentences import Filler, step_sentence
from scenario_parts import EXAMPLES, steps

PREVENTION_LINE = ("Если карта – источник эффекта предотвращения покидает игровую зону, то эффект "
                   "предотвращения от этой карты больше не применяется.")


def _dies(edition, **card):
    return {"edition": edition, "cards": [{"id": "c", "controller": "p1", **card}],
            "events": [{"zone_change": {"card": "c", "to": "graveyard"}}]}


@pytest.mark.parametrize("edition", ["A", "B"])
def test_a_move_no_rule_acts_on_says_that_the_scenario_gives_it(kb, edition):
    """A card with no effect, no feature, no trigger goes to the graveyard. A's one line on leaving
    the play zone speaks of «карта – источник эффекта предотвращения» (this card is none); B 540.5
    speaks of «лишение особенностей» (it lost none): no unit of either edition decides this move, so
    its one step says the scenario gives it and cites nothing (was: the event had no step at all)."""
    r = kb.why(_dies(edition))
    assert r.events[0].result["zone"] == "graveyard"
    nodes = steps(r.events[0].explanation)
    assert [n.step for n in nodes if n.step == "move_given"] == ["move_given"]
    assert all(not n.cites for n in nodes)


def test_the_prevention_line_is_cited_only_for_a_source_of_prevention(kb):
    """A: «Если карта – источник эффекта предотвращения покидает игровую зону, то эффект
    предотвращения от этой карты больше не применяется.» A card with an effect «next 4» that dies is
    that source: the line decides its move (its effect no longer applies). A card with no prevention
    effect is not what the line speaks of: the line is not cited for it."""
    guard = kb.why(_dies("A", effects=[{"id": "next4", "type": "prevent", "amount": 4}]))
    assert PREVENTION_LINE in [c.text for n in steps(guard.events[0].explanation) for c in n.cites]
    plain = kb.why(_dies("A"))
    assert all(PREVENTION_LINE != c.text for n in steps(plain.events[0].explanation) for c in n.cites)


def _cites(event):
    return [c.id for n in steps(event.explanation) for c in n.cites]


def test_a_wounded_card_that_was_no_source_of_prevention_comes_back_a_new_object(kb):
    """Issue 12: «A card that leaves the play zone and comes back is a new object» — for every card.
    A states no rule on what a card holds when it leaves the play zone; 517.4 «Возродить карту – это
    извлечь её с кладбища и поместить в игровую зону»: the card comes back only taken anew from the
    graveyard. A card with 1 wound, tapped, no prevention effect, dies and is revived: 0 wounds, not
    tapped; the step that drops them cites nothing — 517.4's words define the way back, they do not say
    what the card loses: the engine's reading (issue 12, N1) —, the revival cites 517.4, and the prevention
    line («…источник эффекта предотвращения…») is cited by neither (the card holds no prevention effect)."""
    data = {"edition": "A", "cards": [{"id": "c", "controller": "p1", "tapped": True}, {"id": "a", "controller": "p2"}],
            "events": [{"wounds": {"card": "c", "amount": 1, "source": "a", "attack": "strike"}},
                       {"zone_change": {"card": "c", "to": "graveyard"}},
                       {"bring_into_squad": {"card": "c", "how": "revive", "player": "p1"}}]}
    r = kb.why(data)
    c = next(x for x in r.final_state["cards"] if x["id"] == "c")
    assert (c["zone"], c["wounds"], c["tapped"]) == ("battle", 0, False)
    (node,) = [n for n in steps(r.events[1].explanation) if n.step == "left_play_zone"]
    assert node.cites == () and (node.inputs["wounds"], node.inputs["tapped"]) == (1, True)
    assert "A:517.4" in _cites(r.events[2])
    assert "A:если-карта-источник-эффекта" not in _cites(r.events[1]) + _cites(r.events[2])


@pytest.mark.parametrize(("to", "sentence"), [
    ("deck", "карта «c» уходит в колоду и вернётся в игровую зону только взятой оттуда заново"),
    ("hand", "карта «c» уходит в руку и вернётся в игровую зону только взятой оттуда заново")])
def test_a_card_leaving_for_the_deck_or_hand_is_the_engines_reading(kb, to, sentence):
    """The way back from the deck is 517.3 «Вызвать карту – это извлечь её из колоды и поместить в
    игровую зону», from the hand «Взятие карты в отряд – это розыгрыш карты из руки в игровую зону…»:
    neither says that wounds go or that the card is a new object, nor does any other unit of A (issue 12,
    N1). A card with 2 wounds going there holds none when it is back (0 wounds), and the step cites no
    unit: its sentence says the text is silent and the engine reads it so."""
    r = kb.why(_dies("A", wounds=2) | {"events": [{"zone_change": {"card": "c", "to": to}}]})
    assert next(x for x in r.final_state["cards"] if x["id"] == "c")["wounds"] == 0
    (node,) = [n for n in steps(r.events[0].explanation) if n.step == "left_play_zone"]
    assert node.cites == () and node.inputs["wounds"] == 2
    said = step_sentence(node, Filler(kb.language_pack("ru"), {"c": "c"}))
    assert said.startswith(sentence) and said.endswith("текст прямо не говорит этого — так его читает движок"), said


@pytest.mark.parametrize("edition", ["A"])  # B's text says nothing of a card next to another: refused (part 12)
def test_the_end_of_a_gain_held_next_to_a_card_says_its_condition_ended(kb, edition):
    """B 540.4 ○: an acquired feature is held «до момента, пока подавленная особенность не будет удалена
    с карты (так как нарушилось условие её существования)». Вайл (own Регенерация 2) holds Регенерация 3
    while Льер-Кулат stands next to it; Льер-Кулат dies: Регенерация 3 ends (2 is Вайл's again). Under B
    the step cites that ○ line and its sentence says the condition of its existence (standing next to
    it) ended; under A it cites A's ПРИМЕР 4 («…пока Льер-Кулат стоит рядом…») and says Льер-Кулат no
    longer stands next to it, with no words of B's line."""
    r = kb.why({"edition": edition,
                "cards": [{"id": "vail", "controller": "p1", "features": [{"name": "Регенерация", "value": 2}]},
                          {"id": "lier", "controller": "p2", "name": "Льер-Кулат"}],
                "events": [{"gain_feature": {"card": "vail", "name": "Регенерация", "value": 3, "source": "lier",
                                             "while": "adjacent"}},
                           {"zone_change": {"card": "lier", "to": "graveyard"}}]})
    # (the Отравление 1 Льер-Кулат gives a card next to it ends too: tests/test_why_issue12_q.py)
    (node,) = [n for n in steps(r.events[1].explanation) if n.step == "feature_ended"
               and n.inputs.get("name") == "Регенерация"]
    said = step_sentence(node, Filler(language_pack("ru"), {"lier": "Льер-Кулат", "vail": "Вайл"}))
    assert "Льер-Кулат» больше не стоит рядом" in said
    condition = "нарушилось условие её существования"
    if edition == "B":
        assert node.paragraph == "B:540.4/item2.2" and condition in node.cites[0].text
        assert condition in said
    else:
        assert "стоит рядом" in node.cites[0].text and condition not in said


def _basaarg_attacks(king=None, basaarg=None):
    return {"edition": "A",
            "cards": [{"id": "basaarg", "controller": "p1", "in_formation": True, **(basaarg or {})},
                      {"id": "king", "controller": "p1", "in_formation": True, **(king or {})},
                      {"id": "foe", "controller": "p2"}],
            "events": [{"attack": {"source": "basaarg", "target": "foe", "base": 3, "modifiers": [
                {"id": "king_bonus", "source": "king", "op": "add", "value": 1, "while": "formation"},
                {"id": "closed", "source": "basaarg", "op": "add", "value": 1},
                {"id": "own_formation", "source": "basaarg", "op": "add", "value": 1, "while": "formation"}]}}]}


@pytest.mark.parametrize(("king", "basaarg", "strength", "gone"), [
    (None, None, 6, []),
    # the King's +1: not in the squad (а)); a card in the graveyard stands in no formation (its
    # formation went when it left the play zone: a start with in_formation there is refused)
    ({"zone": "graveyard", "in_formation": False}, None, 4, ["own_formation"]),
    ({"in_formation": False}, None, 4, ["king_bonus", "own_formation"]),
    (None, {"in_formation": False}, 4, ["king_bonus", "own_formation"])])
def test_a_modifier_for_a_formation_ends_with_the_formation(kb, king, basaarg, strength, gone):
    """A 519.3 ПРИМЕР: «Гном-Басаарг в строю с Гномьим Королём … получит +1 к удару за строй с Гномьим
    Королём, затем +1 за удар по закрытому существу противника и +1 к удару за собственную особенность
    (строй: +1 к удару)». Strike 3: in formation with the King 3+1+1+1 = 6. Without the formation —
    the King in the graveyard, the King out of formation, or Басаарг out of it — only «+1 за удар по
    закрытому существу» is there: 3+1 = 4; each modifier «за строй» left out has a step citing that
    ПРИМЕР (as a grant in formation ends with it)."""
    ev = kb.why(_basaarg_attacks(king, basaarg)).events[0]
    assert ev.result["strength"] == strength
    nodes = [n for n in steps(ev.explanation) if n.step == "modifier_formation_gone"]
    assert [n.inputs["modifier"]["id"] for n in nodes] == gone
    assert all(n.paragraph == "A:519.3/ex1" and "за строй с Гномьим Королём" in n.cites[0].text for n in nodes)


def test_what_if_without_the_king_drops_the_formation_modifier(kb):
    """The bundled 519.3 ПРИМЕР with the King in the graveyard: there is no formation, so «строй: +1 к
    удару» (modifiers[2]) is not applied, nor the King's +1 (not in the squad): 3 +1 (удар по
    закрытому) = 4 → «сводится к 1» = 1 (was: «строй: +1» kept)."""
    wi = kb.what_if(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml",
                    ["cards[king].zone=graveyard", "cards[king].in_formation=false"])
    assert wi.events[0].after == {"strength": 1, "strike": "medium"}
    (node,) = [n for n in wi.events[0].steps_after if n.step == "modifier_formation_gone"]
    assert (node.inputs["modifier"]["id"], node.inputs["reason"]) == ("m3", "alone")
