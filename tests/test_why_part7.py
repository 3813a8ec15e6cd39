"""Why did this happen, part 7: the second fresh user's findings on issue 12 (what-if over every
bundled file, control changes the controller only, a Строй lost or a giver gone and back, citations).

Every expected value is worked by hand from the rule text quoted in the test's docstring, never read
from what the code returns."""

from __future__ import annotations

import pytest

from berserk_kb.scenario.load import load_scenario
from scenario_parts import EXAMPLES, SCENARIOS

BUNDLED = sorted(EXAMPLES.glob("*.yaml")) + sorted(SCENARIOS.glob("*.yaml"))


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_a_change_to_the_value_a_field_already_has_changes_nothing(kb, path):
    """`--set` runs «the same scenario with one field changed»: setting the active player and the first
    card's zone to the values they already have (written or left to their default) is the same
    scenario, so every event gives the file's own result and no step differs (was: a file with a
    revival or a take-control failed its own check once its defaults were written out)."""
    data = load_scenario(path)
    wi = kb.what_if(path, [f"active={data['active']}", f"cards[0].zone={data['cards'][0]['zone']}"])
    assert [e.before for e in wi.events] == [e.result for e in wi.before.events]
    assert all(e.same and not e.steps_before and not e.steps_after for e in wi.events), path.name
    assert wi.after.final_state == wi.before.final_state
