:- encoding(utf8).
:- module(modifier_order,
          [ ordered_modifiers/4,        % :GroupOf, +Chosen, +Modifiers, -Grouped
            groups_with_choice/2        % +Grouped, -Groups
          ]).

/** <module> Putting modifiers in the order their groups and the players' choices give

Shared by dice.pl and attack.pl. The mechanic supplies GroupOf, called as
`call(GroupOf, Modifier, Group, Rank)`: the group a modifier belongs to and the rank of that group
in the edition's order. Inside a group the order is the one the scenario states (Chosen, a list of
modifier ids), else the listed order. This module holds no rule text itself: the groups, their
ranks and who chooses are the mechanic's clauses, which cite their paragraphs (interpreted, so
the citations of GroupOf are kept).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module('../engine/explain').

:- meta_predicate ordered_modifiers(3, +, +, -).

explain:mechanics_module(modifier_order).

%!  ordered_modifiers(:GroupOf, +Chosen:list, +Modifiers:list, -Grouped:list) is det.
%
%   Grouped is Modifiers as `Group-Modifier` pairs sorted by group rank; inside a group by
%   position in Chosen (modifier ids the players stated), then by position in Modifiers.
ordered_modifiers(GroupOf, Chosen, Modifiers, Grouped) :-
    foldl(keyed(GroupOf, Chosen), Modifiers, Keyed, 0, _),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Grouped).

keyed(GroupOf, Chosen, Mod, k(Rank, ChosenPos, Pos)-(Group-Mod), Pos, Pos1) :-
    Pos1 is Pos + 1,
    call(GroupOf, Mod, Group, Rank),
    (   nth0(ChosenPos0, Chosen, Mod.id)
    ->  ChosenPos = ChosenPos0
    ;   ChosenPos = inf
    ).

%!  groups_with_choice(+Grouped:list, -Groups:list) is det.
%
%   Groups is a list of `Group-Ids`, one for every group holding two or more of the Grouped
%   modifiers (`Group-Modifier` pairs in application order; there the order inside the group is
%   somebody's choice), in application order.
groups_with_choice(Grouped, Groups) :-
    maplist(group_id, Grouped, Pairs),
    group_pairs_by_key(Pairs, ByGroup),
    include(several, ByGroup, Groups).

group_id(Group-Mod, Group-Mod.id).

several(_-[_, _|_]).
