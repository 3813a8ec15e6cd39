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

Fragments are scanned into raw units by :mod:`.scan` (with the forms of real rulebooks,
:mod:`.forms`: tables of contents, tables, more number and list forms, glossary terms); this module
gives them ids, parents and hosts (nested lists by indentation and marker style), titles (a
glossary entry's term) and references (:mod:`.references`; «210.11а», «300.2ii» name an item of
210.11, 300.2 unless printed so; a reference into another document is unresolved, external).

Ids (see ``docs/identifiers.md``): ``A:519.3`` (numbered), ``A:правило-топора`` (heading),
``A:519.3/порядок-наложения-модификаторов-внутри`` (plain paragraph under its parent),
``A:519.3/item2`` (list item), ``A:519.3/ex1`` (example), ``A:519.3#ref1`` (reference).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path

from ..errors import InputError
from . import forms
from .glossary import glossary_titles, term_headings
from .lines import ends_sentence, inline_title, is_heading, slug
from .manifest import MANIFEST_LIMIT, check_kb_folder, load_manifest, source_stem
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
from .numbers import item_named, same_number, split_suffix
from .readers import decode, read_bytes
from .references import column_references, find_cross_references, names_this_document
from .scan import RawUnit, definition_hosts, source_lines, split_units, too_long

# --- the structure pass: parents, hosts and ids -------------------------------------------------


class _IdAllocator:
    def __init__(self) -> None:
        self.used: set[str] = set()
        self.tried: dict[str, int] = {}  # per base, the last suffix found taken: the next search starts there

    def take(self, base: str) -> str:
        n = self.tried.get(base, 1)
        candidate = base if n == 1 else f"{base}~{n}"
        while candidate in self.used:
            n += 1
            candidate = f"{base}~{n}"
        self.tried[base] = n
        self.used.add(candidate)
        return candidate


def _number_parent(number: str, numbered: dict[str, str]) -> str | None:
    """The paragraph a number stands under: the longest printed prefix of its parts («100.2» for
    «100.2.1», and for «100.2б», a letter sub-paragraph of 100.2)."""
    if number[-1:].isalpha() and (pid := numbered.get(number[:-1])):
        return pid
    parts = number.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        pid = numbered.get(".".join(parts[:cut]))
        if pid:
            return pid
    return None


def _structure_fragment(
    raws: list[RawUnit], edition: str, frag_stem: str, numbered: dict[str, str], ids: _IdAllocator
) -> None:
    """Give every raw unit of one fragment its id and its parent/host (in place)."""
    heading: RawUnit | None = None  # the current unnumbered heading
    anchor: RawUnit | None = None  # the latest numbered paragraph or heading
    last_para: RawUnit | None = None
    last_bullet: RawUnit | None = None
    open_items: list[RawUnit] = []  # the items of the current list that a further item may nest under
    seen: Counter[str] = Counter()  # items under each host (and item), examples under each host
    orphans: list[RawUnit] = []
    by_id: dict[str, RawUnit] = {}

    def count(host: str) -> int:
        seen[host] += 1
        return seen[host]

    def orphan(u: RawUnit, kind: str) -> None:  # cut off from its host by the fragment boundary
        orphans.append(u)
        u.orphaned = True
        u.id = ids.take(f"{edition}:~{frag_stem}/{kind}{len(orphans)}")

    terms = term_headings(raws)
    definition = -1  # the index of the latest term's definition
    section: RawUnit | None = None  # the latest numbered paragraph or heading that is not a term
    for idx, u in enumerate(raws):
        if u.kind == "numbered":
            u.para_kind = ParagraphKind.NUMBERED
            u.parent = _number_parent(u.number or "", numbered) or (heading.id if heading else None)
            u.id = ids.take(f"{edition}:{u.number}")
            numbered.setdefault(u.number or "", u.id)
            anchor = last_para = section = u
            last_bullet = None
            open_items = []
        elif u.kind == "heading":
            u.para_kind = ParagraphKind.HEADING
            u.id = ids.take(f"{edition}:{slug(u.lines[0], 6)}")
            if idx in terms and section is not None:
                u.parent = section.id  # a glossary entry's term stands in its section, an entry titled by
                u.para_kind = ParagraphKind.TEXT  # its term as «Броня Х: …» on one line is
                definition = idx + 1  # … and owns its definition, up to the next entry
            else:
                heading = section = u
            anchor = last_para = u
            last_bullet = None
            open_items = []
        elif u.kind == "contents":  # a line of a table of contents: no number, no parent, no anchor
            u.para_kind = ParagraphKind.CONTENTS
            u.id = ids.take(f"{edition}:toc/line{sum(i.startswith(edition + ':toc/') for i in ids.used) + 1}")
        elif u.kind == "table":  # a table stands under the paragraph above it but is never a host
            u.para_kind = ParagraphKind.TABLE
            u.parent = anchor.id if anchor else None
            n = count(f"{u.parent}/table")
            u.id = ids.take(f"{u.parent}/table{n}" if u.parent else f"{edition}:table{n}")
        elif u.kind == "text":
            u.para_kind = ParagraphKind.TEXT
            if idx == 0 and u.lines[0][:1].islower():
                u.orphaned = True  # the fragment starts mid-sentence
            if (0 <= definition < idx and anchor is raws[definition - 1]
                    and forms.glossary_term(u.text, True, is_heading)):
                anchor = section  # the next entry («Рывок – …») after a term's definition: in the glossary
            u.parent = anchor.id if anchor else None
            base = f"{u.parent}/" if u.parent else f"{edition}:"
            u.id = ids.take(base + slug(u.text))
            last_para = u
            last_bullet = None
            open_items = []
        elif u.kind == "item":
            host = last_para
            if u.style is ListStyle.SUB_BULLET and not u.indent:
                if last_bullet is None:
                    host = None
                else:
                    u.parent_item = last_bullet.id
            elif host is not None:
                u.under = _nesting(u, open_items)
                if u.under is not None:
                    u.parent_item = u.under.id
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
            if (host is not None and u.style is not ListStyle.SUB_BULLET) or u.indent:
                open_items.append(u)
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


def _joints(per_fragment: list[tuple[str, list[RawUnit]]]) -> None:
    """A sentence cut where one fragment of an edition ends and the next begins (in place): when the
    next fragment opens mid-sentence (its first unit is plain text starting with a lower-case letter)
    and this one's last unit stops without sentence-final punctuation, that last unit is cut off too,
    even when its last word alone («… выпало шесть, игрок») would read as a complete sentence."""
    for (_a, before), (_b, after) in zip(per_fragment, per_fragment[1:]):
        if before and after and after[0].kind == "text" and after[0].orphaned \
                and after[0].lines[0][:1].islower() and not ends_sentence(before[-1].lines[-1]):
            before[-1].orphaned = True


def _target(number: str, numbered: dict[str, str], items_of: dict[str, list[tuple[str, str]]]) -> str | None:
    """The unit a referenced number names: the paragraph printing it, else the list item an item
    suffix names («210.11а», «300.2ii»: :func:`.numbers.item_named`; ``items_of``: id → (label, id))."""
    if number in numbered:
        return numbered[number]
    if number[-1:].isalpha() and (same := next((n for n in numbered if same_number(n, number)), None)):
        return numbered[same]  # printed «100.3Б», or «801.1а» with a Cyrillic «а» for «801.1a»
    if (split := split_suffix(number)) and split[0] in numbered:
        items = items_of.get(numbered[split[0]], [])
        k = item_named(split[1], [label for label, _ in items])  # «100.2(3)» and no item «3)»: dangling
        return items[k][1] if k is not None else None
    return None


def _nesting(u: RawUnit, open_items: list[RawUnit]) -> RawUnit | None:
    """The item ``u`` nests under, popping from ``open_items`` the items it closes: a deeper
    indentation nests under the item above; so does another marker style right after an item that
    does not end a sentence or an item («…в следующем порядке» / «• модификаторы…»; a bullet after a
    lettered or numbered item ending with «;» too: the enumeration goes on) unless a list of
    that style is open at that indentation; otherwise ``u`` is the next sibling of the latest open
    item of its style at its indentation (or of the item above), under the same parent."""
    while open_items and open_items[-1].indent > u.indent:
        open_items.pop()
    if not open_items:
        return None
    top = open_items[-1]
    same = [i for i, x in enumerate(open_items) if x.indent == u.indent and x.style is u.style]
    ends = ".!?…»)" if u.style is ListStyle.BULLET and top.style is not ListStyle.BULLET else ".;!?…»)"
    if top.indent < u.indent or (top.style is not u.style and not same
                                 and not top.lines[-1].rstrip().endswith(tuple(ends))):
        return top  # «б) выставление героев;» over «– героя…»: a bullet after a lettered item is its sub-list
    cut = same[-1] if same else len(open_items) - 1
    parent = open_items[cut].under
    del open_items[cut:]
    return parent


# --- the whole rulebook -------------------------------------------------------------------------


def parse_rulebook(kb_dir: Path) -> Rulebook:
    """Parse the rulebook laid out under ``kb_dir`` (``kb_dir/sources/manifest.yaml`` + fragments).

    Returns a :class:`Rulebook` with every unit in reading order.

    Raises:
        InputError: missing or unreadable folder, malformed manifest, a fragment not UTF-8, a unit
            longer than :data:`~berserk_kb.text.scan.UNIT_LIMIT` characters (its file:line).
    """
    check_kb_folder(kb_dir)
    kb_dir = Path(kb_dir)
    sources = kb_dir / "sources"
    manifest = load_manifest(sources)
    digest = hashlib.sha256(read_bytes(sources / "manifest.yaml", "manifest", limit=MANIFEST_LIMIT))

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
        per_fragment: list[tuple[str, list[RawUnit]]] = []
        for name in ed.fragments:
            path = sources / name
            raw_bytes = read_bytes(path, "fragment", inside=sources)  # a link out of it: /etc/passwd
            text = decode(raw_bytes, path, nul=True)
            digest.update(name.encode() + b"\0" + raw_bytes)
            fragments.append(
                Fragment(name, ed.id, len([f for f in fragments if f.edition == ed.id]) + 1,
                         hashlib.sha256(raw_bytes).hexdigest(), text.count("\n") + 1)
            )
            if (long := too_long(text)) or (long := too_long(text, raws := split_units(text))):
                raise InputError(f"{path}:{long[0]}: {long[1]}", path=path, line=long[0])
            per_fragment.append((name, raws))
        for name, raws in per_fragment:
            _structure_fragment(raws, ed.id, source_stem(name, ed.id), numbered, ids)
        _joints(per_fragment)
        # numeric parents may stand in a later fragment: resolve once all are known
        for _name, raws in per_fragment:
            for r in raws:
                if r.kind == "numbered" and r.number:
                    p = _number_parent(r.number, numbered)
                    if p:
                        r.parent = p

        ref_seq: dict[str, int] = {}
        items_of: dict[str, list[tuple[str, str]]] = {}  # a paragraph's own items, in order
        for r in (r for _, raws in per_fragment for r in raws if r.kind == "item" and r.parent and not r.parent_item):
            items_of.setdefault(r.parent or "", []).append((r.label, r.id))
        terms = glossary_titles(per_fragment)
        for name, raws in per_fragment:
            terms_of = definition_hosts(raws)
            for r in raws:
                order += 1
                host_para: str | None
                span = Span(name, r.line_start, r.line_end)
                common = dict(id=r.id, edition=ed.id, prefix=r.prefix, text=r.text, span=span,
                              order=order, orphaned=r.orphaned)
                if r.kind in ("numbered", "heading", "text", "table", "contents"):
                    title = terms.get(r.id)
                    if (r.kind == "heading" and not title) or (r.kind == "numbered" and is_heading(r.text)):
                        title = r.text.strip().rstrip(".")
                    elif r.kind == "numbered":
                        title = inline_title(r.text)
                    assert r.para_kind is not None  # set for every paragraph kind by the scan
                    paragraphs.append(Paragraph(**common, kind=r.para_kind, number=r.number,
                                                title=title, parent=r.parent))
                    host_para = r.id
                elif r.kind == "item":
                    assert r.style is not None  # every item has its marker's style
                    items.append(ListItem(**common, paragraph=r.parent, parent_item=r.parent_item,
                                          label=r.label, style=r.style))
                    host_para = r.parent
                else:
                    examples.append(Example(**common, paragraph=r.parent, label=r.label))
                    host_para = r.parent
                if r.kind == "contents":
                    continue  # a table of contents names paragraphs; it does not cite them
                full = r.prefix + r.text
                line, counted = r.line_start, 0  # line breaks counted up to ``counted``: once over the text
                found = find_cross_references(full) + (column_references(full) if r.kind == "table" else [])
                for raw, nums, offset, externals, inner in found:
                    line, counted = line + full.count("\n", counted, offset), max(counted, offset)
                    if offset < len(r.prefix):
                        continue  # the unit's own marker («Раздел 101. Бой»): it names itself, it cites nothing
                    own = names_this_document(full[offset + len(raw):offset + len(raw) + 60])
                    for num, external, between in zip(nums, externals, inner):
                        target = None if external else _target(num, numbered, items_of)
                        if between and target is None:
                            continue  # a range's middle the text does not print: nothing to cite
                        if target == r.id and raw.strip(" .") == r.text.strip(" ."):
                            continue  # «100. Раздел 100»: a title naming its own number cites nothing
                        k = ref_seq.get(r.id, 0) + 1
                        ref_seq[r.id] = k
                        references.append(Reference(
                            id=f"{r.id}#ref{k}", edition=ed.id, source_unit=r.id,
                            source_paragraph=terms_of.get(r.id, host_para), number=num, raw=raw,
                            target=target, span=Span(name, line, line), external=external, own=own and not external,
                            start=max(0, offset - len(r.prefix)), end=max(0, offset - len(r.prefix) + len(raw)),
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


__all__ = ["parse_rulebook", "source_lines", "split_units"]
