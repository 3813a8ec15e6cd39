:- encoding(utf8).
/*  plunit tests of the edition data (editions/) and of what is derived from it: the mechanics
    editions, "this edition has no rule for X", and a third edition added as data alone.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../engine/scenario').
:- use_module('../editions/editions').
:- use_module('../engine/rules_read').

% The rule terms the rule modules ask the edition data about (stated/2, states/2, has_rule/2,
% requires/2, variant/3), as written in their clauses.
asked_rule(M, Rule) :-
    mechanics_module(M), M \== editions,
    current_predicate(M:Name/Arity), functor(H, Name, Arity),
    \+ predicate_property(M:H, imported_from(_)),
    clause(M:H, Body),
    body_goal(Body, G),
    asks(G, Rule), nonvar(Rule).

asks(stated(_, R), R).
asks(states(_, R), R).
asks(has_rule(_, R), R).
asks(requires(_, R), R).
asks(variant(_, R, _), R).
asks(editions:G, R) :- asks(G, R).

body_goal(V, _) :- var(V), !, fail.
body_goal((A, B), G) :- !, ( body_goal(A, G) ; body_goal(B, G) ).
body_goal((A ; B), G) :- !, ( body_goal(A, G) ; body_goal(B, G) ).
body_goal((A -> B), G) :- !, ( body_goal(A, G) ; body_goal(B, G) ).
body_goal(\+ A, G) :- !, body_goal(A, G).
body_goal(ignore(A), G) :- !, body_goal(A, G).
body_goal(once(A), G) :- !, body_goal(A, G).
body_goal(G, G).

% Rules asked about that no edition states (yet): the error is the behaviour.
unstated(add_to_missing_feature).
% What the rules say that a card's text may contradict (a defender taps; it defends once per turn):
% A's text states neither (the Лёккен example is not a rule), B has no axe rule.
unstated(rules_default(_)).

% The editions are those the data files of editions/ declare (one edition/2 fact each), however
% many there are: adding an edition as data changes no test.
data_file_editions(Eds) :-
    module_property(editions, file(EditionsFile)),
    file_directory_name(EditionsFile, Dir),
    findall(E, ( clause(editions:edition(E, _), true, Ref), clause_property(Ref, file(F)),
                 file_directory_name(F, Dir) ), Eds0),
    sort(Eds0, Eds).

:- begin_tests(editions).

test(mechanics_editions, [true(Eds == DataEds)]) :-
    data_file_editions(DataEds),
    assertion(DataEds \== []),
    mechanics_editions(Eds).

% Every rule a rule module asks about is stated by some edition (a misspelt rule would otherwise
% read as "this edition has no rule").
test(every_rule_asked_about_is_stated_somewhere, [true(Unknown == [])]) :-
    findall(M:R, ( asked_rule(M, R), \+ unstated(R),
                   \+ ( copy_term(R, R1), editions:rule(_, _, R1, _) ) ), Unknown0),
    sort(Unknown0, Unknown).

% The converse: every rule (and variant) an edition's data states is one the code asks for.
test(every_rule_an_edition_states_is_asked_for, [true(Unread == [])]) :-
    findall(E:R, unread_rule(E, R, _, _, _), Unread).

% A misspelt rule in an edition's data file (dice_bound for A's dice_bounds, 518.4) is found,
% with its file and line; the rule spelt right, in the same file, is not.
test(a_misspelt_rule_in_a_data_file_is_found, [true(Found == [dice_bound-dice_bound-4])]) :-
    tmp_file_stream(File, S, [extension(pl), encoding(utf8)]),
    format(S, ":- module(zmisspelt, []).~n:- multifile editions:rule/4.~n", []),
    format(S, "editions:rule('Zmisspelt', dice_modifiers, dice_bounds, 'Zmisspelt:1').~n", []),
    format(S, "editions:rule('Zmisspelt', dice_modifiers, dice_bound, 'Zmisspelt:2').~n", []),
    close(S),
    setup_call_cleanup(load_files(File, []),
                       findall(R-N-L, unread_rule('Zmisspelt', R, N, File, L), Found),
                       ( unload_file(File), delete_file(File) )).

test(every_variant_belongs_to_a_stated_rule, [true(Orphans == [])]) :-
    findall(E:R, ( editions:rule_variant(E, R, _), \+ has_rule(E, R) ), Orphans).

% Each edition's order of dice-modifier groups lists exactly the groups it states.
test(group_order_lists_the_stated_groups, [forall(mechanics_edition(Ed)), true(Missing == [])]) :-
    variant(Ed, dice_modifier_order, Order),
    findall(P-R, ( member(P, [additive, set_to]), member(R, [own_squad, self, opponent, rules]),
                   ( R == rules -> Rule = rules_modifier(dice, P) ; Rule = dice_group(P, R) ),
                   has_rule(Ed, Rule), \+ memberchk(P-R, Order) ), Missing).

% 519.5 (B): «следующий бросок кубика равен X»; A's text has no such rule: the rule is missing.
test(missing_rule_names_the_rule,
     [throws(error(unsupported(next_roll_equals, 'A', _), _))]) :-
    stated('A', next_roll_equals).

% B's text has no section on attack modifiers at all: the section is missing.
test(missing_section_names_the_section,
     [throws(error(unsupported(attack_modifiers, 'B', _), _))]) :-
    stated('B', attack_modified).

test(the_detail_says_where_the_rule_is_stated, [true(sub_string(Detail, _, _, _, "B:519.5"))]) :-
    catch(stated('A', next_roll_equals), error(unsupported(_, _, Detail), _), true).

test(states_fails_quietly_for_an_absent_rule, [fail]) :-
    states('A', negative_value_works_as_zero).

% Under prove/2 stated/2 cites the units in the order the data lists them (B 519.2, then 519.3).
test(stated_cites_in_order, [true(Cites == [cite('B:519.2'), cite('B:519.3')])]) :-
    prove(editions:stated('B', dice_modifier_order), Cites).

% A rule whose stating unit the loaded text lacks is refused, naming the unit: 519.3 «Модификаторы
% атаки накладываются в следующем порядке…» states A's order of attack modifiers. With that unit
% alone gone the rule is missing (A's other attack units are there); with every unit of the
% section gone, the section.
test(a_rule_whose_unit_the_text_lacks, [cleanup(absent_in_text([])), true(M-Has == attack_modifier_order-false)]) :-
    absent_in_text(['A:519.3']),
    catch(stated('A', attack_modifier_order), error(unsupported(M, 'A', Detail), _), true),
    assertion(sub_string(Detail, _, _, _, "lacks A:519.3")),
    catch(( has_rule('A', attack_modifier_order) -> Has = true ; Has = false ),
          error(unsupported(_, _, _), _), Has = false),
    assertion(stated('A', attack_modified)).

test(a_section_the_text_lacks, [cleanup(absent_in_text([])), throws(error(unsupported(attack_modifiers, 'A', _), _))]) :-
    findall(U, editions:rule('A', attack_modifiers, _, U), Us),
    absent_in_text(Us),
    stated('A', attack_modified).

test(edition_table_is_json_ready, [true(Eds == DataEds)]) :-
    data_file_editions(DataEds),
    edition_table(T),
    findall(E, member(_{edition:E, title:_, sections:_, rules:_, variants:_}, T), Eds0),
    msort(Eds0, Eds).

:- end_tests(editions).

% --- a third edition, added as data only ------------------------------------------------------------

% Edition Zsynthetic (an id no rulebook would use, so that a real third edition loaded beside it is
% untouched): the dice rules of A — same behaviours, its own text (units Zsynthetic:…) — except
% one: its order of groups puts set-to modifiers first (as B does). No rule module changes. Only
% the clauses added here are removed afterwards (synthetic_clause/1 keeps their references).
:- dynamic synthetic_clause/1.

add_synthetic(Fact) :-
    assertz(Fact, Ref),
    assertz(synthetic_clause(Ref)).

edition_z :-
    add_synthetic(editions:edition('Zsynthetic', "Synthetic edition")),
    forall(( editions:rule('A', dice_modifiers, Rule, Unit), Rule \= dice_modifier_order ),
           ( z_unit(Unit, ZUnit), add_synthetic(editions:rule('Zsynthetic', dice_modifiers, Rule, ZUnit)) )),
    forall(( editions:rule_variant('A', Rule, V), Rule \= dice_modifier_order,
             editions:rule('A', dice_modifiers, Rule, _) ),
           add_synthetic(editions:rule_variant('Zsynthetic', Rule, V))),
    add_synthetic(editions:rule('Zsynthetic', dice_modifiers, dice_modifier_order, 'Zsynthetic:7.1')),
    add_synthetic(editions:rule_variant('Zsynthetic', dice_modifier_order,
                                        [ set_to-own_squad, set_to-self, set_to-opponent, set_to-rules,
                                          additive-own_squad, additive-self, additive-opponent,
                                          additive-rules ])).

no_edition_z :-
    forall(retract(synthetic_clause(Ref)), erase(Ref)).

% Its text numbers its units 7.x: A:518.3/item1 → Zsynthetic:7.1/item1 and so on.
z_unit(AUnit, ZUnit) :-
    atom_concat('A:', Rest, AUnit),
    (   atom_concat('518.3', Tail, Rest) -> atom_concat('Zsynthetic:7.1', Tail, ZUnit)
    ;   atom_concat('Zsynthetic:7.0/', Rest, ZUnit)
    ).

c_state(_{active:p1, cards:[_{id:roller, controller:p1, zone:battle}, _{id:ally, controller:p1, zone:battle},
                            _{id:foe, controller:p2, zone:battle}]}).

c_roll(Face, Mods, _{roller:roller, roll:Face, reroll:null, flip:false, flip_source:null,
                     next_roll_equals:null, modifiers:Mods, order:[]}).

:- begin_tests(third_edition, [setup(edition_z), cleanup(no_edition_z)]).

% The synthetic edition's rules are all asked for: A's names, copied.
test(its_rules_are_asked_for, [true(Unread == [])]) :-
    findall(R, unread_rule('Zsynthetic', R, _, _, _), Unread).

test(it_is_a_mechanics_edition, [true(Eds == Expected)]) :-
    data_file_editions(DataEds),
    msort(['Zsynthetic'|DataEds], Expected),
    mechanics_editions(Eds).

% The one rule it states differently: 4, «+1» from the roller's squad, «сводится к 1» from the
% opponent. Set-to first: 4 → 1 → 1 + 1 = 2 (A, set-to last: 4 + 1 = 5 → 1).
test(the_rule_it_changes, [true(VC-VA == 2-1)]) :-
    c_state(S),
    c_roll(4, [_{id:m1, source:ally, op:add, value:1, declared:after},
               _{id:m2, source:foe, op:set, value:1, declared:after}], R),
    dice:die_roll('Zsynthetic', R, S, ResC), VC = ResC.value,
    dice:die_roll('A', R, S, ResA), VA = ResA.value.

% A rule it shares with A: a roll is kept within 1…6 (A 518.4): 2 − 5 → 1.
test(a_rule_it_shares, [true(V == 1)]) :-
    c_state(S),
    c_roll(2, [_{id:m1, source:foe, op:add, value: -5, declared:after}], R),
    dice:die_roll('Zsynthetic', R, S, Res), V = Res.value.

% The proof cites its own units, none of A's.
test(its_proof_cites_its_own_text, [true(Foreign == [])]) :-
    c_state(S),
    c_roll(4, [_{id:m1, source:ally, op:add, value:1, declared:after}], R),
    prove(dice:die_roll('Zsynthetic', R, S, _), Proof),
    findall(U, ( sub_node(Proof, N), member(U, N.cites) ), Us),
    Us \== [],
    exclude([U]>>sub_atom(U, 0, _, _, 'Zsynthetic:'), Us, Foreign).

% What it does not state is derived as missing: «следующий бросок кубика равен X» (B only).
test(what_it_does_not_state, [throws(error(unsupported(next_roll_equals, 'Zsynthetic', _), _))]) :-
    c_state(S),
    R0 = _{roller:roller, roll:null, reroll:null, flip:false, flip_source:null,
           next_roll_equals:3, modifiers:[], order:[]},
    dice:die_roll('Zsynthetic', R0, S, _).

% And a section it lacks: attack modifiers.
test(a_section_it_lacks, [throws(error(unsupported(attack_modifiers, 'Zsynthetic', _), _))]) :-
    attack:attack_strength('Zsynthetic', _{}, _{}, _).

:- end_tests(third_edition).

sub_node(Proof, N) :-
    member(N0, Proof), is_dict(N0),
    (   N = N0
    ;   sub_node(N0.children, N)
    ).
