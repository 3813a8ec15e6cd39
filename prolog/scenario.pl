:- encoding(utf8).
:- module(scenario,
          [ run/2,                      % +Scenario, -Result
            run_plain/2,                % +Scenario, -Results
            mechanics_edition/1,        % ?Edition
            mechanics_editions/1,       % -Editions
            conflicts/2,                % +Scenarios, -Conflicts
            run_all/2                   % +Scenarios, -Results
          ]).

/** <module> Running a scenario: events in order, each with its proof

A scenario (contract v1, validated and normalised by Python) is a dict
`_{edition:Ed, active:Player, cards:[Card, …], events:[Event, …]}`; every event is a dict with one
key naming its kind: `die_roll`, `attack`, `gain_feature`, `leave`, `end_of_turn` (v1), and
`wounds`, `effect`, `bring_into_squad`, `lose_control`, `end_of_game`, `lose_features`,
`zone_change`, `end_of_battle`, `formation`, `defend` (v1, extended).

run/2 proves each event with explain:prove/2 and returns its result, the paragraphs its proof
cites, and the proof tree; the state (cards and their features) threads through the events.
run_plain/2 does the same work without recording proofs (benchmarks compare the two).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(explain).
:- use_module(game).
:- use_module(dice).
:- use_module(attack).
:- use_module(features).
:- use_module(prevention).
:- use_module(replacement).
:- use_module(squad).
:- use_module(loss).
:- use_module(axe).
:- use_module(formation).

%!  mechanics_edition(?Edition:atom) is nondet.
%
%   Edition is one whose mechanics are encoded (the editions of the bundled rulebook).
mechanics_edition('A').
mechanics_edition('B').

%!  mechanics_editions(-Editions:list) is det.
%
%   Every edition whose mechanics are encoded.
mechanics_editions(Eds) :-
    findall(E, mechanics_edition(E), Eds).

%!  run_all(+Scenarios:list, -Results:list) is det.
%
%   As run/2 for every scenario of the list, in one call.
run_all(Scenarios, Results) :-
    maplist(run, Scenarios, Results).

%!  run(+Scenario:dict, -Result:dict) is det.
%
%   Result is `_{edition:Ed, events:[_{index:I, kind:K, result:R, explanation:Node}, …],
%   final_state:_{cards:[…]}}`, or `_{failed:_{event:I, kind:K, message:M}}` when event I cannot be
%   computed (for instance a mechanic the edition's text does not contain).
run(Scenario, Result) :-
    Ed = Scenario.edition,
    initial_state(Scenario, State0),
    catch(run_events(Ed, Scenario.events, 0, State0, State, Events), failed(F), true),
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

initial_state(Scenario, _{active:Scenario.active, cards:Cards}) :-
    maplist(initial_card(Scenario.edition), Scenario.cards, Cards).

initial_card(Ed, C, Card) :-
    maplist(own_feature, C.features, Own),
    maplist(acquired_feature, C.acquired, Acquired),
    append(Own, Acquired, Features),
    maplist(initial_effect, C.effects, Effects),
    formation_grants(Ed, formed, C.put(_{features:Features, effects:Effects}), Card).

own_feature(F, _{name:F.name, key:Key, value:F.value, own:true, source:null, while:null,
                 until:null, suppressed:false, markers:[], static:false, trigger:F.trigger,
                 replaced:[], bonuses:[]}) :-
    feature_key(F.name, Key).
acquired_feature(F, _{name:F.name, key:Key, value:F.value, own:false, source:F.source,
                      while:F.while, until:F.until, suppressed:false, markers:[],
                      static:F.static, trigger:null, replaced:[], bonuses:[]}) :-
    feature_key(F.name, Key).

initial_effect(E0, E) :-
    (   memberchk(E0.type, [prevent, prevent_once]) -> E = E0.put(remaining, E0.amount) ; E = E0 ).

run_events(_, [], _, State, State, []).
run_events(Ed, [E|Es], I, State0, State, [R|Rs]) :-
    run_event(Ed, I, E, State0, State1, R),
    I1 is I + 1,
    run_events(Ed, Es, I1, State1, State, Rs).

run_event(Ed, I, Event, State0, State, _{index:I, kind:Kind, result:Value, explanation:Node}) :-
    event_goal(Ed, Event, Kind, State0, State, Value, Goal),
    catch(( prove(Goal, Proof) -> true ; Proof = fail ), Error, true),
    (   Error == time_limit_exceeded            % the limit per goal of bridge:set_goal_time_limit/2
    ->  throw(Error)
    ;   nonvar(Error)
    ->  message_to_string(Error, Msg),
        throw(failed(_{event:I, kind:Kind, message:Msg}))
    ;   Proof == fail
    ->  throw(failed(_{event:I, kind:Kind, message:"no rule of this edition applies"}))
    ;   root_node(Proof, Kind, Value, Node)
    ).

%   root_node(+Proof, +Kind, +Value, -Node): the event's step, or — when the event's own clause
%   cites nothing — a node for the event holding the steps that did.
root_node([Node], _, _, Node) :- is_dict(Node), !.
root_node(Nodes, Kind, Value, node{step:Kind, inputs:_{}, value:Value, cites:[], children:Nodes}).

message_to_string(Error, Msg) :-
    catch(message_to_codes(Error, Msg), _, format(string(Msg), "~q", [Error])).

message_to_codes(E, Text) :-
    '$messages':translate_message(E, Lines, []),
    with_output_to(string(Text0), print_message_lines(current_output, '', Lines)),
    split_string(Text0, "", " \n", [Text]).

%   event_goal(+Ed, +Event, -Kind, +State0, -State, -Result, -Goal)
event_goal(Ed, Event, Kind, State0, State, Result, Goal) :-
    dict_pairs(Event, _, [Kind-Args]),
    event_goal_(Kind, Ed, Args, State0, State, Result, Goal).

event_goal_(die_roll, Ed, Args, State, State, R, dice:die_roll(Ed, Args, State, R)).
event_goal_(attack, Ed, Args, State, State, R, attack:attack_strength(Ed, Args, State, R)).
event_goal_(gain_feature, Ed, Args, S0, S, R, features:gain_feature(Ed, Args, S0, S, R)).
event_goal_(leave, Ed, Args, S0, S, R, features:leave(Ed, Args, S0, S, R)).
event_goal_(end_of_turn, Ed, _, S0, S, R, features:end_of_turn(Ed, S0, S, R)).
event_goal_(wounds, Ed, Args, S0, S, R, prevention:wounds(Ed, Args, S0, S, R)).
event_goal_(effect, Ed, Args, S0, S, R, prevention:apply_effect(Ed, Args, S0, S, R)).
event_goal_(bring_into_squad, Ed, Args, S0, S, R, squad:bring_into_squad(Ed, Args, S0, S, R)).
event_goal_(lose_control, Ed, Args, S0, S, R, squad:lose_control(Ed, Args, S0, S, R)).
event_goal_(end_of_game, Ed, _, S0, S, R, squad:end_of_game(Ed, S0, S, R)).
event_goal_(lose_features, Ed, Args, S0, S, R, loss:lose_features(Ed, Args, S0, S, R)).
event_goal_(zone_change, Ed, Args, S0, S, R, loss:zone_change(Ed, Args, S0, S, R)).
event_goal_(end_of_battle, Ed, _, S0, S, R, loss:end_of_battle(Ed, S0, S, R)).
event_goal_(remove_markers, Ed, Args, S0, S, R, loss:remove_markers(Ed, Args, S0, S, R)).
event_goal_(formation, Ed, Args, S0, S, R, features:formation(Ed, Args, S0, S, R)).
event_goal_(defend, Ed, Args, S0, S, R, axe:defend(Ed, Args, S0, S, R)).

final_state(Ed, State, _{active:State.active, cards:Cards}) :-
    maplist(final_card(Ed), State.cards, Cards).

final_card(Ed, Card, _{id:Card.id, name:Card.name, controller:Card.controller, owner:Card.owner,
                       zone:Card.zone, face_up:Card.face_up, created:Card.created,
                       wounds:Card.wounds, tapped:Card.tapped, in_formation:Card.in_formation,
                       features:Fs, effects:Es}) :-
    foldl(final_features(Ed), Card.features, Fss, [], _),
    append(Fss, Fs),
    maplist(final_effect, Card.effects, Es).

final_effect(E, _{id:E.id, type:E.type, remaining:R}) :-
    (   get_dict(remaining, E, R0) -> R = R0 ; R = null ).

final_features(Ed, F, [Out|Replaced], Acc, Acc) :-
    final_feature(Ed, F, Out),
    maplist(final_feature(Ed), F.replaced, Replaced).

final_feature(Ed, F, _{name:F.name, value:F.value, works_as:W, own:F.own, source:F.source,
                       while:F.while, until:F.until, suppressed:F.suppressed, markers:Ms}) :-
    works_as(Ed, F.value, W),
    maplist(marker_json, F.markers, Ms).

marker_json(M, _{until:M.until, anywhere:M.anywhere}).
