"""Issue 12, the corners a fresh user found: the zone a card brought into the squad goes to, a card
never in play, a chain of replacements under B, numbers past the contract's bound, the words a
why-not answer cites. Expected values are worked by hand from the rule text (kb/sources), quoted in
each test; none is copied from what the code returns."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from berserk_kb.explain.sentences import Filler, step_sentence
from scenario_parts import card, feats, steps

BOUND = 10**6  # docs/scenarios.md, "Numbers": no number of a scenario past 10^6 in magnitude


def _fold(text):
    return " ".join((text or "").lower().replace("ё", "е").split())


# --- numbers past the bound (the contract, every numeric field alike) -------------------------------

#: Every numeric field of the contract, as (where the number goes, the field path the error names).
NUMERIC = [
    (lambda s, n: s["cards"][0].update(wounds=n), "cards[0].wounds"),
    (lambda s, n: s["cards"][0].update(hit=[1, n, 3]), "cards[0].hit[1]"),
    (lambda s, n: s["cards"][0].update(features=[{"name": "Броня", "value": n}]), "cards[0].features[0].value"),
    (lambda s, n: s["cards"][0].update(acquired=[{"name": "Броня", "value": n}]), "cards[0].acquired[0].value"),
    (lambda s, n: s["cards"][0].update(grants=[{"name": "Броня", "value": n}]), "cards[0].grants[0].value"),
    (lambda s, n: s["cards"][0].update(effects=[{"id": "e", "type": "prevent", "amount": n}]), "cards[0].effects[0].amount"),
    (lambda s, n: s["events"].append({"attack": {"source": "a", "target": "b", "base": n}}), "events[0].attack.base"),
    (lambda s, n: s["events"].append({"attack": {"source": "a", "target": "b", "modifiers": [
        {"source": "a", "op": "add", "value": n}]}}), "events[0].attack.modifiers[0].value"),
    (lambda s, n: s["events"].append({"die_roll": {"roller": "a", "roll": 3, "modifiers": [
        {"source": "a", "op": "add", "value": n}]}}), "events[0].die_roll.modifiers[0].value"),
    (lambda s, n: s["events"].append({"die_roll": {"roller": "a", "roll": 3, "modifiers": [
        {"source": "a", "op": "set", "value": n}]}}), "events[0].die_roll.modifiers[0].value"),
    (lambda s, n: s["events"].append({"gain_feature": {"card": "a", "name": "Броня", "value": n}}), "events[0].gain_feature.value"),
    (lambda s, n: s["events"].append({"gain_feature": {"card": "a", "name": "Отравление", "value": 1, "source": "b",
                                                       "modifiers": [{"source": "b", "value": n}]}}),
     "events[0].gain_feature.modifiers[0].value"),
    (lambda s, n: s["events"].append({"wounds": {"card": "a", "amount": n, "attack": "strike"}}), "events[0].wounds.amount"),
    (lambda s, n: s["events"].append({"effect": {"card": "a", "kind": "heal", "amount": n}}), "events[0].effect.amount"),
    (lambda s, n: s.update(expect={"features": {"a": {"Броня": n}}}), "expect.features.a.Броня"),
]


def _base():
    return {"edition": "A", "cards": [card("a"), card("b", "p2")], "events": []}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(range(len(NUMERIC))),
       st.integers(min_value=BOUND + 1, max_value=10**40) | st.integers(min_value=-(10**40), max_value=-BOUND - 1))
def test_a_number_past_the_bound_is_refused_naming_the_field(kb, which, n):
    """10^29 wounds, a strike of 10^40, a set-to of 10^30: no field holds a number past 10^6 in
    magnitude — one line naming the field, as a die face of 7 («a die shows a face, 1–6»)."""
    from berserk_kb import ScenarioError

    put, field = NUMERIC[which]
    s = _base()
    put(s, n)
    s["events"] = s["events"] or [{"end_of_game": {}}]
    with pytest.raises(ScenarioError) as exc:
        kb.why(s)
    message = str(exc.value)
    assert f"field {field}" in message and "\n" not in message
    assert str(BOUND) in message or "greater than or equal to" in message or "less than or equal to" in message


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from([0, 1, 4, 6, 10_000, BOUND]))
def test_a_number_at_the_bound_is_not_refused_for_its_size(kb, n):
    """The bound is the largest number taken: 10^6 wounds are dealt and counted as 10^6 (fragment
    003 «Предотвращение используется всегда после вычисления окончательного значения наносимого
    урона»: no prevention here, so all of them)."""
    s = _base()
    s["events"].append({"wounds": {"card": "a", "amount": n, "attack": "strike"}})
    assert kb.why(s).events[0].result["wounds"] == n


# --- where a card brought into the squad goes, and why-not of its zone ------------------------------

#: How → the unit that puts a card into the play zone, and its words (kb/sources/003).
PUT = {"revive": ("A:517.4", "возродить карту – это извлечь ее с кладбища и поместить в игровую зону"),
       "summon": ("A:517.3", "вызвать карту – это извлечь ее из колоды и поместить в игровую зону"),
       "play": ("A:взятие-карт-в-отряд/взятие-карты-в-отряд", "розыгрыш карты из руки в игровую зону"),
       "create": ("A:517.6", "положить в игру")}
FROM = {"revive": "graveyard", "summon": "deck", "play": "hand", "create": "outside"}


@pytest.mark.parametrize("how", sorted(PUT))
def test_a_card_brought_into_the_squad_is_put_into_the_play_zone_citing_the_unit_that_says_so(kb, how):
    """517.4 «Возродить карту – это извлечь её с кладбища и поместить в игровую зону», 517.3 «Вызвать
    карту – это извлечь её из колоды и поместить в игровую зону», «розыгрыш карты из руки в игровую
    зону», 517.6 «Создать карту - это положить в игру…»: the text names the play zone, not the
    battle zone. The step that puts the card there cites that unit (its words), and says that the
    battle zone is the scenario's choice, no paragraph's; why-not of ``zone`` = play names the same
    unit, not 517.4 3) «под своим контролем» (the words for a controller)."""
    s = {"edition": "A", "cards": [card("c", zone=FROM[how])],
         "events": [{"bring_into_squad": {"card": "c", "how": how, "player": "p1"}}]}
    ev = kb.why(s).events[0]
    assert ev.result["performed"] is True and ev.result["zone"] == "battle"
    unit, words = PUT[how]
    node = next(n for n in steps(ev.explanation) if n.step == "placed_in_play_zone")
    assert [c.id for c in node.cites] == [unit] and words in _fold(node.cites[0].text)
    wn = kb.why_not(s, "events[0].zone=play")
    assert wn.step.step == "placed_in_play_zone" and [c.id for c in wn.deciding] == [unit]
    assert all("под своим контролем" not in _fold(c.text) for c in wn.deciding)
    assert "в какую её часть, текст не говорит" in wn.because and "ни один пункт" in wn.because


@pytest.mark.parametrize("how, zone, unit, words", [
    ("revive", "graveyard", "A:517.4/item3", "под своим контролем"),
    ("summon", "deck", "A:517.3/item3", "под своим контролем"),
    ("create", "outside", "A:517.6/item2", "под своим контролем"),
    ("play", "hand", "A:взятие-карт-в-отряд/розыгрыш-карты-из-руки", "игрок, разыгравший карту, становится игроком, контролирующим"),
    ("take_control", "battle", "A:517.4/взять-карту-под-контроль", "взять карту под контроль – это стать игроком, контролирующим")])
def test_why_not_the_controller_of_a_brought_card_names_the_rule_that_gives_it(kb, how, zone, unit, words):
    """517.4 «Правила возрождения по умолчанию: … 3) под своим контролем» (517.3 3), 517.6 2) the
    same), «Игрок, разыгравший карту, становится игроком, контролирующим эту карту», «Взять карту под
    контроль – это стать игроком, контролирующим эту карту»: p1 brings the card in, so p1 controls it.
    Asked «why not p2», the answer is that rule (was: «так задано во входных данных (…player), ни
    одно правило этого не меняет» — a rule does decide it)."""
    s = {"edition": "A", "cards": [card("c", "p2" if how == "take_control" else "p1", zone=zone)],
         "events": [{"bring_into_squad": {"card": "c", "how": how, "player": "p1"}}]}
    assert kb.why(s).events[0].result["controller"] == "p1"
    wn = kb.why_not(s, "events[0].controller=p2")
    assert wn.given is None and [c.id for c in wn.deciding] == [unit]
    assert words in _fold(wn.deciding[0].text)


def test_why_not_the_deck_shuffled_names_the_shuffle(kb):
    """517.3 «Колода перемешивается в любом случае после просмотра колоды, вызвал игрок или нет»: a
    summon that finds nothing shuffles the deck too; asked «why not false», that line."""
    s = {"edition": "A", "cards": [card("c", zone="hand")],
         "events": [{"bring_into_squad": {"card": "c", "how": "summon", "player": "p1"}}]}
    ev = kb.why(s).events[0]
    assert (ev.result["performed"], ev.result["deck_shuffled"]) == (False, True)
    wn = kb.why_not(s, "events[0].deck_shuffled=false")
    assert wn.step.step == "deck_shuffled"
    assert all("колода перемешивается в любом случае" in _fold(c.text) for c in wn.deciding) and wn.deciding


# --- a card never in play ---------------------------------------------------------------------------


def _gabriel(zone, moves=()):
    """Габриэль (in ``zone``) holds «уменьшает число получаемых ран 1 каждый раз, когда ваше
    существо получает раны»; p2's x deals 2 wounds to p1's t, after ``moves``."""
    return {"edition": "A", "cards": [
        card("gab", name="Габриэль", zone=zone, effects=[{"id": "each1", "type": "prevent_each", "amount": 1, "protects": "own"}]),
        card("t"), card("x", "p2")],
        "events": [*moves, {"wounds": {"card": "t", "amount": 2, "source": "x", "attack": "strike"}}]}


@pytest.mark.parametrize("zone", ["hand", "deck", "graveyard"])
def test_a_card_never_in_play_is_not_said_to_have_left_it(kb, zone):
    """Габриэль in the hand never was in the play zone: «Если карта – источник эффекта предотвращения
    покидает игровую зону…» does not speak of it. Its effect does not apply because it is not in
    play: 2 wounds, none prevented, 2 dealt. No unit of A says that in words («Эффект предотвращения
    порождается постоянными способностями, которые применяется в момент своей актуальности» speaks of
    when it applies, not of where its card is): the step cites nothing and says it is the engine's
    reading (issue 12, N4)."""
    ev = kb.why(_gabriel(zone)).events[-1]
    assert (ev.result["wounds"], ev.result["prevented"]) == (2, 0)
    kinds = {n.step: n for n in steps(ev.explanation)}
    assert "prevention_stopped" not in kinds
    node = kinds["prevention_not_in_play"]
    assert node.inputs["zone"] == zone
    assert node.cites == ()
    said = step_sentence(node, Filler(kb.language_pack("ru"), {"gab": "Габриэль"}))
    assert said == (f"эффект карты «Габриэль» (each1): карта не в игре ({kb.language_pack('ru')['words'][zone + ':in']}) и не покидала "
                    "игровую зону, эффект не применяется; текст прямо не говорит этого — так его читает движок")
    assert all("покидает" not in t for n in steps(ev.explanation) for t in map(_fold, (c.text for c in n.cites)))


def test_a_card_that_left_the_play_zone_is_said_to_have_left_it(kb):
    """Played from the hand, then gone to the graveyard: now «покидает игровую зону» speaks of it
    («…эффект предотвращения от этой карты больше не применяется»): 2 wounds, 2 dealt, and the step
    cites that line (the state keeps that the card left the play zone)."""
    moves = [{"bring_into_squad": {"card": "gab", "how": "play", "player": "p1"}},
             {"zone_change": {"card": "gab", "to": "graveyard"}}]
    ev = kb.why(_gabriel("hand", moves)).events[-1]
    assert (ev.result["wounds"], ev.result["prevented"]) == (2, 0)
    node = next(n for n in steps(ev.explanation) if n.step == "prevention_stopped")
    assert node.inputs["left_play"] is True and "покидает игровую зону" in _fold(node.cites[0].text)
    assert not any(n.step == "prevention_not_in_play" for n in steps(ev.explanation))


# --- a chain of replacements under B --------------------------------------------------------------

B_KEEPS = "B:~000_ee1f512a66c0b866/item1"  # «○ подавляются до появления новой базовой именной особенности, если были собственными»


def _b_chain():
    """c (p1) has its own Регенерация 1; h (p1) gives it Регенерация 2 «до конца вашего хода», g (p2)
    Регенерация 3 «до конца хода», then g Регенерация 1; p2's turn ends, then p1's."""
    return {"edition": "B", "cards": [card("c", features=[{"name": "Регенерация", "value": 1}]), card("h"), card("g", "p2")],
            "events": [{"gain_feature": {"card": "c", "name": "Регенерация", "value": 2, "source": "h", "until": "end_of_your_turn"}},
                       {"gain_feature": {"card": "c", "name": "Регенерация", "value": 3, "source": "g", "until": "end_of_turn"}},
                       {"gain_feature": {"card": "c", "name": "Регенерация", "value": 1, "source": "g", "until": "end_of_turn"}},
                       {"end_of_turn": {"player": "p2"}}, {"end_of_turn": {"player": "p1"}}]}


def test_a_chain_of_replacements_under_b(kb):
    """B 518.8 ПРИМЕР 2: «существо с особенностью "Регенерация 2" не может получить особенность
    "Регенерация 1". Если существу с особенностью "Регенерация 2" дают особенность "Регенарация 3", у
    существа вместо "Регенерации 2" будет "Регенерация 3", и будет выполняться она»; the B line «○
    подавляются до появления новой базовой именной особенности, если были собственными». By hand:
    own 1 → 2 (instead of 1; the own 1 is kept, «если были собственными») → 3 (instead of 2; the 2
    was acquired, so it is not kept — the engine's reading of that line, which speaks of own ones; what
    it had kept, the own 1, still is) → 1 «не может получить»:
    not performed, 3 stays. The end of p2's turn ends the 3 («до конца хода»: any turn) and the own 1
    comes back (ended and returned: Регенерация). The end of p1's turn ends nothing: the 2 «до конца
    вашего хода» was dropped when the 3 replaced it. c ends with its own Регенерация 1."""
    r = kb.why(_b_chain())
    got = [r.events[i].result for i in range(5)]
    assert [(g["performed"], g["value"]) for g in got[:3]] == [(True, 2), (True, 3), (False, 3)]
    assert (got[3]["ended"], got[3]["returned"]) == (["Регенерация"], ["Регенерация"])
    assert (got[4]["ended"], got[4]["returned"]) == ([], [])
    f = feats(r, "c")["Регенерация"]
    assert (f["value"], f["own"], f["suppressed"]) == (1, True, False)
    dropped = [n for n in steps(r.events[1].explanation) if n.step == "replaced_not_kept"]
    # «если были собственными» speaks of own features: the acquired 2 dropped is the engine's reading (uncited)
    assert [n.inputs.get("value") for n in dropped] == [2] and dropped[0].cites == ()
    wn = kb.why_not(_b_chain(), "events[3].returned=[]")
    assert wn.step.step == "feature_returns" and [c.id for c in wn.deciding] == [B_KEEPS]
    wn = kb.why_not(_b_chain(), "events[2].performed=true")
    assert [c.id for c in wn.deciding] == ["B:518.8/ex2"] and "не может получить" in _fold(wn.deciding[0].text)


# --- every why-not answer cites words that justify the part asked about ----------------------------

#: For each part of an event's result a why-not asks about, words one of which every unit the answer
#: cites contains — the words of the rule text that decide that part (lower case, «ё» as «е»).
KEY_WORDS = {
    ("attack", "strength"): ["модификатор"],
    ("attack", "strike"): ["модификатор", "сведение атаки"],
    ("bring_into_squad", "controller"): ["под своим контролем", "контролирующим эту карту", "отменяется"],
    ("bring_into_squad", "deck_shuffled"): ["колода перемешивается"],
    # a card taken under control keeps where and how it lies: «…это стать игроком, контролирующим эту карту»
    ("bring_into_squad", "face_up"): ["в открытом виде", "отменяется", "стать игроком, контролирующим"],
    ("bring_into_squad", "performed"): ["из своей колоды", "со своего кладбища", "положить в игру",  # where it is taken from
                                        "розыгрыш карты из руки в игровую зону", "стать игроком, контролирующим", "отменяется"],
    ("bring_into_squad", "zone"): ["поместить в игровую зону", "положить в игру", "розыгрыш карты из руки в игровую зону",
                                   "отменяется", "стать игроком, контролирующим"],
    ("defend", "taps"): ["текст карты"],
    ("die_roll", "unmodified"): ["следующий бросок кубика равен", "переброс"],
    ("die_roll", "value"): ["модификатор"],
    ("effect", "kind"): ["вместо"],
    ("gain_feature", "performed"): ["не может получить", "вместо", "+1 к", "выполненным", "получает", "замещение особенности",
                                    "заместить"],
    ("gain_feature", "value"): ["не может получить", "вместо", "+1 к", "выполненным", "получает", "усилить"],
    # 518.8 changes only a negative value: else a feature works as the value the gain leaves it (value's words)
    ("gain_feature", "works_as"): ["работает как", "не может получить", "вместо", "+1 к", "выполненным", "получает", "усилить"],
    ("lose_control", "changed"): ["потеряли контроль"],
    ("lose_control", "controller"): ["потеряли контроль"],
    ("wounds", "prevented"): ["предотвра", "не получает ран", "получает раны только"],
    ("wounds", "wounds"): ["предотвра", "не получает ран", "получает раны только"],
}
_OTHER = {"zone": ["battle", "play", "hand", "deck", "graveyard"], "controller": ["p1", "p2"],
          "strike": ["weak", "medium", "strong"], "kind": ["heal", "regeneration"]}


def _another(kind, key, value):
    """A value of the same type the part could hold that the computation did not give (None: none)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return (2 if value == 1 else 1) if kind == "die_roll" else value + 1
    return next((v for v in _OTHER.get(key, []) if v != value), None)


def test_every_why_not_answer_cites_words_that_justify_the_part_asked(kb):
    """Over the bundled scenarios and examples, each event and each part of its result that holds one
    value: asked «why not» another value, the answer names the input that gives it, or says that no
    paragraph decides it, or cites units every one of which holds the words that decide that part
    (was: a revived card's ``zone`` cited 517.4 3) «под своим контролем»; a summon's ``deck_shuffled``
    and a negative gain's ``performed`` cited a step about something else)."""
    import json

    from berserk_kb.explain.suite import suite_files

    wrong, asked = [], set()
    for path in suite_files(kb.kb_dir):
        for i, ev in enumerate(kb.why(path).events):
            for key, value in ev.result.items():
                want = _another(ev.kind, key, value)
                if want is None or (ev.kind, key) == ("effect", "amount"):
                    continue
                wn = kb.why_not(path, f"events[{i}].{key}={json.dumps(want, ensure_ascii=False)}")
                asked.add((ev.kind, key))
                if wn.given or wn.agrees:
                    continue
                if wn.step is None:
                    assert "ни один пункт этого не решает" in wn.because
                    continue
                if not wn.step.cites:  # a step no unit says in words: the answer says it is the engine's reading
                    assert not wn.deciding and "так его читает движок" in wn.because, wn.because
                    continue
                words = KEY_WORDS.get((ev.kind, key))
                assert words, f"no words for {(ev.kind, key)}"
                if not wn.deciding or any(not any(w in _fold(c.text) for w in words) for c in wn.deciding):
                    wrong.append((path.name, i, key, wn.step.step, [c.id for c in wn.deciding]))
    assert not wrong, wrong
    assert set(KEY_WORDS) <= asked | {("zone_change", "zone")}
