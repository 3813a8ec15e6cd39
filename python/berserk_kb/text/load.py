"""The parsed rulebook of a knowledge-base folder, derived once: kept in the cache under a key of
every byte of its sources folder and of the importer's code, and remembered in this process."""

from __future__ import annotations

import functools
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
    sources = kb_dir / "sources"
    try:
        parts: list[str | bytes] = [code_key(*IMPORTER, libraries=MORPHOLOGY)]
        for f in sorted(sources.iterdir()):
            if f.is_file():
                parts += [f.name, read_regular(f, DEFAULT_LIMIT)]
    except OSError:
        from .parse import parse_rulebook  # the parser is imported only when a parse is needed

        return parse_rulebook(kb_dir)  # let the importer report what is wrong
    return _remembered(str(kb_dir.resolve()), entry_path("model", *parts))


@functools.lru_cache(maxsize=16)
def _remembered(kb_dir: str, path: Path) -> Rulebook:
    def parse() -> Rulebook:
        from .parse import parse_rulebook

        return parse_rulebook(Path(kb_dir))

    return cached(path, parse, Rulebook)


def rulebook_key(rulebook: Rulebook) -> str:
    """A key of what the parsed ``rulebook`` is derived from — its sources, the importer's code and
    the morphology it uses — for artifacts derived from the rulebook (facts, links, check results)."""
    return key(rulebook.source_digest, code_key(*IMPORTER, libraries=MORPHOLOGY))
