"""Why did this happen: corners found by the fresh user fu12m (issue 12: M2–M7).

Every expected value is worked by hand from the rule text quoted in the test's docstring (kb/
fragments 000–004), never read from what the code returns."""

from __future__ import annotations

import pytest

from scenario_parts import card, steps

TAKE_UNIT = "A:517.4/взять-карту-под-контроль"
READING = "текст прямо не говорит"


def _text_of(kb, result):
    from berserk_kb.render.why import why_text

    return why_text(result, "ru", pack=kb.language_pack("ru"))


def _take(zone, controller="p2"):
    return {"edition": "A", "cards": [card("c", controller, zone=zone)],
            "events": [{"bring_into_squad": {"card": "c", "how": "take_control", "player": "p1"}}]}


@pytest.mark.parametrize("zone", ["hand", "graveyard"])
def test_taking_a_card_out_of_play_is_the_engines_reading(kb, zone):
    """A (003): «Взять карту под контроль – это стать игроком, контролирующим эту карту (одновременно с
    этим противник перестаёт контролировать карту)…» — the words say nothing of a zone. p2's card in
    p2's hand (or graveyard): p1 does not take it (the engine reads «карта в игре»), and that step
    cites no unit and says it is the engine's reading (was: «это не карта противника в игре» pinned on
    517.5, whose words do not say it)."""
    r = kb.why(_take(zone))
    ev = r.events[0]
    assert ev.result["performed"] is False
    (node,) = [n for n in steps(ev.explanation) if n.step == "take_control_not_in_play"]
    assert not node.cites and node.inputs["zone"] == zone
    assert all(c.id != TAKE_UNIT for n in steps(ev.explanation) for c in n.cites)
    line = next(x for x in _text_of(kb, r).splitlines() if "карта не в игре" in x)
    assert READING in line and "517.5" not in line


def test_taking_ones_own_card_cites_the_words_that_say_it(kb):
    """«…стать игроком, контролирующим эту карту (одновременно с этим противник перестаёт
    контролировать карту)»: p1 already controls its card in battle, no opponent stops controlling
    it — not performed, citing those words."""
    ev = kb.why(_take("battle", controller="p1")).events[0]
    assert ev.result["performed"] is False
    (node,) = [n for n in steps(ev.explanation) if n.step == "not_performed"]
    assert [c.id for c in node.cites] == [TAKE_UNIT]
    assert "противник перестаёт контролировать карту" in node.cites[0].text


def test_a_successful_take_says_what_517_5_says_not_a_default(kb):
    """517.5 (A, unnumbered «Взять карту под контроль…») lists no defaults (517.3 «Правила вызова по
    умолчанию», 517.4 «Правила возрождения по умолчанию» do): p1 takes p2's card in battle, and the step
    says p1 becomes its controller and the opponent stops controlling it — no «по умолчанию»."""
    r = kb.why(_take("battle"))
    ev = r.events[0]
    assert ev.result["controller"] == "p1"
    (node,) = [n for n in steps(ev.explanation) if n.step == "control_taken"]
    assert [c.id for c in node.cites] == [TAKE_UNIT]
    assert "стать игроком, контролирующим эту карту" in node.cites[0].text
    assert not [n for n in steps(ev.explanation) if n.step == "default"]
    line = next(x for x in _text_of(kb, r).splitlines() if "517.5" in x and "•" in x and "взятие под контроль:" in x)
    assert "по умолчанию" not in line
    assert "становится игроком, контролирующим карту, противник перестаёт её контролировать" in line


def test_a_feature_held_to_the_end_of_your_turn_stays_named_and_marked(kb):
    """B 518.8 ПРИМЕР 1: Ледовый Охотник: «ваше существо получает 1 или +1 к до конца вашего хода». The
    Охотник is p2's, so «вашего» is p2's turn. At the end of p1's turn «Опыт в атаке 1» stays; at the
    end of p2's it goes. The step that keeps it names the feature, the card that gave it, whose turn
    it lasts to (p2) and whose turn ends (p1); ПРИМЕР 1's point is a gain not performed, so it is not
    cited for this: the step is marked as the engine's reading."""
    s = {"edition": "B", "cards": [card("h", "p2", name="Ледовый Охотник"), card("c", "p1", name="существо")],
         "events": [{"gain_feature": {"card": "c", "name": "Опыт в атаке", "value": 1, "source": "h",
                                      "until": "end_of_your_turn"}},
                    {"end_of_turn": {"player": "p1"}}, {"end_of_turn": {"player": "p2"}}]}
    r = kb.why(s)
    assert r.events[1].result["ended"] == [] and r.events[2].result["ended"] == ["Опыт в атаке"]
    (node,) = [n for n in steps(r.events[1].explanation) if n.step == "feature_kept"]
    assert not node.cites
    assert node.inputs["because"] == {"until_the_end_of_the_turn_of": "p2", "given_by": "h", "turn_ending": "p1"}
    assert all(not n.cites for n in r.events[1].explanation.walk())
    text = _text_of(kb, r)
    line = next(x for x in text.splitlines() if "остаётся" in x and "Опыт в атаке 1" in x)
    assert "«Ледовый Охотник»" in line and "игрока p2" in line and "игрока p1" in line and READING in line


def _b_roll(order=None):
    roll = {"roller": "roller", "roll": 3, "flip": True,
            "modifiers": [{"id": "two", "source": "foe", "op": "set", "value": 2},
                          {"id": "plus", "source": "friend", "op": "add", "value": 1}]}
    if order:
        roll["order"] = order
    return {"edition": "B", "cards": [card("roller", name="бросающее"), card("friend", name="союзник"),
                                      card("foe", "p2", name="враг")],
            "events": [{"die_roll": roll}]}


def test_each_dice_group_letter_is_shown_with_its_own_paragraph(kb):
    """B 519.2: «а. модификаторы, сводящие бросок кубика к определённому значению…; b. модификаторы вида
    “+X/-X к броску кубика”»; 519.3: «a. … от карт из отряда игрока, бросающего кубик, кроме самой
    карты…; b. модификаторы от самой карты, бросающей кубик; c. … от карт противника…»; 519.6 the flip
    (3 → 4). Roll 3: the roller's flip (519.2 a., 519.3 b.) → 4, the foe's «сводится к 2» (519.2 a.,
    519.3 c.) → 2, the friend's +1 (519.2 b., 519.3 a.) → 3. Each line names 519.2's letter as the
    group and 519.3's beside the relation's words (was: «отряд бросающего, группа b»)."""
    r = kb.why(_b_roll())
    assert r.events[0].result["value"] == 3
    text = _text_of(kb, r)
    assert "переворот от «бросающее» (группа 519.2 a.; сама карта — 519.3 b.): 3 → 4" in text
    assert "4 сводится к 2 от «враг» (группа 519.2 a.; противник — 519.3 c.) → 2" in text
    assert "2 +1 от «союзник» (группа 519.2 b.; отряд бросающего — 519.3 a.) → 3" in text
    assert "группа b)" not in text and "группа a)" not in text


def test_an_order_across_groups_names_the_groups_by_the_texts_letters(kb):
    """B 519.3: «b. модификаторы от самой карты…» before «c. … от карт противника…»; 519.4: players
    order only inside a group. `order: [two, flip]` puts the foe's set-to (519.2 a., 519.3 c.) before
    the roller's flip (519.2 a., 519.3 b.): refused, naming both groups by those letters and words,
    not by internal ids (was: «группа set_to-opponent»)."""
    from berserk_kb.errors import ScenarioError
    from berserk_kb.explain.refusals import say

    with pytest.raises(ScenarioError) as err:
        kb.why(_b_roll(order=["two", "flip"]))
    said = say(err.value.refusal, kb.language_pack("ru"))
    assert "two (группа 519.2 a., 519.3 c. — противник)" in said
    assert "flip (группа 519.2 a., 519.3 b. — сама карта)" in said
    assert "set_to" not in said and "opponent" not in said


def test_a_what_if_moving_a_card_out_of_play_names_the_set_to_add(kb):
    """A 519.3, ПРИМЕР: the King «в строю» with the Гном-Басаарг. The what-if «the King in the hand»
    leaves it holding «строй», which only a card in play holds: refused, naming the second --set to
    add (`cards[king].in_formation=false`); with it the what-if runs, and the strength is still 1:
    «…сводится к 1» (group д) applies last."""
    from berserk_kb.errors import ScenarioError
    from berserk_kb.explain.refusals import say

    ex = kb.kb_dir / "examples" / "A-519.3-ex1-gnome-basaarg.yaml"
    with pytest.raises(ScenarioError) as err:
        kb.what_if(ex, ["cards[king].zone=hand"])
    add = "--set 'cards[king].in_formation=false'"
    assert add in str(err.value)
    assert f"добавьте {add}" in say(err.value.refusal, kb.language_pack("ru"))
    w = kb.what_if(ex, ["cards[king].zone=hand", "cards[king].in_formation=false"])
    assert w.after.events[0].result["strength"] == 1


def test_a_gain_without_its_value_is_refused_in_russian(kb):
    """A, ПРИМЕР 4: «Вайл получает Отравление 1» (Льер-Кулат gives Отравление 1 in kb/cards.yaml): a
    grant of Отравление with `value: null` is refused (test_why_part18), and under ru in Russian
    (was: «takes a value…»), naming the card that shows the value."""
    from berserk_kb.errors import ScenarioError
    from berserk_kb.explain.refusals import say

    with pytest.raises(ScenarioError) as err:
        kb.why({"edition": "A", "cards": [card("v", name="Вайл"), card("s", "p2", name="источник")],
                "events": [{"gain_feature": {"card": "v", "name": "Отравление", "value": None, "source": "s"}}]})
    said = say(err.value.refusal, kb.language_pack("ru"))
    assert said.startswith("«Отравление» задаётся со значением") and "«Отравление 1»" in said
    assert "takes a value" in str(err.value)
