"""The first minutes of a new user (issue 13): help without arguments, ids the tool prints accepted."""

from __future__ import annotations

import os

import pytest


@pytest.mark.parametrize("args, commands", [
    ((), ["card", "cards", "check", "diff", "examples", "export", "import", "links", "refs", "search",
          "serve", "show", "site", "sparql", "why"]),
    (("cards",), ["import"]),
])
def test_no_command_prints_the_normal_help(cli, args, commands):
    """`berserk-kb` alone printed the whole help squashed into one error line."""
    r = cli(*args)
    assert r.exit_code == 0, r.output
    assert r.stderr == ""
    lines = r.stdout.splitlines()
    assert lines[0].startswith("Usage: ") and lines[0].endswith("[OPTIONS] COMMAND [ARGS]...")
    rows = lines[lines.index("Commands:") + 1:]
    listed = [ln.split()[0] for ln in rows if ln.startswith("  ")]
    assert listed == commands  # every command, one line each
    assert len(rows) == len(commands) and not any(ln.endswith(("...", "…")) for ln in rows)  # none cut short


def test_every_option_has_help_text():
    import click

    from berserk_kb.cli import main

    def walk(cmd, path):
        for p in cmd.params:
            if isinstance(p, click.Option):
                assert p.help, f"{path} {p.opts[0]} has no help text"
        for name, sub in getattr(cmd, "commands", {}).items():
            walk(sub, f"{path} {name}")

    walk(main, "berserk-kb")


@pytest.mark.parametrize("unit", ["A:519.3/item1", "A:519.3/ex1"])
def test_show_accepts_the_id_of_a_list_item_or_an_example(cli, kb, unit):
    """A:519.3 has the list а)–д) and one ПРИМЕР (the Гном-Басаарг example), so A:519.3/item1 and
    A:519.3/ex1 are units the tool prints; `show` names the paragraph that holds them."""
    assert unit in {u.id for u in (*kb.rulebook.list_items, *kb.rulebook.examples)}
    r = cli("show", unit)
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("519.3 — edition A")
    assert "id: A:519.3 " in r.stdout


def test_show_of_an_unknown_item_id_still_says_so(cli):
    """A 519.3 lists five items, а) to д): item99 is none of them (and the paragraph exists)."""
    r = cli("show", "A:519.3/item99")
    assert r.exit_code == 2 and "paragraph A:519.3 exists but has no list item 'item99'" in r.stderr
    assert "(its list items: A:519.3/item1, A:519.3/item2, A:519.3/item3, A:519.3/item4, A:519.3/item5)" in r.stderr


def test_cards_import_of_a_missing_path_names_that_path(cli, tmp_path):
    """It named the const.json beside it: /missing/const.json: const.json not found."""
    from conftest import make_kb

    kb = make_kb(tmp_path / "kb", {"a.txt": "1. Общие положения\n\n1.1. Текст.\n"})
    missing = tmp_path / "missing" / "path"
    r = cli("cards", "import", str(missing), "--kb", str(kb))
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith(f"berserk-kb: error: {missing}: card database not found")
    assert "const.json not found" not in r.stderr


def test_a_fragment_that_is_a_folder_is_not_a_regular_file(cli, tmp_path):
    from conftest import make_kb

    kb = make_kb(tmp_path / "kb", {"a.txt": "1. Общие положения\n\n1.1. Текст.\n"})
    (kb / "sources" / "a.txt").unlink()
    (kb / "sources" / "a.txt").mkdir()
    r = cli("show", "1.1", "--kb", str(kb))
    assert r.exit_code == 2, r.output
    assert "a.txt: fragment is not a regular file" in r.stderr


def test_why_reads_the_scenario_from_standard_input(cli_input):
    """kb/scenarios/bring-into-squad.yaml through `why -`: the same answer as from the file."""
    from conftest import KB_DIR

    path = KB_DIR / "scenarios" / "bring-into-squad.yaml"
    from_file = cli_input(None, "why", str(path), "--json")
    from_stdin = cli_input(path.read_bytes(), "why", "-", "--json")
    assert from_file.exit_code == 0 and from_stdin.exit_code == 0, from_stdin.output
    assert from_stdin.stdout == from_file.stdout.replace(str(path), "-")
    compared = cli_input(path.read_bytes(), "why", "-", "-e", "A", "-e", "B", "--lang", "en")  # read once, used twice
    assert compared.exit_code == 1 and "edition B cannot compute it" in compared.stderr  # B has no 517
    assert "     edition A: " in compared.stdout  # its result, on a row of its own (B's is long)


@pytest.mark.parametrize("lang, head", [("ru", "редакция A — стандартный ввод"), ("en", "edition A — standard input")])
def test_why_of_standard_input_heads_its_answer_with_standard_input_in_words(cli_input, lang, head):
    """The heading names the scenario's file; `why -` has none: «standard input» in --lang's words,
    for the explanation and for a why-not, never «— -»."""
    from conftest import KB_DIR

    text = (KB_DIR / "scenarios" / "bring-into-squad.yaml").read_bytes()
    r = cli_input(text, "why", "-", "-e", "A", "--lang", lang)
    assert r.exit_code == 0 and r.stdout.splitlines()[0] == head, r.output
    r = cli_input(text, "why", "-", "-e", "A", "--lang", lang, "--expect", "events[0].performed=false")
    assert r.stdout.splitlines()[0] == head, r.output


def test_why_of_a_bad_scenario_on_standard_input_names_it(cli_input):
    r = cli_input(b"edition: A\ncards: 5\n", "why", "-")
    assert r.exit_code == 2 and r.stderr == "berserk-kb: error: -: поле cards: нужен список\n"
    r = cli_input(b"edition: A\ncards: 5\n", "why", "-", "--lang", "en")
    assert r.exit_code == 2 and r.stderr.startswith("berserk-kb: error: -: field cards:")


@pytest.fixture()
def cli_input():
    from click.testing import CliRunner

    from berserk_kb.cli import main

    def run(data, *args):
        return CliRunner().invoke(main, list(args), input=data, catch_exceptions=False)

    return run


def test_show_of_a_section_number_the_edition_does_not_print_points_to_its_heading(cli):
    """Edition A (002_d25e711ad88a11da.txt) prints no 518: line 13 is the heading «Модификаторы
    броска кубика.», then two unnumbered paragraphs, then «518.3. Правило наложения модификаторов
    броска кубика.» — so the heading is 518 (what check S004 infers); edition B prints no 518 either."""
    r = cli("show", "518")
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("«Модификаторы броска кубика» — edition A")
    assert "source: 002_d25e711ad88a11da.txt:13" in r.stdout
    assert "stands for 518, which edition A does not print" in " ".join(r.stdout.split())
    assert "— edition B" not in r.stdout


def test_show_of_a_number_only_a_reference_gives(cli):
    """518.3 г) in edition A: «модификаторы правил игры для броска кубика (п.518.4)»; the paragraph
    001_953fb652d091abb1.txt:1 opens with «Модификатор правил игры для броска кубика» and is
    unnumbered: it is 518.4 in edition A."""
    import json

    r = cli("show", "518.4", "--edition", "A", "--json")
    assert r.exit_code == 0, r.output
    (view,) = json.loads(r.stdout)
    assert view["source"]["fragment"] == "001_953fb652d091abb1.txt" and view["source"]["line_start"] == 1
    assert view["inferred"]["number"] == "518.4"
    assert cli("show", "518.4", "--edition", "B").exit_code == 2  # nothing stands for it in B


def test_show_of_a_number_one_edition_prints_also_shows_what_stands_for_it_in_the_other(cli):
    """B prints «519. Модификаторы броска кубика.» (000_ee1f512a66c0b866.txt:7); A prints no 519 —
    its heading «Модификаторы атаки.» (001_953fb652d091abb1.txt:4) opens the section of 519.3."""
    r = cli("show", "519")
    assert r.exit_code == 0, r.output
    blocks = r.stdout.split("\n\n")
    assert blocks[0].startswith("«Модификаторы атаки» — edition A") and "stands for 519" in blocks[0]
    assert blocks[1].startswith("519 — edition B")


def test_two_editions_side_by_side_show_each_value_whole(cli):
    """kb/scenarios/die-roll-editions-differ.yaml: roll 4, +1 from the roller's squad, the opponent's
    «сводится к 1». A (518.3: а) first, д) set-to last): 4 → 5 → 1. B (519.2: a. set-to first, then
    b. +X): 4 → 1 → 2. Both whole in their cells; each edition's final state with zone, owner, wounds."""
    from conftest import KB_DIR

    r = cli("why", str(KB_DIR / "scenarios" / "die-roll-editions-differ.yaml"), "-e", "A", "-e", "B")
    assert r.exit_code == 0, r.output
    row = next(ln for ln in r.stdout.splitlines() if ln.startswith("1. бросок кубика"))
    assert "1 (без модификаторов 4)" in row and "2 (без модификаторов 4)" in row
    for e in ("A", "B"):
        block = r.stdout.split(f"Итоговое состояние, редакция {e}:\n")[1].split("\n\n")[0]
        assert "существо противника (foe): в зоне битвы, владелец игрок p2, ран 0" in block


def test_an_edition_that_fails_is_said_and_the_status_is_not_0(cli):
    """kb/scenarios/attack-deals-wounds.yaml: Гном-Басаарг's medium strike 3, +1 from the Гномий
    Король (519.3 а) = 4 wounds, the target prevents «следующие 2 раны»: 2 dealt. Edition B states
    no attack modifiers (its 519 is the die roll): it cannot compute the situation."""
    from conftest import KB_DIR

    r = cli("why", str(KB_DIR / "scenarios" / "attack-deals-wounds.yaml"), "-e", "A", "-e", "B")
    assert r.exit_code == 1
    assert r.stderr.startswith("berserk-kb: error: редакция B не вычисляет это: ") and r.stderr.count("\n") == 1
    a_cell = next(ln for ln in r.stdout.splitlines() if ln.startswith("     редакция A: "))
    assert "сила 4" in a_cell and "нанесено ран 2, предотвращено 2" in a_cell  # nothing cut
    assert "существо противника (foe): в зоне битвы, владелец игрок p2, ран 2" in r.stdout


def test_card_suggests_the_cards_a_user_means(cli):
    """The rulebook names «Гном-Басаарг» and «Гномий Король» (519.3, ПРИМЕР: «Гном-Басаарг в строю с
    Гномьим Королём…»); «Гном» is neither, but a user who writes it means them."""
    r = cli("card", "Гном")
    assert r.exit_code == 2
    assert r.stderr == "berserk-kb: error: no card 'Гном' in this KB (did you mean: Гном-Басаарг, Гномий Король?)\n"


def test_card_facts_are_text(cli):
    """kb/cards.yaml: Льер-Кулат hit [2, 2, 3], the feature Затмение, and grants Отравление 1 while
    adjacent (the 002 example: «Вайл получает Отравление 1, пока Льер-Кулат стоит рядом»)."""
    r = cli("card", "Льер-Кулат")
    assert r.exit_code == 0, r.output
    facts = " ".join(r.stdout.split("kb/cards.yaml: ")[1].split("mentioned")[0].split())
    assert facts == "strike 2/2/3; features: Затмение; grants: Отравление 1 (while: adjacent)"


@pytest.mark.parametrize("text, word", [
    ("Максимум 10 {health} .", "Максимум 10 жизней ."), ("+1 к {strike} .", "+1 к удару ."),
    ("{counter}{tap}: Разряд на 1.", "Фишка + закрыть: Разряд на 1."), ("Не больше 3 {counter}", "Не больше 3 фишек"), ("5 {counter}", "5 фишек"),
])
def test_card_icons_are_words(text, word):
    """The icons const.json's table leaves unnamed, as words in the case the text around them calls for."""
    import re

    from berserk_kb.lexicon.cardfile import ICON_WORDS, icon_word

    out = re.sub(r"\{(\w+)\}", lambda m: ("" if not m.start() or text[m.start() - 1] != "}" else " + ")
                 + icon_word(ICON_WORDS[m.group(1)], text[:m.start()]), text)
    assert out == word


def test_ids_are_never_cut_across_lines(cli, kb, monkeypatch):
    """`check` on a narrow terminal: its messages name units by id («the clause citing
    A:516.1.2/если-игрок-может-применить …»); no id is cut at a hyphen or in the middle."""
    import re

    from berserk_kb import render

    monkeypatch.setattr(render, "terminal_width", lambda: 40)
    text = cli("check").stdout
    glued = re.sub(r"\n *", "", text)
    cut = [i for i in {u.id for u in kb.rulebook.units()} if i in glued and i not in text]
    assert "A:516.1.2/если-игрок-может-применить" in text
    assert cut == []


def _small_kb(tmp_path):
    """A rulebook of its own per test (one Prolog module per content, loaded from one place per process)."""
    from conftest import make_kb

    return make_kb(tmp_path / "kb", {"a.txt": f"1. Общие положения\n\n1.1. Текст правила (см. п. 1.2).\n\n1.2. {tmp_path.name}.\n"})


def _runs_without_the_cache(cli, kb, warned_about):
    """1.1 cites 1.2 (`show 1.2`: cited by 1.1), with one warning line about the cache folder."""
    r = cli("show", "1.2", "--kb", str(kb))
    assert r.exit_code == 0, r.output
    assert "cited by:\n    1.1  «см. п. 1.2»" in r.stdout
    assert r.stderr.count("\n") == 1
    assert r.stderr.startswith(f"berserk-kb: warning: cache folder {warned_about} is not usable (")
    assert "running without a cache" in r.stderr


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_read_only_cache_folder_runs_without_a_cache(cli, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o555)
    monkeypatch.setenv("BERSERK_KB_CACHE", str(cache))
    _runs_without_the_cache(cli, _small_kb(tmp_path), cache)


def test_a_cache_folder_that_cannot_be_made_runs_without_a_cache(cli, tmp_path, monkeypatch):
    (tmp_path / "file").write_text("x")
    cache = tmp_path / "file" / "cache"
    monkeypatch.setenv("BERSERK_KB_CACHE", str(cache))
    _runs_without_the_cache(cli, _small_kb(tmp_path), cache)


@pytest.mark.parametrize("make, reason", [
    (lambda p: p.write_text("x") and p, "(it is a file, not a folder)"),
    (lambda p: p.write_text("x") and p / "cache", "(FILE is a file, not a folder)"),
    (lambda p: "/dev/null", "(it is a device, not a folder)"),
    (lambda p: "/proc/self", "(no file can be created in it: "),
])
def test_the_cache_warning_says_why(tmp_path, capsys, make, reason):
    """The warning said «(File exists)» for a file or a device, «(No such file or directory)» for
    /proc/self: it names what is in the way."""
    from pathlib import Path

    from berserk_kb.store.files import _Fallbacks

    folder = Path(make(tmp_path / "file"))
    assert _Fallbacks().get(folder) != folder
    assert reason.replace("FILE", str(tmp_path / "file")) in capsys.readouterr().err


def test_a_full_cache_folder_runs_without_a_cache(cli, tmp_path, monkeypatch):
    """The folder can be made and a file created in it, but writing an entry fails (ENOSPC)."""
    import errno

    from berserk_kb.errors import InputError
    from berserk_kb.store import entries

    cache = tmp_path / "cache"
    monkeypatch.setenv("BERSERK_KB_CACHE", str(cache))
    real = entries.write_atomically

    def full(path, data, **how):
        if cache in path.parents:
            raise InputError(f"{path}: cannot write: {os.strerror(errno.ENOSPC)}", path=path)
        real(path, data, **how)

    monkeypatch.setattr(entries, "write_atomically", full)
    _runs_without_the_cache(cli, _small_kb(tmp_path), cache)
    assert not any(p.is_file() and p.name != "CACHEDIR.TAG" for p in cache.rglob("*"))


def test_long_work_is_shown_on_a_terminal_and_not_elsewhere(cli, tmp_path, monkeypatch):
    """A first `check` of a new rulebook reads it, writes its facts, runs every check: said on
    standard error when it is a terminal; nothing of it when it is not."""
    from berserk_kb import cli_frame, progress

    monkeypatch.setenv("BERSERK_KB_CACHE", str(tmp_path / "cache-quiet"))
    quiet = cli("check", "--kb", str(_small_kb(tmp_path / "q")))
    assert "berserk-kb:" not in quiet.stderr and "checking" not in quiet.stderr

    monkeypatch.setenv("BERSERK_KB_CACHE", str(tmp_path / "cache-shown"))
    monkeypatch.setattr(cli_frame, "stderr_is_terminal", lambda: True)
    try:
        shown = cli("check", "--kb", str(_small_kb(tmp_path / "s")))
    finally:
        progress.show_with(None, None)
    assert "berserk-kb: reading the rulebook (once; kept in the cache)…" in shown.stderr
    assert "\r\x1b[K" in shown.stderr  # the status line is cleared when the work is done
    assert "checking" in shown.stderr
    assert shown.stdout == quiet.stdout


def test_make_says_what_it_installs_before_it_does(tmp_path):
    """`make demo` on a fresh machine: each slow step (SWI-Prolog from apt, the venv, pip) is announced."""
    import shutil
    import subprocess

    from conftest import ROOT

    if shutil.which("make") is None:
        pytest.skip("no make")
    plan = subprocess.run(["make", "-n", "-B", "setup", f"VENV={tmp_path / 'venv'}"], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout
    for said, step in (("installing SWI-Prolog", "scripts/install-swipl.sh"), ("creating the Python environment", "-m venv"),
                       ("installing berserk-kb", "pip install --quiet -e")):
        assert said in plan and plan.index(said) < plan.index(step), (said, plan)


def test_show_of_a_reference_marks_it_in_the_text_and_gives_its_offsets(cli, tmp_path):
    """``show X:701.1#ref1`` showed 701.1 without saying where the reference stands in it: marked
    ⟦ ⟧ as ``search`` marks (and «▶» among what it cites); ``--json`` gives its offsets in its
    unit's text. «Текст правила (» is 15 characters, «см. п. 701.2» 12: 15 to 27."""
    import json

    from conftest import make_kb

    kb = make_kb(tmp_path / "kb", {"f.txt": "701.1. Текст правила (см. п. 701.2) и ещё.\n\n701.2. Другое.\n"})
    r = cli("show", "X:701.1#ref1", "--kb", str(kb))
    assert r.exit_code == 0, r.output
    assert "Текст правила (⟦см. п. 701.2⟧) и ещё." in r.stdout
    assert "▶ 701.2  «см. п. 701.2»" in r.stdout
    plain = cli("show", "701.1", "--kb", str(kb))
    assert "⟦" not in plain.stdout and "▶" not in plain.stdout  # only the reference asked for is marked
    (view,) = json.loads(cli("show", "X:701.1#ref1", "--kb", str(kb), "--json").stdout)
    (cite,) = view["cites"]
    assert (cite["id"], cite["unit"], cite["start"], cite["end"]) == ("X:701.1#ref1", "X:701.1", 15, 27)
    assert view["text"][15:27] == "см. п. 701.2"
