:- encoding(utf8).
:- module(lang_en_input, []).

/** <module> English: the scenario's own refusals

Data of lang/lang.pl, as lang/en_words.pl: `refusal(en, input_<kind>, Template)` for each kind of
errors.SCENARIO_REFUSALS (python/berserk_kb/errors.py) — the checks of a scenario's own models
(scenario.common.refused) and those after them (scenario/load.py, explain/run.py). The English
templates are word for word the messages those checks raise.
*/

:- multifile lang:refusal/3, lang:word/3.

lang:refusal(en, input_adjacent_needs_source, "while: adjacent needs the source card that stands next to it").
lang:refusal(en, input_grant_source_formation, "source names the card that gives a grant in formation; one while adjacent is this card's").
lang:refusal(en, input_prevent_amount, "a prevent effect (of the next N wounds) needs an amount; one that prevents all wounds is prevent_once or prevent_each").
lang:refusal(en, input_instead_only, "optional and text (its player may apply it instead) are about an instead effect").
lang:refusal(en, input_kinds_needed, "a {type} effect needs kinds (e.g. [strike])").
lang:refusal(en, input_kinds_no_effect, "kinds (the attacks it is about) has no effect on a {type} effect: only no_wounds_from and wounds_only_from have them").
lang:refusal(en, input_of_becomes_no_effect, "of and becomes have no effect on a {type} effect: only an instead effect replaces one effect by another").
lang:refusal(en, input_amount_no_effect, "amount has no effect on a {type} effect: it takes all the wounds of those kinds").
lang:refusal(en, input_instead_needs, "an instead effect needs of and becomes").
lang:refusal(en, input_defender_taps, "defender_taps is whether the defender taps: true or false").
lang:refusal(en, input_defences_per_turn, "defences_per_turn is how many times a turn it defends: 1 or more, or unlimited").
lang:refusal(en, input_mixed_alphabets, "the word {word} mixes Latin letters ({latin}) with Cyrillic ones: retype it in one alphabet").
lang:refusal(en, input_invisible_character, "contains the invisible character U+{code} ({char}): retype the name without it").
lang:refusal(en, input_blank_name, "a name holds more than spaces").
lang:refusal(en, input_die_set_face, "a die roll is set to a face, 1–6").
lang:refusal(en, input_roll_required, "roll is required (a face 1–6) unless next_roll_equals is given").
lang:refusal(en, input_declared_no_reroll, "a modifier is declared before_reroll, but there is no reroll").
lang:refusal(en, input_declared_no_flip, "a modifier is declared before_flip, but there is no flip").
lang:refusal(en, input_no_flip, "{name} is given, but there is no flip").
lang:refusal(en, input_first_needs_both, "first says whether the reroll or the flip came first: give both a reroll and a flip").
lang:refusal(en, input_same_modifier_id, "two modifiers have the same id").
lang:refusal(en, input_strike_modifier_value, "a strike modifier's value is weak, medium or strong").
lang:refusal(en, input_whole_number_modifier, "an {op} modifier's value is a whole number").
lang:refusal(en, input_attack_set_negative, "an attack is set to a number of 0 or more").
lang:refusal(en, input_rules_in_formation, "while: formation names a card's modifier: a rules modifier stands in no formation").
lang:refusal(en, input_attack_itself, "a card cannot attack itself: source and target are the same card").
lang:refusal(en, input_choose_needs_deals_wounds, "choose and decline are about the effects against the wounds an attack deals: give deals_wounds: true").
lang:refusal(en, input_add_needs_value, "op add (+N to a feature X) needs a value").
lang:refusal(en, input_modifiers_without_value, "modifiers change a value; this feature is given without one").
lang:refusal(en, input_adjacent_itself, "a card cannot stand next to itself").
lang:refusal(en, input_summon_only, "found, wanted, triggered and skip are about a summon, not {how}").
lang:refusal(en, input_event_shape, "an event is a mapping with exactly one key, one of: {kinds}").
lang:refusal(en, input_event_needs_fields, "{event} needs its fields (see docs/scenarios.md)").
lang:refusal(en, input_handle_pattern, "a handle (id) starts with a Latin letter or _, then up to 63 Latin letters, digits, _ or - (not Cyrillic; and not rules, null, true or false)").
lang:refusal(en, input_effect_kind_pattern, "an effect kind is lower-case letters and _ (and not wounds: wounds have their own event)").
lang:refusal(en, input_bad_key, "{key} cannot be a key here: Input should be {expected}").
lang:refusal(en, input_listed_twice, "effect {effect} is already listed at [{at}] (each effect once)").
lang:refusal(en, input_unknown_card, "unknown card {card} (cards: {cards})").
lang:refusal(en, input_unknown_effect, "unknown effect {effect} (effects: {effects})").
lang:refusal(en, input_unknown_card_no_cards, "unknown card {card} (cards: none)").
lang:refusal(en, input_unknown_effect_no_effects, "unknown effect {effect} (effects: none)").
lang:refusal(en, input_handle_twice, "card handle {card} is used twice").
lang:refusal(en, input_effect_id_twice, "effect id {effect} is used twice").
lang:refusal(en, input_unknown_edition, "unknown edition {edition} (this rulebook has: {known})").
lang:refusal(en, input_edition_not_encoded, "no mechanics are encoded for edition {edition} (encoded: {known})").
lang:refusal(en, input_reserved_id, "{id} is the automatic id of the rules' own modifier; give another id").
lang:refusal(en, input_modifier_id_twice, "modifier id {id} is already the id of modifiers[{at}] (a modifier without an id is m1, m2, … by its position)").
lang:refusal(en, input_flip_id_taken, "{id} is the id of modifiers[{at}] and of the flip (a modifier without an id is m1, m2, … by its position)").
lang:refusal(en, input_no_such_modifier, "no modifier with id {id} in this event").
lang:refusal(en, input_order_twice, "modifier {id} is already placed at order[{at}] (each once)").
lang:refusal(en, input_no_such_event, "there is no event {index} (events are numbered 0 to {last})").
lang:refusal(en, input_expect_unknown_card, "unknown card {card}").

% reading YAML and the scenario file (explain/refusals.py, text/readers.py): the reasons' words — the
% YAML parser's problems as it says them, an OS error by its errno as the system says it
lang:word(en, errno_ENAMETOOLONG, "File name too long").
lang:word(en, errno_ELOOP, "Too many levels of symbolic links").
lang:word(en, errno_ENOTDIR, "Not a directory").
lang:word(en, errno_EIO, "Input/output error").
lang:word(en, errno_EACCES, "Permission denied").
lang:word(en, yaml_unclosed, "did not find expected ',' or '{}'").
lang:word(en, yaml_bad_escape, "did not find expected hexdecimal number").
lang:word(en, yaml_no_value, "did not find expected node content").
lang:word(en, yaml_expected, "did not find expected {}").
lang:word(en, yaml_colon, "mapping values are not allowed in this context").
lang:word(en, yaml_unexpected_end, "found unexpected end of stream").
lang:word(en, yaml_version, "found incompatible YAML document").
lang:word(en, yaml_two_documents, "but found another document").
lang:word(en, yaml_bad_character, "found character that cannot start any token").
lang:refusal(en, input_not_a_mapping, "a scenario is a mapping with edition, cards and events").
lang:refusal(en, input_ambiguous_feature, "{name} is a form of more than one feature ({features}): write the feature's name").
% the why page's situation form (web/situation.py)
lang:refusal(en, form_modifier_line, "form: field {field}, line {line}: expected «source op value», e.g. «king add 1»").
lang:refusal(en, form_event_kind, "form: field {field}: unknown event kind {given} (one of {kinds})").
% a folder given as a knowledge base, --kb DIR (text/manifest.py KB_PROBLEMS), after the folder's name
lang:refusal(en, kb_missing, "does not exist; expected a knowledge-base folder (sources/manifest.yaml + fragments)").
lang:refusal(en, kb_name_too_long, "the file name is too long; expected a knowledge-base folder (sources/manifest.yaml + fragments)").
lang:refusal(en, kb_not_a_folder, "is not a folder; expected a knowledge-base folder (sources/manifest.yaml + fragments)").
lang:refusal(en, kb_no_sources, "has no sources folder; expected a knowledge-base folder (sources/manifest.yaml + fragments)").
lang:refusal(en, kb_no_manifest, "has no sources/manifest.yaml; expected a knowledge-base folder (sources/manifest.yaml + fragments)").
lang:refusal(en, kb_empty, "the path of the knowledge-base folder is empty (give --kb a folder name)").
% click's usage errors (cli_usage.py: the command line prints click's own English words)
lang:word(en, usage_no_such_option, "No such option: {option}").
lang:word(en, usage_did_you_mean, "did you mean {options}?").
lang:word(en, usage_missing_argument, "Missing argument {name}.").
lang:word(en, usage_missing_option, "Missing option {name}.").
lang:word(en, usage_needs_value, "Option {option} requires an argument.").
lang:word(en, usage_takes_no_value, "Option {option} does not take a value.").
lang:word(en, usage_empty_path, "Invalid value for {name}: the path is empty (give a file or folder name)").
lang:word(en, usage_bad_choice, "Invalid value for {name}: {value} is not one of {choices}.").
lang:word(en, usage_extra_arguments, "Got unexpected extra arguments ({arguments})").
lang:word(en, usage_see_help, "see berserk-kb {command} --help").
lang:word(en, usage_as_text, "read as an option; to give it as text: berserk-kb {command} -- {option}").
