"""Russian word forms (pymorphy3): tokens of a text and the lemmas each token may stand for.

«Регенерации» and «регенерация» share the lemma «регенерация»; «Вайла» and «Вайл» share «вайл»
(pymorphy3 guesses the paradigm of words it does not know, such as card names). «ё» is read as «е»
everywhere, so «Лёккен» and «Леккен» are one word.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from . import INVISIBLE, STRESS_MARKS

#: What a word may carry that does not change it, dropped by :func:`fold` and from a token's text: the
#: stress marks (:data:`~berserk_kb.text.STRESS_MARKS`, «ка́рта») and the :data:`~berserk_kb.text.INVISIBLE` characters
SILENT = {**STRESS_MARKS, **INVISIBLE}
_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|[" + "".join(map(chr, SILENT)) + r"])*|\d+")


@dataclass(frozen=True, slots=True)
class Token:
    """A word of a text: ``start``/``end`` are character offsets; ``text`` is the word as written."""

    start: int
    end: int
    text: str

    @property
    def capitalized(self) -> bool:
        return self.text[:1].isupper()


def fold(text: str) -> str:
    """Lower case with «ё» read as «е» and without the :data:`SILENT` characters («ка́рта» is «карта»)."""
    return text.translate(SILENT).casefold().replace("ё", "е")


def tokens(text: str) -> list[Token]:
    """The words (runs of letters, a :data:`SILENT` character inside one kept in its span, not in its
    ``text``) and numbers of ``text``, in order."""
    return [Token(m.start(), m.end(), m.group().translate(SILENT)) for m in _WORD.finditer(text)]


@functools.cache
def _analyzer():
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


@functools.lru_cache(maxsize=200_000)
def readings(word: str) -> tuple:
    """pymorphy3's analyses of ``word`` (in lower case, with «ё» kept: pymorphy3 reads «е» as «е» or
    «ё» itself, while «мебу» for «Мёбу» would be guessed as a verb), best first; ``()`` for a word
    pymorphy3 cannot read (it raises ``ValueError`` on letters Unicode gives no name, such as Tangut
    ideographs)."""
    try:
        return tuple(_analyzer().parse(word))
    except ValueError:
        return ()


def part_of_speech(word: str) -> str | None:
    """The OpenCorpora part of speech of the likeliest analysis of ``word`` (``"NOUN"``,
    ``"VERB"``…), or ``None`` when there is none."""
    parses = readings(word.casefold())
    return parses[0].tag.POS if parses else None


@functools.lru_cache(maxsize=4096)
def gender(name: str) -> str | None:
    """The grammatical gender (``"femn"``, ``"masc"``, ``"neut"``) of a name by its first word — the
    head of a feature's name, or an adjective or participle agreeing with it («Особый удар»,
    «Направленный удар»: masculine) — when pymorphy3 reads that word as a noun, adjective or
    participle in the nominative; ``None`` when it cannot (a name opening with a number or a sign,
    «+1 к удару»; a word it does not know)."""
    first = name.split(maxsplit=1)[0] if name.strip() else ""
    if not first.isalpha():
        return None
    for p in readings(first.casefold()):
        if p.tag.POS in ("NOUN", "ADJF", "PRTF") and p.tag.case == "nomn" and p.tag.gender:
            return str(p.tag.gender)
    return None


@functools.lru_cache(maxsize=200_000)
def lemmas(word: str) -> frozenset[str]:
    """Every lemma ``word`` may be a form of (folded), including the word itself."""
    w = fold(word)
    if not w.isalpha():
        return frozenset({w})
    forms = {fold(p.normal_form) for p in readings(word.casefold())}
    forms.add(w)
    return frozenset(forms)


# Parts of speech that may stand for one another in a name: a noun for a noun, an adjective or a
# participle for an adjective or a participle (full or short), a verb for a verb form.
_POS_CLASS = {"NOUN": "noun", "ADJF": "adj", "ADJS": "adj", "PRTF": "adj", "PRTS": "adj", "COMP": "adj",
              "VERB": "verb", "INFN": "verb", "GRND": "verb"}


@functools.lru_cache(maxsize=200_000)
def analyses(word: str, name: bool = False, nouns: bool = True) -> frozenset[tuple[str, str]]:
    """What ``word`` may be, as keys that meet when two words can be forms of one another: a
    ``(part-of-speech class, folded lemma)`` pair per pymorphy3 analysis, and ``("", w)`` for the
    word itself and — for a word of running text (``name`` false) — for each of its lemmas.

    A word of the text is a form of a word of a name when their sets meet: the same word; the
    same lemma as the same part of speech («Вайла» and «Вайл»: nouns of «вайл»; but the verb
    «Обратить» is not the participle «Обращённый» of the same lemma); or the name's word as written
    is a lemma of the text's word (names are written in the dictionary form: «Гномьим» is
    «Гномий», which pymorphy3, guessing without context, reads as a noun). A word of a name that
    pymorphy3 reads first as a noun keeps only its noun readings: the feature «Строй» is not the
    imperative of «строить», so «строит» is no form of it. With ``nouns`` false (a word of running
    text that no preposition governs), a word that may be a noun or a verb is read only as the
    verb: «Строю дом» is «строить», while «в строю» may be «строй».

    Shape: ``frozenset({("", "регенерации"), ("", "регенерация"), ("noun", "регенерация")})``.
    """
    w = fold(word)
    if not w.isalpha():
        return frozenset({("", w)})
    out = {("", w)}
    parses = readings(word.casefold())
    if name and parses and parses[0].tag.POS == "NOUN":
        parses = tuple(p for p in parses if p.tag.POS == "NOUN")
    elif not nouns and {p.tag.POS for p in parses} >= {"NOUN"} and {p.tag.POS for p in parses} & {"VERB", "INFN"}:
        parses = tuple(p for p in parses if p.tag.POS != "NOUN")
    for p in parses:
        lemma = fold(p.normal_form)
        out.add((_POS_CLASS.get(p.tag.POS, p.tag.POS or "?"), lemma))
        if not name:
            out.add(("", lemma))
    return frozenset(out)


@functools.lru_cache(maxsize=200_000)
def known_word(word: str) -> bool:
    """True when pymorphy3's dictionary has ``word`` (any case; read with «ё», or failing that with
    «е»), a name included; a word it would only guess is not known."""
    w = word.casefold()
    return _analyzer().word_is_known(w) or ("ё" in w and _analyzer().word_is_known(w.replace("ё", "е")))


@functools.lru_cache(maxsize=200_000)
def is_dictionary_word(word: str) -> bool:
    """True when pymorphy3 knows ``word`` from its dictionary (it is not a guess), and the word is
    not a name (person, surname, place)."""
    w = word.casefold()
    parses = readings(w)
    if not parses or not _analyzer().word_is_known(w):
        return False
    tags = parses[0].tag
    return not ({"Name", "Surn", "Patr", "Geox", "Orgn"} & set(tags.grammemes))


def lemma_key(words: list[str]) -> tuple[frozenset[str], ...]:
    """The lemma sets of a multi-word name, word by word."""
    return tuple(lemmas(w) for w in words)


_FUNCTION_POS = {"PREP", "CONJ", "PRCL", "INTJ"}


def function_word(word: str) -> bool:
    """True when ``word`` is likeliest a preposition, conjunction, particle or interjection («в», «и», «не»)."""
    return not word.isdigit() and part_of_speech(word) in _FUNCTION_POS


def content_words(toks: list[Token]) -> list[Token]:
    """``toks`` without prepositions, conjunctions and particles (all of them if that is all there
    is): «Опыт в атаке» is searched as «опыт» and «атака»."""
    kept = [t for t in toks if not function_word(t.text)]
    return kept or toks


@functools.lru_cache(maxsize=100_000)
def likeliest_lemma(word: str) -> str:
    """The likeliest lemma of ``word`` (pymorphy3's first analysis), folded; the folded word when
    there is none. «бросок», «броска», «броску» are all «бросок» (:func:`lemmas` holds every
    reading, and the smallest of them may be a form such as «броска»)."""
    found = readings(word.casefold()) if word.isalpha() else ()
    return fold(found[0].normal_form) if found else fold(word)


@functools.lru_cache(maxsize=4096)
def word_forms(word: str) -> frozenset[str]:
    """Every form of ``word`` (folded) by pymorphy3's paradigms for it, the word itself included."""
    found = [p for p in readings(word) if fold(p.normal_form) == word] or list(readings(word))[:1]
    return frozenset({word, *(fold(f.word) for p in found for f in p.lexeme)})
