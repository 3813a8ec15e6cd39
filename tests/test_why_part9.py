"""Why did this happen, part 9: the fifth fresh user's findings on issue 12 (a chain of replacements
that ends out of order, the rule that keeps a feature at the end of a turn, the numbers of the
unnumbered 517 paragraphs, take-control under A, impossible why-not expectations, minor outputs).

Every expected value is worked by hand from the rule text quoted in the test's docstring, never read
from what the code returns."""

from __future__ import annotations

import pytest

from scenario_parts import feats, steps

VAIL = {"id": "vail", "name": "Вайл", "controller": "p1", "features": [{"name": "Регенерация", "value": 1}]}
X = {"id": "x", "name": "целитель2", "controller": "p1"}
Y = {"id": "y", "name": "целитель3", "controller": "p1"}
# the units that say a replaced feature is kept: A «Замещение особенности - это эффект правил и не
# является потерей особенности»; B «○ подавляются до появления новой базовой именной особенности,
# если были собственными»
RETURNS = {"A": "A:замещение-особенности-это-эффект", "B": "B:~000_ee1f512a66c0b866/item1"}
WORDS = {"A": "не является потерей особенности", "B": "если были собственными"}


def _gain(source, value):
    return {"gain_feature": {"card": "vail", "name": "Регенерация", "value": value, "source": source,
                             "while": "adjacent"}}


def _chain(how):
    """Вайл (own Регенерация 1) is given Регенерация 2 by x, then 3 by y, both while standing next to
    him (``gain``: gain_feature events; otherwise x and y hold the grants and approach); then x stops
    standing next to him — it walks away (``leave``) or dies (``dies``) — and then y walks away."""
    if how == "gain":
        cards, first = [X, Y, VAIL], [_gain("x", 2), _gain("y", 3)]
    else:
        grant = lambda v: [{"name": "Регенерация", "value": v, "while": "adjacent"}]  # noqa: E731
        cards = [{**X, "grants": grant(2)}, {**Y, "grants": grant(3)}, VAIL]
        first = [{"approach": {"card": "x", "to": "vail"}}, {"approach": {"card": "y", "to": "vail"}}]
    x_goes = ({"zone_change": {"card": "x", "to": "graveyard"}} if how == "dies"
              else {"leave": {"card": "x", "from": "vail"}})
    return cards, first + [x_goes, {"leave": {"card": "y", "from": "vail"}}]


@pytest.mark.parametrize("edition", ["A"])  # B's text says nothing of a card next to another: refused (part 12)
@pytest.mark.parametrize("how", ["gain", "approach", "dies"])
def test_an_own_feature_under_a_chain_of_replacements_comes_back_whichever_link_ends_first(kb, how, edition):
    """A: «Замещение особенности - это эффект правил и не является потерей особенности», and its
    ПРИМЕР «Если существу с особенностью "Регенерация 2" дают особенность "Регенарация 3", у существа
    вместо "Регенерации 2" будет "Регенерация 3"». B: «○ подавляются до появления новой базовой
    именной особенности, если были собственными». Вайл's own Регенерация 1 is replaced by 2 (from x),
    that by 3 (from y); x goes first: the 2 ends with its condition («пока Льер-Кулат стоит рядом, и
    если отойдёт от него, то Отравление спадёт»), Вайл still has 3 (y still stands next to him); then
    y walks away: the 3 ends and what lies under it — the own 1, never lost — is his again: event 4
    returns Регенерация, he ends with Регенерация 1, and the step that returns it cites the unit that
    says a replaced feature is kept (was: the own 1 was dropped with the 2 that ended first)."""
    cards, events = _chain(how)
    r = kb.why({"edition": edition, "cards": cards, "events": events})
    assert r.events[2].result.get("returned", []) == []
    assert r.events[3].result["ended"] == ["Регенерация"] and r.events[3].result["returned"] == ["Регенерация"]
    f = feats(r, "vail")["Регенерация"]
    assert (f["value"], f["own"], f["suppressed"]) == (1, True, False)
    (back,) = [n for n in steps(r.events[3].explanation) if n.step == "feature_returns"]
    assert back.inputs["value"] == 1 and [c.id for c in back.cites] == [RETURNS[edition]]
    assert WORDS[edition] in back.cites[0].text


def test_why_not_on_the_chain_names_the_unit_that_keeps_the_own_feature(kb):
    """Why not «nothing comes back» at the last event of the chain? A «…не является потерей
    особенности»: the own Регенерация 1 returns when the 3 above it ends — the why-not names that
    step and that unit, not the Льер-Кулат example."""
    cards, events = _chain("gain")
    wn = kb.why_not({"edition": "A", "cards": cards, "events": events}, "events[3].returned=[]")
    assert (wn.agrees, wn.step.step, [c.id for c in wn.deciding]) == (False, "feature_returns", [RETURNS["A"]])


@pytest.mark.parametrize("acquired", [[], [{"name": "Отравление", "value": 1, "source": "o"}]])
def test_an_end_of_turn_where_nothing_ends_is_an_honest_uncited_step(kb, acquired):
    """B 518.8 ПРИМЕР 1 and 540.3.1 say what ends at the end of a turn — a feature held «до конца
    хода», a suppression marker of that period. An end of turn where the card holds nothing «до
    конца хода» (an own Опыт в атаке 1, an acquired Отравление 1 without a duration) and no marker
    lies: nothing ends. No unit of B's text says that of such features in so many words — 540.4 ○
    «…пока подавленная особенность не будет удалена с карты…», cited here before, is about a
    suppressed acquired feature whose source is a static feature, none of which is in this
    situation (sixth fresh user) —, so the step cites nothing and says it: «в конце хода ничего не
    заканчивается: ни у одной особенности нет срока, истекающего сейчас» (as move_given does for a
    move no rule acts on); nor 518.8 ПРИМЕР 1 (the Ледовый Охотник's gain that was not performed)."""
    cards = [{"id": "o", "controller": "p2"},
             {"id": "c", "controller": "p1", "features": [{"name": "Опыт в атаке", "value": 1}], "acquired": acquired}]
    ev = kb.why({"edition": "B", "cards": cards, "events": [{"end_of_turn": {}}]}).events[0]
    assert (ev.result["ended"], ev.result["returned"]) == ([], [])
    assert [n.step for n in steps(ev.explanation) if n.step == "nothing_ends"] == ["nothing_ends"]
    assert [c.id for n in steps(ev.explanation) for c in n.cites] == []
    assert list(ev.cited) == []


def test_the_paragraphs_after_vozrodit_kartu_are_cited_by_one_number(kb):
    """A 517 prints «517.4. Возродить карту…» and «517.6. Создать карту…»; between them stand two
    unnumbered paragraphs: «Взять карту под контроль – это стать игроком, контролирующим эту карту…»
    and, going on from it, «Если вы потеряли контроль над картой, но это карта по какой-либо причине
    не может быть взята в отряд противника, то вы продолжаете контролировать эту карту…». The check
    S004 infers that the first stands for the missing 517.5; the second goes on from it, so it is
    517.5 too — not 517.4, a number before the one of the paragraph it follows. A card in the
    graveyard is in no squad: losing control of it keeps it (the second paragraph); taking control
    of an opponent's card in battle is the first."""
    lose = kb.why({"edition": "A", "cards": [{"id": "c", "controller": "p1", "zone": "graveyard"}],
                   "events": [{"lose_control": {"card": "c"}}]}).events[0]
    take = kb.why({"edition": "A", "cards": [{"id": "c", "controller": "p2"}],
                   "events": [{"bring_into_squad": {"card": "c", "how": "take_control", "player": "p1"}}]}).events[0]
    (kept,) = [c for n in steps(lose.explanation) for c in n.cites]
    (taken,) = [c for n in steps(take.explanation) for c in n.cites if c.text.startswith("Взять карту под контроль")]
    assert kept.text.startswith("Если вы потеряли контроль") and (kept.number, taken.number) == ("517.5", "517.5")


@pytest.mark.parametrize("file,expect,words", [
    ("scenarios/die-roll-editions-differ.yaml", "events[0].value=7", "a die shows a face, 1–6"),
    ("scenarios/die-roll-editions-differ.yaml", "events[0].value=0", "a die shows a face, 1–6"),
    ("examples/A-519.3-ex1-gnome-basaarg.yaml", "events[0].strength=-1", "0 or more"),
    ("examples/A-519.3-ex1-gnome-basaarg.yaml", "events[0].strength=abc", "is text, but this part of the result is a number"),
    ("examples/A-519.3-ex1-gnome-basaarg.yaml", "events[0].strike=huge", "weak, medium, strong"),
])
def test_an_impossible_expectation_is_refused_not_blamed_on_a_rule(kb, file, expect, words):
    """Issue 12: «Impossible values … are refused like a die face of 7». A die shows «1 сводится к 6,
    2 к 5, 3 к 4, 4 к 3, 5 к 2, 6 к 1» (B 519.6) — a face 1…6 —; a strength is «атака на 2», «атака
    на 0» (519.3), never below 0 (an attack's input refuses one); a strike is weak, medium or strong.
    Expecting 7 or 0 of a die, −1 or a word of a strength, or a strike that is none of the three, no
    computation can meet: the expectation is refused (an InputError naming the path and why), not
    answered with «не 7, а 1: по 518.3 д)»."""
    from berserk_kb.errors import InputError
    from scenario_parts import KB_DIR

    with pytest.raises(InputError) as err:
        kb.why_not(KB_DIR / file, expect)
    assert expect.partition("=")[0] in str(err.value) and words in str(err.value)


def test_an_expectation_about_an_input_value_departs_at_the_input(kb):
    """A 519.3 ПРИМЕР: «Гном-Басаарг … атакует средним ударом» — the example's attack is written
    `strike: medium`, and no modifier of it changes the strike (they are «+1 к удару» and «сводится к
    1», on the strength). Expecting a weak strike departs at the input (events[0].attack.strike), not
    at a rule step: no paragraph is named."""
    from scenario_parts import EXAMPLES

    wn = kb.why_not(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml", "events[0].strike=weak")
    assert (wn.agrees, wn.computed, wn.given, wn.step, wn.deciding) == (False, "medium", "events[0].attack.strike", None, ())
    assert "events[0].attack.strike" in wn.because and "по " not in wn.because


def test_a_modifier_to_a_gain_needs_the_gains_source_and_a_card(kb):
    """A ПРИМЕР 5: «Если же в отряде есть ещё Менгир Каррефура, то при заявке Бокора… Менгир может
    усилить отравление на 1» — a modifier to a gain comes from a card in the squad of the card that
    gives it: a gain with no `source` leaves nothing to check the squad against, and `rules` is no
    card. Both are refused with the field named (was: the modifier applied, «Отравление 2 [от —]»,
    and `rules` read «card `rules' does not exist»)."""
    from berserk_kb.errors import ScenarioError

    cards = [{"id": "bokor", "controller": "p2"}, {"id": "vail", "controller": "p1"}]
    gain = {"card": "vail", "name": "Отравление", "value": 1}
    for body, field in (({**gain, "modifiers": [{"source": "bokor", "value": 1}]}, "events[0].gain_feature"),
                        ({**gain, "source": "bokor", "modifiers": [{"source": "rules", "value": 1}]},
                         "events[0].gain_feature.modifiers[0].source")):
        with pytest.raises(ScenarioError) as err:
            kb.why({"edition": "A", "cards": cards, "events": [{"gain_feature": body}]})
        assert f"field {field}:" in str(err.value) and "`" not in str(err.value)


def test_static_is_refused_where_the_edition_has_no_loss_of_features(kb):
    """Issue 12: «Where an input field has no effect in a mechanic, refuse it with an error, never
    ignore it». `static: true` marks a feature acquired from a static feature, which B 540.4 ○ tells
    apart («подавляется подобно постоянной особенности, если источник приобретенной особенности –
    постоянная особенность этой или другой карты»); A's loaded text has no loss of features, so
    under A the field has no effect: refused, naming cards[1].acquired[0].static."""
    from berserk_kb.errors import ScenarioError

    cards = [{"id": "o", "controller": "p1"},
             {"id": "g", "controller": "p1", "acquired": [{"name": "Отравление", "value": 1, "source": "o",
                                                           "while": "adjacent", "static": True}]}]
    with pytest.raises(ScenarioError) as err:
        kb.why({"edition": "A", "cards": cards, "events": [{"end_of_game": {}}]})
    assert "field cards[1].acquired[0].static:" in str(err.value) and "540.4" in str(err.value)


def test_a_plus_zero_is_shown_with_its_sign(kb):
    """A ПРИМЕР 5 «Менгир может усилить отравление на 1» — a modifier is «+N»; one of 0 is «+0», as
    «+1» is: the step reads «0 +0 от … → 0» (was «0 0 от …»)."""
    from berserk_kb.engine.runner import language_pack
    from berserk_kb.explain.sentences import Filler, step_sentence

    cards = [{"id": "bokor", "controller": "p2"}, {"id": "mengir", "controller": "p2"}, {"id": "vail", "controller": "p1"}]
    r = kb.why({"edition": "A", "cards": cards, "events": [{"gain_feature": {
        "card": "vail", "name": "Отравление", "value": 0, "source": "bokor", "modifiers": [{"source": "mengir", "value": 0}]}}]})
    (node,) = [n for n in steps(r.events[0].explanation) if n.step == "granted_value"]
    assert step_sentence(node, Filler(language_pack("ru"), {})).startswith("0 +0 от ")


def test_why_not_json_is_utf8(cli):
    """The JSON outputs write UTF-8 text, not \\u escapes: a why-not answer too."""
    from scenario_parts import EXAMPLES

    res = cli("why", str(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml"), "--expect", "events[0].strength=4", "--json")
    assert res.exit_code == 0 and "\\u" not in res.stdout and "сводится" in res.stdout
