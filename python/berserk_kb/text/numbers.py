"""Paragraph numbers as printed: dotted digits, the last part maybe with a letter («210.11а»,
«100.3Б», «210.1a»), and the order they are printed in."""

from __future__ import annotations

import re

_PART = re.compile(r"(\d*)(.*)", re.S)
_APPENDIX = 10**6  # where an appendix's letter («А» of «А.1») stands among section numbers


def number_key(number: str) -> tuple[tuple[int, str], ...]:
    """The order of paragraph numbers: ``"210.11а"`` → ``((210, ""), (11, "а"))``, so that
    210.11 < 210.11а < 210.11б < 210.12 (a letter sub-paragraph right after its number; the letter
    compared without case; an appendix «А.1» after every numbered section, by its letter). Any text is
    accepted (another part without digits counts as 0); never raises."""
    out: list[tuple[int, str]] = []
    for part in number.rstrip(".").split("."):
        digits, rest = _PART.fullmatch(part).groups()  # type: ignore[union-attr]
        out.append((int(digits) if digits else _APPENDIX if rest.isalpha() and not out else 0, rest.casefold()))
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


#: the letters of a Russian list, in order (Word's ``russianLower``: no ё, й, ъ, ы, ь)
RU_LETTERS = "абвгдежзиклмнопрстуфхцчшщэюя"
_LATIN_LETTERS = "abcdefghijklmnopqrstuvwxyz"
#: a number's item suffix: a letter («101.2б», «100.3a») or a Roman numeral of two to four letters
#: («300.2ii», «302.IV»)
_SUFFIXED = re.compile(r"^(?P<base>\d[\d.]*\d|\d)\.?(?P<suffix>[^\W\d_]|[ivx]{2,4}|[IVX]{1,4})$|"
                       r"^(?P<nbase>\d[\d.]*\d)\((?P<item>\d{1,2})\)$")


def split_suffix(number: str) -> tuple[str, str] | None:
    """``(paragraph number, item suffix)`` of a number that names a list item of a paragraph
    («300.2ii» → ``("300.2", "ii")``, «302.I» → ``("302", "I")``, «101.2б» → ``("101.2", "б")``,
    «600.1(2)» → ``("600.1", "2")``: item «2)»), else ``None``."""
    m = _SUFFIXED.match(number.rstrip("."))
    if m and m.group("item"):
        return m.group("nbase"), m.group("item")
    return (m.group("base"), m.group("suffix")) if m else None


def item_named(suffix: str, labels: list[str]) -> int | None:
    """The index among a paragraph's list items (their ``labels``, in order) of the item a number's
    ``suffix`` names, else ``None``.

    The item labelled so (without case; a Latin letter that looks like a Cyrillic one is that
    letter, :func:`letter_key`; «ii» is the item «ii.» of a Roman list). Failing that, by position,
    as a reader counts: when the items are lettered in order in one alphabet («a.», «b.»: Word's
    ``lowerLetter``) and the suffix is a letter of the other («101.2б»), the suffix's place in its
    alphabet is the item's (б is the second letter, so «b.»). A Roman suffix no item is labelled
    with («800.2ii» and no Roman list) names nothing."""
    key = letter_key(suffix)
    for k, label in enumerate(labels):
        if letter_key(label) == key or (key.isdigit() and label.rstrip(".)") == key):  # «(2)»: the item «2)»
            return k
    low, folded = suffix.casefold(), [label.rstrip(".)").casefold() for label in labels]
    for mine, other in ((RU_LETTERS, _LATIN_LETTERS), (_LATIN_LETTERS, RU_LETTERS)):
        if len(low) == 1 and low in mine and folded and folded == list(other[:len(folded)]):
            place = mine.index(low)
            return place if place < len(folded) else None
    return None
