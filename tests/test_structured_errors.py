"""Errors decided by their fields, not their text (review fu10b, F2)."""

from __future__ import annotations

import time

import pytest

from berserk_kb.errors import QueryTimeout, ScenarioError
from test_why import roll


def test_a_die_that_is_not_rolled_names_the_field_it_cannot_have(kb):
    """Edition B («следующий бросок кубика равен X»): such a die is not rolled, so it cannot be
    rerolled; the refusal hands over the field (reroll), which each pack words — not the English sentence."""
    with pytest.raises(ScenarioError) as caught:
        kb.why(roll("B", None, [], next_roll_equals=3, reroll=5))
    assert caught.value.refusal["kind"] == "not_rolled" and caught.value.refusal["values"][1] == "reroll"
    from berserk_kb.explain.refusals import say

    assert say(caught.value.refusal, kb.language_pack("ru")).endswith("нельзя перебросить")
    assert say(caught.value.refusal, kb.language_pack("en")).endswith("cannot be rerolled")


def test_the_line_of_a_field_is_found_from_the_errors_fields(tmp_path):
    """located() builds ``FILE:LINE: detail`` from path, field and detail, whatever the message says."""
    from berserk_kb.scenario.marks import located

    f = tmp_path / "s.yaml"
    f.write_text("edition: A\ncards: []\nevents:\n  - end_of_turn: {}\n", encoding="utf-8")
    error = ScenarioError("worded otherwise", path=str(f), field="events[0]", detail="field events[0]: no")
    out = located(error, f)
    assert (out.line, str(out), out.detail) == (4, f"{f}:4: field events[0]: no", "field events[0]: no")


def test_a_query_past_its_time_is_a_query_timeout():
    """graph/child.py bounded(): the child killed at its time limit (no grace after it: the web's
    query process gives none) raises QueryTimeout (seconds)."""
    from berserk_kb.graph.child import bounded

    with pytest.raises(QueryTimeout) as caught:
        bounded(lambda: time.sleep(30), 256, 0.2, "SPARQL query", grace=0.0)
    assert caught.value.seconds == 0.2
