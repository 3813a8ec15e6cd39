"""Writing derived artifacts so that no reader ever sees half of one.

Every file the product derives (the parsed rulebook, generated Prolog facts, links, the citation
index, validated scenarios, check results, compiled ``.qlf`` bundles — :mod:`berserk_kb.qlf`) is
named after a digest of what it was derived from, and written by :func:`write_atomic`: into a
temporary file in the same folder, flushed to disk, then renamed over the final name in one step. A
process killed part-way leaves at most a temporary ``.name.*`` file, which is never read (and is
removed by a later write in that folder once it is an hour old); the next run derives the artifact
again. Nothing is keyed on a timestamp.

An *entry* (:func:`write_entry`, and the pickles and JSON values written through it) also carries
the SHA-256 of its payload in a header, and :func:`read_entry` returns nothing when the payload does
not match: an entry damaged after it was written — truncated, garbled, edited by hand — is derived
again, never read as valid.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import time
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


def code_key(*files: Path, libraries: tuple[str, ...] = ()) -> bytes:
    """A cache-key part for what derives an artifact: the bytes of ``files`` (the package's code)
    and the installed versions (``*.dist-info`` names) of the site folders holding ``libraries``,
    so that a change of our code or an upgrade of a library derives the artifact again."""
    import importlib.util

    out = [f.read_bytes() for f in files]
    sites = set()
    for module in libraries:
        spec = importlib.util.find_spec(module)
        if spec is not None and spec.origin:
            sites.add(Path(spec.origin).parent.parent)
    for d in sorted(sites):
        try:
            out += sorted(n.encode() for n in os.listdir(d) if n.endswith(".dist-info"))
        except OSError:
            pass
    return b"\0".join(out)


def entry_path(kind: str, *parts: str | bytes, suffix: str = ".pickle") -> Path:
    """Where the entry derived from ``parts`` is kept: ``<cache>/<kind>/<digest><suffix>``, the
    digest a SHA-256 over the package version and every part (each length-prefixed, so that parts
    cannot run into each other). Parts are what the artifact is derived from: content, code
    (:func:`code_key`), versions — never a timestamp."""
    from . import __version__
    from .paths import cache_dir

    digest = hashlib.sha256()
    for part in (__version__, *parts):
        data = part if isinstance(part, bytes) else part.encode("utf-8")
        digest.update(len(data).to_bytes(8, "little") + data)
    return cache_dir() / kind / f"{digest.hexdigest()[:32]}{suffix}"


#: The libraries the parsed rulebook, the links and the citation index depend on besides our code
#: (headings and mentions are told by pymorphy3 and its dictionary).
MORPHOLOGY = ("pymorphy3", "pymorphy3_dicts_ru")

_MAGIC = b"berserk-kb cache entry 1\n"


def write_entry(path: Path, data: bytes) -> Path:
    """Write ``data`` atomically with a header holding its SHA-256 (see the module docstring).

    Raises:
        InputError: as :func:`write_atomic`.
    """
    remove_old_temporaries(path.parent)
    return write_atomic(path, _MAGIC + hashlib.sha256(data).hexdigest().encode() + b"\n" + data)


def read_entry(path: Path) -> bytes | None:
    """The payload of the entry ``path``, or ``None`` when it is missing, unreadable, not an entry
    or damaged (its payload does not match the digest in its header)."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    if not raw.startswith(_MAGIC):
        return None
    head, sep, data = raw[len(_MAGIC):].partition(b"\n")
    if not sep or hashlib.sha256(data).hexdigest().encode() != head:
        return None
    return data


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


def write_pickle(path: Path, obj: Any) -> None:
    """Pickle ``obj`` into the entry ``path`` (see :func:`write_entry`)."""
    write_entry(path, pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL))


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


def write_json(path: Path, value: Any) -> None:
    """Write a JSON value into the entry ``path`` (see :func:`write_entry`)."""
    import json

    write_entry(path, json.dumps(value, ensure_ascii=False).encode("utf-8"))


def remove_old_temporaries(folder: Path, pattern: str = ".*", older_than: float = 3600.0) -> None:
    """Remove the temporaries (files or folders matching ``pattern``) that a killed process left in
    ``folder`` over an hour ago; newer ones may still be being written."""
    import shutil

    try:
        now = time.time()
        for p in folder.glob(pattern):
            if now - p.stat().st_mtime > older_than:
                if p.is_dir():
                    shutil.rmtree(p, ignore_errors=True)
                else:
                    p.unlink(missing_ok=True)
    except OSError:
        pass
