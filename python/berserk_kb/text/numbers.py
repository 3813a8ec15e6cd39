"""Paragraph numbers as printed: dotted digits, the last part maybe with a letter («210.11а»,
«100.3Б», «210.1a»), and the order they are printed in."""

from __future__ import annotations

import re

_PART = re.compile(r"(\d*)(.*)", re.S)


def number_key(number: str) -> tuple[tuple[int, str], ...]:
    """The order of paragraph numbers: ``"210.11а"`` → ``((210, ""), (11, "а"))``, so that
    210.11 < 210.11а < 210.11б < 210.12 (a letter sub-paragraph right after its number; the letter
    compared without case). Any text is accepted (a part without digits counts as 0); never raises."""
    out = []
    for part in number.rstrip(".").split("."):
        digits, rest = _PART.fullmatch(part).groups()  # type: ignore[union-attr]
        out.append((int(digits) if digits else 0, rest.casefold()))
    return tuple(out)


def digit_key(number: str) -> tuple[int, ...]:
    """The digits of each part of ``number``, a letter suffix left out: ``"210.11а"`` → ``(210, 11)``
    — the place a letter sub-paragraph takes among its numbered siblings."""
    return tuple(n for n, _ in number_key(number))


#: the letter a paragraph number may end with, any case, Cyrillic or Latin («210.11а», «100.3Б», «210.1a»)
SUFFIX = r"[а-яёa-zА-ЯЁA-Z]"


#: Latin letters that look the same as Cyrillic ones, as the Cyrillic letter («801.1a» typed with a
#: Latin «a» is «801.1а» to a reader)
_LOOKALIKE = str.maketrans("aeopcxyk", "аеорсхук")


def letter_key(text: str) -> str:
    """``text`` (a number or a list label) the way a reader tells it from another: without case,
    a final dot left out, a Latin letter that looks like a Cyrillic one as that Cyrillic letter
    (``"801.1A."`` → ``"801.1а"``)."""
    return text.rstrip(".").casefold().translate(_LOOKALIKE)


def same_number(a: str | None, b: str | None) -> bool:
    """Whether two printed numbers name the same paragraph: ``"100.3Б"`` and ``"100.3б."`` do
    (the case of the letter and a final dot do not matter), and so do ``"801.1a"`` (Latin) and
    ``"801.1а"`` (Cyrillic): look-alike letters are one letter to a reader (:func:`letter_key`)."""
    return a is not None and b is not None and letter_key(a) == letter_key(b)
