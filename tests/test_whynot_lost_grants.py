"""Why-not on what other cards lose with a card (edition B): the step that decides `lost_grants`.

Гном-Басаарг holds «+1 к удару» from Гномий Король's static Строй while in formation with him.
- The King loses all his features: his Строй is suppressed, and Басаарг loses the +1 as 540.4 ○
  says of a feature whose source is «постоянная особенность этой или другой карты»: «…пока
  подавленная особенность не будет удалена с карты (так как нарушилось условие её существования)».
- The King goes to the graveyard (nothing suppressed): the +1 was held «пока стоит в строю»
  (540.4 ПРИМЕР 1, the unit for a feature held in formation that nothing suppressed) and ends.
Expecting nothing lost (`lost_grants=[]`) departs at that step, naming its paragraph (before: «ни
один пункт этого не решает»)."""

from __future__ import annotations

import json

import pytest

START = ("edition: B\ncards:\n  - {id: king, name: Гномий Король, controller: p1, in_formation: true,"
         " features: [{name: Строй}]}\n  - {id: basaarg, name: Гном-Басаарг, controller: p1, in_formation: true,"
         " acquired: [{name: +1 к удару, value: 1, source: king, while: formation, static: true}]}\nevents:\n")


@pytest.mark.parametrize(("event", "deciding"), [
    ("lose_features: {card: king, which: all}", "B:540.4/item2.2"),
    ("zone_change: {card: king, to: graveyard}", "B:540.4/ex1")])
def test_expecting_no_grant_lost_departs_at_the_step_that_takes_it(tmp_path, cli, event, deciding):
    f = tmp_path / "s.yaml"
    f.write_text(START + f"  - {event}\n", encoding="utf-8")
    r = cli("why", str(f), "--expect", "events[0].lost_grants=[]", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert (out["agrees"], out["computed"]) == (False, ["basaarg/+1 к удару"])
    assert [c["id"] for c in out["deciding"]] == [deciding]
    assert out["step"]["paragraph"] == deciding
