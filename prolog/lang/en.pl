:- encoding(utf8).
:- module(lang_en, []).

/** <module> English: labels and sentence templates for the steps and events

Data of lang/lang.pl (its PlDoc gives the template syntax): `step(en, Step, Label, Templates)`,
`event(en, Kind, Label, Templates)`. The words for atoms, the words around `why`'s sentences
and the refusal templates are the pack's other half, lang/en_words.pl. The rule text is quoted in Russian
in either language.
*/

:- multifile lang:step/4, lang:event/4.

% --- die rolls (rules/dice.pl) ----------------------------------------------------------------------

lang:step(en, die_roll, "die roll",
          [ when([thrown = false], "{roller|card} does not throw the die: the roll is {result.unmodified} unmodified, {result.value} with modifiers"),
            "{roller|card} rolls the die: {result.unmodified} unmodified, {result.value} with modifiers" ]).
lang:step(en, die_rolled, "the die shows", ["the die shows {roll}"]).
lang:step(en, rerolled, "reroll",
          [ when([said = read], "reroll: {before} is ignored, the die shows {result}; that the value before a reroll is ignored the text does not say in so many words (only that a reroll is no modifier) — it is the engine's reading"),
            "reroll: {before} is ignored, the die shows {result}"]).
lang:step(en, flipped, "flip", ["the die is turned over: {before} → {result}; how a die is turned over (1 ↔ 6, 2 ↔ 5, 3 ↔ 4) the text does not say in so many words (only that a flip is no modifier) — it is the engine's reading"]).
lang:step(en, next_roll_equals, "next roll equals X",
          ["next roll equals {x}: the die is not rolled, the roll is {result}"]).
lang:step(en, flip_source, "whose flip", ["the flip is a modifier of {result|card}"]).
lang:step(en, application_order, "order of application",
          [ when([count = 0], "there are no modifiers"),
            "the modifiers apply in the order {result|modifier|list}" ]).
lang:step(en, declared_before, "declared before the reroll/flip",
          ["modifier {modifier|modifier} was declared {declared|word} and still applies"]).
lang:step(en, order_in_group, "order inside the group chosen by",
          ["the order of {modifiers|modifier|list} inside the group ({phase|word}, {relation|word}) is chosen by {result|word}"]).
lang:step(en, modifier_applied, "modifier",
          [ when(['result.value' = '*', 'modifier.op' = add],
                 "{before} {modifier.value|signed} from {modifier.source|card} ({group.relation|word}, group {cite.label}) → {result.value}"),
            when(['result.value' = '*', 'modifier.op' = set, applied = false],
                 "{before} is not set to {modifier.value} by {modifier.source|card} ({group.relation|word}, group {cite.label}): the set-to does not apply, it stays {result.value}"),
            when(['result.value' = '*', 'modifier.op' = set],
                 "{before} set to {modifier.value} by {modifier.source|card} ({group.relation|word}, group {cite.label}) → {result.value}"),
            when(['result.value' = '*', 'modifier.op' = strike],
                 "{strike_before|word} reduced to {modifier.value|word} by {modifier.source|card} (group {cite.label}): {before} → {result.value}"),
            when(['cite.also' = '*', 'modifier.op' = add],
                 "{before} {modifier.value|signed} from {modifier.source|card} (group {cite.ref}; {group.relation|word} — {cite.also}) → {result}"),
            when(['modifier.op' = add],
                 "{before} {modifier.value|signed} from {modifier.source|card} ({group.relation|word}, group {cite.label}) → {result}"),
            when(['cite.also' = '*', 'modifier.op' = set],
                 "{before} set to {modifier.value} by {modifier.source|card} (group {cite.ref}; {group.relation|word} — {cite.also}) → {result}"),
            when(['modifier.op' = set],
                 "{before} set to {modifier.value} by {modifier.source|card} ({group.relation|word}, group {cite.label}) → {result}"),
            when(['modifier.op' = bound],
                 "{before} kept within 1 to 6 ({group.relation|word}, group {cite.label}) → {result}"),
            when(['cite.also' = '*', 'modifier.op' = flip],
                 "flip by {modifier.source|card} (group {cite.ref}; {group.relation|word} — {cite.also}): {before} → {result}"),
            when(['modifier.op' = flip],
                 "flip by {modifier.source|card} ({group.relation|word}, group {cite.label}): {before} → {result}"),
            "{before} → {result}"
          ]).

lang:step(en, gain_modifier_not_applied, "a modifier of a gain does not apply",
          [ when([zone = battle], "{modifier.source|card} is not in the squad of {squad_of|card} (controlled by {controller|word}): modifier {modifier.value|signed} does not apply"),
            when([zone = play], "{modifier.source|card} is not in the squad of {squad_of|card} (controlled by {controller|word}): modifier {modifier.value|signed} does not apply"),
            "{modifier.source|card} is not in the squad (in the {zone|word} zone): modifier {modifier.value|signed} does not apply"]).
lang:step(en, modifier_formation_gone, "a modifier for a formation does not apply",
          [ when(['reason.zone' = '*'], "{modifier.source|card} is not in the battle zone ({reason.zone|word}): there is no formation, modifier {modifier|modifier} does not apply"),
            when([reason = alone], "no card of the squad stands in formation with the attacker: there is no formation, modifier {modifier|modifier} does not apply"),
            when([reason = giver_not_in_formation], "{modifier.source|card} stands in no formation with the attacker: modifier {modifier|modifier} does not apply"),
            "the attacker stands in no formation: modifier {modifier|modifier} does not apply"
          ]).
lang:step(en, opponent_card_away, "an opponent's card not in play, the modifier applies",
          ["{modifier.source|card} is an opponent's card not in play (in the {zone|word} zone); the group of modifiers from the opponent's cards, unlike that of one's own cards, does not say «из отряда» — read literally, the text does not ask the card to be in play: modifier {modifier|modifier} applies"]).
lang:step(en, modifier_not_applied, "modifier does not apply",
          ["{modifier.source|card} is not in the squad (in the {zone|word} zone): modifier {modifier|modifier} does not apply"]).

% --- attacks (rules/attack.pl) ----------------------------------------------------------------------

lang:step(en, attack_strength, "attack strength",
          ["{source|card} attacks {target|card} ({strike|word}, {base}): strength {result.strength}, {result.strike|word}"]).
lang:step(en, strike_value, "the card's strike value",
          [ when([from = '*'], "{card|card}'s {strike|word} is {result}: the card data in {from} give it ({card|card}'s strike values; the input file gives the card none)"),
            "{card|card}'s {strike|word} is {result}: the input file gives it (the card's strike values, cards[{card}].hit)" ]).
lang:step(en, strike_reduced, "the attack reduced to another kind of strike",
          [ when([from = '*'], "{strike_before|word} reduced to {strike|word}: the features that go with that kind of attack are used — strike value {value} instead of {value_before} ({card|card}'s strike values are the card data's, in {from}): {before} → {result}"),
            "{strike_before|word} reduced to {strike|word}: the features that go with that kind of attack are used — strike value {value} instead of {value_before} ({card|card}'s strike values are the input file's): {before} → {result}" ]).
lang:step(en, strike_modifiers_kept, "the modifiers applied before the reduction",
          [ when([kept = 0], "no modifier applied to the attack before the reduction: strength {result}"),
            "the modifiers applied before the reduction — {modifiers|modifier|list} — still apply: {value} {kept|signed} = {result}; the text does not say so in so many words — it is the engine's reading"]).
lang:step(en, attack, "the attack deals wounds",
          ["{source|card} attacks {target|card}: strength {result.strength}, {result.dealt.wounds} wounds dealt, {result.dealt.prevented} prevented"]).
lang:step(en, set_to_not_applied, "a set-to modifier cannot raise the value",
          ["{modifier|modifier}: an attack of {before} cannot be set to the higher {value}; it stays {result}"]).

% --- named features (rules/features.pl, rules/formation.pl) -----------------------------------------

lang:step(en, gain_feature, "gaining a feature",
          [ when([op = add], "{card|card} gets {value|signed} to «{name}» {source|from}: value {result.value}"),
            when([value = null], "{card|card} is given «{name}» {source|from:by}: performed — {result.performed|word}"),
            when(['result.performed' = true], "{card|card} is given «{name} {value}» {source|from:by}: gained, value {result.value}"),
            when(['result.performed' = false], "{card|card} is given «{name} {value}» {source|from:by}: not performed, the value stays {result.value}"),
            "{card|card} is given «{name} {value}» {source|from:by}: performed — {result.performed|word}, value {result.value}"
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
lang:step(en, feature_gained_read, "feature gained",
          ["the card did not have it: it is gained; the example on gaining speaks only of a creature that already has the feature («…существу с Опытом в атаке, получение этого Опыта в атаке не будет считаться выполненным»): that a card without it gains it the text does not say in so many words — it is the engine's reading"]).
lang:step(en, works_as, "works as", ["{value} works as {result}"]).
lang:step(en, leave, "stops standing next to",
          [ when(['result.gained' = '*'], "{card|card} stops standing next to {from|card}: ends {result.ended|list}, returns {result.returned|list}, gained from a card still next to it {result.gained|list}"),
            "{card|card} stops standing next to {from|card}: ends {result.ended|list}, returns {result.returned|list}"
          ]).
lang:step(en, end_of_turn, "end of turn",
          ["end of the turn of {player|word}: ends {result.ended|list}, returns {result.returned|list}, works again: {result.lifted|card_feature|list}"]).
lang:step(en, approach, "comes to stand next to",
          ["{card|card} comes to stand next to {to|card}: gained {result.gained|list}, not performed: {result.not_performed|list}"]).
lang:step(en, adjacent_grant, "gives a card next to it",
          ["{from|card} gives {card|card} «{name} {value}» while it stands next to it"]).
lang:step(en, replaced_not_kept, "a replaced feature is not kept",
          ["«{name} {value}» of {card|card} was acquired: replaced, it will not come back. The text says «○ подавляются до появления новой базовой именной особенности, если были собственными» of own features only; that an acquired one is not kept it does not say in so many words — it is the engine's reading"]).
lang:step(en, replacing_stays, "the replacing feature stays",
          ["«{name} {value}» of {card|card} does not end: it was not gained for that while; only the feature it replaced ends"]).
lang:step(en, replaced_ended, "a replaced feature ends",
          ["the replaced «{name} {value}» of {card|card} ends with its condition and will not come back"]).
lang:step(en, feature_kept, "the feature stays",
          [ when(['because.gain_not_performed' = '*'], "{card|card} keeps «{name} {value}»: gaining it for that while was not performed"),
            when(['because.markers' = '*'], "«{name} {value}» of {card|card} stays suppressed: the suppression marker stays {because.markers|word}"),
            when(['because.given_by' = '*'], "«{name} {value}» of {card|card} stays: {because.given_by|card} gave it «до конца вашего хода», that is to the end of the turn of {because.until_the_end_of_the_turn_of|word}, and the turn of {because.turn_ending|word} ends; that «вашего» is the turn of the player whose card gave it the text does not say outright — it is the engine's reading"),
            "«{name} {value}» of {card|card} stays «до конца вашего хода», to the end of the turn of {because.until_the_end_of_the_turn_of|word}, and the turn of {because.turn_ending|word} ends — the text does not say this outright, it is the engine's reading"
          ]).
lang:step(en, feature_ended, "feature ends",
          [ when([edition = 'B', 'result.no_longer_next_to' = '*'], "{card|card} loses «{name} {value}»: {result.no_longer_next_to|card} no longer stands next to it — the condition of its existence ended, it is removed from the card"),
            when(['result.no_longer_next_to' = '*'], "{card|card} loses «{name} {value}»: {result.no_longer_next_to|card} no longer stands next to it"),
            "{card|card} loses «{name} {value}»"
          ]).
lang:step(en, bonus_ended, "a plus to a feature ends",
          [ when([minus = '*'], "{card|card} loses the −{minus} to «{name}» {source|from}"),
            "{card|card} loses the +{plus} to «{name}» {source|from}"
          ]).
lang:step(en, feature_ended_at_turn_end, "feature ends at the end of the turn",
          [ when([until = end_of_your_turn], "{card|card} loses «{name} {value}», held «до конца вашего хода»: the turn of {result.end_of_turn|word} ends. The only words of the text on a feature held so are «…получает [Опыт в атаке] 1 или +1 к [Опыту в атаке] до конца вашего хода. … получение этого Опыта в атаке не будет считаться выполненным, поэтому в конце хода Опыт в атаке у этого существа не пропадёт», said of a gain not performed; that one performed ends then is their reading by contraposition — the text does not say it, it is the engine's reading"),
            "{card|card} loses «{name} {value}», held «до конца хода»: the turn ends. The only words of the text on a feature held so are «…получает [Опыт в атаке] 1 или +1 к [Опыту в атаке] до конца вашего хода. … получение этого Опыта в атаке не будет считаться выполненным, поэтому в конце хода Опыт в атаке у этого существа не пропадёт», said of a gain not performed; that one performed ends then is their reading by contraposition — the text does not say it, it is the engine's reading"
          ]).
lang:step(en, bonus_ended_at_turn_end, "a plus to a feature ends at the end of the turn",
          [ when([minus = '*'], "{card|card} loses the −{minus} to «{name}» {source|from}, held until the end of the turn. The only words of the text on a feature held so are «…получает [Опыт в атаке] 1 или +1 к [Опыту в атаке] до конца вашего хода. … получение этого Опыта в атаке не будет считаться выполненным, поэтому в конце хода Опыт в атаке у этого существа не пропадёт», said of a gain not performed; that one performed ends then is their reading by contraposition — the text does not say it, it is the engine's reading"),
            "{card|card} loses the +{plus} to «{name}» {source|from}, held until the end of the turn. The only words of the text on a feature held so are «…получает [Опыт в атаке] 1 или +1 к [Опыту в атаке] до конца вашего хода. … получение этого Опыта в атаке не будет считаться выполненным, поэтому в конце хода Опыт в атаке у этого существа не пропадёт», said of a gain not performed; that one performed ends then is their reading by contraposition — the text does not say it, it is the engine's reading"
          ]).
lang:step(en, replaced_ended_at_turn_end, "a replaced feature ends at the end of the turn",
          ["the replaced «{name} {value}» of {card|card}, held until the end of the turn, ends and will not come back. The only words of the text on a feature held so are «…получает [Опыт в атаке] 1 или +1 к [Опыту в атаке] до конца вашего хода. … получение этого Опыта в атаке не будет считаться выполненным, поэтому в конце хода Опыт в атаке у этого существа не пропадёт», said of a gain not performed; that one performed ends then is their reading by contraposition — the text does not say it, it is the engine's reading"]).
lang:step(en, plus_gone_with_feature, "a plus goes with its feature",
          ["{card|card} loses with «{name} {value}» the {signed} given to it {source|from}, though that was not given for a while. The engine reads the example «существо с особенностью \"Отравление 1\" получает \"+1 к Отравлению\", это означает, что теперь вместо особенности \"Отравление 1\" у него особенность \"Отравление 2\"» so: a «+N» makes of the feature a greater one, which holds while the first one's condition holds; «…Отравление 2, которое уже не пропадёт, если Льер-Кулат отойдёт» is said of a feature gained (Бокор's, strengthened by Менгир), not of a «+N». What becomes of the «+N» the text does not say directly — this is the engine's reading"]).
lang:step(en, feature_returns, "feature returns",
          [ when([kept = own], "«{name} {value}» is {card|card}'s again: its own, it was suppressed when replaced, not removed; that the suppression ends when the replacing one goes the text does not say in so many words — it is the engine's reading"),
            "«{name} {value}» is {card|card}'s again"
          ]).
lang:step(en, formation, "formation",
          [ when([in = true, gainers = '*'], "{card|card} forms a formation: {gainers|cards} gains {result.gained|list}"),
            when([in = true], "{card|card} forms a formation: gained {result.gained|list}"),
            when([in = false, losers = '*'], "{card|card} leaves the formation: ends for {losers|cards}: {result.ended|list}"),
            "{card|card} leaves the formation: ends {result.ended|list}"
          ]).
lang:step(en, formation_grant, "gained in formation", ["{card|card} gains «{name} {value}» in formation ({because|word})"]).
lang:step(en, formation_grant_replaces, "replaced in formation", ["{card|card} gains «{name} {value}» in formation instead of its own «{name} {held}»: the higher value replaces the lower"]).
lang:step(en, formation_grant_not_given, "not got in formation",
          [ when(['reason.held' = '*'], "{card|card} does not get «{name} {value}» in formation: it holds its own «{name} {reason.held}», and a lower or the same value is not gained"),
            when(['reason.zone' = '*'], "{card|card} does not get «{name} {value}» in formation: {source|card} is not in the battle zone (in the {reason.zone|word} zone), its text does not give it"),
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
          [ when([stated = false], "the effects {effects|list} apply in the order {result|list} (no choice stated: in the order of the cards and their effects; which order without a choice the text does not say in so many words — it is the engine's reading)"),
            "the effects {effects|list} apply in the order {result|list}"
          ]).
lang:step(en, prevention_order_read, "order of an effect without an amount",
          ["the effects {effects|list} apply in the order {result|list}: {unquantified|list} has no amount, and the order «first the Inactive player applies all the effects» is given for effects that have one; the text does not say so in so many words — it is the engine's reading"]).
lang:step(en, prevention_applied, "prevention",
          [ when(['result.lost' = '*'], "the effect of {holder|card} ({effect}) prevents {result.used} of {wounds_before|plural:wound:wounds}: {result.wounds|plural:wound:wounds} left; the effect is used once — the {result.lost} unused are lost, it has 0 left"),
            when(['result.left' = '*'], "the effect of {holder|card} ({effect}) prevents {result.used} of {wounds_before|plural:wound:wounds}: {result.wounds|plural:wound:wounds} left, the effect has {result.left} left"),
            "the effect of {holder|card} ({effect}) prevents {result.used} of {wounds_before|plural:wound:wounds}: {result.wounds|plural:wound:wounds} left"
          ]).
lang:step(en, prevention_all, "prevention of all the wounds",
          ["the effect of {holder|card} ({effect}) prevents all {wounds_before|plural:wound:wounds}: the effect has no amount, {result.wounds|plural:wound:wounds} left; the text does not say so in so many words — it is the engine's reading"]).
lang:step(en, prevention_stopped, "prevention no longer applies",
          [ when([left_play = true], "the effect of {holder|card} ({effect}): the card left the play zone, the effect no longer applies"),
            "the effect of {holder|card} ({effect}): the card is not in the play zone, the effect does not apply"
          ]).
lang:step(en, prevention_not_in_play, "prevention does not apply",
          ["the effect of {holder|card} ({effect}): the card is not in play ({zone|word}) and did not leave the play zone, the effect does not apply; the text does not say so in so many words — it is the engine's reading"]).
lang:step(en, prevention_not_protected, "prevention does not protect",
          [ when(['card_text' = '*'], "the effect of {holder|card} ({effect}) does not protect {card|card}: the effect protects only its own player's creatures — the text of that card says so (its data in cards.yaml), as the rulebook's example quotes it"),
            "the effect of {holder|card} ({effect}) does not protect {card|card}: the effect protects only its own player's creatures — the input gives it so (cards[{card_at}].effects[{effect_at}].protects)" ]).
lang:step(en, prevention_spent, "prevention used up",
          [ when([type = prevent_once], "the effect of {holder|card} ({effect}) was used: its text allows one use"),
            "the effect of {holder|card} ({effect}) is used up: nothing is left to prevent"
          ]).
lang:step(en, prevention_ended, "prevention no longer applies",
          [ when([count = 1, static_count = 1], "{card|card} leaves the play zone: its prevention effect {effects|list} no longer applies; this static ability works again only if the card comes back into play as a new object (the text does not say so in so many words — it is the engine's reading)"),
            when([static_count = 1], "{card|card} leaves the play zone: its prevention effects {effects|list} no longer apply; the static ability {static|list} works again only if the card comes back into play as a new object (the text does not say so in so many words — it is the engine's reading)"),
            when([static = '*'], "{card|card} leaves the play zone: its prevention effects {effects|list} no longer apply; the static abilities {static|list} work again only if the card comes back into play as a new object (the text does not say so in so many words — it is the engine's reading)"),
            when([count = 1], "{card|card} leaves the play zone: its prevention effect {effects|list} no longer applies"),
            "{card|card} leaves the play zone: its prevention effects {effects|list} no longer apply"]).
lang:step(en, prevention_works_again, "prevention works again",
          ["the effect of {holder|card} ({effect}) is a static ability: the card left the play zone and is in play again as a new object, whose ability works again; the text does not say so in so many words — it is the engine's reading"]).
lang:step(en, left_play_zone, "the card leaves the play zone",
          [ when([acquired = null, tapped = true, bonuses = '*'], "{card|card} goes to the {to|word} zone and comes back into the play zone only taken anew from there, a new object: {wounds|none:it has no wounds|plural:wound goes:wounds go}, it is no longer tapped, what its own features were given ({bonuses|list}) goes; the text does not say so in so many words — it is the engine's reading"),
            when([acquired = null, bonuses = '*'], "{card|card} goes to the {to|word} zone and comes back into the play zone only taken anew from there, a new object: {wounds|none:it has no wounds|plural:wound goes:wounds go}, what its own features were given ({bonuses|list}) goes; the text does not say so in so many words — it is the engine's reading"),
            when([acquired = null, tapped = true], "{card|card} goes to the {to|word} zone and comes back into the play zone only taken anew from there, a new object: {wounds|none:it has no wounds|plural:wound goes:wounds go}, it is no longer tapped; the text does not say so in so many words — it is the engine's reading"),
            when([acquired = null], "{card|card} goes to the {to|word} zone and comes back into the play zone only taken anew from there, a new object: {wounds|none:it has no wounds|plural:wound goes:wounds go}; the text does not say so in so many words — it is the engine's reading"),
            when([tapped = true, bonuses = '*'], "{card|card} goes to the {to|word} zone and comes back into the play zone only taken anew from there, a new object: {wounds|none:it has no wounds|plural:wound goes:wounds go}, it is no longer tapped, what it acquired ({acquired|list}) and what its own features were given ({bonuses|list}) go; the text does not say so in so many words — it is the engine's reading"),
            when([bonuses = '*'], "{card|card} goes to the {to|word} zone and comes back into the play zone only taken anew from there, a new object: {wounds|none:it has no wounds|plural:wound goes:wounds go}, what it acquired ({acquired|list}) and what its own features were given ({bonuses|list}) go; the text does not say so in so many words — it is the engine's reading"),
            when([tapped = true], "{card|card} goes to the {to|word} zone and comes back into the play zone only taken anew from there, a new object: {wounds|none:it has no wounds|plural:wound goes:wounds go}, it is no longer tapped, what it acquired ({acquired|list}) goes; the text does not say so in so many words — it is the engine's reading"),
            "{card|card} goes to the {to|word} zone and comes back into the play zone only taken anew from there, a new object: {wounds|none:it has no wounds|plural:wound goes:wounds go}, what it acquired ({acquired|list}) goes; the text does not say so in so many words — it is the engine's reading"
          ]).
lang:step(en, control_returns, "control returns to the owner",
          ["{card|card} has left the play zone; {controller|word} controlled it only in play: as a new object it is under its owner's control again ({owner|word}); the text does not say so in so many words — it is the engine's reading"]).
lang:step(en, replacement_declined, "replacement effect declined",
          ["the replacement effect of {holder|card} ({replacement}) may replace the effect; its player declines"]).
lang:step(en, replacement_not_declined, "optional replacement effect applied",
          ["the replacement effect of {holder|card} ({replacement}) is a «may instead»: its player may decline it, no decline is stated (field decline) — it applies; that it applies without a decline the text does not say in so many words — it is the engine's default reading"]).
lang:step(en, replacement_not_in_play, "replacement effect does not apply",
          ["the replacement effect of {holder|card} ({replacement}): the card is not in play ({zone|word}), the effect does not apply; the text does not say so in so many words — it is the engine's reading"]).
lang:step(en, effect, "effect",
          ["{effect.kind|word} {effect.amount} ({effect.card|card}) executes as {result.kind|word} {result.amount}"]).
lang:step(en, effect_unreplaced, "effect not replaced",
          ["no replacement effect applies to the effect «{effect.kind|word} {effect.amount}» ({effect.card|card}): it executes as it is; the text does not say so in so many words — it is the engine's reading"]).
lang:step(en, replacement, "replacement effects",
          ["{effect.kind|word} {effect.amount} → {result.kind|word} {result.amount}"]).
lang:step(en, replacement_chosen, "replacement effect chosen",
          [ when(['result.stated' = false], "of {applicable|list}, {result.chosen} applies; chosen by {result.by|word} (no choice stated: the first listed; what is chosen without a choice the text does not say in so many words — it is the engine's reading)"),
            "of {applicable|list}, {result.chosen} applies; chosen by {result.by|word}"
          ]).
lang:step(en, replacement_applied, "replacement effect applied",
          ["the replacement effect of {holder|card} ({replacement}): {effect.kind|word} {effect.amount} → {result.kind|word} {result.amount}"]).
lang:step(en, replacement_applied_once, "a replacement effect applies once",
          ["the replacement already applied ({replacements|list}) would apply again to the result, {effect.kind|word} {effect.amount}; each replacement effect applies to an event once, and the replacing stops here; the text does not say this directly — this is the engine's reading"]).
lang:step(en, replacement_unchanged, "replacement effects declined",
          ["the effect is not replaced: every replacement effect that may replace it is declined — {effect.kind|word} {effect.amount} executes unchanged"]).

% --- bringing into the squad (rules/squad.pl) -------------------------------------------------------

lang:step(en, bring_into_squad, "bringing a card into the squad",
          [ when(['result.performed' = true], "{player|word}: {how|word} of {card|card} — in the {result.zone|word} zone, controlled by {result.controller|word}"),
            "{player|word}: {how|word} of {card|card} — not performed"
          ]).
lang:step(en, control_taken, "taking control",
          ["taking control: {player|word} becomes the player controlling the card, the opponent stops controlling it"]).
lang:step(en, take_control_not_in_play, "taking control not performed",
          ["taking control not performed: the card is not in play (in the {zone|word} zone); only a card in play is taken under control — the text does not say this outright, it is the engine's reading"]).
lang:step(en, default, "default rule", ["{how|word}: by default, {rule|word}"]).
lang:step(en, default_overridden, "the card's text changes the default",
          ["{how|word}: the card's text changes «{rule|word}»: {result|word}"]).
lang:step(en, not_performed, "not performed", [when([zone = '*'], "{how|word} not performed: {reason|word} (in the {zone|word} zone), and a card outside it is created"),
                                               "{how|word} not performed: {reason|word}"]).
lang:step(en, placed_in_play_zone, "the card is put into the play zone",
          ["{how|word}: {card|card} is put into the play zone; which part of it the text does not say — the scenario puts it in the battle zone (no paragraph says so)"]).
lang:step(en, deck_shuffled, "the deck is shuffled", ["the deck is shuffled after it was looked through, whether a card was summoned or not"]).
lang:step(en, lose_control_not_in_play, "control is not passed: the card is not in play",
          ["control does not pass to the opponent: the card is not in play (in the {zone|word} zone); only a card in play is taken into the opponent's squad — the text does not say this outright, it is the engine's reading"]).
lang:step(en, lose_control, "loss of control",
          ["control of {card|card}: {result.controller|word} (changed — {result.changed|word})"]).
lang:step(en, end_of_game, "end of the game", ["after the game the created cards are removed: {result.removed|cards}"]).
lang:step(en, created_removed_elsewhere, "the engine's reading: from every zone",
          ["{cards|cards} are not in the deck but are removed too: the text speaks only of the deck; that created cards are removed from every zone the text does not say in so many words — it is the engine's reading"]).

% --- loss of features (rules/loss.pl) ---------------------------------------------------------------

lang:step(en, lose_features, "loss of features",
          [ when(['result.lost_grants' = '*'], "{card|card} loses {which|word}: suppressed {result.suppressed|list}, removed {result.removed|list}; other cards lose what it gave them in formation: {result.lost_grants|card_feature|list}"),
            "{card|card} loses {which|word}: suppressed {result.suppressed|list}, removed {result.removed|list}"
          ]).
lang:step(en, feature_lost, "feature lost", ["«{name} {value}»: {result|word}"]).
lang:step(en, marker_period, "period of the suppression marker", ["the suppression marker stays {result|word}"]).
lang:step(en, not_in_battle_zone, "card not in the battle zone",
          ["{card|card} is not in the battle zone ({zone|word}): the loss does not affect it"]).
lang:step(en, grant_lost_with_giver, "a grant in formation from another card ends",
          ["{card|card} loses «{result|list}», given in formation by {source|card}: the Строй of {source|card} no longer works — the condition of that feature's existence is broken"]).
lang:step(en, formation_features_lost, "features tied to formation lost",
          ["{card|card} loses the features tied to its formation: {result|list}"]).
lang:step(en, markers_lifted, "suppression markers removed", ["{when|word}: works again: {result|card_feature|list}"]).
lang:step(en, nothing_lifted, "no markers removed",
          [when([when = end_of_battle], "at the end of battle no suppression marker is removed: none lasts «until the end of battle»"), "{when|word}: no suppression marker is removed — none has that period"]).
lang:step(en, no_markers, "no markers",
          [ when([feature = '*'], "«{feature}» of {card|card} has no suppression marker: nothing to remove"),
            "{card|card} has no suppression marker: nothing to remove" ]).
lang:step(en, markers_removed, "suppression markers removed by an effect",
          ["the suppression markers of {card|card} are removed: works again: {result.lifted|card_feature|list}"]).
lang:step(en, trigger, "trigger",
          [ when([result = false], "«{feature}» of {card|card} is suppressed and does not fire"),
            "«{feature}» of {card|card} fires"
          ]).
lang:step(en, removed_stays_away, "a removed feature does not come back",
          ["the loss's period ends, but the removed acquired features of {card|card} ({names|list}) do not come back"]).
lang:step(en, acquired_kept, "an acquired feature stays",
          ["{name} {value} is an acquired feature: losing all features, the card keeps it"]).
lang:step(en, nothing_ends, "nothing ends", ["nothing ends at the end of the turn: no feature has a period that ends now; the text does not say so in so many words — it is the engine's reading"]).
lang:step(en, loss_goes_on, "the loss goes on", ["{card|card} goes to the {to|word} zone: the loss is stated to work anywhere, so its suppression markers stay"]).
lang:step(en, move_given, "no rule of the edition acts on it", ["{card|card} goes to the {to|word} zone as the scenario says: no rule of edition {edition} acts on this move"]).
lang:step(en, zone_change, "change of zone",
          [ when(['result.lost_grants' = '*'], "{card|card} goes to the {to|word} zone: fires {result.triggered|list}, returns {result.restored|list}; other cards lose what they held from it: {result.lost_grants|card_feature|list}"),
            "{card|card} goes to the {to|word} zone: fires {result.triggered|list}, returns {result.restored|list}" ]).

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
           ["gained {result.gained|list}; not performed: {result.not_performed|list}"]).
lang:event(en, leave, "leaving",
           [ when(['result.gained' = '*'], "ends {result.ended|list}; returns {result.returned|list}; gained from a card still next to it {result.gained|list}"),
 when(['result.lessened' = '*'], "ends {result.ended|list}; returns {result.returned|list}; of them, only the plus of {result.lessened|list}"),
             "ends {result.ended|list}; returns {result.returned|list}"]).
lang:event(en, end_of_turn, "end of turn",
           [ when(['result.lessened' = '*'], "ends {result.ended|list}; returns {result.returned|list}; works again: {result.lifted|card_feature|list}; of them, only the plus of {result.lessened|list}"),
             "ends {result.ended|list}; returns {result.returned|list}; works again: {result.lifted|card_feature|list}"]).
lang:event(en, wounds, "wounds", ["{result.wounds} dealt, {result.prevented} prevented"]).
lang:event(en, effect, "effect", ["{result.kind|word} {result.amount} ({result.card|card}) executes"]).
lang:event(en, bring_into_squad, "bringing into the squad",
           [ when(['result.performed' = true], "in the {result.zone|word} zone, controlled by {result.controller|word}"),
             "not performed"
           ]).
lang:event(en, lose_control, "loss of control", ["controlled by {result.controller|word}"]).
lang:event(en, end_of_game, "end of the game", ["removed {result.removed|cards}"]).
lang:event(en, lose_features, "loss of features",
           [ when(['result.lost_grants' = '*'], "suppressed {result.suppressed|list}; removed {result.removed|list}; other cards lose what they were given: {result.lost_grants|card_feature|list}"),
             "suppressed {result.suppressed|list}; removed {result.removed|list}"
           ]).
lang:event(en, zone_change, "change of zone",
           [ when(['result.lost_grants' = '*'], "to the {result.zone|word} zone; fired {result.triggered|list}; returns {result.restored|list}; other cards lose what they were given: {result.lost_grants|card_feature|list}"),
             "to the {result.zone|word} zone; fired {result.triggered|list}; returns {result.restored|list}" ]).
lang:event(en, end_of_battle, "end of the battle", [when(['result.returned_grants' = '*'], "works again: {result.lifted|card_feature|list}; given again in formation {result.returned_grants|card_feature|list}"),
             "works again: {result.lifted|card_feature|list}"]).
lang:event(en, remove_markers, "removing markers", [when(['result.returned_grants' = '*'], "works again: {result.lifted|card_feature|list}; given again in formation {result.returned_grants|card_feature|list}"),
             "works again: {result.lifted|card_feature|list}"]).
lang:event(en, formation, "formation", ["ends {result.ended|list}; gained {result.gained|list}"]).
lang:event(en, defend, "defence",
           ["taps — {result.taps|word}; defences per turn — {result.defences_per_turn|word}"]).
