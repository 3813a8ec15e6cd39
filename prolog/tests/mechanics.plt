:- encoding(utf8).
/*  plunit tests of the mechanics, run directly (no proof) and under explain:prove/2.
    Expected values are worked from the rule text, quoted above each test.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module('../engine/explain').
:- use_module('../rules/dice').
:- use_module('../rules/attack').
:- use_module('../rules/features').

state(_{active:p1, cards:[
    _{id:roller, controller:p1, features:[]},
    _{id:ally, controller:p1, features:[]},
    _{id:foe, controller:p2, features:[]}]}).

roll(Face, Mods, _{roller:roller, roll:Face, reroll:null, flip:false, flip_source:roller,
                   next_roll_equals:null, modifiers:Mods, order:[]}).

mod(Id, Source, Op, Value, _{id:Id, source:Source, op:Op, value:Value, declared:after}).

:- begin_tests(mechanics).

% 518.3 (A): set-to last — 4 +1 (а) = 5, within 1…6 (г), set to 1 (д) = 1.
test(dice_a_set_to_last, [true(V == 1)]) :-
    state(S), mod(m1, ally, add, 1, M1), mod(m2, foe, set, 1, M2), roll(4, [M1, M2], R),
    dice:die_roll('A', R, S, Res), V = Res.value.

% 519.2 (B): set-to first — 4 set to 1 (a.), +1 (b.) = 2.
test(dice_b_set_to_first, [true(V == 2)]) :-
    state(S), mod(m1, ally, add, 1, M1), mod(m2, foe, set, 1, M2), roll(4, [M1, M2], R),
    dice:die_roll('B', R, S, Res), V = Res.value.

% 518.4 (A): «стал меньше 1 … принимается равным 1»
test(dice_a_bounds, [true(V == 1)]) :-
    state(S), mod(m1, foe, add, -5, M1), roll(3, [M1], R),
    dice:die_roll('A', R, S, Res), V = Res.value.

% 519.6 (B): «2 к 5» — a set-to modifier: the unmodified roll stays 2, the value is 5.
test(flip_b, [true(U-V == 2-5)]) :-
    state(S), roll(2, [], R0), R = R0.put(flip, true),
    dice:die_roll('B', R, S, Res), U = Res.unmodified, V = Res.value.

% A (001, line 3): a flip is not a modifier — the die itself is turned over.
test(flip_a, [true(U-V == 5-5)]) :-
    state(S), roll(2, [], R0), R = R0.put(flip, true),
    dice:die_roll('A', R, S, Res), U = Res.unmodified, V = Res.value.

% The proof of a roll under A cites the order of 518.3, then the groups а), г), д) in order.
test(proof_cites_groups_in_order, [true(Cites == ['A:518.3/item1', 'A:518.3/item4', 'A:518.3/item5'])]) :-
    state(S), mod(m1, ally, add, 1, M1), mod(m2, foe, set, 1, M2), roll(4, [M1, M2], R),
    prove(dice:die_roll('A', R, S, _), [Root]),
    member(Order, Root.children), Order.step == application_order, Order.cites == ['A:518.3'], !,
    findall(C, ( member(N, Root.children), N.step == modifier_applied, N.cites = [C|_] ), Cites).

% 519.3 (A): «атака на 0 не может быть сведена к 1»
test(attack_set_never_raises, [true(V == 0)]) :-
    S = _{active:p1, cards:[_{id:a, controller:p1}, _{id:t, controller:p2}]},
    A = _{source:a, target:t, strike:medium, base:0, order:[],
          modifiers:[_{id:m1, source:t, op:set, value:1}]},
    attack:attack_strength('A', A, S, Res), V = Res.strength.

test(attack_b_unsupported, [throws(error(unsupported(attack_modifiers, 'B', _), _))]) :-
    attack:attack_strength('B', _{}, _{}, _).

% 518.8 (B): a negative value works as 0; A keeps it.
test(works_as_b, [true(W == 0)]) :- features:works_as('B', -1, W).
test(works_as_a, [true(W == -1)]) :- features:works_as('A', -1, W).

% Every declared step names a defined predicate.
test(steps_are_defined, [true(Undefined == [])]) :-
    findall(M:N/A, ( clause(explain:step(M:G, _, _, _), _), functor(G, N, A),
                     \+ current_predicate(M:N/A) ), Undefined).

:- end_tests(mechanics).
