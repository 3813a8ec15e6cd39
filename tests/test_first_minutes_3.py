"""The first minutes, round three (issue 13): user values echoed short, field paths and section
names in the user's terms, suggestions past punctuation, examples of an existing paragraph."""

from __future__ import annotations

import pytest

SCENARIOS = "kb/scenarios"


def test_why_expect_echoes_a_huge_value_cut(cli):
    """A 100 KB expected value was echoed whole. The answer says «не <expected>, а <computed>»; the
    expected value is the user's, so it is shown cut (at most 80 characters, ending in «…»)."""
    r = cli("why", f"{SCENARIOS}/approach-and-leave.yaml", "--expect", "events[0].gained=" + "x" * 100_000)
    assert r.exit_code == 0, r.output
    assert "x" * 80 not in r.stdout and '"' + "x" * 78 + "…" in r.stdout
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


@pytest.mark.parametrize("name", ["Гном-", "Гном!", "«Гном»", " гном, "])
def test_card_suggestions_set_punctuation_aside(cli, name):
    """kb/cards.yaml has «Гном-Басаарг» (A 519.3, ex. 1) and «Гномий Король»: «Гном» with punctuation
    or spaces around it suggests both, as «Гном» does."""
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
