:- encoding(utf8).
:- module(formation,
          [ formation_grants/5,         % +Edition, +Why, +Cards, +Card0, -Card
            holds_working/2,            % +Card, +Key
            formation_missing/4,        % +Cards, +Card, +GiverId, -Reason
            formation_bound/2,          % +Cards, +Card
            formation/5,                % +Edition, +Formation, +State0, -State, -Result
            condition_cannot_hold/4,    % +Cards, +Card, +Feature, -Why
            condition_refused/3,        % +Why, +CardId, +Feature
            held_condition/3            % +Condition0, +Feature, -Condition
          ]).

/** <module> What a card's static features give it while it stands in formation

A card's `grants` held `while: formation` are what static features give it while it stands in
formation (строй): its own («Строй: Опыт в защите 1», Горный Великан) or another card's (`source`:
a card in formation with it, e.g. «существа в строю с Гномьим Королём получают…»). A grant works
only while the card stands in formation and its own Строй works (is not suppressed: 540.3 «эта
особенность не оказывает никаких эффектов на игру»). Its grants held `while: adjacent` are what it
gives a card next to it (features.pl, approach/5).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../state/game').
:- use_module('../editions/editions').
:- use_module(held_once, [over_own/4]).

explain:mechanics_module(formation).

explain:step(formation:formation(Ed, F, S0, S, Result), formation,
             _{edition:Ed, card:F.card, in:F.in, gainers:Gainers, losers:Losers}, Result) :-
    % the cards that gained what Result.gained names (the card forming it, or one in formation with it)
    findall(Id, ( member(C, S.cards), get_dict(id, C, Id), member(C0, S0.cards), C0.id == Id,
                  member(G, C.features), \+ memberchk(G, C0.features) ), Ids),
    ( Ids == [] -> Gainers = null ; list_to_set(Ids, Gainers) ),
    % the cards whose features Result.ended names (leaving: the card itself, or one in formation with it)
    findall(Id, ( member(C0, S0.cards), get_dict(id, C0, Id), member(C, S.cards), C.id == Id,
                  member(G, C0.features), \+ memberchk(G, C.features) ), Lost),
    ( Lost == [] -> Losers = null ; list_to_set(Lost, Losers) ).
% given when the card forms a formation it decides the event's `gained`; given again when a marker
% went, its `returned` (markers:lifted_result/4): why-not names this step for either list
explain:step(formation:formation_grant(_, Why, CardId, G), formation_grant,
             _{card:CardId, name:G.name, value:G.value, because:Why, decides:D}, gained) :-
    ( Why == works_again -> D = [returned, returned_grants] ; D = gained ).
explain:step(formation:not_given(_, CardId, G, Reason), formation_grant_not_given,
             _{card:CardId, name:G.name, value:G.value, source:G.source, reason:R}, not_given) :-
    (   Reason = zone(Z) -> R = _{zone:Z}
    ;   Reason = held(V, Kind) -> R = _{held:V, kind:Kind}
    ;   R = Reason
    ).
explain:step(formation:grant_replaces(_, CardId, G, Own), formation_grant_replaces,
             _{card:CardId, name:G.name, value:G.value, held:Own.value}, replaced).

%!  holds_working(+Card:dict, +Key:atom) is semidet.
%
%   Card holds the feature with key Key and it is not suppressed.
holds_working(Card, Key) :-
    once(( member(F, Card.features), F.key == Key, F.suppressed == false )).

%!  formation_missing(+Cards:list, +Card:dict, +GiverId:atom, -Reason) is semidet.
%
%   Card does not stand in formation with the card GiverId (of Cards), for Reason: Card stands in
%   no formation (`not_in_formation`: not in the battle zone, or not `in_formation`); the giver is
%   not in the battle zone (`zone(Z)`), or is not in formation with it in its squad — not in
%   formation, or under another controller (`giver_not_in_formation`); or, the giver being Card
%   itself, no other card of its squad stands in formation (`alone`). Fails when they stand in
%   formation together. The one test of «в строю с» for a grant and a modifier alike: two steps
%   of one state cannot disagree.
%
%   @see 519.3 ПРИМЕР «Гном-Басаарг в строю с Гномьим Королём … получит +1 к удару за строй с
%        Гномьим Королём» (edition A); 540.4 ПРИМЕР 1 (edition B)
formation_missing(Cards, Card, Giver, Reason) :-
    (   \+ stands_in_formation(Card)
    ->  Reason = not_in_formation
    ;   Giver \== Card.id, member(G, Cards), G.id == Giver, G.zone \== battle
    ->  Reason = zone(G.zone)
    ;   Giver \== Card.id, member(G, Cards), G.id == Giver,
        ( \+ stands_in_formation(G) ; G.controller \== Card.controller )
    ->  Reason = giver_not_in_formation
    ;   \+ ( member(C, Cards), C.id \== Card.id, C.controller == Card.controller,
               stands_in_formation(C) )
    ->  Reason = alone
    ).

stands_in_formation(C) :- C.zone == battle, C.in_formation == true.

%!  formation_bound(+Cards:list, +Card:dict) is semidet.
%
%   Card stands in formation, or holds or gives something «в строю»: a feature or grant held
%   `while: formation`, its own or one another card of Cards holds from it (`source`).
formation_bound(Cards, Card) :-
    (   stands_in_formation(Card)
    ->  true
    ;   member(X, [Card.features, Card.grants]), member(F, X), F.get(while, null) == formation
    ->  true
    ;   member(C, Cards), member(X, [C.features, C.grants]), member(F, X),
        F.get(while, null) == formation, F.get(source, null) == Card.id
    ).

%!  formation_grants(+Edition:atom, +Why:atom, +Cards:list, +Card0:dict, -Card:dict) is det.
%
%   Card is Card0 holding what static features grant it in formation (acquired, static), when it
%   stands in formation and its own Строй works, unless it holds that feature already (acquired, or
%   suppressed); over its own one of a lower value it stands instead of it (kept under it), an own
%   one not lower it is not given, a step says why (518.8 ПРИМЕР 2, B). A grant of another card's
%   static feature (`source`) is given only when that card, found in Cards (the cards of the
%   state), can give it: it stands in the battle zone, in formation, and its Строй is not
%   suppressed — else a step says why not; when Card0's own Строй is suppressed, a step for each
%   grant says it is not given (`own_suppressed`). Why is `formed` (it forms a formation again) or
%   `works_again` (its Строй's suppression marker went), for the justification.
%
%   @see 540.4 ○ «…если источник приобретенной особенности – постоянная особенность этой или другой
%        карты (то есть если после потери согласно тексту той карты особенность сразу же должна быть
%        получена вновь)», 540.3, 540.4 ПРИМЕР 1 (edition B)
formation_grants(Ed, Why, Cards, Card0, Card) :-
    (   Card0.in_formation == true, holds_working(Card0, 'строй')
    ->  foldl(grant_one(Ed, Why, Cards, Card0), Card0.grants, Card0.features, Fs),
        Card = Card0.put(features, Fs)
    ;   Card0.in_formation == true,
        once(( member(F, Card0.features), F.key == 'строй', F.suppressed == true ))
    ->  % its own Строй is suppressed: what it gives in formation is not given, and a step says why
        forall(( member(G, Card0.grants), G.while == formation, feature_key(G.name, Key),
                 \+ ( member(H, Card0.features), H.key == Key ) ),
               not_given(Ed, Card0.id, G, own_suppressed)),
        Card = Card0
    ;   Card = Card0
    ).

grant_one(Ed, Why, Cards, Card0, G, Fs0, Fs) :-
    CardId = Card0.id,
    feature_key(G.name, Key),
    (   G.while == formation,
        \+ ( member(F, Fs0), F.key == Key, \+ ( F.own == true, F.suppressed == false ) )
    ->  (   get_dict(source, G, Source0), Source0 \== null -> Source = Source0 ; Source = CardId ),
        new_feature(_{name:G.name, value:G.value, own:false, source:Source, while:formation,
                      static:true}, New),
        over_own(Ed, Fs0, New, Over),                       % held_once.pl: one value of a name
        (   Source \== CardId, cannot_give(Cards, Card0, Source, Reason)
        ->  not_given(Ed, CardId, G, Reason),
            Fs = Fs0
        ;   Over = not_higher(Own, Kind)
        ->  not_given(Ed, CardId, G, held(Own.value, Kind)),
            Fs = Fs0
        ;   Over = replaced(Fs, Own)
        ->  formation_grant(Ed, Why, CardId, G),
            grant_replaces(Ed, CardId, G, Own)
        ;   formation_grant(Ed, Why, CardId, G),
            append(Fs0, [New], Fs)
        )
    ;   Fs = Fs0
    ).

% A higher value given in formation stands instead of the card's own lower one (B 518.8 ПРИМЕР 2
% «…у существа вместо "Регенерации 2" будет "Регенерация 3"»), which comes back when it ends.
grant_replaces(Ed, _CardId, _G, _Own) :-
    stated(Ed, feature_replaced).

%   cannot_give(+Cards, +Card, +SourceId, -Reason): the card whose static feature gives Card the
%   grant cannot give it now — it is not in formation with Card (formation_missing/4: not in the
%   battle zone `zone(Z)`, not in formation or in another squad `giver_not_in_formation`), or its
%   Строй is suppressed. A source the cards do not hold (a card tested alone) gives it.
cannot_give(Cards, Card, Source, Reason) :-
    (   member(S, Cards), S.id == Source
    ->  (   formation_missing(Cards, Card.put(zone, battle), Source, Reason0)
        ->  ( Reason0 == not_in_formation -> Reason = giver_not_in_formation ; Reason = Reason0 )
        ;   member(F, S.features), F.key == 'строй', F.suppressed == true
        ->  Reason = suppressed
        )
    ).

% What a static feature — of this card or of another (540.4 ○ «постоянная особенность этой или
% другой карты») — gives in formation comes (back) when the card forms a formation, or when its
% Строй works again (B 540.4 ПРИМЕР 1, 540.3.1; A says nothing of it: granted as it is).
formation_grant(Ed, Why, _CardId, _G) :-
    ignore(states(Ed, formation_grant(Why))).

% … and only «согласно тексту той карты»: a card that is not in formation with it gives nothing, and
% a suppressed feature «не оказывает никаких эффектов на игру» (B 540.4 ○, 540.3; A says nothing).
not_given(Ed, _CardId, _G, Reason) :-
    (   Reason = held(_, Kind)
    ->  stated(Ed, gain_not_performed(Kind))   % «…не может получить особенность "Регенерация 1"»
    ;   states(Ed, formation_grant(source_gives_it))
    ->  (   memberchk(Reason, [suppressed, own_suppressed]) -> stated(Ed, suppressed_not_held) ; true )
    ;   true
    ).

% --- the event: a card leaves or forms a formation (its ending half: feature_ends.pl) -------------

%!  formation(+Edition:atom, +Formation:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   Formation.card leaves (`in: false`) or forms (`in: true`) a formation (строй). Leaving ends
%   every feature held `while: formation` (suppressed ones too: their condition broke); forming
%   gives again what static features — its own or another card's — grant it in formation. Result is
%   `_{ended:[…], gained:[…]}`.
%
%   @see 540.4 and its example (edition B: Горный Великан)
%   @error impossible(Text) for a card that forms a formation outside the battle zone.
formation(Ed, F, State0, State, _{ended:Ended, gained:Gained}) :-
    formation_stated(Ed),
    state_card(State0, F.card, Card0),
    (   F.in == true, Card0.zone \== battle
    ->  refuse(formation_zone, "~w is in zone ~w: only a card in the battle zone stands in a formation", [Card0.id, Card0.zone])
    ;   F.in == true, Card0.get(in_formation, false) == true
    ->  refuse(formation_already, "~w already stands in a formation: in: true forms none", [Card0.id])
    ;   F.in == false, Card0.get(in_formation, false) \== true
    ->  refuse(formation_none, "~w stands in no formation: in: false breaks none", [Card0.id])
    ;   true
    ),
    (   F.in == false
    ->  % what it held in formation ends, however little (540.4 ПРИМЕР 1 «…пока стоит в строю»)
        stated(Ed, condition_ended(formation_held)),
        feature_ends:leave_formation(Ed, F.card, State0, State, Ended),
        Gained = []
    ;   % what static features give in formation comes when it forms one (540.4 ПРИМЕР 1)
        % — and what its static feature gives the cards in formation with it (540.4 ○ «согласно
        % тексту той карты особенность сразу же должна быть получена вновь»)
        stated(Ed, formation_grant(formed)),
        formation_grants(Ed, formed, State0.cards, Card0.put(in_formation, true), Card),
        replace_card(State0, Card, State1),
        maplist(given_again(Ed, F.card, State1.cards), State1.cards, Cards),
        State = State1.put(cards, Cards),
        Ended = [],
        findall(N, ( member(C0, State0.cards), member(C, Cards), C.id == C0.id,
                     member(G, C.features), \+ memberchk(G, C0.features), N = G.name ), Gained)
    ).

%   given_again(+Ed, +SourceId, +Cards, +Card0, -Card): Card0, in formation, gets again what card
%   SourceId's static feature grants it in formation (formation_grants/5, its other grants aside).
given_again(Ed, SourceId, Cards, Card0, Card) :-
    (   Card0.id \== SourceId,
        include(granted_by(SourceId), Card0.grants, Gs), Gs \== []
    ->  formation_grants(Ed, formed, Cards, Card0.put(grants, Gs), Card1),
        Card = Card1.put(grants, Card0.grants)
    ;   Card = Card0
    ).

granted_by(SourceId, G) :- G.while == formation, get_dict(source, G, S), S == SourceId.

%   formation_stated(+Ed): the edition's text says what a formation breaking or forming does (B
%   540.4); A's loaded text does not (its one line on «строй» is an example of attack modifiers):
%   the event is refused, naming the edition that says it.
formation_stated(Ed) :-
    (   has_rule(Ed, condition_ended(formation))
    ->  true
    ;   findall(T, ( edition(E, _), E \== Ed, rule_units(E, condition_ended(formation), Us), Us \== [],
                     atomic_list_concat(Us, ', ', UT), format(string(T), "edition ~w: ~w", [E, UT]) ), Ts),
        atomic_list_concat(Ts, '; ', Where),
        format(string(Why), "the loaded text of edition ~w says nothing of a formation breaking or forming (it is stated in ~w)", [Ed, Where]),
        throw(error(unsupported(formation, Ed, Why), refusal(formation_unstated, [Ed, Where])))
    ).

%!  condition_cannot_hold(+Cards:list, +Card:dict, +Feature:dict, -Why) is semidet.
%
%   Card (of Cards) holds Feature `while: formation` or `while: adjacent` from card Feature.source
%   (no source: from its own formation, the card alone), and the condition the feature lasts while
%   does not hold in Cards — the state cannot be, since the feature would have ended with it (feature_ends:leave_formation/5, source_gone/6). Why is
%   `formation(Reason)` (formation_missing/4: the one test of «в строю с») or
%   `adjacent(Id, Zone)`: card Id, the holder or the giver, is in zone Zone, not the battle zone,
%   and stands next to none. Fails when the condition holds or the feature has no such while.
%
%   @see 540.4 ○ «…так как нарушилось условие её существования» (edition B); «Замещение
%        особенности…», ПРИМЕР 4 «…пока Льер-Кулат стоит рядом» (edition A)
condition_cannot_hold(Cards, Card, F, Why) :-
    get_dict(while, F, While),
    ( get_dict(source, F, Source), Source \== null -> true ; Source = Card.id ),
    (   While == formation, Source == Card.id
    ->  % a feature of its own formation: the card itself stands in none
        formation_missing(Cards, Card, Source, not_in_formation),
        Why = formation(not_in_formation)
    ;   While == formation
    ->  formation_missing(Cards, Card, Source, Reason),
        Why = formation(Reason)
    ;   While == adjacent
    ->  once(( member(C, [Card|Cards]), ( C.id == Card.id ; C.id == Source ), C.zone \== battle )),
        Why = adjacent(C.id, C.zone)
    ).

%!  condition_refused(+Why, +CardId:atom, +Feature:dict) is det.
%
%   Refuses the start condition_cannot_hold/4 found (Why) for Feature held by CardId: one line
%   naming the card, the feature and the giver (no source: the card itself).
%
%   @error impossible(Text) always, as refusal held_not_in_formation or held_not_adjacent.
condition_refused(Why, Id, F) :-
    ( get_dict(source, F, S), S \== null -> true ; S = Id ),   % no source: its own formation
    condition_refused_(Why, Id, F.name, S).

condition_refused_(formation(_), Id, Name, S) :-
    refuse(held_not_in_formation, "~w holds ~w while: formation from ~w, but they do not stand in formation together (both in the battle zone, in formation, in one squad): the feature lasts only while they do",
           [Id, Name, S]).
condition_refused_(adjacent(Other, Zone), Id, Name, S) :-
    refuse(held_not_adjacent, "~w holds ~w while: adjacent from ~w, but ~w is in zone ~w: only cards in the battle zone stand next to each other, and the feature lasts only while they do",
           [Id, Name, S, Other, Zone]).

%!  held_condition(+Condition0:atom, +Feature:dict, -Condition:atom) is det.
%
%   The condition whose end Feature's end cites (feature_ends:condition_ended/4): a feature held in
%   formation that nothing suppressed ends as one held «пока стоит в строю» (formation_held: B 540.4
%   ПРИМЕР 1); a suppressed one, as 540.4 ○ says of it («…пока подавленная особенность не будет
%   удалена с карты (так как нарушилось условие её существования)»); any other, Condition0.
held_condition(Condition0, F, Condition) :-
    (   Condition0 == formation, F.get(suppressed, false) \== true
    ->  Condition = formation_held
    ;   Condition = Condition0
    ).
