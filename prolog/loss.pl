:- encoding(utf8).
:- module(loss,
          [ lose_features/5,            % +Edition, +Loss, +State0, -State, -Result
            lift_markers/5,             % +Edition, +When, +State0, -State, -Lifted
            end_of_battle/4,            % +Edition, +State0, -State, -Result
            zone_change/5               % +Edition, +Move, +State0, -State, -Result
          ]).

/** <module> Loss of features and suppression markers

Edition B, 540 «Потеря особенностей» (fragment 004): 540.1 the two kinds, 540.2 losing all
features (own ones only; losing Строй loses what depends on it), 540.3 suppression and its marker,
540.3.1 when the marker goes, 540.4 losing one feature (own: suppressed; acquired: removed, or
suppressed when a static feature would give it back at once — Горный Великан), 540.5 only cards in
the battle zone, and a card that changes zone gets its features back only after the triggers of the
move (Степной Волколак). The loaded text of edition A has no 540.

A loss is `_{card:Id, which:all|Name, duration:end_of_turn|end_of_battle|null, anywhere:Bool}`;
a move is `_{card:Id, to:Zone}`. A suppressed feature has `suppressed:true` and `marker:Until`.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(explain).
:- use_module(game).

explain:mechanics_module(loss).

explain:step(loss:lose_features(Ed, L, _, _, Result), lose_features,
             _{edition:Ed, card:L.card, which:L.which, duration:L.duration}, Result).
explain:step(loss:loss_of(_, _, F, _, How), feature_lost,
             _{name:F.name, value:F.value, own:F.own, static:F.static}, How).
explain:step(loss:marker_period(_, D, Until), marker_period, _{duration:D}, Until).
explain:step(loss:outside_battle_zone(_, CardId, Zone), not_in_battle_zone, _{card:CardId, zone:Zone}, unaffected).
explain:step(loss:formation_lost(_, CardId, Names), formation_features_lost, _{card:CardId}, Names).
explain:step(loss:lift_markers(_, When, _, _, Lifted), markers_lifted, _{when:When}, Lifted).
explain:step(loss:trigger_fires(_, CardId, F, Fires), trigger, _{card:CardId, feature:F.name, suppressed:F.suppressed}, Fires).
explain:step(loss:zone_change(Ed, M, _, _, Result), zone_change, _{edition:Ed, card:M.card, to:M.to}, Result).

%!  lose_features(+Edition:atom, +Loss:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   Result is `_{suppressed:[Name, …], removed:[Name, …]}`.
%
%   @see 540.1–540.5 (edition B)
%   @error unsupported(loss_of_features, 'A', Detail) under edition A.
lose_features('B', L, State0, State, _{suppressed:Suppressed, removed:Removed}) :-
    % 540.1: «Потеря особенностей делится на два типа…»
    cite('B:540.1'),
    state_card(State0, L.card, Card),
    (   Card.zone \== battle, L.anywhere \== true
    ->  outside_battle_zone('B', Card.id, Card.zone),
        Suppressed = [], Removed = [], State = State0
    ;   marker_period('B', L.duration, Until),
        foldl(lose_one('B', L.which, Until), Card.features, Kept0, acc([], []), acc(S0, R0)),
        append(Kept0, Kept1),
        (   member(F, Kept1), F.own == true, F.key == 'строй', F.suppressed == true,
            member(G, Kept1), G.while == formation
        ->  partition(tied_to_formation, Kept1, Tied, Kept),
            maplist(get_name, Tied, TiedNames),
            formation_lost('B', Card.id, TiedNames)
        ;   Kept = Kept1, TiedNames = []
        ),
        Suppressed = S0,
        append(R0, TiedNames, Removed),
        replace_card(State0, Card.put(features, Kept), State)
    ).
lose_features('A', _, _, _, _) :-
    unsupported(loss_of_features, 'A', "the loaded text of edition A has no rules for the loss of features (B: 540)").

lose_one(Ed, Which, Until, F, Kept, acc(S0, R0), acc(S, R)) :-
    (   affected(Which, F)
    ->  loss_of(Ed, Which, F, Until, How),
        (   How == suppressed
        ->  Kept = [F.put(_{suppressed:true, marker:Until})],
            append(S0, [F.name], S), R = R0
        ;   Kept = [], S = S0,
            append(R0, [F.name], R)
        )
    ;   Kept = [F], S = S0, R = R0
    ).

affected(all, F) :- F.own == true, F.suppressed == false.
affected(Which, F) :- Which \== all, feature_key(Which, Key), F.key == Key, F.suppressed == false.

%   loss_of(+Ed, +Which, +Feature, +Until, -How): suppressed or removed, citing why.
loss_of('B', all, _F, _Until, suppressed) :-
    % 540.2: «…она лишается всех своих собственных особенностей, но не приобретённых…»
    cite('B:540.2'),
    % 540.3: «…каждая собственная потерянная особенность подавляется…»
    cite('B:540.3').
loss_of('B', Which, F, _Until, How) :-
    Which \== all,
    (   F.own == true
    ->  % 540.4: «● собственная особенность подавляется, как это описано в п. 540.3»
        cite('B:540.4/item1'),
        cite('B:540.3'),
        How = suppressed
    ;   F.static == true
    ->  % 540.4: «○ подавляется подобно постоянной особенности, если источник приобретенной
        %  особенности – постоянная особенность этой или другой карты…»
        cite('B:540.4/item2.2'),
        How = suppressed
    ;   % 540.4: «○ удаляется с карты (снимается соответствующий эффект), не возвращается…»
        cite('B:540.4/item2.1'),
        How = removed
    ).

% 540.3.1: «Если период не указан, особенность считается потерянной до конца боя…»
marker_period('B', D, Until) :-
    (   D == null
    ->  cite('B:540.3.1'),
        Until = end_of_battle
    ;   cite('B:540.3.1'),
        Until = D
    ).

% 540.5: «Если не сказано иного, лишение особенностей действует только на карты, расположенные в
% зоне битвы…»
outside_battle_zone('B', _CardId, _Zone) :-
    cite('B:540.5').

% 540.2: «Например, потеря Строя приводит к потере всех приобретенных особенностей, связанных со строем.»
formation_lost('B', _CardId, _Names) :-
    cite('B:540.2/ex1').

tied_to_formation(F) :- F.own == false, F.while == formation.
get_name(F, F.name).

%!  lift_markers(+Edition:atom, +When:atom, +State0:dict, -State:dict, -Lifted:list) is det.
%
%   Every suppression marker whose period ends When (`end_of_turn`, `end_of_battle`) is removed
%   and its feature works again. Lifted names the features, as `Card/Name` atoms.
%
%   @see 540.3.1 (edition B)
lift_markers(Ed, When, State0, State, Lifted) :-
    foldl(lift_card(When), State0.cards, Cards, [], Lifted),
    State = State0.put(cards, Cards),
    (   Lifted \== [], Ed == 'B'
    ->  % 540.3.1: «Маркер подавления … удаляется, когда заканчивается период действия эффекта
        %  лишения особенности, после чего особенность снова начинает влиять на игру.»
        cite('B:540.3.1')
    ;   true
    ).

lift_card(When, C0, C, L0, L) :-
    foldl(lift_feature(When, C0.id), C0.features, Fs, L0, L),
    C = C0.put(features, Fs).

lift_feature(When, CardId, F0, F, L0, L) :-
    (   F0.suppressed == true, F0.marker == When
    ->  F = F0.put(_{suppressed:false, marker:null}),
        format(atom(Name), "~w/~w", [CardId, F0.name]),
        append(L0, [Name], L)
    ;   F = F0, L = L0
    ).

%!  end_of_battle(+Edition:atom, +State0:dict, -State:dict, -Result:dict) is det.
%
%   The battle ends: markers «до конца боя» go. Result is `_{lifted:[…]}`.
end_of_battle(Ed, State0, State, _{lifted:Lifted}) :-
    lift_markers(Ed, end_of_battle, State0, State, Lifted).

%!  zone_change(+Edition:atom, +Move:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   Move.card goes to zone Move.to. Features triggered by the move (a `trigger: death` feature when
%   a card goes from the battle zone to the graveyard) fire unless suppressed; then, under B, the
%   card's suppression markers go (540.5). Result is `_{zone:To, triggered:[…], restored:[…]}`.
%
%   @see 540.5 (edition B); 517.6.1 (edition A, created cards)
zone_change(Ed, M, State0, State, _{zone:M.to, triggered:Fired, restored:Restored}) :-
    state_card(State0, M.card, Card),
    (   Card.created == true, Ed == 'A'
    ->  % 517.6.1: «Созданные карты в течение игры могут переходить в разные зоны…»
        cite('A:517.6.1')
    ;   true
    ),
    (   memberchk(Card.zone, [battle, play]), M.to == graveyard
    ->  include(has_trigger(death), Card.features, Triggers),
        foldl(fire(Ed, Card.id), Triggers, [], Fired)
    ;   Fired = []
    ),
    (   Ed == 'B', member(F, Card.features), F.suppressed == true, F.marker \== null
    ->  % 540.5: «…при переносе карты в другую игровую зону лишение прекращает действовать после
        %  выполнения всех срабатывающих особенностей, связанных с переносом карты в новую зону.»
        cite('B:540.5'),
        maplist(unmark, Card.features, Fs),
        findall(N, ( member(G, Card.features), G.suppressed == true, G.marker \== null, N = G.name ), Restored)
    ;   Fs = Card.features, Restored = []
    ),
    replace_card(State0, Card.put(_{zone:M.to, features:Fs}), State).

has_trigger(T, F) :- F.trigger == T.

fire(Ed, CardId, F, Fired0, Fired) :-
    trigger_fires(Ed, CardId, F, Fires),
    (   Fires == true -> append(Fired0, [F.name], Fired) ; Fired = Fired0 ).

trigger_fires(Ed, _CardId, F, Fires) :-
    (   F.suppressed == true
    ->  (   Ed == 'B'
        ->  % 540.5, ПРИМЕР 1: «…Свой особый удар Степной Волколак не нанесёт.»
            cite('B:540.5/ex1')
        ;   true
        ),
        Fires = false
    ;   Fires = true
    ).

unmark(F0, F) :-
    (   F0.suppressed == true, F0.marker \== null
    ->  F = F0.put(_{suppressed:false, marker:null})
    ;   F = F0
    ).

replace_card(State0, Card, State) :-
    maplist(swap_card(Card), State0.cards, Cards),
    State = State0.put(cards, Cards).

swap_card(Card, C, D) :-
    (   C.id == Card.id -> D = Card ; D = C ).
