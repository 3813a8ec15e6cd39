:- encoding(utf8).
:- module(prevention,
          [ wounds/5,                   % +Edition, +Wounds, +State0, -State, -Result
            apply_effect/5,             % +Edition, +Effect, +State0, -State, -Result
            initial_effect/2            % +Effect0, -Effect
          ]).

/** <module> Wounds: replacement, then prevention

Section prevention; the rules and the units that state them are edition data (editions/a.pl:
fragment 003, the unnumbered paragraphs before «Эффект замещения.»): prevention is used after the
final amount of wounds is known; effects with an amount apply one after another, the inactive
player's first, then the active player's; an effect may be used in part and keeps the rest for
later where its text allows («следующие 4 раны»); a static ability prevents each time it is relevant
(Габриэль); prevention from a card that left the play zone no longer applies. Replacement effects
(replacement.pl) act first, when the wounds are dealt. The loaded text of edition B has none of
this: wounds under B are `unsupported`.

Prevention effects are held by cards, in the card's `effects` list:
`_{id:Id, type:prevent, amount:N, remaining:N, protects:Who}` («предотвратить следующие N ран»: what
it does not use is kept for later), `_{id:Id, type:prevent_once, amount:N, remaining:N, …}` (its text
allows one use: what it does not use is lost) and `_{id:Id, type:prevent_each, amount:N, …}` (a
static ability: each time).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module('../engine/explain').
:- use_module('../state/game').
:- use_module('../editions/editions').
:- use_module(replacement).

explain:mechanics_module(prevention).

explain:step(prevention:wounds(Ed, W, _, _, Result), wounds,
             _{edition:Ed, card:W.card, amount:W.amount, source:W.source, attack:W.attack}, Result).
explain:step(prevention:prevention_order(_, _, _, Ps, Order), prevention_order, _{effects:Ids}, OrderIds) :-
    maplist(id_of, Ps, Ids), maplist(id_of, Order, OrderIds).
explain:step(prevention:prevent(_, P, W0, W, _), prevention_applied,
             _{effect:P.id, holder:P.holder, type:P.type, available:A, wounds_before:W0}, _{wounds:W, used:U}) :-
    available(P, A), U is W0 - W.
explain:step(prevention:stopped(_, P), prevention_stopped, _{effect:P.id, holder:P.holder}, not_applied).
explain:step(prevention:apply_effect(Ed, E, _, _, Result), effect, _{edition:Ed, effect:E}, Result).

%!  wounds(+Edition:atom, +Wounds:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   A card gets Wounds.amount wounds from Wounds.source by an attack or effect of kind
%   Wounds.attack (`strike`, `shot`, `spell`, …). Replacement effects apply first, then prevention.
%   Result is `_{wounds:Final, prevented:Prevented, remaining:_{EffectId:Left, …}}`; State has the
%   card's wounds increased and the prevention effects' remaining amounts.
%
%   @see fragment 003, «Предотвращение…» paragraphs; 516.1–516.1.2 (edition A)
%   @error unsupported(prevention, 'B', Detail) under edition B.
wounds(Ed, W, State0, State, _{wounds:Final, prevented:Prevented, remaining:Remaining}) :-
    stated(Ed, prevention),
    state_card(State0, W.card, Card),
    (   in_play(Card.zone) -> true ; impossible("~w is in zone ~w: only a card in play gets wounds", [Card.id, Card.zone]) ),
    E0 = _{kind:wounds, card:W.card, amount:W.amount, source:W.source, attack:W.attack},
    replaced_effect(Ed, State0, E0, W.choose, E),
    (   E.kind == wounds -> Dealt = E.amount ; Dealt = 0 ),
    preventions(State0, W.card, Live, Stopped),
    maplist(stopped(Ed), Stopped),
    (   Dealt > 0
    ->  prevention_order(Ed, State0, W.choose, Live, Ordered),
        foldl(prevent_step(Ed), Ordered, Used, Dealt, Final)
    ;   Used = [], Final = 0
    ),
    Prevented is Dealt - Final,
    remaining_after(Live, Used, Remaining),
    foldl(update_effect, Used, State0, State1),
    add_wounds(State1, W.card, Final, State).

%!  initial_effect(+Effect0:dict, -Effect:dict) is det.
%
%   An effect a card holds as the game starts: one with an amount to use up (`prevent`,
%   `prevent_once`) has all of it `remaining` («Неиспользованное значение сохраняется…»: what is
%   left is what it can still prevent); any other effect is as given.
%
%   @see «Эффект предотвращения может быть использован частично…» (edition A)
initial_effect(E0, E) :-
    (   memberchk(E0.type, [prevent, prevent_once])
    ->  E = E0.put(remaining, E0.amount)
    ;   E = E0
    ).

%   preventions(+State, +Target, -Live, -Stopped): prevention effects that protect Target, held by
%   cards in play (Live) or by cards that left the play zone (Stopped).
preventions(State, Target, Live, Stopped) :-
    findall(in_play(InPlay)-P,
            ( member(C, State.cards), member(P0, C.effects), prevention_type(P0.type),
              protects(State, C, P0.protects, Target),
              P = P0.put(_{holder:C.id, controller:C.controller}),
              ( in_play(C.zone) -> InPlay = true ; InPlay = false ) ),
            Pairs),
    findall(P, member(in_play(true)-P, Pairs), Live),
    findall(P, member(in_play(false)-P, Pairs), Stopped).

prevention_type(prevent).
prevention_type(prevent_once).
prevention_type(prevent_each).

% A card that left the play zone no longer prevents anything.
stopped(Ed, _P) :-
    stated(Ed, prevention_stopped).

% Effects with an amount apply one after another, the inactive player's first, then the active
% player's; inside a player's turn, the order the player chose (Chosen), else the listed one.
prevention_order(Ed, State, Chosen, Ps, Ordered) :-
    (   Ps = [_, _|_]
    ->  stated(Ed, prevention_order)
    ;   true
    ),
    maplist(keyed_by_rank(State, Chosen), Ps, Keyed),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Ordered).

keyed_by_rank(State, Chosen, P, Rank-P) :-
    player_rank(State, Chosen, P, Rank).

player_rank(State, Chosen, P, Rank-Pos) :-
    (   P.controller == State.active -> Rank = 2 ; Rank = 1 ),
    (   nth0(Pos0, Chosen, P.id) -> Pos = Pos0 ; Pos = inf ).

prevent_step(Ed, P, P-Used, W0, W) :-
    prevent(Ed, P, W0, W, Used).

%   prevent(+Ed, +P, +W0, -W, -Used): effect P prevents Used of W0 wounds: each time it is relevant
%   (a static ability), or as much as the wounds allow, the rest kept for later (or lost, when
%   its text allows one use).
prevent(Ed, P, W0, W, Used) :-
    available(P, Available),
    Used is min(Available, W0),
    W is W0 - Used,
    (   P.type == prevent_each
    ->  stated(Ed, prevented(each_time))
    ;   P.type == prevent_once, Used < Available
    ->  stated(Ed, prevented(rest_lost))
    ;   Used < Available
    ->  stated(Ed, prevented(rest_kept))
    ;   stated(Ed, prevented(all_used))
    ).

available(P, A) :-
    (   P.type == prevent_each -> A = P.amount ; A = P.remaining ).

%   remaining_after(+Live, +Used, -Remaining): what is left of every effect with an amount that
%   protects the card, used now or not.
remaining_after(Live, Used, Remaining) :-
    include(has_remaining, Live, Counted),
    maplist(left_pair(Used), Counted, Pairs),
    dict_pairs(Remaining, _, Pairs).

has_remaining(P) :- P.type \== prevent_each.

left_pair(Used, P, Id-Left) :-
    Id = P.id,
    (   member(Q-U, Used), Q.id == P.id -> true ; U = 0 ),
    left(P, U, Left).

left(P, U, Left) :-
    (   P.type == prevent_once, U > 0 -> Left = 0 ; Left is P.remaining - U ).

update_effect(P-U, State0, State) :-
    (   P.type \== prevent_each
    ->  left(P, U, Left),
        maplist(update_card_effect(P.holder, P.id, Left), State0.cards, Cards),
        State = State0.put(cards, Cards)
    ;   State = State0
    ).

update_card_effect(Holder, Id, Left, C0, C) :-
    (   C0.id == Holder
    ->  maplist(set_remaining(Id, Left), C0.effects, Es),
        C = C0.put(effects, Es)
    ;   C = C0
    ).

set_remaining(Id, Left, E0, E) :-
    (   E0.id == Id -> E = E0.put(remaining, Left) ; E = E0 ).

add_wounds(State0, CardId, N, State) :-
    maplist(add_card_wounds(CardId, N), State0.cards, Cards),
    State = State0.put(cards, Cards).

add_card_wounds(Id, N, C0, C) :-
    (   C0.id == Id -> W is C0.wounds + N, C = C0.put(wounds, W) ; C = C0 ).

%!  apply_effect(+Edition:atom, +Effect:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   An effect other than wounds is about to execute (`_{card, kind, amount, source, choose}`, for
%   instance the regeneration of a card); Result is the effect that executes after replacement
%   effects: `_{kind:Kind, amount:N, card:Card}`.
%
%   @see 516.1 (edition A): «Большой кулак может вместо Регенерации 4 излечить других существ…»
apply_effect(Ed, E0, State, State, Result) :-
    state_card(State, E0.card, _),
    Effect = _{kind:E0.kind, card:E0.card, amount:E0.amount, source:E0.source, attack:null},
    replaced_effect(Ed, State, Effect, E0.choose, E),
    Result = _{kind:E.kind, amount:E.amount, card:E.card}.
