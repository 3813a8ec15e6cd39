:- encoding(utf8).
:- module(editions,
          [ edition/2,                  % ?Edition, ?Title
            stated/2,                   % +Edition, +Rule
            states/2,                   % +Edition, +Rule
            has_rule/2,                 % +Edition, ?Rule
            requires/2,                 % +Edition, +Rule
            variant/3,                  % +Edition, +Rule, -Variant
            rule_units/3,               % ?Edition, ?Rule, -Units
            data_units/2,               % +Edition, -Units
            absent_in_text/1,           % +Units
            missing_rule/4,             % +Edition, +Rule, -Mechanic, -Detail
            missing_why/3,              % +Edition, +Rule, -Why
            case_name/3,                % ?Edition, ?Rule, -Name
            edition_table/1             % -Table
          ]).

/** <module> What each edition contains, as data

An edition is described by facts (one file per edition: editions/a.pl, editions/b.pl), never by
clauses of the rule modules:

    edition(Edition, Title)
    rule(Edition, Section, Rule, Unit)      % Edition states Rule (of Section) in Unit
    rule_variant(Edition, Rule, Variant)    % … and how: the behaviour (or value) it gives Rule

A rule stated in two units has two `rule/4` facts, in the order they are cited. Rule is an atom or
a term (`dice_group(set_to, own_squad)`); a fact may leave arguments open
(`condition_ended(_)`: every case). Section groups rules the way the text does (dice_modifiers,
attack_modifiers, named_features, loss_of_features, prevention, replacement_effects,
bring_into_squad, axe_rule): the sections an edition has are the sections of the rules it states.

The rule modules ask, and never name an edition:

  - stated/2 — the rule as the edition states it: cites its units (so the proof shows them), or
    raises `unsupported` when the edition's text has no such rule;
  - states/2 — the same for a rule an edition may leave out (a behaviour that is absent without
    it, e.g. B's «работает как [именная особенность] 0»): cites and succeeds, or fails;
  - variant/3 — which of the rule's behaviours the edition states (no citation: the clause that
    carries the behaviour out cites);
  - has_rule/2 and requires/2 — whether it states the rule, without citing.

"This edition has no rule for X" is derived from the same data (unsupported_error/2): the
missing section if the edition states nothing of X's section, else the missing rule, naming
the editions that do state it. And from the loaded text: a rule whose stating unit the loaded
text lacks (another rulebook, or fragments of one; the run names those units: absent_in_text/1)
is refused for that edition, naming the unit missing (absent_error/3). A third edition is one more data file, loaded below (tested with a synthetic
one in tests/editions.plt); no rule module changes.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').

:- multifile edition/2, rule/4, rule_variant/3.
:- dynamic edition/2, rule/4, rule_variant/3.

explain:mechanics_module(editions).

:- use_module(a, []).
:- use_module(b, []).

%!  edition(?Edition:atom, ?Title:string) is nondet.
%
%   Edition is one whose mechanics are described, with its title (data: editions/a.pl, b.pl, …).

%!  stated(+Edition:atom, +Rule) is det.
%
%   Edition states Rule: cites every unit that states it (in order).
%
%   @error unsupported(Mechanic, Edition, Detail) if Edition states no such rule (see
%          unsupported_error/2), or the loaded text lacks a unit that states it (absent_error/3;
%          so also states/2, has_rule/2, requires/2 and variant/3).
stated(Ed, Rule) :-
    in_loaded_text(Ed, Rule),
    rule_units(Ed, Rule, Units),
    (   Units == []
    ->  unsupported_error(Ed, Rule)
    ;   maplist(cite, Units)
    ).

%!  states(+Edition:atom, +Rule) is semidet.
%
%   As stated/2, but fails (citing nothing) when Edition does not state Rule: for a rule whose
%   absence is a behaviour of its own.
states(Ed, Rule) :-
    in_loaded_text(Ed, Rule),
    rule_units(Ed, Rule, Units),
    Units \== [],
    maplist(cite, Units).

%!  has_rule(+Edition:atom, ?Rule) is semidet.
%
%   Edition states Rule (nothing is cited).
has_rule(Ed, Rule) :-
    once(rule(Ed, _, Rule, _)),
    in_loaded_text(Ed, Rule).

%!  requires(+Edition:atom, +Rule) is det.
%
%   Succeeds (citing nothing) when Edition states Rule.
%
%   @error unsupported(Mechanic, Edition, Detail) otherwise.
requires(Ed, Rule) :-
    (   has_rule(Ed, Rule)
    ->  true
    ;   unsupported_error(Ed, Rule)
    ).

%!  variant(+Edition:atom, +Rule, -Variant) is det.
%
%   Variant is the behaviour (or value) Edition gives Rule. Nothing is cited: the clause that
%   carries the behaviour out cites the rule.
%
%   @error unsupported(Mechanic, Edition, Detail) if Edition does not state Rule.
%   @error existence_error(variant, Edition:Rule) if it states Rule without saying which variant.
variant(Ed, Rule, Variant) :-
    requires(Ed, Rule),
    (   once(rule_variant(Ed, Rule, V))
    ->  Variant = V
    ;   existence_error(variant, Ed:Rule)
    ).

%!  rule_units(?Edition:atom, ?Rule, -Units:list) is det.
%
%   Units are the units (ids) that state Rule in Edition, in order, each once; `[]` if none.
rule_units(Ed, Rule, Units) :-
    findall(U, rule(Ed, _, Rule, U), Units0),
    distinct(Units0, Units).

%!  data_units(+Edition:atom, -Units:list) is det.
%
%   Units are the units (ids) the data of Edition names as stating a rule, in standard order.
data_units(Ed, Units) :-
    findall(U, rule(Ed, _, _, U), Units0),
    sort(Units0, Units).

%!  absent_in_text(+Units:list) is det.
%
%   For the computation at hand (backtrackable: scenario:run/2 sets it for the events of one
%   scenario), Units are the units of the edition data (data_units/2) that the loaded text lacks:
%   the rules they state are refused. `[]` (the default) where the text has them all.
absent_in_text(Units) :-
    must_be(list(atom), Units),
    b_setval(editions_absent_units, Units).

%   in_loaded_text(+Ed, +Rule): no unit that states Rule in Ed is one the loaded text lacks, else
%   the rule is refused (absent_error/3).
in_loaded_text(Ed, Rule) :-
    (   nb_current(editions_absent_units, Absent), Absent \== [],
        findall(U, ( rule(Ed, _, Rule, U), memberchk(U, Absent) ), Missing0),
        Missing0 \== []
    ->  sort(Missing0, Missing),
        absent_error(Ed, Rule, Missing)
    ;   true
    ).

%   absent_error(+Ed, +Rule, +Missing): throws `error(unsupported(Mechanic, Ed, Detail), _)`:
%   Mechanic is Rule's section when the loaded text has no unit the data names for that section,
%   else the rule's name; Detail names the units missing.
absent_error(Ed, Rule, Missing) :-
    once(rule(Ed, Section, Rule, _)),
    nb_getval(editions_absent_units, Absent),
    (   \+ ( rule(Ed, Section, _, U), \+ memberchk(U, Absent) )
    ->  Mechanic = Section
    ;   functor(Rule, Mechanic, _)
    ),
    atomic_list_concat(Missing, ', ', Units),
    format(string(Detail), "the loaded text of edition ~w lacks ~w, which states it in the edition's data",
           [Ed, Units]),
    throw(error(unsupported(Mechanic, Ed, Detail), _)).

distinct([], []).
distinct([X|Xs], [X|Ys]) :-
    exclude(==(X), Xs, Rest),
    distinct(Rest, Ys).

%!  edition_table(-Table:list) is det.
%
%   Every edition's data as JSON-ready dicts:
%   `_{edition:Ed, title:T, sections:[S, …], rules:[_{section:S, rule:"Rule", unit:U}, …],
%   variants:[_{rule:"Rule", variant:"V"}, …]}`, rules and variants as text.
edition_table(Table) :-
    findall(_{edition:Ed, title:T, sections:Ss, rules:Rs, variants:Vs},
            ( edition(Ed, T),
              findall(S, rule(Ed, S, _, _), Ss0), sort(Ss0, Ss),
              findall(_{section:S, rule:RT, unit:U},
                      ( rule(Ed, S, R, U), term_text(R, RT) ), Rs),
              findall(_{rule:RT, variant:VT},
                      ( rule_variant(Ed, R, V), term_text(R, RT), term_text(V, VT) ), Vs) ),
            Table).

term_text(T, Text) :-
    copy_term(T, C),
    numbervars(C, 0, _),
    format(string(Text), "~W", [C, [quoted(true), numbervars(true)]]).

% --- "this edition has no rule for X" ------------------------------------------------------------

%   unsupported_error(+Ed, +Rule): throws `error(unsupported(Mechanic, Ed, Detail), refusal(Kind,
%   [Ed, Words, Mechanic, Stated]))`. Mechanic is the section of Rule when Ed states nothing of
%   that section, else the rule's name (its functor); Detail names the editions that state Rule and
%   where. The refusal keeps that as data (missing_parts/5): Kind is `unsupported_section` or
%   `unsupported_rule` (with `_nowhere` when no edition states it), Words the mechanic's English
%   words, Stated `[[Edition, Units], …]`.
unsupported_error(Ed, Rule) :-
    missing_rule(Ed, Rule, Mechanic, Detail),
    missing_parts(Ed, Rule, Mechanic, Says, Stated),
    mechanic_words(Mechanic, Words),
    (   Stated == [] -> atom_concat(Says, '_nowhere', Kind) ; Kind = Says ),
    throw(error(unsupported(Mechanic, Ed, Detail), refusal(Kind, [Ed, Words, Mechanic, Stated]))).

%!  missing_rule(+Edition:atom, +Rule, -Mechanic:atom, -Detail:string) is det.
%
%   What unsupported_error/2 would say of Rule in Edition, which states no such rule: the
%   Mechanic the error names and its Detail (for a refusal worded otherwise).
missing_rule(Ed, Rule, Mechanic, Detail) :-
    missing_parts(Ed, Rule, Mechanic, Says, Stated),
    mechanic_words(Mechanic, Words),
    (   Says == unsupported_section
    ->  format(string(What), "the data of edition ~w states no rule on ~w, though its text may", [Ed, Words])
    ;   format(string(What), "the data of edition ~w states no such rule, though its text may", [Ed])
    ),
    (   Stated == []
    ->  format(string(Detail), "~s, nor does any other edition's", [What])
    ;   findall(T, ( member([E, UT], Stated), format(string(T), "edition ~w: ~w", [E, UT]) ), Ts),
        atomic_list_concat(Ts, '; ', Groups),
        format(string(Detail), "~s (it is stated in ~s)", [What, Groups])
    ).

%!  missing_why(+Edition:atom, +Rule, -Why) is det.
%
%   missing_rule/4's Detail with what it says as data: `missing(Detail, Parts)`, Parts
%   `_{says:Says, edition:Edition, words:Words, mechanic:Mechanic, stated:Stated}` (see
%   missing_parts/5) — an argument of game:refuse/3 or game:no_effect/2, which print Detail and
%   hand Parts to the interface.
missing_why(Ed, Rule, missing(Detail, _{says:Says, edition:Ed, words:Words, mechanic:Mechanic, stated:Stated})) :-
    missing_rule(Ed, Rule, Mechanic, Detail),
    missing_parts(Ed, Rule, Mechanic, Says, Stated),
    mechanic_words(Mechanic, Words).

%   missing_parts(+Ed, +Rule, -Mechanic, -Says, -Stated): what missing_rule/4 says, as data. Says
%   is `unsupported_section` (Ed states nothing of Rule's section, the Mechanic) or
%   `unsupported_rule` (Mechanic: Rule's name); Stated is `[[Edition, Units], …]`, the editions
%   that state Rule in order, each with its units joined by ", ".
missing_parts(Ed, Rule, Mechanic, Says, Stated) :-
    functor(Rule, Name, _),
    findall(E-U, rule(E, _, Rule, U), Elsewhere),
    (   rule(_, Section, Rule, _), \+ rule(Ed, Section, _, _)
    ->  Mechanic = Section, Says = unsupported_section
    ;   ( case_name(Ed, Rule, Case) -> Mechanic = Case ; Mechanic = Name ), Says = unsupported_rule
    ),
    findall(E, member(E-_, Elsewhere), Es0), sort(Es0, Es),
    findall([E, UT], ( member(E, Es),
                       findall(U, member(E-U, Elsewhere), Us),
                       atomic_list_concat(Us, ', ', UT) ), Stated).

%!  case_name(?Edition:atom, ?Rule, -Name:atom) is nondet.
%
%   Name is the name a refusal gives Rule when Edition states no such rule but states another case
%   of it: `Functor_Case` for a rule of one atomic argument — A states
%   `condition_ended(adjacent)`, not `condition_ended(end_of_turn)`, so A's refusal names
%   `condition_ended_end_of_turn` («до конца хода»), never the rule's functor, whose words would
%   name the case A has too. Derived from the editions' data (rule/4) only.
case_name(Ed, Rule, Name) :-
    rule(_, _, Rule, _), compound(Rule), Rule =.. [F, A], atomic(A),
    edition(Ed, _), \+ rule(Ed, _, Rule, _),
    once(( rule(Ed, _, Other, _), compound(Other), Other =.. [F, _] )),
    atomic_list_concat([F, A], '_', Name).

%   mechanic_words(+Mechanic, -Words): a section or rule name in the words of a message
%   (attack_modifiers → 'attack modifiers'), not the name the data gives it.
mechanic_words(Mechanic, Words) :-
    (   mechanic_phrase(Mechanic, Phrase)
    ->  Words = Phrase
    ;   atomic_list_concat(Parts, '_', Mechanic),
        atomic_list_concat(Parts, ' ', Words)
    ).

%   mechanic_phrase(?Mechanic, ?Words): a name whose words alone would not say what it is.
mechanic_phrase(rules_default, 'how a defender taps and how often it defends in a turn').
mechanic_phrase(condition_ended, 'a feature ending with its condition (until the end of the turn, while next to a card, while in formation)').
mechanic_phrase(condition_ended_end_of_turn, 'a feature held until the end of the turn ending when a turn ends').
mechanic_phrase(condition_ended_end_of_your_turn, 'a feature held until the end of your turn ending when that player\'s turn ends').
mechanic_phrase(condition_ended_adjacent, 'a feature held while next to a card ending when they no longer stand so').
mechanic_phrase(condition_ended_formation, 'a feature held in formation ending when the formation breaks').
mechanic_phrase(condition_ended_formation_held, 'a feature held in formation from another card ending when the formation breaks').

:- multifile prolog:error_message//1.
prolog:error_message(unsupported(Mechanic, Edition, Detail)) -->
    { mechanic_words(Mechanic, Words) },
    [ 'edition ~w has no rule for ~w: ~w'-[Edition, Words, Detail] ].
