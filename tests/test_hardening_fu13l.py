"""A fresh user's findings on issue 13 (fu13l): a malformed ``site --server`` address, the
working folder of an import killed outright, the English two-edition comparison, the web's SPARQL
memory refusal, a non-UTF-8 byte in an argument, and the web /why page's problems under ru.
Inputs are made here."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import EXE, KB_DIR, one_line_refusal, run_exe

DIE_ROLL = str(KB_DIR / "scenarios" / "die-roll-editions-differ.yaml")


# --- L8: a --server address urlsplit cannot take, or with a port that is not one ----------------


@pytest.mark.parametrize("server", ["http://[::1", "http://[zz]/", "http://x:99999/", "http://x:abc/",
                                    "http://x:0/", "http://:80/"])
def test_a_malformed_server_address_is_one_line_and_writes_nothing(server):
    from berserk_kb.web.site import is_server_address

    assert not is_server_address(server)


def test_a_malformed_server_address_is_refused_by_the_command(tmp_path, warm_cache):
    out = tmp_path / "site"
    for server in ("http://[::1", "http://[zz]/", "http://x:99999/"):
        line = one_line_refusal(run_exe(["site", "-o", str(out), "--server", server], warm_cache))
        assert "--server must be an http:// or https:// address" in line
        assert not out.exists()


@pytest.mark.parametrize("server", ["http://localhost:8080/", "https://[::1]:443/kb", "http://example.org"])
def test_a_good_server_address_is_taken(server):
    from berserk_kb.web.site import is_server_address

    assert is_server_address(server)


# --- L9: an import killed with SIGKILL leaves its working folder; the next import clears it --------


def test_the_working_folder_of_an_import_killed_outright_is_removed_by_the_next(tmp_path, warm_cache):
    """A child ``import --force`` is killed with SIGKILL once its ``.import-*`` folder holds its
    lock file; the folder stays (nothing ran to remove it). The next import into the same DIR
    removes it at once — its lock is held by no process — and leaves only ``sources``."""
    src = tmp_path / "big.txt"
    src.write_text("".join(f"{100 + s}. Раздел номер {s}\n\n" + "".join(
        f"{100 + s}.{k}. Существо атакует другое существо, см. п. {100 + s}.1.\n\n" for k in range(1, 20))
        for s in range(300)), encoding="utf-8")
    small = tmp_path / "small.txt"
    small.write_text("1. Правила\n1.1. Игра идёт до победы.\n", encoding="utf-8")
    out, cache = tmp_path / "OUT", warm_cache
    assert run_exe(["import", str(small), "-o", str(out), "--edition", "X"], cache).returncode == 0
    proc = subprocess.Popen([sys.executable, "-c", "from berserk_kb.cli import main; main()", "import", str(src),
                             "-o", str(out), "--edition", "X", "--force"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=dict(os.environ, BERSERK_KB_CACHE=str(cache)))
    deadline = time.monotonic() + 120
    while (not any((d / ".lock").is_file() and (d / ".lock").stat().st_size for d in out.glob(".import-*"))
           and proc.poll() is None and time.monotonic() < deadline):
        time.sleep(0.005)
    assert proc.poll() is None, "the import ended before it could be killed"
    proc.send_signal(signal.SIGKILL)
    assert proc.wait(timeout=60) == -signal.SIGKILL
    left = list(out.glob(".import-*"))
    assert len(left) == 1 and (left[0] / ".lock").read_text().strip() == str(proc.pid)
    r = run_exe(["import", str(small), "-o", str(out), "--edition", "Y"], cache)
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in out.iterdir()) == ["sources"]


# --- L10: the English comparison of editions is in the en pack's words, as the Russian one -------


def test_the_comparison_in_english_is_in_the_packs_words(cli, kb):
    """die-roll-editions-differ.yaml: roll 4, +1 from the roller's squad, set to 1 by the opponent.
    A, 518.3: «д) модификаторы, сводящие численное значение броска кубика к определённому числу»
    come last: 4 + 1 = 5, then 1. B, 519.2: «a. модификаторы, сводящие бросок кубика к
    определённому значению» come first: 1, then + 1 = 2. The English table words each result with
    the en pack's sentence for a die roll and the kind's label: no JSON, no kind name."""
    import re

    en = kb.language_pack("en")
    text = cli("why", DIE_ROLL, "-e", "A", "-e", "B", "--lang", "en").stdout
    head, row, *rest = text.splitlines()
    assert head.split() == [en["words"]["comparison_event"], "edition", "A", "edition", "B"]
    label = en["events"]["die_roll"]["label"]
    sentence = en["events"]["die_roll"]["templates"][0]["text"]
    a = sentence.replace("{result.value}", "1").replace("{result.unmodified}", "4")
    b = sentence.replace("{result.value}", "2").replace("{result.unmodified}", "4")
    assert re.fullmatch(rf"1\. {label} +{re.escape(a)} +{re.escape(b)} +{en['words']['comparison_differs']}", row)
    assert rest[0].startswith("     deciding in A: 518.3 «")
    assert "{" not in text and "die_roll" not in text



# --- L7: an argument with bytes that are not UTF-8: only those bytes escaped ---------------------


def test_an_argument_not_in_utf8_shows_its_bad_bytes_escaped_and_its_cyrillic_as_is(tmp_path, warm_cache):
    """``search $'\\xff\\xfe карта'``: the bytes 0xff 0xfe are not UTF-8 (neither can start a
    character); «карта» is. The one line shows ``\\xff\\xfe карта`` — not ``\\u043a…``."""
    env = dict(os.environ, BERSERK_KB_CACHE=str(warm_cache))
    r = subprocess.run([EXE.encode(), b"search", b"\xff\xfe " + "карта".encode()], env=env, capture_output=True,
                       timeout=60)
    err = r.stderr.decode("utf-8")
    assert r.returncode == 2 and "Traceback" not in err and len(err.splitlines()) == 1, err
    assert err == "berserk-kb: error: argument '\\xff\\xfe карта' is not valid UTF-8 (and names no file that exists)\n"


def test_a_shown_argument_is_cut_and_names_a_lone_byte():
    from berserk_kb.render import argument_shown

    assert argument_shown("я" * 80 + "\udcff") == "'" + "я" * 60 + "…'"
    assert argument_shown("\udcd0x") == "'\\xd0x'"


# --- L4: the file errors of `why` are worded by the pack under ru --------------------------------


def test_the_os_errors_of_why_are_in_the_ru_packs_words(cli, kb, tmp_path):
    """A symlink loop, a path through a file, a name of 300 characters (over the 255 a name may
    have), a file of 5,000,000 bytes (over the 4 MiB a scenario is read to): under the default ru
    each is the ru pack's template of its kind — not the system's English; --lang en keeps it."""
    ru = kb.language_pack("ru")
    words, templates = ru["words"], ru["refusals"]
    scenario = words["file_scenario"]
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    (tmp_path / "f").write_text("title: x\n", encoding="utf-8")
    big = tmp_path / "big.yaml"
    big.write_bytes(b"title: a\n" * 555_556)
    for path, errno_name in ((tmp_path / "loop1", "ELOOP"), (tmp_path / "f" / "x", "ENOTDIR"),
                             (tmp_path / ("x" * 300), "ENAMETOOLONG")):
        r = cli("why", str(path))
        said = templates["file_unreadable"].format(file=scenario, reason=words[f"errno_{errno_name}"])
        assert r.exit_code == 2 and r.stderr.strip().endswith(said), (errno_name, r.stderr)
    r = cli("why", str(big))
    assert r.exit_code == 2 and r.stderr.strip().endswith(templates["file_too_large"].format(file=scenario,
                                                                                              size="4 MiB")), r.stderr
    en = cli("why", str(tmp_path / "loop1"), "--lang", "en")
    assert en.stderr.strip().endswith(": cannot read scenario: Too many levels of symbolic links"), en.stderr


# --- L1: the YAML parser's problems in the ru pack's words ---------------------------------------


@pytest.mark.parametrize("text, word, args", [
    ("title: [a\n", "yaml_unclosed", ["]"]),
    ("title: {a\n", "yaml_unclosed", ["}"]),
    ("a: b: c\n", "yaml_colon", []),
    ('title: "abc\n', "yaml_unexpected_end", []),
    ("%YAML 9.9\n--- a\n", "yaml_version", []),
    ("a\n---\nb\n", "yaml_two_documents", []),
    ('x: "\\xZZ"\n', "yaml_bad_escape", []),
    ("\ta: 1\n", "yaml_bad_character", []),
])
def test_a_yaml_parser_problem_is_in_the_ru_packs_words(cli, kb, tmp_path, text, word, args):
    """Each text breaks YAML in one way (an open bracket, a second colon, an open quote, a YAML
    version 9.9, two documents, «\\x» without hex digits, a tab before a key): under the default ru
    the reason is the ru pack's word for it inside its not_yaml template; no parser English."""
    ru = kb.language_pack("ru")
    f = tmp_path / "s.yaml"
    f.write_text(text, encoding="utf-8")
    r = cli("why", str(f))
    said = ru["refusals"]["not_yaml"].format(problem=ru["words"][word].format(*args))
    assert r.exit_code == 2 and r.stderr.strip().endswith(said), r.stderr
    en = cli("why", str(f), "--lang", "en")
    assert kb.language_pack("en")["words"][word].format(*args) in en.stderr
