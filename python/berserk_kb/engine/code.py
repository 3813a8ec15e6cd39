"""Where the Prolog code is: the one place that names its files.

The code is ``$BERSERK_KB_PROLOG`` when set, else ``prolog/`` of the repository (read at every
call, never at import). Python loads four files by name — the bridge (the boundary every call goes
through), the lookup module (``show``, ``refs``, mentions over the generated facts), the scenario
runner and the language packs — and everything else comes in through their ``use_module``. The compiled code bundle
(:mod:`.compiled`) and the cache keys of what the code derives hold every ``.pl`` file under the
folder except those under ``tests/`` (the plunit suites).
"""

from __future__ import annotations

import os
from pathlib import Path

from ..repository import ROOT

#: The boundary: strict loading and data calls (``bridge:strict_load/3``, ``bridge:call_data/3``).
BRIDGE = "boundary/bridge.pl"
#: The lookups over a generated facts module (module ``rulebook``).
LOOKUP = "lookup/rulebook.pl"
#: The scenario runner (module ``scenario``): events proved by the meta-interpreter.
RUNNER = "engine/scenario.pl"
#: The one table of event kinds (module ``events``; loaded with the runner): what a scenario may hold.
EVENTS = "engine/events.pl"
#: The language packs (module ``lang``): labels and sentence templates of steps and event kinds.
LANG = "lang/lang.pl"
#: The folder of the plunit suites, left out of the code bundle.
TESTS = "tests"


def prolog_dir() -> Path:
    """The folder of the Prolog code (see the module docstring)."""
    return Path(os.environ.get("BERSERK_KB_PROLOG") or ROOT / "prolog")


def code_file(name: str) -> Path:
    """The path of one of the files named above (:data:`BRIDGE`, :data:`LOOKUP`, :data:`RUNNER`)."""
    return prolog_dir() / name


def code_files(root: Path | None = None) -> list[Path]:
    """The Prolog code: every ``.pl`` file under ``root`` (default :func:`prolog_dir`) but those
    under ``tests/``, sorted."""
    root = root or prolog_dir()
    return sorted(p for p in root.rglob("*.pl") if p.is_file() and TESTS not in p.relative_to(root).parts[:-1])
