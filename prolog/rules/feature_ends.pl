:- encoding(utf8).
:- module(feature_ends,
          [ leave/5,                    % +Edition, +Leave, +State0, -State, -Result
            end_of_turn/5,              % +Edition, +Event, +State0, -State, -Result
            leave_formation/5,          % +Edition, +CardId, +State0, -State, -Ended
            source_gone/6               % +Edition, +SourceId, +Whys, +State0, -State, -Ended
          ]).

/** <module> Named features ending with their condition, and what a replaced feature does then

Section named_features (and 540.4 of loss_of_features), the ending half of it (gaining, replacing
and adding: rules/features.pl, whose module comment gives the feature dict and the editions'
differences). A feature held for a while — `while: adjacent`, `while: formation`,
`until: end_of_turn | end_of_your_turn` — ends when that while does: a card leaves another
(leave/5), a turn ends (end_of_turn/5), a formation breaks (leave_formation/5; the event: formation.pl), the
source goes (source_gone/6). What it replaced comes back (replaced_returns: every one under A,
own ones only under B), along the chain of replacements (replaced_left/5); a «+N» given for that
while goes; a gain of it for that while that was not performed is why it stays (feature_kept/4).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../state/game').
:- use_module('../editions/editions').
:- use_module(markers, [lift_markers/5, lifted_result/4]).
:- use_module(formation).
:- use_module(adjacency, [adjacent_regiven/5]).
:- use_module(turn_ends).

explain:mechanics_module(feature_ends).

explain:step(feature_ends:leave(Ed, L, _, _, Result), leave, _{edition:Ed, card:L.card, from:L.from}, Result).
explain:step(feature_ends:end_of_turn(Ed, E, S, _, Result), end_of_turn, _{edition:Ed, player:P}, Result) :-
    turn_player(E, S, P).
% A feature whose condition ended decides the `ended` list (ПРИМЕР 4: «…если отойдёт от него, то
% Отравление спадёт»); one that is back decides `returned` («Замещение особенности – это эффект
% правил и не является потерей особенности»): why-not names the step of the list asked about.
explain:step(feature_ends:condition_ended(Ed, CardId, F, Why), feature_ended,
             _{edition:Ed, card:CardId, name:F.name, value:F.value, source:F.source,
               decides:[ended, lost_grants]}, W) :-
    why_json(Why, W).
explain:step(feature_ends:bonus_ended(_, CardId, F, _, B), bonus_ended,     % «−N» as `minus`, never «+-N»
             _{card:CardId, name:F.name, plus:B.amount, minus:M, source:B.source}, ended) :-
    ( B.amount < 0 -> M is -B.amount ; M = null ).
explain:step(feature_ends:replaced_returns(Ed, CardId, F), feature_returns,
             _{card:CardId, name:F.name, value:F.value, kept:Kept, decides:returned}, returned) :-
    % any: the text says a replacement is no loss (A); own: it says only that own replaced features
    % are suppressed, not removed (B) — their return when the higher one ends is the engine's reading
    (   variant(Ed, replaced_returns, Kept) -> true ; Kept = any ).
explain:step(feature_ends:nothing_ends(Ed), nothing_ends, _{edition:Ed}, kept).
explain:step(feature_ends:plus_gone_with(_, CardId, F, B), plus_gone_with_feature,
             _{card:CardId, name:F.name, value:F.value, plus:B.amount, signed:T, source:B.source}, ended) :-
    % «+1» or «−3», never «+-3»
    ( B.amount < 0 -> M is -B.amount, format(string(T), "−~w", [M]) ; format(string(T), "+~w", [B.amount]) ).
explain:uncited_step(plus_gone_with_feature).
explain:uncited_step(nothing_ends).
explain:uncited_step(feature_kept).
explain:step(feature_ends:removed_stays_away(_, CardId, Names), removed_stays_away,
             _{card:CardId, names:Names, decides:returned}, not_returned).
explain:step(feature_ends:replaced_ended(_, CardId, Why, F), replaced_ended,
             _{card:CardId, name:F.name, value:F.value, source:F.source}, W) :-
    why_json(Why, W).
% a replacing feature that stays decides `ended` (ПРИМЕР 5 «…которое уже не пропадёт…»)
explain:step(feature_ends:replacing_stays(_, CardId, F), replacing_stays, _{card:CardId, name:F.name, value:F.value, decides:ended}, kept).
explain:step(feature_ends:feature_kept(_, CardId, F, Why), feature_kept,
             _{card:CardId, name:F.name, value:F.value, because:W}, kept) :-
    kept_json(Why, W).

why_json(adjacent(Other), _{no_longer_next_to:Other}).
why_json(end_of_turn(P), _{end_of_turn:P}).
why_json(formation, formation_broken).
why_json(formation_of(S), _{not_in_formation_with:S}).

kept_json(not_performed(C), _{gain_not_performed:W}) :- why_json(C, W).
kept_json(marker(Untils), _{markers:Untils}).
kept_json(turn_of(P, Source, Ending), _{until_the_end_of_the_turn_of:P, given_by:Source, turn_ending:Ending}).

% --- a feature ends when its condition stops ---------------------------------------------------

%!  leave(+Edition:atom, +Leave:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   Card `Leave.card` stops standing next to card `Leave.from`: every feature either holds
%   `while: adjacent` from the other ends; one a gain from the other did not replace stays.
%   Result is `_{ended:[Name, …], returned:[Name, …]}`, `lessened:[Name, …]` when features
%   stay without a «+N» given for that while, and `gained:[Name, …]` when what a card still next to
%   one of the two gives it comes now (adjacency:adjacent_regiven/5).
%
%   @see «Замещение особенности…», ПРИМЕР 4 (edition A)
%   @error unsupported(condition_ended, Ed, Detail) where the edition says nothing of a card
%          standing next to another (B's loaded text).
leave(Ed, L, State0, State, Result) :-
    requires(Ed, condition_ended(adjacent)),    % B's loaded text says nothing of a card next to another
    state_card(State0, L.card, A),
    state_card(State0, L.from, B),
    % side by side: so as the scenario starts (adjacency:start_pairs/2) or brought so by an earlier
    % approach; else there is nothing to step away from
    msort([A.id, B.id], Pair),
    Pairs0 = State0.get(adjacent, []),
    (   memberchk(Pair, Pairs0)
    ->  true
    ;   refuse(adjacent_none, "~w does not stand next to ~w: leave steps away from nothing", [A.id, B.id])
    ),
    subtract(Pairs0, [Pair], Pairs),
    foldl(end_adjacent(Ed, L.card, L.from), State0.cards, Cards, e([], []), e(Ended0, Returned)),
    split_ended(Ended0, Ended, Lessened),
    % what a card still next to one of them gives, blocked until now by a feature that ended, comes
    adjacent_regiven(Ed, [L.card, L.from], State0.put(_{cards:Cards, adjacent:Pairs}), State, Gained),
    with_lessened(_{ended:Ended, returned:Returned}, Lessened, R1),
    ( Gained == [] -> Result = R1 ; Result = R1.put(gained, Gained) ).

end_adjacent(Ed, A, B, Card0, Card, E0, E) :-
    (   Card0.id == A -> Other = B
    ;   Card0.id == B -> Other = A
    ;   Other = none
    ),
    (   Other == none
    ->  Card = Card0, E = E0
    ;   end_features(Ed, adjacent(Other), Card0, Card, E0, E)
    ).

%!  end_of_turn(+Edition:atom, +Event:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   The turn of `Event.player` ends (the active player's when the event names none): every
%   feature held `until: end_of_turn` («до конца хода») ends, and every one held
%   `until: end_of_your_turn` («до конца вашего хода») whose turn it is; every suppression marker
%   «до конца хода» goes. The active player stays who it was. Result is
%   `_{ended:[…], returned:[…], lifted:[Card/Name, …]}`, and `lessened:[…]` when features stay
%   without a «+N» held until then; what a static feature gives in formation again when a marker
%   went is in `returned` too, and in `returned_grants:[Card/Name, …]` (markers:lifted_result/4).
%
%   @see 540.3.1 (B); what ends: 518.8 ПРИМЕР 1 by contraposition (turn_ends.pl, uncited steps
%        that say it is the engine's reading); where nothing ends, an uncited step says so
%   @error unsupported(condition_ended, Ed, Detail) where the edition says nothing of «до конца
%          хода» (A's loaded text).
end_of_turn(Ed, Event, State0, State, Result) :-
    requires(Ed, condition_ended(end_of_turn)),    % A's loaded text says nothing of «до конца хода»
    turn_player(Event, State0, Player),
    foldl(stays_gone(Ed), State0.cards, Cards0, false, Gone),
    foldl(end_turn_card(Ed, Player), Cards0, Cards, e([], []), e(Ended0, Returned)),
    split_ended(Ended0, Ended, Lessened),
    lift_markers(Ed, end_of_turn, State0.put(cards, Cards), State, Lifted),
    with_lessened(_{ended:Ended, returned:Returned, lifted:Lifted}, Lessened, Result0),
    lifted_result(State0, State, Result0, Result),      % and what a static feature gives in formation again
    maplist(kept_markers(Ed), State.cards),
    (   Ended == [], Lessened == [], Lifted == [], Gone == false,
        \+ ( member(C, State.cards), member(F, C.features), suppressed_by_a_marker(F) ),
        % nothing is held «до конца хода», nothing stays by a marker or by a step of its own
        % (feature_kept/4): no rule acts
        \+ ( member(C, State0.cards), member(F, C.features), kept_at_end_of_turn(Player, F) )
    ->  nothing_ends(Ed)
    ;   true
    ).

%   stays_gone(+Ed, +Card0, -Card, +Gone0, -Gone): the period of a loss «до конца хода» that removed
%   acquired features of Card0 (`gone`, loss:gone_until/4) ends; they do not come back (B 540.4 ○
%   «удаляется с карты (снимается соответствующий эффект), не возвращается даже в случае, если
%   эффект, заставляющий потерять особенность, перестанет действовать»): a step says so, and the
%   note goes. Gone is true when some card had one.
stays_gone(Ed, Card0, Card, Gone0, Gone) :-
    (   get_dict(gone, Card0, Lists), Lists \== []
    ->  append(Lists, Names),
        removed_stays_away(Ed, Card0.id, Names),
        Card = Card0.put(gone, []), Gone = true
    ;   Card = Card0, Gone = Gone0
    ).

removed_stays_away(Ed, _CardId, _Names) :-
    stated(Ed, lost(acquired)).

% Nothing ends at this end of turn: no feature has a period that ends now. No unit of the text says
% it of an unsuppressed feature in so many words, so the step cites none (as move_given).
nothing_ends(_Ed).

% F stays at the end of Player's turn by a step of its own (feature_kept/4): a gain of it until then
% was not performed, or it, or a plus to it, is held «до конца вашего хода» of another player.
kept_at_end_of_turn(Player, F) :-
    (   member(K, F.kept), kept_for(end_of_turn(Player), K)
    ->  true
    ;   member(X, [F|F.bonuses]), X.until == end_of_your_turn, X.turn_of \== Player
    ).

% The player whose turn ends: the one the event names, else the active player.
turn_player(Event, State, Player) :-
    (   get_dict(player, Event, P), P \== null -> Player = P ; Player = State.active ).

% A suppressed feature whose markers outlast the turn stays suppressed.
kept_markers(Ed, Card) :-
    include(suppressed_by_a_marker, Card.features, Fs),
    maplist(kept_by_markers(Ed, Card.id), Fs).

suppressed_by_a_marker(F) :- F.markers \== [].

kept_by_markers(Ed, CardId, F) :-
    maplist(marker_until, F.markers, Untils),
    feature_kept(Ed, CardId, F, marker(Untils)).

marker_until(M, M.until).

%!  leave_formation(+Edition:atom, +CardId:atom, +State0:dict, -State:dict, -Ended:list) is det.
%
%   Card CardId stands in no formation now: every feature it held `while: formation` ends, and so
%   does every one another card held `while: formation` from it (`source`: a grant of its static
%   feature works only while it stands in formation with that card). Ended are the names, its own
%   first.
%
%   @see 540.4 ○ «…так как нарушилось условие её существования» (edition B)
leave_formation(Ed, CardId, State0, State, Ended) :-
    state_card(State0, CardId, Card0),
    end_features(Ed, formation, Card0, Card1, e([], []), e(Own0, _)),
    split_ended(Own0, Own, _),
    replace_card(State0, Card1.put(in_formation, false), State1),
    source_gone(Ed, CardId, [formation_of(CardId)], State1, State, Others),
    append(Own, Others, Ended).

%!  source_gone(+Edition:atom, +SourceId:atom, +Whys:list, +State0:dict, -State:dict, -Ended:list) is det.
%
%   What the other cards held from card SourceId for a while that has ended ends: Whys are
%   `adjacent(SourceId)` (it stands next to nobody: it left the battle zone) and
%   `formation_of(SourceId)` (it stands in no formation with them). Ended are the names.
%
%   @see «Замещение особенности…», ПРИМЕР 4 (edition A): «…пока Льер-Кулат стоит рядом, и если
%        отойдёт от него, то Отравление спадёт»; 540.4 ○ (edition B)
source_gone(Ed, SourceId, Whys, State0, State, Ended) :-
    foldl(source_gone_card(Ed, SourceId, Whys), State0.cards, Cards, e([], []), e(Ended0, _)),
    split_ended(Ended0, Ended, _),
    exclude(memberchk(SourceId), State0.get(adjacent, []), Pairs),   % it stands next to none now
    (   memberchk(adjacent(_), Whys)
    ->  % what a card still next to one of them gives, blocked by what it held from SourceId, comes
        findall(Id, ( member(C, Cards), Id = C.id ), Ids),
        adjacent_regiven(Ed, Ids, State0.put(_{cards:Cards, adjacent:Pairs}), State, _)
    ;   State = State0.put(_{cards:Cards, adjacent:Pairs})
    ).

source_gone_card(Ed, SourceId, Whys, Card0, Card, E0, E) :-
    (   Card0.id == SourceId
    ->  Card = Card0, E = E0
    ;   foldl(end_for(Ed), Whys, Card0-E0, Card-E)
    ).

end_for(Ed, Why, Card0-E0, Card-E) :-
    end_features(Ed, Why, Card0, Card, E0, E).

end_turn_card(Ed, Player, Card0, Card, E0, E) :-
    end_features(Ed, end_of_turn(Player), Card0, Card, E0, E).

end_features(Ed, Why, Card0, Card, E0, E) :-
    foldl(end_feature(Ed, Why, Card0.id), Card0.features, Kept0, E0, E),
    append(Kept0, Kept),
    Card = Card0.put(features, Kept).

%   end_feature(+Ed, +Why, +CardId, +F, -Kept, +E0, -E): what the end of condition Why does to
%   feature F: F ends (and what it replaced comes back, but for what ends with it too), or a plus
%   given for that while goes, or F stays — the features it replaced that end are dropped, and a
%   gain of F for that while that was not performed is why F stays.
end_feature(Ed, Why, CardId, F, Kept, e(En0, Re0), e(En, Re)) :-
    (   ends(Why, F)
    ->  condition_ended(Ed, CardId, F, Why),
        exclude(ends(Why), F.bonuses, Outlasting),
        maplist(plus_gone_with(Ed, CardId, F), Outlasting),
        % (a plus to a returning one that ends too is said by its step; F's name is in `ended`)
        replaced_left(Ed, CardId, Why, F.replaced, Back0, _),
        maplist(replaced_returns(Ed, CardId), Back0),
        maplist(restore, Back0, Kept),
        append(En0, [F.name], En),
        maplist(name_of, Kept, Names),
        append(Re0, Names, Re)
    ;   replaced_left(Ed, CardId, Why, F.replaced, Stay, UnderPlus),
        (   chain_ends(Why, F.replaced) -> replacing_stays(Ed, CardId, F) ; true ),
        partition(ends(Why), F.bonuses, GoneB, StayB),
        partition(kept_for(Why), F.kept, Spent, StillKept),
        (   Spent \== []
        ->  feature_kept(Ed, CardId, F, not_performed(Why))
        ;   true
        ),
        F1 = F.put(_{replaced:Stay, kept:StillKept}),
        (   GoneB \== []
        ->  maplist(bonus_ended(Ed, CardId, F1, Why), GoneB),
            foldl(minus_bonus, GoneB, F1.value, V),
            Kept = [F1.put(_{value:V, bonuses:StayB})],
            append([En0, [plus(F.name)], UnderPlus], En), Re = Re0
        ;   Kept = [F1], append(En0, UnderPlus, En), Re = Re0
        ),
        (   Why = end_of_turn(Player),
            member(X, [F|StayB]), X.until == end_of_your_turn, X.turn_of \== Player
        ->  feature_kept(Ed, CardId, F, turn_of(X.turn_of, X.source, Player))   % it, or a plus to it
        ;   true
        )
    ).

minus_bonus(B, V0, V) :- V is V0 - B.amount.
%   chain_ends(+Why, +Replaced): a feature of the chain Replaced (and what they replaced) ends with Why.
chain_ends(Why, Rs) :-
    once(( member(R, Rs), ( ends(Why, R) -> true ; chain_ends(Why, R.replaced) ) )).

%   replacing_stays(+Ed, +CardId, +F): F replaced a feature that ends now with its condition; not
%   held for it, F stays (A ПРИМЕР 5 «…Отравление 2, которое уже не пропадёт, если Льер-Кулат
%   отойдёт»). B states nothing of it: no unit cited, the step is left out.
replacing_stays(Ed, _CardId, _F) :-
    ignore(states(Ed, replacing_stays)).

% A «+N» held longer than the feature it was given to goes with it: «+1 к Отравлению» makes of
% «Отравление 3» a feature «Отравление 4» (A ПРИМЕР 2 «…вместо особенности "Отравление 1" у него
% особенность "Отравление 2"»), which ends with its condition. No unit says what becomes of that
% plus — the step cites none and says that this is the engine's reading.
plus_gone_with(_Ed, _CardId, _F, _B).

%   replaced_left(+Ed, +CardId, +Why, +Replaced, -Left, -Plus): the replaced features that stay
%   when Why ends: one held for that while ends with it (cited), and what it had replaced itself
%   takes its place — a replacement is not a loss (A «…не является потерей особенности»; B «○
%   подавляются до появления новой базовой именной особенности, если были собственными»), so an own
%   feature under a chain of higher ones is kept whichever link of the chain ends first. Kept as it
%   is, a replaced feature keeps its own «+N» only for that plus's while: one that ends with Why
%   goes now, though the feature is hidden (A ПРИМЕР 4 «…пока Льер-Кулат стоит рядом, и если
%   отойдёт от него, то Отравление спадёт»), and Plus has `plus(Name)` for each such feature.
replaced_left(Ed, CardId, Why, Replaced, Left, Plus) :-
    foldl(replaced_left_1(Ed, CardId, Why), Replaced, Lefts, [], Plus),
    append(Lefts, Left).

replaced_left_1(Ed, CardId, Why, R, L, P0, P) :-
    replaced_left(Ed, CardId, Why, R.replaced, Inner, P1),
    append(P0, P1, P2),
    (   ends(Why, R)
    ->  replaced_ended(Ed, CardId, Why, R),
        L = Inner, P = P2
    ;   partition(ends(Why), R.bonuses, GoneB, StayB), GoneB \== []
    ->  maplist(bonus_ended(Ed, CardId, R, Why), GoneB),
        foldl(minus_bonus, GoneB, R.value, V),
        L = [R.put(_{replaced:Inner, value:V, bonuses:StayB})],
        append(P2, [plus(R.name)], P)
    ;   L = [R.put(replaced, Inner)], P = P2
    ).

%   split_ended(+Es, -Ended, -Lessened): the names of what ended — features, and «+N» given to one
%   (`plus(Name)`: contract v1 lists it by the feature's name) — and Lessened, the features that stay
%   with only a «+N» gone: «Отравление 1» held with a «+1 к Отравлению» for a while keeps 1.
split_ended(Es, Ended, Lessened) :-
    maplist([E, N]>>( E = plus(N) -> true ; N = E ), Es, Ended),
    findall(N, member(plus(N), Es), Lessened).

% `lessened` is in a result only when some feature lost a «+N» (an additive key of contract v2).
with_lessened(R0, Lessened, R) :-
    (   Lessened == [] -> R = R0 ; R = R0.put(lessened, Lessened) ).

% «+N к X» for a while ends with its condition (at a turn's end: turn_ends.pl, the engine's reading).
bonus_ended(Ed, CardId, F, Why, B) :-
    (   Why = end_of_turn(_) -> bonus_turn_ended(Ed, CardId, F, B)
    ;   why_condition(Why, B, Condition), ignore(states(Ed, condition_ended(Condition)))
    ).

restore(F0, F) :- ( F0.markers == [] -> F = F0.put(suppressed, false) ; F = F0 ).

ends(adjacent(Other), F) :- F.while == adjacent, F.source == Other.
ends(end_of_turn(_), F) :- F.until == end_of_turn.
ends(end_of_turn(P), F) :- F.until == end_of_your_turn, F.turn_of == P.
ends(formation, F) :- F.while == formation.
ends(formation_of(Source), F) :- F.while == formation, F.source == Source.

kept_for(adjacent(Other), adjacent(Other)).
kept_for(end_of_turn(_), end_of_turn).
kept_for(end_of_turn(P), your_turn(P)).

% A feature held while a condition holds ends with it (the edition's unit for that condition, held_condition/3;
% one held «до конца хода»: turn_ends.pl, B's text read by contraposition, uncited).
condition_ended(Ed, CardId, F, Why) :-
    (   Why = end_of_turn(P) -> turn_ended(Ed, CardId, F, P)
    ;   why_condition(Why, F, Condition0), held_condition(Condition0, F, Condition),
        ignore(states(Ed, condition_ended(Condition)))
    ).

why_condition(adjacent(_), _, adjacent).
why_condition(formation, _, formation).
why_condition(formation_of(_), _, formation).

% A feature a higher one replaced, held for a while that ends, ends with it: it will not come back.
replaced_ended(Ed, CardId, Why, F) :-
    (   Why = end_of_turn(P) -> replaced_turn_ended(Ed, CardId, F, P)
    ;   why_condition(Why, F, Condition), ignore(states(Ed, condition_ended(Condition)))
    ).

% What a higher feature replaced is the card's again when that one ends.
replaced_returns(Ed, _CardId, _F) :-
    stated(Ed, replaced_returns).

%   feature_kept(+Ed, +CardId, +F, +Why): F stays when a while ends, and why: a gain of it for that
%   while was not performed (A ПРИМЕР 3, B 518.8 ПРИМЕР 1); its suppression markers outlast the
%   turn (540.3.1; 540.4 for one acquired from a static feature); it is held «до конца вашего
%   хода» of another player: no unit says whose turn «вашего» is (ПРИМЕР 1 is of a gain not
%   performed), so that step cites nothing and says it is the engine's reading.
feature_kept(Ed, _CardId, F, Why) :-
    (   Why = not_performed(_)
    ->  stated(Ed, not_performed_kept)
    ;   Why = marker(_)
    ->  stated(Ed, marker_period),
        (   F.own == false, F.static == true
        ->  stated(Ed, lost(acquired_from_a_static_feature))
        ;   true
        )
    ;   true    % turn_of(P, Source, Ending): P's turn — the engine's reading
    ).
