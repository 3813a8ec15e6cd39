"""Compiled Prolog (``.qlf``) in the cache: the code (:func:`~.code.code_files`) and each generated
facts file.

SWI-Prolog loads a ``.qlf`` file several times faster than the source it was compiled from
(``../shared/DESIGN.md``: 20k facts ≈ 240 ms as source, ≈ 20 ms as ``.qlf``), and when a ``.qlf``
newer than its source stands next to it, loading the source path loads the ``.qlf``.

A *bundle* is a folder ``<cache>/qlf/<kind>-<key>/`` holding copies of the source files (at their
paths relative to the code folder) and their ``.qlf`` files. Its key (:func:`~berserk_kb.store.entries.key`)
covers the content of every file in it and the SWI-Prolog version, so a changed source or a new
SWI-Prolog is a new bundle. A bundle is built in a temporary folder by a separate ``swipl``
process (``qcompile/1``, with warnings as errors), given a ``MANIFEST`` entry (the digest of every
file; an entry of the one cache format) and then renamed into place in one step: a process killed
part-way leaves only a temporary folder, which is never loaded (and is removed later), and a bundle
damaged afterwards no longer matches its manifest and is built again.

When ``swipl`` is not on ``PATH`` or a file does not compile cleanly, nothing is cached and the
sources are loaded as they are (the strict loader then reports what is wrong, naming the source file).
"""

from __future__ import annotations

import functools
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ..store.entries import (
    ENTRY_LIMIT,
    clear_the_way,
    entry_path,
    read_cached_file,
    read_entry,
    trusted_folders,
    write_entry,
)
from ..store.files import STARTED, cache_dir, current_umask, pause_for_tests, remove_old_temporaries, remove_path
from .code import code_files, prolog_dir

_MANIFEST = "MANIFEST"


def compiled(path: Path) -> Path:
    """The path to load for the Prolog file ``path``: its copy in a compiled bundle when ``path``
    is a file of the code or a generated facts file in the cache; else ``path`` itself.

    A facts file this process wrote itself is loaded from its source: it is loaded once here, and
    loading the source (~15 ms for the bundled rulebook's 51 KB, ~35 ms for 470 KB) costs less than
    compiling it in a separate ``swipl`` (~100 ms); the next process that loads it compiles it."""
    path = Path(path).resolve()
    code = prolog_dir().resolve()
    if code in path.parents and path in code_files(code):
        return code_root(code) / path.relative_to(code)
    if is_facts(path) and not _written_here(path):
        root = bundle(path.parent, [path], "facts")
        return root / path.name if root else path
    return path


def is_facts(path: Path) -> bool:
    """True when ``path`` (resolved) is a generated facts file in the cache: facts only, no clause
    of it calls anything (so loading it from its source needs no check for undefined predicates)."""
    return path.suffix == ".pl" and path.parent.name == "facts" and cache_dir().resolve() in path.parents


def _written_here(path: Path) -> bool:
    """True when ``path`` was changed since this process began writing (50 ms of margin: a file's
    time comes from a coarser clock than :func:`time.time`, a tick or so behind)."""
    try:
        return path.stat().st_mtime >= STARTED - 0.05
    except OSError:
        return False


@functools.cache
def code_root(code: Path) -> Path:
    """The folder to load the code under ``code`` from in this process: a compiled bundle of it
    (built now if missing), else ``code`` itself. Decided once per process and folder, so every
    module of the code is loaded from one place."""
    return bundle(code, code_files(code), "code") or code


def discard(path: Path) -> bool:
    """Remove the bundle ``path`` stands in (after it failed to load); True if it was a bundle."""
    root = (cache_dir() / "qlf").resolve()
    folder = next((p for p in Path(path).resolve().parents if p.parent == root), None)
    if folder is None:
        return False
    try:
        remove_path(folder)
    except OSError:
        pass
    return True


def installed_root() -> Path:
    """Where ``make setup`` puts the compiled code (:func:`install_code`): ``share/berserk-kb/qlf``
    of the Python environment the package runs in (``sys.prefix``: the ``.venv``)."""
    return Path(sys.prefix) / "share" / "berserk-kb" / "qlf"


def install_code() -> Path | None:
    """Compile the code (:func:`~.code.code_files`) into :func:`installed_root`, once per change of
    it (as ``make setup`` compiles the package's Python bytecode), and remove the bundles of older
    code there: a process whose cache holds no bundle of the same code and SWI-Prolog loads that one
    (checked against its manifest, as a bundle of the cache is) and compiles nothing. Returns the
    bundle, or ``None`` when it cannot be built (no ``swipl``, a file that does not compile)."""
    code = prolog_dir().resolve()
    built = bundle(code, code_files(code), "code", into=installed_root())
    for old in installed_root().glob("code-*") if built else ():
        if old != built:
            remove_path(old)
    return built


def bundle(base: Path, sources: list[Path], kind: str, into: Path | None = None) -> Path | None:
    """The compiled bundle of ``sources`` (files under ``base``; built if missing), or ``None``
    when it cannot be built. ``kind`` names the bundle's folder prefix (``code`` or ``facts``).
    The bundle is built in the cache, or in ``into`` when given; a code bundle already in
    :func:`installed_root` is taken from there. The temporaries a killed compile left beside it
    over an hour ago are removed also when the bundle is found (then no compile runs to sweep them)."""
    names = [src.relative_to(base).as_posix() for src in sources]
    parts = [_swipl_version()] + [x for n, src in zip(names, sources) for x in (n, src.read_bytes())]
    final = entry_path("qlf", *parts, prefix=f"{kind}-", suffix="")
    if kind == "code" and _complete(installed_root() / final.name, names):
        return installed_root() / final.name
    if into is not None:
        final = into / final.name
    if _complete(final, names):
        remove_old_temporaries(final.parent, ".tmp-*")
        return final
    final = trusted_folders(final / _MANIFEST).parent  # a folder not the user's alone: built in the one used instead
    try:
        remove_path(final)  # damaged from outside (or absent; a FIFO or a link too): build it again
    except OSError:
        pass
    if _swipl() is None:
        return None
    root = final.parent
    try:
        clear_the_way(final)  # a link to nowhere or to itself where the qlf folder belongs
        root.mkdir(parents=True, exist_ok=True)
        remove_old_temporaries(root, ".tmp-*")
        tmp = Path(tempfile.mkdtemp(prefix=f".tmp-{kind}-", dir=root))
        os.chmod(tmp, 0o777 & ~current_umask())
    except OSError:
        return None
    try:
        for name, src in zip(names, sources):
            (tmp / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, tmp / name)
        from ..progress import working

        with working("compiling the Prolog code (once; kept in the cache)" if kind == "code"
                     else "compiling the rulebook's facts (once; kept in the cache)"):
            if not _qcompile(tmp, names, check_undefined=kind == "code"):
                return None
        write_entry(tmp / _MANIFEST, _digests(tmp, names))
        pause_for_tests()
        try:
            os.rename(tmp, final)  # one step: the bundle exists whole or not at all
        except OSError:
            if not _complete(final, names):  # another process did not finish it either
                return None
        return final
    except OSError:  # a full disk, a folder that vanished: load the sources instead
        return None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _digests(folder: Path, names: list[str]) -> bytes:
    """One line per file of the bundle: its name and the sha256 of its bytes."""
    files = [f for n in names for f in (n, str(Path(n).with_suffix(".qlf")))]
    for f in files:  # SWI-Prolog opens each path again after it is hashed: every folder on the way to
        if trusted_folders(folder / f) != folder / f:  # it must be one no one else can rename a file in
            raise OSError(f"{folder / f}: in a folder not the user's alone")
        for sub in [folder / f, *(folder / f).parents][: len(Path(f).parts)]:
            if os.path.islink(sub):  # a link leads to folders that are not checked
                raise OSError(f"{sub}: a symbolic link in a compiled bundle")
    # read_cached_file: a FIFO or a link to a device is an OSError, not a hang; a file another user
    # owns or can write is never taken for part of a whole bundle
    return "".join(f"{f} {hashlib.sha256(read_cached_file(folder / f, ENTRY_LIMIT)).hexdigest()}\n"
                   for f in files).encode()


def _complete(folder: Path, names: list[str]) -> bool:
    """True when ``folder`` is a whole bundle of ``names``: its manifest entry (written last,
    before the rename) matches every file."""
    try:
        return read_entry(folder / _MANIFEST) == _digests(folder, names)
    except OSError:
        return False


def _qcompile(folder: Path, names: list[str], check_undefined: bool) -> bool:
    """Compile ``names`` (files of ``folder``) in a separate ``swipl``; True when all compiled with
    no error and no warning (and, with ``check_undefined``, no predicate of the loaded program
    is called but undefined: the check ``bridge:strict_load/3`` then skips for the bundle)."""
    goal = "maplist([F]>>qcompile(F), [" + ",".join(_quoted(n) for n in names) + "])"
    if check_undefined:
        goal += ", check:list_undefined([])"
    exe = _swipl()
    if exe is None:
        return False
    try:
        proc = subprocess.run(
            [exe, "-q", "--on-error=status", "--on-warning=status", "-g", goal, "-t", "halt"],
            cwd=folder, capture_output=True, timeout=300,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return proc.returncode == 0 and all((folder / n).with_suffix(".qlf").is_file() for n in names)


def _quoted(name: str) -> str:
    """A file name (ours: ``[a-z0-9_./-]``) as a quoted Prolog atom."""
    return "'" + name.replace("\\", "\\\\").replace("'", "\\'") + "'"


@functools.cache
def _swipl() -> str | None:
    return shutil.which("swipl")


def _swipl_version() -> str:
    """SWI-Prolog's version as ``swipl --version`` prints it (a ``.qlf`` is tied to it)."""
    exe = _swipl()
    if exe is None:
        return "none"
    # `swipl --version` costs ~15 ms; the binary's path, size and time stand in for it between runs
    try:
        st = os.stat(exe)
        stamp = f"{os.path.realpath(exe)}|{st.st_size}|{st.st_mtime_ns}"
    except OSError:
        stamp = None
    path = cache_dir() / "qlf" / "swipl-version"
    known = (read_entry(path) or b"").decode("utf-8", "replace").split("\n", 1)
    if stamp and known[0] == stamp and len(known) == 2:
        return known[1]
    try:
        out = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    if stamp:
        try:
            write_entry(path, f"{stamp}\n{out}")
        except Exception:
            pass
    return out
