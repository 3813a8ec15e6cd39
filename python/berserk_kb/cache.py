"""Writing derived artifacts so that no reader ever sees half of one.

Every file the product derives (the parsed rulebook, generated Prolog facts, links, the citation
index, validated scenarios, compiled ``.qlf`` bundles — :mod:`berserk_kb.qlf`) is named after a
digest of what it was derived from, and written by :func:`write_atomic`: into a temporary file in
the same folder, flushed to disk, then renamed over the final name in one step. A process killed
part-way leaves at most a temporary ``.name.*`` file, which is never read; the next run derives
the artifact again. Nothing is keyed on a timestamp.
"""

from __future__ import annotations

import os
import pickle
from pathlib import Path
from typing import Any

from .errors import InputError


def write_atomic(path: Path, data: str | bytes) -> Path:
    """Write ``data`` (``str`` as UTF-8) to ``path`` atomically
    (:func:`berserk_kb.paths.write_atomically`), unless an identical file is there.

    Raises:
        InputError: the folder cannot be created or written (names it, and says how to choose
            another cache folder).
    """
    from .paths import cache_dir, write_atomically

    if isinstance(data, str):
        data = data.encode("utf-8")
    try:
        if path.read_bytes() == data:
            return path
    except OSError:
        pass
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, data)
    except (OSError, InputError) as exc:
        reason = str(exc) if isinstance(exc, InputError) else f"{path.parent}: {exc.strerror or exc}"
        if cache_dir() in path.parents:
            raise InputError(f"cache folder {cache_dir()} is not usable: {reason} "
                             "(set BERSERK_KB_CACHE to a writable folder)") from None
        raise InputError(reason) from None
    return path


def read_pickle(path: Path, kind: type) -> Any:
    """The object pickled in ``path`` if it is a ``kind``; ``None`` when the file is missing,
    unreadable or holds anything else (the caller derives the artifact again)."""
    try:
        obj = pickle.loads(path.read_bytes())
    except Exception:  # missing, truncated by hand, or from another version: derive again
        return None
    return obj if isinstance(obj, kind) else None


def write_pickle(path: Path, obj: Any) -> None:
    """Pickle ``obj`` into ``path`` atomically (see :func:`write_atomic`)."""
    write_atomic(path, pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL))


def pause_for_tests() -> None:
    """The test seam of :func:`berserk_kb.paths.write_atomically` (``BERSERK_KB_TEST_PAUSE_WRITE``),
    for writers of whole folders (:mod:`berserk_kb.qlf`)."""
    from .paths import _pause_for_tests

    _pause_for_tests()


def current_umask() -> int:
    """The process's umask (read without changing it for longer than one call)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask
