"""The first minutes, round three (issue 13): user values echoed short, field paths and section
names in the user's terms, suggestions past punctuation, examples of an existing paragraph."""

from __future__ import annotations

import re

import pytest

SCENARIOS = "kb/scenarios"


def test_why_expect_echoes_a_huge_value_cut(cli):
    """A 100 KB expected value was echoed whole. The answer says «не <expected>, а <computed>»; the
    expected value is the user's, so it is shown cut (at most 80 characters, ending in «…»). (A list,
    as `gained` is: an expectation of another type is refused as one no computation meets.)"""
    r = cli("why", f"{SCENARIOS}/approach-and-leave.yaml", "--expect", "events[0].gained=[" + "x" * 100_000 + "]")
    assert r.exit_code == 0, r.output
    assert "x" * 80 not in r.stdout and '["' + "x" * 77 + "…" in r.stdout
    assert len(max(r.stdout.splitlines(), key=len)) < 1000


@pytest.mark.parametrize("expect", ["x" * 100_000, "events[0]." + "x" * 100_000 + "=3", "x " * 50_000])
def test_an_error_echoes_user_input_cut(cli, expect):
    """Each error echoing the user's --expect names it in at most 80 characters with «…»."""
    r = cli("why", f"{SCENARIOS}/approach-and-leave.yaml", "--expect", expect)
    assert r.exit_code == 2, r.output[:300]
    assert r.stderr.count("\n") == 1 and len(r.stderr) < 400 and "…" in r.stderr, r.stderr[:300]


def test_deciding_quotes_are_cut_at_a_word_boundary(cli):
    """Edition B, 519.2: «Модификаторы на кубик накладываются по очереди в следующем порядке:» (68
    characters). Cut to 60 at a word: «Модификаторы на кубик накладываются по очереди в следующем…»
    (58 characters and «…»), not «… в следующем п»."""
    r = cli("why", f"{SCENARIOS}/die-roll-editions-differ.yaml", "-e", "A", "-e", "B")
    assert r.exit_code == 0, r.output
    assert "519.2 «Модификаторы на кубик накладываются по очереди в следующем…»" in r.stdout
    assert "в следующем п»" not in r.stdout


def _strike_reduced():
    import yaml

    with open(f"{SCENARIOS}/attack-strike-reduced.yaml", encoding="utf-8") as f:
        return yaml.safe_load(f)


@pytest.mark.parametrize("value", ["много", {"z": 1}, [1]])
def test_a_field_path_names_only_the_users_fields(kb, value):
    """The modifier's value is the user's field events[0].attack.modifiers[0].value (a number, or a
    strike for op strike); pydantic's union member (``value.int``) and its model names (``instance
    of AttackModifier``) are no part of what the user wrote."""
    from berserk_kb.errors import ScenarioError

    s = _strike_reduced()
    s["events"][0]["attack"]["modifiers"][0]["value"] = value
    with pytest.raises(ScenarioError) as bad:
        kb.why(s)
    assert bad.value.field == "events[0].attack.modifiers[0].value"
    assert "instance of" not in str(bad.value)


def test_a_missing_section_is_named_in_words(kb):
    """Edition B's text has no section on attack modifiers (A's «Модификаторы атаки»): the error says
    so in words, not with the data's name ``attack_modifiers``, and names where A states it."""
    from berserk_kb.errors import ScenarioError

    s = {**_strike_reduced(), "edition": "B"}
    with pytest.raises(ScenarioError, match="edition B has no rule for attack modifiers: ") as bad:
        kb.why(s)
    assert "attack_modifiers" not in str(bad.value) and "attack_modified" not in str(bad.value)
    assert "edition A: Модификаторы атаки «Когда атака становится верхней…»" in str(bad.value)  # as printed


@pytest.mark.parametrize("name", ["Гном-", "Гном!", "«Гном»", " гном, ", "Gnom"])
def test_card_suggestions_set_punctuation_aside(cli, name):
    """kb/cards.yaml has «Гном-Басаарг» (A 519.3, ex. 1) and «Гномий Король»: «Гном» with punctuation
    or spaces around it suggests both, as «Гном» does; so does «Gnom», «Гном» in Latin letters."""
    r = cli("card", name)
    assert r.exit_code == 2
    assert "(did you mean: Гном-Басаарг, Гномий Король?)" in r.stderr, r.stderr


def test_show_a_missing_example_of_an_existing_paragraph(cli):
    """A 519.3 (kb/sources/001…) holds one «ПРИМЕР: Гном-Басаарг в строю…», so ex9 is not there —
    but the paragraph is: the error says so and lists the example it has."""
    r = cli("show", "A:519.3/ex9")
    assert r.exit_code == 2
    assert r.stderr == ("berserk-kb: error: paragraph A:519.3 exists but has no example 'ex9' "
                        "(its examples: A:519.3/ex1)\n")


def test_make_demo_says_when_it_skips_the_card_import(tmp_path):
    """`make demo` from a checkout with no ../shared beside it skipped the card import silently; the
    step, run where ../shared/data/cards is missing, now says what it skipped and why."""
    import shutil
    import subprocess

    from conftest import ROOT

    if shutil.which("make") is None:
        pytest.skip("no make")
    plan = subprocess.run(["make", "-n", "demo", "KB=false"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.replace("\\\n", "")
    step, = (ln for ln in plan.splitlines() if "cards import" in ln)
    (tmp_path / "checkout").mkdir()  # no tmp_path/shared beside it
    r = subprocess.run(["sh", "-c", step], cwd=tmp_path / "checkout", capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("== skipped: cards import (no card database at ../shared/data/cards")


# --- show: the forms a reader writes a number in, and a near miss -------------------------------


@pytest.mark.parametrize("target", ["519,3", "п. 519.3", "пп. 519.3", "пункт 519.3", " 519.3 ", "«519.3»", "a:519.3",
                                    "５１９．３", "519\u200b.3"])
def test_show_reads_a_number_as_people_write_it(kb, target):
    """«п. 519.3» is how the rules cite a paragraph (A 519.4 reads «п. 519.3»); a decimal comma,
    spaces, quotes, full-width digits, a zero-width space and a lower-case edition all name 519.3."""
    views = kb.show(target)
    assert views and all(v.number == "519.3" for v in views)
    assert {v.edition for v in views} == ({"A"} if target.startswith("a:") else {v.edition for v in kb.show("519.3")})


def test_show_edition_in_another_case(kb):
    (view,) = kb.show("519.3", "a")
    assert view.edition == "A"


@pytest.mark.parametrize("target, meant", [
    ("5193", "519.3"), ("51.93", "519.3"),  # the digits of 519.3, the dot lost or moved
    ("519.33", "519.3"),  # one digit too many
])
def test_a_near_miss_number_suggests_the_paragraph(kb, target, meant):
    from berserk_kb.errors import NotFoundError

    with pytest.raises(NotFoundError, match=rf"^no paragraph {re.escape(target)} in any edition \(did you mean [^)]*\b{re.escape(meant)}\b"):
        kb.show(target)


def test_a_near_miss_heading_suggests_the_heading(kb):
    """«Правило топор» for the heading «Правило топора» (A's section on the axe)."""
    from berserk_kb.errors import NotFoundError

    with pytest.raises(NotFoundError, match="did you mean «Правило топора»"):
        kb.show("Правило топор")


# --- card: suggestions by word, without zero-width characters; the name with no letter ----------


def test_card_suggestions_find_a_word_alike_and_ignore_zero_width_characters():
    """«Басарг» is one letter short of the word «Басаарг» in «Гном-Басаарг» (it suggested only
    «Сарг»); «гн<ZWSP>ом» is «гном» (it suggested «Ном»)."""
    from berserk_kb.lexicon.names import close_names

    cards = ["Сарг", "Гном-Басаарг", "Гномий Король", "Ном"]
    assert close_names("Басарг", cards)[0] == "Гном-Басаарг"
    assert close_names("гн\u200bом", cards)[:2] == ["Гном-Басаарг", "Гномий Король"]


@pytest.mark.parametrize("name", [".", '"«»'])
def test_a_card_name_without_a_letter_says_so(kb, name):
    from berserk_kb.errors import InputError

    with pytest.raises(InputError, match=f"^card name {re.escape(repr(name))} has no letter or digit$"):
        kb.cards_named(name)


def test_why_from_an_empty_standard_input_says_it_is_empty(cli):
    from click.testing import CliRunner

    from berserk_kb.cli import main

    r = CliRunner().invoke(main, ["why", "-", "--lang", "en"], input="")  # the default ru: test_hardening_13k
    assert r.exit_code == 2
    assert r.stderr == "berserk-kb: error: -: standard input is empty (give the scenario there, or a file: why FILE)\n"


def test_show_of_an_item_or_an_example_marks_it(cli):
    """`show A:519.3/item1` printed all of 519.3 with nothing marking the item asked for: 519.3's
    first item is «а) модификаторы, полученные от карт из отряда источника атаки…», its example
    «ПРИМЕР: Гном-Басаарг в строю с Гномьим Королём…»."""
    for unit, words in (("A:519.3/item1", "▶ а) модификаторы, полученные от карт из отряда источника"),
                        ("A:519.3/ex1", "▶ ПРИМЕР: Гном-Басаарг в строю")):
        r = cli("show", unit)
        assert r.exit_code == 0, r.output
        marked = [ln for ln in r.stdout.splitlines() if "▶" in ln]
        assert len(marked) == 1 and marked[0].startswith("  " + words), marked
