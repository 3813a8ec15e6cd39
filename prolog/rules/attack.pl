:- encoding(utf8).
:- module(attack,
          [ attack_strength/4           % +Edition, +Attack, +State, -Result
          ]).

/** <module> Attack strength and its modifiers

Edition A: «Модификаторы атаки» (fragment 001): 519.3 with its groups а) … д), who orders a group,
a set-to modifier never raises the value, reduction to a weak, medium or strong strike. The loaded
text of edition B has no attack-modifier rules (its 519.3 is about dice).

An attack is a dict from the scenario:
`_{source:Card, target:Card, strike:weak|medium|strong, base:Int,
   modifiers:[_{id:Id, source:Card, op:add|set|strike, value:IntOrStrike}], order:[Id]}`;
a card may carry `hit:[Weak, Medium, Strong]` (needed when a strike is reduced).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../state/game').
:- use_module(modifier_order).

explain:mechanics_module(attack).

explain:step(attack:attack_strength(Ed, Attack, _, Result), attack_strength,
             _{edition:Ed, source:Attack.source, target:Attack.target, strike:Attack.strike,
               base:Attack.base}, Result).
explain:step(attack:apply_modifier(_, _, _, Mod, s(V0, K0), s(V, K)), modifier_applied,
             _{modifier:Mod, before:V0, strike_before:K0}, _{value:V, strike:K}).
explain:step(attack:application_order(_, _, _, Mods), application_order, _{}, Ids) :-
    maplist(get_id, Mods, Ids).
explain:step(attack:set_to_not_applied(_, Mod, V0), set_to_not_applied,
             _{modifier:Mod.id, value:Mod.value, before:V0}, V0).
explain:step(attack:order_in_group(_, _, group(Phase, Relation)-Ids, Chooser), order_in_group,
             _{phase:Phase, relation:Relation, modifiers:Ids}, Chooser).

get_id(M, M.id).

%!  attack_strength(+Edition:atom, +Attack:dict, +State:dict, -Result:dict) is det.
%
%   Result is `_{strength:Strength, strike:Strike}`: the attack's numeric value after every
%   modifier in the order of 519.3, and the kind of strike it ends as.
%
%   @see 519.3 (edition A)
%   @error unsupported(attack_modifiers, 'B', Detail) under edition B.
%   @error existence_error(card, Id) for an unknown card handle.
attack_strength('A', Attack, State, _{strength:Strength, strike:Strike}) :-
    % «Когда атака становится верхней в стеке, к ней применяются все модификаторы в соответствии
    %  с правилом наложения модификаторов атаки (п.519.3).»
    cite('A:модификаторы-атаки/когда-атака-становится-верхней'),
    state_card(State, Attack.source, Source),
    state_card(State, Attack.target, Target),
    Ctx = ctx(State, Source, Target),
    application_order('A', Ctx, Attack.order-Attack.modifiers, Mods),
    groups_with_choice(group_of(Ctx), Mods, Choices),
    maplist(order_in_group('A', Ctx), Choices, _Choosers),
    foldl(apply_modifier('A', Ctx, Attack), Mods, s(Attack.base, Attack.strike), s(Strength, Strike)).
attack_strength('B', _, _, _) :-
    unsupported(attack_modifiers, 'B',
                "its 519.3 orders dice modifiers; the loaded text of edition B has no attack-modifier rules").

% 519.3: «Модификаторы атаки накладываются в следующем порядке: а) … б) … в) … г) … д) …»
application_order('A', Ctx, Chosen-Mods0, Mods) :-
    cite('A:519.3'),
    ordered_modifiers(group_of(Ctx), Chosen, Mods0, Mods).

% --- groups -----------------------------------------------------------------------------------------

%   relation(+Ctx, +SourceId, -Relation): how a modifier's source stands to the attack.
relation(ctx(State, Source, Target), Id, Relation) :-
    (   Id == Source.id
    ->  Relation = source
    ;   Id == Target.id
    ->  Relation = target
    ;   Id == rules
    ->  Relation = rules
    ;   state_card(State, Id, Card),
        (   Card.controller == Source.controller
        ->  Relation = source_squad
        ;   Relation = target_squad
        )
    ).

phase(set, set_to).
phase(add, additive).
phase(strike, additive).

group_of(Ctx, Mod, group(Phase, Relation), Rank) :-
    relation(Ctx, Mod.source, Relation),
    phase(Mod.op, Phase),
    (   nth1(R, [source_squad, source, target_squad, target], Relation)
    ->  true
    ;   R = 9
    ),
    (   Phase == set_to
    ->  Rank is 10 + R
    ;   Rank = R
    ).

modifier_group(Ctx, Mod) :-
    relation(Ctx, Mod.source, Relation),
    phase(Mod.op, Phase),
    (   Phase == set_to
    ->  % «д) модификаторы, сводящие численное значение атаки к определённому числу
        %  (последовательность наложения такая же, как в группах а-г)»
        cite('A:519.3/item5'),
        relation_known(Relation)
    ;   a_group(Relation)
    ).

a_group(source_squad) :- cite('A:519.3/item1').  % а) от карт из отряда источника атаки, кроме него
a_group(source) :- cite('A:519.3/item2').        % б) от источника атаки
a_group(target_squad) :- cite('A:519.3/item3').  % в) от карт из отряда цели атаки
a_group(target) :- cite('A:519.3/item4').        % г) от цели атаки
a_group(rules) :-
    relation_known(rules).

relation_known(Relation) :-
    (   Relation == rules
    ->  unsupported(rules_modifier, 'A', "519.3 groups attack modifiers by card (а–г); it has no group for the rules of the game")
    ;   true
    ).

% --- who orders a group -------------------------------------------------------------------------

order_in_group('A', ctx(_, Source, Target), group(_, Relation)-_Ids, Chooser) :-
    % «Порядок наложения модификаторов внутри каждой группы а-д определяет создавший их игрок.»
    cite('A:519.3/порядок-наложения-модификаторов-внутри'),
    (   memberchk(Relation, [source_squad, source])
    ->  Chooser = Source.controller
    ;   Chooser = Target.controller
    ).

% --- applying one modifier ----------------------------------------------------------------------

apply_modifier('A', Ctx, Attack, Mod, s(V0, K0), s(V, K)) :-
    modifier_group(Ctx, Mod),
    (   Mod.op == add
    ->  V is V0 + Mod.value, K = K0
    ;   Mod.op == set
    ->  set_to('A', Mod, V0, V), K = K0
    ;   Mod.op == strike
    ->  strike_reduced('A', Ctx, Attack, Mod.value, s(V0, K0), s(V, K))
    ).

% «Нельзя численное значение атаки свести к большему числу (например, атака на 2 может быть
%  сведена к 1, но атака на 0 не может быть сведена к 1).»
set_to('A', Mod, V0, V) :-
    (   Mod.value =< V0
    ->  V = Mod.value
    ;   set_to_not_applied('A', Mod, V0),
        V = V0
    ).

set_to_not_applied('A', _Mod, _V0) :-
    cite('A:519.3/порядок-наложения-модификаторов-внутри').

% «Сведение атаки к слабой/средней/сильной является модификатором атаки. Если атака сводится к
%  слабой (средней, сильной), то используются особенности, сопутствующие этому виду атаки.»
% The strike's own value replaces the one of the strike it was; additive modifiers stay.
strike_reduced('A', ctx(_, Source, _), Attack, Kind, s(V0, K0), s(V, Kind)) :-
    cite('A:519.3/сведение-атаки-к-слабой'),
    strike_value(Source, K0, Attack, Old),
    strike_value(Source, Kind, Attack, New),
    V is V0 - Old + New.

strike_value(Card, Kind, Attack, Value) :-
    (   Kind == Attack.strike, Attack.base \== null
    ->  Value = Attack.base
    ;   get_dict(hit, Card, Hit), is_list(Hit), nth1(I, [weak, medium, strong], Kind)
    ->  nth1(I, Hit, Value)
    ;   existence_error(strike_values, Card.id)
    ).
