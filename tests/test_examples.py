"""Every worked example (ПРИМЕР) about die rolls, attacks and named features runs as a case."""

from __future__ import annotations

import json

from berserk_kb.explain.examples import run_examples
from berserk_kb.explain.suite import example_files

# The ПРИМЕРs of the bundled rulebook about the mechanics of issue 3 (dice, attacks, named features):
# 519.3 (A, Гном-Басаарг); the five under «Замещение особенности…» (A); the three under 518.8 (B).
MECHANICS_EXAMPLES = {
    "A:519.3/ex1",
    *(f"A:замещение-особенности-это-эффект/ex{i}" for i in range(1, 6)),
    *(f"B:518.8/ex{i}" for i in range(1, 4)),
}


def test_all_17_worked_examples_run_and_none_is_missing(kb, cli):
    """The five fragments hold 17 ПРИМЕРs (000: 3, 001: 2, 002: 5, 003: 4, 004: 3); each is a
    scenario file that passes, or is listed as not formalizable with the reason."""
    assert len(kb.rulebook.examples) == 17
    rows = json.loads(cli("examples", "--json").stdout)
    assert {r["example"] for r in rows} == {x.id for x in kb.rulebook.examples}
    assert all(r["status"] in ("pass", "not formalizable") for r in rows), [r for r in rows if r["status"] not in ("pass", "not formalizable")]


def test_an_example_without_a_file_is_reported_missing(cli, tmp_path):
    import shutil

    from conftest import KB_DIR

    kb = tmp_path / "kb"
    shutil.copytree(KB_DIR / "sources", kb / "sources")
    (kb / "examples").mkdir()
    r = cli("examples", "--kb", str(kb), "--json")
    assert r.exit_code == 1
    rows = json.loads(r.stdout)
    assert len(rows) == 17 and {row["status"] for row in rows} == {"missing"}
    (kb / "examples" / "not-formalizable.yaml").write_text(
        "\n".join(f'"{row["example"]}": "test reason"' for row in rows) + "\n", encoding="utf-8")
    r = cli("examples", "--kb", str(kb), "--json")
    assert r.exit_code == 0 and {row["status"] for row in json.loads(r.stdout)} == {"not formalizable"}


def test_every_mechanics_example_has_a_scenario_file(kb):
    covered = {o.example for o in run_examples(kb)}
    assert MECHANICS_EXAMPLES <= covered
    assert MECHANICS_EXAMPLES <= {x.id for x in kb.rulebook.examples}  # they are real ПРИМЕРs


def test_every_example_passes_and_names_its_paragraph(kb):
    outcomes = run_examples(kb)
    assert len(outcomes) == len(example_files(kb.kb_dir)) >= 10
    for o in outcomes:
        assert o.passed, (o.file, o.problems)
        assert o.paragraph, o.file
        assert o.stated and o.computed


def test_examples_command(cli):
    r = cli("examples", "--json")
    assert r.exit_code == 0
    rows = json.loads(r.stdout)
    assert all(row["passed"] for row in rows)
    assert {row["paragraph"] for row in rows} >= {"519.3", "518.8"}
    text = cli("examples")
    assert "pass  A  519.3  A:519.3/ex1" in text.stdout


def test_a_wrong_stated_outcome_fails(cli, tmp_path):
    from conftest import kb_with_a_wrong_example

    kb = kb_with_a_wrong_example(tmp_path)
    r = cli("examples", "--kb", str(kb))
    assert r.exit_code == 1
    assert "FAIL" in r.stdout and "strength is 1, the rulebook says 2" in r.stdout
