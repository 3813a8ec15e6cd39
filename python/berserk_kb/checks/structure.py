"""Structure checks: numbers, order, references, orphaned pieces, repeated text."""

from __future__ import annotations

from collections import defaultdict
from typing import Iterable

from . import Context, Finding, check, finding


def _numbered(ctx: Context, edition: str) -> list:
    return [p for p in ctx.kb.rulebook.paragraphs if p.edition == edition and p.number]


def _key(number: str) -> tuple[int, ...]:
    return tuple(int(x) for x in number.split("."))


@check("S001", "duplicate-number", "error", "structure")
def duplicate_number(ctx: Context) -> Iterable[Finding]:
    """The same paragraph number printed twice in one edition.

    Why: a reference to that number cannot say which paragraph it means.
    """
    for ed in ctx.editions:
        seen: dict[str, object] = {}
        for p in _numbered(ctx, ed):
            if p.number in seen:
                first = seen[p.number]
                yield finding(ctx, "S001", "error", p.id,
                              f"{p.number} is printed twice in edition {ed} (first at {first.span}): "
                              f"«{p.display_text[:60]}»", edition=ed, unit=p.id,
                              suggestion="renumber one of them")
            else:
                seen[p.number] = p


@check("S002", "numbering-gap", "warning", "structure")
def numbering_gap(ctx: Context) -> Iterable[Finding]:
    """Numbers missing among the sub-paragraphs of one paragraph: between two that are printed
    (warning), or before the first one printed (info: usually the loaded fragment starts later).

    Why: a missing number is either lost text or a numbering slip that breaks references.
    """
    for ed in ctx.editions:
        groups: dict[tuple[int, ...], list] = defaultdict(list)
        for p in _numbered(ctx, ed):
            k = _key(p.number)
            if len(k) > 1:
                groups[k[:-1]].append(p)
        for prefix, ps in groups.items():
            ps.sort(key=lambda p: _key(p.number))
            stem = ".".join(map(str, prefix))
            first = _key(ps[0].number)[-1]
            if first > 1:
                missing = f"{stem}.1" if first == 2 else f"{stem}.1–{stem}.{first - 1}"
                yield finding(ctx, "S002", "info", f"before {ps[0].number}",
                              f"{ps[0].number} is the first of {stem}.x printed in edition {ed}: {missing} "
                              "not in the loaded text", edition=ed, unit=ps[0].id)
            for a, b in zip(ps, ps[1:]):
                x, y = _key(a.number)[-1], _key(b.number)[-1]
                if y > x + 1:
                    missing = f"{stem}.{x + 1}" if y == x + 2 else f"{stem}.{x + 1}–{stem}.{y - 1}"
                    yield finding(ctx, "S002", "warning", f"{a.number}..{b.number}",
                                  f"{missing} is missing between {a.number} and {b.number} in edition {ed}",
                                  edition=ed, unit=b.id,
                                  suggestion="number the paragraph that stands there (see S004), or renumber")


@check("S003", "number-order", "error", "structure")
def number_order(ctx: Context) -> Iterable[Finding]:
    """A paragraph number smaller than the one printed before it, in the edition's reading order.

    Why: out-of-order numbers mean a misplaced paragraph, a wrong number or a wrong fragment order
    in the manifest.
    """
    for ed in ctx.editions:
        ps = sorted(_numbered(ctx, ed), key=lambda p: p.order)
        for a, b in zip(ps, ps[1:]):
            if _key(b.number) < _key(a.number):
                yield finding(ctx, "S003", "error", f"{a.number}>{b.number}",
                              f"{b.number} comes after {a.number} in edition {ed}", edition=ed, unit=b.id,
                              suggestion="check the number, or the fragment order in sources/manifest.yaml")


@check("S004", "inferable-number", "info", "structure")
def inferable_number(ctx: Context) -> Iterable[Finding]:
    """An unnumbered paragraph whose number can be inferred: it stands where exactly one number is
    missing between two printed siblings, or an unresolved reference in the same edition names a
    number and quotes its opening words.

    Why: an editor can restore the number, and the references to it start to resolve.
    """
    from ..morph import content_words, lemmas, tokens

    rb = ctx.kb.rulebook
    for ed in ctx.editions:
        numbered = sorted(_numbered(ctx, ed), key=lambda p: p.order)
        unnumbered = [p for p in rb.paragraphs if p.edition == ed and not p.number and p.kind.value == "text"]
        claimed: set[str] = set()
        for a, b in zip(numbered, numbered[1:]):
            ka, kb_ = _key(a.number), _key(b.number)
            if len(ka) == len(kb_) and ka[:-1] == kb_[:-1] and kb_[-1] == ka[-1] + 2:
                between = [p for p in unnumbered if a.order < p.order < b.order]
                if between:
                    number = ".".join(map(str, (*ka[:-1], ka[-1] + 1)))
                    p = between[0]
                    claimed.add(p.id)
                    yield finding(ctx, "S004", "info", f"{number}:{p.id}",
                                  f"«{p.display_text[:60]}…» stands between {a.number} and {b.number}, where "
                                  f"{number} is missing", edition=ed, unit=p.id, suggestion=f"number it {number}")
        # an unresolved reference, into a section the edition prints, that quotes the opening words
        # of an unnumbered paragraph
        prefixes = {p.number.rsplit(".", 1)[0] for p in numbered if "." in p.number}
        for r in rb.references:
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
                if p.id in claimed:
                    continue
                head = content_words(tokens(p.display_text))[:8]
                hits = sum(1 for w in want if any(w & lemmas(h.text) for h in head))
                if hits >= len(want) - 1:
                    claimed.add(p.id)
                    yield finding(ctx, "S004", "info", f"{r.number}:{p.id}",
                                  f"«{p.display_text[:60]}…» is what «{before.rstrip(' (').strip()[-60:]} ({r.raw})» refers to "
                                  f"({r.span}): its number is {r.number}", edition=ed, unit=p.id,
                                  suggestion=f"number it {r.number}")
                    break


@check("S005", "dangling-reference", "warning", "structure")
def dangling_reference(ctx: Context) -> Iterable[Finding]:
    """A reference to a number the edition does not print: inside a section the loaded text has
    (warning: probably dangling), or outside every loaded section (info: not in these fragments).

    Why: a reader following the reference finds nothing.
    """
    rb = ctx.kb.rulebook
    for ed in ctx.editions:
        sections = {p.number.split(".")[0] for p in _numbered(ctx, ed)}
        for r in rb.references:
            if r.edition != ed or r.target:
                continue
            inside = r.number.split(".")[0] in sections
            where = "inside section " + r.number.split(".")[0] + " of the loaded text" if inside else \
                "outside the loaded fragments"
            yield finding(ctx, "S005", "warning" if inside else "info", f"{r.source_unit}:{r.number}",
                          f"«{r.raw}» names {r.number}, which edition {ed} does not print ({where})",
                          edition=ed, unit=r.source_paragraph or r.source_unit, source=str(r.span),
                          suggestion="fix the number" if inside else None)


@check("S006", "orphaned-piece", "info", "structure")
def orphaned_piece(ctx: Context) -> Iterable[Finding]:
    """A piece of text cut off by a fragment boundary: it starts mid-list or mid-sentence, or the
    fragment ends inside it.

    Why: its context (the list it belongs to, the start of its sentence) is missing from the text.
    """
    for u in ctx.kb.rulebook.units():
        if u.orphaned and u.edition in ctx.editions:
            yield finding(ctx, "S006", "info", u.id, f"«{u.display_text[:60]}» is cut off by the fragment boundary",
                          edition=u.edition, unit=u.id)


@check("S007", "repeated-text", "warning", "structure")
def repeated_text(ctx: Context) -> Iterable[Finding]:
    """The same paragraph or example text twice in one edition (list items, which legitimately
    repeat, are left out).

    Why: a copy left behind by an edit, or a paragraph placed twice.
    """
    for ed in ctx.editions:
        seen: dict[str, object] = {}
        for u in ctx.kb.rulebook.units():
            if u.edition != ed or type(u).__name__ == "ListItem" or len(u.display_text) < 40:
                continue
            key = " ".join(u.display_text.casefold().split())
            if key in seen:
                yield finding(ctx, "S007", "warning", u.id, f"«{u.display_text[:60]}…» repeats {seen[key].id}",
                              edition=ed, unit=u.id)
            else:
                seen[key] = u
