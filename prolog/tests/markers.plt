:- encoding(utf8).
/*  plunit tests of rules/markers.pl: suppression markers lifted (edition B, 540.3.1 «Маркер
    подавления снимается в конце указанного периода (или до явной потери маркера), после чего
    особенность снова начинает влиять на игру»). Values worked from that text. */
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module('../rules/loss').
:- use_module('../rules/markers').
:- use_module(helpers).

:- begin_tests(markers).

lost_until(Duration, S) :-
    feature(_{name:'Регенерация', value:2}, F), card(_{id:c, features:[F]}, C), state([C], S0),
    lose_features('B', _{card:c, which:all, duration:Duration, anywhere:false}, S0, S, _).

% A loss «до конца боя»: its marker goes at the end of the battle, the feature works again.
test(end_of_battle_lifts_its_period, [true(L == ['c/Регенерация'])]) :-
    lost_until(end_of_battle, S1), end_of_battle('B', _{}, S1, _, R), L = R.lifted.

% …but not at the end of the turn: that is another period («в конце указанного периода»).
test(end_of_turn_does_not_lift_a_battle_marker, [true(L == [])]) :-
    lost_until(end_of_battle, S1), lift_markers('B', end_of_turn, S1, _, L).

% An explicit removal of the markers of one feature lifts them whatever the period.
test(removal_of_one_feature, [true(L == ['c/Регенерация'])]) :-
    lost_until(end_of_turn, S1), remove_markers('B', _{card:c, feature:'Регенерация'}, S1, _, R), L = R.lifted.

:- end_tests(markers).
