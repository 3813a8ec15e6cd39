"""Issue 12, why-not corners a fresh user found (fu12h F2–F4, F8, F11, F12, F14): the step a why-not
answer names for a loss's lists of names, for a value the computation never held, for a feature's
value, for an attack's strength that is the input's own; rule defaults are not reported as input;
the library's JSON is the CLI's. Expected answers are worked by hand from the rule text (kb/sources),
quoted in each test; none is copied from what the code returns."""

from __future__ import annotations

import json

import pytest

from scenario_parts import EXAMPLES, SCENARIOS, card


def _fold(text):
    return " ".join((text or "").lower().replace("ё", "е").split())


def _cites(wn):
    return [c.id for c in wn.deciding]


# --- a loss's lists of names (F4) -------------------------------------------------------------------

def test_nothing_suppressed_is_answered_by_the_rule_that_suppresses(kb):
    """B 540.2 «…она лишается всех своих собственных особенностей…», 540.3 «…каждая собственная
    потерянная особенность подавляется…»: Степной Оборотень loses all its features, so its own ones
    are suppressed; asked «why is nothing suppressed», the answer is that step for the first name the
    list has and the expectation has not (540.2, 540.3), not 540.3.1, which says only how long the
    marker lies («Если период не указан, особенность считается потерянной до конца боя»)."""
    wn = kb.why_not(EXAMPLES / "B-540.5-ex1-steppe-werewolf.yaml", "events[0].suppressed=[]")
    assert wn.step.step == "feature_lost" and wn.step.value == "suppressed"
    assert wn.step.inputs["name"] == wn.computed[0]
    assert _cites(wn) == ["B:540.2", "B:540.3"] and "B:540.3.1" not in _cites(wn)
    assert "каждая собственная потерянная особенность подавляется" in _fold(wn.deciding[1].text)


def test_a_name_expected_removed_is_answered_by_the_line_that_suppresses_it(kb):
    """B 540.4: an acquired feature «○ подавляется подобно постоянной особенности, если источник
    приобретенной особенности – постоянная особенность этой или другой карты» — Горный Великан's
    «Опыт в защите», which it has from its own «Строй: Опыт в защите 1», is suppressed, not removed
    («○ удаляется с карты»). Asked «why is it not removed», the answer is the step that suppresses it,
    citing that line (B:540.4/item2.2)."""
    wn = kb.why_not(EXAMPLES / "B-540.4-ex1-mountain-giant.yaml", "events[0].removed=[Опыт в защите]")
    assert wn.computed == [] and wn.step.step == "feature_lost" and wn.step.inputs["name"] == "Опыт в защите"
    assert _cites(wn) == ["B:540.4/item2.2"]
    assert "подавляется подобно постоянной особенности, если источник приобретенной особенности" in _fold(wn.deciding[0].text)


def test_the_suppressed_list_is_not_answered_by_the_step_about_the_removed_one(kb):
    """B 540.2 ПРИМЕР: Горный Великан loses «Строй», an own feature: 540.4 «● собственная особенность
    подавляется, как это описано в п. 540.3» — suppressed; «Опыт в защите», tied to the formation, is
    removed («потеря Строя приводит к потере всех приобретенных особенностей, связанных со строем»).
    Asked «why is nothing suppressed», the answer is the step about Строй (540.4 ●, 540.3), not the one
    about the removed Опыт в защите (540.2 Например)."""
    wn = kb.why_not(EXAMPLES / "B-540.2-ex1-formation.yaml", "events[0].suppressed=[]")
    assert wn.step.inputs["name"] == "Строй" and _cites(wn) == ["B:540.4/item1", "B:540.3"]
    assert "собственная особенность подавляется, как это описано в п. 540.3" in _fold(wn.deciding[0].text)
    wn = kb.why_not(EXAMPLES / "B-540.2-ex1-formation.yaml", "events[0].removed=[]")
    assert wn.step.step == "formation_features_lost" and _cites(wn) == ["B:540.2/ex1"]


def test_every_lost_list_is_answered_by_a_unit_that_says_suppressed_or_lost(kb):
    """The class: over the bundled scenarios and examples, each loss of features asked «why not
    nothing» for a list that has names (or «why not this name» for an empty one, naming a feature the
    card had), the answer cites units that say the feature is suppressed, removed or lost
    («подавля», «удаля», «потер», «лиша»), and never only how long the marker lies (540.3.1)."""
    from berserk_kb.explain.suite import suite_files

    asked, wrong = 0, []
    for path in suite_files(kb.kb_dir):
        result = kb.why(path)
        for i, ev in enumerate(result.events):
            if ev.kind != "lose_features":
                continue
            for key in ("suppressed", "removed"):
                got = ev.result[key]
                want = [] if got else ev.result["suppressed" if key == "removed" else "removed"][:1]
                if not want and not got:
                    continue
                wn = kb.why_not(path, f"events[{i}].{key}={json.dumps(want, ensure_ascii=False)}")
                asked += 1
                words = ["подавля", "удаля", "потер", "лиша"]
                if not wn.deciding or _cites(wn) == ["B:540.3.1"] or \
                        any(not any(w in _fold(c.text) for w in words) for c in wn.deciding):
                    wrong.append((path.name, i, key, _cites(wn)))
    assert asked >= 4 and not wrong, wrong


def test_a_card_outside_the_battle_zone_keeps_its_features_by_540_5(kb):
    """B 540.5: a loss of features does not reach a card outside the battle zone («Если не сказано
    иного, то лишиться особенностей может только карта, находящаяся в зоне битвы» — the unit the
    step cites); asked «why is its Броня not suppressed», the answer is that step."""
    s = {"edition": "B", "cards": [card("a", zone="play", features=[{"name": "Броня", "value": 1}])],
         "events": [{"lose_features": {"card": "a", "which": "all"}}]}
    wn = kb.why_not(s, "events[0].suppressed=[Броня]")
    assert wn.step.step == "not_in_battle_zone" and _cites(wn) == ["B:540.5"]


# --- a value the computation never held (F11) -------------------------------------------------------

@pytest.mark.parametrize("expect", ["events[0].value=6", "events[0].value=3"])
def test_a_value_never_held_departs_at_the_first_change_under_b(kb, expect):
    """B 519.2 «Модификаторы на кубик накладываются по очереди…: a. модификаторы, сводящие бросок
    кубика к определённому значению», then «b. … “+X/-X”»: roll 4, the opponent's «сводится к 1» (519.3
    c. «…от карт противника…») → 1, the ally's +1 → 2. Neither 6 nor 3 is held at any step, and no
    one modifier taken out gives it (without the set-to 5, without the +1 1): the computation departs
    at its first change, the set-to 4 → 1 (519.2 a., 519.3 c.), not at the +1 applied last."""
    wn = kb.why_not(SCENARIOS / "die-roll-editions-differ.yaml", expect, "B")
    assert wn.computed == 2 and wn.step.inputs["modifier"]["op"] == "set"
    assert (wn.step.inputs["before"], wn.step.value) == (4, 1) and not wn.last
    assert _cites(wn) == ["B:519.2/item1", "B:519.3/item3"]


def test_a_value_never_held_with_adds_only_departs_at_the_first_add(kb):
    """B 519.3 «a. модификаторы, полученные от карт из отряда игрока, бросающего кубик, кроме самой
    карты…» before «b. модификаторы от самой карты…»: roll 2, the ally's +1 → 3, the roller's own +1 →
    4. Asked «why not 6»: no step held 6, none taken out gives it (3 either way); the first change,
    the ally's +1 (2 → 3, 519.3 a.), departs — not the last one."""
    s = {"edition": "B", "cards": [card("r"), card("ally")],
         "events": [{"die_roll": {"roller": "r", "roll": 2, "modifiers": [
             {"source": "r", "op": "add", "value": 1}, {"source": "ally", "op": "add", "value": 1}]}}]}
    wn = kb.why_not(s, "events[0].value=6")
    assert wn.computed == 4 and wn.step.inputs["modifier"]["source"] == "ally"
    assert (wn.step.inputs["before"], wn.step.value) == (2, 3) and "B:519.3/item1" in _cites(wn)


def test_a_value_never_held_with_a_set_to_last_departs_at_the_set_to(kb):
    """A 519.3 (Гном-Басаарг): 3, +1 а) = 4, +1 б) = 5, +1 = 6, «сведение к 1» д) = 1 — «Последним
    накладывается модификатор, имеющий конкретное численное значение». Asked «why not 7», a value no
    step held: the set-to is the last change and gives 1 whatever came before, so it departs."""
    wn = kb.why_not(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml", "events[0].strength=7")
    assert wn.computed == 1 and wn.step.inputs["modifier"]["op"] == "set" and wn.last
    assert any("д)" in c.ref() for c in wn.deciding)


def test_the_flip_order_never_holding_1_departs_at_the_set_to(kb):
    """B, kb/scenarios/die-roll-flip-order.yaml: 4 → «сводится к 2» (519.2 a.) = 2 → the flip (519.6
    «Переворот кубика – это сведение кубика…») = 5 → +1 (519.2 b.) = 6. Asked «why not 1»: no step
    held 1; the first change, the set-to 4 → 2, departs (not the +1 applied last)."""
    wn = kb.why_not(SCENARIOS / "die-roll-flip-order.yaml", "events[0].value=1")
    assert wn.computed == 6 and (wn.step.inputs["before"], wn.step.value) == (4, 2)
    assert wn.step.inputs["modifier"]["id"] == "two"


# --- a feature's value, not what it works as (F12) --------------------------------------------------

def test_a_negative_value_is_answered_by_the_step_that_gives_the_value(kb):
    """B 518.8: «…если после наложения модификаторов карта имеет отрицательное значение именной
    особенности, эта особенность работает как “[именная особенность] 0”» — the value stays −1
    (Регенерация 1, «−2 к» = −1, as ПРИМЕР 3 «“+1 к Отравлению”… теперь имеет “Отравление 2”»), only
    what it works as is 0. Asked «why is the value not 0», the answer is the step that gives −1,
    not the one that makes it work as 0."""
    wn = kb.why_not(SCENARIOS / "feature-negative-value.yaml", "events[0].value=0")
    assert wn.computed == -1 and wn.step.step == "gain_outcome" and wn.step.value == {"added": -1}
    assert _cites(wn) == ["B:518.8/ex3"] and "получает \"+1 к отравлению\"" in _fold(wn.deciding[0].text)
    assert "работает как" not in " ".join(_fold(c.text) for c in wn.deciding)


# --- an attack's strength that is the input's own (F14) ---------------------------------------------

def test_a_strength_no_step_changes_is_the_cards_strength_for_its_strike(kb):
    """A 519.3 «Сведение атаки к слабой/средней/сильной является модификатором атаки. Если атака
    сводится к слабой…, то используются особенности, сопутствующие этому виду атаки»: a weak attack
    of a card with hit [1, 2, 5], «сводится к слабому» from the target, is still weak: 1 → 1, no step
    changes it. Asked «why not 2», the answer is the input — the card's weak strength, hit[0] —, not
    the set-to that changed nothing; with hit[0] written 2 the attack gives 2."""
    s = {"edition": "A", "cards": [card("a", hit=[1, 2, 5]), card("b", "p2")],
         "events": [{"attack": {"source": "a", "target": "b", "strike": "weak",
                                "modifiers": [{"source": "b", "op": "strike", "value": "weak"}]}}]}
    wn = kb.why_not(s, "events[0].strength=2")
    assert (wn.computed, wn.step, wn.given) == (1, None, "cards[a].hit[0]")
    assert "так задано во входных данных (cards[a].hit[0])" in wn.because
    s["cards"][0]["hit"] = [2, 2, 5]
    assert kb.why(s).events[0].result["strength"] == 2


def test_a_strength_from_the_card_facts_is_the_input(kb, cli):
    """Гном-Басаарг's strikes come from kb/cards.yaml (its medium one is 3 there; the file gives no
    hit): an attack with no modifiers is 3, no rule changes it; asked «why not 2», ``given`` is its
    medium strength (hit[1]) and ``step`` null, as docs/scenarios.md says of ``given``. With ``base:
    3`` written, the input is the base."""
    s = {"edition": "A", "cards": [card("a", name="Гном-Басаарг"), card("b", "p2")],
         "events": [{"attack": {"source": "a", "target": "b"}}]}
    wn = kb.why_not(s, "events[0].strength=2")
    assert (wn.computed, wn.step, wn.given) == (3, None, "cards[a].hit[1]")
    s["events"][0]["attack"]["base"] = 3
    assert kb.why_not(s, "events[0].strength=2").given == "events[0].attack.base"


# --- rule defaults are not input (F2, F3) -----------------------------------------------------------

@pytest.mark.parametrize("expect, words", [
    ("events[0].face_up=false", "в открытом виде"),      # 517.3 2) summon
    ("events[2].face_up=false", "в открытом виде"),      # 517.4 2) revive
    ("events[5].face_up=false", "в открытом виде"),      # 517.6 1) create
    ("events[0].controller=p2", "под своим контролем"),  # 517.3 3)
    ("events[2].controller=p2", "под своим контролем"),  # 517.4 3)
    ("events[5].controller=p2", "под своим контролем"),  # 517.6 2)
    ("events[3].controller=p2", "стать игроком, контролирующим эту карту"),  # 517.5 take control
    ("events[0].deck_shuffled=false", "колода перемешивается в любом случае"),  # 517.3
])
def test_a_rule_default_is_not_reported_as_input(kb, expect, words):
    """A 517.3–517.6 «Правила вызова по умолчанию: … в открытом виде; под своим контролем.», 517.5
    «Взять карту под контроль – это стать игроком, контролирующим эту карту», 517.3 «Колода
    перемешивается в любом случае после просмотра колоды…»: kb/scenarios/bring-into-squad.yaml
    writes none of face_up, controller, deck_shuffled, so no answer is «так задано во входных
    данных»; each cites the words of its default."""
    wn = kb.why_not(SCENARIOS / "bring-into-squad.yaml", expect)
    assert wn.given is None and wn.step is not None and "входных данных" not in wn.because
    assert wn.deciding and all(words in _fold(c.text) for c in wn.deciding)


# --- the library's JSON is the CLI's (F8) -----------------------------------------------------------

def test_the_library_json_is_the_cli_json_without_a_round_trip(kb, cli):
    """docs/scenarios.md: the library answer's «to_json() is exactly that JSON» — lists, not tuples
    (a step's cites and children, the deciding units): equal to what ``--json`` prints, read back."""
    path = str(SCENARIOS / "die-roll-editions-differ.yaml")
    lib = kb.why_not(path, "events[0].value=3").to_json()
    assert lib == json.loads(cli("why", path, "--expect", "events[0].value=3", "--json").stdout)
    assert isinstance(lib["deciding"], list) and isinstance(lib["step"]["cites"], list)
    why = kb.why(path).to_json()
    assert why == json.loads(cli("why", path, "--json").stdout)
    changed = kb.what_if(path, ["events[0].die_roll.roll=5"]).to_json()
    assert changed == json.loads(cli("why", path, "--set", "events[0].die_roll.roll=5", "--json").stdout)


def test_a_move_that_ends_the_loss_answers_for_what_comes_back(kb):
    """B 540.5 «…при переносе карты в другую игровую зону лишение прекращает действовать после
    выполнения всех срабатывающих особенностей…»: Степной Волколак, without its features, dies; the
    move ends the loss, so its features come back (``restored``). Asked «why is nothing restored»,
    the answer is the move's own step citing 540.5, not the step about its death trigger (ПРИМЕР 1
    «Свой особый удар Степной Волколак не нанесёт», and 540.3 «…эта особенность не оказывает никаких
    эффектов на игру»: it is suppressed), which answers for ``triggered``."""
    path = EXAMPLES / "B-540.5-ex1-steppe-werewolf.yaml"
    wn = kb.why_not(path, "events[1].restored=[]")
    assert wn.step.step == "zone_change" and _cites(wn) == ["B:540.5"]
    assert "при переносе карты в другую игровую зону лишение прекращает действовать" in _fold(wn.deciding[0].text)
    wn = kb.why_not(path, "events[1].triggered=[Особый удар при гибели]")
    assert wn.step.step == "trigger" and _cites(wn) == ["B:540.5/ex1", "B:540.3"]
    assert "свой особый удар степной волколак не нанесет" in _fold(wn.deciding[0].text)
    assert "эта особенность не оказывает никаких эффектов на игру" in _fold(wn.deciding[1].text)
