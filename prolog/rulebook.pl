:- encoding(utf8).
:- module(rulebook,
          [ kb_paragraph/9,             % +KB, ?Id, ?Edition, ?Kind, ?Number, ?Title, ?Text, ?Parent, ?Order
            kb_list_item/9,             % +KB, ?Id, ?Paragraph, ?ParentItem, ?Label, ?Marker, ?Style, ?Text, ?Order
            kb_example/6,               % +KB, ?Id, ?Paragraph, ?Label, ?Text, ?Order
            kb_reference/8,             % +KB, ?Id, ?Edition, ?Unit, ?Paragraph, ?Number, ?Raw, ?Target
            paragraph_by_number/4,      % +KB, ?Edition, +Number, -Id
            cites/4,                    % +KB, ?Paragraph, ?Number, ?Target
            show/4,                     % +KB, +Edition, +Number, -Views
            paragraph_view/3,           % +KB, +Id, -View
            refs/6                      % +KB, +Edition, +Number, +Direction, +Depth, -Trees
          ]).

/** <module> The rulebook as facts: lookup and cross-references

The facts of one rulebook live in a generated module (`kb_<digest>`, written by
`berserk_kb.facts`); every predicate here takes that module name (KB) as its first argument, so
several rulebooks can be loaded at once. Fact shapes in a KB module:

    edition(Id, Title, Description)
    fragment(File, Edition, Order, LineCount)
    paragraph(Id, Edition, Kind, Number, Title, Text, Parent, Order)
        Kind is numbered, heading or text; Number, Title, Parent may be `none`
    list_item(Id, Paragraph, ParentItem, Label, Marker, Style, Text, Order)
        Label is the letter, digit or bullet; Marker is the whole printed marker ("а)", "a.")
    example(Id, Paragraph, Label, Text, Order)
    reference(Id, Edition, Unit, Paragraph, Number, Raw, Target)   % Target is `none` if unresolved
    source(Id, Fragment, LineStart, LineEnd)
    orphaned(Id)

Views (show/4, paragraph_view/3, refs/6) are SWI-Prolog dicts ready for JSON.
*/

:- use_module(library(apply)).
:- use_module(library(lists)).
:- use_module(library(pairs)).
:- use_module(library(error)).

%!  kb_paragraph(+KB, ?Id, ?Edition, ?Kind, ?Number, ?Title, ?Text, ?Parent, ?Order) is nondet.
%
%   A paragraph of the rulebook loaded as module KB.
%
%   @error type_error(atom, KB) if KB is not an atom.
kb_paragraph(KB, Id, Edition, Kind, Number, Title, Text, Parent, Order) :-
    must_be(atom, KB),
    KB:paragraph(Id, Edition, Kind, Number, Title, Text, Parent, Order).

%!  kb_list_item(+KB, ?Id, ?Paragraph, ?ParentItem, ?Label, ?Marker, ?Style, ?Text, ?Order) is nondet.
%
%   A list item; Paragraph is `none` for an orphaned item, ParentItem is set for a nested item.
kb_list_item(KB, Id, Paragraph, ParentItem, Label, Marker, Style, Text, Order) :-
    must_be(atom, KB),
    KB:list_item(Id, Paragraph, ParentItem, Label, Marker, Style, Text, Order).

%!  kb_example(+KB, ?Id, ?Paragraph, ?Label, ?Text, ?Order) is nondet.
%
%   A worked example standing under Paragraph.
kb_example(KB, Id, Paragraph, Label, Text, Order) :-
    must_be(atom, KB),
    KB:example(Id, Paragraph, Label, Text, Order).

%!  kb_reference(+KB, ?Id, ?Edition, ?Unit, ?Paragraph, ?Number, ?Raw, ?Target) is nondet.
%
%   A cross-reference written in Unit (a paragraph, list item or example of Paragraph) naming
%   Number; Target is the paragraph it resolves to in the same edition, or `none`.
kb_reference(KB, Id, Edition, Unit, Paragraph, Number, Raw, Target) :-
    must_be(atom, KB),
    KB:reference(Id, Edition, Unit, Paragraph, Number, Raw, Target).

%!  paragraph_by_number(+KB, ?Edition, +Number, -Id) is nondet.
%
%   Id is a paragraph printed with Number in Edition (more than one if the number is duplicated).
%
%   @error type_error(atom, Number) if Number is not an atom.
paragraph_by_number(KB, Edition, Number, Id) :-
    must_be(atom, Number),
    kb_paragraph(KB, Id, Edition, numbered, Number, _, _, _, _).

%!  cites(+KB, ?Paragraph, ?Number, ?Target) is nondet.
%
%   Paragraph (through its own text, its list items or its examples) cites Number, which
%   resolves to Target (`none` when it does not resolve).
cites(KB, Paragraph, Number, Target) :-
    kb_reference(KB, _, _, _, Paragraph, Number, _, Target).

%!  show(+KB, +Edition, +Number, -Views:list) is det.
%
%   Views of every paragraph numbered Number in Edition, in edition order; Edition = '' means
%   every edition. Views is `[]` when there is none.
%
%   @error type_error(atom, Edition) if Edition is not an atom.
show(KB, Edition, Number, Views) :-
    must_be(atom, Edition),
    must_be(atom, Number),
    findall(Order-Id,
            ( edition_filter(KB, Edition, Ed),
              kb_paragraph(KB, Id, Ed, numbered, Number, _, _, _, Order) ),
            Pairs0),
    editions_order(KB, Pairs0, Pairs),
    pairs_values(Pairs, Ids),
    maplist(paragraph_view(KB), Ids, Views).

edition_filter(KB, '', Ed) :- !, KB:edition(Ed, _, _).
edition_filter(_, Ed, Ed).

editions_order(KB, Pairs0, Pairs) :-
    findall(Ed, KB:edition(Ed, _, _), Eds),
    map_list_to_pairs(edition_rank(KB, Eds), Pairs0, Ranked),
    keysort(Ranked, Sorted),
    pairs_values(Sorted, Pairs).

edition_rank(KB, Eds, Order-Id, Rank-Order) :-
    kb_paragraph(KB, Id, Ed, _, _, _, _, _, _),
    nth0(Rank, Eds, Ed), !.

%!  paragraph_view(+KB, +Id, -View:dict) is det.
%
%   Everything a reader wants about paragraph Id: text, parent, children, list items (nested),
%   examples, references out (resolved or not), references in, and where it stands in the source.
%
%   @error existence_error(paragraph, Id) if there is no such paragraph.
paragraph_view(KB, Id, View) :-
    (   kb_paragraph(KB, Id, Ed, Kind, Number, Title, Text, Parent, Order)
    ->  true
    ;   existence_error(paragraph, Id)
    ),
    paragraph_ref(KB, Parent, ParentView),
    findall(O-C, kb_paragraph(KB, C, _, _, _, _, _, Id, O), Cs0),
    keysort(Cs0, Cs), pairs_values(Cs, ChildIds),
    maplist(child_view(KB), ChildIds, Children),
    item_views(KB, Id, none, Items),
    findall(O-X, kb_example(KB, X, Id, _, _, O), Xs0),
    keysort(Xs0, Xs), pairs_values(Xs, ExampleIds),
    maplist(example_view(KB), ExampleIds, Examples),
    findall(R, ref_out_view(KB, Id, R), RefsOut),
    findall(R, ref_in_view(KB, Id, R), RefsIn),
    source_view(KB, Id, Source),
    orphan_flag(KB, Id, Orphaned),
    nullable(Number, N), nullable(Title, T),
    View = _{ id:Id, edition:Ed, kind:Kind, number:N, title:T, text:Text,
              order:Order, parent:ParentView, children:Children, list_items:Items,
              examples:Examples, cites:RefsOut, cited_by:RefsIn,
              source:Source, orphaned:Orphaned }.

paragraph_ref(_, none, null) :- !.
paragraph_ref(KB, Id, _{id:Id, number:N, title:T, kind:Kind}) :-
    kb_paragraph(KB, Id, _, Kind, Number, Title, _, _, _), !,
    nullable(Number, N), nullable(Title, T).
paragraph_ref(_, Id, _{id:Id, number:null, title:null, kind:unknown}).

%   nullable(+Value, -Json): the fact marker `none` is JSON null.
nullable(none, null) :- !.
nullable(X, X).

child_view(KB, Id, _{id:Id, kind:Kind, number:N, title:T, text:Text, source:Source}) :-
    kb_paragraph(KB, Id, _, Kind, Number, Title, Text, _, _),
    nullable(Number, N), nullable(Title, T),
    source_view(KB, Id, Source).

item_views(KB, Paragraph, ParentItem, Views) :-
    findall(O-I, kb_list_item(KB, I, Paragraph, ParentItem, _, _, _, _, O), Is0),
    keysort(Is0, Is), pairs_values(Is, ItemIds),
    maplist(item_view(KB, Paragraph), ItemIds, Views).

item_view(KB, Paragraph, Id,
          _{id:Id, label:Label, marker:Marker, style:Style, text:Text, items:Sub,
            source:Source}) :-
    kb_list_item(KB, Id, _, _, Label, Marker, Style, Text, _),
    item_views(KB, Paragraph, Id, Sub),
    source_view(KB, Id, Source).

example_view(KB, Id, _{id:Id, label:Label, text:Text, source:Source}) :-
    kb_example(KB, Id, _, Label, Text, _),
    source_view(KB, Id, Source).

ref_out_view(KB, Id, _{id:R, number:N, raw:Raw, unit:U, resolved:Resolved, target:T,
                       source:Source}) :-
    kb_reference(KB, R, _, U, Id, N, Raw, Target),
    resolved(Target, Resolved),
    paragraph_ref(KB, Target, T),
    source_view(KB, R, Source).

ref_in_view(KB, Id, _{id:R, citing:From, number:N, raw:Raw, unit:U, source:Source}) :-
    kb_reference(KB, R, _, U, P, N, Raw, Id),
    paragraph_ref(KB, P, From),
    source_view(KB, R, Source).

resolved(none, false) :- !.
resolved(_, true).

source_view(KB, Id, _{fragment:F, line_start:L0, line_end:L1}) :-
    KB:source(Id, F, L0, L1), !.
source_view(_, _, null).

orphan_flag(KB, Id, true) :- KB:orphaned(Id), !.
orphan_flag(_, _, false).

%!  refs(+KB, +Edition, +Number, +Direction, +Depth, -Trees:list) is det.
%
%   For every paragraph numbered Number in Edition ('' = every edition), a tree of references:
%   Direction `out` follows what the paragraph cites, `in` what cites it, `both` does both;
%   Depth >= 1 is how many steps to follow. A paragraph already on the path is not expanded
%   again (cycles end with `seen: true`). Unresolved references are leaves.
%
%   @error domain_error(direction, Direction) unless Direction is out, in or both.
%   @error type_error(positive_integer, Depth) unless Depth is a positive integer.
refs(KB, Edition, Number, Direction, Depth, Trees) :-
    must_be(atom, Direction),
    (   memberchk(Direction, [out, in, both])
    ->  true
    ;   domain_error(direction, Direction)
    ),
    must_be(positive_integer, Depth),
    must_be(atom, Edition),
    findall(Order-Id,
            ( edition_filter(KB, Edition, Ed),
              kb_paragraph(KB, Id, Ed, numbered, Number, _, _, _, Order) ),
            Pairs0),
    editions_order(KB, Pairs0, Pairs),
    pairs_values(Pairs, Ids),
    maplist(ref_root(KB, Direction, Depth), Ids, Trees).

ref_root(KB, Direction, Depth, Id, Tree) :-
    kb_paragraph(KB, Id, Ed, _, Number, Title, _, _, _),
    nullable(Title, T),
    ref_edges(KB, Direction, out, Id, Depth, [Id], Out),
    ref_edges(KB, Direction, in, Id, Depth, [Id], In),
    Tree = _{id:Id, edition:Ed, number:Number, title:T, cites:Out, cited_by:In}.

ref_edges(_, Direction, Way, _, _, _, []) :-
    Direction \== both, Direction \== Way, !.
ref_edges(KB, _, out, Id, Depth, Path, Edges) :-
    findall(E, out_edge(KB, Id, Depth, Path, E), Edges).
ref_edges(KB, _, in, Id, Depth, Path, Edges) :-
    findall(E, in_edge(KB, Id, Depth, Path, E), Edges).

out_edge(KB, Id, Depth, Path, Edge) :-
    kb_reference(KB, R, _, U, Id, N, Raw, Target),
    resolved(Target, Resolved),
    paragraph_ref(KB, Target, T),
    source_view(KB, R, Source),
    expand(KB, out, Target, Depth, Path, Seen, Next),
    Edge = _{number:N, raw:Raw, unit:U, resolved:Resolved, target:T, source:Source,
             seen:Seen, next:Next}.

in_edge(KB, Id, Depth, Path, Edge) :-
    kb_reference(KB, R, _, U, P, N, Raw, Id),
    paragraph_ref(KB, P, From),
    source_view(KB, R, Source),
    expand(KB, in, P, Depth, Path, Seen, Next),
    Edge = _{number:N, raw:Raw, unit:U, citing:From, source:Source, seen:Seen, next:Next}.

expand(_, _, none, _, _, false, []) :- !.
expand(_, _, Id, _, Path, true, []) :- memberchk(Id, Path), !.
expand(_, _, _, 1, _, false, []) :- !.
expand(KB, Way, Id, Depth, Path, false, Edges) :-
    Depth1 is Depth - 1,
    ref_edges(KB, Way, Way, Id, Depth1, [Id|Path], Edges).
