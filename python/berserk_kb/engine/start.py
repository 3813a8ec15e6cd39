"""How the embedded SWI-Prolog is started: its home checked, the paths of its library kept in the
cache, and the arguments it starts with.

SWI-Prolog's own start looks for the user's init file and attaches add-on packs, and both look at
the working folder: a folder whose name it cannot decode (not UTF-8, or Cyrillic under ``LC_ALL=C``)
or one that was deleted made the start fail ("PL_initialise returned 0"). berserk-kb needs neither
(every path it gives Prolog is absolute), so SWI-Prolog starts with ``-f none --no-packs``; pyswip
fixes its own arguments, so they are added to its call of ``PL_initialise`` as its core module loads.
Once started, SWI-Prolog still names the working folder in every lookup of a library file (and keeps
the name it found first): when it cannot, it is moved to ``/`` and the process moved back at once
(:func:`_settle_cwd`), so Python's own relative paths keep their meaning.
"""

from __future__ import annotations

import contextlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from ..errors import InputError

#: Added to pyswip's arguments: no user init file, no packs (what read the working folder).
ARGUMENTS = ("-f", "none", "--no-packs")


def start_prolog() -> Any:
    """Start SWI-Prolog in this process, on the calling thread (which then owns it), with
    :data:`ARGUMENTS`; return pyswip's ``Prolog`` class.

    Raises:
        InputError: ``SWI_HOME_DIR`` is not a SWI-Prolog home, or SWI-Prolog did not start
            (``PL_initialise`` failed; SWI-Prolog's own messages come before).
    """
    _check_swi_home()
    try:
        with _swipl_paths():
            _load_core()
            import pyswip
    except Exception as exc:
        if type(exc).__module__ != "pyswip.prolog":
            raise
        raise InputError(f"SWI-Prolog could not start: {' '.join(str(exc).split())}") from None
    _settle_locale(pyswip.Prolog)
    _settle_cwd(pyswip.Prolog)
    return pyswip.Prolog


def _settle_locale(prolog: Any) -> None:
    """Under a locale that is not UTF-8 (``LC_ALL=C``, a usual setting of scripts), SWI-Prolog would
    classify and case letters as that locale says — no Cyrillic letter is one under ``C`` — and
    ``check`` found two of the rulebook's examples wrong; Python itself then reads and writes UTF-8
    (its UTF-8 mode), so SWI-Prolog's letters follow ``C.UTF-8`` too."""
    import locale

    if locale.nl_langinfo(locale.CODESET).upper().replace("-", "") != "UTF8":
        list(prolog.query("setlocale(ctype, _, 'C.UTF-8'), set_prolog_flag(encoding, utf8)", maxresult=1))


def _settle_cwd(prolog: Any) -> None:
    """When SWI-Prolog cannot name the working folder (a name not UTF-8, or not in the locale's
    encoding, or a folder deleted), give it ``/`` instead: ``'$chdir'/1`` (``working_directory/2``'s)
    changes the process's folder and SWI-Prolog keeps that name; the process goes back through a
    handle on the folder it was in. Both calls hold Python's lock (``ctypes.PyDLL``) and the thread switch interval
    is held off between them, so no Python code of another thread runs while the process is in ``/``.

    Raises:
        InputError: the working folder cannot be opened to come back to it (nothing changed), or
            SWI-Prolog refuses ``/`` (it cannot work here).
    """
    import ctypes

    from pyswip import core

    if list(prolog.query("catch(working_directory(D, D), _, fail)", maxresult=1)):
        return
    try:
        here = os.open(".", getattr(os, "O_PATH", os.O_RDONLY))
    except OSError as exc:
        raise InputError(f"SWI-Prolog cannot name the working folder and it cannot be opened ({exc.strerror}): "
                         "run berserk-kb from another folder") from None
    swipl, libc = ctypes.PyDLL(core._path), ctypes.PyDLL(None)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(60.0)
    try:
        goal = swipl.PL_new_term_ref()
        moved = swipl.PL_chars_to_term(b"system:'$chdir'('/')", goal) and swipl.PL_call(goal, None)
        back = libc.fchdir(here) == 0
    finally:
        sys.setswitchinterval(interval)
        os.close(here)
    if not (moved and back):
        raise InputError("SWI-Prolog cannot name the working folder: run berserk-kb from another folder")


class _CoreLoader(importlib.machinery.SourceFileLoader):
    """Loads ``pyswip.core`` and has its ``PL_initialise`` add :data:`ARGUMENTS` to pyswip's."""

    def exec_module(self, module: ModuleType) -> None:
        super().exec_module(module)
        initialise = getattr(module, "PL_initialise")  # noqa: B009 (a module mypy cannot see into)

        def with_arguments(argc: int, argv: Sequence[str]) -> Any:
            return initialise(argc + len(ARGUMENTS), [*argv, *ARGUMENTS])

        setattr(module, "PL_initialise", with_arguments)  # noqa: B010


def _load_core() -> None:
    """Load ``pyswip.core`` with :class:`_CoreLoader` into ``sys.modules`` before pyswip is imported
    (which then takes it from there). ``sys.meta_path`` is left alone: this runs on the Prolog
    thread while the main thread imports, and importlib walks that list in place, so a finder added
    and removed meanwhile made the main thread skip the path finder («No module named
    'berserk_kb.lexicon'» now and then)."""
    if "pyswip.core" in sys.modules:
        return
    package = importlib.machinery.PathFinder.find_spec("pyswip")
    where = package.submodule_search_locations if package is not None else None
    spec = importlib.machinery.PathFinder.find_spec("pyswip.core", where) if where else None
    if spec is None or not isinstance(spec.origin, str):
        return  # pyswip's own import then says what is missing
    spec = importlib.util.spec_from_file_location("pyswip.core", spec.origin,
                                                  loader=_CoreLoader("pyswip.core", spec.origin))
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    sys.modules["pyswip.core"] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules["pyswip.core"]
        raise


def _check_swi_home() -> None:
    """Refuse an ``SWI_HOME_DIR`` that is not a SWI-Prolog home before SWI-Prolog is started with
    it: SWI-Prolog would abort the whole process ("FATAL ERROR: Could not find system resources").

    Raises:
        InputError: ``SWI_HOME_DIR`` is set to a path without SWI-Prolog's boot file (``boot.prc``),
            or with one that is empty, not a regular file or not a saved state.
    """

    home = os.environ.get("SWI_HOME_DIR")
    if not home:  # unset or empty: pyswip then finds the home itself
        return
    try:
        boots = sorted(Path(home).glob("boot*.prc"))
    except OSError:
        boots = []
    why = "no boot.prc in it" if not boots else next(filter(None, map(_not_a_saved_state, boots)), "")
    if why:
        raise InputError(f"SWI-Prolog installation not usable: SWI_HOME_DIR={home!r} is not a SWI-Prolog home "
                         f"({why}); unset SWI_HOME_DIR, or set it to the PLBASE that "
                         "`swipl --dump-runtime-variables` prints", path=home)


def _not_a_saved_state(boot: Path) -> str:
    """Why ``boot`` is not SWI-Prolog's boot file, or ``""``. A boot file of SWI-Prolog 9 is a saved
    state: a zip archive (it starts ``PK\\3\\4``) holding ``$prolog/state.qlf``; SWI-Prolog aborts
    on an empty or garbled one."""
    import stat
    import zipfile

    try:
        st = os.stat(boot)
        if not stat.S_ISREG(st.st_mode):
            return f"{boot.name} is not a regular file"
        with open(boot, "rb") as fh:
            if fh.read(4) != b"PK\3\4":
                return f"{boot.name} is not a SWI-Prolog saved state"
            fh.seek(0)
            if "$prolog/state.qlf" not in zipfile.ZipFile(fh).namelist():
                return f"{boot.name} is not a SWI-Prolog saved state"
    except (OSError, zipfile.BadZipFile, ValueError):
        return f"{boot.name} is not a SWI-Prolog saved state"
    return ""


@contextlib.contextmanager
def _swipl_paths() -> Iterator[None]:
    """Around pyswip's import: where SWI-Prolog's library and home are, given to pyswip as
    ``LIBSWIPL_PATH`` and ``SWI_HOME_DIR`` so that it does not run ``swipl --dump-runtime-variables``
    itself (at every start, and from the working folder, which that ``swipl`` fails on as the
    embedded one did: see the module's note). Asked here once from ``/`` and kept in the cache
    (``swipl/<key>.json``, keyed by the path of the ``swipl`` found on PATH); asked again when the
    kept paths are gone (an upgraded SWI-Prolog). Nothing is asked or kept when either variable is
    set; when ``swipl`` cannot say, pyswip finds them its own way."""
    import shutil

    from ..store.entries import entry_path, read_json, write_entry

    names = ("LIBSWIPL_PATH", "SWI_HOME_DIR")
    exe = shutil.which("swipl")
    if any(os.environ.get(n) for n in names) or exe is None:
        yield
        return
    try:
        entry = entry_path("swipl", os.path.realpath(exe), suffix=".json")
        kept = read_json(entry)
    except InputError:  # a cache folder refused (not empty and not ours): ask swipl every time
        entry, kept = None, None
    paths = kept if _usable(kept) else _dump_runtime(exe)
    if paths is None:
        yield
        return
    if entry is not None and paths is not kept:
        with contextlib.suppress(InputError):
            write_entry(entry, json.dumps(paths))
    os.environ.update(zip(names, paths))
    try:
        yield
    finally:
        for n in names:
            os.environ.pop(n, None)


def _usable(paths: object) -> bool:
    """True for ``[library, home]`` of a SWI-Prolog that is there."""
    return (isinstance(paths, list) and len(paths) == 2 and all(isinstance(p, str) for p in paths)
            and Path(paths[0]).is_file() and any(Path(paths[1]).glob("boot*.prc")))


def _dump_runtime(exe: str) -> list[str] | None:
    """``[library, home]`` as ``exe --dump-runtime-variables`` says (``PLLIBSWIPL``, ``PLBASE``), run
    from ``/``; None when it does not say them."""
    import subprocess

    try:
        out = subprocess.run([exe, "--dump-runtime-variables"], cwd="/", capture_output=True, text=True,
                             timeout=30).stdout
    except (OSError, subprocess.SubprocessError, UnicodeDecodeError):
        return None
    said = dict(line.rstrip(";").split("=", 1) for line in out.splitlines() if "=" in line)
    paths = [said.get("PLLIBSWIPL", "").strip('"'), said.get("PLBASE", "").strip('"')]
    return paths if _usable(paths) else None
