"""``berserk-kb import``: published rulebook files → a rulebook folder (``DIR/sources/``).

One call imports one edition: its sources (in the order given) become its fragments, listed in
``DIR/sources/manifest.yaml`` in that order; each fragment has a provenance file
``DIR/sources/origins/<fragment>.json`` naming, for every fragment line, the source file, the place
in it and — where the fragment writes a number the document only implied — the marker as shown.
Importing another edition into the same folder adds it; importing an edition that is already
there needs ``force`` and replaces it.

Nothing is half-written: every source is read and the new folder parsed before anything in
``DIR`` changes; the new ``sources`` folder is built inside ``DIR`` (a hidden ``.import-*`` folder,
so the rename that puts it in place stays on one device even when ``DIR`` is a mount point; a copy
where a rename cannot cross) and renamed into place. SIGTERM, SIGHUP and SIGINT remove what was
being built; what an import killed outright left (an ``.import-*`` folder whose lock no running
import holds) is removed by the next import into ``DIR``, and a ``DIR`` holding only such
leftovers counts as empty.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...errors import InputError, cut
from ...repository import own_folder
from ..manifest import EDITION_ID, MANIFEST_LIMIT, imported_name
from ..readers import read_text
from .staging import commit, discard, folder_lock, lock_work, make_working, remove_stale, signals_raise, working_folder

DEFAULT_EDITION = "imported"
"""The edition id of an import given no ``--edition``: no edition data (``prolog/editions/``) describes it,
so ``why`` computes nothing for it until an edition is described as data."""
#: The longest title (``--title``), in characters: every page and every ``show`` prints it in a line.
TITLE_LIMIT = 300


@dataclass(frozen=True)
class RulebookImport:
    """What an import wrote: the folder, the edition, its fragments, and what the parser found in
    them (numbered paragraphs, headings, list items, examples, tables, table-of-contents lines,
    references and how many of them resolved; ``skipped``: source lines left out as page numbers
    and running headers)."""

    folder: str
    edition: str
    fragments: tuple[str, ...]
    sources: tuple[str, ...]
    lines: int
    counts: dict[str, int]
    replaced: bool
    notes: tuple[str, ...] = ()  # what a reader did to the layout (two columns read apart), per source

    def to_json(self) -> dict[str, Any]:
        return {"folder": self.folder, "edition": self.edition, "fragments": list(self.fragments),
                "sources": list(self.sources), "lines": self.lines, "counts": self.counts, "replaced": self.replaced,
                "notes": list(self.notes)}


def import_rulebook(sources: list[Path], out_dir: Path, edition: str | None, title: str | None = None,
                    force: bool = False, progress: Callable[[int], Any] | None = None) -> RulebookImport:
    """Read ``sources`` (one edition, in reading order) and write them as edition ``edition`` of
    the rulebook folder ``out_dir``.

    ``progress``, when given, is called with the number of steps and returns a context manager
    (such as ``click.progressbar(length=n)``) whose value has ``update(k)``: one step per source read,
    one per fragment written, one per fragment parsed, and one for the folder put in place (``3 × sources
    + 1``); a bar with a ``label`` is told the stage («reading NAME», «writing», «parsing», «done»).

    Returns an :class:`RulebookImport`.

    Raises:
        InputError: no source, a source that cannot be read (see
            :func:`~berserk_kb.text.formats.read_source`), the same file twice, no edition id or a bad one, a
            title with a control character or over :data:`TITLE_LIMIT` characters, ``out_dir`` the bundled
            rulebook or inside the package's own folders, an edition already in ``out_dir`` (without
            ``force``), ``out_dir`` a file or a non-empty
            folder that is not a rulebook folder (without ``force``), a malformed existing manifest,
            or a folder that cannot be written. ``out_dir`` is then left as it was.

    Imports into one folder run one at a time (a lock on the folder that holds ``out_dir``): two at
    once each read the manifest before the other wrote it, and one edition was lost.
    """
    with folder_lock(Path(out_dir)):
        return _import(sources, Path(out_dir), edition, title, force, progress)


def _import(sources: list[Path], out_dir: Path, edition: str | None, title: str | None, force: bool,
            progress: Callable[[int], Any] | None) -> RulebookImport:
    import yaml

    from . import read_source

    if not sources:
        raise InputError("import: no source given")
    if edition is None:  # never a bundled edition's id (A, B): their encoded mechanics would apply to this text
        edition = DEFAULT_EDITION
    if not EDITION_ID.fullmatch(edition or ""):
        raise InputError(f"import: edition {cut(repr(edition))} must be a letter followed by up to 31 letters, digits, "
                         "'_' or '-' (e.g. H15)")
    if title is not None and not title.isprintable():  # an escape would reach every terminal that shows it
        raise InputError(f"import: title {cut(repr(title))} holds a control character; a title is one line "
                         "of printable text")
    if title is not None and len(title) > TITLE_LIMIT:
        raise InputError(f"import: --title is {len(title):,} characters long; a title is at most {TITLE_LIMIT}")
    out_dir = Path(out_dir)
    seen: set[Path] = set()
    for s in sources:
        r = Path(os.path.realpath(s))  # Path.resolve raises on a link loop; the reader says what is wrong
        if r in seen:
            raise InputError(f"{s}: given twice")
        seen.add(r)
    if (own := own_folder(out_dir)) is not None:
        raise InputError(f"{out_dir}: in {own}, the bundled rulebook or the package's own folder; import into yours")
    if out_dir.exists() and not out_dir.is_dir():
        raise InputError(f"{out_dir}: exists and is not a folder")
    if out_dir.is_dir():
        remove_stale(out_dir)  # before DIR is judged empty: what a killed import left is no content
    old_sources = out_dir / "sources"
    manifest: dict[str, Any] = {**({"title": title} if title else {}), "editions": []}  # no empty title written
    old_manifest: str | None = None  # the user's manifest text, edited in place (comments kept)
    if (old_sources / "manifest.yaml").is_file():
        from ..manifest import load_manifest

        existing = load_manifest(old_sources)
        old_manifest = read_text(old_sources / "manifest.yaml", "manifest", limit=MANIFEST_LIMIT)
        manifest = {"title": existing.title, "language": existing.language,
                    "editions": [e.model_dump() for e in existing.editions]}
    elif out_dir.is_dir() and any(not p.name.startswith(".import-") for p in out_dir.iterdir()) and not force:
        raise InputError(f"{out_dir}: not empty and not a rulebook folder (no sources/manifest.yaml); "
                         "use --force to write into it")
    replaced = any(e["id"] == edition for e in manifest["editions"])
    if replaced and not force:
        raise InputError(f"{out_dir}: edition {edition} is already there (use --force to replace it, "
                         "or another --edition)")

    read = []
    bar_cm = progress(3 * len(sources) + 1) if progress else nullcontext()  # read, write, parse, commit
    bar = bar_cm.__enter__()
    try:
        for s in sources:
            _stage(bar, f"reading {Path(s).name}", 0)
            try:
                read.append(read_source(Path(s)))
            except InputError as exc:  # the message names the file; so does the error's data
                exc.path = exc.path or str(s)
                raise
            _stage(bar, None, 1)
    except BaseException:
        bar_cm.__exit__(None, None, None)
        raise

    names: list[str] = []
    taken = {f for e in manifest["editions"] if e["id"] != edition for f in e["fragments"]}
    for i, src in enumerate(read, start=1):
        stem = re.sub(r"[^\w-]+", "_", src.path.stem, flags=re.ASCII).strip("_") or "source"
        name = imported_name(edition, i, stem[:40])
        while name in taken or name in names or name == "manifest.yaml":
            name = f"_{name}"
        names.append(name)
    entry = {"id": edition, "title": title or (_named(read[0].path.stem) if len(read) == 1 else edition),
             "description": "imported from " + ", ".join(_named(s.path.name) for s in read), "fragments": names}
    if replaced:
        dropped = next(e for e in manifest["editions"] if e["id"] == edition)["fragments"]
        manifest["editions"] = [entry if e["id"] == edition else e for e in manifest["editions"]]
    else:
        dropped = []
        manifest["editions"].append(entry)
    if title and not manifest.get("title"):
        manifest["title"] = title

    created = not out_dir.exists()
    work: Path | None = None
    lock = None
    with signals_raise():  # SIGTERM and SIGHUP end the import through the cleanup below
        try:
            out_dir.mkdir(parents=True, exist_ok=True)  # with the user's umask, as any new folder
            # the new sources are built inside DIR, so that putting them in place is a rename on
            # one device even when DIR is a mount point
            work = working_folder(out_dir)  # known before it exists: a signal from now on finds it
            make_working(work)
            lock = lock_work(work)  # held until the import ends: a later import leaves this folder alone
            new_sources = work / "sources"
            (new_sources / "origins").mkdir(parents=True)
            if old_sources.is_dir():
                for f in old_sources.iterdir():
                    if f.is_file() and f.name != "manifest.yaml" and f.name not in dropped:
                        shutil.copy2(f, new_sources / f.name)
                if (old_sources / "origins").is_dir():
                    for f in (old_sources / "origins").iterdir():
                        if f.is_file() and f.name.removesuffix(".json") not in dropped:
                            shutil.copy2(f, new_sources / "origins" / f.name)
            _stage(bar, "writing", 0)
            for name, src in zip(names, read):
                (new_sources / name).write_text(src.text, encoding="utf-8")
                origin = {"fragment": name, "source": _named(src.path.name), "format": src.format, "sha256": src.sha256,
                          "lines": [[o.line, o.where] + ([o.shown] if o.shown else []) for o in src.origins]}
                if src.skipped:  # the printed page's numbers and headers, left out of the fragment
                    origin["skipped"] = [list(x) for x in src.skipped]
                if src.dropped:  # words of a line left out as the site's (a wiki's «[править]»)
                    origin["dropped"] = [list(x) for x in src.dropped]
                (new_sources / "origins" / f"{name}.json").write_text(
                    json.dumps(origin, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
                _stage(bar, None, 1)
            if old_manifest is None:
                text = yaml.safe_dump(manifest, allow_unicode=True, sort_keys=False, width=1000)
            else:
                from ..manifest import with_edition

                text = with_edition(old_manifest, entry, title if title and not existing.title else None)
            (new_sources / "manifest.yaml").write_text(text, encoding="utf-8")
            from ..parse import parse_rulebook

            _stage(bar, "parsing", 0)
            try:
                rulebook = parse_rulebook(work)  # the folder reads, before it replaces anything
            except InputError as exc:
                raise _at_source(exc, new_sources, dict(zip(names, read))) from None
            counts = {**_counts(rulebook, edition), "skipped": sum(len(s.skipped) for s in read)}
            _stage(bar, None, len(read))
            commit(work, out_dir)
            _stage(bar, "done", 1)
        except BaseException as exc:
            discard(work, out_dir if created else None)
            if isinstance(exc, OSError):
                raise InputError(f"{out_dir}: cannot be written: {exc.strerror or exc}") from None
            raise
        finally:
            if lock is not None:
                lock.close()
            bar_cm.__exit__(None, None, None)
    return RulebookImport(str(out_dir), edition, tuple(names), tuple(str(s.path) for s in read),
                         sum(s.text.count("\n") for s in read), counts, replaced,
                         tuple(n for s in read for n in s.notes))


def _stage(bar: Any, label: str | None, steps: int) -> None:
    """Move the progress ``bar`` (if any) on by ``steps``, telling it the stage ``label`` first —
    shown at once (``render_progress``, as click's bar has), so the bar names a stage while it
    runs rather than once it is over."""
    if bar is None:
        return
    if label is not None and hasattr(bar, "label"):
        bar.label = label
        if hasattr(bar, "render_progress"):
            bar.render_progress()
    if steps:
        bar.update(steps)


def _section(number: str) -> str:
    """The section of a paragraph number: its leading digits («519» of «519.3б»)."""
    return number[:len(number) - len(number.lstrip("0123456789"))]


def _at_source(exc: InputError, sources: Path, read: dict[str, Any]) -> InputError:
    """``exc``, raised on line N of a fragment the import just wrote in ``sources`` (not yet in
    place: a name the user never sees), told at the line of the source document (``read``:
    fragment name → its source) that line came from; any other error as it is."""
    src = read.get(Path(exc.path).name) if exc.path and exc.line and Path(exc.path).parent == sources else None
    origin = next((o for o in src.origins if o.line == exc.line), None) if src else None
    if src is None or origin is None:
        return exc
    return InputError(f"{src.path}:{origin.where}: {str(exc).removeprefix(f'{exc.path}:{exc.line}: ')}", path=src.path)


def _counts(rulebook: Any, edition: str) -> dict[str, int]:
    paras = [p for p in rulebook.paragraphs if p.edition == edition]
    refs = [r for r in rulebook.references if r.edition == edition]
    sections = {_section(p.number) for p in paras if p.number}
    kinds: dict[str, int] = {}
    for p in paras:
        kinds[p.kind.value] = kinds.get(p.kind.value, 0) + 1
    return {
        "numbered": kinds.get("numbered", 0), "headings": kinds.get("heading", 0), "text": kinds.get("text", 0),
        "tables": kinds.get("table", 0), "contents": kinds.get("contents", 0),
        "list_items": sum(i.edition == edition for i in rulebook.list_items),
        "examples": sum(x.edition == edition for x in rulebook.examples),
        "references": len(refs), "resolved": sum(r.target is not None for r in refs),
        "external": sum(r.external is not None for r in refs),
        "outside": sum(r.target is None and r.external is None and not r.own and _section(r.number) not in sections
                       for r in refs),
    }


def _named(name: str) -> str:
    """A file's ``name`` as text written into the rulebook folder (UTF-8): a byte of it that is not
    UTF-8 (a surrogate escape) written ``\\xff``."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
