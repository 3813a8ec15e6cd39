:- encoding(utf8).
:- module(features,
          [ gain_feature/5,             % +Edition, +Gain, +State0, -State, -Result
            approach/5,                 % +Edition, +Approach, +State0, -State, -Result
            leave/5,                    % +Edition, +Leave, +State0, -State, -Result
            end_of_turn/5,              % +Edition, +Event, +State0, -State, -Result
            formation/5,                % +Edition, +Formation, +State0, -State, -Result
            leave_formation/5,          % +Edition, +CardId, +State0, -State, -Ended
            source_gone/6,              % +Edition, +SourceId, +Whys, +State0, -State, -Ended
            works_as/3,                 % +Edition, +Value, -WorksAs
            held_features/3             % +Edition, +Features, -Held
          ]).

/** <module> Named features: gaining, replacing, adding, and ending with their condition

Section named_features. The rules and the units that state them are edition data (editions/a.pl:
the unnumbered paragraph «Замещение особенности - это эффект правил и не является потерей
особенности» (fragment 002) and its five examples; editions/b.pl: 518.8 and its three examples, and
540.4 for a feature whose condition of existence breaks). The editions differ in two behaviours: B
states that a negative value works as 0 (negative_value_works_as_zero, 518.8; A says nothing of a
negative value, so it refuses one), and which replaced
features come back when the higher one ends (replaced_returns: A «…не является потерей
особенности» — every one; B «○ … если были собственными» — own ones only).

A feature held by a card is a dict
`_{name:Name, key:Key, value:IntOrNull, own:Bool, source:CardOrNull,
   while:adjacent|formation|null, until:end_of_turn|end_of_your_turn|null, turn_of:PlayerOrNull,
   suppressed:Bool, markers:[Marker], static:Bool, trigger:death|null, replaced:[Feature],
   bonuses:[Bonus], kept:[Condition]}`;
`replaced` keeps the features a higher one replaced (replacement is not a loss); `turn_of` is the
player whose turn «до конца вашего хода» means (the controller of the source); `kept` holds the
conditions of gains of this feature that were not performed (`adjacent(Card)`, `end_of_turn`,
`your_turn(Player)`): when such a condition ends, the feature stays, and the step says why.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../state/game').
:- use_module('../editions/editions').
:- use_module(loss, [lift_markers/5]).
:- use_module(formation).

explain:mechanics_module(features).

explain:step(features:gain_feature(Ed, G, _, _, Result), gain_feature,
             _{edition:Ed, card:G.card, name:G.name, value:G.value, op:G.op, source:G.source}, Result).
explain:step(features:granted_value(_, G, V), granted_value,
             _{base:G.value, op:G.op, modifiers:G.modifiers, sources:Sources, plus:Plus}, V) :-
    findall(S, member(_{source:S, value:_}, G.modifiers), Sources),
    ( number(V), number(G.value) -> Plus is V - G.value ; Plus = null ).
explain:step(features:gain_modifier_away(_, State, G, Mod), gain_modifier_not_applied,
             _{modifier:Mod, zone:Zone, squad_of:Of, controller:Controller}, not_applied) :-
    state_card(State, Mod.source, Card),
    get_dict(zone, Card, Zone), get_dict(controller, Card, Controller), get_dict(source, G, Of).
explain:step(features:gain_outcome(Op, _, Held, New, Outcome), gain_outcome,
             _{op:Op, held:H, new:New}, O) :-
    held_value(Held, H), outcome_json(Outcome, O).
explain:step(features:works_as(_, V, W), works_as, _{value:V}, W).
explain:step(features:nothing_ends(Ed), nothing_ends, _{edition:Ed}, kept).
explain:uncited_step(nothing_ends).
explain:step(features:approach(Ed, A, _, _, Result), approach, _{edition:Ed, card:A.card, to:A.to}, Result).
explain:step(features:adjacent_grant(_, Giver, Taker, G), adjacent_grant,
             _{card:Taker, from:Giver, name:G.name, value:G.value}, given).
explain:step(features:leave(Ed, L, _, _, Result), leave, _{edition:Ed, card:L.card, from:L.from}, Result).
explain:step(features:end_of_turn(Ed, E, S, _, Result), end_of_turn, _{edition:Ed, player:P}, Result) :-
    turn_player(E, S, P).
explain:step(features:condition_ended(Ed, CardId, F, Why), feature_ended,
             _{edition:Ed, card:CardId, name:F.name, value:F.value, source:F.source}, W) :-
    why_json(Why, W).
explain:step(features:bonus_ended(_, CardId, F, _, B), bonus_ended,
             _{card:CardId, name:F.name, plus:B.amount, source:B.source}, ended).
explain:step(features:replaced_returns(_, CardId, F), feature_returns,
             _{card:CardId, name:F.name, value:F.value}, returned).
explain:step(features:replaced_dropped(_, CardId, F), replaced_not_kept,
             _{card:CardId, name:F.name, value:F.value, own:F.own}, dropped).
explain:step(features:replaced_ended(_, CardId, Why, F), replaced_ended,
             _{card:CardId, name:F.name, value:F.value, source:F.source}, W) :-
    why_json(Why, W).
explain:step(features:feature_kept(_, CardId, F, Why), feature_kept,
             _{card:CardId, name:F.name, value:F.value, because:W}, kept) :-
    kept_json(Why, W).
explain:step(features:formation(Ed, F, _, _, Result), formation, _{edition:Ed, card:F.card, in:F.in}, Result).

why_json(adjacent(Other), _{no_longer_next_to:Other}).
why_json(end_of_turn(P), _{end_of_turn:P}).
why_json(formation, formation_broken).
why_json(formation_of(S), _{not_in_formation_with:S}).

kept_json(not_performed(C), _{gain_not_performed:W}) :- why_json(C, W).
kept_json(marker(Untils), _{markers:Untils}).
kept_json(turn_of(P), _{until_the_end_of_the_turn_of:P}).

held_value(F, V) :-
    (   F == none -> V = null ; V = _{name:F.name, value:F.value, source:F.source} ).

outcome_json(gained, gained).
outcome_json(not_performed, not_performed).
outcome_json(replaced(_), replaced).
outcome_json(added(V), _{added:V}).

% --- gaining a named feature --------------------------------------------------------------------

%!  gain_feature(+Edition:atom, +Gain:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   A card is given a feature (`op: grant`) or «+N к X» (`op: add`); the modifiers of the gain
%   (Менгир: «может усилить отравление на 1») change the value given either way. Result is
%   `_{performed:Bool, name:Name, value:Value, works_as:WorksAs}`.
%
%   @see 518.8 and its examples (edition B); «Замещение особенности…» and its examples (edition A)
%   @error no_effect(until, Why) where the edition says nothing of a feature that ends then (A),
%          no_effect(modifiers, Why) where it says nothing of a modifier to a gain (B).
%   @error unsupported(add_to_missing_feature, Ed, Detail) for «+N к X» on a card without X.
%   @error existence_error(card, Id) for an unknown card handle.
gain_feature(Ed, G, State0, State, _{performed:Performed, name:G.name, value:Value, works_as:WorksAs}) :-
    (   G.until == null -> true ; ending_stated(Ed, until, condition_ended(G.until)) ),
    (   G.modifiers == [] -> true ; ending_stated(Ed, modifiers, grant_modifiers) ),
    exclude(gain_modifier_away(Ed, State0, G), G.modifiers, Mods),
    gain(Ed, G.put(modifiers, Mods), State0, State, Performed, Value),
    works_as(Ed, Value, WorksAs).

%   ending_stated(+Ed, +Field, +Rule): the edition states Rule, else the event's Field has no
%   effect in it and is refused (A's loaded text says nothing of a feature «до конца хода»; B's
%   nothing of a modifier to a gain).
ending_stated(Ed, Field, Rule) :-
    (   has_rule(Ed, Rule)
    ->  true
    ;   missing_rule(Ed, Rule, _, Why),
        no_effect(Field, Why)
    ).

%   gain(+Ed, +G, +State0, -State, -Performed, -Value): the gain G, and the value of the feature
%   the card has after it.
gain(Ed, G0, State0, State, Performed, Value) :-
    state_card(State0, G0.card, Card),
    turn_owner(State0, G0, G),
    feature_key(G.name, Key),
    held(Card, Key, Held),
    granted_value(Ed, G, New),
    gain_outcome(G.op, Ed, Held, New, Outcome),
    outcome_feature(Outcome, Ed, Card.id, G, New, Held, Feature),
    performed(Outcome, Performed),
    (   Performed == true
    ->  put_feature(Card, Held, Feature, Card1),
        replace_card(State0, Card1, State)
    ;   kept_condition(G, Held, Kept)
    ->  put_feature(Card, Held, Held.put(kept, [Kept|Held.kept]), Card1),
        replace_card(State0, Card1, State)
    ;   State = State0
    ),
    current_value(Outcome, Held, Feature, Value).

%   turn_owner(+State, +G0, -G): G0 with `turn_of`, the player whose turn «до конца вашего хода»
%   is: the controller of the source card (the «вы» of its text), else of the card given it.
turn_owner(State, G0, G) :-
    (   G0.until == end_of_your_turn
    ->  ( G0.source \== null -> Of = G0.source ; Of = G0.card ),
        state_card(State, Of, C),
        G = G0.put(turn_of, C.controller)
    ;   G = G0.put(turn_of, null)
    ).

%   kept_condition(+G, +Held, -Condition): a gain that was not performed, given for a while: the
%   card keeps what it holds when that while ends (the first condition the gain names).
kept_condition(G, Held, Condition) :-
    Held \== none,
    (   G.while == adjacent
    ->  Condition = adjacent(G.source)
    ;   G.until == end_of_turn
    ->  Condition = end_of_turn
    ;   G.until == end_of_your_turn
    ->  Condition = your_turn(G.turn_of)
    ).

held(Card, Key, Held) :-
    (   member(F, Card.features), F.key == Key, F.suppressed == false
    ->  Held = F
    ;   Held = none
    ).

% The value given, after the modifiers applied to the gain (Менгир: «+1» to Бокор's poison) —
% a feature granted or «+N к X» alike.
granted_value(Ed, G, V) :-
    (   G.modifiers == []
    ->  V = G.value
    ;   G.value == null
    ->  domain_error(feature_with_a_value, G.name)
    ;   stated(Ed, grant_modifiers),
        foldl(add_modifier, G.modifiers, G.value, V)
    ).

%   gain_modifier_away(+Ed, +State, +G, +Mod): Mod comes from a card that is not in the squad of
%   the gain's source — not in play, or controlled by the other player (the Менгир example: «Если
%   же в отряде есть ещё Менгир Каррефура, то при заявке Бокора… Менгир может усилить отравление на
%   1»: «ещё» in Бокор's squad): it does not apply.
gain_modifier_away(Ed, State, G, Mod) :-
    state_card(State, Mod.source, Card),
    (   \+ in_play(Card.zone)
    ->  true
    ;   G.source \== null,
        state_card(State, G.source, Source),
        Source.controller \== Card.controller
    ),
    stated(Ed, grant_modifiers).

add_modifier(Mod, V0, V) :-
    V is V0 + Mod.value.

%   gain_outcome(+Op, +Ed, +Held, +New, -Outcome): what gaining does to a card that holds Held.
gain_outcome(grant, Ed, Held, New, Outcome) :-
    (   Held == none
    ->  stated(Ed, feature_gained),
        Outcome = gained
    ;   higher(Ed, New, Held.value)
    ->  stated(Ed, feature_replaced),
        Outcome = replaced(Held)
    ;   not_performed(Ed, Held.value, New),
        Outcome = not_performed
    ).
gain_outcome(add, Ed, Held, N, Outcome) :-
    (   Held == none
    ->  requires(Ed, add_to_missing_feature),   % stated by no edition so far
        existence_error(clause_for_rule, add_to_missing_feature)
    ;   Held.value == null
    ->  domain_error(feature_with_a_value, Held.name)
    ;   stated(Ed, feature_added),
        V is Held.value + N,
        Outcome = added(V)
    ).

%   higher(+Ed, +New, +Held): a new value replaces the held one only when it is higher; a feature
%   without a value is not higher than one with a value, nor than itself. A value works as it
%   would (works_as/3) when the two are compared.
higher(Ed, New, Held) :-
    number(New), number(Held),
    works_as(Ed, New, N1),
    works_as(Ed, Held, H1),
    N1 > H1.

%   not_performed(+Ed, +Held, +New): gaining is not performed — the same feature (the same value,
%   or one of them without a value, or values that work the same), or a lower one.
not_performed(Ed, Held, New) :-
    (   ( Held == New ; Held == null ; New == null ; works_as(Ed, Held, W), works_as(Ed, New, W) )
    ->  stated(Ed, gain_not_performed(same))
    ;   stated(Ed, gain_not_performed(lower))
    ).

performed(not_performed, false).
performed(gained, true).
performed(replaced(_), true).
performed(added(_), true).

outcome_feature(not_performed, _, _, _, _, _, none).
outcome_feature(gained, _, _, G, New, _, F) :-
    gained_feature(G, New, [], F).
outcome_feature(replaced(Old), Ed, CardId, G, New, _, F) :-
    replaced_kept(Ed, CardId, Old, Kept),
    gained_feature(G, New, Kept, F).
outcome_feature(added(V), _, _, G, N, Held, F) :-
    % the plus is kept apart: one given for a while goes when its condition does, and a card that
    % comes back into play (a new object) has none
    Bonus = _{amount:N, source:G.source, while:G.while, until:G.until, turn_of:G.turn_of},
    append(Held.bonuses, [Bonus], Bs),
    F = Held.put(_{value:V, bonuses:Bs}).

%   replaced_kept(+Ed, +CardId, +Old, -Kept): the replaced feature is kept, hidden under the higher
%   one, to come back when that one ends — every replaced feature, or own ones only, as the edition
%   states (replaced_returns); one not kept is dropped, citing why.
replaced_kept(Ed, CardId, Old, Kept) :-
    variant(Ed, replaced_returns, Which),
    (   ( Which == any ; Old.own == true )
    ->  Kept = [Old.put(suppressed, true)]
    ;   replaced_dropped(Ed, CardId, Old),
        Kept = Old.replaced         % what it had replaced is kept still
    ).

% «○ … если были собственными» (B): a replaced feature that was not the card's own does not come back.
replaced_dropped(Ed, _CardId, _Old) :-
    stated(Ed, replaced_returns).

gained_feature(G, Value, Kept, F) :-
    new_feature(_{name:G.name, value:Value, own:false, source:G.source, while:G.while,
                  until:G.until, turn_of:G.turn_of, replaced:Kept}, F).

current_value(not_performed, Held, _, V) :-
    (   Held == none -> V = null ; V = Held.value ).
current_value(gained, _, F, F.value).
current_value(replaced(_), _, F, F.value).
current_value(added(V), _, _, V).

put_feature(Card, Held, F, Card1) :-
    (   Held == none
    ->  append(Card.features, [F], Fs)
    ;   maplist(swap(Held, F), Card.features, Fs)
    ),
    Card1 = Card.put(features, Fs).

swap(Old, New, F, G) :-
    (   F == Old -> G = New ; G = F ).

%!  works_as(+Edition:atom, +Value, -WorksAs) is det.
%
%   The value a named feature works with: a negative value after modifiers works as 0 where the
%   edition says so (negative_value_works_as_zero: B 518.8); a value of 0 or more works as it is.
%   An edition that says nothing of a negative value (A) cannot compute one: it is refused, as a
%   die face of 7 is.
%
%   @see 518.8 (edition B)
%   @error impossible(Text) for a negative value under an edition that says nothing of one.
works_as(Ed, V, W) :-
    (   number(V), V < 0
    ->  (   states(Ed, negative_value_works_as_zero)
        ->  W = 0
        ;   missing_rule(Ed, negative_value_works_as_zero, _, Why),
            impossible("a named feature's value would be ~w: ~s", [V, Why])
        )
    ;   W = V
    ).

%!  held_features(+Edition:atom, +Features:list, -Held:list) is det.
%
%   Held are the Features (dicts with `name`, `value`, `suppressed`, as a card holds them or as
%   a final state shows them) the card has: a suppressed one it does not (suppressed_not_held:
%   B 540.3 «считается, что карта не обладает такой особенностью»; A, a feature a higher one
%   replaced). Each as `_{name:Name, value:Value}`.
%
%   @see 540.3 (edition B); «Замещение особенности…», ПРИМЕР 1 (edition A)
held_features(Ed, Features, Held) :-
    (   member(F, Features), F.suppressed == true
    ->  stated(Ed, suppressed_not_held)
    ;   true
    ),
    include(not_suppressed, Features, Kept),
    maplist(name_and_value, Kept, Held).

not_suppressed(F) :- F.suppressed \== true.
name_and_value(F, _{name:F.name, value:F.value}).

% --- a card comes to stand next to another ------------------------------------------------------

%!  approach(+Edition:atom, +Approach:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   Card `Approach.card` comes to stand next to card `Approach.to`: what each one gives a card
%   next to it (its `grants` held `while: adjacent`) the other one gains, while they stand so —
%   a gain of that feature from it, performed or not as gaining is. Result is
%   `_{gained:[Name, …], not_performed:[Name, …]}`.
%
%   @see «Замещение особенности…», ПРИМЕР 3 and 4 (edition A): «Льер-Кулат … подходит к Вайлу …»
%   @error impossible(Text) for a card that is not in the battle zone.
%   @error existence_error(card, Id) for an unknown card handle.
approach(Ed, A, State0, State, _{gained:Gained, not_performed:NotPerformed}) :-
    state_card(State0, A.card, C1),
    state_card(State0, A.to, C2),
    forall(member(C, [C1, C2]),
           (   C.zone == battle
           ->  true
           ;   refuse(adjacent_zone, "~w is in zone ~w: only cards in the battle zone stand next to each other", [C.id, C.zone])
           )),
    adjacent_grants(C1, C2.id, Gs1),
    adjacent_grants(C2, C1.id, Gs2),
    append(Gs1, Gs2, Gs),
    foldl(give_adjacent(Ed), Gs, r(State0, [], []), r(State, Gained, NotPerformed)).

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

% What a card gives a card next to it is gained while they stand so (A, ПРИМЕР 4: «…подходит к
% Вайлу без отравления, Вайл получает Отравление 1, пока Льер-Кулат стоит рядом»).
adjacent_grant(Ed, _Giver, _Taker, _G) :-
    ignore(states(Ed, adjacent_grant)).

% --- a feature ends when its condition stops ---------------------------------------------------

%!  leave(+Edition:atom, +Leave:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   Card `Leave.card` stops standing next to card `Leave.from`: every feature either holds
%   `while: adjacent` from the other ends; one a gain from the other did not replace stays.
%   Result is `_{ended:[Name, …], returned:[Name, …]}`, and `lessened:[Name, …]` when features
%   stay without a «+N» given for that while.
leave(Ed, L, State0, State, Result) :-
    state_card(State0, L.card, _),
    state_card(State0, L.from, _),
    foldl(end_adjacent(Ed, L.card, L.from), State0.cards, Cards, e([], []), e(Ended0, Returned)),
    split_ended(Ended0, Ended, Lessened),
    with_lessened(_{ended:Ended, returned:Returned}, Lessened, Result),
    State = State0.put(cards, Cards).

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
%   without a «+N» held until then.
%
%   @see 518.8 ПРИМЕР 1, 540.3.1 (edition B); where nothing ends, an uncited step says so
%   @error unsupported(condition_ended, Ed, Detail) where the edition says nothing of «до конца
%          хода» (A's loaded text).
end_of_turn(Ed, Event, State0, State, Result) :-
    requires(Ed, condition_ended(end_of_turn)),    % A's loaded text says nothing of «до конца хода»
    turn_player(Event, State0, Player),
    foldl(end_turn_card(Ed, Player), State0.cards, Cards, e([], []), e(Ended0, Returned)),
    split_ended(Ended0, Ended, Lessened),
    lift_markers(Ed, end_of_turn, State0.put(cards, Cards), State, Lifted),
    with_lessened(_{ended:Ended, returned:Returned, lifted:Lifted}, Lessened, Result),
    maplist(kept_markers(Ed), State.cards),
    (   Ended == [], Lessened == [], Lifted == [],
        \+ ( member(C, State.cards), member(F, C.features), suppressed_by_a_marker(F) )
    ->  (   member(C, State0.cards), member(F, C.features), kept_at_end_of_turn(Player, F)
        ->  % a feature stays by a step of its own: the text of what ends then
            stated(Ed, condition_ended(end_of_turn))
        ;   % nothing is held «до конца хода», nothing stays by a marker: no rule acts
            nothing_ends(Ed)
        )
    ;   true
    ).

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

%!  formation(+Edition:atom, +Formation:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   Formation.card leaves (`in: false`) or forms (`in: true`) a formation (строй). Leaving ends
%   every feature held `while: formation` (suppressed ones too: their condition broke); forming
%   gives again what static features — its own or another card's — grant it in formation. Result is
%   `_{ended:[…], gained:[…]}`.
%
%   @see 540.4 and its example (edition B: Горный Великан)
%   @error impossible(Text) for a card that forms a formation outside the battle zone.
formation(Ed, F, State0, State, _{ended:Ended, gained:Gained}) :-
    formation_stated(Ed),
    state_card(State0, F.card, Card0),
    (   F.in == true, Card0.zone \== battle
    ->  refuse(formation_zone, "~w is in zone ~w: only a card in the battle zone stands in a formation", [Card0.id, Card0.zone])
    ;   true
    ),
    (   F.in == false
    ->  % what it held in formation ends, however little (540.4 ○: «нарушилось условие её существования»)
        stated(Ed, condition_ended(formation)),
        leave_formation(Ed, F.card, State0, State, Ended),
        Gained = []
    ;   % what static features give in formation comes when it forms one (540.4 ПРИМЕР 1)
        % — and what its static feature gives the cards in formation with it (540.4 ○ «согласно
        % тексту той карты особенность сразу же должна быть получена вновь»)
        stated(Ed, formation_grant(formed)),
        formation_grants(Ed, formed, State0.cards, Card0.put(in_formation, true), Card),
        replace_card(State0, Card, State1),
        maplist(given_again(Ed, F.card, State1.cards), State1.cards, Cards),
        State = State1.put(cards, Cards),
        Ended = [],
        findall(N, ( member(C0, State0.cards), member(C, Cards), C.id == C0.id,
                     member(G, C.features), \+ memberchk(G, C0.features), N = G.name ), Gained)
    ).

%   given_again(+Ed, +SourceId, +Cards, +Card0, -Card): Card0, in formation, gets again what card
%   SourceId's static feature grants it in formation (formation_grants/5, its other grants aside).
given_again(Ed, SourceId, Cards, Card0, Card) :-
    (   Card0.id \== SourceId,
        include(granted_by(SourceId), Card0.grants, Gs), Gs \== []
    ->  formation_grants(Ed, formed, Cards, Card0.put(grants, Gs), Card1),
        Card = Card1.put(grants, Card0.grants)
    ;   Card = Card0
    ).

granted_by(SourceId, G) :- G.while == formation, get_dict(source, G, S), S == SourceId.

%   formation_stated(+Ed): the edition's text says what a formation breaking or forming does (B
%   540.4); A's loaded text does not (its one line on «строй» is an example of attack modifiers):
%   the event is refused, naming the edition that says it.
formation_stated(Ed) :-
    (   has_rule(Ed, condition_ended(formation))
    ->  true
    ;   findall(T, ( edition(E, _), E \== Ed, rule_units(E, condition_ended(formation), Us), Us \== [],
                     atomic_list_concat(Us, ', ', UT), format(string(T), "edition ~w: ~w", [E, UT]) ), Ts),
        atomic_list_concat(Ts, '; ', Where),
        format(string(Why), "the loaded text of edition ~w says nothing of a formation breaking or forming (it is stated in ~w)", [Ed, Where]),
        throw(error(unsupported(formation, Ed, Why), _))
    ).

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
    State = State0.put(cards, Cards).

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
        replaced_left(Ed, CardId, Why, F.replaced, Back0),
        maplist(replaced_returns(Ed, CardId), Back0),
        maplist(restore, Back0, Kept),
        append(En0, [F.name], En),
        maplist(name_of, Kept, Names),
        append(Re0, Names, Re)
    ;   replaced_left(Ed, CardId, Why, F.replaced, Stay),
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
            append(En0, [plus(F.name)], En), Re = Re0
        ;   Kept = [F1], En = En0, Re = Re0
        ),
        (   Why = end_of_turn(Player),
            member(X, [F|StayB]), X.until == end_of_your_turn, X.turn_of \== Player
        ->  feature_kept(Ed, CardId, F, turn_of(X.turn_of))   % it, or a plus to it
        ;   true
        )
    ).

minus_bonus(B, V0, V) :- V is V0 - B.amount.

%   replaced_left(+Ed, +CardId, +Why, +Replaced, -Left): the replaced features that stay when Why
%   ends: one held for that while ends with it (cited), and what it had replaced itself takes its
%   place — a replacement is not a loss (A «…не является потерей особенности»; B «○ подавляются до
%   появления новой базовой именной особенности, если были собственными»), so an own feature under
%   a chain of higher ones is kept whichever link of the chain ends first.
replaced_left(Ed, CardId, Why, Replaced, Left) :-
    maplist(replaced_left_1(Ed, CardId, Why), Replaced, Lefts),
    append(Lefts, Left).

replaced_left_1(Ed, CardId, Why, R, L) :-
    replaced_left(Ed, CardId, Why, R.replaced, Inner),
    (   ends(Why, R)
    ->  replaced_ended(Ed, CardId, Why, R),
        L = Inner
    ;   L = [R.put(replaced, Inner)]
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

% «+N к X» for a while ends with its condition.
bonus_ended(Ed, _CardId, _F, Why, B) :-
    why_condition(Why, B, Condition),
    ignore(states(Ed, condition_ended(Condition))).

restore(F0, F) :-
    (   F0.markers == [] -> F = F0.put(suppressed, false) ; F = F0 ).

ends(adjacent(Other), F) :- F.while == adjacent, F.source == Other.
ends(end_of_turn(_), F) :- F.until == end_of_turn.
ends(end_of_turn(P), F) :- F.until == end_of_your_turn, F.turn_of == P.
ends(formation, F) :- F.while == formation.
ends(formation_of(Source), F) :- F.while == formation, F.source == Source.

kept_for(adjacent(Other), adjacent(Other)).
kept_for(end_of_turn(_), end_of_turn).
kept_for(end_of_turn(P), your_turn(P)).

% A feature held while a condition holds ends with it (the edition's unit for that condition:
% A states the end of a feature held next to a card, and nothing of one «до конца хода», which then
% ends by its own words, citing nothing).
condition_ended(Ed, _CardId, F, Why) :-
    why_condition(Why, F, Condition),
    ignore(states(Ed, condition_ended(Condition))).

why_condition(adjacent(_), _, adjacent).
why_condition(end_of_turn(_), F, Until) :- Until = F.until.
why_condition(formation, _, formation).
why_condition(formation_of(_), _, formation).

% A feature a higher one replaced, held for a while that ends, ends with it: it will not come back.
replaced_ended(Ed, _CardId, Why, F) :-
    why_condition(Why, F, Condition),
    ignore(states(Ed, condition_ended(Condition))).

% What a higher feature replaced is the card's again when that one ends.
replaced_returns(Ed, _CardId, _F) :-
    stated(Ed, replaced_returns).

%   feature_kept(+Ed, +CardId, +F, +Why): F stays when a while ends, and why: a gain of it for that
%   while was not performed (A ПРИМЕР 3, B 518.8 ПРИМЕР 1); its suppression markers outlast the
%   turn (540.3.1; 540.4 for one acquired from a static feature); it is held «до конца вашего
%   хода» of another player.
feature_kept(Ed, _CardId, F, Why) :-
    (   Why = not_performed(_)
    ->  stated(Ed, not_performed_kept)
    ;   Why = marker(_)
    ->  stated(Ed, marker_period),
        (   F.own == false, F.static == true
        ->  stated(Ed, lost(acquired_from_a_static_feature))
        ;   true
        )
    ;   ignore(states(Ed, condition_ended(end_of_your_turn)))
    ).
