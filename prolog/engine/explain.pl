:- encoding(utf8).
:- module(explain,
          [ prove/2,                    % :Goal, -Proof
            cite/1,                     % +UnitId
            step/4                      % ?Goal, ?Step, ?Inputs, ?Value
          ]).

/** <module> Justification: a meta-interpreter that records which clause produced what

Mechanics (dice.pl, attack.pl, features.pl, …) are plain Prolog clauses. A clause that implements a
paragraph says so in its body with cite/1:

    modifier_group('A', ..., group(additive, own_squad)) :-
        cite('A:518.3/item1'),          % «а) модификаторы, полученные от карт из отряда игрока…»
        ...

Run directly, cite/1 does nothing. Run under prove/2, the interpreter walks the same clauses and
builds a proof tree: every goal declared a *step* (step/4) becomes a node

    node{step:Name, inputs:Inputs, value:Value, cites:[UnitId, …], children:[Node, …]}

whose `cites` are the cite/1 calls made by the clauses used to prove it (directly, or through helper
predicates that are not steps themselves). A step whose clauses cite nothing (it did nothing the
rulebook speaks of, e.g. a value that works as it is) is not a node: its children stand in its place. The explanation therefore is the inference: change a
clause and the tree changes with it (tested).

Interpreted are the predicates of the modules declared with mechanics_module/1; everything else
(library predicates, built-ins) is called directly. Mechanic clauses use if-then-else, not cuts.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).

:- meta_predicate prove(:, -).

:- multifile step/4, mechanics_module/1.
:- dynamic step/4, mechanics_module/1.

%!  step(?Goal, ?Step:atom, ?Inputs:dict, ?Value) is nondet.
%
%   Declares module-qualified Goal a justification step named Step. After Goal is proven,
%   Inputs and Value (usually sharing variables with Goal) are what the node shows.
%   Defined (multifile) by the mechanics modules.

%!  mechanics_module(?Module:atom) is nondet.
%
%   Module holds mechanics whose clauses prove/2 interprets (multifile; one fact per module).

%!  cite(+UnitId:atom) is det.
%
%   Marks the clause it appears in as implementing the paragraph (or list item, or example) with
%   id UnitId. A no-op when the clause runs directly; recorded by prove/2.
cite(_).

%!  prove(:Goal, -Proof:list) is nondet.
%
%   Prove Goal like call/1 would, and unify Proof with the list of top-level proof nodes (see the
%   module comment); citations made outside any step are returned as `cite(Id)` terms.
prove(M:Goal, Proof) :-
    prove(Goal, M, Proof).

prove(Var, _, _) :-
    var(Var), !,
    instantiation_error(Var).
prove(true, _, []) :- !.
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
prove(once(G), M, Proof) :- !,
    once(prove(G, M, Proof)).
prove(\+ G, M, []) :- !,
    \+ prove(G, M, _).
prove(cite(Id), _, [cite(Id)]) :- !.
prove(explain:cite(Id), _, [cite(Id)]) :- !.
prove(maplist(G, L), M, Proof) :- !,
    prove_maplist(L, G, M, Proof).
prove(maplist(G, L1, L2), M, Proof) :- !,
    prove_maplist(L1, L2, G, M, Proof).
prove(foldl(G, L, V0, V), M, Proof) :- !,
    prove_foldl(L, G, V0, V, M, Proof).
prove(foldl(G, L1, L2, V0, V), M, Proof) :- !,
    prove_foldl(L1, L2, G, V0, V, M, Proof).
prove(Goal, M, Proof) :-
    definition_module(M, Goal, DM),
    (   mechanics_module(DM)
    ->  prove_clause(DM, Goal, Proof)
    ;   call(M:Goal),
        Proof = []
    ).

prove_clause(DM, Goal, Proof) :-
    clause(DM:Goal, Body),
    prove(Body, DM, Sub),
    partition(is_cite, Sub, Cites0, Children),
    (   Cites0 \== [],
        step(DM:Goal, Step, Inputs, Value)
    ->  maplist(cite_id, Cites0, Cites),
        Proof = [node{step:Step, inputs:Inputs, value:Value, cites:Cites, children:Children}]
    ;   Proof = Sub
    ).

is_cite(cite(_)).
cite_id(cite(Id), Id).

definition_module(M, Goal, DM) :-
    (   predicate_property(M:Goal, imported_from(IM))
    ->  DM = IM
    ;   DM = M
    ).

prove_maplist([], _, _, []).
prove_maplist([X|Xs], G, M, Proof) :-
    extend(G, [X], Goal),
    prove(Goal, M, P1),
    prove_maplist(Xs, G, M, P2),
    append(P1, P2, Proof).

prove_maplist([], [], _, _, []).
prove_maplist([X|Xs], [Y|Ys], G, M, Proof) :-
    extend(G, [X, Y], Goal),
    prove(Goal, M, P1),
    prove_maplist(Xs, Ys, G, M, P2),
    append(P1, P2, Proof).

prove_foldl([], _, V, V, _, []).
prove_foldl([X|Xs], G, V0, V, M, Proof) :-
    extend(G, [X, V0, V1], Goal),
    prove(Goal, M, P1),
    prove_foldl(Xs, G, V1, V, M, P2),
    append(P1, P2, Proof).

prove_foldl([], [], _, V, V, _, []).
prove_foldl([X|Xs], [Y|Ys], G, V0, V, M, Proof) :-
    extend(G, [X, Y, V0, V1], Goal),
    prove(Goal, M, P1),
    prove_foldl(Xs, Ys, G, V1, V, M, P2),
    append(P1, P2, Proof).

extend(M:G, Args, M:G1) :- !,
    extend(G, Args, G1).
extend(G, Args, G1) :-
    G =.. L0,
    append(L0, Args, L1),
    G1 =.. L1.
