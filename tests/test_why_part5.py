"""Why did this happen, part 5: the engine's corners left by issue 12 (citations of silent text,
impossible values, control and formation).

Every expected value is worked by hand from the rule text quoted in the test's docstring, never read
from what the code returns."""

from __future__ import annotations

import pytest

from berserk_kb.errors import ScenarioError
from scenario_parts import card, cited, final


def test_a_card_not_in_formation_only_changes_controller(kb):
    """A (003) «Взять карту под контроль – это стать игроком, контролирующим эту карту»: nothing
    about a formation happens to a card that stands in none — no step, no
    citation of 519.3."""
    r = kb.why({"edition": "A", "cards": [card("g", "p2")],
                "events": [{"bring_into_squad": {"card": "g", "how": "take_control", "player": "p1"}}]})
    assert "A:519.3/item1" not in cited(r.events[0].explanation)
    assert final(r, "g")["controller"] == "p1"


# --- a field error names its line ----------------------------------------------------------------


_LINES = """edition: A
cards:
  - id: c
    controller: p1
  - {id: d, controller: p2, zone: moon}
events:
  - die_roll:
      roller: c
      roll: 7
  - wounds: {card: c, amount: 1}
"""


@pytest.mark.parametrize("change, line, field", [
    ({}, 5, "cards[1].zone"),                                   # an impossible value, in a flow mapping
    ({"zone: moon": "zone: play"}, 9, "events[0].die_roll.roll"),  # a die face of 7: the key's line
    ({"zone: moon": "zone: play", "roll: 7": "roll: 3"}, 10, "events[1].wounds.attack"),  # left out: the mapping's line
    ({"zone: moon": "zone: play", "roll: 7": "roll: 3", "amount: 1}": "amount: 1, attack: strike, kinds: [x]}"},
     10, "events[1].wounds.kinds"),                             # an unknown field
    ({"zone: moon": "zone: play", "roll: 7": "roll: 3", "amount: 1}": "amount: 1, attack: strike}",
      "edition: A": "edition: B"}, 10, "events[1].wounds"),     # refused by the mechanic (B has no prevention)
])
def test_a_field_error_names_the_line_of_the_field(kb, tmp_path, change, line, field):
    """The file as written: card d's zone is on line 5, the die's roll on line 9, the wounds event on
    line 10; the message is ``FILE:LINE: field PATH: reason``, ``line`` and ``field`` set."""
    text = _LINES
    for old, new in change.items():
        text = text.replace(old, new)
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        kb.why(path)
    assert str(caught.value).startswith(f"{path}:{line}: field {field}: "), str(caught.value)
    assert (caught.value.line, caught.value.field) == (line, field)


def test_a_scenario_given_as_data_has_no_line(kb):
    with pytest.raises(ScenarioError, match=r"^scenario: field events\[0\]\.die_roll\.roll: ") as caught:
        kb.why({"edition": "A", "cards": [card("c")], "events": [{"die_roll": {"roller": "c", "roll": 7}}]})
    assert caught.value.line is None
