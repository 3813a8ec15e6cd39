:- encoding(utf8).
/*  plunit tests of rules/dice.pl: die rolls and their modifiers, under edition A (518.3, 518.4, the
    reroll paragraph) and B (519.1–519.8). Expected values are worked from the quoted text.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module('../engine/explain').
:- use_module('../rules/dice').
:- use_module(helpers).

:- begin_tests(dice).

roller_state(S) :-
    card(_{id:roller, controller:p1}, R), card(_{id:ally, controller:p1}, A),
    card(_{id:foe, controller:p2}, F), card(_{id:foe2, controller:p2}, F2),
    state([R, A, F, F2], S).

roll(Face, Mods, R) :-
    R = _{roller:roller, roll:Face, reroll:null, flip:false, flip_source:null, next_roll_equals:null,
          modifiers:Mods, order:[]}.

m(Id, Source, Op, Value, _{id:Id, source:Source, op:Op, value:Value, declared:after}).

value(Ed, R, V) :- roller_state(S), die_roll(Ed, R, S, Res), V = Res.value.

% A 518.3: «а) … от карт из отряда игрока, бросающего кубик …; г) модификаторы правил игры (п.518.4);
% д) модификаторы, сводящие численное значение броска кубика к определённому числу» — set-to last:
% 4 +1 (а) = 5, within 1…6 (г) = 5, «сводится к 1» (д) = 1.
test(a_set_to_last, [true(V == 1)]) :-
    m(m1, ally, add, 1, M1), m(m2, foe, set, 1, M2), roll(4, [M1, M2], R), value('A', R, V).

% B 519.2: «a. модификаторы, сводящие бросок кубика к определённому значению; b. … “+X/-X”» —
% set-to first: 4 → 1, +1 = 2.
test(b_set_to_first, [true(V == 2)]) :-
    m(m1, ally, add, 1, M1), m(m2, foe, set, 1, M2), roll(4, [M1, M2], R), value('B', R, V).

% A 518.4: «…стал меньше 1 (больше 6), то бросок кубика принимается равным 1 (равным 6)»:
% 3 − 5 → 1, 5 + 3 → 6.
test(a_bounds, [true(V1-V6 == 1-6)]) :-
    m(m1, foe, add, -5, M1), roll(3, [M1], R1), value('A', R1, V1),
    m(m2, ally, add, 3, M2), roll(5, [M2], R6), value('A', R6, V6).

% B's 519 has no such rule: 5 + 3 = 8 is no die, and B says nothing of one — refused, as a face of
% 7 is; 5 + 1 = 6 is a die.
test(b_no_bounds, [throws(error(impossible(_), _))]) :-
    m(m1, ally, add, 3, M), roll(5, [M], R), value('B', R, _).
test(b_within_a_die, [true(V == 6)]) :-
    m(m1, ally, add, 1, M), roll(5, [M], R), value('B', R, V).

% 519.3 (B): a. own squad, b. the roller, c. the opponent — inside b.: −1 (foe, c.) after +2
% (ally, a.): 1 + 2 − 1 = 2 either way; the order shows in the proof.
test(b_groups_in_order, [true(Order == [m2, m1])]) :-
    m(m1, foe, add, -1, M1), m(m2, ally, add, 2, M2), roll(1, [M1, M2], R),
    roller_state(S),
    prove(dice:die_roll('B', R, S, _), Proof),
    step_nodes(Proof, application_order, [N]), Order = N.value.

% 519.6 (B): «Переворот кубика - это сведение кубика по правилу: … 2 к 5 …» — a set-to modifier:
% the unmodified roll stays 2, the value is 5.
test(b_flip_is_a_modifier, [true(U-V == 2-5)]) :-
    roller_state(S), roll(2, [], R0), R = R0.put(flip, true),
    die_roll('B', R, S, Res), U = Res.unmodified, V = Res.value.

% A: «Переброс кубика и переворот кубика не являются модификаторами» — the die is turned over:
% unmodified 5.
test(a_flip_is_not_a_modifier, [true(U-V == 5-5)]) :-
    roller_state(S), roll(2, [], R0), R = R0.put(flip, true),
    die_roll('A', R, S, Res), U = Res.unmodified, V = Res.value.

% 519.8 (B): the flip is the modifier of the card whose feature flips — here the opponent's (c.):
% «сводится к 1» from the own squad (a.) first, then the flip: 2 → 1 → 6.
test(b_flip_of_the_opponent, [true(V == 6)]) :-
    roller_state(S), m(m1, ally, set, 1, M), roll(2, [M], R0),
    R = R0.put(_{flip:true, flip_source:foe}),
    die_roll('B', R, S, Res), V = Res.value.

% 519.7 (B): «Значение кубика до переброса в таком случае игнорируется»: 2, rerolled to 5 → 5.
test(reroll, [forall(member(Ed, ['A', 'B'])), true(U == 5)]) :-
    roller_state(S), roll(2, [], R0), R = R0.put(reroll, 5),
    die_roll(Ed, R, S, Res), U = Res.unmodified.

% 519.8 / A's reroll paragraph: a modifier declared before the reroll still applies: 2 → 5, +1 = 6.
test(declared_before_the_reroll_stays, [forall(member(Ed, ['A', 'B'])), true(V == 6)]) :-
    roller_state(S), roll(2, [_{id:m1, source:ally, op:add, value:1, declared:before_reroll}], R0),
    R = R0.put(reroll, 5),
    die_roll(Ed, R, S, Res), V = Res.value.

% 519.5 (B): «…позволяют использовать значение X в качестве значения броска кубика без учёта
% модификаторов. Кубик в этом случае не бросается.» X = 3, −1 → 2.
test(b_next_roll_equals, [true(U-V == 3-2)]) :-
    roller_state(S), m(m1, foe, add, -1, M),
    R = _{roller:roller, roll:null, reroll:null, flip:false, flip_source:null, next_roll_equals:3,
          modifiers:[M], order:[]},
    die_roll('B', R, S, Res), U = Res.unmodified, V = Res.value.

test(b_next_roll_equals_cannot_be_rerolled, [throws(error(no_effect(reroll, _), _))]) :-
    roller_state(S),
    R = _{roller:roller, roll:null, reroll:5, flip:false, flip_source:null, next_roll_equals:3,
          modifiers:[], order:[]},
    die_roll('B', R, S, _).

test(a_has_no_next_roll_equals, [throws(error(unsupported(next_roll_equals, 'A', _), _))]) :-
    roller_state(S),
    R = _{roller:roller, roll:null, reroll:null, flip:false, flip_source:null, next_roll_equals:3,
          modifiers:[], order:[]},
    die_roll('A', R, S, _).

% 519.3 (B) lists groups a–c only: a modifier of the rules of the game has none.
test(b_has_no_rules_group, [throws(error(unsupported(rules_modifier, 'B', _), _))]) :-
    m(m1, rules, add, 1, M), roll(3, [M], R), value('B', R, _).

% A: «Порядок наложения модификаторов внутри каждой группы а-д определяет создавший их игрок» —
% two modifiers from the opponent's cards (в): p2 orders them; B 519.4: the player controlling
% that group of cards, p2 too.
test(who_orders_a_group, [forall(member(Ed, ['A', 'B'])), true(Chooser == p2)]) :-
    roller_state(S), m(m1, foe, add, 1, M1), m(m2, foe2, add, 1, M2), roll(3, [M1, M2], R),
    prove(dice:die_roll(Ed, R, S, _), Proof),
    step_nodes(Proof, order_in_group, [N]), Chooser = N.value.

% B: set-to first (519.2 a.), then the opponent's additive modifiers, in the order the players
% stated (519.4) rather than the listed one.
test(stated_order_inside_a_group, [true(Order == [m2, m3, m1])]) :-
    roller_state(S), m(m1, foe, add, 1, M1), m(m2, foe2, set, 1, M2),
    m(m3, foe2, add, 1, M3), roll(3, [M1, M2, M3], R0), R = R0.put(order, [m3, m1]),
    prove(dice:die_roll('B', R, S, _), Proof),
    step_nodes(Proof, application_order, [N]), Order = N.value.

% The proof of a roll under A cites the order of 518.3, then the groups а), г), д) in order.
test(proof_cites_groups_in_order, [true(Cites == ['A:518.3/item1', 'A:518.3/item4', 'A:518.3/item5'])]) :-
    roller_state(S), m(m1, ally, add, 1, M1), m(m2, foe, set, 1, M2), roll(4, [M1, M2], R),
    prove(dice:die_roll('A', R, S, _), [Root]),
    step_nodes([Root], application_order, [Order]), Order.cites == ['A:518.3'],
    findall(C, ( member(N, Root.children), N.step == modifier_applied, N.cites = [C|_] ), Cites).

% B 519.6, 519.4: a flip is a set-to modifier of its source, with an id the players' order places
% inside its group: the opponent's «сводится к 2» and its flip, in that order: 4 → 2 → 5; the other
% order: 4 → 3 → 2.
test(b_the_order_places_the_flip, [true(V1-V2 == 5-2)]) :-
    roller_state(S), m(two, foe, set, 2, M), roll(4, [M], R0),
    R1 = R0.put(_{flip:true, flip_source:foe, flip_id:turn, order:[two, turn]}),
    die_roll('B', R1, S, Res1), V1 = Res1.value,
    R2 = R1.put(order, [turn, two]), die_roll('B', R2, S, Res2), V2 = Res2.value.

% A: «Переброс кубика и переворот кубика не являются модификаторами» — which came first matters: 2,
% turned over (5), rerolled to 3 → 3; rerolled (3), then turned over → 4.
test(a_flip_then_reroll, [true(U1-U2 == 3-4)]) :-
    roller_state(S), roll(2, [], R0),
    R1 = R0.put(_{flip:true, reroll:3, first:flip}), die_roll('A', R1, S, Res1), U1 = Res1.unmodified,
    R2 = R0.put(_{flip:true, reroll:3, first:reroll}), die_roll('A', R2, S, Res2), U2 = Res2.unmodified.

% … so under A a flip has no source: a field that has no effect is refused.
test(a_flip_has_no_source, [throws(error(no_effect(flip_source, _), _))]) :-
    roller_state(S), roll(2, [], R0), R = R0.put(_{flip:true, flip_source:foe}), die_roll('A', R, S, _).

% B 519.7: the reroll comes before any modifier, and a flip is one: `first` has no effect.
test(b_first_has_no_effect, [throws(error(no_effect(first, _), _))]) :-
    roller_state(S), roll(2, [], R0), R = R0.put(_{flip:true, reroll:3, first:flip}), die_roll('B', R, S, _).

:- end_tests(dice).
