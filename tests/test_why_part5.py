"""Why did this happen, part 5: the engine's corners left by issue 12 (citations of silent text,
impossible values, control and formation).

Every expected value is worked by hand from the rule text quoted in the test's docstring, never read
from what the code returns."""

from __future__ import annotations

from scenario_parts import card, cited, final, steps


def _in_formation(cid, controller, **kw):
    return card(cid, controller, in_formation=True, features=[{"name": "Строй"}], **kw)


def test_a_card_whose_control_changes_leaves_its_formation(kb):
    """A (003): «Взять карту под контроль – это стать игроком, контролирующим эту карту»; «Взятие карты
    в отряд – это … взятие карты противника под свой контроль» — the card comes into p1's squad, its
    zone stays battle. A formation stands within a squad (519.3 а) «модификаторы, полученные от карт из
    отряда источника атаки» is where the Gnome's «+1 к удару за строй с Гномьим Королём» goes), so p2's
    Гном in formation with p2's Король is in formation with nobody after p1 takes it: in_formation
    false, its «Опыт в защите 1» held while in formation ends, Король keeps its own formation. The
    same when p2 loses control of it to p1 («ваш противник автоматически становится игроком,
    контролирующим эту карту»)."""
    gnome = _in_formation("g", "p2", acquired=[{"name": "Опыт в защите", "value": 1, "static": True, "while": "formation"}])
    for event in ({"bring_into_squad": {"card": "g", "how": "take_control", "player": "p1"}},
                  {"lose_control": {"card": "g"}}):
        r = kb.why({"edition": "A", "cards": [gnome, _in_formation("k", "p2")], "events": [event]})
        g = final(r, "g")
        assert (g["controller"], g["zone"], g["in_formation"]) == ("p1", "battle", False)
        assert [f["name"] for f in g["features"]] == ["Строй"]
        assert final(r, "k")["in_formation"] is True
        (node,) = [n for n in steps(r.events[0].explanation) if n.step == "changes_squad"]
        assert node.value == ["Опыт в защите"]
        assert cited(node) == ["A:взятие-карт-в-отряд/взятие-карты-в-отряд", "A:519.3/item1"]


def test_a_card_not_in_formation_only_changes_controller(kb):
    """The same text: nothing about a formation happens to a card that stands in none — no step, no
    citation of 519.3."""
    r = kb.why({"edition": "A", "cards": [card("g", "p2")],
                "events": [{"bring_into_squad": {"card": "g", "how": "take_control", "player": "p1"}}]})
    assert "A:519.3/item1" not in cited(r.events[0].explanation)
    assert final(r, "g")["controller"] == "p1"
