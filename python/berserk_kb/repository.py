"""Where the repository's folders are. The package is installed editable from ``python/`` and reads
``kb/`` (the bundled rulebook) and ``prolog/`` (:mod:`berserk_kb.engine.code`) from its repository.
Environment variables are read when a path is asked for, never at import."""

from __future__ import annotations

import os
from pathlib import Path

#: The repository root.
ROOT = Path(__file__).resolve().parents[2]


def bundled_kb() -> Path:
    """The rulebook used when no ``--kb`` is given: ``$BERSERK_KB_DEFAULT``, else ``<root>/kb``."""
    return Path(os.environ.get("BERSERK_KB_DEFAULT") or ROOT / "kb")
