:- encoding(utf8).
/*  plunit tests of rules/adjacency.pl: a card comes to stand next to another (edition A,
    «Замещение особенности…», ПРИМЕР 4: «…подходит к Вайлу без отравления, Вайл получает
    Отравление 1, пока Льер-Кулат стоит рядом»). Values worked from that text. */
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module('../rules/adjacency').
:- use_module(helpers).

:- begin_tests(adjacency).

pair(VailFeatures, S) :-
    card(_{id:vail, features:VailFeatures}, V),
    card(_{id:lier, grants:[_{name:'Отравление', value:1, while:adjacent}]}, L),
    state([V, L], S).

% Вайл without poison: Льер-Кулат comes to stand next to him, Вайл gains Отравление 1.
test(a_card_next_to_another_gains_its_grant, [true(G-N == ['Отравление']-[])]) :-
    pair([], S0), approach('A', _{card:lier, to:vail}, S0, _, R), G = R.gained, N = R.not_performed.

% Two cards already side by side cannot come to stand so again.
test(already_side_by_side, [throws(error(impossible(_), _))]) :-
    pair([], S0), approach('A', _{card:lier, to:vail}, S0, S1, _),
    approach('A', _{card:vail, to:lier}, S1, _, _).

% Under B (no loaded text on a card next to another) an approach is not supported.
test(b_says_nothing_of_it, [throws(error(unsupported(adjacent_grant, 'B', _), _))]) :-
    pair([], S0), approach('B', _{card:lier, to:vail}, S0, _, _).

:- end_tests(adjacency).
