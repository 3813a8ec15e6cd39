:- encoding(utf8).
:- module(meta_calls,
          [ interpreted/1,              % +Goal
            meta_goal/2,                % +Meta, -Goal
            extend/3,                   % +Closure, +Args, -Goal
            definition_module/3,        % +Module, +Goal, -DefModule
            uninterpreted_meta/2        % +Module:Goal, -PI
          ]).

/** <module> The meta-calls of the meta-interpreter: which goals take goals

The table of the meta-calls prove/2 (explain.pl) interprets — once/1, ignore/1, not/1, call/1…8,
findall/3,4, forall/2, include/3, exclude/3, partition/4, maplist/2…5, foldl/4…6 — with the
position of each goal argument and how many arguments a closure there is called with; and how
any other meta-predicate is recognised (to raise on it). explain.pl's prove/2 and its static
check mechanics_problems/1 both read it.
*/

:- use_module(library(lists)).

%!  interpreted(+Goal) is semidet.
%
%   Goal is a meta-call prove/2 interprets (one of the table meta_arg_extra/3).
interpreted(G) :-
    compound(G),
    compound_name_arity(G, Name, Arity),
    meta_arg_extra(Name, Arity, _).

%!  meta_goal(+Meta, -Goal) is nondet.
%
%   Goal is a goal that the interpreted meta-call Meta runs (each closure extended with fresh
%   arguments), for the static check.
meta_goal(G, Inner) :-
    G =.. [Name|Args],
    length(Args, Arity),
    meta_arg_extra(Name, Arity, Positions),
    member(Pos-Extra, Positions),
    nth1(Pos, Args, Closure),
    nonvar(Closure),
    length(Fresh, Extra),
    extend(Closure, Fresh, Inner).

%   meta_arg_extra(?Name, ?Arity, -Positions): Name/Arity is interpreted; Positions lists
%   Position-Extra, a goal argument and the arguments its closure is called with.
meta_arg_extra(once, 1, [1-0]).
meta_arg_extra(ignore, 1, [1-0]).
meta_arg_extra(not, 1, [1-0]).
meta_arg_extra(call, A, [1-E]) :- between(1, 8, A), E is A - 1.
meta_arg_extra(findall, 3, [2-0]).
meta_arg_extra(findall, 4, [2-0]).
meta_arg_extra(forall, 2, [1-0, 2-0]).
meta_arg_extra(include, 3, [1-1]).
meta_arg_extra(exclude, 3, [1-1]).
meta_arg_extra(partition, 4, [1-1]).
meta_arg_extra(maplist, A, [1-E]) :- between(2, 5, A), E is A - 1.
meta_arg_extra(foldl, A, [1-E]) :- between(4, 6, A), E is A - 1.

%!  extend(+Closure, +Args:list, -Goal) is det.
%
%   Goal is Closure (possibly module-qualified) with Args appended.
%
%   @error instantiation_error when Closure is unbound.
extend(G, _, _) :-
    var(G), !,
    instantiation_error(G).
extend(M:G, Args, M:G1) :- !,
    extend(G, Args, G1).
extend(G, Args, G1) :-
    G =.. L0,
    append(L0, Args, L1),
    G1 =.. L1.

%!  definition_module(+Module:atom, +Goal, -DefModule:atom) is det.
%
%   DefModule is the module that defines Goal as called in Module (the one it is imported from,
%   else Module).
definition_module(M, Goal, DM) :-
    (   predicate_property(M:Goal, imported_from(IM))
    ->  DM = IM
    ;   DM = M
    ).

%!  uninterpreted_meta(+Goal:compound, -PI) is semidet.
%
%   Goal (`M:G`) is a meta-predicate with a goal argument (a closure or a goal) that prove/2 does
%   not interpret; PI is its indicator `DefModule:Name/Arity`.
uninterpreted_meta(M:Goal, DM:Name/Arity) :-
    predicate_property(M:Goal, meta_predicate(Spec)),
    Spec =.. [_|Args],
    member(A, Args), goal_arg(A), !,
    functor(Goal, Name, Arity),
    definition_module(M, Goal, DM).

goal_arg(A) :- integer(A).
goal_arg(^).
goal_arg(//).
