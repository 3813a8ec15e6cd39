:- encoding(utf8).
/*  plunit tests of rules/prevention_order.pl: the order of prevention effects and whose choice
    names which effect (edition A, fragment 003). Expected values are worked from the quoted text.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../rules/prevention').
:- use_module('../rules/prevention_order').
:- use_module(helpers).
:- use_module('../state/game', [id_of/2]).

:- begin_tests(prevention_order).

with_effects(TargetEffects, OtherEffects, S) :-
    maplist(initial_effect, TargetEffects, TE), maplist(initial_effect, OtherEffects, OE),
    card(_{id:t, controller:p1, effects:TE}, T), card(_{id:x, controller:p2, effects:OE}, X),
    state(p1, [T, X], S).

% «…вначале все эффекты применяет Неактивный игрок, а затем Активный»: p1 is active, so p2's x goes
% first although it is listed last; p1's own a, b keep the listed order (p1 chose none).
test(inactive_player_first, [true(Ids == [x, a, b])]) :-
    state(p1, [], S),
    Ps = [_{id:a, controller:p1, amount:1}, _{id:b, controller:p1, amount:1}, _{id:x, controller:p2, amount:1}],
    prevention_order('A', S, [], Ps, Order), maplist(id_of, Order, Ids).

% «…вначале все эффекты применяет Неактивный игрок, а затем Активный», each in the order that player
% states (choose per player): p1 (active) orders its own b before a: 3 wounds → p2's x (1) → p1's b (2).
test(choices_per_player, [true(Rem =@= _{a:2, b:0, x:0})]) :-
    with_effects([_{id:a, type:prevent, amount:2, protects:self}, _{id:b, type:prevent, amount:2, protects:self}],
                 [_{id:x, type:prevent, amount:1, protects:all}], S0),
    W = _{card:t, amount:3, source:x, attack:strike, choose:_{p1:[b, a], p2:[x]}},
    wounds('A', W, S0, _, R), Rem = R.remaining.

% A player orders only the effects that player applies: p1 naming p2's prevention has no effect.
test(a_choice_a_player_does_not_make, [throws(error(no_effect("choose.p1[0]", _), _))]) :-
    with_effects([], [_{id:x, type:prevent, amount:1, protects:all}], S0),
    W = _{card:t, amount:3, source:x, attack:strike, choose:_{p1:[x]}},
    wounds('A', W, S0, _, _).

% «Эффекты предотвращения, имеющие количественное значение…»: x has none, so its place in the order
% is the engine's reading (prevention_order:unquantified_order/3), not that unit; x still goes first.
test(no_amount_read, [true(Ids == [x, a])]) :-
    state(p1, [], S),
    Ps = [_{id:a, controller:p1, amount:1}, _{id:x, controller:p2, amount:null}],
    prevention_order('A', S, [], Ps, Order), maplist(id_of, Order, Ids).

% A choice naming an effect the event does not weigh decides nothing: refused, naming it.
test(a_choice_of_an_effect_not_weighed, [throws(error(no_effect("choose[0]", _), _))]) :-
    choices_apply([o1, g1], [g1]).

:- end_tests(prevention_order).
