:- encoding(utf8).
:- module(game,
          [ state_card/3,               % +State, +CardId, -Card
            replace_card/3,             % +State0, +Card, -State
            card_controller/2,          % +Card, -Player
            card_owner/2,               % +Card, -Player
            id_of/2,                    % +Dict, -Id
            name_of/2,                  % +Dict, -Name
            opponent/2,                 % ?Player, ?Opponent
            source_relation/4,          % +State, +Card, +SourceId, -Relation
            feature_key/2,              % +Name, -Key
            new_feature/2,              % +Fields, -Feature
            in_play/1,                  % ?Zone
            left_the_play_zone/1,       % +Card
            impossible/2,               % +Format, +Args
            refuse/3,                   % +Kind, +Format, +Args
            no_effect/2,                % +Field, +Why
            said/4,                     % +Kind, -Why, +Format, +Args
            choice_list/3,              % +Chosen, +Player, -Ids
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
:- use_module(library(apply)).

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

%!  replace_card(+State0:dict, +Card:dict, -State:dict) is det.
%
%   State is State0 with the card of Card's handle replaced by Card.
replace_card(State0, Card, State) :-
    maplist(same_or_new(Card), State0.cards, Cards),
    State = State0.put(cards, Cards).

same_or_new(Card, C, D) :-
    (   C.id == Card.id -> D = Card ; D = C ).

%!  card_controller(+Card:dict, -Player:atom) is det.
%
%   Player controls Card (or the card holding an effect, for an effect that carries its holder's
%   `controller`).
card_controller(Card, Card.controller).

%!  card_owner(+Card:dict, -Player:atom) is det.
%
%   Player owns Card (its deck, hand and graveyard are the card's): the owner the situation names,
%   else the card's controller (the rule is squad.pl's owner_is_the_controller, which cites it).
card_owner(Card, Owner) :-
    (   Card.owner == null -> Owner = Card.controller ; Owner = Card.owner ).

%!  id_of(+Dict:dict, -Id:atom) is det.
%
%   Id is the `id` of a card, modifier or effect.
id_of(D, D.id).

%!  name_of(+Feature:dict, -Name) is det.
%
%   Name is the `name` of a feature.
name_of(F, F.name).

%!  new_feature(+Fields:dict, -Feature:dict) is det.
%
%   Feature is a feature held by a card (see features.pl for the keys), with Fields given and
%   every other key at its default: no value, own, no source, no condition (no `turn_of`: whose
%   turn «до конца вашего хода» means), not suppressed, no markers, not static, no trigger, nothing
%   replaced, no bonuses, nothing kept (`kept`: conditions of gains that were not performed). The
%   key is computed from the name.
new_feature(Fields, Feature) :-
    Defaults = _{value:null, own:true, source:null, while:null, until:null, turn_of:null,
                 suppressed:false, markers:[], static:false, trigger:null, replaced:[], bonuses:[],
                 kept:[]},
    feature_key(Fields.name, Key),
    Feature = Defaults.put(Fields).put(key, Key).

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

%!  left_the_play_zone(+Card:dict) is semidet.
%
%   Card left the play zone in the situation (`left_play_zone: true`, which prevention.pl's
%   left_play_zone/4 sets on every move out of it): what the state keeps of a card's zones. A card
%   listed outside the play zone that never left it (Габриэль in the hand) was not in it.
left_the_play_zone(Card) :-
    Card.get(left_play_zone, false) == true.

%!  feature_key(+Name, -Key:atom) is det.
%
%   The key features are compared by: lower case, «ё» read as «е», surrounding spaces dropped and
%   a run of spaces inside read as one — as the Python side folds a card's or a feature's name
%   (lexicon.cards.card_key), so that a name matches the same everywhere.
feature_key(Name, Key) :-
    atom_string(Name, S0),
    split_string(S0, " \t", " \t", Words0),
    exclude(==(""), Words0, Words),
    atomic_list_concat(Words, ' ', S1),
    string_lower(S1, S2),
    split_string(S2, "ё", "", Parts),
    atomic_list_concat(Parts, 'е', Key).

%!  impossible(+Format:string, +Args:list) is det.
%
%   Throws `error(impossible(Text), _)`: the situation cannot happen in a game (Text says why).
%   Never succeeds.
%
%   @error impossible(Text) always.
impossible(Format, Args) :-
    format(string(Text), Format, Args),
    throw(error(impossible(Text), _)).

%!  refuse(+Kind:atom, +Format:string, +Args:list) is det.
%
%   As impossible/2, and the error keeps what it says as data: `error(impossible(Text),
%   refusal(Kind, Args))` — Kind names the refusal, Args its values in Format's order, so that
%   an interface words it in its own language (a template per Kind and language) while Text stays
%   the English message. Never succeeds.
%
%   @error impossible(Text) always.
refuse(Kind, Format, Args) :-
    maplist(printed, Args, Printed, Values),
    format(string(Text), Format, Printed),
    throw(error(impossible(Text), refusal(Kind, Values))).

%   printed(+Arg, -Printed, -Value): an argument of refuse/3 as printed and as handed over: the
%   `missing(Detail, Parts)` of editions:missing_why/3 is printed as its Detail and handed over as
%   its Parts (so that an interface words it), a `worded(Text, Key)` as Text and handed over as Key
%   (an atom the language packs word); any other argument is itself.
printed(missing(Detail, Parts), Detail, Parts) :- !.
printed(worded(Text, Key), Text, Key) :- !.
printed(Arg, Arg, Arg).

%!  said(+Kind:atom, -Why, +Format:string, +Args:list) is det.
%
%   Why is the reason for no_effect/2 that Format says of Args, kept as data
%   (`said(Kind, Text, Values)`), as refuse/3 keeps its own: no_effect/2 prints Text and hands
%   `refusal(Kind, Values)` to the interface.
said(Kind, said(Kind, Text, Values), Format, Args) :-
    maplist(printed, Args, Printed, Values),
    format(string(Text), Format, Printed).

%!  choice_list(+Chosen, +Player:atom, -Ids:list) is det.
%
%   Ids is the order Player stated (`choose`): the whole list of a v1 scenario, or that player's
%   list (none: `[]`).
choice_list(Chosen, Player, Ids) :-
    (   is_list(Chosen)
    ->  Ids = Chosen
    ;   is_dict(Chosen), get_dict(Player, Chosen, Ids0)
    ->  Ids = Ids0
    ;   Ids = []
    ).

%!  no_effect(+Field:text, +Why:text) is det.
%
%   Throws `error(no_effect(Field, Why), _)`: the event's field Field (a path inside the event:
%   `flip_source`, `choose.p1[0]`) has no effect in the mechanic at hand, for the reason Why (which
%   names the unit that says so); a field that would be ignored is refused. Never succeeds.
%
%   Why is text, or the data of said/4 (`said(Kind, Text, Values)`), or the `missing(Detail,
%   Parts)` of editions:missing_why/3: the error then says Text (Detail) and keeps
%   `refusal(Kind, Values)` (`refusal(no_effect_missing, [Parts])`).
%
%   @error no_effect(Field, Why) always.
no_effect(Field, said(Kind, Text, Values)) :- !,
    throw(error(no_effect(Field, Text), refusal(Kind, Values))).
no_effect(Field, missing(Detail, Parts)) :- !,
    throw(error(no_effect(Field, Detail), refusal(no_effect_missing, [Parts]))).
no_effect(Field, Why) :-
    throw(error(no_effect(Field, Why), _)).

:- multifile prolog:error_message//1.
prolog:error_message(impossible(Text)) -->
    [ '~w'-[Text] ].
prolog:error_message(no_effect(_Field, Why)) -->
    [ 'has no effect here: ~w'-[Why] ].
