"""The words of the interface, in Russian (the default) and English: key → (ru, en). Rule text,
card names and findings' quotes stay as the rulebook has them."""

from __future__ import annotations

LANGS = ("ru", "en")

WORDS = {
    "title": ("Берсерк: полные правила", "Berserk: comprehensive rules"),
    "rulebook": ("Правила", "Rulebook"),
    "edition": ("Редакция", "Edition"),
    "editions": ("Редакции", "Editions"),
    "contents": ("Содержание", "Contents"),
    "search": ("Поиск", "Search"),
    "cards": ("Карты", "Cards"),
    "why": ("Почему", "Why"),
    "diff": ("Изменения", "Changes"),
    "check": ("Проверка", "Check"),
    "sparql": ("SPARQL", "SPARQL"),
    "language": ("English", "Русский"),
    "parent": ("Родительский пункт", "Parent"),
    "children": ("Подпункты", "Children"),
    "list": ("Перечень", "List items"),
    "examples": ("Примеры", "Examples"),
    "cites": ("Ссылается на", "Cites"),
    "cited_by": ("На него ссылаются", "Cited by"),
    "nothing": ("ничего", "nothing"),
    "unresolved": ("нет в загруженном тексте", "not in the loaded text"),
    "external": ("вне загруженного текста", "outside the loaded text"),
    "external_document": ("в другом документе", "in another document"),
    "mentions_cards": ("Упомянутые карты", "Cards mentioned"),
    "counterparts": ("В других редакциях", "In other editions"),
    "no_counterpart": ("нет соответствия", "no counterpart"),
    "copy_link": ("Скопировать ссылку", "Copy link"),
    "copied": ("Скопировано", "Copied"),
    "source": ("Источник", "Source"),
    "orphaned": ("обрезан границей фрагмента", "cut off by the fragment boundary"),
    "scenario_pass": ("сценарий проходит", "scenario passes"),
    "scenario_fail": ("сценарий не проходит", "scenario fails"),
    "no_scenario": ("нет файла сценария", "no scenario file"),
    "not formalizable": ("не формализуем", "not formalizable"),
    "query": ("Запрос", "Query"),
    "all_editions": ("все редакции", "every edition"),
    "all_kinds": ("всё", "everything"),
    "paragraph": ("пункт", "paragraph"),
    "list_item": ("элемент перечня", "list item"),
    "example": ("пример", "example"),
    "find": ("Найти", "Find"),
    "matches": ("совпадение|совпадения|совпадений", "match|matches"),
    "no_matches": ("Ничего не найдено", "Nothing found"),
    "database": ("База карт", "Card database"),
    "kb_facts": ("Факты БЗ (kb/cards.yaml)", "KB facts (kb/cards.yaml)"),
    "not_in_db": ("нет в импортированной базе карт", "not in the imported card database"),
    "no_db": ("база карт не импортирована", "no card database imported"),
    "mentioned": ("Упоминания", "Mentions"),
    "load": ("Загрузить", "Load"),
    "steps_hidden": ("Шагов ниже не показано", "Steps below not shown"),
    "steps_hidden_total": ("Обоснование длиннее {limit} шагов, которые показывает страница: не показано шагов: {n}. "
                           "Полностью его выдаёт berserk-kb why.",
                           "The justification is longer than the {limit} steps the page shows: {n} steps are not shown. "
                           "berserk-kb why gives all of it."),
    "did_you_mean": ("Может быть, вы имели в виду:", "Did you mean:"),
    "accepted_reason": ("Причина принятия", "Why it was accepted"),
    "scenario_yaml": ("Сценарий (YAML)", "Scenario (YAML)"),
    "compute": ("Вычислить", "Compute"),
    "compare": ("Сравнить редакции", "Compare editions"),
    "edition_of_file": ("редакция сценария", "the scenario's edition"),
    "valid": ("Сценарий корректен и вычисляется", "The scenario is valid and computes"),
    "valid_shape": ("Сценарий корректен по форме; не вычислялся при проверке (текст больше 4 КБ или вычисление дольше "
                    "секунды) — нажмите «Вычислить», чтобы проверить всё",
                    "The scenario's shape is valid; it was not computed while checking (a text over 4 KB, or a "
                    "computation over a second) — compute it to check the rest"),
    "also_errors": ("Ещё ошибки", "More errors"),
    "builder": ("Собрать ситуацию", "Build a situation"),
    "card": ("Карта", "Card"),
    "handle": ("обозначение", "handle"),
    "name": ("название", "name"),
    "controller": ("игрок", "controller"),
    "features": ("особенности", "features"),
    "event": ("Событие", "Event"),
    "event_kind": ("вид события", "kind of event"),
    "form_title": ("название ситуации", "title"),
    "f_roller": ("кто бросает", "roller"),
    "f_roll": ("выпало", "roll"),
    "f_reroll": ("после переброса", "after a reroll"),
    "f_flip": ("кубик перевёрнут", "the die is flipped"),
    "f_attacker": ("кто атакует", "attacker"),
    "f_target": ("цель", "target"),
    "f_strike": ("удар", "strike"),
    "f_base": ("сила (не по карте)", "strength (not the card's)"),
    "f_amount": ("ран", "wounds"),
    "f_source": ("источник", "source"),
    "f_attack": ("чем нанесены", "dealt by"),
    "f_feature": ("особенность", "feature"),
    "f_value": ("значение", "value"),
    "f_op": ("как", "how"),
    "f_which": ("какие", "which"),
    "f_which_all": ("пусто — все", "empty: all"),
    "f_duration": ("на срок", "for"),
    "grant": ("даётся", "granted"),
    "add": ("прибавляется (+X к особенности)", "added (+X to the feature)"),
    "modifiers": ("модификаторы (по строке: источник операция значение)", "modifiers (a line each: source op value)"),
    "result": ("Результат", "Result"),
    "justification": ("Обоснование", "Justification"),
    "expand_all": ("Развернуть всё", "Expand all"),
    "collapse_all": ("Свернуть всё", "Collapse all"),
    "final_state": ("Итоговое состояние", "Final state"),
    "share": ("Ссылка на эту ситуацию", "Link to this situation"),
    "differs": ("различается", "differs"),
    "same": ("совпадает", "same"),
    "deciding": ("Решающие пункты", "Deciding paragraphs"),
    "why_not": ("Почему не… / Что если…", "Why not… / What if…"),
    "expect": ("Почему не это значение (ПУТЬ=ЗНАЧЕНИЕ)", "Why not this value (PATH=VALUE)"),
    "what_if": ("Что если (по строке: ПУТЬ=ЗНАЧЕНИЕ)", "What if (a line each: PATH=VALUE)"),
    "questions_note": ("Вопрос задаётся об одной редакции; путь — как в сценарии, например:",
                       "A question is about one edition; a path as in the scenario, for example:"),
    "why_not_title": ("Почему не", "Why not"),
    "what_if_title": ("Что если", "What if"),
    "unchanged": ("без изменений", "unchanged"),
    "was": ("было", "was"),
    "now": ("стало", "now"),
    "aligned": ("сопоставлено", "aligned"),
    "merges": ("слияние|слияния|слияний", "merge|merges"),
    "splits": ("разделение|разделения|разделений", "split|splits"),
    "added": ("добавлено", "added"),
    "removed": ("удалено", "removed"),
    "renumbered": ("перенумерован", "renumbered"),
    "changed": ("изменён", "changed"),
    "split": ("разделён", "split"),
    "merge": ("объединён", "merged"),
    "regrouped": ("перегруппирован", "regrouped"),
    "one-to-one": ("один к одному", "one to one"),
    "similarity": ("сходство", "similarity"),
    "behaviour_differs": ("поведение различается", "behaviour differs"),
    "behaviour_same": ("различий в поведении не найдено", "no difference in behaviour found"),
    "behaviour_none": ("ни один сценарий этого не проверяет", "no scenario bears on it"),
    "severity": ("важность", "severity"),
    "code": ("код", "code"),
    "all": ("все", "all"),
    "filter": ("Отобрать", "Filter"),
    "accepted": ("Принятые замечания", "Accepted findings"),
    "skipped": ("Пропущено", "Skipped"),
    "findings": ("замечание|замечания|замечаний", "finding|findings"),
    "error": ("ошибка", "error"),
    "warning": ("предупреждение", "warning"),
    "info": ("к сведению", "info"),
    "prefixes": ("Объявленные префиксы", "Declared prefixes"),
    "run": ("Выполнить", "Run"),
    "needs_server": ("Эта страница работает только с сервером (berserk-kb serve).",
                     "This page needs a server (berserk-kb serve)."),
    "server_at": ("Сервер:", "Server:"),
    "not_found": ("Не найдено", "Not found"),
    "bad_request": ("Ошибка во входных данных", "Bad input"),
    "busy": ("Сервер занят, повторите через секунду", "The server is busy, try again in a second"),
    "moved": ("перемещён", "moved"),
    "same_item": ("без изменений", "same"),
    "format": ("формат", "format"),
    "kind_of_unit": ("вид текста", "kind of text"),
    "line": ("строка", "line"),
    "field": ("поле", "field"),
    "details": ("Подробности:", "Details:"),
    "not_computed": ("Сценарий не вычисляется", "The scenario cannot be computed"),
    "invalid": ("Сценарий с ошибкой", "The scenario has an error"),
    "card_no": ("№", "no."),
    "card_record": ("запись", "record"),
    "elite": ("элитная", "elite"),
    "permalink": ("Постоянная ссылка", "Permalink"),
    "paragraph_label": ("Пункт", "Paragraph"),
    "open_child": ("открыть", "open"),
    "results": ("Результаты", "Results"),
    "rows": ("строка|строки|строк", "row|rows"),
    "sparql_note": ("Протокол SPARQL 1.1:", "SPARQL 1.1 protocol:"),
    "not_allowed": ("не поддерживаются", "not allowed"),
    "up_to": ("запрос до", "a query up to"),
    "kb": ("КБ", "KB"),
    "true": ("да", "yes"),
    "false": ("нет", "no"),
    "as_json": ("JSON", "JSON"),
    "home_intro": ("Полные правила карточной игры «Берсерк» по редакциям: каждый пункт со ссылками, "
                   "поиск по словоформам, обоснование игровой ситуации, сравнение редакций и отчёт редактора.",
                   "The comprehensive rules of «Берсерк» by edition: every paragraph with its links, search by "
                   "word forms, the justification of a game situation, editions compared, the editor's report."),
}


def words(lang: str) -> dict[str, str]:
    """The interface words in ``lang`` (``ru`` or ``en``; anything else is Russian)."""
    i = 1 if lang == "en" else 0
    return {k: v[i] for k, v in WORDS.items()}


#: What a fact of kb/cards.yaml (and of the imported card database) is called on a card's page.
FACTS = {
    "db": ("в базе карт", "in the card database"), "cost": ("стоимость", "cost"), "life": ("жизни", "life"),
    "move": ("движение", "move"), "hit": ("удар (слабый/средний/сильный)", "strike (weak/medium/strong)"),
    "features": ("особенности", "features"), "grants": ("даёт соседям", "grants"), "forms": ("другие формы", "other forms"),
    "notes": ("заметки", "notes"), "effects": ("эффекты", "effects"), "overrides": ("исключения из правил", "overrides"),
    "elements": ("стихии", "elements"), "type": ("тип", "type"), "rarity": ("редкость", "rarity"),
    "set_name": ("выпуск", "set"), "number": ("номер", "number"),
}

#: The checks of the editor's report by name (the code, such as L001, stays as it is).
CHECKS = {
    "stale-acceptance": ("устаревшее принятие", "stale acceptance"), "shape": ("форма графа", "graph shape"),
    "near-miss-name": ("имя с опечаткой", "near-miss name"), "mixed-alphabet": ("смесь алфавитов", "mixed alphabet"),
    "quote-lost-words": ("потерянные слова цитаты", "quote lost words"),
    "list-lettering": ("оформление перечня", "list lettering"),
    "number-punctuation": ("пунктуация номера", "number punctuation"),
    "unknown-word": ("слово не из словаря", "unknown word"), "glued-words": ("слипшиеся слова", "glued words"),
    "doubled-punctuation": ("двойная пунктуация", "doubled punctuation"), "agreement": ("согласование", "agreement"),
    "example-outcome": ("исход примера", "example outcome"),
    "edition-behaviour": ("поведение различается по редакциям", "edition behaviour"),
    "clause-conflict": ("противоречие правил", "clause conflict"),
    "uncited-paragraph": ("пункт без правила", "uncited paragraph"),
    "unexercised-clause": ("правило без сценария", "unexercised clause"),
    "edition-data-unit": ("пункт данных редакции вне текста", "edition data unit not in the text"),
    "duplicate-number": ("повторный номер", "duplicate number"), "numbering-gap": ("пропуск в нумерации", "numbering gap"),
    "number-order": ("порядок номеров", "number order"), "inferable-number": ("выводимый номер", "inferable number"),
    "dangling-reference": ("ссылка в никуда", "dangling reference"),
    "orphaned-piece": ("обрезанный кусок", "orphaned piece"), "repeated-text": ("повторённый текст", "repeated text"),
}

def named(table: dict[str, tuple[str, str]], lang: str) -> dict[str, str]:
    """A table of names (:data:`FACTS`, :data:`CHECKS`) in ``lang``."""
    i = 1 if lang == "en" else 0
    return {k: v[i] for k, v in table.items()}


def plural(n: int, forms: str, lang: str = "ru") -> str:
    """``n`` and the word in the form that number calls for: ``forms`` is «one|few|many» in Russian
    (``совпадение|совпадения|совпадений``: 1, 21 совпадение; 2–4, 22 совпадения; 5–20, 11–14, 25
    совпадений), «one|many» in English."""
    parts = forms.split("|")
    if lang == "en":
        return f"{n} {parts[0] if n == 1 else parts[-1]}"
    one, few, many = (parts + parts[-1:] * 3)[:3]
    n10, n100 = abs(n) % 10, abs(n) % 100
    word = one if n10 == 1 and n100 != 11 else few if 2 <= n10 <= 4 and not 12 <= n100 <= 14 else many
    return f"{n} {word}"
