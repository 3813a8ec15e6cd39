:- encoding(utf8).
:- module(game,
          [ state_card/3,               % +State, +CardId, -Card
            card_controller/2,          % +Card, -Player
            opponent/2,                 % ?Player, ?Opponent
            source_relation/4,          % +State, +Card, +SourceId, -Relation
            feature_key/2,              % +Name, -Key
            in_play/1,                  % ?Zone
            unsupported/3,              % +Mechanic, +Edition, +Detail
            impossible/2,               % +Format, +Args
            protects/4                  % +State, +Holder, +Whom, +TargetId
          ]).

/** <module> The game state shared by the mechanics

A state is a dict `_{active:Player, cards:[Card, …]}`; a card is a dict
`_{id:Id, name:Name, controller:Player, zone:Zone, features:[Feature, …], hit:Hit}`; players are
`p1` and `p2`. Values come from the scenario (validated in Python) as atoms and numbers.

These predicates hold no rule of the rulebook: they only read the state.
*/

:- use_module(library(lists)).
:- use_module(library(error)).

%!  protects(+State:dict, +Holder:dict, +Whom:atom, +TargetId:atom) is semidet.
%
%   An effect held by Holder whose reach is Whom (`self`, `own`: the cards of Holder's controller,
%   or `all`) covers the card TargetId. Shared by prevention (prevention.pl) and replacement
%   (replacement.pl) effects.
protects(_, C, self, Target) :- C.id == Target.
protects(State, C, own, Target) :- state_card(State, Target, T), T.controller == C.controller.
protects(_, _, all, _).

%!  state_card(+State:dict, +CardId:atom, -Card:dict) is det.
%
%   Card is the card with handle CardId.
%
%   @error existence_error(card, CardId) if there is none.
state_card(State, CardId, Card) :-
    must_be(atom, CardId),
    (   member(Card, State.cards), Card.id == CardId
    ->  true
    ;   existence_error(card, CardId)
    ).

%!  card_controller(+Card:dict, -Player:atom) is det.
%
%   Player controls Card.
card_controller(Card, Card.controller).

%!  opponent(?Player:atom, ?Opponent:atom) is semidet.
%
%   The two players are p1 and p2.
opponent(p1, p2).
opponent(p2, p1).

%!  source_relation(+State:dict, +Card:dict, +SourceId:atom, -Relation:atom) is det.
%
%   How the source of a modifier stands to Card (the card rolling the die, or the card an effect
%   is about): `rules` (SourceId is `rules`, the rules of the game), `self` (Card itself),
%   `own_squad` (another card of Card's controller) or `opponent`.
source_relation(State, Card, SourceId, Relation) :-
    (   SourceId == rules
    ->  Relation = rules
    ;   SourceId == Card.id
    ->  Relation = self
    ;   state_card(State, SourceId, Source),
        (   Source.controller == Card.controller
        ->  Relation = own_squad
        ;   Relation = opponent
        )
    ).

%!  in_play(?Zone:atom) is semidet.
%
%   Zone is part of the play zone (игровая зона): the battle zone, or `play` for the rest of it.
in_play(battle).
in_play(play).

%!  feature_key(+Name, -Key:atom) is det.
%
%   The key features are compared by: lower case, «ё» read as «е», surrounding spaces dropped.
feature_key(Name, Key) :-
    atom_string(Name, S0),
    split_string(S0, "", " ", [S1]),
    string_lower(S1, S2),
    split_string(S2, "ё", "", Parts),
    atomic_list_concat(Parts, 'е', Key).

%!  unsupported(+Mechanic:atom, +Edition:atom, +Detail:string) is det.
%
%   Throws `error(unsupported(Mechanic, Edition, Detail), _)`: the loaded text of Edition has no
%   rule for Mechanic. Never succeeds.
%
%   @error unsupported(Mechanic, Edition, Detail) always.
unsupported(Mechanic, Edition, Detail) :-
    throw(error(unsupported(Mechanic, Edition, Detail), _)).

%!  impossible(+Format:string, +Args:list) is det.
%
%   Throws `error(impossible(Text), _)`: the situation cannot happen in a game (Text says why).
%   Never succeeds.
%
%   @error impossible(Text) always.
impossible(Format, Args) :-
    format(string(Text), Format, Args),
    throw(error(impossible(Text), _)).

:- multifile prolog:error_message//1.
prolog:error_message(impossible(Text)) -->
    [ '~w'-[Text] ].
prolog:error_message(unsupported(Mechanic, Edition, Detail)) -->
    [ 'edition ~w has no rule for ~w: ~w'-[Edition, Mechanic, Detail] ].
