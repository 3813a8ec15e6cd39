"""Why did this happen, part 4: what a fresh user found in the corners of part 3 (issue 12 follow-up).

The situations are the user's, written inline; every expected value is worked by hand from the rule
text quoted in the test's docstring, never read from what the code returns."""

from __future__ import annotations

import re

import pytest

from berserk_kb.errors import ScenarioError
from conftest import KB_DIR
from scenario_parts import EXAMPLES, SCENARIOS, card, cited, feats, final, steps

# --- wrong answers -----------------------------------------------------------------------------------


def _sentence(kb, node, lang="ru"):
    from berserk_kb.explain.sentences import Filler, step_sentence

    return step_sentence(node, Filler(kb.language_pack(lang), {}))


def test_a_revived_card_is_a_new_object(kb):
    """«Если карта – источник эффекта предотвращения покидает игровую зону, то эффект предотвращения от
    этой карты больше не применяется» — the card that comes back is a new object (issue 12). Вайл with
    3 wounds, tapped, «следующие 5 ран» unused, Отравление 1 from Льер-Кулат (an approach: ПРИМЕР 4) goes
    to the graveyard and is revived (517.4): 0 wounds, not tapped, no Отравление, n5 spent for good
    (was: wounds 3, tapped, Отравление 1 kept)."""
    s = {"edition": "A", "cards": [card("lier", "p2", name="Льер-Кулат"),
                                   card("v", name="Вайл", wounds=3, tapped=True,
                                        effects=[{"id": "n5", "type": "prevent", "amount": 5}])],
         "events": [{"approach": {"card": "lier", "to": "v"}}, {"zone_change": {"card": "v", "to": "graveyard"}},
                    {"bring_into_squad": {"card": "v", "how": "revive", "player": "p1"}}]}
    r = kb.why(s)
    assert r.events[0].result["gained"] == ["Отравление"]
    v = final(r, "v")
    assert (v["wounds"], v["tapped"], v["zone"], v["features"]) == (0, False, "battle", [])
    assert v["effects"] == [{"id": "n5", "type": "prevent", "remaining": 0, "left_play": True, "applies": False,
                              "stated": True, "in_play": True}]
    node = next(n for n in steps(r.events[1].explanation) if n.step == "left_play_zone")
    # no unit of A says what a card leaving the play zone loses (517.4 only defines the way back): the
    # step cites none and says it is the engine's reading (issue 12, N1)
    assert node.cites == () and "так его читает движок" in _sentence(kb, node)
    assert (node.inputs["wounds"], node.inputs["tapped"], node.inputs["acquired"]) == (3, True, ["Отравление"])
    ended = next(n for n in steps(r.events[1].explanation) if n.step == "prevention_ended")
    assert (ended.paragraph, ended.inputs["effects"]) == ("A:если-карта-источник-эффекта", ["n5"])


def test_a_plus_to_an_own_feature_goes_with_the_old_object(kb):
    """ПРИМЕР 2 (A): «…получает "+1 к Отравлению", … теперь вместо особенности "Отравление 1" у него
    особенность "Отравление 2"»; the card then leaves the play zone: the new object has its own
    Отравление 1 again, not 2."""
    s = {"edition": "A", "cards": [card("c", features=[{"name": "Отравление", "value": 1}]), card("b", "p2")],
         "events": [{"gain_feature": {"card": "c", "name": "Отравление", "value": 1, "source": "b", "op": "add"}},
                    {"zone_change": {"card": "c", "to": "hand"}}]}
    r = kb.why(s)
    assert r.events[0].result["value"] == 2
    assert feats(r, "c")["Отравление"]["value"] == 1


def test_a_modifier_of_a_card_not_in_the_squad_does_not_apply(kb):
    """519.3 а): «модификаторы, полученные от карт из отряда источника атаки…»; 518.3 а): «…от карт из
    отряда игрока, бросающего кубик…». A card in the graveyard is not in the squad: its modifier is in no
    group, and a step says so citing that item. The King in the graveyard: 3 +1 (удар по закрытому) → 4 →
    «сводится к 1» = 1 (no change of the value, but the King's +1 is not applied: was applied; nor is
    «строй: +1», the formation being gone — test_why_part8); a die 3 with +1 from an ally in the
    graveyard: 3 (was 4). (A card in the graveyard stands in no formation: in_formation goes too.)"""
    wi = kb.what_if(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml", ["cards[king].zone=graveyard",
                                                                   "cards[king].in_formation=false"])
    node = next(n for n in wi.events[0].steps_after if n.step == "modifier_not_applied")
    assert (node.inputs["modifier"]["source"], node.inputs["zone"], node.paragraph) == ("king", "graveyard", "A:519.3/item1")
    applied = [n for n in wi.after.events[0].explanation.walk() if n.step == "modifier_applied"]
    assert [n.inputs["modifier"]["source"] for n in applied] == ["basaarg", "foe"]
    s = {"edition": "A", "cards": [card("r"), card("ally", zone="graveyard")],
         "events": [{"die_roll": {"roller": "r", "roll": 3, "modifiers": [{"source": "ally", "op": "add", "value": 1}]}}]}
    ev = kb.why(s).events[0]
    assert ev.result == {"value": 3, "unmodified": 3}
    assert "A:518.3/item1" in cited(ev.explanation)
    s["edition"] = "B"
    assert kb.why(s).events[0].result["value"] == 3  # B 519.3 a. says the same


def test_an_attack_from_the_hand_is_refused(kb):
    """Only a card in the battle zone attacks or is attacked: an attacker in the hand is no situation the
    rules compute (one line naming the event)."""
    s = {"edition": "A", "cards": [card("b", zone="hand", hit=[1, 2, 3]), card("f", "p2")],
         "events": [{"attack": {"source": "b", "target": "f"}}]}
    with pytest.raises(ScenarioError, match=r"events\[0\]\.attack: b is in zone hand"):
        kb.why(s)


@pytest.mark.parametrize("king_event", [
    {"zone_change": {"card": "king", "to": "graveyard"}},   # the King is not in play
    {"lose_features": {"card": "king"}},                    # the King's features are suppressed (540.2, 540.3)
])
def test_a_grant_of_another_card_comes_back_only_when_that_card_can_give_it(kb, king_event):
    """540.4 ○: a feature acquired from «постоянная особенность этой или другой карты» is got again
    «согласно тексту той карты» («существа в строю с Гномьим Королём получают…»); 540.3: a suppressed
    feature «не оказывает никаких эффектов на игру». The basaarg leaves its formation (the grant ends),
    then the King goes to the graveyard, or loses its features; the basaarg forms again: it does not get
    Опыт в защите (was: gained again), and the step says why."""
    s = {"edition": "B", "cards": [card("king", name="Гномий Король", in_formation=True),
                                   card("b", name="Гном-Басаарг", in_formation=True,
                                        grants=[{"name": "Опыт в защите", "value": 1, "source": "king"}])],
         "events": [{"formation": {"card": "b", "in": False}}, king_event, {"formation": {"card": "b", "in": True}}]}
    r = kb.why(s)
    assert r.events[0].result["ended"] == ["Опыт в защите"]
    assert r.events[2].result == {"ended": [], "gained": []}
    assert "Опыт в защите" not in feats(r, "b")
    node = next(n for n in steps(r.events[2].explanation) if n.step == "formation_grant_not_given")
    suppressed = "lose_features" in king_event
    assert [c.id for c in node.cites] == ["B:540.4/item2.2"] + ["B:540.3"] * suppressed


def test_losing_another_feature_does_not_take_formation_grants(kb):
    """540.4: a specific loss of an acquired feature (Отравление from Льер-Кулат) removes it and nothing
    else; 540.2 «потеря Строя приводит к потере всех приобретенных особенностей, связанных со строем» is
    about losing Строй — a card without Строй that loses Отравление keeps its Опыт в защите from the
    King (was: removed too, citing 540.2)."""
    s = {"edition": "B", "cards": [card("lier", "p2", name="Льер-Кулат"), card("king", name="Гномий Король", in_formation=True),
                                   card("v", name="Вайл", in_formation=True, acquired=[
                                       {"name": "Отравление", "value": 1, "source": "lier"},
                                       {"name": "Опыт в защите", "value": 1, "source": "king", "while": "formation", "static": True}])],
         "events": [{"lose_features": {"card": "v", "which": "Отравление", "duration": "end_of_turn"}}]}
    ev = kb.why(s).events[0]
    assert ev.result == {"suppressed": [], "removed": ["Отравление"]}
    assert "B:540.2/ex1" not in cited(ev.explanation)


def test_big_fist_may_decline_as_its_words_say(kb):
    """516.1 ПРИМЕР: «Большой кулак может вместо Регенерации 4 излечить других существ суммарно до 4» —
    «может»: its player may decline it. The card as kb/cards.yaml gives it (its words, not a hand-set
    flag): declined, Регенерация 4 executes (was: refused, «is not optional … it does not say «может
    вместо»»); not declined, the replacement applies. An «instead» whose words lack «может вместо»
    still cannot be declined."""
    fist = {"edition": "A", "cards": [card("fist", name="Большой кулак")],
            "events": [{"effect": {"card": "fist", "kind": "regeneration", "amount": 4, "decline": ["fist_heal_others"]}}]}
    ev = kb.why(fist).events[0]
    assert ev.result == {"kind": "regeneration", "amount": 4, "card": "fist"}
    assert "A:516.1/ex1" in cited(ev.explanation)
    del fist["events"][0]["effect"]["decline"]
    assert kb.why(fist).events[0].result["kind"] == "heal_others"
    plain = {"edition": "A", "cards": [card("c", effects=[{"id": "i", "type": "instead", "of": "regeneration",
                                                           "becomes": "heal", "text": "вместо этого – излечить"}])],
             "events": [{"effect": {"card": "c", "kind": "regeneration", "amount": 1, "decline": ["i"]}}]}
    with pytest.raises(ScenarioError, match=r"events\[0\]\.effect\.decline: .*not optional"):
        kb.why(plain)


def test_the_words_of_a_kb_card_effect_are_the_rulebooks(kb):
    """The words an effect of kb/cards.yaml carries (what its optionality is read from) stand word for
    word in a unit of the rulebook that names the card."""
    import yaml

    cards = yaml.safe_load((KB_DIR / "cards.yaml").read_text(encoding="utf-8"))["cards"]
    worded = [(c["name"], e["text"]) for c in cards for e in c.get("effects", []) if "text" in e]
    assert worded
    texts = [u.text for u in kb.rulebook.units() if u.text]
    for name, words in worded:
        assert any(name in t and words in t for t in texts), (name, words)


# --- citations ---------------------------------------------------------------------------------------


def test_the_rest_of_next_4_wounds_cites_the_rule_that_keeps_it(kb):
    """003: «Неиспользованное значение сохраняется для последующего применения эффекта…»; ПРИМЕР: «…то
    ещё 2 раны она может предотвратить от следующей атаки». The second attack (3 wounds) meets the 2
    kept: 2 prevented, 1 dealt — that step cites those words, not «…могут быть применены все, если это
    позволяет количество нанесённых ран» (which it cited); and it says both what is left of the wounds
    (1) and of the effect (0)."""
    ev = kb.why(EXAMPLES / "A-prevention-ex1-next-4-wounds.yaml").events[1]
    node = next(n for n in steps(ev.explanation) if n.step == "prevention_applied")
    assert [c.id for c in node.cites] == ["A:эффект-предотвращения-может-быть", "A:эффект-предотвращения-может-быть/ex1"]
    assert "Неиспользованное значение сохраняется" in node.cites[0].text
    assert node.value == {"wounds": 1, "used": 2, "left": 0}
    from berserk_kb.render.why import why_text

    text = why_text(kb.why(EXAMPLES / "A-prevention-ex1-next-4-wounds.yaml"), "ru", pack=kb.language_pack("ru"))
    assert "предотвращает 2 из 2 ран: ран остаётся 0, у эффекта остаётся 2" in text
    wn = kb.why_not(EXAMPLES / "A-prevention-ex1-next-4-wounds.yaml", "events[1].wounds=2")
    assert wn.step.paragraph == "A:эффект-предотвращения-может-быть"


@pytest.mark.parametrize("edition, event, field", [
    # A's loaded text says nothing of «до конца хода» / «до конца вашего хода»
    ("A", {"gain_feature": {"card": "c", "name": "Опыт в атаке", "value": 1, "source": "h", "until": "end_of_turn"}},
     "gain_feature.until"),
    ("A", {"end_of_turn": {}}, "end_of_turn"),
    # B's loaded text has no modifier to a gain (518.8 is about the value a feature works with)
    ("B", {"gain_feature": {"card": "c", "name": "Отравление", "value": 1, "source": "h", "modifiers": [{"source": "h", "value": 1}]}},
     "gain_feature.modifiers"),
])
def test_a_mechanic_the_edition_does_not_state_is_refused(kb, edition, event, field):
    """Every step cites a unit of its edition, or the edition refuses the mechanic: A ends a feature «до
    конца хода» with no unit of A (eot-simple: it did, citing nothing); B gave a modifier of a gain citing
    518.8, a paragraph on negative values (add-with-modifier --edition B)."""
    s = {"edition": edition, "cards": [card("c"), card("h")], "events": [event]}
    with pytest.raises(ScenarioError, match=re.escape(f"field events[0].{field}") + ".*states no such rule"):
        kb.why(s)


def test_one_replacement_effect_is_no_choice(kb):
    """516.1.2: «Если игрок может применить несколько эффектов замещения к одному и тому же эффекту, то
    он выбирает…» — with one effect there is nothing to choose: no «выбирает игрок p1» step (it had
    one, citing «Эффект замещения может быть применён только в момент выполнения способности», which
    is not about a choice). A chain of two (instead-chain): each applies in turn, «Эффект замещения можно
    применять к эффекту, который получился в результате использования другого…»: regeneration 4 →
    heal_others 4 → heal 2, and still no choice."""
    s = {"edition": "A", "cards": [card("c", effects=[{"id": "i1", "type": "instead", "of": "regeneration", "becomes": "heal_others"},
                                                      {"id": "i2", "type": "instead", "of": "heal_others", "becomes": "heal", "amount": 2}])],
         "events": [{"effect": {"card": "c", "kind": "regeneration", "amount": 4}}]}
    ev = kb.why(s).events[0]
    assert ev.result == {"kind": "heal", "amount": 2, "card": "c"}
    assert [n.step for n in steps(ev.explanation)] == ["replacement", "replacement_applied", "replacement_applied"]
    assert "A:516.1.2/эффект-замещения-можно-применять" in cited(ev.explanation)


def test_a_death_trigger_that_fires_cites_why(kb):
    """B 540.5: «…лишение прекращает действовать после выполнения всех срабатывающих особенностей,
    связанных с переносом карты в новую зону» — a feature triggered by the death fires, and the step
    cites it (was: no cited step); A's loaded text says nothing of triggered features: refused."""
    s = {"edition": "B", "cards": [card("wolf", "p2", name="Степной Волколак")],
         "events": [{"zone_change": {"card": "wolf", "to": "graveyard"}}]}
    ev = kb.why(s).events[0]
    assert ev.result["triggered"] == ["Особый удар при гибели"]
    node = next(n for n in steps(ev.explanation) if n.step == "trigger")
    assert (node.value, node.paragraph) == (True, "B:540.5")
    s["edition"] = "A"
    with pytest.raises(ScenarioError, match=r"events\[0\]\.zone_change: edition A has no rule for triggered features"):
        kb.why(s)


# --- a field that has no effect is refused -------------------------------------------------------------


@pytest.mark.parametrize("edition, event, field, words", [
    # 518.3: «Порядок наложения модификаторов внутри каждой группы а-д определяет создавший их игрок» — b
    # (в), opponent) cannot go before a (б), the roller)
    ("A", {"die_roll": {"roller": "r", "roll": 3, "modifiers": [{"id": "a", "source": "r", "op": "add", "value": 1},
                                                                {"id": "b", "source": "foe", "op": "add", "value": -1}],
                        "order": ["b", "a"]}}, "die_roll.order[0]", "only inside a group"),
    # B 519.4 «порядок их наложения внутри группы»: the opponent's «сводится к 2» (c.) cannot go before the
    # roller's own flip (b.)
    ("B", {"die_roll": {"roller": "r", "roll": 3, "flip": True, "modifiers": [{"id": "two", "source": "foe", "op": "set", "value": 2}],
                        "order": ["two", "flip"]}}, "die_roll.order[0]", "only inside a group"),
    # B 519.6: a flip is a modifier, 519.8: declared modifiers change no value at once — nothing is «before» it
    ("B", {"die_roll": {"roller": "r", "roll": 3, "flip": True,
                        "modifiers": [{"source": "r", "op": "add", "value": 1, "declared": "before_flip"}]}},
     "die_roll.modifiers[0].declared", "changes no value at once"),
])
def test_a_field_with_no_effect_is_refused(kb, edition, event, field, words):
    s = {"edition": edition, "cards": [card("r"), card("foe", "p2")], "events": [event]}
    with pytest.raises(ScenarioError, match=re.escape(f"field events[0].{field}") + f".*{words}"):
        kb.why(s)


def test_an_order_inside_groups_is_kept(kb):
    """An order that agrees with the groups (a before b, б) before в)) is the players' order, not refused:
    3 +1 −1 = 3."""
    s = {"edition": "A", "cards": [card("r"), card("foe", "p2")],
         "events": [{"die_roll": {"roller": "r", "roll": 3, "order": ["a", "b"],
                                  "modifiers": [{"id": "a", "source": "r", "op": "add", "value": 1},
                                                {"id": "b", "source": "foe", "op": "add", "value": -1}]}}]}
    assert kb.why(s).events[0].result["value"] == 3


@pytest.mark.parametrize("cards, events, field, words", [
    ([card("r", effects=[{"id": "e", "type": "prevent", "amount": 1, "kinds": ["spell"]}])],
     [{"wounds": {"card": "r", "amount": 2, "attack": "strike"}}], "cards[0].effects[0]", "kinds"),
    ([card("r", effects=[{"id": "e", "type": "no_wounds_from", "kinds": ["spell"], "amount": 2}])],
     [{"wounds": {"card": "r", "amount": 2, "attack": "spell"}}], "cards[0].effects[0]", "amount has no effect"),
    ([card("l", overrides=[{"rule": "defender_taps", "value": "unlimited", "feature": "a"}])],
     [{"defend": {"card": "l"}}], "cards[0].overrides[0]", "true or false"),
    ([card("l", overrides=[{"rule": "defences_per_turn", "value": True, "feature": "b"}])],
     [{"defend": {"card": "l"}}], "cards[0].overrides[0]", "1 or more"),
    ([card("l", overrides=[{"rule": "defences_per_turn", "value": -3, "feature": "b"}])],
     [{"defend": {"card": "l"}}], "cards[0].overrides[0]", "1 or more"),
    # a flip is placed by its id; the first modifier without one is m1: the two would be one
    ([card("r")], [{"die_roll": {"roller": "r", "roll": 3, "flip": True, "flip_id": "m1",
                                 "modifiers": [{"source": "r", "op": "add", "value": 1}]}}],
     "events[0].die_roll.flip_id", "'m1' is the id of modifiers[0]"),
    ([card("r")], [{"die_roll": {"roller": "r", "roll": 3, "modifiers": [{"id": "m2", "source": "r", "op": "add", "value": 1},
                                                                          {"source": "r", "op": "add", "value": 1}]}}],
     "events[0].die_roll.modifiers[1].id", "already the id of modifiers[0]"),
])
def test_a_field_that_cannot_mean_anything_is_refused(kb, cards, events, field, words):
    with pytest.raises(ScenarioError, match=re.escape(f"field {field}: ") + f".*{re.escape(words)}"):
        kb.why({"edition": "A", "cards": cards, "events": events})


def test_protects_on_an_instead_effect_has_an_effect(kb):
    """Not refused: an instead effect that protects `all` replaces the effect of another card too
    (516.1 «[текст 1], вместо этого – [текст 2]»: text 1 may be about any card); the user's case
    (instead-protects) had the effect on its own card, where `self` and `all` agree."""
    s = {"edition": "A", "cards": [card("g", effects=[{"id": "h", "type": "instead", "of": "regeneration",
                                                       "becomes": "heal_others", "protects": "all"}]), card("o")],
         "events": [{"effect": {"card": "o", "kind": "regeneration", "amount": 2}}]}
    assert kb.why(s).events[0].result["kind"] == "heal_others"
    s["cards"][0]["effects"][0]["protects"] = "self"
    assert kb.why(s).events[0].result["kind"] == "regeneration"


# --- why not: where the computation departs ------------------------------------------------------------


def test_why_not_names_the_step_after_which_the_expectation_cannot_be_reached(kb, cli):
    """B 519.2: «a. модификаторы, сводящие бросок кубика к определённому значению; b. модификаторы вида
    “+X/-X к броску кубика”». Roll 4, +1 (own squad) and «сводится к 1» (opponent): 4 → 1 (a.) → 2 (b.).
    Expected 5 = 4 + 1: the set-to, applied first, is where it departs — without it the event gives 5 —
    not the +1 after it (was: «по 519.2 b. … 1 +1 → 2»)."""
    wn = kb.why_not(SCENARIOS / "die-roll-editions-differ.yaml", "events[0].value=5", "B")
    assert (wn.computed, wn.step.step, wn.step.inputs["modifier"]["op"], wn.step.paragraph, wn.last) == \
        (2, "modifier_applied", "set", "B:519.2/item1", False)
    assert wn.because.startswith("не 5, а 2: по 519.2 a. (B)")


@pytest.mark.parametrize("path, expect, paragraph, words", [
    # 519.3 ПРИМЕР: «Последним накладывается модификатор, имеющий конкретное численное значение (сведение к
    # 1)» — 3 + 1 + 1 + 1 = 6 without it: the set-to (д)) departs, applied last
    (EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml", "events[0].strength=6", "A:519.3/item5",
     "не 6, а 1: по 519.3 д) (A) — 6 сводится к 1"),
    # ПРИМЕР 5: «Менгир может усилить отравление на 1, и Вайл получит Отравление 2» — Отравление 1 expected:
    # without Менгир's modifier the gain gives 1, so the modified value (1 +1 → 2) departs
    (EXAMPLES / "A-feature-replacement-ex5-bokor-mengir.yaml", "events[1].value=1",
     "A:замещение-особенности-это-эффект/ex5", "не 1, а 2: по «Замещение особенности - это…», ПРИМЕР (A) — 1 +1 от «Менгир Каррефура» → 2"),
    # 003 ПРИМЕР: «…ещё 2 раны она может предотвратить от следующей атаки» — 3 wounds expected from the
    # second attack: «Неиспользованное значение сохраняется…» decides (2 prevented, 1 dealt)
    (EXAMPLES / "A-prevention-ex1-next-4-wounds.yaml", "events[1].wounds=3", "A:эффект-предотвращения-может-быть",
     "не 3, а 1: по «Эффект предотвращения может быть…» (A)"),
])
def test_three_why_not_questions_on_worked_examples(kb, path, expect, paragraph, words):
    wn = kb.why_not(path, expect)
    assert not wn.agrees and wn.step.paragraph == paragraph
    assert wn.because.startswith(words)


def test_the_library_answer_carries_its_sentence(kb, cli):
    """The library's why-not answer has the sentence (``because``, in the language asked) and its JSON
    too; the command line prints the same sentence."""
    import json

    wn = kb.why_not(SCENARIOS / "die-roll-editions-differ.yaml", "events[0].value=3")
    assert wn.because.startswith("не 3, а 1: по 518.3 д) (A)") and wn.to_json()["because"] == wn.because
    en = kb.why_not(SCENARIOS / "die-roll-editions-differ.yaml", "events[0].value=3", lang="en")
    assert en.because.startswith("not 3 but 1: by 518.3 д) (A)")
    out = json.loads(cli("why", str(SCENARIOS / "die-roll-editions-differ.yaml"), "--expect", "events[0].value=3", "--json").stdout)
    assert out["because"] == wn.because
    assert kb.why_not(SCENARIOS / "die-roll-editions-differ.yaml", "events[0].value=1").because == "да: events[0].value = 1"


# --- output --------------------------------------------------------------------------------------------


def test_an_event_step_shows_its_inputs(kb):
    """The event's own step, when it cites nothing itself, is shown with the event's inputs (was «—
    получает «— —» от —», «конец хода (—)» with player: p2)."""
    from berserk_kb.render.why import why_text

    r = kb.why(EXAMPLES / "A-feature-replacement-ex5-bokor-mengir.yaml")
    text = why_text(r, "ru", pack=kb.language_pack("ru"))
    assert "«Вайл» получает «Отравление 1» от «Бокор»: получено, значение 2" in text
    assert "1 +1 от «Менгир Каррефура» → 2" in text  # a gain's modifiers in words, not a raw dict
    s = {"edition": "B", "cards": [card("c"), card("d"), card("h")],
         "events": [{"gain_feature": {"card": x, "name": "Опыт в атаке", "value": 1, "source": "h", "until": "end_of_turn"}}
                    for x in ("c", "d")] + [{"end_of_turn": {"player": "p2"}}]}
    eot = kb.why(s).events[2].explanation
    assert (eot.step, eot.inputs["player"], len(eot.children)) == ("end_of_turn", "p2", 2)
    assert "—" not in why_text(kb.why(SCENARIOS / "feature-negative-value.yaml"), "ru", pack=kb.language_pack("ru")).split("\n")[3]


def test_ended_lists_names(kb):
    """Contract v1: `ended` is a list of names. 518.8 ПРИМЕР 1: «+1 к [Опыту в атаке] до конца вашего
    хода» — at the end of p1's turn the plus goes: ended ["Опыт в атаке"] (was «Опыт в атаке −1»); the
    value left (1) is in the final state."""
    r = kb.why(SCENARIOS / "end-of-turn-of-a-player.yaml")
    assert r.events[2].result["ended"] == ["Опыт в атаке"]
    assert feats(r, "creature")["Опыт в атаке"]["value"] == 1


@pytest.mark.parametrize("args, words", [
    (["--expect", "events[0].value="], "the value after = is missing"),
    (["--set", "active="], "the value after = is missing"),
    (["--expect", "events[0].value.x=1"], "has no 'x' in value"),
    (["--expect", "events[0]"], "the path like events[0].value\n"),  # not cards[king].zone: --expect asks about results
    (["--edition", ""], "unknown edition ''"),
    (["--set", "edition=C"], "die-roll-editions-differ.yaml --set edition=C"),
    (["--expect", "events[0].value=1=2"], "one = only"),
])
def test_question_errors_are_one_line_in_our_terms(cli, args, words):
    r = cli("why", str(SCENARIOS / "die-roll-editions-differ.yaml"), *args, "--lang", "en")
    assert r.exit_code == 2 and words in r.stderr and r.stdout == "" and len(r.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("event, field, words", [
    ({"wounds": {"card": "r", "amount": 2, "attack": "strike", "choose": {"p3": ["e1"]}}}, "events[0].wounds.choose.p3",
     "'p3' cannot be a key here"),
    ({"wounds": {"card": "r", "amount": 2, "attack": "strike", "choose": {"p1": "e1"}}}, "events[0].wounds.choose.p1",
     "valid list"),
])
def test_a_per_player_choice_error_names_the_player(kb, event, field, words):
    s = {"edition": "A", "cards": [card("r", effects=[{"id": "e1", "type": "prevent", "amount": 1}])], "events": [event]}
    with pytest.raises(ScenarioError, match=re.escape(f"field {field}: ") + f".*{words}") as err:
        kb.why(s)
    assert "constrained" not in str(err.value)


def test_a_die_given_both_a_face_and_next_roll_equals_names_the_field(kb):
    """519.5: «Кубик в этом случае не бросается» — a face too is refused naming `roll`, in our words (was
    «No permission to roll die `not_rolled'…»)."""
    s = {"edition": "B", "cards": [card("r")], "events": [{"die_roll": {"roller": "r", "roll": 2, "next_roll_equals": 3}}]}
    with pytest.raises(ScenarioError, match=r"field events\[0\]\.die_roll\.roll: .*has no face of its own") as err:
        kb.why(s)
    assert "permission" not in str(err.value).lower()


def test_what_if_removals_use_the_indices_as_written(kb):
    """519.3 ПРИМЕР without the King's +1 (modifiers[0]) and without the second +1 of the basaarg
    (modifiers[2]), both as written: 3 + 1 (modifiers[1]) = 4 → «сводится к 1» (modifiers[3]) = 1 — the
    set-to is still there (was: the second removal took out the set-to, giving 4)."""
    wi = kb.what_if(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml",
                    ["events[0].attack.modifiers[0]=null", "events[0].attack.modifiers[2]=null"])
    assert wi.events[0].after == {"strength": 1, "strike": "medium"}
    applied = [n.inputs["modifier"] for n in wi.after.events[0].explanation.walk() if n.step == "modifier_applied"]
    assert [(m["source"], m["op"]) for m in applied] == [("basaarg", "add"), ("foe", "set")]


def test_what_if_says_a_change_its_sentence_leaves_out(kb, cli):
    """«вначале все эффекты применяет Неактивный игрок, а затем Активный»: with p2 active, p1's effects go
    first — the wounds and prevented stay (0, 3), what the effects have left changes; the header says so
    (in the pack's words, fu12n N5)."""
    r = cli("why", str(SCENARIOS / "replacement-declined-and-choices.yaml"), "--set", "active=p2")
    line = next(x for x in r.stdout.splitlines() if x.startswith("Событие 2"))
    assert "у эффектов осталось: a1 — 1, a2 — 0, b — 0" in line and "у эффектов осталось: a1 — 0, a2 — 0, b — 1" in line


def test_control_of_a_card_not_in_play_is_not_lost_to_the_opponent(kb):
    """517: «Если вы потеряли контроль над картой, но это карта по какой-либо причине не может быть взята в
    отряд противника, то вы продолжаете контролировать эту карту» — a card in the graveyard is in no
    squad: p1 keeps it (was: handed to p2); a card in battle goes to p2."""
    s = {"edition": "A", "cards": [card("a"), card("g", zone="graveyard")],
         "events": [{"lose_control": {"card": "a"}}, {"lose_control": {"card": "g"}}]}
    r = kb.why(s)
    assert [e.result for e in r.events] == [{"controller": "p2", "changed": True}, {"controller": "p1", "changed": False}]
    assert "A:517.4/если-вы-потеряли-контроль" in cited(r.events[1].explanation)


# --- why not: a step that blocked or dropped an input decides too (fresh user, round 2) ---------------


@pytest.mark.parametrize("edition, event, zone_card, expect, paragraph", [
    # A 519.3 а) «модификаторы, полученные от карт из отряда источника атаки»: the King in the graveyard
    # gives no +1: 2, not 3; with the King in the squad 2 + 1 = 3, so the step that left it out decides.
    ("A", {"attack": {"source": "b", "target": "foe", "base": 2,
                      "modifiers": [{"source": "king", "op": "add", "value": 1}]}}, "king",
     "events[0].strength=3", "A:519.3/item1"),
    # A 518.3 а) «модификаторы, полученные от карт из отряда игрока, бросающего кубик»: roll 3, +1 from a
    # card in the graveyard: 3, not 4 (the 518.4 bounds 1–6 change nothing and do not decide).
    ("A", {"die_roll": {"roller": "b", "roll": 3, "modifiers": [{"source": "king", "op": "add", "value": 1}]}},
     "king", "events[0].value=4", "A:518.3/item1"),
])
def test_why_not_names_the_step_that_left_a_modifier_out(kb, edition, event, zone_card, expect, paragraph):
    s = {"edition": edition, "cards": [card("b"), card("king", zone="graveyard"), card("foe", "p2")], "events": [event]}
    wn = kb.why_not(s, expect)
    assert (wn.step.step, wn.step.paragraph, wn.last) == ("modifier_not_applied", paragraph, False)


def test_why_not_names_the_set_to_that_cannot_raise(kb):
    """A 519.3: «Нельзя численное значение атаки свести к большему числу (например, атака на 2 может быть
    сведена к 1, но атака на 0 не может быть сведена к 1)». Base 0, the target's «сводится к 1»: 0;
    expected 1 — the step that did not let the set-to raise the attack decides (was: the event's own step).
    Base 3, the source's ally «сводится к 1» (д, as а)) then the target's «сводится к 2» (д, as г)): 3 → 1,
    and 1 is not raised to 2. Expected 2: the target's set-to would give 2, and what keeps the value
    from it for good is «нельзя … свести к большему числу» (fu12r 3: the last step after which the value
    stays departed, not the ally's set-to before it, though without that one it would be 3 → 2); the
    ally's set-to is not «applied last» either way."""
    s = {"edition": "A", "cards": [card("src"), card("ally"), card("tgt", "p2")],
         "events": [{"attack": {"source": "src", "target": "tgt", "base": 0,
                                "modifiers": [{"source": "tgt", "op": "set", "value": 1}]}},
                    {"attack": {"source": "src", "target": "tgt", "base": 3,
                                "modifiers": [{"source": "tgt", "op": "set", "value": 2},
                                              {"source": "ally", "op": "set", "value": 1}]}}]}
    wn = kb.why_not(s, "events[0].strength=1")
    assert (wn.computed, wn.step.step, wn.step.paragraph, wn.last) == (0, "set_to_not_applied", "A:519.3/порядок-наложения-модификаторов-внутри", False)
    assert "к большему числу" in wn.because
    wn = kb.why_not(s, "events[1].strength=2")
    assert (wn.computed, wn.step.step, wn.step.paragraph, wn.last) == (1, "set_to_not_applied", "A:519.3/порядок-наложения-модификаторов-внутри", False)
    assert "к большему числу" in wn.because and "применяется последним" not in wn.because


def test_why_not_names_the_order_of_the_players(kb):
    """A 003: «Эффекты предотвращения, имеющие количественное значение, применяются по очереди (при этом
    вначале все эффекты применяет Неактивный игрок, а затем Активный)». p1 active; 5 wounds to p1's
    guard; p2's p3 (prevent 3, all) first: 5 → 2, p3 has 0 left; then p1's next4: 2 → 0. Expected p3 = 2:
    with p2 active, p1's next4 first: 5 → 1, then p3 prevents 1 and keeps 2 — the order step decides
    (was: next4's step)."""
    s = {"edition": "A", "active": "p1",
         "cards": [card("guard", effects=[{"id": "next4", "type": "prevent", "amount": 4}]),
                   card("ward", "p2", effects=[{"id": "p3", "type": "prevent", "amount": 3, "protects": "all"}]),
                   card("att", "p2")],
         "events": [{"wounds": {"card": "guard", "amount": 5, "source": "att", "attack": "strike"}}]}
    wn = kb.why_not(s, "events[0].remaining.p3=2")
    assert (wn.computed, wn.step.step, wn.step.paragraph) == (0, "prevention_order", "A:эффекты-предотвращения-имеющие-количественное")


def test_gabriel_does_not_protect_the_other_players_creature(kb):
    """A 003 ПРИМЕР: «Габриэль уменьшает число получаемых ран 1 каждый раз, когда ваше существо получает
    раны»: p1's Габриэль; 2 wounds to p2's creature: 2 dealt, with a step that says Габриэль does not
    protect it — the card's text: its effect comes from kb/cards.yaml, so the step cites that ПРИМЕР, which
    quotes it (no rule); expected 1 (as for p1's creature, 2 − 1) — that step decides."""
    s = {"edition": "A", "cards": [card("gab", name="Габриэль"), card("ally"), card("foe", "p2")],
         "events": [{"wounds": {"card": "foe", "amount": 2, "source": "ally", "attack": "strike"}},
                    {"wounds": {"card": "ally", "amount": 2, "source": "foe", "attack": "strike"}}]}
    r = kb.why(s)
    assert (r.events[0].result["wounds"], r.events[1].result["wounds"]) == (2, 1)
    node = next(n for n in steps(r.events[0].explanation) if n.step == "prevention_not_protected")
    # whose creatures it protects is the card's text (kb/cards.yaml: protects own), as its ПРИМЕР quotes it
    assert [c.id for c in node.cites] == ["A:эффект-предотвращения-может-быть/ex2"]
    assert "входных данных" not in _sentence(kb, node)
    assert not any(n.step == "prevention_not_protected" for n in steps(r.events[1].explanation))
    wn = kb.why_not(s, "events[0].wounds=1")
    assert wn.step.step == "prevention_not_protected"


def test_a_gain_modifier_from_a_card_outside_the_squad_does_not_apply(kb):
    """A, ПРИМЕР of «Замещение особенности…»: «Если же в отряде есть ещё Менгир Каррефура, то при заявке
    Бокора на отравление Вайла на 1, Менгир может усилить отравление на 1, и Вайл получит Отравление 2».
    The Менгир in the graveyard is not «в отряде»: Отравление 1, with the step that leaves it out (was 2);
    in the squad, 1 + 1 = 2, so that step is the why-not answer for 2."""
    s = {"edition": "A", "cards": [card("v", name="Вайл"), card("s", "p2", name="Бокор"),
                                   card("m", "p2", name="Менгир Каррефура", zone="graveyard")],
         "events": [{"gain_feature": {"card": "v", "name": "Отравление", "value": 1, "source": "s",
                                      "modifiers": [{"source": "m", "value": 1}]}}]}
    r = kb.why(s)
    assert feats(r, "v")["Отравление"]["value"] == 1
    node = next(n for n in steps(r.events[0].explanation) if n.step == "gain_modifier_not_applied")
    assert "в отряде есть ещё менгир" in node.cites[0].text.lower()
    assert kb.why_not(s, "events[0].value=2").step.step == "gain_modifier_not_applied"
    s["cards"][2]["zone"] = "battle"
    assert feats(kb.why(s), "v")["Отравление"]["value"] == 2


@pytest.mark.parametrize("cards, event, field, words", [
    # a die rolled, a formation formed, a card standing next to another: only by a card in play / in the
    # battle zone (A 518.3 «карты, бросающей кубик»; B 540.4 «пока стоит в строю»; A ПРИМЕР «Льер-Кулат
    # подходит к Вайлу» — standing next to a card is a place in the battle zone)
    ([card("r", zone="hand")], {"die_roll": {"roller": "r", "roll": 3}}, "events[0].die_roll", "only a card in play rolls"),
    ([card("g", zone="hand")], {"formation": {"card": "g", "in": True}}, "events[0].formation", "battle zone stands in a formation"),
    ([card("l", "p2", zone="graveyard"), card("v")], {"approach": {"card": "l", "to": "v"}}, "events[0].approach",
     "stand next to each other"),
    # one effect named twice in one order
    ([card("c", effects=[{"id": "e1", "type": "prevent", "amount": 1}, {"id": "e2", "type": "prevent", "amount": 1}])],
     {"wounds": {"card": "c", "amount": 3, "attack": "strike", "choose": ["e1", "e1"]}}, "events[0].wounds.choose[1]",
     "already listed"),
])
def test_an_impossible_place_or_value_is_refused_naming_the_field(kb, cards, event, field, words):
    with pytest.raises(ScenarioError, match=re.escape(f"field {field}: ") + f".*{re.escape(words)}"):
        # a formation is B's (540.4); A's loaded text says nothing of one and refuses it first
        kb.why({"edition": "B" if "formation" in event else "A", "cards": cards, "events": [event]})


def test_b_a_negative_value_works_as_zero(kb):
    """B 518.8: «В случае, если после наложения модификаторов карта имеет отрицательное значение именной
    особенности, эта особенность работает как “[именная особенность] 0”»: under B a card with Регенерация
    −1 is legal, and it works as 0."""
    r = kb.why({"edition": "B", "cards": [card("r", features=[{"name": "Регенерация", "value": -1}]), card("s", "p2")],
                "events": [{"gain_feature": {"card": "r", "name": "Броня", "value": 1, "source": "s"}}]})
    assert (feats(r, "r")["Регенерация"]["value"], feats(r, "r")["Регенерация"]["works_as"]) == (-1, 0)


@pytest.mark.parametrize("owner, picker, active", [("p2", "p1", "p1"), ("p1", "p2", "p1")])
def test_a_pick_by_the_player_who_does_not_pick_is_refused(kb, owner, picker, active):
    """A 516.1.2: «Если игрок может применить несколько эффектов замещения к одному и тому же эффекту, то
    он выбирает, какой именно эффект будет применён. Если оба игрока могут применить эффекты замещения к
    одному и тому же эффекту, то Активный игрок выбирает…»: only the owner's two effects apply, so the
    owner picks — a pick by the other player (active or not) has no effect and is refused, naming the
    field (was: ignored, «выбирает игрок p2 (выбор не указан…)»)."""
    s = {"edition": "A", "active": active,
         "cards": [card("me", "p1" if owner == "p2" else "p2"),
                   card("c", owner, effects=[{"id": "r1", "type": "no_wounds_from", "kinds": ["spell"]},
                                             {"id": "r2", "type": "wounds_only_from", "kinds": ["strike"]}])],
         "events": [{"wounds": {"card": "c", "amount": 2, "source": "me", "attack": "spell", "choose": {picker: ["r2"]}}}]}
    with pytest.raises(ScenarioError, match=re.escape(f"field events[0].wounds.choose.{picker}[0]: ") + ".*has no effect"):
        kb.why(s)
    s["events"][0]["wounds"]["choose"] = {owner: ["r2"]}
    chosen = next(n for n in steps(kb.why(s).events[0].explanation) if n.step == "replacement_chosen")
    assert chosen.value == {"chosen": "r2", "by": owner, "stated": True}


def test_wounds_with_nothing_to_replace_them_show_no_replacement_step(kb):
    """A 516.1.2: replacement effects «применяются всегда в актуальный момент» — a step for them only when
    one applies: 2 wounds to a card no replacement effect protects have no «раны 2 → раны 2» step; with
    «Не получает ран от заклинаний» (516.1.1) on the card, a spell's 2 wounds become 0 with the step."""
    s = {"edition": "A", "cards": [card("c"), card("foe", "p2")],
         "events": [{"wounds": {"card": "c", "amount": 2, "source": "foe", "attack": "spell"}}]}
    ev = kb.why(s).events[0]
    assert ev.result["wounds"] == 2 and not any(n.step == "replacement" for n in steps(ev.explanation))
    s["cards"][0]["effects"] = [{"id": "no", "type": "no_wounds_from", "kinds": ["spell"]}]
    ev = kb.why(s).events[0]
    assert ev.result["wounds"] == 0 and any(n.step == "replacement" for n in steps(ev.explanation))


def test_words_agree_with_what_they_name(kb):
    """Wording (ru): `how: play` is «розыгрыш» («Взятие карты в отряд – это розыгрыш карты из руки в
    игровую зону…»), not the zone «игровая зона»; «не выполнено» agrees with any kind of bringing
    (возрождение, создание: neuter); a card «покинула» the zone (карта, feminine) whatever its name; an end
    of the game that removes nothing says «ничего» (517.6.1: only created cards are removed)."""
    from berserk_kb.engine.runner import language_pack
    from berserk_kb.explain.sentences import Filler, step_sentence

    s = {"edition": "A", "cards": [card("a", zone="deck"), card("b", zone="deck"),
                                   card("h", name="помощник", effects=[{"id": "n", "type": "prevent", "amount": 2}]),
                                   card("t")],
         "events": [{"bring_into_squad": {"card": "a", "how": "play", "player": "p1"}},
                    {"bring_into_squad": {"card": "b", "how": "revive", "player": "p1"}},
                    {"zone_change": {"card": "h", "to": "graveyard"}},
                    {"bring_into_squad": {"card": "h", "how": "revive", "player": "p1"}},
                    {"wounds": {"card": "h", "amount": 1, "attack": "strike"}},
                    {"end_of_game": {}}]}
    r = kb.why(s)
    words = Filler(language_pack("ru"), {c["id"]: c["name"] for c in r.final_state["cards"]})
    said = [[step_sentence(n, words) for n in ev.explanation.walk()] for ev in r.events]
    assert said[0][0] == "игрок p1: розыгрыш «a» — не выполнено" and "розыгрыш: не выполнено — " in said[0][1]
    assert "возрождение: не выполнено — " in said[1][1] and not any("не выполнен:" in x for x in said[1])
    assert "эффект карты «помощник» (n): карта покинула игровую зону, эффект больше не применяется" in said[4]
    assert said[5][0].endswith(": ничего")  # the pack's word for an empty list, not a bare dash
