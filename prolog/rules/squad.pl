:- encoding(utf8).
:- module(squad,
          [ bring_into_squad/5,         % +Edition, +Bring, +State0, -State, -Result
            lose_control/5,             % +Edition, +Lose, +State0, -State, -Result
            end_of_game/4               % +Edition, +State0, -State, -Result
          ]).

/** <module> Bringing a card into the squad

Edition A, «Взятие карт в отряд.» (fragment 003): playing a card from the hand (309.2), 517.3
summon, 517.4 revive, taking control (and losing it), 517.6 create, 517.6.1 created cards after the
game. The loaded text of edition B has none of this.

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
:- use_module('../state/game').

explain:mechanics_module(squad).

explain:step(squad:bring_into_squad(Ed, B, _, _, Result), bring_into_squad,
             _{edition:Ed, card:B.card, how:B.how, player:B.player}, Result).
explain:step(squad:default_rule(_, How, Rule), default, _{how:How, rule:Rule}, applies).
explain:step(squad:text_overrides(_, How, Rule, Value), default_overridden, _{how:How, rule:Rule}, Value).
explain:step(squad:not_performed(_, How, Why), not_performed, _{how:How, reason:Why}, cancelled).
explain:step(squad:lose_control(Ed, L, _, _, Result), lose_control, _{edition:Ed, card:L.card}, Result).
explain:step(squad:end_of_game(Ed, _, _, Result), end_of_game, _{edition:Ed}, Result).

%!  bring_into_squad(+Edition:atom, +Bring:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   Result is `_{performed:Bool, controller:P, zone:Zone, deck_shuffled:Bool, face_up:Bool}`.
%
%   @see 517.3, 517.4, 517.6 and the unnumbered paragraphs of «Взятие карт в отряд.» (edition A)
%   @error unsupported(bring_into_squad, 'B', Detail) under edition B.
bring_into_squad('A', B, State0, State, Result) :-
    % «Взятие карты в отряд – это розыгрыш карты из руки в игровую зону, вызов карты, возрождение
    %  карты, взятие карты противника под свой контроль или создание карты.»
    cite('A:взятие-карт-в-отряд/взятие-карты-в-отряд'),
    state_card(State0, B.card, Card),
    bring('A', B.how, B, Card, Outcome),
    outcome_state(Outcome, B, Card, State0, State, Result).
bring_into_squad('B', _, _, _, _) :-
    unsupported(bring_into_squad, 'B', "the loaded text of edition B has no rules for bringing cards into the squad (A: 517)").

%   bring(+Ed, +How, +B, +Card, -Outcome): Outcome is into(Controller, FaceUp, Shuffled) or
%   cancelled(Shuffled).
bring('A', play, B, Card, Outcome) :-
    (   Card.zone == hand, Card.owner == B.player
    ->  % «Розыгрыш карты из руки в отряд осуществляется согласно 309.2. Игрок, разыгравший карту,
        %  становится игроком, контролирующим эту карту.»
        default_rule('A', play, controller_is_the_player),
        Outcome = into(B.player, true, false)
    ;   not_performed('A', play, not_in_the_players_hand),
        Outcome = cancelled(false)
    ).
bring('A', summon, B, Card, Outcome) :-
    (   B.triggered == true, B.skip == true
    ->  % «Если срабатывающая способность требует вызова из колоды определённой карты, то игрок может
        %  пропустить эту срабатывающую особенность, как будто у него нет в колоде данной карты.»
        %  The ability is skipped: the deck is not looked through, so not shuffled either.
        not_performed('A', summon, triggered_summon_skipped),
        Outcome = cancelled(false)
    ;   Card.zone == deck, Card.owner == B.from, B.found == true, B.wanted == true
    ->  rule_or_text('A', summon, from_own_deck, B.from == B.player, B.from),
        rule_or_text('A', summon, face_up, B.face_up == true, B.face_up),
        rule_or_text('A', summon, under_own_control, B.under == B.player, B.under),
        shuffled('A'),
        Outcome = into(B.under, B.face_up, true)
    ;   % «Если игрок не нашёл (или не захотел найти) в колоде вызываемой карты, то заявка
        %  отменяется. Колода перемешивается в любом случае…»
        not_performed('A', summon, not_found_or_not_wanted),
        Outcome = cancelled(true)
    ).
bring('A', revive, B, Card, Outcome) :-
    (   Card.zone == graveyard, Card.owner == B.from
    ->  rule_or_text('A', revive, from_own_graveyard, B.from == B.player, B.from),
        rule_or_text('A', revive, face_up, B.face_up == true, B.face_up),
        rule_or_text('A', revive, under_own_control, B.under == B.player, B.under),
        Outcome = into(B.under, B.face_up, false)
    ;   not_performed('A', revive, not_in_that_graveyard),
        Outcome = cancelled(false)
    ).
bring('A', take_control, B, Card, Outcome) :-
    (   in_play(Card.zone), Card.controller \== B.player
    ->  % «Взять карту под контроль – это стать игроком, контролирующим эту карту (одновременно с
        %  этим противник перестаёт контролировать карту).»
        default_rule('A', take_control, controller_changes),
        Outcome = into(B.player, Card.face_up, false)
    ;   not_performed('A', take_control, not_an_opponents_card_in_play),
        Outcome = cancelled(false)
    ).
bring('A', create, B, Card, Outcome) :-
    (   Card.zone == outside
    ->  rule_or_text('A', create, face_up, B.face_up == true, B.face_up),
        rule_or_text('A', create, under_own_control, B.under == B.player, B.under),
        Outcome = into(B.under, B.face_up, false)
    ;   not_performed('A', create, already_in_the_game),
        Outcome = cancelled(false)
    ).

%   rule_or_text(+Ed, +How, +Rule, :IsDefault, +Value): the default rule applies, or the card's text
%   gives another value (the default is «по умолчанию»: the text may change it).
rule_or_text(Ed, How, Rule, IsDefault, Value) :-
    (   call(IsDefault)
    ->  default_rule(Ed, How, Rule)
    ;   text_overrides(Ed, How, Rule, Value)
    ).

text_overrides('A', How, Rule, _Value) :-
    rule_cited(How, Rule).

rule_cited(summon, Rule) :- summon_rule(Rule).
rule_cited(revive, Rule) :- revive_rule(Rule).
rule_cited(create, Rule) :- create_rule(Rule).

default_rule('A', play, controller_is_the_player) :-
    cite('A:взятие-карт-в-отряд/розыгрыш-карты-из-руки').
default_rule('A', summon, Rule) :- summon_rule(Rule).
default_rule('A', revive, Rule) :- revive_rule(Rule).
default_rule('A', take_control, controller_changes) :-
    cite('A:517.4/взять-карту-под-контроль').
default_rule('A', create, Rule) :- create_rule(Rule).

summon_rule(from_own_deck) :- cite('A:517.3/item1').      % 1) из своей колоды
summon_rule(face_up) :- cite('A:517.3/item2').            % 2) в открытом виде
summon_rule(under_own_control) :- cite('A:517.3/item3').  % 3) под своим контролем
revive_rule(from_own_graveyard) :- cite('A:517.4/item1'). % 1) со своего кладбища
revive_rule(face_up) :- cite('A:517.4/item2').
revive_rule(under_own_control) :- cite('A:517.4/item3').
create_rule(face_up) :- cite('A:517.6/item1').            % 1) в открытом виде
create_rule(under_own_control) :- cite('A:517.6/item2').  % 2) под своим контролем

shuffled('A') :-
    % «Колода перемешивается в любом случае после просмотра колоды, вызвал игрок или нет.»
    cite('A:517.3/просмотр-колоды-на-предмет').

not_performed('A', summon, triggered_summon_skipped) :-
    cite('A:517.3/если-срабатывающая-способность-требует').
not_performed('A', summon, not_found_or_not_wanted) :-
    cite('A:517.3/просмотр-колоды-на-предмет').
not_performed('A', play, not_in_the_players_hand) :-
    cite('A:взятие-карт-в-отряд/розыгрыш-карты-из-руки').
not_performed('A', revive, not_in_that_graveyard) :-
    % 517.4: «Возродить карту – это извлечь её с кладбища и поместить в игровую зону.»
    cite('A:517.4').
not_performed('A', take_control, not_an_opponents_card_in_play) :-
    cite('A:517.4/взять-карту-под-контроль').
not_performed('A', create, already_in_the_game) :-
    % 517.6: «Создать карту - это положить в игру карту из списка карт в части 8.»
    cite('A:517.6').

outcome_state(into(Controller, FaceUp, Shuffled), B, Card, State0, State,
              _{performed:true, controller:Controller, zone:battle, deck_shuffled:Shuffled, face_up:FaceUp}) :-
    (   B.how == create -> Created = true ; Created = Card.created ),
    Card1 = Card.put(_{zone:battle, controller:Controller, face_up:FaceUp, created:Created}),
    replace_card(State0, Card1, State).
outcome_state(cancelled(Shuffled), _, Card, State, State,
              _{performed:false, controller:Card.controller, zone:Card.zone, deck_shuffled:Shuffled,
                face_up:Card.face_up}).

replace_card(State0, Card, State) :-
    maplist(swap_card(Card), State0.cards, Cards),
    State = State0.put(cards, Cards).

swap_card(Card, C, D) :-
    (   C.id == Card.id -> D = Card ; D = C ).

%!  lose_control(+Edition:atom, +Lose:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   The controller of Lose.card loses control of it. Result is `_{controller:P, changed:Bool}`.
%
%   @see the paragraphs after 517.4 (edition A)
lose_control('A', L, State0, State, _{controller:Controller, changed:Changed}) :-
    state_card(State0, L.card, Card),
    opponent(Card.controller, Other),
    (   L.can_join_opponent == true
    ->  % «Если в результате какого-либо эффекта вы потеряли контроль над картой, то ваш противник
        %  автоматически становится игроком, контролирующим эту карту.»
        cite('A:517.4/взять-карту-под-контроль'),
        Controller = Other, Changed = true,
        replace_card(State0, Card.put(controller, Other), State)
    ;   % «Если вы потеряли контроль над картой, но это карта по какой-либо причине не может быть
        %  взята в отряд противника, то вы продолжаете контролировать эту карту…»
        cite('A:517.4/если-вы-потеряли-контроль'),
        Controller = Card.controller, Changed = false,
        State = State0
    ).
lose_control('B', _, _, _, _) :-
    unsupported(lose_control, 'B', "the loaded text of edition B has no rules for control of cards (A: 517)").

%!  end_of_game(+Edition:atom, +State0:dict, -State:dict, -Result:dict) is det.
%
%   After the game every created card is taken out, wherever it is. Result is `_{removed:[Id, …]}`.
%
%   @see 517.6.1 (edition A)
end_of_game('A', State0, State, _{removed:Removed}) :-
    % 517.6.1: «После окончания партии необходимо убрать из колоды все созданные карты.»
    cite('A:517.6.1'),
    partition(is_created, State0.cards, Created, Kept),
    maplist(get_id, Created, Removed),
    State = State0.put(cards, Kept).
end_of_game('B', _, _, _) :-
    unsupported(end_of_game, 'B', "the loaded text of edition B has no rules for created cards (A: 517.6.1)").

is_created(C) :- C.created == true.
get_id(C, C.id).
