:- encoding(utf8).
:- module(prevention,
          [ wounds/5,                   % +Edition, +Wounds, +State0, -State, -Result
            apply_effect/5,             % +Edition, +Effect, +State0, -State, -Result
            initial_effect/2,           % +Effect0, -Effect
            prevention_type/1,          % ?Type
            has_remaining/1,            % +Effect
            applies/2                   % +Card, +Effect
          ]).

/** <module> Wounds: replacement, then prevention

Section prevention; the rules and the units that state them are edition data (editions/a.pl:
fragment 003, the unnumbered paragraphs before «Эффект замещения.»): prevention is used after the
final amount of wounds is known; effects with an amount apply one after another, the inactive
player's first, then the active player's; an effect may be used in part and keeps the rest for
later where its text allows («следующие 4 раны»); a static ability prevents each time it is relevant
(Габриэль); prevention from a card that left the play zone no longer applies. Replacement effects
(replacement.pl) act first, when the wounds are dealt; the order in which the effects apply, and
which player's choice may name which effect, is prevention_order.pl. The loaded text of edition B has none of
this: wounds under B are `unsupported`.

Prevention effects are held by cards, in the card's `effects` list:
`_{id:Id, type:prevent, amount:N, remaining:N, protects:Who}` («предотвратить следующие N ран»: what
it does not use is kept for later), `_{id:Id, type:prevent_once, amount:N, remaining:N, …}` (its text
allows one use: what it does not use is lost) and `_{id:Id, type:prevent_each, amount:N, …}` (a
static ability: each time). A `prevent_once` or `prevent_each` effect without an amount
(`amount: null`) prevents all the wounds. An effect whose holder left the play zone carries
`left_play: true`: it no longer applies, also once the card is back (a new object). An effect the
card facts give (kb/cards.yaml, not the scenario) carries `card_text: [UnitId, …]`, the edition's
examples that quote that card (explain/run.py): what the card's text decides cites them.

The players' choices (`choose`) are a list (v1: one order for whoever chooses) or a dict of one
list per player (`_{p1:[Id, …], p2:[…]}`): each player orders the effects that player applies.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../engine/undo').
:- use_module('../state/game').
:- use_module('../editions/editions').
:- use_module(replacement).
:- use_module(prevention_order).

explain:mechanics_module(prevention).

explain:step(prevention:wounds(Ed, W, _, _, Result), wounds,
             _{edition:Ed, card:W.card, amount:W.amount, source:W.source, attack:W.attack}, Result).
explain:step(prevention:prevent(_, P, W0, W, _), prevention_applied,
             _{effect:P.id, holder:P.holder, type:P.type, available:A, wounds_before:W0},
             Value) :-
    available(P, W0, A), U is W0 - W,
    ( has_remaining(P), P.amount \== null -> left(P, U, L) ; L = null ),
    % a one-use effect used in part: the rest is lost, not kept (its text allows one use)
    (   P.type == prevent_once, number(A), U > 0, U < A
    ->  Lost is A - U, Value = _{wounds:W, used:U, left:L, lost:Lost}
    ;   Value = _{wounds:W, used:U, left:L}
    ).
%   An effect that prevented wounds (fragment 003, «Эффект предотвращения…») taken out: its card
%   without it.
undo:undo(prevention_applied, Inputs, _, [_{drop:effects, field:id, value:Inputs.effect, at:_{card:Inputs.holder}}]).
explain:step(prevention:prevent_all(_, P, W0, W), prevention_all,
             _{effect:P.id, holder:P.holder, type:P.type, wounds_before:W0}, _{wounds:W, used:W0}).
% no loaded text says what an effect without an amount prevents: the engine reads «all the wounds»
explain:uncited_step(prevention_all).
%   An effect that no longer applies, or is spent, decides the wounds the others leave (why-not
%   names it when no counterfactual does: «Если карта – источник эффекта предотвращения покидает
%   игровую зону, то эффект предотвращения от этой карты больше не применяется»; «…если повторное
%   применение этого эффекта предотвращения не противоречит его тексту»). It decides `remaining`
%   too: an effect that no longer applies has nothing left in the result.
explain:step(prevention:stopped(_, P), prevention_stopped,
             _{effect:P.id, holder:P.holder, left_play:L, decides:[wounds, prevented, remaining]}, not_applied) :-
    (   ( P.get(left_play, false) == true ; P.get(left_since, false) == true ) -> L = true ; L = false ).
explain:step(prevention:works_again(_, P), prevention_works_again,
             _{effect:P.id, holder:P.holder, type:P.type}, applies).
% «…эффект предотвращения от этой карты больше не применяется» speaks of the card that left; that a
% static ability of the card put anew into play works again no loaded unit says: the engine's reading
explain:uncited_step(prevention_works_again).
explain:step(prevention:not_in_play(_, P), prevention_not_in_play,
             _{effect:P.id, holder:P.holder, zone:P.zone}, not_applied).
% no loaded text says that the effect of a card never in play does not apply: the engine's reading
explain:uncited_step(prevention_not_in_play).
explain:step(prevention:not_protected(_, Target, P), prevention_not_protected,
             _{effect:P.id, holder:P.holder, card:Target, card_at:P.card_at, effect_at:P.effect_at,
               card_text:Quoted}, not_applied) :-
    ( get_dict(card_text, P, Quoted) -> true ; Quoted = null ).
% whose creatures an effect protects is the scenario's (its `protects`), not a rule of the edition:
% the card's own text where the effect is that card's (the examples quoting it), else nothing
explain:uncited_step(prevention_not_protected).
%   An effect that protects only its player's creatures (fragment 003, ПРИМЕР 2: Габриэль) let
%   through: its holder's controller is the protected card's.
undo:undo(prevention_not_protected, Inputs, _, [_{copy:controller, at:_{card:Inputs.holder}, from:_{card:Inputs.card}}]).
explain:step(prevention:spent(_, P), prevention_spent,
             _{effect:P.id, holder:P.holder, type:P.type, decides:[wounds, prevented]}, not_applied).
%   A one-use effect spent (its rest lost: «…если повторное применение этого эффекта предотвращения
%   не противоречит его тексту») let through: its text allowing reuse, the rest is kept (`prevent`).
undo:undo(prevention_spent, Inputs, _, [_{put:type, value:prevent, at:_{card:Inputs.holder, in:effects, id:Inputs.effect}}]) :-
    Inputs.type == prevent_once.
explain:step(prevention:apply_effect(Ed, E, _, _, Result), effect, _{edition:Ed, effect:E}, Result).
explain:step(prevention:unreplaced(E), effect_unreplaced, _{effect:E}, E).
explain:uncited_step(effect_unreplaced).

%!  wounds(+Edition:atom, +Wounds:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   A card gets Wounds.amount wounds from Wounds.source by an attack or effect of kind
%   Wounds.attack (`strike`, `shot`, `spell`, …). Replacement effects apply first, then prevention.
%   Result is `_{wounds:Final, prevented:Prevented, remaining:_{EffectId:Left, …}}`; State has the
%   card's wounds increased and the prevention effects' remaining amounts.
%
%   @see fragment 003, «Предотвращение…» paragraphs; 516.1–516.1.2 (edition A)
%   @error unsupported(prevention, Ed, Detail) when edition Ed's data states no prevention.
wounds(Ed, W, State0, State, _{wounds:Final, prevented:Prevented, remaining:Remaining}) :-
    stated(Ed, prevention),
    state_card(State0, W.card, Card),
    (   in_play(Card.zone) -> true ; refuse(wound_zone, "~w is in zone ~w: only a card in play gets wounds", [Card.id, Card.zone]) ),
    check_choices(State0, W.choose),
    E0 = _{kind:wounds, card:W.card, amount:W.amount, source:W.source, attack:W.attack},
    replaced_effect(Ed, State0, E0, W.choose, W.get(decline, []), E),
    (   E.kind == wounds -> Dealt = E.amount ; Dealt = 0 ),
    preventions(State0, W.card, Live0, Stopped, Away),
    not_protecting(State0, W.card, Others),
    maplist(not_protected(Ed, W.card), Others),
    maplist(stopped(Ed), Stopped),
    maplist(not_in_play(Ed), Away),
    include(back_in_play, Live0, Again),
    maplist(works_again(Ed), Again),
    replacement_candidates(State0, E0, Rids),
    findall(Id, ( member(Ps, [Live0, Stopped, Away, Others]), member(P, Ps), Id = P.id ), Pids),
    append(Rids, Pids, Weighed),
    choices_apply(W.choose, Weighed),
    partition(is_spent, Live0, Spent, Live),
    (   Dealt > 0
    ->  maplist(spent(Ed), Spent),
        prevention_order(Ed, State0, W.choose, Live, Ordered),
        foldl(prevent_step(Ed), Ordered, Used, Dealt, Final)
    ;   Used = [], Final = 0
    ),
    Prevented is Dealt - Final,
    remaining_after(Live0, Used, Remaining),
    foldl(update_effect, Used, State0, State1),
    add_wounds(State1, W.card, Final, State).

%!  initial_effect(+Effect0:dict, -Effect:dict) is det.
%
%   An effect a card holds as the game starts: one with an amount to use up (`prevent`,
%   `prevent_once`) has all of it `remaining` («Неиспользованное значение сохраняется…»: what is
%   left is what it can still prevent); any other effect is as given.
%
%   @see «Эффект предотвращения может быть использован частично…» (edition A)
initial_effect(E0, E) :-
    (   memberchk(E0.type, [prevent, prevent_once])
    ->  E = E0.put(remaining, E0.amount)
    ;   E = E0
    ).


%   preventions(+State, +Target, -Live, -Stopped, -Away): prevention effects that protect Target,
%   held by cards in play (Live), by cards that left the play zone since (Stopped: «покидает
%   игровую зону»), or by cards that were never in it in the situation (Away: a card in the hand,
%   the deck, the graveyard from the start — it did not leave the play zone, it is not in it).
preventions(State, Target, Live, Stopped, Away) :-
    findall(Where-P,
            ( member(C, State.cards), member(P0, C.effects), prevention_type(P0.type),
              protects(State, C, P0.protects, Target),
              P = P0.put(_{holder:C.id, controller:C.controller, zone:C.zone}),
              (   live(C, P0) -> Where = live
              ;   left_the_play_zone(C) -> Where = stopped
              ;   Where = away
              ) ),
            Pairs),
    findall(P, member(live-P, Pairs), Live),
    findall(P, member(stopped-P, Pairs), Stopped),
    findall(P, member(away-P, Pairs), Away).

%!  applies(+Card:dict, +Effect:dict) is semidet.
%
%   Effect, held by Card, applies to the next wounds (the final state's `applies`): Card is in the
%   play zone, Effect did not end when Card left it (live/2: «Если карта – источник эффекта
%   предотвращения покидает игровую зону…»; a static `prevent_each` works again once Card is back)
%   and has not used up its amount.
applies(C, E) :- live(C, E), \+ is_spent(E).
live(C, E) :- in_play(C.zone), E.get(left_play, false) \== true.

%   not_protecting(+State, +Target, -Ps): prevention effects of cards in play that protect only
%   their controller's cards (`protects: own`, «когда ваше существо получает раны») while Target is
%   another player's card; each with where the scenario gives it (`card_at`, `effect_at`: the
%   indexes of cards[i].effects[j]).
not_protecting(State, Target, Ps) :-
    state_card(State, Target, T),
    findall(P, ( nth0(CI, State.cards, C), in_play(C.zone), C.controller \== T.controller,
                 nth0(EI, C.effects, P0), prevention_type(P0.type), P0.get(protects, self) == own,
                 P = P0.put(_{holder:C.id, controller:C.controller, card_at:CI, effect_at:EI}) ),
            Ps).

% An effect that protects only its player's creatures (`protects: own`) does not protect the other
% player's creature: the scope is the card's text, not a rule. An effect the card facts give
% (kb/cards.yaml) cites the examples that quote that card (`card_text`: Габриэль's ПРИМЕР, «когда
% ваше существо получает раны»); one the scenario writes cites nothing — the input says so.
not_protected(Ed, _Target, P) :-
    requires(Ed, prevention),
    (   get_dict(card_text, P, Units) -> maplist(cite, Units) ; true ).


%!  prevention_type(?Type:atom) is nondet.
%
%   Type is the type of a prevention effect a card holds (module comment).
prevention_type(prevent).
prevention_type(prevent_once).
prevention_type(prevent_each).


%   back_in_play(+P): prevention effect P applies, and its card left the play zone since the
%   situation began (`left_since`, leaving.pl): a static ability of the new object (a `prevent_each`
%   has nothing to use up, so it did not end for good with the card, leaving:left_play_zone/4).
back_in_play(P) :- P.get(left_since, false) == true.

% A static prevention effect of a card that left the play zone and is in it again works again: the
% new object has it. No unit says so in words: the step cites nothing and says it is the engine's reading.
works_again(_Ed, _P).

% A card that left the play zone no longer prevents anything.
stopped(Ed, _P) :-
    stated(Ed, prevention_stopped).

% An effect of a card that is not in play, and never left it in the situation (so «покидает игровую
% зону» does not speak of it), does not apply: no loaded unit says so in words (A's «порождается
% постоянными способностями…» speaks of when it applies, not where its card is), so the step cites
% nothing and says it is the engine's reading.
not_in_play(_Ed, _P).

% An effect with nothing remaining applies no more: all of it was used, or what it did not use was
% lost because its text allows one use («…если повторное применение этого эффекта предотвращения
% не противоречит его тексту»).
spent(Ed, P) :-
    (   P.type == prevent_once
    ->  stated(Ed, prevented(rest_lost))
    ;   stated(Ed, prevented(rest_kept))
    ).

is_spent(P) :- has_remaining(P), P.remaining == 0.

prevent_step(Ed, P, P-Used, W0, W) :-
    (   W0 =:= 0
    ->  Used = 0, W = 0             % nothing is left to prevent: the effect is not applied
    ;   P.amount == null
    ->  prevent_all(Ed, P, W0, W), Used = W0
    ;   prevent(Ed, P, W0, W, Used)
    ).

%   prevent_all(+Ed, +P, +W0, -W): effect P, which has no amount, prevents all W0 wounds. The
%   loaded text speaks only of «Эффекты предотвращения, имеющие количественное значение…»: that one
%   without an amount prevents them all is the engine's reading (the step cites nothing).
prevent_all(_Ed, _P, _W0, 0).

%   prevent(+Ed, +P, +W0, -W, -Used): effect P prevents Used of W0 wounds: each time it is relevant
%   (a static ability), or as much as the wounds allow, the rest kept for later (or lost, when
%   its text allows one use).
prevent(Ed, P, W0, W, Used) :-
    available(P, W0, Available),
    Used is min(Available, W0),
    W is W0 - Used,
    (   P.type == prevent_each
    ->  stated(Ed, prevented(each_time))
    ;   P.type == prevent_once, Used < Available
    ->  stated(Ed, prevented(rest_lost))
    ;   Used < Available
    ->  stated(Ed, prevented(rest_kept))
    ;   P.type == prevent, number(P.remaining), number(P.amount), P.remaining < P.amount
    ->  % what it prevents now is the rest kept from an earlier use («ещё 2 раны она может
        % предотвратить от следующей атаки»)
        stated(Ed, prevented(rest_kept))
    ;   stated(Ed, prevented(all_used))
    ).

%   available(+P, +W0, -A): what P can prevent of W0 wounds: its amount (each time), or what remains
%   of it; all of them for an effect without an amount.
available(P, W0, A) :-
    (   P.type == prevent_each -> A0 = P.amount ; A0 = P.remaining ),
    (   A0 == null -> A = W0 ; A = A0 ).

%   remaining_after(+Live, +Used, -Remaining): what is left of every effect with an amount that
%   protects the card, used now or not.
remaining_after(Live, Used, Remaining) :-
    include(has_remaining, Live, Counted),
    maplist(left_pair(Used), Counted, Pairs),
    dict_pairs(Remaining, _, Pairs).

% An effect with an amount to use up (not a static ability, not a replacement effect).
%!  has_remaining(+Effect:dict) is semidet.
%
%   Effect has an amount to use up (`prevent`, `prevent_once`: «Неиспользованное значение
%   сохраняется…»), unlike a static ability (`prevent_each`).
has_remaining(P) :- memberchk(P.type, [prevent, prevent_once]).

left_pair(Used, P, Id-Left) :-
    Id = P.id,
    (   member(Q-U, Used), Q.id == P.id -> true ; U = 0 ),
    left(P, U, Left).

left(P, U, Left) :-
    (   P.type == prevent_once, U > 0 -> Left = 0
    ;   P.remaining == null -> Left = null
    ;   Left is P.remaining - U
    ).

update_effect(P-U, State0, State) :-
    (   P.type \== prevent_each
    ->  left(P, U, Left),
        maplist(update_card_effect(P.holder, P.id, Left), State0.cards, Cards),
        State = State0.put(cards, Cards)
    ;   State = State0
    ).

update_card_effect(Holder, Id, Left, C0, C) :-
    (   C0.id == Holder
    ->  maplist(set_remaining(Id, Left), C0.effects, Es),
        C = C0.put(effects, Es)
    ;   C = C0
    ).

set_remaining(Id, Left, E0, E) :-
    (   E0.id == Id -> E = E0.put(remaining, Left) ; E = E0 ).

add_wounds(State0, CardId, N, State) :-
    maplist(add_card_wounds(CardId, N), State0.cards, Cards),
    State = State0.put(cards, Cards).

add_card_wounds(Id, N, C0, C) :-
    (   C0.id == Id -> W is C0.wounds + N, C = C0.put(wounds, W) ; C = C0 ).

%!  apply_effect(+Edition:atom, +Effect:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   An effect other than wounds is about to execute (`_{card, kind, amount, source, choose}`, for
%   instance the regeneration of a card); Result is the effect that executes after replacement
%   effects: `_{kind:Kind, amount:N, card:Card}`.
%
%   @see 516.1 (edition A): «Большой кулак может вместо Регенерации 4 излечить других существ…»
apply_effect(Ed, E0, State, State, Result) :-
    state_card(State, E0.card, _),
    check_choices(State, E0.choose),
    Effect = _{kind:E0.kind, card:E0.card, amount:E0.amount, source:E0.source, attack:null},
    replacement_candidates(State, Effect, Weighed),
    choices_apply(E0.choose, Weighed),
    replaced_effect(Ed, State, Effect, E0.choose, E0.get(decline, []), E),
    (   nothing_replaces(State, Effect)
    ->  unreplaced(Effect)
    ;   true
    ),
    Result = _{kind:E.kind, amount:E.amount, card:E.card}.

% No replacement effect applies: the effect executes as it is. No loaded unit says so in words (the
% units on replacement speak of an effect that is replaced): the engine's reading, uncited.
unreplaced(_).
