:- encoding(utf8).
:- module(rulebook,
          [ kb_paragraph/9,             % +KB, ?Id, ?Edition, ?Kind, ?Number, ?Title, ?Text, ?Parent, ?Order
            kb_list_item/9,             % +KB, ?Id, ?Paragraph, ?ParentItem, ?Label, ?Marker, ?Style, ?Text, ?Order
            kb_example/6,               % +KB, ?Id, ?Paragraph, ?Label, ?Text, ?Order
            kb_reference/8,             % +KB, ?Id, ?Edition, ?Unit, ?Paragraph, ?Number, ?Raw, ?Target
            paragraph_by_number/4,      % +KB, ?Edition, +Number, -Id
            cites/4,                    % +KB, ?Paragraph, ?Number, ?Target
            paragraph_views/3,          % +KB, +Ids, -Views
            paragraph_view/3,           % +KB, +Id, -View
            refs/5,                     % +KB, +Ids, +Direction, +Depth, -Trees
            mentions/5,                 % +KB, +CardsKB, +Kind, +Key, -Mentions
            set_stands_for/3            % +KB, +Rows, -Done
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
    reference_document(Id, Document)   % only in a rulebook that cites another document
    reference_own(Id)                  % only in a rulebook whose unresolved reference says «этих правил»
    source(Id, Fragment, LineStart, LineEnd)
    orphaned(Id)

Views (show/4, paragraph_view/3, refs/6) are SWI-Prolog dicts ready for JSON.
*/

:- use_module(library(apply)).
:- use_module(library(lists)).
:- use_module(library(pairs)).
:- use_module(library(error)).
:- use_module(library(assoc)).

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
%   A number Edition does not print resolves to the unnumbered paragraph that stands for it
%   there (set_stands_for/3): «модификаторы … (п.518.4)» cites what A prints unnumbered.
kb_reference(KB, Id, Edition, Unit, Paragraph, Number, Raw, Target) :-
    must_be(atom, KB),
    KB:reference(Id, Edition, Unit, Paragraph, Number, Raw, Written),
    stood_for(KB, Edition, Number, Written, Target).

stood_for(KB, Edition, Number, none, Target) :-
    stands_for(KB, Edition, Number, Inferred), !,
    Target = Inferred.
stood_for(_, _, _, Target, Target).

:- dynamic stands_for/4.

%!  set_stands_for(+KB, +Rows:list, -Done:bool) is det.
%
%   Rows, `[Edition, Number, Paragraph]` each, are the unnumbered paragraphs of KB that stand for a
%   number their edition does not print, as the check S004 infers them (Python,
%   checks/structure.py): the references to those numbers resolve to them from now on (the
%   paragraph's «cited by» lists them). Replaces what an earlier call set for KB. Done is `true`.
%
%   @error type_error(atom, KB) if KB is not an atom.
set_stands_for(KB, Rows, true) :-
    must_be(atom, KB),
    retractall(stands_for(KB, _, _, _)),
    forall(member([Ed0, N0, P0], Rows),
           ( maplist(text_atom, [Ed0, N0, P0], [Ed, N, P]),
             assertz(stands_for(KB, Ed, N, P)) )).

text_atom(Text, Atom) :-
    atom_string(Atom, Text).

%!  paragraph_by_number(+KB, ?Edition, +Number, -Id) is nondet.
%
%   Id is a paragraph printed with Number in Edition (more than one if the number is duplicated).
%
%   Number is an atom, or a string for the texts null, true and false (as the bridge sends them).
%
%   @error type_error(atomic, Number) if Number is not an atom or a string.
paragraph_by_number(KB, Edition, Number, Id) :-
    must_be(atomic, Number),
    kb_paragraph(KB, Id, Edition, numbered, Number, _, _, _, _).

%!  cites(+KB, ?Paragraph, ?Number, ?Target) is nondet.
%
%   Paragraph (through its own text, its list items or its examples) cites Number, which
%   resolves to Target (`none` when it does not resolve).
cites(KB, Paragraph, Number, Target) :-
    kb_reference(KB, _, _, _, Paragraph, Number, _, Target).

%!  paragraph_views(+KB, +Ids:list, -Views:list) is det.
%
%   The view of every paragraph in Ids, in that order.
%
%   @error existence_error(paragraph, Id) for an id that is not a paragraph.
paragraph_views(KB, Ids, Views) :-
    must_be(list(atom), Ids),
    maplist(paragraph_view(KB), Ids, Views).

%!  paragraph_view(+KB, +Id, -View:dict) is det.
%
%   Everything a reader wants about paragraph Id: text, parent, children, list items (nested),
%   examples, references out (resolved or not), references in, and where it stands in the source.
%   Id may also be a list item no paragraph holds (a piece cut off at a fragment's start).
%
%   @error existence_error(paragraph, Id) if there is no such paragraph.
paragraph_view(KB, Id, View) :-
    (   kb_paragraph(KB, Id, Ed, Kind, Number, Title, Text, Parent, Order)
    ->  Holder-Under = Id-none
    ;   cut_off_item(KB, Id, Ed, Text, Parent, Order)       % B:~000_…/item1: its own items under it
    ->  Kind-Number-Title = list_item-none-none, Holder-Under = none-Id
    ;   existence_error(paragraph, Id)
    ),
    paragraph_ref(KB, Parent, ParentView),
    findall(O-C, kb_paragraph(KB, C, _, _, _, _, _, Id, O), Cs0),
    keysort(Cs0, Cs), pairs_values(Cs, ChildIds),
    maplist(child_view(KB), ChildIds, Children),
    item_views(KB, Holder, Under, Items),
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
paragraph_ref(KB, Id, _{id:Id, number:N, title:null, kind:item}) :-
    kb_list_item(KB, Id, Paragraph, _, Label, _, _, _, _), !,   % «см. пункт 200.2б»: item «б)» of 200.2
    (   kb_paragraph(KB, Paragraph, _, _, Number, _, _, _, _), Number \== none
    ->  item_number(Number, Label, N)
    ;   N = null
    ).
paragraph_ref(_, Id, _{id:Id, number:null, title:null, kind:unknown}).

%   item_number(+Number, +Label, -ItemNumber): a lettered item as the text writes it, «200.2б»; a
%   numbered one in brackets, «600.1(2)» — «600.12» would read as another paragraph.
item_number(Number, Label, N) :-
    (   atom_number(Label, _)
    ->  format(atom(N), "~w(~w)", [Number, Label])
    ;   atom_concat(Number, Label, N)
    ).

%   nullable(+Value, -Json): the fact marker `none` is JSON null.
nullable(none, null) :- !.
nullable(X, X).

%   child_view(+KB, +Id, -View): a plain-text child carries the list under it (part of its parent's body).
child_view(KB, Id, _{id:Id, kind:Kind, number:N, title:T, text:Text, source:Source, list_items:Items}) :-
    kb_paragraph(KB, Id, _, Kind, Number, Title, Text, _, _),
    nullable(Number, N), nullable(Title, T),
    (   Kind == text
    ->  item_views(KB, Id, none, Items)
    ;   Items = []
    ),
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
                       external:External, document:Document, source:Source}) :-
    edge_ref(KB, out, Id, R),
    kb_reference(KB, R, Ed, U, _, N, Raw, Target),
    resolved(Target, Resolved),
    reference_external(KB, R, Ed, N, Target, External, Document),
    paragraph_ref(KB, Target, T),
    source_view(KB, R, Source).

ref_in_view(KB, Id, _{id:R, citing:From, number:N, raw:Raw, unit:U, source:Source}) :-
    incoming(KB, Id, R),
    kb_reference(KB, R, _, U, P, N, Raw, _),
    paragraph_ref(KB, P, From),
    source_view(KB, R, Source).

resolved(none, false) :- !.
resolved(_, true).

%!  reference_external(+KB, +Ref, +Edition, +Number, +Target, -External:bool, -Document) is det.
%
%   External is `true` when the unresolved reference Ref points outside the loaded text: into
%   another document (Document is its name as written, «Турнирных правил»), or to a number whose
%   section Edition does not print at all (the text loaded is a part of the rulebook). An
%   unresolved number inside a printed section is not external: it is dangling. Document is
%   `null` unless the text names another document.
%
%   @see S005 (dangling-reference), which tells the same two cases apart.
reference_external(_, _, _, _, Target, false, null) :-
    Target \== none, !.
reference_external(KB, R, _, _, none, true, Document) :-
    current_predicate(KB:reference_document/2),
    KB:reference_document(R, Document), !.
reference_external(KB, R, _, _, none, false, null) :-   % «п. 999.9 этих правил»: this rulebook's own
    current_predicate(KB:reference_own/1),
    KB:reference_own(R), !.
reference_external(KB, _, Ed, Number, none, External, null) :-
    section(Number, Section),
    (   kb_paragraph(KB, _, Ed, _, Printed, _, _, _, _),
        Printed \== none,
        section(Printed, Section)
    ->  External = false
    ;   External = true
    ).

%   section(+Number, -Section): the leading digits of a paragraph number («519» of «519.3б»).
section(Number, Section) :-
    atom_codes(Number, Codes),
    prefix_digits(Codes, Digits),
    atom_codes(Section, Digits).

prefix_digits([C|Cs], [C|Ds]) :- code_type(C, digit), !, prefix_digits(Cs, Ds).
prefix_digits(_, []).

source_view(KB, Id, _{fragment:F, line_start:L0, line_end:L1}) :-
    KB:source(Id, F, L0, L1), !.
source_view(_, _, null).

%   cut_off_item(+KB, +Id, -Ed, -Text, -ParentItem, -Order): a list item no paragraph holds.
cut_off_item(KB, Id, Ed, Text, ParentItem, Order) :-
    kb_list_item(KB, Id, none, ParentItem, _, _, _, Text, Order),
    sub_atom(Id, Before, _, _, :), !,
    sub_atom(Id, 0, Before, _, Ed).

orphan_flag(KB, Id, true) :- KB:orphaned(Id), !.
orphan_flag(_, _, false).

%!  refs(+KB, +Ids:list, +Direction, +Depth, -Trees:list) is det.
%
%   For every paragraph in Ids, a tree of references: Direction `out` follows what the paragraph
%   cites, `in` what cites it, `both` does both; Depth >= 1 is how many steps to follow. Each
%   paragraph is expanded once per tree: a later edge to it ends with `seen: true`, so the tree
%   grows with the number of references, not exponentially. Unresolved references are leaves.
%
%   @error domain_error(direction, Direction) unless Direction is out, in or both.
%   @error type_error(positive_integer, Depth) unless Depth is a positive integer.
refs(KB, Ids, Direction, Depth, Trees) :-
    must_be(list(atom), Ids),
    must_be(atom, Direction),
    (   memberchk(Direction, [out, in, both])
    ->  true
    ;   domain_error(direction, Direction)
    ),
    must_be(positive_integer, Depth),
    maplist(ref_root(KB, Direction, Depth), Ids, Trees).

ref_root(KB, Direction, Depth, Id, Tree) :-
    (   kb_paragraph(KB, Id, Ed, _, Number, Title, _, _, _) -> true
    ;   cut_off_item(KB, Id, Ed, _, _, _), Number-Title = none-none ),
    nullable(Number, N), nullable(Title, T),
    list_to_assoc([Id-true], Seen0),
    ways(Direction, Ways),
    foldl(ref_way(KB, Id, Depth), Ways, Edges, Seen0, _),
    way_edges(Ways, Edges, Out, In),
    Tree = _{id:Id, edition:Ed, number:N, title:T, cites:Out, cited_by:In}.

ways(out, [out]).
ways(in, [in]).
ways(both, [out, in]).

way_edges([out], [Out], Out, []).
way_edges([in], [In], [], In).
way_edges([out, in], [Out, In], Out, In).

ref_way(KB, Id, Depth, Way, Edges, Seen0, Seen) :-
    ref_edges(KB, Way, Id, Depth, Edges, Seen0, Seen).

ref_edges(KB, Way, Id, Depth, Edges, Seen0, Seen) :-
    findall(R, edge_ref(KB, Way, Id, R), Refs),
    foldl(ref_edge(KB, Way, Depth), Refs, Edges, Seen0, Seen).

edge_ref(KB, out, Id, R) :- kb_reference(KB, R, _, _, Id, _, _, _).
edge_ref(KB, out, Id, R) :- kb_reference(KB, R, _, Id, none, _, _, _).  % a cut-off item's own
edge_ref(KB, in, Id, R) :- incoming(KB, Id, R).

%   incoming(+KB, +Id, -R): reference R cites paragraph Id itself, or one of its list items
%   («пункт 100.2б» cites item «б)» of 100.2: it is a citation of 100.2 too).
incoming(KB, Id, R) :-
    kb_reference(KB, R, _, _, _, _, _, Id).
incoming(KB, Id, R) :-
    kb_list_item(KB, Item, Id, _, _, _, _, _, _),
    kb_reference(KB, R, _, _, _, _, _, Item).

ref_edge(KB, out, Depth, R, Edge, Seen0, Seen) :-
    kb_reference(KB, R, Ed, U, _, N, Raw, Target),
    resolved(Target, Resolved),
    reference_external(KB, R, Ed, N, Target, External, Document),
    paragraph_ref(KB, Target, T),
    source_view(KB, R, Source),
    expand(KB, out, Target, Depth, SeenFlag, Next, Seen0, Seen),
    Edge = _{number:N, raw:Raw, unit:U, resolved:Resolved, external:External, document:Document,
             target:T, source:Source, seen:SeenFlag, next:Next}.
ref_edge(KB, in, Depth, R, Edge, Seen0, Seen) :-
    kb_reference(KB, R, _, U, P, N, Raw, _),
    paragraph_ref(KB, P, From),
    source_view(KB, R, Source),
    expand(KB, in, P, Depth, SeenFlag, Next, Seen0, Seen),
    Edge = _{number:N, raw:Raw, unit:U, citing:From, source:Source, seen:SeenFlag, next:Next}.

expand(KB, Way, Id, Depth, SeenFlag, Next, Seen0, Seen) :-
    (   Id == none
    ->  SeenFlag = false, Next = [], Seen = Seen0
    ;   get_assoc(Id, Seen0, _)
    ->  SeenFlag = true, Next = [], Seen = Seen0
    ;   put_assoc(Id, Seen0, true, Seen1),
        SeenFlag = false,
        (   Depth =:= 1
        ->  Next = [], Seen = Seen1
        ;   Depth1 is Depth - 1,
            ref_edges(KB, Way, Id, Depth1, Next, Seen1, Seen)
        )
    ).

%!  mentions(+KB, +CardsKB, +Kind, +Key, -Mentions:list) is det.
%
%   Every mention of the card or feature (Kind `card` or `feature`) whose folded name is Key, in
%   reading order: dicts with the unit, its kind and edition, the paragraph it belongs to and that
%   paragraph's number, the span (surface, fragment, line, offset, length) and the unit's text.
%   CardsKB is the generated module of cards and mentions (`card/2`, `mention/8`).
%
%   Key is an atom, or a string for the texts null, true and false (as the bridge sends them).
%
%   @error type_error(atomic, Key) if Key is not an atom or a string.
mentions(KB, CardsKB, Kind, Key, Mentions) :-
    must_be(atomic, Key),
    must_be(oneof([card, feature]), Kind),
    findall(Order-M,
            ( CardsKB:mention(U, Kind, Key, Surface, F, L, Off, Len),
              unit_info(KB, U, UKind, Ed, Para, Text, Order),
              paragraph_number(KB, Para, N),
              M = _{unit:U, kind:UKind, edition:Ed, paragraph:Para, number:N, surface:Surface,
                    fragment:F, line:L, offset:Off, length:Len, text:Text} ),
            Pairs),
    keysort(Pairs, Sorted),
    pairs_values(Sorted, Mentions).

unit_info(KB, U, paragraph, Ed, U, Text, Ed-O) :-
    kb_paragraph(KB, U, Ed, _, _, _, Text, _, O), !.
unit_info(KB, U, list_item, Ed, P, Text, Ed-O) :-
    kb_list_item(KB, U, P0, _, _, _, _, Text, O), !,
    nullable(P0, P),
    ( P0 \== none -> kb_paragraph(KB, P0, Ed, _, _, _, _, _, _) ; KB:source(U, _, _, _), Ed = '' ).
unit_info(KB, U, example, Ed, P, Text, Ed-O) :-
    kb_example(KB, U, P0, _, Text, O), !,
    nullable(P0, P),
    ( P0 \== none -> kb_paragraph(KB, P0, Ed, _, _, _, _, _, _) ; Ed = '' ).

paragraph_number(_, null, null) :- !.
paragraph_number(KB, P, N) :-
    (   kb_paragraph(KB, P, _, _, Num, _, _, _, _) -> nullable(Num, N) ; N = null ).
