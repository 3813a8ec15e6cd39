"""Issue 12, what a fresh user found on what-if and in the engine's corners (fu12h F1, F5–F7, F9, F10,
F13, F15–F18). Expected values are worked by hand from the rule text (kb/sources), quoted in each
test; none is copied from what the code returns."""

from __future__ import annotations

import pytest

from berserk_kb.render.why import answer_text
from scenario_parts import EXAMPLES, SCENARIOS, card, steps


def _text(kb, answer):
    return answer_text(answer, "ru", kb.language_pack("ru"))


def _side(text, label):
    """The lines of the «было» (label «было:») or «стало» part of the first event that has one."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == label)
    out = []
    for line in lines[start + 1:]:
        if not line.startswith("    "):
            break
        out.append(line)
    return "\n".join(out)


# --- what-if --------------------------------------------------------------------------------------


def test_what_if_names_each_sides_modifiers_from_its_own_run(kb):
    """519.3 (A) «Модификаторы атаки накладываются в следующем порядке»: а) «модификаторы, полученные от
    карт из отряда источника атаки, кроме самого источника» (the King's +1), б) «полученные от источника
    атаки» (Basaarg's two +1), д) «сводящие … к определённому числу» (the «сводится к 1»). Taken out the
    King's +1 (modifiers[0]) and Basaarg's «за строй» (modifiers[2]): the run as written still orders
    all four — the King's +1 once, the set-to once and last; the changed one orders two."""
    text = _text(kb, kb.what_if(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml",
                                ["events[0].attack.modifiers[0]=null", "events[0].attack.modifiers[2]=null"]))
    was, now = _side(text, "было:"), _side(text, "стало:")
    order_was = next(line for line in was.splitlines() if "в порядке" in line)
    assert order_was.count("+1 от «Гномий Король» за строй") == 1 and order_was.count("сведение к 1") == 1
    assert order_was.index("+1 от «Гномий Король»") < order_was.index("сведение к 1")
    group_was = next(line for line in was.splitlines() if "внутри группы" in line)
    assert "сведение" not in group_was.split("[")[0]  # group б holds only the two +1 of the source
    order_now = next(line for line in now.splitlines() if "в порядке" in line)
    assert "Гномий Король" not in order_now and order_now.count("сведение к 1") == 1
    for mid in ("m1", "m2", "m3", "m4"):
        assert f" {mid}" not in text and f"{mid}," not in text


def test_what_if_keeps_a_modifiers_name_when_its_step_is_unchanged(kb):
    """518.3 (A): roll 4, а) +1 from an ally, д) «сводится к 1». Without the set-to (modifiers[1]) the
    ally's +1 step is the same in both runs (4 → 5), yet the order step of each side names it «+1 от
    «союзник»», never by an automatic id."""
    text = _text(kb, kb.what_if(SCENARIOS / "die-roll-editions-differ.yaml", ["events[0].die_roll.modifiers[1]=null"]))
    for side in ("было:", "стало:"):
        order = next(line for line in _side(text, side).splitlines() if "в порядке" in line)
        assert "+1 от «союзник»" in order and "m1" not in order


def test_what_if_takes_an_event_out_of_a_worked_example(kb):
    """ПРИМЕР (A, 003): «…предотвратила 2 раны, то ещё 2 раны она может предотвратить от следующей
    атаки». The second attack taken out: the first is unchanged (2 prevented, 0 dealt) and the second is
    shown removed; the example's stated outcome (two events) does not block the changed scenario."""
    wi = kb.what_if(EXAMPLES / "A-prevention-ex1-next-4-wounds.yaml", ["events[1]=null"])
    assert [(e.index, e.removed, e.same) for e in wi.events] == [(0, False, True), (1, True, False)]
    assert wi.events[1].before["prevented"] == 2 and wi.events[1].before["wounds"] == 1  # 3 − 2
    assert len(wi.after.events) == 1


def test_what_if_refuses_a_path_into_the_stated_outcome(kb):
    """The stated outcome is the file's, not the changed scenario's: setting it is refused (one line)."""
    from berserk_kb import InputError

    with pytest.raises(InputError, match="expect"):
        kb.what_if(EXAMPLES / "A-prevention-ex1-next-4-wounds.yaml", ["expect.events=null"])


def test_what_if_shows_the_step_that_disappears_and_the_loss_that_goes_on(kb):
    """540.5 (B): «Если не сказано иного, лишение особенностей действует только на карты … в зоне битвы,
    при переносе карты в другую игровую зону лишение прекращает действовать…»; ПРИМЕР 1: «Свой особый удар
    Степной Волколак не нанесёт». With the loss stated to work anywhere, the «было» side has the 540.5 step
    that gave the features back; the «стало» side says the loss goes on (it is «сказано иное») — and no
    step says that no rule acts, since the suppressed trigger not firing (540.3 «не оказывает никаких
    эффектов на игру») is a rule acting."""
    wi = kb.what_if(EXAMPLES / "B-540.5-ex1-steppe-werewolf.yaml", ["events[0].lose_features.anywhere=true"])
    ev = wi.events[1]
    assert ev.before["restored"] == ["Все удары по нему сводятся к слабым", "Особый удар при гибели"]
    assert ev.after["restored"] == [] and ev.after["triggered"] == []
    assert any(n.step == "zone_change" and "B:540.5" in [c.id for c in n.cites] for n in ev.steps_before)
    assert [n.step for n in ev.steps_after if n.step == "loss_goes_on"] == ["loss_goes_on"]
    assert all(n.step != "move_given" for n in steps(wi.after.events[1].explanation))
    assert any(n.step == "trigger" and n.value is False for n in steps(wi.after.events[1].explanation))


# --- dice: the flip of a card out of play, the rules' own modifier ---------------------------------


def _refused(kb, scenario):
    from berserk_kb import ScenarioError

    with pytest.raises(ScenarioError) as exc:
        kb.why(scenario)
    message = str(exc.value)
    assert "\n" not in message
    return message


def test_a_flip_from_a_card_of_the_rollers_player_out_of_play_is_not_applied(kb):
    """B 519.6 «Переворот кубика - это сведение кубика по правилу: … 2 к 5 …» makes the flip a set-to
    modifier of its card; 519.3 a. takes «модификаторы, полученные от карт из отряда игрока, бросающего
    кубик» — a card in hand is not in the squad: the flip is not applied, the roll stays 2 (not 5), and
    the step that says so cites both."""
    r = kb.why({"edition": "B", "cards": [card("r"), card("a", zone="hand")],
                "events": [{"die_roll": {"roller": "r", "roll": 2, "flip": True, "flip_source": "a"}}]})
    assert r.events[0].result["value"] == 2
    step = next(n for n in steps(r.events[0].explanation) if n.step == "modifier_not_applied")
    assert step.inputs["modifier"]["op"] == "flip"
    assert [c.id for c in step.cites] == ["B:519.6", "B:519.3/item1"]


def test_a_flip_from_a_card_in_play_of_the_rollers_squad_still_applies(kb):
    """The same flip from a card in the battle zone («из отряда»): 2 → 5 (519.6 «2 к 5»)."""
    r = kb.why({"edition": "B", "cards": [card("r"), card("a")],
                "events": [{"die_roll": {"roller": "r", "roll": 2, "flip": True, "flip_source": "a"}}]})
    assert r.events[0].result["value"] == 5


@pytest.mark.parametrize("body, field", [
    ({"modifiers": [{"id": "rules_bounds", "source": "r", "op": "add", "value": 1}]}, "modifiers[0].id"),
    ({"modifiers": [{"source": "r", "op": "add", "value": 1}], "flip": True, "flip_id": "rules_bounds"}, "flip_id"),
])
def test_the_automatic_id_of_the_rules_bound_is_refused(kb, body, field):
    """518.4 (A) «…бросок кубика принимается равным 1 (равным 6)» is a modifier the engine adds with
    the id `rules_bounds`; a modifier or a flip of the input taking that id is refused naming the field."""
    edition = "B" if "flip" in body else "A"
    message = _refused(kb, {"edition": edition, "cards": [card("r")],
                            "events": [{"die_roll": {"roller": "r", "roll": 2, **body}}]})
    assert f"field events[0].die_roll.{field}" in message and "rules_bounds" in message


def test_a_rules_modifier_of_the_input_is_refused_under_a(kb):
    """A 518.3 «г) модификаторы правил игры для броска кубика (п.518.4)»: the rules' only modifier is the
    bound of 518.4, which the engine adds; a `source: rules` «+2» has no text: refused naming the
    field and 518.3 г)."""
    message = _refused(kb, {"edition": "A", "cards": [card("r")],
                            "events": [{"die_roll": {"roller": "r", "roll": 6,
                                                     "modifiers": [{"source": "rules", "op": "add", "value": 2}]}}]})
    assert "field events[0].die_roll.modifiers[0].source" in message and "518.3 г)" in message


# --- into the play zone: bring_into_squad, not a bare move ---------------------------------------


@pytest.mark.parametrize("zone", ["graveyard", "hand", "deck"])
def test_a_move_into_the_play_zone_from_outside_it_is_refused(kb, zone):
    """A 517.4 «Возродить карту – это извлечь её с кладбища и поместить в игровую зону» (517.3 from the
    deck, «розыгрыш карты из руки в игровую зону» from the hand): those rules, with their defaults, put
    a card into play — the event bring_into_squad; a zone_change that does it is refused, one line
    naming the field."""
    message = _refused(kb, {"edition": "A", "cards": [card("g", zone=zone)],
                            "events": [{"zone_change": {"card": "g", "to": "battle"}}]})
    assert "field events[0].zone_change" in message and "to: battle" in message and "bring_into_squad" in message


def test_a_move_inside_the_play_zone_or_out_of_it_is_still_computed(kb):
    """«Если карта – источник эффекта предотвращения покидает игровую зону…»: leaving is a zone_change;
    battle → play stays inside the play zone."""
    r = kb.why({"edition": "A", "cards": [card("g")],
                "events": [{"zone_change": {"card": "g", "to": "play"}}, {"zone_change": {"card": "g", "to": "graveyard"}}]})
    assert [e.result["zone"] for e in r.events] == ["play", "graveyard"]


def test_a_card_leaving_play_says_the_plus_given_to_its_own_feature_goes(kb):
    """A ПРИМЕР «существо с особенностью "Отравление 1" получает "+1 к Отравлению", это означает, что
    теперь … у него особенность "Отравление 2"»: 1 + 1 = 2. To the graveyard and back (517.4 «Возродить
    карту – это извлечь её с кладбища и поместить в игровую зону»): a new object, its own Отравление 1 —
    and the leave step names the +1 that goes."""
    r = kb.why({"edition": "A", "cards": [card("vail", features=[{"name": "Отравление", "value": 1}]), card("bokor")],
                "events": [{"gain_feature": {"card": "vail", "name": "Отравление", "value": 1, "source": "bokor", "op": "add"}},
                           {"zone_change": {"card": "vail", "to": "graveyard"}},
                           {"bring_into_squad": {"card": "vail", "how": "revive", "player": "p1"}}]})
    assert r.events[0].result["value"] == 2
    leave = next(n for n in steps(r.events[1].explanation) if n.step == "left_play_zone")
    assert leave.inputs["bonuses"] == ["Отравление +1"]
    assert "Отравление +1" in _text_of(kb, r)
    assert [f["value"] for f in r.final_state["cards"][0]["features"] if f["name"] == "Отравление"] == [1]


def _text_of(kb, result):
    from berserk_kb.render.why import why_text

    return why_text(result, "ru", pack=kb.language_pack("ru"))


# --- B: an own feature back when the higher one ends; wording ------------------------------------


def test_bs_returning_own_feature_says_what_its_text_does_not(kb):
    """B's only line on it: «○ подавляются до появления новой базовой именной особенности, если были
    собственными» — an own replaced feature is suppressed, not removed; no unit says it comes back when
    the higher temporary one ends. Own Опыт в атаке 1, «Опыт в атаке 2 до конца хода» (518.8 ПРИМЕР 2
    «вместо»), end of turn: 1 again — and the step says it is the engine's reading, citing the ○ line."""
    r = kb.why({"edition": "B", "cards": [card("h"), card("c", features=[{"name": "Опыт в атаке", "value": 1}])],
                "events": [{"gain_feature": {"card": "c", "name": "Опыт в атаке", "value": 2, "source": "h", "until": "end_of_turn"}},
                           {"end_of_turn": {}}]})
    back = next(n for n in steps(r.events[1].explanation) if n.step == "feature_returns")
    assert back.inputs["kept"] == "own"
    assert all("если были собственными" in c.text and "возвращ" not in c.text for c in back.cites)
    assert "текст прямо не говорит" in _text_of(kb, r)
    assert [f["value"] for f in r.final_state["cards"][1]["features"]] == [1]


def test_a_formation_step_names_the_gainer_and_a_feature_its_value_once(kb):
    """B 540.4 ПРИМЕР 1 «…пока не разорвёт строй и не образует его заново»: the King forms the formation
    again, and it is Басаарг who gets «+1 к удару» — the King's step names Басаарг as the one that gains
    (issue 12, N5: it read as if the King gained it); «+1 к удару» of value 1 is named once, not
    «+1 к удару 1»; a feature with no value is named «Строй», never «Строй —»."""
    r = kb.why({"edition": "B", "cards": [card("king", name="Гномий Король", in_formation=True),
                                          card("b", name="Гном-Басаарг", in_formation=True,
                                               acquired=[{"name": "+1 к удару", "value": 1, "source": "king",
                                                          "while": "formation", "static": True}])],
                "events": [{"formation": {"card": "king", "in": False}}, {"formation": {"card": "king", "in": True}}]})
    text = _text_of(kb, r)
    assert "«Гномий Король» образует строй; «Гном-Басаарг» получает: +1 к удару" in text
    assert "«Гном-Басаарг» получает «+1 к удару» в строю" in text and "«+1 к удару 1»" not in text
    assert " —»" not in text


def test_the_final_state_tells_end_of_your_turn_from_end_of_turn(kb):
    """518.8 ПРИМЕР 1 «…до конца вашего хода»: a feature given until the end of its giver's turn is not
    shown as one until the end of any turn («до конца хода»)."""
    r = kb.why({"edition": "B", "cards": [card("c", "p2"), card("h", zone="hand")],
                "events": [{"gain_feature": {"card": "c", "name": "Опыт в атаке", "value": 1, "source": "h",
                                             "until": "end_of_your_turn"}}]})
    line = next(x for x in _text_of(kb, r).splitlines() if x.strip().startswith("c (c)"))
    assert "до конца хода её игрока" in line


# --- side by side and in formation are states ----------------------------------------------------


def test_an_approach_of_cards_already_side_by_side_is_refused(kb):
    """A ПРИМЕР 4 «Льер-Кулат … подходит к Вайлу … пока Льер-Кулат стоит рядом, и если отойдёт от него…»:
    to come to stand next to a card one must not stand next to it already; to step away, one must."""
    two = [card("vail", name="Вайл"), card("lier", "p2", name="Льер-Кулат")]
    message = _refused(kb, {"edition": "A", "cards": two, "events": [
        {"approach": {"card": "vail", "to": "lier"}}, {"approach": {"card": "lier", "to": "vail"}}]})
    assert "field events[1].approach" in message
    message = _refused(kb, {"edition": "A", "cards": two, "events": [
        {"approach": {"card": "vail", "to": "lier"}}, {"leave": {"card": "vail", "from": "lier"}},
        {"leave": {"card": "vail", "from": "lier"}}]})
    assert "field events[2].leave" in message
    message = _refused(kb, {"edition": "A", "cards": two, "events": [{"leave": {"card": "vail", "from": "lier"}}]})
    assert "field events[0].leave" in message


def test_side_by_side_as_the_file_starts_or_after_leaving_the_battle_zone(kb):
    """ПРИМЕР 4: a feature held «пока … стоит рядом» from a card says they stand side by side as the
    file starts (a leave is taken, and the Отравление goes: «Отравление спадёт»); a card that left the
    battle zone and was brought back stands next to none (a new approach is taken)."""
    r = kb.why({"edition": "A", "cards": [card("vail", acquired=[{"name": "Отравление", "value": 1, "source": "lier",
                                                                  "while": "adjacent"}]), card("lier", "p2")],
                "events": [{"leave": {"card": "lier", "from": "vail"}}]})
    assert r.events[0].result["ended"] == ["Отравление"]
    r = kb.why({"edition": "A", "cards": [card("vail"), card("lier", "p2")],
                "events": [{"approach": {"card": "vail", "to": "lier"}}, {"zone_change": {"card": "lier", "to": "hand"}},
                           {"bring_into_squad": {"card": "lier", "how": "play", "player": "p2"}},
                           {"approach": {"card": "vail", "to": "lier"}}]})
    assert len(r.events) == 4


@pytest.mark.parametrize("start, into", [(True, True), (False, False)])
def test_a_formation_formed_twice_or_broken_when_none_is_refused(kb, start, into):
    """B 540.4 ПРИМЕР 1 «…пока не разорвёт строй и не образует его заново»: only a card in formation
    breaks it, only one not in formation forms it."""
    message = _refused(kb, {"edition": "B", "cards": [card("giant", in_formation=start)],
                            "events": [{"formation": {"card": "giant", "in": into}}]})
    assert "field events[0].formation" in message
