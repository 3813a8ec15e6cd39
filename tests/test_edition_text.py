"""The edition data against the loaded text: a rule whose stating unit the text lacks is refused
for that edition, naming the unit (``editions:absent_in_text/1``), and ``check`` reports every
unit the data names that the text does not have (M007).

One rulebook for the module: the bundled one with lines 3–16 of fragment 001 (edition A) removed —
line 3 «Переброс кубика и переворот кубика не являются модификаторами…» (A's reroll and flip;
the rest of A's dice section, 518.3 in fragment 002, stays), and lines 4–16, the whole section
«Модификаторы атаки.» (519.3 with its list and its example): every attack unit of A is gone.
"""

from __future__ import annotations

import shutil

import pytest

from berserk_kb import KnowledgeBase
from berserk_kb.checks import run_checks
from berserk_kb.errors import ScenarioError
from conftest import KB_DIR

FRAGMENT = "001_953fb652d091abb1.txt"


@pytest.fixture(scope="module")
def lacking(tmp_path_factory):
    kb = tmp_path_factory.mktemp("lacking")
    shutil.copytree(KB_DIR / "sources", kb / "sources")
    shutil.copy(KB_DIR / "cards.yaml", kb / "cards.yaml")
    lines = (KB_DIR / "sources" / FRAGMENT).read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[2].startswith("Переброс кубика") and lines[3] == "Модификаторы атаки.\n"
    assert lines[16].startswith("Правило топора.")
    (kb / "sources" / FRAGMENT).write_text("".join(lines[:2] + lines[16:]), encoding="utf-8")
    return KnowledgeBase(kb)


def test_a_rule_of_a_section_the_text_lacks_is_refused(lacking):
    """The 519.3 example (Гном-Басаарг) needs A's attack modifiers; the text has none of them: the
    attack is refused, naming the section and the unit that states «Когда атака становится верхней
    в стеке, к ней применяются все модификаторы…» — not computed with the data's rules."""
    with pytest.raises(ScenarioError) as exc:
        lacking.why(KB_DIR / "examples" / "A-519.3-ex1-gnome-basaarg.yaml")
    message = str(exc.value)
    assert "edition A has no rule for attack modifiers" in message
    assert "lacks A:модификаторы-атаки/когда-атака-становится-верхней" in message


def test_a_rule_whose_one_unit_the_text_lacks_is_refused(lacking):
    """A reroll under A is stated by line 3 alone, which the text lacks (its dice section is there:
    the rule, not the section, is missing)."""
    s = {"edition": "A", "cards": [{"id": "roller", "controller": "p1"}],
         "events": [{"die_roll": {"roller": "roller", "roll": 2, "reroll": 5}}]}
    with pytest.raises(ScenarioError, match="edition A has no rule for reroll: .*lacks A:переброс-кубика-и-переворот"):
        lacking.why(s)


def test_what_the_text_has_still_computes(lacking, kb):
    """518.3 (fragment 002) is there: A's die roll of die-roll-editions-differ.yaml computes as on
    the whole rulebook, and cites only units the loaded text has."""
    path = KB_DIR / "scenarios" / "die-roll-editions-differ.yaml"
    result = lacking.why(path)
    assert result.events[0].result == kb.why(path).events[0].result
    assert all(lacking.citations.citation(u).kind != "missing" for u in result.cited_ids())


def test_check_reports_the_units_the_text_lacks(lacking):
    """M007: line 3's unit is missing from a section the text has (an error: as a misspelt id
    would be), and the attack section is missing whole (one warning naming its 11 units: the
    «Когда атака…» paragraph, 519.3, its five items а)–д), its two unnumbered paragraphs, the
    «Сведение атаки…» line and the example)."""
    found = list(run_checks(lacking, only=["M007"]).findings)
    assert [(f.severity, f.edition, f.values.get("unit") or f.values["section"]) for f in found] == [
        ("error", "A", "A:переброс-кубика-и-переворот"), ("warning", "A", "attack_modifiers")]
    assert len(found[1].values["units"]) == 11
    assert found[0].source and found[0].source.startswith("prolog/editions/a.pl:")


def test_check_is_clean_on_the_bundled_rulebook(kb):
    """Every unit the bundled editions' data names is in the bundled text."""
    assert list(run_checks(kb, only=["M007"]).findings) == []
