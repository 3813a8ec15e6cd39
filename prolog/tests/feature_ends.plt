:- encoding(utf8).
/*  plunit tests of rules/feature_ends.pl: named features ending with their condition (a card
    leaves another, a turn ends) and what the features a higher one replaced do then — edition A
    («Замещение особенности…» and its examples) and B (518.8 and its examples). Expected values are
    worked from the quoted text.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module('../engine/explain').
:- use_module('../rules/features').
:- use_module('../rules/feature_ends').
:- use_module(helpers).

:- begin_tests(feature_ends).

% ПРИМЕР 3 (A): «существо с Магией крови подходит к Ашельте, получение Магии крови от Ашельты
% считается не выполненным, поэтому когда это существо отойдёт от Ашельты, Магия крови у него
% сохранится.»
test(ashelta, [true(P-E-H == false-[]-['Магия крови'-null])]) :-
    holding([_{name:'Магия крови'}], S0),
    G = _{card:c, name:'Магия крови', value:null, source:src, op:grant, while:adjacent, until:null, modifiers:[]},
    gain_feature('A', G, S0, S1, R), P = R.performed,
    leave('A', _{card:c, from:src}, S1, S, L), E = L.ended, findall(X, held(S, X), H).

% ПРИМЕР 4 (A): «Вайл получает Отравление 1, пока Льер-Кулат стоит рядом, и если отойдёт от него, то
% Отравление спадёт.»
test(lier_kulat, [true(E-H == ['Отравление']-[])]) :-
    holding([], S0),
    G = _{card:c, name:'Отравление', value:1, source:src, op:grant, while:adjacent, until:null, modifiers:[]},
    gain_feature('A', G, S0, S1, _),
    leave('A', _{card:c, from:src}, S1, S, L), E = L.ended, findall(X, held(S, X), H).

% ПРИМЕР 1 (B): «…получение этого Опыта в атаке не будет считаться выполненным, поэтому в конце хода
% Опыт в атаке у этого существа не пропадёт.»
test(ice_hunter, [true(P-E-H-C == false-[]-['Опыт в атаке'-1]-['B:518.8/ex1'])]) :-
    holding([_{name:'Опыт в атаке', value:1}], S0),
    G = _{card:c, name:'Опыт в атаке', value:1, source:src, op:grant, while:null, until:end_of_turn, modifiers:[]},
    gain_feature('B', G, S0, S1, R), P = R.performed,
    once(prove(feature_ends:end_of_turn('B', _{}, S1, S, T), Proof)), E = T.ended,
    findall(X, held(S, X), H),
    step_nodes(Proof, feature_kept, [N]), C = N.cites.

% A: «Замещение особенности - это эффект правил и не является потерей особенности» — an acquired
% «Регенерация 2» replaced by «Регенерация 3» held while its source stands next to the card is the
% card's again when that source leaves, as an own one would be.
test(a_replaced_acquired_feature_returns, [true(H-Ret == ['Регенерация'-2]-['Регенерация'])]) :-
    feature(_{name:'Регенерация', value:2, own:false, source:other}, F),
    card(_{id:c, features:[F]}, C), card(_{id:src, controller:p2}, Src), card(_{id:other}, O),
    state([C, Src, O], S0),
    G = _{card:c, name:'Регенерация', value:3, source:src, op:grant, while:adjacent, until:null, modifiers:[]},
    gain_feature('A', G, S0, S1, _),
    leave('A', _{card:c, from:src}, S1, S, L), Ret = L.returned, findall(X, held(S, X), H).

% B: «○ подавляются до появления новой базовой именной особенности, если были собственными» — the same
% acquired «Регенерация 2» does not come back under B when the «Регенерация 3» held «до конца хода»
% ends; an own one does. The line speaks of own features: the step that drops the acquired one is
% the engine's reading and cites nothing. (B's text says nothing of a card standing next to
% another: the higher one is held until the end of the turn.)
test(b_replaced_acquired_feature_does_not_return, [true(H-C == []-[])]) :-
    feature(_{name:'Регенерация', value:2, own:false, source:other}, F),
    card(_{id:c, features:[F]}, Card), card(_{id:src, controller:p2}, Src), card(_{id:other}, O),
    state([Card, Src, O], S0),
    G = _{card:c, name:'Регенерация', value:3, source:src, op:grant, while:null, until:end_of_turn, modifiers:[]},
    once(prove(features:gain_feature('B', G, S0, S1, _), P)),
    step_nodes(P, replaced_not_kept, [N]), C = N.cites,
    end_of_turn('B', _{player:p1}, S1, S, _), findall(X, held(S, X), H).

% 518.8 ПРИМЕР 1 (B): «…получает [Опыт в атаке] 1 … до конца вашего хода. … не будет считаться
% выполненным, поэтому в конце хода Опыт в атаке у этого существа не пропадёт» — said of a gain not
% performed; that a performed one ends at the end of the turn is its reading by contraposition: the
% creature loses «Опыт в атаке 1» (ended), and that step cites nothing.
test(b_turn_end_is_read_uncited, [true(E-C == ['Опыт в атаке']-[])]) :-
    holding([], S0),
    G = _{card:c, name:'Опыт в атаке', value:1, source:src, op:grant, while:null, until:end_of_turn, modifiers:[]},
    gain_feature('B', G, S0, S1, _),
    once(prove(feature_ends:end_of_turn('B', _{}, S1, _, T), Proof)), E = T.ended,
    step_nodes(Proof, feature_ended_at_turn_end, [N]), C = N.cites.

test(b_replaced_own_feature_returns, [true(H == ['Регенерация'-2])]) :-
    holding([_{name:'Регенерация', value:2}], S0),
    G = _{card:c, name:'Регенерация', value:3, source:src, op:grant, while:null, until:end_of_turn, modifiers:[]},
    gain_feature('B', G, S0, S1, _), end_of_turn('B', _{player:p1}, S1, S, _), findall(X, held(S, X), H).

% 518.8 ПРИМЕР 1 (B): «…получает [Опыт в атаке] 1 или +1 к [Опыту в атаке] до конца вашего хода» —
% «вашего»: the turn of the player who controls the source (src is p2's). The end of p1's turn keeps it,
% the end of p2's ends it.
test(until_the_end_of_your_turn, [true(E1-E2 == []-['Опыт в атаке'])]) :-
    holding([], S0),
    G = _{card:c, name:'Опыт в атаке', value:1, source:src, op:grant, while:null, until:end_of_your_turn, modifiers:[]},
    gain_feature('B', G, S0, S1, _),
    end_of_turn('B', _{player:p1}, S1, S2, R1), E1 = R1.ended,
    end_of_turn('B', _{player:p2}, S2, _, R2), E2 = R2.ended.

% B's loaded text says nothing of a card standing next to another: approach and leave are refused,
% naming that case (B states others: «до конца хода», 518.8 ПРИМЕР 1; editions:case_name/3).
test(b_leave_is_refused, [throws(error(unsupported(condition_ended_adjacent, 'B', _), _))]) :-
    holding([], S0), leave('B', _{card:c, from:src}, S0, _, _).

test(a_end_of_turn_is_refused, [throws(error(unsupported(condition_ended_end_of_turn, 'A', _), _))]) :-
    holding([], S0),
    end_of_turn('A', _{}, S0, _, _).

:- end_tests(feature_ends).
