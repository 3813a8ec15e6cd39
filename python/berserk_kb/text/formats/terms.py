"""Glossary terms set in bold alone in their paragraph, the definition in the next one (a Word
paragraph of bold runs «Яд Х», a Markdown ``**Яд Х**``): the reader writes the term right over its
definition, with no blank line between, as a text's glossary writes it («Броня Х» over «Постоянная
способность…»), so that the parser reads one entry titled by its term wherever a glossary's
entries stand (:func:`..glossary.term_headings`); a bold line over a paragraph anywhere else stays
the heading over its paragraph it was."""

from __future__ import annotations

import re

from .blocks import SECTION_RE, Block

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_OFF = ("0", "false", "off")


def bold_runs_only(p) -> bool:
    """True when every run of Word paragraph ``p`` that shows text is bold (``w:b`` on the run and
    not switched off); a paragraph with no text is not."""
    shown = [r for r in p.iter(W + "r") if "".join(t.text or "" for t in r.iter(W + "t")).strip()]
    return bool(shown) and all((b := r.find(f"{W}rPr/{W}b")) is not None and b.get(W + "val") not in _OFF
                               for r in shown)


def join_terms(blocks: list[Block], bold: list[Block]) -> list[Block]:
    """``blocks`` with each of the ``bold`` paragraphs (a short term: one line, at most six words,
    no final full stop, no paragraph number) written together with the plain paragraph right after
    it that opens in upper case and ends a sentence, as a definition does (a title page's «Полные
    Правила» under a bold «Берсерк. Герои» stays apart) — the term's line over the definition's."""
    out: list[Block] = []
    for b in blocks:
        prev = out[-1] if out else None
        if prev is not None and any(prev is x for x in bold) and b.kind == "para" and not any(b is x for x in bold) \
                and prev.kind == "para" and len(prev.lines) == 1 and _term(prev.lines[0]) \
                and b.lines and b.lines[0][:1].isupper() and not SECTION_RE.match(b.lines[0]) \
                and b.lines[-1].rstrip().endswith((".", "!", "?", "…")):
            out[-1] = Block("para", [*prev.lines, *b.lines], prev.where)
            continue
        out.append(b)
    return out


def _term(line: str) -> bool:
    s = line.strip()
    return bool(s) and len(s.split()) <= 6 and not re.search(r"[.:;!?]$", s) and not SECTION_RE.match(s)
