"""Why did this happen, part 12: the seventh fresh user's findings on issue 12 (why-not at a value
the event copies from its input, impossible expectations of every part, what-if that takes out an
event, adjacency under B, minor wording).

Every expected value is worked by hand from the rule text quoted in the test's docstring, never read
from what the code returns."""

from __future__ import annotations

import pytest

from scenario_parts import card


def _moved_and_revived():
    """p1 takes control of p2's creature lying in the play zone; p1's guard goes to the graveyard
    and is revived by p1."""
    return {"edition": "A", "cards": [card("theirs", "p2", name="существо противника", zone="play"),
                                      card("guard", name="защитник")],
            "events": [{"bring_into_squad": {"card": "theirs", "how": "take_control", "player": "p1"}},
                       {"zone_change": {"card": "guard", "to": "graveyard"}},
                       {"bring_into_squad": {"card": "guard", "how": "revive", "player": "p1"}}]}


@pytest.mark.parametrize("expect, given", [
    ("events[1].zone=battle", "events[1].zone_change.to"),
    ("events[1].zone=hand", "events[1].zone_change.to"),
    ("events[0].zone=battle", "cards[theirs].zone"),
    ("events[0].zone=hand", "cards[theirs].zone"),
    ("events[0].controller=p2", "events[0].bring_into_squad.player"),
    ("events[2].controller=p2", "events[2].bring_into_squad.player")])
def test_why_not_a_value_the_event_copies_from_its_input_names_the_input(kb, expect, given):
    """A card moved «to: graveyard» is in the graveyard because the input says so; «Взять карту под
    контроль – это стать игроком, контролирующим эту карту»: the card taken stays where it lies (play,
    as listed) and its controller is the player who took it, as the revived card's is the player who
    revived it (517.4: «под своим контролем»). Each of these is the input's own, whatever value was
    expected: the answer names the input («так задано во входных данных (…)»), never a step that
    did not decide it (was: the prevention line «Если карта – источник…» for the zone of event 1,
    and 517.5 for ``zone=hand``)."""
    wn = kb.why_not(_moved_and_revived(), expect)
    assert wn.agrees is False and wn.step is None and wn.given == given
    assert f"так задано во входных данных ({given})" in wn.because
