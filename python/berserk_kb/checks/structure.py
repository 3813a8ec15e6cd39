"""Structure checks: numbers, order, references, orphaned pieces, repeated text."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..errors import cut
from ..explain.book import Book
from ..text.numbers import digit_key, number_key
from .registry import Context, Finding, cached_json, check, code_of, finding


def _numbered(ctx: Context, edition: str) -> list:
    return [p for p in ctx.kb.rulebook.paragraphs if p.edition == edition and p.number]


_key = digit_key  # «210.11а» stands where 210.11 stands among its siblings


@check("S001", "duplicate-number", "error", "structure")
def duplicate_number(ctx: Context) -> Iterable[Finding]:
    """The same paragraph number printed twice in one edition.

    Why: a reference to that number cannot say which paragraph it means.
    """
    for ed in ctx.editions:
        seen: dict[str, Any] = {}
        for p in _numbered(ctx, ed):
            if p.number in seen:
                first = seen[p.number]
                yield finding(ctx, "S001", "error", p.id, {"number": p.number, "edition": ed, "first": str(first.span),
                                                            "text": cut(p.display_text, 60)}, edition=ed, unit=p.id)
            else:
                seen[p.number] = p


@check("S002", "numbering-gap", "warning", "structure")
def numbering_gap(ctx: Context) -> Iterable[Finding]:
    """Numbers missing among the sub-paragraphs of one paragraph, or among the sections of one
    fragment (a section is there when its number or any of its sub-paragraphs is printed: 700.1
    and 702.1 leave 701 missing): between two that are printed (warning), or before the first
    sub-paragraph printed (info: usually the loaded fragment starts later); a jump from a section to
    the first of a later hundred or to the hundred itself (121 → 201, 100 → 200: the next part) is
    not a gap. A missing number that
    an unnumbered paragraph standing there takes (see S004) is said to be unnumbered, not missing.

    Why: a missing number is either lost text or a numbering slip that breaks references.
    """
    for ed in ctx.editions:
        inferred = {i.number: i.paragraph for i in inferences(ctx, ed)}
        groups: dict[tuple[int, ...], list] = defaultdict(list)
        sections: dict[str, dict[int, Any]] = defaultdict(dict)  # fragment → section → its first paragraph
        for p in sorted(_numbered(ctx, ed), key=lambda p: p.order):
            k = _key(p.number)
            if len(k) > 1:
                groups[k[:-1]].append(p)
            sections[p.span.fragment].setdefault(k[0], p)
        for prefix, ps in groups.items():
            ps.sort(key=lambda p: _key(p.number))
            stem = ".".join(map(str, prefix))
            first = _key(ps[0].number)[-1]
            if first > 1:
                missing = [f"{stem}.{n}" for n in range(1, first)]
                yield finding(ctx, "S002", "info", f"before {ps[0].number}",
                              {"first": ps[0].number, "stem": stem, "edition": ed, **_missing(missing, inferred)},
                              edition=ed, unit=ps[0].id)
            yield from _gaps(ctx, ed, [(_key(p.number)[-1], p) for p in ps], inferred, (lambda k: f"{stem}.{k}"))
        for firsts in sections.values():
            yield from _gaps(ctx, ed, sorted(firsts.items()), inferred, str, parts=True)


def _gaps(ctx: Context, ed: str, siblings: list[tuple[int, Any]], inferred: dict[str, Any], name,
          parts: bool = False) -> Iterable[Finding]:
    """S002 warnings for the numbers missing between consecutive ``siblings``: (last part of the
    number, the paragraph that shows it), in the order of the numbers. Among sections
    (``parts``), a jump to the first section of a later hundred (121 → 201), or to the hundred
    itself (100 → 200: sections numbered by hundreds), is how rulebooks number their parts, not a gap."""
    for (x, a), (y, b) in zip(siblings, siblings[1:]):
        if parts and y % 100 in (0, 1) and y // 100 > x // 100:
            continue
        if y > x + 1:
            missing = [name(n) for n in range(x + 1, y)]
            yield finding(ctx, "S002", "warning", f"{a.number}..{b.number}",
                          {"a": a.number, "b": b.number, "edition": ed, **_missing(missing, inferred)},
                          edition=ed, unit=b.id)


def _missing(numbers: list[str], inferred: dict[str, Any]) -> dict[str, Any]:
    """S002's values: the numbers no paragraph takes (``gone``: «517.1–517.2», and how many), those
    an unnumbered paragraph takes (``there``, how many, and where they stand: ``at``; see S004)."""
    gone = [n for n in numbers if n not in inferred]
    there = [n for n in numbers if n in inferred]
    return {"gone": _span(gone) if gone else "", "gone_n": len(gone), "there": _span(there) if there else "",
            "there_n": len(there), "at": ", ".join(str(inferred[n].span) for n in there)}


def _span(numbers: list[str]) -> str:
    return numbers[0] if len(numbers) == 1 else f"{numbers[0]}–{numbers[-1]}" if _contiguous(numbers) \
        else ", ".join(numbers)


def _contiguous(numbers: list[str]) -> bool:
    keys = [_key(n) for n in numbers]
    return all(b[:-1] == a[:-1] and b[-1] == a[-1] + 1 for a, b in zip(keys, keys[1:]))


@check("S003", "number-order", "error", "structure")
def number_order(ctx: Context) -> Iterable[Finding]:
    """A paragraph number smaller than the one printed before it, in the edition's reading order.

    Why: out-of-order numbers mean a misplaced paragraph, a wrong number or a wrong fragment order
    in the manifest.
    """
    for ed in ctx.editions:
        ps = sorted(_numbered(ctx, ed), key=lambda p: p.order)
        for a, b in zip(ps, ps[1:]):
            if number_key(b.number) < number_key(a.number):
                yield finding(ctx, "S003", "error", f"{a.number}>{b.number}",
                              {"a": a.number, "b": b.number, "edition": ed}, edition=ed, unit=b.id)


@check("S004", "inferable-number", "info", "structure")
def inferable_number(ctx: Context) -> Iterable[Finding]:
    """An unnumbered paragraph whose number can be inferred: it stands where numbers are missing
    between two printed siblings (one paragraph a number, or the first of several when one number
    is missing); it stands between a section's heading (or printed section number) and the first
    sub-paragraph printed, N.m, as one of exactly m−1 paragraphs; it is the heading right before
    the first printed N.x of a section N the edition does not print; or an unresolved reference in
    the same edition names a number and quotes its opening words.

    Why: an editor can restore the number, and the references to it start to resolve.
    """
    for ed in ctx.editions:
        for i in inferences(ctx, ed):
            yield finding(ctx, "S004", "info", f"{i.number}:{i.paragraph.id}", {"number": i.number, "why": i.message},
                          edition=ed, unit=i.paragraph.id)


@dataclass(frozen=True)
class Inference:
    """An unnumbered paragraph (a Paragraph) whose number is ``number``; ``message`` says why."""

    number: str
    paragraph: Any
    message: str


def inferences(ctx: Context, ed: str) -> list[Inference]:
    """The numbers of the unnumbered paragraphs of edition ``ed`` that their neighbours (or a
    reference quoting them) give, in the order of the rules that find them (see S004)."""
    if "inferences" not in ctx.memo:
        found = cached_json("inferences", [ctx.rulebook_digest, code_of("checks/structure.py", "text/morph.py")],
                            lambda: _infer_all(ctx))
        ctx.memo["inferences"] = {e: [Inference(n, ctx.paragraphs[pid], m) for n, pid, m in rows]
                                  for e, rows in found.items()}
    return ctx.memo["inferences"].get(ed, [])


def inferred_numbers(book: Book) -> dict[tuple[str, str], Inference]:
    """(edition, number) → the unnumbered paragraph that stands for that number in that edition,
    as S004 infers it (:func:`inferences`; ``show 518`` points to the heading that opens section 518)."""
    ctx = Context(book, tuple(e.id for e in book.rulebook.editions))
    return {(ed, i.number): i for ed in ctx.editions for i in inferences(ctx, ed)}


def _infer_all(ctx: Context) -> dict[str, list[list[str]]]:
    """:func:`inferences` of every edition, as ``{edition: [[number, paragraph id, message], …]}``."""
    out: dict[str, list[list[str]]] = {}
    for e in ctx.kb.rulebook.editions:
        claimed: set[str] = set()
        rows: list[list[str]] = []

        def add(number: str, p: Any, message: str) -> None:
            if p.id not in claimed:
                claimed.add(p.id)
                rows.append([number, p.id, message])

        paragraphs = sorted((p for p in ctx.kb.rulebook.paragraphs if p.edition == e.id), key=lambda p: p.order)
        _between_siblings(paragraphs, add)
        _section_starts(paragraphs, add)
        _quoted_by_reference(ctx, e.id, paragraphs, claimed, add)
        out[e.id] = rows
    return out


def _text(p: Any) -> bool:
    return p.kind.value == "text" and not p.number and not p.orphaned


def _between_siblings(paragraphs: list, add) -> None:
    """Printed siblings N.x and N.y with unnumbered paragraphs between: as many paragraphs as
    missing numbers take one each; one missing number goes to the first paragraph."""
    at = {p.id: i for i, p in enumerate(paragraphs)}  # paragraphs are in reading order
    numbered = [p for p in paragraphs if p.number]
    for a, b in zip(numbered, numbered[1:]):
        ka, kb_ = _key(a.number), _key(b.number)
        if len(ka) != len(kb_) or ka[:-1] != kb_[:-1] or kb_[-1] <= ka[-1] + 1:
            continue
        between = [p for p in paragraphs[at[a.id] + 1:at[b.id]] if _text(p)]
        gap = kb_[-1] - ka[-1] - 1
        if not between or (gap > 1 and len(between) != gap):
            continue
        for n, p in zip(range(ka[-1] + 1, kb_[-1]), between):
            number = ".".join(map(str, (*ka[:-1], n)))
            add(number, p,
                f"«{cut(p.display_text, 60)}» stands between {a.number} and {b.number}, where {number} is missing")


def _section_starts(paragraphs: list, add) -> None:
    """The first printed sub-paragraph N.m of a section, after a heading (or the printed N) with
    exactly m−1 unnumbered paragraphs between: those are N.1 … N.(m−1), and an unnumbered heading
    is N when the edition does not print N."""
    printed = {p.number for p in paragraphs if p.number}
    firsts: dict[tuple[int, ...], Any] = {}
    lowest: dict[tuple[int, ...], int] = {}  # the smallest last part printed under each prefix
    index = {p.id: i for i, p in enumerate(paragraphs)}
    for p in paragraphs:
        if p.number and "." in p.number:
            k = _key(p.number)
            firsts.setdefault(k[:-1], p)
            lowest[k[:-1]] = min(lowest.get(k[:-1], k[-1]), k[-1])
    for prefix, b in firsts.items():
        stem = ".".join(map(str, prefix))
        m = _key(b.number)[-1]
        if lowest[prefix] < m:
            continue  # printed out of order (S003): nothing to infer from
        at = index[b.id]
        between = []
        anchor = None
        for i in range(at - 1, -1, -1):
            p = paragraphs[i]
            if p.span.fragment != b.span.fragment:
                break
            if _text(p):
                between.append(p)
                continue
            anchor = p
            break
        if anchor is None or len(between) != m - 1 or anchor.orphaned:
            continue
        if anchor.number != stem and not (anchor.kind.value == "heading" and not anchor.number):
            continue
        if not anchor.number and stem not in printed:
            add(stem, anchor, f"the heading «{cut(anchor.display_text, 60)}» opens section {stem}: {b.number} follows"
                + (f" after {m - 1} unnumbered paragraph{'s' if m > 2 else ''}" if m > 1 else "")
                + f", and edition {b.edition} does not print {stem}")
        for n, p in enumerate(reversed(between), start=1):
            number = f"{stem}.{n}"
            add(number, p, f"«{cut(p.display_text, 60)}» stands between "
                           f"«{anchor.number or cut(anchor.display_text, 40)}» "
                f"and {b.number}, the first of {stem}.x printed, where {number} is missing")


def _quoted_by_reference(ctx: Context, ed: str, paragraphs: list, claimed: set[str], add) -> None:
    """An unresolved reference, into a section the edition prints, that quotes the opening words
    of an unnumbered paragraph other than the one it is written in."""
    from ..text.morph import content_words, lemmas, tokens

    numbered = [p for p in paragraphs if p.number]
    unnumbered = [p for p in paragraphs if p.kind.value == "text" and not p.number]
    prefixes = {p.number.rsplit(".", 1)[0] for p in numbered if "." in p.number}
    for r in ctx.kb.rulebook.references:
        if r.edition != ed or r.target or "." not in r.number or r.number.rsplit(".", 1)[0] not in prefixes:
            continue
        unit = ctx.units.get(r.source_unit)
        if unit is None:
            continue
        before = unit.display_text.split(r.raw)[0]
        words = content_words(tokens(before))[-5:]
        if len(words) < 3:
            continue
        want = [lemmas(w.text) for w in words]
        for p in unnumbered:
            if p.id in claimed or p.id in (r.source_unit, r.source_paragraph):  # never what its own words cite
                continue
            head = content_words(tokens(p.display_text))[:8]
            hits = sum(1 for w in want if any(w & lemmas(h.text) for h in head))
            if hits >= len(want) - 1:
                add(r.number, p, f"«{cut(p.display_text, 60)}» is what "
                                 f"«{_tail(before.rstrip(' (').strip(), 60)} ({r.raw})» "
                    f"refers to ({r.span}): its number is {r.number}")
                break


def _tail(text: str, limit: int) -> str:
    """The end of ``text`` in at most ``limit`` characters, from a word boundary (as :func:`cut` its start)."""
    if len(text) <= limit:
        return text
    tail = text[-(limit - 1):]
    at = tail.find(" ")
    return "…" + (tail[at + 1:] if 0 <= at < limit // 2 else tail)


@check("S005", "dangling-reference", "warning", "structure")
def dangling_reference(ctx: Context) -> Iterable[Finding]:
    """A reference to a number the edition does not print: inside a section the loaded text has
    (warning: probably dangling), or outside every loaded section (info: not in these fragments).
    When an unnumbered paragraph stands for that number (S004), the finding says which.

    Why: a reader following the reference finds nothing.
    """
    rb = ctx.kb.rulebook
    for ed in ctx.editions:
        sections = {p.number.split(".")[0] for p in _numbered(ctx, ed)}
        inferred = {i.number: i.paragraph for i in inferences(ctx, ed)}
        for r in rb.references:
            if r.edition != ed or r.target or r.external:  # a reference into another document is kept
                continue
            inside = r.number.split(".")[0] in sections or r.own  # «этих правил»: its own number, lost
            at = str(inferred[r.number].span) if r.number in inferred else ""
            yield finding(ctx, "S005", "warning" if inside else "info", f"{r.source_unit}:{r.number}",
                          {"raw": r.raw, "number": r.number, "edition": ed, "inside": inside,
                           "section": r.number.split(".")[0], "at": at},
                          edition=ed, unit=r.source_paragraph or r.source_unit, source=str(r.span))


@check("S006", "orphaned-piece", "info", "structure")
def orphaned_piece(ctx: Context) -> Iterable[Finding]:
    """A piece of text cut off by a fragment boundary: it starts mid-list or mid-sentence, or the
    fragment ends inside it.

    Why: its context (the list it belongs to, the start of its sentence) is missing from the text.
    """
    for u in ctx.kb.rulebook.units():
        if u.orphaned and u.edition in ctx.editions:
            yield finding(ctx, "S006", "info", u.id, {"text": cut(u.display_text, 60)}, edition=u.edition, unit=u.id)


@check("S007", "repeated-text", "warning", "structure")
def repeated_text(ctx: Context) -> Iterable[Finding]:
    """The same paragraph or example text twice in one edition (list items, which legitimately
    repeat, are left out).

    Why: a copy left behind by an edit, or a paragraph placed twice.
    """
    for ed in ctx.editions:
        seen: dict[str, Any] = {}
        for u in ctx.kb.rulebook.units():
            if u.edition != ed or type(u).__name__ == "ListItem" or len(u.display_text) < 40:
                continue
            key = " ".join(u.display_text.casefold().split())
            if key in seen:
                yield finding(ctx, "S007", "warning", u.id, {"text": cut(u.display_text, 60), "other": seen[key].id},
                              edition=ed, unit=u.id)
            else:
                seen[key] = u
