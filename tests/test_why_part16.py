"""Issue 12, what a fresh user found on citations and why-not (fu12i N2, N6; N1, N3–N5 are in the tests
of their steps: test_why_part4, part6, part8, part13, part15, and the step words of part3). Expected
values are worked by hand from the rule text (kb/sources), quoted in each test; none is copied from what
the code returns."""

from __future__ import annotations

from berserk_kb.render.why import answer_text
from scenario_parts import EXAMPLES, card


def _fold(text):
    return " ".join(text.lower().replace("ё", "е").split())


def test_a_suppressed_trigger_not_firing_cites_that_it_has_no_effect(kb):
    """B 540.3: «…считается, что карта не обладает такой особенностью, эта особенность не оказывает
    никаких эффектов на игру»; 540.5 ПРИМЕР 1: «Свой особый удар Степной Волколак не нанесёт.» With the
    loss stated to work anywhere, the Волколак goes to the graveyard: nothing fires (its «Особый удар при
    гибели» is suppressed) and nothing comes back (the markers stay, 540.5 «Если не сказано иного…»). The
    «стало» step of that move names the units that decided it, 540.3's words among them (was: none)."""
    wi = kb.what_if(EXAMPLES / "B-540.5-ex1-steppe-werewolf.yaml", ["events[0].lose_features.anywhere=true"])
    ev = wi.events[1]
    assert (ev.after["triggered"], ev.after["restored"]) == ([], [])
    move = next(n for n in ev.steps_after if n.step == "zone_change")
    assert move.value["triggered"] == [] and move.cites
    assert any("не оказывает никаких эффектов на игру" in _fold(c.text) for c in move.cites)
    assert "540.3 (B)" in answer_text(wi, "ru", kb.language_pack("ru"))


def test_a_strike_from_the_card_facts_says_where_it_comes_from(kb):
    """kb/cards.yaml gives Гном-Басаарг ``hit: [2, 3, 4]`` (weak, medium, strong; a test checks it against
    the card database), so its medium strike is 3 and no modifier changes it. The file's card ``a`` is a Гном-Басаарг with no ``hit``: asked «why not 2» for a medium strike of 3,
    the answer names the input cards[a].hit[1] and says it comes from the card facts of «Гном-Басаарг» in
    kb/cards.yaml, not from the file (was: «так задано во входных данных» only); a ``hit`` the file writes
    is the file's own (no origin)."""
    s = {"edition": "A", "cards": [card("a", name="Гном-Басаарг"), card("b", "p2")],
         "events": [{"attack": {"source": "a", "target": "b", "strike": "medium"}}]}
    wn = kb.why_not(s, "events[0].strength=2")
    assert (wn.computed, wn.given) == (3, "cards[a].hit[1]")
    assert wn.given_from == {"card": "a", "name": "Гном-Басаарг", "field": "hit", "file": "kb/cards.yaml"}
    assert wn.to_json()["given_from"] == wn.given_from
    assert "из kb/cards.yaml" in wn.because and "«Гном-Басаарг»" in wn.because
    own = kb.why_not({**s, "cards": [card("a", name="Гном-Басаарг", hit=[1, 3, 5]), card("b", "p2")]},
                     "events[0].strength=2")
    assert (own.given, own.given_from) == ("cards[a].hit[1]", None)
    assert "так задано во входных данных (cards[a].hit[1])" in own.because
