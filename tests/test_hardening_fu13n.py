"""What a fresh user's round on issue 13 found (fu13n), each worked by hand."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "kb" / "scenarios" / "approach-and-leave.yaml"


def test_dot_slash_dash_is_the_file_named_dash_not_standard_input(tmp_path, monkeypatch, cli):
    """`why -` reads the scenario from standard input; `why ./-` is the file «-» of the current
    folder, as for any program (before, «./-» was read as «-»: standard input)."""
    monkeypatch.chdir(tmp_path)
    missing = cli("why", "./-")
    assert missing.exit_code == 2
    assert "файл не найден" in missing.output and "стандартный ввод" not in missing.output
    (tmp_path / "-").write_bytes(SCENARIO.read_bytes())
    r = cli("why", "./-")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == f"редакция A — {tmp_path / '-'}"


def test_a_kb_folder_name_over_the_systems_limit_is_said_to_be_too_long(cli):
    """`--kb /tmp/aaa…` with a 300-letter name (Linux allows 255 per part): the folder cannot
    exist because its name is too long — said so, as `site -o` says it, not «does not exist»."""
    r = cli("--kb", "/tmp/" + "a" * 300, "show", "1")
    assert r.exit_code == 2
    assert r.output.strip().endswith("the file name is too long; expected a knowledge-base folder "
                                     "(sources/manifest.yaml + fragments)"), r.output


def test_a_letter_alone_is_looked_for_as_written_not_as_a_guessed_word(cli):
    """«т» (of «т.е.», «т.п.») is no form of «то», nor «е» of «есть»/«быть»: pymorphy3 guesses
    those readings for a lone letter. By hand, in the bundled rulebook: every match of `search т`
    is the letter «т» itself (in «т.е.», «т.п.»), none the word «то»; `search т.е.` finds the units
    holding «т.е.»."""
    import json

    for query in ("т", "т.е."):
        r = cli("search", query, "--json")
        assert r.exit_code == 0, r.output
        hits = json.loads(r.output)["hits"]
        assert hits, query
        for h in hits:
            marked = {h["text"][m["start"]:m["end"]].lower() for m in h["matches"]}
            assert marked <= {"т", "е"}, (query, marked)


def test_a_number_written_with_its_edition_finds_the_paragraph_standing_for_it(cli):
    """`show 518` opens A's heading «Модификаторы броска кубика.», which stands for section 518 in
    edition A (A does not print «518.»; check S004 infers it). `show A:518` — the same number,
    written with its edition as the tool prints ids — answers the same (before: «no paragraph 518
    in edition A»), and so does `show 518 -e A`."""
    answers = [cli("show", *args) for args in (["A:518"], ["518", "-e", "A"])]
    for r in answers:
        assert r.exit_code == 0, r.output
        assert r.output.startswith("«Модификаторы броска кубика» — edition A"), r.output
    assert answers[0].output == answers[1].output
