"""The words of the findings: one template per check code (and kind of finding) and language.

A finding carries the values its message quotes (``Finding.values``) and the name of its template
(``Finding.template``, ``CODE`` or ``CODE:kind``); :func:`say` words it in English (the command
line's text, as the check wrote it) or Russian (the web interface). A template is a ``str.format``
string over the values, or a function of them where the words depend on a value (a plural, a
part said only when a value is there).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Template = str | Callable[[dict[str, Any]], str | None] | None


def _q(words: list[str]) -> str:
    return ", ".join(f"«{w}»" for w in words)


def _ru_n(n: int, one: str, few: str, many: str) -> str:
    """``n`` with the Russian noun form its number takes (1 буква, 2 буквы, 5 букв)."""
    tail = n % 100
    form = many if 11 <= tail <= 14 else one if n % 10 == 1 else few if 2 <= n % 10 <= 4 else many
    return f"{n} {form}"


_CASES = {"datv": ("dative", "дательный"), "gent": ("genitive", "родительный"), "accs": ("accusative", "винительный"),
          "ablt": ("instrumental", "творительный"), "loct": ("prepositional", "предложный"),
          "nomn": ("nominative", "именительный"), "voct": ("vocative", "звательный")}


def _cases(codes: list[str], lang: int) -> str:
    return (" or ", " или ")[lang].join(_CASES[c][lang] if c in _CASES else c for c in codes)


def _near_en(v: dict[str, Any]) -> str:
    return f"«{v['name']}»" if v["form"] == v["base"] else f"«{v['form']}», a form of «{v['name']}»"


def _near_ru(v: dict[str, Any]) -> str:
    return f"«{v['name']}»" if v["form"] == v["base"] else f"«{v['form']}» (форма «{v['name']}»)"


def _missing(v: dict[str, Any], lang: int) -> str:
    """S002: the numbers no paragraph takes (``gone``) and those an unnumbered one takes (``there``)."""
    first = v.get("first") is not None
    parts = []
    if v["gone"]:
        n = v["gone_n"]
        if lang == 0:
            absent = ("not in the loaded text" if first
                      else f"missing between {v['a']} and {v['b']} in edition {v['edition']}")
            parts.append(f"{v['gone']} {'is' if n == 1 else 'are'} {absent}")
        else:
            absent = ("нет в загруженном тексте" if first
                      else f"пропущен{'' if n == 1 else 'ы'} между {v['a']} и {v['b']} в редакции {v['edition']}")
            parts.append(f"{v['gone']} {absent}")
    if v["there"]:
        n = v["there_n"]
        if lang == 0:
            where = "before it" if first else f"between {v['a']} and {v['b']} in edition {v['edition']}"
            parts.append(f"{v['there']} stand{'s' if n == 1 else ''} unnumbered {where} ({v['at']}; see S004)")
        else:
            where = "перед ним" if first else f"между {v['a']} и {v['b']} в редакции {v['edition']}"
            parts.append(f"{v['there']} стоит без номера {where} ({v['at']}; см. S004)")
    text = "; ".join(parts)
    if first:
        head = (f"{v['first']} is the first of {v['stem']}.x printed in edition {v['edition']}: ",
                f"{v['first']} — первый из {v['stem']}.x, напечатанных в редакции {v['edition']}: ")[lang]
        text = head + text
    return text


def _where_en(v: dict[str, Any]) -> str:
    where = f"inside section {v['section']} of the loaded text" if v["inside"] else "outside the loaded fragments"
    return where + (f"; the unnumbered paragraph at {v['at']} stands for it, see S004" if v["at"] else "")


def _where_ru(v: dict[str, Any]) -> str:
    where = f"внутри раздела {v['section']} загруженного текста" if v["inside"] else "вне загруженных фрагментов"
    return where + (f"; за него стоит непронумерованный пункт в {v['at']}, см. S004" if v["at"] else "")


_OUTCOME_EN = {"fail": "does not come out as stated", "missing": "has no scenario file",
               "not formalizable": "is not formalizable"}
_OUTCOME_RU = {"fail": "не выходит так, как сказано", "missing": "не имеет файла сценария",
               "not formalizable": "не формализуется"}

#: template name → (English message, English suggestion, Russian message, Russian suggestion)
TEMPLATES: dict[str, tuple[Template, Template, Template, Template]] = {
    "A001": ("accepted finding {id} matches no finding any more", "remove the entry, or accept the new id",
             "принятая находка {id} больше не совпадает ни с одной", "уберите запись или примите новый id"),
    "G001": ("{focus}: {where}: {message}", None, "{focus}: {where}: {message}", None),
    "L001": (lambda v: f"«{v['surface']}» is not a known name; it is {v['distance']} "
                       f"letter{'s' if v['distance'] > 1 else ''} "
             f"from {_near_en(v)}", "«{name}»",
             lambda v: f"«{v['surface']}» — не известное имя; от {_near_ru(v)} "
             f"{_ru_n(v['distance'], 'буква', 'буквы', 'букв')} разницы", "«{name}»"),
    "L002": ("«{word}» mixes Latin letters ({latin}) with Cyrillic ones", "retype the word in one alphabet",
             "в «{word}» латинские буквы ({latin}) смешаны с кириллицей", "наберите слово одним алфавитом"),
    "L003": (lambda v: f"the quote «{v['quote']}» of {v['card']}'s text lost {_q(v['lost'])} compared "
             f"with the card database ({v['card_id']})", "restore the lost words (an icon, e.g. «Опыт в атаке»)",
             lambda v: f"в цитате «{v['quote']}» текста карты {v['card']} потеряны {_q(v['lost'])} "
             f"(по базе карт, {v['card_id']})", "верните потерянные слова (значок, например «Опыт в атаке»)"),
    "L004:styles": (lambda v: f"the list of {v['list']} mixes styles: {_q(v['prefixes'])}", None,
                    lambda v: f"в списке {v['list']} смешаны виды нумерации: {_q(v['prefixes'])}", None),
    "L004:first": ("the list of {list} starts at «{prefix}»", "an item «{want}» may be missing",
                   "список {list} начинается с «{prefix}»", "возможно, пропущен пункт «{want}»"),
    "L004:twice": ("the list of {list} has «{prefix}» twice", "reletter the list",
                   "в списке {list} дважды «{prefix}»", "перебуквуйте список"),
    "L004:jump": ("the list of {list} goes from «{a}» to «{b}»", "an item «{want}» may be missing",
                  "список {list} идёт от «{a}» к «{b}»", "возможно, пропущен пункт «{want}»"),
    "L004:jump-digit": ("the list of {list} goes from «{a}» to «{b}»", None, "список {list} идёт от «{a}» к «{b}»",
                        None),
    "L004:open": ("the list of {list} ends with «{prefix} …{tail}»: its last item ends with «{end}» "
                  "as if more followed",
                  "end the last item with «.», or restore the lost item",
                  "список {list} кончается на «{prefix} …{tail}»: последний пункт кончается на «{end}», будто дальше "
                  "есть ещё", "закончите последний пункт «.» или верните потерянный пункт"),
    "L004:unpunctuated": (lambda v: f"in the list of {v['list']}, " + ", ".join(f"«{p} …{t}»" for p, t in v["items"])
                          + f" end{'s' if len(v['items']) == 1 else ''} with no punctuation",
                          "end each item with «;» and the last with «.»",
                          lambda v: f"в списке {v['list']} без знака препинания в конце: "
                          + ", ".join(f"«{p} …{t}»" for p, t in v["items"]),
                          "закончите каждый пункт «;», а последний «.»"),
    "L005": (lambda v: f"{v['number']} is written "
                       f"{'without the space after it' if v['lacks'] == 'space' else 'without its dot'}"
             f": «{v['written']}»", "«{number}. {start}»",
             lambda v: f"{v['number']} написан {'без пробела после него' if v['lacks'] == 'space' else 'без точки'}"
             f": «{v['written']}»", "«{number}. {start}»"),
    "L005:empty": ("{number} has no text", "write its text after «{number}.», or delete the number",
                   "у {number} нет текста", "допишите текст после «{number}.» или удалите номер"),
    "L006": (lambda v: f"«{v['word']}» is in no Russian dictionary"
             + (f"; the nearest dictionary word is «{v['near']}»" if v["near"] else ""),
             lambda v: f"«{v['near']}»" if v["near"] else None,
             lambda v: f"«{v['word']}» нет ни в одном словаре русского языка"
             + (f"; ближайшее словарное слово — «{v['near']}»" if v["near"] else ""),
             lambda v: f"«{v['near']}»" if v["near"] else None),
    "L007": ("«{word}» looks like «{a}» and «{b}» without the space", "«{a} {b}»",
             "«{word}» похоже на «{a}» и «{b}» без пробела", "«{a} {b}»"),
    "L008": ("«…{before}{mark}» has doubled punctuation", "keep one mark",
             "в «…{before}{mark}» знак препинания удвоен", "оставьте один знак"),
    "L008:space": ("«…{before}{mark}» has a space before the comma", lambda v: f"«{v['before'].strip()}.,»",
                   "в «…{before}{mark}» пробел перед запятой", lambda v: f"«{v['before'].strip()}.,»"),
    "L009:case": (lambda v: f"«{v['words']}»: «{v['first']}» takes the {_cases(v['need'], 0)}, «{v['second']}» "
                  f"can only be {_cases(v['have'], 0)}", "make the endings agree",
                  lambda v: f"«{v['words']}»: «{v['first']}» требует падежа: {_cases(v['need'], 1)}, а «{v['second']}» "
                  f"может быть только таким: {_cases(v['have'], 1)}", "согласуйте окончания"),
    "L009:adjective": (lambda v: f"«{v['prep']} {v['words']}»: the adjective «{v['first']}» is {_cases(v['have'], 0)}, "
                       f"its noun «{v['second']}» {_cases(v['need'], 0)}", "make the endings agree",
                       lambda v: f"«{v['prep']} {v['words']}»: прилагательное «{v['first']}» — {_cases(v['have'], 1)}, "
                       f"его существительное «{v['second']}» — {_cases(v['need'], 1)}", "согласуйте окончания"),
    "M001:error": (lambda v: f"example file {v['file']} cannot be read: {'; '.join(v['problems'])}", None,
                   lambda v: f"файл примера {v['file']} не читается: {'; '.join(v['problems'])}", None),
    "M001": (lambda v: f"example {v['example']} ({v['paragraph']}) {_OUTCOME_EN[v['status']]}: "
                       f"{'; '.join(v['problems'])}",
             None, lambda v: f"пример {v['example']} ({v['paragraph']}) {_OUTCOME_RU[v['status']]}: "
             f"{'; '.join(v['problems'])}", None),
    "M002": (lambda v: f"{v['file']}, event {v['event']} ({v['kind']}): {v['a']} gives {v['a_result']}, {v['b']} gives "
             f"{v['b_result']}" + (f"; deciding: {v['deciding']}" if v["deciding"] else ""),
             "berserk-kb why {path} --edition {a} --edition {b}",
             lambda v: f"{v['file']}, событие {v['event']} ({v['kind']}): {v['a']} даёт {v['a_result']}, {v['b']} даёт "
             f"{v['b_result']}" + (f"; решают: {v['deciding']}" if v["deciding"] else ""),
             "berserk-kb why {path} --edition {a} --edition {b}"),
    "M003": (lambda v: f"in edition {v['edition']}, one {v['event']} has {len(v['results'])} different results when "
                       f"every "
             f"applicable clause is tried: " + "; ".join(v["results"]),
             "make the clauses exclusive (if-then-else) or state which wins",
             lambda v: f"в редакции {v['edition']} одно событие {v['event']} даёт разные результаты "
                       f"({len(v['results'])}), "
             f"если пробовать каждую применимую клаузу: " + "; ".join(v["results"]),
             "сделайте клаузы взаимоисключающими (if-then-else) или скажите, какая побеждает"),
    "M004": ("{number} «{text}» is implemented by no clause", None,
             "{number} «{text}» не реализован ни одной клаузой", None),
    "M005": ("the clause citing {unit} ({where}) is exercised by no scenario in examples/ or scenarios/",
             "add a scenario that takes this path",
             "клауза, цитирующая {unit} ({where}), не задействована ни одним сценарием в examples/ или scenarios/",
             "добавьте сценарий, который идёт этим путём"),
    "M006": ("scenario file {file} cannot be read: {error}", None, "файл сценария {file} не читается: {error}", None),
    "M007": ("{unit}, which the data of edition {edition} names as stating {rule} ({where}), is not in the loaded text",
             "correct the unit id in the edition data",
             "{unit}, который данные редакции {edition} называют пунктом правила {rule} ({where}), нет в загруженном "
             "тексте",
             "исправьте id пункта в данных редакции"),
    "M008": ("{rule}, which the data of edition {edition} states ({where}), is asked for by no rule module: "
             "no clause names {name}", "correct the rule's name in the edition data",
             "правило {rule}, которое данные редакции {edition} называют ({where}), не запрашивает ни один модуль "
             "правил: ни одна клауза не называет {name}",
             "исправьте имя правила в данных редакции"),
    "M007:section": (lambda v: f"the loaded text of edition {v['edition']} has none of the {len(v['units'])} units of "
                               f"section "
                     f"{v['section']} that its data names ({', '.join(v['units'])}): the engine refuses the section's "
                     f"rules",
                     None,
                     lambda v: f"в загруженном тексте редакции {v['edition']} нет ни одного из {len(v['units'])} "
                               f"пунктов "
                     f"раздела {v['section']}, названных её данными ({', '.join(v['units'])}): правила раздела не "
                     f"применяются",
                     None),
    "S001": ("{number} is printed twice in edition {edition} (first at {first}): «{text}»", "renumber one of them",
             "{number} напечатан дважды в редакции {edition} (впервые в {first}): «{text}»",
             "перенумеруйте один из них"),
    "S002": (lambda v: _missing(v, 0),
             lambda v: None if v.get("first") else "restore the lost paragraph, or renumber" if v["gone"] else
             "number the paragraph that stands there (see S004)",
             lambda v: _missing(v, 1),
             lambda v: None if v.get("first") else "восстановите потерянный пункт или перенумеруйте" if v["gone"] else
             "пронумеруйте пункт, который там стоит (см. S004)"),
    "S003": ("{b} comes after {a} in edition {edition}",
             "check the number, or the fragment order in sources/manifest.yaml",
             "{b} идёт после {a} в редакции {edition}",
             "проверьте номер или порядок фрагментов в sources/manifest.yaml"),
    "S004": ("{why}", "number it {number}", "номер этого пункта выводится: {number} ({why})",
             "пронумеруйте его {number}"),
    "S005": (lambda v: f"«{v['raw']}» names {v['number']}, which edition {v['edition']} does not print "
                       f"({_where_en(v)})",
             lambda v: f"number that paragraph {v['number']}" if v["at"] else "fix the number" if v["inside"] else None,
             lambda v: f"«{v['raw']}» называет {v['number']}, которого нет в редакции {v['edition']} ({_where_ru(v)})",
             lambda v: (f"пронумеруйте тот пункт {v['number']}" if v["at"]
                        else "исправьте номер" if v["inside"] else None)),
    "S006": ("«{text}» is cut off by the fragment boundary", None, "«{text}» обрезан границей фрагмента", None),
    "S007": ("«{text}» repeats {other}", None, "«{text}» повторяет {other}", None),
}


#: the notes of checks that could not run (``CheckRun.skipped``): name → (English, Russian)
SKIPPED: dict[str, tuple[Template, Template]] = {
    "L003": ("L003 quote-lost-words: no card database imported (berserk-kb cards import PATH)",
             "L003 quote-lost-words: база карт не импортирована (berserk-kb cards import PATH)"),
    "unencoded": (lambda v: f"M001–M005, M007 for edition {v['edition']}: no mechanics are encoded for {v['edition']} "
                  f"(prolog/ has clauses for editions {', '.join(v['encoded'])})",
                  lambda v: f"M001–M005, M007 для редакции {v['edition']}: механика {v['edition']} не закодирована "
                  f"(в prolog/ есть клаузы для редакций {', '.join(v['encoded'])})"),
    "uncited": ("M001–M005, M007 for edition {edition}: the mechanics encoded for {edition} cite none of its "
                "paragraphs "
                "(they were written for another text)",
                "M001–M005, M007 для редакции {edition}: закодированная механика {edition} не цитирует ни одного её "
                "пункта (она написана для другого текста)"),
}


def skipped(name: str, lang: str, values: dict[str, Any]) -> str:
    """The note of :data:`SKIPPED` ``name`` in ``lang``.

    Raises:
        KeyError: no such note, or a value it names is not in ``values``.
    """
    return _fill(SKIPPED[name][lang == "ru"], values) or ""


def say(template: str, lang: str, values: dict[str, Any]) -> tuple[str, str | None]:
    """(message, suggestion) of a finding made with ``template`` and ``values``, in ``lang``
    (``"en"`` or ``"ru"``).

    Raises:
        KeyError: no such template, or a value it names is not in ``values``.
    """
    en_msg, en_sug, ru_msg, ru_sug = TEMPLATES[template]
    msg, sug = (ru_msg, ru_sug) if lang == "ru" else (en_msg, en_sug)
    return _fill(msg, values) or "", _fill(sug, values)


def _fill(t: Template, values: dict[str, Any]) -> str | None:
    if t is None:
        return None
    return t(values) if callable(t) else t.format(**values)
