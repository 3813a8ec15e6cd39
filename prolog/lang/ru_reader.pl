:- encoding(utf8).
:- module(lang_ru_reader, []).

/** <module> Русский: отказы чтения файла — текст не в формате YAML или JSON (text/readers.py)

Данные lang/lang.pl, как и lang/ru_words.pl: шаблоны отказов readers.load_yaml и readers.load_json
и слова, которыми explain/refusals.py передаёт сказанное разборщиком (`yaml_*`, `json_*`).
*/

:- multifile lang:refusal/3, lang:word/3.

lang:refusal(ru, yaml_alias, "якоря и ссылки YAML (& и *) не допускаются: выпишите значение полностью").
lang:refusal(ru, not_yaml, "текст не в формате YAML (разбор: {problem})").
lang:refusal(ru, number_too_long, "текст не в формате YAML: в числе {digits} цифр (читается не больше {limit})").
lang:refusal(ru, json_too_deep, "{file} — не в формате JSON: вложенность глубже {depth} уровней").
lang:refusal(ru, json_number_too_long, "{file} — не в формате JSON: в числе {digits} цифр (читается не больше {limit})").
lang:refusal(ru, not_json, "{file} — не в формате JSON (разбор: {problem})").
lang:word(ru, yaml_duplicate_key, "ключ {} повторяется").
lang:word(ru, yaml_too_deep, "вложенность глубже допустимой").
lang:word(ru, yaml_unknown_tag, "неизвестный тег {}").
lang:word(ru, yaml_key_not_plain, "ключ словаря — список или словарь, а должен быть простым значением").
lang:word(ru, yaml_tag_refused, "значение с тегом {} не допускается").
lang:word(ru, yaml_character, "символ U+{} в YAML не допускается").
% the JSON reader's problems (json.JSONDecodeError's msg), worded by explain/refusals.py
lang:word(ru, json_expecting_value, "ожидается значение").
lang:word(ru, json_expecting_name, "ожидается имя ключа в двойных кавычках").
lang:word(ru, json_expecting_delimiter, "ожидается {}").
lang:word(ru, json_extra_data, "после значения есть ещё текст").
lang:word(ru, json_unterminated_string, "строка не закрыта кавычкой").
lang:word(ru, json_invalid_control, "управляющий символ внутри строки").
lang:word(ru, json_invalid_escape, "неверная escape-последовательность").
lang:word(ru, json_trailing_comma, "лишняя запятая перед закрывающей скобкой").
