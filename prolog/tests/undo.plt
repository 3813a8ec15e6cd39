:- encoding(utf8).
/*  plunit tests of engine/undo.pl and the undo/4, result_input/5 clauses of the rule modules:
    what a step stands for in the scenario. Expected edits are worked from the quoted text.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(yall)).
:- use_module('../engine/explain').
:- use_module('../engine/undo').
:- use_module('../rules/dice').
:- use_module('../rules/attack').
:- use_module('../rules/squad').
:- use_module('../rules/prevention').
:- use_module(helpers).

:- begin_tests(undo).

edits_of(Step, Inputs, Value, Edits) :-
    edits([_{step:Step, inputs:Inputs, value:Value}], [U]), Edits = U.edits.

% 519.3 «…нельзя свести к большему числу»: a set-to to 10 kept from raising 6 would give 10.
test(set_to_let_through, [true(V == 10)]) :-
    edits([_{step:set_to_not_applied, inputs:_{modifier:m4, value:10, before:6}, value:6}], [U]),
    get_dict(let_through, U, V).

% «Переброс кубика и переворот»: a modifier declared before the flip counts as declared after the
% roll once there is no flip; without the flip there is no flip, nor its source.
test(flip_taken_out) :-
    edits_of(flipped, _{before:2}, 5, E),
    memberchk(_{put:flip, value:false, at:event}, E),
    memberchk(_{put:flip_source, value:null, at:event}, E),
    memberchk(_{rename:modifiers, field:declared, from:before_flip, to:after}, E).

% the same paragraph for the reroll: no reroll, and before_reroll becomes after.
test(reroll_taken_out) :-
    edits_of(rerolled, _{before:2, reroll:6}, 6, E),
    memberchk(_{put:reroll, value:null, at:event}, E),
    memberchk(_{rename:modifiers, field:declared, from:before_reroll, to:after}, E),
    \+ memberchk(_{put:flip, value:false, at:event}, E).

% 518.3 item 1: a +1 applied is an input — taken out of the modifiers and of the order by its id.
test(modifier_taken_out, [true(E = [_{drop:modifiers, field:id, value:m2}, _{drop:order, item:m2}])]) :-
    edits_of(modifier_applied, _{modifier:_{id:m2, op:add, value:1, source:ally}, before:4}, 5, E).

% 518.3 item 1 «от карт из отряда игрока»: a modifier kept out of the squad is let through with its
% card in battle; a gain's modifier (ПРИМЕР 5) also in the squad of the card that gives the gain.
test(squad_let_through, [true(E = [_{put:zone, value:battle, at:_{card:mengir}},
                                    _{copy:controller, at:_{card:mengir}, from:_{card:bokor}}])]) :-
    edits_of(gain_modifier_not_applied, _{modifier:_{source:mengir, value:1}, squad_of:bokor}, not_applied, E).

% fragment 003: «вначале все эффекты применяет Неактивный игрок, а затем Активный» — two effects
% in the other order when the other player is active; one effect has no order to undo.
test(prevention_order_other_player) :-
    edits_of(prevention_order, _{}, [e1, e2], [_{other:active, among:[p1, p2], at:scenario}]),
    edits_of(prevention_order, _{}, [e1], []).

% a step no rule module declares an undo for stands for no input.
test(no_undo, [true(E == [])]) :-
    edits_of(die_rolled, _{roll:4}, 4, E).

% «Модификаторы броска кубика»: the face before modifiers is the reroll when there is one.
test(unmodified_face_inputs) :-
    result_inputs(die_roll, unmodified, _{roll:2, reroll:6}, [_, R]), R.path == [event, reroll],
    result_inputs(die_roll, unmodified, _{roll:2, reroll:null}, [_, S]), S.path == [event, roll].

% a card's hit lists weak, medium, strong: a medium strike with no base starts from hit[1].
test(strength_input, [true(P == [card, gnome, hit, 1])]) :-
    result_inputs(attack, strength, _{source:gnome, strike:medium, base:null}, [_, I]), get_dict(path, I, P).

% «Взять карту под контроль – это стать игроком, контролирующим эту карту»: the zone is copied.
test(take_control_keeps_zone, [true(I = _{path:[card, theirs, zone], copied:true})]) :-
    result_inputs(bring_into_squad, zone, _{card:theirs, how:take_control}, [_, I]).

% 518.3 item 5 «сводится к»: the set-to step says its value does not depend on what it was given;
% the +1 (item 1) and the bounds of the rules modifier (item 4) do not: 4 + 1 = 5, within 1…6, → 1.
test(set_to_independent) :-
    card(_{id:roller, controller:p1}, R), card(_{id:ally, controller:p1}, A), state([R, A], S),
    Roll = _{roller:roller, roll:4, reroll:null, flip:false, flip_source:null, next_roll_equals:null,
             modifiers:[_{id:m1, source:ally, op:set, value:1, declared:after},
                        _{id:m2, source:ally, op:add, value:1, declared:after}], order:[]},
    prove(dice:die_roll('A', Roll, S, _), Proof),
    step_nodes(Proof, modifier_applied, Ns),
    forall(member(N, Ns), ( N.inputs.modifier.op == set -> N.inputs.independent_of_before == true
                          ; \+ get_dict(independent_of_before, N.inputs, _) )),
    findall(V, ( member(N, Ns), get_dict(independent_of_before, N.inputs, true), get_dict(value, N, V) ), [1]).

% fragment 003 «…(если повторное применение этого эффекта предотвращения не противоречит его
% тексту)»: a spent one-use effect let through is one whose text allows reuse (rest kept); an
% effect that used all it had (`prevent`) has no such undo.
test(spent_one_use_let_through) :-
    edits_of(prevention_spent, _{effect:once3, holder:guard, type:prevent_once}, not_applied, E),
    E = [D], D =@= _{put:type, value:prevent, at:_{card:guard, in:effects, id:once3}},
    edits_of(prevention_spent, _{effect:next4, holder:guard, type:prevent}, not_applied, []).

% «Эффект предотвращения…»: an effect that prevented wounds taken out of its card.
test(prevention_taken_out) :-
    edits_of(prevention_applied, _{effect:each1, holder:guard, type:prevent_each, available:1, wounds_before:3},
             _{wounds:2, used:1, left:null}, E),
    E = [D], D =@= _{drop:effects, field:id, value:each1, at:_{card:guard}}.

:- end_tests(undo).
