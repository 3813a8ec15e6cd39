:- encoding(utf8).
:- module(loss,
          [ lose_features/5,            % +Edition, +Loss, +State0, -State, -Result
            zone_change/5               % +Edition, +Move, +State0, -State, -Result
          ]).

/** <module> Loss of features and suppression markers

Section loss_of_features; the rules and the units that state them are edition data
(editions/b.pl: 540 «Потеря особенностей», fragment 004): 540.1 the two kinds, 540.2 losing all
features (own ones only; losing Строй loses what depends on it), 540.3 suppression and its marker,
540.3.1 when the marker goes (markers.pl), 540.4 losing one feature (own: suppressed; acquired: removed, or
suppressed when a static feature would give it back at once — Горный Великан), 540.5 only cards in
the battle zone unless stated, and a card that changes zone gets its features back only after the
triggers of the move (Степной Волколак). The loaded text of edition A has no 540.

A loss is `_{card:Id, which:all|Name, duration:end_of_turn|end_of_battle|null, anywhere:Bool}`.
A feature carries its suppression markers, `markers:[_{until:U, anywhere:Bool}, …]`, one per loss
still in force; it is suppressed while it has one. Own features a higher acquired one replaced are
kept inside it (`replaced`) and are lost with the other own features.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../engine/undo').
:- use_module('../state/game').
:- use_module('../editions/editions').
:- use_module(formation).
:- use_module(leaving, [left_play_zone/4]).
:- use_module(markers, [lift_feature/6]).

explain:mechanics_module(loss).

explain:step(loss:lose_features(Ed, L, _, _, Result), lose_features,
             _{edition:Ed, card:L.card, which:L.which, duration:L.duration}, Result).
% A step's `decides` names the list of the loss's result it puts its feature in (why-not reads it,
% python/berserk_kb/explain/departure.py): a feature lost goes to `suppressed` or `removed` as its
% paragraph says (540.3, 540.4 ● ○), what was tied to the lost Строй to `removed` (540.2 Например),
% and a card outside the battle zone keeps all (540.5): both lists stay empty. Moved to another zone,
% a card's death trigger fires or not (`triggered`), and the move itself ends the loss (`restored`,
% 540.5 «…при переносе карты в другую игровую зону лишение прекращает действовать…»).
explain:step(loss:loss_of(_, _, F, How), feature_lost,
             _{name:F.name, value:F.value, own:F.own, static:F.static, decides:How}, How).
explain:step(loss:acquired_kept(_, F), acquired_kept, _{name:F.name, value:F.value, decides:removed}, kept).
explain:step(loss:marker_period(_, D, Until), marker_period, _{duration:D}, Until).
explain:step(loss:outside_battle_zone(_, CardId, Zone), not_in_battle_zone,
             _{card:CardId, zone:Zone, decides:[suppressed, removed]}, unaffected).
explain:step(loss:formation_lost(_, CardId, Names), formation_features_lost, _{card:CardId, decides:removed}, Names).
explain:step(loss:move_given(Ed, CardId, To), move_given, _{card:CardId, to:To, edition:Ed}, given).
explain:uncited_step(move_given).
explain:step(loss:loss_goes_on(_, CardId, To), loss_goes_on, _{card:CardId, to:To}, true).
explain:step(loss:giver_formation_lost(_, CardId, GiverId, Names), grant_lost_with_giver,
             _{card:CardId, source:GiverId, decides:lost_grants}, Names).
explain:step(loss:trigger_fires(_, CardId, F, Fires), trigger,
             _{card:CardId, feature:F.name, suppressed:F.suppressed, decides:triggered}, Fires).
explain:step(loss:zone_change(Ed, M, _, _, Result), zone_change, _{edition:Ed, card:M.card, to:M.to, decides:restored}, Result).

%   A card moved goes to the zone `to` names (zone_change/5): the performed move copies it; the
%   zone it was listed in is where it stays when the move is not made.
undo:result_input(zone_change, zone, _, [event, to], true).
undo:result_input(zone_change, Key, Body, [card, Card, Key], false) :-
    memberchk(Key, [zone, face_up]), given(Body, card), Card = Body.card.

%!  lose_features(+Edition:atom, +Loss:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   Result is `_{suppressed:[Name, …], removed:[Name, …]}`, and `lost_grants:[CardId/Name, …]` when
%   other cards lose what the card's lost Строй gave them in formation.
%
%   @see 540.1–540.5 (edition B)
%   @error unsupported(loss_of_features, Ed, Detail) when edition Ed's data states no loss_of_features.
lose_features(Ed, L, State0, State, Result) :-
    requires(Ed, loss_of_features),
    % the paragraph of the kind of loss decides it (540.2 all features, 540.4 one)
    (   L.which == all -> stated(Ed, lost(all)) ; stated(Ed, lost(one)) ),
    state_card(State0, L.card, Card),
    (   Card.zone \== battle, L.anywhere \== true
    ->  outside_battle_zone(Ed, Card.id, Card.zone),
        Result = _{suppressed:[], removed:[]}, State = State0
    ;   ( L.duration == null -> Until = end_of_battle ; Until = L.duration ),
        Marker = _{until:Until, anywhere:L.anywhere},
        foldl(lose_one(Ed, L.which, Marker), Card.features, Kept0, acc([], []), acc(S0, R0)),
        append(Kept0, Kept1),
        (   S0 \== []
        ->  marker_period(Ed, L.duration, Until)
        ;   true
        ),
        (   holds_working(Card, 'строй'),             % this loss took Строй away
            \+ holds_working(Card.put(features, Kept1), 'строй')
        ->  StroyLost = true
        ;   StroyLost = false
        ),
        (   StroyLost == true, member(G, Kept1), G.while == formation
        ->  partition(tied_to_formation, Kept1, Tied, Kept),
            maplist(name_of, Tied, TiedNames),
            formation_lost(Ed, Card.id, TiedNames)
        ;   Kept = Kept1, TiedNames = []
        ),
        append(R0, TiedNames, Removed),
        gone_until(L.duration, R0, Card.put(features, Kept), Card1),
        replace_card(State0, Card1, State1),
        (   StroyLost == true
        ->  foldl(given_in_formation_lost(Ed, Card.id), State1.cards, Cards, [], Lost),
            State = State1.put(cards, Cards)
        ;   State = State1, Lost = []
        ),
        R1 = _{suppressed:S0, removed:Removed},     % and `lost_grants` when other cards lose some
        ( Lost == [] -> Result = R1 ; Result = R1.put(lost_grants, Lost) )
    ).

%   gone_until(+Duration, +Removed, +Card0, -Card): acquired features removed by a loss «до конца
%   хода» are noted on the card (`gone`), so that the end of turn, when the loss's period ends,
%   says they stay removed (feature_ends:end_of_turn/5, 540.4 ○ «не возвращается даже в случае,
%   если эффект… перестанет действовать»).
gone_until(Duration, Removed, Card0, Card) :-
    (   Duration == end_of_turn, Removed \== []
    ->  Card = Card0.put(gone, [Removed|Card0.get(gone, [])])
    ;   Card = Card0
    ).

%   given_in_formation_lost(+Ed, +GiverId, +Card0, -Card, +Lost0, -Lost): the giver lost its Строй:
%   what Card0 acquired from it tied to the formation goes too; Lost gains `CardId/Name` for each.
given_in_formation_lost(Ed, GiverId, Card0, Card, Lost0, Lost) :-
    (   Card0.id \== GiverId,
        partition(tied_to_formation_from(GiverId), Card0.features, Tied, Kept), Tied \== []
    ->  maplist(name_of, Tied, Names),
        giver_formation_lost(Ed, Card0.id, GiverId, Names),
        findall(CN, ( member(N, Names), format(atom(CN), "~w/~w", [Card0.id, N]) ), CNs),
        append(Lost0, CNs, Lost),
        Card = Card0.put(features, Kept)
    ;   Card = Card0, Lost = Lost0
    ).

tied_to_formation_from(GiverId, F) :- tied_to_formation(F), F.source == GiverId.

% What another card acquired from its static feature goes: B 540.4 ○ «…постоянная особенность этой
% или другой карты … (так как нарушилось условие её существования)» (540.2 «Например»: its own).
giver_formation_lost(Ed, _CardId, _GiverId, _Names) :-
    stated(Ed, condition_ended(formation)).

% 540.2 «…она лишается всех своих собственных особенностей, но не приобретённых»: losing all, an
% acquired feature stays (one held in formation may go with Строй: formation_lost/3).
acquired_kept(Ed, _F) :-
    stated(Ed, kept(acquired)).

%   lose_one(+Ed, +Which, +Marker, +F, -Kept, +Acc0, -Acc): what the loss does to F (and the own ones it replaced).
lose_one(Ed, Which, Marker, F, Kept, acc(S0, R0), acc(S, R)) :-
    (   Which == all, F.own == false, F.while \== formation
    ->  acquired_kept(Ed, F)
    ;   true
    ),
    (   affected(Which, F)
    ->  loss_of(Ed, Which, F, How),
        (   How == suppressed
        ->  mark(Ed, Which, Marker, F.replaced, Inner, InnerNames),
            Kept = [F.put(_{suppressed:true, markers:[Marker|F.markers], replaced:Inner})],
            append([S0, [F.name], InnerNames], S), R = R0
        ;   % removed: the own features it had replaced are the card's again — and lost if they match
            maplist(unhide, F.replaced, Back0),
            mark(Ed, Which, Marker, Back0, Back, BackNames),
            Kept = Back,
            append(S0, BackNames, S),
            append(R0, [F.name], R)
        )
    ;   F.replaced \== []
    ->  mark(Ed, Which, Marker, F.replaced, Inner, InnerNames),
        Kept = [F.put(replaced, Inner)],
        append(S0, InnerNames, S), R = R0
    ;   Kept = [F], S = S0, R = R0
    ).

% Own features hidden under (or freed from) an acquired one get the marker too when the loss reaches them.
mark(Ed, Which, Marker, Fs0, Fs, Names) :-
    foldl(mark_one(Ed, Which, Marker), Fs0, Fs, [], Names).

mark_one(Ed, Which, Marker, F0, F, N0, N) :-
    (   affected(Which, F0)
    ->  loss_of(Ed, Which, F0, _),
        F = F0.put(_{suppressed:true, markers:[Marker|F0.markers]}),
        append(N0, [F0.name], N)
    ;   F = F0, N = N0
    ).

unhide(F0, F) :-
    (   F0.markers == [] -> F = F0.put(suppressed, false) ; F = F0.put(suppressed, true) ).

affected(Which, F) :-
    (   Which == all
    ->  F.own == true
    ;   feature_key(Which, Key),
        F.key == Key
    ).

%   loss_of(+Ed, +Which, +Feature, -How): suppressed or removed, citing why.
loss_of(Ed, Which, F, How) :-
    loss_kind(Which, F, Kind),
    stated(Ed, lost(Kind)),
    kind_how(Kind, How).

%   loss_kind(+Which, +F, -Kind): which case of the loss F falls in — all features (540.2), one
%   own feature (540.4 ●), one acquired from a static feature (540.4 ○ second) or another acquired
%   one (540.4 ○ first).
loss_kind(Which, F, Kind) :-
    (   Which == all
    ->  Kind = all
    ;   F.own == true
    ->  Kind = own
    ;   F.static == true
    ->  Kind = acquired_from_a_static_feature
    ;   Kind = acquired
    ).

kind_how(all, suppressed).
kind_how(own, suppressed).
kind_how(acquired_from_a_static_feature, suppressed).
kind_how(acquired, removed).

% The suppression marker lasts for the loss's period, else until the end of the battle.
marker_period(Ed, _D, _Until) :-
    stated(Ed, marker_period).

% Unless stated otherwise, a loss only affects a card in the battle zone.
outside_battle_zone(Ed, _CardId, _Zone) :-
    stated(Ed, loss_outside_battle_zone).

% Losing Строй loses what the card acquired tied to its formation.
formation_lost(Ed, _CardId, _Names) :-
    stated(Ed, formation_features_lost).

tied_to_formation(F) :- F.own == false, F.while == formation.

%!  zone_change(+Edition:atom, +Move:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   Move.card goes to zone Move.to. Features triggered by the move (a `trigger: death` feature when
%   a card goes from the battle zone to the graveyard) fire unless suppressed; then, where the
%   edition says so (loss_ends_on_zone_change: B 540.5), the card's suppression markers go — but
%   not those of a loss stated to work anywhere. A card that leaves the play zone is, where the
%   edition says so, a new object when it comes back (prevention:left_play_zone/4). A card that
%   leaves the battle zone stands next to no card and in formation with none: what the other cards
%   held `while: adjacent` or `while: formation` from it ends (feature_ends:source_gone/6).
%   Result is `_{zone:To, triggered:[…], restored:[…]}`: features whose markers went, and own ones
%   an acquired feature had replaced, back as the card leaves the play zone without what it acquired;
%   and `lost_grants:[CardId/Name, …]` when other cards lose what they held from it (lost_from/4).
%   @see «Замещение особенности - это эффект правил и не является потерей особенности» (edition A)
%
%   @see 540.5 (edition B); 517.6.1 (edition A, created cards)
%   @error impossible(Text) when the card is outside the game or already in that zone, or would
%          come into the play zone from outside it (bring_into_squad does that), or leaves
%          the play zone holding what it acquired or an effect's unused rest where the edition says
%          nothing of what it keeps (B).
%   @error unsupported(triggered_features, Ed, Detail) for a trigger that would fire where the
%          edition's text says nothing of triggered features (A).
zone_change(Ed, M, State0, State, Result) :-
    state_card(State0, M.card, Card),
    (   Card.zone == outside
    ->  refuse(outside_game, "~w is not in the game (zone outside): bring it into the squad first", [Card.id])
    ;   Card.zone == M.to
    ->  refuse(same_zone, "~w is already in zone ~w", [Card.id, M.to])
    ;   \+ in_play(Card.zone), in_play(M.to)
    ->  % what puts a card into the play zone from the graveyard, deck or hand is defined apart
        % (A 517.3 «извлечь её из колоды и поместить…», 517.4 «извлечь её с кладбища и поместить в
        % игровую зону», «розыгрыш карты из руки в игровую зону»), with its defaults and steps:
        % the event that says so is bring_into_squad, never a bare move
        refuse(into_play_zone, "~w is in zone ~w: to: ~w puts it into the play zone, which bring_into_squad does (how: revive from the graveyard, summon from the deck, play from the hand), not zone_change", [Card.id, Card.zone, M.to])
    ;   true
    ),
    (   Card.created == true
    ->  ignore(states(Ed, created_card_changes_zone))
    ;   true
    ),
    (   memberchk(Card.zone, [battle, play]), M.to == graveyard
    ->  include(has_trigger(death), Card.features, Triggers),
        foldl(fire(Ed, Card.id), Triggers, [], Fired)
    ;   Triggers = [], Fired = []
    ),
    (   member(F, Card.features), member(Mk, F.markers), Mk.anywhere \== true,
        states(Ed, loss_ends_on_zone_change)
    ->  foldl(lift_feature(moved, Card.id), Card.features, Fs, [], Restored0),
        maplist(strip_card, Restored0, Restored)
    ;   Fs = Card.features, Restored = [],
        (   member(F, Card.features), member(Mk, F.markers), Mk.anywhere == true
        ->  loss_goes_on(Ed, Card.id, M.to), Stays = true
        ;   Stays = false
        )
    ),
    (   in_play(Card.zone), \+ in_play(M.to)
    ->  left_play_zone(Ed, M.to, Card.put(features, Fs), Card1),
        Left = true,
        % an own feature an acquired one replaced is the card's again, the acquired one gone
        exclude(own_before(Card.features), Card1.features, Own),
        maplist(feature_ends:replaced_returns(Ed, Card.id), Own),
        maplist(name_of, Own, OwnNames)
    ;   Card1 = Card.put(features, Fs), Left = false, OwnNames = []
    ),
    append(Restored, OwnNames, Back),
    replace_card(State0, Card1.put(zone, M.to), State1),
    (   Card.zone == battle, M.to \== battle
    ->  % it stands next to no card, in formation with none: what they held from it for that ends,
        % and what it held in a formation (only a card in the battle zone stands in one)
        feature_ends:source_gone(Ed, Card.id, [adjacent(Card.id), formation_of(Card.id)], State1, State2, _),
        (   Card1.in_formation == true
        ->  feature_ends:leave_formation(Ed, Card.id, State2, State, _)
        ;   State = State2
        )
    ;   State = State1
    ),
    lost_from(M.card, State1, State, Lost),
    R0 = _{zone:M.to, triggered:Fired, restored:Back},     % and `lost_grants` when other cards lose some
    ( Lost == [] -> Result = R0 ; Result = R0.put(lost_grants, Lost) ),
    (   Triggers == [], Restored == [], Stays \== true, Card.created \== true,
        % (a trigger that does not fire because it is suppressed is a rule acting: 540.3)
        % nothing of it changed but that it left the play zone (the flag game:left_the_play_zone/1 reads)
        ( Left == true -> Card1.put(left_play_zone, X) == Card.put(left_play_zone, X),
                          \+ ( member(E, Card.effects), prevention:prevention_type(E.type) ) ; true ),
        forall(member(C, State.cards), ( C.id == Card.id ; memberchk(C, State0.cards) ))
    ->  move_given(Ed, Card.id, M.to)
    ;   true
    ).

%   lost_from(+SourceId, +State0, +State, -Lost): `CardId/Name` of every feature another card
%   acquired from SourceId in State0 and no longer holds in State (held while next to it, or in
%   formation with it: feature_ends:source_gone/6 ended it).
lost_from(SourceId, State0, State, Lost) :-
    findall(T, ( member(C0, State0.cards), C0.id \== SourceId,
                 member(F, C0.features), from_source(SourceId, F),
                 state_card(State, C0.id, C),
                 \+ ( member(G, C.features), from_source(SourceId, G), G.key == F.key ),
                 atomic_list_concat([C0.id, F.name], '/', T) ), Lost).

from_source(SourceId, F) :- F.own == false, F.get(source, null) == SourceId.

%   own_before(+Features0, +F): F is not own, or was on top (not replaced) in Features0.
own_before(Fs0, F) :-
    (   F.own == true -> once(( member(G, Fs0), same_own(F, G) )) ; true ).

same_own(F, G) :- G.own == true, G.key == F.key.

% A move no rule of the edition acts on (no trigger, no loss, no prevention, nothing another card
% held from it): the scenario gives it, and the step says so — it cites nothing, since nothing of
% the edition's text decided it.
move_given(_Ed, _CardId, _To).

% A loss stated to work anywhere goes on in the new zone: B 540.5 «Если не сказано иного, …» — it is
% said otherwise, so the markers stay.
loss_goes_on(Ed, _CardId, _To) :-
    ignore(states(Ed, loss_ends_on_zone_change)).

strip_card(CardSlashName, Name) :-
    atomic_list_concat([_|Parts], '/', CardSlashName),
    atomic_list_concat(Parts, '/', Name).

has_trigger(T, F) :- F.trigger == T.

fire(Ed, CardId, F, Fired0, Fired) :-
    trigger_fires(Ed, CardId, F, Fires),
    (   Fires == true -> append(Fired0, [F.name], Fired) ; Fired = Fired0 ).

% A feature triggered by the move fires (B 540.5: «…после выполнения всех срабатывающих особенностей,
% связанных с переносом карты в новую зону»; an edition that says nothing of it refuses the move);
% a suppressed feature has no effect: its trigger does not fire.
trigger_fires(Ed, _CardId, F, Fires) :-
    (   F.suppressed == true
    ->  ignore(states(Ed, suppressed_trigger_does_not_fire)),
        Fires = false
    ;   stated(Ed, fires_on_the_move),
        Fires = true
    ).
