"""The cache of derived artifacts cannot go stale or corrupt (issue 7).

Each test runs the real command in fresh processes on a cache folder of its own: a changed source,
card file or Prolog clause is picked up by the next command; a process killed while it writes the
cache (stopped in the middle of each write by ``BERSERK_KB_TEST_PAUSE_WRITE``) leaves nothing the next
command reads as valid, and the next command answers exactly as a run on an empty cache does.
Where several tests start from the same state (what a run on an empty cache leaves, or what a run
killed at a given write leaves) that state is made once per test run and each test works on its
own copy of it.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import KB_DIR

EXE = str(Path(sys.executable).with_name("berserk-kb"))
EXAMPLE = KB_DIR / "examples" / "A-519.3-ex1-gnome-basaarg.yaml"


#: The code the commands of this module and of test_hostile_cache.py run (set by :func:`default_kb`):
#: a copy of prolog/ of the run's own, one comment line added, so that what they test happens — the
#: compiled code bundle in the cache built, damaged, killed while written. The code as it is, a
#: command takes compiled from the Python environment (``make setup``: engine/compiled.py
#: ``install_code``) and compiles nothing into the cache.
OWN_CODE: list[str] = []


def command_env(cache: Path, **env: str) -> dict[str, str]:
    """The environment of a command of these modules: the cache folder ``cache`` and :data:`OWN_CODE`."""
    return {**os.environ, "BERSERK_KB_CACHE": str(cache), "BERSERK_KB_PROLOG": OWN_CODE[0], **env}


def run(args: list[str], cache: Path, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([EXE, *args], env=command_env(cache, **env), capture_output=True, text=True, timeout=120)


@pytest.fixture()
def kb_copy(tmp_path: Path) -> Path:
    dst = tmp_path / "kb"
    shutil.copytree(KB_DIR, dst, ignore=shutil.ignore_patterns("imported"))
    return dst


def _line_of(kb: Path, start: str) -> tuple[Path, int]:
    for f in sorted((kb / "sources").glob("*.txt")):
        for i, line in enumerate(f.read_text(encoding="utf-8").splitlines()):
            if line.startswith(start):
                return f, i
    raise AssertionError(f"no source line starts with {start!r}")


def _temporaries(cache: Path) -> set[str]:
    return {str(p.relative_to(cache)) for p in cache.rglob(".*")}


# --- stale sources ---------------------------------------------------------------------------------


def _warm(cold, command: list[str], tmp_path: Path) -> Path:
    """A copy of the cache a run of ``command`` on an empty cache left (the bundled rulebook's
    entries, keyed by content: a copy of the rulebook elsewhere finds them too)."""
    _, filled = cold(command)
    return shutil.copytree(filled, tmp_path / "cache", symlinks=True)


def test_an_edited_source_is_picked_up_by_the_next_command(kb_copy, tmp_path, cold):
    """From a warm cache (its entries made from the same text), so the first answer is read from it."""
    cache = _warm(cold, ["show", "519.3"], tmp_path)
    first = run(["show", "519.3", "--edition", "A", "--kb", str(kb_copy)], cache)
    assert first.returncode == 0 and "Правило наложения модификаторов атаки" in first.stdout
    f, i = _line_of(kb_copy, "519.3. Правило наложения модификаторов атаки")
    lines = f.read_bytes().decode("utf-8").split("\n")
    lines[i] = lines[i].replace("Правило наложения модификаторов атаки", "Правило наложения модификаторов удара")
    f.write_bytes("\n".join(lines).encode("utf-8"))
    second = run(["show", "519.3", "--edition", "A", "--kb", str(kb_copy)], cache)
    assert second.returncode == 0, second.stderr
    assert "Правило наложения модификаторов удара." in second.stdout
    assert "Правило наложения модификаторов атаки." not in second.stdout


def test_an_edit_that_keeps_size_and_time_is_picked_up_in_the_same_process(tmp_path, monkeypatch):
    """The sources' digest is remembered in the process by the files' status: an edit of the same
    size whose modification time is set back (as a copy tool or a quick second write leaves it)
    still changes the change time, so the next KnowledgeBase reads the new text."""
    from berserk_kb import KnowledgeBase
    from conftest import make_kb

    kb_dir = make_kb(tmp_path / "kb", {"a.txt": "1. Общие положения\n\n1.1. Правило кубика.\n"})
    fragment = kb_dir / "sources" / "a.txt"
    past = time.time_ns() - 3600 * 10**9
    os.utime(fragment, ns=(past, past))
    later = time.time_ns() + 3600 * 10**9  # every file's times look old: the memo is used (no sleep)
    monkeypatch.setattr("berserk_kb.text.load.time.time_ns", lambda: later)
    assert "кубика" in KnowledgeBase(kb_dir).show("1.1")[0].text
    fragment.write_text("1. Общие положения\n\n1.1. Правило топора.\n", encoding="utf-8")  # same length
    os.utime(fragment, ns=(past, past))
    assert "топора" in KnowledgeBase(kb_dir).show("1.1")[0].text


def test_an_edited_card_file_is_picked_up_by_why(kb_copy, tmp_path, cold):
    """kb/cards.yaml gives Гномий Король its Строй; validated scenarios are cached by the cards too
    (from a warm cache, so the first answer is read from it)."""
    cache = _warm(cold, WHY, tmp_path)
    example = kb_copy / "examples" / EXAMPLE.name
    first = run(["why", str(example), "--kb", str(kb_copy)], cache)
    assert first.returncode == 0, first.stderr
    assert "Гномий Король (king): в зоне битвы, владелец игрок p1, ран 0; Строй" in first.stdout
    cards = kb_copy / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    assert "Гномий Король" in text
    cards.write_text(text.replace("Гномий Король", "Гномий Князь"), encoding="utf-8")
    second = run(["why", str(example), "--kb", str(kb_copy)], cache)
    assert second.returncode == 0, second.stderr
    # no card of that name is known any more: the scenario's card has only what the file gives it
    assert "Гномий Король (king): в зоне битвы, владелец игрок p1, ран 0; нет особенностей" in second.stdout


def test_an_edited_prolog_clause_is_picked_up(tmp_path, cold):
    """The compiled code bundle is keyed by the code: a copy of the code elsewhere finds the bundle
    a run on an empty cache compiled (from a warm cache), and a changed clause is a new bundle."""
    cache = _warm(cold, WHY, tmp_path)
    assert len(list((cache / "qlf").glob("code-*"))) == 1
    alt = tmp_path / "prolog"
    shutil.copytree(OWN_CODE[0], alt)
    first = run(["why", str(EXAMPLE), "--json"], cache, BERSERK_KB_PROLOG=str(alt))
    assert first.returncode == 0, first.stderr
    import json

    assert json.loads(first.stdout)["events"][0]["result"]["strength"] == 1  # the example's stated outcome
    attack = next(alt.rglob("attack.pl"))
    text = attack.read_text(encoding="utf-8")
    # A 519.3 д): a set-to modifier sets the value; make it set the value plus one instead
    anchor = "    ;   V = Mod.value\n"
    assert text.count(anchor) == 1
    attack.write_text(text.replace(anchor, "    ;   V is Mod.value + 1\n"), encoding="utf-8")
    second = run(["why", str(EXAMPLE), "--json"], cache, BERSERK_KB_PROLOG=str(alt))
    assert second.returncode == 0, second.stderr
    assert json.loads(second.stdout)["events"][0]["result"]["strength"] == 2
    assert len(list((cache / "qlf").glob("code-*"))) == 2


# --- killed writes -------------------------------------------------------------------------------------

# Runs shared by the tests below, made once per test run (conftest ``once``, also across
# pytest-xdist workers); each test copies a cache before it runs a command on it, so the tests stay
# independent of each other and of their order.
WHY = ["why", str(EXAMPLE)]


@pytest.fixture(scope="module", autouse=True)
def default_kb(once):
    """The commands of this module read the bundled rulebook (as conftest copies it: without
    kb/imported/) from one folder for the whole run, so that answers naming its files are alike in
    every pytest-xdist worker."""
    from berserk_kb.engine.code import prolog_dir

    def make(folder: Path) -> None:
        shutil.copytree(KB_DIR, folder / "kb", ignore=shutil.ignore_patterns("imported"))
        shutil.copytree(prolog_dir(), folder / "prolog", ignore=shutil.ignore_patterns("tests"))
        with open(folder / "prolog" / "boundary" / "bridge.pl", "a", encoding="utf-8") as f:
            f.write("% the code of the cache tests (tests/test_cache.py OWN_CODE)\n")

    folder, _ = once("kb", make)
    OWN_CODE[:] = [str(folder / "prolog")]
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BERSERK_KB_DEFAULT", str(folder / "kb"))
        yield


@pytest.fixture(scope="module")
def cold(once):
    """``cold(command)`` → (its result on an empty cache of its own, that cache as the run left it).
    Callers copy the cache before they change it."""

    def get(command: list[str]) -> tuple[subprocess.CompletedProcess, Path]:
        def make(folder: Path) -> dict:
            r = run(command, folder / "cache")
            return {"returncode": r.returncode, "stdout": r.stdout, "stderr": r.stderr}

        name = "cold-" + hashlib.sha256("\0".join(command).encode()).hexdigest()[:16]
        folder, r = once(name, make)
        return subprocess.CompletedProcess(command, r["returncode"], r["stdout"], r["stderr"]), folder / "cache"

    return get


@pytest.fixture(scope="module")
def warm(cold, once):
    """``warm(command)`` → the cache a second run of ``command`` left after its run on an empty
    cache (:func:`cold`): the facts files the first wrote, the second compiled (a bundle each)."""

    def get(command: list[str]) -> Path:
        def make(folder: Path) -> None:
            reference, filled = cold(command)
            shutil.copytree(filled, folder / "cache", symlinks=True)
            r = run(command, folder / "cache")
            assert (r.returncode, r.stdout) == (reference.returncode, reference.stdout), r.stderr

        folder, _ = once("warm-" + hashlib.sha256("\0".join(command).encode()).hexdigest()[:16], make)
        return folder / "cache"

    return get


def test_facts_a_command_wrote_are_compiled_by_the_next(cold, warm):
    """A facts file is loaded from its source by the process that wrote it (loading it costs less
    than compiling it, once) and compiled by the next process that loads it."""
    show = ["show", "519.3"]
    assert list(cold(show)[1].glob("facts/*.pl")) and not list(cold(show)[1].glob("qlf/facts-*"))
    bundles = list(warm(show).glob("qlf/facts-*"))
    assert bundles and all(list(b.glob("*.qlf")) for b in bundles)


# the entries `why` writes, in order: the parsed rulebook, the card file, the validated scenario, the
# compiled Prolog code (a whole folder, renamed into place) and the links (the cards the cited units mention)
WRITES = ["model/.", "cards/.", "scenarios/.", "qlf/.tmp-code-", "links/."]


def _group_states(pgid: int) -> list[str]:
    """The states (``/proc/<pid>/stat``: R, S, T for stopped, Z, …) of the processes in group ``pgid``."""
    states = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                stat = Path(f"/proc/{d}/stat").read_text()
            except OSError:  # ended meanwhile
                continue
            state, _ppid, pgrp = stat[stat.rindex(")") + 2:].split()[:3]
            if int(pgrp) == pgid:
                states.append(state)
    return states


def stopped_in_a_write(proc: subprocess.Popen, deadline: float) -> bool:
    """Wait until ``proc`` stops itself (in the middle of a write: ``BERSERK_KB_TEST_PAUSE_WRITE=stop``)
    and stop the processes it started (its process group, a swipl say) too; return once all of them
    are stopped. False if ``proc`` ended instead."""
    while not (status := os.waitpid(proc.pid, os.WUNTRACED | os.WNOHANG))[0]:
        assert time.monotonic() < deadline, "the command neither wrote nor ended within 120 s"
        time.sleep(0.001)
    if not os.WIFSTOPPED(status[1]):
        proc.returncode = os.waitstatus_to_exitcode(status[1])  # reaped here: tell Popen
        return False
    os.killpg(proc.pid, signal.SIGSTOP)
    while not all(state in "TtZX" for state in _group_states(proc.pid)):
        assert time.monotonic() < deadline, "the command's children did not stop within 120 s"
        time.sleep(0.001)
    return True


def _held_at_each_write(out: Path) -> dict[str, str]:
    """For each entry of ``WRITES``: the cache (a folder in ``out``, by name) that a ``why`` on an
    empty cache leaves when it is killed (SIGKILL: no clean-up runs) while that entry is
    half-written.

    One process serves every entry: it stops itself (SIGSTOP) in the middle of every cache write;
    its children are stopped too (:func:`stopped_in_a_write`), and when a temporary whose path starts with an
    entry of ``WRITES`` exists, the cache folder is copied; then they are continued — at the last
    entry they are killed instead and the cache copied after the kill. A stopped process changes no
    file, and SIGKILL discards only what the process had not handed to the kernel yet, which a copy
    made while it is stopped does not see either: each copy holds exactly the files (and bytes)
    that a SIGKILL at that moment would leave. Entries the command finished without writing are
    absent."""
    cache = out / "cache"
    env = command_env(cache, BERSERK_KB_TEST_PAUSE_WRITE="stop")
    proc = subprocess.Popen([EXE, *WHY], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    states: dict[str, str] = {}
    deadline = time.monotonic() + 120
    try:
        while len(states) < len(WRITES) and stopped_in_a_write(proc, deadline):
            held = _temporaries(cache) if cache.exists() else set()
            seen = [w for w in WRITES if w not in states and any(t.startswith(w) for t in held)]
            last = bool(seen) and len(states) + len(seen) == len(WRITES)
            if last:
                os.killpg(proc.pid, signal.SIGKILL)  # the process and any swipl it started
                proc.wait()
            if seen:
                name = f"at-{len(states)}"
                shutil.copytree(cache, out / name, symlinks=True)
                states.update((w, name) for w in seen)
            if not last:
                os.killpg(proc.pid, signal.SIGCONT)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    return states


@pytest.fixture(scope="module")
def killed(once) -> dict[str, Path]:
    """:func:`_held_at_each_write`, made once per test run."""
    folder, states = once("killed", _held_at_each_write)
    return {w: folder / name for w, name in states.items()}


@pytest.mark.parametrize("where", WRITES)
def test_a_command_killed_while_writing_the_cache_is_recovered(tmp_path, cold, killed, where):
    reference, _ = cold(WHY)  # a run on an empty cache
    assert reference.returncode == 0, reference.stderr
    assert where in killed, f"no temporary of {where}… was there at any stop of the command in a cache write"
    cache = shutil.copytree(killed[where], tmp_path / "cache", symlinks=True)
    left = _temporaries(cache)
    assert any(t.startswith(where) for t in left), left  # killed part-way: the temporary is still there
    again = run(WHY, cache)
    assert again.returncode == 0, again.stderr
    assert again.stdout == reference.stdout
    # the entries the recovered run wrote are whole: a third run reads them and agrees
    third = run(WHY, cache)
    assert third.stdout == reference.stdout


def _truncate(data: bytes) -> bytes:
    return data[: max(1, len(data) // 2)]


def _flip_a_letter(data: bytes) -> bytes:
    """The same length, one byte changed in the middle: only a digest can tell."""
    i = len(data) // 2
    return data[:i] + bytes([data[i] ^ 0x20]) + data[i + 1:]


#: The commands whose entries are damaged (together, in one cache: see below).
DAMAGED = [["show", "519.3"], WHY, ["check", "--json"]]


@pytest.mark.parametrize("damage", [_truncate, _flip_a_letter])
def test_a_damaged_cache_entry_is_derived_again(tmp_path, cold, damage):
    """An entry damaged from outside (not by our writes) — truncated, or one byte changed — is
    never read as valid: every derived file carries a digest of its content. One cache holds what
    each command of :data:`DAMAGED` leaves on an empty cache (the entries are keyed by content, so
    the ones they share are the same files), every entry damaged; each command then answers as it
    does on an empty cache — the first to read an entry reads it damaged, and each command's own
    entries are damaged when it reads them."""
    cache = tmp_path / "cache"
    references = []
    for command in DAMAGED:
        reference, filled = cold(command)  # a run on an empty cache, and the cache it filled
        assert reference.returncode in (0, 1), reference.stderr
        references.append(reference)
        own = {p.relative_to(filled) for p in filled.rglob("*") if p.is_file()}
        assert len([p for p in own if p.suffix in (".pickle", ".json", ".qlf", ".pl")]) >= 3
        shutil.copytree(filled, cache, symlinks=True, dirs_exist_ok=True)
    damaged = 0
    for p in cache.rglob("*"):
        if p.is_file() and not p.name.startswith(".") and p.suffix in (".pickle", ".json", ".qlf", ".pl"):
            p.write_bytes(damage(p.read_bytes()))
            damaged += 1
    assert damaged >= 3
    for command, reference in zip(DAMAGED, references, strict=True):
        again = run(command, cache)
        assert again.returncode == reference.returncode, (command, again.stderr)
        assert again.stdout == reference.stdout, command
