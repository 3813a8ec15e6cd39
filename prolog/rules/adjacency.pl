:- encoding(utf8).
:- module(adjacency,
          [ approach/5,                 % +Edition, +Approach, +State0, -State, -Result
            adjacent_regiven/5,         % +Edition, +CardIds, +State0, -State, -Gained
            start_pairs/2               % +Cards, -Pairs
          ]).

/** <module> A card comes to stand next to another

Section named_features (editions/a.pl, «Замещение особенности…», ПРИМЕР 3 and 4): what a card gives
a card standing next to it (its `grants` held `while: adjacent`) the other gains while they stand
so — a gain as features.pl makes it. Its end, when one leaves (`leave`), is feature_ends.pl's.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../state/game').
:- use_module('../editions/editions').
:- use_module(features, [gain/6]).

explain:mechanics_module(adjacency).

explain:step(adjacency:approach(Ed, A, _, _, Result), approach, _{edition:Ed, card:A.card, to:A.to}, Result).
explain:step(adjacency:adjacent_grant(_, Giver, Taker, G), adjacent_grant,
             _{card:Taker, from:Giver, name:G.name, value:G.value}, given).

%!  approach(+Edition:atom, +Approach:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   Card `Approach.card` comes to stand next to card `Approach.to`: what each one gives a card
%   next to it (its `grants` held `while: adjacent`) the other one gains, while they stand so —
%   a gain of that feature from it, performed or not as gaining is. Result is
%   `_{gained:[Name, …], not_performed:[Name, …]}`.
%
%   @see «Замещение особенности…», ПРИМЕР 3 and 4 (edition A): «Льер-Кулат … подходит к Вайлу …»
%   @error unsupported(adjacent_grant, Ed, Detail) where the edition says nothing of a card
%          standing next to another (B's loaded text).
%   @error impossible(Text) for a card that is not in the battle zone.
%   @error existence_error(card, Id) for an unknown card handle.
approach(Ed, A, State0, State, _{gained:Gained, not_performed:NotPerformed}) :-
    requires(Ed, adjacent_grant),          % B's loaded text says nothing of a card next to another
    state_card(State0, A.card, C1),
    state_card(State0, A.to, C2),
    forall(member(C, [C1, C2]),
           (   C.zone == battle
           ->  true
           ;   refuse(adjacent_zone, "~w is in zone ~w: only cards in the battle zone stand next to each other", [C.id, C.zone])
           )),
    % side by side is a state: cards the scenario already brought next to each other are so still
    msort([C1.id, C2.id], Pair),
    Pairs0 = State0.get(adjacent, []),
    (   memberchk(Pair, Pairs0)
    ->  refuse(adjacent_already, "~w already stands next to ~w (so from the start or an earlier approach): it cannot come to stand so", [C1.id, C2.id])
    ;   true
    ),
    adjacent_grants(C1, C2.id, Gs1),
    adjacent_grants(C2, C1.id, Gs2),
    append(Gs1, Gs2, Gs),
    foldl(give_adjacent(Ed), Gs, r(State0.put(adjacent, [Pair|Pairs0]), [], []), r(State, Gained, NotPerformed)).

%   A gain `while: adjacent` from a source brings the two cards side by side when they were not
%   (features:gain_feature/5): as at an approach, what each gives a card next to it the other gains
%   — all but the feature the gain itself gives (it is that grant written as an event). A ПРИМЕР 4:
%   «Льер-Кулат … подходит к Вайлу без отравления, Вайл получает Отравление 1, пока Льер-Кулат
%   стоит рядом».
features:came_side_by_side(Ed, G, State0, State, Gained, NotPerformed) :-
    state_card(State0, G.card, Taker),
    state_card(State0, G.source, Giver),
    adjacent_grants(Giver, Taker.id, Gs1),
    adjacent_grants(Taker, Giver.id, Gs2),
    append(Gs1, Gs2, Gs0),
    feature_key(G.name, Key),
    exclude(written_by(Giver.id, Taker.id, Key), Gs0, Gs),
    foldl(give_adjacent(Ed), Gs, r(State0, [], []), r(State, Gained, NotPerformed)).

written_by(GiverId, TakerId, Key, GiverId-TakerId-Grant) :-
    feature_key(Grant.name, Key).

%!  start_pairs(+Cards:list, -Pairs:list) is det.
%
%   The cards standing next to each other as the scenario starts: each pair (its two ids, in
%   standard order) of which one holds a feature `while: adjacent` from the other. Kept in the
%   state from then on, so that what later happens to that feature (replaced by a higher one,
%   lost) does not move the cards: side by side is a state of the cards, not of their features.
%
%   @see «Замещение особенности…», ПРИМЕР 5 (edition A): Льер-Кулат still «отойдёт» after Вайл's
%        Отравление 1 from it is replaced.
start_pairs(Cards, Pairs) :-
    findall(Pair, ( member(X, Cards), member(F, X.features), F.get(while, null) == adjacent,
                    Source = F.get(source, null), Source \== null, X.id \== Source,
                    msort([X.id, Source], Pair) ), Pairs0),
    sort(Pairs0, Pairs).

adjacent_grants(Giver, Taker, Gs) :-
    Id = Giver.id,
    findall(Id-Taker-G, ( member(G, Giver.grants), get_dict(while, G, adjacent) ), Gs).

give_adjacent(Ed, Giver-Taker-G, r(S0, Ga0, No0), r(S, Ga, No)) :-
    adjacent_grant(Ed, Giver, Taker, G),
    Gain = _{card:Taker, name:G.name, value:G.value, source:Giver, op:grant, while:adjacent,
             until:null, modifiers:[]},
    gain(Ed, Gain, S0, S, Performed, _),
    (   Performed == true
    ->  append(Ga0, [G.name], Ga), No = No0
    ;   append(No0, [G.name], No), Ga = Ga0
    ).

%!  adjacent_regiven(+Edition:atom, +CardIds:list, +State0:dict, -State:dict, -Gained:list) is det.
%
%   A card of CardIds gains what a card still standing next to it gives `while: adjacent` (its
%   grants) and it does not hold now — a gain of it was not performed, the card holding the same
%   feature then, which has ended since: what the other card gives lasts «пока … стоит рядом».
%   Gained are the names.
%
%   @see «Замещение особенности…», ПРИМЕР 4 (edition A): «…Вайл получает Отравление 1, пока
%        Льер-Кулат стоит рядом»
adjacent_regiven(Ed, CardIds, State0, State, Gained) :-
    findall(Gv, ( member(T, CardIds), regive_candidate(State0, T, Gv) ), Gs),
    foldl(give_adjacent(Ed), Gs, r(State0, [], []), r(State, Gained, _)).

regive_candidate(State, TakerId, GiverId-TakerId-G) :-
    get_dict(adjacent, State, Pairs),
    member(Pair, Pairs), selectchk(TakerId, Pair, [GiverId]),
    state_card(State, GiverId, Giver),
    state_card(State, TakerId, Taker),
    member(G, Giver.grants), get_dict(while, G, adjacent),
    feature_key(G.name, Key),
    \+ ( member(F, Taker.features), F.key == Key ).

% What a card gives a card next to it is gained while they stand so (A, ПРИМЕР 4: «…подходит к
% Вайлу без отравления, Вайл получает Отравление 1, пока Льер-Кулат стоит рядом»).
adjacent_grant(Ed, _Giver, _Taker, _G) :-
    ignore(states(Ed, adjacent_grant)).
