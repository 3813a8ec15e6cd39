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


def own_folder(path: Path) -> Path | None:
    """The package's own folder ``path`` is or lies inside — the bundled rulebook (``kb/``,
    :func:`bundled_kb`), ``python/``, ``prolog/`` — else ``None``: what ``import -o`` never writes
    into (every command without ``--kb``, the tests and the facts digest read them)."""
    real = Path(os.path.realpath(path))
    for folder in (bundled_kb(), ROOT / "kb", ROOT / "python", ROOT / "prolog"):
        own = Path(os.path.realpath(folder))
        if real == own or own in real.parents:
            return folder
    return None
