:- encoding(utf8).
:- module(formation,
          [ formation_grants/5,         % +Edition, +Why, +Cards, +Card0, -Card
            holds_working/2             % +Card, +Key
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

explain:mechanics_module(formation).

explain:step(formation:formation_grant(_, Why, CardId, G), formation_grant,
             _{card:CardId, name:G.name, value:G.value, because:Why}, gained).
explain:step(formation:not_given(_, CardId, G, Reason), formation_grant_not_given,
             _{card:CardId, name:G.name, value:G.value, source:G.source, reason:R}, not_given) :-
    ( Reason = zone(Z) -> R = _{zone:Z} ; R = Reason ).

%!  holds_working(+Card:dict, +Key:atom) is semidet.
%
%   Card holds the feature with key Key and it is not suppressed.
holds_working(Card, Key) :-
    once(( member(F, Card.features), F.key == Key, F.suppressed == false )).

%!  formation_grants(+Edition:atom, +Why:atom, +Cards:list, +Card0:dict, -Card:dict) is det.
%
%   Card is Card0 holding what static features grant it in formation (acquired, static), when it
%   stands in formation and its own Строй works, unless it holds that feature already (working or
%   suppressed). A grant of another card's static feature (`source`) is given only when that card,
%   found in Cards (the cards of the state), can give it: it stands in the battle zone, in
%   formation, and its Строй is not suppressed — else a step says why not. Why is `formed` (it forms
%   a formation again) or `works_again` (its Строй's suppression marker went), for the
%   justification.
%
%   @see 540.4 ○ «…если источник приобретенной особенности – постоянная особенность этой или другой
%        карты (то есть если после потери согласно тексту той карты особенность сразу же должна быть
%        получена вновь)», 540.3, 540.4 ПРИМЕР 1 (edition B)
formation_grants(Ed, Why, Cards, Card0, Card) :-
    (   Card0.in_formation == true, holds_working(Card0, 'строй')
    ->  foldl(grant_one(Ed, Why, Cards, Card0.id), Card0.grants, Card0.features, Fs),
        Card = Card0.put(features, Fs)
    ;   Card = Card0
    ).

grant_one(Ed, Why, Cards, CardId, G, Fs0, Fs) :-
    feature_key(G.name, Key),
    (   G.while == formation, \+ ( member(F, Fs0), F.key == Key )
    ->  (   get_dict(source, G, Source0), Source0 \== null -> Source = Source0 ; Source = CardId ),
        (   Source \== CardId, cannot_give(Cards, Source, Reason)
        ->  not_given(Ed, CardId, G, Reason),
            Fs = Fs0
        ;   formation_grant(Ed, Why, CardId, G),
            new_feature(_{name:G.name, value:G.value, own:false, source:Source, while:formation,
                          static:true}, New),
            append(Fs0, [New], Fs)
        )
    ;   Fs = Fs0
    ).

%   cannot_give(+Cards, +SourceId, -Reason): the card whose static feature gives the grant cannot
%   give it now — it is not in the battle zone (`zone(Z)`), not in formation, or its Строй is
%   suppressed. A source the cards do not hold (a card tested alone) gives it.
cannot_give(Cards, Source, Reason) :-
    (   member(S, Cards), S.id == Source
    ->  (   S.zone \== battle
        ->  Reason = zone(S.zone)
        ;   S.in_formation \== true
        ->  Reason = not_in_formation
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
    (   states(Ed, formation_grant(source_gives_it))
    ->  (   Reason == suppressed -> stated(Ed, suppressed_not_held) ; true )
    ;   true
    ).
