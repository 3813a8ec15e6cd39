"""The minor items left open on issue 13 (fu13m's M2, M5, M8, M9, M10, L3 and file names that are
not UTF-8). Inputs are made here; expected values are worked out by hand in each test."""

from __future__ import annotations

# --- M2: the cache folder as the XDG Base Directory specification says --------------------------


def test_a_relative_xdg_cache_home_is_ignored(tmp_path, monkeypatch):
    """The XDG Base Directory specification: «If an implementation encounters a relative path in any
    of these variables it should consider the path invalid and ignore it» — the cache is then
    $HOME/.cache/berserk-kb, not ./rel/berserk-kb; an absolute one is used as given."""
    from berserk_kb.store.files import configured_cache_dir

    monkeypatch.delenv("BERSERK_KB_CACHE")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", "rel")
    assert configured_cache_dir() == tmp_path / ".cache" / "berserk-kb"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert configured_cache_dir() == tmp_path / "xdg" / "berserk-kb"


def test_a_home_that_does_not_exist_runs_without_a_cache(tmp_path, monkeypatch, capsys):
    """HOME=/…/missing and no XDG_CACHE_HOME: the cache would be missing/.cache/berserk-kb, and
    making it would make the home folder. A temporary folder is used instead, with one warning
    line naming the home folder; nothing is made under it."""
    from berserk_kb.store.files import _Fallbacks, configured_cache_dir

    home = tmp_path / "missing"
    monkeypatch.delenv("BERSERK_KB_CACHE")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(home))
    configured = configured_cache_dir()
    assert configured == home / ".cache" / "berserk-kb"
    fallbacks = _Fallbacks()
    used = fallbacks.get(configured)
    assert used != configured and used.is_dir() and fallbacks.get(configured) == used
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"the home folder {home} does not exist" in err and "running without a cache" in err
    assert not home.exists()


# --- M5: the why page's situation form says its problems in the page's language ---------------


def test_the_form_builders_problems_are_worded_by_the_pack(kb):
    """A modifier line «king add» (two words, the form wants «source op value») and an event kind
    «teleport» (not one of the form's kinds): each is refused with a refusal the ru pack words
    (ru_input.pl), naming the field and the line; the en pack gives the message raised."""
    import pytest

    from berserk_kb.errors import ScenarioError
    from berserk_kb.explain import refusals
    from berserk_kb.web.situation import from_form

    ru, en = kb.language_pack("ru"), kb.language_pack("en")
    for form, field in (({"build": "1", "kind": "die_roll", "roll_mods": "king add 1\nking add"}, "roll_mods"),
                        ({"build": "1", "kind": "teleport"}, "kind")):
        with pytest.raises(ScenarioError) as caught:
            from_form(form, ["A"])
        said = refusals.say(caught.value.refusal, ru)
        assert said is not None and said.startswith(f"форма: поле {field}") and "form" not in said, said
        assert refusals.say(caught.value.refusal, en) == str(caught.value)
    assert "строка 2" in refusals.say({"kind": "form_modifier_line", "values": ["roll_mods", 2]}, ru)


# --- M8: a title has a length limit -----------------------------------------------------------


def test_a_title_over_the_limit_is_refused_in_one_line(cli, tmp_path):
    """`import --title` of 301 characters (the limit is 300): one line naming --title and its
    length, exit 2, nothing written; 300 characters are taken."""
    from berserk_kb.text.formats.importer import TITLE_LIMIT

    src = tmp_path / "r.txt"
    src.write_text("1. Общие положения\n\n1.1. Текст.\n", encoding="utf-8")
    r = cli("import", str(src), "-o", str(tmp_path / "kb"), "--title", "т" * (TITLE_LIMIT + 1))
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == f"berserk-kb: error: import: --title is 301 characters long; a title is at most {TITLE_LIMIT}\n"
    assert not (tmp_path / "kb").exists()
    r = cli("import", str(src), "-o", str(tmp_path / "kb"), "--title", "т" * TITLE_LIMIT)
    assert r.exit_code == 0, r.output


# --- M9: an unchanged unit is no change -------------------------------------------------------

RULES = "1. Общие положения\n\n1.1. Существо атакует врага.\n\n1.2. Игрок берёт карту из колоды.\n"


def test_identical_editions_are_said_in_one_line(cli, tmp_path):
    """The same file imported as X and as Y: its heading 1 and paragraphs 1.1, 1.2 are three units,
    each aligned with itself — «the same text», one line, not three «1.1 → 1.1» groups."""
    src, kb = tmp_path / "r.txt", tmp_path / "kb"
    src.write_text(RULES, encoding="utf-8")
    for ed in ("X", "Y"):
        assert cli("import", str(src), "-o", str(kb), "-e", ed).exit_code == 0
    r = cli("diff", "X", "Y", "--kb", str(kb))
    assert r.exit_code == 0, r.output
    assert r.stdout == "edition X → edition Y: the same text (3 units aligned, none changed, added or removed)\n"


def test_only_the_changed_unit_is_listed(cli, tmp_path):
    """Y changes one word of 1.2 («колоды» → «руки»): 1.2 is listed with its word diff; 1 and 1.1,
    unchanged, are counted in the summary line only."""
    kb = tmp_path / "kb"
    for ed, text in (("X", RULES), ("Y", RULES.replace("колоды", "руки"))):
        (src := tmp_path / f"{ed}.txt").write_text(text, encoding="utf-8")
        assert cli("import", str(src), "-o", str(kb), "-e", ed).exit_code == 0
    lines = cli("diff", "X", "Y", "--kb", str(kb)).stdout.splitlines()
    assert lines[0].startswith("edition X → edition Y: 3 aligned (2 unchanged, not listed), 0 added, 0 removed")
    assert [x.split("(")[0] for x in lines[1:] if " → " in x] == ["  1.2 → 1.2  "], lines
    assert lines[1].endswith("changed)") and lines[2] == "      Игрок берёт карту из [-колоды.-] {+руки.+}", lines


# --- M10: one wording for each kind of --kb problem -------------------------------------------


def test_each_kind_of_kb_problem_has_one_wording_in_each_language(cli, tmp_path):
    """A missing folder, a file, a folder without sources/, one without sources/manifest.yaml, an
    empty path: for `show` and `search` (English) each is «NAME: <problem>; expected a
    knowledge-base folder (…)», the same in both, and for `why` (Russian by default) the ru pack's
    template of the same kind after the name — never click's «Invalid value for '--kb'»."""
    from berserk_kb.text.manifest import KB_PROBLEMS

    (tmp_path / "file").write_text("x")
    (tmp_path / "bare").mkdir()
    (tmp_path / "nomanifest" / "sources").mkdir(parents=True)
    scenario = tmp_path / "s.yaml"
    scenario.write_text("edition: A\ncards: []\nevents: []\n", encoding="utf-8")
    from berserk_kb import KnowledgeBase

    ru, en = (KnowledgeBase.words_of(lang)["refusals"] for lang in ("ru", "en"))
    assert {k: en[k] for k in KB_PROBLEMS} == KB_PROBLEMS  # the en pack's words are the message raised
    for name, kind in (("missing", "kb_missing"), ("file", "kb_not_a_folder"), ("bare", "kb_no_sources"),
                       ("nomanifest", "kb_no_manifest"), ("", "kb_empty")):
        kb = str(tmp_path / name) if name else ""
        at = f"{kb}: " if name else ""
        said = {cli(*command, "--kb", kb).stderr for command in (("show", "1.1"), ("search", "x"))}
        assert said == {f"berserk-kb: error: {at}{KB_PROBLEMS[kind]}\n"}, (name, said)
        r = cli("why", str(scenario), "--kb", kb)
        assert r.exit_code == 2 and r.stderr == f"berserk-kb: error: {at}{ru[kind]}\n", (name, r.stderr)


# --- L3: click's own usage errors in why's language -------------------------------------------

EXAMPLE = "kb/examples/A-519.3-ex1-gnome-basaarg.yaml"


def test_click_usage_errors_under_why_are_russian_by_default(cli):
    """why speaks Russian unless --lang en: an option misspelt, a missing FILE, a choice not offered,
    an option without its value, a flag given a value and an argument too many are each one line,
    exit 2, in the ru pack's words (lang/ru_input.pl usage_*), naming what was given; with --lang en
    click's own words stay."""
    cases = [
        ((EXAMPLE, "--lnag", "ru"), "нет такого параметра: --lnag (может быть, --lang?)"),
        ((), "не задан аргумент 'FILE'"),
        ((EXAMPLE, "--format", "xml"), "недопустимое значение '--format' / '-f': 'xml' (допустимы: 'text', 'json', 'turtle')"),
        ((EXAMPLE, "--edition"), "параметру '--edition' нужно значение"),
        ((EXAMPLE, "--brief=yes"), "параметр '--brief' не принимает значения"),
        ((EXAMPLE, "more.yaml"), "лишние аргументы: more.yaml"),
    ]
    for args, said in cases:
        r = cli("why", *args)
        assert r.exit_code == 2 and r.stdout == "", (args, r.output)
        assert r.stderr == f"berserk-kb: error: why: {said} (см. berserk-kb why --help)\n", (args, r.stderr)
    r = cli("why", EXAMPLE, "--lang", "en", "--format", "xml")
    assert r.exit_code == 2 and r.stderr.startswith("berserk-kb: error: why: Invalid value for '--format'")
    assert r.stderr.endswith("(see berserk-kb why --help)\n") and r.stderr.count("\n") == 1


# --- a file whose name is not UTF-8 -----------------------------------------------------------


def test_a_scenario_and_a_kb_folder_named_in_bytes_that_are_not_utf8(tmp_path):
    """The console script (pyswip hands SWI-Prolog the process's arguments as it starts, so only a
    real start shows it): `why $'\\xff.yaml' --kb $'kb\\xfe' --json` on the bundled rulebook's copy
    and 519.3's ПРИМЕР 1 (strength 1). It was «argument … is not valid UTF-8»; now the answer, its
    source the file's own name (JSON's \\udcff, which os.fsencode gives back as the byte 0xff)."""
    import json
    import os
    import shutil
    import subprocess

    from conftest import EXE, KB_DIR

    kb = os.fsencode(tmp_path) + b"/kb\xfe"
    shutil.copytree(KB_DIR / "sources", os.fsdecode(kb) + "/sources")
    shutil.copy(KB_DIR / "cards.yaml", os.fsdecode(kb))  # Гном-Басаарг's strikes
    scenario = os.fsencode(tmp_path) + b"/\xff.yaml"
    shutil.copy(KB_DIR / "examples" / "A-519.3-ex1-gnome-basaarg.yaml", os.fsdecode(scenario))
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict")  # as a UTF-8 locale other than C has it
    r = subprocess.run([EXE.encode(), b"why", scenario, b"--kb", kb, b"--json"], env=env, capture_output=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    answer = json.loads(r.stdout)
    assert os.fsencode(answer["source"]) == scenario and answer["events"][0]["result"]["strength"] == 1


def test_an_output_named_in_bytes_that_are_not_utf8_is_written(cli, tmp_path):
    """`export -o $'out\\xfd.ttl'` writes that file and says so with the byte escaped (\\udcfd); a
    name that is not UTF-8 and names no file (`search $'\\xff'`) is one line naming it, its byte
    escaped, exit 2."""
    import os

    out = os.fsdecode(os.fsencode(tmp_path) + b"/out\xfd.ttl")
    r = cli("export", "-o", out)
    assert r.exit_code == 0, r.output
    assert (tmp_path / out.rsplit("/", 1)[1]).read_text(encoding="utf-8").startswith("@prefix")
    assert "out\\udcfd.ttl" in r.stderr and r.stderr.count("\n") == 1
    r = cli("search", "\udcff")
    assert r.exit_code == 2
    assert r.stderr == "berserk-kb: error: argument '\\xff' is not valid UTF-8 (and names no file that exists)\n"
