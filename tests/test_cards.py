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


def test_cards_name_units_of_the_rulebook(rulebook):
    ids = {u.id for u in rulebook.units()}
    for card in yaml.safe_load((KB_DIR / "cards.yaml").read_text(encoding="utf-8"))["cards"]:
        for uid in card.get("mentioned_in", []):
            assert uid in ids, (card["name"], uid)


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
