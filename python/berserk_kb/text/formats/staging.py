"""The folder an import builds (:mod:`.importer`): one import at a time per folder, the hidden
``.import-*`` working folder (named before it exists, locked while the import runs), put in place by
renames, and removed — with ``DIR`` when the import made it — when the import fails or is stopped by
SIGTERM, SIGHUP or SIGINT; what an import killed outright left is removed by the next one."""

from __future__ import annotations

import errno
import os
import secrets
import shutil
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any


def working_folder(out_dir: Path) -> Path:
    """The path of a new ``.import-*`` working folder in ``out_dir``, not made yet: the caller keeps
    it before :func:`make_working` makes it, so that a signal at any moment finds the folder to remove
    (``tempfile.mkdtemp`` made it before its name was known to anyone)."""
    return out_dir / f".import-{secrets.token_hex(8)}"


def make_working(work: Path) -> None:
    """Make ``work`` (:func:`working_folder`), readable by its owner only, as ``mkdtemp`` does."""
    work.mkdir(mode=0o700)


@contextmanager
def folder_lock(out_dir: Path) -> Iterator[None]:
    """An exclusive lock, while the block runs, on the nearest existing folder above ``out_dir``
    (``out_dir`` itself may not exist yet); none when it cannot be opened."""
    import fcntl

    above = Path(os.path.abspath(out_dir)).parent
    while not above.is_dir() and above != above.parent:
        above = above.parent
    try:
        fd = os.open(above, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        yield
        return
    try:
        with suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # and the lock with it


@contextmanager
def signals_raise() -> Iterator[None]:
    """While the folder is written, SIGTERM and SIGHUP raise ``SystemExit(128 + signal)`` (the
    exit status a shell reports for them) so that the half-built folder is removed; SIGINT raises
    KeyboardInterrupt as always. Only the main thread can set handlers; elsewhere nothing changes."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, _frame: Any) -> None:
        raise SystemExit(128 + signum)

    old = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)


#: an ``.import-*`` folder with no lock file yet, older than this, was left by an import killed
#: between making it and locking it (one with a lock file is judged by its lock alone)
STALE_SECONDS = 3600


def lock_work(work: Path) -> Any:
    """An open file inside ``work`` holding an exclusive lock while this import runs (the system
    drops it when the process ends, however it ends); it records the import's process id."""
    import fcntl

    f = open(work / ".lock", "wb")  # closed when the import ends
    fcntl.flock(f, fcntl.LOCK_EX)
    f.write(f"{os.getpid()}\n".encode())
    f.flush()
    return f


def remove_stale(out_dir: Path) -> None:
    """Remove the ``.import-*`` folders in ``out_dir`` that an import killed outright (SIGKILL, a
    power cut) left behind: those whose lock file no running import holds — a dead process holds
    no lock — and, having no lock file at all, those older than :data:`STALE_SECONDS`. Links are
    never followed; a lock that is not a regular file (a FIFO, a device) is not ours and is left."""
    import fcntl
    import stat
    import time

    for d in out_dir.glob(".import-*"):
        with suppress(OSError):
            if d.is_symlink() or not d.is_dir():
                continue
            lock = d / ".lock"
            if lock.is_symlink():
                continue
            if not lock.exists():
                if time.time() - d.lstat().st_mtime >= STALE_SECONDS:
                    shutil.rmtree(d, ignore_errors=True)
                continue
            fd = os.open(lock, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)  # a FIFO: no hang
            try:
                if stat.S_ISREG(os.fstat(fd).st_mode):  # else no lock file of ours: left alone
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # OSError: a running import holds it
                    shutil.rmtree(d, ignore_errors=True)
            finally:
                os.close(fd)


def discard(work: Path | None, created: Path | None) -> None:
    """Remove the half-built ``work`` folder, and ``created`` (the DIR this import made) when it is
    left empty."""
    if work is not None:
        shutil.rmtree(work, ignore_errors=True)
    if created is not None:
        with suppress(OSError):
            created.rmdir()


def commit(work: Path, out_dir: Path) -> None:
    """Put ``work/sources`` in place of ``out_dir/sources`` by renames inside ``out_dir``, then
    remove what was replaced and ``work``."""
    old = out_dir / "sources"
    if old.exists():
        move(old, work / "replaced")
    move(work / "sources", old)
    shutil.rmtree(work, ignore_errors=True)


def move(src: Path, dst: Path) -> None:
    """Rename ``src`` to ``dst``; across devices (``sources`` itself a mount point), copy it beside
    ``dst`` first and rename the copy, so that ``dst`` is never half-written."""
    try:
        os.rename(src, dst)
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            raise
        tmp = dst.with_name(f".{dst.name}.copy-{os.getpid()}")
        shutil.copytree(src, tmp)
        os.rename(tmp, dst)
        shutil.rmtree(src, ignore_errors=True)
