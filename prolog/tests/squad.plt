:- encoding(utf8).
/*  plunit tests of rules/squad.pl: bringing cards into the squad (edition A, «Взятие карт в отряд.»,
    517.3, 517.4, 517.6, 517.6.1). Expected values are worked from the quoted text.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module('../engine/explain').
:- use_module('../rules/squad').
:- use_module(helpers).

:- begin_tests(squad).

bring(Card, How, Extra, B) :-
    B0 = _{card:Card, how:How, player:p1, found:true, wanted:true, triggered:false, skip:false,
           from:null, face_up:null, under:null},
    B = B0.put(Extra).

one(Fields, S) :- card(Fields, C), state([C], S).

% 517.3: «Правила вызова по умолчанию: 1) из своей колоды; 2) в открытом виде; 3) под своим
% контролем.» «Колода перемешивается в любом случае после просмотра колоды…»
test(summon, [true(R =@= _{performed:true, controller:p1, zone:battle, deck_shuffled:true, face_up:true})]) :-
    one(_{id:c, zone:deck}, S0), bring(c, summon, _{}, B), bring_into_squad('A', B, S0, _, R).

% «Если игрок не нашёл (или не захотел найти) в колоде вызываемой карты, то заявка отменяется.
% Колода перемешивается в любом случае…»
test(summon_not_found, [true(P-Sh == false-true)]) :-
    one(_{id:c, zone:deck}, S0), bring(c, summon, _{found:false}, B),
    bring_into_squad('A', B, S0, _, R), P = R.performed, Sh = R.deck_shuffled.

% «…игрок может пропустить эту срабатывающую особенность, как будто у него нет в колоде данной
% карты»: skipped, the deck not looked through (not shuffled).
test(triggered_summon_skipped, [true(P-Sh == false-false)]) :-
    one(_{id:c, zone:deck}, S0), bring(c, summon, _{triggered:true, skip:true}, B),
    bring_into_squad('A', B, S0, _, R), P = R.performed, Sh = R.deck_shuffled.

% … only a triggered one.
test(only_a_triggered_summon_is_skipped, [throws(error(no_effect(skip, _), _))]) :-
    one(_{id:c, zone:deck}, S0), bring(c, summon, _{skip:true}, B),
    bring_into_squad('A', B, S0, _, _).

% 517.4: «Правила возрождения по умолчанию: 1) со своего кладбища…» — the card's text may say
% otherwise: from the opponent's graveyard, under p1's control.
test(revive_from_the_opponents_graveyard, [true(C-Rule == p1-from_own_graveyard)]) :-
    one(_{id:c, controller:p2, zone:graveyard}, S0), bring(c, revive, _{from:p2}, B),
    once(prove(squad:bring_into_squad('A', B, S0, _, R), P)), C = R.controller,
    step_nodes(P, default_overridden, [N]), Rule = N.inputs.rule.

% «Игрок, разыгравший карту, становится игроком, контролирующим эту карту» — a card whose owner is
% not named is its controller's.
test(play_from_the_hand, [true(P-C == true-p1)]) :-
    one(_{id:c, zone:hand}, S0), bring(c, play, _{}, B),
    bring_into_squad('A', B, S0, _, R), P = R.performed, C = R.controller.

test(play_a_card_not_in_the_hand, [true(P == false)]) :-
    one(_{id:c, zone:deck}, S0), bring(c, play, _{}, B),
    bring_into_squad('A', B, S0, _, R), P = R.performed.

% «Взять карту под контроль – это стать игроком, контролирующим эту карту…»; «Если в результате
% какого-либо эффекта вы потеряли контроль над картой, то ваш противник автоматически становится
% игроком, контролирующим эту карту.»; «…не может быть взята в отряд противника, то вы продолжаете
% контролировать эту карту…»
test(take_and_lose_control, [true(C1-C2-C3 == p1-p2-p1)]) :-
    one(_{id:c, controller:p2}, S0), bring(c, take_control, _{}, B),
    bring_into_squad('A', B, S0, S1, R1), C1 = R1.controller,
    lose_control('A', _{card:c, can_join_opponent:true}, S1, _, R2), C2 = R2.controller,
    lose_control('A', _{card:c, can_join_opponent:false}, S1, _, R3), C3 = R3.controller.

% 517.6: «Создать карту - это положить в игру карту…»; 517.6.1: «После окончания партии необходимо
% убрать из колоды все созданные карты.»
test(create_and_remove, [true(P-Removed == true-[c])]) :-
    one(_{id:c, zone:outside}, S0), bring(c, create, _{}, B),
    bring_into_squad('A', B, S0, S1, R), P = R.performed,
    end_of_game('A', _{}, S1, _, E), Removed = E.removed.

test(b_has_no_bringing_into_the_squad, [throws(error(unsupported(bring_into_squad, 'B', _), _))]) :-
    one(_{id:c, zone:deck}, S0), bring(c, summon, _{}, B), bring_into_squad('B', B, S0, _, _).

% «Взять карту под контроль – это стать игроком, контролирующим эту карту (одновременно с этим
% противник перестаёт контролировать карту).» — the controller changes, nothing else: a card of p2
% in the play zone outside the battle zone, face down, stays there, face down, under p1's control.
test(taking_control_does_not_move_the_card, [true(R-Z-F =@= _{performed:true, controller:p1, zone:play, deck_shuffled:false, face_up:false}-play-false)]) :-
    one(_{id:c, controller:p2, zone:play, face_up:false}, S0), bring(c, take_control, _{}, B),
    bring_into_squad('A', B, S0, S, R), S.cards = [C], Z = C.zone, F = C.face_up.

% «Взять карту под контроль – это стать игроком, контролирующим эту карту»: A's loaded text has no
% rule on a formation, so what a change of controller does to one it does not say: taking (or
% losing) control of p2's card in formation, holding «Опыт в защите 1» in formation, is refused.
test(taking_control_of_a_card_in_formation_is_refused,
     [throws(error(impossible(_), refusal(control_of_a_formation, [c, 'A'])))]) :-
    formation_card(S0), bring(c, take_control, _{}, B),
    bring_into_squad('A', B, S0, _, _).
test(losing_control_of_a_card_in_formation_is_refused,
     [throws(error(impossible(_), refusal(control_of_a_formation, [c, 'A'])))]) :-
    formation_card(S0),
    lose_control('A', _{card:c, can_join_opponent:true}, S0, _, _).

formation_card(S0) :-
    feature(_{name:"Строй"}, Stroy),
    feature(_{name:"Опыт в защите", value:1, own:false, while:formation, static:true}, Exp),
    card(_{id:c, controller:p2, in_formation:true, features:[Stroy, Exp]}, C0),
    card(_{id:k, controller:p2, in_formation:true}, K), state([C0, K], S0).

% 517.3: «Правила вызова по умолчанию: … 2) в открытом виде» — an event that says nothing of how
% the card lies gets it face up, and the default is cited (517.3 item 2); 517.6 «1) в открытом
% виде» likewise for a created card.
test(face_up_by_default, [true(F1-F2-Cited == true-true-true)]) :-
    one(_{id:c, zone:deck}, S0), bring(c, summon, _{}, B),
    once(prove(squad:bring_into_squad('A', B, S0, _, R), P)), F1 = R.face_up,
    ( proof_cites(P, Units), memberchk('A:517.3/item2', Units) -> Cited = true ; Cited = false ),
    one(_{id:d, zone:outside}, S1), bring(d, create, _{}, B1),
    bring_into_squad('A', B1, S1, _, R1), F2 = R1.face_up.

% «по умолчанию» is said of a summon (517.3 1)–3)), a revival (517.4 1)–3)) and a creation (517.6
% 1)–2)): a card played from the hand or taken under control has no default to change, and a
% created card comes from no deck or graveyard («положить в игру карту из списка карт в части 8»).
test(face_up_given_to_a_play_is_refused, [throws(error(no_effect(face_up, _), refusal(default_not_of_how, [face_up, play, _])))]) :-
    one(_{id:c, zone:hand}, S0), bring(c, play, _{face_up:false}, B), bring_into_squad('A', B, S0, _, _).
test(under_given_to_taking_control_is_refused, [throws(error(no_effect(under, _), _))]) :-
    one(_{id:c, controller:p2}, S0), bring(c, take_control, _{under:p2}, B), bring_into_squad('A', B, S0, _, _).
test(from_given_to_a_creation_is_refused, [throws(error(no_effect(from, _), _))]) :-
    one(_{id:c, zone:outside}, S0), bring(c, create, _{from:p1}, B), bring_into_squad('A', B, S0, _, _).

:- end_tests(squad).
