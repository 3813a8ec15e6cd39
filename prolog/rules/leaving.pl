:- encoding(utf8).
:- module(leaving,
          [ left_play_zone/4,           % +Edition, +To, +Card0, -Card
            held_outside_play/3,        % +Edition, +Card, -Field
            gain_held_in_play/3         % +Edition, +Card, +Name
          ]).

/** <module> A card that leaves the play zone: a new object when it comes back

Where the edition states the way back from a zone (edition data `new_object(Zone)`: under A, 517.4
from the graveyard, 517.3 from the deck, «Взятие карты в отряд…» from the hand), a card that leaves
the play zone comes back only as a card put anew into it — a new object: what it held in play goes
(left_play_zone/4), and a card the scenario starts in such a zone cannot hold it
(held_outside_play/3). The loaded text says nothing of what the card loses, nor that a card put anew
into the play zone comes without what a card in play holds: the step and the refusal say it is the
engine's reading, citing nothing. Its prevention effects no longer apply (A «Если карта – источник эффекта
предотвращения покидает игровую зону…»); prevention.pl applies the effects, this module ends them.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../state/game').
:- use_module('../editions/editions').
:- use_module(prevention, [prevention_type/1, has_remaining/1]).

explain:mechanics_module(leaving).

explain:step(leaving:prevention_ended(_, C), prevention_ended,
             _{card:C.id, effects:Ids, count:N, static:Static, static_count:SN}, not_applied) :-
    include(is_prevention, C.effects, Es), maplist(id_of, Es, Ids), length(Ids, N),
    % a static one (nothing to use up) works again on the new object (prevention:works_again/2); null: none
    exclude(has_remaining, Es, Ss), maplist(id_of, Ss, Static0), length(Static0, SN),
    ( Static0 == [] -> Static = null ; Static = Static0 ).
explain:step(leaving:taken_anew(_, To, C), left_play_zone,
             _{card:C.id, to:To, wounds:C.wounds, tapped:C.tapped, acquired:Names, bonuses:Bonuses}, new_object) :-
    % what it acquired by name; null when none (the sentence then has no clause for it)
    include(acquired_feature, C.features, As), maplist(acquired_text, As, Names0),
    ( Names0 == [] -> Names = null ; Names = Names0 ),
    % what a feature of its own was given («+N к X»): it goes too (own_again/4); null when none
    findall(T, ( member(F, C.features), F.own == true, member(B, F.get(bonuses, [])), bonus_text(F, B, T) ), Ts),
    ( Ts == [] -> Bonuses = null ; Bonuses = Ts ).
% no loaded text says what a card holds when it leaves the play zone: the engine's reading
explain:uncited_step(left_play_zone).
explain:step(leaving:control_returns(_, C, Owner), control_returns,
             _{card:C.id, controller:C.controller, owner:Owner, decides:controller}, Owner).
% control was taken over a card in play (517.4 «Взять карту под контроль»); no loaded text says
% who controls it once it has left: the new object is its owner's (the engine's reading)
explain:uncited_step(control_returns).

% An acquired feature by its name; with the pluses given to it, by its value too: «Регенерация 4 (3 +1)».
acquired_text(F, T) :-
    (   F.get(bonuses, []) == []
    ->  T = F.name
    ;   foldl(minus_amount, F.bonuses, F.value, Base),
        maplist(plus_text, F.bonuses, BTs),
        atomic_list_concat(BTs, ' ', Pluses),
        format(string(T), "~w ~w (~w ~w)", [F.name, F.value, Base, Pluses])
    ).

plus_text(B, T) :-
    (   B.amount >= 0 -> format(string(T), "+~w", [B.amount]) ; A is -B.amount, format(string(T), "−~w", [A]) ).

bonus_text(F, B, T) :-
    (   B.amount >= 0
    ->  format(string(T), "~w +~w", [F.name, B.amount])
    ;   A is -B.amount, format(string(T), "~w −~w", [F.name, A])
    ).

%!  left_play_zone(+Edition:atom, +To:atom, +Card0:dict, -Card:dict) is det.
%
%   Card0 leaves the play zone for zone To; it comes back, where the edition states the way back
%   from To (new_object(To)), only as a card put anew into the play zone — a new object — so Card
%   is the card as that new object would be: its wounds, its being tapped, its place in a formation,
%   what it acquired (and what a feature of its own was given for a while, «+N к X») and what it
%   kept of gains that were not performed go; a feature of its own that an acquired one had replaced
%   is its own again; a card whose control was taken is its owner's again (back_to_owner/4). The loaded text of A states no rule on what a card holds when it leaves the
%   play zone: that step (left_play_zone) cites nothing and says it is the engine's reading, made
%   where the edition defines the way back from To (517.4 from the graveyard, 517.3 from the deck,
%   «розыгрыш карты из руки в игровую зону» from the hand). A prevention effect held by
%   Card0 no longer applies (A «Если карта – источник эффекта предотвращения покидает игровую
%   зону…», cited by that step only): each one with an amount to use up ends for good
%   (`left_play: true`, nothing remaining); a static ability (`prevent_each`) is the card's own and
%   works again when the card is back. Every effect of Card says its holder left (`left_since: true`),
%   and Card that it left (`left_play_zone: true`, game:left_the_play_zone/1). Where the edition states nothing of it, a card holding what
%   it acquired or an effect's unused rest is refused; else the card is as it was.
%
%   @see 517.3, 517.4, «Взятие карты в отряд…», «Если карта – источник эффекта предотвращения
%        покидает игровую зону…» (edition A)
left_play_zone(Ed, To, C0, C) :-
    left_play_zone_(Ed, To, C0, C1),
    back_to_owner(Ed, To, C1, C2),
    maplist(left_since, C2.effects, Es),
    C = C2.put(_{effects:Es, left_play_zone:true}).

%   back_to_owner(+Ed, +To, +Card0, -Card): a card whose control was taken leaves the play zone for
%   To, whence it comes back only a new object (new_object(To)): it lies in its owner's zone To
%   (517.4 1) «со своего кладбища») and the new object is its owner's — control of it was taken
%   over the card in play, and no loaded text says it outlasts it: the engine's reading, uncited.
back_to_owner(Ed, To, C0, C) :-
    card_owner(C0, Owner),
    (   Owner \== C0.controller, has_rule(Ed, new_object(To))
    ->  control_returns(Ed, C0, Owner),
        C = C0.put(controller, Owner)
    ;   C = C0
    ).

control_returns(_Ed, _Card, _Owner).

%   left_since(+E0, -E): an effect whose holder left the play zone says so (`left_since: true`, what
%   the final state shows as `left_play`), also a static ability that works again when it is back.
left_since(E0, E0.put(left_since, true)).

left_play_zone_(Ed, To, C0, C) :-
    (   prevention_source(C0), has_rule(Ed, prevention_stopped)
    ->  prevention_ended(Ed, C0)
    ;   true
    ),
    new_object(C0, C1),
    (   C1 == C0
    ->  C = C0
    ;   has_rule(Ed, new_object(To))
    ->  (   C1.put(effects, C0.effects) \== C0
        ->  taken_anew(Ed, To, C0)
        ;   true
        ),
        C = C1
    ;   C1.put(_{wounds:C0.wounds, tapped:C0.tapped, in_formation:C0.in_formation}) \== C0
    ->  % what it acquired, or the rest of its effects: the edition's text says nothing of what a
        % card keeps when it leaves the play zone — refused, naming the edition that says it
        findall(T, ( edition(E, _), E \== Ed, rule_units(E, new_object(To), Us), Us \== [],
                     atomic_list_concat(Us, ', ', UT), format(string(T), "edition ~w: ~w", [E, UT]) ), Ts),
        atomic_list_concat(Ts, '; ', Where),
        refuse(keeps_on_leaving, "~w leaves the play zone holding what it acquired or an effect's unused rest: the loaded text of edition ~w says nothing of what a card keeps when it does (it is stated in ~w)",
                   [C0.id, Ed, Where])
    ;   C = C0
    ).

%   prevention_ended(+Ed, +Card): the prevention effects Card holds no longer apply, Card leaving
%   the play zone (A «Если карта – источник эффекта предотвращения покидает игровую зону, то эффект
%   предотвращения от этой карты больше не применяется»).
prevention_ended(Ed, _Card) :-
    stated(Ed, prevention_stopped).

%   taken_anew(+Ed, +To, +Card): what Card held in the play zone does not come back with it: it
%   comes back only as a card taken from To and put into the play zone (the edition's way back,
%   has_rule/2 above). The words of that way back do not say what the card loses, nor does any
%   other loaded unit: the step cites nothing and says it is the engine's reading.
taken_anew(_Ed, _To, _Card).

%   prevention_source(+Card): Card holds a prevention effect — it is what the line «Если карта –
%   источник эффекта предотвращения покидает игровую зону…» speaks of.
prevention_source(C) :-
    once(( member(E, C.effects), prevention_type(E.type) )).

new_object(C0, C) :-
    maplist(end_on_leaving, C0.effects, Es),
    foldl(own_again, C0.features, Fss, [], _),
    append(Fss, Fs),
    C = C0.put(_{effects:Es, features:Fs, wounds:0, tapped:false, in_formation:false}).

%!  held_outside_play(+Edition:atom, +Card:dict, -Field:atom) is semidet.
%
%   Card, started in a zone Z outside play whose way back the edition states (new_object(Z)),
%   holds what left_play_zone/4 takes from a card that leaves (no state of the game): Field is the
%   first of `wounds`, `tapped`, `in_formation`, `acquired` it holds. Fails when it holds none, is
%   in play, or no way back from Z is stated. The units of the way back (517.4 «Возродить карту –
%   это извлечь её с кладбища и поместить в игровую зону», …) say where the card comes from, not
%   that it comes without these: the refusal cites none of them (the engine's reading).
%
%   @see 517.3, 517.4, «Взятие карты в отряд…» (edition A)
held_outside_play(Ed, C, Field) :-
    \+ in_play(C.zone),
    has_rule(Ed, new_object(C.zone)),
    new_object(C, C1),
    (   member(Field, [wounds, tapped, in_formation]), C1.Field \== C.Field -> true
    ;   C1.features \== C.features -> Field = acquired
    ).

%!  gain_held_in_play(+Edition:atom, +Card:dict, +Name:atom) is det.
%
%   A gain of the feature Name (a gain_feature event) to Card is refused when Card is in a zone Z
%   outside play whose way back the edition states (new_object(Z)): as held_outside_play/3 reads it,
%   only a card in play holds acquired features, so the gain is refused as the start is. The same
%   reading, citing nothing (the units of the way back say where the card comes from, not that it
%   comes without what it acquired): the engine's reading. True where Card is in play or no way back
%   from Z is stated (B: nothing is refused, at the start or here).
%
%   @error impossible(Text) for such a card (refusal gain_outside_play_read).
%   @see 517.3, 517.4, «Взятие карты в отряд…» (edition A)
gain_held_in_play(Ed, C, Name) :-
    (   \+ in_play(C.zone), has_rule(Ed, new_object(C.zone))
    ->  refuse(gain_outside_play_read, "~w is in zone ~w and is given ~w: only a card in play has acquired features, as the start of a scenario reads it; that from there a card comes into play as a new object, without them, the text does not say in so many words — it is the engine's reading",
               [C.id, C.zone, Name])
    ;   true
    ).

end_on_leaving(E0, E) :-
    (   has_remaining(E0), E0.get(left_play, false) \== true
    ->  E = E0.put(_{left_play:true, remaining:0})
    ;   E = E0
    ).

%   own_again(+F, -Fs, +Acc, -Acc): what the new object has of feature F: F itself when it is the
%   card's own, without the pluses given to it; else the features of its own F had replaced.
own_again(F, Fs, A, A) :-
    (   F.own == true
    ->  foldl(minus_amount, F.bonuses, F.value, V),
        Fs = [F.put(_{value:V, bonuses:[], kept:[], replaced:[]})]
    ;   include(is_own, F.replaced, Own0),
        maplist(unreplaced, Own0, Own),
        foldl(own_again, Own, Fss, [], _),
        append(Fss, Fs)
    ).

minus_amount(B, V0, V) :- V is V0 - B.amount.
is_own(F) :- F.own == true.
unreplaced(F0, F) :- F = F0.put(suppressed, false).

is_prevention(E) :- prevention_type(E.type).
acquired_feature(F) :- F.own == false.
