:- encoding(utf8).
/*  plunit tests of rulebook.pl on the bundled rulebook.

    Run by tests/test_prolog.py, which generates the facts of kb/ and loads them before this file.
    Expected values are read off the rulebook text (kb/sources/).
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module('../lookup/rulebook').
:- use_module('../editions/editions', []).

kb(KB) :-
    current_module(KB), atom_concat(kb_, _, KB), !.

:- begin_tests(rulebook).

% 000, line 12: «519.3. В каждой группе модификаторов, описанной в п. 519.2, …» (edition B)
test(paragraph_519_3_in_B, [true(Id == 'B:519.3')]) :-
    kb(KB), paragraph_by_number(KB, 'B', '519.3', Id).

% 519.3 is printed in every edition whose data (editions/*.pl) cites a unit of 519.3 (A: attack
% modifiers, B: dice-modifier groups), and in no other: the editions expected are those of the
% edition data, not a list written here.
test(both_editions, [true(Eds == Cited)]) :-
    findall(E, ( editions:rule(E, _, _, U), edition_unit_of(E, '519.3', U) ), Cited0), sort(Cited0, Cited),
    assertion(Cited \== []),
    kb(KB), findall(E, paragraph_by_number(KB, E, '519.3', _), Eds0), msort(Eds0, Eds).

%   edition_unit_of(+Edition, +Number, +Unit): Unit is Edition's paragraph Number or a part of it
%   (`A:519.3`, `A:519.3/item1`).
edition_unit_of(E, Number, Unit) :-
    atomic_list_concat([E, ':', Number], Id),
    (   Unit == Id
    ->  true
    ;   atom_concat(Id, '/', Prefix), sub_atom(Unit, 0, _, _, Prefix)
    ).

% 001, lines 8–12: five groups а) … д) of attack modifiers
test(five_items_of_519_3_in_A, [true(Labels == [а, б, в, г, д])]) :-
    kb(KB), paragraph_views(KB, ['A:519.3'], [View]),
    findall(L, (member(I, View.list_items), L = I.label), Labels).

% 001, line 16: the Гном-Басаарг example stands under 519.3
test(example_of_519_3, [true(sub_string(Text, 0, _, _, "Гном-Басаарг"))]) :-
    kb(KB), paragraph_view(KB, 'A:519.3', View), [X] = View.examples, Text = X.text.

% 000, line 8: 519.1 cites 306 and 512.6.2, neither of which is in the loaded text
test(unresolved_references_of_519_1, [true(Ns == ['306', '512.6.2'])]) :-
    kb(KB), findall(N, cites(KB, 'B:519.1', N, none), Ns0), msort(Ns0, Ns).

% 000, line 8: edition B prints no section 306 and no section 512 (its fragment holds 519 only), so
% both references of 519.1 point outside the loaded text; no other document is named
test(external_references_of_519_1, [true(Ext == [true-null, true-null])]) :-
    kb(KB), paragraph_view(KB, 'B:519.1', View),
    findall(E-D, (member(C, View.cites), E = C.external, D = C.document), Ext).

% 000, line 12: «описанной в п. 519.2» resolves: not external
test(resolved_reference_is_not_external, [true(E == false)]) :-
    kb(KB), paragraph_view(KB, 'B:519.3', View),
    member(C, View.cites), C.number == '519.2', !, E = C.external.

% 000, lines 12 and 20: 519.3 («п. 519.2») and 519.8 («пп. 519.2, 519.3») cite 519.2
test(cited_by_519_2, [true(From == ['B:519.3', 'B:519.8'])]) :-
    kb(KB), findall(P, cites(KB, P, '519.2', 'B:519.2'), From0), msort(From0, From).

% 519.3 («п. 519.2») and 519.8 («пп. 519.2, 519.3») cite 519.2; 519.4 («п. 519.3») and 519.8 cite
% 519.3. In the tree of depth 2, 519.3 is expanded first: 519.4 and 519.8 under it.
test(refs_in_depth_two, [true(Nested == ['519.4', '519.8'])]) :-
    kb(KB), refs(KB, ['B:519.2'], in, 2, [Tree]),
    member(E, Tree.cited_by), E.citing.id == 'B:519.3', !,
    findall(N, (member(E2, E.next), N = E2.citing.number), Nested0), msort(Nested0, Nested).

test(unknown_paragraph, [throws(error(existence_error(paragraph, 'B:999.9'), _))]) :-
    kb(KB), paragraph_views(KB, ['B:999.9'], _).

test(bad_direction, [throws(error(domain_error(direction, sideways), _))]) :-
    kb(KB), refs(KB, ['B:519.2'], sideways, 1, _).

test(bad_depth, [throws(error(type_error(positive_integer, 0), _))]) :-
    kb(KB), refs(KB, ['B:519.2'], in, 0, _).

:- end_tests(rulebook).
