"""Why did this happen: corners found by the fresh user fu12l (issue 12: L2, L3, L4, L6 and the
Russian refusals of L1/L5).

Every expected value is worked by hand from the rule text quoted in the test's docstring (kb/
fragments 001–004), never read from what the code returns."""

from __future__ import annotations

import pytest

from scenario_parts import card, feats


def _text_of(kb, result):
    from berserk_kb.render.why import why_text

    return why_text(result, "ru", pack=kb.language_pack("ru"))


def _king_basaarg():
    plus = {"name": "+1 к удару", "value": 1, "source": "king", "while": "formation", "static": True}
    return [card("king", name="Гномий Король", in_formation=True),
            card("basaarg", name="Гном-Басаарг", in_formation=True, acquired=[plus])]


@pytest.mark.parametrize("lift", [{"end_of_turn": {}}, {"end_of_battle": {}}])
def test_a_grant_given_again_when_the_givers_marker_goes_is_in_the_result(kb, lift):
    """B 540.3.1: «Маркер подавления … удаляется, когда заканчивается период действия эффекта
    лишения особенности, после чего особенность снова начинает влиять на игру»; 540.4 ○ «…если
    источник приобретенной особенности – постоянная особенность этой или другой карты (то есть если
    после потери согласно тексту той карты особенность сразу же должна быть получена вновь)». The
    King loses Строй (until the end of the turn, or with no period: «до конца боя»): the Басаарг's
    «+1 к удару» from the King's Строй goes. The Басаарг leaves and forms the formation again while
    the Строй is suppressed: not given. The marker goes: the Строй works again and the Басаарг gets
    «+1 к удару» back — so the event's result names it: `returned_grants` ["basaarg/+1 к удару"]
    (and, at an end of turn, `returned` ["+1 к удару"]); the headline says it; why-not «returned
    = []» names the step that gives it (was: «возвращается: ничего», `returned: []`)."""
    end_of_turn = "end_of_turn" in lift
    lose = {"card": "king", "which": "Строй", **({"duration": "end_of_turn"} if end_of_turn else {})}
    events = [{"lose_features": lose}, {"formation": {"card": "basaarg", "in": False}},
              {"formation": {"card": "basaarg", "in": True}}, lift]
    scenario = {"edition": "B", "cards": _king_basaarg(), "events": events}
    r = kb.why(scenario)
    ev = r.events[3]
    assert feats(r, "basaarg")["+1 к удару"]["value"] == 1
    assert ev.result["returned_grants"] == ["basaarg/+1 к удару"]
    assert ev.result["lifted"] == ["king/Строй"]
    text = _text_of(kb, r)
    if end_of_turn:
        assert ev.result["returned"] == ["+1 к удару"]
        assert "возвращается: +1 к удару" in text
        answer = kb.why_not(scenario, "events[3].returned=[]")
        assert answer.step is not None and answer.step.step == "formation_grant"
        assert answer.step.inputs["card"] == "basaarg"
    else:
        assert "снова получено в строю: +1 к удару у «Гном-Басаарг»" in text
