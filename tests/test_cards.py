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
