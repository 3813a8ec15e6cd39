"""The parsed rulebook of a knowledge-base folder, derived once: kept in the cache under a key of
every byte of its sources folder and of the importer's code, and remembered in this process."""

from __future__ import annotations

import functools
import os
import time
from pathlib import Path

from ..store.entries import MORPHOLOGY, cached, code_key, entry_path, key
from ..store.files import read_regular
from .model import Rulebook
from .readers import DEFAULT_LIMIT

#: The importer's code: this package (it tells headings by morphology, so ``morph.py`` is part of it).
IMPORTER = ("text",)


def load_rulebook(kb_dir: Path) -> Rulebook:
    """Parse ``kb_dir``, reusing an earlier parse when no byte of its sources folder, of the
    importer's code or of the package version changed: from this process, else from the cache
    folder (an entry that does not read is parsed and written again).

    Raises:
        InputError: as :func:`~berserk_kb.text.parse.parse_rulebook`; the cache folder cannot be
            written.
    """
    try:
        digest = _sources_digest(Path(os.path.abspath(kb_dir / "sources")))  # the files' status identifies them
    except OSError:
        from .parse import parse_rulebook  # the parser is imported only when a parse is needed

        return parse_rulebook(kb_dir)  # let the importer report what is wrong
    return _remembered(str(kb_dir.resolve()), entry_path("model", _with_code(digest)))


def _sources_digest(sources: Path) -> str:
    """The key of every regular file of ``sources`` (names and bytes). The files are read once per
    process while their status (inode, size, times) stays the same; a file changed in the last
    two seconds is read every time, since a change within the file system's clock tick would
    leave its times as they were."""
    if not Path(os.path.realpath(sources)).is_relative_to(os.path.realpath(sources.parent)):
        raise OSError(f"{sources}: a link out of the rulebook folder")  # the parser reports it
    stamp = []
    recent = time.time_ns() - 2_000_000_000
    for f in sorted(sources.iterdir()):
        link = f.lstat()
        try:
            st = f.stat()
        except OSError:  # a link to nothing: not a file the digest reads
            st = link
        stamp.append((f.name, st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns, link.st_ctime_ns))
        if max(st.st_mtime_ns, st.st_ctime_ns, link.st_ctime_ns) > recent:
            return _read_digest(sources)
    return _remembered_digest(str(sources), tuple(stamp))


def _with_code(digest: str) -> str:
    """The key of a parse of sources of ``digest`` by this importer."""
    return key(code_key(*IMPORTER, libraries=MORPHOLOGY), digest)


@functools.lru_cache(maxsize=16)
def _remembered_digest(sources: str, stamp: tuple) -> str:
    return _read_digest(Path(sources))


def _read_digest(sources: Path) -> str:
    """The key of the files of ``sources``; a file that resolves outside the folder is not read
    (an ``OSError``: the parser then reports it, so a warm cache cannot let a link out through)."""
    parts: list[str | bytes] = []
    inside = os.path.realpath(sources)
    for f in sorted(sources.iterdir()):
        if f.is_file():
            if not Path(os.path.realpath(f)).is_relative_to(inside):
                raise OSError(f"{f}: a link to a file outside the sources folder")
            parts += [f.name, read_regular(f, DEFAULT_LIMIT)]
    return key(*parts)


@functools.lru_cache(maxsize=16)
def _remembered(kb_dir: str, path: Path) -> Rulebook:
    from ..progress import working

    def parse() -> Rulebook:
        from .parse import parse_rulebook

        with working("reading the rulebook (once; kept in the cache)"):
            return parse_rulebook(Path(kb_dir))

    return cached(path, parse, Rulebook)


def rulebook_key(rulebook: Rulebook) -> str:
    """A key of what the parsed ``rulebook`` is derived from — its sources, the importer's code and
    the morphology it uses — for artifacts derived from the rulebook (facts, links, check results)."""
    return key(rulebook.source_digest, code_key(*IMPORTER, libraries=MORPHOLOGY))
