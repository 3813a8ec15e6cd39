"""Cross-references written in the text: a keyword, then one or more paragraph numbers.

The keywords: ``см.`` (``см. также``, ``см. правило``, ``см. п.``), ``смотри``/``смотрите``, ``п.``,
``пп.``, ``пункт`` (any ending), ``согласно``, ``в соответствии с``, ``правило``/``правила``/``правилом``…,
``раздел``…, ``глава``…, ``ст.``, ``§``. The numbers: ``519.3``, ``100.1000``, a letter suffix kept (``102.3б``,
``210.11а``; in lower case: «100.3Б» names 100.3б), a Roman item suffix kept as written («300.2ii»,
«302.I»; a word glued on is none: «100.1ivan» is 100.1), an item written apart («см. 100.1 а)», «пункте 100.1
«а»», «подпункте «б» пункта 100.1»: 100.1а, 100.1б; after its number, «пункт 600.1, подпункт 2»:
600.1(2)), an item after a dot («см. 100.2.а.»: 100.2а), a point of a section named before it («пункт 2 раздела
100»: 100.2; «пункты 1 и 2 раздела 100»: 100.1, 100.2), a number in brackets («см. также (100.2) и 100.4»),
lists with «,», «и», «или», «либо», «и/или», «, а также», ranges such as ``519.2–519.4``, ``519.2-4``,
«с 1.1 по 1.3» or ``100.2а–в`` (expanded when both ends share their prefix), item letters listed after their
number («100.3а, б», «100.3 (а, б)», «пункт «б» правила 100.3»).
Without a keyword only a paragraph number alone in brackets («Это так (100.2).») or after a
preposition («как сказано в 100.1», «из 100.3»): three digits, a dot and more — no value, page or
quantity («в 2 раза», «на 3») has that shape. A letter whose dot a number or a lower-case word follows
is an abbreviation, not an item («п.» of «100.3 и п. 5.3»). An item written apart in other ways: «правилу 100.2
(б)», «пункт 100.2 б.», «100.2, пп. «а»». Words right after a number that name another document
(«п. 5.3 Турнирных правил», «п. 7.1 Кодекса судьи»: the name's genitive words kept), or a title of
rules right before it («См. Турнирные правила, п. 2.1»), mark it external: its number is not this
rulebook's. A section of one or two digits or an appendix by its letter after the word naming it:
«раздел 1», «главе 1», «§ 1», «Приложение А»; an appendix's paragraph «А.1» after a keyword.
"""

from __future__ import annotations

import re

from .model import row_cells

#: an item suffix written onto a number: a Roman numeral of two to four letters in one case («300.2ii»,
#: «302.IV»), an upper one after a dot («302.I»), or one letter, any case («102.3б», «100.3Б»); never
#: the start of a word: «и» of «100.1 и 100.2» stands apart, «100.1ivan» has no suffix
_SUFFIX = (r"(?:(?-i:[ivx]{2,4}|[IVX]{2,4}|\.[IVX]{1,4})(?![\w])|[а-яёa-z](?![а-яёa-z])"
           r"|(?-i:\.[а-яёa-z])(?=[.),;]|\s|$))")  # «100.2.а.», «см. 100.2.б о…»: the item after a dot, 100.2а
#: what joins the numbers of one list: «,», «и», «или», «либо», «и/или», «, а также»
_AND = r"(?:,?\s*а\s+также\b|\bи/или\b|\bлибо\b|,|\bи\b|\bили\b)"
_REF_NUM = (rf"(?:\d{{3}}(?:\.\d{{1,4}})*|\d{{4}}(?:\.\d{{1,4}})+|\d{{1,2}}(?:\.\d{{1,4}})+"
            rf"|(?-i:[А-ЯЁA-Z])\.\d{{1,3}}(?:\.\d{{1,4}})*)(?!\d){_SUFFIX}?")  # «А.1»: item 1 of appendix А
_KW = (r"(?:см\.(?:\s*также)?|смотри(?:те)?|согласно|в\s+соответствии\s+с)"
       r"(?:\s*(?:пп?\.|пункт[а-я]*|правил[а-я]*|раздел[а-я]*|§))?"
       r"|пп\.|п\.|пункт[а-я]*|правил[оауеы]м?|правил(?:ом|ами|ах)|раздел[а-я]*|глав(?:а|е|у|ы|ой|ам|ах|ами)\b"
       r"|ст\.|§")
#: more items of the paragraph just named, after its first: «100.3а, б», «100.3 (а, б)», «100.3а и б»
_MORE_LETTERS = r"\s*(?:,|\bи\b)\s*[а-яё](?![\w])(?=\s*(?:[.),;»]|\bи\b|$))"
#: an item of the paragraph just named, written apart: «100.1 а)», «100.1 «а»», «100.3 (а, б)»
_ITEM = (rf"(?:\s+[а-яёa-z]\)|\s*«[а-яёa-z]»|\s*\([а-яё](?:{_MORE_LETTERS})*\)"
         rf"|\(\d{{1,2}}\)|\s\d{{1,2}}\)"  # «600.1(2)», «600.1 2)»
         r"|\s+(?![иста]\.)[а-яё](?=\.(?:\s|$))(?!\.\s*(?-i:[\dа-яёa-z])))")  # «100.2 (б)»; «пункт 100.2 б.»
#: (not «т. е.», «с.», «и.», nor «п.» of «100.3 п. 5.3»: its dot before a number or a lower-case word)
REFERENCE_RE = re.compile(
    rf"(?<![\w])(?P<kw>{_KW})\s*(?:пп?\.\s*)?(?:с\s+(?=\d))?\(?"
    rf"(?P<list>{_REF_NUM}{_ITEM}?(?:\)?\s*{_AND}\s*(?:пп?\.\s*|пункт[а-я]*\s*)?\(?{_REF_NUM}{_ITEM}?"
    rf"|\s*[–—-]\s*(?:{_REF_NUM}|\d{{1,4}}\b|[а-яёa-z](?![\w]))|\s+по\s+{_REF_NUM}|{_MORE_LETTERS})*)",
    re.IGNORECASE,
)
_REF_SPLIT_RE = re.compile(rf"({_REF_NUM}|\d{{1,4}})|(–|—|-|(?<![\w])по(?![\w]))"
                           r"|(?<![\w])([а-яёa-z])(?![\w])", re.IGNORECASE)
#: a rule number after a preposition, no keyword: «как сказано в 100.1», «из 100.3», «по 100.2»; only the
#: shape of a paragraph number (three digits, a dot and more), so «в 2 раза», «на 3» or «в 100 раз» are none
_STRICT_NUM = rf"\d{{3}}(?:\.\d{{1,4}})+(?![\d.]\d){_SUFFIX}?"
_PREPOSITION_RE = re.compile(
    rf"(?<![\w])(?:в|во|из|по|на|к|ко|от|до|со?|при)\s+(?P<list>{_STRICT_NUM}{_ITEM}?"
    rf"(?:\s*{_AND}\s*{_STRICT_NUM}{_ITEM}?|\s+по\s+{_STRICT_NUM})*)(?!\s*раз)", re.IGNORECASE)
#: a section of one or two digits, or an appendix by its letter, after the word naming it: «раздел 1»,
#: «разделу 2 и главе 1», «§ 1», «главы 1 и 2», «Приложение А» (not «раздел 1.2»: a paragraph, above)
_SECTION_RE = re.compile(
    r"(?<![\w])(?P<kw>раздел[а-я]*|глав(?:а|е|у|ы|ой|ам|ах|ами)|§|(?-i:[Пп])риложени(?:е|я|ю|и|ем))[ \u00a0]*"
    r"(?P<list>\d{1,2}(?:\s*(?:,|\bи\b)\s*\d{1,2})*(?![\w]|[.,]\d)|(?-i:[А-ЯЁA-Z])(?![\w]|\.\d))", re.IGNORECASE)
#: a paragraph number alone in brackets, no keyword: «(100.2)»
_BARE_RE = re.compile(rf"\((?P<list>\d{{3}}(?:\.\d{{1,4}})+{_SUFFIX}?)\)", re.IGNORECASE)
#: one item letter written apart: «б», «б)», ««б»»
_LETTER = r"(?:«[а-яёa-z]»|[а-яёa-z]\)?(?![\w]))"
#: the items named before their paragraph: «подпункте «б» (пункта 100.1)», «подпункты а) и б) пункта 100.2»,
#: «пп. «а»–«в» п. 100.2» (a list or a range of letters)
_SUBITEM_BEFORE_RE = re.compile(rf"(?<![\w])(?:(?:подпункт[а-я]*|пп\.)\s*(?P<letters>{_LETTER}"
                                rf"(?:\s*(?:,|\bи\b|[–—-])\s*{_LETTER})*)"
                                r"|пункт[а-я]*\s+(?P<quoted>«[а-яё]»))"
                                r"\s*$", re.IGNORECASE)  # «пункт «б» правила 100.3»: a quoted letter
#: one letter of :data:`_SUBITEM_BEFORE_RE`'s list and what joins it to the next: «а) и», ««а»–»
_LETTER_STEP = re.compile(r"«?([а-яёa-z])[»)]?\s*(,|\bи\b|[–—-])?", re.IGNORECASE)
#: the paragraph named by its place in a section before the section: «пункт 2 (раздела 100)», «п. 2»
_POINT_OF_SECTION_RE = re.compile(r"(?<![\w])(?:пункт[а-я]*|пп?\.)\s*(?P<n>\d{1,3}(?:\s*(?:,|\bи\b)\s*\d{1,3})*)\s+$",
                                  re.IGNORECASE)
#: the item named after its paragraph: «пункт 600.1, подпункт 2», «п. 100.1, подпункт «б»» or «б)»
#: (a bare letter is a word: «подпункте в нём»)
_SUBITEM_AFTER_RE = re.compile(r",?\s*(?:подпункт(?:а|е|ом|у)?\s+(?:(?P<item>\d{1,2})(?!\d|\.\d)\)?|«(?P<q>[а-яёa-z])»"
                               r"|(?P<b>[а-яёa-z])\))|пп?\.\s*(?:«(?P<pq>[а-яё])»|(?P<pb>[а-яё])\))"
                               r"|\(\s*подпункт[а-я]*\s+«?(?P<pl>[а-яёa-z])»?\s*\))",  # «п. 100.2 (подпункт в)»
                               re.IGNORECASE)
#: a title of rules right before the number: «См. Турнирные правила, (п. 2.1)»
_DOCUMENT_BEFORE_RE = re.compile(
    r"(?<![\w])(?!(?:[Нн]астоящ|[Ээ]т|[Дд]анн|[Тт]екущ)\w*\s)(?P<doc>[А-ЯЁA-Z]\w*\s+"
    r"(?:[Пп]равил|[Рр]егламент|[Уу]ложени|[Пп]оложени|[Кк]одекс)\w*(?:\s+о\s+\w+)?)\s*,\s*$")
_RU_LETTERS = "абвгдежзиклмнопрстуфхцчшщэюя"  # the letters rules number items with (Word's russianLower)
_EXTERNAL_RE = re.compile(
    r"^\s*,?\s*(?!(?:настоящ|эт|данн|текущ|эт)\w*\s)(?P<doc>(?:[А-ЯЁA-Z]\w*\s+)?(?:\w+\s+)?"
    r"(?:[Пп]равил|[Рр]егламент|[Уу]ложени|[Пп]оложени|[Кк]одекс)\w*(?:\s+о\s+\w+)?)")


_THIS_DOCUMENT_RE = re.compile(r"^\s*,?\s*(?:настоящ|эт|данн)\w*\s+(?:правил|регламент|документ)\w*", re.IGNORECASE)


#: a line that ends with a word a paragraph number follows: «…если иное не указано в правиле»,
#: «(см. п.», «согласно»
_ENDS_WITH_KEYWORD_RE = re.compile(rf"(?<![\w])(?:{_KW})\s*\(?$", re.IGNORECASE)


def wants_a_number(line: str) -> bool:
    """True when ``line`` ends with a reference's keyword and no number after it («указано в
    правиле», «см. п.»): the number that ends the reference stands on the next line."""
    return bool(_ENDS_WITH_KEYWORD_RE.search(line.rstrip()))


def names_this_document(after: str) -> bool:
    """True when the words right after a reference say its numbers are this rulebook's own («п.
    999.9 этих правил», «настоящих правил»): a number it does not print is then dangling, wherever
    it stands."""
    return bool(_THIS_DOCUMENT_RE.match(after))


def external_document(after: str) -> str | None:
    """The other document a reference names right after its numbers («Турнирных правил» in «п. 5.3
    Турнирных правил»), or ``None``: a capitalised title of rules, regulations or a code."""
    m = _EXTERNAL_RE.match(after)
    if m and any(ch.isupper() for ch in m.group("doc")):
        return " ".join([*m.group("doc").split(), *_genitive_words(after[m.end():])])
    return None


_NEXT_WORD_RE = re.compile(r"\s+([а-яё]+)(?!\w)")


def _genitive_words(rest: str) -> list[str]:
    """The words of a document's name going on after its head word, up to punctuation: nouns and
    adjectives a genitive reading allows («судьи» of «Кодекса судьи», «проведения турниров»); a
    verb, a conjunction («и»), a particle or a stop ends the name («Кодекса судьи не применяются»)."""
    from .morph import function_word, readings

    words: list[str] = []
    while (m := _NEXT_WORD_RE.match(rest)) and not function_word(m.group(1)) and any(
            r.tag.POS in ("NOUN", "ADJF") and "gent" in r.tag for r in readings(m.group(1))):
        words.append(m.group(1))
        rest = rest[m.end():]
    return words


def find_cross_references(text: str) -> list[tuple[str, list[str], int, list[str | None], list[bool]]]:
    """Cross-references in ``text``: ``(raw, numbers, offset, external, inner)`` per written reference.

    ``numbers`` are the paragraph numbers in order (a letter suffix kept: «210.11а»; ranges
    «519.2–519.4» expanded when both ends share their prefix); ``external[i]`` names another
    document that ``numbers[i]`` points into (the words right after it: «п. 5.3 Турнирных
    правил»), else ``None``; ``inner[i]`` is true for a number a range names only by standing
    between its written ends (519.3 of «519.2–519.4»): a range cites what lies between its ends, so
    such a number the text does not print is no dangling reference.
    """
    found = []
    keyed = [g for m in REFERENCE_RE.finditer(text) for g in _groups(text, m)]
    sections = [m for m in _SECTION_RE.finditer(text) if text[:m.start()].strip()]  # not a title's own «Раздел 3. …»
    bare = [m for m in [*_BARE_RE.finditer(text), *_PREPOSITION_RE.finditer(text), *sections]
            if not any(k.start() <= m.start("list") < k.end() for k in keyed)]
    for m in sorted([*keyed, *bare], key=lambda m: m.start()):
        numbers, external, inner = _listed(text, m) if not m.group("list").isalpha() \
            else ([m.group("list")], [external_document(text[m.end():m.end() + 80])], [False])  # «Приложение А»
        raw, at = m.group(0), m.start()
        sub = _SUBITEM_BEFORE_RE.search(text[max(0, at - 40):at]) if m.re is REFERENCE_RE else None
        if sub and numbers and numbers[0][-1].isdigit():  # «подпункте «б» пункта 100.1»: 100.1б
            items = [numbers[0] + x for x in _letters(sub.group("letters") or sub.group("quoted"))]
            numbers[:1], external[:1], inner[:1] = items, external[:1] * len(items), [False] * len(items)
            raw, at = text[at - len(sub.group(0)):m.end()], at - len(sub.group(0))
        point = _POINT_OF_SECTION_RE.search(text[max(0, at - 30):at]) \
            if m.re is REFERENCE_RE and m.group("kw").lower().startswith("раздел") else None
        if point and numbers and numbers[0].isdigit():  # «пункт 2 раздела 100»: 100.2; «пункты 1 и 2 …»
            points = [f"{numbers[0]}.{int(n)}" for n in re.findall(r"\d+", point.group("n"))]
            numbers[:1], external[:1], inner[:1] = points, external[:1] * len(points), [False] * len(points)
            raw, at = text[at - len(point.group(0)):m.end()], at - len(point.group(0))
        after = _SUBITEM_AFTER_RE.match(text, m.end()) if m.re is REFERENCE_RE else None
        if after and numbers and numbers[-1][-1].isdigit():  # «пункт 600.1, подпункт 2»: 600.1(2)
            item = next(g for g in after.group("item", "q", "b", "pq", "pb", "pl") if g).lower()
            numbers[-1] += f"({int(item)})" if item.isdigit() else item
            raw = text[at:after.end()]
        before = _DOCUMENT_BEFORE_RE.search(text[max(0, at - 80):at])
        if before:  # «См. Турнирные правила, п. 2.1»
            external = [doc or " ".join(before.group("doc").split()) for doc in external]
        found.append((raw, numbers, at, external, inner))
    return found


#: where a list of numbers goes on with a keyword of its own: «… и пунктам 100.1», «, пп. 100.2»
_GROUP_JOINT_RE = re.compile(rf"\)?\s*{_AND}\s*(?=(?:пп?\.|пункт[а-я]*)\s*\(?\d)", re.IGNORECASE)


def _groups(text: str, m: re.Match[str]) -> list[re.Match[str]]:
    """The reference ``m`` cut where its list goes on with a keyword of its own («Согласно правилам
    100.1 - 100.3 и пунктам 100.1-100.2»: two groups), each group its own match of ``text``, so that each
    quotes its own words; ``[m]`` when there is no such joint (or a piece no longer reads as one)."""
    cuts = list(_GROUP_JOINT_RE.finditer(text, m.start("list"), m.end()))
    if not cuts:
        return [m]
    starts, ends = [m.start(), *(j.end() for j in cuts)], [*(j.start() for j in cuts), m.end()]
    pieces = [REFERENCE_RE.match(text, a, b) for a, b in zip(starts, ends, strict=True)]
    return [p for p in pieces if p] if all(pieces) else [m]


def _letters(written: str) -> list[str]:
    """The item letters of «а) и б)», ««а»–«в»» (a range: every letter from one to the other), ««б»»."""
    out: list[str] = []
    ranged = False
    for m in _LETTER_STEP.finditer(written):
        letter = m.group(1).lower()
        if ranged and out and letter in _RU_LETTERS and out[-1] in _RU_LETTERS:
            first, last = _RU_LETTERS.index(out[-1]), _RU_LETTERS.index(letter)
            out.extend(_RU_LETTERS[first + 1:last + 1] if first < last <= first + 20 else letter)
        else:
            out.append(letter)
        ranged = m.group(2) in ("–", "—", "-")
    return out


def _listed(text: str, m: re.Match[str]) -> tuple[list[str], list[str | None], list[bool]]:
    """``(numbers, external, inner)`` of the numbers written in match ``m``'s ``list`` group of
    ``text`` (see :func:`find_cross_references`)."""
    numbers: list[str] = []
    external: list[str | None] = []
    inner: list[bool] = []
    pending_range = after_number = kept_letter = False  # kept_letter: the last number took an item letter
    base, listed, last_end = m.start("list"), m.group("list"), 0
    for part in _REF_SPLIT_RE.finditer(listed):
        num, dash, letter = part.group(1), part.group(2), part.group(3)
        gap, last_end, right_after = listed[last_end:part.start()], part.end(), after_number
        after_number = bool(num)
        kept_letter = kept_letter and bool(letter)
        if dash:
            pending_range = True
            continue
        if num and len(num) <= 2 and numbers and numbers[-1][-1].isdigit() and gap in ("(", " ") \
                and listed[part.end():part.end() + 1] == ")":  # «600.1(2)», «600.1 2)»: item 2 of 600.1
            numbers[-1] += f"({int(num)})"
            continue
        if letter and not pending_range:  # «100.1 а)», «100.1 «а»»: the item of the number before
            follows = text[base + part.end():base + part.end() + 1]
            if numbers and numbers[-1][-1].isdigit() and right_after and re.fullmatch(r"\s+|\s*[«(]", gap) \
                    and (follows in (")", "»", ".") or (gap.endswith("(") and follows in (",", " "))) \
                    and not _ABBREVIATION_RE.match(text, base + part.end()):
                numbers[-1] += letter.lower()
                kept_letter = True
            elif (kept_letter and re.fullmatch(r"\s*(?:,|\s+и)?\s*", gap)
                  and _LETTER_ENDS.match(text, base + part.end())):
                numbers.append(numbers[-1][:-1] + letter.lower())  # «100.3а, б»: item б of 100.3 too
                external.append(external[-1])
                inner.append(False)
            continue  # else «и» is a word
        if letter:  # «100.2а–б»: the range's end is a letter of the same paragraph
            if not numbers:
                continue
            num = re.sub(r"[а-яёa-z]$", "", numbers[-1], flags=re.IGNORECASE) + letter
        doc = external_document(text[base + part.end():base + part.end() + 80])
        # «100.3Б» and «100.3.б» name 100.3б; «302.IV» stays
        num = _ONE_LETTER_RE.sub(lambda x: x.group(0).lower(), _DOTTED_LETTER_RE.sub("", num))
        new = _expand_range(numbers[-1], num) if pending_range and numbers else [num]
        numbers.extend(new)
        external.extend([doc] * len(new))
        inner.extend([True] * (len(new) - 1) + [False])
        pending_range, kept_letter = False, numbers[-1][-1] in _RU_LETTERS
    return numbers, external, inner


#: what follows an item letter of a list «100.3а, б и в.» (so «и» before «б», a number or a word is a conjunction)
_LETTER_ENDS = re.compile(r"\s*(?:[.),;»]|и(?![\w])|$)")
_ONE_LETTER_RE = re.compile(r"(?<=\d)[^\W\d_]$")
_DOTTED_LETTER_RE = re.compile(r"(?<=\d)\.(?=[а-яёa-z]$)")
#: a letter that is an abbreviation, not an item: «п.» of «100.3 и п. 5.3», its dot before a number or a
#: lower-case word
_ABBREVIATION_RE = re.compile(r"\.\s*(?:\d|[а-яёa-z])")
_PIECES_RE = re.compile(rf"\s*{_AND}\s*", re.IGNORECASE)


def own_quote(raw: str, number: str) -> str:
    """The piece of a written reference ``raw`` that names ``number``, as a reader quotes that one
    reference: «см. 100.1» and «100.2» of «см. 100.1, 100.2 и 101.3» (the keyword stays with the
    first number), «519.2–519.4» for 519.3 of «см. 519.2–519.4, 520.1»; ``raw`` itself when it
    names one number or one range, or none of its pieces names ``number``."""
    m = REFERENCE_RE.search(raw)
    if m is None:
        return raw
    listed, at, pieces = m.group("list"), 0, []
    for sep in [*_PIECES_RE.finditer(m.group("list")), None]:
        end = sep.start() if sep else len(listed)
        pieces.append((at, end))
        at = sep.end() if sep else end
    if len(pieces) < 2:
        return raw
    for k, (start, end) in enumerate(pieces):
        found = find_cross_references(f"{m.group('kw')} {listed[start:end]}")
        if found and number in found[0][1]:
            return raw[:m.start("list") + end].strip() if k == 0 else listed[start:end].strip(" ()")
    return raw


def find_references(text: str) -> list[tuple[str, list[str], int]]:
    """Find cross-references in ``text``.

    Returns ``(raw, numbers, offset)`` per written reference: ``raw`` is the written form,
    ``numbers`` the paragraph numbers it names in order (ranges such as ``519.2–519.4`` are
    expanded when both ends share their prefix), ``offset`` the character offset of ``raw``.
    :func:`find_cross_references` also says which numbers point into another document.
    """
    return [(raw, numbers, offset) for raw, numbers, offset, _, _ in find_cross_references(text)]


def _expand_range(start: str, end: str) -> list[str]:
    ls, le = re.match(r"^([\d.]*)([а-яёa-z]?)$", start), re.match(r"^([\d.]*)([а-яёa-z]?)$", end)
    if ls and le and ls.group(2) and le.group(2) and ls.group(1) == le.group(1):  # «100.2а–в»
        alphabet = _RU_LETTERS if ls.group(2) in _RU_LETTERS else "abcdefghijklmnopqrstuvwxyz"
        first, last = alphabet.find(ls.group(2)), alphabet.find(le.group(2))
        if 0 <= first < last <= first + 20:
            return [ls.group(1) + x for x in alphabet[first + 1:last + 1]]
        return [end]
    if not (start.replace(".", "").isdigit() and end.replace(".", "").isdigit()):
        return [end]
    a, b = start.split("."), end.split(".")
    if len(b) == 1 and len(a) > 1:  # «519.2-4»: the end names the last part only
        b = [*a[:-1], b[0]]
    if len(a) == len(b) and a[:-1] == b[:-1] and int(a[-1]) < int(b[-1]) <= int(a[-1]) + 50:
        prefix = ".".join(a[:-1])
        return [f"{prefix}.{i}" if prefix else str(i) for i in range(int(a[-1]) + 1, int(b[-1]) + 1)]
    return [end]


#: a table column of paragraph numbers, by its header: «Правило», «Правила», «Пункт», «П.», «См.», «Ссылка»
_RULE_COLUMN_RE = re.compile(r"^(?:правил[оа]?|пункт[ыа]?|пп?\.|см\.?|ссылк[аи])$", re.IGNORECASE)
_CELL_NUMBER_RE = re.compile(r"^\d{1,3}(?:\.\d{1,4})+[а-яё]?$|^\d{3}$")


def column_references(text: str) -> list[tuple[str, list[str], int, list[str | None], list[bool]]]:
    """References a table's text makes by its columns: a column headed «Правило» («Пункт», «См.»…)
    whose cells are paragraph numbers («100.1», «102.3б») cites each, though no keyword stands by it.
    The shape of :func:`find_cross_references` (raw, numbers, offset, externals, in a range's middle)."""
    lines = text.split("\n")
    if len(lines) < 2 or not (lines[0].strip().startswith("|") or "\t" in lines[0]):
        return []  # pipe- or tab-parted only: a table aligned by spaces (pdftotext -layout) cites nothing so
    columns = {i for i, c in enumerate(row_cells(lines[0])) if _RULE_COLUMN_RE.match(c.strip())}
    out: list[tuple[str, list[str], int, list[str | None], list[bool]]] = []
    at = len(lines[0]) + 1
    for line in lines[1:]:
        pos = 0  # each cell found in the line after the one before it: its offset
        for i, cell in enumerate(c.strip() for c in row_cells(line)):
            written = cell.replace("|", "\\|")  # a cell's own «|» is written «\\|» (model.pipe_cells)
            if (start := line.find(written, pos)) < 0:
                break
            if i in columns and _CELL_NUMBER_RE.match(cell):
                out.append((cell, [cell.lower()], at + start, [None], [False]))
            pos = start + len(written)
        at += len(line) + 1
    return out
