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


@pytest.mark.parametrize("args", [("show", "519.3"), ("search", "карта"), ("show", "519.3", "--json"),
                                  ("--help",), ("show", "--help"), ("cards", "import", "--help"), (), ("--version",)])
def test_an_answer_on_a_full_disk_is_one_line_and_exit_2(monkeypatch, args):
    code, err = _full_disk_stdout(monkeypatch)(*args)
    assert (code, err.strip()) == (2, FULL_DISK)


@pytest.mark.parametrize("args", [["--help"], ["search", "карта"], ["show", "--help"]])
def test_the_console_script_on_dev_full_says_so_in_one_line(tmp_path, args):
    with open("/dev/full", "w") as full:
        r = _run(args, tmp_path / "cache", capture_output=False, stdout=full, stderr=subprocess.PIPE)
    assert (r.returncode, r.stderr.strip()) == (2, FULL_DISK)


def test_a_closed_stdout_is_one_line_and_exit_2_not_a_silent_0(tmp_path):
    r = subprocess.run(f"exec '{EXE}' search карта >&-", shell=True, capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, BERSERK_KB_CACHE=str(tmp_path / "cache")))
    assert (r.returncode, r.stderr.strip()) == (2, "berserk-kb: error: cannot write the answer: standard output is closed")

