"""A fresh user's findings on issue 13 (fu13i): an answer written to a full disk or a closed
standard output, ids of cut-off list items that ``show`` refused, long .rst lines, Markdown
emphasis runs, and usage errors that named the wrong thing. Inputs are made here."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

EXE = str(Path(sys.executable).with_name("berserk-kb"))
FULL_DISK = "berserk-kb: error: cannot write the answer: no space left on device"


def _run(args, cache, **kw):
    env = dict(os.environ, BERSERK_KB_CACHE=str(cache))
    return subprocess.run([EXE, *args], env=env, text=True, timeout=120, **({"capture_output": True} | kw))


# --- I2: an answer that cannot be written: one line, exit 2 ----------------------------------------


def _full_disk_stdout(monkeypatch):
    """Standard output whose every write fails as on a full disk (ENOSPC)."""
    from click.testing import CliRunner

    from berserk_kb.cli import main

    class Full:
        encoding, errors = "utf-8", "strict"

        def write(self, text):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def flush(self):
            pass

    stderr: list[str] = []

    def run(*args):
        runner = CliRunner()
        with runner.isolation() as (_out, err, *_rest):
            monkeypatch.setattr(sys, "stdout", Full())
            try:
                code = main.main(list(args), standalone_mode=False)
            except SystemExit as exc:
                code = exc.code
            finally:
                monkeypatch.undo()
            stderr.append(err.getvalue().decode())
        return code, stderr[-1]

    return run


@pytest.mark.parametrize("args", [("show", "519.3"), ("search", "карта"),  # --json: test_hardening_13j.py
                                  ("--help",), ("show", "--help"), ("cards", "import", "--help"), (), ("--version",)])
def test_an_answer_on_a_full_disk_is_one_line_and_exit_2(monkeypatch, args):
    code, err = _full_disk_stdout(monkeypatch)(*args)
    assert (code, err.strip()) == (2, FULL_DISK)


@pytest.mark.parametrize("args", [["--help"], ["search", "карта"], ["show", "--help"]])
def test_the_console_script_on_dev_full_says_so_in_one_line(tmp_path, args, warm_cache):
    with open("/dev/full", "w") as full:
        r = _run(args, warm_cache, capture_output=False, stdout=full, stderr=subprocess.PIPE)
    assert (r.returncode, r.stderr.strip()) == (2, FULL_DISK)


def test_a_closed_stdout_is_one_line_and_exit_2_not_a_silent_0(tmp_path, warm_cache):
    r = subprocess.run(f"exec '{EXE}' search карта >&-", shell=True, capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, BERSERK_KB_CACHE=str(warm_cache)))
    assert (r.returncode, r.stderr.strip()) == (2, "berserk-kb: error: cannot write the answer: standard output is closed")



# --- I1: every unit id the tool prints is accepted by show and refs --------------------------------

#: kb/sources/000_ee1f512a66c0b866.txt, line 1: «○ подавляются до появления новой базовой именной
#: особенности, если были собственными.» — a list item whose paragraph is in the fragment before
#: (docs/identifiers.md: «piece cut off at the start of a fragment»).
CUT_OFF = "B:~000_ee1f512a66c0b866/item1"
CUT_OFF_TEXT = "подавляются до появления новой базовой именной особенности, если были собственными."


def test_show_and_refs_accept_a_list_item_cut_off_at_a_fragment_start(cli):
    r = cli("show", CUT_OFF)
    assert r.exit_code == 0, r.output
    assert CUT_OFF_TEXT in r.stdout and "000_ee1f512a66c0b866.txt:1" in r.stdout
    assert cli("show", CUT_OFF, "--edition", "B").exit_code == 0
    assert cli("refs", CUT_OFF).exit_code == 0
    wrong = cli("show", CUT_OFF, "--edition", "A")  # it is B's, not A's
    assert wrong.exit_code == 2 and "edition A" in wrong.stderr


def _unit_text(view) -> str:
    """Every text a view shows: its own, its children's, its list items' (nested) and examples'."""
    def items(xs):
        return " ".join(f"{i.text} {items(i.items)}" for i in xs)
    return " ".join([view.text, *(f"{c.text} {items(c.list_items)}" for c in view.children),
                     items(view.list_items), *(x.text for x in view.examples)])


def test_show_accepts_every_unit_id_of_the_bundled_rulebook(kb):
    """Paragraphs, list items and examples: each id names a view whose text holds the unit's."""
    book = kb.rulebook
    units = [*book.paragraphs, *book.list_items, *book.examples]
    assert any(i.id == CUT_OFF for i in book.list_items)  # the walk includes the case that failed
    refused = []
    for u in units:
        try:
            views = kb.show(u.id)
        except Exception as exc:  # collected, then reported together
            refused.append(f"{u.id}: {exc}")
            continue
        if not any(" ".join(u.text.split()) in " ".join(_unit_text(v).split()) for v in views):  # a line break is a space
            refused.append(f"{u.id}: its text is not in what show printed")
    assert not refused, refused[:10]


# --- I4: a long .rst line is read, not reported as «no text» ----------------------------------------


def _long_rst(words: int) -> str:
    return ("Часть 1\n=======\n\n101. Раздел\n\n101.1. Короткий текст.\n\n"
            f"101.2. Текст {'слово ' * words}конец.\n\n101.3. Ещё текст.\n")


def test_an_rst_line_over_docutils_default_limit_is_read(cli, tmp_path):
    """101.2's line: «101.2. Текст » + 2,000 × «слово » + «конец.» = 13 + 12,000 + 6 = 12,019
    characters, over docutils' default 10,000, under the importer's 1,000,000."""
    src = tmp_path / "long.rst"
    src.write_text(_long_rst(2000), encoding="utf-8")
    assert max(map(len, src.read_text(encoding="utf-8").splitlines())) == 12_019
    r = cli("import", str(src), "-o", str(tmp_path / "out"), "--edition", "W")
    assert r.exit_code == 0, r.output
    assert "4 numbered paragraphs" in r.stdout
    from berserk_kb import KnowledgeBase

    [view] = KnowledgeBase(tmp_path / "out").show("101.2")
    assert view.text == "Текст " + "слово " * 2000 + "конец."


def test_an_rst_line_over_the_importer_limit_is_refused_naming_it(cli, tmp_path):
    src = tmp_path / "huge.rst"
    src.write_text(_long_rst(200_000), encoding="utf-8")  # line 8: 13 + 1,200,000 + 6 characters
    r = cli("import", str(src), "-o", str(tmp_path / "out"), "--edition", "W")
    assert r.exit_code == 2 and not (tmp_path / "out").exists()
    assert r.stderr.strip() == f"berserk-kb: error: {src}:8: a line of 1,200,019 characters: at most 1,000,000"


def test_a_docutils_error_that_drops_the_source_is_never_skipped_in_silence():
    """read_rst alone (the importer refuses such a line before): docutils replaces the whole
    document by its message, which is refused naming the line, not read as an empty document."""
    from berserk_kb.text.formats.rst import read_rst

    with pytest.raises(ValueError, match=r"^Line 3 exceeds the line-length-limit"):
        read_rst("Часть\n=====\n" + "а" * 1_000_001 + "\n")


def test_an_inline_rst_problem_keeps_its_text_and_says_so(cli, tmp_path):
    src = tmp_path / "roles.rst"
    src.write_text("Часть 1\n=======\n\n101. Раздел\n\n101.1. Текст :foo:`x` дальше.\n", encoding="utf-8")
    r = cli("import", str(src), "-o", str(tmp_path / "out"), "--edition", "W")
    assert r.exit_code == 0, r.output
    # a role neither docutils nor Sphinx knows shows its text, never its markup (fu11o O1)
    assert 'note: roles.rst:6: Unknown interpreted text role "foo" — shown as its text' in r.stdout
    assert ":foo:" not in next((tmp_path / "out" / "sources").glob("W_*")).read_text(encoding="utf-8")


# --- I3: emphasis delimiters in a Markdown source are bounded like «[» ------------------------------


def test_markdown_emphasis_runs_over_the_cap_are_refused_before_the_pass(cli, tmp_path):
    """3 lines of «101.N. Текст » + «**a*» × 20,000: «**a***a*…» is 20,000 runs of «*» a line
    («*» then «**» meet as «***»), plus the last «*»: 20,001 × 3 = 60,003 runs; the 50,001st
    run is on the third numbered line, file line 9 (lines 1–4: heading, blank, section, blank)."""
    from berserk_kb.text.formats import MAX_EMPHASIS

    assert MAX_EMPHASIS == 50_000
    src = tmp_path / "emph.md"
    src.write_text("# Часть 1\n\n101. Раздел\n\n" + "".join(f"101.{i}. Текст " + "**a*" * 20_000 + "\n\n"
                                                          for i in (1, 2, 3)), encoding="utf-8")
    r = cli("import", str(src), "-o", str(tmp_path / "out"), "--edition", "M")
    assert r.exit_code == 2 and not (tmp_path / "out").exists()
    assert r.stderr.strip() == (f"berserk-kb: error: {src}:9: 60,003 runs of «*» or «_» (emphasis) in one "
                                "Markdown file: at most 50,000")


def test_markdown_emphasis_under_the_cap_is_still_read(cli, tmp_path):
    src = tmp_path / "emph.md"
    src.write_text("# Часть 1\n\n101. Раздел\n\n101.1. Текст **важно** и _тоже_ и snake_case.\n", encoding="utf-8")
    r = cli("import", str(src), "-o", str(tmp_path / "out"), "--edition", "M")
    assert r.exit_code == 0, r.output
    from berserk_kb import KnowledgeBase

    assert KnowledgeBase(tmp_path / "out").show("101.1")[0].text == "Текст важно и тоже и snake_case."


# --- I5: usage errors name the right thing --------------------------------------------------------


@pytest.mark.parametrize("args,said", [
    (("--kb", "kb"), "berserk-kb: error: Missing command. (see berserk-kb --help)"),
    (("--json",), "berserk-kb: error: Missing command. (see berserk-kb --help)"),
    (("cards", "import"), "berserk-kb: error: cards import: Missing argument 'PATH'. (see berserk-kb cards import --help)"),
    (("show", "519.3", "--edition"),
     "berserk-kb: error: show: Option '--edition' requires an argument. (see berserk-kb show --help)"),
])
def test_a_usage_error_names_the_command_it_is_about(cli, args, said):
    r = cli(*args)
    assert (r.exit_code, r.stderr.strip()) == (2, said)


def test_the_top_level_help_lists_the_options_it_accepts(cli):
    r = cli("--kb", "kb", "--help")
    assert r.exit_code == 0, r.output
    options = r.stdout.split("Options:", 1)[1].split("Commands:", 1)[0]
    assert "--kb DIR" in options and "--json" in options
