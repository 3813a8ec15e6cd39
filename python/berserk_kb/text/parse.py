"""The importer: rulebook text → :class:`~berserk_kb.model.Rulebook`.

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
from dataclasses import dataclass
from pathlib import Path

from .errors import InputError
from .morph import part_of_speech
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

# --- line patterns ------------------------------------------------------------------------------

# «519.3.», «540.», «5.1.»: a section of three or four digits, or any number with a dot inside.
NUMBER_RE = re.compile(r"^(?P<num>\d{3,4}(?:\.\d{1,3})*|\d{1,2}(?:\.\d{1,3})+)\.(?:\s+|$)")
EXAMPLE_RE = re.compile(r"^(?P<label>(?:ПРИМЕР|Пример)(?:\s*\d+)?)\s*[:.]\s*")
EXAMPLE_INLINE_RE = re.compile(r"^(?P<label>Например),")
LETTER_RE = re.compile(r"^(?P<label>[a-zа-яё])[.)]\s+")
DIGIT_ITEM_RE = re.compile(r"^(?P<label>\d{1,2})\)\s+")
BULLET_RE = re.compile(r"^(?P<label>[●•])\s*")
SUB_BULLET_RE = re.compile(r"^(?P<label>[○◦])\s*")

# A line that ends one of these does not continue on the next line.
_TERMINAL = tuple(".!?:;…\"”»)")
_CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
_LATIN = re.compile(r"[a-z]", re.IGNORECASE)

# Cross-references: a keyword, then one or more paragraph numbers (lists with «,»/«и», ranges).
_REF_NUM = r"\d{3}(?:\.\d{1,3})*"
REFERENCE_RE = re.compile(
    r"(?<![\w])(?P<kw>см\.(?:\s*также)?|пп\.|п\.|пункт[а-я]*|согласно)\s*(?:пп?\.\s*)?"
    rf"(?P<list>{_REF_NUM}(?:\s*(?:,|\bи\b)\s*(?:пп?\.\s*)?{_REF_NUM}|\s*[–—-]\s*(?:{_REF_NUM}|\d{{1,3}}\b))*)",
    re.IGNORECASE,
)
_REF_SPLIT_RE = re.compile(rf"({_REF_NUM}|\d{{1,3}})|(–|—|-)")


@dataclass
class _LineKind:
    kind: str  # numbered | example | item | heading | text
    prefix: str = ""
    label: str = ""
    number: str | None = None
    style: ListStyle | None = None


def classify_line(line: str) -> _LineKind:
    """Classify one source line by its marker (without looking at its neighbours).

    Returns a kind (``numbered``, ``example``, ``item``, ``heading`` or ``text``) with the marker
    prefix exactly as written, the label and, for numbered paragraphs, the number.
    """
    if m := NUMBER_RE.match(line):
        return _LineKind("numbered", prefix=m.group(0), number=m.group("num"))
    if m := EXAMPLE_RE.match(line):
        return _LineKind("example", prefix=m.group(0), label=m.group("label"))
    if m := EXAMPLE_INLINE_RE.match(line):
        return _LineKind("example", prefix="", label=m.group("label"))
    if m := LETTER_RE.match(line):
        label = m.group("label")
        style = ListStyle.LATIN if _LATIN.match(label) else ListStyle.CYRILLIC
        return _LineKind("item", prefix=m.group(0), label=label, style=style)
    if m := DIGIT_ITEM_RE.match(line):
        return _LineKind("item", prefix=m.group(0), label=m.group("label"), style=ListStyle.DIGIT)
    if m := BULLET_RE.match(line):
        return _LineKind("item", prefix=m.group(0), label=m.group("label"), style=ListStyle.BULLET)
    if m := SUB_BULLET_RE.match(line):
        return _LineKind("item", prefix=m.group(0), label=m.group("label"), style=ListStyle.SUB_BULLET)
    if is_heading(line):
        return _LineKind("heading")
    return _LineKind("text")


def is_heading(text: str) -> bool:
    """A heading is one short noun phrase: it starts with a capital letter, has at most six words,
    no comma, colon, quote, digit or spaced dash, at most a final full stop, and (by Russian
    morphology, pymorphy3) no verb, participle, pronoun or particle — so «Правило топора.» is a
    heading and «Отравление не суммируется.» is not."""
    s = text.strip()
    if not s or not s[0].isupper() or not s[0].isalpha():
        return False
    body = s[:-1] if s.endswith(".") else s
    if not body or len(body) > 80 or len(body.split()) > 6:
        return False
    if any(ch in body for ch in ',:;"“”«»()!?.…') or any(ch.isdigit() for ch in body):
        return False
    if re.search(r"\s[-–—]\s", body):
        return False
    return _noun_phrase(body)


_NOT_IN_HEADINGS = {"VERB", "INFN", "PRTS", "GRND", "PRCL", "NPRO", "ADVB", "PRED", "COMP", "INTJ"}


def _noun_phrase(words: str) -> bool:
    tags = [part_of_speech(w) for w in re.findall(r"[^\W\d_]+", words)]
    return bool(tags) and tags[0] in ("NOUN", "ADJF") and not _NOT_IN_HEADINGS.intersection(t for t in tags if t)


def inline_title(text: str) -> str | None:
    """The title a numbered paragraph opens with («519.3. Правило наложения модификаторов атаки.
    Модификаторы атаки накладываются…»), or ``None``."""
    m = re.match(r"([^.]{3,80})\.\s+\S", text)
    if m and is_heading(m.group(1) + "."):
        return m.group(1)
    return None


def ends_sentence(line: str) -> bool:
    """True when ``line`` (right-stripped) ends with sentence-final punctuation or a closing
    quote/bracket, so that the next line starts a new unit."""
    s = line.rstrip()
    return bool(s) and s.endswith(_TERMINAL)


def slug(text: str, words: int = 4) -> str:
    """A lowercase, hyphen-joined id part from the first ``words`` words of ``text`` (ё → е)."""
    tokens = re.findall(r"[^\W_]+", text.lower().replace("ё", "е"))
    return "-".join(tokens[:words]) or "x"


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
    items_of: dict[str, int] = {}
    examples_of: dict[str, int] = {}
    orphan_seq = 0
    by_id: dict[str, _Raw] = {}

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
                orphan_seq += 1
                u.orphaned = True
                u.id = ids.take(f"{edition}:~{frag_stem}/item{orphan_seq}")
            else:
                u.parent = host.id
                if u.parent_item:
                    n = items_of.get(u.parent_item, 0) + 1
                    items_of[u.parent_item] = n
                    u.id = ids.take(f"{u.parent_item}.{n}")
                else:
                    n = items_of.get(host.id, 0) + 1
                    items_of[host.id] = n
                    u.id = ids.take(f"{host.id}/item{n}")
            if u.style is ListStyle.BULLET:
                last_bullet = u
        elif u.kind == "example":
            host = last_para
            if host is not None and host.para_kind is ParagraphKind.TEXT and host.parent:
                parent = by_id.get(host.parent)
                if parent is not None and parent.para_kind is ParagraphKind.NUMBERED:
                    host = parent  # plain text under a numbered paragraph is part of its body
            if host is None:
                orphan_seq += 1
                u.orphaned = True
                u.id = ids.take(f"{edition}:~{frag_stem}/ex{orphan_seq}")
            else:
                u.parent = host.id
                n = examples_of.get(host.id, 0) + 1
                examples_of[host.id] = n
                u.id = ids.take(f"{host.id}/ex{n}")
        by_id[u.id] = u


# --- references ---------------------------------------------------------------------------------


def find_references(text: str) -> list[tuple[str, list[str], int]]:
    """Find cross-references in ``text``.

    Returns ``(raw, numbers, offset)`` per written reference: ``raw`` is the written form,
    ``numbers`` the paragraph numbers it names in order (ranges such as ``519.2–519.4`` are
    expanded when both ends share their prefix), ``offset`` the character offset of ``raw``.
    """
    found = []
    for m in REFERENCE_RE.finditer(text):
        numbers: list[str] = []
        pending_range = False
        for num, dash in _REF_SPLIT_RE.findall(m.group("list")):
            if dash:
                pending_range = True
                continue
            if pending_range and numbers:
                numbers.extend(_expand_range(numbers[-1], num))
            else:
                numbers.append(num)
            pending_range = False
        found.append((m.group(0), numbers, m.start()))
    return found


def _expand_range(start: str, end: str) -> list[str]:
    a, b = start.split("."), end.split(".")
    if len(b) == 1 and len(a) > 1:  # «519.2-4»: the end names the last part only
        b = [*a[:-1], b[0]]
    if len(a) == len(b) and a[:-1] == b[:-1] and int(a[-1]) < int(b[-1]) <= int(a[-1]) + 50:
        prefix = ".".join(a[:-1])
        return [f"{prefix}.{i}" if prefix else str(i) for i in range(int(a[-1]) + 1, int(b[-1]) + 1)]
    return [end]


# --- the whole rulebook -------------------------------------------------------------------------


def read_fragment(path: Path) -> str:
    """Read a fragment as UTF-8 text.

    Raises:
        InputError: unreadable, or not valid UTF-8 (names the file, the line and the byte offset).
    """
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError(f"{path}: cannot read fragment: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError(
            f"{path}:{line}:{col}: not valid UTF-8 (byte 0x{raw[exc.start]:02x} at offset {exc.start})"
        ) from None
    if "\x00" in text:
        at = text.index("\x00")
        line = text.count("\n", 0, at) + 1
        col = at - (text.rfind("\n", 0, at) + 1) + 1
        raise InputError(f"{path}:{line}:{col}: contains a NUL character")
    return text[1:] if text.startswith("\ufeff") else text


def parse_rulebook(kb_dir: Path) -> Rulebook:
    """Parse the rulebook laid out under ``kb_dir`` (``kb_dir/sources/manifest.yaml`` + fragments).

    Returns a :class:`Rulebook` with every unit in reading order.

    Raises:
        InputError: missing or unreadable folder, malformed manifest, a fragment not UTF-8.
    """
    kb_dir = Path(kb_dir)
    sources = kb_dir / "sources"
    if not kb_dir.is_dir():
        raise InputError(f"{kb_dir}: not a readable knowledge-base folder")
    if not sources.is_dir():
        raise InputError(f"{kb_dir}: no 'sources' folder (expected {sources})")
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
            text = read_fragment(path)
            raw_bytes = path.read_bytes()
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


__all__ = ["parse_rulebook", "split_units", "source_lines", "classify_line", "find_references", "read_fragment",
           "slug", "is_heading"]
