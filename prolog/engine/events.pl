:- encoding(utf8).
:- module(events,
          [ event/5,                    % ?Kind, ?Handler, ?Refs, ?ChangesState, ?HasFields
            event_kind/1,               % ?Kind
            event_goal/7,               % +Edition, +Event, -Kind, +State0, -State, -Result, -Goal
            event_table/1               % -Table
          ]).

/** <module> The one table of event kinds

Every event kind a scenario may hold, with the predicate that handles it, which of its fields name
something of the scenario (a card handle, an effect id, a modifier id), whether it changes the
state, and whether it has fields at all. The runner (engine/scenario.pl) dispatches from this
table; Python reads it (event_table/1, one call through the bridge) to check a scenario's handles
and to know the kinds; the language packs (lang/) label every kind listed here (tested).

A handler that changes the state is called as `Handler(Edition, Fields, State0, State, Result)`,
one that does not as `Handler(Edition, Fields, State, Result)`. A reference is `Path-To`: Path is
a field (`roller`), a field of every element of a list (`modifiers[].source`) or every element of
a list (`order[]`; `choose[]` is a list, or one list per player); To is `card` (a card handle of the scenario), `card_or_rules` (a card handle,
or `rules`: the rules of the game), `effect` (the id of an effect a card holds) or `modifier` (the
id of a modifier of the same event).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../rules/dice').
:- use_module('../rules/attack').
:- use_module('../rules/features').
:- use_module('../rules/adjacency').
:- use_module('../rules/feature_ends').
:- use_module('../rules/formation').
:- use_module('../rules/prevention').
:- use_module('../rules/squad').
:- use_module('../rules/loss').
:- use_module('../rules/markers').
:- use_module('../rules/axe').

%!  event(?Kind:atom, ?Handler, ?Refs:list, ?ChangesState:bool, ?HasFields:bool) is nondet.
%
%   The table: Kind is handled by Handler (`Module:Name`); Refs are its references (`Path-To`);
%   ChangesState says whether the handler gives a new state; HasFields is `false` for an event
%   with nothing to say (`- end_of_turn:`).
event(die_roll, dice:die_roll,
      ['roller'-card, 'flip_source'-card, 'modifiers[].source'-card_or_rules, 'order[]'-modifier],
      false, true).
event(attack, attack:attack,
      ['source'-card, 'target'-card, 'modifiers[].source'-card_or_rules, 'order[]'-modifier,
       'choose[]'-effect, 'decline[]'-effect],
      true, true).
event(gain_feature, features:gain_feature,
      ['card'-card, 'source'-card, 'modifiers[].source'-card_or_rules], true, true).
event(approach, adjacency:approach, ['card'-card, 'to'-card], true, true).
event(leave, feature_ends:leave, ['card'-card, 'from'-card], true, true).
event(end_of_turn, feature_ends:end_of_turn, [], true, false).
event(wounds, prevention:wounds, ['card'-card, 'source'-card, 'choose[]'-effect, 'decline[]'-effect],
      true, true).
event(effect, prevention:apply_effect, ['card'-card, 'source'-card, 'choose[]'-effect, 'decline[]'-effect],
      true, true).
event(bring_into_squad, squad:bring_into_squad, ['card'-card], true, true).
event(lose_control, squad:lose_control, ['card'-card], true, true).
event(end_of_game, squad:end_of_game, [], true, false).
event(lose_features, loss:lose_features, ['card'-card], true, true).
event(zone_change, loss:zone_change, ['card'-card], true, true).
event(end_of_battle, markers:end_of_battle, [], true, false).
event(remove_markers, markers:remove_markers, ['card'-card], true, true).
event(formation, formation:formation, ['card'-card], true, true).
event(defend, axe:defend, ['card'-card], true, true).

%!  event_kind(?Kind:atom) is nondet.
%
%   Kind is an event kind of the table, in the table's order.
event_kind(Kind) :-
    event(Kind, _, _, _, _).

%!  event_goal(+Edition:atom, +Event:dict, -Kind:atom, +State0:dict, -State:dict, -Result, -Goal) is det.
%
%   Goal (module-qualified) computes Event — a dict with one key, its kind — under Edition from
%   State0: it binds Result, and State (State0 for an event that does not change the state).
%
%   @error domain_error(event, Event) for a dict that is not one event of the table.
event_goal(Ed, Event, Kind, State0, State, Result, M:Goal) :-
    (   is_dict(Event), dict_pairs(Event, _, [Kind-Args]), event(Kind, M:Name, _, Changes, _)
    ->  true
    ;   domain_error(event, Event)
    ),
    (   Changes == true
    ->  Goal =.. [Name, Ed, Args, State0, State, Result]
    ;   State = State0,
        Goal =.. [Name, Ed, Args, State0, Result]
    ).

%!  event_table(-Table:list) is det.
%
%   The table as JSON-ready dicts, in order:
%   `_{kind:K, handler:"module:name", changes_state:Bool, has_fields:Bool,
%   refs:[_{path:"modifiers[].source", to:card_or_rules}, …]}`.
event_table(Table) :-
    findall(_{kind:K, handler:H, changes_state:C, has_fields:F, refs:Rs},
            ( event(K, M:N, Refs, C, F),
              format(string(H), "~w:~w", [M, N]),
              maplist(ref_json, Refs, Rs) ),
            Table).

ref_json(Path-To, _{path:Path, to:To}).
