"""Issue 12, what fu12o left open (O2, O5, O8, O9, O10, O12, N7, N17, Габриэль's scope).

Every situation is written inline; every expected value and every quoted word is worked by hand from
the kb/ fragments quoted in the docstrings, never read from what the code returns."""

from __future__ import annotations

import pytest

from scenario_parts import card, steps


@pytest.mark.parametrize(("edition", "plus", "ending", "step"), [
    ("A", 1, {"leave": {"card": "lier", "from": "v"}}, "plus_gone_with_feature"),
    ("B", -2, {"end_of_turn": {}}, "bonus_ended_at_turn_end"),
])
def test_a_plus_with_no_source_is_said_so_never_from_a_dash(kb, edition, plus, ending, step):
    """O2. A ПРИМЕР 2 «существо с особенностью "Отравление 1" получает "+1 к Отравлению"» names no giver,
    and a gain's `source` is optional: a «+N» given by no card. When it goes — with the feature held
    while Льер-Кулат stands next to it (A ПРИМЕР 4 «если отойдёт от него, то Отравление спадёт»), or at
    the end of the turn it was given for (B 518.8 ПРИМЕР 1 «до конца хода») — the sentence says no
    source is given («(источник не указан)», «(no source given)»), never «от —» / «from —». Under B a
    «−2» to «Отравление 1» works as 0 (518.8), so the gain's own step is shown: said so too."""
    from berserk_kb.explain.sentences import Filler, step_sentence

    acquired = [{"name": "Отравление", "value": 1, "source": "lier", "while": "adjacent"}]
    gain = {"card": "v", "name": "Отравление", "value": plus, "op": "add"}
    if edition == "B":
        acquired, gain = [], {**gain, "until": "end_of_turn"}
    v = card("v", acquired=acquired, features=[] if acquired else [{"name": "Отравление", "value": 1}])
    r = kb.why({"edition": edition, "cards": [v, card("lier", "p2")],
                "events": [{"gain_feature": gain}, ending]})
    nodes = [n for ev in r.events for n in steps(ev.explanation)]
    assert step in [n.step for n in nodes] and (edition == "A") != ("gain_feature" in [n.step for n in nodes])
    for lang, none in (("ru", "(источник не указан)"), ("en", "(no source given)")):
        words = Filler(kb.language_pack(lang), r.names)
        said = {n.step: step_sentence(n, words) for n in nodes}
        assert not any(" от —" in s or " from —" in s or " by —" in s for s in said.values()), said
        assert none in said[step] and none in said.get("gain_feature", none)


@pytest.mark.parametrize(("lang", "said"), [
    ("ru", "berserk-kb: error: -: сценарий на стандартном вводе больше предела в 4 MiB\n"),
    ("en", "berserk-kb: error: -: scenario is larger than the limit of 4 MiB\n"),
])
def test_a_scenario_on_standard_input_over_the_limit_is_refused_in_the_language_asked(lang, said):
    """O10. docs/scenarios.md and scenario/load.py: a scenario is read up to 4 MiB (SCENARIO_LIMIT,
    2**22 bytes), a file's refusal in the pack's words («файл больше предела в 4 MiB»); on standard input
    one byte more is refused in --lang too, one line, exit 2 (was English under ru)."""
    from click.testing import CliRunner

    from berserk_kb.cli import main

    text = "edition: A\nnote: " + "x" * 2**22 + "\nevents: [{end_of_game: {}}]\n"
    r = CliRunner().invoke(main, ["why", "-", "--lang", lang], input=text)
    assert (r.exit_code, r.stderr) == (2, said)


def test_a_feature_name_agrees_in_gender_with_the_words_said_of_it(kb):
    """O8. Russian agrees a participle with its noun: «Регенерация» (ж. р.) получена, «Опыт в защите»
    (м. р.) получен, «Отравление» (ср. р.) получено; «Особый удар при гибели» — «Особый» agrees with
    «удар» (м. р.): подавлен. A: «существо с особенностью "Регенерация 2"… дают особенность "Регенарация
    3", у существа вместо "Регенерации 2" будет "Регенерация 3"» — the own «Опыт в защите 1» given 2 is
    replaced: «замещён» in the final state. B 540.5 ПРИМЕР 1: a suppressed death trigger does not fire:
    «подавлен и не срабатывает». What a card acquired and loses on leaving the play zone is listed, not
    put after a neuter «приобретённое» («приобретённое Регенерация»)."""
    from berserk_kb.render.why import why_text

    a = kb.why({"edition": "A", "cards": [
        card("v", features=[{"name": "Опыт в защите", "value": 1}]),
        card("w", acquired=[{"name": "Регенерация", "value": 2, "source": "b"}]), card("b", "p2")],
        "events": [{"gain_feature": {"card": "v", "name": "Опыт в защите", "value": 2, "source": "b"}},
                   {"gain_feature": {"card": "v", "name": "Отравление", "value": 1, "source": "b"}},
                   {"gain_feature": {"card": "b", "name": "Регенерация", "value": 1, "source": "w"}},
                   {"zone_change": {"card": "w", "to": "graveyard"}}]})
    text = why_text(a, "ru", pack=kb.language_pack("ru"))
    for said in ("«Опыт в защите» получен: 2", "«Отравление» получено: 1", "«Регенерация» получена: 1",
                 "Опыт в защите 1 [замещён]", "приобретённое ею (Регенерация)"):
        assert said in text, said
    assert "приобретённое Регенерация" not in text and "[замещена]" not in text
    b = kb.why({"edition": "B", "cards": [
        card("v", features=[{"name": "Особый удар при гибели", "value": 2, "trigger": "death"}])],
        "events": [{"lose_features": {"card": "v", "anywhere": True}}, {"zone_change": {"card": "v", "to": "graveyard"}}]})
    text = why_text(b, "ru", pack=kb.language_pack("ru"))
    for said in ("«Особый удар при гибели 2»: подавлен ", "«Особый удар при гибели» у «v» подавлен и не срабатывает",
                 "Особый удар при гибели 2 [подавлен (до конца боя)]"):
        assert said in text, said


@pytest.mark.parametrize(("edition", "event", "said", "not_said"), [
    ("A", {"end_of_turn": {}}, "особенность «до конца хода» заканчивается в конце хода", "пока рядом"),
    ("B", {"approach": {"card": "v", "to": "w"}}, "особенность, которую карта даёт, пока стоит рядом", "до конца хода"),
])
def test_a_refusal_names_only_the_case_the_edition_lacks(kb, edition, event, said, not_said):
    """O12. A states a feature ending «пока рядом» (ПРИМЕР 4: «Вайл получает Отравление 1, пока Льер-Кулат
    стоит рядом, и если отойдёт от него, то Отравление спадёт»), not «до конца хода» (B 518.8 ПРИМЕР 1
    does): A's end_of_turn refusal names the case it lacks, never the rule's words that list «пока рядом»
    too. B, the other way, has «до конца хода» and lacks a card standing next to another."""
    from berserk_kb.errors import ScenarioError
    from berserk_kb.explain.refusals import say

    s = {"edition": edition, "cards": [card("v"), card("w")], "events": [event]}
    with pytest.raises(ScenarioError) as err:
        kb.why(s)
    words = say(err.value.refusal, kb.language_pack("ru"))
    assert said in words and not_said not in words, words


@pytest.mark.parametrize(("edition", "vail", "lier"), [
    ("A", {"acquired": [{"name": "Отравление", "value": 1, "source": "lier", "while": "adjacent"}]}, {}),
    ("B", {"in_formation": True, "acquired": [{"name": "+1 к удару", "value": 1, "source": "lier",
                                               "while": "formation", "static": True}]},
     {"in_formation": True}),
])
def test_a_zone_change_lists_what_other_cards_lose_in_its_result(kb, edition, vail, lier):
    """N17. A ПРИМЕР 4: «Вайл получает Отравление 1, пока Льер-Кулат стоит рядом, и если отойдёт от него,
    то Отравление спадёт» — Льер-Кулат goes to the graveyard: it stands next to nobody, Вайл loses
    Отравление. B 540.4 ○ «…так как нарушилось условие её существования»: the card that gives «+1 к
    удару» in formation leaves the battle zone, the other loses it. The event's result (the JSON
    contract's `events[].result`) says so: `lost_grants: ["vail/<name>"]`, as lose_features does; a move
    of a card that gave nothing has no such key (the bundled results unchanged)."""
    name = vail["acquired"][0]["name"]
    s = {"edition": edition, "cards": [card("vail", **vail), card("lier", **lier)],
         "events": [{"zone_change": {"card": "lier", "to": "graveyard"}}]}
    r = kb.why(s)
    assert r.events[0].result["lost_grants"] == [f"vail/{name}"]
    assert name not in [f["name"] for f in next(c for c in r.final_state["cards"] if c["id"] == "vail")["features"]]
    s["cards"][0] = card("vail")
    assert "lost_grants" not in kb.why(s).events[0].result


def test_a_replacement_loop_stopped_by_the_engine_is_said_to_be_its_reading(kb):
    """O9. A 516.1.2: «Эффект замещения можно применять к эффекту, который получился в результате
    использования другого эффекта замещения» — r1 (regeneration → heal) then r2 (heal → regeneration)
    give regeneration 4 again, to which r1 would apply once more. No unit says a replacement applies
    once: the engine stops the loop, and a step says so, citing nothing, as the engine's reading. A
    chain that ends by itself (r1 alone) has no such step."""
    from berserk_kb.explain.sentences import Filler, step_sentence

    effects = [{"id": "r1", "type": "instead", "of": "regeneration", "becomes": "heal"},
               {"id": "r2", "type": "instead", "of": "heal", "becomes": "regeneration"}]
    s = {"edition": "A", "cards": [card("fist", effects=effects)],
         "events": [{"effect": {"card": "fist", "kind": "regeneration", "amount": 4}}]}
    r = kb.why(s)
    assert r.events[0].result["kind"] == "regeneration"
    (once,) = [n for n in steps(r.events[0].explanation) if n.step == "replacement_applied_once"]
    assert once.cites == () and once.inputs["replacements"] == ["r1"]
    assert "так его читает движок" in step_sentence(once, Filler(kb.language_pack("ru"), r.names))
    assert "engine's reading" in step_sentence(once, Filler(kb.language_pack("en"), r.names))
    s["cards"][0]["effects"] = effects[:1]
    r = kb.why(s)
    assert r.events[0].result["kind"] == "heal"
    assert "replacement_applied_once" not in [n.step for n in steps(r.events[0].explanation)]


def test_gabriels_scope_cites_its_example_when_the_card_facts_give_the_effect(kb):
    """Габриэль's prevention scope. A, fragment 003, ПРИМЕР: «Габриэль уменьшает число получаемых ран 1
    каждый раз, когда ваше существо получает раны» — «ваше существо»: the other player's creature is
    not protected. kb/cards.yaml gives Габриэль that effect (`protects: own`): a card named so with no
    effects of its own takes it, and the step that leaves the foe unprotected cites that ПРИМЕР (the card's
    text as the rulebook quotes it). The same scope written in the scenario is the input's: no unit,
    «так задано во входных данных»."""
    from berserk_kb.explain.sentences import Filler, step_sentence

    def scope(gabriel):
        r = kb.why({"edition": "A", "cards": [gabriel, card("foe", "p2")],
                    "events": [{"wounds": {"card": "foe", "amount": 2, "attack": "strike"}}]})
        assert r.events[0].result["wounds"] == 2  # not protected: 2 dealt, none prevented
        (node,) = [n for n in steps(r.events[0].explanation) if n.step == "prevention_not_protected"]
        return node, step_sentence(node, Filler(kb.language_pack("ru"), r.names))

    node, said = scope(card("gab", name="Габриэль"))
    assert [c.id for c in node.cites] == ["A:эффект-предотвращения-может-быть/ex2"]
    assert "когда ваше существо получает раны" in node.cites[0].text and "входных данных" not in said
    written = [{"id": "mine", "type": "prevent_each", "amount": 1, "protects": "own"}]
    node, said = scope(card("gab", name="Габриэль", effects=written))
    assert node.cites == () and "так задано во входных данных (cards[0].effects[0].protects)" in said
