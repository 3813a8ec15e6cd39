:- encoding(utf8).
/*  plunit tests of rules/turn_ends.pl: what is held «до конца (вашего) хода» ends with the turn —
    in edition B the reading, by contraposition, of 518.8 ПРИМЕР 1 «…до конца вашего хода. …
    получение этого Опыта в атаке не будет считаться выполненным, поэтому в конце хода Опыт в атаке у
    этого существа не пропадёт» (said of a gain not performed): each step is a node citing nothing.
    Edition A's loaded text says nothing of «до конца хода»: refused.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module('../engine/explain').
:- use_module('../rules/turn_ends').
:- use_module(helpers).

:- begin_tests(turn_ends).

% «Опыт в атаке 1» held «до конца хода» ends with p1's turn: one node, no citation.
test(feature_ends_uncited, [true(S-C == feature_ended_at_turn_end-[])]) :-
    feature(_{name:'Опыт в атаке', value:1, own:false, source:h, until:end_of_turn}, F),
    once(prove(turn_ends:turn_ended('B', c, F, p1), [N])), S = N.step, C = N.cites.

% «+1 к [Опыту в атаке] до конца вашего хода»: the plus ends with the turn, citing nothing.
test(plus_ends_uncited, [true(S-P-C == bonus_ended_at_turn_end-1-[])]) :-
    feature(_{name:'Опыт в атаке', value:2}, F),
    B = _{amount:1, source:h, while:null, until:end_of_your_turn, turn_of:p1},
    once(prove(turn_ends:bonus_turn_ended('B', c, F, B), [N])), S = N.step, P = N.inputs.plus, C = N.cites.

% A replaced feature held «до конца хода» ends with the turn, citing nothing.
test(replaced_ends_uncited, [true(S-C == replaced_ended_at_turn_end-[])]) :-
    feature(_{name:'Регенерация', value:2, own:false, source:h, until:end_of_turn}, F),
    once(prove(turn_ends:replaced_turn_ended('B', c, F, p1), [N])), S = N.step, C = N.cites.

test(a_refused, [throws(error(unsupported(condition_ended_end_of_turn, 'A', _), _))]) :-
    feature(_{name:'Опыт в атаке', value:1, own:false, source:h, until:end_of_turn}, F),
    turn_ended('A', c, F, p1).

:- end_tests(turn_ends).
