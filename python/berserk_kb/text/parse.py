"""The importer: rulebook text → :class:`~berserk_kb.text.model.Rulebook`.

Reads ``<kb>/sources/manifest.yaml`` and every fragment it lists, and splits each fragment into
units, line by line:

* a **numbered paragraph** starts with a number and a dot: ``519.3. …``, ``540. …``;
* a **list item** starts with ``a.``/``а)`` (Latin or Cyrillic letter), ``1)``, ``●`` or ``○``;
* an **example** starts with ``ПРИМЕР:``, ``ПРИМЕР 1:``, ``ПРИМЕР.`` or ``Например,``;
* a **heading** is a short single-phrase line with no marker (``Правило топора.``);
* any other line is a **plain paragraph**, unless it continues the line above it: a line with no
  marker, directly under a line that does not end a sentence, belongs to the unit above.

Blank lines only separate. Every non-blank line ends up in exactly one unit, in order, and
``unit.prefix + unit.text`` is the unit's source lines joined with ``"\\n"`` (tested).

Ids (see ``docs/identifiers.md``): ``A:519.3`` (numbered), ``A:правило-топора`` (heading),
``A:519.3/порядок-наложения-модификаторов-внутри`` (plain paragraph under its parent),
``A:519.3/item2`` (list item), ``A:519.3/ex1`` (example), ``A:519.3#ref1`` (reference).
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError
from .lines import classify_line, ends_sentence, inline_title, is_heading, slug
from .manifest import load_manifest
from .model import (
    Edition,
    Example,
    Fragment,
    ListItem,
    ListStyle,
    Paragraph,
    ParagraphKind,
    Reference,
    Rulebook,
    Span,
)
from .readers import decode, read_bytes
from .references import find_references

# --- fragment scanning --------------------------------------------------------------------------


@dataclass
class _Raw:
    """A unit being built while scanning one fragment."""

    kind: str
    prefix: str
    lines: list[str]
    line_start: int
    label: str = ""
    number: str | None = None
    style: ListStyle | None = None
    orphaned: bool = False
    # filled in by the structure pass
    id: str = ""
    parent: str | None = None  # paragraph parent / list item's paragraph / example's paragraph
    parent_item: str | None = None
    para_kind: ParagraphKind | None = None

    @property
    def line_end(self) -> int:
        return self.line_start + len(self.lines) - 1

    @property
    def text(self) -> str:
        return "\n".join(self.lines)[len(self.prefix):]


_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def source_lines(text: str) -> list[str]:
    """The lines of a fragment, numbered from 1 by position; ``\\n``, ``\\r\\n`` and a lone
    ``\\r`` all end a line."""
    return _LINE_BREAK.split(text)


def split_units(text: str) -> list[_Raw]:
    """Split a fragment's text into raw units (no ids yet). Lines are numbered from 1.

    Every non-blank line goes to exactly one unit; a unit's lines are consecutive. A last unit that
    stops mid-sentence or mid-list (no final full stop) is marked orphaned: the fragment cut it.
    """
    units: list[_Raw] = []
    prev_blank = True
    for lineno, line in enumerate(source_lines(text), start=1):
        if not line.strip():
            prev_blank = True
            continue
        lk = classify_line(line)
        continues = (
            units
            and not prev_blank
            and lk.kind in ("text", "heading")
            and not ends_sentence(units[-1].lines[-1])
        )
        if continues:
            units[-1].lines.append(line)
        else:
            units.append(_Raw(lk.kind, lk.prefix, [line], lineno, lk.label, lk.number, lk.style))
        prev_blank = False
    if units and not units[-1].lines[-1].rstrip().endswith(tuple(".!?…\"”»)")):
        units[-1].orphaned = True  # the fragment ends mid-sentence or mid-list
    return units


# --- the structure pass: parents, hosts and ids -------------------------------------------------


class _IdAllocator:
    def __init__(self) -> None:
        self.used: set[str] = set()

    def take(self, base: str) -> str:
        candidate, n = base, 1
        while candidate in self.used:
            n += 1
            candidate = f"{base}~{n}"
        self.used.add(candidate)
        return candidate


def _number_parent(number: str, numbered: dict[str, str]) -> str | None:
    parts = number.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        pid = numbered.get(".".join(parts[:cut]))
        if pid:
            return pid
    return None


def _structure_fragment(
    raws: list[_Raw], edition: str, frag_stem: str, numbered: dict[str, str], ids: _IdAllocator
) -> None:
    """Give every raw unit of one fragment its id and its parent/host (in place)."""
    heading: _Raw | None = None  # the current unnumbered heading
    anchor: _Raw | None = None  # the latest numbered paragraph or heading
    last_para: _Raw | None = None
    last_bullet: _Raw | None = None
    seen: Counter[str] = Counter()  # items under each host (and item), examples under each host
    orphans: list[_Raw] = []
    by_id: dict[str, _Raw] = {}

    def count(host: str) -> int:
        seen[host] += 1
        return seen[host]

    def orphan(u: _Raw, kind: str) -> None:  # cut off from its host by the fragment boundary
        orphans.append(u)
        u.orphaned = True
        u.id = ids.take(f"{edition}:~{frag_stem}/{kind}{len(orphans)}")

    for idx, u in enumerate(raws):
        if u.kind == "numbered":
            u.para_kind = ParagraphKind.NUMBERED
            u.parent = _number_parent(u.number or "", numbered) or (heading.id if heading else None)
            u.id = ids.take(f"{edition}:{u.number}")
            numbered.setdefault(u.number or "", u.id)
            anchor = last_para = u
            last_bullet = None
        elif u.kind == "heading":
            u.para_kind = ParagraphKind.HEADING
            u.id = ids.take(f"{edition}:{slug(u.lines[0], 6)}")
            heading = anchor = last_para = u
            last_bullet = None
        elif u.kind == "text":
            u.para_kind = ParagraphKind.TEXT
            if idx == 0 and u.lines[0][:1].islower():
                u.orphaned = True  # the fragment starts mid-sentence
            u.parent = anchor.id if anchor else None
            base = f"{u.parent}/" if u.parent else f"{edition}:"
            u.id = ids.take(base + slug(u.text))
            last_para = u
            last_bullet = None
        elif u.kind == "item":
            host = last_para
            if u.style is ListStyle.SUB_BULLET:
                if last_bullet is None:
                    host = None
                else:
                    u.parent_item = last_bullet.id
            if host is None:
                orphan(u, "item")
            else:
                u.parent = host.id
                if u.parent_item:
                    u.id = ids.take(f"{u.parent_item}.{count(u.parent_item)}")
                else:
                    u.id = ids.take(f"{host.id}/item{count(host.id)}")
            if u.style is ListStyle.BULLET:
                last_bullet = u
        elif u.kind == "example":
            host = last_para
            if host is not None and host.para_kind is ParagraphKind.TEXT and host.parent:
                parent = by_id.get(host.parent)
                if parent is not None and parent.para_kind is ParagraphKind.NUMBERED:
                    host = parent  # plain text under a numbered paragraph is part of its body
            if host is None:
                orphan(u, "ex")
            else:
                u.parent = host.id
                u.id = ids.take(f"{host.id}/ex{count(host.id + '/ex')}")
        by_id[u.id] = u


# --- the whole rulebook -------------------------------------------------------------------------


def parse_rulebook(kb_dir: Path) -> Rulebook:
    """Parse the rulebook laid out under ``kb_dir`` (``kb_dir/sources/manifest.yaml`` + fragments).

    Returns a :class:`Rulebook` with every unit in reading order.

    Raises:
        InputError: missing or unreadable folder, malformed manifest, a fragment not UTF-8.
    """
    kb_dir = Path(kb_dir)
    sources = kb_dir / "sources"
    if not kb_dir.is_dir():
        raise InputError(f"{kb_dir}: not a readable knowledge-base folder", path=kb_dir)
    if not sources.is_dir():
        raise InputError(f"{kb_dir}: no 'sources' folder (expected {sources})", path=kb_dir)
    manifest = load_manifest(sources)
    digest = hashlib.sha256((sources / "manifest.yaml").read_bytes())

    editions: list[Edition] = []
    fragments: list[Fragment] = []
    paragraphs: list[Paragraph] = []
    items: list[ListItem] = []
    examples: list[Example] = []
    references: list[Reference] = []

    for ed in manifest.editions:
        editions.append(Edition(ed.id, ed.title, ed.description, tuple(ed.fragments)))
        ids = _IdAllocator()
        numbered: dict[str, str] = {}
        order = 0
        per_fragment: list[tuple[str, list[_Raw]]] = []
        for name in ed.fragments:
            path = sources / name
            raw_bytes = read_bytes(path, "fragment")
            text = decode(raw_bytes, path, nul=True)
            digest.update(name.encode() + b"\0" + raw_bytes)
            fragments.append(
                Fragment(name, ed.id, len([f for f in fragments if f.edition == ed.id]) + 1,
                         hashlib.sha256(raw_bytes).hexdigest(), text.count("\n") + 1)
            )
            per_fragment.append((name, split_units(text)))
        for name, raws in per_fragment:
            _structure_fragment(raws, ed.id, Path(name).stem, numbered, ids)
        # numeric parents may stand in a later fragment: resolve once all are known
        for name, raws in per_fragment:
            for r in raws:
                if r.kind == "numbered" and r.number:
                    p = _number_parent(r.number, numbered)
                    if p:
                        r.parent = p

        ref_seq: dict[str, int] = {}
        for name, raws in per_fragment:
            for r in raws:
                order += 1
                span = Span(name, r.line_start, r.line_end)
                common = dict(id=r.id, edition=ed.id, prefix=r.prefix, text=r.text, span=span,
                              order=order, orphaned=r.orphaned)
                if r.kind in ("numbered", "heading", "text"):
                    title = None
                    if r.kind == "heading" or (r.kind == "numbered" and is_heading(r.text)):
                        title = r.text.strip().rstrip(".")
                    elif r.kind == "numbered":
                        title = inline_title(r.text)
                    paragraphs.append(Paragraph(**common, kind=r.para_kind, number=r.number,
                                                title=title, parent=r.parent))
                    host_para = r.id
                elif r.kind == "item":
                    items.append(ListItem(**common, paragraph=r.parent, parent_item=r.parent_item,
                                          label=r.label, style=r.style))
                    host_para = r.parent
                else:
                    examples.append(Example(**common, paragraph=r.parent, label=r.label))
                    host_para = r.parent
                full = r.prefix + r.text
                for raw, nums, offset in find_references(full):
                    line = r.line_start + full.count("\n", 0, offset)
                    for num in nums:
                        k = ref_seq.get(r.id, 0) + 1
                        ref_seq[r.id] = k
                        references.append(Reference(
                            id=f"{r.id}#ref{k}", edition=ed.id, source_unit=r.id,
                            source_paragraph=host_para, number=num, raw=raw,
                            target=numbered.get(num), span=Span(name, line, line),
                        ))

    return Rulebook(
        title=manifest.title,
        editions=tuple(editions),
        fragments=tuple(fragments),
        paragraphs=tuple(paragraphs),
        list_items=tuple(items),
        examples=tuple(examples),
        references=tuple(references),
        source_digest=digest.hexdigest(),
    )


__all__ = ["parse_rulebook", "split_units", "source_lines"]
