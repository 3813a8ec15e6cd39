"""Files the product writes: the cache folder, the one atomic writer (exports, imports and cache
entries all go through it) and the checks made on an output file name before any work is done.

**The cache root is marked.** When the cache folder is made (or found empty) a ``CACHEDIR.TAG`` is
written in it — the Cache Directory Tagging signature, so that backup tools skip it, and a comment
naming berserk-kb (:data:`TAG`). A folder that is not empty and has no such tag is someone else's
(``BERSERK_KB_CACHE=~/Documents``): it is refused in one line naming it (exit 2), never written
into. A cache made by an earlier version (no tag yet) is told by what is in it: nothing but the
folders of our entry kinds (:data:`KINDS`), our probe temporaries, the tag's own temporary (another
process starting on the same new folder is writing it) and perhaps a damaged tag, which is written
again. It is adopted — the tag is written and its entries stay valid (their digests still guard
them) — so an upgrade costs no rebuild; a folder holding anything else is refused like any foreign one.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import os
import shutil
import signal
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from ..errors import InputError

#: When this process began writing files (this module holds the one writer, so it is imported
#: before any file is written), in seconds since the epoch: a cache entry changed since then was
#: written by this process (:func:`berserk_kb.engine.compiled.compiled`).
STARTED = time.time()


def configured_cache_dir() -> Path:
    """The cache folder asked for: ``$BERSERK_KB_CACHE``, else ``$XDG_CACHE_HOME/berserk-kb`` when
    it is an absolute path (the XDG Base Directory specification ignores a relative one), else
    ``~/.cache/berserk-kb`` (read at every call; a home folder that does not exist is warned
    about by :func:`cache_dir`, never made)."""
    if env := os.environ.get("BERSERK_KB_CACHE"):
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    return (Path(xdg) if os.path.isabs(xdg) else Path(os.path.expanduser("~"), ".cache")) / "berserk-kb"


def cache_dir() -> Path:
    """The cache of derived artifacts: :func:`configured_cache_dir`, or — when it cannot be made or
    written (read-only, full, not a folder) — a temporary folder of this process, removed at exit,
    with one warning line on standard error (:func:`cache_unusable`): the command runs without a
    cache instead of failing."""
    return _fallbacks().get(configured_cache_dir())


class _Fallbacks:
    """The cache folders this process found unusable, each with the temporary folder it uses instead."""

    def __init__(self) -> None:
        self.instead: dict[Path, Path] = {}
        self.checked: set[Path] = set()
        self.refused: dict[Path, str] = {}

    def get(self, configured: Path) -> Path:
        if configured in self.instead:
            return self.instead[configured]
        if configured in self.refused:
            raise InputError(self.refused[configured], path=configured)
        if configured not in self.checked:
            self.checked.add(configured)
            if (system := _system_folder(configured)) is not None:
                return self.use_instead(configured, OSError(0, f"{system}, not a folder for a cache"))
            home = Path(os.path.expanduser("~"))  # HOME=/nonexistent: making the cache would make it
            if home in configured.parents and not (home.is_absolute() and home.is_dir()):
                return self.use_instead(configured, OSError(0, f"the home folder {escaped(str(home))} does not exist"))
            if (why := untrusted(configured)) is not None:  # nothing is read from it or written to it
                return self.use_instead(configured, OSError(0, f"{escaped(str(configured))} {why}"))
            try:  # made and writable: a file can be created in it
                configured.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                return self.use_instead(configured, OSError(exc.errno, _not_a_folder(configured) or exc.strerror))
            try:
                fd, probe = tempfile.mkstemp(prefix=".probe-", dir=configured)
                os.close(fd)
                os.unlink(probe)
            except OSError as exc:
                return self.use_instead(configured, OSError(exc.errno, f"no file can be created in it: {exc.strerror}"))
            if (foreign := _foreign(configured)) is not None:  # writable, but someone else's
                self.refused[configured] = foreign
                raise InputError(foreign, path=configured)
            if _tag(configured) is None:  # new, empty, an earlier version's, or its tag damaged
                try:
                    remove_path(configured / TAG_NAME)
                    write_atomically(configured / TAG_NAME, TAG, keep_mode=False, durable=False)
                except (OSError, InputError) as exc:
                    return self.use_instead(configured, OSError(0, str(exc)))
        return configured

    def use_instead(self, configured: Path, exc: BaseException) -> Path:
        if configured not in self.instead:
            self.instead[configured] = Path(tempfile.mkdtemp(prefix="berserk-kb-nocache-"))
            atexit.register(shutil.rmtree, self.instead[configured], True)
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            sys.stderr.write(f"berserk-kb: warning: cache folder {escaped(str(configured))} is not usable "
                             f"({escaped(why)}); running without a cache "
                             "(set BERSERK_KB_CACHE to a writable folder of your own)\n")
        return self.instead[configured]


#: Folders of the system: a cache there would scatter its folders among the system's own.
_SYSTEM = frozenset({"/", "/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib32", "/lib64", "/media",
                     "/mnt", "/opt", "/proc", "/root", "/run", "/sbin", "/srv", "/sys", "/tmp", "/usr",
                     "/usr/bin", "/usr/lib", "/usr/local", "/usr/share", "/var", "/var/tmp", "/var/lib"})


def _system_folder(folder: Path) -> str | None:
    """Why ``folder`` (``BERSERK_KB_CACHE=/``) is no cache folder: «/ is the root folder», «/etc
    is a system folder»; None for any other."""
    try:
        at = os.path.realpath(folder)
    except (OSError, ValueError):
        return None
    if at == "/":
        return "/ is the root folder"
    return f"{escaped(at)} is a system folder" if at in _SYSTEM or at == os.path.expanduser("~") else None


TAG_NAME = "CACHEDIR.TAG"
#: The tag written in the cache root: the signature of the Cache Directory Tagging specification
#: first, then our own name (a tag of another program does not make a folder ours).
TAG = ("Signature: 8a477f597d28d172789f06886806bc55\n"
       "# This file is a cache directory tag created by berserk-kb.\n"
       "# For information about cache directory tags, see https://bford.info/cachedir/\n")
#: The folders an earlier version (before the tag) made in the cache root: one per entry kind.
KINDS = frozenset({"cards", "checks", "conflicts", "diffs", "export", "facts", "graph", "links", "model",
                   "qlf", "scenarios", "search", "swipl"})


def _tag(folder: Path) -> str | None:
    """The text of ``folder``'s ``CACHEDIR.TAG`` when it is a regular file that is our tag; else None."""
    try:
        text = read_regular(folder / TAG_NAME, 4096).decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return text if text.startswith(TAG.split("\n")[0] + "\n") and "berserk-kb" in text else None


def _foreign(folder: Path) -> str | None:
    """The refusal of ``folder`` as the cache root when it is a folder that is not empty and not
    ours: no tag of ours and not a cache of an earlier version (see the module docstring); else None."""
    try:
        names = os.listdir(folder)
    except OSError:  # missing, a file, unreadable: made, or warned about, by the caller
        return None
    if not names or _tag(folder) is not None:
        return None
    tagged = TAG_NAME in names  # our tag damaged (a FIFO, garbled): what stands for a kind's folder is ours too
    if all((n in KINDS and (tagged or (os.path.isdir(folder / n) and not os.path.islink(folder / n))))
           or n == TAG_NAME or n.startswith((".probe-", f".{TAG_NAME}.")) for n in names):  # another process's
        return None  # an earlier version's cache, or ours with its tag damaged: adopted (the tag written)
    return (f"cache folder {escaped(str(folder))} is not empty and is not a berserk-kb cache "
            f"(no {TAG_NAME} of ours); refusing to write into it (set BERSERK_KB_CACHE to a new or empty folder)")


def untrusted(folder: Path | str) -> str | None:
    """Why the cache folder (or a folder in it) ``folder`` is not the user's alone — «belongs to
    another user, and what is cached there runs as code», «is writable by other users, …» — or None
    (also when it is missing or no folder). Entries are pickles and compiled Prolog: loading one runs
    code, and their digests guard against damage, not against someone who can write the folder (a
    shared ``BERSERK_KB_CACHE``). A folder writable by its group is the user's alone only when the
    group is (:func:`own_group`)."""
    try:
        st = os.stat(folder)
    except (OSError, ValueError):
        return None
    if not stat.S_ISDIR(st.st_mode):
        return None
    if st.st_uid != os.geteuid():
        return "belongs to another user, and what is cached there runs as code"
    if st.st_mode & stat.S_IWOTH or (st.st_mode & stat.S_IWGRP and not own_group(st.st_gid)):
        return "is writable by other users, and what is cached there runs as code"
    return None


def own_group(gid: int) -> bool:
    """True when ``gid`` is the user's primary group and no other account is in it: none lists it
    as a supplementary group (``gr_mem``) and none has it as its primary group (``pw_gid``: the
    members ``gr_mem`` leaves out, as every account of a shared ``users`` group)."""
    try:
        import grp
        import pwd

        if gid != os.getegid() or grp.getgrgid(gid).gr_mem:
            return False
        return not any(p.pw_gid == gid and p.pw_uid != os.geteuid() for p in pwd.getpwall())
    except (ImportError, KeyError):
        return False


def _not_a_folder(folder: Path) -> str | None:
    """Why ``folder`` cannot be made when the nearest of it and its parents that exists is no
    folder («it is a file», «/dev/null is a device»); None when that one is a folder."""
    for at in (folder, *folder.parents):
        try:
            mode = at.stat().st_mode
        except OSError:
            continue
        if stat.S_ISDIR(mode):
            return None
        kind = "a file" if stat.S_ISREG(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) \
            else "a FIFO" if stat.S_ISFIFO(mode) else "no folder"
        return f"{'it' if at == folder else escaped(str(at))} is {kind}, not a folder"
    return None


@functools.cache
def _fallbacks() -> _Fallbacks:
    return _Fallbacks()


def cache_unusable(exc: BaseException) -> Path:
    """Stop using the configured cache folder for the rest of this process (a write into it failed:
    ``exc``); the temporary folder used instead (see :func:`cache_dir`)."""
    return _fallbacks().use_instead(configured_cache_dir(), exc)


def escaped(text: str) -> str:
    """``text`` with every character that is not printable written as its escape (a path can hold any)."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class NotRegularFile(OSError):
    """What :func:`read_regular` raises for a FIFO, a device, a socket or a folder."""


class TooLarge(OSError):
    """What :func:`read_regular` raises for a file larger than its limit."""


def read_regular(path: Path, limit: int, check: Callable[[os.stat_result], None] | None = None) -> bytes:
    """The bytes of the regular file ``path`` (a symbolic link is followed), at most ``limit``.

    Opened without blocking, so a FIFO cannot hang the reader, and checked after opening, so what is
    checked is what is read; at most ``limit + 1`` bytes are ever read (``/dev/zero`` is refused
    before any, a file that grows while read is cut off).

    Raises:
        NotRegularFile: a FIFO, a device, a socket or a folder.
        TooLarge: more than ``limit`` bytes.
        OSError: missing or unreadable, or what ``check`` (called with the opened file's status)
            raises.
    """
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotRegularFile(f"{path}: not a regular file")
        if check is not None:
            check(st)  # of what was opened: nothing put in its place after the check is read
        if st.st_size > limit:
            raise TooLarge(f"{path}: larger than {limit} bytes")
        with os.fdopen(fd, "rb", closefd=False) as fh:  # a read of n bytes first allocates n: the size, not the limit
            data = fh.read(st.st_size + 1)
            if len(data) > st.st_size:  # it grew since (or its size is not known: /proc)
                data += fh.read(limit + 1 - len(data))
    finally:
        os.close(fd)
    if len(data) > limit:
        raise TooLarge(f"{path}: larger than {limit} bytes")
    return data


def write_atomically(path: Path, data: str | bytes, keep_mode: bool = True, durable: bool = True) -> None:
    """Write ``data`` (``str`` as UTF-8) to the regular file ``path`` through a temporary file in
    the same folder, flushed to disk (unless not ``durable``), and a rename, so that a reader never
    sees a half-written file and a process killed part-way leaves the old file (or none) plus at
    most a ``.name.*`` temporary. A new file gets the permissions the umask allows; an existing file
    keeps its own unless not ``keep_mode`` (a cache entry: never the mode of what it replaces, a link
    to a device). A cache entry is not ``durable``: it carries the digest of its content, so one a
    power cut left empty or torn is derived again (a flush to disk cost the test suite ~10 s of
    waiting for the disk in 11,000 writes).

    Raises:
        InputError: the file or its folder cannot be written (names it).
    """
    if isinstance(data, str):
        data = data.encode("utf-8")
    folder = path.parent
    try:
        mode = stat.S_IMODE(path.stat().st_mode) if keep_mode else 0o666 & ~current_umask()
    except FileNotFoundError:
        mode = 0o666 & ~current_umask()
    except OSError as exc:
        raise InputError(f"{path}: cannot write: {exc.strerror or exc}", path=path) from None
    if path.exists() and not os.access(path, os.W_OK):
        raise InputError(f"{path}: is not writable", path=path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
    except OSError as exc:
        # the file is replaced by a rename: it is the folder that must take a new file (not so in /proc)
        raise InputError(f"{path}: cannot write: the temporary file it is written through cannot be made in "
                         f"{folder} ({exc.strerror or exc})", path=path) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data[: len(data) // 2])
            pause_for_tests()
            fh.write(data[len(data) // 2:])
            fh.flush()
            if durable:
                os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise InputError(f"{path}: cannot write: {exc.strerror or exc}", path=path) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


#: Names of standard output that are links to it (``/dev/stdout`` → ``/proc/self/fd/1``): ``-`` too.
STANDARD_OUTPUT = frozenset({"-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"})


def output_path(name: str) -> Path | None:
    """Check an output file name (``export -o``) before any work is done: the file to write, or
    None for standard output (:data:`STANDARD_OUTPUT`).

    Raises:
        InputError: empty, a folder, something other than a regular file, a symbolic link, or in a
            missing folder.
    """
    if name in STANDARD_OUTPUT:
        return None
    if not name or not name.strip():
        raise InputError("output file name is empty (use -o FILE, or -o - for standard output)")
    if name.endswith(("/", "/.", "/..")) or name in (".", ".."):
        raise InputError(f"{name}: is a folder, not a file name", path=name)
    path = Path(name)
    if path.is_dir():
        raise InputError(f"{name}: is a folder, not a file name", path=name)
    if path.exists() and not path.is_file():
        raise InputError(f"{path}: exists and is not a regular file; refusing to replace it", path=path)
    if path.is_symlink():
        raise InputError(f"{path}: is a symbolic link; refusing to replace it (-o - for standard output)", path=path)
    folder = path.parent
    if not folder.is_dir():
        raise InputError(f"{path}: folder {folder} does not exist", path=path)
    return path


_ONE_STOP = threading.Lock()  # two threads' stops sent at once would stop the process once


def pause_for_tests() -> None:
    """``BERSERK_KB_TEST_PAUSE_WRITE=stop``: the process stops itself (SIGSTOP) in the middle of every
    atomic write and before a compiled bundle is renamed into place, so that a test can copy the cache
    as a kill there leaves it (``tests/test_cache.py``), then go on or kill it. Unset in normal use."""
    if os.environ.get("BERSERK_KB_TEST_PAUSE_WRITE") == "stop" and hasattr(signal, "SIGSTOP"):
        with _ONE_STOP:
            os.kill(os.getpid(), signal.SIGSTOP)


def current_umask() -> int:
    """The process's umask (read without changing it for longer than one call)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def remove_path(path: Path) -> None:
    """Remove whatever is at ``path``: a folder with everything in it, or a file, FIFO, device node
    or symbolic link (the link itself, never what it points to). Never opens ``path`` (opening a
    FIFO would block, as ``shutil.rmtree`` does on one); nothing there is no error.

    Raises:
        OSError: it cannot be removed.
    """
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISDIR(st.st_mode):
        shutil.rmtree(path)
    else:
        os.unlink(path)


def remove_old_temporaries(folder: Path, pattern: str = ".*", older_than: float = 3600.0) -> None:
    """Remove the temporaries (files or folders matching ``pattern``) that a killed process left in
    ``folder`` over an hour ago; newer ones may still be being written."""
    with contextlib.suppress(OSError):  # the folder gone, or a temporary removed meanwhile
        now = time.time()
        for p in folder.glob(pattern):
            if now - p.lstat().st_mtime > older_than:
                with contextlib.suppress(OSError):
                    remove_path(p)
