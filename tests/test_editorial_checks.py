"""The editorial checks for real text (issue 11): number punctuation, unknown and glued words,
doubled punctuation, agreement — each finds its defect in a small text and is quiet on a clean one."""

from __future__ import annotations

import pytest

from berserk_kb import KnowledgeBase
from berserk_kb.checks import run_checks
from conftest import make_kb


def found(tmp_path, text: str, code: str) -> list:
    return list(run_checks(KnowledgeBase(make_kb(tmp_path, {"f.txt": text})), only=[code]).findings)


@pytest.mark.parametrize("text, code, words", [
    ("527.1 Игрок берёт карты из колоды.\n", "L005", "527.1 is written without its dot"),
    ("302.Этап начала хода.\n", "L005", "302 is written without the space after it"),
    ("700.1. Игра продолжается до окончаниюигры.\n", "L007", "«окончанию» and «игры» without the space"),
    ("700.1. Существо атакаует героя.\n", "L006", "«атакаует» is in no Russian dictionary; the nearest dictionary word is «атакует»"),
    ("700.1. Карта остаётся под вашим контролем..\n", "L008", "контролем..»"),
    ("700.1. Карта остаётся в игре. . Потом ход.\n", "L008", "в игре. .»"),
    ("700.1. Ход кончается?.. Нет.. Потом бой.\n", "L008", "Нет..»"),  # «?..» right, «Нет..» still a slip
    ("700.1. Карта остаётся под вашем контролем.\n", "L009", "«под вашем»: «под» takes the instrumental or accusative, «вашем» can only be prepositional"),
    ("700.1. Стоимость сводится к определённом значению.\n", "L009",
     "the adjective «определённом» is prepositional, its noun «значению» dative"),
    # N19: «согласно» takes the dative; before its number «правила» is the noun (genitive singular or
    # nominative/accusative plural), never dative — its verb reading («править») cannot stand there
    ("700.1. Согласно правила 100.2 ход идёт.\n", "L009",
     "«Согласно правила»: «Согласно» takes the dative, «правила» can only be accusative or genitive or nominative"),
])
def test_each_editorial_check_finds_its_defect(tmp_path, text, code, words):
    messages = [f.message for f in found(tmp_path, text, code)]
    assert any(words in m for m in messages), messages


@pytest.mark.parametrize("text, code", [
    ("527.1. Игрок берёт карты из колоды.\n", "L005"),
    ("700.1. Полузакрытая зона и небазовые свойства, тёмно-синий фон.\n", "L006"),
    ("700.1. Полузакрытая зона и небазовые свойства.\n", "L007"),
    ("700.1. Карта остаётся в игре... Потом ход… И т.д.\n", "L008"),
    # O4: after «?» and «!» the ellipsis is two dots (Розенталь, «Многоточие») — t/p1.txt
    ("700.1. Можно ли атаковать в первый ход?.. Нельзя!.. Это правило действует всегда.\n", "L008"),
    ("700.1. Под его контролем, на Волнореза, к нему, в течение хода, по 2 раны, под вашим контролем.\n", "L009"),
    ("700.1. Раны, нанесённые существом, снимаются к определённому значению.\n", "L009"),
    # the dative after «согласно»; «окончанию», «течении» have readings the prepositions govern (N19)
    ("700.1. Согласно правилу 100.2, по окончанию хода и в течении хода, согласно пункту 101.\n", "L009"),
    # «правила» with no number after it may be the verb: nothing is certain
    ("700.1. Она согласно правила машиной.\n", "L009"),
])
def test_editorial_checks_are_quiet_on_good_text(tmp_path, text, code):
    assert found(tmp_path, text, code) == []


def test_a_finding_is_accepted_by_its_id(tmp_path):
    kb = make_kb(tmp_path, {"f.txt": "700.1. Существо атакаует героя.\n"})
    (f,) = run_checks(KnowledgeBase(kb), only=["L006"]).findings
    (kb / "accepted-findings.yaml").write_text(f"- id: {f.id}\n  reason: a word of the game\n", encoding="utf-8")
    assert run_checks(KnowledgeBase(kb), only=["L006"]).findings == ()


def test_a_part_starting_at_the_next_hundred_is_no_gap(tmp_path):
    """«121.» then «201.»: the rulebook's next part, not 79 lost sections; 119 → 121 still is a gap."""
    text = "119. Раздел.\n121. Раздел.\n201. Раздел.\n"
    kb = make_kb(tmp_path, {"f.txt": text})
    gaps = [f.message for f in run_checks(KnowledgeBase(kb), only=["S002"]).findings]
    assert gaps == ["120 is missing between 119 and 121 in edition X"]
