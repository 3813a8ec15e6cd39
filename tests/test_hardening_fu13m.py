"""A fresh user's findings on issue 13 (fu13m): decomposed Unicode (NFD, «й» as «и» + U+0306) at
every place user text enters, the item citations ``why`` prints given to ``show``, thousands in
Russian messages, ``--set`` reasons under ru, and a control character in an ``-o`` name. Inputs are
made here; expected values are read off the bundled rulebook (kb/) by hand."""

from __future__ import annotations

import unicodedata

import pytest

from conftest import KB_DIR, one_line_refusal, run_exe

DIE_ROLL = str(KB_DIR / "scenarios" / "die-roll-editions-differ.yaml")
BREVE = "\u0306"


def nfd(text: str) -> str:
    out = unicodedata.normalize("NFD", text)
    assert out != text  # the test's input really is decomposed
    return out


# --- M6: NFD text is composed where it enters ------------------------------------------------------


def test_nfc_composes_a_decomposed_short_i():
    from berserk_kb.text import nfc

    assert nfc("и" + BREVE) == "й" and nfc(nfd("Гномий")) == "Гномий" and nfc("abc") == "abc"


def test_a_decomposed_search_query_finds_what_the_composed_one_finds(cli):
    """«Гномьим Королём» stands in the example of 519.3 (kb/sources/001_…): «Гномий» written in
    NFD finds it, as written in NFC."""
    r = cli("search", nfd("Гномий"))
    assert r.exit_code == 0 and "519.3 (A)" in r.stdout and "0 matches" not in r.stdout


def test_a_decomposed_card_name_is_the_card(cli):
    """kb/cards.yaml lists «Ледовый Охотник» with hit [1, 2, 3]: named in NFD it is found, not «no card
    … did you mean»."""
    r = cli("card", nfd("Ледовый Охотник"))
    assert r.exit_code == 0, r.output
    assert "did you mean" not in r.output and "kb/cards.yaml: strike 1/2/3" in r.output


def test_a_decomposed_scenario_names_its_card(tmp_path, run_here):
    """«Гномий Король» in kb/cards.yaml strikes 3/4/6: a strong strike is 6 — also when the
    scenario file is saved in NFD (before, «сила ударов карты king не известна», exit 2)."""
    path = tmp_path / "kk.yaml"
    path.write_text(nfd("title: king strikes\nedition: A\ncards:\n"
                        "  - {id: king, name: Гномий Король, controller: p1}\n"
                        "  - {id: foe, name: существо противника, controller: p2}\n"
                        "events:\n  - attack: {source: king, target: foe, strike: strong}\n"), encoding="utf-8")
    r = run_here(["why", str(path)])
    assert r.returncode == 0, r.stderr
    assert "сила 6, сильный удар" in r.stdout


def test_a_file_whose_name_is_decomposed_is_opened_by_its_name(tmp_path, run_here):
    """Arguments are composed to NFC, but not the name of a file that exists: a scenario saved
    under an NFD name («сценарий.yaml» as macOS writes it) is opened — the Gnome example (519.3 (A):
    3 +1 from the King = 4, reduced to 1)."""
    path = tmp_path / nfd("сценарий.yaml")
    path.write_text((KB_DIR / "examples" / "A-519.3-ex1-gnome-basaarg.yaml").read_text(encoding="utf-8"),
                    encoding="utf-8")
    assert not (tmp_path / "сценарий.yaml").exists()
    r = run_here(["why", str(path)])
    assert r.returncode == 0 and "→ 1" in r.stdout, r.stderr


def test_an_imported_decomposed_text_is_composed_and_searchable(tmp_path, run_here):
    """The text below in NFD: the fragment written holds no U+0306, «ледовый» finds 1.1 and the
    snippet of «ещё» marks the whole word (before: «⟦еще⟧̈»)."""
    src = tmp_path / "nfd.txt"
    src.write_text(nfd("1. Общие положения.\n1.1. Ледовый Охотник получает особенность «Регенерация 2».\n"
                       "1.2. Существо получает ещё одну рану.\n"), encoding="utf-8")
    out = tmp_path / "kb"
    assert run_here(["import", str(src), "-o", str(out), "--edition", "N"]).returncode == 0
    fragments = list((out / "sources").glob("N_*.txt"))
    assert fragments and all(BREVE not in f.read_text(encoding="utf-8") for f in fragments)
    found = run_here(["--kb", str(out), "search", "ледовый"])
    assert "1.1 (N)" in found.stdout and "0 matches" not in found.stdout
    assert "⟦ещё⟧ одну" in run_here(["--kb", str(out), "search", "ещё"]).stdout


def test_a_decomposed_web_field_is_composed():
    from berserk_kb.web.inputs import fields_of

    assert fields_of("q=" + "".join(f"%{b:02X}" for b in nfd("Гномий").encode())) == {"q": "Гномий"}


# --- M7: `show` takes the item citations `why` prints, and an edition letter typed in Cyrillic --------

#: kb/sources: item д) of A's 518.3 and item c. of B's 519.3, as the fragments print them
ITEM_A = "д) модификаторы, сводящие численное значение броска кубика к определённому числу"
ITEM_B = "c. модификаторы, полученные от карт противника игрока, бросающего кубик"


@pytest.mark.parametrize("target, item", [
    ("518.3 д)", ITEM_A), ("518.3 д", ITEM_A), ("518.3д)", ITEM_A), ("518.3 д) (A)", ITEM_A),
    ("A:518.3д", ITEM_A), ("519.3 c.", ITEM_B), ("519.3 c. (B)", ITEM_B), ("В:519.3 c.", ITEM_B)])
def test_show_takes_an_item_as_why_cites_it(cli, target, item):
    r = cli("show", target)
    assert r.exit_code == 0, r.output
    assert f"▶ {item}" in r.output and "is its item" in r.output


def test_an_edition_letter_typed_in_cyrillic_is_the_latin_one(cli):
    """«А:518.3» (Cyrillic А, the Russian keyboard layout) is A's 518.3, the paragraph of item д)."""
    r = cli("show", "\u0410:518.3")
    assert r.exit_code == 0, r.output
    assert r.output.startswith("518.3 — edition A") and ITEM_A in r.output


# --- M4: Russian groups thousands with a narrow no-break space (a comma is its decimal sign) ----------


@pytest.mark.parametrize("lang, limit", [("ru", "20\u202f000\u202f000"), ("en", "20,000,000")])
def test_the_step_limit_is_grouped_as_the_language_writes_it(kb, lang, limit):
    """docs/scenarios.md: at most 20,000,000 inference steps; the refusal carries the number, each
    pack groups it: ru «20 000 000» (U+202F), en «20,000,000»."""
    from berserk_kb.explain.refusals import say

    said = say({"kind": "too_many_steps", "values": [20_000_000, 7]}, kb.language_pack(lang))
    assert said and limit in said and ("20,000,000" in said) == (lang == "en"), said


# --- M3: a --set value's YAML reasons are worded as a file's are ------------------------------------


@pytest.mark.parametrize("value", ["title=[", "title={a: ["])
def test_a_set_value_with_no_value_after_a_bracket_is_worded_in_russian(run_here, value):
    line = one_line_refusal(run_here(["why", DIE_ROLL, "--set", value]))
    assert "поле title: текст не в формате YAML" in line and "значение за ней не написано" in line
    assert "node content" not in line, line


def test_a_set_value_of_five_thousand_digits_is_worded_as_in_a_file(run_here):
    """5,000 digits: more than Python's 4,300 (sys.get_int_max_str_digits), as a scenario file says it."""
    line = one_line_refusal(run_here(["why", DIE_ROLL, "--set", "events[0].die_roll.roll=" + "9" * 5000]))
    assert line.endswith("поле events[0].die_roll.roll: текст не в формате YAML: в числе 5000 цифр "
                         "(читается не больше 4300)"), line


# --- M1: an -o name with a control character is shown escaped, never stripped ------------------------


@pytest.mark.parametrize("name, shown", [("a\x1b]0;x\x07.ttl", "a\\x1b]0;x\\x07.ttl"), ("c\nd.ttl", "c\\nd.ttl")])
def test_export_names_the_file_it_wrote(tmp_path, name, shown, warm_cache):
    r = run_exe(["export", "-o", name], warm_cache, cwd=tmp_path)
    assert r.returncode == 0 and (tmp_path / name).is_file(), r.stderr
    assert r.stderr.endswith(f" to {shown}\n") and "\x1b" not in r.stderr and "\x07" not in r.stderr, r.stderr


def test_import_hint_names_the_folder_it_wrote(tmp_path, warm_cache):
    src = tmp_path / "v1.txt"
    src.write_text("1. Общие положения.\n1.1. Текст правила.\n", encoding="utf-8")
    r = run_exe(["import", str(src), "-o", "k\x1b]0;T\x07", "--edition", "X"], warm_cache, cwd=tmp_path)
    assert r.returncode == 0 and (tmp_path / "k\x1b]0;T\x07" / "sources").is_dir(), r.stderr
    assert r.stdout.rstrip("\n").endswith("--kb k\\x1b]0;T\\x07") and "\x1b" not in r.stdout, r.stdout
