:- encoding(utf8).
:- module(lang_ru_input, []).

/** <module> Русский: отказы, которыми сценарий отвергается его собственными проверками

Данные lang/lang.pl, как и lang/ru_words.pl: шаблон на каждый вид errors.SCENARIO_REFUSALS.
*/

:- multifile lang:refusal/3, lang:word/3.

% эффекты и полученное карт (scenario/cards.py)
lang:refusal(ru, input_adjacent_needs_source, "while: adjacent требует source — карту, которая стоит рядом").
lang:refusal(ru, input_grant_source_formation, "source называет карту, которая даёт полученное в строю; то, что дано while: adjacent, — этой карты").
lang:refusal(ru, input_prevent_amount, "эффекту prevent (предотвращение следующих N ран) нужно amount; предотвращающий все раны — prevent_once или prevent_each").
lang:refusal(ru, input_instead_only, "optional и text (его игрок может применить его вместо) — об эффекте instead").
lang:refusal(ru, input_kinds_needed, "эффекту {type} нужно kinds (например, [strike])").
% … поля эффекта, которые ни на что не влияют
lang:refusal(ru, input_kinds_no_effect, "kinds (атаки, о которых он) ни на что не влияет у эффекта {type}: это поле есть только у no_wounds_from и wounds_only_from").
lang:refusal(ru, input_of_becomes_no_effect, "of и becomes ни на что не влияют у эффекта {type}: только эффект instead заменяет один эффект другим").
lang:refusal(ru, input_amount_no_effect, "amount ни на что не влияет у эффекта {type}: он берёт все раны этих видов").
lang:refusal(ru, input_instead_needs, "эффекту instead нужны of и becomes").
% правила защиты карты
lang:refusal(ru, input_defender_taps, "defender_taps — закрывается ли защитник: true или false").
lang:refusal(ru, input_defences_per_turn, "defences_per_turn — сколько раз за ход он защищается: 1 или больше, или unlimited").
% имена (scenario/common.py)
lang:refusal(ru, input_mixed_alphabets, "в слове {word} латинские буквы ({latin}) вперемешку с кириллицей: наберите его в одном алфавите").
lang:refusal(ru, input_invisible_character, "содержит невидимый символ U+{code} ({char}): наберите имя без него").
lang:refusal(ru, input_blank_name, "в имени должно быть что-то, кроме пробелов").
% бросок кубика (scenario/schema.py)
lang:refusal(ru, input_die_set_face, "бросок кубика сводится к грани 1–6").
lang:refusal(ru, input_roll_required, "нужно roll (грань 1–6), если не задано next_roll_equals").
lang:refusal(ru, input_declared_no_reroll, "модификатор объявлен до переброса (before_reroll), а переброса нет").
lang:refusal(ru, input_declared_no_flip, "модификатор объявлен до переворота (before_flip), а переворота нет").
lang:refusal(ru, input_no_flip, "{name} задано, а переворота нет").
lang:refusal(ru, input_first_needs_both, "first говорит, что было раньше — переброс или переворот: задайте и переброс, и переворот").
% модификаторы атаки
lang:refusal(ru, input_same_modifier_id, "у двух модификаторов один и тот же id").
lang:refusal(ru, input_strike_modifier_value, "значение модификатора удара — weak, medium или strong").
lang:refusal(ru, input_whole_number_modifier, "значение модификатора {op} — целое число").
lang:refusal(ru, input_attack_set_negative, "атака сводится к числу 0 или больше").
lang:refusal(ru, input_rules_in_formation, "while: formation — о модификаторе карты: модификатор правил не стоит в строю").
% атака, получение особенности, подход
lang:refusal(ru, input_attack_itself, "карта не может атаковать саму себя: source и target — одна карта").
lang:refusal(ru, input_choose_needs_deals_wounds, "choose и decline — об эффектах против ран, которые наносит атака: задайте deals_wounds: true").
lang:refusal(ru, input_add_needs_value, "op add (+N к особенности X) нужно value").
lang:refusal(ru, input_modifiers_without_value, "модификаторы меняют значение, а эта особенность дана без значения").
lang:refusal(ru, input_adjacent_itself, "карта не может стоять рядом сама с собой").
% взятие в отряд и вид события
lang:refusal(ru, input_summon_only, "found, wanted, triggered и skip — о призыве, а не о {how}").
lang:refusal(ru, input_event_shape, "событие — отображение ровно с одним ключом, одним из: {kinds}").
lang:refusal(ru, input_event_needs_fields, "событию {event} нужны его поля (см. docs/scenarios.md)").
% метки и виды (образцы)
lang:refusal(ru, input_handle_pattern, "метка (id) начинается с латинской буквы или _, дальше до 63 латинских букв, цифр, _ или - (не кириллица; и не rules, null, true или false)").
lang:refusal(ru, input_effect_kind_pattern, "вид эффекта — строчные латинские буквы и _ (и не wounds: у ран своё событие)").
% ключи, метки и эффекты, названные дважды или неизвестные (scenario/load.py)
lang:refusal(ru, input_bad_key, "{key} не может быть здесь ключом: допустимо только {expected}").
lang:refusal(ru, input_listed_twice, "эффект {effect} уже указан в [{at}] (каждый эффект — один раз)").
lang:refusal(ru, input_unknown_card, "неизвестная карта {card} (карты: {cards})").
lang:refusal(ru, input_unknown_effect, "неизвестный эффект {effect} (эффекты: {effects})").
lang:refusal(ru, input_unknown_card_no_cards, "неизвестная карта {card} (в сценарии нет карт)").
lang:refusal(ru, input_unknown_effect_no_effects, "неизвестный эффект {effect} (в сценарии нет эффектов)").
lang:refusal(ru, input_handle_twice, "метка карты {card} использована дважды").
lang:refusal(ru, input_effect_id_twice, "id эффекта {effect} использован дважды").
% редакция (explain/run.py)
lang:refusal(ru, input_unknown_edition, "неизвестная редакция {edition} (в этом своде правил есть: {known})").
lang:refusal(ru, input_edition_not_encoded, "для редакции {edition} механика не закодирована (закодированы: {known})").
% id модификаторов и переворота, expect (scenario/load.py)
lang:refusal(ru, input_reserved_id, "{id} — автоматический id собственного модификатора правил; задайте другой id").
lang:refusal(ru, input_modifier_id_twice, "id модификатора {id} уже занят modifiers[{at}] (модификатор без id — m1, m2, … по своему месту)").
lang:refusal(ru, input_flip_id_taken, "{id} — id и modifiers[{at}], и переворота (модификатор без id — m1, m2, … по своему месту)").
% … порядок и ожидаемый исход
lang:refusal(ru, input_no_such_modifier, "в этом событии нет модификатора с id {id}").
lang:refusal(ru, input_order_twice, "модификатор {id} уже стоит в order[{at}] (каждый — один раз)").
lang:refusal(ru, input_no_such_event, "события {index} нет (события нумеруются от 0 до {last})").
lang:refusal(ru, input_expect_unknown_card, "неизвестная карта {card}").

% разбор YAML и чтение файла сценария (explain/refusals.py, text/readers.py): слова причин
% an OS error reading a file, by its errno (readers.read_bytes); another one is said as the system says it
lang:word(ru, errno_ENAMETOOLONG, "слишком длинное имя файла").
lang:word(ru, errno_ELOOP, "ссылки замкнуты в круг (слишком много уровней символических ссылок)").
lang:word(ru, errno_ENOTDIR, "часть пути — не папка").
lang:word(ru, errno_EIO, "ошибка ввода-вывода").
lang:word(ru, errno_EACCES, "нет прав на чтение").
lang:word(ru, yaml_unclosed, "скобка не закрыта: не найдено ни ',', ни '{}'").
lang:word(ru, yaml_bad_escape, "после \\x в строке в кавычках нужны две шестнадцатеричные цифры").
lang:word(ru, yaml_no_value, "на месте значения ничего нет: открыта скобка (или стоит знак), а значение за ней не написано").
lang:word(ru, yaml_expected, "не найдено ожидаемое {}").
lang:word(ru, yaml_colon, "двоеточие не на месте: здесь не может начаться значение словаря (после «ключ:» на той же строке — ещё одно двоеточие или неверный отступ)").
lang:word(ru, yaml_unexpected_end, "текст кончился раньше времени: не закрыта кавычка или скобка").
lang:word(ru, yaml_version, "версия YAML в %YAML не поддерживается (читается 1.x)").
lang:word(ru, yaml_two_documents, "в тексте больше одного документа YAML (---), а нужен один").
lang:word(ru, yaml_bad_character, "символ, с которого не может начинаться значение (табуляция в отступе, @ или ` в начале)").
% весь сценарий (scenario/load.py validate_scenario)
lang:refusal(ru, input_not_a_mapping, "сценарий — отображение с ключами edition, cards и events").
lang:refusal(ru, input_ambiguous_feature, "{name} — форма названия не одной особенности ({features}): напишите название особенности").
% форма ситуации на странице why (web/situation.py)
lang:refusal(ru, form_modifier_line, "форма: поле {field}, строка {line}: нужно «источник операция значение», например «king add 1»").
lang:refusal(ru, form_event_kind, "форма: поле {field}: неизвестный вид события {given} (допустимы: {kinds})").
% папка, данная как база знаний, --kb ПАПКА (text/manifest.py KB_PROBLEMS), после имени папки
lang:refusal(ru, kb_missing, "такой папки нет; нужна папка базы знаний (sources/manifest.yaml и фрагменты)").
lang:refusal(ru, kb_name_too_long, "имя файла слишком длинное; нужна папка базы знаний (sources/manifest.yaml и фрагменты)").
lang:refusal(ru, kb_not_a_folder, "это не папка; нужна папка базы знаний (sources/manifest.yaml и фрагменты)").
lang:refusal(ru, kb_no_sources, "в ней нет папки sources; нужна папка базы знаний (sources/manifest.yaml и фрагменты)").
lang:refusal(ru, kb_no_manifest, "в ней нет sources/manifest.yaml; нужна папка базы знаний (sources/manifest.yaml и фрагменты)").
lang:refusal(ru, kb_empty, "путь к папке базы знаний пуст (дайте --kb имя папки)").
% ошибки разбора командной строки (cli_usage.py): click под why без --lang en
lang:word(ru, usage_no_such_option, "нет такого параметра: {option}").
lang:word(ru, usage_did_you_mean, "может быть, {options}?").
lang:word(ru, usage_missing_argument, "не задан аргумент {name}").
lang:word(ru, usage_missing_option, "не задан параметр {name}").
lang:word(ru, usage_needs_value, "параметру {option} нужно значение").
lang:word(ru, usage_takes_no_value, "параметр {option} не принимает значения").
lang:word(ru, usage_empty_path, "{name}: путь пуст (дайте имя файла или папки)").
lang:word(ru, usage_bad_choice, "недопустимое значение {name}: {value} (допустимы: {choices})").
lang:word(ru, usage_extra_arguments, "лишние аргументы: {arguments}").
lang:word(ru, usage_see_help, "см. berserk-kb {command} --help").
lang:word(ru, usage_as_text, "прочитано как параметр; чтобы дать его как текст: berserk-kb {command} -- {option}").
