"""Every string of a scenario comes back from Prolog as the same string (issue 13).

The bridge once sent every string as an atom, so the strings "null", "true" and "false" came back
as JSON's null/true/false. Here free-text fields of a scenario (card and feature names, an
acquired feature's and a gained feature's name, an effect's kind) take generated text, the JSON
words always among it, and the final state and the events' results must hold them unchanged.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

JSON_WORDS = ["null", "true", "false"]

# what a Name field accepts: 1–100 characters, no control character (load.py refuses those)
_NAME = st.sampled_from(JSON_WORDS) | st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=30)
_KIND = st.sampled_from(JSON_WORDS) | st.from_regex(r"\A[a-z_]{1,12}\Z").filter(lambda k: k != "wounds")


def _scenario(card_name, own, acquired, gained, kind):
    return {"edition": "A",
            "cards": [{"id": "c", "name": card_name, "controller": "p1",
                       "features": [{"name": own, "value": 1}],
                       "acquired": [{"name": acquired, "value": 3}]},
                      {"id": "d", "controller": "p2"}],
            "events": [{"gain_feature": {"card": "c", "name": gained, "value": 2, "source": "d"}},
                       {"effect": {"card": "c", "kind": kind}}]}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_NAME, _NAME, _NAME, _NAME, _KIND)
def test_scenario_strings_round_trip(kb, card_name, own, acquired, gained, kind):
    result = kb.why(_scenario(card_name, own, acquired, gained, kind))
    gain, effect = (e.result for e in result.events)
    assert gain["name"] == gained
    assert effect["kind"] == kind
    (card,) = (c for c in result.final_state["cards"] if c["id"] == "c")
    names = [f["name"] for f in card["features"]]
    for name in (own, acquired, gained):
        assert name in names


def test_json_words_as_every_name_come_back_as_strings(kb):
    """The case the issue reports, by hand: each word in every field, never None/True/False."""
    for w in JSON_WORDS:
        result = kb.why(_scenario(w, w, w, w, w))
        gain, effect = (e.result for e in result.events)
        assert gain["name"] == w and effect["kind"] == w
        (card,) = (c for c in result.final_state["cards"] if c["id"] == "c")
        assert {f["name"] for f in card["features"]} == {w}




def _edition_b(card_name, which):
    """Edition B's 540.1: a lose_features event suppresses the feature it names («теряет
    особенность»), and the result names it."""
    return {"edition": "B",
            "cards": [{"id": "c", "name": card_name, "controller": "p1", "features": [{"name": which, "value": 1}]}],
            "events": [{"lose_features": {"card": "c", "which": which}}]}


def _instead(becomes):
    """Edition A's «вместо» (516.1.2): the regeneration becomes the effect named by ``becomes``."""
    return {"edition": "A",
            "cards": [{"id": "c", "controller": "p1",
                       "effects": [{"id": "e", "type": "instead", "of": "regeneration", "becomes": becomes}]}],
            "events": [{"effect": {"card": "c", "kind": "regeneration", "amount": 1}}]}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_NAME, _NAME.filter(lambda w: w != "all"), _NAME)
def test_more_scenario_strings_round_trip(kb, card_name, which, becomes):
    """The card's name in the final state, a lost feature's name and what an effect became."""
    result = kb.why(_edition_b(card_name, which))
    (lost,) = (e.result for e in result.events)
    assert lost["suppressed"] == [which]
    (card,) = result.final_state["cards"]
    assert card["name"] == card_name
    (effect,) = (e.result for e in kb.why(_instead(becomes)).events)
    assert effect["kind"] == becomes
