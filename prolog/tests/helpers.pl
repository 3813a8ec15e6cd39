:- encoding(utf8).
:- module(test_helpers,
          [ card/2,                     % +Fields, -Card
            feature/2,                  % +Fields, -Feature
            state/2,                    % +Cards, -State
            state/3,                    % +Active, +Cards, -State
            proof_nodes/2,              % +Proof, -Nodes
            step_nodes/3,               % +Proof, +Step, -Nodes
            proof_cites/2,              % +Proof, -Units
            holding/2,                  % +Features, -State
            gain/4,                     % +Name, +Value, +Op, -Gain
            held/2                      % +State, ?NameValue
          ]).

/** <module> Helpers of the plunit suites: cards and states as the runner builds them, proof walks */

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../state/game').

%!  card(+Fields:dict, -Card:dict) is det.
%
%   A card of a state with Fields (at least `id`) and every other key at the value the scenario
%   runner gives it when a scenario leaves it out.
card(Fields, Card) :-
    Defaults = _{controller:p1, owner:null, zone:battle, face_up:true, created:false,
                 in_formation:false, tapped:false, wounds:0, features:[], grants:[], effects:[],
                 overrides:[], hit:null},
    Card0 = Defaults.put(Fields),
    (   get_dict(name, Card0, _) -> Card = Card0 ; Card = Card0.put(name, Card0.id) ).

%!  feature(+Fields:dict, -Feature:dict) is det.
%
%   A feature held by a card (game:new_feature/2).
feature(Fields, F) :-
    new_feature(Fields, F).

%!  state(+Cards:list, -State:dict) is det.
%
%   A state in which p1 is the active player.
state(Cards, State) :-
    state(p1, Cards, State).

%!  state(+Active:atom, +Cards:list, -State:dict) is det.
%
%   A state with the given active player.
state(Active, Cards, _{active:Active, cards:Cards}).

%!  proof_nodes(+Proof:list, -Nodes:list) is det.
%
%   Every node of a proof, depth first, in order.
proof_nodes(Proof, Nodes) :-
    foldl(node_and_below, Proof, Nodes0, []),
    Nodes = Nodes0.

node_and_below(N, Acc0, Acc) :-
    (   is_dict(N)
    ->  Acc0 = [N|Acc1],
        foldl(node_and_below, N.children, Acc1, Acc)
    ;   Acc0 = Acc
    ).

%!  step_nodes(+Proof:list, +Step:atom, -Nodes:list) is det.
%
%   The nodes of Step in a proof, in order.
step_nodes(Proof, Step, Nodes) :-
    proof_nodes(Proof, All),
    include(is_step(Step), All, Nodes).

is_step(Step, N) :- get_dict(step, N, Step).

%!  proof_cites(+Proof:list, -Units:list) is det.
%
%   Every unit a proof cites, in order (with repeats across nodes).
proof_cites(Proof, Units) :-
    proof_nodes(Proof, Nodes),
    foldl(add_cites, Nodes, [], Units0),
    findall(U, member(cite(U), Proof), Top),
    append(Top, Units0, Units).

add_cites(N, U0, U) :-
    get_dict(cites, N, Cs),
    append(U0, Cs, U).

%!  holding(+Features:list, -State:dict) is det.
%
%   A state of three cards: `c` (p1's) holding Features (dicts for feature/2), and `src` and
%   `other`, p2's, holding none: the named-feature suites' situation.
holding(Features, S) :-
    maplist(feature, Features, Fs),
    card(_{id:c, features:Fs}, C), card(_{id:src, controller:p2}, Src), card(_{id:other, controller:p2}, O),
    state([C, Src, O], S).

%!  gain(+Name:atom, +Value, +Op:atom, -Gain:dict) is det.
%
%   A gain_feature event giving card `c` Name (`op: grant`) or «+Value к Name» (`op: add`) from
%   `src`, for no while, with no modifier.
gain(Name, Value, Op, G) :-
    G = _{card:c, name:Name, value:Value, source:src, op:Op, while:null, until:null, modifiers:[]}.

%!  held(+State:dict, ?NameValue:pair) is nondet.
%
%   Card `c` of State holds a feature, not suppressed, `Name-Value`.
held(S, Name-Value) :-
    member(C, S.cards), C.id == c, member(F, C.features), F.suppressed == false,
    Name = F.name, Value = F.value.
