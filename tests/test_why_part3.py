"""Why did this happen, part 3: the corners a judge asks about, why-not and what-if, contract v2.

Every expected value is worked by hand from the rule text quoted in the test's docstring."""

from __future__ import annotations

import json
import re

import pytest

from berserk_kb.errors import InputError, ScenarioError
from conftest import ROOT
from scenario_parts import EXAMPLES, SCENARIOS, card, cited, feats, steps

# --- the defect classes ------------------------------------------------------------------------------


def test_taking_control_changes_the_controller_not_the_zone(kb):
    """«Взять карту под контроль – это стать игроком, контролирующим эту карту (одновременно с этим
    противник перестаёт контролировать карту).» A card of p2 in the play zone outside the battle zone
    (`play`): p1 takes control — controller p1, zone still play (was: battle)."""
    r = kb.why(SCENARIOS / "take-control-and-revival.yaml")
    assert r.events[0].result == {"performed": True, "controller": "p1", "zone": "play", "deck_shuffled": False,
                                  "face_up": True}
    theirs = next(c for c in r.final_state["cards"] if c["id"] == "theirs")
    assert (theirs["controller"], theirs["zone"]) == ("p1", "play")
    assert "A:517.4/взять-карту-под-контроль" in cited(r.events[0].explanation)


def test_a_plus_to_a_feature_takes_the_modifiers_of_the_gain(kb):
    """ПРИМЕР 5 (A): «…Менгир может усилить отравление на 1…» — a modifier to the value given applies
    to «+N к X» as to a grant: Отравление 1, «+1 к Отравлению» strengthened by 1: 1 + (1 + 1) = 3 (was 2:
    the modifier was dropped); the proof shows the modifier (granted_value, citing the example)."""
    s = {"edition": "A", "cards": [card("vail", acquired=[{"name": "Отравление", "value": 1}]), card("bokor", "p2"),
                                   card("mengir", "p2")],
         "events": [{"gain_feature": {"card": "vail", "name": "Отравление", "value": 1, "source": "bokor", "op": "add",
                                      "modifiers": [{"source": "mengir", "value": 1}]}}]}
    ev = kb.why(s).events[0]
    assert ev.result["value"] == 3
    node = next(n for n in steps(ev.explanation) if n.step == "granted_value")
    assert (node.value, node.paragraph) == (2, "A:замещение-особенности-это-эффект/ex5")


@pytest.mark.parametrize("edition, event, field, words", [
    # A, fragment 001: «Переброс кубика и переворот кубика не являются модификаторами» — a flip has no source
    ("A", {"die_roll": {"roller": "r", "roll": 2, "flip": True, "flip_source": "f"}}, "die_roll.flip_source", "not a modifier"),
    ("A", {"die_roll": {"roller": "r", "roll": 2, "flip": True, "order": ["flip"]}}, "die_roll.order[0]", "not a modifier"),
    # B 519.7: «…перебросить выбранный кубик до наложения на него модификаторов» — the reroll is first
    ("B", {"die_roll": {"roller": "r", "roll": 2, "flip": True, "reroll": 3, "first": "flip"}}, "die_roll.first", "reroll always comes first"),
    # «вместо этого» without «может» cannot be declined
    ("A", {"effect": {"card": "r", "kind": "regeneration", "amount": 2, "decline": ["heal"]}}, "effect.decline", "not optional"),
    # a player orders the prevention effects that player applies, not the other player's
    ("A", {"wounds": {"card": "r", "amount": 1, "attack": "strike", "choose": {"p1": ["prev"]}}}, "wounds.choose.p1[0]", "neither applies it"),
])
def test_a_field_with_no_effect_is_refused(kb, edition, event, field, words):
    s = {"edition": edition, "cards": [card("r", effects=[{"id": "heal", "type": "instead", "of": "regeneration",
                                                          "becomes": "heal_others"}]),
                                       card("f", "p2", effects=[{"id": "prev", "type": "prevent", "amount": 1, "protects": "all"}])],
         "events": [event]}
    with pytest.raises(ScenarioError, match=re.escape(f"events[0].{field}") + f".*{words}") as err:
        kb.why(s)
    assert err.value.field == f"events[0].{field}"


def test_a_card_that_leaves_the_play_zone_and_comes_back_is_a_new_object(kb):
    """«Если карта – источник эффекта предотвращения покидает игровую зону, то эффект предотвращения от
    этой карты больше не применяется.» «следующие 4 раны»: 2 prevented (2 left); the guard dies and is
    revived (517.4); 2 more wounds: none prevented — the 2 left do not resume (was: 2 prevented)."""
    r = kb.why(SCENARIOS / "take-control-and-revival.yaml")
    assert r.events[1].result == {"wounds": 0, "prevented": 2, "remaining": {"next4": 2}}
    assert r.events[4].result == {"wounds": 2, "prevented": 0, "remaining": {}}
    assert "A:если-карта-источник-эффекта" in cited(r.events[2].explanation)
    assert "A:если-карта-источник-эффекта" in cited(r.events[4].explanation)
    guard = next(c for c in r.final_state["cards"] if c["id"] == "guard")
    assert guard["effects"] == [{"id": "next4", "type": "prevent", "remaining": 0, "left_play": True,
                                 "applies": False, "stated": True, "in_play": True}]


def test_a_static_ability_works_again_after_a_revival(kb):
    """«Эффект предотвращения порождается постоянными способностями, которые применяется в момент своей
    актуальности»; Габриэль «уменьшает число получаемых ран 1 каждый раз…»: his own static ability, which
    the revived card has again: 3 wounds → 2 after the revival too."""
    s = {"edition": "A", "cards": [card("gabriel", name="Габриэль"), card("x", "p2")],
         "events": [{"zone_change": {"card": "gabriel", "to": "graveyard"}},
                    {"bring_into_squad": {"card": "gabriel", "how": "revive", "player": "p1"}},
                    {"wounds": {"card": "gabriel", "amount": 3, "source": "x", "attack": "strike"}}]}
    assert kb.why(s).events[2].result["wounds"] == 2


def test_replacement_is_not_loss_in_edition_A_for_an_acquired_feature_too(kb):
    """A: «Замещение особенности - это эффект правил и не является потерей особенности». An acquired
    Регенерация 2 replaced by Регенерация 3 held while its source stands next to the card: when that
    source leaves, Регенерация 2 is back (was: lost, because the own/acquired split came from B's line)."""
    s = {"edition": "A", "cards": [card("c", acquired=[{"name": "Регенерация", "value": 2, "source": "old"}]),
                                   card("old"), card("s", "p2")],
         "events": [{"gain_feature": {"card": "c", "name": "Регенерация", "value": 3, "source": "s", "while": "adjacent"}},
                    {"leave": {"card": "s", "from": "c"}}]}
    r = kb.why(s)
    assert r.events[1].result == {"ended": ["Регенерация"], "returned": ["Регенерация"]}
    assert (feats(r, "c")["Регенерация"]["value"], feats(r, "c")["Регенерация"]["own"]) == (2, False)
    back = next(n for n in steps(r.events[1].explanation) if n.step == "feature_returns")
    assert back.paragraph == "A:замещение-особенности-это-эффект"


def test_edition_B_keeps_only_own_replaced_features(kb):
    """B: «○ подавляются до появления новой базовой именной особенности, если были собственными.» The
    same acquired Регенерация 2 does not come back under B when the Регенерация 3 held «до конца хода»
    ends; an own one does. That line speaks of own features: that an acquired one is dropped is the
    engine's reading of it, so the step that drops it cites nothing and says so."""
    def run(**feature):
        s = {"edition": "B", "cards": [card("c", **feature), card("old"), card("s", "p2")],
             "events": [{"gain_feature": {"card": "c", "name": "Регенерация", "value": 3, "source": "s", "until": "end_of_turn"}},
                        {"end_of_turn": {}}]}
        return kb.why(s)

    acquired = run(acquired=[{"name": "Регенерация", "value": 2, "source": "old"}])
    assert acquired.events[1].result["returned"] == [] and "Регенерация" not in feats(acquired, "c")
    dropped = next(n for n in steps(acquired.events[0].explanation) if n.step == "replaced_not_kept")
    assert dropped.cites == () and dropped.paragraph is None
    own = run(features=[{"name": "Регенерация", "value": 2}])
    assert own.events[1].result["returned"] == ["Регенерация"]


def test_a_grant_of_another_cards_static_feature_comes_back(kb):
    """540.4 ○: a feature acquired from «постоянная особенность этой или другой карты» is suppressed by
    a loss «…до момента, пока подавленная особенность не будет удалена с карты (так как нарушилось условие
    её существования)»; ПРИМЕР 1: «…не будет им обладать, пока не разорвёт строй и не образует его
    заново». Lost (suppressed), formation broken (removed), formed again: back, value 1, from the King
    (was: gone for good — only a card's own grants came back)."""
    r = kb.why(SCENARIOS / "formation-grant-from-another-card.yaml")
    assert r.events[0].result == {"suppressed": ["+1 к удару"], "removed": []}
    assert r.events[1].result == {"ended": ["+1 к удару"], "gained": []}
    assert r.events[2].result == {"ended": [], "gained": ["+1 к удару"]}
    f = feats(r, "basaarg")["+1 к удару"]
    assert (f["value"], f["source"], f["suppressed"]) == (1, "king", False)
    assert "B:540.4/ex1" in cited(r.events[2].explanation)


@pytest.mark.parametrize("cards, event, field", [
    ([card("a", hit=[-1, 2, 3]), card("b", "p2")], {"attack": {"source": "a", "target": "b"}}, "cards[0].hit[0]"),
    ([card("a"), card("b", "p2")], {"attack": {"source": "a", "target": "b", "base": -2}}, "events[0].attack.base"),
    ([card("a"), card("b", "p2")], {"attack": {"source": "a", "target": "b", "base": 2,
                                               "modifiers": [{"source": "b", "op": "set", "value": -1}]}},
     "events[0].attack.modifiers[0]"),
    ([card("a")], {"die_roll": {"roller": "a", "roll": 7}}, "events[0].die_roll.roll"),
])
def test_impossible_values_are_refused_like_a_die_face_of_7(kb, cards, event, field):
    """A strike is worth 0 or more (a card's hit, an attack's base), an attack is set to 0 or more; as a
    die shows 1–6."""
    with pytest.raises(ScenarioError, match=re.escape(f"field {field}")):
        kb.why({"edition": "A", "cards": cards, "events": [event]})


def test_an_attack_of_negative_strength_deals_no_invented_wounds(kb):
    s = {"edition": "A", "cards": [card("a"), card("b", "p2")],
         "events": [{"attack": {"source": "a", "target": "b", "base": 1, "deals_wounds": True,
                                "modifiers": [{"source": "b", "op": "add", "value": -3}]}}]}
    with pytest.raises(ScenarioError, match="would be -2"):
        kb.why(s)


# --- citations that name the right paragraph ---------------------------------------------------------


def test_an_end_of_turn_where_a_marker_stays_cites_the_marker_rule(kb):
    """540.3.1: «Если период не указан, особенность считается потерянной до конца боя» — at the end of
    the turn Броня stays suppressed because of that marker: the step cites 540.3.1, not the Ледовый
    Охотник example (518.8 ПРИМЕР 1, which it cited before)."""
    ev = kb.why(SCENARIOS / "suppression-markers.yaml").events[2]
    kept = [n for n in steps(ev.explanation) if n.step == "feature_kept"]
    assert [n.paragraph for n in kept] == ["B:540.3.1"]
    assert "B:518.8/ex1" not in cited(ev.explanation)


def test_a_spent_one_use_prevention_cites_its_text_rule(kb):
    """A one-use effect spent: «…(если повторное применение этого эффекта предотвращения не противоречит
    его тексту)» decides, not «…могут быть применены все…»."""
    ev = kb.why(SCENARIOS / "prevention-without-amount.yaml").events[1]
    spent = next(n for n in steps(ev.explanation) if n.step == "prevention_spent")
    assert spent.paragraph == "A:эффект-предотвращения-может-быть"
    assert "не противоречит его тексту" in spent.cites[0].text
    assert "A:эффекты-предотвращения-имеющие-количественное" not in cited(ev.explanation)


def test_a_feature_until_the_end_of_the_turn_cites_no_adjacency_example(kb):
    """A ПРИМЕР 4 is about «пока Льер-Кулат стоит рядом»: a feature «до конца хода» is not what it
    speaks of, and A's loaded text says nothing of «до конца хода» — so under A the gain is refused,
    naming the field (issue 12 follow-up: every step cites, or the edition refuses the mechanic); under
    B, 518.8 ПРИМЕР 1 («…до конца вашего хода … в конце хода … не пропадёт», of a gain not performed) is
    the only text on it, read by contraposition: the step cites nothing, neither ПРИМЕР 4 nor ПРИМЕР 1,
    and says it is the engine's reading (tests/test_why_issue12_q.py)."""
    def end(edition):
        s = {"edition": edition, "cards": [card("c"), card("h")],
             "events": [{"gain_feature": {"card": "c", "name": "Опыт в атаке", "value": 1, "source": "h",
                                          "until": "end_of_turn"}}, {"end_of_turn": {}}]}
        return kb.why(s).events[1]

    with pytest.raises(ScenarioError, match=r"events\[0\]\.gain_feature\.until: .*edition A states no such rule"):
        end("A")
    b = end("B")
    assert b.result["ended"] == ["Опыт в атаке"]
    assert cited(b.explanation) == []
    assert "feature_ended_at_turn_end" in [n.step for n in steps(b.explanation)]


def test_an_effect_left_out_because_its_card_is_not_in_play_says_so(kb):
    """The replacement effect of a card in the graveyard does not apply (2 wounds stay 2), and a step
    says so; 516.1.2 «…эти способности являются постоянными и применяются всегда в актуальный момент»
    says when an effect applies, not that its card must be in play, so the step cites nothing (the
    engine's reading, as for a prevention effect: fu12k K4)."""
    s = {"edition": "A", "cards": [card("t"), card("h", zone="graveyard", effects=[{"id": "no", "type": "no_wounds_from",
                                                                                   "kinds": ["spell"], "protects": "all"}]),
                                   card("x", "p2")],
         "events": [{"wounds": {"card": "t", "amount": 2, "source": "x", "attack": "spell"}}]}
    ev = kb.why(s).events[0]
    assert ev.result["wounds"] == 2
    node = next(n for n in steps(ev.explanation) if n.step == "replacement_not_in_play")
    assert (node.inputs["replacement"], node.inputs["zone"], node.cites) == ("no", "graveyard", ())


#: For each step kind that cites, words one of which every unit it cites contains — what justifies the
#: step (lower case, «ё» as «е»).
STEP_WORDS = {
    "formation": ["нарушилось условие", "образует его заново"],
    "adjacent_grant": ["стоит рядом"],
    "application_order": ["в следующем порядке"],
    "attack_strength": ["применяются все модификаторы"],
    "axe_rule": ["преимущество в этой ситуации имеет текст карты"],
    "bonus_ended": ["стоит рядом", "нарушилось условие"],
    "bring_into_squad": ["взятие карты в отряд", "колода перемешивается", "возродить карту – это извлечь ее с кладбища"],
    "attack": ["пока не будут нанесены раны"],
    "deck_shuffled": ["колода перемешивается"],
    "declared_before": ["остаются актуальными", "добавляют соответствующие модификаторы"],
    "default": ["своей колоды", "своего кладбища", "в открытом виде", "под своим контролем", "контролирующим эту карту"],
    "control_taken": ["стать игроком, контролирующим эту карту"],
    "default_overridden": ["своей колоды", "своего кладбища", "в открытом виде", "под своим контролем"],
    "die_roll": ["применяются все модификаторы"],
    "die_rolled": ["бросок кубика"],
    "end_of_game": ["после окончания партии"],
    "end_of_turn": ["до конца вашего хода"],
    "feature_ended": ["отойдет от него", "нарушилось условие", "пока стоит в строю"],
    "feature_kept": ["выполненным", "отравление останется", "период", "подавление сохраняется"],
    "feature_lost": ["подавляется", "удаляется", "лишается"],
    "removed_stays_away": ["не возвращается даже в случае"],
    "acquired_kept": ["но не приобретенных"],
    "feature_returns": ["не является потерей", "если были собственными"],
    "flip_source": ["принадлежащими"],
    "formation_features_lost": ["потеря строя"],
    "grant_lost_with_giver": ["нарушилось условие"],
    "formation_grant": ["образует его заново", "сразу же должна быть получена вновь"],
    "formation_grant_not_given": ["согласно тексту той карты", "не оказывает никаких эффектов",
                                  # an own value not lower held (518.8 ПРИМЕР 2, 1: fu12s N2)
                                  "не может получить", "выполненным"],
    "formation_grant_replaces": ["вместо"],
    "gain_outcome": ["замещение особенности", "не может получить", "вместо", "+1 к", "выполненным", "получает", "заместить"],
    "gain_modifier_not_applied": ["в отряде"],
    "granted_value": ["усилить", "после наложения модификаторов"],
    "prevention_ended": ["покидает игровую зону"],
    "lose_control": ["потеряли контроль"],
    "loss_goes_on": ["если не сказано иного"],
    "lose_features": ["лишение конкретной особенности", "потерять все особенности", "лишение собственных особенностей"],
    "marker_period": ["период"],
    "markers_lifted": ["маркер подавления"],
    "markers_removed": ["явной потери маркера"],
    "modifier_applied": ["модификатор", "сведение"],
    "strike_reduced": ["сводится к слабой"],
    "modifier_not_applied": ["из отряда", "переворот кубика"],
    "opponent_card_away": ["от карт противника"],
    "modifier_formation_gone": ["за строй с гномьим королем"],
    "next_roll_equals": ["следующий бросок кубика равен"],
    "not_in_battle_zone": ["в зоне битвы"],
    "not_performed": ["отменяется", "пропустить", "с кладбища", "из руки", "стать игроком", "положить в игру"],
    "order_in_group": ["определяет"],
    "prevention_applied": ["могут быть применены все", "неиспользованное значение сохраняется", "еще 2 раны",
                           "повторное применение",
                           "каждый раз", "в момент своей актуальности"],
    "placed_in_play_zone": ["поместить в игровую зону", "розыгрыш карты из руки в игровую зону", "положить в игру"],
    "prevention_order": ["по очереди"],
    "prevention_spent": ["не противоречит его тексту", "неиспользованное значение"],
    # the card's text, as the rulebook's example quotes it, when the card facts give the effect (Габриэль)
    "prevention_not_protected": ["ваше существо"],
    "prevention_stopped": ["покидает игровую зону"],
    "replaced_ended": ["отойдет от него", "нарушилось условие"],
    "replacing_stays": ["уже не пропадет, если льер-кулат отойдет"],
    "replacement": ["постоянными"],
    "replacement_applied": ["вместо этого", "не получает ран"],
    "replacement_chosen": ["он выбирает", "активный игрок выбирает"],
    "replacement_declined": ["может вместо"],
    "replacement_unchanged": ["может вместо"],
    "rerolled": ["переброс"],
    "set_to_not_applied": ["к большему числу"],
    "trigger": ["не нанесет", "срабатывающих особенностей", "не оказывает никаких эффектов"],
    "works_as": ["работает как"],
    "wounds": ["после вычисления окончательного значения"],
    "zone_change": ["переходить в разные зоны", "прекращает действовать", "покидает игровую зону"],
}
#: Step kinds that are an event's own step: they cite nothing themselves (the steps under them do), but
#: for an end of turn where nothing ends (it cites what ends then).
EVENT_STEPS = {"approach", "defend", "effect", "end_of_turn", "gain_feature", "leave"}
#: Situations the suite of kb/ lacks, for the step kinds it does not reach.
MORE = [
    {"edition": "B", "cards": [card("c")],  # feature_gained_read (B: the card lacks it)
     "events": [{"gain_feature": {"card": "c", "name": "Опыт в атаке", "value": 1}}]},
    {"edition": "B", "cards": [card("s"), card("c", acquired=[{"name": "Броня", "value": 2, "source": "s"}])],
     "events": [{"lose_features": {"card": "c"}}]},  # acquired_kept
    {"edition": "B", "cards": [card("s"), card("c", acquired=[{"name": "Броня", "value": 2, "source": "s"}])],
     "events": [{"lose_features": {"card": "c", "which": "Броня", "duration": "end_of_turn"}},  # removed_stays_away
                {"end_of_turn": {}}]},
    {"edition": "A", "cards": [card("theirs", "p2", zone="graveyard")],  # default_overridden
     "events": [{"bring_into_squad": {"card": "theirs", "how": "revive", "player": "p1", "from": "p2"}}]},
    {"edition": "B", "cards": [card("c", features=[{"name": "Регенерация", "value": 2}]),  # feature_returns
                               card("h", zone="hand", features=[{"name": "Броня", "value": 1}]), card("s", "p2")],
     "events": [{"gain_feature": {"card": "c", "name": "Регенерация", "value": 3, "source": "s", "until": "end_of_turn"}},
                {"end_of_turn": {}}, {"lose_features": {"card": "h"}}]},  # not_in_battle_zone
    {"edition": "B", "cards": [card("c", acquired=[{"name": "Регенерация", "value": 2, "source": "s"}]), card("s", "p2")],
     "events": [{"gain_feature": {"card": "c", "name": "Регенерация", "value": 3, "source": "s"}}]},  # replaced_not_kept
    {"edition": "A", "cards": [card("t"), card("h", zone="hand", effects=[{"id": "no", "type": "no_wounds_from",  # replacement_not_in_play
                                                                         "kinds": ["spell"], "protects": "all"}])],
     "events": [{"wounds": {"card": "t", "amount": 1, "attack": "spell"}}]},
    {"edition": "A", "cards": [card("c", effects=[{"id": "r1", "type": "instead", "of": "regeneration", "becomes": "heal"},  # replacement_chosen
                                                  {"id": "r2", "type": "instead", "of": "regeneration", "becomes": "drain"}])],
     "events": [{"effect": {"card": "c", "kind": "regeneration", "amount": 1}}]},
    {"edition": "A", "cards": [card("r"), card("ally", zone="graveyard")],  # modifier_not_applied
     "events": [{"die_roll": {"roller": "r", "roll": 3, "modifiers": [{"source": "ally", "op": "add", "value": 1}]}}]},
    {"edition": "A", "cards": [card("v"), card("s", "p2"), card("m", "p2", zone="graveyard")],  # gain_modifier_not_applied
     "events": [{"gain_feature": {"card": "v", "name": "Отравление", "value": 1, "source": "s",
                                  "modifiers": [{"source": "m", "value": 1}]}}]},
    {"edition": "A", "cards": [card("g", effects=[{"id": "e", "type": "prevent_each", "amount": 1, "protects": "own"}]),
                               card("foe", "p2")],  # prevention_not_protected
     "events": [{"wounds": {"card": "foe", "amount": 2, "attack": "strike"}}]},
    {"edition": "B", "cards": [card("king", name="Гномий Король", in_formation=True),  # formation_grant_not_given
                               card("b", name="Гном-Басаарг", in_formation=True,
                                    grants=[{"name": "Опыт в защите", "value": 1, "source": "king"}])],
     "events": [{"formation": {"card": "b", "in": False}}, {"lose_features": {"card": "king"}},
                {"formation": {"card": "b", "in": True}}]},
    *[{"edition": "B", "cards": [card("king", name="Гномий Король", in_formation=True, features=[{"name": "Строй"}]),
                                 card("g", name="Горный Великан", features=[{"name": "Строй"}, {"name": "Опыт в защите",
                                                                                               "value": own}],
                                      grants=[{"name": "Опыт в защите", "value": 2, "while": "formation",
                                               "source": "king"}])],
        "events": [{"formation": {"card": "g", "in": True}}]}
      for own in (1, 2, 3)],  # formation_grant_replaces (1 < 2), formation_grant_not_given (same, lower)
    {"edition": "A", "cards": [card("g", "p2")],  # take control (A; of a card in formation: refused, test_why_part10)
     "events": [{"bring_into_squad": {"card": "g", "how": "take_control", "player": "p1"}}]},
    {"edition": "A", "cards": [card("b", in_formation=True), card("f", "p2")],  # modifier_formation_gone
     "events": [{"attack": {"source": "b", "target": "f", "base": 3,
                            "modifiers": [{"source": "b", "op": "add", "value": 1, "while": "formation"}]}}]},
    {"edition": "A", "cards": [card("t"), card("gab", zone="hand", effects=[{"id": "each1", "type": "prevent_each",  # prevention_not_in_play
                                                                           "amount": 1, "protects": "own"}])],
     "events": [{"wounds": {"card": "t", "amount": 2, "attack": "strike"}}]},
    {"edition": "A", "cards": [card("c", features=[{"name": "Отравление", "value": 1}]), card("s", "p2")],  # bonus_ended
     "events": [{"gain_feature": {"card": "c", "name": "Отравление", "value": 1, "source": "s", "op": "add",
                                  "while": "adjacent"}}, {"leave": {"card": "s", "from": "c"}}]},
    {"edition": "B", "cards": [card("w", features=[{"name": "Броня", "value": 1}])],  # loss_goes_on
     "events": [{"lose_features": {"card": "w", "anywhere": True}}, {"zone_change": {"card": "w", "to": "hand"}}]},
    {"edition": "A", "cards": [card("r"), card("foe", "p2", zone="hand")],  # opponent_card_away
     "events": [{"die_roll": {"roller": "r", "roll": 3, "modifiers": [{"source": "foe", "op": "add", "value": 1}]}}]},
    {"edition": "A", "cards": [card("w", wounds=1)],  # left_play_zone
     "events": [{"zone_change": {"card": "w", "to": "hand"}}]},
    {"edition": "B", "cards": [card("king", name="Гномий Король", in_formation=True),  # grant_lost_with_giver
                               card("b", name="Гном-Басаарг", in_formation=True, features=[{"name": "Строй"}],
                                    acquired=[{"name": "+1 к удару", "value": 1, "source": "king",
                                               "while": "formation", "static": True}])],
     "events": [{"lose_features": {"card": "king"}}]},
]


#: For a step kind whose outcomes rest on different words, the words of each outcome (its value, or
#: the key of a dict value): a grant the card lacks is gained — A ПРИМЕР 4 «…подходит к Вайлу без
#: отравления, Вайл получает Отравление 1»; B 518.8 ПРИМЕР 1 («…существу с Опытом в атаке, получение
#: этого Опыта в атаке не будет считаться выполненным») speaks only of a card that has it, so it
#: justifies a gain not performed, never one gained.
OUTCOME_WORDS = {
    ("gain_outcome", "gained"): ["без отравления, вайл получает"],
    ("gain_outcome", "replaced"): ["вместо", "замещение особенности"],
    ("gain_outcome", "not_performed"): ["не может получить", "выполненным", "заместить уже имеющееся"],
    ("gain_outcome", "added"): ["+1 к"],
}


def _outcome(value):
    if isinstance(value, dict):
        return next(iter(value)) if len(value) == 1 else None
    return value if isinstance(value, (str, int, bool)) or value is None else None


def _fold(text):
    return " ".join(text.lower().replace("ё", "е").split())


def test_every_cited_unit_says_what_justifies_its_step(kb):
    """For each step kind, every unit a step of that kind cites (over the whole scenario suite and a few
    situations more) contains one of the words that justify the step; every step kind is reached."""
    from berserk_kb.explain.suite import suite_files

    results = [kb.why(p) for p in suite_files(kb.kb_dir)] + [kb.why(s) for s in MORE]
    seen, wrong = set(), []
    for r in results:
        for ev in r.events:
            for node in ev.explanation.walk():
                if not node.cites:
                    continue
                seen.add(node.step)
                words = STEP_WORDS.get(node.step)
                assert words, f"no words for step {node.step}"
                # a step kind whose outcomes rest on different words: the words of this outcome
                by_value = OUTCOME_WORDS.get((node.step, _outcome(node.value)))
                words = by_value or words
                wrong += [(node.step, c.id) for c in node.cites if not any(w in _fold(c.text or "") for w in words)]
    assert not wrong, wrong
    every = set(kb.language_pack("en")["steps"])
    # say that no rule of the edition acts (a move; an end of turn where nothing ends), that the
    # input gives the value (a card's strike value), or that no unit says it in words and the engine
    # reads it so (a card that left the play zone is a new object, its owner's again; an effect without an amount
    # prevents all, and takes its place in the order of those with one; the effect of a card never in play, or a replacement effect of a card not in play, does not apply; a card not in play kept when control is lost; created cards taken out of
    # zones other than the deck at the end of the game; a permanent plus gone with its feature; the faces of an A flip; whose
    # creatures an effect protects, written in the scenario; an optional replacement applied when no decline is stated;
    # a replacement not applied twice): cite nothing
    uncited = {"move_given", "nothing_ends", "strike_value", "left_play_zone", "control_returns", "prevention_all", "prevention_order_read", "prevention_not_in_play", "replacement_not_in_play", "take_control_not_in_play", "lose_control_not_in_play",
               "nothing_lifted", "no_markers", "strike_modifiers_kept",
               "created_removed_elsewhere", "plus_gone_with_feature",
               "prevention_works_again",
               "flipped", "prevention_not_protected", "replacement_not_declined", "replacement_applied_once",
               # what B holds «до конца хода» ending then (518.8 ПРИМЕР 1 read by contraposition); an acquired
               # replaced feature not kept (B's «○ … если были собственными» speaks of own ones)
               "feature_ended_at_turn_end", "bonus_ended_at_turn_end", "replaced_ended_at_turn_end", "replaced_not_kept",
               # an effect no replacement applies to executes as it is
               "effect_unreplaced",
               # B: a feature the card lacks gained (518.8 ПРИМЕР 1 speaks of a card that has it)
               "feature_gained_read"}  # (A's flip faces, a scope the input gives, an optional replacement nobody declines) a static prevention of a card back in play as a new object works again
    assert every - EVENT_STEPS - uncited - seen == set()
    assert set(STEP_WORDS) | EVENT_STEPS | uncited == every


# --- contract v2 -----------------------------------------------------------------------------------------


def test_an_approach_gives_what_stands_next_to_it(kb):
    """ПРИМЕР 4 (A): «Льер-Кулат ("Затмение") подходит к Вайлу без отравления, Вайл получает Отравление 1,
    пока Льер-Кулат стоит рядом, и если отойдёт от него, то Отравление спадёт»; ПРИМЕР 3: «существо с Магией
    крови подходит к Ашельте, получение Магии крови от Ашельты считается не выполненным, поэтому когда это
    существо отойдёт от Ашельты, Магия крови у него сохранится»."""
    r = kb.why(SCENARIOS / "approach-and-leave.yaml")
    assert [e.result for e in r.events] == [
        {"gained": ["Отравление"], "not_performed": []}, {"ended": ["Отравление"], "returned": []},
        {"gained": [], "not_performed": ["Магия крови"]}, {"ended": [], "returned": []}]
    assert "Отравление" not in feats(r, "vail") and "Магия крови" in feats(r, "mage")
    kept = next(n for n in steps(r.events[3].explanation) if n.step == "feature_kept")
    assert kept.paragraph == "A:замещение-особенности-это-эффект/ex3"


def test_an_attack_deals_its_strength_as_wounds(kb):
    """519.3 а): +1 from the King (3 + 1 = 4); «…пока атака не выйдет из стека (т.е. пока не будут
    нанесены раны)»: 4 wounds; «следующие 2 раны» prevent 2: 2 dealt."""
    ev = kb.why(SCENARIOS / "attack-deals-wounds.yaml").events[0]
    assert ev.result == {"strength": 4, "strike": "medium", "dealt": {"wounds": 2, "prevented": 2, "remaining": {"next2": 0}}}
    assert {"A:519.3/нельзя-объявлять-никаких-игродействий", "A:предотвращение-используется-всегда-после"} <= set(cited(ev.explanation))


def test_until_the_end_of_your_turn(kb):
    """518.8 ПРИМЕР 1: «…+1 к [Опыту в атаке] до конца вашего хода» — «вашего»: the Охотник's player's
    (p1) turn. 1 + 1 = 2; the end of p2's turn keeps it (2); the end of p1's turn: 1."""
    r = kb.why(SCENARIOS / "end-of-turn-of-a-player.yaml")
    assert r.events[0].result["value"] == 2
    assert r.events[1].result["ended"] == [] and r.events[2].result["ended"] == ["Опыт в атаке"]
    assert feats(r, "creature")["Опыт в атаке"]["value"] == 1


def test_prevention_without_an_amount(kb):
    """A prevention with no amount prevents all the wounds (3 → 0); its text allows one use: the next 2
    are dealt."""
    r = kb.why(SCENARIOS / "prevention-without-amount.yaml")
    assert (r.events[0].result["wounds"], r.events[0].result["prevented"]) == (0, 3)
    assert (r.events[1].result["wounds"], r.events[1].result["prevented"]) == (2, 0)


def test_a_declined_replacement_and_each_players_choices(kb):
    """516.1 ПРИМЕР «Большой кулак может вместо…» declined: Регенерация 4 executes. Then «вначале все
    эффекты применяет Неактивный игрок, а затем Активный»: p2's b (2) first, 3 → 1; then p1's in p1's
    order a2 before a1: 1 → 0, a1 untouched."""
    r = kb.why(SCENARIOS / "replacement-declined-and-choices.yaml")
    assert r.events[0].result == {"kind": "regeneration", "amount": 4, "card": "fist"}
    assert r.events[1].result == {"wounds": 0, "prevented": 3, "remaining": {"a1": 1, "a2": 0, "b": 0}}


def test_without_a_choice_the_first_listed_replacement_applies_and_the_step_says_so(kb):
    """«Если игрок может применить несколько эффектов замещения…, то он выбирает…»: with no choice
    stated, the first in the order of the cards and their effects; the step records that no choice was
    stated."""
    s = {"edition": "A", "cards": [card("c", effects=[{"id": "r1", "type": "instead", "of": "regeneration", "becomes": "heal"},
                                                      {"id": "r2", "type": "instead", "of": "regeneration", "becomes": "drain"}])],
         "events": [{"effect": {"card": "c", "kind": "regeneration", "amount": 1}}]}
    ev = kb.why(s).events[0]
    chosen = next(n for n in steps(ev.explanation) if n.step == "replacement_chosen")
    assert chosen.value == {"chosen": "r1", "by": "p1", "stated": False} and ev.result["kind"] == "heal"


@pytest.mark.parametrize("order, value", [(["two", "turn"], 6), (["turn", "two"], 3)])
def test_a_flip_is_placed_by_its_id(kb, order, value):
    """519.6: a flip is «сведение кубика», a set-to modifier of its source (the opponent: 519.3 c.); 519.4:
    the player controlling that group orders it. «сводится к 2» then the flip: 4 → 2 → 5, +1 (b.) = 6; the
    flip first: 4 → 3 → 2, +1 = 3."""
    import yaml

    s = yaml.safe_load((SCENARIOS / "die-roll-flip-order.yaml").read_text(encoding="utf-8"))
    s["events"][0]["die_roll"]["order"] = order
    assert kb.why(s).events[0].result == {"unmodified": 4, "value": value}


def test_which_came_first_a_reroll_or_a_flip(kb):
    """A: turned over (2 → 5), then rerolled (3): 3 without modifiers; +1 declared before the flip still
    applies: 4."""
    assert kb.why(SCENARIOS / "die-roll-flip-before-reroll.yaml").events[0].result == {"unmodified": 3, "value": 4}


def _doc_sections():
    doc = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    body = doc.split("## Events — one example per kind", 1)[1].split("\n## ", 1)[0]
    return dict(re.findall(r"^- (\w+): (.*?)(?=^- \w+: |\Z)", body, re.S | re.M))


def test_docs_give_every_event_kind_an_example_and_a_file(kb, cli):
    """docs/scenarios.md: under each event kind an example whose shape is valid, and files of kb/ that
    hold that kind; `berserk-kb why` runs each file."""
    import yaml

    from berserk_kb.scenario.events import kinds
    from berserk_kb.scenario.schema import BODIES

    sections = _doc_sections()
    assert set(sections) == set(kinds())
    for kind, text in sections.items():
        block = re.search(r"```yaml\n(.*?)```", text, re.S).group(1)
        (event,) = yaml.safe_load(block)
        BODIES[kind].model_validate(event[kind] or {})
        files = sorted({f for pattern in re.findall(r"`(kb/(?:examples|scenarios)/[^`]+)`", text)
                        for f in ROOT.glob(pattern)})
        assert files, kind
        assert any(kind in json.dumps(yaml.safe_load(f.read_text(encoding="utf-8"))["events"]) for f in files), kind
        for f in files:
            assert cli("why", str(f), "--json").exit_code == 0, f


# --- why not, what if --------------------------------------------------------------------------------------


@pytest.mark.parametrize("path, expect, step, paragraph, words", [
    # 519.3 ПРИМЕР: «Последним накладывается модификатор, имеющий конкретное численное значение (сведение
    # к 1), в итоге сила удара Гнома-Басаарга равна 1» — not 3 + 1 + 1 + 1 = 6: д) comes last
    (EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml", "events[0].strength=6", "modifier_applied", "A:519.3/item5",
     "не 6, а 1: по 519.3 д) (A)"),
    # ПРИМЕР 5: «…заместить уже имеющееся Отравление он не сможет»
    (EXAMPLES / "A-feature-replacement-ex5-bokor.yaml", "events[1].performed=true", "gain_outcome",
     "A:замещение-особенности-это-эффект/ex3", "не true, а false"),
    # 518.8 ПРИМЕР 1: «…получение этого Опыта в атаке не будет считаться выполненным, поэтому в конце хода
    # Опыт в атаке у этого существа не пропадёт»
    (EXAMPLES / "B-518.8-ex1-ice-hunter.yaml", "events[1].ended=[Опыт в атаке]", "feature_kept", "B:518.8/ex1",
     "по 518.8, ПРИМЕР 1 (B)"),
    # 540.5 ПРИМЕР 1: «…Свой особый удар Степной Волколак не нанесёт»
    (EXAMPLES / "B-540.5-ex1-steppe-werewolf.yaml", "events[1].triggered=[Особый удар при гибели]", "trigger",
     "B:540.5/ex1", "по 540.5, ПРИМЕР 1 (B)"),
])
def test_why_not_on_the_worked_examples(kb, path, expect, step, paragraph, words):
    wn = kb.why_not(path, expect)
    assert not wn.agrees and wn.step.step == step and wn.step.paragraph == paragraph
    assert paragraph in [c.id for c in wn.deciding]
    assert words in wn.because and wn.to_json()["because"] == wn.because


def test_why_not_3_the_set_to_modifier_comes_last(kb, cli):
    """518.3: «д) модификаторы, сводящие численное значение броска кубика к определённому числу» come
    after а)–г): 4 +1 = 5 → «сводится к 1» = 1, not (1) + … — «не 3: по 518.3 д) модификатор «сводится к 1»
    применяется последним»; under B (519.2 a. first) 4 → 1 → +1 = 2."""
    r = cli("why", str(SCENARIOS / "die-roll-editions-differ.yaml"), "--expect", "events[0].value=3")
    assert r.exit_code == 0
    assert "не 3, а 1: по 518.3 д) (A)" in r.stdout and "(применяется последним)" in r.stdout
    data = json.loads(cli("why", str(SCENARIOS / "die-roll-editions-differ.yaml"), "--expect", "events[0].value=3",
                          "--json").stdout)
    assert (data["expected"], data["computed"], data["agrees"], data["last"]) == (3, 1, False, True)
    assert data["step"]["paragraph"] == "A:518.3/item5" and data["deciding"][0]["id"] == "A:518.3/item5"
    assert kb.why_not(SCENARIOS / "die-roll-editions-differ.yaml", "events[0].value=2", "B").agrees


@pytest.mark.parametrize("expect, words", [
    ("events[3].value=1", "there is no event 3"),
    ("events[0].valu=1", "has no 'valu'"),
    ("events[0]", "give PATH=VALUE"),
    ("cards[0].zone=hand", "a part of an event's result"),
])
def test_why_not_errors(cli, expect, words):
    r = cli("why", str(SCENARIOS / "die-roll-editions-differ.yaml"), "--expect", expect, "--lang", "en")
    assert r.exit_code == 2 and words in r.stderr and r.stdout == ""



@pytest.mark.parametrize("lang, words", [("en", "(it has: 1 item)"), ("ru", "есть: 1 элемент")])
def test_why_not_counts_a_lists_parts_in_the_packs_words(cli, lang, words):
    """B 540.2 ПРИМЕР «потеря Строя приводит к потере всех приобретенных особенностей, связанных со
    строем»: the giant acquired one such feature («Строй: Опыт в защите 1»), so the event's `removed`
    is a list of one; a key asked of it is refused naming its parts in the language's words, in the
    number's own form (not «1 items»)."""
    r = cli("why", str(EXAMPLES / "B-540.2-ex1-formation.yaml"), "--expect", "events[0].removed.x=1", "--lang", lang)
    assert r.exit_code == 2 and words in r.stderr and "items" not in r.stderr

def test_what_if_the_roll_were_5(kb):
    """518.3 (A): 5 +1 (а) = 6, within 1…6 (г) = 6, «сводится к 1» (д) = 1 — the result stays 1; every step
    of the chain is given another value (д) is given 6, not 5), so each is shown as changed."""
    wi = kb.what_if(SCENARIOS / "die-roll-editions-differ.yaml", ["events[0].die_roll.roll=5"])
    (ev,) = wi.events
    assert ev.before == {"value": 1, "unmodified": 4} and ev.after == {"value": 1, "unmodified": 5} and not ev.same
    assert [n.value for n in ev.steps_after if n.step == "modifier_applied"] == [6, 6, 1]


def test_what_if_the_set_to_modifier_were_not_there(kb, cli):
    """519.3 ПРИМЕР without «все атаки сводятся к 1»: 3 + 1 + 1 + 1 = 6."""
    wi = kb.what_if(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml", ["events[0].attack.modifiers[3]=null"])
    assert wi.events[0].after == {"strength": 6, "strike": "medium"}
    r = cli("why", str(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml"), "--set", "cards[king].controller=p2", "--json")
    data = json.loads(r.stdout)
    assert data["set"] == {"cards[king].controller": "p2"} and data["events"][0]["same"] is True
    # the King's «+1 к удару за строй с Гномьим Королём» (519.3 ПРИМЕР) is gone: the opponent's King
    # stands in no formation with Басаарг, nor does anyone else («строй: +1» goes too): 3 +1 = 4 → 1
    gone = [n for n in data["events"][0]["steps_after"] if n["step"] == "modifier_formation_gone"]
    assert [(n["inputs"]["modifier"]["source"], n["inputs"]["reason"]) for n in gone] == [
        ("king", "giver_not_in_formation"), ("basaarg", "alone")]


@pytest.mark.parametrize("change, words", [
    ("events[0].attack.modifiers[9]=null", "has 4 elements"),
    ("events[1].attack.strike=weak", "events has 1 element (numbered from 0)"),  # one attack, no «1 elements»
    ("cards[nobody].zone=hand", "no element with id 'nobody'"),
    ("events[0].attack.strike=huge", "field events[0].attack.strike"),
    ("events[0].attack.nope=1", "has no nope"),
])
def test_what_if_errors(cli, change, words):
    r = cli("why", str(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml"), "--set", change, "--lang", "en")
    assert r.exit_code == 2 and words in r.stderr and r.stdout == ""


def test_expect_and_set_are_one_question_each(cli):
    r = cli("why", str(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml"), "--set", "active=p2", "--expect", "events[0].strength=1",
            "--lang", "en")
    assert r.exit_code == 2 and "two questions" in r.stderr


def test_the_library_raises_input_errors(kb):
    with pytest.raises(InputError):
        kb.why_not(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml", "strength")
    with pytest.raises(InputError):
        kb.what_if(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml", [])
