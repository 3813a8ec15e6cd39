:- encoding(utf8).
:- module(lang,
          [ pack/2,                     % +Lang, -Pack
            languages/1,                % -Langs
            missing_labels/1,           % -Missing
            rule_name/1,                % ?Name
            template_placeholders/2     % +Text, -Placeholders
          ]).

/** <module> Language packs: a label and sentence templates for every step and event kind

One pack per language, as data, in three files: the steps and events (lang/ru.pl, lang/en.pl) and the
words and refusals (lang/ru_words.pl, lang/en_words.pl; the editions' rule names in lang/ru_rules.pl,
lang/en_rules.pl; a scenario's own refusals in
lang/ru_input.pl, lang/en_input.pl; a file's parse in lang/ru_reader.pl, lang/en_reader.pl):

    step(Lang, Step, Label, Templates)       % Step: a step name of explain:step/4
    event(Lang, Kind, Label, Templates)      % Kind: an event kind of events:event/5
    word(Lang, Atom, Word)                   % the word for an atom a template shows; also the
                                             % words around the sentences (comparison_event, …)
    refusal(Lang, Kind, Template)            % an engine refusal (refusal(Kind, Values)) in words:
                                             % {name} placeholders, the names of its values being
                                             % explain/refusals.py's (the English one is word for
                                             % word the Prolog message)
    rule(Lang, Name, Words)                  % a section or a rule's name (its functor) as the
                                             % editions' data states it (editions/a.pl, …), in
                                             % the words a refusal names it with

A proof node is `node{step, inputs, value, cites, children}` (engine/explain.pl); an event is
`_{index, kind, result, explanation}` (engine/scenario.pl run/2). The renderer writes a node as
its step's Label and the first of its Templates that fits; an event as its kind's Label and the
first of its kind's Templates that fits, filled from the event (its `result`). It computes nothing:
every value a sentence shows is in the node.

Templates is a list; each one is a text, or `when(Conditions, Text)` with Conditions a list of
`Path = Value`. The template fits when every condition holds: the value at Path (see below) equals
Value (an atom, number, `true`, `false` or `null`); the Value `'*'` only asks that Path be there
(not absent, not null). A text is always last (the fallback).

Text syntax. Plain text, with placeholders in braces (`{{` and `}}` are a literal brace):

    {Path}            the value at Path
    {Path|Filter}     the value at Path, shown through Filter

Path is dot-separated keys. Its first key is a key of the node's `inputs` (`{before}`,
`{modifier.value}`, `{group.relation}`), or `result` — the node's `value` (`{result}`,
`{result.strength}`; for an event, its `result`), or `cite` — the first unit the node cites, as
the renderer reads it from the rulebook (`{cite.label}`: the letter or number of a list item, the
label of an example; `{cite.number}`: the printed number). A value is shown as it is (a number,
a text); `null` as `—`, a list as its items joined by ", ".

Filters:

  - `card`   a card handle shown as the card's name in «»; `rules` as the word for `rules`;
  - `from`   a source card as the word `from_card` filled from `card` (ru «от «Бокор»»), or the
             word `source_none` when the input names none (ru «(источник не указан)»);
             `from:Word` takes the word `Word_card` instead (en `from:by` «by «Бокор»»);
  - `cards`  a list of handles, each as `card`, joined by ", " (`—` when empty);
  - `word`   an atom shown as the pack's word for it (word/3), or as itself if it has none;
             `true` and `false` too;
  - `word:Case` the pack's form `'Atom:Case'` of the word, where it has one (else as `word`):
             ru `{zone|word:in}` «в руке», `word:to` «в руку», `{controller|word:gen}` «игрока p1»,
             `{value|word:dat}` «слабому удару»;
  - `modifier` a modifier (its id, or the modifier itself) as the scenario gives it: the word
             `modifier_<op>` (`modifier_<op>_formation` for one that holds in formation) filled
             from the modifier (`{value|signed} от {source|card}`); an id of no modifier, as `word`;
  - `card_feature` a `Handle/Name` (a feature of one card among others) as the word `card_feature`
             filled from `card` and `feature` (ru «Строй у «Гномий Король»»);
  - `gender:Femn:Masc:Neut` of three forms of a word, the one that agrees in gender with the
             feature name at Path (pymorphy3 reads its first word: ru `{name|gender:подавлена:подавлен:подавлено}`
             gives «Регенерация» подавлена, «Строй» подавлен, «Отравление» подавлено; a name it cannot
             read, «+1 к удару», the first form, as «особенность» it stands for);
  - `signed` a number with its sign: `+1`, `−1`, `0`;
  - `list`   a list joined by ", " (`—` when empty);
  - `shown:Case` a value shown as JSON (a why-not's expected and computed values, `"battle"`) that
             is a text the pack has the form `'Atom:Case'` of: that form (ru `{expected|shown:in}`
             «в зоне битвы» for `"battle"`); any other value as it is;
  - `plural:One:Few:Many` (or `plural:One:Many`) a number and the word its number calls for:
             `{amount|plural:рану:раны:ран}` gives «1 рану», «3 раны», «5 ран»;
  - `none:Words` the words given for a count of 0, any other value as it is (before `plural`:
             `{wounds|none:ран на ней нет|plural:рана снимается:раны снимаются:ран снимаются}`).

Example (ru, a die modifier): `{before} {modifier.value|signed} от {modifier.source|card}
({group.relation|word}, группа {cite.label}) → {result}` gives «4 +1 от «Гномий Король» (отряд
бросающего, группа а) → 5».

pack/2 returns a whole pack as one JSON-ready dict (see there); missing_labels/1 lists what a
language lacks (tested: nothing).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain', [step_name/1]).
:- use_module('../engine/events', [event_kind/1]).
:- use_module('../editions/editions', []).

:- multifile step/4, event/4, word/3, refusal/3, rule/3.

:- use_module(ru, []).
:- use_module(ru_words, []).
:- use_module(ru_rules, []).
:- use_module(ru_input, []).
:- use_module(ru_reader, []).
:- use_module(en, []).
:- use_module(en_words, []).
:- use_module(en_rules, []).
:- use_module(en_input, []).
:- use_module(en_reader, []).

%!  languages(-Langs:list) is det.
%
%   The languages with a pack, in standard order.
languages(Langs) :-
    findall(L, step(L, _, _, _), Ls),
    sort(Ls, Langs).

%!  pack(+Lang:atom, -Pack:dict) is det.
%
%   Pack is the whole pack of Lang:
%   `_{lang:Lang, steps:_{Step:_{label:L, templates:Ts}, …}, events:_{Kind:_{label:L, templates:Ts}, …},
%   words:_{Atom:Word, …}, refusals:_{Kind:Template, …}, rules:_{Name:Words, …}}`, each template `_{text:T}` or `_{when:_{Path:Value, …}, text:T}`.
%
%   @error existence_error(language_pack, Lang) if there is none.
pack(Lang, _{lang:Lang, steps:Steps, events:Events, words:Words, refusals:Refusals, rules:Rules}) :-
    (   step(Lang, _, _, _)
    ->  true
    ;   existence_error(language_pack, Lang)
    ),
    findall(S-_{label:L, templates:Ts}, ( step(Lang, S, L, T0), maplist(template_json, T0, Ts) ), SP),
    dict_pairs(Steps, _, SP),
    findall(K-_{label:L, templates:Ts}, ( event(Lang, K, L, T0), maplist(template_json, T0, Ts) ), EP),
    dict_pairs(Events, _, EP),
    findall(A-W, word(Lang, A, W), WP),
    dict_pairs(Words, _, WP),
    findall(K-T, refusal(Lang, K, T), RP),
    dict_pairs(Refusals, _, RP),
    findall(N-W, rule(Lang, N, W), NP),
    dict_pairs(Rules, _, NP).

template_json(when(Conds, Text), _{when:When, text:Text}) :- !,
    maplist(cond_pair, Conds, Pairs),
    dict_pairs(When, _, Pairs).
template_json(Text, _{text:Text}).

cond_pair(Path = Value, Path-Value).

%!  missing_labels(-Missing:list) is det.
%
%   Missing lists, as `Lang:step(Step)`, `Lang:event(Kind)` or `Lang:rule(Name)`, every step
%   name (explain:step/4) and event kind (events:event/5) a language pack has no label or no
%   template for, and every section and rule name the editions' data states (rule_name/1) it has
%   no words for (rule/3); `[]` when every pack is whole.
missing_labels(Missing) :-
    languages(Langs0),
    sort([en, ru|Langs0], Langs),
    findall(L:step(S), ( member(L, Langs), step_name(S), \+ labelled(step(L, S, _, _)) ), M1),
    findall(L:event(K), ( member(L, Langs), event_kind(K), \+ labelled(event(L, K, _, _)) ), M2),
    findall(L:rule(N), ( member(L, Langs), rule_name(N), \+ rule(L, N, _) ), M3),
    append([M1, M2, M3], Missing).

%!  rule_name(?Name:atom) is nondet.
%
%   Name is a section or the name (functor) of a rule that some edition's data states
%   (editions:rule/4), or the name of a case of one (editions:case_name/3), each once: what a
%   refusal may name (editions.pl unsupported_error/2).
rule_name(Name) :-
    findall(N, ( editions:rule(_, S, R, _), ( N = S ; functor(R, N, _) ) ), Ns1),
    findall(N, editions:case_name(_, _, N), Ns2),   % a case of a rule an edition states otherwise
    append(Ns1, Ns2, Ns0),
    sort(Ns0, Ns),
    member(Name, Ns).

labelled(step(L, S, Label, Ts)) :- step(L, S, Label, Ts), Label \== "", Ts = [_|_].
labelled(event(L, K, Label, Ts)) :- event(L, K, Label, Ts), Label \== "", Ts = [_|_].

%!  template_placeholders(+Text:string, -Placeholders:list) is det.
%
%   Placeholders are the placeholders of a template text, each `Path-Filters` (Path a list of
%   keys as atoms, Filters a list of atoms), in order.
%
%   @error syntax_error(template(Text)) for an unbalanced brace or an empty placeholder.
template_placeholders(Text, Placeholders) :-
    string_codes(Text, Codes),
    (   phrase(template(Placeholders), Codes)
    ->  true
    ;   syntax_error(template(Text))
    ).

template([P|Ps]) --> "{", \+ "{", !, placeholder(P), template(Ps).
template(Ps) --> "{{", !, template(Ps).
template(Ps) --> "}}", !, template(Ps).
template(_) --> "}", !, { fail }.
template(Ps) --> [_], !, template(Ps).
template([]) --> [].

placeholder(Path-Filters) -->
    inside(Cs), "}",
    {   Cs \== [],
        atom_codes(A, Cs),
        atomic_list_concat([P|Fs], '|', A),
        P \== '',
        atomic_list_concat(Path, '.', P),
        \+ memberchk('', Path),
        Filters = Fs
    }.

inside([C|Cs]) --> [C], { C \== 0'}, C \== 0'{ }, !, inside(Cs).
inside([]) --> [].
