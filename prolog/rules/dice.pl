:- encoding(utf8).
:- module(dice,
          [ die_roll/4                  % +Edition, +Roll, +State, -Result
          ]).

/** <module> Die rolls and their modifiers (section dice_modifiers)

The rules and the units that state them are edition data (editions/a.pl: «Модификаторы броска
кубика», 518.3 and its groups а) … д), 518.4, the reroll paragraph; editions/b.pl: 519.1 … 519.8).
One clause per behaviour; where the editions differ, the variants of the rule stand together:

  - flip: `turn_over` (the die itself is turned over, not a modifier: A) or `set_to_modifier`
    («сведение кубика»: a set-to modifier of the card that flips: B 519.6);
  - dice_modifier_order: the list of groups in order (A: additive а–г, then set-to д; B: set-to
    a., then additive b.; inside each, own squad, roller, opponent);
  - dice_bounds (A 518.4: the roll kept within 1…6, a rules modifier of group г) and
    next_roll_equals (B 519.5) are stated by one edition only.

A roll is a dict from the scenario:
`_{roller:Card, roll:Face|null, reroll:Face|null, flip:Bool, flip_source:Card|null,
   flip_id:Id|null, first:reroll|flip|null, next_roll_equals:Face|null,
   modifiers:[_{id:Id, source:CardOrRules, op:add|set, value:Int, declared:When}], order:[Id]}`.
Where a flip is a modifier (B), it has an id (`flip_id`, default `flip`) that `order` may place,
and a source; where it turns the die over (A), it has neither, and `first` says whether the reroll
or the flip came first (default: the reroll). A field that has no effect under the edition is
refused (game:no_effect/2).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../engine/undo').
:- use_module('../state/game').
:- use_module('../editions/editions').
:- use_module(modifier_order).

explain:mechanics_module(dice).

explain:step(dice:die_roll(Ed, Roll, _, Result), die_roll,
             _{edition:Ed, roller:Roll.roller, thrown:T}, Result) :-
    % «следующий бросок кубика равен X … Кубик в этом случае не бросается» (B 519.5)
    ( Roll.next_roll_equals == null -> T = true ; T = false ).
explain:step(dice:rolled(_, Face, Value), die_rolled, _{roll:Face}, Value).
explain:step(dice:rerolled(_, Old, New, Value, Said), rerolled, _{before:Old, reroll:New, said:Said}, Value).
explain:step(dice:flipped(_, Old, Value), flipped, _{before:Old}, Value).
% The faces a flip gives (A) and the face a reroll ignores (A) are the engine's reading: no unit of
% the edition gives them, so the step cites none and says so.
explain:uncited_step(flipped).
explain:uncited_step(rerolled).
explain:step(dice:next_roll_value(_, X, Value), next_roll_equals, _{x:X}, Value).
explain:step(dice:flip_source(_, Roll, Source), flip_source, _{roller:Roll.roller}, Source).
explain:step(dice:apply_modifier(_, _, _, group(Phase, Relation)-Mod, V0, V), modifier_applied,
             _{modifier:Mod, before:V0, group:_{phase:Phase, relation:Relation}}, V) :-
    Mod.get(op) \== set.
% «сводится к N» (518.3 item 5) gives N whatever it was given: the step says so.
explain:step(dice:apply_modifier(_, _, _, group(Phase, Relation)-Mod, V0, V), modifier_applied,
             _{modifier:Mod, before:V0, group:_{phase:Phase, relation:Relation}, independent_of_before:true}, V) :-
    Mod.get(op) == set.
explain:step(dice:not_in_the_squad(_, State, _, Mod), modifier_not_applied,
             _{modifier:Mod, zone:Zone}, not_applied) :-
    state_card(State, Mod.source, Card), Zone = Card.zone.
explain:step(dice:opponents_card_away(_, State, _, Mod), opponent_card_away,
             _{modifier:Mod, zone:Zone}, applies) :-
    state_card(State, Mod.source, Card), Zone = Card.zone.
explain:step(dice:application_order(_, _, _, _, Grouped), application_order, _{count:N}, Ids) :-
    maplist(grouped_id, Grouped, Ids), length(Ids, N).
explain:step(dice:kept_after(_, Mod, When), declared_before, _{modifier:Mod.id, declared:When}, kept).
explain:step(dice:order_in_group(_, _, group(Phase, Relation)-Ids, Chooser), order_in_group,
             _{phase:Phase, relation:Relation, modifiers:Ids}, Chooser).

grouped_id(_-Mod, Mod.id).

% --- what a step stands for (engine/undo.pl) ---------------------------------------------------

%   A step about the flip (a flip modifier, or the face it turned the die to): «Переброс кубика и
%   переворот» — without the flip, no flip, no source or id of it, no first of reroll and flip, and
%   a modifier declared before the flip is declared after the roll.
undo:undo(Step, Inputs, _, Edits) :-
    (   Step == flipped -> Drop = []
    ;   get_dict(modifier, Inputs, M), is_dict(M), M.get(op) == flip -> Drop = [_{drop:order, item:M.get(id, null)}]
    ),
    append([[_{put:flip, value:false, at:event}, _{put:flip_source, value:null, at:event},
             _{put:flip_id, value:null, at:event}, _{put:first, value:null, at:event}],
            Drop, [_{rename:modifiers, field:declared, from:before_flip, to:after}]], Edits).
%   A reroll («Переброс кубика и переворот»): without it, no reroll and no first of reroll and flip,
%   and a modifier declared before the reroll is declared after the roll.
undo:undo(rerolled, _, _, [_{put:reroll, value:null, at:event}, _{put:first, value:null, at:event},
                           _{rename:modifiers, field:declared, from:before_reroll, to:after}]).
%   A modifier applied (518.3; 519.3 for an attack): without it, taken out of the modifiers and of
%   the order they are applied in.
undo:undo(modifier_applied, Inputs, _, [_{drop:modifiers, field:id, value:Id}, _{drop:order, item:Id}]) :-
    get_dict(modifier, Inputs, M), is_dict(M), memberchk(M.get(op), [add, set, strike]),
    Id = M.get(id).
%   A modifier not applied because its card is not in the squad (518.3 item 1 «от карт своего
%   отряда»; 519.3 items 1 and 3 for an attack): let through, its card in the squad (undo:in_squad/2).
undo:undo(modifier_not_applied, Inputs, _, Edits) :-
    in_squad(Inputs, Edits).

%   The unmodified face of a die («Модификаторы броска кубика»: the face put on the stack): its reroll when it has one, else its roll.
undo:result_input(die_roll, unmodified, Body, [event, F], false) :-
    (   given(Body, reroll) -> F = reroll ; F = roll ).

%!  die_roll(+Edition:atom, +Roll:dict, +State:dict, -Result:dict) is det.
%
%   Result is `_{value:Value, unmodified:Unmodified}`: the die after reroll, flip or «next roll
%   equals X» (Unmodified), then after every modifier in the edition's order (Value).
%
%   @see 518.3, 518.4 (edition A); 519.1–519.8 (edition B)
%   @error unsupported(Mechanic, Edition, Detail) if the edition's text has no rule for a part of
%          the roll (flip or «next roll equals X» in A, modifiers of the rules of the game in B).
%   @error no_effect(roll, Why), no_effect(reroll, Why) for a face or a reroll of a die that is not
%          rolled («next roll equals X»).
%   @error impossible(Text) for a roller that is not in play, or a roll that with its modifiers is
%          outside 1…6 under an edition that says nothing of one (B).
%   @error existence_error(card, Id) for an unknown card handle.
die_roll(Ed, Roll, State, _{value:Value, unmodified:Unmodified}) :-
    % every modifier applies once the roll is made (A «Когда бросок кубика становится верхним…»,
    % B 519.1)
    stated(Ed, roll_modified),
    unmodified_value(Ed, Roll, Unmodified),
    state_card(State, Roll.roller, Roller),
    (   in_play(Roller.zone)
    ->  true
    ;   refuse(roll_zone, "~w is in zone ~w: only a card in play rolls a die", [Roller.id, Roller.zone])
    ),
    no_rules_modifier_given(Ed, Roll),
    % the edition's own modifiers too: a flip that is a set-to modifier of its card (B 519.6) is
    % one «из отряда» only from a card in play, as any other (519.3 a.)
    edition_modifiers(Ed, Roll, EditionMods),
    append(Roll.modifiers, EditionMods, Mods),
    exclude(not_in_the_squad(Ed, State, Roller), Mods, Mods0),
    include(opponents_card_away(Ed, State, Roller), Mods0, _Away),
    application_order(Ed, State, Roller, Roll.order-Mods0, Grouped),
    order_within_groups(Ed, dice, Roll.order, Grouped),
    groups_with_choice(Grouped, Choices),
    maplist(order_in_group(Ed, Roller), Choices, _Choosers),
    foldl(apply_modifier(Ed, State, Roller), Grouped, Unmodified, Value),
    within_a_die(Ed, Value).

%   within_a_die(+Ed, +Value): a die shows 1…6. A computed roll outside that range is kept within
%   it where the edition says so (dice_bounds, A 518.4, applied as a modifier of group г); an
%   edition whose text says nothing of such a roll cannot compute one: it is refused, as a die face
%   of 7 is, naming the edition that does state what happens.
within_a_die(Ed, Value) :-
    (   between(1, 6, Value)
    ->  true
    ;   has_rule(Ed, dice_bounds)
    ->  true
    ;   missing_why(Ed, dice_bounds, Why),
        refuse(die_outside, "the die roll with its modifiers would be ~w, outside 1…6: ~s", [Value, Why])
    ).

%   application_order(+Ed, +State, +Roller, +Chosen-Mods0, -Grouped): Group-Mod pairs in the
%   order the edition's list of groups gives (and, inside a group, the players' stated choice,
%   else the listed order).
application_order(Ed, State, Roller, Chosen-Mods0, Grouped) :-
    stated(Ed, dice_modifier_order),
    ordered_modifiers(group_of(Ed, State, Roller), Chosen, Mods0, Grouped).

% --- the die before modifiers -------------------------------------------------------------------

unmodified_value(Ed, Roll, Value) :-
    (   Roll.next_roll_equals \== null
    ->  next_roll_value(Ed, Roll.next_roll_equals, Value),
        not_rolled(Ed, Roll)
    ;   rolled(Ed, Roll.roll, V0),
        flip_fields_fit(Ed, Roll),
        (   Roll.flip == true, variant(Ed, flip, turn_over), Roll.get(first, null) == flip
        ->  % turned over, then rerolled: the reroll replaces the face the flip gave
            flipped(Ed, V0, V1),
            rerolled(Ed, V1, Roll.reroll, Value, _)
        ;   (   Roll.reroll \== null
            ->  rerolled(Ed, V0, Roll.reroll, V1, _)
            ;   V1 = V0
            ),
            (   Roll.flip == true, variant(Ed, flip, turn_over)
            ->  flipped(Ed, V1, Value)
            ;   Value = V1          % no flip, or a flip that is a modifier (edition_modifiers/3)
            )
        )
    ).

%   flip_fields_fit(+Ed, +Roll): where a flip turns the die over and is no modifier (A), it has no
%   source and no place in the order of modifiers; where it is a modifier (B), the reroll comes
%   before every modifier, so which came first is not a choice.
flip_fields_fit(Ed, Roll) :-
    (   Roll.flip == true, variant(Ed, flip, turn_over)
    ->  rule_units(Ed, flip, Units),
        atomic_list_concat(Units, ', ', Where),
        flip_id(Roll, Id),
        (   Roll.get(flip_source, null) \== null
        ->  not_a_modifier(flip_source, Where)
        ;   Roll.get(flip_id, null) \== null
        ->  not_a_modifier(flip_id, Where)
        ;   nth0(J, Roll.order, Id)
        ->  format(atom(F), "order[~w]", [J]),
            not_a_modifier(F, Where)
        ;   true
        )
    ;   Roll.flip == true, nth0(J, Roll.modifiers, Mod), Mod.declared == before_flip
    ->  % a flip that is a modifier changes no value at once: every modifier declared is applied in
        % the order of the groups, wherever it was declared
        rule_units(Ed, declared_before_kept, U1), rule_units(Ed, flip, U2), append(U1, U2, Units),
        atomic_list_concat(Units, ', ', Where),
        said(declared_before_flip, Why, "a flip is a modifier in this edition and changes no value at once (~w): nothing is declared before it", [Where]),
        format(atom(Field), "modifiers[~w].declared", [J]),
        no_effect(Field, Why)
    ;   Roll.flip == true, Roll.get(first, null) \== null
    ->  rule_units(Ed, reroll, U1), rule_units(Ed, flip, U2), append(U1, U2, Units),
        atomic_list_concat(Units, ', ', Where),
        said(reroll_first, Why, "the die is rerolled before any modifier is applied and a flip is a modifier (~w): the reroll always comes first", [Where]),
        no_effect(first, Why)
    ;   true
    ).

%   no_rules_modifier_given(+Ed, +Roll): where the rules of the game have a modifier of their own
%   for a die roll, it is the bound within 1…6 (A 518.3 г) «модификаторы правил игры для броска
%   кубика (п.518.4)», 518.4), which the edition adds itself: the text gives the rules no other, so
%   a modifier of the input with source `rules` is refused (an edition without one refuses it as a
%   rule it does not have).
no_rules_modifier_given(Ed, Roll) :-
    (   has_rule(Ed, dice_bounds), nth0(J, Roll.modifiers, Mod), Mod.source == rules
    ->  rule_units(Ed, rules_modifier(dice, additive), U1), rule_units(Ed, dice_bounds, U2), append(U1, U2, Units),
        atomic_list_concat(Units, ', ', Where),
        said(rules_modifier_given, Why, "the only modifier of the rules of the game for a die roll is the bound within 1…6 (~w), which the engine adds itself: the text gives the rules no other", [Where]),
        format(atom(Field), "modifiers[~w].source", [J]),
        no_effect(Field, Why)
    ;   true
    ).

not_a_modifier(Field, Where) :-
    said(flip_not_modifier, Why, "a flip is not a modifier in this edition, the die is turned over (~w): it has no source and no place among the modifiers", [Where]),
    no_effect(Field, Why).

flip_id(Roll, Id) :-
    (   Roll.get(flip_id, null) == null -> Id = flip ; Id = Roll.flip_id ).

% The face the die shows.
rolled(Ed, Face, Face) :-
    stated(Ed, roll_face).

% Reroll: the new face replaces the old one, which is ignored; it is not a modifier. Said is `text`
% where the edition says the old face is ignored (B 519.7: «Значение кубика до переброса в таком
% случае игнорируется»), `read` where it says only that a reroll is no modifier (A: «Переброс кубика и
% переворот кубика не являются модификаторами») and the rest is the engine's reading.
rerolled(Ed, _Old, New, New, Said) :-
    requires(Ed, reroll),
    (   states(Ed, old_face_ignored) -> Said = text ; Said = read ).

% Flip, variant turn_over (A): not a modifier — the die is turned over (1 ↔ 6, 2 ↔ 5, 3 ↔ 4: the
% faces of a die). A's words («Переброс кубика и переворот кубика не являются модификаторами») do not
% give the faces; that is the engine's reading (B's 519.6 gives them, but no edition borrows another's
% text), so this step cites nothing.
flipped(Ed, Old, New) :-
    requires(Ed, flip),
    New is 7 - Old.

% «Next roll equals X»: X is the unmodified roll; the die is not rolled.
next_roll_value(Ed, X, X) :-
    stated(Ed, next_roll_equals).

% … so it shows no face of its own and cannot be rerolled.
not_rolled(Ed, Roll) :-
    (   Roll.roll \== null
    ->  not_rolled_error(Ed, roll, "has no face of its own (give roll or next_roll_equals, not both)")
    ;   Roll.reroll \== null
    ->  not_rolled_error(Ed, reroll, "cannot be rerolled")
    ;   true
    ).

not_rolled_error(Ed, Field, What) :-
    rule_units(Ed, next_roll_equals, Units),
    atomic_list_concat(Units, ', ', Where),
    said(not_rolled, Why, "a die that is not rolled («следующий бросок кубика равен X», ~w) ~s", [Where, worded(What, Field)]),
    no_effect(Field, Why).

% --- modifiers the edition itself adds ------------------------------------------------------------

%   edition_modifiers(+Ed, +Roll, -Mods): the rules modifier that keeps the roll within 1…6
%   (dice_bounds), and a flip as a set-to modifier of the card that flips (flip: set_to_modifier).
edition_modifiers(Ed, Roll, Mods) :-
    (   has_rule(Ed, dice_bounds)
    ->  Bounds = [_{id:rules_bounds, source:rules, op:bound, value:null, declared:after}]
    ;   Bounds = []
    ),
    (   Roll.flip == true, variant(Ed, flip, set_to_modifier)
    ->  flip_source(Ed, Roll, Source),
        flip_id(Roll, Id),
        Flip = [_{id:Id, source:Source, op:flip, value:null, declared:after}]
    ;   Flip = []
    ),
    append(Bounds, Flip, Mods).

%   flip_source(+Ed, +Roll, -Source): the card whose modifier a flip is: the one the situation
%   names, else the roller (modifier_owner: the card whose feature it is).
flip_source(Ed, Roll, Source) :-
    (   Roll.flip_source == null
    ->  stated(Ed, modifier_owner),
        Source = Roll.roller
    ;   Source = Roll.flip_source
    ).

%   not_in_the_squad(+Ed, +State, +Roller, +Mod): Mod comes from a card of the roller's player that
%   is not in play — not one «из отряда игрока, бросающего кубик» (A 518.3 а), B 519.3 a.), so in
%   none of the groups the order applies.
not_in_the_squad(Ed, State, Roller, Mod) :-
    Mod.source \== rules,
    source_relation(State, Roller, Mod.source, own_squad),
    state_card(State, Mod.source, Card),
    \+ in_play(Card.zone),
    (   Mod.op == flip
    ->  stated(Ed, flip)            % the flip is that card's set-to modifier (B 519.6)
    ;   true
    ),
    stated(Ed, from_the_squad(dice, own_squad)).

%   opponents_card_away(+Ed, +State, +Roller, +Mod): Mod comes from a card of the roller's opponent
%   that is not in play (in the hand, the deck, the graveyard); it applies all the same. The group
%   of the opponent's modifiers names no squad (A 518.3 в) «модификаторы, полученные от карт
%   противника игрока, бросающего кубик», B 519.3 c.), unlike that of the roller's own cards («из
%   отряда»): read literally, it does not ask the card to be in play — a step that says so.
opponents_card_away(Ed, State, Roller, Mod) :-
    Mod.source \== rules,
    source_relation(State, Roller, Mod.source, opponent),
    state_card(State, Mod.source, Card),
    \+ in_play(Card.zone),
    stated(Ed, opponents_cards(dice)).

% --- groups -----------------------------------------------------------------------------------------

%   group_of(+Ed, +State, +Roller, +Mod, -Group, -Rank): the group of Mod and its place in the
%   edition's order of dice modifiers. Group is group(Phase, Relation), Phase additive or set_to.
group_of(Ed, State, Roller, Mod, group(Phase, Relation), Rank) :-
    source_relation(State, Roller, Mod.source, Relation),
    phase(Mod.op, Phase),
    group_rank(Ed, dice, Phase-Relation, Rank).

phase(set, set_to).
phase(flip, set_to).
phase(add, additive).
phase(bound, additive).

% --- who orders a group -------------------------------------------------------------------------

%   order_in_group(+Ed, +Roller, +Group-Ids, -Chooser): the player who decides the order inside a
%   group of two or more modifiers — the one who created them (A), who controls that group of
%   cards (B 519.4): the same player.
order_in_group(Ed, Roller, group(_, Relation)-_Ids, Chooser) :-
    stated(Ed, dice_order_chooser),
    creator(Relation, Roller, Chooser).

creator(rules, _, rules).
creator(own_squad, Roller, Player) :- card_controller(Roller, Player).
creator(self, Roller, Player) :- card_controller(Roller, Player).
creator(opponent, Roller, Player) :-
    card_controller(Roller, P),
    opponent(P, Player).

% --- applying one modifier ----------------------------------------------------------------------

apply_modifier(Ed, _State, _Roller, Group-Mod, V0, V) :-
    modifier_group(Ed, dice, Group),
    (   memberchk(Mod.declared, [before_reroll, before_flip])
    ->  kept_after(Ed, Mod, Mod.declared)
    ;   true
    ),
    modifier_effect(Ed, Mod, V0, V).

modifier_effect(Ed, Mod, V0, V) :-
    (   Mod.op == add
    ->  V is V0 + Mod.value
    ;   Mod.op == set
    ->  V = Mod.value
    ;   Mod.op == bound
    ->  bounds(Ed, V0, V)
    ;   Mod.op == flip
    ->  flip_modifier(Ed, V0, V)
    ).

% Flip, variant set_to_modifier: «1 сводится к 6, 2 к 5, 3 к 4, 4 к 3, 5 к 2, 6 к 1» (B 519.6).
flip_modifier(Ed, V0, V) :-
    stated(Ed, flip),
    V is 7 - V0.

% The rules modifier of dice_bounds: below 1 counts as 1, above 6 as 6 (A 518.4).
bounds(Ed, V0, V) :-
    stated(Ed, dice_bounds),
    V is max(1, min(6, V0)).

% A modifier declared before a reroll or flip still applies after it.
kept_after(Ed, _Mod, _When) :-
    stated(Ed, declared_before_kept).
