"""SWI-Prolog that cannot start is one line, not an abort (issue 13)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import KB_DIR

EXE = str(Path(sys.executable).with_name("berserk-kb"))


@pytest.mark.parametrize("home", ["{tmp}", "{tmp}/nowhere"])
def test_swi_home_dir_that_is_not_a_home(tmp_path, home):
    """An empty folder made SWI-Prolog print FATAL ERROR twice and abort (exit 134)."""
    env = dict(os.environ, SWI_HOME_DIR=home.format(tmp=tmp_path))
    r = subprocess.run([EXE, "why", str(KB_DIR / "scenarios" / "bring-into-squad.yaml")], env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert r.stderr.startswith("berserk-kb: error: SWI-Prolog installation not usable: SWI_HOME_DIR=")
    assert len(r.stderr.splitlines()) == 1 and "FATAL" not in r.stderr
