"""Cards side by side as the scenario starts stay so whatever happens to the feature one holds
from the other (edition A). «Замещение особенности…», ПРИМЕР 5: «…Вайл получит Отравление 2,
которое уже не пропадёт, если Льер-Кулат отойдёт» — after Вайл's Отравление 1 from Льер-Кулат
is replaced by a higher one, Льер-Кулат can still step away. A card holding a feature
`while: adjacent` from another at the start stands next to it (docs/scenarios.md)."""

from __future__ import annotations

START = ("edition: A\ncards:\n  - {id: lier, name: Льер-Кулат, controller: p2}\n"
         "  - {id: bokor, name: Бокор, controller: p2}\n"
         "  - {id: vail, name: Вайл, controller: p1,"
         " acquired: [{name: Отравление, value: 1, source: lier, while: adjacent}]}\nevents:\n")


def _why(tmp_path, cli, events: str):
    f = tmp_path / "s.yaml"
    f.write_text(START + events, encoding="utf-8")
    return cli("why", str(f), "--json")


def test_a_card_next_to_another_from_the_start_steps_away_after_the_feature_it_gave_is_replaced(tmp_path, cli):
    """By hand: Бокор's Отравление 3 replaces Вайл's Отравление 1 (3 > 1); Льер-Кулат then steps
    away: the replaced Отравление 1 ends with its condition, Отравление 3 — not held while next to
    Льер-Кулат — stays. Before, the leave was refused («не стоит рядом»): the start's side by side
    was read off the feature, gone once replaced."""
    import json

    r = _why(tmp_path, cli, "  - gain_feature: {card: vail, name: Отравление, value: 3, source: bokor}\n"
                            "  - leave: {card: lier, from: vail}\n")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    vail = next(c for c in out["final_state"]["cards"] if c["id"] == "vail")
    assert [(f["name"], f["value"]) for f in vail["features"]] == [("Отравление", 3)]


def test_an_approach_of_cards_side_by_side_from_the_start_is_refused(tmp_path, cli):
    """By hand: Вайл holds Отравление 1 from Льер-Кулат while next to it, so they stand side by
    side from the start; Льер-Кулат cannot come to stand next to Вайл again (before, the approach
    was accepted and its gain reported «не выполнено»)."""
    r = _why(tmp_path, cli, "  - approach: {card: lier, to: vail}\n")
    assert r.exit_code == 2, r.output
    assert "уже стоит рядом с картой vail" in r.output or "already stands next to vail" in r.output
