"""kb/cards.yaml agrees with the community card database where the card is in it."""

from __future__ import annotations

import json

import pytest
import yaml

from conftest import KB_DIR, ROOT

DB = ROOT.parent / "shared" / "data" / "cards" / "cards.json"


def test_card_stats_agree_with_the_card_database():
    if not DB.exists():
        pytest.skip("../shared/data/cards/cards.json is not next to this checkout")
    db = {c["id"]: c for c in json.loads(DB.read_text(encoding="utf-8"))}
    cards = yaml.safe_load((KB_DIR / "cards.yaml").read_text(encoding="utf-8"))["cards"]
    checked = 0
    for card in cards:
        if card.get("db") is None:
            continue
        ref = db[card["db"]]
        assert ref["name"].casefold().replace("ё", "е") == card["name"].casefold().replace("ё", "е"), card["name"]
        for field in ("cost", "life", "move", "hit"):
            assert card[field] == ref[field], (card["name"], field)
        checked += 1
    assert checked >= 5


# Where the bundled rulebook names each card of kb/cards.yaml, read off the text (worked examples):
# A 519.3 ПРИМЕР (001:16) «Гном-Басаарг в строю с Гномьим Королём атакует…»; A 002:7 ex3 «…подходит к
# Ашельте…»; A 002:9 ex4 «Льер-Кулат ("Затмение") подходит к Вайлу…»; A 002:11 ex5 «…Льер-Кулат подойдёт
# к Вайлу… рядом стоит Бокор… Менгир…»; B 518.8 ПРИМЕР (000:3) «Ледовый Охотник имеет текст…»; A 003:9
# «Габриэль уменьшает…»; A 516.1 ПРИМЕР (003:19) «Большой кулак может…»; A 516.1.1 ПРИМЕР (003:23) «Феррос
# получает раны…»; B 540.4 ПРИМЕР (004:14) «Горный Великан…»; B 540.5 ПРИМЕР (004:16) «Степной
# Волколак…»; A, the axe rule (001:19) «Например, у Лёккена: …».
EX = "A:замещение-особенности-это-эффект"
NAMED_IN = {
    "Гном-Басаарг": {"A:519.3/ex1"}, "Гномий Король": {"A:519.3/ex1"},
    "Вайл": {f"{EX}/ex4", f"{EX}/ex5"}, "Льер-Кулат": {f"{EX}/ex4", f"{EX}/ex5"},
    "Ашельта": {f"{EX}/ex3"}, "Бокор": {f"{EX}/ex5"}, "Менгир Каррефура": {f"{EX}/ex5"},
    "Ледовый Охотник": {"B:518.8/ex1"}, "Габриэль": {"A:эффект-предотвращения-может-быть/ex2"},
    "Большой кулак": {"A:516.1/ex1"}, "Феррос": {"A:516.1.1/ex1"}, "Горный Великан": {"B:540.4/ex1"},
    "Степной Волколак": {"B:540.5/ex1"}, "Лёккен": {"A:правило-топора/если-в-тексте-карты/ex1"},
}


def test_cards_name_units_of_the_rulebook(kb):
    """Every card of kb/cards.yaml is named where the text names it (the table above): the linking
    finds each mention, in any grammatical form («Ашельте», «Вайлу», «Лёккена»), and nothing else
    says where a card is mentioned (kb/cards.yaml lists no units)."""
    from berserk_kb.lexicon.linking import units_mentioning

    cards = yaml.safe_load((KB_DIR / "cards.yaml").read_text(encoding="utf-8"))["cards"]
    assert {c["name"] for c in cards} == set(NAMED_IN)
    assert not any("mentioned_in" in c for c in cards)
    found = units_mentioning(kb.links)
    for name, units in NAMED_IN.items():
        assert found[name.casefold().replace("ё", "е")] == units, name


def test_card_facts_are_valid_scenario_cards():
    """Every card of kb/cards.yaml, used as a scenario card, passes the scenario contract."""
    from berserk_kb.lexicon.cards import load_cards
    from berserk_kb.scenario.load import validate_scenario

    cards = load_cards(KB_DIR)
    data = {"edition": "A", "cards": [{"id": f"c{i}", "name": c["name"], "controller": "p1"} for i, c in enumerate(cards.values())],
            "events": [{"end_of_turn": {}}]}
    scenario = validate_scenario(data, "cards.yaml", cards)
    lekken = next(c for c in scenario["cards"] if c["name"] == "Лёккен")
    assert [o["rule"] for o in lekken["overrides"]] == ["defender_taps", "defences_per_turn"]
    gabriel = next(c for c in scenario["cards"] if c["name"] == "Габриэль")
    assert gabriel["effects"][0]["id"].endswith("_prevents_1")


def test_a_scenario_card_keeps_its_own_facts(kb):
    s = {"edition": "A", "cards": [{"id": "f", "name": "Феррос", "controller": "p2", "effects": []}, {"id": "a", "controller": "p1"}],
         "events": [{"wounds": {"card": "f", "amount": 2, "source": "a", "attack": "spell"}}]}
    assert kb.why(s).events[0].result["wounds"] == 2  # no «только от ударов» when the scenario says so
