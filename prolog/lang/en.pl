:- encoding(utf8).
:- module(lang_en, []).

/** <module> English: labels and sentence templates for the steps and events

Data of lang/lang.pl (its PlDoc gives the template syntax): `step(en, Step, Label, Templates)`,
`event(en, Kind, Label, Templates)`, `word(en, Atom, Word)`. The rule text is quoted in Russian
in either language.
*/

:- multifile lang:step/4, lang:event/4, lang:word/3, lang:refusal/3.

% --- die rolls (rules/dice.pl) ----------------------------------------------------------------------

lang:step(en, die_roll, "die roll",
          ["{roller|card} rolls the die: {result.unmodified} unmodified, {result.value} with modifiers"]).
lang:step(en, die_rolled, "the die shows", ["the die shows {roll}"]).
lang:step(en, rerolled, "reroll", ["reroll: {before} is ignored, the die shows {result}"]).
lang:step(en, flipped, "flip", ["the die is turned over: {before} → {result}"]).
lang:step(en, next_roll_equals, "next roll equals X",
          ["next roll equals {x}: the die is not rolled, the roll is {result}"]).
lang:step(en, flip_source, "whose flip", ["the flip is a modifier of {result|card}"]).
lang:step(en, application_order, "order of application", ["the modifiers apply in the order {result|modifier|list}"]).
lang:step(en, declared_before, "declared before the reroll/flip",
          ["modifier {modifier|modifier} was declared {declared|word} and still applies"]).
lang:step(en, order_in_group, "order inside the group chosen by",
          ["the order of {modifiers|modifier|list} inside the group ({phase|word}, {relation|word}) is chosen by {result|word}"]).
lang:step(en, modifier_applied, "modifier",
          [ when(['result.value' = '*', 'modifier.op' = add],
                 "{before} {modifier.value|signed} from {modifier.source|card} ({group.relation|word}, group {cite.label}) → {result.value}"),
            when(['result.value' = '*', 'modifier.op' = set],
                 "{before} set to {modifier.value} by {modifier.source|card} ({group.relation|word}, group {cite.label}) → {result.value}"),
            when(['result.value' = '*', 'modifier.op' = strike],
                 "{strike_before|word} reduced to {modifier.value|word} by {modifier.source|card} (group {cite.label}): {before} → {result.value}"),
            when(['modifier.op' = add],
                 "{before} {modifier.value|signed} from {modifier.source|card} ({group.relation|word}, group {cite.label}) → {result}"),
            when(['modifier.op' = set],
                 "{before} set to {modifier.value} by {modifier.source|card} ({group.relation|word}, group {cite.label}) → {result}"),
            when(['modifier.op' = bound],
                 "{before} kept within 1 to 6 ({group.relation|word}, group {cite.label}) → {result}"),
            when(['modifier.op' = flip],
                 "flip by {modifier.source|card} ({group.relation|word}, group {cite.label}): {before} → {result}"),
            "{before} → {result}"
          ]).

lang:step(en, gain_modifier_not_applied, "a modifier of a gain does not apply",
          [ when([zone = battle], "{modifier.source|card} is not in the squad of {squad_of|card} (controlled by {controller|word}): modifier {modifier.value|signed} does not apply"),
            when([zone = play], "{modifier.source|card} is not in the squad of {squad_of|card} (controlled by {controller|word}): modifier {modifier.value|signed} does not apply"),
            "{modifier.source|card} is not in the squad (zone {zone|word}): modifier {modifier.value|signed} does not apply"]).
lang:step(en, modifier_formation_gone, "a modifier for a formation does not apply",
          [ when(['reason.zone' = '*'], "{modifier.source|card} is not in the battle zone ({reason.zone|word}): there is no formation, modifier {modifier|modifier} does not apply"),
            when([reason = alone], "no card of the squad stands in formation with the attacker: there is no formation, modifier {modifier|modifier} does not apply"),
            when([reason = giver_not_in_formation], "{modifier.source|card} stands in no formation with the attacker: modifier {modifier|modifier} does not apply"),
            "the attacker stands in no formation: modifier {modifier|modifier} does not apply"
          ]).
lang:step(en, modifier_not_applied, "modifier does not apply",
          ["{modifier.source|card} is not in the squad (zone {zone|word}): modifier {modifier|modifier} does not apply"]).

% --- attacks (rules/attack.pl) ----------------------------------------------------------------------

lang:step(en, attack_strength, "attack strength",
          ["{source|card} attacks {target|card} ({strike|word}, {base}): strength {result.strength}, {result.strike|word}"]).
lang:step(en, strike_value, "the card's strike value", ["{card|card}'s {strike|word} is {result}: the input gives it (the card's strike values)"]).
lang:step(en, attack, "the attack deals wounds",
          ["{source|card} attacks {target|card}: strength {result.strength}, {result.dealt.wounds} wounds dealt, {result.dealt.prevented} prevented"]).
lang:step(en, set_to_not_applied, "a set-to modifier cannot raise the value",
          ["{modifier|modifier}: an attack of {before} cannot be set to the higher {value}; it stays {result}"]).

% --- named features (rules/features.pl, rules/formation.pl) -----------------------------------------

lang:step(en, gain_feature, "gaining a feature",
          [ when([op = add], "{card|card} gets {value|signed} to «{name}» from {source|card}: value {result.value}"),
            when([value = null], "{card|card} is given «{name}» by {source|card}: performed — {result.performed|word}"),
            "{card|card} is given «{name} {value}» by {source|card}: performed — {result.performed|word}, value {result.value}"
          ]).
lang:step(en, granted_value, "value after modifiers",
          [ when([op = add], "the plus {base|signed} is strengthened to {result|signed}: {plus|signed} from {sources|cards}"),
            "{base} {plus|signed} from {sources|cards} → {result}" ]).
lang:step(en, gain_outcome, "outcome",
          [ when([result = gained], "the card did not have it: it is gained"),
            when([result = replaced], "«{held.name} {held.value}» is replaced by the value {new}"),
            when(['result.added' = '*'], "«{held.name} {held.value}» {new|signed} = {result.added}"),
            "the card already has «{held.name} {held.value}»: gaining is not performed"
          ]).
lang:step(en, works_as, "works as", ["{value} works as {result}"]).
lang:step(en, leave, "stops standing next to",
          ["{card|card} stops standing next to {from|card}: ends {result.ended|list}, returns {result.returned|list}"]).
lang:step(en, end_of_turn, "end of turn",
          ["end of the turn of {player|word}: ends {result.ended|list}, returns {result.returned|list}, works again {result.lifted|list}"]).
lang:step(en, approach, "comes to stand next to",
          ["{card|card} comes to stand next to {to|card}: gained {result.gained|list}, not performed {result.not_performed|list}"]).
lang:step(en, adjacent_grant, "gives a card next to it",
          ["{from|card} gives {card|card} «{name} {value}» while it stands next to it"]).
lang:step(en, replaced_not_kept, "a replaced feature is not kept",
          ["«{name} {value}» of {card|card} was acquired: replaced, it will not come back"]).
lang:step(en, replaced_ended, "a replaced feature ends",
          ["the replaced «{name} {value}» of {card|card} ends with its condition and will not come back"]).
lang:step(en, feature_kept, "the feature stays",
          [ when(['because.gain_not_performed' = '*'], "{card|card} keeps «{name} {value}»: gaining it for that while was not performed"),
            when(['because.markers' = '*'], "«{name} {value}» of {card|card} stays suppressed: the suppression marker stays {because.markers|word}"),
            "«{name} {value}» of {card|card} stays until the end of the turn of {because.until_the_end_of_the_turn_of|word}"
          ]).
lang:step(en, feature_ended, "feature ends",
          [ when([edition = 'B', 'result.no_longer_next_to' = '*'], "{card|card} loses «{name} {value}»: {result.no_longer_next_to|card} no longer stands next to it — the condition of its existence ended, it is removed from the card"),
            when(['result.no_longer_next_to' = '*'], "{card|card} loses «{name} {value}»: {result.no_longer_next_to|card} no longer stands next to it"),
            "{card|card} loses «{name} {value}»"
          ]).
lang:step(en, bonus_ended, "a plus to a feature ends", ["{card|card} loses the +{plus} to «{name}» from {source|card}"]).
lang:step(en, feature_returns, "feature returns",
          [ when([kept = own], "«{name} {value}» is {card|card}'s again: its own, it was suppressed when replaced, not removed; that the suppression ends when the replacing one goes the text does not say in so many words — it is the engine's reading"),
            "«{name} {value}» is {card|card}'s again"
          ]).
lang:step(en, formation, "formation",
          [ when([in = true], "{card|card} forms a formation: gained {result.gained|list}"),
            "{card|card} leaves the formation: ends {result.ended|list}"
          ]).
lang:step(en, formation_grant, "gained in formation", ["{card|card} gains «{name} {value}» in formation ({because|word})"]).
lang:step(en, formation_grant_not_given, "not got in formation",
          [ when(['reason.zone' = '*'], "{card|card} does not get «{name} {value}» in formation: {source|card} is not in the battle zone (zone {reason.zone|word}), its text does not give it"),
            when([reason = giver_not_in_formation], "{card|card} does not get «{name} {value}» in formation: {source|card} does not stand in formation with it in one squad"),
            when([reason = own_suppressed], "{card|card} does not get «{name} {value}» in formation: its own Строй is suppressed and has no effect on the game"),
            when([reason = suppressed], "{card|card} does not get «{name} {value}» in formation: the Строй of {source|card} is suppressed and has no effect on the game"),
            "{card|card} does not get «{name} {value}» in formation: {source|card} does not stand in formation"
          ]).

% --- wounds, prevention, replacement (rules/prevention.pl, rules/replacement.pl) --------------------

lang:step(en, wounds, "wounds",
          [ when([source = null], "{card|card} gets {amount} wounds ({attack|word}), no source given: {result.wounds} dealt, {result.prevented} prevented"),
            "{card|card} gets {amount} wounds ({attack|word}) from {source|card}: {result.wounds} dealt, {result.prevented} prevented" ]).
lang:step(en, prevention_order, "order of prevention",
          [ when([stated = false], "the effects {effects|list} apply in the order {result|list} (no choice stated: in the order of the cards and their effects)"),
            "the effects {effects|list} apply in the order {result|list}"
          ]).
lang:step(en, prevention_applied, "prevention",
          [ when(['result.lost' = '*'], "{effect} ({holder|card}) prevents {result.used} of {wounds_before} wounds: {result.wounds} wounds left; the effect is used once — the {result.lost} unused are lost, it has 0 left"),
            when(['result.left' = '*'], "{effect} ({holder|card}) prevents {result.used} of {wounds_before} wounds: {result.wounds} wounds left, the effect has {result.left} left"),
            "{effect} ({holder|card}) prevents {result.used} of {wounds_before} wounds: {result.wounds} wounds left"
          ]).
lang:step(en, prevention_stopped, "prevention no longer applies",
          [ when([left_play = true], "{effect}: {holder|card} left the play zone, the effect no longer applies"),
            "{effect}: {holder|card} is not in the play zone, the effect does not apply"
          ]).
lang:step(en, prevention_not_in_play, "prevention does not apply",
          ["{effect}: {holder|card} is not in play ({zone|word}) and did not leave the play zone, the effect does not apply"]).
lang:step(en, prevention_not_protected, "prevention does not protect",
          ["{effect} ({holder|card}) does not protect {card|card}: the effect protects only its own player's creatures"]).
lang:step(en, prevention_spent, "prevention used up",
          [ when([type = prevent_once], "{effect} ({holder|card}) was used: its text allows one use"),
            "{effect} ({holder|card}) is used up: nothing is left to prevent"
          ]).
lang:step(en, prevention_ended, "prevention no longer applies",
          ["{card|card} leaves the play zone: its prevention effects {effects|list} no longer apply"]).
lang:step(en, left_play_zone, "the card leaves the play zone",
          [ when([tapped = true, bonuses = '*'], "{card|card} goes to the {to|word} zone and comes back into the play zone only taken anew from there, a new object: its wounds ({wounds}) go, it is no longer tapped, what it acquired ({acquired|list}) and what its own features were given ({bonuses|list}) go"),
            when([bonuses = '*'], "{card|card} goes to the {to|word} zone and comes back into the play zone only taken anew from there, a new object: its wounds ({wounds}) go, what it acquired ({acquired|list}) and what its own features were given ({bonuses|list}) go"),
            when([tapped = true], "{card|card} goes to the {to|word} zone and comes back into the play zone only taken anew from there, a new object: its wounds ({wounds}) go, it is no longer tapped, what it acquired ({acquired|list}) goes"),
            "{card|card} goes to the {to|word} zone and comes back into the play zone only taken anew from there, a new object: its wounds ({wounds}) go, what it acquired ({acquired|list}) goes"
          ]).
lang:step(en, replacement_declined, "replacement effect declined",
          ["{replacement} ({holder|card}) may replace the effect; its player declines"]).
lang:step(en, replacement_not_in_play, "replacement effect does not apply",
          ["{replacement}: {holder|card} is not in play ({zone|word}), the effect does not apply"]).
lang:step(en, effect, "effect",
          ["{effect.kind|word} {effect.amount} ({effect.card|card}) executes as {result.kind|word} {result.amount}"]).
lang:step(en, replacement, "replacement effects",
          ["{effect.kind|word} {effect.amount} → {result.kind|word} {result.amount}"]).
lang:step(en, replacement_chosen, "replacement effect chosen",
          [ when(['result.stated' = false], "of {applicable|list}, {result.chosen} applies; chosen by {result.by|word} (no choice stated: the first listed)"),
            "of {applicable|list}, {result.chosen} applies; chosen by {result.by|word}"
          ]).
lang:step(en, replacement_applied, "replacement effect applied",
          ["{replacement} ({holder|card}): {effect.kind|word} {effect.amount} → {result.kind|word} {result.amount}"]).

% --- bringing into the squad (rules/squad.pl) -------------------------------------------------------

lang:step(en, bring_into_squad, "bringing a card into the squad",
          [ when(['result.performed' = true], "{player|word}: {how|word} of {card|card} — in the {result.zone|word} zone, controlled by {result.controller|word}"),
            "{player|word}: {how|word} of {card|card} — not performed"
          ]).
lang:step(en, default, "default rule", ["{how|word}: by default, {rule|word}"]).
lang:step(en, default_overridden, "the card's text changes the default",
          ["{how|word}: the card's text changes «{rule|word}»: {result|word}"]).
lang:step(en, not_performed, "not performed", ["{how|word} not performed: {reason|word}"]).
lang:step(en, placed_in_play_zone, "the card is put into the play zone",
          ["{how|word}: {card|card} is put into the play zone; which part of it the text does not say — the scenario puts it in the battle zone (no paragraph says so)"]).
lang:step(en, deck_shuffled, "the deck is shuffled", ["the deck is shuffled after it was looked through, whether a card was summoned or not"]).
lang:step(en, lose_control, "loss of control",
          ["control of {card|card}: {result.controller|word} (changed — {result.changed|word})"]).
lang:step(en, end_of_game, "end of the game", ["after the game the created cards are removed: {result.removed|cards}"]).

% --- loss of features (rules/loss.pl) ---------------------------------------------------------------

lang:step(en, lose_features, "loss of features",
          ["{card|card} loses {which|word}: suppressed {result.suppressed|list}, removed {result.removed|list}"]).
lang:step(en, feature_lost, "feature lost", ["«{name} {value}»: {result|word}"]).
lang:step(en, marker_period, "period of the suppression marker", ["the suppression marker stays {result|word}"]).
lang:step(en, not_in_battle_zone, "card not in the battle zone",
          ["{card|card} is not in the battle zone ({zone|word}): the loss does not affect it"]).
lang:step(en, formation_features_lost, "features tied to formation lost",
          ["{card|card} loses the features tied to its formation: {result|list}"]).
lang:step(en, markers_lifted, "suppression markers removed", ["{when|word}: works again {result|list}"]).
lang:step(en, markers_removed, "suppression markers removed by an effect",
          ["the suppression markers of {card|card} are removed: works again {result.lifted|list}"]).
lang:step(en, trigger, "trigger",
          [ when([result = false], "«{feature}» of {card|card} is suppressed and does not fire"),
            "«{feature}» of {card|card} fires"
          ]).
lang:step(en, nothing_ends, "nothing ends", ["nothing ends at the end of the turn: no feature has a period that ends now"]).
lang:step(en, loss_goes_on, "the loss goes on", ["{card|card} goes to the {to|word} zone: the loss is stated to work anywhere, so its suppression markers stay"]).
lang:step(en, move_given, "no rule of the edition acts on it", ["{card|card} goes to the {to|word} zone as the scenario says: no rule of edition {edition} acts on this move"]).
lang:step(en, zone_change, "change of zone",
          ["{card|card} goes to the {to|word} zone: fires {result.triggered|list}, returns {result.restored|list}"]).

% --- the axe rule (rules/axe.pl) --------------------------------------------------------------------

lang:step(en, defend, "defender",
          ["{card|card} defends: taps — {result.taps|word}, defences per turn — {result.defences_per_turn|word}"]).
lang:step(en, axe_rule, "axe rule: the card's text",
          ["the text of {card|card} «{card_feature}» beats the rules: {rule|word} — {result|word}"]).

% --- events (engine/events.pl) ----------------------------------------------------------------------

lang:event(en, die_roll, "die roll", ["{result.value} ({result.unmodified} unmodified)"]).
lang:event(en, attack, "attack",
           [ when(['result.dealt' = '*'], "strength {result.strength}, {result.strike|word}; {result.dealt.wounds} wounds dealt, {result.dealt.prevented} prevented"),
             "strength {result.strength}, {result.strike|word}"
           ]).
lang:event(en, gain_feature, "gaining a feature",
           [ when(['result.performed' = true], "«{result.name}» gained: {result.value}"),
             "gaining «{result.name}» not performed"
           ]).
lang:event(en, approach, "approach",
           ["gained {result.gained|list}; not performed {result.not_performed|list}"]).
lang:event(en, leave, "leaving",
           [ when(['result.lessened' = '*'], "ends {result.ended|list}; returns {result.returned|list}; of them, only the plus of {result.lessened|list}"),
             "ends {result.ended|list}; returns {result.returned|list}"]).
lang:event(en, end_of_turn, "end of turn",
           [ when(['result.lessened' = '*'], "ends {result.ended|list}; returns {result.returned|list}; works again {result.lifted|list}; of them, only the plus of {result.lessened|list}"),
             "ends {result.ended|list}; returns {result.returned|list}; works again {result.lifted|list}"]).
lang:event(en, wounds, "wounds", ["{result.wounds} dealt, {result.prevented} prevented"]).
lang:event(en, effect, "effect", ["{result.kind|word} {result.amount} ({result.card|card}) executes"]).
lang:event(en, bring_into_squad, "bringing into the squad",
           [ when(['result.performed' = true], "in the {result.zone|word} zone, controlled by {result.controller|word}"),
             "not performed"
           ]).
lang:event(en, lose_control, "loss of control", ["controlled by {result.controller|word}"]).
lang:event(en, end_of_game, "end of the game", ["removed {result.removed|cards}"]).
lang:event(en, lose_features, "loss of features",
           ["suppressed {result.suppressed|list}; removed {result.removed|list}"]).
lang:event(en, zone_change, "change of zone",
           ["in the {result.zone|word} zone; fired {result.triggered|list}; returns {result.restored|list}"]).
lang:event(en, end_of_battle, "end of the battle", ["works again {result.lifted|list}"]).
lang:event(en, remove_markers, "removing markers", ["works again {result.lifted|list}"]).
lang:event(en, formation, "formation", ["ends {result.ended|list}; gained {result.gained|list}"]).
lang:event(en, defend, "defence",
           ["taps — {result.taps|word}; defences per turn — {result.defences_per_turn|word}"]).

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
lang:word(en, controller_changes, "control passes to the player").
lang:word(en, not_in_the_players_hand, "the card is not in the player's hand").
lang:word(en, triggered_summon_skipped, "the triggered ability is skipped").
lang:word(en, not_found_or_not_wanted, "the card was not found in the deck").
lang:word(en, not_in_that_graveyard, "the card is not in that graveyard").
lang:word(en, not_an_opponents_card_in_play, "it is not an opponent's card in play").
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
% sections of the editions' rules, as a refusal names them (editions.pl unsupported_error/2)
lang:word(en, attack_modifiers, "attack modifiers").
lang:word(en, dice_modifiers, "dice modifiers").
lang:word(en, loss_of_features, "loss of features").
lang:word(en, named_features, "named features").
lang:word(en, prevention, "prevention").
lang:word(en, replacement_effects, "replacement effects").
lang:word(en, triggered_features, "triggered features").
lang:word(en, bring_into_squad, "bring into squad").
lang:word(en, axe_rule, "axe rule").
lang:word(en, rules_default, "how a defender taps and how often it defends in a turn").
% a modifier as the scenario gives it (the `modifier` filter), the flip of a die
lang:word(en, modifier_add, "{value|signed} from {source|card}").
lang:word(en, modifier_add_formation, "{value|signed} from {source|card} for the formation").
lang:word(en, modifier_set, "set to {value} by {source|card}").
lang:word(en, modifier_strike, "set to «{value|word}» by {source|card}").
lang:word(en, modifier_flip, "flip by {source|card}").
lang:word(en, flip, "flip").
% the text of why around the sentences (render/why.py): headings, the final state, what-if, why-not
lang:word(en, why_edition, "edition {edition}").
lang:word(en, why_event, "Event {number}").
lang:word(en, why_examples, "Examples:").
lang:word(en, why_examples_above, "Examples: as above").
lang:word(en, why_cards, "Cards of the scenario and of the cited examples:").
lang:word(en, why_cite_missing, "({id}: not in the loaded rulebook)").
lang:word(en, final_state, "Final state:").
lang:word(en, final_state_edition, "Final state, edition {edition}:").
lang:word(en, state_zone, "in zone {zone|word}").
lang:word(en, state_owner, "owner {owner|word}").
lang:word(en, state_controller, "controlled by {controller|word:gen}").
lang:word(en, state_wounds, "wounds {wounds}").
lang:word(en, state_tapped, "tapped").
lang:word(en, state_face_down, "face down").
lang:word(en, state_feature_from, "from {source}").
lang:word(en, state_feature_formation, "in formation").
lang:word(en, state_feature_adjacent, "while adjacent").
lang:word(en, state_feature_until, "until end of turn").
lang:word(en, state_feature_replaced, "replaced").
lang:word(en, state_feature_suppressed, "suppressed").
lang:word(en, whatif_head, "what if:").
lang:word(en, whatif_removed, "taken out; was {was}").
lang:word(en, whatif_unchanged, "unchanged: {now}").
lang:word(en, whatif_changed, "was {was}; now {now}").
lang:word(en, whatif_before, "was:").
lang:word(en, whatif_after, "now:").
lang:word(en, whynot_given, "not {expected} but {computed}: the input gives it ({given}), and no rule changes it").
lang:word(en, whynot_agrees, "yes: {expect} = {computed}").
lang:word(en, whynot_undecided, "not {expected} but {computed}: no paragraph decides it — no rule of the loaded text makes it {expected} here").
lang:word(en, whynot_head, "not {expected} but {computed}").
lang:word(en, whynot_by, "by {refs}").
lang:word(en, whynot_no_cite, "no paragraph is cited").
lang:word(en, whynot_last, "(applied last)").
% the comparison of editions (why -e A -e B)
lang:word(en, comparison_event, "event").
lang:word(en, comparison_edition, "edition {edition}").
lang:word(en, comparison_differs, "← differs").
lang:word(en, comparison_deciding, "deciding in {edition}:").
lang:word(en, comparison_cannot_compute, "(cannot compute: see below)").
% the words of the refusals around their values (explain/refusals.py)
lang:word(en, refusal_edition, "edition {edition}:").
lang:word(en, refusal_field, "field {field}").
lang:word(en, refusal_missing_section, "the loaded text of edition {edition} says nothing of {words}").
lang:word(en, refusal_missing_rule, "the loaded text of edition {edition} states no such rule").
lang:word(en, refusal_missing_nowhere, "{what}, nor does any other edition's").
lang:word(en, refusal_missing_stated, "{what} (it is stated in {where})").
lang:word(en, not_rolled_roll, "has no face of its own (give roll or next_roll_equals, not both)").
lang:word(en, not_rolled_reroll, "cannot be rerolled").
% the engine's refusals (explain/refusals.py names each kind's values, in the order Prolog gives them):
% a template per kind, its {name} placeholders the kind's values — word for word the Prolog message the command line prints
lang:refusal(en, no_rule, "no rule of this edition applies").
lang:refusal(en, too_many_steps, "working this scenario out takes more than {limit} inference steps, the limit for one scenario (reached at event {event}: fewer events, cards or effects)").
lang:refusal(en, too_much_memory, "working this scenario out needs more than the {megabytes} MB of memory a scenario may use (reached at event {event}: fewer events, cards or effects)").
lang:refusal(en, control_of_a_formation, "{card} stands in a formation or gives or holds something in formation: the loaded text of edition {edition} says nothing of what a change of controller does to a formation").
lang:refusal(en, strike_values, "the strike values of {card} are not known (the attack needs them: give base, or the card's hit: [weak, medium, strong])").
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
lang:refusal(en, adjacent_already, "{card} already stands next to {other} (an earlier approach): it cannot come to stand so").
lang:refusal(en, adjacent_none, "{card} does not stand next to {other}: leave steps away from nothing").
lang:refusal(en, same_zone, "{card} is already in zone {zone}").
lang:refusal(en, skip_not_triggered, "has no effect here: {card}: only a triggered summon can be skipped ({where}; skip needs triggered: true)").
lang:refusal(en, order_across_groups, "has no effect here: order puts {first} (group {first_phase}-{first_relation}) before {second} (group {second_phase}-{second_relation}), whose group the edition applies earlier: the players order modifiers only inside a group ({where})").
lang:refusal(en, decline_not_applying, "has no effect here: {effect} is not a replacement effect that applies to this effect, so there is nothing to decline").
lang:refusal(en, decline_not_optional, "has no effect here: {effect} is not optional: neither optional: true nor its text says «может вместо» ({where}), so its player cannot decline it").
lang:refusal(en, pick_not_yours, "has no effect here: {chooser} picks which replacement effect applies here ({where}: a player picks among their own, the active player only «Если оба игрока могут применить…»): {player}'s pick of {effect} has no effect").
lang:refusal(en, no_effect_missing, "has no effect here: {missing}").
lang:refusal(en, static_no_effect, "static: true has no effect here: {missing}").
lang:refusal(en, adjacent_no_effect, "while: adjacent has no effect here: {missing}").
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
lang:refusal(en, unsupported_section, "edition {edition} has no rule for {words}: the loaded text of edition {edition} says nothing of {words} (it is stated in {stated})").
lang:refusal(en, unsupported_section_nowhere, "edition {edition} has no rule for {words}: the loaded text of edition {edition} says nothing of {words}, nor does any other edition's").
lang:refusal(en, unsupported_rule, "edition {edition} has no rule for {words}: the loaded text of edition {edition} states no such rule (it is stated in {stated})").
lang:refusal(en, unsupported_rule_nowhere, "edition {edition} has no rule for {words}: the loaded text of edition {edition} states no such rule, nor does any other edition's").
lang:refusal(en, too_many_events, "{count} events; the web computes at most {limit} (berserk-kb why has no limit)").
lang:refusal(en, yaml_alias, "YAML anchors and aliases are not allowed (line {line})").
lang:refusal(en, no_result_key, "expect {path}: event {event} ({kind}) has no '{key}' in {where} (it has: {has})").
lang:refusal(en, sparql_syntax, "SPARQL syntax error at line {line}, column {column}: {said}").
