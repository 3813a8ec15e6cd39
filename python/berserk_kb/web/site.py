"""``berserk-kb site -o DIR``: the reading pages as static files, for any static host or CDN.

The rulebook (contents and every paragraph), the cards, the diffs and the editor's report are
written as ``<path>/index.html`` with their JSON beside them (``<path>.json``), from the same
templates and the same page data as the server, in Russian and again in English under ``en/``
(the language link leads to the same page in the other language); links are relative, so the folder works on any host
and from disk. Why and search need a server: their pages link to ``--server URL`` when one is given
and say so when not. The folder is written whole or not at all (a temporary folder renamed into
place); it replaces only an earlier site (marked by :data:`MARKER`, which lists the files it wrote)
or an empty folder, and refuses an earlier site holding files it did not write unless forced.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ..errors import BerserkError, InputError
from ..kb import KnowledgeBase
from ..store.files import current_umask
from .pages import STATIC, Pages, json_text, page_file, site_path
from .reading import Reading, card_path, has_page

LANGUAGES = ("ru", "en")  # Russian at the root, English under en/
#: The file every site this command writes has, listing the files it wrote (one a line, after its
#: first line): a folder with it (or an empty one) may be replaced, when it holds no other file.
MARKER = ".berserk-kb-site"


def pages_of(reading: Reading) -> list[tuple[str, str, Callable[[], dict[str, Any]]]]:
    """(path, template, page data) of every page the static site has."""
    out: list[tuple[str, str, Callable[[], dict[str, Any]]]] = [("/", "home.html", reading.home)]
    for e in reading.editions:
        out.append((f"/{e['id']}", "contents.html", partial(reading.contents, e["id"])))
    for pid, p in reading.paragraphs.items():
        path = reading.unit_path(pid) or ""
        ref = p.number if p.number and f"{p.edition}:{p.number}" == pid else pid.split(":", 1)[1]
        out.append((path, "paragraph.html", partial(reading.paragraph, p.edition, ref)))
    for item in reading.cut_off:  # B:~000_…/item1: a piece cut off at a fragment's start
        out.append((reading.unit_path(item) or "", "paragraph.html", partial(reading.paragraph, *item.split(":", 1))))
    out.append(("/cards", "cards.html", reading.cards))
    for name in filter(has_page, reading.card_names):
        out.append((card_path(name), "card.html", partial(reading.card, name)))
    for old, new in reading.diffs:
        out.append((f"/diff/{old}/{new}", "diff.html", partial(reading.diff, old, new)))
    out.append(("/check", "check.html", lambda: reading.check(None, None)))
    out.append(("/why", "why.html", lambda: {"page": "why", "answer": None, "problem": None}))
    out.append(("/search", "search.html", lambda: {"page": "search", "query": "", "hits": [], "total": 0}))
    return out


def write_site(out: Path, kb_dir: Path | None = None, server: str | None = None,
               progress: Callable[[str], Any] | None = None, reading: Reading | None = None,
               force: bool = False) -> dict[str, Any]:
    """Write the static site of the knowledge base at ``kb_dir`` (or of ``reading``, one already
    loaded) into the folder ``out``, replacing an earlier site there (a folder with :data:`MARKER`) or an
    empty folder; any other folder, and an earlier site holding files it did not write (the user's:
    :func:`foreign_files`) unless ``force``, is left alone. Returns ``{"folder", "pages",
    "skipped": [[path, reason]]}``.

    Raises:
        InputError: ``out`` is a file or a folder that is neither empty nor an earlier site, an
            earlier site holding files it did not write (without ``force``), or its parent folder is
            missing or cannot be written; ``server`` is not an http(s) address with a host and no
            space or control character.
        BerserkError: the knowledge base does not load.
    """
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise InputError(f"{out}: not a folder", path=out)
    if out.is_dir() and not (out / MARKER).is_file() and any(out.iterdir()):
        raise InputError(f"{out}: not empty and not a site written by berserk-kb site (no {MARKER} in it); "
                         "give a new or an empty folder", path=out)
    foreign = foreign_files(out) if out.is_dir() and not force else []
    if foreign:
        raise InputError(f"{out}: holds {len(foreign)} file(s) berserk-kb site did not write ({', '.join(foreign[:3])}"
                         f"{', …' if len(foreign) > 3 else ''}); writing the site again would delete them: move them "
                         "out, or give --force", path=out)
    if not out.absolute().parent.is_dir():
        raise InputError(f"{out.absolute().parent}: no such folder", path=out)
    if server is not None and not is_server_address(server):
        raise InputError(f"--server must be an http:// or https:// address with a host, and no space or control "
                         f"character (a port, if given, from 1 to 65535), not {server[:60]!r}", field="--server")
    reading = reading or Reading(KnowledgeBase(kb_dir))
    renderer = Pages(reading)
    try:
        tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.absolute().parent))
        tmp.chmod(0o777 & ~current_umask())  # made 0700: the site's folder as its subfolders, for its readers
    except OSError as exc:
        raise InputError(f"{out}: cannot write there ({exc.strerror})", path=out) from None
    written, skipped = 0, []
    try:
        shutil.copytree(STATIC, tmp / "static")
        for path, template, data_of in pages_of(reading):
            try:
                data = data_of()
            except BerserkError as exc:
                skipped.append([path, str(exc)])
                continue
            for lang in LANGUAGES:
                html = renderer.render(template, data, lang=lang, here=path, static_site=True, server=server)
                file = tmp / page_file(site_path(path, lang))
                file.parent.mkdir(parents=True, exist_ok=True)
                file.write_text(html, encoding="utf-8")
            (tmp / page_file(path, ".json")).write_text(json_text(data), encoding="utf-8")
            written += 1
            if progress:
                progress(path)
        files = sorted(p.relative_to(tmp).as_posix() for p in tmp.rglob("*") if not p.is_dir())
        (tmp / MARKER).write_text("written by berserk-kb site, which replaces this folder whole; its files:\n"
                                  + "".join(f"{f}\n" for f in files), encoding="utf-8")
        old = None
        if out.exists():
            old = out.with_name(f".{out.name}.old-{tmp.name}")
            out.rename(old)
        tmp.rename(out)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        if isinstance(exc, OSError):
            raise InputError(f"{out}: cannot write the site ({exc.strerror or exc})", path=out) from None
        raise
    return {"folder": str(out), "pages": written, "skipped": skipped}


def is_server_address(server: str) -> bool:
    """Whether ``server`` is an http(s) address the site's links may point to: a host, a port (when
    given) from 1 to 65535, no space or control character. A malformed one (``http://[::1``,
    ``http://[zz]/``, ``http://x:abc/``) is simply not one — never an exception."""
    if not server.startswith(("http://", "https://")) or not server.isprintable() \
            or any(c.isspace() for c in server):
        return False
    try:
        parts = urlsplit(server)
        port = parts.port  # ValueError for a port out of range or not a number
    except ValueError:
        return False
    return bool(parts.hostname) and port != 0


def foreign_files(site: Path) -> list[str]:
    """The files (and links) in the earlier site ``site`` that its :data:`MARKER` does not list —
    put there by someone else — as paths relative to it, sorted; every file when the marker lists
    none (a site of an older berserk-kb, or a damaged marker)."""
    from ..text.readers import decode, read_bytes

    try:
        listed = set(decode(read_bytes(site / MARKER, "site marker"), site / MARKER).splitlines()[1:])
    except InputError:
        listed = set()
    there = (p.relative_to(site).as_posix() for p in site.rglob("*") if not p.is_dir() or p.is_symlink())
    return sorted(f for f in there if f != MARKER and f not in listed)
