:- encoding(utf8).
:- module(lang_en_rules, []).

/** <module> English: the words of the editions' sections and rules

Data of lang/lang.pl, as lang/en_words.pl: `rule(en, Name, Words)`, Name a section or a rule's functor of
the editions' data (editions/a.pl, b.pl), in the words a refusal names it with (editions.pl
unsupported_error/2).
*/

:- multifile lang:rule/3.

lang:rule(en, add_to_missing_feature, "a +N to a feature the card does not have").
lang:rule(en, attack_modifiers, "attack modifiers").
lang:rule(en, dice_modifiers, "dice modifiers").
lang:rule(en, loss_of_features, "loss of features").
lang:rule(en, named_features, "named features").
lang:rule(en, prevention, "prevention").
lang:rule(en, replacement_effects, "replacement effects").
lang:rule(en, triggered_features, "triggered features").
lang:rule(en, bring_into_squad, "bring into squad").
lang:rule(en, axe_rule, "axe rule").
lang:rule(en, rules_default, "how a defender taps and how often it defends in a turn").
lang:rule(en, adjacent_grant, "adjacent grant").
lang:rule(en, attack_deals_wounds, "attack deals wounds").
lang:rule(en, attack_group, "attack group").
lang:rule(en, attack_modified, "attack modified").
lang:rule(en, attack_modifier_order, "attack modifier order").
lang:rule(en, attack_order_chooser, "attack order chooser").
lang:rule(en, card_text_wins, "card text wins").
lang:rule(en, condition_ended, "a feature ending with its condition (until the end of the turn, while next to a card, while in formation)").
lang:rule(en, condition_ended_end_of_turn, "a feature held until the end of the turn ending when a turn ends").
lang:rule(en, condition_ended_end_of_your_turn, "a feature held until the end of your turn ending when that player's turn ends").
lang:rule(en, condition_ended_adjacent, "a feature held while next to a card ending when they no longer stand so").
lang:rule(en, condition_ended_formation, "a feature held in formation ending when the formation breaks").
lang:rule(en, condition_ended_formation_held, "a feature held in formation from another card ending when the formation breaks").
lang:rule(en, control_lost, "control lost").
lang:rule(en, created_card_changes_zone, "created card changes zone").
lang:rule(en, created_cards_removed, "created cards removed").
lang:rule(en, deck_shuffled, "deck shuffled").
lang:rule(en, declared_before_kept, "declared before kept").
lang:rule(en, default, "default").
lang:rule(en, dice_bounds, "dice bounds").
lang:rule(en, dice_group, "dice group").
lang:rule(en, dice_modifier_order, "dice modifier order").
lang:rule(en, dice_order_chooser, "dice order chooser").
lang:rule(en, feature_added, "feature added").
lang:rule(en, feature_gained, "feature gained").
lang:rule(en, feature_replaced, "feature replaced").
lang:rule(en, fires_on_the_move, "fires on the move").
lang:rule(en, formation_features_lost, "formation features lost").
lang:rule(en, formation_grant, "formation grant").
lang:rule(en, formation_modifier, "formation modifier").
lang:rule(en, from_the_squad, "from the squad").
lang:rule(en, gain_not_performed, "gain not performed").
lang:rule(en, grant_modifiers, "grant modifiers").
lang:rule(en, replacing_stays, "a replacing feature staying when the replaced one ends").
lang:rule(en, loss_ends_on_zone_change, "loss ends on zone change").
lang:rule(en, loss_outside_battle_zone, "loss outside battle zone").
lang:rule(en, lost, "lost").
lang:rule(en, kept, "which features a loss keeps").
lang:rule(en, marker_period, "marker period").
lang:rule(en, marker_removal, "marker removal").
lang:rule(en, markers_lifted, "markers lifted").
lang:rule(en, modifier_owner, "modifier owner").
lang:rule(en, negative_value_works_as_zero, "negative value works as zero").
lang:rule(en, new_object, "new object").
lang:rule(en, next_roll_equals, "next roll equals").
lang:rule(en, not_performed, "not performed").
lang:rule(en, not_performed_kept, "not performed kept").
lang:rule(en, opponents_cards, "opponents cards").
lang:rule(en, owner_is_the_controller, "owner is the controller").
lang:rule(en, prevented, "prevented").
lang:rule(en, prevention_order, "prevention order").
lang:rule(en, prevention_stopped, "prevention stopped").
lang:rule(en, put_into_play_zone, "put into play zone").
lang:rule(en, replaced_by, "replaced by").
lang:rule(en, replaced_returns, "replaced returns").
lang:rule(en, replacement_chosen, "replacement chosen").
lang:rule(en, replacement_of_a_replacement, "replacement of a replacement").
lang:rule(en, replacement_optional, "replacement optional").
lang:rule(en, reroll, "reroll").
lang:rule(en, old_face_ignored, "the value before a reroll is ignored").
lang:rule(en, flip, "flip").
lang:rule(en, roll_face, "roll face").
lang:rule(en, roll_modified, "roll modified").
lang:rule(en, rules_modifier, "rules modifier").
lang:rule(en, set_to_never_raises, "set to never raises").
lang:rule(en, strike_reduction, "strike reduction").
lang:rule(en, suppressed_not_held, "suppressed not held").
lang:rule(en, suppressed_trigger_does_not_fire, "suppressed trigger does not fire").
lang:rule(en, control_taken, "taking a card under control").
