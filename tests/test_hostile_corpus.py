"""The kept hostile corpus (``tests/data/hostile/``, made by ``tests/hostile_corpus.py``) through
every command and every scenario field (issue 13): never exit 70, never a traceback, an error is
one line (naming the file for a scenario), no call runs longer than 10 s, nothing is written but
what was asked for, and no string runs as code (``shell/1`` would create the marker file).

The commands run in this process (click's test runner): the point is what a command does with its
input, not how a process starts. ``make test`` sends a deterministic part of the corpus (every
string through one command form in turn, every sixth scenario file); ``BERSERK_KB_HOSTILE=full``
sends all of it through every form (README, «Tests»).
"""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

from conftest import KB_DIR
from hostile_corpus import DATA, kept_scenarios, kept_strings, strings

FULL = os.environ.get("BERSERK_KB_HOSTILE") == "full"
HANG = 10  # seconds: a call still running then is a hang (no call of the corpus needs a tenth of it)
PARTS = 4  # tests per list, so that pytest-xdist can run them side by side
EXAMPLE = str(KB_DIR / "examples" / "A-519.3-ex1-gnome-basaarg.yaml")


class Hang(Exception):
    pass


def _call(cli, args):
    """``cli(*args)``, failing the test (not hanging it) when it runs longer than :data:`HANG`."""
    def alarm(*_):
        raise Hang(f"still running after {HANG} s: {args!r}"[:300])

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(HANG)
    try:
        return cli(*args)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _check(result, args, allowed=(0, 1, 2)):
    assert result.exit_code in allowed, (args, result.exit_code, result.output[-500:])
    assert "Traceback" not in result.output and "internal error" not in result.stderr, (args, result.stderr[-500:])
    if result.exit_code == 2:
        assert len(result.stderr.strip().splitlines()) == 1, (args, result.stderr)


@pytest.fixture()
def workdir(tmp_path, monkeypatch):
    """An empty current folder: a relative name a command writes lands here, and only there."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return work


def test_the_kept_strings_are_what_the_generator_makes():
    import json

    assert json.loads((DATA / "strings.json").read_text(encoding="utf-8")) == strings()


@pytest.mark.skipif(not FULL, reason="regenerating 1,800 files costs seconds: BERSERK_KB_HOSTILE=full")
def test_the_kept_scenarios_are_what_the_generator_makes():
    from hostile_corpus import scenarios

    made = scenarios()
    assert sorted(made) == [p.name for p in kept_scenarios()]
    assert all(p.read_bytes() == made[p.name] for p in kept_scenarios())


def _forms(tmp: Path) -> dict[str, tuple]:
    """Each command form: (its arguments for a string ``s``, ``k``: it takes every k-th string it
    is given, so that a form that costs more takes fewer — in a full run too for ``export``, which
    builds the whole graph each time)."""
    md = tmp / "r.md"
    if not md.exists():
        md.write_text("# Правила\n\n1. Текст.\n", encoding="utf-8")
    imp, site = str(tmp / "imported"), str(tmp / "site")
    return {
        "show": (lambda s: ["show", s], 1), "show -e": (lambda s: ["show", "519.3", "-e", s], 1),
        "refs": (lambda s: ["refs", s], 1), "refs -e": (lambda s: ["refs", "519.2", "-e", s], 1),
        "search": (lambda s: ["search", s, "--json"], 1), "search -e": (lambda s: ["search", "кубик", "-e", s], 1),
        "card": (lambda s: ["card", s], 1), "sparql": (lambda s: ["sparql", s], 1),
        "diff old": (lambda s: ["diff", s, "B"], 1), "diff new": (lambda s: ["diff", "A", s], 1),
        "check -e": (lambda s: ["check", "-e", s], 1), "check --only": (lambda s: ["check", "--only", s], 1),
        "why -e": (lambda s: ["why", EXAMPLE, "-e", s], 1), "why --expect": (lambda s: ["why", EXAMPLE, "--expect", s], 1),
        "why --expect value": (lambda s: ["why", EXAMPLE, "--expect", "events[0].strength=" + s], 1),
        "why --set": (lambda s: ["why", EXAMPLE, "--set", s], 1),
        "why --set value": (lambda s: ["why", EXAMPLE, "--set", "events[0].attack.base=" + s, "--json"], 1),
        "why FILE": (lambda s: ["why", s], 1), "--kb": (lambda s: ["show", "519.3", "--kb", s], 1),
        "cards import": (lambda s: ["cards", "import", s, "--kb", str(tmp / "no-such-kb")], 1),
        "import -e": (lambda s: ["import", str(md), "-o", imp, "-e", s, "--force"], 4),
        "import --title": (lambda s: ["import", "--edition", "A", str(md), "-o", imp, "--title", s, "--force"], 4),
        "site --server": (lambda s: ["site", "-o", site, "--server", s], 1),
        # names of files to write: only where no folder is named (a test never writes over /etc/passwd)
        "export -o": (lambda s: ["export", "-o", s] if "/" not in s and not s.startswith("-") else None, 8),
    }


@pytest.mark.parametrize("part", range(PARTS))
def test_more_strings_at_every_command(cli, tmp_path, workdir, part):
    """The strings the first suite (tests/test_hostile.py) lacked — terminal control, HTML, YAML's
    and JSON's words, paths, numbers, look-alike Unicode, length — at every text argument and
    option. A sampled run gives each string to one form in turn (a costly form to every few)."""
    marker = tmp_path / "pwned"
    forms = _forms(tmp_path)
    names = sorted(forms)
    mine = [s for i, s in enumerate(kept_strings(marker, "more")) if i % PARTS == part]
    for i, s in enumerate(mine):
        given = names if FULL else [names[i % len(names)]]
        for name in given:
            if (i if FULL else i // len(names)) % forms[name][1]:
                continue
            args = forms[name][0](s)
            if args is None:
                continue
            _check(_call(cli, args), args)
            written = sorted(os.listdir(workdir))
            expected = [args[2]] if name == "export -o" and args[2] not in ("", ".", "..") else []
            assert written in ([], expected), (args, written)  # nothing but the file asked for
            for w in written:
                (workdir / w).unlink()
    assert not marker.exists(), "a hostile string ran shell/1"


@pytest.mark.parametrize("part", range(PARTS))
def test_every_kept_scenario_file(cli, workdir, part):
    """Each scenario file of the corpus (every field of every bundled scenario and worked example
    replaced or removed, files hostile as a whole): an answer, or one line that names the file."""
    files = kept_scenarios()
    step = 1 if FULL else 6
    for i, f in enumerate(files):
        if i % PARTS != part or (i // PARTS) % step:
            continue
        for args in (["why", str(f), "--json"],) + ((["why", str(f), "-e", "B"],) if FULL else ()):
            r = _call(cli, args)
            _check(r, args, allowed=(0, 2))
            if r.exit_code == 2:  # asked for JSON, the error is JSON too (its message names the file)
                said = json.loads(r.stderr)["error"] if "--json" in args else r.stderr.removeprefix("berserk-kb: error: ")
                assert said.startswith(str(f)), r.stderr
    assert os.listdir(workdir) == [], "a scenario made a file ({marker} is what shell/1 would write)"
