"""List markers as documents show them: a number in a list's numbering format (HTML ``type``, Word
``numFmt``, CSS ``list-style-type``), and the kind of marker a format gives."""

from __future__ import annotations

from ..numbers import RU_LETTERS


def letter(n: int, alphabet: str = "abcdefghijklmnopqrstuvwxyz") -> str:
    """``n`` (from 1) as a list letter: 1 → a, 26 → z, 27 → aa (the way browsers and Word count)."""
    if n < 1:
        return str(n)
    k = len(alphabet)
    out = ""
    while n > 0:
        n, r = divmod(n - 1, k)
        out = alphabet[r] + out
    return out


def roman(n: int) -> str:
    """``n`` as a lower-case Roman numeral (1 → i, 4 → iv, 1994 → mcmxciv)."""
    if not 0 < n < 4000:
        return str(n)
    out = ""
    for value, digits in ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
                          (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")):
        while n >= value:
            out += digits
            n -= value
    return out


def format_number(n: int, fmt: str) -> str:
    """``n`` shown in a list numbering format (HTML ``type`` or Word ``numFmt`` names)."""
    if fmt in ("a", "lowerLetter", "loweralpha", "lower-alpha", "lower-latin"):
        return letter(n)
    if fmt in ("A", "upperLetter", "upperalpha", "upper-alpha", "upper-latin"):
        return letter(n).upper()
    if fmt in ("i", "lowerRoman", "lowerroman", "lower-roman"):
        return roman(n)
    if fmt in ("I", "upperRoman", "upperroman", "upper-roman"):
        return roman(n).upper()
    if fmt in ("russianLower", "lower-cyrillic", "cyrillic-lower"):
        return letter(n, RU_LETTERS)
    if fmt in ("russianUpper", "upper-cyrillic"):
        return letter(n, RU_LETTERS).upper()
    if fmt == "decimalZero":
        return f"{n:02d}"
    return str(n)


def format_kind(fmt: str) -> str:
    """``decimal``, ``letter``, ``roman`` or ``bullet`` for a numbering format name."""
    if fmt in ("bullet", "none", "disc", "circle", "square"):
        return "bullet"
    if "oman" in fmt or fmt in ("i", "I"):
        return "roman"
    if fmt in ("decimal", "1", "decimalZero", "arabic", ""):
        return "decimal"
    return "letter"
