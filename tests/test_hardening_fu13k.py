"""Issue 13, the fresh user's findings fu13k (K2–K8): an import lost while Prolog starts, an
untrusted cache folder, a client hanging up mid-body, YAML 1.1 numbers, ``-o /dev/stdout`` and a
signed number given to ``search``. (``test_hardening_13k.py`` holds the findings fu13j.) Inputs are
made here; expected values are read off the rulebook fragments in kb/sources, as the docstrings say."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

EXE = str(Path(sys.executable).with_name("berserk-kb"))

# --- K2: a lazy import made while Prolog starts on its thread ---------------------------------------

#: The main thread stops in the middle of importlib's walk of sys.meta_path (at a gate just before
#: the path finder) while Prolog starts on another thread; the gate lets go of the import lock so
#: that the start can import. The start adding and removing a finder at the head of the list made
#: the walk step over the path finder: «No module named 'berserk_kb.lexicon'».
RACE = r"""
import _imp, importlib.machinery, sys, threading
from berserk_kb.engine.start import start_prolog

inside, asked, started = threading.Event(), threading.Event(), threading.Event()

class Gate:
    def find_spec(self, name, path, target=None):
        if name == "pyswip" and threading.current_thread().name == "starter":
            _imp.release_lock(); inside.set(); asked.wait(60); _imp.acquire_lock()
        if name == "berserk_kb.lexicon":
            _imp.release_lock(); asked.set(); started.wait(60); _imp.acquire_lock()
        return None

sys.meta_path.insert(sys.meta_path.index(importlib.machinery.PathFinder), Gate())

def start():
    try:
        start_prolog()
    finally:
        started.set()

threading.Thread(target=start, name="starter").start()
inside.wait(60)
import berserk_kb.lexicon
print("imported")
"""


def test_an_import_on_the_main_thread_survives_prolog_starting_on_another(tmp_path):
    """fu13k K2: `diff A B` once failed «internal error: ModuleNotFoundError: No module named
    'berserk_kb.lexicon'»: the lazy import ran while the early start of Prolog changed the list of
    finders importlib was walking. Made to happen every time here; the import must succeed."""
    env = dict(os.environ, BERSERK_KB_CACHE=str(tmp_path / "cache"))
    r = subprocess.run([sys.executable, "-c", RACE], capture_output=True, text=True, timeout=180, env=env,
                       cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-600:]
    assert r.stdout.split() == ["imported"]
