"""Issue 12, why-not names the step that decides the part asked about (fu12j W4, W11, W12, W17).
Expected values are worked by hand from the rule text (kb/sources, quoted in each test); none is
copied from what the code returns."""

from __future__ import annotations

from scenario_parts import EXAMPLES, SCENARIOS, card

STOPPED = "A:если-карта-источник-эффекта"           # «Если карта – источник эффекта предотвращения покидает…»
REST = "A:эффект-предотвращения-может-быть"         # «…использован частично… (если повторное применение…)»
EX3, EX4 = "A:замещение-особенности-это-эффект/ex3", "A:замещение-особенности-это-эффект/ex4"
NOT_LOSS = "A:замещение-особенности-это-эффект"     # «Замещение особенности - это эффект правил и не является потерей…»


def _guard(*effects):
    return [card("guard", name="страж", effects=list(effects)), card("att", "p2", name="атакующий")]


def _hit(amount):
    return {"wounds": {"card": "guard", "amount": amount, "source": "att", "attack": "strike"}}


# --- W4: two prevention effects: the one without which the expectation holds ------------------------


def test_why_not_no_wounds_names_the_ending_of_the_prevention_whose_card_left_play(kb):
    """A, fragment 003: «Эффект предотвращения может быть использован частично… Неиспользованное
    значение сохраняется» and «Если карта – источник эффекта предотвращения покидает игровую зону, то
    эффект предотвращения от этой карты больше не применяется». Guard: each1 (each time 1) and next4
    («следующие 4 раны»). 2 wounds: each1 1, next4 1 (3 left). Guard → hand → played: next4 no longer
    applies. 3 wounds: each1 1 → 2 wounds. Without the ending next4 would prevent the other 2 → 0, so
    «why not 0» is that ending; each1 moves the wounds towards 0 (without it, 3) and is not the
    answer, and «(применяется последним)», said of a set-to, is not said."""
    s = {"edition": "A", "cards": _guard({"id": "each1", "type": "prevent_each", "amount": 1},
                                         {"id": "next4", "type": "prevent", "amount": 4}),
         "events": [_hit(2), {"zone_change": {"card": "guard", "to": "hand"}},
                    {"bring_into_squad": {"card": "guard", "how": "play", "player": "p1"}}, _hit(3)]}
    for expect, computed in (("events[3].wounds=0", 2), ("events[3].prevented=3", 1)):
        wn = kb.why_not(s, expect)
        assert (wn.computed, wn.step.inputs["effect"], wn.deciding[0].id, wn.last) == (computed, "next4", STOPPED, False)
        assert "последним" not in wn.because
    wn = kb.why_not(s, "events[3].wounds=3")  # without each1: 3, so each1 departs
    assert wn.step.inputs["effect"] == "each1" and "последним" not in wn.because


def test_why_not_no_wounds_names_the_spent_one_use_prevention(kb):
    """A, fragment 003: the unused rest is kept «(если повторное применение этого эффекта
    предотвращения не противоречит его тексту)». Guard: each1 and once3 (one use, amount 3). 2 wounds:
    each1 1, once3 1 (its other 2 lost). 3 wounds: each1 1 → 2, once3 spent. Had its text allowed
    reuse, its 2 would prevent the rest → 0: «why not 0» is the spent step, citing that paragraph."""
    s = {"edition": "A", "cards": _guard({"id": "each1", "type": "prevent_each", "amount": 1},
                                         {"id": "once3", "type": "prevent_once", "amount": 3}),
         "events": [_hit(2), _hit(3)]}
    wn = kb.why_not(s, "events[1].wounds=0")
    assert (wn.computed, wn.step.inputs["effect"], wn.last) == (2, "once3", False)
    assert REST in [c.id for c in wn.deciding] and "не противоречит его тексту" in wn.deciding[0].text
    assert "последним" not in wn.because


# --- W11: approach lists ---------------------------------------------------------------------------


def test_why_not_on_an_approach_list_names_the_gain_outcome(kb):
    """A, ПРИМЕР 3: «существо с Магией крови подходит к Ашельте, получение Магии крови от Ашельты
    считается не выполненным» — event 2 of approach-and-leave: not_performed [Магия крови], gained [].
    ПРИМЕР 4: «Льер-Кулат … подходит к Вайлу без отравления, Вайл получает Отравление 1» — event 0:
    gained [Отравление]. Asked the other list, the step that decides the gain and its example."""
    path = SCENARIOS / "approach-and-leave.yaml"
    for expect, computed, unit in (("events[2].not_performed=[]", ["Магия крови"], EX3),
                                   ("events[2].gained=[Магия крови]", [], EX3),
                                   ("events[0].gained=[]", ["Отравление"], EX4),
                                   ("events[0].not_performed=[Отравление]", [], EX4)):
        wn = kb.why_not(path, expect)
        assert wn.computed == computed and wn.step is not None, expect
        assert unit in [c.id for c in wn.deciding], (expect, [c.id for c in wn.deciding])


# --- W12: why a feature ended, not why the replaced one returned ------------------------------------


def test_why_not_nothing_ended_names_the_ending_not_the_return(kb):
    """A, ПРИМЕР 4: «…Вайл получает Отравление 1, пока Льер-Кулат стоит рядом, и если отойдёт от него,
    то Отравление спадёт»; «Замещение особенности - это эффект правил и не является потерей
    особенности». Вайл: Отравление 1 (Льер-Кулат, adjacent), replaced by Отравление 2 (Бокор,
    adjacent); Бокор leaves: Отравление 2 ends (ended [Отравление]), Отравление 1 is back (returned
    [Отравление]). «Why did nothing end» is the ending (ПРИМЕР 4), «why did nothing return» the return."""
    s = {"edition": "A", "cards": [card("lier", "p2", name="Льер-Кулат"), card("bokor", "p2", name="Бокор"),
                                   card("vail", name="Вайл")],
         "events": [{"gain_feature": {"card": "vail", "name": "Отравление", "value": 1, "source": "lier", "while": "adjacent"}},
                    {"gain_feature": {"card": "vail", "name": "Отравление", "value": 2, "source": "bokor", "while": "adjacent"}},
                    {"leave": {"card": "bokor", "from": "vail"}}]}
    ended = kb.why_not(s, "events[2].ended=[]")
    assert (ended.computed, ended.step.inputs["value"], [c.id for c in ended.deciding]) == (["Отравление"], 2, [EX4])
    back = kb.why_not(s, "events[2].returned=[]")
    assert (back.computed, back.step.inputs["value"], [c.id for c in back.deciding]) == (["Отравление"], 1, [NOT_LOSS])


# --- W17: works_as of a gain, performed of a bring -------------------------------------------------


def test_why_not_works_as_of_a_gain_is_its_written_value(kb):
    """A, ПРИМЕР 4 (ex4 example file: Вайл gains Отравление 1): 518.8 changes only a negative value,
    so the feature works as the value written, 1 — as `value` is, the input events[0].gain_feature.value."""
    path = EXAMPLES / "A-feature-replacement-ex4-lier-kulat.yaml"
    for expect in ("events[0].works_as=2", "events[0].value=2"):
        wn = kb.why_not(path, expect)
        assert (wn.computed, wn.given) == (1, "events[0].gain_feature.value"), expect


def test_why_not_not_performed_of_a_revival_names_where_the_card_is_taken_from(kb):
    """A 517.4: «Возродить карту – это извлечь её с кладбища и поместить в игровую зону. Правила
    возрождения по умолчанию: 1) со своего кладбища»; 517.3 «Вызвать карту – это извлечь её из колоды…
    1) из своей колоды». A revival (take-control-and-revival event 3: «защитник» on its owner's
    graveyard) and a summon (bring-into-squad event 0) are performed because the card is where the
    rule takes it from: that item, not the step that chooses the battle zone."""
    for path, expect, unit, words in ((SCENARIOS / "take-control-and-revival.yaml", "events[3].performed=false",
                                       "A:517.4/item1", "со своего кладбища"),
                                      (SCENARIOS / "bring-into-squad.yaml", "events[0].performed=false",
                                       "A:517.3/item1", "из своей колоды")):
        wn = kb.why_not(path, expect)
        assert wn.computed is True and [c.id for c in wn.deciding] == [unit] and words in wn.deciding[0].text


# --- W14: a feature that takes a value is not granted without one -----------------------------------


def test_a_valued_feature_granted_without_a_value_is_refused(kb):
    """A, ПРИМЕР 4: «Вайл получает Отравление 1»; the bundled card facts (kb/cards.yaml) show
    Отравление with a value (Льер-Кулат gives Отравление 1) and Регенерация with one (Большой кулак,
    A 516.1 ПРИМЕР: «может вместо Регенерации 4 излечить других существ»). A grant of
    either with `value: null` would be held as «Отравление —»: refused, naming the field. Магия крови
    is shown with no value anywhere (ПРИМЕР 3: «существо с Магией крови»): granted without one it
    stays accepted."""
    import pytest

    from berserk_kb.errors import ScenarioError

    cards = [card("v", name="Вайл"), card("s", "p2", name="источник")]
    for name in ("Отравление", "регенерация"):
        with pytest.raises(ScenarioError) as info:
            kb.why({"edition": "A", "cards": cards,
                    "events": [{"gain_feature": {"card": "v", "name": name, "value": None, "source": "s"}}]})
        assert info.value.field == "events[0].gain_feature.value" and "takes a value" in str(info.value)
    ok = kb.why({"edition": "A", "cards": cards,
                 "events": [{"gain_feature": {"card": "v", "name": "Магия крови", "value": None, "source": "s"}}]})
    assert ok.events[0].result["performed"] is True


def test_why_not_works_as_of_a_gain_that_sets_the_value_is_its_outcome(kb):
    """518.8 speaks only of a negative value, so a feature works as the value the gain leaves it.
    A ПРИМЕР 1: «существо с особенностью "Регенерация 2" не может получить особенность "Регенерация 1"»
    (ex1 event 0: not performed, value 2, works as 2); ПРИМЕР 2: «существо с особенностью
    "Отравление 1" получает "+1 к Отравлению", это означает, что теперь вместо особенности "Отравление 1"
    у него особенность "Отравление 2"» (ex2: works as 2). «Why not 3» names the step of the outcome, as `value` does."""
    for name, unit in (("A-feature-replacement-ex1-regeneration.yaml", "A:замещение-особенности-это-эффект/ex1"),
                       ("A-feature-replacement-ex2-poison-plus-one.yaml", "A:замещение-особенности-это-эффект/ex2")):
        for key in ("works_as", "value"):
            wn = kb.why_not(EXAMPLES / name, f"events[0].{key}=3")
            assert wn.computed == 2 and unit in [c.id for c in wn.deciding], (name, key, [c.id for c in wn.deciding])


def test_why_not_not_performed_of_a_creation_names_the_creation(kb):
    """A 517.6: «Создать карту - это положить в игру карту из списка карт в части 8» — no rule of
    where it is taken from (517.3/517.4 1)): the creation (bring-into-squad event 5) is performed as
    the card is put into play, the unit 517.6 itself."""
    wn = kb.why_not(SCENARIOS / "bring-into-squad.yaml", "events[5].performed=false")
    assert wn.computed is True and [c.id for c in wn.deciding] == ["A:517.6"]
    assert "положить в игру" in wn.deciding[0].text
