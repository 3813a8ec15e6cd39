:- encoding(utf8).
:- module(formation,
          [ formation_grants/4,         % +Edition, +Why, +Card0, -Card
            holds_working/2             % +Card, +Key
          ]).

/** <module> What a card's static features give it while it stands in formation

A card's `grants` are what its own static features give while a condition holds; the one condition
encoded is formation (строй): «Строй: Опыт в защите 1» (Горный Великан). A grant works only while
the card stands in formation and its own Строй works (is not suppressed: 540.3 «эта особенность не
оказывает никаких эффектов на игру»).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../state/game').
:- use_module('../editions/editions').

explain:mechanics_module(formation).

explain:step(formation:formation_grant(_, Why, CardId, G), formation_grant,
             _{card:CardId, name:G.name, value:G.value, because:Why}, gained).

%!  holds_working(+Card:dict, +Key:atom) is semidet.
%
%   Card holds the feature with key Key and it is not suppressed.
holds_working(Card, Key) :-
    once(( member(F, Card.features), F.key == Key, F.suppressed == false )).

%!  formation_grants(+Edition:atom, +Why:atom, +Card0:dict, -Card:dict) is det.
%
%   Card is Card0 holding what its static features grant in formation (acquired, static), when it
%   stands in formation and its own Строй works, unless it holds that feature already (working or
%   suppressed). Why is `formed` (it forms a formation again) or `works_again` (its Строй's
%   suppression marker went), for the justification.
formation_grants(Ed, Why, Card0, Card) :-
    (   Card0.in_formation == true, holds_working(Card0, 'строй')
    ->  foldl(grant_one(Ed, Why, Card0.id), Card0.grants, Card0.features, Fs),
        Card = Card0.put(features, Fs)
    ;   Card = Card0
    ).

grant_one(Ed, Why, CardId, G, Fs0, Fs) :-
    feature_key(G.name, Key),
    (   G.while == formation, \+ ( member(F, Fs0), F.key == Key )
    ->  formation_grant(Ed, Why, CardId, G),
        new_feature(_{name:G.name, value:G.value, own:false, source:CardId, while:formation,
                      static:true}, New),
        append(Fs0, [New], Fs)
    ;   Fs = Fs0
    ).

% What a static feature gives in formation comes (back) when the card forms a formation, or when
% its Строй works again (B 540.4 ПРИМЕР 1, 540.3.1; A says nothing of it: granted as it is).
formation_grant(Ed, Why, _CardId, _G) :-
    ignore(states(Ed, formation_grant(Why))).
