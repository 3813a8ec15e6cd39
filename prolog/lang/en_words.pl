:- encoding(utf8).
:- module(lang_en_words, []).

/** <module> English: words for atoms, the words around `why`'s sentences, and refusal templates

The other half of the English pack (lang/en.pl holds the step and event labels and templates).
Data of lang/lang.pl: `word(en, Atom, Word)` and `refusal(en, Kind, Template)` (the rule names, `rule/3`: lang/en_rules.pl).
*/

:- multifile lang:word/3, lang:refusal/3.

% --- words ------------------------------------------------------------------------------------------

lang:word(en, true, "yes").
lang:word(en, false, "no").
lang:word(en, nothing, "nothing").  % an empty list (no card, no effect)
lang:word(en, p1, "player p1").
lang:word(en, p2, "player p2").
lang:word(en, rules, "the rules of the game").
lang:word(en, rules_bounds, "the 1…6 bound (rules of the game)").
lang:word(en, all, "all own features").
% groups of modifiers
lang:word(en, additive, "+X/−X").
lang:word(en, set_to, "set to a number").
lang:word(en, own_squad, "the roller's squad").
lang:word(en, self, "the card itself").
lang:word(en, opponent, "the opponent").
lang:word(en, source_squad, "the source's squad").
lang:word(en, source, "the attack's source").
lang:word(en, target_squad, "the target's squad").
lang:word(en, target, "the attack's target").
lang:word(en, before_reroll, "before the reroll").
lang:word(en, before_flip, "before the flip").
lang:word(en, after, "after").
% strikes, attacks
lang:word(en, weak, "weak strike").
lang:word(en, medium, "medium strike").
lang:word(en, strong, "strong strike").
lang:word(en, strike, "strike").
lang:word(en, special_strike, "special strike").
lang:word(en, shot, "shot").
lang:word(en, throw, "throw").
lang:word(en, discharge, "discharge").
lang:word(en, spell, "spell").
lang:word(en, effect, "effect").
lang:word(en, poison, "poison").
% zones
lang:word(en, battle, "battle").
lang:word(en, play, "play").
lang:word(en, hand, "hand").
lang:word(en, deck, "deck").
lang:word(en, graveyard, "graveyard").
lang:word(en, outside, "outside the game").
% the forms a template asks for with `shown:in` (where: "in the hand"), as ru_words.pl has them
lang:word(en, 'battle:in', "in the battle zone").
lang:word(en, 'play:in', "in the play zone").
lang:word(en, 'hand:in', "in the hand").
lang:word(en, 'deck:in', "in the deck").
lang:word(en, 'graveyard:in', "in the graveyard").
lang:word(en, 'outside:in', "outside the game").
% bringing into the squad
lang:word(en, summon, "summon").
lang:word(en, revive, "revival").
lang:word(en, take_control, "taking control").
lang:word(en, condition_ended, "a feature ending with its condition (until the end of the turn, while next to a card, while in formation)").
lang:word(en, create, "creation").
lang:word(en, controller_is_the_player, "the player who plays the card controls it").
lang:word(en, from_own_deck, "from one's own deck").
lang:word(en, from_own_graveyard, "from one's own graveyard").
lang:word(en, face_up, "face up").
lang:word(en, under_own_control, "under one's own control").
lang:word(en, not_in_the_players_hand, "the card is not in the player's hand").
lang:word(en, triggered_summon_skipped, "the triggered ability is skipped").
lang:word(en, not_found_or_not_wanted, "the card was not found in the deck").
lang:word(en, not_in_that_graveyard, "the card is not in that graveyard").
lang:word(en, already_controlled, "the player already controls the card: no opponent stops controlling it").
lang:word(en, already_in_the_game, "the card is already in the game").
% loss of features
lang:word(en, suppressed, "suppressed").
lang:word(en, removed, "removed").
lang:word(en, end_of_turn, "until the end of the turn").
lang:word(en, end_of_battle, "until the end of the battle").
lang:word(en, end_of_your_turn, "until the end of its player's turn").
lang:word(en, formed, "a formation is formed").
lang:word(en, works_again, "Строй works again").
% effects
lang:word(en, regeneration, "regeneration").
lang:word(en, heal_others, "healing other creatures").
lang:word(en, heal, "healing").
lang:word(en, wounds, "wounds").
% the axe rule
lang:word(en, defender_taps, "a defender taps").
lang:word(en, defences_per_turn, "defences per turn").
lang:word(en, unlimited, "unlimited").
% a modifier as the scenario gives it (the `modifier` filter), the flip of a die
lang:word(en, from_card, "from {card|card}").  % the `from` filter: a source card
lang:word(en, by_card, "by {card|card}").
lang:word(en, source_none, "(no source given)").  % … and an input that names none
lang:word(en, modifier_add, "{value|signed} from {source|card}").
lang:word(en, card_feature, "{card|card}'s «{feature}»").
lang:word(en, modifier_add_formation, "{value|signed} from {source|card} for the formation").
lang:word(en, modifier_set, "set to {value} by {source|card}").
lang:word(en, modifier_strike, "set to «{value|word}» by {source|card}").
lang:word(en, modifier_flip, "flip by {source|card}").
lang:word(en, flip, "flip").
% the text of why around the sentences (render/why.py): headings, the final state, what-if, why-not
lang:word(en, why_edition, "edition {edition}").
lang:word(en, why_standard_input, "standard input").  % the scenario read by why - (in place of its file name)
lang:word(en, why_event, "Event {number}").
lang:word(en, why_examples, "Examples:").
lang:word(en, why_examples_above, "Examples: as above").
lang:word(en, why_cards, "Cards of the scenario and of the cited examples:").
lang:word(en, why_cite_missing, "({id}: not in the loaded rulebook)").
lang:word(en, final_state, "Final state:").
lang:word(en, final_state_edition, "Final state, edition {edition}:").
lang:word(en, state_zone, "in the {zone|word} zone").
lang:word(en, state_owner, "owner {owner|word}").
lang:word(en, state_controller, "controlled by {controller|word:gen}").
lang:word(en, state_wounds, "wounds {wounds}").
lang:word(en, state_tapped, "tapped").
lang:word(en, state_face_down, "face down").
lang:word(en, state_no_features, "no features").  % a card with no feature
lang:word(en, state_feature_from, "{source|from}").
lang:word(en, state_feature_sourceless, "source not given").  % an acquired feature the scenario gives no source
lang:word(en, state_feature_formation, "in formation").
lang:word(en, state_feature_adjacent, "while adjacent").
lang:word(en, state_feature_until, "until end of turn").
lang:word(en, state_feature_replaced, "replaced").
lang:word(en, state_feature_suppressed, "suppressed").
lang:word(en, state_effects, "effects").
lang:word(en, state_effect_applies, "{id} applies").
lang:word(en, state_effect_stopped, "{id} no longer applies").
lang:word(en, state_effect_out_of_play, "{id} does not apply: the card is not in the play zone").  % and never left it
lang:word(en, state_effect_unstated, "{id} does not apply: the edition's data states no rule for it").
lang:word(en, state_effect_left, "{remaining} left").
lang:word(en, whatif_head, "what if:").
lang:word(en, whatif_removed, "taken out; was {was}").
lang:word(en, whatif_unchanged, "unchanged: {now}").
lang:word(en, whatif_changed, "was {was}; now {now}").
lang:word(en, whatif_before, "was:").
lang:word(en, result_remaining, "left with the effects: {value}").  % a prevention's rest, by effect
lang:word(en, whatif_after, "now:").
lang:word(en, whynot_given, "not {expected|shown:in} but {computed|shown:in}: the input gives it ({given}), and no rule changes it").
lang:word(en, whynot_kept, "{given} stays {computed|shown:in}, as the input gives it").
lang:word(en, whynot_given_card, "not {expected|shown:in} but {computed|shown:in}: the card facts of «{name}» in {file} give it ({given}; card {card} of the input file has no {field}), and no rule changes it").
lang:word(en, whynot_agrees, "yes: {expect} = {computed}").
lang:word(en, whynot_undecided, "not {expected|shown:in} but {computed|shown:in}: no paragraph decides it — no rule of the loaded text makes it {expected} here").
lang:word(en, refusal_times, "{count|plural:time:times}").  % how many times an option is given
lang:word(en, result_items, "{count|plural:item:items}").  % a list result's parts (why-not: «it has: 3 items»)
lang:word(en, whynot_head_gone, "not {expected|shown:in} — the result has none").
lang:word(en, whynot_head, "not {expected|shown:in} but {computed|shown:in}").
lang:word(en, whynot_by, "by {refs}").
lang:word(en, whynot_no_cite, "no paragraph is cited").
lang:word(en, whynot_last, "(applied last)").
% the comparison of editions (why -e A -e B)
lang:word(en, comparison_event, "event").
lang:word(en, comparison_edition, "edition {edition}").
lang:word(en, comparison_differs, "← differs").
lang:word(en, comparison_deciding, "deciding in {edition}:").
lang:word(en, comparison_cannot_compute, "(cannot compute: see below)").
lang:word(en, comparison_refused, "edition {edition} cannot compute it: {why}").  % an edition that refused (on standard error)
% the words of the refusals around their values (explain/refusals.py)
lang:word(en, refusal_edition, "edition {edition}:").
lang:word(en, refusal_field, "field {field}").
lang:word(en, reason_field, "The field {field}: {said}.").  % (the English page words a field's input error by web/reasons.py FIELD_EN: the templates here are pydantic's messages)
lang:word(en, 'kind_null', "null").  % expectation.py's kind of a value
lang:word(en, 'kind_true/false', "true/false").  % expectation.py's kind of a value
lang:word(en, 'kind_a number', "a number").  % expectation.py's kind of a value
lang:word(en, 'kind_text', "text").  % expectation.py's kind of a value
lang:word(en, 'kind_a list', "a list").  % expectation.py's kind of a value
lang:word(en, 'kind_a mapping', "a mapping").  % expectation.py's kind of a value
lang:word(en, refusal_scenario, "the scenario").  % whatif.py: the top level of the scenario
lang:word(en, refusal_or, "or").  % «'a', 'b' or 'c'» in a list of values a field allows
lang:word(en, thousands_separator, ",").  % «20,000,000»: a number of five digits or more, in groups of three
lang:word(en, refusal_looks, "; it looks like {encoding}: save it as UTF-8").
lang:word(en, file_scenario, "scenario").
lang:word(en, file_query_file, "query file").
lang:word(en, refusal_missing_section, "the data of edition {edition} states no rule on {words}, though its text may").
lang:word(en, refusal_missing_rule, "the data of edition {edition} states no such rule, though its text may").
lang:word(en, refusal_missing_nowhere, "{what}, nor does any other edition's").
lang:word(en, refusal_missing_stated, "{what} (it is stated in {where})").
lang:word(en, refusal_missing_stated_section, "{what} (it is stated in {where})").
lang:word(en, not_rolled_roll, "has no face of its own (give roll or next_roll_equals, not both)").
lang:word(en, not_rolled_reroll, "cannot be rerolled").
% the engine's refusals (explain/refusals.py names each kind's values, in the order Prolog gives them):
% a template per kind, its {name} placeholders the kind's values — word for word the Prolog message the command line prints
lang:refusal(en, no_rule, "no rule of this edition applies").
lang:refusal(en, too_many_steps, "working this scenario out takes more than {limit} inference steps, the limit for one scenario (reached at event {event}: fewer events, cards or effects)").
lang:refusal(en, too_much_memory, "working this scenario out needs more than the {megabytes} MB of memory a scenario may use (reached at event {event}: fewer events, cards or effects)").
lang:refusal(en, control_of_a_formation, "{card} stands in a formation or gives or holds something in formation: the loaded text of edition {edition} says nothing of what a change of controller does to a formation").
lang:refusal(en, strike_values, "the strike values of {card} are not known (the attack needs them: give base, or the card's hit: [weak, medium, strong])").
lang:refusal(en, strike_value_needed, "{card}: the attack needs its {strike} value, which base (the value of the attack's own strike) does not give: give the card's hit: [weak, medium, strong]").
lang:refusal(en, attack_zone, "{card} is in zone {zone}: only a card in the battle zone attacks or is attacked").
lang:refusal(en, negative_attack, "the attack's strength with its modifiers would be {strength}: no rule of the loaded text says what a negative attack is").
lang:refusal(en, defend_zone, "{card} is in zone {zone}: only a card in the battle zone defends").
lang:refusal(en, roll_zone, "{card} is in zone {zone}: only a card in play rolls a die").
lang:refusal(en, adjacent_zone, "{card} is in zone {zone}: only cards in the battle zone stand next to each other").
lang:refusal(en, formation_zone, "{card} is in zone {zone}: only a card in the battle zone stands in a formation").
lang:refusal(en, wound_zone, "{card} is in zone {zone}: only a card in play gets wounds").
lang:refusal(en, outside_game, "{card} is not in the game (zone outside): bring it into the squad first").
lang:refusal(en, into_play_zone, "{card} is in zone {zone}: to: {to} puts it into the play zone, which bring_into_squad does (how: revive from the graveyard, summon from the deck, play from the hand), not zone_change").
lang:refusal(en, formation_already, "{card} already stands in a formation: in: true forms none").
lang:refusal(en, formation_none, "{card} stands in no formation: in: false breaks none").
lang:refusal(en, adjacent_already, "{card} already stands next to {other} (so from the start or an earlier approach): it cannot come to stand so").
lang:refusal(en, adjacent_none, "{card} does not stand next to {other}: leave steps away from nothing").
lang:refusal(en, add_to_valueless, "«+{value} к {name}» adds to a feature's value: the card's {name} has none").
lang:refusal(en, held_outside_play_read, "{card} is in zone {zone} and is given {held}: only a card in play has wounds, is tapped, stands in a formation or has acquired features; that from there a card comes into play as a new object, without them, the text does not say in so many words — it is the engine's reading").
lang:refusal(en, gain_outside_play_read, "{card} is in zone {zone} and is given {name}: only a card in play has acquired features, as the start of a scenario reads it; that from there a card comes into play as a new object, without them, the text does not say in so many words — it is the engine's reading").
lang:refusal(en, held_outside_play_set, "{card} is in zone {zone} and is given {held}: only a card in play has wounds, is tapped, stands in a formation or has acquired features; that from there a card comes into play as a new object, without them, the text does not say in so many words — it is the engine's reading; to ask this what-if, add {set}").
% the fields only a card in play holds, as the scenario names them (the Prolog message's words)
lang:word(en, held_wounds, "wounds").
lang:word(en, held_tapped, "tapped").
lang:word(en, held_in_formation, "in_formation").
lang:word(en, held_acquired, "acquired").
lang:refusal(en, held_not_in_formation, "{card} holds {name} while: formation from {source}, but they do not stand in formation together (both in the battle zone, in formation, in one squad): the feature lasts only while they do").
lang:refusal(en, held_not_adjacent, "{card} holds {name} while: adjacent from {source}, but {other} is in zone {zone}: only cards in the battle zone stand next to each other, and the feature lasts only while they do").
lang:refusal(en, feature_held_twice, "{card} holds {held} and {given}: a card holds one value of a named feature ({where}); list it once (an acquired one of a higher value replaces an own one), or write the later one as a gain_feature event").
lang:refusal(en, feature_not_higher, "{card} is listed as having acquired {given}, but it holds its own {held}: a card holds one value of a named feature, and a lower or the same one is not gained ({where})").
lang:refusal(en, grant_not_higher, "{card} stands in formation granted {given}, but it holds its own {held}: a card holds one value of a named feature, and a lower or the same one is not gained ({where}); a formation event gives the grant where it can").
lang:refusal(en, same_zone, "{card} is already in zone {zone}").
lang:refusal(en, skip_not_triggered, "has no effect here: {card}: only a triggered summon can be skipped ({where}; skip needs triggered: true)").
lang:refusal(en, order_across_groups, "has no effect here: order puts {first} ({first_group}; {first_relation}) before {second} ({second_group}; {second_relation}), whose group the edition applies earlier: the players order modifiers only inside a group ({where})").
lang:refusal(en, decline_not_applying, "has no effect here: {effect} is not a replacement effect that applies to this effect, so there is nothing to decline").
lang:refusal(en, choice_not_applying, "has no effect here: {effect} is not an effect this event weighs (no prevention or replacement effect that protects this card), so choosing it decides nothing").
lang:refusal(en, decline_not_optional, "has no effect here: {effect} is not optional: neither optional: true nor its text says «может вместо» ({where}), so its player cannot decline it").
lang:refusal(en, pick_not_yours, "has no effect here: {chooser} picks which replacement effect applies here ({where}: a player picks among their own, the active player only «Если оба игрока могут применить…»): {player}'s pick of {effect} has no effect").
lang:refusal(en, no_effect_missing, "has no effect here: {missing}").
lang:refusal(en, static_no_effect, "static: true has no effect here: {missing}").
lang:refusal(en, adjacent_no_effect, "while: adjacent has no effect here: {missing}").
lang:refusal(en, formation_no_effect, "while: formation has no effect here: {missing}").
lang:refusal(en, trigger_no_effect, "trigger has no effect here: {missing}").
lang:refusal(en, until_no_effect, "until has no effect here: {missing}").
lang:refusal(en, declared_before_flip, "has no effect here: a flip is a modifier in this edition and changes no value at once ({where}): nothing is declared before it").
lang:refusal(en, rules_modifier_given, "has no effect here: the only modifier of the rules of the game for a die roll is the bound within 1…6 ({where}), which the engine adds itself: the text gives the rules no other").
lang:refusal(en, reroll_first, "has no effect here: the die is rerolled before any modifier is applied and a flip is a modifier ({where}): the reroll always comes first").
lang:refusal(en, flip_not_modifier, "has no effect here: a flip is not a modifier in this edition, the die is turned over ({where}): it has no source and no place among the modifiers").
lang:refusal(en, not_rolled, "has no effect here: a die that is not rolled («следующий бросок кубика равен X», {where}) {what}").
lang:refusal(en, effect_not_theirs, "has no effect here: {effect} is an effect of {card}, which {controller} controls: {player} neither applies it nor picks it (each player applies their own effects; only the active player picks among both players' replacement effects)").
lang:refusal(en, die_outside, "the die roll with its modifiers would be {value}, outside 1…6: {missing}").
lang:refusal(en, negative_feature, "a named feature's value would be {value}: {missing}").
lang:refusal(en, keeps_on_leaving, "{card} leaves the play zone holding what it acquired or an effect's unused rest: the loaded text of edition {edition} says nothing of what a card keeps when it does (it is stated in {where})").
lang:refusal(en, formation_unstated, "edition {edition} has no rule for formation: the loaded text of edition {edition} says nothing of a formation breaking or forming (it is stated in {where})").
lang:refusal(en, unsupported_section, "edition {edition} has no rule for {words}: the data of edition {edition} states no rule on {words}, though its text may (it is stated in {stated})").
lang:refusal(en, unsupported_section_nowhere, "edition {edition} has no rule for {words}: the data of edition {edition} states no rule on {words}, though its text may, nor does any other edition's").
lang:refusal(en, unsupported_rule, "edition {edition} has no rule for {words}: the data of edition {edition} states no such rule, though its text may (it is stated in {stated})").
lang:refusal(en, unsupported_rule_nowhere, "edition {edition} has no rule for {words}: the data of edition {edition} states no such rule, though its text may, nor does any other edition's").
lang:refusal(en, too_many_events, "{count} events; the web computes at most {limit} (berserk-kb why computes up to {cli_limit}, within the same bound on inference steps)").
lang:refusal(en, stdin_closed, "standard input is closed").  % why - with standard input closed (<&-)
lang:refusal(en, stdin_empty, "standard input is empty (give the scenario there, or a file: why FILE)").
lang:refusal(en, stdin_too_large, "scenario is larger than the limit of {size}").
lang:refusal(en, file_not_found, "{file} not found{hint}").  % readers.read_bytes: the file is not there
lang:refusal(en, file_not_regular, "{file} is not a regular file").
lang:refusal(en, file_folder, "{file} is not a regular file").
lang:refusal(en, file_too_large, "{file} is larger than the limit of {size}").
lang:refusal(en, file_unreadable, "cannot read {file}: {reason}").  % readers.read_bytes: an OS error, as the system says it
lang:refusal(en, no_bundled_scenario, "no bundled scenario {name}").
lang:refusal(en, scenario_too_long, "scenario: longer than {limit} KB").
lang:refusal(en, link_too_long, "the scenario in the link is longer than {limit} KB").
lang:refusal(en, not_in_encoding, "{column}: not valid {encoding} (byte 0x{byte} at offset {offset}){looks}").
lang:refusal(en, no_result_key, "expect {path}: event {event} ({kind}) has no '{key}' in {where} (it has: {has})").
lang:refusal(en, sparql_syntax, "SPARQL syntax error at line {line}, column {column}: {said}").
lang:refusal(en, default_not_of_how, "has no effect here: {field} is not a default of a bring with how: {how} (it is the default of {where})").
lang:refusal(en, gain_modifier_lowers, "has no effect here: the loaded text speaks only of a modifier that raises the value a gain gives («усилить», {where}); of one of {value} it says nothing").
lang:refusal(en, gain_modifier_sourceless, "a modifier to a gain is one from the squad of the card that gives it ({where}): give the gain's source").
% a scenario's input errors (scenario/controls.py INPUT_REFUSALS: input_<pydantic error type>, the
% characters a field may not hold) and a text that is not YAML (text/readers.py), after file:line and field
% the --expect and --set errors (explain/expectation.py, explain/whatif.py)
lang:refusal(en, expect_fraction, "expect {path}: {value} is written with a decimal point, but this part of the result is a whole number").
lang:refusal(en, expect_ambiguous_feature, "expect {path}: {value} is a form of more than one feature ({features}): write the feature's name").
lang:refusal(en, expect_other_kind, "expect {path}: {value} is {value_kind}, but this part of the result is {result_kind}: no computation gives it").
lang:refusal(en, set_no_element, "set {text}: {here} has {count} element(s) (numbered from 0)").
lang:refusal(en, set_no_field, "set {text}: {here} has no {field} (it has: {fields})").
lang:refusal(en, set_no_id, "set {text}: no element with id {id} in {here}").
lang:refusal(en, gain_takes_a_value, "{name} takes a value ({who} has {feature} {value}): give one").
lang:refusal(en, assign_shape, "{what} {text}: give PATH=VALUE, the path like {like}").
lang:refusal(en, assign_no_value, "{what} {text}: the value after = is missing (give PATH=VALUE; null for none)").
lang:refusal(en, assign_two_equals, "{what} {text}: one = only (give PATH=VALUE; quote a value that holds =)").
lang:refusal(en, assign_position_too_long, "{what} {text}: a position of {digits} digits (at most {limit} are read)").
lang:refusal(en, expect_no_event, "expect {path}: there is no event {index} (events are numbered 0 to {last})").
lang:refusal(en, expect_not_a_result, "expect {path}: a part of an event's result, events[I].KEY (e.g. events[0].value)").
% why's options that ask two different things (cli_answers.py)
lang:refusal(en, option_edition_twice, "an edition is given twice (compare two different editions: -e A -e B)").
lang:refusal(en, option_json_turtle, "--json and --format turtle ask for two different outputs; give one").
lang:refusal(en, option_turtle_one_edition, "--format turtle is for one edition; a comparison is text or JSON").
lang:refusal(en, option_ask_one_edition, "--expect and --set ask about one edition, as text or JSON").
lang:refusal(en, option_expect_and_set, "--expect and --set are two questions; ask one").
lang:refusal(en, option_brief, "--brief shortens the text of a justification; it does not go with --json, --format json or turtle, --expect or --set").
lang:refusal(en, option_expect_twice, "--expect is given {times}; ask one why-not at a time").
lang:refusal(en, set_taken_out, "set {text}: {here}[{index}] is taken out by another change").
lang:refusal(en, set_nothing, "set: give at least one PATH=VALUE").
lang:refusal(en, set_expect, "set {path}: a what-if computes the changed scenario; it does not check a stated outcome (expect)").
lang:refusal(en, set_path_twice, "set {path}: the path is given twice; give each field one value").
lang:refusal(en, expect_face, "expect {path}: {value} is impossible: a die shows a face, 1–6").
lang:refusal(en, expect_strength, "expect {path}: {value} is impossible: a strength is a whole number, 0 or more").
lang:refusal(en, expect_strike, "expect {path}: {value} is impossible: a strike is one of weak, medium, strong").
lang:refusal(en, expect_wounds, "expect {path}: {value} is impossible: an amount of wounds is a whole number, 0 or more").
lang:refusal(en, expect_prevented, "expect {path}: {value} is impossible: an amount of wounds prevented is a whole number, 0 or more").
lang:refusal(en, expect_remaining, "expect {path}: {value} is impossible: what a prevention effect has left is a whole number, 0 or more").
lang:refusal(en, expect_works_as, "expect {path}: {value} is impossible: a feature works as a whole number, 0 or more").
lang:refusal(en, expect_zone, "expect {path}: {value} is impossible: a zone is one of battle, play, hand, deck, graveyard, outside").
lang:refusal(en, expect_controller, "expect {path}: {value} is impossible: a controller is one of the players, p1, p2").
lang:refusal(en, expect_feature_value, "expect {path}: {value} is impossible: a feature's value is a whole number, 0 or more: {negative}").
% the YAML parser's problems as it says them (the en messages keep them; explain/refusals.py words them
% in another language)
lang:refusal(en, input_missing, "Field required").
lang:refusal(en, input_extra_forbidden, "Extra inputs are not permitted").
lang:refusal(en, input_string_type, "Input should be a valid string").
lang:refusal(en, input_int_type, "Input should be a valid integer").
lang:refusal(en, input_int_parsing, "Input should be a valid integer, unable to parse string as an integer").
lang:refusal(en, input_int_from_float, "Input should be a valid integer, got a number with a fractional part").
lang:refusal(en, input_bool_type, "Input should be a valid boolean").
lang:refusal(en, input_bool_parsing, "Input should be a valid boolean, unable to interpret input").
lang:refusal(en, input_float_type, "Input should be a valid number").
lang:refusal(en, input_float_parsing, "Input should be a valid number, unable to parse string as a number").
lang:refusal(en, input_list_type, "Input should be a valid list").
lang:refusal(en, input_dict_type, "Input should be a valid dictionary").
lang:refusal(en, input_model_type, "Input should be a valid dictionary").
lang:refusal(en, input_model_attributes_type, "Input should be a valid dictionary or object to extract fields from").
lang:refusal(en, input_literal_error, "Input should be {expected}").
lang:refusal(en, input_enum, "Input should be {expected}").
lang:refusal(en, input_less_than_equal, "Input should be less than or equal to {le}").
lang:refusal(en, input_greater_than_equal, "Input should be greater than or equal to {ge}").
lang:refusal(en, input_less_than, "Input should be less than {lt}").
lang:refusal(en, input_greater_than, "Input should be greater than {gt}").
lang:refusal(en, input_string_too_short, "String should have at least {min_length} characters").
lang:refusal(en, input_string_too_long, "String should have at most {max_length} characters").
lang:refusal(en, input_too_short, "List should have at least {min_length} items after validation, not {actual_length}").
lang:refusal(en, input_too_long, "List should have at most {max_length} items after validation, not {actual_length}").
lang:refusal(en, input_too_many_events, "{count} events; a scenario holds at most {limit}").
lang:refusal(en, input_nested, "nested more than {depth} levels deep").
lang:refusal(en, input_surrogate, "contains an unpaired surrogate ({code}), which is not text").
lang:refusal(en, input_line_break, "contains a line break or a tab (a one-line field)").
lang:refusal(en, input_control_character, "contains a control character").
