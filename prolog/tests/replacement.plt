:- encoding(utf8).
/*  plunit tests of rules/replacement.pl: replacement effects (edition A, «Эффект замещения.»,
    516.1–516.1.2 and the paragraphs after it). Expected values are worked from the quoted text.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module('../engine/explain').
:- use_module('../rules/replacement').
:- use_module(helpers).

:- begin_tests(replacement).

effect_of(Kind, Amount, _{kind:Kind, card:c, amount:Amount, source:null, attack:null}).

% 516.1, ПРИМЕР: «Большой кулак может вместо Регенерации 4 излечить других существ суммарно до 4.»
test(big_fist, [true(K-A == heal_others-4)]) :-
    card(_{id:c, effects:[_{id:fist, type:instead, of:regeneration, becomes:heal_others, amount:null, protects:self}]}, C),
    state([C], S), effect_of(regeneration, 4, E0),
    replaced_effect('A', S, E0, [], [], E), K = E.kind, A = E.amount.

% 516.1.1, ПРИМЕР: «Феррос получает раны только от ударов»: a spell's 2 wounds → 0; a strike's stay 2.
test(ferros, [true(Spell-Strike == 0-2)]) :-
    card(_{id:c, effects:[_{id:only, type:wounds_only_from, kinds:[strike], protects:self}]}, C),
    state([C], S),
    replaced_effect('A', S, _{kind:wounds, card:c, amount:2, source:null, attack:spell}, [], [], E1), Spell = E1.amount,
    replaced_effect('A', S, _{kind:wounds, card:c, amount:2, source:null, attack:strike}, [], [], E2), Strike = E2.amount.

% «Если оба игрока могут применить эффекты замещения к одному и тому же эффекту, то Активный игрок
% выбирает…»: p2 is active.
test(both_players_the_active_one_chooses, [true(By == p2)]) :-
    card(_{id:c, controller:p1, effects:[_{id:a, type:no_wounds_from, kinds:[spell], protects:self}]}, C),
    card(_{id:d, controller:p2, effects:[_{id:b, type:no_wounds_from, kinds:[spell], protects:all}]}, D),
    state(p2, [C, D], S),
    once(prove(replacement:replaced_effect('A', S, _{kind:wounds, card:c, amount:1, source:null, attack:spell}, [], [], _), P)),
    step_nodes(P, replacement_chosen, [N]), By = N.value.by.

% «Если игрок может применить несколько эффектов замещения…, то он выбирает…»: p1's own two, p1.
test(one_player_chooses, [true(By-Chosen == p1-b)]) :-
    card(_{id:c, controller:p1, effects:[_{id:a, type:no_wounds_from, kinds:[spell], protects:self},
                                          _{id:b, type:no_wounds_from, kinds:[spell], protects:self}]}, C),
    state(p2, [C], S),
    once(prove(replacement:replaced_effect('A', S, _{kind:wounds, card:c, amount:1, source:null, attack:spell}, [b], [], _), P)),
    step_nodes(P, replacement_chosen, [N]), By = N.value.by, Chosen = N.value.chosen.

% «Эффект замещения можно применять к эффекту, который получился в результате использования другого
% эффекта замещения»: regeneration → heal → wounds_to_foe.
test(a_replacement_of_a_replacement, [true(K == drain)]) :-
    card(_{id:c, effects:[_{id:r1, type:instead, of:regeneration, becomes:heal, amount:null, protects:self},
                          _{id:r2, type:instead, of:heal, becomes:drain, amount:null, protects:self}]}, C),
    state([C], S), effect_of(regeneration, 2, E0),
    replaced_effect('A', S, E0, [], [], E), K = E.kind.

test(b_has_no_replacement_effects, [throws(error(unsupported(replacement_effects, 'B', _), _))]) :-
    card(_{id:c}, C), state([C], S), effect_of(regeneration, 1, E0),
    replaced_effect('B', S, E0, [], [], _).

% 516.1, ПРИМЕР: «Большой кулак может вместо Регенерации 4 излечить других существ…» — «может»: its
% player may decline; then Регенерация 4 executes as it is, and the step cites the example.
test(an_optional_replacement_declined, [true(K-A-C == regeneration-4-['A:516.1/ex1'])]) :-
    card(_{id:c, effects:[_{id:fist, type:instead, of:regeneration, becomes:heal_others, amount:null,
                            protects:self, optional:true}]}, Card),
    state([Card], S), effect_of(regeneration, 4, E0),
    once(prove(replacement:replaced_effect('A', S, E0, [], [fist], E), P)), K = E.kind, A = E.amount,
    step_nodes(P, replacement_declined, [N]), C = N.cites.

% «[текст 1], вместо этого – [текст 2]» without «может» cannot be declined.
test(a_replacement_that_is_not_optional, [throws(error(no_effect(_, _), _))]) :-
    card(_{id:c, effects:[_{id:r, type:instead, of:regeneration, becomes:heal, amount:null, protects:self}]}, Card),
    state([Card], S), effect_of(regeneration, 2, E0),
    replaced_effect('A', S, E0, [], [r], _).

% A replacement effect of a card that is not in play does not apply, and the proof says so, citing
% nothing: 516.1.2 «…применяются всегда в актуальный момент» says when, not where (engine's reading).
test(a_replacement_out_of_play, [true(A-C == 2-[])]) :-
    card(_{id:c}, T),
    card(_{id:h, zone:graveyard, effects:[_{id:no, type:no_wounds_from, kinds:[spell], protects:all}]}, H),
    state([T, H], S),
    once(prove(replacement:replaced_effect('A', S, _{kind:wounds, card:c, amount:2, source:null, attack:spell}, [], [], E), P)),
    A = E.amount, step_nodes(P, replacement_not_in_play, [N]), C = N.cites.

% Per-player choices: p2 active picks among both players' effects by its own list.
test(the_active_players_list, [true(Chosen == b)]) :-
    card(_{id:c, controller:p1, effects:[_{id:a, type:no_wounds_from, kinds:[spell], protects:self}]}, C),
    card(_{id:d, controller:p2, effects:[_{id:b, type:no_wounds_from, kinds:[spell], protects:all}]}, D),
    state(p2, [C, D], S),
    once(prove(replacement:replaced_effect('A', S, _{kind:wounds, card:c, amount:1, source:null, attack:spell},
                                           _{p2:[b]}, [], _), P)),
    step_nodes(P, replacement_chosen, [N]), Chosen = N.value.chosen.

% ... and a pick by the other player there has no effect (516.1.2: «…то Активный игрок выбирает…»).
test(the_other_players_list, [throws(error(no_effect("choose.p1[0]", _), _))]) :-
    card(_{id:c, controller:p1, effects:[_{id:a, type:no_wounds_from, kinds:[spell], protects:self}]}, C),
    card(_{id:d, controller:p2, effects:[_{id:b, type:no_wounds_from, kinds:[spell], protects:all}]}, D),
    state(p2, [C, D], S),
    replaced_effect('A', S, _{kind:wounds, card:c, amount:1, source:null, attack:spell}, _{p1:[a], p2:[b]}, [], _).

:- end_tests(replacement).
