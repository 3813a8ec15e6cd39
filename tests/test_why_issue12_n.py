"""Issue 12, the fresh user's report fu12n: citations, why-not and --brief (N1, N3–N6, N8, N10, N15).

Every situation is written inline; every expected value and every quoted word is worked by hand from
the kb/ fragments quoted in the docstrings, never read from what the code returns."""

from __future__ import annotations

from scenario_parts import card, steps


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
