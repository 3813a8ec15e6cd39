"""Glossaries in a scanned fragment: which headings are glossary terms, and the term each plain
paragraph of a glossary opens with («Авангард Х. Срабатывающая способность…», or a term alone on its
first line, «Броня Х», the definition under it) — the entry's title, so that ``show "Броня Х"`` finds it.
Used by :mod:`.parse`."""

from __future__ import annotations

from . import forms
from .lines import is_heading
from .scan import RawUnit


def term_headings(raws: list[RawUnit]) -> set[int]:
    """The headings that are glossary terms (a ``<dl>``'s ``dt``, «Защитник» over «Особенность
    существа…»), by index: a one-line heading with one plain paragraph directly under it, in a
    section whose heading names a glossary («Терминология», «700. Глоссарий»; there a blank line
    may stand between) or in a run of two such entries or more."""
    pairs = {i: raws[i + 1].line_start - u.line_start for i, u in enumerate(raws[:-1])
             if u.kind == "heading" and len(u.lines) == 1 and raws[i + 1].kind == "text"}
    out: set[int] = set()
    glossary = False
    for i, u in enumerate(raws):
        if u.kind == "heading" and forms.GLOSSARY_HEADING_RE.search(u.lines[0]):
            glossary = True  # the glossary's own title, never one of its terms
            continue
        if u.kind == "heading" and i not in pairs:
            glossary = False
        elif u.kind == "numbered":
            glossary = names_glossary(u)
        if ((glossary and pairs.get(i, 0) in (1, 2))
                or (pairs.get(i) == 1 and 1 in (pairs.get(i - 2), pairs.get(i + 2)))):
            out.add(i)
    return out


def names_glossary(u: RawUnit) -> bool:
    """A numbered title that names a glossary («700. Глоссарий»)."""
    return u.kind == "numbered" and is_heading(u.text) and bool(forms.GLOSSARY_HEADING_RE.search(u.text))


def glossary_titles(per_fragment: list[tuple[str, list[RawUnit]]]) -> dict[str, str]:
    """The terms plain paragraphs of a glossary open with, by unit id: every plain paragraph under
    a heading (or a numbered title, «700. Глоссарий») that names a glossary («Терминология»,
    «Глоссарий», «Словарь», «Термины»), and any run
    of five or more plain paragraphs in a row that each open with a noun phrase and a full stop; in
    such a section, an entry by its first line if that is a term alone (:func:`.forms.term_line`)."""
    out: dict[str, str] = {}
    for _, raws in per_fragment:
        by_id = {r.id: r for r in raws}
        run: list[tuple[str, str]] = []
        section = False  # inside a section whose title names a glossary, until the next numbered one
        for r in [*raws, None]:
            if r is not None and r.kind in ("numbered", "heading") and len(r.lines) == 1:
                named = r.kind == "heading" and bool(forms.GLOSSARY_HEADING_RE.search(r.text))
                section = named or names_glossary(r) or (section and r.kind == "heading"
                                                         and not forms.is_part_heading(r.text))
            if r is not None and section and r.kind in ("text", "heading") and len(r.lines) > 1 \
                    and not forms.glossary_term(r.text, True, is_heading) \
                    and (t := forms.term_line(r.lines[0], is_heading)):
                out[r.id] = t  # «Броня Х» / «существо получает…»: the term on its line, the definition under it
                continue
            if r is not None and r.kind == "text":
                parent = by_id.get(r.parent or "")
                glossary = parent is not None and ((parent.kind == "heading" and bool(
                    forms.GLOSSARY_HEADING_RE.search(parent.lines[0]))) or names_glossary(parent))
                term = forms.glossary_term(r.text, glossary, is_heading)
                if term and glossary:
                    out[r.id] = term
                    continue
                if term:
                    run.append((r.id, term))
                    continue
            if r is not None and r.kind in ("item", "example"):
                continue
            if len(run) >= 5:
                out.update(run)
            run = []
    return out
