:- encoding(utf8).
:- module(scenario,
          [ run/2,                      % +Scenario, -Result
            run_plain/2,                % +Scenario, -Results
            mechanics_edition/1,        % ?Edition
            mechanics_editions/1,       % -Editions
            conflicts/2,                % +Scenarios, -Conflicts
            features_held/3,            % +Edition, +FinalState, -Held
            run_all/2,                  % +Scenarios, -Results
            run_compact/2,              % +Scenario, -Answer
            run_all_compact/2           % +Scenarios, -Answers
          ]).

/** <module> Running a scenario: events in order, each with its proof

A scenario (contract v1, validated and normalised by Python) is a dict
`_{edition:Ed, active:Player, cards:[Card, …], events:[Event, …]}`; every event is a dict with one
key naming its kind, one of the table of engine/events.pl (event/5), which also says what
handles it.

run/2 proves each event with explain:prove/2 and returns its result, the paragraphs its proof
cites, and the proof tree; the state (cards and their features) threads through the events.
run_plain/2 does the same work without recording proofs (benchmarks compare the two).
*/

:- use_module([library(lists), library(apply)]).
:- use_module(library(pairs), [pairs_values/2]).
:- use_module([explain, events]).
:- use_module(rules_read, []).
:- use_module('../state/game').
:- use_module('../editions/editions', [has_rule/2, absent_in_text/1]).
:- use_module('../rules/features', [works_as/3, held_features/3]).
:- use_module('../rules/prevention', [initial_effect/2, applies/2, prevention_type/1]).
:- use_module('../rules/leaving', [held_outside_play/3]).
:- use_module('../rules/adjacency', [start_pairs/2]).
:- use_module('../rules/held_once', [one_value_each/2, start_replaced/2]).
:- use_module('../rules/formation', [formation_grants/5, condition_cannot_hold/4, condition_refused/3]).
:- use_module(start_fields, [fields_have_effect/2]).

%!  mechanics_edition(?Edition:atom) is nondet.
%
%   Edition is one whose mechanics are described (editions/: an edition's data).
mechanics_edition(Ed) :-
    editions:edition(Ed, _).

%!  mechanics_editions(-Editions:list) is det.
%
%   Every edition whose mechanics are described, in standard order.
mechanics_editions(Eds) :-
    findall(E, mechanics_edition(E), Eds0), sort(Eds0, Eds).

%!  run_all(+Scenarios:list, -Results:list) is det.
%
%   As run/2 for every scenario of the list, in one call.
run_all(Scenarios, Results) :-
    maplist(run, Scenarios, Results).

%!  run_compact(+Scenario:dict, -Answer) is det.
%
%   The Result of run/2 in the positional form the bridge sends to Python (fewer characters to
%   write and to read than its dicts, whose keys repeat): `[Edition, Events, Final]`, an event
%   `[Node, Index, Kind, Result]`, a node `[Children, Cites, Inputs, Step, Value]`, Final
%   `[Active, Cards]`, a card its values and a feature its values, each in the standard order of
%   its keys (the order dict_pairs/3 gives); a failure stays `_{failed:F}`. Inputs, values,
%   results and effects stay dicts.
run_compact(Scenario, Answer) :-
    run(Scenario, Result),
    (   get_dict(failed, Result, _)
    ->  Answer = Result
    ;   Result = _{edition:Ed, events:Events, final_state:_{active:A, cards:Cards}},
        maplist(compact_event, Events, Es),
        maplist(compact_card, Cards, Cs),
        Answer = [Ed, Es, [A, Cs]]
    ).

%!  run_all_compact(+Scenarios:list, -Answers:list) is det.
%
%   As run_compact/2 for every scenario of the list, in one call.
run_all_compact(Scenarios, Answers) :-
    maplist(run_compact, Scenarios, Answers).

compact_event(_{explanation:N, index:I, kind:K, result:R}, [C, I, K, R]) :-
    compact_node(N, C).

compact_node(N, [Cs, Cites, Inputs, Step, Value]) :-
    N = node{children:Children, cites:Cites, inputs:Inputs, step:Step, value:Value},
    maplist(compact_node, Children, Cs).

compact_card(Card, Values) :-
    dict_pairs(Card, _, Pairs),
    maplist(compact_card_value, Pairs, Values).

compact_card_value(Key-V0, V) :-
    ( Key == features -> maplist(compact_feature, V0, V) ; V = V0 ).

compact_feature(F, Values) :-
    dict_pairs(F, _, Pairs),
    pairs_values(Pairs, Values).

%!  run(+Scenario:dict, -Result:dict) is det.
%
%   Result is `_{edition:Ed, events:[_{index:I, kind:K, result:R, explanation:Node}, …],
%   final_state:_{cards:[…]}}`, or `_{failed:_{event:I, kind:K, message:M}}` when event I cannot be
%   computed (for instance a mechanic the edition's text does not contain); `field` is added, a
%   path inside the event, when one of its fields has no effect (game:no_effect/2); or
%   `_{failed:_{path:P, message:M}}` when a value a card holds cannot be (held_values_work/2).
%   Scenario's optional `absent_units` are the units of the edition data the loaded text lacks
%   (editions:absent_in_text/1): the events refuse the rules they state.
run(Scenario, Result) :-
    Ed = Scenario.edition,
    initial_state(Scenario, State0),
    (   get_dict(absent_units, Scenario, Absent) -> true ; Absent = [] ),
    catch(( held_values_work(Ed, Scenario.cards), one_value_each(Ed, Scenario.cards),
            nothing_held_outside_play(Ed, State0),
            fields_have_effect(Ed, Scenario.cards),
            conditions_hold(Scenario.cards, State0),
            absent_in_text(Absent),
            scenario_step_limit(Limit),
            run_events(Ed, Scenario.events, 0, Limit, State0, State, Events),
            absent_in_text([]) ), failed(F), true),
    (   nonvar(F)
    ->  Result = _{failed:F}
    ;   final_state(Ed, State, Final),
        Result = _{edition:Ed, events:Events, final_state:Final}
    ).

%!  conflicts(+Scenarios:list, -Conflicts:list) is det.
%
%   Scenarios is a list of one-event scenarios. Conflicts lists, for every scenario whose
%   event has more than one distinct result when every clause that applies is tried (not only the
%   first), `_{index:I, results:[R1, R2, …]}`: two clauses answer the same situation differently and
%   nothing but their order decides between them. A scenario that raises an error has no results.
conflicts(Scenarios, Conflicts) :-
    findall(_{index:I, results:Rs},
            ( nth0(I, Scenarios, S), distinct_results(S, Rs), Rs = [_, _|_] ),
            Conflicts).

distinct_results(S, Rs) :-
    Ed = S.edition,
    initial_state(S, State0),
    S.events = [E|_],
    findall(R, catch(( event_goal(Ed, E, _, State0, _, R, Goal), call(Goal) ), _, fail), Rs0),
    sort(Rs0, Rs).

%!  features_held(+Edition:atom, +FinalState:dict, -Held:dict) is det.
%
%   Held is `_{CardId:[_{name:Name, value:Value}, …], …}`: the features each card of FinalState
%   (the `final_state` of run/2) has under Edition — a suppressed feature it does not have
%   (features:held_features/3). What a worked example's stated outcome is compared with.
features_held(Ed, Final, Held) :-
    findall(Id-Fs, ( member(C, Final.cards), Id = C.id, held_features(Ed, C.features, Fs) ), Pairs),
    dict_pairs(Held, _, Pairs).

%   held_values_work(+Ed, +Cards): every feature value a card of the scenario holds (own, acquired,
%   granted) is one the edition can work with (features:works_as/3: a negative value is refused
%   where the edition says nothing of one), else `failed(_{path:"cards[i].features[j].value", …,
%   refusal:_{kind:negative_feature, …}})`, worded by the packs as the same refusal of an event is.
held_values_work(Ed, Cards) :-
    forall(( nth0(I, Cards, C), member(List, [features, acquired, grants]), get_dict(List, C, Fs),
             nth0(J, Fs, F), number(F.value) ),
           catch(works_as(Ed, F.value, _), error(impossible(Msg), refusal(Kind, Values)),
                 ( format(string(P), "cards[~w].~w[~w].value", [I, List, J]),
                   throw(failed(_{path:P, message:Msg, refusal:_{kind:Kind, values:Values}})) ))).

%   nothing_held_outside_play(+Ed, +State): no card the scenario starts outside the play zone holds
%   what only a card in play holds (leaving:held_outside_play/3), else
%   `failed(_{path:"cards[i].wounds", …, refusal:_{kind:held_outside_play_read, …}})`: no unit says
%   that a card put anew into the play zone comes without them — the engine's reading, uncited.
nothing_held_outside_play(Ed, State) :-
    forall(( nth0(I, State.cards, C), held_outside_play(Ed, C, Field) ),
           ( format(string(P), "cards[~w].~w", [I, Field]),
             catch(refuse(held_outside_play_read, "~w is in zone ~w and is given ~w: only a card in play has wounds, is tapped, stands in a formation or has acquired features; that from there a card comes into play as a new object, without them, the text does not say in so many words — it is the engine's reading",
                          [C.id, C.zone, Field]),
                   error(impossible(Msg), refusal(Kind, Values)),
                   throw(failed(_{path:P, message:Msg, refusal:_{kind:Kind, values:Values}}))) )).

%   conditions_hold(+Cards, +State): what a card starts holding `while: formation` or `while:
%   adjacent` (its `acquired`) it holds while that condition holds
%   (formation:condition_cannot_hold/4), else `failed(_{path:"cards[i].acquired[j].while", …,
%   refusal:_{kind:held_not_in_formation | held_not_adjacent, …}})`.
conditions_hold(Cards, State) :-
    forall(( nth0(I, Cards, C0), get_dict(acquired, C0, Fs), nth0(J, Fs, F),
             nth0(I, State.cards, C), condition_cannot_hold(State.cards, C, F, Why) ),
           ( format(string(P), "cards[~w].acquired[~w].while", [I, J]),
             catch(condition_refused(Why, C.id, F),
                   error(impossible(Msg), refusal(Kind, Values)),
                   throw(failed(_{path:P, message:Msg, refusal:_{kind:Kind, values:Values}}))) )).

%!  run_plain(+Scenario:dict, -Results:list) is det.
%
%   The results of every event, computed by calling the mechanics directly (no proof recorded).
run_plain(Scenario, Results) :-
    Ed = Scenario.edition,
    initial_state(Scenario, State0),
    foldl(plain_event(Ed), Scenario.events, Results, State0, _).

plain_event(Ed, Event, Result, State0, State) :-
    event_goal(Ed, Event, _Kind, State0, State, Result, Goal),
    once(Goal).

initial_state(Scenario, _{active:Scenario.active, cards:Cards, adjacent:Pairs}) :-
    maplist(initial_card, Scenario.cards, Cards0),
    maplist(formation_grants(Scenario.edition, formed, Cards0), Cards0, Cards),
    start_pairs(Cards, Pairs).  % who stands next to whom as the scenario starts

initial_card(C, Card) :-
    maplist(own_feature, C.features, Own),
    maplist(acquired_feature, C.acquired, Acquired),
    append(Own, Acquired, Features0), start_replaced(Features0, Features),  % held_once.pl
    maplist(initial_effect, C.effects, Effects),
    foldl(static_grant(C.id), C.acquired, C.grants, Grants),
    card_owner(C, Owner),  % fixed before any event: a change of control changes the controller only
    (   C.owner == null -> Default = true ; Default = false ),
    Card = C.put(_{features:Features, effects:Effects, grants:Grants, owner:Owner, owned_by_default:Default}).

%   static_grant(+CardId, +Acquired, +Grants0, -Grants): a feature the card holds from a static
%   feature while in formation (`static: true, while: formation`) is one that static feature
%   grants it in formation — of its source card, else of the card itself — unless listed already.
static_grant(CardId, F, Gs0, Gs) :-
    (   F.static == true, F.while == formation,
        feature_key(F.name, Key),
        \+ ( member(G, Gs0), feature_key(G.name, Key) )
    ->  ( F.source == null -> Source = CardId ; Source = F.source ),
        append(Gs0, [_{name:F.name, value:F.value, while:formation, source:Source}], Gs)
    ;   Gs = Gs0
    ).

own_feature(F, Feature) :-
    new_feature(_{name:F.name, value:F.value, trigger:F.trigger}, Feature).
acquired_feature(F, Feature) :-
    new_feature(_{name:F.name, value:F.value, own:false, source:F.source, while:F.while,
                  until:F.until, static:F.static}, Feature).

%!  scenario_step_limit(-Limit:integer) is det.
%
%   The most inference steps working out one scenario may take, its events together: the bound on
%   the work (and so on the time, the memory and the size of the explanation) of a scenario that
%   keeps within every limit of its shape yet multiplies them — thousands of effects, each used at
%   each of a thousand events (the cost is effects × events). The scenarios of kb/ take 4,000–27,000
%   steps; 1,000 events of wounds with three effects about 7,000,000; the limit, 20,000,000 unless
%   bridge:set_scenario_step_limit/2 set another, leaves room for several times that. Beyond it,
%   failed(_{path:events, …}) with the refusal `too_many_steps` (or `too_much_memory`).
scenario_step_limit(Limit) :-
    (   current_prolog_flag(scenario_step_limit, L), L > 0 -> Limit = L ; Limit = 20_000_000 ).

run_events(_, [], _, _, State, State, []).
run_events(Ed, [E|Es], I, Left, State0, State, [R|Rs]) :-
    statistics(inferences, Before),
    call_with_inference_limit(run_event(Ed, I, E, State0, State1, R), Left, Outcome),
    (   Outcome == inference_limit_exceeded
    ->  too_large(I, steps)
    ;   true
    ),
    statistics(inferences, After),
    Left1 is max(1, Left - (After - Before)),
    I1 is I + 1,
    run_events(Ed, Es, I1, Left1, State1, State, Rs).

%   too_large(+Index, +What): the scenario is refused at event Index, having needed more inference
%   steps than scenario_step_limit/1 (What = steps) or more memory than Prolog's stack limit
%   (What = memory).
too_large(I, What) :-
    (   What == steps
    ->  scenario_step_limit(Count),
        format(string(Most), "~D", [Count]),
        Kind = too_many_steps,
        format(string(Msg), "working this scenario out takes more than ~s inference steps, the limit for one scenario (reached at event ~d: fewer events, cards or effects)", [Most, I])
    ;   current_prolog_flag(stack_limit, Stack),
        Count is Stack // (1024*1024),
        format(string(Most), "~D", [Count]),
        Kind = too_much_memory,
        format(string(Msg), "working this scenario out needs more than the ~s MB of memory a scenario may use (reached at event ~d: fewer events, cards or effects)", [Most, I])
    ),
    throw(failed(_{path:events, message:Msg, refusal:_{kind:Kind, values:[Count, I]}})).

run_event(Ed, I, Event, State0, State, _{index:I, kind:Kind, result:Value, explanation:Node}) :-
    event_goal(Ed, Event, Kind, State0, State, Value, Goal),
    catch(( prove(Goal, Proof) -> true ; Proof = fail ), Error, true),
    (   ( Error == time_limit_exceeded         % the limit per goal of bridge:set_goal_time_limit/2
        ; Error == inference_limit_exceeded     % that of run_events/7
        )
    ->  throw(Error)
    ;   subsumes_term(error(resource_error(_), _), Error)
    ->  too_large(I, memory)
    ;   nonvar(Error)
    ->  message_to_string(Error, Msg),
        refusal(Error, Refusal),
        (   Error = error(no_effect(Field, _), _)
        ->  throw(failed(_{event:I, kind:Kind, message:Msg, field:Field, refusal:Refusal}))
        ;   throw(failed(_{event:I, kind:Kind, message:Msg, refusal:Refusal}))
        )
    ;   Proof == fail
    ->  throw(failed(_{event:I, kind:Kind, message:"no rule of this edition applies",
                       refusal:_{kind:no_rule, values:[]}}))
    ;   root_node(Proof, Goal, Kind, Value, Node)
    ).

%   root_node(+Proof, +Goal, +Kind, +Value, -Node): the event's step, or — when the event's own
%   clause cites nothing — a node for the event holding the steps that did, with the inputs its
%   step declares (explain:step/4), else the event's fields. A handler that made no step at all, of
%   a kind that is no step's name (a new event kind whose clauses cite nothing and declare no step),
%   is a gap in the mechanics, not an event to show by its handler's name: an existence error naming the kind (docs/architecture.md, «An event
%   kind»).
root_node([Node], _, _, _, Node) :- is_dict(Node), !.
root_node([], _, Kind, _, _) :-
    \+ explain:step_name(Kind), !,
    throw(error(existence_error(proof_step, Kind),
                context(scenario:root_node/5, 'the event kind\'s handler made no step: declare explain:step/4 (or explain:uncited_step/1) for what it does'))).
root_node(Nodes, Goal, Kind, Value, node{step:Kind, inputs:Inputs, value:Value, cites:[], children:Nodes}) :-
    ( explain:step(Goal, _, Inputs0, _) -> Inputs = Inputs0 ; Goal = _:G, arg(2, G, Inputs) ).

%   refusal(+Error, -Refusal): what Error says as data, `_{kind:Kind, values:Values}` — the
%   `refusal(Kind, Values)` the error carries (game:refuse/3, editions' unsupported_error/2),
%   the card of unknown strike values (`strike_values`, [Card]) — else `null`: the message alone.
refusal(error(_, Context), _{kind:Kind, values:Values}) :-
    nonvar(Context), Context = refusal(Kind, Values), !.
refusal(error(existence_error(strike_values, Card), _), _{kind:strike_values, values:[Card]}) :- !.
refusal(_, null).

message_to_string(Error, Msg) :-
    catch(message_to_codes(Error, Msg), _, format(string(Msg), "~q", [Error])).

% SWI-Prolog's own messages quote as `this' (card `rules' does not exist): a message shown to the
% user quotes as 'this', as every other message does.
message_to_codes(E, Text) :-
    '$messages':translate_message(E, Lines, []),
    with_output_to(string(Text0), print_message_lines(current_output, '', Lines)),
    split_string(Text0, "", " \n", [Text1]),
    split_string(Text1, "`", "", Parts),
    atomic_list_concat(Parts, '\'', Quoted),
    atom_string(Quoted, Text).

final_state(Ed, State, _{active:State.active, cards:Cards}) :-
    maplist(final_card(Ed), State.cards, Cards).

final_card(Ed, Card, _{id:Card.id, name:Card.name, controller:Card.controller, owner:Owner,
                       zone:Card.zone, face_up:Card.face_up, created:Card.created,
                       wounds:Card.wounds, tapped:Card.tapped, in_formation:Card.in_formation,
                       features:Fs, effects:Es}) :-
    card_owner(Card, Owner),
    foldl(final_features(Ed), Card.features, Fss, [], _),
    append(Fss, Fs),
    maplist(final_effect(Ed, Card), Card.effects, Es).

%   final_effect(+Ed, +Card, +E, -Out): `left_play`, whether E's holder left the play zone since; `stated`,
%   whether Ed's data states E's section (prevention or replacement_effects; B neither); `applies`, whether
%   E still applies: stated, and prevention:applies/2 (a static one again once back, an amount never);
%   `in_play`, whether its holder is in the play zone now (never there nor left: E never applied).
final_effect(Ed, Card, E, _{id:E.id, type:E.type, remaining:R, left_play:L, applies:A, stated:S, in_play:P}) :-
    (   get_dict(remaining, E, R0) -> R = R0 ; R = null ), ( in_play(Card.zone) -> P = true ; P = false ),
    ( ( E.get(left_play, false) == true ; E.get(left_since, false) == true ) -> L = true ; L = false ),
    (   prevention_type(E.type) -> Sec = prevention ; Sec = replacement_effects ),
    (   has_rule(Ed, Sec) -> S = true, ( applies(Card, E) -> A = true ; A = false ) ; S = false, A = false ).

%   A feature a higher one replaced is shown after it, `replaced: true` (the card does not have it
%   while the higher one lasts, so `suppressed: true` as well: v1's «not held»); replacement is
%   not the suppression of a loss (A «…не является потерей особенности»), so it is marked apart.
final_features(Ed, F, [Out|Replaced], Acc, Acc) :-
    final_feature(Ed, false, F, Out),
    maplist(final_feature(Ed, true), F.replaced, Replaced).

final_feature(Ed, IsReplaced, F,
              _{name:F.name, value:F.value, works_as:W, own:F.own, source:F.source, while:F.while,
                until:F.until, suppressed:F.suppressed, replaced:IsReplaced, markers:Ms}) :-
    works_as(Ed, F.value, W),
    maplist(marker_json, F.markers, Ms).

marker_json(M, _{until:M.until, anywhere:M.anywhere}).
