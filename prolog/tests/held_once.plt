:- encoding(utf8).
/*  plunit tests of rules/held_once.pl: a card holds one value of a named feature from the start
    (A «Замещение особенности…» ПРИМЕР 1, B 518.8 ПРИМЕР 2: «существо с особенностью "Регенерация 2"
    не может получить особенность "Регенерация 1". Если существу с особенностью "Регенерация 2" дают
    особенность "Регенарация 3", у существа вместо "Регенерации 2" будет "Регенерация 3"»). Values
    worked from that text. */
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module('../rules/held_once').
:- use_module(helpers).

:- begin_tests(held_once).

listed(Features, Acquired, _{id:c, features:Features, acquired:Acquired}).

% «Регенерация 2» and «регенерация 3» are one feature (names folded): listed twice, refused at the second.
test(twice_own_refused, [true(P-K == "cards[0].features[1]"-feature_held_twice)]) :-
    listed([_{name:'Регенерация', value:2}, _{name:'регенерация', value:3}], [], C),
    catch(one_value_each('A', [C]), failed(F), true), P = F.path, K = F.refusal.kind.

% «не может получить особенность "Регенерация 1"»: acquired 1 over own 2 cannot be held.
test(lower_acquired_refused, [true(P-K == "cards[0].acquired[0]"-feature_not_higher)]) :-
    listed([_{name:'Регенерация', value:2}], [_{name:'Регенерация', value:1}], C),
    catch(one_value_each('B', [C]), failed(F), true), P = F.path, K = F.refusal.kind.

% «вместо "Регенерации 2" будет "Регенерация 3"»: acquired 3 over own 2 is accepted …
test(higher_acquired_accepted) :-
    listed([_{name:'Регенерация', value:2}], [_{name:'Регенерация', value:3}], C),
    one_value_each('A', [C]).

% … and stands instead of it, the own 2 kept under it (not held: suppressed).
test(higher_acquired_replaces_own, [true(V-Under == 3-[2-true])]) :-
    feature(_{name:'Регенерация', value:2}, Own),
    feature(_{name:'регенерация', value:3, own:false}, Acq),
    start_replaced([Own, Acq], [F]), V = F.value,
    findall(X-S, ( member(R, F.replaced), X = R.value, S = R.suppressed ), Under).

:- end_tests(held_once).
