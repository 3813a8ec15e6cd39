:- encoding(utf8).
:- module(squad,
          [ bring_into_squad/5,         % +Edition, +Bring, +State0, -State, -Result
            lose_control/5,             % +Edition, +Lose, +State0, -State, -Result
            end_of_game/5               % +Edition, +Event, +State0, -State, -Result
          ]).

/** <module> Bringing a card into the squad

Section bring_into_squad; the rules and the units that state them are edition data
(editions/a.pl: «Взятие карт в отряд.», fragment 003): playing a card from the hand (309.2), 517.3
summon, 517.4 revive, taking control (and losing it), 517.6 create, 517.6.1 created cards after the
game. The loaded text of edition B has none of this: under B these events are `unsupported`.

A bring event is `_{card:Id, how:play|summon|revive|take_control|create, player:P, found:Bool,
wanted:Bool, triggered:Bool, skip:Bool, from:P, face_up:Bool, under:P}`: `from`, `face_up` and
`under` are the deck or graveyard it comes from, how it lies and who controls it — «по умолчанию»
the player's own, face up, the player (517.3, 517.4, 517.6); a card's text may say otherwise.
Cards have `owner` (whose deck, hand and graveyard they are in), `zone`, `controller`, `face_up`,
`created`.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../engine/undo').
:- use_module('../state/game').
:- use_module('../editions/editions').
:- use_module(features, []).
:- use_module(formation, [formation_bound/2]).

explain:mechanics_module(squad).

explain:step(squad:bring_into_squad(Ed, B, _, _, Result), bring_into_squad,
             _{edition:Ed, card:B.card, how:B.how, player:B.player}, Result).
%   A card taken under control keeps where it lies and how («Взять карту под контроль – это стать
%   игроком, контролирующим эту карту», 517: bring/5 for take_control): its listed zone and face up
%   are copied into the result.
undo:result_input(bring_into_squad, Key, Body, [card, Card, Key], true) :-
    memberchk(Key, [zone, face_up]), Body.get(how) == take_control, given(Body, card), Card = Body.card.

explain:step(squad:default_rule(_, How, Rule), default, _{how:How, rule:Rule, decides:Key}, applies) :-
    decides(Rule, Key).
explain:step(squad:text_overrides(_, How, Rule, Value), default_overridden, _{how:How, rule:Rule, decides:Key}, Value) :-
    decides(Rule, Key).
explain:step(squad:not_performed(_, How, Why0), not_performed,
             _{how:How, reason:Why, zone:Zone, decides:[performed, controller, zone, face_up]}, cancelled) :-
    reason_where(Why0, Why, Zone).
% «Взять карту под контроль – это стать игроком, контролирующим эту карту»: the controller changes,
% so the rule decides too that where the card lies and how (zone, face_up) stay as they were
explain:step(squad:control_taken(_, Player), control_taken,
             _{player:Player, decides:[controller, performed, zone, face_up]}, Player).
explain:step(squad:not_taken_out_of_play(Zone), take_control_not_in_play,
             _{zone:Zone, decides:[performed, controller, zone, face_up]}, cancelled).
explain:uncited_step(take_control_not_in_play).
explain:step(squad:kept_out_of_play(Zone), lose_control_not_in_play,
             _{zone:Zone, decides:[controller, changed]}, kept).
explain:uncited_step(lose_control_not_in_play).
explain:step(squad:shuffled(_), deck_shuffled, _{decides:deck_shuffled}, true).
explain:step(squad:placed(_, How, Card), placed_in_play_zone,
             _{how:How, card:Card.id, zone_before:Card.zone, decides:D}, _{zone:battle}) :-
    % a summon or revival is performed as its card is where the rule takes it from (decides/2: 517.3
    % 1), 517.4 1)); a creation or a play, as the card is put into the play zone (517.6 «положить в
    % игру карту из списка карт в части 8»)
    ( memberchk(How, [summon, revive]) -> D = zone ; D = [zone, performed] ).

%   decides(?Rule, ?Keys): the parts of a bring's result (`controller`, `face_up`, `from`: the
%   deck or graveyard; `performed`) a rule of this section decides — a step's `decides` input (one
%   key or a list), which why-not reads to name the step that gives that part
%   (python/berserk_kb/explain/whynot.py): a part no step of the event decides (the deck of a
%   revival is not shuffled: no unit says it is) no paragraph decides, and why-not says so. A
%   cancelled bring (not_performed) decides that the card stays as it was; the card is found where
%   the rule takes it from (`from`), so that rule decides that the bring is performed.
decides(controller_is_the_player, controller).
decides(under_own_control, controller).
decides(face_up, face_up).
% where the card is taken from decides that the bring is performed (517.3 1) «из своей колоды»,
% 517.4 «извлечь её с кладбища», 1) «со своего кладбища»): placing it decides only the zone
decides(from_own_deck, [from, performed]).
decides(from_own_graveyard, [from, performed]).
explain:step(squad:lose_control(Ed, L, _, _, Result), lose_control, _{edition:Ed, card:L.card}, Result).
explain:step(squad:end_of_game(Ed, _, _, _, Result), end_of_game, _{edition:Ed}, Result).
explain:step(squad:removed_elsewhere(_, Ids), created_removed_elsewhere, _{cards:Ids}, removed).
explain:uncited_step(created_removed_elsewhere).

%!  bring_into_squad(+Edition:atom, +Bring:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   Result is `_{performed:Bool, controller:P, zone:Zone, deck_shuffled:Bool, face_up:Bool}`.
%
%   @see 517.3, 517.4, 517.6 and the unnumbered paragraphs of «Взятие карт в отряд.» (edition A)
%   @error unsupported(bring_into_squad, Ed, Detail) when edition Ed's data states no bring_into_squad.
%   @error no_effect(skip, Why) for a skipped summon that is not triggered.
%   @error no_effect(Field, Why) for `from`, `face_up` or `under` given to a kind of bring the
%          edition states no such default for (default_of_how/3).
%   @error impossible(Text) for taking control of a card bound to a formation (control_changed/5).
bring_into_squad(Ed, B0, State0, State, Result) :-
    stated(Ed, bring_into_squad),
    state_card(State0, B0.card, Card0),
    with_defaults(Ed, B0, Card0, B, Card),
    bring(B.how, Ed, B, Card, Outcome),
    outcome_state(Outcome, Ed, B, Card, State0, State, Result).

%   with_defaults(+Ed, +B0, +Card0, -B, -Card): what the event and the card leave unsaid, by
%   default: the deck or graveyard (`from`) is the player's own, the card lies face up (`face_up`)
%   and comes under the player's control (`under`) — the defaults of 517.3, 517.4, 517.6, which
%   rule_or_text/5 cites when it applies them; a card given no `owner` is its controller's at the
%   start of the situation (scenario.pl's initial_card; cited here: owner_is_the_controller).
with_defaults(Ed, B0, Card0, B, Card) :-
    forall(member(Field, [from, face_up, under]), default_of_how(Ed, B0, Field)),
    (   B0.from == null -> From = B0.player ; From = B0.from ),
    (   B0.get(face_up, null) == null -> FaceUp = true ; FaceUp = B0.face_up ),
    (   B0.under == null -> Under = B0.player ; Under = B0.under ),
    B = B0.put(_{from:From, face_up:FaceUp, under:Under}),
    (   ( Card0.owner == null ; Card0.get(owned_by_default) == true )
    ->  stated(Ed, owner_is_the_controller)
    ;   true
    ),
    card_owner(Card0, Owner),
    Card = Card0.put(owner, Owner).

%   default_of_how(+Ed, +B, +Field): the event gives Field (`from`, `face_up`, `under`) only
%   for a kind of bring whose default for it the edition states (field_default/2: 517.3 1)–3) for
%   a summon, 517.4 1)–3) for a revival, 517.6 1)–2) for a creation; a card played from the hand
%   or taken under control has none: «по умолчанию» is said of those three); else the field
%   has no effect and is refused, naming the units that state that default.
default_of_how(Ed, B, Field) :-
    (   B.get(Field, null) == null
    ->  true
    ;   field_default(Field, Rule), has_rule(Ed, default(B.how, Rule))
    ->  true
    ;   findall(U, ( field_default(Field, Rule), rule_units(Ed, default(_, Rule), Us), member(U, Us) ), Units),
        atomic_list_concat(Units, ', ', Where),
        said(default_not_of_how, Why, "~w is not a default of a bring with how: ~w (it is the default of ~w)",
             [Field, B.how, Where]),
        no_effect(Field, Why)
    ).

%   field_default(?Field, ?Rule): the default rule (`default(How, Rule)` in the edition data)
%   that gives the bring event's Field when the event leaves it unsaid.
field_default(from, from_own_deck).
field_default(from, from_own_graveyard).
field_default(face_up, face_up).
field_default(under, under_own_control).

%   bring(+How, +Ed, +B, +Card, -Outcome): Outcome is into(Controller, FaceUp, Shuffled) (the card
%   comes into the play zone), control(Controller) (only its controller changes) or
%   cancelled(Shuffled).
bring(play, Ed, B, Card, Outcome) :-
    (   Card.zone == hand, Card.owner == B.player
    ->  % the player who plays the card from the hand controls it
        default_rule(Ed, play, controller_is_the_player),
        Outcome = into(B.player, true, false)
    ;   not_performed(Ed, play, not_in_the_players_hand),
        Outcome = cancelled(false)
    ).
bring(summon, Ed, B, Card, Outcome) :-
    (   B.skip == true, B.triggered \== true
    ->  only_a_triggered_summon_is_skipped(Ed, Card)
    ;   B.triggered == true, B.skip == true
    ->  % the triggered ability is skipped: the deck is not looked through, so not shuffled either
        not_performed(Ed, summon, triggered_summon_skipped),
        Outcome = cancelled(false)
    ;   Card.zone == deck, Card.owner == B.from, B.found == true, B.wanted == true
    ->  rule_or_text(Ed, summon, from_own_deck, B.from == B.player, B.from),
        rule_or_text(Ed, summon, face_up, B.face_up == true, B.face_up),
        rule_or_text(Ed, summon, under_own_control, B.under == B.player, B.under),
        shuffled(Ed),
        Outcome = into(B.under, B.face_up, true)
    ;   % not found (or not wanted): cancelled; the deck is shuffled anyway. A card in another
        % player's deck is not found by «из своей колоды» (517.3 1)): that default decides it
        from_decides(Ed, summon, from_own_deck, deck, B, Card),
        not_performed(Ed, summon, not_found_or_not_wanted),
        shuffled(Ed),
        Outcome = cancelled(true)
    ).
bring(revive, Ed, B, Card, Outcome) :-
    (   Card.zone == graveyard, Card.owner == B.from
    ->  rule_or_text(Ed, revive, from_own_graveyard, B.from == B.player, B.from),
        rule_or_text(Ed, revive, face_up, B.face_up == true, B.face_up),
        rule_or_text(Ed, revive, under_own_control, B.under == B.player, B.under),
        Outcome = into(B.under, B.face_up, false)
    ;   % a card on another player's graveyard: «со своего кладбища» (517.4 1)) decides it
        from_decides(Ed, revive, from_own_graveyard, graveyard, B, Card),
        not_performed(Ed, revive, not_in_that_graveyard),
        Outcome = cancelled(false)
    ).

bring(take_control, Ed, B, Card, Outcome) :-
    (   \+ in_play(Card.zone)
    ->  % no unit says which zones a card can be taken from: the engine's reading (uncited step)
        not_taken_out_of_play(Card.zone),
        Outcome = cancelled(false)
    ;   Card.controller == B.player
    ->  % «…стать игроком, контролирующим эту карту (одновременно с этим противник перестаёт
        % контролировать карту)»: the player already controls it, no opponent stops controlling it
        not_performed(Ed, take_control, already_controlled),
        Outcome = cancelled(false)
    ;   % «Взять карту под контроль – это стать игроком, контролирующим эту карту»: the
        % controller changes; where the card lies and how does not
        control_taken(Ed, B.player),
        Outcome = control(B.player)
    ).

bring(create, Ed, B, Card, Outcome) :-
    (   Card.zone == outside
    ->  rule_or_text(Ed, create, face_up, B.face_up == true, B.face_up),
        rule_or_text(Ed, create, under_own_control, B.under == B.player, B.under),
        Outcome = into(B.under, B.face_up, false)
    ;   not_performed(Ed, create, in(already_in_the_game, Card.zone)),
        Outcome = cancelled(false)
    ).

%   control_taken(+Ed, +Player): Player becomes the card's controller, the opponent stops
%   controlling it (A: «Взять карту под контроль – это стать игроком, контролирующим эту карту
%   (одновременно с этим противник перестаёт контролировать карту)»).
control_taken(Ed, _Player) :-
    stated(Ed, control_taken(take_control)).

%   kept_out_of_play(+Zone): a card in Zone, not in play, is not taken into the opponent's squad
%   when its controller loses control of it: the squad is the cards in play. 517.5 «…по какой-либо
%   причине не может быть взята в отряд противника» names no reason: the engine's reading.
kept_out_of_play(_Zone).

%   not_taken_out_of_play(+Zone): a card in Zone, not in play, is not taken under control. No loaded
%   unit says so (the definition speaks of a card the opponent controls): the engine's reading.
not_taken_out_of_play(_Zone).

% «Если срабатывающая способность требует вызова из колоды определённой карты, то игрок может
% пропустить эту срабатывающую особенность…»: only a triggered summon can be skipped.
only_a_triggered_summon_is_skipped(Ed, Card) :-
    rule_units(Ed, not_performed(summon, triggered_summon_skipped), Units),
    atomic_list_concat(Units, ', ', Where),
    said(skip_not_triggered, Why, "~w: only a triggered summon can be skipped (~w; skip needs triggered: true)", [Card.id, Where]),
    no_effect(skip, Why).

%   from_decides(+Ed, +How, +Rule, +Zone, +B, +Card): when Card lies in Zone but is not of the
%   player the bring takes it from (B.from: the default Rule, «своей», unless the event says),
%   the step of that default (or of the text that changes it) says whose Zone is looked at.
from_decides(Ed, How, Rule, Zone, B, Card) :-
    (   Card.zone == Zone, Card.owner \== B.from
    ->  rule_or_text(Ed, How, Rule, B.from == B.player, B.from)
    ;   true
    ).

%   rule_or_text(+Ed, +How, +Rule, :IsDefault, +Value): the default rule applies, or the card's text
%   gives another value (the default is «по умолчанию»: the text may change it).
rule_or_text(Ed, How, Rule, IsDefault, Value) :-
    (   call(IsDefault)
    ->  default_rule(Ed, How, Rule)
    ;   text_overrides(Ed, How, Rule, Value)
    ).

% The card's text changes a default: the default's own paragraph says it is one.
text_overrides(Ed, How, Rule, _Value) :-
    stated(Ed, default(How, Rule)).

default_rule(Ed, How, Rule) :-
    stated(Ed, default(How, Rule)).

%   placed(+Ed, +How, +Card): Card is put into the play zone, by the unit that defines How (517.3
%   «…извлечь её из колоды и поместить в игровую зону», 517.4 «…извлечь её с кладбища и поместить
%   в игровую зону», «розыгрыш карты из руки в игровую зону», 517.6 «положить в игру»). Which part
%   of the play zone no unit says: the engine puts it in the battle zone (docs/scenarios.md, "What
%   the zones mean"), and the step's sentence says that part is the scenario's, not the text's.
placed(Ed, How, _Card) :-
    stated(Ed, put_into_play_zone(How)).

% The deck is shuffled after it was looked through, summoned or not.
shuffled(Ed) :-
    stated(Ed, deck_shuffled).

not_performed(Ed, How, Why0) :-
    reason_where(Why0, Why, _),
    stated(Ed, not_performed(How, Why)).

%   reason_where(+Why0, -Why, -Zone): the reason a bring is not performed, and the zone the card is
%   in when the reason names it (`in(Why, Zone)`: a card to create that is already in the game —
%   in the hand, the deck… — 517.6 «положить в игру карту из списка карт в части 8»), else null.
reason_where(Why0, Why, Zone) :-
    ( Why0 = in(Why, Zone) -> true ; Why = Why0, Zone = null ).

outcome_state(into(Controller, FaceUp, Shuffled), Ed, B, Card, State0, State,
              _{performed:true, controller:Controller, zone:battle, deck_shuffled:Shuffled, face_up:FaceUp}) :-
    placed(Ed, B.how, Card),
    (   B.how == create -> Created = true ; Created = Card.created ),
    Card1 = Card.put(_{zone:battle, controller:Controller, face_up:FaceUp, created:Created}),
    replace_card(State0, Card1, State).
outcome_state(control(Controller), Ed, _, Card, State0, State,
              _{performed:true, controller:Controller, zone:Card.zone, deck_shuffled:false, face_up:Card.face_up}) :-
    control_changed(Ed, Card, Controller, State0, State).
outcome_state(cancelled(Shuffled), _, _, Card, State, State,
              _{performed:false, controller:Card.controller, zone:Card.zone, deck_shuffled:Shuffled,
                face_up:Card.face_up}).

%   control_changed(+Ed, +Card, +Controller, +State0, -State): Controller controls Card now; where
%   it lies does not change («Взять карту под контроль – это стать игроком, контролирующим эту
%   карту»), nor does anything else. The only edition that takes control (A) has no rule on a
%   formation (its one «строй» is the 519.3 ПРИМЕР of the attack-modifier order): what a change of
%   controller does to a formation it does not say, so the change of a card that stands in
%   formation, or gives or holds something «в строю» (formation_bound/2), is refused — no
%   edition's text on formations is borrowed, and no formation is kept or formed with the new squad.
control_changed(Ed, Card, Controller, State0, State) :-
    (   formation_bound(State0.cards, Card)
    ->  refuse(control_of_a_formation,
               "~w stands in a formation or gives or holds something in formation: the loaded text of edition ~w says nothing of what a change of controller does to a formation",
               [Card.id, Ed])
    ;   replace_card(State0, Card.put(controller, Controller), State)
    ).

%!  lose_control(+Edition:atom, +Lose:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   The controller of Lose.card loses control of it: the opponent controls it, unless it cannot
%   join the opponent's squad — the event says so, or the card is not in play (a squad is the cards
%   in play: one in a graveyard, hand or deck cannot be taken into it). Result is
%   `_{controller:P, changed:Bool}`.
%
%   @see the paragraphs after 517.4 (edition A)
%   @error unsupported(bring_into_squad, Ed, Detail) when edition Ed's data states no bring_into_squad.
%   @error impossible(Text) for a card bound to a formation (control_changed/5).
lose_control(Ed, L, State0, State, _{controller:Controller, changed:Changed}) :-
    requires(Ed, control_lost(_)),
    state_card(State0, L.card, Card),
    opponent(Card.controller, Other),
    (   L.can_join_opponent == true, in_play(Card.zone)
    ->  stated(Ed, control_lost(to_the_opponent)),
        Controller = Other, Changed = true,
        control_changed(Ed, Card, Other, State0, State)
    ;   (   in_play(Card.zone) -> true ; kept_out_of_play(Card.zone) ),
        stated(Ed, control_lost(kept)),
        Controller = Card.controller, Changed = false,
        State = State0
    ).

%!  end_of_game(+Edition:atom, +Event:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   After the game every created card is taken out, wherever it is. Event is the event's (empty)
%   dict. Result is `_{removed:[Id, …]}`.
%
%   @see 517.6.1 (edition A)
%   @error unsupported(bring_into_squad, Ed, Detail) when edition Ed's data states no bring_into_squad.
end_of_game(Ed, _Event, State0, State, _{removed:Removed}) :-
    stated(Ed, created_cards_removed),
    partition(is_created, State0.cards, Created, Kept),
    maplist(id_of, Created, Removed),
    exclude(in_the_deck, Created, Elsewhere),
    maplist(id_of, Elsewhere, ElsewhereIds),
    (   ElsewhereIds == []
    ->  true
    ;   removed_elsewhere(Ed, ElsewhereIds)
    ),
    State = State0.put(cards, Kept).

in_the_deck(C) :- C.zone == deck.

%   removed_elsewhere(+Ed, +Ids): the created cards Ids, not in the deck (in the hand, on the
%   graveyard, in play), are taken out too. The text says «убрать из колоды все созданные карты»
%   (517.6.1): that it means every zone (after a game every card goes back to the deck) is the
%   engine's reading, which no unit states — an uncited step that says so.
removed_elsewhere(_Ed, _Ids).

is_created(C) :- C.created == true.
