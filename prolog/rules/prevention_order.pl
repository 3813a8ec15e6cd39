:- encoding(utf8).
:- module(prevention_order,
          [ prevention_order/5,         % +Edition, +State, +Chosen, +Effects, -Ordered
            check_choices/2,            % +State, +Chosen
            choices_apply/2             % +Chosen, +Ids
          ]).

/** <module> The order of prevention effects, and whose choice names which effect

Part of section prevention (prevention.pl; the unit is edition data, editions/a.pl: fragment 003):
effects with an amount apply one after another, the inactive player's first, then the active
player's («…вначале все эффекты применяет Неактивный игрок, а затем Активный»), each player's in
the order that player chose. A player's choice names only the effects that player applies; the
active player also picks among both players' replacement effects.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module('../engine/explain').
:- use_module('../engine/undo').
:- use_module('../state/game').
:- use_module('../editions/editions').

explain:mechanics_module(prevention_order).

explain:step(prevention_order:prevention_order(_, _, Chosen, Ps, Order), prevention_order,
             _{effects:Ids, stated:Stated}, OrderIds) :-
    maplist(id_of, Ps, Ids), maplist(id_of, Order, OrderIds),
    ( once(unstated_choice(Chosen, Ps)) -> Stated = false ; Stated = true ).

explain:step(prevention_order:unquantified_order(_, Ps, Order), prevention_order_read,
             _{effects:Ids, unquantified:Us}, OrderIds) :-
    maplist(id_of, Ps, Ids), maplist(id_of, Order, OrderIds),
    exclude(has_amount, Ps, U0), maplist(id_of, U0, Us).
% no loaded unit orders an effect without an amount: the engine's reading
explain:uncited_step(prevention_order_read).

%   The order of prevention of two or more effects («…вначале все эффекты применяет Неактивный
%   игрок, а затем Активный», fragment 003): the other order, with the other player active.
undo:undo(prevention_order, _, Order, [_{other:active, among:[p1, p2], at:scenario}]) :-
    is_list(Order), length(Order, N), N > 1.

%   unstated_choice(+Chosen, +Ps): two effects of one player, neither of which the player's choice
%   names: their order is the listed one (docs/scenarios.md: the step says no choice was stated).
unstated_choice(Chosen, Ps) :-
    member(P, Ps), member(Q, Ps), P.id \== Q.id, P.controller == Q.controller,
    choice_list(Chosen, P.controller, Ids),
    \+ memberchk(P.id, Ids), \+ memberchk(Q.id, Ids).

%!  prevention_order(+Edition:atom, +State:dict, +Chosen, +Effects:list, -Ordered:list) is det.
%
%   Ordered is Effects (prevention effects with `controller` and `id`) in the order they apply:
%   the inactive player's first, then the active player's; inside a player's, the order of that
%   player's choice (Chosen: a list, or a dict of one list per player), else the listed one. Two
%   or more effects with an amount cite the unit that states the order; where one has none, a step
%   says its place in that order is the engine's reading (the unit speaks only of «Эффекты
%   предотвращения, имеющие количественное значение…»).
%
%   @see fragment 003, «…вначале все эффекты применяет Неактивный игрок, а затем Активный» (edition A)
prevention_order(Ed, State, Chosen, Ps, Ordered) :-
    maplist(keyed_by_rank(State, Chosen), Ps, Keyed),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Ordered),
    include(has_amount, Ps, Qs),
    (   Qs = [_, _|_]
    ->  stated(Ed, prevention_order)
    ;   true
    ),
    (   Ps = [_, _|_], Qs \== Ps
    ->  unquantified_order(Ed, Ps, Ordered)
    ;   true
    ).

%   unquantified_order(+Ed, +Ps, +Ordered): among Ps an effect has no amount; the order the unit
%   gives is for «Эффекты предотвращения, имеющие количественное значение…» only, and no loaded unit
%   orders one without: that it takes its player's place in that order is the engine's reading
%   (the step cites nothing).
unquantified_order(_Ed, _Ps, _Ordered).

has_amount(P) :- P.amount \== null.

keyed_by_rank(State, Chosen, P, Rank-P) :-
    player_rank(State, Chosen, P, Rank).

player_rank(State, Chosen, P, Rank-Pos) :-
    (   P.controller == State.active -> Rank = 2 ; Rank = 1 ),
    choice_list(Chosen, P.controller, Ids),
    (   nth0(Pos0, Ids, P.id) -> Pos = Pos0 ; Pos = inf ).

%!  check_choices(+State:dict, +Chosen) is det.
%
%   In a per-player choice (Chosen a dict), every effect a player's list names is one that player
%   decides about: an effect of a card that player controls — or, for the active player, a
%   replacement effect of either player (when both can, the active player picks).
%
%   @error existence_error(effect, Id) for an effect no card holds; no_effect(Field, Why) for an
%          effect the player does not decide about.
check_choices(State, Chosen) :-
    (   is_dict(Chosen)
    ->  dict_pairs(Chosen, _, Pairs),
        forall(( member(Player-Ids, Pairs), nth0(J, Ids, Id) ),
               decides(State, Player, J, Id))
    ;   true
    ).

decides(State, Player, J, Id) :-
    (   member(C, State.cards), member(E, C.effects), E.id == Id
    ->  true
    ;   existence_error(effect, Id)
    ),
    (   C.controller == Player
    ->  true
    ;   Player == State.active, memberchk(E.type, [instead, no_wounds_from, wounds_only_from])
    ->  true
    ;   format(string(Field), "choose.~w[~w]", [Player, J]),
        said(effect_not_theirs, Why, "~w is an effect of ~w, which ~w controls: ~w neither applies it nor picks it (each player applies their own effects; only the active player picks among both players' replacement effects)",
               [Id, C.id, C.controller, Player]),
        no_effect(Field, Why)
    ).

%!  choices_apply(+Chosen, +Ids:list) is det.
%
%   Every effect a choice names (Chosen: a list, or one list per player) is one of Ids, the effects
%   the event weighs — the prevention effects that protect the card, the replacement effects that
%   protect it (replacement:replacement_candidates/3) —, each of which applies or has a step saying
%   why it does not. Another is an effect that has nothing to do with the event (of another card,
%   protecting only that card; of the other player's card): choosing it decides nothing, and the
%   choice is refused as a `decline` of it is.
%
%   @error no_effect(Field, Why) naming `choose[J]` (or `choose.P[J]`) for the first such id.
choices_apply(Chosen, Ids) :-
    (   is_dict(Chosen) -> dict_pairs(Chosen, _, Pairs) ; Pairs = [null-Chosen] ),
    (   member(P-L, Pairs), nth0(J, L, Id), \+ memberchk(Id, Ids)
    ->  (   P == null
        ->  format(string(Field), "choose[~w]", [J])
        ;   format(string(Field), "choose.~w[~w]", [P, J])
        ),
        said(choice_not_applying, Why, "~w is not an effect this event weighs (no prevention or replacement effect that protects this card), so choosing it decides nothing", [Id]),
        no_effect(Field, Why)
    ;   true
    ).
