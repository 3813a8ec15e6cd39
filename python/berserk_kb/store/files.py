"""Where things are: the Prolog code, the bundled rulebook, the cache of derived artifacts."""

from __future__ import annotations

import os
from pathlib import Path

from .errors import InputError

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


def write_atomically(path: Path, data: str | bytes) -> None:
    """Write ``data`` (``str`` as UTF-8) to the regular file ``path`` through a temporary file in
    the same folder, flushed to disk, and a rename, so that a reader never sees a half-written file
    and a process killed part-way leaves the old file (or none) plus at most a ``.name.*``
    temporary. A new file gets the permissions the umask allows; an existing file keeps its own.
    The one writer of files the product produces (exports, imports, the cache: :mod:`.cache`).

    Raises:
        InputError: the file or its folder cannot be written (names it).
    """
    import stat
    import tempfile

    if isinstance(data, str):
        data = data.encode("utf-8")
    folder = path.parent
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~current_umask()
    except OSError as exc:
        raise InputError(f"{path}: cannot write: {exc.strerror or exc}") from None
    if path.exists() and not os.access(path, os.W_OK):
        raise InputError(f"{path}: is not writable")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
    except OSError as exc:
        raise InputError(f"{path}: cannot write here: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data[: len(data) // 2])
            pause_for_tests()
            fh.write(data[len(data) // 2:])
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise InputError(f"{path}: cannot write: {exc.strerror or exc}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def pause_for_tests() -> None:
    """``BERSERK_KB_TEST_PAUSE_WRITE=<seconds>``: sleep in the middle of every atomic write (and
    before a compiled bundle is renamed into place, :mod:`.qlf`), so that a test can kill the
    process part-way (``tests/test_cache.py``). Unset in normal use."""
    if pause := os.environ.get("BERSERK_KB_TEST_PAUSE_WRITE"):
        import time

        try:
            time.sleep(float(pause))
        except ValueError:  # not a number of seconds: no pause
            pass


def current_umask() -> int:
    """The process's umask (read without changing it for longer than one call)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask
