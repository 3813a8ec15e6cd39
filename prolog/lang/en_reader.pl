:- encoding(utf8).
:- module(lang_en_reader, []).

/** <module> English: the file readers' refusals — a text that is not YAML or JSON (text/readers.py)

Data of lang/lang.pl, as lang/en_words.pl: the refusals of readers.load_yaml and readers.load_json
and the words explain/refusals.py gives what the parser said in (`yaml_*`, `json_*`); the English
templates are word for word the messages the readers raise.
*/

:- multifile lang:refusal/3, lang:word/3.

lang:refusal(en, yaml_alias, "YAML anchors and aliases are not allowed").
lang:refusal(en, not_yaml, "not valid YAML: {problem}").
lang:refusal(en, number_too_long, "not valid YAML: a number of {digits} digits (at most {limit} are read)").
lang:refusal(en, json_too_deep, "malformed {file}: nested more than {depth} levels deep").
lang:refusal(en, json_number_too_long, "malformed {file}: a number of {digits} digits (at most {limit} are read)").
lang:refusal(en, not_json, "malformed {file}: {problem}").
lang:word(en, yaml_duplicate_key, "duplicate key {}").
lang:word(en, yaml_too_deep, "exceeded maximum nesting depth").
lang:word(en, yaml_unknown_tag, "could not determine a constructor for the tag {}").
lang:word(en, yaml_key_not_plain, "a mapping key must be a plain value, not a list or mapping").
lang:word(en, yaml_tag_refused, "a value tagged {} is not allowed").
lang:word(en, yaml_character, "the character U+{} is not allowed in YAML").
% the JSON reader's problems (json.JSONDecodeError's msg), as the reader says them
lang:word(en, json_expecting_value, "Expecting value").
lang:word(en, json_expecting_name, "Expecting property name enclosed in double quotes").
lang:word(en, json_expecting_delimiter, "Expecting {} delimiter").
lang:word(en, json_extra_data, "Extra data").
lang:word(en, json_unterminated_string, "Unterminated string").
lang:word(en, json_invalid_control, "Invalid control character").
lang:word(en, json_invalid_escape, "Invalid escape").
lang:word(en, json_trailing_comma, "Illegal trailing comma").
