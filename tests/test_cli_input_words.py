"""A scenario's input errors in the language asked (review fu10c, N3): under ``why``'s default
Russian the words are the pack's (``prolog/lang/ru_words.pl``, ``refusal(ru, input_*, …)``), the
file, line and field path stay; under ``--lang en`` the message is the one raised, unchanged."""

from __future__ import annotations

import re

import pytest

HEAD = "edition: A\ncards:\n"
#: name → (the file, the place and field it must name, the Russian words worked from the pack's
#: template and the input: 2000000 > the schema's 1000000; «p3» is neither p1 nor p2; …)
BAD = {
    "wounds": (HEAD + "  - {id: c, name: X, controller: p1, wounds: 2000000}\nevents: []\n",
               ":3: поле cards[0].wounds: ", "не больше 1000000"),
    "control": (HEAD + '  - {id: c, name: "X\\x01", controller: p1}\nevents: []\n',
                ":3: поле cards[0].name: ", "содержит управляющий символ"),
    "line break": (HEAD + '  - {id: c, name: "X\\tY", controller: p1}\nevents: []\n',
                   ":3: поле cards[0].name: ", "содержит перевод строки или табуляцию"),
    "extra": (HEAD + "  - {id: c, name: X, controller: p1, colour: red}\nevents: []\n",
              ":3: поле cards[0].colour: ", "здесь не предусмотрено"),
    "literal": (HEAD + "  - {id: c, name: X, controller: p3}\nevents: []\n",
                ":3: поле cards[0].controller: ", "допустимо только 'p1' или 'p2'"),
    "missing": (HEAD + "  - {name: X, controller: p1}\nevents: []\n", ":3: поле cards[0].id: ", "не задано, а оно обязательно"),
    "integer": (HEAD + "  - {id: c, name: X, controller: p1}\nevents:\n  - attack: {source: c, target: c, "
                "strike: medium, modifiers: [{source: c, op: add, value: abc}]}\n",
                ":5: поле events[0].attack.modifiers[0].value: ", "нужно целое число"),
    "string": (HEAD + "  - {id: c, name: [1], controller: p1}\nevents: []\n", ":3: поле cards[0].name: ", "нужен текст"),
    "too many": (HEAD + "  - {id: c, name: X, controller: p1}\nevents:\n" + "  - end_of_turn: {}\n" * 1001,
                 ":4: поле events: ", "событий 1001; в сценарии их не больше 1000"),
    "yaml": (HEAD + "  - {id: c, name: X\n  controller: p1}\nevents: [\n", ":4: ", "текст не в формате YAML (разбор: "),
}
#: English sentence words of the messages as raised (pydantic's, the library's own)
ENGLISH = re.compile(r"Input should|Field required|Extra inputs|\bfield |contains a|not valid YAML|events; a scenario")


@pytest.mark.parametrize("name", sorted(BAD))
def test_an_input_error_is_in_russian_by_default(cli, tmp_path, name):
    text, where, words = BAD[name]
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    r = cli("why", str(path))
    assert r.exit_code == 2 and r.stderr.count("\n") == 1
    assert r.stderr.startswith(f"berserk-kb: error: {path}{where}{words}"), r.stderr
    assert not ENGLISH.search(r.stderr), r.stderr


@pytest.mark.parametrize("name", sorted(BAD))
def test_the_english_input_error_is_the_message_raised(cli, tmp_path, name):
    text, where, _ = BAD[name]
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    r = cli("why", str(path), "--lang", "en")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1
    assert ENGLISH.search(r.stderr) and where.replace("поле ", "field ") in r.stderr, r.stderr


EXAMPLE = "kb/examples/A-519.3-ex1-gnome-basaarg.yaml"


@pytest.mark.parametrize("args, ru, en", [
    # the example's attack gives a strength, a number (519.3, ПРИМЕР: 3 +1 +1, then «сводится к 1»)
    (("--expect", "events[0].strength=abc"),
     "expect events[0].strength: \"abc\" — текст, а эта часть результата — число: ни одно вычисление этого не даёт",
     "expect events[0].strength: \"abc\" is text, but this part of the result is a number: no computation gives it"),
    # the example has one event: events[99] is none of them
    (("--set", "events[99].attack.base=1"), "set events[99].attack.base=1: элементов в events: 1 (нумерация с 0)",
     "set events[99].attack.base=1: events has 1 element (numbered from 0)"),
    (("--set", "zzz=1"), "set zzz=1: в сценарии нет zzz (есть: edition, ", "set zzz=1: the scenario has no zzz (it has: edition, "),
])
def test_an_expect_or_set_error_is_in_the_language_asked(cli, args, ru, en):
    from conftest import ROOT

    said = {lang: cli("why", str(ROOT / EXAMPLE), *args, "--lang", lang) for lang in ("ru", "en")}
    assert said["ru"].exit_code == said["en"].exit_code == 2
    # the scenario's file first (issue 12 part 3: every error of a --set/--expect path names it)
    assert said["ru"].stderr.startswith(f"berserk-kb: error: {ROOT / EXAMPLE}: " + ru), said["ru"].stderr
    assert said["en"].stderr.startswith(f"berserk-kb: error: {ROOT / EXAMPLE}: " + en), said["en"].stderr
    assert not ENGLISH.search(said["ru"].stderr) and " is text" not in said["ru"].stderr
