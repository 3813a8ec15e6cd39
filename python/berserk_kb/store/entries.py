"""The cache of derived artifacts: one key recipe, one entry format.

**Key.** Every artifact is named by :func:`key`: a SHA-256 over the package version and the parts it
is derived from — the content (source bytes, a rulebook digest, a scenario file), the code that
derives it (:func:`code_key`) and the versions of the libraries it uses — each part length-prefixed
so that parts cannot run into each other. Never a timestamp: an edited source, card file or clause is
a new key, so the next command derives the artifact again. :func:`entry_path` turns a key into a
path under the cache folder; generated Prolog module names are keys too.

**Entry.** Every entry (:func:`write_entry`: pickles, JSON values, generated Prolog facts, the
manifest of a compiled bundle) is one header line ``% berserk-kb cache entry 2 sha256 <hex>`` — a
Prolog comment, so a facts file loads as it is — followed by the payload, written atomically
(:func:`berserk_kb.store.files.write_atomically`). :func:`read_entry` returns nothing when the
payload does not match its digest: an entry truncated, garbled or edited by hand is derived again,
never read as valid; a process killed while writing leaves at most a temporary ``.name.*`` file,
removed by a later write in that folder once it is an hour old.
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ..errors import InputError
from ..version import __version__
from .files import (
    cache_dir,
    cache_unusable,
    configured_cache_dir,
    escaped,
    own_group,
    read_regular,
    remove_old_temporaries,
    remove_path,
    untrusted,
    write_atomically,
)

T = TypeVar("T")

#: The libraries a parse, the links and the lexicon depend on besides our code (headings and
#: mentions are told by pymorphy3 and its dictionary).
MORPHOLOGY = ("pymorphy3", "pymorphy3_dicts_ru")

_PACKAGE = Path(__file__).resolve().parents[1]
_HEADER = b"% berserk-kb cache entry 2 sha256 "
#: The largest cache entry read of what is derived from a rulebook or a card database (each file
#: of them read is at most 64 MiB, text/readers.py): a parse, its facts, links or graph are a small
#: multiple of the text (the bundled rulebook's parse is 1.2 × its 34 KB of sources; a real
#: rulebook's a few MiB). A larger entry is derived again, never read.
ENTRY_LIMIT = 256 * 2**20
#: The largest entry read by kind (its folder in the cache), where less than :data:`ENTRY_LIMIT`:
#: the SWI-Prolog version (``qlf/swipl-version``: one line) and a bundle's ``MANIFEST`` (a line per
#: file: ~5 KB for the code) are tiny; a scenario (at most 4 MiB as written) validated is 64 MiB.
KIND_LIMITS = {"qlf": 2**20, "swipl": 2**20, "scenarios": 64 * 2**20}


def key(*parts: str | bytes) -> str:
    """The key of what is derived from ``parts``: the hex SHA-256 over the package version and each
    part, length-prefixed (see the module docstring)."""
    digest = hashlib.sha256()
    for part in (__version__, *parts):
        data = part if isinstance(part, bytes) else part.encode("utf-8")
        digest.update(len(data).to_bytes(8, "little") + data)
    return digest.hexdigest()


def entry_path(kind: str, *parts: str | bytes, prefix: str = "", suffix: str = ".pickle") -> Path:
    """Where the entry derived from ``parts`` is kept: ``<cache>/<kind>/<prefix><key><suffix>``
    (32 hex digits of :func:`key`)."""
    return cache_dir() / kind / f"{prefix}{key(*parts)[:32]}{suffix}"


def code_key(*code: str | Path, libraries: tuple[str, ...] = ()) -> bytes:
    """A key part for the code that derives an artifact: the names and bytes of ``code`` — files or
    folders of this package named relative to it (``"text"``, ``"lexicon/linking.py"``; a folder
    stands for every ``.py`` file under it), or absolute paths (the Prolog code) — and the installed
    versions (``*.dist-info`` names) of the site folders holding ``libraries``, so that a change of
    the code or an upgrade of a library derives the artifact again. The package's own code (as the
    digest of each name's files) and the libraries are read once per process; other files at every
    call."""
    out: list[bytes] = []
    for c in code:
        out += [_package_code(c)] if isinstance(c, str) else [str(c).encode(), c.read_bytes()]
    return b"\0".join(out + list(_installed(tuple(libraries))))


@functools.cache
def _package_code(name: str) -> bytes:
    """The hex SHA-256 of the names and bytes of the package's files ``name`` stands for (a key
    part of a few bytes: the files are megabytes, hashed again by every key that holds them)."""
    path = _PACKAGE / name
    files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
    parts = [x for f in files for x in (str(f.relative_to(_PACKAGE)).encode(), f.read_bytes())]
    return hashlib.sha256(b"\0".join(parts)).hexdigest().encode()


@functools.cache
def _installed(libraries: tuple[str, ...]) -> tuple[bytes, ...]:
    import importlib.util

    sites = set()
    for module in libraries:
        spec = importlib.util.find_spec(module)
        if spec is not None and spec.origin:
            sites.add(Path(spec.origin).parent.parent)
    out: list[bytes] = []
    for d in sorted(sites):
        try:
            out += sorted(n.encode() for n in os.listdir(d) if n.endswith(".dist-info"))
        except OSError:
            pass
    return tuple(out)


def write_entry(path: Path, data: bytes | str) -> Path:
    """Write ``data`` (``str`` as UTF-8) as the entry ``path``, unless the same entry is there; the
    path written, which is in a temporary folder when the cache folder turns out not to be writable
    (full, read-only, not the user's alone: :func:`~.files.cache_unusable`, one warning line, nothing
    kept).

    Raises:
        InputError: the folder cannot be created or written (names it, and says how to choose
            another cache folder).
    """
    path = trusted_folders(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    raw = _HEADER + hashlib.sha256(data).hexdigest().encode() + b"\n" + data
    try:
        if read_cached_file(path, entry_limit(path)) == raw:
            return path
    except OSError:
        pass
    for attempt in (1, 2):
        try:
            clear_the_way(path)
            path.parent.mkdir(parents=True, exist_ok=True)
            remove_old_temporaries(path.parent)
            write_atomically(path, raw, keep_mode=False, durable=False)
            return path
        except (OSError, InputError) as exc:
            reason = str(exc) if isinstance(exc, InputError) else f"{path.parent}: {exc.strerror or exc}"
            root = cache_dir()
            if root not in path.parents:
                raise InputError(reason, path=path) from None
            if attempt == 2 or root != configured_cache_dir():
                raise InputError(f"cache folder {root} is not usable: {reason} "
                                 "(set BERSERK_KB_CACHE to a writable folder)", path=root) from None
            # read-only or full: the rest of this process keeps its entries in a temporary folder
            path = cache_unusable(exc) / path.relative_to(root)
    return path


def clear_the_way(path: Path) -> None:
    """Inside the cache folder, remove what stands where the entry ``path`` or a folder holding it
    belongs — a file, a FIFO or a link to anything but a folder (a dangling link, a link to itself)
    where a folder belongs, a folder where the entry belongs — so that the entry is derived again
    instead of the command failing. The cache folder itself, and anything outside it, is never touched.

    Raises:
        OSError: what is in the way cannot be removed.
    """
    import stat

    try:
        rel = path.relative_to(cache_dir())
    except ValueError:
        return
    folder = cache_dir()
    for part in rel.parts[:-1]:
        folder = folder / part
        try:
            if stat.S_ISDIR(os.stat(folder).st_mode):
                continue
        except FileNotFoundError:
            if not os.path.islink(folder):
                return  # missing: made with what belongs in it
        except OSError:  # a loop of links, a path too long: what stands there is removed
            pass
        remove_path(folder)  # and what was below it
        return
    try:
        if stat.S_ISDIR(os.lstat(path).st_mode):
            remove_path(path)
    except FileNotFoundError:
        pass


def ensure_entry(path: Path, make: Callable[[], bytes | str]) -> Path:
    """``path``, written with ``make()`` unless it holds a whole entry already (a file that is read
    by path, such as generated Prolog facts).

    Raises:
        InputError: as :func:`write_entry`.
    """
    return path if read_entry(path) is not None else write_entry(path, make())


def trusted_folders(path: Path) -> Path:
    """Where the cache entry ``path`` is read or written: ``path`` itself when the cache folder and
    every folder between it and ``path`` are the user's alone (:func:`~.files.untrusted`); else its
    place in the temporary folder used instead (:func:`~.files.cache_unusable`: one warning line,
    and from then on nothing of the cache folder is read or written) — also for a path chosen
    before the cache folder turned out unusable. Paths outside the cache folder are not checked.
    """
    path = Path(path)
    root, configured = cache_dir(), configured_cache_dir()
    if root != configured and configured in path.parents:
        return root / path.relative_to(configured)
    try:
        rel = path.parent.relative_to(root)
    except ValueError:
        return path
    folder = root
    for part in ("", *rel.parts):  # a stat per folder: not worth a memo
        folder = folder / part
        if (why := untrusted(folder)) is not None:
            return cache_unusable(OSError(0, f"{escaped(str(folder))} {why}")) / path.relative_to(root)
    return path


class UntrustedFile(OSError):
    """What :func:`read_cached_file` raises for a file of another user or writable by others."""


def read_cached_file(path: Path, limit: int) -> bytes:
    """The bytes of the file ``path`` of the cache (an entry, a file of a compiled bundle), read
    as :func:`~.files.read_regular` reads, when the file itself — not only its folders
    (:func:`trusted_folders`) — is the user's own and writable by no one else. One that is not is
    never read: it is removed (its folder is the user's), with one warning line, and so derived again.

    Raises:
        UntrustedFile: the file belongs to another user or others can write it.
        OSError: as :func:`~.files.read_regular`.
    """
    try:
        return read_regular(path, limit, check=_trusted_file)
    except UntrustedFile as exc:
        import sys

        sys.stderr.write(f"berserk-kb: warning: cache entry {escaped(str(path))} {exc.strerror}, "
                         "and what is cached there runs as code: ignored and derived again\n")
        try:
            os.unlink(path)  # the new entry is written afresh, with the user's own permissions
        except OSError:
            pass
        raise


def _trusted_file(st: os.stat_result) -> None:
    import stat

    if st.st_uid != os.geteuid():
        raise UntrustedFile(1, "belongs to another user")
    if st.st_mode & stat.S_IWOTH or (st.st_mode & stat.S_IWGRP and not own_group(st.st_gid)):
        raise UntrustedFile(1, "is writable by other users")


def read_entry(path: Path) -> bytes | None:
    """The payload of the entry ``path``, or ``None`` when it is missing, unreadable, not a regular
    file, larger than its kind's limit (:func:`entry_limit`), not an entry or damaged (its payload does not match the
    digest in its header), or in a folder not the user's alone (then not read:
    :func:`trusted_folders`).
    """
    path = trusted_folders(path)
    try:
        raw = read_cached_file(path, entry_limit(path))
    except OSError:  # missing, a FIFO, a device, a folder, too large, not ours alone: derived again
        return None
    if not raw.startswith(_HEADER):
        return None
    head, sep, data = raw[len(_HEADER):].partition(b"\n")
    if not sep or hashlib.sha256(data).hexdigest().encode() != head:
        return None
    return data


def entry_limit(path: Path) -> int:
    """The most bytes the entry ``path`` is read up to: :data:`KIND_LIMITS` of its kind (the first
    folder under the cache folder), else :data:`ENTRY_LIMIT`."""
    try:
        rel = Path(path).relative_to(cache_dir())
    except ValueError:
        return ENTRY_LIMIT
    return KIND_LIMITS.get(rel.parts[0], ENTRY_LIMIT) if len(rel.parts) > 1 else ENTRY_LIMIT


def read_pickle(path: Path, kind: type) -> Any:
    """The object pickled in the entry ``path`` if it is a ``kind``; ``None`` when the entry is
    missing, damaged or holds anything else (the caller derives the artifact again)."""
    data = read_entry(path)
    if data is None:
        return None
    try:
        obj = pickle.loads(data)
    except Exception:  # from another version of a class: derive again
        return None
    return obj if isinstance(obj, kind) else None


def read_json(path: Path) -> Any:
    """The JSON value in the entry ``path``, or ``None`` (missing or damaged)."""
    import json

    data = read_entry(path)
    if data is None:
        return None
    try:
        return json.loads(data)
    except ValueError:
        return None


def cached(path: Path, compute: Callable[[], T], kind: type = object, *, quiet: bool = False) -> T:
    """The value kept in the entry ``path`` — JSON when its name ends in ``.json`` (a cached value
    is never ``null``), else a pickle of a ``kind`` — or ``compute()``, written there.

    Raises:
        InputError: the cache folder cannot be written (unless ``quiet``: then the value is only
            not kept, which costs time, not the answer).
    """
    import json

    as_json = path.suffix == ".json"
    value = read_json(path) if as_json else read_pickle(path, kind)
    if value is None:
        value = compute()
        data = json.dumps(value, ensure_ascii=False).encode("utf-8") if as_json \
            else pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        try:
            write_entry(path, data)
        except InputError:
            if not quiet:
                raise
    return value
