"""Why did this happen: grants that come back by every path, «+N» that keep their own while under a
replacement, and what a card leaving play takes with it (issue 12, fresh user fu12j: W1, W3, W8,
W10, W18, W20).

Every expected value is worked by hand from the rule text quoted in the test's docstring (kb/
fragments 002 and 004), never read from what the code returns."""

from __future__ import annotations

import pytest

from scenario_parts import card, feats, final, steps


def _text_of(kb, result):
    from berserk_kb.render.why import why_text

    return why_text(result, "ru", pack=kb.language_pack("ru"))


def _king_dwarf_basaarg():
    plus = {"name": "+1 к удару", "value": 1, "source": "king", "while": "formation", "static": True}
    return [card("king", name="Гномий Король", in_formation=True),
            card("dwarf", name="гном", in_formation=True, features=[{"name": "Строй"}]),
            card("basaarg", name="Гном-Басаарг", in_formation=True, acquired=[plus])]


LIFTS = {
    "remove_markers": ({}, {"remove_markers": {"card": "king", "feature": "Строй"}}),
    "remove_all_markers": ({}, {"remove_markers": {"card": "king"}}),
    "end_of_battle": ({}, {"end_of_battle": {}}),
    "end_of_turn": ({"duration": "end_of_turn"}, {"end_of_turn": {}}),
}


@pytest.mark.parametrize("how", sorted(LIFTS))
def test_every_path_that_lifts_the_givers_marker_gives_the_grant_back(kb, how):
    """B 540.3.1: «Маркер подавления особенности/особенностей удаляется, когда заканчивается период
    действия эффекта лишения особенности, после чего особенность снова начинает влиять на игру. Если
    период не указан, особенность считается потерянной до конца боя (или до явной потери маркера)»;
    540.4 ○ «…если источник приобретенной особенности – постоянная особенность этой или другой карты
    (то есть если после потери согласно тексту той карты особенность сразу же должна быть получена
    вновь)». The King loses Строй, so the Басаарг loses «+1 к удару» it had from the King's Строй;
    whichever way the marker goes — its period ends, or an effect removes it («явной потери
    маркера») — the King's Строй works again, all three still stand in formation, and the Басаарг
    has «+1 к удару» 1 again (was: not after remove_markers on the King)."""
    loss_extra, lift = LIFTS[how]
    lose = {"lose_features": {"card": "king", "which": "Строй", **loss_extra}}
    assert "+1 к удару" not in feats(kb.why({"edition": "B", "cards": _king_dwarf_basaarg(), "events": [lose]}), "basaarg")
    r = kb.why({"edition": "B", "cards": _king_dwarf_basaarg(), "events": [lose, lift]})
    assert feats(r, "basaarg")["+1 к удару"]["value"] == 1
    (node,) = [n for n in steps(r.events[1].explanation) if n.step == "formation_grant"]
    assert node.inputs["card"] == "basaarg"


def test_the_grant_a_giver_takes_with_its_stroy_cites_the_broken_condition(kb):
    """B 540.4 ○: «…подавляется подобно постоянной особенности, если источник приобретенной
    особенности – постоянная особенность этой или другой карты … пока подавленная особенность не
    будет удалена с карты (так как нарушилось условие её существования)». The King loses Строй: the
    Басаарг's «+1 к удару», given by the King's Строй, another card's static feature, goes — the
    condition of its existence is broken; 540.2's «Например, потеря Строя приводит к потере всех
    приобретенных особенностей…» speaks of the card whose own Строй is lost. The event's result names
    the lost grant (was: «удалены ничего» and nothing in the result)."""
    r = kb.why({"edition": "B", "cards": _king_dwarf_basaarg(),
                "events": [{"lose_features": {"card": "king", "which": "Строй"}}]})
    ev = r.events[0]
    assert ev.result["suppressed"] == ["Строй"] and ev.result["removed"] == []
    assert ev.result["lost_grants"] == ["basaarg/+1 к удару"]
    (node,) = [n for n in steps(ev.explanation) if n.inputs.get("source") == "king"]
    assert node.step == "grant_lost_with_giver" and [c.id for c in node.cites] == ["B:540.4/item2.2"]
    assert "нарушилось условие её существования" in node.cites[0].text
    assert "+1 к удару" not in {f["name"] for f in final(r, "basaarg")["features"]}
    assert "у других карт пропадает полученное: «+1 к удару» у «Гном-Басаарг»" in _text_of(kb, r)


def test_a_plus_while_adjacent_under_a_replacing_feature_ends_with_its_while_a(kb):
    """A: «Замещение особенности - это эффект правил и не является потерей особенности»; ПРИМЕР 4
    «…Вайл получает Отравление 1, пока Льер-Кулат стоит рядом, и если отойдёт от него, то Отравление
    спадёт». Вайл has Отравление 1; «+1 к Отравлению» from s while s stands next to it: 1 + 1 = 2;
    Отравление 4 from t (4 > 2) replaces it. s steps away: the +1 lasted only while s stood there,
    so it goes now, though the feature it was given to is replaced (Вайл still has 4). t steps away:
    Отравление 4 ends, and the replaced one comes back as it is — Отравление 1, without the ended
    plus (was: Отравление 2 for good)."""
    cards = [card("v", name="Вайл", features=[{"name": "Отравление", "value": 1}]),
             card("s", "p2"), card("t", "p2")]
    events = [{"gain_feature": {"card": "v", "name": "Отравление", "value": 1, "source": "s", "op": "add",
                                "while": "adjacent"}},
              {"gain_feature": {"card": "v", "name": "Отравление", "value": 4, "source": "t", "while": "adjacent"}},
              {"leave": {"card": "s", "from": "v"}}]
    r = kb.why({"edition": "A", "cards": cards, "events": events})
    held = {(f["value"], bool(f.get("replaced"))) for f in final(r, "v")["features"] if f["name"] == "Отравление"}
    assert held == {(4, False), (1, True)}
    (node,) = [n for n in steps(r.events[2].explanation) if n.step == "bonus_ended"]
    assert (node.inputs["plus"], node.inputs["source"]) == (1, "s")
    assert r.events[2].result["lessened"] == ["Отравление"]
    r = kb.why({"edition": "A", "cards": cards, "events": events + [{"leave": {"card": "t", "from": "v"}}]})
    assert feats(r, "v")["Отравление"]["value"] == 1


def test_a_minus_until_your_turn_under_a_replacing_feature_ends_with_that_turn_b(kb):
    """B 518.8: «В случае, если после наложения модификаторов карта имеет отрицательное значение
    именной особенности, эта особенность работает как “[именная особенность] 0”»; ПРИМЕР 1 «…до конца
    вашего хода». Own Регенерация 2; «−3» from s (p2's card) until the end of p2's turn: 2 − 3 = −1;
    p1's turn ends (the −3 stays); Регенерация 3 until the end of the turn replaces −1 (3 > 0). p2's
    turn ends: the 3 ends, and so does the −3 of p2's card, under it — the own Регенерация 2 comes
    back (was: «Регенерация -1» for good). The step says «−3», not «+-3», and «к особенности
    «Регенерация»» (the name after «к» stays nominative beside the noun that takes the case); ending
    with the turn, it is the engine's reading of ПРИМЕР 1 (uncited)."""
    cards = [card("c", features=[{"name": "Регенерация", "value": 2}]), card("s", "p2")]
    events = [{"gain_feature": {"card": "c", "name": "Регенерация", "value": -3, "source": "s", "op": "add",
                                "until": "end_of_your_turn"}},
              {"end_of_turn": {"player": "p1"}},
              {"gain_feature": {"card": "c", "name": "Регенерация", "value": 3, "source": "s", "until": "end_of_turn"}},
              {"end_of_turn": {"player": "p2"}}]
    r = kb.why({"edition": "B", "cards": cards, "events": events})
    assert feats(r, "c")["Регенерация"]["value"] == 2
    assert any(n.step == "bonus_ended_at_turn_end" and n.inputs["plus"] == -3 for n in steps(r.events[3].explanation))
    text = _text_of(kb, r)
    assert "пропадает −3 к особенности «Регенерация»" in text and "+-3" not in text


def test_a_card_leaving_play_gets_its_replaced_own_feature_back_and_says_the_plus_goes(kb):
    """A: «Замещение особенности - это эффект правил и не является потерей особенности»; ПРИМЕР 2
    «…вместо особенности "Отравление 1" у него особенность "Отравление 2"». Own Регенерация 2;
    Регенерация 3 from g replaces it; «+1» makes it 4. The card goes to the hand: it comes back only as
    a new object, without what it acquired — the acquired 4 (3 and its +1) goes, and the own
    Регенерация 2, replaced until then and not lost, is the card's again: the result lists it as
    restored and a step says so (was: «возвращается: ничего», the +1 unnamed)."""
    cards = [card("c", features=[{"name": "Регенерация", "value": 2}]), card("g")]
    events = [{"gain_feature": {"card": "c", "name": "Регенерация", "value": 3, "source": "g"}},
              {"gain_feature": {"card": "c", "name": "Регенерация", "value": 1, "source": "g", "op": "add"}},
              {"zone_change": {"card": "c", "to": "hand"}}]
    r = kb.why({"edition": "A", "cards": cards, "events": events})
    ev = r.events[2]
    assert ev.result["restored"] == ["Регенерация"]
    back = [n for n in steps(ev.explanation) if n.step == "feature_returns"]
    assert [(n.inputs["name"], n.inputs["value"]) for n in back] == [("Регенерация", 2)]
    (leave,) = [n for n in steps(ev.explanation) if n.step == "left_play_zone"]
    assert leave.inputs["acquired"] == ["Регенерация 4 (3 +1)"]
    assert feats(r, "c")["Регенерация"]["value"] == 2


def test_a_permanent_plus_on_a_feature_held_while_adjacent_goes_with_it_as_the_engines_reading(kb):
    """A: ПРИМЕР 2 «…вместо особенности "Отравление 1" у него особенность "Отравление 2"» (a plus makes
    a new feature); ПРИМЕР 4 «…если отойдёт от него, то Отравление спадёт». Вайл: Отравление 1 from
    Бокор; Отравление 3 from the giver while it stands next (replaces); a «+1» with no while: 4. The
    giver steps away: Отравление 4 ends, the replaced 1 comes back. What becomes of a plus given for
    good to a feature that ends the text does not say: the step for it cites nothing and says it is
    the engine's reading (was: the +1 went without a word)."""
    cards = [card("bokor", "p2"), card("giver", "p2"), card("vail", name="Вайл")]
    events = [{"gain_feature": {"card": "vail", "name": "Отравление", "value": 1, "source": "bokor"}},
              {"gain_feature": {"card": "vail", "name": "Отравление", "value": 3, "source": "giver", "while": "adjacent"}},
              {"gain_feature": {"card": "vail", "name": "Отравление", "value": 1, "source": "giver", "op": "add"}},
              {"leave": {"card": "giver", "from": "vail"}}]
    r = kb.why({"edition": "A", "cards": cards, "events": events})
    assert feats(r, "vail")["Отравление"]["value"] == 1
    (node,) = [n for n in steps(r.events[3].explanation) if n.step == "plus_gone_with_feature"]
    assert (node.inputs["plus"], node.inputs["value"], tuple(node.cites)) == (1, 4, ())
    assert "текст прямо не говорит — так его читает движок" in _text_of(kb, r)


def test_an_adjacency_grant_blocked_at_approach_comes_when_the_blocker_leaves(kb):
    """A ПРИМЕР 4: «Льер-Кулат ("Затмение") подходит к Вайлу без отравления, Вайл получает Отравление 1,
    пока Льер-Кулат стоит рядом»; ПРИМЕР 3 «…получение Магии крови от Ашельты считается не
    выполненным». Вайл holds Отравление 1 from Бокор while Бокор stands next to it; Льер-Кулат comes:
    Вайл has Отравление 1 already, the gain is not performed. Бокор steps away: Бокор's Отравление 1
    ends; Льер-Кулат still stands next to Вайл, and Затмение gives Отравление 1 for as long as it does
    — Вайл has Отравление 1 from Льер-Кулат. When Льер-Кулат steps away too, it ends (was: Вайл had
    none next to Льер-Кулат)."""
    cards = [card("lier", "p2", name="Льер-Кулат", grants=[{"name": "Отравление", "value": 1, "while": "adjacent"}]),
             card("bokor", "p2", name="Бокор"), card("vail", name="Вайл")]
    events = [{"gain_feature": {"card": "vail", "name": "Отравление", "value": 1, "source": "bokor", "while": "adjacent"}},
              {"approach": {"card": "lier", "to": "vail"}},
              {"leave": {"card": "bokor", "from": "vail"}}]
    r = kb.why({"edition": "A", "cards": cards, "events": events})
    assert r.events[1].result["not_performed"] == ["Отравление"]
    assert r.events[2].result["gained"] == ["Отравление"]
    f = feats(r, "vail")["Отравление"]
    assert (f["value"], f["source"]) == (1, "lier")
    grant = [n for n in steps(r.events[2].explanation) if n.step == "adjacent_grant"]
    assert grant and all("стоит рядом" in c.text for n in grant for c in n.cites)
    r = kb.why({"edition": "A", "cards": cards, "events": events + [{"leave": {"card": "lier", "from": "vail"}}]})
    assert "Отравление" not in feats(r, "vail")
    # Бокор leaving the battle zone stands next to no card: the same
    gone = events[:2] + [{"zone_change": {"card": "bokor", "to": "graveyard"}}]
    f = feats(kb.why({"edition": "A", "cards": cards, "events": gone}), "vail")["Отравление"]
    assert (f["value"], f["source"]) == (1, "lier")
