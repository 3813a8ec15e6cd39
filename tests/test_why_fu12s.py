"""The judge's report fu12s, item N2: a grant held in formation over an own feature of the same name.

Every situation is written inline; every expected value and every quoted word is worked by hand from
the kb/ fragments quoted in the docstrings, never read from what the code returns."""

from __future__ import annotations

import pytest

from scenario_parts import card, final

#: B 518.8 ПРИМЕР 2, as kb/ holds it (edition B).
EXAMPLE_2 = ("существо с особенностью \"Регенерация 2\" не может получить особенность \"Регенерация 1\". "
             "Если существу с особенностью \"Регенерация 2\" дают особенность \"Регенарация 3\", у существа "
             "вместо \"Регенерации 2\" будет \"Регенерация 3\", и будет выполняться она.")

NAME = "Опыт в защите"


def _scenario(own, granted, *, in_formation=True, events=None):
    """Гномий Король and Горный Великан, both with Строй; the Великан holds its own «Опыт в защите
    own» and is granted «Опыт в защите granted» by the King while in formation."""
    king = card("king", name="Гномий Король", in_formation=True, features=[{"name": "Строй"}])
    giant = card("giant", name="Горный Великан", in_formation=in_formation,
                 features=[{"name": "Строй"}, {"name": NAME, "value": own}],
                 grants=[{"name": NAME, "value": granted, "while": "formation", "source": "king"}])
    return {"edition": "B", "cards": [king, giant], "events": events or [{"end_of_turn": {}}]}


def _named(result, cid):
    return [f for f in final(result, cid)["features"] if f["name"] == NAME]


def test_the_text_quoted_is_the_one_kb_holds(kb):
    """The docstrings below quote B 518.8 ПРИМЕР 2; the test holds the words kb/ holds (a test that
    would quote other words fails here)."""
    r = kb.why(_scenario(1, 2, in_formation=False,
                         events=[{"formation": {"card": "giant", "in": True}}]))
    texts = [c.text for n in r.events[0].explanation.walk() for c in n.cites if c.id == "B:518.8/ex2"]
    assert texts and all(" ".join(t.split()) == EXAMPLE_2 for t in texts)


def test_a_higher_grant_at_the_start_stands_instead_of_the_own_lower_one(kb):
    """N2. B 518.8 ПРИМЕР 2: «Если существу с особенностью "Регенерация 2" дают особенность
    "Регенарация 3", у существа вместо "Регенерации 2" будет "Регенерация 3"». The Великан, with its own
    «Опыт в защите 1», stands in formation with the King, who grants «Опыт в защите 2»: 2 > 1, so it has
    Опыт в защите 2 (from king, while formation) instead of its 1, which stays under it, replaced and
    suppressed — as an acquired 2 over an own 1 at the start does (was: the grant was dropped without a
    word and the final state showed «Опыт в защите 1»). An end of turn ends neither."""
    held = _named(kb.why(_scenario(1, 2)), "giant")
    assert [(f["value"], f["own"], f["source"], f["while"], f["replaced"], f["suppressed"]) for f in held] == [
        (2, False, "king", "formation", False, False), (1, True, None, None, True, True)]
    acquired = kb.why({**_scenario(1, 2), "cards": [
        card("king", name="Гномий Король", in_formation=True, features=[{"name": "Строй"}]),
        card("giant", name="Горный Великан", in_formation=True, grants=[],
             features=[{"name": "Строй"}, {"name": NAME, "value": 1}],
             acquired=[{"name": NAME, "value": 2, "while": "formation", "source": "king", "static": True}])]})
    assert [(f["value"], f["replaced"], f["suppressed"]) for f in _named(acquired, "giant")] == [
        (2, False, False), (1, True, True)]


def test_a_higher_grant_on_forming_replaces_and_leaving_gives_the_own_one_back(kb):
    """N2 at events. 518.8 ПРИМЕР 2 as above: the Великан leaves the formation — the grant 2 ends (540.4
    ПРИМЕР 1 «…имеет опыт в защите, пока стоит в строю») and its own 1, replaced, is its again; it forms
    the formation again — the King's 2 stands instead of the 1 once more, in a step citing 518.8
    ПРИМЕР 2 and naming the own value it replaces (1)."""
    r = kb.why(_scenario(1, 2, events=[{"formation": {"card": "giant", "in": False}},
                                       {"formation": {"card": "giant", "in": True}}]))
    (step,) = [n for n in r.events[1].explanation.walk() if n.step == "formation_grant_replaces"]
    assert (step.inputs["name"], step.inputs["value"], step.inputs["held"]) == (NAME, 2, 1)
    assert [c.id for c in step.cites] == ["B:518.8/ex2"]
    assert [(f["value"], f["own"], f["replaced"]) for f in _named(r, "giant")] == [(2, False, False), (1, True, True)]
    left = kb.why(_scenario(1, 2, events=[{"formation": {"card": "giant", "in": False}}]))
    assert [(f["value"], f["own"], f["replaced"], f["suppressed"]) for f in _named(left, "giant")] == [
        (1, True, False, False)]


@pytest.mark.parametrize(("own", "granted"), [(2, 1), (2, 2)])
def test_a_grant_not_higher_than_the_own_one_is_not_gained_and_says_so(kb, own, granted):
    """N2, the lower case. B 518.8 ПРИМЕР 2: «существо с особенностью "Регенерация 2" не может получить
    особенность "Регенерация 1"» (and ПРИМЕР 1 for the same value). Starting in formation with a grant
    1 (or 2) over its own 2, the start cannot be: refused, naming cards[1].grants[0] and 518.8. Forming
    the formation in an event instead, the grant is not gained: a step says so, citing 518.8 ПРИМЕР 2
    (1 < 2) or ПРИМЕР 1 (2 = 2), and the Великан keeps its own Опыт в защите 2 alone."""
    from berserk_kb.errors import ScenarioError

    with pytest.raises(ScenarioError) as err:
        kb.why(_scenario(own, granted))
    assert err.value.field == "cards[1].grants[0]"
    assert "518.8" in str(err.value)
    r = kb.why(_scenario(own, granted, in_formation=False,
                         events=[{"formation": {"card": "giant", "in": True}}]))
    (step,) = [n for n in r.events[0].explanation.walk() if n.step == "formation_grant_not_given"]
    assert step.inputs["reason"] == {"held": own, "kind": "lower" if granted < own else "same"}
    assert [c.id for c in step.cites] == ["B:518.8/ex2" if granted < own else "B:518.8/ex1"]
    assert [(f["value"], f["own"]) for f in _named(r, "giant")] == [(own, True)]
