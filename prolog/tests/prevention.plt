:- encoding(utf8).
/*  plunit tests of rules/prevention.pl: wounds and their prevention (edition A, fragment 003, the
    paragraphs before «Эффект замещения.»). Expected values are worked from the quoted text.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../rules/prevention').
:- use_module('../rules/leaving').
:- use_module(helpers).

:- begin_tests(prevention).

with_effects(TargetEffects, OtherEffects, S) :-
    maplist(initial_effect, TargetEffects, TE), maplist(initial_effect, OtherEffects, OE),
    card(_{id:t, controller:p1, effects:TE}, T), card(_{id:x, controller:p2, effects:OE}, X),
    state(p1, [T, X], S).

wounds_of(N, Kind, _{card:t, amount:N, source:x, attack:Kind, choose:[]}).

% ПРИМЕР: «Если карта может предотвратить "следующие 4 раны", а в результате атаки предотвратила 2
% раны, то ещё 2 раны она может предотвратить от следующей атаки»: 2 wounds → 0 (2 left); 3 more →
% 2 prevented, 1 dealt, 0 left.
test(next_four_wounds, [true(R1-R2 == (0-2)-(1-0))]) :-
    with_effects([_{id:next4, type:prevent, amount:4, protects:self}], [], S0),
    wounds_of(2, strike, W1), wounds('A', W1, S0, S1, Res1), R1 = Res1.wounds-Res1.remaining.next4,
    wounds_of(3, strike, W2), wounds('A', W2, S1, _, Res2), R2 = Res2.wounds-Res2.remaining.next4.

% ПРИМЕР: «Габриэль уменьшает число получаемых ран 1 каждый раз, когда ваше существо получает раны»:
% 3 → 2, and again 3 → 2.
test(gabriel_each_time, [true(W1-W2 == 2-2)]) :-
    with_effects([], [], S00),
    card(_{id:gabriel, controller:p1, effects:[_{id:g, type:prevent_each, amount:1, protects:own}]}, G),
    S0 = S00.put(cards, [G|S00.cards]),
    wounds_of(3, strike, W), wounds('A', W, S0, S1, R1), W1 = R1.wounds,
    wounds('A', W, S1, _, R2), W2 = R2.wounds.

% «…вначале все эффекты применяет Неактивный игрок, а затем Активный»: p1 is active; p2's effect
% (2) is used first: 3 wounds → p2's 2, then 1 of p1's 2.
test(inactive_player_first, [true(Rem =@= _{mine:1, theirs:0})]) :-
    with_effects([_{id:mine, type:prevent, amount:2, protects:self}],
                 [_{id:theirs, type:prevent, amount:2, protects:all}], S0),
    wounds_of(3, strike, W), wounds('A', W, S0, _, R), Rem = R.remaining.

% «…(если повторное применение этого эффекта предотвращения не противоречит его тексту)» — one use:
% 1 of 3 used, the rest lost.
test(one_use_only, [true(Left == 0)]) :-
    with_effects([_{id:once3, type:prevent_once, amount:3, protects:self}], [], S0),
    wounds_of(1, strike, W), wounds('A', W, S0, _, R), Left = R.remaining.once3.

% «Если карта – источник эффекта предотвращения покидает игровую зону, то эффект предотвращения от
% этой карты больше не применяется.»
test(source_left_the_play_zone, [true(N == 2)]) :-
    card(_{id:t}, T), card(_{id:gone, zone:graveyard, effects:[_{id:p, type:prevent_each, amount:2, protects:all}]}, Gone),
    card(_{id:x, controller:p2}, X), state([T, Gone, X], S0),
    wounds_of(2, strike, W), wounds('A', W, S0, _, R), N = R.wounds.

% The effects of a card with an amount start with all of it remaining.
test(initial_effect, [true(R == 4)]) :-
    initial_effect(_{id:e, type:prevent, amount:4}, E), R = E.remaining.

test(only_a_card_in_play_gets_wounds, [throws(error(impossible(_), _))]) :-
    card(_{id:t, zone:hand}, T), card(_{id:x, controller:p2}, X), state([T, X], S0),
    wounds_of(1, strike, W), wounds('A', W, S0, _, _).

test(b_has_no_prevention, [throws(error(unsupported(prevention, 'B', _), _))]) :-
    with_effects([], [], S0), wounds_of(1, strike, W), wounds('B', W, S0, _, _).

% «Если карта – источник эффекта предотвращения покидает игровую зону, то эффект предотвращения от
% этой карты больше не применяется»: «следующие 4 раны», 2 used; the card goes to the graveyard and is
% revived — a new object: 2 wounds are not prevented (before the fix the 2 left came back).
test(left_the_play_zone_and_back, [true(W-L == 2-true)]) :-
    with_effects([_{id:next4, type:prevent, amount:4, protects:self}], [], S0),
    wounds_of(2, strike, W1), wounds('A', W1, S0, S1, _),
    S1.cards = [T1|Rest], left_play_zone('A', graveyard, T1, T2),
    S2 = S1.put(cards, [T2.put(zone, graveyard)|Rest]),
    S2.cards = [T3|Rest2], S3 = S2.put(cards, [T3.put(zone, battle)|Rest2]),
    wounds_of(2, strike, W2), wounds('A', W2, S3, _, R), W = R.wounds,
    T3.effects = [E], L = E.left_play.

% A spent one-use effect cites «…если повторное применение этого эффекта предотвращения не противоречит
% его тексту» (the paragraph «Эффект предотвращения может быть использован частично…»), not
% «…могут быть применены все…».
test(spent_one_use_cites_its_text, [true(C == ['A:эффект-предотвращения-может-быть'])]) :-
    with_effects([_{id:once3, type:prevent_once, amount:3, protects:self}], [], S0),
    wounds_of(1, strike, W1), wounds('A', W1, S0, S1, _),
    wounds_of(1, strike, W2), once(prove(prevention:wounds('A', W2, S1, _, _), P)),
    step_nodes(P, prevention_spent, [N]), C = N.cites.

% A prevention without an amount prevents all the wounds: 5 → 0.
test(prevention_without_an_amount, [true(W-P == 0-5)]) :-
    with_effects([_{id:all, type:prevent_once, amount:null, protects:self}], [], S0),
    wounds_of(5, strike, W1), wounds('A', W1, S0, _, R), W = R.wounds, P = R.prevented.

:- end_tests(prevention).
