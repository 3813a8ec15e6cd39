"""Why did this happen, part 8: issue 12's corners left after the fresh users' rounds — a move no
rule acts on says so, and the prevention line is cited only for a card it speaks of.

Every expected value is worked by hand from the rule text quoted in the test's docstring, never read
from what the code returns."""

from __future__ import annotations

import pytest

from berserk_kb.errors import ScenarioError
from scenario_parts import steps

PREVENTION_LINE = ("Если карта – источник эффекта предотвращения покидает игровую зону, то эффект "
                   "предотвращения от этой карты больше не применяется.")


def _dies(edition, **card):
    return {"edition": edition, "cards": [{"id": "c", "controller": "p1", **card}],
            "events": [{"zone_change": {"card": "c", "to": "graveyard"}}]}


@pytest.mark.parametrize("edition", ["A", "B"])
def test_a_move_no_rule_acts_on_says_that_the_scenario_gives_it(kb, edition):
    """A card with no effect, no feature, no trigger goes to the graveyard. A's one line on leaving
    the play zone speaks of «карта – источник эффекта предотвращения» (this card is none); B 540.5
    speaks of «лишение особенностей» (it lost none): no unit of either edition decides this move, so
    its one step says the scenario gives it and cites nothing (was: the event had no step at all)."""
    r = kb.why(_dies(edition))
    assert r.events[0].result["zone"] == "graveyard"
    nodes = steps(r.events[0].explanation)
    assert [n.step for n in nodes if n.step == "move_given"] == ["move_given"]
    assert all(not n.cites for n in nodes)


def test_the_prevention_line_is_cited_only_for_a_source_of_prevention(kb):
    """A: «Если карта – источник эффекта предотвращения покидает игровую зону, то эффект
    предотвращения от этой карты больше не применяется.» A card with an effect «next 4» that dies is
    that source: the line decides its move (its effect no longer applies). A card with no prevention
    effect is not what the line speaks of: the line is not cited for it."""
    guard = kb.why(_dies("A", effects=[{"id": "next4", "type": "prevent", "amount": 4}]))
    assert PREVENTION_LINE in [c.text for n in steps(guard.events[0].explanation) for c in n.cites]
    plain = kb.why(_dies("A"))
    assert all(PREVENTION_LINE != c.text for n in steps(plain.events[0].explanation) for c in n.cites)


def test_a_wounded_card_that_was_no_source_of_prevention_is_not_revived_with_a_guess(kb):
    """A says what a card that leaves the play zone keeps only of «карта – источник эффекта
    предотвращения» (and 517.4 «Возродить карту – это извлечь её с кладбища и поместить в игровую
    зону» says nothing of its wounds): a card with 1 wound and no prevention effect that dies and is
    revived is refused in one line naming the event, never revived with its wound kept or dropped
    by a guess (was: the prevention line cited, the wound silently dropped)."""
    data = {"edition": "A", "cards": [{"id": "c", "controller": "p1"}, {"id": "a", "controller": "p2"}],
            "events": [{"wounds": {"card": "c", "amount": 1, "source": "a", "attack": "strike"}},
                       {"zone_change": {"card": "c", "to": "graveyard"}},
                       {"bring_into_squad": {"card": "c", "how": "revive", "player": "p1"}}]}
    with pytest.raises(ScenarioError, match=r"events\[2\]\.bring_into_squad: c comes back .*1 wound"):
        kb.why(data)
