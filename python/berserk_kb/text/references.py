"""Cross-references written in the text: a keyword (``см.``, ``п.``, ``пп.``, ``пункт``,
``согласно``), then one or more paragraph numbers — lists with «,» or «и», ranges such as
``519.2–519.4`` (expanded when both ends share their prefix)."""

from __future__ import annotations

import re

# Cross-references: a keyword, then one or more paragraph numbers (lists with «,»/«и», ranges).
_REF_NUM = r"\d{3}(?:\.\d{1,3})*"
REFERENCE_RE = re.compile(
    r"(?<![\w])(?P<kw>см\.(?:\s*также)?|пп\.|п\.|пункт[а-я]*|согласно)\s*(?:пп?\.\s*)?"
    rf"(?P<list>{_REF_NUM}(?:\s*(?:,|\bи\b)\s*(?:пп?\.\s*)?{_REF_NUM}|\s*[–—-]\s*(?:{_REF_NUM}|\d{{1,3}}\b))*)",
    re.IGNORECASE,
)
_REF_SPLIT_RE = re.compile(rf"({_REF_NUM}|\d{{1,3}})|(–|—|-)")


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
