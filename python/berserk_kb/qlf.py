"""Compiled Prolog (``.qlf``) in the cache: the code of ``prolog/`` and each generated facts file.

SWI-Prolog loads a ``.qlf`` file several times faster than the source it was compiled from
(``../shared/DESIGN.md``: 20k facts ≈ 240 ms as source, ≈ 20 ms as ``.qlf``), and when a ``.qlf``
newer than its source stands next to it, loading the source path loads the ``.qlf``.

A *bundle* is a folder ``<cache>/qlf/<key>/`` holding copies of the source files (in the same
sub-folders) and their ``.qlf`` files. Its key is a digest of the content of every file in it, of the package version and of the
SWI-Prolog version, so a changed source or a new SWI-Prolog is a new bundle and an old one is
never read as valid. A bundle is built in a temporary folder by a separate ``swipl`` process
(``qcompile/1``, with warnings as errors) and then renamed into place in one step: a process killed
part-way leaves only a temporary folder, which is never loaded (and is removed later).

When ``swipl`` is not on ``PATH`` or a file does not compile cleanly, nothing is cached and the
sources are loaded as they are (the strict loader then reports what is wrong, naming the source file).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from . import __version__
from .cache import remove_old_temporaries, write_atomic
from .paths import PROLOG_DIR, cache_dir, current_umask, pause_for_tests

_CODE_ROOT: Path | None = None


def code_root() -> Path:
    """The folder to load the code of ``prolog/`` from in this process: a compiled bundle of the
    whole tree (:func:`code_files`, built now if missing), else ``PROLOG_DIR`` itself. Decided once
    per process, so every module of the code is loaded from one place."""
    global _CODE_ROOT
    if _CODE_ROOT is None:
        _CODE_ROOT = bundle(code_files(), "code", PROLOG_DIR) or PROLOG_DIR
    return _CODE_ROOT


def code_files() -> list[Path]:
    """Every ``.pl`` file of ``prolog/`` and its sub-folders except ``tests/``, sorted. The modules
    load each other by relative paths, so a bundle keeps the same sub-folders."""
    root = PROLOG_DIR.resolve()
    return sorted(p for p in root.rglob("*.pl") if p.is_file() and p.relative_to(root).parts[0] != "tests")


def compiled(path: Path) -> Path:
    """The path to load for the Prolog file ``path``: its copy in a compiled bundle when ``path``
    is one of :func:`code_files` or a generated facts file in the cache; else ``path`` itself."""
    path = Path(path).resolve()
    if path in code_files():
        return code_root() / path.relative_to(PROLOG_DIR.resolve())
    cache = cache_dir().resolve()
    if path.suffix == ".pl" and cache in path.parents and path.parent.name == "facts":
        root = bundle([path], "facts")
        return root / path.name if root else path
    return path


def discard(path: Path) -> bool:
    """Remove the bundle ``path`` stands in (after it failed to load); True if it was a bundle."""
    root = (cache_dir() / "qlf").resolve()
    folder = next((f for f in Path(path).resolve().parents if f.parent == root), None)
    if folder is None:
        return False
    shutil.rmtree(folder, ignore_errors=True)
    return True


def bundle(sources: list[Path], kind: str, base: Path | None = None) -> Path | None:
    """The compiled bundle of ``sources`` (built if missing), or ``None`` when it cannot be built.

    ``kind`` names the bundle's folder prefix (``code`` or ``facts``); in the bundle each source
    keeps its path relative to ``base`` (default: its own folder)."""
    names = [_name(src, base) for src in sources]
    digest = hashlib.sha256(f"{__version__}\0{_swipl_version()}\0".encode())
    for src, name in zip(sources, names):
        digest.update(name.encode() + b"\0" + src.read_bytes() + b"\0")
    root = cache_dir() / "qlf"
    final = root / f"{kind}-{digest.hexdigest()[:24]}"
    if _complete(final, names):
        return final
    shutil.rmtree(final, ignore_errors=True)  # damaged from outside (or absent): build it again
    if _swipl() is None:
        return None
    try:
        root.mkdir(parents=True, exist_ok=True)
        remove_old_temporaries(root, ".tmp-*")
        tmp = Path(tempfile.mkdtemp(prefix=f".tmp-{kind}-", dir=root))
        os.chmod(tmp, 0o777 & ~current_umask())
    except OSError:
        return None
    try:
        for src, name in zip(sources, names):
            (tmp / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, tmp / name)
        if not _qcompile(tmp, names, check_undefined=kind == "code"):
            return None
        (tmp / _MANIFEST).write_text(_digests(tmp, names), encoding="utf-8")
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


_MANIFEST = "MANIFEST"


def _name(src: Path, base: Path | None) -> str:
    """The path of ``src`` inside a bundle: relative to ``base``, with ``/``."""
    return src.resolve().relative_to(base.resolve()).as_posix() if base is not None else src.name


def _digests(folder: Path, names: list[str]) -> str:
    """One line per file of the bundle: its path and the sha256 of its bytes."""
    files = [n for s in names for n in (s, str(Path(s).with_suffix(".qlf").as_posix()))]
    return "".join(f"{n} {hashlib.sha256((folder / n).read_bytes()).hexdigest()}\n" for n in files)


def _complete(folder: Path, names: list[str]) -> bool:
    """True when ``folder`` is a whole bundle of the files ``names``: its manifest (written last,
    before the rename) matches every file, so a bundle damaged afterwards is built again."""
    try:
        return (folder / _MANIFEST).read_text(encoding="utf-8") == _digests(folder, names)
    except OSError:
        return False


def _qcompile(folder: Path, names: list[str], check_undefined: bool) -> bool:
    """Compile ``names`` (files of ``folder``) in a separate ``swipl``; True when all compiled with
    no error and no warning (and, with ``check_undefined``, no predicate of the loaded program
    is called but undefined: the check ``bridge:strict_load/3`` then skips for the bundle)."""
    goal = "maplist([F]>>qcompile(F), [" + ",".join(_quoted(n) for n in names) + "])"
    if check_undefined:
        goal += ", check:list_undefined([])"
    try:
        proc = subprocess.run(
            [_swipl(), "-q", "--on-error=status", "--on-warning=status", "-g", goal, "-t", "halt"],
            cwd=folder, capture_output=True, timeout=300,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return proc.returncode == 0 and all((folder / n).with_suffix(".qlf").is_file() for n in names)


def _quoted(name: str) -> str:
    """A file path (ours: ``[a-z0-9_./-]``) as a quoted Prolog atom."""
    return "'" + name.replace("\\", "\\\\").replace("'", "\\'") + "'"


_SWIPL: list[str | None] = []


def _swipl() -> str | None:
    if not _SWIPL:
        _SWIPL.append(shutil.which("swipl"))
    return _SWIPL[0]


def _swipl_version() -> str:
    """SWI-Prolog's version as ``swipl --version`` prints it (a ``.qlf`` is tied to it)."""
    exe = _swipl()
    if exe is None:
        return "none"
    key = cache_dir() / "qlf" / "swipl-version"
    # `swipl --version` costs ~15 ms; the binary's path, size and time stand in for it between runs
    try:
        st = os.stat(exe)
        stamp = f"{os.path.realpath(exe)}|{st.st_size}|{st.st_mtime_ns}"
    except OSError:
        stamp = None
    try:
        cached = key.read_text(encoding="utf-8").split("\n", 1)
        if stamp and cached[0] == stamp and len(cached) == 2:
            return cached[1]
    except OSError:
        pass
    try:
        out = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    if stamp:
        try:
            write_atomic(key, f"{stamp}\n{out}")
        except Exception:  # the cache folder is not usable: compile anyway, just do not remember
            pass
    return out
