"""What the user's words name in the rulebook: an edition, a paragraph number, a paragraph by
number, id or heading — checked against the model, with one-line errors."""

from __future__ import annotations

import difflib
import re

from ..errors import InputError, NotFoundError, cut
from . import INVISIBLE
from .forms import alternative_term, glossary_term
from .model import Rulebook
from .numbers import item_named, same_number, split_suffix

#: «102.3б», «100.3Б», «210.1a», a Roman item «300.2ii», «302.I», a numeric one «600.1(2)»; «А.1»: of appendix А
NUMBER_RE = re.compile(r"^(?:\d{1,4}|(?-i:[А-ЯЁA-Z])(?=\.\d))(?:\.\d{1,4}){0,6}"
                       r"(?:[а-яёa-z]|[ivx]{2,4}|\.[ivx]{1,4}|\(\d{1,2}\))?\.?$", re.IGNORECASE)


def shown(value: str, limit: int = 40) -> str:
    """A user value quoted for a one-line message (control characters escaped, long text cut at a
    word with «…», :func:`~berserk_kb.errors.cut`)."""
    return repr(cut(value, limit + 1))


def check_edition(rulebook: Rulebook, edition: str | None) -> str | None:
    """Return ``edition`` if ``rulebook`` has it (``None`` passes through), or the one edition
    whose id it is in another case (``a`` → ``A``).

    Raises:
        NotFoundError: no such edition (the message lists the known ones).
    """
    if edition is None:
        return None
    if rulebook.edition(edition) is None:
        same = [e.id for e in rulebook.editions if isinstance(edition, str) and e.id.casefold() == edition.casefold()]
        if len(same) == 1:  # «a» for A: the edition's id in another case
            return same[0]
        known = ", ".join(e.id for e in rulebook.editions)
        raise NotFoundError(f"unknown edition {shown(edition)} (this rulebook has: {known})", edition=edition)
    return edition


def check_number(number: str) -> str:
    """Return ``number`` without a trailing dot.

    Raises:
        InputError: it is not a paragraph number (digits separated by dots, e.g. ``519.3``).
    """
    if not isinstance(number, str) or not NUMBER_RE.fullmatch(number):
        raise InputError(f"{shown(str(number))} is not a paragraph number (expected digits and dots, e.g. 519.3)")
    return number.rstrip(".")


#: Latin letters that look like Cyrillic ones, as typed in a term's value («Дар жизни X»/«Х»)
_LOOKALIKE = str.maketrans("aceopxyk", "асеорхук")


def entry_of(text: str, target: str) -> bool:
    """True when ``text`` (a list item's) is a glossary entry whose term is ``target``, in any case
    and with «ё» as «е» («Яд Х — отравление на Х ран.» is the entry of «яд х»)."""
    term = glossary_term(text, True, None)
    return term is not None and _folded(term) == _folded(target.strip("«»\"' ")).rstrip(".")


def _folded(title: str) -> str:
    """A title as compared: lower case, «ё» as «е», a Latin look-alike of a Cyrillic letter as it."""
    return " ".join(title.casefold().replace("ё", "е").translate(_LOOKALIKE).split())


def lettered_item(rulebook: Rulebook, paras: list, number: str) -> list[str]:
    """The ids of the paragraphs among ``paras`` that «100.2б» (or «300.2ii», «302.i») names when no
    paragraph prints it: the paragraphs 100.2 that have the list item its suffix names
    (:func:`~berserk_kb.text.numbers.item_named`: «б», or the second of «a.», «b.»; the way the rules
    cite a sub-item: «пункта 210.11а»); ``[]`` when none does. ``number`` is in lower case."""
    split = split_suffix(number)
    if split is None:
        return []
    base, suffix = split
    return [p.id for p in paras if p.number == base and item_named(suffix, [
        i.label for i in rulebook.list_items if i.paragraph == p.id and not i.parent_item]) is not None]


#: «п. 519.3», «пп. 519.3», «пункт 519.3», «§ 519.3»: the way a text cites a paragraph
_CITED = re.compile(r"^(?:пп?\.|пункт[а-я]*|§)\s*", re.IGNORECASE)


def plain_target(rulebook: Rulebook, target: str) -> str:
    """``target`` as :func:`paragraph_ids` reads it: spaces around it and zero-width characters
    dropped, full-width digits and dots as ASCII (NFKC), «п. 519.3» as ``519.3``, a decimal comma
    (``519,3``) as a dot, an edition prefix in another case (``a:519.3``) as the edition's id."""
    import unicodedata

    if not isinstance(target, str):
        return target
    text = unicodedata.normalize("NFKC", target).translate(INVISIBLE).strip().strip("«»\"'").strip()
    text = _CITED.sub("", text)
    if re.fullmatch(r"\d{1,4}(?:,\d{1,4})+[а-яё]?", text):
        text = text.replace(",", ".")
    cited = re.fullmatch(r"(.+?)\s*\(([^()\s]{1,32})\)", text)  # «518.3 д) (A)», as `why` cites an item
    if cited and _edition_named(rulebook, cited[2]):
        text = f"{_edition_named(rulebook, cited[2])}:{cited[1]}"
    head, colon, rest = text.partition(":")
    if colon and _edition_named(rulebook, head):
        head = _edition_named(rulebook, head) or head
    elif not colon:
        head, rest = "", text
    rest = _ITEM_CITED.sub(r"\1\2\3", rest)  # «518.3 д)», «519.3 c.», «518.3 д»: item д) of 518.3 is «518.3д»
    return (f"{head}:{rest}" if head else rest) or target


#: A paragraph number and an item letter as `why` cites them: «518.3 д)», «519.3 c.», «518.3 д», «518.3д)»
_ITEM_CITED = re.compile(r"^(\d{1,4}(?:\.\d{1,4})*)(?:\s+([^\W\d_])[.)]?|([^\W\d_])[.)])$")

#: Cyrillic letters typed for the Latin ones they look like (an edition id typed in the Russian layout: «А:518.3»)
_LATIN = str.maketrans("АВСЕНКМОРТХаесорх", "ABCEHKMOPTXaecopx")


def _edition_named(rulebook: Rulebook, text: str) -> str | None:
    """The edition whose id ``text`` is — as it is, in another case (``a`` for ``A``) or with Cyrillic
    look-alikes of its Latin letters (``А`` for ``A``) — or ``None``."""
    if rulebook.edition(text) is not None:
        return text
    same = [e.id for e in rulebook.editions if e.id.casefold() == text.translate(_LATIN).casefold()]
    return same[0] if len(same) == 1 else None


def close_numbers(rulebook: Rulebook, number: str, edition: str | None = None) -> list[str]:
    """The printed paragraph numbers ``number`` may be a slip for, best first (at most three): the
    same digits with the dots elsewhere (``5193``, ``51.93`` → 519.3), else one character more,
    less or other (``519.33`` → 519.3)."""
    import difflib

    numbers = list(dict.fromkeys(p.number for p in rulebook.paragraphs
                                 if p.number and edition in (None, p.edition)))
    digits = number.replace(".", "")
    same = [n for n in numbers if n.replace(".", "") == digits and n != number]
    near = [n for n in difflib.get_close_matches(number, numbers, n=6, cutoff=0.8)
            if n not in same and _one_edit(n, number)]
    return (same + near)[:3]


def _one_edit(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` differ by one character added, dropped or changed."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    short, long = sorted((a, b), key=len)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def _did_you_mean(found: list[str]) -> str:
    return f" (did you mean {' or '.join(found)}?)" if found else ""


def edition_number(rulebook: Rulebook, target: str, edition: str | None) -> tuple[str, str | None]:
    """``("518.3д", "A")`` for ``target`` «A:518.3д» — a number written with its edition, no
    paragraph's id (and ``edition`` None or that one); else ``(target, edition)`` as given."""
    head, colon, rest = target.partition(":")
    if colon and edition in (None, head) and any(e.id == head for e in rulebook.editions) \
            and NUMBER_RE.fullmatch(rest) and not any(p.id == target for p in rulebook.paragraphs):
        return rest, head
    return target, edition


def paragraph_ids(rulebook: Rulebook, target: str, edition: str | None = None) -> list[str]:
    """The paragraphs ``target`` names: a printed number (``519.3``; ``519.3б`` names 519.3 when it
    is not printed but 519.3 has a list item «б»), an id (``A:правило-топора``;
    a list item's, an example's or a reference's id, ``A:519.3/item1``, ``B:519.1#ref1``, names
    the paragraph that holds it; a list item no paragraph holds, cut off at a fragment's start,
    ``B:~000_ee1f512a66c0b866/item1``, names itself) or a
    heading (``Правило топора``, any case; a glossary entry's term, also of an entry written as a
    list item «Яд Х — …», which names the paragraph holding it, or as a row of a two-column table
    «Авангард Х | Срабатывающая…», which names the table), in ``edition`` or in every
    edition, in edition order.

    Raises:
        InputError: ``target`` is none of these.
        NotFoundError: unknown edition, or no paragraph by that number, id or heading.
    """
    edition = check_edition(rulebook, edition)
    if not isinstance(target, str) or not target.strip():
        raise InputError("no paragraph given (a number such as 519.3, an id or a heading)")
    target, edition = edition_number(rulebook, plain_target(rulebook, target), edition)
    rank = {e.id: i for i, e in enumerate(rulebook.editions)}
    paras = sorted((p for p in rulebook.paragraphs if edition in (None, p.edition)),
                   key=lambda p: (rank[p.edition], p.order))
    if NUMBER_RE.fullmatch(target):
        number = target.rstrip(".")
        ids = [p.id for p in paras if p.number == number] or [p.id for p in paras if same_number(p.number, number)] \
            or lettered_item(rulebook, paras, number.casefold())
        if not ids:
            where = f"edition {edition}" if edition else "any edition"
            raise NotFoundError(f"no paragraph {number} in {where}"
                                f"{_did_you_mean(close_numbers(rulebook, number, edition))}",
                                edition=edition)
        return ids
    by_id = [p.id for p in paras if p.id == target]
    if by_id:
        return by_id
    # a list item's or an example's id (A:519.3/item1, A:519.3/ex1): the paragraph that holds it
    held = {u.paragraph for units in (rulebook.list_items, rulebook.examples) for u in units
            if u.id == target and u.paragraph and edition in (None, u.edition)}
    cut_off = [i.id for i in rulebook.list_items if i.id == target and not i.paragraph and edition in (None, i.edition)]
    # a reference's id (B:519.1#ref1, as show --json prints it): the paragraph whose text holds it
    held |= {r.source_paragraph for r in rulebook.references
             if r.id == target and r.source_paragraph and edition in (None, r.edition)}
    if held or cut_off:
        return [p.id for p in paras if p.id in held] or cut_off
    wanted = _folded(target).rstrip(".")
    titled = [p.id for p in paras if p.title and _folded(p.title) == wanted] or [
        p.id for p in paras if p.title and (alt := alternative_term(p.text)) and _folded(alt) == wanted]
    if not titled:  # a glossary written as a list («- **Яд Х** — отравление…»): the paragraph holding the entry
        entries = {i.paragraph for i in rulebook.list_items if i.paragraph and edition in (None, i.edition)
                   and entry_of(i.text, target)}
        titled = [p.id for p in paras if p.id in entries]
    if not titled:  # a glossary laid out as a table («Термин | Определение»): the table with the entry's row
        titled = [p.id for p in paras if any(len(row) == 2 and _folded(row[0].strip("*_«»\" ")).rstrip(".") == wanted
                                             for row in p.rows)]
    if titled:
        return titled
    head, _, part = target.partition("/")
    if part and any(p.id == head for p in paras):  # A:519.3/ex9: a paragraph that exists, a part it lacks
        raise NotFoundError(_no_part(rulebook, head, part), edition=edition)
    if ":" in target and target.split(":", 1)[0] in rank:
        raise NotFoundError(f"no paragraph with id {shown(target)}" + (f" in edition {edition}" if edition else ""),
                            edition=edition)
    if re.fullmatch(r"[\d.]+", target):  # 5193.3.3.3.3.3.3.3: digits, too many for a number
        raise InputError(f"{shown(target)} is not a paragraph number"
                         f"{_did_you_mean(close_numbers(rulebook, target, edition))}")
    titles = {_folded(p.title): p.title for p in paras if p.title}
    close = [f"«{titles[t]}»" for t in difflib.get_close_matches(wanted, list(titles), n=3, cutoff=0.8)]
    if close:
        raise NotFoundError(f"no heading {shown(target)}{_did_you_mean(close)}", edition=edition)
    raise InputError(
        f"{shown(target)} is not a paragraph number, id or heading of this rulebook "
        "(expected e.g. 519.3, A:правило-топора or «Правило топора»)"
    )


def _no_part(rulebook: Rulebook, paragraph: str, part: str) -> str:
    """«paragraph A:519.3 has no example ex9 (its examples: A:519.3/ex1, …)»: what the paragraph
    holds of the kind ``part`` names (an example ``ex…``, a list item ``item…``, else both)."""
    kinds = [("example", "examples", rulebook.examples), ("list item", "list items", rulebook.list_items)]
    if part.startswith("ex"):
        kinds = kinds[:1]
    elif part.startswith("item"):
        kinds = kinds[1:]
    held = []
    for _, plural, units in kinds:
        ids = [u.id for u in units if getattr(u, "paragraph", None) == paragraph]
        held.append(f"its {plural}: {', '.join(ids[:10])}{', …' if len(ids) > 10 else ''}" if ids
                    else f"it has no {plural}")
    what = kinds[0][0] if len(kinds) == 1 else "part"
    return f"paragraph {paragraph} exists but has no {what} {shown(part)} ({'; '.join(held)})"
