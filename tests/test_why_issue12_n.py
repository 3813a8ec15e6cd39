"""Issue 12, the fresh user's report fu12n: citations, why-not and --brief (N1, N3–N6, N8, N10, N15).

Every situation is written inline; every expected value and every quoted word is worked by hand from
the kb/ fragments quoted in the docstrings, never read from what the code returns."""

from __future__ import annotations

from scenario_parts import card, feats, steps


def _sentence(kb, node, lang="ru"):
    from berserk_kb.explain.sentences import Filler, step_sentence

    return step_sentence(node, Filler(kb.language_pack(lang), {}))


def _nodes(result, step):
    return [n for e in result.events for n in steps(e.explanation) if n.step == step]


READING = "так его читает движок"


def test_an_a_flip_and_reroll_borrow_no_b_text(kb):
    """N1. A's only words on them (fragment 001): «Переброс кубика и переворот кубика не являются
    модификаторами. Если какие-либо особенности … были объявлены до переброса (переворота) кубика, то они
    остаются актуальными…» — nothing of which face a flip gives, nor that the face before a reroll is
    ignored: those are B's «519.6. Переворот кубика - это сведение кубика по правилу: 1 сводится к 6, 2 к
    5…» and «519.7. … Значение кубика до переброса в таком случае игнорируется». Under A: roll 2, flip
    (→ 5), then reroll 3 → 3; reroll first (3), then flip → 4 (the engine's reading of a turned-over die,
    7 − 3). Neither step cites a unit, and each says it is the engine's reading. Under B the reroll step
    still cites 519.7, whose words say it."""
    s = {"edition": "A", "cards": [card("r")],
         "events": [{"die_roll": {"roller": "r", "roll": 2, "flip": True, "reroll": 3, "first": "flip"}},
                    {"die_roll": {"roller": "r", "roll": 2, "flip": True, "reroll": 3, "first": "reroll"}}]}
    r = kb.why(s)
    assert [e.result["value"] for e in r.events] == [3, 4]
    for step in ("flipped", "rerolled"):
        nodes = _nodes(r, step)
        assert len(nodes) == 2 and all(n.cites == () for n in nodes)
        assert all(READING in _sentence(kb, n) for n in nodes)
        assert all("engine's reading" in _sentence(kb, n, "en") for n in nodes)
    b = kb.why({"edition": "B", "cards": [card("r")], "events": [{"die_roll": {"roller": "r", "roll": 2, "reroll": 5}}]})
    (node,) = _nodes(b, "rerolled")
    assert b.events[0].result["value"] == 5
    assert [c.id for c in node.cites] == ["B:519.7"] and "до переброса в таком случае игнорируется" in node.cites[0].text
    assert READING not in _sentence(kb, node)


def test_a_formation_grant_back_cites_what_says_it(kb):
    """N8. B: Гном-Басаарг's own Строй and «+1 к удару» from Гномий Король's static feature while in
    formation; lose all until end of turn: Строй is suppressed, the +1 removed (540.2 «Например, потеря
    Строя приводит к потере всех приобретенных особенностей, связанных со строем»). At end of turn the
    marker goes (540.3.1: Строй «снова начинает влиять на игру») and the +1 is back — not by 540.3.1's
    words, about the suppressed feature, but by 540.4 ○ «(то есть если после потери согласно тексту той
    карты особенность сразу же должна быть получена вновь)»: the grant step cites that unit."""
    s = {"edition": "B",
         "cards": [card("king", name="Гномий Король", in_formation=True),
                   card("b", name="Гном-Басаарг", in_formation=True, features=[{"name": "Строй"}],
                        acquired=[{"name": "+1 к удару", "value": 1, "source": "king", "while": "formation",
                                   "static": True}])],
         "events": [{"lose_features": {"card": "b", "which": "all", "duration": "end_of_turn"}}, {"end_of_turn": {}}]}
    r = kb.why(s)
    grants = [n for n in steps(r.events[1].explanation) if n.step == "formation_grant"]
    assert len(grants) == 1
    texts = [c.text for c in grants[0].cites]
    assert any("сразу же должна быть получена вновь" in t for t in texts)
    assert not any("снова начинает влиять на игру" in t for t in texts)
    b = next(c for c in r.final_state["cards"] if c["id"] == "b")
    assert [f["name"] for f in b["features"]] == ["Строй", "+1 к удару"]


def test_a_prevention_scope_from_the_input_is_said_to_be_the_inputs(kb):
    """N10. A: p2's «страж» holds a prevention `protects: own` (cards[1].effects[0]); 3 wounds to p1's
    creature: it does not protect it, 3 dealt («Эффект предотвращения … предотвратить следующие N ран»
    applies only to what it protects — and whose creatures it protects is the file's `protects`, not a
    rule and not Габриэль's ПРИМЕР, which is that card's text). The step cites nothing and names the field."""
    s = {"edition": "A",
         "cards": [card("t"), card("x", "p2", effects=[{"id": "xp", "type": "prevent", "amount": 4, "protects": "own"}])],
         "events": [{"wounds": {"card": "t", "amount": 3, "attack": "strike"}}]}
    r = kb.why(s)
    assert (r.events[0].result["wounds"], r.events[0].result["prevented"]) == (3, 0)
    (node,) = _nodes(r, "prevention_not_protected")
    assert node.cites == ()
    assert "так задано во входных данных (cards[1].effects[0].protects)" in _sentence(kb, node)


def test_an_optional_replacement_applied_by_default_says_so(kb):
    """N15. A 516.1 ПРИМЕР: «Большой кулак может вместо Регенерации 4 излечить других существ суммарно до
    4» — optional («может»); with no `decline`, regeneration 4 becomes healing others 4, and a step says
    its player could decline it, no decline was given, so it applies — the engine's default (no unit says
    what happens when the player says nothing), citing nothing. A replacement that is not optional
    («вместо этого» alone) has no such step."""
    s = {"edition": "A", "cards": [card("fist", name="Большой кулак")],
         "events": [{"effect": {"card": "fist", "kind": "regeneration", "amount": 4}}]}
    r = kb.why(s)
    assert r.events[0].result["amount"] == 4
    (node,) = _nodes(r, "replacement_not_declined")
    assert node.cites == ()
    text = _sentence(kb, node)
    assert "может вместо" in text and "отказ не указан" in text and READING in text
    plain = {"edition": "A", "cards": [card("c", effects=[{"id": "r1", "type": "instead", "of": "regeneration", "becomes": "heal"}])],
             "events": [{"effect": {"card": "c", "kind": "regeneration", "amount": 1}}]}
    assert _nodes(kb.why(plain), "replacement_not_declined") == []


def test_the_defaults_when_nothing_is_chosen_are_the_engines(kb):
    """N15. A 516.1.2 «Если игрок может применить несколько эффектов замещения к одному и тому же эффекту,
    то он выбирает, какой именно эффект будет применён» and the prevention order «вначале все эффекты
    применяет Неактивный игрок, а затем Активный» give no default for a choice not given: «первый по
    порядку» and «по порядку карт и их эффектов» are the engine's reading, and the steps say so.
    Two replacements of one player on 3 wounds from a spell: «не получает ран от заклинаний» first → 0.
    Two preventions of one card on 2 wounds: next4 first, 2 of 2 prevented."""
    q1 = {"edition": "A", "active": "p1",
          "cards": [card("t", effects=[{"id": "ns", "type": "no_wounds_from", "kinds": ["spell"]},
                                       {"id": "os", "type": "wounds_only_from", "kinds": ["strike"]}])],
          "events": [{"wounds": {"card": "t", "amount": 3, "attack": "spell"}}]}
    r = kb.why(q1)
    assert r.events[0].result["wounds"] == 0
    (chosen,) = _nodes(r, "replacement_chosen")
    assert "первый по порядку" in _sentence(kb, chosen) and READING in _sentence(kb, chosen)
    c4 = {"edition": "A",
          "cards": [card("g", effects=[{"id": "next4", "type": "prevent", "amount": 4},
                                       {"id": "each1", "type": "prevent_each", "amount": 1}])],
          "events": [{"wounds": {"card": "g", "amount": 2, "attack": "strike"}}]}
    r = kb.why(c4)
    assert (r.events[0].result["wounds"], r.events[0].result["prevented"]) == (0, 2)
    (order,) = _nodes(r, "prevention_order")
    assert "по порядку карт и их эффектов" in _sentence(kb, order) and READING in _sentence(kb, order)


# --- why-not, what-if and --brief ------------------------------------------------------------------


def test_why_not_names_the_first_set_to_that_departs(kb):
    """N4. A 519.3: а) «модификаторы, полученные от карт из отряда источника атаки», б) «от источника
    атаки», в) «от карт из отряда цели», г) «от цели атаки», д) «сводящие численное значение атаки к
    определённому числу (последовательность наложения такая же, как в группах а-г)». Base 2, +1 from
    each of а)–г) → 6; then д) in а–г order: the source's «сводится к 5» (6 → 5), the target's «сводится
    к 3» (5 → 3) → 3. Expected 6: the computation holds 6 after г) and first departs at 6 → 5 (the
    source's set-to), which is not the last step."""
    s = {"edition": "A",
         "cards": [card("src", name="атакующий"), card("ally", name="союзник"), card("foe", "p2", name="цель"),
                   card("fally", "p2", name="союзник цели")],
         "events": [{"attack": {"source": "src", "target": "foe", "base": 2, "modifiers": [
             {"id": "x1", "source": "fally", "op": "add", "value": 1}, {"id": "x2", "source": "foe", "op": "add", "value": 1},
             {"id": "x3", "source": "foe", "op": "set", "value": 3}, {"id": "x4", "source": "src", "op": "add", "value": 1},
             {"id": "x5", "source": "ally", "op": "add", "value": 1}, {"id": "x6", "source": "src", "op": "set", "value": 5}]}}]}
    wn = kb.why_not(s, "events[0].strength=6")
    assert wn.computed == 3
    assert wn.step.step == "modifier_applied" and (wn.step.inputs["before"], wn.step.value["value"]) == (6, 5)
    assert wn.step.inputs["modifier"]["id"] == "x6" and not wn.last
    assert "6 сводится к 5" in wn.because and "применяется последним" not in wn.because


def test_why_not_names_a_modifier_as_plain_why_does(kb):
    """N3. A 519.3: «Нельзя численное значение атаки свести к большему числу (… атака на 0 не может быть
    сведена к 1)». A weak strike 0 (hit [0, 1, 2]), the target's «сводится к 1» with no id: stays 0.
    Why not 1: the step that keeps it names the modifier by its source and value («сведение к 1 от
    «цель»»), not by the id «m1» the file never wrote."""
    s = {"edition": "A", "cards": [card("s", name="атакующий", hit=[0, 1, 2]), card("t", "p2", name="цель")],
         "events": [{"attack": {"source": "s", "target": "t", "strike": "weak",
                                "modifiers": [{"source": "t", "op": "set", "value": 1}]}}]}
    wn = kb.why_not(s, "events[0].strength=1")
    assert wn.computed == 0 and wn.step.step == "set_to_not_applied"
    assert "сведение к 1 от «цель»" in wn.because and "m1" not in wn.because


def test_what_if_names_a_preventions_rest_in_words(kb):
    """N5. A: «Эффекты предотвращения, имеющие количественное значение, применяются по очереди (при этом
    вначале все эффекты применяет Неактивный игрок, а затем Активный)». p1's «следующие 4 раны» (anext)
    and p2's «следующие 4 раны» (tnext) both protect the creature (protects: all); 3 wounds. Active p1:
    p2's tnext first, 3 of 4, rest 1, anext 4. What if active were p2: p1's anext first, rest 1, tnext 4.
    The header names the rest in the pack's words, by the effect ids the file wrote — no key «remaining»."""
    from berserk_kb.render.why import answer_text

    s = {"edition": "A", "active": "p1",
         "cards": [card("a", effects=[{"id": "anext", "type": "prevent", "amount": 4, "protects": "all"}]),
                   card("t", "p2", effects=[{"id": "tnext", "type": "prevent", "amount": 4, "protects": "all"}])],
         "events": [{"wounds": {"card": "t", "amount": 3, "attack": "strike"}}]}
    text = answer_text(kb.what_if(s, ["active=p2"]), "ru", kb.language_pack("ru"))
    head = next(line for line in text.splitlines() if line.startswith("Событие 1"))
    assert "у эффектов осталось: anext — 4, tnext — 1" in head and "у эффектов осталось: anext — 1, tnext — 4" in head
    assert "remaining" not in text


def test_brief_keeps_the_step_that_decides_an_attacks_wounds(kb):
    """N6. A 519.3 б) «модификаторы, полученные от источника атаки»: base 3 +1 → 4, dealt to the target;
    its «следующие 3 раны» prevents 3 of 4 («Эффект предотвращения может быть использован частично»):
    1 dealt, 3 prevented. `--brief` («only the steps that decide each result») keeps both the +1 and the
    prevention, since the dealt wounds are part of the result."""
    from berserk_kb.render.why import why_text

    s = {"edition": "A", "cards": [card("s", name="атакующий"),
                                   card("t", "p2", name="цель", effects=[{"id": "n3", "type": "prevent", "amount": 3}])],
         "events": [{"attack": {"source": "s", "target": "t", "base": 3, "deals_wounds": True,
                                "modifiers": [{"source": "s", "op": "add", "value": 1}]}}]}
    r = kb.why(s)
    assert r.events[0].result["dealt"]["wounds"] == 1 and r.events[0].result["dealt"]["prevented"] == 3
    text = why_text(r, "ru", pack=kb.language_pack("ru"), brief=True)
    assert "3 +1 от «атакующий»" in text and "(n3) предотвращает 3 из 4 ран: ран остаётся 1" in text


def test_a_plus_gone_with_its_feature_says_which_words_it_reads(kb):
    """N13 (kept as the engine's reading; A's text does not settle it). A, «Замещение особенности…»:
    ПРИМЕР «существо с особенностью "Отравление 1" получает "+1 к Отравлению", это означает, что теперь
    вместо особенности "Отравление 1" у него особенность "Отравление 2"»; ПРИМЕР «…Менгир может усилить
    отравление на 1, и Вайл получит Отравление 2, которое уже не пропадёт, если Льер-Кулат отойдёт» — said
    of Бокор's gain of Отравление, not of a «+N». Льер-Кулат gives Вайл Отравление 1 while adjacent;
    Бокор's «+1» strengthened by Менгир's +1 → +2: Отравление 3; Льер-Кулат leaves: the engine drops it
    with its plus. The step cites nothing, quotes both examples word for word (each is in A's text) and
    says it is the engine's reading."""
    s = {"edition": "A",
         "cards": [card("lier", "p2", name="Льер-Кулат"), card("vail", name="Вайл"), card("bokor", "p2", name="Бокор"),
                   card("mengir", "p2", name="Менгир Каррефура")],
         "events": [{"approach": {"card": "lier", "to": "vail"}},
                    {"gain_feature": {"card": "vail", "name": "Отравление", "value": 1, "op": "add", "source": "bokor",
                                      "modifiers": [{"source": "mengir", "value": 1}]}},
                    {"leave": {"card": "lier", "from": "vail"}}]}
    r = kb.why(s)
    assert r.events[1].result["value"] == 3
    (node,) = _nodes(r, "plus_gone_with_feature")
    assert node.cites == () and node.inputs["plus"] == 2
    text = _sentence(kb, node)
    assert READING in text
    texts = " ".join(u.text for u in kb.rulebook.units() if u.text)
    for words in ('существо с особенностью "Отравление 1" получает "+1 к Отравлению", это означает, что теперь '
                  'вместо особенности "Отравление 1" у него особенность "Отравление 2"',
                  "Отравление 2, которое уже не пропадёт, если Льер-Кулат отойдёт"):
        assert words in text and words in texts
    assert "Отравление" not in feats(r, "vail")
