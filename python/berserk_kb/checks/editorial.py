"""Editorial checks for real rulebook text: how paragraph numbers are written, words no Russian
dictionary knows, words glued together, doubled punctuation, and grammatical agreement that the
morphology (pymorphy3 and its OpenCorpora dictionary) can see for certain.

(A word with a Latin letter inside is L002, :mod:`.language`.)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from ..errors import cut
from ..text import without_control_sequences
from ..text.forms import APPENDIX_NUMBER_RE, APPENDIX_WORD_RE, CANONICAL_PREFIX, SECTION_WORD_RE, SMALL_SECTION_WORD_RE
from ..text.lines import HEADING_MARK_RE
from ..text.morph import known_word, readings
from .registry import Context, Finding, cached_json, check, code_of, finding

_WORD = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")
_RU = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"


def _prose(ctx: Context) -> Iterable[Any]:
    """The units whose words are running text: paragraphs (not tables of contents), items and
    examples of the editions being checked."""
    for u in ctx.kb.rulebook.units():
        if u.edition in ctx.editions and getattr(getattr(u, "kind", None), "value", "") != "contents":
            yield u


@check("L005", "number-punctuation", "warning", "language")
def number_punctuation(ctx: Context) -> Iterable[Finding]:
    """A paragraph number written without its dot («527.1 Игрок берёт…») or without the space
    after it («302.Этап начала хода»).

    Why: the number is still read, but a reader (and another tool) expects «527.1. Игрок…»; the
    same rulebook writes it both ways. A number with no text at all and nothing under it («100.2.»
    left at the end of a file or before the next heading) is reported too: its text is missing.
    """
    rb = ctx.kb.rulebook
    owners = {u.parent for u in rb.paragraphs} | {i.paragraph for i in rb.list_items} \
        | {e.paragraph for e in rb.examples}
    for p in rb.paragraphs:
        if p.edition in ctx.editions and p.number and not p.text.strip() and p.id not in owners:
            yield finding(ctx, "L005", "warning", p.id, {"number": p.number}, "empty", edition=p.edition, unit=p.id)
            continue
        # an indented line («   100.1. …») is written as it should be; a heading as the document prints it,
        # without the «# » the fragment marks it with
        written = HEADING_MARK_RE.sub("", (p.prefix + p.text).lstrip())
        if p.edition not in ctx.editions or not p.number or CANONICAL_PREFIX.match(written) \
                or SECTION_WORD_RE.match(written) or SMALL_SECTION_WORD_RE.match(written) \
                or APPENDIX_WORD_RE.match(written) or APPENDIX_NUMBER_RE.match(written) \
                or re.match(re.escape(p.number) + r"\.(?:\s|$)", written):  # «1. Общие положения»
            continue
        lacks = "space" if p.prefix.rstrip().endswith(".") else "dot"
        yield finding(ctx, "L005", "warning", p.id, {"number": p.number, "lacks": lacks, "written": cut(written, 40),
                                                    "start": cut(p.text, 20)}, edition=p.edition, unit=p.id)


# --- spelling ----------------------------------------------------------------------------------


#: prefixes Russian writes words with freely («небазовый», «полузакрытый», «ультраредкая»): a
#: word made of one and a dictionary word is neither unknown nor two glued words
PREFIXES = ("не", "полу", "пере", "ультра", "супер", "сверх", "недо", "анти", "само", "мульти", "гипер", "микро",
            "макро", "мини", "псевдо", "квази", "пред", "под", "над", "раз", "рас", "пере", "перед", "после", "меж",
            "контр", "много", "одно", "двух", "трёх", "трех", "вне", "внутри", "около", "дву", "обез", "без", "бес")
#: endings a split may leave that are suffixes, not words («замещаем» + «ости»)
_SUFFIX_TAILS = ("ост", "ств", "ени", "ани", "ски", "ско", "ска", "ный", "ная", "ное", "ные", "ого", "ому", "ами")


def _prefixed(word: str) -> bool:
    w = word.casefold()
    return any(w.startswith(p) and len(w) - len(p) >= 3 and known_word(w[len(p):]) for p in PREFIXES)


def _edits(word: str) -> Iterable[str]:
    """Every word one edit away (a letter swapped with the next, replaced, left out, put in)."""
    w = word.casefold()
    splits = [(w[:i], w[i:]) for i in range(len(w) + 1)]
    for a, b in splits:
        if len(b) > 1:
            yield a + b[1] + b[0] + b[2:]
    for a, b in splits:
        if b:
            for ch in _RU:
                if ch != b[0]:
                    yield a + ch + b[1:]
    for a, b in splits:
        if b:
            yield a + b[1:]
    for a, b in splits:
        for ch in _RU:
            yield a + ch + b


def nearest_known(word: str) -> str | None:
    """The first dictionary word one edit from ``word`` (a swap, then a replaced letter, a letter
    left out, a letter put in), or ``None``."""
    for cand in _edits(word):
        if len(cand) > 1 and known_word(cand):
            return cand
    return None


_ONE_LETTER_WORDS = {"в", "к", "с", "у", "о", "и", "а"}


def glued_split(word: str) -> tuple[str, str] | None:
    """Two dictionary words ``word`` is made of when it is not one itself («окончаниюигры» →
    «окончанию», «игры»): each part at least three letters (or a one-letter preposition or
    conjunction first, at least five), the split with the longer shorter part first."""
    w = word.casefold()
    best = None
    if _prefixed(w):
        return None
    for i in range(1, len(w) - 3):
        left, right = w[:i], w[i:]
        if (len(left) >= 5 or left in _ONE_LETTER_WORDS) and len(right) >= 4 and not right.startswith(_SUFFIX_TAILS) \
                and known_word(left) and known_word(right):
            score = min(len(left), len(right))
            if best is None or score > best[0]:
                best = (score, left, right)
    return (best[1], best[2]) if best else None


def _spelling(ctx: Context) -> list[dict]:
    cards, features = ctx.kb.lexicon_names()
    names = {w.casefold() for n in [*cards, *features] for w in _WORD.findall(n)}
    out = []
    seen: set[tuple[str, str]] = set()
    for u in _prose(ctx):
        for m in _WORD.finditer(u.text):
            if re.match(r"[A-Za-z]", u.text[m.end():m.end() + 1]) or re.search(r"[A-Za-z]$", u.text[:m.start()]):
                continue  # a word with a Latin letter inside is L002's
            for part in m.group().split("-"):
                low = part.casefold()
                if len(part) < 3 or not part[0].islower() or low in names or (u.id, low) in seen or known_word(low) \
                        or known_word(m.group()) or _prefixed(low):
                    continue
                seen.add((u.id, low))
                split = glued_split(low)
                out.append({"unit": u.id, "edition": u.edition, "word": part, "split": list(split) if split else None,
                            "near": None if split or len(low) < 6 else nearest_known(low)})
    return out


@check("L006", "unknown-word", "info", "language")
def unknown_word(ctx: Context) -> Iterable[Finding]:
    """A lower-case word that no Russian dictionary entry of pymorphy3 (OpenCorpora) knows and
    that is no word of a known card or feature name, with the nearest dictionary word (one letter
    swapped, replaced, left out or put in) when there is one and the word has six letters or more:
    «атакаует» → «атакует». A capitalised word may be a name and is left to L001; a word made of a
    prefix Russian writes freely and a dictionary word («небазовый», «полузакрытый») is known.

    Why: a misspelt word neither searches nor links, and may hide a changed meaning.
    """
    for h in _spelling_cached(ctx):
        if h["split"] is None:
            yield finding(ctx, "L006", "info", f"{h['unit']}:{h['word'].casefold()}",
                          {"word": h["word"], "near": h["near"]}, edition=h["edition"], unit=h["unit"])


@check("L007", "glued-words", "warning", "language")
def glued_words(ctx: Context) -> Iterable[Finding]:
    """Two words written without the space between them: a word the dictionary does not know that
    is two dictionary words put together («окончаниюигры» = «окончанию» + «игры»).

    Why: a lost space hides both words from search and linking, and reads as a typo.
    """
    for h in _spelling_cached(ctx):
        if h["split"]:
            a, b = h["split"]
            yield finding(ctx, "L007", "warning", f"{h['unit']}:{h['word'].casefold()}",
                          {"word": h["word"], "a": a, "b": b}, edition=h["edition"], unit=h["unit"])


def _spelling_cached(ctx: Context) -> list[dict]:
    if "spelling" not in ctx.memo:
        cards, features = ctx.kb.lexicon_names()
        key: list[str | bytes] = [ctx.rulebook_digest, ",".join(ctx.editions),
                                  "\n".join(sorted(set(cards) | set(features))),
               code_of("checks/editorial.py", "text/morph.py")]
        ctx.memo["spelling"] = cached_json("spelling", key, lambda: _spelling(ctx))
    return ctx.memo["spelling"]


_DOUBLED = re.compile(r"(?<![.…?!])\.\.(?![.…])|(?<![.…])\.[ \t]+\.(?![.…])|,\s*,|;\s*;|,\s*\.(?!\.)"
                      r"|:\s*[:.,]|;\s*[.,]|\.\s*,")
#: the words Russian shortens with a dot, after which a comma is right («и т. п., и др.»)
_ABBREVIATED = re.compile(r"(?<![\w])(?:п|д|е|др|пр|см|ср|г|гг|в|вв|стр|ст|рис|табл|прим|напр|мин|макс|шт)$",
                          re.IGNORECASE)


@check("L008", "doubled-punctuation", "warning", "language")
def doubled_punctuation(ctx: Context) -> Iterable[Finding]:
    """Punctuation written twice or in a pair that never goes together: «контролем..», «. .»,
    «,,», «,.», «:.», «;.» (an ellipsis «…» or «...» is not a finding, nor «?..» and «!..»: after a
    question or exclamation mark Russian writes the ellipsis as two dots — Розенталь, «Многоточие»).
    A comma after the dot of an abbreviation is right («и т. п., и др.»); only a space before that
    comma is a slip («т.д. ,»).

    Why: usually a slip of editing (a sentence cut or joined), and it shows in print.
    """
    for u in _prose(ctx):
        text = without_control_sequences(u.prefix + u.text)  # the excerpt never begins inside one
        for m in _DOUBLED.finditer(text):
            before = text[max(0, m.start() - 15):m.start()].split("\n")[-1]
            kind = ""
            if m.group()[0] == "." and m.group()[-1] == "," and _ABBREVIATED.search(before):
                if m.group() == ".,":
                    continue  # «т. п.,»
                kind = "space"  # «т.д. ,»
            yield finding(ctx, "L008", "warning", f"{u.id}:{before.strip()}{m.group()}",
                          {"before": before, "mark": m.group()}, kind, edition=u.edition, unit=u.id)


# --- agreement ---------------------------------------------------------------------------------

#: the cases each preposition governs (OpenCorpora case names; «gen2», «loc2», «acc2» count as
#: their main case)
GOVERNS = {
    **dict.fromkeys(("в", "во", "на"), frozenset({"loct", "accs"})),
    **dict.fromkeys(("к", "ко", "благодаря", "согласно", "вопреки", "навстречу"), frozenset({"datv"})),
    **dict.fromkeys(("под", "подо", "за"), frozenset({"ablt", "accs"})),
    **dict.fromkeys(("над", "надо", "перед", "передо"), frozenset({"ablt"})),
    "между": frozenset({"ablt", "gent"}),
    **dict.fromkeys(("с", "со"), frozenset({"gent", "ablt", "accs"})),
    **dict.fromkeys(("от", "ото", "до", "из", "изо", "без", "безо", "у", "для", "после", "кроме", "вместо", "около",
                     "возле", "среди", "против", "вокруг", "из-за", "из-под", "вследствие"), frozenset({"gent"})),
    "по": frozenset({"datv", "loct", "accs"}),
    **dict.fromkeys(("о", "об", "обо"), frozenset({"loct", "accs"})),
    "при": frozenset({"loct"}),
    **dict.fromkeys(("через", "про", "сквозь"), frozenset({"accs"})),
}
_MAIN_CASE = {"gen2": "gent", "loc2": "loct", "acc2": "accs", "gen1": "gent", "loc1": "loct", "acc1": "accs"}
_INDECLINABLE = {"его", "её", "ее", "их"}  # possessives that stand before any case
_CASED = {"NOUN", "ADJF", "PRTF", "NPRO", "NUMR"}


def _cases(word: str) -> tuple[set[str], set[str]] | None:
    """(parts of speech, cases) over every pymorphy3 analysis of a dictionary word, or ``None``
    when the word is not in the dictionary or some analysis has no case (it may be an adverb, a
    verb, a short form, …: nothing is certain then)."""
    w = word.casefold()
    if w in _INDECLINABLE or len(w) < 2 or not known_word(w):
        return None
    pos, cases = set(), set()
    for p in readings(w):
        if p.tag.POS not in _CASED or not p.tag.case:
            return None
        pos.add(p.tag.POS)
        cases.add(_MAIN_CASE.get(p.tag.case, p.tag.case))
    return (pos, cases) if pos else None


def _adjective_only(word: str) -> set[str] | None:
    """The cases of a dictionary word every analysis of which is a full adjective or participle
    (at least one an adjective: a pure participle may take a complement, «нанесённые существом»),
    not a pronoun or ordinal adjective; else ``None``."""
    w = word.casefold()
    if not known_word(w):
        return None
    ps = readings(w)
    if not ps or not all(p.tag.POS in ("ADJF", "PRTF") and p.tag.case for p in ps) \
            or not any(p.tag.POS == "ADJF" for p in ps) or {"Apro", "Anum"} & set(ps[0].tag.grammemes):
        return None
    return {_MAIN_CASE.get(p.tag.case, p.tag.case) for p in ps}


def _noun_only(word: str) -> set[str] | None:
    """The cases of a dictionary word every analysis of which is a noun, else ``None``."""
    w = word.casefold()
    if not known_word(w):
        return None
    ps = readings(w)
    if not ps or not all(p.tag.POS == "NOUN" and p.tag.case for p in ps):
        return None
    return {_MAIN_CASE.get(p.tag.case, p.tag.case) for p in ps}


def _named_rule(word: str, after: str) -> tuple[set[str], set[str]] | None:
    """The cases of ``word``'s noun readings when a rule number follows it («правила 100.2»: the
    noun naming the rule — «правила» as the verb «править» cannot stand before its number), else
    ``None``."""
    if not _RULE_NUMBER.match(after) or not known_word(word.casefold()):
        return None
    cases = {_MAIN_CASE.get(p.tag.case, p.tag.case) for p in readings(word.casefold())
             if p.tag.POS == "NOUN" and p.tag.case}
    return ({"NOUN"}, cases) if cases else None


_TOKEN = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)?|[^\sА-Яа-яЁё]+")
#: a rule's number as a token: «100.2», «101» (a section), not a count («3 раны»)
_RULE_NUMBER = re.compile(r"\d+\.\d|\d{3}(?!\d)")


def _agreement(ctx: Context) -> list[dict]:
    out = []
    for u in _prose(ctx):
        toks = _TOKEN.findall(u.text)
        for i, a in enumerate(toks[:-1]):
            allowed = GOVERNS.get(a.casefold())
            if not allowed:
                continue
            b = toks[i + 1]
            if b[:1].isupper():
                continue  # a name or a term quoted as it is written («меняет тип на Герой»)
            c = toks[i + 2] if i + 2 < len(toks) else ""
            adj, noun = _adjective_only(b), _noun_only(c) if c else None
            if adj and noun and noun & allowed and not adj & noun:
                out.append({"unit": u.id, "edition": u.edition, "kind": "adjective", "words": f"{b} {c}",
                            "need": sorted(noun), "have": sorted(adj), "prep": a})
                continue
            got = _cases(b) or _named_rule(b, c)
            # an animate accusative reads as a genitive
            animate = got is not None and "accs" in allowed and "gent" in got[1]
            if got and not animate and not got[1] & allowed and got[0] & {"NOUN", "ADJF", "NPRO"}:
                out.append({"unit": u.id, "edition": u.edition, "kind": "case", "words": f"{a} {b}",
                            "need": sorted(allowed), "have": sorted(got[1])})
    return out


@check("L009", "agreement", "warning", "language")
def agreement(ctx: Context) -> Iterable[Finding]:
    """Grammatical agreement pymorphy3's analyses make certain: a preposition followed by a word
    none of whose analyses has a case the preposition governs («под вашем контролем»: «под» takes
    the instrumental or accusative, «вашем» can only be prepositional), and, after a preposition, an
    adjective and noun with no case in common («к определённом значению»). A word with any reading
    that has no case (an adverb, a verb, a short form) — unless a rule number follows it, which makes
    it the noun naming the rule («согласно правила 100.2») —, a word the dictionary does not know, «его»,
    «её», «их», a capitalised word (a name or term as written: «меняет тип на Герой»), a genitive
    where the accusative may stand (an animate accusative: «на волнореза»), pronoun adjectives and
    pure participles (which may take a complement) are never reported.
    Precision measured on the «Берсерк. Герои» rulebook (2,000 lines) and the bundled fragments:
    6 findings, all 6 real errors (precision 6/6: «при этому», «при наступления», «под вашем
    контролем», «к определённом значению» three times); on the bundled fragments none. Recall was
    not measured.

    Why: a wrong ending is a typo a reader trips over and a search misses; the meaning may change.
    """
    if "agreement" not in ctx.memo:
        key: list[str | bytes] = [ctx.rulebook_digest, ",".join(ctx.editions),
                                  code_of("checks/editorial.py", "text/morph.py")]
        ctx.memo["agreement"] = cached_json("agreement", key, lambda: _agreement(ctx))
    for h in ctx.memo["agreement"]:
        first, second = h["words"].split(" ", 1)
        values = {"words": h["words"], "first": first, "second": second, "need": h["need"], "have": h["have"],
                  **({"prep": h["prep"]} if h["kind"] != "case" else {})}
        yield finding(ctx, "L009", "warning", f"{h['unit']}:{h['words'].casefold()}", values,
                      "case" if h["kind"] == "case" else "adjective", edition=h["edition"], unit=h["unit"])
