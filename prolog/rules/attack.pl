:- encoding(utf8).
:- module(attack,
          [ attack/5,                   % +Edition, +Attack, +State0, -State, -Result
            attack_strength/4           % +Edition, +Attack, +State, -Result
          ]).

/** <module> Attack strength and its modifiers (section attack_modifiers)

The rules and the units that state them are edition data (editions/a.pl: «Модификаторы атаки»,
519.3 with its groups а) … д), who orders a group, a set-to modifier never raises the value,
reduction to a weak, medium or strong strike). The loaded text of edition B has no attack-modifier
rules (its 519.3 is about dice), so under B an attack is `unsupported`.

An attack is a dict from the scenario:
`_{source:Card, target:Card, strike:weak|medium|strong, base:Int|null,
   modifiers:[_{id:Id, source:Card, op:add|set|strike, value:IntOrStrike, while:formation|null}],
   order:[Id]}`;
a card may carry `hit:[Weak, Medium, Strong]` (needed when a strike is reduced, or when the
attack gives no base). An attack with `deals_wounds: true` deals its strength as wounds to its
target (prevention.pl), with the players' `choose` and `decline` for the effects against them.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../engine/undo').
:- use_module('../state/game').
:- use_module('../editions/editions').
:- use_module(modifier_order).
:- use_module(formation, [formation_missing/4]).
:- use_module(prevention, [wounds/5]).

explain:mechanics_module(attack).

explain:step(attack:attack(Ed, Attack, _, _, Result), attack,
             _{edition:Ed, source:Attack.source, target:Attack.target}, Result) :-
    Attack.get(deals_wounds, false) == true.
explain:step(attack:attack_strength(Ed, Attack, State, Result), attack_strength,
             _{edition:Ed, source:Attack.source, target:Attack.target, strike:Attack.strike,
               base:Base}, Result) :-
    shown_base(Attack, State, Base).
explain:step(attack:card_strike(_, Source, Attack, Base), strike_value,
             _{card:Source.id, strike:Attack.strike, from:From}, Base) :-
    (   get_dict(hit_from, Source, From) -> true ; From = null ).  % the card facts' file, else the scenario's
explain:uncited_step(strike_value).
explain:step(attack:apply_modifier(_, _, _, group(Phase, Relation)-Mod, s(V0, K0, _), s(V, K, _)),
             modifier_applied,
             _{modifier:Mod, before:V0, strike_before:K0, group:_{phase:Phase, relation:Relation}},
             _{value:V, strike:K}) :-
    Mod.get(op) \== set.
% «сводится к N» (519.3 item 5) gives N whatever it was given: the step says so, and whether it
% gave N (`applied`: false when set_to_not_applied kept the value, its child step says why).
explain:step(attack:apply_modifier(_, _, _, group(Phase, Relation)-Mod, s(V0, K0, _), s(V, K, _)),
             modifier_applied,
             _{modifier:Mod, before:V0, strike_before:K0, group:_{phase:Phase, relation:Relation},
               independent_of_before:true, applied:Applied},
             _{value:V, strike:K}) :-
    Mod.get(op) == set,
    ( V =:= Mod.value -> Applied = true ; Applied = false ).
explain:step(attack:strike_reduced(_, ctx(_, Source, _), Attack, Kind, s(V0, K0, _), s(V, _, _)),
             strike_reduced,
             _{card:Source.id, strike_before:K0, strike:Kind, before:V0, value_before:Old, value:New, from:From},
             V) :-
    strike_value(Source, K0, Attack, Old),
    strike_value(Source, Kind, Attack, New),
    (   get_dict(hit_from, Source, From) -> true ; From = null ).
% given the new strike's value (`before`), it gives the value with the modifiers kept: a step that
% changes a value, so --brief keeps this reading with the reduction it decides
explain:step(attack:strike_modifiers_kept(Kept, Added, New, V), strike_modifiers_kept,
             _{kept:Kept, modifiers:Added, value:New, before:New}, V).
explain:uncited_step(strike_modifiers_kept).
explain:step(attack:not_in_the_squad(_, ctx(State, _, _), Mod), modifier_not_applied,
             _{modifier:Mod, zone:Zone}, not_applied) :-
    state_card(State, Mod.source, Card), Zone = Card.zone.
explain:step(attack:formation_modifier_gone(_, Mod, Reason), modifier_formation_gone,
             _{modifier:Mod, reason:R}, not_applied) :-
    ( Reason = zone(Z) -> R = _{zone:Z} ; R = Reason ).
explain:step(attack:application_order(_, _, _, Grouped), application_order, _{count:N}, Ids) :-
    maplist(grouped_id, Grouped, Ids), length(Ids, N).
explain:step(attack:set_to_not_applied(_, Mod, V0), set_to_not_applied,
             _{modifier:Mod.id, value:Mod.value, before:V0}, V0).
explain:step(attack:order_in_group(_, _, group(Phase, Relation)-Ids, Chooser), order_in_group,
             _{phase:Phase, relation:Relation, modifiers:Ids}, Chooser).

grouped_id(_-Mod, Mod.id).

% --- what a step stands for (engine/undo.pl; a modifier applied or kept out of the squad: dice.pl) --

%   A modifier «за строй» gone (519.3, ПРИМЕР 1: the gnome's +1 while in formation): let through,
%   the attacker and the modifier's card in battle, in formation, in the attacker's squad.
undo:undo(modifier_formation_gone, Inputs, _, [_{put:zone, value:battle, at:A}, _{put:in_formation, value:true, at:A}|Mod]) :-
    A = _{card_in:source},
    get_dict(modifier, Inputs, M),
    (   given(M, source)
    ->  S = _{card:M.source},
        Mod = [_{put:zone, value:battle, at:S}, _{put:in_formation, value:true, at:S}, _{copy:controller, at:S, from:A}]
    ;   Mod = []
    ).

%   A set-to kept from raising the attack («…нельзя свести к большему числу», 519.3): let through,
%   it would give the value it names.
undo:let_through(set_to_not_applied, Inputs, Inputs.value).

%   An attack's strength starts from its base when given, else from the source card's value for the
%   strike written (strike_value/4).
undo:result_input(attack, strength, Body, Path, false) :-
    (   given(Body, base)
    ->  Path = [event, base]
    ;   given(Body, source), strike_place(Body.get(strike), I), Path = [card, Body.source, hit, I0], I0 is I - 1
    ).

% The base the attack_strength step shows: the one given, else the source's value for its strike.
shown_base(Attack, State, Base) :-
    (   Attack.base \== null
    ->  Base = Attack.base
    ;   state_card(State, Attack.source, Source),
        strike_value(Source, Attack.strike, Attack, Base)
    ).

%!  attack(+Edition:atom, +Attack:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   The attack's strength (attack_strength/4); with `deals_wounds: true`, that strength is dealt as
%   wounds to the target, and Result has `dealt` (the result of prevention:wounds/5).
%
%   @see 519.3 (edition A); «Нельзя объявлять никаких игродействий, пока идёт наложение
%        модификаторов на силу атаки, до тех пор, пока атака не выйдет из стека (т.е. пока не будут
%        нанесены раны)»
%   @error impossible(Text) for a negative strength (attack_strength/4).
attack(Ed, A, State0, State, Result) :-
    attack_strength(Ed, A, State0, R0),
    (   A.get(deals_wounds, false) == true
    ->  % the attack leaves the stack when its wounds are dealt: its strength, after every
        % modifier, is the amount of wounds — then replacement and prevention (prevention.pl)
        stated(Ed, attack_deals_wounds),
        deals_wounds(Ed, A, R0.strength, State0, State, Dealt),
        Result = R0.put(dealt, Dealt)
    ;   State = State0,
        Result = R0
    ).

deals_wounds(Ed, A, Strength, State0, State, Dealt) :-
    W = _{card:A.target, amount:Strength, source:A.source, attack:strike,
          choose:A.get(choose, []), decline:A.get(decline, [])},
    wounds(Ed, W, State0, State, Dealt).

%!  attack_strength(+Edition:atom, +Attack:dict, +State:dict, -Result:dict) is det.
%
%   Result is `_{strength:Strength, strike:Strike}`: the attack's numeric value after every
%   modifier in the order of 519.3, and the kind of strike it ends as.
%
%   @see 519.3 (edition A)
%   @error unsupported(attack_modifiers, Ed, Detail) when edition Ed's data states no attack_modifiers.
%   @error existence_error(card, Id) for an unknown card handle.
%   @error impossible(Text) for a strength below 0 after every modifier (the text knows none).
%   @error existence_error(strike_values, Id) when the strike values of the source are needed
%          (no base given, or a strike reduced) and it has none.
attack_strength(Ed, Attack, State, _{strength:Strength, strike:Strike}) :-
    stated(Ed, attack_modified),
    state_card(State, Attack.source, Source),
    state_card(State, Attack.target, Target),
    forall(member(C, [Source, Target]),
           (   C.zone == battle
           ->  true
           ;   refuse(attack_zone, "~w is in zone ~w: only a card in the battle zone attacks or is attacked", [C.id, C.zone])
           )),
    Ctx = ctx(State, Source, Target),
    strike_base(Ed, Source, Attack, Base),
    exclude(not_in_the_squad(Ed, Ctx), Attack.modifiers, Mods1),
    exclude(formation_gone(Ed, Ctx), Mods1, Mods),
    application_order(Ed, Ctx, Attack.order-Mods, Grouped),
    order_within_groups(Ed, attack, Attack.order, Grouped),
    groups_with_choice(Grouped, Choices),
    maplist(order_in_group(Ed, Ctx), Choices, _Choosers),
    foldl(apply_modifier(Ed, Ctx, Attack), Grouped, s(Base, Attack.strike, []), s(Strength, Strike, _)),
    (   Strength < 0  % 519.3 speaks of «атака на 2», «атака на 0»; nothing of one below 0
    ->  refuse(negative_attack, "the attack's strength with its modifiers would be ~w: no rule of the loaded text says what a negative attack is", [Strength])
    ;   true
    ).

% 519.3: «Модификаторы атаки накладываются в следующем порядке: а) … б) … в) … г) … д) …»
application_order(Ed, Ctx, Chosen-Mods0, Grouped) :-
    stated(Ed, attack_modifier_order),
    ordered_modifiers(group_of(Ed, Ctx), Chosen, Mods0, Grouped).

%   strike_base(+Ed, +Source, +Attack, -Base): the attack's value before modifiers: the base the
%   scenario gives, else the source's value for the strike it attacks with (strike_value: «…то
%   используются особенности, сопутствующие этому виду атаки»).
strike_base(Ed, Source, Attack, Base) :-
    (   Attack.base \== null
    ->  Base = Attack.base
    ;   card_strike(Ed, Source, Attack, Base)
    ).

% The card's value for its kind of strike (its weak, medium or strong value, `hit`) is input: no
% unit of the text gives a card's strike values, so the step cites none and says where the values
% are written: the scenario's card, or (`hit_from`, the file, set by the runner) the card facts.
card_strike(_Ed, Source, Attack, Base) :-
    strike_value(Source, Attack.strike, Attack, Base).

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

%   not_in_the_squad(+Ed, +Ctx, +Mod): Mod comes from a card of the source's or the target's player
%   that is not in play — not one «из отряда источника атаки» (а) nor «из отряда цели атаки» (в) —
%   so in none of the groups the order applies.
not_in_the_squad(Ed, Ctx, Mod) :-
    Ctx = ctx(State, _, _),
    relation(Ctx, Mod.source, Relation),
    memberchk(Relation, [source_squad, target_squad]),
    state_card(State, Mod.source, Card),
    \+ in_play(Card.zone),
    stated(Ed, from_the_squad(attack, Relation)).

%   formation_gone(+Ed, +Ctx, +Mod): Mod exists because the attack's source stands in formation
%   (`while: formation`: 519.3 ПРИМЕР «Гном-Басаарг в строю с Гномьим Королём … получит +1 к удару
%   за строй с Гномьим Королём … и +1 к удару за собственную особенность (строй: +1 к удару)»), and
%   that formation is not there: the source stands in no formation (`not_in_formation`), no other
%   card of its squad stands in formation with it (`alone`), or the card that gives it is not in
%   the battle zone (`zone(Z)`) or not in formation with it, in its squad (`giver_not_in_formation`) —
%   so, as a grant of a
%   formation ends with it, the modifier does not apply.
formation_gone(Ed, ctx(State, Source, _), Mod) :-
    Mod.get(while, null) == formation,
    formation_missing(State.cards, Source, Mod.source, Reason),
    formation_modifier_gone(Ed, Mod, Reason).

formation_modifier_gone(Ed, _Mod, _Reason) :-
    stated(Ed, formation_modifier).

%   group_of(+Ed, +Ctx, +Mod, -Group, -Rank): the group of Mod and its place in the edition's
%   order of attack modifiers.
group_of(Ed, Ctx, Mod, group(Phase, Relation), Rank) :-
    relation(Ctx, Mod.source, Relation),
    phase(Mod.op, Phase),
    group_rank(Ed, attack, Phase-Relation, Rank).

% --- who orders a group -------------------------------------------------------------------------

% «Порядок наложения модификаторов внутри каждой группы а-д определяет создавший их игрок.»: the
% source's controller for а), б), the target's for в), г).
order_in_group(Ed, ctx(_, Source, Target), group(_, Relation)-_Ids, Chooser) :-
    stated(Ed, attack_order_chooser),
    (   memberchk(Relation, [source_squad, source])
    ->  card_controller(Source, Chooser)
    ;   card_controller(Target, Chooser)
    ).

% --- applying one modifier ----------------------------------------------------------------------

%   apply_modifier(+Ed, +Ctx, +Attack, +Group-Mod, +S0, -S): S is s(Value, Strike, Added), the
%   attack after Mod, Added the ids of the «+N» modifiers applied so far (a reduction keeps them).
apply_modifier(Ed, Ctx, Attack, Group-Mod, s(V0, K0, A0), s(V, K, A)) :-
    modifier_group(Ed, attack, Group),
    (   Mod.op == add
    ->  V is V0 + Mod.value, K = K0, append(A0, [Mod.id], A)
    ;   Mod.op == set
    ->  set_to(Ed, Mod, V0, V), K = K0, A = A0
    ;   Mod.op == strike
    ->  strike_reduced(Ed, Ctx, Attack, Mod.value, s(V0, K0, A0), s(V, K, A))
    ).

% A set-to modifier sets the value, unless it would raise it where the edition says it cannot
% (set_to_never_raises).
set_to(Ed, Mod, V0, V) :-
    (   Mod.value > V0, set_to_not_applied(Ed, Mod, V0)
    ->  V = V0
    ;   V = Mod.value
    ).

set_to_not_applied(Ed, _Mod, _V0) :-
    states(Ed, set_to_never_raises).

% «Если атака сводится к слабой (средней, сильной), то используются особенности, сопутствующие
% этому виду атаки»: the strike's own value (input, the card's `hit`) replaces the one of the strike
% it was (strike_reduced); that the modifiers already applied to it still apply to the new strike
% no unit says: the engine's reading (strike_modifiers_kept, uncited).
strike_reduced(Ed, ctx(_, Source, _), Attack, Kind, s(V0, K0, Added), s(V, Kind, Added)) :-
    stated(Ed, strike_reduction),
    strike_value(Source, K0, Attack, Old),
    strike_value(Source, Kind, Attack, New),
    Kept is V0 - Old,
    strike_modifiers_kept(Kept, Added, New, V).

strike_modifiers_kept(Kept, _Added, New, V) :-
    V is New + Kept.

strike_value(Card, Kind, Attack, Value) :-
    (   Kind == Attack.strike, Attack.base \== null
    ->  Value = Attack.base
    ;   get_dict(hit, Card, Hit), is_list(Hit), strike_place(Kind, I)
    ->  nth1(I, Hit, Value)
    ;   Attack.base \== null
    ->  refuse(strike_value_needed,
               "~w: the attack needs its ~w value, which base (the value of the attack's own strike) does not give: give the card's hit: [weak, medium, strong]",
               [Card.id, Kind])
    ;   throw(error(existence_error(strike_values, Card.id),
                    context(_, "the attack needs them: give base, or the card's hit: [weak, medium, strong]")))
    ).

% strike_place(?Kind, ?I): a card's hit lists its weak, medium and strong values, in that order.
strike_place(Kind, I) :-
    nth1(I, [weak, medium, strong], Kind).

:- multifile prolog:error_message//1.
prolog:error_message(existence_error(strike_values, Card)) -->
    [ 'the strike values of ~w are not known'-[Card] ].
