"""The command line's refusals in the language asked and its errors as JSON when JSON is asked
(review fu10b, F1 and F7)."""

from __future__ import annotations

import json
import re

import pytest

from conftest import KB_DIR

#: A «defend» by a card in the hand (518–519: only a card in the battle zone defends).
IN_HAND = "edition: A\ncards:\n  - {id: d, name: Лёккен, controller: p1, zone: hand}\nevents:\n  - defend: {card: d}\n"


@pytest.fixture
def in_hand(tmp_path):
    path = tmp_path / "in-hand.yaml"
    path.write_text(IN_HAND, encoding="utf-8")
    return path


def test_a_refusal_is_worded_by_the_russian_pack(cli, in_hand):
    """prolog/lang/ru.pl: refusal(ru, defend_zone, "{card} — в зоне «{zone}»: защищается только
    карта в зоне битвы"), the zone «рука» its word for hand; the file, its line 5 (the event) and the
    field stay."""
    r = cli("why", str(in_hand), "--lang", "ru")
    assert r.exit_code == 2
    assert r.stderr == f"berserk-kb: error: {in_hand}:5: поле events[0].defend: d — в зоне «рука»: защищается только карта в зоне битвы\n"


def test_the_english_refusal_is_unchanged(cli, in_hand):
    """prolog/lang/en.pl's defend_zone template, word for word the Prolog message."""
    r = cli("why", str(in_hand), "--lang", "en")
    assert r.exit_code == 2
    assert r.stderr == f"berserk-kb: error: {in_hand}:5: field events[0].defend: d is in zone hand: only a card in the battle zone defends\n"


def test_no_bundled_refusal_is_in_english_under_ru(cli):
    """Every bundled example and scenario under each edition: a refusal printed under --lang ru
    holds none of the English templates' words (en.pl: «the loaded text», «is in zone», «field»)."""
    refused = 0
    for path in sorted([*(KB_DIR / "examples").glob("*.yaml"), *(KB_DIR / "scenarios").glob("*.yaml")]):
        for ed in ("A", "B"):
            r = cli("why", str(path), "-e", ed, "--lang", "ru")
            if r.exit_code == 2 and r.stderr:
                refused += 1
                for english in ("the loaded text", "has no rule", "is in zone", ": field ", "says nothing", "edition "):
                    assert english not in r.stderr, (path.name, ed, r.stderr)
                # a rule or section is named in words (lang:rule/3), never as its data name
                assert not re.search(r"«[a-z]+_[a-z_]+»", r.stderr), (path.name, ed, r.stderr)
    assert refused > 0  # the bundled text refuses some (edition B states no attack modifiers)


def test_a_comparison_names_the_failing_edition_in_the_pack_words(cli):
    """attack-deals-wounds under A and B: B states no attack modifiers; its refusal is worded by
    ru.pl's unsupported_* templates («в редакции B нет …») after ru_words.pl's comparison_refused
    words («редакция B не вычисляет это: …»)."""
    r = cli("why", str(KB_DIR / "scenarios" / "attack-deals-wounds.yaml"), "-e", "A", "-e", "B", "--lang", "ru")
    assert r.exit_code == 1
    assert r.stderr.startswith("berserk-kb: error: редакция B не вычисляет это: ")
    assert "в редакции B нет " in r.stderr and "cannot compute" not in r.stderr


@pytest.mark.parametrize("lang, said", [
    ("ru", "редакция A не вычисляет это: {path}:16: поле events[0].die_roll.flip_source: здесь ни на что не влияет: "
           "переворот кубика в этой редакции — не модификатор"),
    ("en", "edition A cannot compute it: {path}:16: field events[0].die_roll.flip_source: has no effect here: "
           "a flip is not a modifier in this edition"),
])
def test_a_comparison_refusal_keeps_its_file_line_and_field(cli, lang, said):
    """kb/scenarios/die-roll-flip-order.yaml under A and B: A's flip is no modifier (A «Переброс
    кубика и переворот»), so line 16's flip_source has nothing to name — in either language the
    line says the file, the line and the field, the words those of the pack."""
    path = KB_DIR / "scenarios" / "die-roll-flip-order.yaml"
    r = cli("why", str(path), "-e", "A", "-e", "B", "--lang", lang)
    assert r.exit_code == 1
    assert r.stderr.startswith("berserk-kb: error: " + said.format(path=path)), r.stderr


def test_a_missing_rule_is_named_in_russian_words(cli):
    """kb/scenarios/die-roll-next-roll-equals.yaml under A: only B states «следующий бросок кубика
    равен X» (B 519.5); A's refusal names the rule in ru_words.pl's words for next_roll_equals."""
    r = cli("why", str(KB_DIR / "scenarios" / "die-roll-next-roll-equals.yaml"), "-e", "A", "--lang", "ru")
    assert r.exit_code == 2
    assert "в редакции A нет правила «следующий бросок кубика равен X»: " in r.stderr, r.stderr
    assert "next_roll_equals" not in r.stderr


@pytest.mark.parametrize("args", [("show", "999.9", "--json"), ("refs", "999.9", "--json"), ("card", "Никтонезнает", "--json")])
def test_an_error_is_json_when_json_is_asked(cli, args):
    r = cli(*args)
    assert r.exit_code == 2
    said = json.loads(r.stderr)
    assert set(said) == {"error", "path", "line", "field", "event", "edition"} and said["error"]


@pytest.mark.parametrize("asked", [("--json",), ("--format", "json")])
def test_a_why_error_is_json_with_its_fields(cli, in_hand, asked):
    r = cli("why", str(in_hand), "--lang", "ru", *asked)
    assert r.exit_code == 2
    said = json.loads(r.stderr)
    assert (said["path"], said["line"], said["field"], said["event"], said["edition"]) == (str(in_hand), 5, "events[0].defend", 0, "A")


@pytest.mark.parametrize("lang, words", [("ru", "сработало: ничего; возвращается: ничего"), ("en", "fired nothing; returns nothing")])
def test_an_empty_list_is_said_in_words(cli, lang, words):
    """kb/scenarios/bring-into-squad.yaml, event 7: a card goes to the hand with no feature that
    fires or comes back — the packs' «ничего» / "nothing" (lang/*.pl word nothing), not a bare dash."""
    r = cli("why", str(KB_DIR / "scenarios" / "bring-into-squad.yaml"), "--lang", lang)
    assert r.exit_code == 0
    seventh = next(line for line in r.stdout.splitlines() if line.startswith(("Событие 7:", "Event 7:")))
    assert words in seventh and not seventh.rstrip().endswith("—"), seventh


@pytest.mark.parametrize("lang, said, not_said", [
    ("ru", "3 не сводится к 5 от «Степной волколак» (цель атаки, группа д): сведение не применяется, остаётся 3",
     "3 сводится к 5"),
    ("en", "3 is not set to 5 by «Степной волколак» (the attack's target, group д): the set-to does not apply, it stays 3",
     "3 set to 5"),
])
def test_a_set_to_that_cannot_raise_says_it_does_not_apply(cli, lang, said, not_said):
    """kb/scenarios/attack-strike-reduced.yaml: strong 4 +1 = 5, reduced to weak: 5 − 4 + 2 = 3;
    «сводится к 5» (519.3 д) cannot raise 3 («Нельзя численное значение атаки свести к большему
    числу»), so its line says it does not apply rather than «3 сводится к 5 … → 3»."""
    r = cli("why", str(KB_DIR / "scenarios" / "attack-strike-reduced.yaml"), "--lang", lang)
    assert r.exit_code == 0
    assert said in r.stdout, r.stdout
    assert not_said not in r.stdout


@pytest.mark.parametrize("lang, words", [("ru", "ран 0; нет особенностей"), ("en", "; no features")])
def test_a_card_without_features_says_so(cli, lang, words):
    """kb/scenarios/die-roll-flip-order.yaml: its two creatures are given no feature, so the final
    state says the pack's words for none (state_no_features), not a bare dash."""
    r = cli("why", str(KB_DIR / "scenarios" / "die-roll-flip-order.yaml"), "--lang", lang)
    assert r.exit_code == 0
    foe = next(line for line in r.stdout.splitlines() if "(foe):" in line)
    assert foe.rstrip().endswith(words) and not foe.rstrip().endswith("—"), foe


#: Inputs the parser refuses (issue 12, fu12m M1): each with the Russian words its refusal must hold
#: and the parser's English words it must not.
PARSER_REFUSED = [
    ("edition: A\ncards: []\nevents: [{wounds: {card: g, amount: 1" + "0" * 5000 + "}}]\n",
     "в числе 5001 цифр", "a number of"),
    ("edition: A\nedition: B\n", "ключ 'edition' повторяется", "duplicate key"),
    ("edition: A\nnote: " + "[" * 100000 + "]" * 100000 + "\n", "вложенность глубже допустимой", "nesting depth"),
    ("edition: A\ncards: !!python/object/apply:os.system [\"true\"]\n", "неизвестный тег", "could not determine"),
    ("edition: A\n? [a, b]\n: 1\n", "ключ словаря — список или словарь", "plain value"),
]


@pytest.mark.parametrize("text, said, english", PARSER_REFUSED)
def test_the_parsers_words_are_russian_under_ru(cli, tmp_path, text, said, english):
    """ru_words.pl: number_too_long and the yaml_* words: under --lang ru a file the parser refuses is
    refused in Russian, exit 2, the parser's English words gone; under --lang en they stay."""
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    r = cli("why", str(path), "--lang", "ru")
    assert r.exit_code == 2 and said in r.stderr and english not in r.stderr, r.stderr
    assert "Traceback" not in r.stderr and r.stderr.count("\n") == 1
    r = cli("why", str(path), "--lang", "en")
    assert r.exit_code == 2 and english in r.stderr, r.stderr


@pytest.mark.parametrize("args, said, english", [
    (("--set", "events[-1].attack.strike=weak"), "в events нет элемента с id '-1'", "no element"),
    (("--expect", "events[0].strength"), "нужно ПУТЬ=ЗНАЧЕНИЕ", "give PATH"),
    (("--set", "x"), "или cards[king].zone", " or "),
    (("--expect", "events[0].strength=1=2"), "знак = только один", "one = only"),
    (("--expect", "events[0].strength="), "после = нет значения", "is missing"),
    (("--expect", "events[5].strength=1"), "события 5 нет (события нумеруются от 0 до 0)", "there is no event"),
    (("--expect", "cards[0].zone=hand"), "нужна часть результата события", "a part of"),
    # a position of 5000 digits: Python reads at most 4300 (sys.get_int_max_str_digits) — the file's limit
    (("--set", "events[" + "9" * 5000 + "].attack.strike=weak"), "в позиции 5000 цифр (читается не больше 4300)",
     "a position of 5000 digits"),
    (("--expect", "events[0].value[" + "9" * 5000 + "]=1"), "в позиции 5000 цифр", "(at most 4300 are read)"),
], ids=lambda a: str(a)[:40])
def test_the_set_and_expect_argument_errors_are_russian_under_ru(cli, args, said, english):
    """ru_words.pl: set_no_id, assign_*, expect_no_event, expect_not_a_result (fu12m M7): the Gnome
    example (one event, events[0]) with a malformed --set/--expect is refused in Russian, exit 2 — also a
    position too long for Python to read (fu12o O5: was an internal error, in English)."""
    path = KB_DIR / "examples" / "A-519.3-ex1-gnome-basaarg.yaml"
    r = cli("why", str(path), *args, "--lang", "ru")
    assert r.exit_code == 2 and said in r.stderr and english not in r.stderr, r.stderr
    r = cli("why", str(path), *args, "--lang", "en")
    assert r.exit_code == 2 and english in r.stderr, r.stderr


def test_a_json_scenario_nested_too_deep_is_refused_in_russian(cli, tmp_path):
    """ru_words.pl json_too_deep: a JSON scenario nested 100 000 levels deep (readers.DEPTH is 100)
    is refused under ru in Russian, under en as before («nested more than 100 levels deep»)."""
    path = tmp_path / "deep.json"
    path.write_text('{"edition": "A", "note": ' + "[" * 100000 + "]" * 100000 + "}", encoding="utf-8")
    r = cli("why", str(path), "--lang", "ru")
    assert r.exit_code == 2 and "сценарий — не в формате JSON: вложенность глубже 100 уровней" in r.stderr, r.stderr
    r = cli("why", str(path), "--lang", "en")
    assert r.exit_code == 2 and "nested more than 100 levels deep" in r.stderr, r.stderr


@pytest.mark.parametrize("args, said, english", [
    (("--brief", "--format", "turtle"), "--brief сокращает текст обоснования", "shortens"),
    (("-e", "A", "-e", "A"), "редакция задана дважды", "given twice"),
    (("-e", "A", "-e", "B", "--format", "turtle"), "--format turtle — для одной редакции", "is for one edition"),
    (("--expect", "events[0].strength=1", "--set", "cards[king].tapped=true"), "два разных вопроса", "two questions"),
    (("--expect", "events[0].strength=1", "--expect", "events[0].strength=2"), "--expect задан 2 раза", "given 2 times"),
    (("--expect", "events[0].strength=-5"), "-5 невозможно: сила — целое число, 0 или больше", "is impossible"),
    (("--expect", "events[0].strike=soft"), "удар — weak, medium или strong", "is impossible"),
    (("--set", "events[0].attack.strike=weak", "--set", "events[0].attack.strike=strong"),
     "путь задан дважды", "given twice"),
    (("--set", "expect.events=null"), "а не проверяет заявленный исход", "does not check"),
])
def test_why_option_and_question_refusals_are_worded_by_the_pack(cli, args, said, english):
    """ru_words.pl option_*, expect_<part>, set_path_twice, set_expect: the Gnome example with why's
    options that cannot go together (fu10 F3: «--brief shortens …» was English under the default
    ru), an expectation its attack cannot meet (519.3 (A): a strength is a count, a strike
    weak/medium/strong), or one --set path given twice — one line, exit 2, Russian under the
    default; under --lang en the words as before. With --json the error is the JSON object (its
    message the machine's, English)."""
    path = KB_DIR / "examples" / "A-519.3-ex1-gnome-basaarg.yaml"
    r = cli("why", str(path), *args)
    assert r.exit_code == 2 and said in r.stderr and english not in r.stderr, r.stderr
    assert r.stderr.count("\n") == 1
    r = cli("why", str(path), *args, "--lang", "en")
    assert r.exit_code == 2 and english in r.stderr, r.stderr
