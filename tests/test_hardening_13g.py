"""A fresh user's findings on issue 13 (fu13g): the folders inside a compiled bundle, files of a
``--kb`` folder and an import's stale lock that are FIFOs or devices, control characters in
one-line fields and in paths, the cap per kind of cache entry, number searches, and the «differs»
mark of two editions. Inputs are made here."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import KB_DIR

EXE = str(Path(sys.executable).with_name("berserk-kb"))
DIE_ROLL = str(KB_DIR / "scenarios" / "die-roll-editions-differ.yaml")


def _run(args, cache, timeout=30):
    env = dict(os.environ, BERSERK_KB_CACHE=str(cache))
    return subprocess.run([EXE, *args], env=env, capture_output=True, text=True, timeout=timeout)


def _one_line(r):
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    return r.stderr.strip()


# --- N1: every folder inside a compiled bundle is checked before SWI-Prolog loads from it -------


@pytest.fixture()
def small_bundle(tmp_path, monkeypatch):
    """A compiled bundle of one file in a sub-folder (``rules/a.pl``), as the code bundle has."""
    from berserk_kb.engine.compiled import bundle

    monkeypatch.setenv("BERSERK_KB_CACHE", str(tmp_path / "cache"))
    base = tmp_path / "src"
    (base / "rules").mkdir(parents=True)
    (base / "rules" / "a.pl").write_text(":- module(a, [a/1]).\na(1).\n", encoding="utf-8")
    sources = [base / "rules" / "a.pl"]
    final = bundle(base, sources, "facts")
    assert final is not None and (final / "rules" / "a.qlf").is_file()
    return lambda: bundle(base, sources, "facts"), final


def test_a_bundle_sub_folder_others_can_write_is_not_loaded_as_the_top_folders_are_not(small_bundle, capsys):
    """SWI-Prolog opens ``rules/a.qlf`` again after its digest is checked: in a folder another user
    can write, a file renamed over it in between would run as the user. The bundle is built in the
    folder used instead, and the one there is left alone."""
    again, final = small_bundle
    (final / "rules").chmod(0o777)
    before = (final / "rules" / "a.qlf").read_bytes()
    other = again()
    assert other is not None and final not in (other, *other.parents) and (other / "rules" / "a.qlf").is_file()
    assert (final / "rules" / "a.qlf").read_bytes() == before
    assert f"{final / 'rules'} is writable by other users" in capsys.readouterr().err


def test_a_bundle_sub_folder_that_is_a_link_is_built_again(small_bundle, tmp_path):
    """A link leads to folders nobody checked: the bundle is not taken as whole, and is built again."""
    again, final = small_bundle
    elsewhere = tmp_path / "elsewhere"
    (final / "rules").rename(elsewhere)
    (final / "rules").symlink_to(elsewhere)
    assert again() == final
    assert not (final / "rules").is_symlink() and (final / "rules" / "a.qlf").is_file()


# --- N3: a cards.yaml or features.yaml that is a FIFO or a device ------------------------------


@pytest.mark.parametrize("name, what", [("cards.yaml", "cards file"), ("features.yaml", "features file")])
@pytest.mark.parametrize("how", ["fifo", "dev-zero"])
def test_a_kb_file_of_names_that_is_a_fifo_or_a_device_is_one_line(tmp_path, name, what, how, warm_cache):
    """``export`` computes the links key from these files (lexicon/names.py): read as every file of
    a knowledge base is, never blocking, never without end."""
    kb = tmp_path / "kb"
    shutil.copytree(KB_DIR, kb, ignore=shutil.ignore_patterns("imported"))
    (kb / name).unlink()
    if how == "fifo":
        os.mkfifo(kb / name)
    else:
        (kb / name).symlink_to("/dev/zero")
    err = _one_line(_run(["--kb", str(kb), "export", "-o", str(tmp_path / "out.ttl")], warm_cache))
    said = "is not a regular file" if how == "fifo" else f"is a link to a file outside the kb folder {kb}"
    assert f"{kb / name}: {what} {said}" in err, err
    assert not (tmp_path / "out.ttl").exists()


# --- N4: a stale import folder whose lock is a FIFO ---------------------------------------------


def test_a_stale_import_folder_whose_lock_is_a_fifo_never_hangs_the_import(tmp_path, warm_cache):
    book, out = tmp_path / "book.txt", tmp_path / "out"
    book.write_text("1. Правила\n1.1. Игра идёт до победы.\n", encoding="utf-8")
    stale = out / ".import-zz"
    stale.mkdir(parents=True)
    os.mkfifo(stale / ".lock")
    old = time.time() - 3 * 3600
    os.utime(stale / ".lock", (old, old))
    os.utime(stale, (old, old))
    r = _run(["import", str(book), "-o", str(out), "--edition", "Y"], warm_cache, timeout=30)
    assert r.returncode == 0, r.stderr
    assert (out / "sources" / "manifest.yaml").is_file()
    assert (stale / ".lock").exists()  # no lock of ours: left alone, not followed, not opened to block


# --- N2: a line break or a tab in a one-line field; a lone surrogate ----------------------------


@pytest.mark.parametrize("char", ["\n", "\t", "\r"])
@pytest.mark.parametrize("where, field", [("card", "cards[0].name"), ("feature", "events[0].gain_feature.name"),
                                          ("id", "cards[0].id")])
def test_a_line_break_in_a_one_line_field_is_refused_naming_it(cli, tmp_path, char, where, field):
    """Printed raw, «x\\nИтоговое состояние: FAKE» was a line of the tool's own in the text output."""
    import json

    card = {"id": "c" + char + "d" if where == "id" else "c", "controller": "p1"}
    if where == "card":
        card["name"] = "a" + char + "  Событие 2: FAKE"
    gain = {"card": card["id"], "name": "x" + char + "Итоговое состояние: FAKE" if where == "feature" else "x",
            "value": 1}
    f = tmp_path / "nl.json"
    f.write_text(json.dumps({"edition": "A", "cards": [card], "events": [{"gain_feature": gain}]}), encoding="utf-8")
    r = cli("why", str(f), "--lang", "en")
    assert r.exit_code == 2, r.output
    assert r.stderr.strip() == f"berserk-kb: error: {f}:1: field {field}: contains a line break or a tab (a one-line field)"
    r = cli("why", str(f))  # the Russian words (ru_words.pl input_line_break), the place the same
    assert r.stderr.strip() == f"berserk-kb: error: {f}:1: поле {field}: содержит перевод строки или табуляцию (это однострочное поле)"
    assert "FAKE" not in r.stdout


def test_a_title_and_a_note_may_still_run_over_lines(cli, tmp_path):
    f = tmp_path / "t.yaml"
    f.write_text("edition: A\ntitle: |\n  две\n  строки\nnote: \"a\\tb\"\ncards: [{id: c, controller: p1}]\n"
                 "events: [{gain_feature: {card: c, name: x, value: 1}}]\n", encoding="utf-8")
    assert cli("why", str(f)).exit_code == 0


def test_a_lone_surrogate_in_a_json_name_is_refused_in_our_words_with_its_line(cli, tmp_path):
    f = tmp_path / "s.json"
    f.write_text('{"edition": "A",\n "cards": [{"id": "c", "controller": "p1", "name": "a\\ud800b"}],\n'
                 ' "events": [{"gain_feature": {"card": "c", "name": "x", "value": 1}}]}', encoding="ascii")
    r = cli("why", str(f), "--lang", "en")
    assert r.exit_code == 2
    assert r.stderr.strip() == (f"berserk-kb: error: {f}:2: field cards[0].name: contains an unpaired surrogate "
                                "(U+D800), which is not text")


# --- N5: a path holding a control sequence is named with the sequence escaped ------------------


def test_a_kb_path_with_an_osc_sequence_is_named_with_it_escaped(cli, tmp_path):
    """``--kb $'/tmp/\\e]0;T\\a'`` said «/tmp/: does not exist» — /tmp/ exists: another path."""
    where = str(tmp_path) + "/\x1b]0;T\x07"
    r = cli("--kb", where, "show", "1")
    assert r.exit_code == 2
    assert r.stderr.startswith(f"berserk-kb: error: {tmp_path}/\\x1b]0;T\\x07: does not exist"), r.stderr


def test_a_query_file_and_a_scenario_with_a_csi_in_their_names_are_named_escaped(cli, tmp_path):
    q = str(tmp_path) + "/q\x1b[1mx"
    assert cli("sparql", "@" + q).stderr.strip() == f"berserk-kb: error: {tmp_path}/q\\x1b[1mx: query file not found"
    s = tmp_path / "e\x1b[31mx.yaml"
    shutil.copyfile(DIE_ROLL, s)
    r = cli("why", str(s))
    assert r.exit_code == 0 and r.stdout.splitlines()[0].endswith(f" — {tmp_path}/e\\x1b[31mx.yaml")


def test_an_import_folder_with_an_osc_sequence_is_named_escaped(cli, tmp_path):
    book = tmp_path / "book.txt"
    book.write_text("1. Правила\n1.1. Игра идёт до победы.\n", encoding="utf-8")
    out = str(tmp_path) + "/o\x1b]0;x\x07ut"
    r = cli("import", str(book), "-o", out, "--edition", "X")
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith(f"imported edition X into {tmp_path}/o\\x1b]0;x\\x07ut: 1 fragment")


# --- N6: each kind of cache entry is read up to its own cap -------------------------------------


@pytest.mark.parametrize("where", ["qlf/swipl-version", "qlf/code-0/MANIFEST", "swipl/x.json"])
def test_a_tiny_kind_of_entry_is_not_read_past_its_cap_though_whole(tmp_path, monkeypatch, where):
    """A 500 MB ``qlf/swipl-version`` was read whole (541 MB of memory for `show`): the version is
    one line, a manifest a line per file; 2 MiB is no such entry, even with a matching digest."""
    from berserk_kb.store.entries import read_entry, write_entry

    monkeypatch.setenv("BERSERK_KB_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "cache" / where
    write_entry(path, b"x" * (2 * 2**20))
    assert path.stat().st_size > 2 * 2**20
    assert read_entry(path) is None


def test_a_parse_of_the_same_size_is_still_read(tmp_path, monkeypatch):
    from berserk_kb.store.entries import read_entry, write_entry

    monkeypatch.setenv("BERSERK_KB_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "cache" / "model" / "x.pickle"
    write_entry(path, b"x" * (2 * 2**20))
    assert read_entry(path) == b"x" * (2 * 2**20)


# --- N7: number searches -----------------------------------------------------------------------


@pytest.mark.parametrize("number", ["5", "999"])
def test_a_bare_number_that_is_no_paragraph_is_refused_as_999_9_is(cli, number):
    """The bundled rulebook numbers its sections 518 and 519 only (kb/sources): 5 and 999 name none."""
    r = cli("search", number)
    assert r.exit_code == 2, r.output
    assert r.stderr.strip() == (f"berserk-kb: error: no paragraph {number} in any edition "
                                "(a number alone is looked for as a paragraph's number)")


def test_a_bare_number_beside_words_is_still_a_value(cli):
    """«Регенерация 2» (an example of 519 in edition A's text): the 2 is a value, the word ranks."""
    r = cli("search", "Регенерация 2")
    assert r.exit_code == 0 and "Регенерация" in r.stdout


def test_a_comma_decimal_is_the_paragraph_number(cli):
    """«518,4» is 518.4 (which A's text stands for: show 518.4), not 518 with the 4 dropped."""
    assert cli("search", "518,4").stdout == cli("search", "518.4").stdout
    import json

    comma, dot = (json.loads(cli("search", q, "--json").stdout) for q in ("518,4", "518.4"))
    assert comma.pop("query") == "518,4" and dot.pop("query") == "518.4"  # the query as written
    assert comma == dot and dot["hits"]


def test_a_negative_number_is_told_how_to_search_for_it(cli):
    r = cli("search", "-1")
    assert r.exit_code == 2
    assert r.stderr.strip().endswith("(read as an option; to give it as text: berserk-kb search -- -1)")


# --- N8: an event neither edition computes is not marked as differing ---------------------------


def test_an_event_no_edition_computes_is_not_marked_as_differing(cli, tmp_path):
    """A die roll whose next roll must equal 2 but is not given (fu13g): neither A nor B computes
    it, so nothing is known to differ; each says why on standard error."""
    import json

    f = tmp_path / "both.yaml"
    f.write_text("edition: A\ncards: [{id: c, controller: p1}]\n"
                 "events: [{die_roll: {roller: c, roll: 3, next_roll_equals: 2}}]\n", encoding="utf-8")
    r = cli("why", str(f), "-e", "A", "-e", "B")
    assert r.exit_code == 1
    row = next(line for line in r.stdout.splitlines() if line.startswith("1. "))
    assert row.count("(не вычисляется: см. ниже)") == 2 and "различается" not in row, row
    data = json.loads(cli("why", str(f), "-e", "A", "-e", "B", "--format", "json").stdout)
    assert [e["same"] for e in data["events"]] == [True]
