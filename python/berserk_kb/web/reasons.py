"""Why a page could not be given, in the interface's words (Russian and English): by the error's
type and fields and what the page was asked for — never by searching the error's message."""

from __future__ import annotations

from markupsafe import Markup, escape

from ..errors import INPUT_REFUSALS, SCENARIO_REFUSALS
from .i18n import WORDS

#: Why a page could not be given, by the error's type and fields and what the page was asked for
#: (``reason``: ``{"code", …fields}``); the library's own message is shown beside it.
REASONS = {
    "no_edition": ("Нет редакции «{edition}»; в этих правилах: {editions}.",
                   "There is no edition «{edition}»; this rulebook has: {editions}."),
    "no_paragraph": ("В редакции {edition} нет пункта «{ref}».", "Edition {edition} has no paragraph «{ref}»."),
    "bad_ref": ("«{ref}» — не номер, не идентификатор и не заголовок пункта (например: 519.3).",
                "«{ref}» is not a paragraph number, id or heading (for example: 519.3)."),
    "no_card": ("Нет карты «{name}».", "There is no card «{name}»."),
    "no_card_name": ("Не указано название карты.", "No card name given."),
    "no_word": ("В запросе нет слова, которое можно искать.", "The query has no word to look for."),
    "text_too_long": ("Запрос длиной {length} знаков; можно не больше {limit}.",
                      "The query is {length} characters long; at most {limit}."),
    "no_diff": ("Нет сравнения {old} → {new}; есть: {pairs}.",
                "There is no comparison {old} → {new}; there is: {pairs}."),
    "no_page": ("Такой страницы нет.", "There is no such page."),
    "empty_query": ("Пустой запрос: напишите запрос SPARQL.", "An empty query: write a SPARQL query."),
    "no_file": ("Нет такого файла сценария.", "There is no such scenario file."),
    "too_many_fields": ("В запросе больше {limit} полей формы.", "The request has more than {limit} form fields."),
    "too_large": ("Запрос больше {limit} КБ.", "The request is larger than {limit} KB."),
    "too_slow": ("Тело запроса не пришло за {seconds} с.", "The request's body did not arrive within {seconds} s."),
    "busy": ("Сервер занят: слишком много запросов ждут очереди. Повторите через секунду.",
             "The server is busy: too many requests are waiting. Try again in a second."),
    "client_busy": ("С вашего адреса уже ждут или вычисляются несколько тяжёлых запросов: дождитесь ответа на них и "
                    "повторите.",
                    "Several heavy requests from your address are already waiting or running: wait for their answers, "
                    "then try again."),
    "waited": ("Сервер занят: запрос прождал очереди {seconds} с и не начал вычисляться. Повторите через пару секунд.",
               "The server is busy: the request waited {seconds} s in the queue without starting. Try again in a few "
               "seconds."),
    "timeout": ("Вычисление не уложилось в {seconds} с; повторите позже или упростите сценарий.",
                "The computation did not finish within {seconds} s; try again later or simplify the scenario."),
    # the why page's questions, link and text, by the error's type and fields (error_reason)
    "one_edition": ("«Почему не» и «что если» спрашивают об одной редакции: выберите одну.",
                    "Why not and what if ask about one edition: choose one."),
    "one_question": ("«Почему не» и «что если» — два разных вопроса: задайте один (оставьте пустым другое поле).",
                     "Why not and what if are two questions: ask one (leave the other field empty)."),
    "bad_expect": ("Вопрос «почему не» не понят (поле «{label}»); почему — в подробностях.",
                   "The why-not question is not understood (the field «{label}»); see the details why."),
    "bad_set": ("Изменение «что если» не понято (поле «{label}»); почему — в подробностях.",
                "The what-if change is not understood (the field «{label}»); see the details why."),
    "bad_form": ("Поле формы {field} заполнено неверно; почему — в подробностях.",
                 "The form field {field} is not filled in right; see the details why."),
    "bad_filter": ("Неизвестное значение фильтра {field}; допустимые — в подробностях.",
                   "An unknown value of the filter {field}; the allowed ones are in the details."),
    "bad_link": ("Ссылка не содержит сценария: параметр s повреждён или слишком длинный.",
                 "The link holds no scenario: its parameter s is damaged or too long."),
    "not_yaml": ("Текст не читается как YAML (строка {line}).", "The text is not readable as YAML (line {line})."),
    "not_yaml_here": ("Текст не читается как YAML.", "The text is not readable as YAML."),
    "event_not_computed": ("Событие {event} не вычисляется по редакции {edition}; почему — в подробностях.",
                           "Event {event} cannot be computed under edition {edition}; see the details why."),
    "field_not_computed": ("Значение поля {field} не работает в редакции {edition}; почему — в подробностях.",
                           "The value of the field {field} does not work in edition {edition}; see the details why."),
    "scenario_error": ("Сценарий не вычисляется; почему — в подробностях.",
                       "The scenario cannot be computed; see the details why."),
    "input_error": ("Входные данные не подходят; почему — в подробностях.",
                    "The input does not fit; see the details why."),
    "not_found": ("Не найдено то, что названо; что именно — в подробностях.",
                  "What was named is not there; see the details."),
    "bad_query": ("Запрос SPARQL не выполнен: он не разобран или просит недопустимого; почему — в подробностях.",
                  "The SPARQL query was not run: it does not parse or asks for what is not allowed; see the details "
                  "why."),
    "query_timeout": ("Запрос SPARQL не уложился в {seconds} с: медленный сам запрос, и повторённый он снова не "
                      "уложится — "
                      "упростите его (меньше связанных шаблонов, LIMIT).",
                      "The SPARQL query did not finish within {seconds} s: the query itself is too slow, and sent "
                      "again it "
                      "will run out of time again — simplify it (fewer joined patterns, a LIMIT)."),
    "engine_error": ("Ошибка вычисления в движке правил; почему — в подробностях.",
                     "The rules engine failed to compute it; see the details why."),
    # a scenario's field whose type has no template in the packs (the page's own, general words)
    "invalid_field": ("Поле {field}: значение не подходит.", "The field {field}: the value does not fit."),
    "string_pattern_mismatch": ("Поле {field}: значение не того вида (какой нужен — в подробностях).",
                                "The field {field}: the value is not of the form needed (see the details)."),
    **dict.fromkeys(("value_error", "assertion_error"),
                    ("Поле {field}: значение не подходит (почему — в подробностях).",
                     "The field {field}: the value does not fit (see the details why).")),
}
#: A scenario's field, by the type of the validation error (pydantic's): the English sentence. The
#: Russian one is the ru pack's template of that type (``refusal(ru, input_<type>, …)``, the words
#: ``berserk-kb why`` says it in) in the pack's frame ``reason_field`` («Поле {field}: {said}.»).
FIELD_EN = {
    "missing": "The field {field} is missing.",
    "literal_error": "The field {field}: only {expected}.",
    "enum": "The field {field}: only {expected}.",
    "less_than_equal": "The field {field}: at most {le}.",
    "greater_than_equal": "The field {field}: at least {ge}.",
    "less_than": "The field {field}: less than {lt}.",
    "greater_than": "The field {field}: more than {gt}.",
    "too_short": "The field {field}: at least {min_length} needed ({actual_length} given).",
    "too_long": "The field {field}: at most {max_length} allowed ({actual_length} given).",
    "extra_forbidden": "The field {field} is not expected here.",
    **dict.fromkeys(("int_type", "int_parsing", "int_from_float"), "The field {field}: a whole number is needed."),
    **dict.fromkeys(("bool_type", "bool_parsing"), "The field {field}: true or false is needed."),
    **dict.fromkeys(("float_type", "float_parsing"), "The field {field}: a number is needed."),
    "string_type": "The field {field}: text is needed.",
    "string_too_short": "The field {field}: text of at least {min_length} characters.",
    "string_too_long": "The field {field}: text of at most {max_length} characters.",
    "list_type": "The field {field}: a list is needed.",
    "dict_type": "The field {field}: a mapping «key: value» is needed.",
    **dict.fromkeys(("model_type", "model_attributes_type"),
                    "The field {field}: a mapping of fields «key: value» is needed."),
    # the scenario models' own refusals: in Russian the pack's template, in English as a value error
    **dict.fromkeys((k.removeprefix("input_") for k in SCENARIO_REFUSALS), REASONS["value_error"][1]),
}
#: What each of those validation errors says from its context (pydantic's ``ctx``): the names of
#: the values of its refusal kind (:data:`~berserk_kb.errors.INPUT_REFUSALS`).
FIELD_CONTEXT = {t: INPUT_REFUSALS[f"input_{t}"] for t in FIELD_EN}



def field_reason(exc: BaseException) -> dict | None:
    """The ``reason`` of a scenario error that a validation error of one of its fields caused (the
    library raises it with pydantic's error as its context), when the interface has words for that
    error's type (:data:`REASONS`): ``{"code": type, "field", …its context}``; else ``None``."""
    from pydantic import ValidationError

    cause, field = exc.__context__, getattr(exc, "field", None)
    if not isinstance(cause, ValidationError) or not field:
        return None
    for err in cause.errors():
        if _field_of(err["loc"]) == field and (err["type"] in FIELD_EN or err["type"] in REASONS):
            ctx = err.get("ctx") or {}
            if not all(k in ctx for k in FIELD_CONTEXT.get(err["type"], ())):
                return None
            return {"code": err["type"], "field": field, **{k: str(ctx[k]) for k in FIELD_CONTEXT.get(err["type"], ())}}
    return None


def error_reason(exc: BaseException) -> dict:
    """The ``reason`` of any error the why page, the shared link, the check as you type or a SPARQL
    query can show (:data:`REASONS`), decided by the error's type and its fields — never by its
    message: a field's validation error (:func:`field_reason`), the why page's questions
    (``QuestionError``'s ``code``; an error of the form field ``expect`` or ``set``), a damaged link,
    text that is not YAML (caused by PyYAML's error), an event or a field a scenario cannot compute
    (its ``event``/``field`` and ``edition``), else the words of its type."""
    import yaml

    from ..errors import GoalTimeout, InputError, NotFoundError, QueryError, QueryTimeout, ScenarioError
    from .inputs import QuestionError

    path, field = getattr(exc, "path", None), getattr(exc, "field", None)
    edition, event = getattr(exc, "edition", None), getattr(exc, "event", None)
    found = field_reason(exc)
    if found:
        return found
    if isinstance(exc, QuestionError):
        return {"code": exc.code}
    if isinstance(exc, GoalTimeout):
        return {"code": "timeout", "seconds": f"{exc.seconds:g}"}
    if isinstance(exc, QueryTimeout):
        return {"code": "query_timeout", "seconds": f"{exc.seconds:g}"}
    if isinstance(exc, QueryError):
        return {"code": "bad_query"}
    if path == "form" and field in ("expect", "set"):
        return {"code": f"bad_{field}", "label_key": field}
    if path == "form" and field:
        return {"code": "bad_form", "field": field}
    if path == "query" and field:
        return {"code": "bad_filter", "field": field}
    if path == "link":
        return {"code": "bad_link"}
    if isinstance(exc.__context__, yaml.YAMLError):
        line = getattr(exc, "line", None)
        return {"code": "not_yaml", "line": str(line)} if line else {"code": "not_yaml_here"}
    if isinstance(exc, ScenarioError) and event is not None and edition:
        # the library counts events from 0 (events[0]); the pages count them from 1, as «Событие 1»
        return {"code": "event_not_computed", "event": str(event + 1) if isinstance(event, int) else str(event),
                "edition": edition}
    if isinstance(exc, ScenarioError) and field and edition:
        return {"code": "field_not_computed", "field": field, "edition": edition}
    if isinstance(exc, ScenarioError):
        return {"code": "scenario_error"}
    if isinstance(exc, NotFoundError):
        return {"code": "not_found"}
    if isinstance(exc, InputError):
        return {"code": "input_error"}
    return {"code": "engine_error"}


def field_reasons(exc: BaseException) -> list[dict]:
    """Every field error of the validation error that caused ``exc`` (see :func:`field_reason`), in
    its order, as ``{"code": type, "field", …its context}``; a type the interface has no words for
    has the code ``invalid_field``."""
    from pydantic import ValidationError

    cause = exc.__context__
    if not isinstance(cause, ValidationError):
        return []
    out = []
    for err in cause.errors():
        ctx, keys = err.get("ctx") or {}, FIELD_CONTEXT.get(err["type"], ())
        known = (err["type"] in FIELD_EN or err["type"] in REASONS) and all(k in ctx for k in keys)
        out.append({"code": err["type"] if known else "invalid_field", "field": _field_of(err["loc"]),
                    **({k: str(ctx[k]) for k in keys} if known else {})})
    return out


def _field_of(loc: tuple) -> str:
    """A validation error's location as the library names a field (``events[0].die_roll.roll``),
    without the tags of a union's members (``list[…]``, ``function-after[…]``)."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif "[" not in str(part):
            out += ("." if out else "") + str(part).rstrip("_")
    return out


def reason_text(reason: dict | None, lang: str, pack: dict | None = None) -> Markup | None:
    """The sentence of a ``reason`` (see :data:`REASONS`, :data:`FIELD_EN`) in ``lang``, or ``None``;
    its values (what the user asked for) escaped and marked as data. A field's validation error in
    Russian is worded by ``pack`` (the ru language pack: its ``input_<type>`` template in its
    ``reason_field`` frame); ``None`` without it."""
    code = (reason or {}).get("code")
    if not reason or (code not in REASONS and code not in FIELD_EN):
        return None
    if code in FIELD_EN and lang != "en":
        said = pack_sentence(code, pack or {})
    else:
        said = FIELD_EN[code] if code in FIELD_EN else REASONS[code][1 if lang == "en" else 0]
    if said is None:
        return None
    template = escape(said)
    if "label_key" in reason:  # a form field by the label the form shows it with
        label = {"expect": "expect", "set": "what_if"}[reason["label_key"]]
        reason = {**{k: v for k, v in reason.items() if k != "label_key"},
                  "label": WORDS[label][1 if lang == "en" else 0]}
    if lang == "ru" and "expected" in reason:  # a literal's choices, «'p1' or 'p2'»
        reason = {**reason, "expected": reason["expected"].replace("' or '", "' или '")}
    return Markup(template.replace("{", "{0[").replace("}", "]}")).format(
        {k: Markup('<span class="data">{}</span>').format(v) for k, v in reason.items() if k != "code"})


def pack_sentence(code: str, pack: dict) -> str | None:
    """The sentence of a field's validation error of type ``code`` in ``pack``'s words: its frame
    ``reason_field`` around its template ``input_<code>`` (placeholders kept), or ``None``."""
    frame = (pack.get("words") or {}).get("reason_field")
    said = (pack.get("refusals") or {}).get(f"input_{code}")
    return frame.replace("{said}", said) if frame and said else None
