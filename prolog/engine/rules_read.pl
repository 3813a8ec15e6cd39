:- encoding(utf8).
:- module(rules_read,
          [ unread_rule/5,              % ?Edition, -Rule, -Name, -File, -Line
            unread_rules/1              % -Unread
          ]).

/** <module> Which rules of the edition data the code asks for

An edition's data (editions/a.pl, b.pl, …) names each rule it states (`rule(Ed, Section, Rule,
Unit)`) and the variant it gives a rule (`rule_variant(Ed, Rule, Variant)`); the rule modules ask
for them by name (editions:stated/2, states/2, has_rule/2, requires/2, variant/3, or a helper of
their own that passes the name on). A name the data misspells is asked for by no clause: the
engine never cites it, and nothing else would say so. unread_rule/5 finds such names by reading
the loaded code: a rule is asked for when its name, and every atom of its arguments, occurs in a
clause of a module loaded from rules/, engine/, state/, lookup/ or boundary/ (not the edition
data, not the language packs, whose words name rules without asking for them).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../editions/editions', []).

:- prolog_load_context(directory, Dir),
   file_directory_name(Dir, Root),
   assertz(prolog_root(Root)).

%   code_dir(?Dir): a folder of prolog/ whose modules hold code that asks for rules.
code_dir(rules).
code_dir(engine).
code_dir(state).
code_dir(lookup).
code_dir(boundary).

%!  unread_rule(?Edition:atom, -Rule, -Name, -File:atom, -Line:integer) is nondet.
%
%   Edition's data states Rule (or gives Rule as a variant) at File:Line (`''` and 0 for a fact
%   asserted rather than loaded), and Name (an atom, or
%   `Functor/Arity`), a part of Rule, occurs in no clause of the code: no rule module asks for
%   Rule under that name (a misspelt rule in the data). Rule is a term of the data.
unread_rule(Ed, Rule, Name, File, Line) :-
    code_names(Names),
    data_rule(Ed, Rule, Ref),
    rule_name(Rule, Name),
    \+ memberchk(Name, Names),
    (   clause_property(Ref, file(File)), clause_property(Ref, line_count(Line))
    ->  true
    ;   File = '', Line = 0             % a fact asserted, not loaded from a file
    ).

%!  unread_rules(-Unread:list) is det.
%
%   Every unread_rule/5 as a JSON-ready dict `_{edition:Ed, rule:"Rule", name:"Name", file:File,
%   line:Line}` (rule and name as text, File relative to the folder of the code when under it:
%   `editions/a.pl`), in the order of the data.
unread_rules(Unread) :-
    prolog_root(Root),
    atom_concat(Root, '/', Prefix),
    findall(_{edition:Ed, rule:RT, name:NT, file:Rel, line:Line},
            ( unread_rule(Ed, Rule, Name, File, Line), text(Rule, RT), text(Name, NT),
              ( atom_concat(Prefix, Rel0, File) -> Rel = Rel0 ; Rel = File ) ),
            Unread).

text(T, Text) :-
    copy_term(T, C),
    numbervars(C, 0, _),
    format(string(Text), "~W", [C, [quoted(true), numbervars(true)]]).

%   data_rule(?Ed, -Rule, -Ref): a rule Ed's data states, or the variant it gives one, with the
%   reference of the data clause.
data_rule(Ed, Rule, Ref) :-
    clause(editions:rule(Ed, _, Rule, _), true, Ref).
data_rule(Ed, Variant, Ref) :-
    clause(editions:rule_variant(Ed, _, Variant), true, Ref),
    atom(Variant).

%   rule_name(+Rule, -Name): a name Rule is asked for by: its functor and the atoms of its
%   arguments (a variant's value is an atom, a number needs no name).
rule_name(Rule, Name) :-
    (   atom(Rule)
    ->  Name = Rule
    ;   compound(Rule)
    ->  (   functor(Rule, F, A), Name = F/A
        ;   arg(_, Rule, Arg), nonvar(Arg), rule_name(Arg, Name)
        )
    ).

%   code_names(-Names): every atom and Functor/Arity that occurs in a clause (head or body) of a
%   module loaded from one of the code folders.
code_names(Names) :-
    findall(N, ( code_clause(Term), term_name(Term, N) ), Names0),
    sort(Names0, Names).

code_clause(H-B) :-
    prolog_root(Root),
    code_dir(Dir),
    directory_file_path(Root, Dir, Path),
    module_property(M, file(File)),
    sub_atom(File, 0, _, _, Path),
    current_predicate(M:P/Ar),
    functor(H, P, Ar),
    \+ predicate_property(M:H, imported_from(_)),
    \+ predicate_property(M:H, foreign),
    catch(clause(M:H, B), _, fail).

term_name(T, N) :-
    (   atom(T)
    ->  N = T
    ;   is_dict(T)
    ->  dict_pairs(T, _, Pairs),
        member(K-V, Pairs),
        ( N = K ; term_name(V, N) )
    ;   compound(T)
    ->  (   functor(T, F, A), N = F/A
        ;   arg(_, T, Arg), term_name(Arg, N)
        )
    ).
