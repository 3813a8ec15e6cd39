:- encoding(utf8).
/*  plunit tests of the meta-interpreter (engine/explain.pl): it is strict — a cut or a meta-call it
    does not interpret is an error, never a citation silently lost — and it keeps the citations
    made inside the meta-calls it interprets.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module('../engine/explain').
:- use_module('../engine/scenario').

% A small mechanics module written for these tests (declared for the tests' time only, so that
% the other suites do not see its steps).
test_module :-
    assertz(explain:mechanics_module(explain_test)),
    assertz(explain:step(explain_test:big(X), big, _{x:X}, yes)),
    assertz(explain:step(explain_test:item(Y), item, _{x:Y}, yes)).

no_test_module :-
    retractall(explain:mechanics_module(explain_test)),
    retractall(explain:step(explain_test:_, _, _, _)).

explain_test:big(X) :- explain:cite(u_big), X > 2.
explain_test:item(X) :- explain:cite(u_item), integer(X).
explain_test:with_cut(X) :- explain_test:big(X), !.
explain_test:with_include(L, I) :- include(explain_test:big, L, I).
explain_test:with_exclude(L, E) :- exclude(explain_test:big, L, E).
explain_test:with_partition(L, I, E) :- partition(explain_test:big, L, I, E).
explain_test:with_findall(L) :- findall(X, ( member(X, [1, 2, 3, 4]), explain_test:big(X) ), L).
explain_test:with_forall :- forall(member(X, [1, 2]), explain_test:item(X)).
explain_test:with_call(X) :- G = explain_test:big, call(G, X).
explain_test:with_pairs(L, P) :- map_list_to_pairs(explain_test:item, L, P).
explain_test:with_maplist(L, Ys) :- maplist(explain_test:pair_up, L, Ys).
explain_test:pair_up(X, X-X) :- explain_test:item(X).
explain_test:twice(X) :- ( X = 1 ; X = 2 ).

steps(Proof, Steps) :-
    findall(S-X, ( member(N, Proof), is_dict(N), S = N.step, X = N.inputs.x ), Steps).

:- begin_tests(explain, [setup(test_module), cleanup(no_test_module)]).

test(cut_is_an_error, [throws(error(domain_error(interpretable_goal, !), _))]) :-
    prove(explain_test:with_cut(3), _).

test(uninterpreted_meta_call_is_an_error,
     [throws(error(domain_error(interpretable_goal, pairs:map_list_to_pairs/3), _))]) :-
    prove(explain_test:with_pairs([1], _), _).

% include/3: 3 and 4 pass the test; their proofs are kept, those of 1 and 2 (failed) are not.
test(include_keeps_the_citations_of_what_passed, [true(S-I == [big-3, big-4]-[3, 4])]) :-
    prove(explain_test:with_include([1, 3, 4], I), P), steps(P, S).

test(exclude, [true(E == [1, 2])]) :-
    prove(explain_test:with_exclude([1, 2, 3], E), _).

test(partition, [true(I-E == [3]-[1])]) :-
    prove(explain_test:with_partition([1, 3], I, E), _).

% findall/3: every solution's proof (3 and 4).
test(findall_keeps_every_solution, [true(S-L == [big-3, big-4]-[3, 4])]) :-
    prove(explain_test:with_findall(L), P), steps(P, S).

test(forall_keeps_every_instance, [true(S == [item-1, item-2])]) :-
    prove(explain_test:with_forall, P), steps(P, S).

test(call_n, [true(S == [big-5])]) :-
    prove(explain_test:with_call(5), P), steps(P, S).

test(maplist_with_an_unbound_output_list, [true(Ys-S == [1-1, 2-2]-[item-1, item-2])]) :-
    prove(explain_test:with_maplist([1, 2], Ys), P), steps(P, S).

% The interpreter gives what a direct call gives (here: both solutions).
test(same_solutions_as_a_direct_call, [true(Xs == [1, 2])]) :-
    findall(X, prove(explain_test:twice(X), _), Xs).

% A goal with no definition raises under prove/2 what a direct call raises (it once failed
% silently inside a mechanics module: the interpreter looked for clauses and found none), and so
% does a goal in a module nobody declared; a dynamic predicate with no clauses fails, as directly.
% The clauses are made at run time, so that loading this file names no undefined procedure.
undefined_module :-
    assertz(explain_test:(calls_undefined(X) :- explain_test:big(X), explain_test:no_such_rule(X))),
    assertz(explain_test:(calls_unbound(G) :- call(G))),
    dynamic(explain_test:no_facts/1),
    assertz(explain_test:(calls_no_facts(X) :- explain_test:no_facts(X))).

no_undefined_module :-
    retractall(explain_test:calls_undefined(_)),
    retractall(explain_test:calls_unbound(_)),
    retractall(explain_test:calls_no_facts(_)).

test(undefined_in_a_mechanics_module,
     [setup(undefined_module), cleanup(no_undefined_module),
      throws(error(existence_error(procedure, explain_test:no_such_rule/1), _))]) :-
    prove(explain_test:calls_undefined(3), _).

test(undefined_called_at_the_top,
     [throws(error(existence_error(procedure, explain_test:no_such_rule/0), _))]) :-
    prove(explain_test:no_such_rule, _).

test(undefined_in_an_undeclared_module,
     [throws(error(existence_error(procedure, explain_test_nobody:anything/1), _))]) :-
    prove(explain_test_nobody:anything(1), _).

test(dynamic_with_no_clauses_fails, [setup(undefined_module), cleanup(no_undefined_module), fail]) :-
    prove(explain_test:calls_no_facts(_), _).

% call/1 of an unbound goal: an instantiation error, as directly (it once looped to a stack
% overflow).
test(call_of_an_unbound_goal, [setup(undefined_module), cleanup(no_undefined_module),
                               throws(error(instantiation_error, _))]) :-
    prove(explain_test:calls_unbound(_), _).

% formation:holds_working/2 once had a cut: under prove/2 it gave two solutions, directly one.
test(holds_working_once, [true(N == 1)]) :-
    C = _{features:[_{key:'строй', suppressed:false}, _{key:'строй', suppressed:false}]},
    aggregate_all(count, prove(formation:holds_working(C, 'строй'), _), N).

% A yall lambda. Where it arrives as `>>`/N (a module compiled before library(yall) was loaded, or
% a clause made at run time: here with assertz/1, which expands nothing), prove/2 runs it as yall
% does; where library(yall) compiled it to a local '__aux_yall_…' predicate, that predicate is
% interpreted as any other. Either way the citation made inside the lambda is kept (3 and 4 are
% big: two nodes, each citing u_big).
lambda_module :-
    assertz(explain_test:(with_lambda(L, Ys) :-
                              maplist([X, Y]>>(explain_test:big(X), Y = X), L, Ys))),
    assertz(explain_test:(with_lambda_call(X) :- call([Y]>>(explain_test:big(Y)), X))),
    assertz(explain:mechanics_module(explain_test_yall)),
    setup_call_cleanup(
        open_string(":- module(explain_test_yall, [t/2]).
                     :- use_module(library(apply)).
                     :- use_module(library(yall)).
                     t(L, Ys) :- maplist([X, Y]>>(explain_test:big(X), Y = X), L, Ys).", In),
        load_files(explain_test_yall, [stream(In), silent(true)]),
        close(In)).

no_lambda_module :-
    retractall(explain_test:with_lambda(_, _)),
    retractall(explain_test:with_lambda_call(_)),
    retractall(explain:mechanics_module(explain_test_yall)).

aux_yall_called(M:Head) :-
    clause(M:Head, Body),
    sub_term(G, Body), callable(G), functor(G, Name, _),
    sub_atom(Name, 0, _, _, '__aux_yall_'), !.

test(lambda_as_called, [setup(lambda_module), cleanup(no_lambda_module),
                        true(S-Ys == [big-3, big-4]-[3, 4])]) :-
    prove(explain_test:with_lambda([3, 4], Ys), P), steps(P, S).

test(lambda_call_n, [setup(lambda_module), cleanup(no_lambda_module), true(S == [big-5])]) :-
    prove(explain_test:with_lambda_call(5), P), steps(P, S).

test(lambda_compiled_by_yall, [setup(lambda_module), cleanup(no_lambda_module),
                               true(S-Ys == [big-3, big-4]-[3, 4])]) :-
    assertion(aux_yall_called(explain_test_yall:t(_, _))),
    prove(explain_test_yall:t([3, 4], Ys), P), steps(P, S).

% The static check looks inside a lambda (as `>>`/N): a cut there, and a meta-call it does not
% interpret.
lambda_faults :-
    assertz(explain:mechanics_module(explain_test_lambda)),
    assertz(explain_test_lambda:(cut_in(L) :- maplist([X]>>(X > 0, !), L))),
    assertz(explain_test_lambda:(meta_in(L) :- maplist([X]>>map_list_to_pairs(atom_length, X, _), L))).

no_lambda_faults :-
    retractall(explain:mechanics_module(explain_test_lambda)),
    retractall(explain_test_lambda:cut_in(_)),
    retractall(explain_test_lambda:meta_in(_)).

test(the_static_check_looks_inside_lambdas,
     [setup(lambda_faults), cleanup(no_lambda_faults),
      true(Ps == ["cut_in/1"-cut, "meta_in/1"-"meta_call(pairs:map_list_to_pairs/3)"])]) :-
    mechanics_problems(All),
    findall(Pred-Problem, ( member(P, All), get_dict(module, P, explain_test_lambda),
                                get_dict(predicate, P, Pred), get_dict(problem, P, Problem) ), Ps0),
    msort(Ps0, Ps).

% Every clause of every mechanics module can be followed by the interpreter: no cut, no
% uninterpreted meta-call.
test(every_mechanics_module_is_interpretable, [true(Problems == [])]) :-
    mechanics_problems(Problems0),
    exclude(of_test_module, Problems0, Problems).

of_test_module(P) :- get_dict(module, P, explain_test).

test(the_static_check_finds_the_faults, [true(Ps == ["cut", "meta_call(pairs:map_list_to_pairs/3)"])]) :-
    mechanics_problems(All),
    findall(T, ( member(P, All), P.module == explain_test, term_string(P.problem, T0),
                 ( string(P.problem) -> T = P.problem ; T = T0 ) ), Ps0),
    msort(Ps0, Ps).

% Every module of rules/ is interpreted (so the check above covers every rule module).
test(every_rule_module_is_a_mechanics_module, [true(Missing == [])]) :-
    findall(M, ( source_file_property(F, module(M)), file_directory_name(F, D),
                 file_base_name(D, rules), \+ mechanics_module(M) ), Missing).

% Every declared step names a defined predicate.
test(steps_are_defined, [true(Undefined == [])]) :-
    findall(M:N/A, ( clause(explain:step(M:G, _, _, _), _), functor(G, N, A),
                     \+ current_predicate(M:N/A) ), Undefined).

%   An event kind whose handler makes no step (no clause cites, no uncited step declared) is a gap
%   in the mechanics: the runner names the kind instead of printing the handler's name as a step.
test(event_with_no_step_is_an_error, throws(error(existence_error(proof_step, tap_card), _))) :-
    scenario:root_node([], explain_test:item(1), tap_card, done, _).

test(event_whose_steps_are_below_it_gets_a_node_for_the_event, Step-Children == tap_card-[N]) :-
    N = node{step:item, inputs:_{x:1}, value:yes, cites:[u_item], children:[]},
    scenario:root_node([N, cite(u_big)], explain_test:item(1), tap_card, done, node{step:Step, inputs:_, value:_, cites:_, children:Children0}),
    exclude(==(cite(u_big)), Children0, Children).

:- end_tests(explain).
