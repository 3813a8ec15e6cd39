:- encoding(utf8).
/*  plunit tests of rules/features.pl: gaining, replacing and adding named features (their ending:
    feature_ends.plt) — edition A («Замещение особенности…» and its five examples) and B (518.8
    and its three examples). Expected values are worked from the quoted text.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module('../engine/explain').
:- use_module('../rules/features').
:- use_module('../rules/adjacency').
:- use_module(helpers).

:- begin_tests(features).

% 518.8 (B): «…отрицательное значение именной особенности, эта особенность работает как
% “[именная особенность] 0”»; A says nothing of it, so under A a negative value is refused.
test(works_as, [true(B-Z == 0-0)]) :-
    works_as('B', -1, B), works_as('A', 0, Z).

test(a_negative_value_under_a, [throws(error(impossible(_), _))]) :-
    works_as('A', -1, _).

% ПРИМЕР 1 (A, and B ПРИМЕР 2): «существо с особенностью "Регенерация 2" не может получить
% особенность "Регенерация 1"».
test(a_lower_value_is_not_gained, [forall(member(Ed, ['A', 'B'])), true(P-H == false-['Регенерация'-2])]) :-
    holding([_{name:'Регенерация', value:2}], S0), gain('Регенерация', 1, grant, G),
    gain_feature(Ed, G, S0, S, R), P = R.performed, findall(X, held(S, X), H).

% «…дают особенность "Регенарация 3", у существа вместо "Регенерации 2" будет "Регенерация 3"».
test(a_higher_value_replaces, [forall(member(Ed, ['A', 'B'])), true(H == ['Регенерация'-3])]) :-
    holding([_{name:'Регенерация', value:2}], S0), gain('Регенерация', 3, grant, G),
    gain_feature(Ed, G, S0, S, _), findall(X, held(S, X), H).

% ПРИМЕР 2 (A, B ПРИМЕР 3): «"Отравление 1" получает "+1 к Отравлению", … "Отравление 2"».
test(plus_one, [forall(member(Ed, ['A', 'B'])), true(V == 2)]) :-
    holding([_{name:'Отравление', value:1}], S0), gain('Отравление', 1, add, G),
    gain_feature(Ed, G, S0, _, R), V = R.value.

% ПРИМЕР 5 (A): «Если же в отряде есть ещё Менгир Каррефура … Менгир может усилить отравление на 1, и
% Вайл получит Отравление 2» — `other` stands in the squad of `src` (p2), as the Менгир in Бокор's.
test(mengir, [true(V == 2)]) :-
    holding([], S0),
    G = _{card:c, name:'Отравление', value:1, source:src, op:grant, while:null, until:null,
          modifiers:[_{source:other, value:1}]},
    gain_feature('A', G, S0, _, R), V = R.value.

% ПРИМЕР 5 (A): «при заявке Бокора … Менгир может усилить отравление» — the modifier is one from the
% squad of the card that gives the feature (Бокор); a gain given no source has no such squad: refused,
% naming the example.
test(mengir_needs_the_gains_source,
     [throws(error(impossible(_), refusal(gain_modifier_sourceless, ['A:замещение-особенности-это-эффект/ex5'])))]) :-
    holding([], S0),
    G = _{card:c, name:'Отравление', value:1, source:null, op:grant, while:null, until:null,
          modifiers:[_{source:other, value:1}]},
    gain_feature('A', G, S0, _, _).

% 540.3 (B): a suppressed feature — «считается, что карта не обладает такой особенностью».
test(a_suppressed_feature_is_not_held, [true(H =@= [_{name:'Строй', value:null}])]) :-
    feature(_{name:'Строй'}, F1), feature(_{name:'Регенерация', value:1, suppressed:true}, F2),
    held_features('B', [F1, F2], H).

% No edition says what «+N к X» does to a card without X.
test(plus_to_a_missing_feature, [throws(error(unsupported(add_to_missing_feature, 'A', _), _))]) :-
    holding([], S0), gain('Отравление', 1, add, G),
    gain_feature('A', G, S0, _, _).

% ПРИМЕР 5 (A): «…Менгир может усилить отравление на 1…» — a modifier to the value given applies to a
% grant and to «+N к X» alike: «Отравление 1» with «+1 к Отравлению» strengthened by 1 → 1 + (1 + 1) = 3,
% the modifier shown in the proof (granted_value, citing the example).
test(a_plus_takes_its_modifiers, [true(V-C == 3-['A:замещение-особенности-это-эффект/ex5'])]) :-
    holding([_{name:'Отравление', value:1}], S0),
    G = _{card:c, name:'Отравление', value:1, source:src, op:add, while:null, until:null,
          modifiers:[_{source:other, value:1}]},
    once(prove(features:gain_feature('A', G, S0, _, R), P)), V = R.value,
    step_nodes(P, granted_value, [N]), C = N.cites.

% A's loaded text says nothing of a feature «до конца хода»: a gain for that while, and an end of
% turn, are refused (no step could cite a unit of A for them).
test(a_gain_until_the_end_of_turn_is_refused, [throws(error(no_effect(until, _), _))]) :-
    holding([], S0),
    G = _{card:c, name:'Опыт в атаке', value:1, source:src, op:grant, while:null, until:end_of_turn, modifiers:[]},
    gain_feature('A', G, S0, _, _).

% ПРИМЕР 4 (A): «Льер-Кулат ("Затмение") подходит к Вайлу без отравления, Вайл получает Отравление 1,
% пока Льер-Кулат стоит рядом» — an approach gives what the card gives a card next to it.
test(approach_gives_what_stands_next_to_it, [true(Ga-H == ['Отравление']-['Отравление'-1])]) :-
    card(_{id:lier, controller:p2, grants:[_{name:'Отравление', value:1, while:adjacent}]}, L),
    card(_{id:c}, C), state([L, C], S0),
    approach('A', _{card:lier, to:c}, S0, S, R), Ga = R.gained, findall(X, held(S, X), H).

:- end_tests(features).
