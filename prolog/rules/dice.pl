:- encoding(utf8).
:- module(dice,
          [ die_roll/4                  % +Edition, +Roll, +State, -Result
          ]).

/** <module> Die rolls and their modifiers

Edition A: «Модификаторы броска кубика» (fragment 002) — 518.3 with its groups а) … д), the rules
modifier of 518.4 (fragment 001, line 1: the roll is kept within 1…6, as group г), reroll and flip
are not modifiers and modifiers declared before them stay (001, line 3). Edition B: 519 (fragment
000) — 519.1 … 519.8; there a flip is «сведение кубика» (519.6): a set-to modifier (519.2 a.) of
the card that flips.

A roll is a dict from the scenario:
`_{roller:Card, roll:Face, reroll:Face|null, flip:Bool, flip_source:Card, next_roll_equals:Face|null,
   modifiers:[_{id:Id, source:CardOrRules, op:add|set, value:Int, declared:When}], order:[Id]}`.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../state/game').
:- use_module(modifier_order).

explain:mechanics_module(dice).

explain:step(dice:die_roll(Ed, Roll, _, Result), die_roll,
             _{edition:Ed, roller:Roll.roller}, Result).
explain:step(dice:rolled(_, Face, Value), die_rolled, _{roll:Face}, Value).
explain:step(dice:rerolled(_, Old, New, Value), rerolled, _{before:Old, reroll:New}, Value).
explain:step(dice:flipped(_, Old, Value), flipped, _{before:Old}, Value).
explain:step(dice:next_roll_value(_, X, Value), next_roll_equals, _{x:X}, Value).
explain:step(dice:apply_modifier(_, _, _, Mod, V0, V), modifier_applied,
             _{modifier:Mod, before:V0}, V).
explain:step(dice:application_order(_, _, _, _, Mods), application_order, _{}, Ids) :-
    maplist(get_id, Mods, Ids).

get_id(M, M.id).
explain:step(dice:kept_after(_, Mod, When), declared_before, _{modifier:Mod.id, declared:When}, kept).
explain:step(dice:order_in_group(_, _, _, group(Phase, Relation)-Ids, Chooser), order_in_group,
             _{phase:Phase, relation:Relation, modifiers:Ids}, Chooser).

%!  die_roll(+Edition:atom, +Roll:dict, +State:dict, -Result:dict) is det.
%
%   Result is `_{value:Value, unmodified:Unmodified}`: the die after reroll, flip or «next roll
%   equals X» (Unmodified), then after every modifier in the edition's order (Value).
%
%   @see 518.3, 518.4 (edition A); 519.1–519.8 (edition B)
%   @error unsupported(Mechanic, Edition, Detail) if the edition's text has no rule for a part of
%          the roll (flip or «next roll equals X» in A, modifiers of the rules of the game in B).
%   @error existence_error(card, Id) for an unknown card handle.
die_roll('A', Roll, State, _{value:Value, unmodified:Unmodified}) :-
    % «Когда бросок кубика становится верхним в стеке, к нему применяются все модификаторы в
    %  соответствии с правилом наложения модификаторов броска (п.518.3)…»
    cite('A:модификаторы-броска-кубика/когда-бросок-кубика-становится'),
    roll_value('A', Roll, State, Unmodified, Value).
die_roll('B', Roll, State, _{value:Value, unmodified:Unmodified}) :-
    % 519.1: all modifiers apply once the roll is made; the roll and the unmodified roll are used.
    cite('B:519.1'),
    roll_value('B', Roll, State, Unmodified, Value).

roll_value(Ed, Roll, State, Unmodified, Value) :-
    unmodified_value(Ed, Roll, Unmodified),
    state_card(State, Roll.roller, Roller),
    edition_modifiers(Ed, Roll, EditionMods),
    append(Roll.modifiers, EditionMods, Mods0),
    application_order(Ed, State, Roller, Roll.order-Mods0, Mods),
    groups_with_choice(group_of(Ed, State, Roller), Mods, Choices),
    maplist(order_in_group(Ed, State, Roller), Choices, _Choosers),
    foldl(apply_modifier(Ed, State, Roller), Mods, Unmodified, Value).

%   application_order(+Ed, +State, +Roller, +Chosen-Mods0, -Mods): the order the edition's list of
%   groups gives (and, inside a group, the players' stated choice, else the listed order).
application_order('A', State, Roller, Chosen-Mods0, Mods) :-
    % 518.3: «Модификаторы броска кубика накладываются в следующем порядке: а) … б) … в) … г) … д) …»
    cite('A:518.3'),
    ordered_modifiers(group_of('A', State, Roller), Chosen, Mods0, Mods).
application_order('B', State, Roller, Chosen-Mods0, Mods) :-
    % 519.2: «a. модификаторы, сводящие бросок кубика к определённому значению; b. модификаторы вида
    % “+X/-X к броску кубика”»; 519.3: inside each group a. own squad, b. the roller, c. opponent.
    cite('B:519.2'),
    cite('B:519.3'),
    ordered_modifiers(group_of('B', State, Roller), Chosen, Mods0, Mods).

% --- the die before modifiers -------------------------------------------------------------------

unmodified_value(Ed, Roll, Value) :-
    (   Roll.next_roll_equals \== null
    ->  next_roll_value(Ed, Roll.next_roll_equals, Value)
    ;   rolled(Ed, Roll.roll, V0),
        (   Roll.reroll \== null
        ->  rerolled(Ed, V0, Roll.reroll, V1)
        ;   V1 = V0
        ),
        (   Roll.flip == true, Ed == 'A'
        ->  flipped(Ed, V1, Value)      % A: not a modifier — the die itself is turned over
        ;   Value = V1                  % B: a flip is a modifier (edition_modifiers/3)
        )
    ).

% The face the die shows.
rolled('A', Face, Face) :-
    % «Когда бросок кубика заносится в стек, игроки получают возможность использовать особенности…»
    cite('A:модификаторы-броска-кубика/когда-бросок-кубика-заносится').
rolled('B', Face, Face) :-
    cite('B:519.1').

% Reroll: the new face replaces the old one, which is ignored; it is not a modifier.
rerolled('A', _Old, New, New) :-
    % «Переброс кубика и переворот кубика не являются модификаторами…»
    cite('A:переброс-кубика-и-переворот').
rerolled('B', _Old, New, New) :-
    % 519.7: «Значение кубика до переброса в таком случае игнорируется, как будто его не было…»
    cite('B:519.7').

% Flip under A: «Переброс кубика и переворот кубика не являются модификаторами.» The die is turned
% over (1 ↔ 6, 2 ↔ 5, 3 ↔ 4: the faces of a die; A's loaded text does not spell the pairs out).
flipped('A', Old, New) :-
    cite('A:переброс-кубика-и-переворот'),
    New is 7 - Old.

% «Next roll equals X»: X is the unmodified roll; the die is not rolled.
next_roll_value('A', _, _) :-
    unsupported(next_roll_equals, 'A', "only edition B (519.5) has «следующий бросок кубика равен X»").
next_roll_value('B', X, X) :-
    cite('B:519.5').

% --- modifiers the edition itself adds ------------------------------------------------------------

% A: the rules modifier (518.4, fragment 001 line 1) keeps the roll within 1…6; it is group г.
edition_modifiers('A', _Roll, [_{id:rules_bounds, source:rules, op:bound, value:null, declared:after}]).
% B: no bounds and no rules group; a flip is a set-to modifier of the card that flips (519.6).
edition_modifiers('B', Roll, Mods) :-
    (   Roll.flip == true
    ->  Mods = [_{id:flip, source:Roll.flip_source, op:flip, value:null, declared:after}]
    ;   Mods = []
    ).

% --- groups -----------------------------------------------------------------------------------------

%   group_of(+Ed, +State, +Roller, +Mod, -Group, -Rank): the group of Mod and its place in the
%   edition's order. Group is group(Phase, Relation), Phase additive or set_to.
group_of(Ed, State, Roller, Mod, group(Phase, Relation), Rank) :-
    source_relation(State, Roller, Mod.source, Relation),
    phase(Mod.op, Phase),
    group_rank(Ed, Phase, Relation, Rank).

phase(set, set_to).
phase(flip, set_to).
phase(add, additive).
phase(bound, additive).

% A, 518.3: а) own squad, б) the roller, в) the opponent, г) rules, then д) set-to in the same order.
% B, 519.2: a) set-to first, b) additive; 519.3 inside each: a) own squad, b) roller, c) opponent.
group_rank('A', Phase, Relation, Rank) :-
    nth1(R, [own_squad, self, opponent, rules], Relation),
    (   Phase == set_to
    ->  Rank is 10 + R
    ;   Rank = R
    ).
group_rank('B', Phase, Relation, Rank) :-
    (   nth1(R, [own_squad, self, opponent], Relation)
    ->  true
    ;   R = 9
    ),
    (   Phase == set_to
    ->  Rank = R
    ;   Rank is 10 + R
    ).

%   modifier_group(+Ed, +State, +Roller, +Mod, -Group): which group of the edition's list the
%   modifier falls in, citing that list item.
modifier_group('A', State, Roller, Mod, group(Phase, Relation)) :-
    source_relation(State, Roller, Mod.source, Relation),
    phase(Mod.op, Phase),
    (   Phase == set_to
    ->  % «д) модификаторы, сводящие численное значение броска кубика к определённому числу
        %  (последовательность наложения такая же, как в группах а-г)»
        cite('A:518.3/item5')
    ;   a_group(Relation)
    ).
modifier_group('B', State, Roller, Mod, group(Phase, Relation)) :-
    source_relation(State, Roller, Mod.source, Relation),
    phase(Mod.op, Phase),
    b_phase(Phase),
    b_group(Relation).

a_group(own_squad) :- cite('A:518.3/item1').   % а) от карт из отряда игрока, бросающего кубик
a_group(self) :- cite('A:518.3/item2').        % б) от самой карты, бросающей кубик
a_group(opponent) :- cite('A:518.3/item3').    % в) от карт противника
a_group(rules) :- cite('A:518.3/item4').       % г) модификаторы правил игры (п.518.4)

b_phase(set_to) :- cite('B:519.2/item1').      % a. сводящие бросок кубика к определённому значению
b_phase(additive) :- cite('B:519.2/item2').    % b. вида «+X/-X к броску кубика»

b_group(own_squad) :- cite('B:519.3/item1').   % a. от карт из отряда игрока, бросающего кубик
b_group(self) :- cite('B:519.3/item2').        % b. от самой карты, бросающей кубик
b_group(opponent) :- cite('B:519.3/item3').    % c. от карт противника
b_group(rules) :-
    unsupported(rules_modifier, 'B', "519.3 lists groups a–c only (own squad, roller, opponent); none for the rules of the game").

% --- who orders a group -------------------------------------------------------------------------

%   order_in_group(+Ed, +State, +Roller, +Group-Ids, -Chooser): the player who decides the order
%   inside a group of two or more modifiers.
order_in_group('A', _State, Roller, group(_, Relation)-_Ids, Chooser) :-
    % «Порядок наложения модификаторов внутри каждой группы а-д определяет создавший их игрок.»
    cite('A:518.3/порядок-наложения-модификаторов-внутри'),
    creator(Relation, Roller, Chooser).
order_in_group('B', _State, Roller, group(_, Relation)-_Ids, Chooser) :-
    % 519.4: «…порядок их наложения внутри группы определяет игрок, контролирующий эту группу карт.»
    cite('B:519.4'),
    creator(Relation, Roller, Chooser).

creator(rules, _, rules).
creator(own_squad, Roller, Roller.controller).
creator(self, Roller, Roller.controller).
creator(opponent, Roller, Player) :-
    opponent(Roller.controller, Player).

% --- applying one modifier ----------------------------------------------------------------------

apply_modifier(Ed, State, Roller, Mod, V0, V) :-
    modifier_group(Ed, State, Roller, Mod, _Group),
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

% B, 519.6: «Переворот кубика - это сведение кубика по правилу: 1 сводится к 6, 2 к 5, 3 к 4, 4 к 3,
% 5 к 2, 6 к 1.»
flip_modifier('B', V0, V) :-
    cite('B:519.6'),
    V is 7 - V0.

% A, 518.4: «Если бросок кубика с учётом всех модификаторов броска кубика стал меньше 1 (больше 6),
% то бросок кубика принимается равным 1 (равным 6).»
bounds('A', V0, V) :-
    cite('A:модификатор-правил-игры-для'),
    V is max(1, min(6, V0)).

% A modifier declared before a reroll or flip still applies after it.
kept_after('A', _Mod, _When) :-
    % «…если какие-либо особенности, накладывающие модификаторы на бросок кубика, были объявлены до
    %  переброса (переворота) кубика, то они остаются актуальными после переброса (переворота)»
    cite('A:переброс-кубика-и-переворот').
kept_after('B', _Mod, _When) :-
    % 519.8: declared features add modifiers to the roll; they do not change the die at once.
    cite('B:519.8').
