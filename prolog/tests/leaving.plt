:- encoding(utf8).
/*  plunit tests of rules/leaving.pl: a card that leaves the play zone (edition A: the way back
    517.3, 517.4, «Взятие карты в отряд…»; fragment 003 «Если карта – источник эффекта предотвращения
    покидает игровую зону, то эффект предотвращения от этой карты больше не применяется»). Values
    worked by hand from those words. */
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module('../engine/explain').
:- use_module('../rules/leaving').
:- use_module(helpers).

:- begin_tests(leaving).

% A wounded, tapped card in formation goes to the graveyard (517.4 states the way back from it):
% it comes back a new object — no wounds, not tapped, out of formation; its «следующие 4 раны» with
% 2 left no longer applies (left_play, nothing remaining); its static ability (prevent_each) is its
% own and works again once it is back (only marked left_since).
test(a_new_object_from_the_graveyard, [true(X == 0-false-false-[true-0, none-none])]) :-
    card(_{id:t, wounds:2, tapped:true, in_formation:true,
           effects:[_{id:n4, type:prevent, amount:4, remaining:2, protects:self},
                    _{id:e1, type:prevent_each, amount:1, protects:self}]}, C0),
    left_play_zone('A', graveyard, C0, C),
    C.effects = [N4, E1],
    X = C.wounds-C.tapped-C.in_formation-[N4.left_play-N4.remaining, E1.get(left_play, none)-E1.get(remaining, none)],
    E1.left_since == true.

% The step that makes it a new object cites nothing: no loaded unit says what the card loses.
test(the_new_object_step_cites_nothing, [true(Cs == [])]) :-
    card(_{id:t, wounds:1}, C0),
    once(prove(leaving:left_play_zone('A', hand, C0, _), P)),
    step_nodes(P, left_play_zone, [N]), Cs = N.cites.

% A card the scenario starts in the hand with 2 wounds: under A (the way back from the hand is
% stated) no card there can hold wounds — refused as `wounds`; in the battle zone it may.
test(held_outside_play, [true(F == wounds)]) :-
    card(_{id:h, zone:hand, wounds:2}, C),
    held_outside_play('A', C, F).

test(held_in_play_is_no_fault, [fail]) :-
    card(_{id:h, zone:battle, wounds:2}, C),
    held_outside_play('A', C, _).

:- end_tests(leaving).
