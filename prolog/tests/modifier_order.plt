:- encoding(utf8).
/*  plunit tests of rules/modifier_order.pl: ordering modifiers by their group's rank, then by the
    players' stated order, then as listed (the groups and ranks are the rule modules': here a
    stand-in GroupOf).
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module('../rules/modifier_order').

% A stand-in: the group is the modifier's `g`, its rank the group's number.
mo_group(Mod, g(G), G) :- G = Mod.g.

:- begin_tests(modifier_order).

ids(Grouped, Ids) :- findall(Id, ( member(_-M, Grouped), Id = M.id ), Ids).

test(by_rank_then_listed, [true(Ids == [b, d, a, c])]) :-
    ordered_modifiers(mo_group, [], [_{id:a, g:2}, _{id:b, g:1}, _{id:c, g:2}, _{id:d, g:1}], G),
    ids(G, Ids).

test(stated_order_inside_a_group, [true(Ids == [d, b, c, a])]) :-
    ordered_modifiers(mo_group, [d, c], [_{id:a, g:2}, _{id:b, g:1}, _{id:c, g:2}, _{id:d, g:1}], G),
    ids(G, Ids).

test(groups_of_two_or_more, [true(Groups == [g(1)-[b, d]])]) :-
    ordered_modifiers(mo_group, [], [_{id:a, g:2}, _{id:b, g:1}, _{id:d, g:1}], G),
    groups_with_choice(G, Groups).

:- end_tests(modifier_order).
