"""What a step's citations quote: each cited unit as the rulebook model has it (Russian text,
printed number, edition, label, source line) and the worked examples of a paragraph."""

from __future__ import annotations

import functools

from ..text.model import Example, ListItem, Paragraph, Rulebook
from .results import Citation, ExampleQuote


def _carried(rulebook: Rulebook, inferred: dict[str, str]) -> dict[str, str]:
    """``inferred`` with each plain paragraph that follows one of them under the same paragraph
    standing for the same number: A's «Если вы потеряли контроль…», which
    goes on from «Взять карту под контроль…», is cited by the number that one stands for, not
    by that of the paragraph both stand under."""
    out, last = dict(inferred), {}  # the number the latest plain paragraph under a parent stands for
    for p in sorted(rulebook.paragraphs, key=lambda p: (p.edition, p.order)):
        if p.number is not None or p.title is not None:
            continue
        if p.id in inferred:
            last[p.parent] = inferred[p.id]
        elif p.parent in last:
            out[p.id] = last[p.parent]
    return out


class CitationIndex:
    """The units of ``rulebook`` by id, read as citations (one index per knowledge base).

    ``inferred`` maps the id of a plain paragraph to the number it stands for where its edition does
    not print one (the check S004, ``show``): one that stands under a numbered paragraph is cited by
    that number, not by the number of the paragraph above it (A's «Взять карту под контроль…» stands
    for the number missing after «Возродить карту», not for that one's).
    """

    def __init__(self, rulebook: Rulebook, inferred: dict[str, str] | None = None) -> None:
        self.inferred = _carried(rulebook, dict(inferred or {}))
        units: list[Paragraph | ListItem | Example] = [*rulebook.paragraphs, *rulebook.list_items, *rulebook.examples]
        self.units = {u.id: u for u in units}
        self.hosted: dict[str, list[Example]] = {}
        for x in sorted(rulebook.examples, key=lambda x: x.order):
            if x.paragraph:
                self.hosted.setdefault(x.paragraph, []).append(x)
        self.citation = functools.cache(self._citation)  # each unit read once per index
        self.examples = functools.cache(self._examples)

    def _citation(self, uid: str) -> Citation:
        """The unit ``uid`` as a citation (kind ``missing`` when the rulebook has no such unit).

        A plain paragraph (no number, no heading) is cited by the number or heading of the
        paragraph it stands under and its opening words (``<number> «Взять карту под контроль…»``); a
        list item or an example by the paragraph it belongs to, or by its opening words when the
        fragment opens inside a list whose paragraph it does not hold.
        """
        u = self.units.get(uid)
        if u is None:
            return Citation(uid, "missing", None, None, None, None, None, None, None)
        label = getattr(u, "label", None)
        host = None
        if isinstance(u, Paragraph):
            kind, number, title = "paragraph", u.number, u.title
            if number is None and title is None:
                parent = self.units.get(u.parent) if u.parent else None
                number = getattr(parent, "number", None)
                if number is not None:  # not the number of the paragraph above it: the one it stands for
                    number = self.inferred.get(uid, number)
                heading = getattr(parent, "title", None)
                opening = " ".join(u.display_text.split()[:4]) + "…"
                if number is None:
                    title = f"{heading} «{opening}»" if heading else f"«{opening}»"
                else:
                    label = f"«{opening}»"  # shown after the number: <number> «Взять карту под контроль…»
        else:
            kind = "list_item" if isinstance(u, ListItem) else "example"
            host = u.paragraph
            hosted = self.citation(host) if host else None
            number = hosted.number if hosted else None
            title = hosted.title if hosted else None
            if number is None and title is None:  # a fragment that opens inside a list: its own words
                title = "«" + " ".join(u.display_text.split()[:4]) + "…»"
        return Citation(
            id=uid, kind=kind, edition=u.edition, number=number, label=label, title=title,
            text=u.display_text, paragraph=host, source=f"{u.span.fragment}:{u.span.line_start}",
            marker=u.prefix.strip() if kind == "list_item" and u.prefix else None,
        )

    def _examples(self, paragraph_id: str) -> tuple[ExampleQuote, ...]:
        """The worked examples standing under the paragraph ``paragraph_id``, in reading order."""
        out = []
        for x in self.hosted.get(paragraph_id, ()):
            c = self.citation(x.id)
            where = c.number or c.title or paragraph_id
            out.append(ExampleQuote(c.id, c.label or "", c.number, paragraph_id, where, c.text or ""))
        return tuple(out)
