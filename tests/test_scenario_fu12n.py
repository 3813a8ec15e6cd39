"""A scenario's input refused, not read silently or in English under ru (review fu12n: N2, N9, N11,
N12, N14, N16).

Each case is a file or an option the user could write; the expected lines are worked by hand from
the file (its line and key) and the pack's words, never taken from what the code prints."""

from __future__ import annotations

import pytest

from conftest import KB_DIR

#: One die roll of 4 under A: the smallest scenario that runs (docs/scenarios.md's die_roll).
ROLL = {"edition": '"A"', "cards": '[{"id": "r", "name": "бросающее", "controller": "p1"}]',
        "events": '[{"die_roll": {"roller": "r", "roll": 4}}]'}


def _json(tmp_path, text: str, name: str = "s.json"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _one_line(r) -> str:
    """The one line a refused run prints (exit 2, no traceback)."""
    assert r.exit_code == 2 and "Traceback" not in r.stderr and r.stderr.count("\n") == 1, r.stderr
    return r.stderr


@pytest.mark.parametrize("text, line, col, key", [
    # the top-level key `edition` given twice: line 2, the second "edition" at column 3
    ('{"edition": "A",\n  "edition": "B",\n  "cards": [], "events": []}\n', 2, 3, "edition"),
    # `roll` twice inside the event (line 3); the outer keys are each once
    ('{"edition": "A", "cards": [{"id": "r", "controller": "p1"}],\n "events": [\n'
     '  {"die_roll": {"roller": "r", "roll": 4, "roll": 2}}]}\n', 3, 43, "roll"),
    # the same key in two different objects is no repetition; a brace inside a text is no object
    ('{"edition": "A", "cards": [{"id": "r", "name": "{x", "controller": "p1"}],\n'
     ' "events": [{"die_roll": {"roller": "r", "roll": 4}}], "cards": []}\n', 2, 56, "cards"),
])
def test_a_json_key_given_twice_is_refused_naming_line_and_key(cli, tmp_path, text, line, col, key):
    """N11: json keeps the last of two equal keys, as PyYAML does; the YAML reader refuses it
    («ключ 'edition' повторяется»), and so does the JSON reader now — the first key given a second
    time, its line (and, in English, column), in each language's words."""
    path = _json(tmp_path, text)
    assert _one_line(cli("why", str(path))) == (
        f"berserk-kb: error: {path}:{line}: сценарий — не в формате JSON (разбор: ключ '{key}' повторяется)\n")
    assert _one_line(cli("why", str(path), "--lang", "en")) == (
        f"berserk-kb: error: {path}:{line}:{col}: malformed scenario: duplicate key '{key}'\n")


def test_a_json_scenario_with_each_key_once_still_runs(cli, tmp_path):
    """The check refuses only a repetition: the same scenario with each key once runs (roll 4 → 4)."""
    path = _json(tmp_path, "{" + ", ".join(f'"{k}": {v}' for k, v in ROLL.items()) + "}")
    r = cli("why", str(path), "--json")
    assert r.exit_code == 0, r.stderr
    assert '"value": 4' in r.stdout


@pytest.mark.parametrize("text, said, english", [
    # `1` then 5000 zeros: 5001 digits; Python reads at most 4300 (sys.get_int_max_str_digits)
    ('{"edition": "A", "n": 1' + "0" * 5000 + "}", ":1: сценарий — не в формате JSON: в числе 5001 цифр (читается не больше 4300)",
     ":1:23: malformed scenario: a number of 5001 digits (at most 4300 are read)"),
    ('{"edition":"A",,}', ":1: сценарий — не в формате JSON (разбор: ожидается имя ключа в двойных кавычках)",
     ":1:16: malformed scenario: Expecting property name enclosed in double quotes"),
    ("", ":1: сценарий — не в формате JSON (разбор: ожидается значение)", ":1:1: malformed scenario: Expecting value"),
    ('{"edition": "A"} x', ":1: сценарий — не в формате JSON (разбор: после значения есть ещё текст)",
     ":1:18: malformed scenario: Extra data"),
    ("[1, 2]", ": сценарий — отображение с ключами edition, cards и events",
     ": a scenario is a mapping with edition, cards and events"),
])
def test_the_json_readers_words_are_russian_under_ru(cli, tmp_path, text, said, english):
    """N12: ru_words.pl not_json, json_number_too_long and the json_* words, ru_input.pl
    input_not_a_mapping: under the default ru a JSON file the reader refuses is refused in Russian,
    one line, exit 2; under --lang en the words as before, word for word."""
    path = _json(tmp_path, text)
    assert _one_line(cli("why", str(path))) == f"berserk-kb: error: {path}{said}\n"
    assert _one_line(cli("why", str(path), "--lang", "en")) == f"berserk-kb: error: {path}{english}\n"


@pytest.mark.parametrize("text", ["[1, 2]\n", "- edition: A\n"])
def test_a_yaml_list_at_the_top_is_refused_in_russian(cli, tmp_path, text):
    """N12: a YAML file (or standard input) holding a list, not a mapping: «сценарий — отображение …»."""
    path = tmp_path / "list.yaml"
    path.write_text(text, encoding="utf-8")
    assert _one_line(cli("why", str(path))) == (
        f"berserk-kb: error: {path}: сценарий — отображение с ключами edition, cards и events\n")


def test_a_nul_in_a_yaml_scenario_is_named_in_russian(cli, tmp_path):
    """N12: a NUL (U+0000) on line 2 of a YAML file («why /proc/self/environ»): YAML allows no such
    character; ru_words.pl yaml_character words PyYAML's «is not allowed in YAML»."""
    path = tmp_path / "nul.yaml"
    path.write_bytes(b"edition: A\ncards: [\x00]\n")
    assert _one_line(cli("why", str(path))) == (
        f"berserk-kb: error: {path}:2: текст не в формате YAML (разбор: символ U+0000 в YAML не допускается)\n")
    assert "the character U+0000 is not allowed in YAML" in _one_line(cli("why", str(path), "--lang", "en"))


GNOME = KB_DIR / "examples" / "A-519.3-ex1-gnome-basaarg.yaml"


@pytest.mark.parametrize("lang, said", [
    ("ru", "expect events[0].strength: 5.0 записано с десятичной точкой, а эта часть результата — целое число"),
    ("en", "expect events[0].strength: 5.0 is written with a decimal point, but this part of the result is a whole number"),
])
def test_a_fraction_expected_of_a_whole_number_is_refused_as_that(cli, lang, said):
    """N2: a strength is a whole number (519.3 counts +1s); 5.0 is refused for its decimal point, not
    as «a strength is … 0 or more», which 5.0 is. The line names the scenario's file first."""
    assert _one_line(cli("why", str(GNOME), "--expect", "events[0].strength=5.0", "--lang", lang)) == (
        f"berserk-kb: error: {GNOME}: {said}\n")


@pytest.mark.parametrize("option, path", [
    ("--set", "events[\uff10].attack.strike=weak"),   # FULLWIDTH DIGIT ZERO
    ("--set", "events[\u0660].attack.strike=weak"),   # ARABIC-INDIC DIGIT ZERO
    ("--expect", "events[\uff10].strength=1"),
])
def test_a_position_is_ascii_digits_only(cli, option, path):
    """N14: `events[０]` is not events[0]: a position is written in ASCII digits; any other digit is
    refused as a malformed PATH (ru_words.pl assign_shape), the echo never showing the odd path as run."""
    r = cli("why", str(GNOME), option, path)
    line = _one_line(r)
    assert "нужно ПУТЬ=ЗНАЧЕНИЕ" in line and "что если" not in r.stdout


def test_no_cards_left_is_said_in_words(cli):
    """N14: `--set cards=[]` leaves the attack's source unknown among no cards: «(в сценарии нет
    карт)», not the English «none»; in English as before."""
    r = cli("why", str(GNOME), "--set", "cards=[]")
    assert "(в сценарии нет карт)" in _one_line(r) and "none" not in r.stderr
    assert "(cards: none)" in _one_line(cli("why", str(GNOME), "--set", "cards=[]", "--lang", "en"))


def _yaml(tmp_path, text: str):
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path


#: A foe's card in play (517.5: taking control changes the controller, not the zone) and an ally.
CARDS = ("edition: A\ncards:\n  - {id: r, name: бросающее, controller: p1}\n  - {id: ally, name: союзник, controller: p1}\n"
         "  - {id: foe, name: враг, controller: p2, zone: play}\nevents:\n")


@pytest.mark.parametrize("how, field", [
    ("take_control", "found: true"), ("take_control", "wanted: true"),   # the defaults of a summon
    ("revive", "skip: false"), ("create", "triggered: false"), ("play", "found: false"),
])
def test_a_summons_field_on_another_bring_is_refused_at_any_value(cli, tmp_path, how, field):
    """N9: found, wanted, triggered and skip are read by a summon only; on another bring they have no
    effect whatever their value, its default too — refused naming line 7 (the event) and the field
    (ru_input.pl input_summon_only), not run as if absent."""
    path = _yaml(tmp_path, CARDS + f"  - {{bring_into_squad: {{card: foe, how: {how}, player: p1, {field}}}}}\n")
    assert _one_line(cli("why", str(path))) == (
        f"berserk-kb: error: {path}:7: поле events[0].bring_into_squad: found, wanted, triggered и skip — "
        f"о призыве, а не о {how}\n")


def test_a_take_control_without_summon_fields_runs_and_keeps_the_zone(cli, tmp_path):
    """The same take_control with no summon field runs: 517.5, the foe stays in play (zone play)."""
    path = _yaml(tmp_path, CARDS + "  - {bring_into_squad: {card: foe, how: take_control, player: p1}}\n")
    r = cli("why", str(path), "--json")
    assert r.exit_code == 0, r.stderr
    assert '"zone": "play"' in r.stdout


@pytest.mark.parametrize("lang, said", [
    ("ru", "поле events[0].die_roll.order[1]: модификатор 'm1' уже стоит в order[0] (каждый — один раз)"),
    ("en", "field events[0].die_roll.order[1]: modifier 'm1' is already placed at order[0] (each once)"),
])
def test_an_order_naming_a_modifier_twice_is_refused(cli, tmp_path, lang, said):
    """N9: `order: [m1, m1]` places the one modifier (m1: the first without an id) twice; the second
    place says nothing, so it is refused naming order[1]."""
    path = _yaml(tmp_path, CARDS + "  - {die_roll: {roller: r, roll: 3, order: [m1, m1], "
                                   "modifiers: [{source: ally, op: add, value: 1}]}}\n")
    assert _one_line(cli("why", str(path), "--lang", lang)) == f"berserk-kb: error: {path}:7: {said}\n"


#: A card holding a prevention of the next 2 wounds (A fragment 003) and one die roll of 3.
HOLDS_PREVENTION = ("edition: {ed}\ncards:\n  - {{id: c, controller: p1, effects: [{{id: e, type: prevent, amount: 2}}]}}\n"
                    "events:\n  - {{die_roll: {{roller: c, roll: 3}}}}\n")


@pytest.mark.parametrize("ed, stated, said", [
    # B's loaded text is 518.8, 519 and 540 (fragments 000, 004): no prevention; A's holds it (003)
    ("B", False, "эффекты: e не применяется: в данных редакции нет правила для него"),
    ("A", True, "эффекты: e применяется (осталось 2)"),
])
def test_an_effect_of_a_section_the_edition_lacks_is_not_shown_as_applying(cli, tmp_path, ed, stated, said):
    """N16: under B a card's prevention effect can have no effect (B states no prevention); the
    final state no longer says «применяется» of it and marks `stated: false` (and `applies: false`);
    under A the same effect, unused by a die roll, applies with its 2 left."""
    import json

    path = _yaml(tmp_path, HOLDS_PREVENTION.format(ed=ed))
    r = cli("why", str(path))
    assert r.exit_code == 0 and said in r.stdout, r.stdout
    data = json.loads(cli("why", str(path), "--json").stdout)
    (effect,) = data["final_state"]["cards"][0]["effects"]
    assert (effect["stated"], effect["applies"]) == (stated, stated)
