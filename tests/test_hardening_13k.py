"""Issue 13, the fresh user's findings fu13j (J1–J7): a working folder SWI-Prolog cannot name,
standard input closed, a cache group others share, and the words of the rest. Inputs are made here;
expected values are read off the rulebook fragments in kb/sources, as the docstrings say."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

EXE = str(Path(sys.executable).with_name("berserk-kb"))

#: kb/sources/000_ee1f512a66c0b866.txt:12 (edition B): the start of 519.3's own text.
B_519_3 = "В каждой группе модификаторов, описанной в п. 519.2"

#: fu13j d1.yaml, edition A (kb/sources 002 518.3 а)–д); 001 «Переброс кубика и переворот кубика не
#: являются модификаторами»): roll 2, rerolled 4, flipped 7 − 4 = 3 (no modifier yet: 3); then +1 → 4,
#: −1 → 3, −2 → 1, and the foe's «set 5» last (д) → 5.
ROLL = """edition: A
cards:
  - {id: r, name: бросающее, controller: p1}
  - {id: king, name: союзник, controller: p1}
  - {id: foe, name: противник, controller: p2}
events:
  - die_roll:
      roller: r
      roll: 2
      reroll: 4
      flip: true
      modifiers:
        - {id: fs, source: foe, op: set, value: 5}
        - {id: fm, source: foe, op: add, value: -2}
        - {id: rm, source: r, op: add, value: -1}
        - {id: kp, source: king, op: add, value: 1}
"""


def _run(script: str, cwd: Path, tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``script`` (shell, with $B the command) run from ``cwd``, its cache under ``tmp_path``."""
    environ = dict(os.environ, B=EXE, BERSERK_KB_CACHE=str(tmp_path / "cache"), **env)
    return subprocess.run(["sh", "-c", script], cwd=cwd, capture_output=True, text=True, timeout=180, env=environ)


# --- J1: a working folder SWI-Prolog cannot name ----------------------------------------------------


@pytest.mark.parametrize("trigger", ["not-utf8", "cyrillic-in-c-locale", "deleted"])
def test_prolog_starts_whatever_the_working_folder_is(tmp_path, trigger):
    """SWI-Prolog's start and its library lookups name the working folder; a name not UTF-8, a
    Cyrillic one under LC_ALL=C, or a deleted folder failed every Prolog command with exit 70. Nothing
    is read from the folder: the answer, exit 0 — and a relative path still means the folder."""
    env = {"LC_ALL": "C"} if trigger == "cyrillic-in-c-locale" else {}
    if trigger == "deleted":
        here = tmp_path / "gone"
        here.mkdir()
        r = _run('rmdir "$PWD" && exec "$B" show 519.3 -e B', here, tmp_path)
    else:
        here = Path(os.fsdecode(bytes(tmp_path) + b"/dir\xff")) if trigger == "not-utf8" else tmp_path / "папка"
        here.mkdir()
        (here / "roll.yaml").write_text(ROLL, encoding="utf-8")
        r = _run('exec "$B" show 519.3 -e B', here, tmp_path, **env)
        why = _run('exec "$B" why roll.yaml --json', here, tmp_path, **env)
        assert why.returncode == 0, why.stderr
        assert json.loads(why.stdout)["events"][0]["result"] == {"unmodified": 3, "value": 5}
    assert (r.returncode, r.stderr) == (0, "")
    assert B_519_3 in " ".join(r.stdout.split())


# --- J5: standard input closed; @ with no file name -------------------------------------------------


@pytest.mark.parametrize("args, said", [
    ("why -", "berserk-kb: error: -: стандартный ввод закрыт"),  # why speaks --lang (ru by default)
    ("why - --lang en", "berserk-kb: error: -: standard input is closed"),
    ("sparql @-", "berserk-kb: error: -: standard input is closed"),
])
@pytest.mark.usefixtures("warm_cache")  # the cache the helper names: tmp_path / "cache"
def test_standard_input_closed_is_said_in_one_line(tmp_path, args, said):
    """``<&-``: Python has no sys.stdin at all (was AttributeError, exit 70)."""
    r = _run(f'exec "$B" {args} <&-', tmp_path, tmp_path)
    assert (r.returncode, r.stderr, r.stdout) == (2, said + "\n", "")


@pytest.mark.usefixtures("warm_cache")  # the cache the helper names: tmp_path / "cache"
def test_an_empty_standard_input_is_said_in_the_language_asked(tmp_path):
    r = _run('exec "$B" why - </dev/null', tmp_path, tmp_path)
    assert (r.returncode, r.stderr) == (2, "berserk-kb: error: -: стандартный ввод пуст (дайте сценарий в нём или файл: why ФАЙЛ)\n")


def test_sparql_at_with_no_file_name_says_the_name_is_empty(cli):
    r = cli("sparql", "@")
    assert r.exit_code == 2 and r.stderr == "berserk-kb: error: @: the query file's name is empty (@FILE reads FILE; @- standard input)\n"


# --- J6: a group-writable cache trusted only when no other account is in the group -----------------


class _Planted:
    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


@pytest.mark.parametrize("others, trusted", [
    ([], True),  # the user's own group, no one else in it: as before
    ([("bob", 1001, "primary")], False),  # bob's primary group is it (a shared `users`): gr_mem does not list him
    ([("eve", 1002, "member")], False),  # eve has it as a supplementary group
])
def test_a_group_writable_cache_is_trusted_only_if_no_other_account_is_in_the_group(tmp_path, monkeypatch, capsys,
                                                                                   others, trusted):
    """fu13j J6: a cache folder and entry ``g+w`` (umask 002) whose group is the user's primary group
    was trusted when ``gr_mem`` was empty — but accounts whose primary group it is are not in
    ``gr_mem``, and each of them could plant a pickle. The account lists are faked; no root needed."""
    import grp
    import pickle
    import pwd
    import stat
    from types import SimpleNamespace

    from berserk_kb.store.entries import entry_path, read_pickle, write_entry

    cache, marker = tmp_path / "gc", tmp_path / "PWNED"
    monkeypatch.setenv("BERSERK_KB_CACHE", str(cache))
    path = entry_path("search", "planted")
    write_entry(path, pickle.dumps(_Planted(marker)))
    for p in (cache, path.parent, path):
        p.chmod(p.stat().st_mode | stat.S_IWGRP)
    gid, me = path.stat().st_gid, os.geteuid()
    accounts = [SimpleNamespace(pw_name="me", pw_uid=me, pw_gid=gid)]
    accounts += [SimpleNamespace(pw_name=n, pw_uid=u, pw_gid=gid if how == "primary" else gid + 1) for n, u, how in others]
    members = [n for n, _, how in others if how == "member"]
    monkeypatch.setattr(os, "getegid", lambda: gid)
    monkeypatch.setattr(pwd, "getpwall", lambda: accounts)
    monkeypatch.setattr(grp, "getgrgid", lambda g: SimpleNamespace(gr_name="users", gr_gid=g, gr_mem=members))
    if trusted:
        read_pickle(path, object)  # the user's alone: read (and so run: the planted code is the user's own)
        assert marker.exists()
    else:
        assert read_pickle(path, object) is None  # not read: the process runs without a cache
        assert not marker.exists()
        assert f"cache folder {cache} is not usable ({cache} is writable by other users" in capsys.readouterr().err


# --- J7: a scenario file's own errors in why's --lang ----------------------------------------------


@pytest.mark.parametrize("make, ru, en", [
    (lambda d: d / "none.yaml", "{p}: сценарий: файл не найден", "{p}: scenario not found"),
    (lambda d: d, "{p}: сценарий: это папка, а нужен файл", "{p}: scenario is not a regular file"),
    # UTF-16 with its byte order mark (Notepad's «Unicode»): 0xff 0xfe, the first byte at line 1, column 1
    (lambda d: (d / "u16.yaml", (d / "u16.yaml").write_bytes("title: т\n".encode("utf-16")))[0],
     "{p}:1: столбец 1: текст не в кодировке UTF-8 (байт 0xff, смещение 0); похоже, это UTF-16: сохраните файл в UTF-8",
     "{p}:1:1: not valid UTF-8 (byte 0xff at offset 0); it is UTF-16 (it starts with a UTF-16 byte order mark): "
     "save it as UTF-8"),
])
def test_a_scenario_files_own_error_is_in_the_language_asked(cli, tmp_path, make, ru, en):
    """fu13j J7: the field errors were Russian under the default --lang ru, but «scenario not found»,
    «not valid UTF-8» and click's «is a directory» stayed English; --lang en keeps the English."""
    path = make(tmp_path)
    for lang, said in (("ru", ru), ("en", en)):
        r = cli("why", str(path), "--lang", lang)
        assert (r.exit_code, r.stderr) == (2, "berserk-kb: error: " + said.format(p=path) + "\n")


# --- J4: an icon's word agrees with the number or is shown as the icon -----------------------------


def test_an_icon_word_agrees_or_is_marked_in_the_real_card_database(tmp_path, cli):
    """fu13j J4: Пустотник in ../shared/data/cards reads «Не может иметь больше 3 {counter} и получать
    {counter} от других существ.» and came out «больше 3 фишки и получать фишка». By hand: «больше
    трёх» puts the noun in the genitive plural — «больше 3 фишек»; «получать» takes one or many
    counters, which the text does not say — so the icon stays an icon, «[фишка]»."""
    import shutil

    from conftest import KB_DIR, ROOT

    db = ROOT.parent / "shared" / "data" / "cards"
    if not (db / "cards.json").is_file():
        pytest.skip("../shared/data/cards is not next to this checkout")
    kb_copy = tmp_path / "kb"
    shutil.copytree(KB_DIR, kb_copy, ignore=shutil.ignore_patterns("imported"))
    assert cli("cards", "import", str(db), "--kb", str(kb_copy)).exit_code == 0
    text = " ".join(cli("card", "Пустотник", "--kb", str(kb_copy)).stdout.split())
    assert "Не может иметь больше 3 фишек и получать [фишка] от других существ." in text
