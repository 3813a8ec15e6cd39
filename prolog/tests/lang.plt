:- encoding(utf8).
/*  plunit tests of the language packs (lang/): every step and every event kind has a label and a
    template in ru and en; every template is well-formed and names only what a node holds; and a
    template filled from a real proof node gives the sentence it should — with nothing computed
    but looking values up (the renderer below is the reference for the Python one).
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../engine/scenario').
:- use_module('../engine/events').
:- use_module('../lang/lang').
:- use_module('../boundary/bridge', [write_json/2]).

filters([card, cards, word, signed, list, plural, modifier, card_feature, from, gender, none]).

% The keys a step's node has in `inputs` (over every declaration of the step).
input_key(Step, Key) :-
    clause(explain:step(_, Step, Inputs, _), _),
    is_dict(Inputs),
    dict_pairs(Inputs, _, Pairs),
    member(Key-_, Pairs).

template_text(when(_, T), T) :- !.
template_text(T, T).

template_paths(when(Conds, T), Paths) :- !,
    template_placeholders(T, Ps),
    findall(P, member(P-_, Ps), P1),
    findall(P, ( member(C = _, Conds), atomic_list_concat(P, '.', C) ), P2),
    append(P1, P2, Paths).
template_paths(T, Paths) :-
    template_placeholders(T, Ps),
    findall(P, member(P-_, Ps), Paths).

% --- a reference renderer -------------------------------------------------------------------------

% render(+Lang, +Templates, +Node, +Names, +CiteLabel, -Text): the first template that fits Node,
% filled. Names maps card handles to names; CiteLabel is the label of the node's first cited unit.
render(Lang, Templates, Node, Names, CiteLabel, Text) :-
    member(T, Templates),
    fits(T, Node), !,
    template_text(T, Tx),
    string_codes(Tx, Codes),
    once(phrase(filled(Lang, Node, Names, CiteLabel, Out), Codes)),
    atomic_list_concat(Out, Text).

fits(when(Conds, _), Node) :- !,
    forall(member(C = V, Conds), ( atomic_list_concat(P, '.', C), at(Node, P, X), matches(V, X) )).
fits(_, _).

matches('*', X) :- !, X \== null.
matches(V, V).

at(Node, [result|P], X) :- !, path(Node.value, P, X).
at(Node, [cite, label], X) :- !, X = Node.cite_label.
at(Node, P, X) :- path(Node.inputs, P, X).

path(X, [], X).
path(D, [K|Ks], X) :- is_dict(D), get_dict(K, D, V), path(V, Ks, X).

filled(L, N, Ns, C, [S|Out]) --> "{", \+ "{", !, field(Cs), "}", { show(L, N, Ns, C, Cs, S) }, filled(L, N, Ns, C, Out).
filled(L, N, Ns, C, ["{"|Out]) --> "{{", !, filled(L, N, Ns, C, Out).
filled(L, N, Ns, C, ["}"|Out]) --> "}}", !, filled(L, N, Ns, C, Out).
filled(L, N, Ns, C, [Ch|Out]) --> [Code], !, { char_code(Ch, Code) }, filled(L, N, Ns, C, Out).
filled(_, _, _, _, []) --> [].

field([C|Cs]) --> [C], { C \== 0'} }, !, field(Cs).
field([]) --> [].

show(Lang, Node, Names, CiteLabel, Codes, S) :-
    atom_codes(A, Codes),
    atomic_list_concat([P|Fs], '|', A),
    atomic_list_concat(Path, '.', P),
    (   at(Node.put(cite_label, CiteLabel), Path, V) -> true ; V = null ),
    foldl(filter(Lang, Names), Fs, V, S0),
    plain(S0, S).

filter(_, Names, card, H, S) :- ( get_dict(H, Names, S0) -> format(atom(S), "«~w»", [S0]) ; S = H ).
filter(_, _, signed, N, S) :- ( N > 0 -> format(atom(S), "+~w", [N]) ; N < 0 -> M is -N, format(atom(S), "−~w", [M]) ; S = N ).
filter(Lang, _, word, A, S) :- ( lang:word(Lang, A, W) -> S = W ; S = A ).
filter(_, _, list, L, S) :- ( L == [] -> S = '—' ; atomic_list_concat(L, ', ', S) ).

plain(null, '—') :- !.
plain(L, S) :- is_list(L), !, atomic_list_concat(L, ', ', S).
plain(S, S).

% A proof of the Гном-Басаарг attack of the A 519.3 example: +1 from Гномий Король (а), then the
% source's own +1s (б), then «сводится к 1» from the target (д).
basaarg_proof(Proof) :-
    S = _{active:p1, cards:[_{id:basaarg, controller:p1, hit:[2, 3, 4], zone:battle}, _{id:king, controller:p1, zone:battle},
                            _{id:foe, controller:p2, zone:battle}]},
    A = _{source:basaarg, target:foe, strike:medium, base:null, order:[],
          modifiers:[_{id:m1, source:king, op:add, value:1}, _{id:m2, source:basaarg, op:add, value:1},
                     _{id:m3, source:foe, op:set, value:1}]},
    once(prove(attack:attack_strength('A', A, S, _), [Proof])).

:- begin_tests(lang).

test(every_step_and_event_kind_has_ru_and_en, [true(Missing == [])]) :-
    missing_labels(Missing).

% A refusal names a section or a rule by its name in the editions' data (editions.pl
% unsupported_error/2); the names missing_labels/1 asks words for are every one the data states —
% a section (dice_modifiers), a rule stated bare (next_roll_equals, in B only) and one stated with
% arguments (dice_group(additive, own_squad) in A: its functor).
test(rule_names_are_the_datas_sections_and_functors, [true(Names == [dice_group, dice_modifiers, next_roll_equals])]) :-
    findall(N, ( member(N, [dice_modifiers, next_roll_equals, dice_group, additive, own_squad, 'A']), rule_name(N) ), Names0),
    msort(Names0, Names).

test(every_rule_name_has_ru_and_en_words, [forall(( member(L, [ru, en]), rule_name(N) ))]) :-
    pack(L, P),
    get_dict(N, P.rules, W),
    string(W), W \== "".

test(packs_are_json, [forall(member(L, [ru, en]))]) :-
    pack(L, P),
    with_output_to(string(_), write_json(current_output, P)).

test(templates_parse, [forall(( member(L, [ru, en]), ( lang:step(L, _, _, Ts) ; lang:event(L, _, _, Ts) ),
                                member(T, Ts) ))]) :-
    template_text(T, Text),
    template_placeholders(Text, _).

% A step's template names only keys of its node's inputs, `result` and `cite`; an event's only
% `result`; filters are the known ones.
test(step_templates_name_what_a_node_holds, [true(Bad == [])]) :-
    filters(Fs),
    findall(L:S:P, ( lang:step(L, S, _, Ts), member(T, Ts), template_paths(T, Paths),
                     member([K|_], Paths),
                     \+ memberchk(K, [result, cite]), \+ input_key(S, K), P = K ), Bad0),
    findall(L:S:F, ( lang:step(L, S, _, Ts), member(T, Ts), template_text(T, Tx),
                     template_placeholders(Tx, Ps), member(_-FL, Ps), member(F0, FL),
                     atomic_list_concat([F|_], ':', F0), \+ memberchk(F, Fs) ), Bad1),
    append(Bad0, Bad1, Bad).

test(event_templates_name_the_result, [true(Bad == [])]) :-
    findall(L:K:P, ( lang:event(L, K, _, Ts), member(T, Ts), template_paths(T, Paths),
                     member([P|_], Paths), P \== result ), Bad).

test(the_fallback_template_is_last, [true(Bad == [])]) :-
    findall(L:S, ( ( lang:step(L, S, _, Ts) ; lang:event(L, S, _, Ts) ),
                   last(Ts, Last), Last = when(_, _) ), Bad).

% A case form (`hand:in`) is a language's own; the words it is a form of are the same in every pack.
test(ru_and_en_have_the_same_words, [true(Only == [])]) :-
    findall(A, ( lang:word(ru, A, _), \+ sub_atom(A, _, _, _, ':') ), R0), sort(R0, R),
    findall(A, ( lang:word(en, A, _), \+ sub_atom(A, _, _, _, ':') ), E0), sort(E0, E),
    ord_symdiff(R, E, Only).

test(a_case_form_is_a_form_of_a_word, [true(Bad == [])]) :-
    findall(L:A, ( lang:word(L, A, _), atomic_list_concat([W, _], ':', A), \+ lang:word(L, W, _) ), Bad).

test(unbalanced_braces_are_an_error, [throws(error(syntax_error(template(_)), _))]) :-
    template_placeholders("{before", _).

% «3 +1 от «Гномий Король» (отряд источника, группа а) → 4»: the first modifier of the example,
% filled from its proof node (519.3 а): «модификаторы, полученные от карт из отряда источника
% атаки»), and the same in English.
test(a_modifier_sentence, [true(Ru-En == "3 +1 от «Гномий Король» (отряд источника, группа а) → 4"-
                                        "3 +1 from «Гномий Король» (the source's squad, group а) → 4")]) :-
    basaarg_proof(Root),
    member(N, Root.children), N.step == modifier_applied, !,
    once(lang:step(ru, modifier_applied, _, TRu)), once(lang:step(en, modifier_applied, _, TEn)),
    Names = _{king:'Гномий Король', basaarg:'Гном-Басаарг', foe:'закрытое существо'},
    render(ru, TRu, N, Names, 'а', Ru0), atom_string(Ru0, Ru),
    render(en, TEn, N, Names, 'а', En0), atom_string(En0, En).

% The set-to modifier (д)), the last one: «сводится к 1» → 1.
test(a_set_to_sentence, [true(Ru == "5 сводится к 1 от «закрытое существо» (цель атаки, группа д) → 1")]) :-
    basaarg_proof(Root),
    findall(N, ( member(N, Root.children), N.step == modifier_applied ), Ns), last(Ns, N),
    once(lang:step(ru, modifier_applied, _, T)),
    render(ru, T, N, _{foe:'закрытое существо'}, 'д', Ru0), atom_string(Ru0, Ru).

% The event line: «сила 1, средний удар».
test(an_event_sentence, [true(Ru == "сила 1, средний удар")]) :-
    once(lang:event(ru, attack, _, T)),
    render(ru, T, node{inputs:_{}, value:_{strength:1, strike:medium}}, _{}, '', Ru0),
    atom_string(Ru0, Ru).

:- end_tests(lang).
