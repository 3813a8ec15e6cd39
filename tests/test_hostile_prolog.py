"""SWI-Prolog that cannot start is one line, not an abort (issue 13)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import KB_DIR

EXE = str(Path(sys.executable).with_name("berserk-kb"))


@pytest.mark.parametrize("home, boot", [("{tmp}", None), ("{tmp}/nowhere", None), ("{tmp}", b""),
                                        ("{tmp}", b"garbage\n"), ("{tmp}", b"PK\3\4" + b"\0" * 60)])
def test_swi_home_dir_that_is_not_a_home(tmp_path, home, boot):
    """An empty folder, or one whose boot.prc is empty or garbage (the guard only looked whether it
    exists), made SWI-Prolog print FATAL ERROR twice and abort (exit 134). A real boot.prc is a zip
    archive (`head -c 4 boot.prc` is `PK\\3\\4`) holding $prolog/state.qlf."""
    if boot is not None:
        (tmp_path / "boot.prc").write_bytes(boot)
    env = dict(os.environ, SWI_HOME_DIR=home.format(tmp=tmp_path))
    r = subprocess.run([EXE, "why", str(KB_DIR / "scenarios" / "bring-into-squad.yaml")], env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert r.stderr.startswith("berserk-kb: error: SWI-Prolog installation not usable: SWI_HOME_DIR=")
    assert len(r.stderr.splitlines()) == 1 and "FATAL" not in r.stderr
