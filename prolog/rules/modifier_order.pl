:- encoding(utf8).
:- module(modifier_order,
          [ ordered_modifiers/4,        % :GroupOf, +Chosen, +Modifiers, -Ordered
            groups_with_choice/3        % :GroupOf, +Ordered, -Groups
          ]).

/** <module> Putting modifiers in the order their groups and the players' choices give

Shared by dice.pl and attack.pl. The mechanic supplies GroupOf, called as
`call(GroupOf, Modifier, Group, Rank)`: the group a modifier belongs to and the rank of that group
in the edition's order. Inside a group the order is the one the scenario states (Chosen, a list of
modifier ids), else the listed order. This module holds no rule text itself: the groups, their
ranks and who chooses are the mechanic's clauses, which cite their paragraphs.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).

:- use_module('../engine/explain').

:- meta_predicate ordered_modifiers(3, +, +, -), groups_with_choice(3, +, -).

explain:mechanics_module(modifier_order).

%!  ordered_modifiers(:GroupOf, +Chosen:list, +Modifiers:list, -Ordered:list) is det.
%
%   Ordered is Modifiers sorted by group rank; inside a group by position in Chosen (modifier ids
%   the players stated), then by position in Modifiers.
ordered_modifiers(GroupOf, Chosen, Modifiers, Ordered) :-
    foldl(keyed(GroupOf, Chosen), Modifiers, Keyed, 0, _),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Ordered).

keyed(GroupOf, Chosen, Mod, k(Rank, ChosenPos, Pos)-Mod, Pos, Pos1) :-
    Pos1 is Pos + 1,
    call(GroupOf, Mod, _Group, Rank),
    (   nth0(ChosenPos0, Chosen, Mod.id)
    ->  ChosenPos = ChosenPos0
    ;   ChosenPos = inf
    ).

%!  groups_with_choice(:GroupOf, +Ordered:list, -Groups:list) is det.
%
%   Groups is a list of `Group-Ids`, one for every group holding two or more of the Ordered
%   modifiers (where the order inside the group is somebody's choice), in application order.
groups_with_choice(GroupOf, Ordered, Groups) :-
    maplist(group_of(GroupOf), Ordered, Pairs),
    group_pairs_by_key(Pairs, Grouped),
    include(several, Grouped, Groups).

group_of(GroupOf, Mod, Group-Mod.id) :-
    call(GroupOf, Mod, Group, _).

several(_-[_, _|_]).
