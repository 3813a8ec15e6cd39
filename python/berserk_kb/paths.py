"""Where things are: the Prolog code, the bundled rulebook, the cache of derived artifacts."""

from __future__ import annotations

import os
from pathlib import Path

#: The repository root (the package is installed in editable mode from ``python/``).
ROOT = Path(__file__).resolve().parents[2]
#: The Prolog modules (``prolog/*.pl``).
PROLOG_DIR = Path(os.environ.get("BERSERK_KB_PROLOG", ROOT / "prolog"))
#: The bundled rulebook, used when no ``--kb`` is given (``$BERSERK_KB_DEFAULT`` overrides it).
DEFAULT_KB = Path(os.environ.get("BERSERK_KB_DEFAULT", ROOT / "kb"))


def cache_dir() -> Path:
    """The cache of derived artifacts: ``$BERSERK_KB_CACHE``, else ``$XDG_CACHE_HOME/berserk-kb``,
    else ``~/.cache/berserk-kb``."""
    if env := os.environ.get("BERSERK_KB_CACHE"):
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or (Path.home() / ".cache")
    return Path(base) / "berserk-kb"
