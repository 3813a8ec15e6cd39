"""A text file whose paragraphs stand apart by blank lines: a line right under a numbered
paragraph's line, with no blank line between, is a line break inside that paragraph («100.1. Ход
начинается.» / «Вторая строка пункта (см. 100.2).») — one paragraph, as HTML ``<br>`` and Word's
``w:br`` are (:func:`~berserk_kb.text.formats.blocks.glue_line_breaks`), its references the
paragraph's. A text that sets its paragraphs line under line (a PDF turned into text) is left as
it is: there a line break says nothing."""

from __future__ import annotations


def join_paragraph_lines(lines: list[str]) -> tuple[list[str], list[int]]:
    """``lines`` with each line broken inside a numbered paragraph put back on the line before it
    after a space, and the index in ``lines`` of the first line of each line returned.

    It is done only when the text parts its paragraphs by blank lines — two numbered paragraphs or
    more, each with a blank line (or the file's start) above it — and only to a plain line (no
    marker of its own: :func:`~berserk_kb.text.formats.blocks.glue_line_breaks`) under a numbered
    sub-paragraph («100.1.», not a section title «100. Общие») whose line does not read as a title
    and ends a sentence, not with a colon (a list follows): a line that goes on mid-sentence is the
    paragraph's already (:func:`~berserk_kb.text.scan.split_units`), its line left as it is.
    """
    from ..lines import classify_line, ends_sentence, is_heading

    kinds = [classify_line(ln) if ln.strip() else None for ln in lines]
    numbered = [k for k, kind in enumerate(kinds) if kind is not None and kind.kind == "numbered"]
    if len(numbered) < 2 or any(k > 0 and lines[k - 1].strip() for k in numbered):
        return list(lines), list(range(len(lines)))
    out: list[str] = []
    first: list[int] = []
    host = None  # the kind of the line that opened the paragraph being read, while it may take lines
    for k, (line, kind) in enumerate(zip(lines, kinds)):
        if kind is None:
            host = None
        elif host is not None and kind.kind == "text" and ends_sentence(out[-1]) and not out[-1].rstrip().endswith(":"):
            out[-1] = f"{out[-1].rstrip()} {line.strip()}"
            continue
        else:
            host = kind if kind.kind == "numbered" and kind.number and "." in kind.number \
                and not is_heading(line[len(kind.prefix):]) else None
        out.append(line)
        first.append(k)
    return out, first
