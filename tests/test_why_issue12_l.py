"""Why did this happen: corners found by the fresh user fu12l (issue 12: L2, L3, L4, L6 and the
Russian refusals of L1/L5).

Every expected value is worked by hand from the rule text quoted in the test's docstring (kb/
fragments 001–004), never read from what the code returns."""

from __future__ import annotations

import re

import pytest

from berserk_kb.errors import ScenarioError
from scenario_parts import card, feats, final, steps


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
        assert "снова получено в строю: «+1 к удару» у «Гном-Басаарг»" in text


def test_a_stress_mark_or_a_no_break_space_in_a_feature_name_names_the_same_feature(kb):
    """A: «Замещение особенности - это эффект правил и не является потерей особенности»; ПРИМЕР 5
    «Вайл получит Отравление 2, которое уже не пропадёт…» — a higher value of the feature the card
    holds replaces it. Вайл holds Отравление 2 (own); it gains «Отравление» + no-break space 4
    (4 > 2: replaces), then «Отра́вление» with the stress mark U+0301 (as dictionaries print it) 5
    (5 > 4: replaces). The stress mark and the no-break space change no letter: one «Отравление»
    works, value 5, the name printed with neither (was: a second feature «Отра́вление 5», and
    «Отравление  4» with two spaces)."""
    r = kb.why({"edition": "A", "cards": [
        card("v", name="Вайл", features=[{"name": "Отравление", "value": 2}]),
        card("s", name="источник", controller="p2")], "events": [
        {"gain_feature": {"card": "v", "name": "Отравление\u00a0", "value": 4, "source": "s"}},
        {"gain_feature": {"card": "v", "name": "Отра\u0301вление", "value": 5, "source": "s"}}]})
    held = final(r, "v")["features"]
    assert {f["name"] for f in held} == {"Отравление"}
    assert [f["value"] for f in held if not f["replaced"]] == [5]
    assert r.events[1].result["name"] == "Отравление"
    assert "Отравление  " not in _text_of(kb, r) and "\u0301" not in _text_of(kb, r)


W1 = """edition: A
cards:
  - {id: g, name: страж, controller: p1, effects: [{id: e1, type: prevent, amount: 2}, {id: r1, type: instead, of: regeneration, becomes: heal, text: "может вместо Регенерации излечить"}]}
  - {id: s, name: источник, controller: p2}
  - {id: v, name: Вайл, controller: p1, features: [{name: Отравление, value: 1}]}
  - {id: att, name: атакующий, controller: p1, hit: [1, 2, 3]}
events:
  - wounds: {card: g, amount: 3, attack: spell}
  - effect: {card: g, kind: regeneration, amount: 2}
  - die_roll: {roller: g, roll: 3}
  - gain_feature: {card: v, name: Отравление, value: 2, source: s}
  - attack: {source: att, target: s, strike: weak}
"""

#: fu12l's L1/L5 list: each change makes the scenario one a refusal names (file, line, field).
REFUSED = [
    "events[0].wounds.choose={p3: [e1]}", "events[0].wounds.choose={p1: [e1, e1]}",
    "events[1].effect.decline=[r1, r1]", "events[1].effect.kind=wounds", "events[2].die_roll.flip_source=s",
    "events[2].die_roll.first=flip", "events[2].die_roll.modifiers=[{source: s, op: set, value: 0}]",
    "events[3].gain_feature.modifiers=[{source: rules, value: 1}]", "cards[g].effects[0].amount=null",
    "cards[v].features[0].value=-1", "events[3].gain_feature.value=-1", "edition=a",
    "events[4].attack.modifiers=[{source: s, op: set, value: -1}]", "cards[v].name=Ва\u202eйл",
    "events[1].effect.card=nobody", "events[0].wounds.choose=[e9]", "events[2].die_roll.order=[zz]",
    "events[2].die_roll.modifiers=[{id: rules_bounds, source: s, op: add, value: 1}]",
    "events[2].die_roll.modifiers=[{id: x, source: s, op: add, value: 1}, {id: x, source: s, op: add, value: 1}]",
]
#: English words no Russian sentence holds (a field's name, a handle, a value are single tokens)
ENGLISH = re.compile(r"\b(?:is|are|the|an?|be|should|cannot|needs?|given|there|with|of|unknown|already|"
                     r"listed|contains|retype|set|would|edition|field)\b(?![\w\[.=])")


@pytest.mark.parametrize("change", REFUSED)
def test_every_refusal_of_a_scenario_is_russian_under_ru(cli, tmp_path, change):
    """prolog/lang/ru_words.pl: every refusal kind a scenario's input may get has a Russian
    template (refusal/3, the kinds of errors.INPUT_REFUSALS), so under the default --lang ru the
    line after the file and «поле …:» holds no English sentence; a negative number is written with
    the minus sign («было бы −1», U+2212). Under --lang en the same refusal is English («field»)."""
    path = tmp_path / "w1.yaml"
    path.write_text(W1, encoding="utf-8")
    r = cli("why", str(path), "--set", change)
    assert r.exit_code == 2 and r.stdout == "" and len(r.stderr.strip().splitlines()) == 1, r.stderr
    said = r.stderr.split(": поле ", 1)[1].split(": ", 1)[1]  # after the field's path
    assert not ENGLISH.search(re.sub(r"'[^']*'", "", said)), said  # a quoted value is the user's
    assert "-1" not in said
    assert ": field " in cli("why", str(path), "--set", change, "--lang", "en").stderr


def test_a_static_prevention_of_a_revived_card_works_again_by_a_step(kb):
    """A «Если карта – источник эффекта предотвращения покидает игровую зону, то эффект
    предотвращения от этой карты больше не применяется»; «Эффект предотвращения может быть
    использован частично, неиспользованное значение сохраняется…». помощник holds «the next 4
    wounds» (next4) and «1 of every wound» (each1, a static ability). 3 wounds: next4 takes 3 (1
    left). It goes to the graveyard: both no longer apply. Revived (517.4), 3 wounds: next4's rest
    is gone with the card that left, each1 — the new object's static ability — prevents 1: 3 − 1 =
    2 dealt. A step says each1 works again, uncited (the text says so of no new object: the
    engine's reading), and the leaving step names each1 as the static one (was: no step, event 2
    and event 4 read as contradicting each other)."""
    helper = card("helper", name="помощник", effects=[{"id": "next4", "type": "prevent", "amount": 4},
                                                      {"id": "each1", "type": "prevent_each", "amount": 1}])
    wounds = {"wounds": {"card": "helper", "amount": 3, "attack": "spell"}}
    r = kb.why({"edition": "A", "cards": [helper], "events": [
        wounds, {"zone_change": {"card": "helper", "to": "graveyard"}},
        {"bring_into_squad": {"card": "helper", "how": "revive", "player": "p1"}}, wounds]})
    assert r.events[3].result["wounds"] == 2 and r.events[3].result["prevented"] == 1
    (ended,) = [n for n in steps(r.events[1].explanation) if n.step == "prevention_ended"]
    assert ended.inputs["static"] == ["each1"]
    (again,) = [n for n in steps(r.events[3].explanation) if n.step == "prevention_works_again"]
    assert again.inputs["effect"] == "each1" and again.cites == ()
    assert "так его читает движок" in _text_of(kb, r).split("Событие 4")[1]
    assert not [n for n in steps(r.events[0].explanation) if n.step == "prevention_works_again"]


@pytest.mark.parametrize("value, given", [(1, 2 + 1), (-1, None)])
def test_a_gain_modifier_that_lowers_the_value_is_refused(kb, value, given):
    """A «Замещение особенности…», ПРИМЕР 5: «Если же в отряде есть ещё Менгир Каррефура, то при
    заявке Бокора … Менгир может усилить отравление на 1» — the one loaded unit on a modifier to a
    gain, and it raises the value. Вайл holds Отравление 1; s grants Отравление 2 with a modifier of
    +1 from s: 2 + 1 = 3 given. One of −1 the text does not speak of: refused naming the
    modifier's value field, in Russian with the minus sign (was: «2 −1 от «источник» → 1» justified
    by «может усилить»)."""
    s = {"edition": "A", "cards": [card("v", name="Вайл", features=[{"name": "Отравление", "value": 1}]),
                                   card("s", name="источник", controller="p2")],
         "events": [{"gain_feature": {"card": "v", "name": "Отравление", "value": 2, "source": "s",
                                      "modifiers": [{"source": "s", "value": value}]}}]}
    if given is not None:
        assert kb.why(s).events[0].result["value"] == given
        return
    with pytest.raises(ScenarioError) as err:
        kb.why(s)
    assert err.value.field == "events[0].gain_feature.modifiers[0].value"
    assert err.value.refusal["kind"] == "gain_modifier_lowers"
    from berserk_kb.explain.refusals import say

    said = say(err.value.refusal, kb.language_pack("ru"))
    assert "о модификаторе −1 он ничего не говорит" in said and "усилить" in said


def test_why_nothing_ended_in_the_mengir_example_is_answered_by_its_own_words(kb):
    """A «Замещение особенности…», ПРИМЕР 5: «…Менгир может усилить отравление на 1, и Вайл
    получит Отравление 2, которое уже не пропадёт, если Льер-Кулат отойдёт». Вайл holds Отравление 1
    while Льер-Кулат stands next to it; Бокор's 1 +1 from Менгир = 2 replaces it (no while).
    Льер-Кулат steps away: the replaced 1 goes with its condition, Отравление 2 stays — `ended` []
    (the example's words). Asked «why not ended [Отравление]», the answer is the step that keeps
    Отравление 2, citing ПРИМЕР 5 — not ПРИМЕР 4's «…то Отравление спадёт» (was)."""
    from conftest import KB_DIR

    path = KB_DIR / "examples" / "A-feature-replacement-ex5-bokor-mengir.yaml"
    assert kb.why(path).events[2].result["ended"] == []
    answer = kb.why_not(path, "events[2].ended=[Отравление]")
    assert answer.step is not None and answer.step.step == "replacing_stays"
    assert answer.step.inputs["value"] == 2
    assert [c.id for c in answer.deciding] == ["A:замещение-особенности-это-эффект/ex5"]
    assert "которое уже не пропадёт, если Льер-Кулат отойдёт" in answer.deciding[0].text


def test_a_gain_not_performed_and_a_sourceless_acquired_feature_read_as_russian(kb):
    """A «Замещение особенности…», ПРИМЕР 1: «…существо с особенностью "Регенерация 2" не может
    получить особенность "Регенерация 1"»; ПРИМЕР 5: «…Менгир может усилить отравление на 1». Вайл
    holds Отравление 3 (acquired, the scenario names no source); s gives Отравление 1, +1 from m:
    1 + 1 = 2 < 3, not performed, the value stays 3 — said in words («получение не выполнено,
    значение остаётся 3», was «выполнено — нет, значение 3»); the final state says the acquired
    feature's source is not given (was «[от —]»)."""
    r = kb.why({"edition": "A", "cards": [
        card("v", name="Вайл", acquired=[{"name": "Отравление", "value": 3}]),
        card("s", name="источник", controller="p2"), card("m", name="Менгир", controller="p2")], "events": [
        {"gain_feature": {"card": "v", "name": "Отравление", "value": 1, "source": "s",
                          "modifiers": [{"source": "m", "value": 1}]}}]})
    assert r.events[0].result["performed"] is False and feats(r, "v")["Отравление"]["value"] == 3
    text = _text_of(kb, r)
    assert "получение не выполнено, значение остаётся 3" in text and "выполнено — нет" not in text
    assert "Отравление 3 [источник не указан]" in text and "от —" not in text
