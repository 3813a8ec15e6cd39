"""Why did this happen, part 2: prevention, replacement effects, bringing cards into the squad,
loss of features, the axe rule. Expected values are worked from the rule text quoted in each test."""

from __future__ import annotations

import pytest

from berserk_kb.errors import ScenarioError
from conftest import KB_DIR

EXAMPLES = KB_DIR / "examples"


def cited(node):
    out = [c.id for c in node.cites]
    for child in node.children:
        out.extend(cited(child))
    return out


def steps(node):
    out = [node]
    for child in node.children:
        out.extend(steps(child))
    return out


def card(cid, controller="p1", **kw):
    return {"id": cid, "controller": controller, **kw}


# --- must show 2 -----------------------------------------------------------------------------------


def test_next_4_wounds_across_two_attacks(kb):
    """003: «Если карта может предотвратить "следующие 4 раны", а в результате атаки предотвратила 2
    раны, то ещё 2 раны она может предотвратить от следующей атаки». 2 wounds: 2 prevented, 2 left;
    3 wounds: 2 prevented, 1 gets through."""
    r = kb.why(EXAMPLES / "A-prevention-ex1-next-4-wounds.yaml")
    assert r.events[0].result == {"wounds": 0, "prevented": 2, "remaining": {"next4": 2}}
    assert r.events[1].result == {"wounds": 1, "prevented": 2, "remaining": {"next4": 0}}
    assert "A:эффект-предотвращения-может-быть" in cited(r.events[0].explanation)  # used in part, rest kept
    assert "A:предотвращение-используется-всегда-после" in cited(r.events[1].explanation)
    guard = next(c for c in r.final_state["cards"] if c["id"] == "guard")
    assert guard["wounds"] == 1


def test_ferros_gets_wounds_only_from_strikes(kb):
    """516.1.1: «"Получает раны только от [текст]" … также являются эффектами замещения»; Феррос
    «получает раны только от ударов»: a strike wounds, a spell does not."""
    r = kb.why(EXAMPLES / "A-516.1.1-ex1-ferros.yaml")
    assert r.events[0].result["wounds"] == 3
    assert r.events[1].result["wounds"] == 0
    assert "A:516.1.1" in cited(r.events[1].explanation)
    assert "A:516.1.1" not in cited(r.events[0].explanation)


def test_mountain_giant_loses_and_regains_defence_experience(kb):
    """540.4 ○: an acquired feature whose source is a static feature is suppressed; «…не будет им
    обладать, пока не разорвёт строй и не образует его заново»."""
    r = kb.why(EXAMPLES / "B-540.4-ex1-mountain-giant.yaml")
    assert r.events[0].result == {"suppressed": ["Опыт в защите"], "removed": []}
    assert "B:540.4/item2.2" in cited(r.events[0].explanation)
    assert r.events[1].result["ended"] == ["Опыт в защите"]
    assert r.events[2].result["gained"] == ["Опыт в защите"]
    assert "B:540.4/ex1" in cited(r.events[2].explanation)
    giant = next(c for c in r.final_state["cards"] if c["id"] == "giant")
    feats = {f["name"]: f for f in giant["features"]}
    assert feats["Опыт в защите"]["suppressed"] is False and feats["Опыт в защите"]["value"] == 1


def test_steppe_werewolf_dies_without_its_death_strike(kb):
    """540.5: the loss ends only after the triggers of the move; «Свой особый удар Степной Волколак
    не нанесёт»; it gets its features back afterwards."""
    r = kb.why(EXAMPLES / "B-540.5-ex1-steppe-werewolf.yaml")
    move = r.events[1]
    assert move.result["triggered"] == [] and "Особый удар при гибели" in move.result["restored"]
    assert {"B:540.5", "B:540.5/ex1"} <= set(cited(move.explanation))
    wolf = next(c for c in r.final_state["cards"] if c["id"] == "wolf")
    assert wolf["zone"] == "graveyard" and not any(f["suppressed"] for f in wolf["features"])


def test_the_werewolf_with_its_features_does_strike(kb):
    s = {"edition": "B", "cards": [card("wolf", "p2", features=[{"name": "Особый удар при гибели", "value": 2, "trigger": "death"}])],
         "events": [{"zone_change": {"card": "wolf", "to": "graveyard"}}]}
    assert kb.why(s).events[0].result["triggered"] == ["Особый удар при гибели"]


# --- prevention ----------------------------------------------------------------------------------


def test_the_inactive_players_prevention_goes_first(kb):
    """003: «…вначале все эффекты применяет Неактивный игрок, а затем Активный». Active p1: p2's
    shield (2) is used first; p1's (3) prevents the last 1 of 3 wounds and keeps 2."""
    s = {"edition": "A", "active": "p1",
         "cards": [card("target", "p1", effects=[{"id": "mine", "type": "prevent", "amount": 3}]),
                   card("helper", "p2", effects=[{"id": "theirs", "type": "prevent", "amount": 2, "protects": "all"}])],
         "events": [{"wounds": {"card": "target", "amount": 3, "source": "helper", "attack": "strike"}}]}
    ev = kb.why(s).events[0]
    assert ev.result == {"wounds": 0, "prevented": 3, "remaining": {"theirs": 0, "mine": 2}}
    order = next(n for n in steps(ev.explanation) if n.step == "prevention_order")
    assert [c.id for c in order.cites] == ["A:эффекты-предотвращения-имеющие-количественное"]
    applied = [n.inputs["effect"] for n in steps(ev.explanation) if n.step == "prevention_applied"]
    assert applied == ["theirs", "mine"]


def test_prevention_stops_when_its_source_leaves_play(kb):
    """003: «Если карта – источник эффекта предотвращения покидает игровую зону, то эффект
    предотвращения от этой карты больше не применяется.»"""
    s = {"edition": "A",
         "cards": [card("gabriel", effects=[{"id": "g", "type": "prevent_each", "amount": 1, "protects": "own"}]),
                   card("creature"), card("foe", "p2")],
         "events": [{"wounds": {"card": "creature", "amount": 2, "source": "foe", "attack": "strike"}},
                    {"zone_change": {"card": "gabriel", "to": "graveyard"}},
                    {"wounds": {"card": "creature", "amount": 2, "source": "foe", "attack": "strike"}}]}
    r = kb.why(s)
    assert r.events[0].result["wounds"] == 1
    assert r.events[2].result["wounds"] == 2
    assert "A:если-карта-источник-эффекта" in cited(r.events[2].explanation)


# --- replacement -----------------------------------------------------------------------------------


def test_big_fist_regenerates_others_instead(kb):
    """516.1: «[текст 1], вместо этого – [текст 2]»; «Большой кулак может вместо Регенерации 4
    излечить других существ суммарно до 4»."""
    ev = kb.why(EXAMPLES / "A-516.1-ex1-big-fist.yaml").events[0]
    assert ev.result == {"kind": "heal_others", "amount": 4, "card": "fist"}
    assert "A:516.1" in cited(ev.explanation)


def replacements(*holders, active="p1", choose=()):
    cards = [card("target", "p1")]
    for cid, controller, eff in holders:
        cards.append(card(cid, controller, effects=[{**eff, "protects": "all"}]))
    return {"edition": "A", "active": active, "cards": cards,
            "events": [{"effect": {"card": "target", "kind": "regeneration", "amount": 2, "choose": list(choose)}}]}


def test_one_player_with_two_replacements_picks_one(kb):
    """«Если игрок может применить несколько эффектов замещения к одному и тому же эффекту, то он
    выбирает…» p2 holds both; it picks r2."""
    s = replacements(("a", "p2", {"id": "r1", "type": "instead", "of": "regeneration", "becomes": "heal"}),
                     ("b", "p2", {"id": "r2", "type": "instead", "of": "regeneration", "becomes": "nothing"}),
                     choose=["r2"])
    ev = kb.why(s).events[0]
    assert ev.result["kind"] == "nothing"
    chosen = next(n for n in steps(ev.explanation) if n.step == "replacement_chosen")
    assert chosen.value == {"chosen": "r2", "by": "p2", "stated": True}
    assert chosen.paragraph == "A:516.1.2/если-игрок-может-применить"


def test_when_both_players_can_the_active_player_picks(kb):
    """«Если оба игрока могут применить эффекты замещения к одному и тому же эффекту, то Активный
    игрок выбирает…»"""
    s = replacements(("a", "p1", {"id": "r1", "type": "instead", "of": "regeneration", "becomes": "heal"}),
                     ("b", "p2", {"id": "r2", "type": "instead", "of": "regeneration", "becomes": "nothing"}),
                     active="p2")
    chosen = next(n for n in steps(kb.why(s).events[0].explanation) if n.step == "replacement_chosen")
    assert chosen.value["by"] == "p2" and chosen.paragraph == "A:516.1.2/если-оба-игрока-могут"


def test_a_replacement_applies_to_the_result_of_another(kb):
    """«Эффект замещения можно применять к эффекту, который получился в результате использования
    другого эффекта замещения.» regeneration → heal → shield."""
    s = replacements(("a", "p1", {"id": "r1", "type": "instead", "of": "regeneration", "becomes": "heal"}),
                     ("b", "p1", {"id": "r2", "type": "instead", "of": "heal", "becomes": "shield"}))
    ev = kb.why(s).events[0]
    assert ev.result["kind"] == "shield"
    assert "A:516.1.2/эффект-замещения-можно-применять" in cited(ev.explanation)


# --- bringing into the squad -------------------------------------------------------------------------


def bring(how, zone, **kw):
    return {"edition": "A", "cards": [card("c", "p1", zone=zone), card("foe", "p2")],
            "events": [{"bring_into_squad": {"card": "c", "how": how, "player": "p1", **kw}}]}


@pytest.mark.parametrize("how, zone, kw, result, cites", [
    # 517.3: 1) из своей колоды 2) в открытом виде 3) под своим контролем; the deck is shuffled
    ("summon", "deck", {}, {"performed": True, "controller": "p1", "zone": "battle", "deck_shuffled": True, "face_up": True},
     {"A:517.3/item1", "A:517.3/item2", "A:517.3/item3", "A:517.3/просмотр-колоды-на-предмет"}),
    # «Если игрок не нашёл (или не захотел найти) … заявка отменяется. Колода перемешивается в любом случае»
    ("summon", "deck", {"found": False}, {"performed": False, "deck_shuffled": True}, {"A:517.3/просмотр-колоды-на-предмет"}),
    ("summon", "deck", {"wanted": False}, {"performed": False, "deck_shuffled": True}, set()),
    # «…игрок может пропустить эту срабатывающую особенность…»
    ("summon", "deck", {"triggered": True, "skip": True}, {"performed": False, "deck_shuffled": False},
     {"A:517.3/если-срабатывающая-способность-требует"}),
    # 517.4: 1) со своего кладбища 2) в открытом виде 3) под своим контролем
    ("revive", "graveyard", {}, {"performed": True, "zone": "battle", "deck_shuffled": False},
     {"A:517.4/item1", "A:517.4/item2", "A:517.4/item3"}),
    ("revive", "hand", {}, {"performed": False}, {"A:517.4"}),
    # «Игрок, разыгравший карту, становится игроком, контролирующим эту карту.»
    ("play", "hand", {}, {"performed": True, "controller": "p1"}, {"A:взятие-карт-в-отряд/розыгрыш-карты-из-руки"}),
    # 517.6: 1) в открытом виде 2) под своим контролем
    ("create", "outside", {}, {"performed": True, "face_up": True}, {"A:517.6/item1", "A:517.6/item2"}),
])
def test_bringing_into_the_squad(kb, how, zone, kw, result, cites):
    ev = kb.why(bring(how, zone, **kw)).events[0]
    assert {k: ev.result[k] for k in result} == result
    assert cites <= set(cited(ev.explanation))


def test_take_and_lose_control(kb):
    """«Взять карту под контроль – это стать игроком, контролирующим эту карту…»; losing control
    hands it to the opponent unless it «не может быть взята в отряд противника»."""
    s = {"edition": "A", "cards": [card("c", "p2"), card("d", "p1")],
         "events": [{"bring_into_squad": {"card": "c", "how": "take_control", "player": "p1"}},
                    {"lose_control": {"card": "c"}},
                    {"lose_control": {"card": "d", "can_join_opponent": False}}]}
    r = kb.why(s)
    assert r.events[0].result["controller"] == "p1"
    assert r.events[1].result == {"controller": "p2", "changed": True}
    assert r.events[2].result == {"controller": "p1", "changed": False}
    assert "A:517.4/если-вы-потеряли-контроль" in cited(r.events[2].explanation)


def test_created_cards_move_and_are_removed_after_the_game(kb):
    """517.6.1: «Созданные карты в течение игры могут переходить в разные зоны … После окончания
    партии необходимо убрать из колоды все созданные карты.»"""
    s = {"edition": "A", "cards": [card("token", zone="outside"), card("real")],
         "events": [{"bring_into_squad": {"card": "token", "how": "create", "player": "p1"}},
                    {"zone_change": {"card": "token", "to": "hand"}},
                    {"end_of_game": {}}]}
    r = kb.why(s)
    assert r.events[1].result["zone"] == "hand"
    assert "A:517.6.1" in cited(r.events[1].explanation)
    assert r.events[2].result == {"removed": ["token"]}
    assert [c["id"] for c in r.final_state["cards"]] == ["real"]


# --- loss of features ---------------------------------------------------------------------------


def test_losing_all_suppresses_own_features_until_the_end_of_the_battle(kb):
    """540.2: all own features, not acquired ones; 540.3: suppressed, with a marker; 540.3.1: no
    period given → until the end of the battle."""
    s = {"edition": "B",
         "cards": [card("c", features=[{"name": "Броня", "value": 1}], acquired=[{"name": "Отравление", "value": 1}])],
         "events": [{"lose_features": {"card": "c"}}, {"end_of_turn": {}}, {"end_of_battle": {}}]}
    r = kb.why(s)
    assert r.events[0].result == {"suppressed": ["Броня"], "removed": []}
    assert r.events[1].result["lifted"] == []
    assert r.events[2].result == {"lifted": ["c/Броня"]}
    assert "B:540.3.1" in cited(r.events[0].explanation)


def test_a_period_ends_the_marker(kb):
    s = {"edition": "B", "cards": [card("c", features=[{"name": "Броня", "value": 1}])],
         "events": [{"lose_features": {"card": "c", "which": "Броня", "duration": "end_of_turn"}}, {"end_of_turn": {}}]}
    r = kb.why(s)
    assert r.events[1].result["lifted"] == ["c/Броня"]


def test_losing_one_acquired_feature_removes_it_for_good(kb):
    """540.4 ○: «удаляется с карты (снимается соответствующий эффект), не возвращается…»"""
    s = {"edition": "B", "cards": [card("c", acquired=[{"name": "Отравление", "value": 1}])],
         "events": [{"lose_features": {"card": "c", "which": "отравление"}}, {"end_of_battle": {}}]}
    r = kb.why(s)
    assert r.events[0].result == {"suppressed": [], "removed": ["Отравление"]}
    assert "B:540.4/item2.1" in cited(r.events[0].explanation)
    assert next(c for c in r.final_state["cards"] if c["id"] == "c")["features"] == []


def test_only_cards_in_the_battle_zone(kb):
    """540.5: «Если не сказано иного, лишение особенностей действует только на карты, расположенные
    в зоне битвы»."""
    s = {"edition": "B", "cards": [card("c", zone="hand", features=[{"name": "Броня", "value": 1}])],
         "events": [{"lose_features": {"card": "c"}}, {"lose_features": {"card": "c", "anywhere": True}}]}
    r = kb.why(s)
    assert r.events[0].result == {"suppressed": [], "removed": []}
    assert r.events[1].result["suppressed"] == ["Броня"]


# --- the axe rule ---------------------------------------------------------------------------------


def test_lekken_the_card_text_wins_and_no_example_is_cited_as_a_rule(kb):
    """«Если в тексте карты в явном виде прописано противоречие с настоящими Правилами, то
    преимущество в этой ситуации имеет текст карты.» — Лёккен does not tap as a defender. The rules
    its text contradicts are stated nowhere in A's text («Например, у Лёккена…» is an example), so
    no step cites the example as the rule, and a defender whose text decides nothing is refused."""
    r = kb.why(EXAMPLES / "A-axe-rule-ex1-lekken.yaml")
    ev = r.events[0]
    assert ev.result == {"taps": False, "defences_per_turn": "unlimited"}
    nodes = steps(ev.explanation)
    assert not [c for n in nodes for c in n.cites if c.id.endswith("/ex1")]
    override = next(n for n in nodes if n.step == "axe_rule" and n.inputs["rule"] == "defender_taps")
    assert override.value is False
    assert override.paragraph == "A:правило-топора/если-в-тексте-карты"
    assert override.inputs["card_feature"] == "Выступая защитником, не закрывается"
    with pytest.raises(ScenarioError, match="edition A has no rule for how a defender taps and how often it defends in a turn"):
        kb.why({"edition": "A", "cards": [card("c")], "events": [{"defend": {"card": "c"}}]})


# --- editions and errors -------------------------------------------------------------------------


@pytest.mark.parametrize("edition, event, words", [
    ("B", {"wounds": {"card": "c", "amount": 1, "attack": "strike"}}, "edition B has no rule for prevention"),
    ("B", {"bring_into_squad": {"card": "c", "how": "summon", "player": "p1"}}, "edition B has no rule for bring into squad"),
    ("A", {"lose_features": {"card": "c"}}, "edition A has no rule for loss of features"),
    ("B", {"defend": {"card": "c"}}, "edition B has no rule for axe rule"),
])
def test_mechanics_an_edition_does_not_contain(kb, edition, event, words):
    with pytest.raises(ScenarioError, match=words):
        kb.why({"edition": edition, "cards": [card("c")], "events": [event]})


@pytest.mark.parametrize("text, words", [
    ("  - wounds: {card: c, amount: -1, attack: strike}\n", "field events[0].wounds.amount: Input should be greater than or equal to 0"),
    ("  - zone_change: {card: c, to: moon}\n", "field events[0].zone_change.to: Input should be"),
    ("  - wounds: {card: c, amount: 1, attack: strike, choose: [nosuch]}\n", "field events[0].wounds.choose[0]: unknown effect 'nosuch'"),
    ("  - wounds: {card: c, amount: 1, attack: strikee}\n", "field events[0].wounds.attack: Input should be"),
    ("  - wounds: {card: c, amount: 1}\n", "field events[0].wounds.attack: Field required"),
    ("  - effect: {card: c, kind: wounds}\n", "wounds have their own event"),
    ("  - bring_into_squad: {card: c, how: play, player: p1, skip: true}\n", "about a summon, not play"),
    ("  - bring_into_squad: {card: c, how: summon, player: p1, skip: true}\n", "skip needs triggered: true"),
    ("  - zone_change: {card: c, to: battle}\n", "c is already in zone battle"),
    ("  - lose_features: {card: c, duration: forever}\n", "field events[0].lose_features.duration"),
    ("  - bring_into_squad: {card: c, how: steal, player: p1}\n", "field events[0].bring_into_squad.how"),
])
def test_bad_new_events_are_one_line_errors(cli, tmp_path, text, words):
    f = tmp_path / "s.yaml"
    f.write_text("edition: A\ncards:\n  - {id: c, controller: p1}\nevents:\n" + text, encoding="utf-8")
    r = cli("why", str(f), "--lang", "en")
    assert r.exit_code == 2 and r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1 and words in r.stderr, r.stderr


def test_an_unknown_effect_type_is_an_error(cli, tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text("edition: A\ncards:\n  - {id: c, controller: p1, effects: [{id: e, type: teleport}]}\n"
                 "events:\n  - end_of_turn: {}\n", encoding="utf-8")
    r = cli("why", str(f), "--lang", "en")
    assert r.exit_code == 2 and "field cards[0].effects[0].type" in r.stderr
    r = cli("why", str(f))
    assert r.exit_code == 2 and "поле cards[0].effects[0].type: допустимо только 'prevent'" in r.stderr


# --- found by the fresh-clone review --------------------------------------------------------------


def giant(**kw):
    return card("giant", in_formation=True, features=[{"name": "Строй"}],
                grants=[{"name": "Опыт в защите", "value": 1, "while": "formation"}], **kw)


def feats(result, cid):
    return {f["name"]: f for f in next(c for c in result.final_state["cards"] if c["id"] == cid)["features"]}


def test_a_suppressed_formation_gives_nothing(kb):
    """540.3: a suppressed feature «не оказывает никаких эффектов на игру»: without a working Строй
    the giant gets no Опыт в защите from forming again."""
    s = {"edition": "B", "cards": [giant()],
         "events": [{"lose_features": {"card": "giant", "which": "all", "duration": "end_of_turn"}},
                    {"formation": {"card": "giant", "in": False}},
                    {"formation": {"card": "giant", "in": True}},
                    {"end_of_turn": {}}]}
    r = kb.why(s)
    assert r.events[2].result["gained"] == []
    assert r.events[3].result["lifted"] == ["giant/Строй"]
    assert feats(r, "giant")["Опыт в защите"]["value"] == 1  # Строй works again, in formation: it gives again
    assert "B:540.3.1" in cited(r.events[3].explanation)


def test_an_own_feature_under_a_higher_acquired_one(kb):
    """540.4: the acquired Регенерация 3 is removed, the own Регенерация 2 (replaced by it) is
    suppressed for the loss's period and works again after it."""
    s = {"edition": "B", "cards": [card("c", features=[{"name": "Регенерация", "value": 2}]), card("s", "p2")],
         "events": [{"gain_feature": {"card": "c", "name": "Регенерация", "value": 3, "source": "s"}},
                    {"lose_features": {"card": "c", "which": "Регенерация", "duration": "end_of_turn"}},
                    {"end_of_turn": {}}]}
    r = kb.why(s)
    assert r.events[1].result == {"suppressed": ["Регенерация"], "removed": ["Регенерация"]}
    assert feats(r, "c")["Регенерация"]["value"] == 2 and feats(r, "c")["Регенерация"]["suppressed"] is False


def test_losing_all_reaches_an_own_feature_hidden_under_an_acquired_one(kb):
    s = {"edition": "B", "cards": [card("c", features=[{"name": "Регенерация", "value": 2}]), card("s")],
         "events": [{"gain_feature": {"card": "c", "name": "Регенерация", "value": 3, "source": "s", "until": "end_of_turn"}},
                    {"lose_features": {"card": "c", "which": "all", "duration": "end_of_battle"}},
                    {"end_of_turn": {}}]}
    r = kb.why(s)
    assert r.events[1].result["suppressed"] == ["Регенерация"]
    f = feats(r, "c")["Регенерация"]
    assert (f["value"], f["suppressed"], [m["until"] for m in f["markers"]]) == (2, True, ["end_of_battle"])


def test_two_losses_two_markers(kb):
    """540.3.1: each loss's marker goes when its own period ends."""
    s = {"edition": "B", "cards": [card("c", features=[{"name": "Полёт"}])],
         "events": [{"lose_features": {"card": "c", "which": "Полёт"}},
                    {"lose_features": {"card": "c", "which": "Полёт", "duration": "end_of_turn"}},
                    {"end_of_turn": {}}, {"end_of_battle": {}}]}
    r = kb.why(s)
    assert r.events[2].result["lifted"] == [] and r.events[3].result["lifted"] == ["c/Полёт"]


def test_a_loss_that_works_anywhere_survives_a_move(kb):
    """540.5 begins «Если не сказано иного»: a loss stated to work anywhere does not end on a move."""
    s = {"edition": "B", "cards": [card("w", features=[{"name": "Броня", "value": 1}])],
         "events": [{"lose_features": {"card": "w", "anywhere": True}}, {"zone_change": {"card": "w", "to": "hand"}}]}
    r = kb.why(s)
    assert r.events[1].result["restored"] == [] and feats(r, "w")["Броня"]["suppressed"] is True


def test_prevention_whose_text_allows_one_use(kb):
    """003: the unused part is kept «если повторное применение этого эффекта предотвращения не
    противоречит его тексту»; a one-use effect loses it."""
    s = {"edition": "A", "cards": [card("g", effects=[{"id": "once", "type": "prevent_once", "amount": 3}]), card("a", "p2")],
         "events": [{"wounds": {"card": "g", "amount": 1, "source": "a", "attack": "strike"}},
                    {"wounds": {"card": "g", "amount": 2, "source": "a", "attack": "strike"}}]}
    r = kb.why(s)
    assert r.events[0].result == {"wounds": 0, "prevented": 1, "remaining": {"once": 0}}
    assert r.events[1].result["wounds"] == 2


def test_remaining_is_reported_when_no_wounds_reach_prevention(kb):
    s = {"edition": "A", "cards": [card("g", effects=[{"id": "next4", "type": "prevent", "amount": 4},
                                                      {"id": "only", "type": "wounds_only_from", "kinds": ["strike"]}]),
                                   card("a", "p2")],
         "events": [{"wounds": {"card": "g", "amount": 2, "source": "a", "attack": "spell"}}]}
    assert kb.why(s).events[0].result == {"wounds": 0, "prevented": 0, "remaining": {"next4": 4}}


def test_replacement_and_prevention_agree_on_the_play_zone(kb):
    s = {"edition": "A", "cards": [card("h", zone="play", effects=[{"id": "no", "type": "no_wounds_from", "kinds": ["spell"], "protects": "all"},
                                                                   {"id": "p", "type": "prevent", "amount": 1, "protects": "all"}]),
                                   card("t"), card("a", "p2")],
         "events": [{"wounds": {"card": "t", "amount": 3, "source": "a", "attack": "spell"}}]}
    assert kb.why(s).events[0].result["wounds"] == 0


def test_the_order_of_a_players_own_prevention_effects(kb):
    s = {"edition": "A", "cards": [card("g", effects=[{"id": "a", "type": "prevent", "amount": 2}, {"id": "b", "type": "prevent", "amount": 2}]),
                                   card("x", "p2")],
         "events": [{"wounds": {"card": "g", "amount": 1, "source": "x", "attack": "strike", "choose": ["b", "a"]}}]}
    assert kb.why(s).events[0].result["remaining"] == {"a": 2, "b": 1}


@pytest.mark.parametrize("event, words", [
    ({"wounds": {"card": "dead", "amount": 1, "attack": "strike"}}, "dead is in zone graveyard: only a card in play gets wounds"),
    ({"defend": {"card": "dead"}}, "only a card in the battle zone defends"),
    ({"zone_change": {"card": "token", "to": "hand"}}, "token is not in the game"),
])
def test_impossible_situations_are_errors(kb, event, words):
    s = {"edition": "A", "cards": [card("dead", zone="graveyard"), card("token", zone="outside")], "events": [event]}
    with pytest.raises(ScenarioError, match=words):
        kb.why(s)


def test_a_cards_text_can_change_the_defaults(kb):
    """517.4: «Правила возрождения по умолчанию: 1) со своего кладбища…» — a card that revives from
    the opponent's graveyard under its player's control."""
    s = {"edition": "A", "cards": [card("theirs", "p2", zone="graveyard")],
         "events": [{"bring_into_squad": {"card": "theirs", "how": "revive", "player": "p1", "from": "p2"}}]}
    ev = kb.why(s).events[0]
    assert ev.result["performed"] is True and ev.result["controller"] == "p1"
    changed = [n for n in steps(ev.explanation) if n.step == "default_overridden"]
    assert [(n.inputs["rule"], n.value, n.paragraph) for n in changed] == [("from_own_graveyard", "p2", "A:517.4/item1")]


def test_take_control_is_labelled_with_its_own_words(kb):
    """The unnumbered «Взять карту под контроль…» stands between 517.4 «Возродить карту» and 517.6:
    it is cited as 517.5 (the number it stands for, ``show 517.5 -e A``) with its opening words."""
    r = kb.why({"edition": "A", "cards": [card("c", "p2")],
                "events": [{"bring_into_squad": {"card": "c", "how": "take_control", "player": "p1"}}]})
    node = next(n for n in steps(r.events[0].explanation) if n.step == "control_taken")
    assert node.cites[0].ref() == "517.5 «Взять карту под контроль…»"


def test_why_batch_answers_equal_why_one_by_one(kb):
    """A batch answers each scenario as ``why`` does alone, across chunks of the batch (so the
    batch path cannot drift from the one-by-one path). The sample: every bundled scenario file under
    its own edition, twice over so that it spans more than one chunk, plus one changed by hand.

    Anchored on the rulebook: 519.3, ПРИМЕР («…в итоге сила удара Гнома-Басаарга равна 1») — the
    Гном-Басаарг attack is 1 in the batch as alone."""
    import yaml

    from berserk_kb.explain import run as run_module

    files = sorted(EXAMPLES.glob("*.yaml")) + sorted((KB_DIR / "scenarios").glob("*.yaml"))
    sample = [yaml.safe_load(f.read_text(encoding="utf-8")) for f in files]
    changed = yaml.safe_load((EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml").read_text(encoding="utf-8"))
    changed["events"][0]["attack"]["modifiers"].pop()  # without «сводятся к 1»: 3 +1 +1 +1 = 6
    sample = [*sample, *sample, changed]
    old = run_module.CHUNK
    run_module.CHUNK = 16
    try:
        batch = kb.why_batch(sample)
    finally:
        run_module.CHUNK = old
    assert [r.to_json() for r in batch] == [kb.why(s).to_json() for s in sample]
    basaarg = files.index(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml")
    assert batch[basaarg].events[0].result["strength"] == 1
    assert batch[-1].events[0].result["strength"] == 6
