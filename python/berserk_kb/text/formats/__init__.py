"""Format readers: a published rulebook (.docx, .html/.htm, .md, .rst, .txt) → fragment text.

Each format is read with a library made for it (python-docx, lxml, markdown-it-py, docutils); the
document becomes :class:`~berserk_kb.text.formats.blocks.Block` records as it is displayed, and then one
fragment text with one :class:`~berserk_kb.text.formats.blocks.Origin` per line
(:func:`read_source`). ``.txt`` is taken as published, line for line. :mod:`.importer` writes
the fragments into a rulebook folder (``berserk-kb import``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ...errors import InputError
from .. import INVISIBLE, LINE_SEPARATORS, without_control_sequences
from ..readers import decode, read_bytes
from .blocks import Block, Origin, number_implicit_paragraphs, render
from .layout import unfold_layout_tables
from .linktargets import write_link_targets

#: format by file suffix
FORMATS = {".docx": "docx", ".html": "html", ".htm": "html", ".xhtml": "html", ".md": "markdown",
           ".markdown": "markdown", ".rst": "rst", ".rest": "rst", ".txt": "text"}
#: what to do with a format that is not read
_CONVERT = {".pdf": "; save a PDF as text (.txt) first", ".doc": "; save it as .docx in Word",
            ".odt": "; save it as .docx", ".rtf": "; save it as .docx"}
#: how an OLE compound file (a Word 97–2003 .doc) begins
_OLE_MAGIC = bytes.fromhex("d0cf11e0a1b11ae1")
#: the largest source read (issue 11: a 100 MB source is refused; a rulebook with its pictures is a few MB)
MAX_BYTES = 100 * 10**6
#: the most a .docx may unpack to (a «zip bomb» unpacks to far more than it weighs)
MAX_UNPACKED = 256 * 1024 * 1024


@dataclass(frozen=True)
class SourceText:
    """One source read: its fragment text, the origin of each fragment line, and its format."""

    path: Path
    format: str
    text: str
    origins: tuple[Origin, ...]
    sha256: str
    #: source lines left out as the printed page's own (page numbers, running headers): (line, text)
    skipped: tuple[tuple[int, str], ...] = ()
    #: what the reader did that a reader of the import should know (two columns read apart)
    notes: tuple[str, ...] = ()
    #: words left out of a .txt's lines, as the site's (a wiki's «[править]»): (source line, text)
    dropped: tuple[tuple[int, str], ...] = ()


def read_source(path: Path) -> SourceText:
    """Read one published rulebook file into fragment text.

    Returns a :class:`SourceText`: ``text`` ends with a newline; ``origins[i]`` is where line
    ``i + 1`` came from; ``skipped``: the lines of a .txt left out as page numbers and headers.

    Raises:
        InputError: unknown format (by suffix), missing or unreadable, larger than 100 MB, empty,
            not UTF-8 where text is expected (names line and column), a NUL character, a broken
            .docx, or nothing a reader would see (each message names the file and the place).
    """
    import hashlib

    path = Path(path)
    fmt = FORMATS.get(path.suffix.lower())
    if path.is_dir():
        raise InputError(f"{path}: is a folder; give the rulebook files in it")
    if fmt is None:
        known = ", ".join(sorted(FORMATS))
        hint = _CONVERT.get(path.suffix.lower(), "")
        raise InputError(f"{path}: unknown format {path.suffix or '(no suffix)'!r} (known: {known}){hint}")
    raw = read_bytes(path, "source", limit=MAX_BYTES) or b""
    if not raw.strip():
        raise InputError(f"{path}: empty file")
    if raw.startswith(_OLE_MAGIC):  # whatever its suffix says: Word's binary format
        raise InputError(f"{path}: this is a Word 97–2003 .doc: save it as .docx")
    digest = hashlib.sha256(raw).hexdigest()
    notes: list[str] = []
    links: dict[int, str] = {}  # a link into the page whose words name no number: its target's words
    if fmt == "docx":
        blocks = _docx_blocks(path, raw, links)
    else:
        text = _decode(path, raw, fmt)
        if fmt == "text":
            return _plain(path, text, digest)
        try:
            if fmt == "markdown":
                from .markdown import read_markdown

                _bounded_markdown(path, text)
                blocks = read_markdown(text, path.name, notes)
            elif fmt == "html":
                from .html import read_html

                blocks = read_html(text, links)
            else:
                from .rst import read_rst

                _refuse_long_line(path, text)
                blocks = read_rst(text, path.name, notes)
        except (ValueError, RecursionError) as exc:
            raise InputError(f"{path}: cannot be read as {fmt}: {' '.join(str(exc).split())[:200]}") from None
    blocks = number_implicit_paragraphs(unfold_layout_tables(blocks))
    out, origins = render(blocks, path.name)
    out = write_link_targets(out, links, path.name, notes)  # a link's target number after its words
    if not out.strip():
        raise InputError(f"{path}: no text a reader would see (only markup, pictures or blank lines)")
    return SourceText(path, fmt, out, tuple(origins), digest, notes=tuple(notes))


#: the most «[» a Markdown source may hold: each opens a link or image markdown-it-py tries to
#: read (tens of µs each); a rulebook has hundreds (heroes-15: 285), a link list a few thousand
MAX_BRACKETS = 50_000
#: the most runs of «*» or «_» (emphasis delimiters, ~55 µs and ~1 KB each to the Markdown pass) a
#: Markdown source may hold: heroes-15 has 909 (458 of «*», 451 of «_»)
MAX_EMPHASIS = 50_000
#: an inline picture's data (``(data:image/png;base64,…)``), which a reader sees as «[значок]»
_DATA_URI = re.compile(r"\(data:[^)\s]*\)")


def _bounded_markdown(path: Path, text: str) -> None:
    """Refuse, before the Markdown pass, a line over :data:`~berserk_kb.text.scan.UNIT_LIMIT`
    (inline pictures' data not counted), more than :data:`MAX_BRACKETS` «[» or more than
    :data:`MAX_EMPHASIS` runs of «*» or «_»: the pass would take minutes and gigabytes, and then
    the fragment's line cap would refuse the same line; and lists nested deeper than the pass reads
    (:func:`.markdown.too_deep`), which it takes minutes to find out.

    Raises:
        InputError: ``path:line: what``, the line where the cap is passed."""
    import itertools

    from .markdown import LIST_DEPTH, too_deep

    _refuse_long_line(path, _DATA_URI.sub("()", text))
    if (deep := too_deep(text)) is not None:
        raise InputError(f"{path}:{deep}: cannot be read as markdown: lists nested too deep (more than "
                         f"{LIST_DEPTH} levels); what is nested deeper would be lost")
    for pattern, cap, what in ((r"\[", MAX_BRACKETS, "«[» (links, images)"),
                               (r"[*_]+", MAX_EMPHASIS, "runs of «*» or «_» (emphasis)")):
        if (n := sum(1 for _ in re.finditer(pattern, text))) > cap:
            at = next(itertools.islice(re.finditer(pattern, text), cap, None)).start()
            raise InputError(f"{path}:{text.count(chr(10), 0, at) + 1}: {n:,} {what} in one Markdown "
                             f"file: at most {cap:,}")


def _refuse_long_line(path: Path, text: str) -> None:
    """Raise :class:`InputError` ``path:line: what`` for a line of ``text`` over
    :data:`~berserk_kb.text.scan.UNIT_LIMIT` (as the fragment's line cap would, after the pass)."""
    from ..scan import too_long

    if (long := too_long(text)) is not None:
        raise InputError(f"{path}:{long[0]}: {long[1]}")


def _docx_blocks(path: Path, raw: bytes, links: dict[int, str]) -> list[Block]:
    import io
    import zipfile

    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as z:
            if "word/document.xml" not in z.namelist():
                raise InputError(f"{path}: broken .docx: no word/document.xml in the package")
            unpacked = sum(i.file_size for i in z.infolist())
            if unpacked > MAX_UNPACKED:
                raise InputError(f"{path}: broken .docx: unpacks to {unpacked // 1024 // 1024} MiB "
                                 f"(more than {MAX_UNPACKED // 1024 // 1024} MiB)")
    except zipfile.BadZipFile:
        raise InputError(f"{path}: broken .docx: not a zip package") from None
    from .docx import read_docx

    try:
        return read_docx(path, links)
    except ValueError as exc:
        raise InputError(f"{path}: broken .docx: {exc}") from None


_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_-]+)""", re.IGNORECASE)


def _decode(path: Path, raw: bytes, fmt: str) -> str:
    """The text of a text source: UTF-8 (a BOM is dropped); an HTML page may declare another
    charset in a ``<meta>``, and is then read in it."""
    import codecs

    encoding = "utf-8"
    if fmt == "html" and (m := _META_CHARSET.search(raw[:4096])):
        try:
            encoding = codecs.lookup(m.group(1).decode("ascii")).name
        except LookupError:
            raise InputError(f"{path}: declares an unknown charset {m.group(1).decode('ascii', 'replace')!r}") from None
    return decode(raw, path, nul=True, encoding=encoding)


def _plain(path: Path, text: str, digest: str) -> SourceText:
    """A text file as published: its lines as they are (line ends made ``\\n``, form feeds of a
    PDF conversion taken as page breaks, control sequences and trailing spaces removed), without
    the printed page's numbers and running headers (:mod:`.plain`, :mod:`.pagetops`), without the
    characters a reader never sees (soft hyphens, zero-width spaces: :data:`~berserk_kb.text.INVISIBLE`),
    with words hyphenated at a line end whole (:mod:`.plain`), with the paragraph numbers a copied
    web page showed as list numbers written out (:mod:`.weblists`), and — when blank lines part its
    paragraphs — a numbered paragraph's lines one line (:mod:`.linebreaks`); a wiki heading's edit
    marks left out, kept in ``dropped`` (:mod:`.wikicopy`)."""
    from .linebreaks import join_paragraph_lines
    from .pagetops import page_top_headers
    from .plain import drop_furniture, join_hyphenated, page_furniture, read_columns
    from .weblists import number_copied_lists
    from .wikicopy import without_edit_marks

    raw = re.split(r"\r\n|\r|\n", text.translate({**INVISIBLE, **LINE_SEPARATORS}))
    breaks = {i for i, ln in enumerate(raw) if "\f" in ln}
    lines = [without_control_sequences(ln).rstrip() for ln in raw]  # the form feeds too, and an OSC whole
    lines, dropped = without_edit_marks(lines)  # a wiki heading's «[править]»: the site's, not the text's
    while lines and not lines[-1]:
        lines.pop()
    if not any(ln.strip() for ln in lines):
        raise InputError(f"{path}: no text (only blank lines)")
    lines, at, runs = read_columns(lines, breaks)  # ``at``: the source line (from 0) of each line
    breaks = {k for k, i in enumerate(at) if i in breaks}
    found = page_furniture(lines, breaks)
    found |= page_top_headers(lines, found, breaks)
    kept = drop_furniture(lines, found)
    out, shown = number_copied_lists(join_hyphenated(["" if blank else lines[i] for i, blank in kept]))
    out, first = join_paragraph_lines(out)  # ``first``: the line of ``kept`` each line starts at
    origins = tuple(Origin(k, path.name, str(at[kept[j][0]] + 1), shown.get(j)) for k, j in enumerate(first, start=1))
    skipped = tuple((at[i] + 1, lines[i]) for i in sorted(found))
    notes = tuple(f"{path.name}: lines {a + 1}–{b + 1} are two columns side by side; read the left "
                  "column, then the right" for a, b in runs)
    return SourceText(path, "text", "\n".join(out) + "\n", origins, digest, skipped, notes, dropped)


__all__ = ["FORMATS", "SourceText", "read_source"]
