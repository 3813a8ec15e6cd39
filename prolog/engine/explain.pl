:- encoding(utf8).
:- module(explain,
          [ prove/2,                    % :Goal, -Proof
            cite/1,                     % +UnitId
            step/4,                     % ?Goal, ?Step, ?Inputs, ?Value
            mechanics_module/1,         % ?Module
            step_name/1,                % ?Step
            mechanics_problems/1        % -Problems
          ]).

/** <module> Justification: a meta-interpreter that records which clause produced what

Mechanics (rules/dice.pl, rules/attack.pl, …) are plain Prolog clauses. A clause that implements a
paragraph says so in its body with cite/1 — usually through the edition data
(editions:stated/2 calls cite/1 with the unit that states the rule in the edition at hand):

    rolled(Ed, Face, Face) :-
        stated(Ed, roll_face).      % cites e.g. 'B:519.1'

Run directly, cite/1 does nothing. Run under prove/2, the interpreter walks the same clauses and
builds a proof tree: every goal declared a *step* (step/4) becomes a node

    node{step:Name, inputs:Inputs, value:Value, cites:[UnitId, …], children:[Node, …]}

whose `cites` are the cite/1 calls made by the clauses used to prove it (directly, or through helper
predicates that are not steps themselves), each unit once, in the order first cited. A step whose
clauses cite nothing (it did nothing the rulebook speaks of, e.g. a value that works as it is) is
not a node: its children stand in its place. The explanation therefore is the inference: change a
clause and the tree changes with it (tested).

Interpreted are the predicates of the modules declared with mechanics_module/1; everything else
(library predicates, built-ins) is called directly. The interpreter is strict, so that no citation
is lost without a word:

  - control: `,`, `;`, `->`, `*->`, `\+`, once/1, ignore/1, call/1…8, and the list and
    all-solutions predicates findall/3, forall/2, include/3, exclude/3, partition/4,
    maplist/2…5, foldl/4…6 are interpreted: citations made inside them are kept (of every
    solution for findall/3 and forall/2; of every element whose test succeeded for include/3,
    exclude/3 and partition/4; none inside `\+`, which proves that something is *not* so);
  - a yall lambda (`Params>>Body`, `Free/Body`) is interpreted as library(yall) runs it (a copy,
    parameters bound): it arrives so from a module that does not import library(yall); one that
    does has it compiled to a local `'__aux_yall_…'` predicate, interpreted as any other;
  - a cut raises `error(domain_error(interpretable_goal, !), _)`: under prove/2 it would cut
    nothing (mechanics use if-then-else);
  - any other meta-predicate (one with a goal argument) raises
    `error(domain_error(interpretable_goal, PI), _)`: its goals would run uninterpreted.

mechanics_problems/1 finds the same two faults statically, in every clause of every mechanics
module (tested).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(yall), [is_lambda/1, lambda_calls/2]).
:- use_module(meta_calls).

:- meta_predicate prove(:, -).

:- multifile step/4, mechanics_module/1, uncited_step/1.
:- dynamic step/4, mechanics_module/1, uncited_step/1.

%!  step(?Goal, ?Step:atom, ?Inputs:dict, ?Value) is nondet.
%
%   Declares module-qualified Goal a justification step named Step. After Goal is proven,
%   Inputs and Value (usually sharing variables with Goal) are what the node shows.
%   Defined (multifile) by the mechanics modules.

%!  uncited_step(?Step:atom) is nondet.
%
%   Step is a node even when its clauses cite nothing: it says that no rule of the edition decided
%   what the event did (a move the scenario gives), so that no event is left without a word.
%   Defined (multifile) by the mechanics modules.

%!  mechanics_module(?Module:atom) is nondet.
%
%   Module holds mechanics whose clauses prove/2 interprets (multifile; one fact per module).

%!  step_name(?Step:atom) is nondet.
%
%   Step is the name of a declared step (each name once).
step_name(Step) :-
    setof(S, G^I^V^B^clause(step(G, S, I, V), B), Steps),
    member(Step, Steps).

%!  cite(+UnitId:atom) is det.
%
%   Marks the clause it appears in as implementing the paragraph (or list item, or example) with
%   id UnitId. A no-op when the clause runs directly; recorded by prove/2.
cite(_).

%!  prove(:Goal, -Proof:list) is nondet.
%
%   Prove Goal like call/1 would, and unify Proof with the list of top-level proof nodes (see the
%   module comment); citations made outside any step are returned as `cite(Id)` terms.
%
%   @error domain_error(interpretable_goal, !) for a cut in an interpreted clause.
%   @error domain_error(interpretable_goal, PI) for a meta-predicate PI it does not interpret.
%   @error existence_error(procedure, M:Name/Arity) for a goal with no definition, as a direct
%          call raises it (in a mechanics module too: it is called, not interpreted; a dynamic
%          predicate with no clauses is defined and fails).
prove(M:Goal, Proof) :-
    prove(Goal, M, Proof).

prove(Var, _, _) :-
    var(Var), !,
    instantiation_error(Var).
prove(true, _, []) :- !.
prove(!, _, _) :- !,
    domain_error(interpretable_goal, !).
prove(M:G, _, Proof) :- !,
    prove(G, M, Proof).
prove((A, B), M, Proof) :- !,
    prove(A, M, PA),
    prove(B, M, PB),
    append(PA, PB, Proof).
prove((C -> T ; E), M, Proof) :- !,
    (   prove(C, M, PC)
    ->  prove(T, M, PT),
        append(PC, PT, Proof)
    ;   prove(E, M, Proof)
    ).
prove((C *-> T ; E), M, Proof) :- !,
    (   prove(C, M, PC)
    *-> prove(T, M, PT),
        append(PC, PT, Proof)
    ;   prove(E, M, Proof)
    ).
prove((A ; B), M, Proof) :- !,
    (   prove(A, M, Proof)
    ;   prove(B, M, Proof)
    ).
prove((C -> T), M, Proof) :- !,
    prove((C -> T ; fail), M, Proof).
prove((C *-> T), M, Proof) :- !,
    prove((C *-> T ; fail), M, Proof).
prove(\+ G, M, []) :- !,
    \+ prove(G, M, _).
prove(cite(Id), _, [cite(Id)]) :- !.
prove(Goal, M, Proof) :-
    interpreted(Goal), !,
    prove_meta(Goal, M, Proof).
prove(Goal, M, Proof) :-
    is_lambda(Goal), !,
    lambda_calls(Goal, Body),
    prove(Body, M, Proof).
prove(Goal, M, Proof) :-
    definition_module(M, Goal, DM),
    (   mechanics_module(DM),
        predicate_property(DM:Goal, defined)
    ->  qualify_meta(M, DM, Goal, QGoal),
        prove_clause(DM, QGoal, Proof)
    ;   uninterpreted_meta(DM:Goal, PI)
    ->  domain_error(interpretable_goal, PI)
    ;   call(M:Goal),               % also a goal with no definition: it raises as directly
        Proof = []
    ).

prove_meta(once(G), M, Proof) :-
    once(prove(G, M, Proof)).
prove_meta(ignore(G), M, Proof) :-
    (   prove(G, M, P) -> Proof = P ; Proof = [] ).
prove_meta(not(G), M, []) :-
    \+ prove(G, M, _).
prove_meta(G, M, Proof) :-
    compound_name_arguments(G, call, [Closure|Extra]),
    extend(Closure, Extra, Goal),
    prove(Goal, M, Proof).
prove_meta(findall(T, G, L), M, Proof) :-
    findall(T-P, prove(G, M, P), Pairs),
    pairs(Pairs, L, Ps),
    append(Ps, Proof).
prove_meta(findall(T, G, L, Tail), M, Proof) :-
    findall(T-P, prove(G, M, P), Pairs),
    pairs(Pairs, L0, Ps),
    append(L0, Tail, L),
    append(Ps, Proof).
prove_meta(forall(C, A), M, Proof) :-
    findall(Ok-P, ( prove(C, M, PC),
                    (   prove(A, M, PA) -> Ok = true, append(PC, PA, P) ; Ok = false, P = [] ) ),
            Pairs),
    \+ memberchk(false-_, Pairs),
    pairs(Pairs, _, Ps),
    append(Ps, Proof).
prove_meta(include(G, L, I), M, Proof) :-
    prove_partition(L, G, M, I, _, Proof).
prove_meta(exclude(G, L, E), M, Proof) :-
    prove_partition(L, G, M, _, E, Proof).
prove_meta(partition(G, L, I, E), M, Proof) :-
    prove_partition(L, G, M, I, E, Proof).
prove_meta(maplist(G, L), M, Proof) :-
    prove_maplist([L], G, M, Proof).
prove_meta(maplist(G, L1, L2), M, Proof) :-
    prove_maplist([L1, L2], G, M, Proof).
prove_meta(maplist(G, L1, L2, L3), M, Proof) :-
    prove_maplist([L1, L2, L3], G, M, Proof).
prove_meta(maplist(G, L1, L2, L3, L4), M, Proof) :-
    prove_maplist([L1, L2, L3, L4], G, M, Proof).
prove_meta(foldl(G, L, V0, V), M, Proof) :-
    prove_foldl([L], G, V0, V, M, Proof).
prove_meta(foldl(G, L1, L2, V0, V), M, Proof) :-
    prove_foldl([L1, L2], G, V0, V, M, Proof).
prove_meta(foldl(G, L1, L2, L3, V0, V), M, Proof) :-
    prove_foldl([L1, L2, L3], G, V0, V, M, Proof).

pairs([], [], []).
pairs([K-V|T], [K|Ks], [V|Vs]) :-
    pairs(T, Ks, Vs).

prove_partition(L, G, M, I, E, Proof) :-
    must_be(list, L),
    prove_partition_(L, G, M, I, E, Proof).

prove_partition_([], _, _, [], [], []).
prove_partition_([X|Xs], G, M, I, E, Proof) :-
    extend(G, [X], Goal),
    (   prove(Goal, M, P1)
    ->  I = [X|I1], E = E1
    ;   P1 = [], I = I1, E = [X|E1]
    ),
    prove_partition_(Xs, G, M, I1, E1, P2),
    append(P1, P2, Proof).

%   prove_maplist(+Lists, +G, +M, -Proof): maplist/2…5 over the lists of Lists (all of one length).
prove_maplist(Lists, G, M, Proof) :-
    (   memberchk(L, Lists), L == []
    ->  maplist(=([]), Lists),
        Proof = []
    ;   maplist(head_tail, Lists, Heads, Tails),
        extend(G, Heads, Goal),
        prove(Goal, M, P1),
        prove_maplist(Tails, G, M, P2),
        append(P1, P2, Proof)
    ).

prove_foldl(Lists, G, V0, V, M, Proof) :-
    (   memberchk(L, Lists), L == []
    ->  maplist(=([]), Lists),
        V = V0, Proof = []
    ;   maplist(head_tail, Lists, Heads, Tails),
        append(Heads, [V0, V1], Args),
        extend(G, Args, Goal),
        prove(Goal, M, P1),
        prove_foldl(Tails, G, V1, V, M, P2),
        append(P1, P2, Proof)
    ).

%   head_tail(?List, -Head, -Tail): List is [Head|Tail] (a list still unbound is made one, as
%   maplist/3 does for its output lists).
head_tail([H|T], H, T).

prove_clause(DM, Goal, Proof) :-
    clause(DM:Goal, Body),
    prove(Body, DM, Sub),
    partition(is_cite, Sub, Cites0, Children),
    (   step(DM:Goal, Step, Inputs, Value),
        ( Cites0 \== [] -> true ; uncited_step(Step) )
    ->  maplist(cite_id, Cites0, Ids),
        distinct_in_order(Ids, Cites),
        Proof = [node{step:Step, inputs:Inputs, value:Value, cites:Cites, children:Children}]
    ;   Proof = Sub
    ).

%   qualify_meta(+M, +DM, +Goal, -QGoal): the meta arguments of a mechanics predicate declared
%   with meta_predicate/1, qualified with the calling module M (as a direct call would do), so that
%   a closure passed from one mechanics module to another is proven where it was written.
qualify_meta(M, DM, Goal, QGoal) :-
    (   M \== DM,
        predicate_property(DM:Goal, meta_predicate(Spec))
    ->  Goal =.. [Name|Args],
        Spec =.. [_|Specs],
        maplist(qualify_arg(M), Specs, Args, QArgs),
        QGoal =.. [Name|QArgs]
    ;   QGoal = Goal
    ).

qualify_arg(M, S, A, Q) :-
    (   ( integer(S) ; S == (:) ; S == (^) ), \+ A = _:_
    ->  Q = M:A
    ;   Q = A
    ).

is_cite(cite(_)).
cite_id(cite(Id), Id).

distinct_in_order([], []).
distinct_in_order([X|Xs], [X|Ys]) :-
    exclude(==(X), Xs, Rest),
    distinct_in_order(Rest, Ys).

% --- the same faults found statically ------------------------------------------------------------

%!  mechanics_problems(-Problems:list) is det.
%
%   Problems lists every cut and every uninterpreted meta-call (see prove/2) in the clauses of the
%   mechanics modules, as `_{module:M, predicate:"Name/Arity", clause:N, problem:P}` with P `cut` or
%   `"meta_call(PI)"`; `[]` when the interpreter can follow every clause.
mechanics_problems(Problems) :-
    findall(_{module:M, predicate:PIText, clause:N, problem:P},
            ( mechanics_module(M),
              current_predicate(M:Name/Arity),
              functor(Head, Name, Arity),
              \+ predicate_property(M:Head, imported_from(_)),
              \+ predicate_property(M:Head, foreign),
              nth_clause(M:Head, N, Ref),
              clause(M:Head, Body, Ref),
              body_problem(Body, M, P0),
              format(string(PIText), "~w/~w", [Name, Arity]),
              problem_text(P0, P) ),
            Problems0),
    sort(Problems0, Problems).

problem_text(cut, cut).
problem_text(meta_call(PI), Text) :-
    format(string(Text), "meta_call(~q)", [PI]).

%   body_problem(+Body, +M, -Problem): a fault in Body (nondet: each one).
body_problem(V, _, _) :-
    var(V), !, fail.
body_problem(!, _, cut) :- !.
body_problem(M:G, _, P) :- !,
    body_problem(G, M, P).
body_problem((A, B), M, P) :- !,
    ( body_problem(A, M, P) ; body_problem(B, M, P) ).
body_problem((A ; B), M, P) :- !,
    ( body_problem(A, M, P) ; body_problem(B, M, P) ).
body_problem((A -> B), M, P) :- !,
    ( body_problem(A, M, P) ; body_problem(B, M, P) ).
body_problem((A *-> B), M, P) :- !,
    ( body_problem(A, M, P) ; body_problem(B, M, P) ).
body_problem(\+ A, M, P) :- !,
    body_problem(A, M, P).
body_problem(cite(_), _, _) :- !, fail.
body_problem(G, M, P) :-
    interpreted(G), !,
    meta_goal(G, Inner),
    body_problem(Inner, M, P).
body_problem(G, M, P) :-
    is_lambda(G), !,
    lambda_calls(G, Body),
    body_problem(Body, M, P).
body_problem(G, M, meta_call(PI)) :-
    definition_module(M, G, DM),
    \+ mechanics_module(DM),
    uninterpreted_meta(DM:G, PI).
