:- encoding(utf8).
:- module(features,
          [ gain_feature/5,             % +Edition, +Gain, +State0, -State, -Result
            leave/5,                    % +Edition, +Leave, +State0, -State, -Result
            end_of_turn/5,              % +Edition, +Event, +State0, -State, -Result
            formation/5,                % +Edition, +Formation, +State0, -State, -Result
            works_as/3,                 % +Edition, +Value, -WorksAs
            held_features/3             % +Edition, +Features, -Held
          ]).

/** <module> Named features: gaining, replacing, adding, and ending with their condition

Section named_features. The rules and the units that state them are edition data (editions/a.pl:
the unnumbered paragraph «Замещение особенности - это эффект правил и не является потерей
особенности» (fragment 002) and its five examples; editions/b.pl: 518.8 and its three examples, and
540.4 for a feature whose condition of existence breaks). The editions agree on every behaviour
here but one: B states that a negative value works as 0 (negative_value_works_as_zero, 518.8).

A feature held by a card is a dict
`_{name:Name, key:Key, value:IntOrNull, own:Bool, source:CardOrNull,
   while:adjacent|formation|null, until:end_of_turn|null, suppressed:Bool, markers:[Marker],
   static:Bool, trigger:death|null, replaced:[Feature], bonuses:[Bonus]}`;
`replaced` keeps own features a higher one replaced (replacement is not a loss).
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
explain:step(features:granted_value(_, G, V), granted_value, _{base:G.value, modifiers:G.modifiers}, V).
explain:step(features:gain_outcome(Op, _, Held, New, Outcome), gain_outcome,
             _{op:Op, held:H, new:New}, O) :-
    held_value(Held, H), outcome_json(Outcome, O).
explain:step(features:works_as(_, V, W), works_as, _{value:V}, W).
explain:step(features:leave(Ed, L, _, _, Result), leave, _{edition:Ed, card:L.card, from:L.from}, Result).
explain:step(features:end_of_turn(Ed, _, _, _, Result), end_of_turn, _{edition:Ed}, Result).
explain:step(features:condition_ended(_, CardId, F, Why), feature_ended,
             _{card:CardId, name:F.name, value:F.value, source:F.source}, W) :-
    why_json(Why, W).

why_json(adjacent(Other), _{no_longer_next_to:Other}).
why_json(end_of_turn, end_of_turn).
why_json(formation, formation_broken).
explain:step(features:bonus_ended(_, CardId, F, B), bonus_ended,
             _{card:CardId, name:F.name, plus:B.amount, source:B.source}, ended).
explain:step(features:replaced_returns(_, CardId, F), feature_returns,
             _{card:CardId, name:F.name, value:F.value}, returned).
explain:step(features:nothing_ends(_, CardId, From), nothing_ends, _{card:CardId, from:From}, none).
explain:step(features:formation(Ed, F, _, _, Result), formation, _{edition:Ed, card:F.card, in:F.in}, Result).
explain:step(features:nothing_ends_this_turn(_), nothing_ends, _{at:end_of_turn}, none).

held_value(F, V) :-
    (   F == none -> V = null ; V = _{name:F.name, value:F.value, source:F.source} ).

outcome_json(gained, gained).
outcome_json(not_performed, not_performed).
outcome_json(replaced(_), replaced).
outcome_json(added(V), _{added:V}).

% --- gaining a named feature --------------------------------------------------------------------

%!  gain_feature(+Edition:atom, +Gain:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   A card is given a feature (`op: grant`) or «+N к X» (`op: add`). Result is
%   `_{performed:Bool, name:Name, value:Value, works_as:WorksAs}`.
%
%   @see 518.8 and its examples (edition B); «Замещение особенности…» and its examples (edition A)
%   @error unsupported(add_to_missing_feature, Ed, Detail) for «+N к X» on a card without X.
%   @error existence_error(card, Id) for an unknown card handle.
gain_feature(Ed, G, State0, State, _{performed:Performed, name:G.name, value:Value, works_as:WorksAs}) :-
    state_card(State0, G.card, Card),
    feature_key(G.name, Key),
    held(Card, Key, Held),
    (   G.op == add
    ->  New = G.value
    ;   granted_value(Ed, G, New)
    ),
    gain_outcome(G.op, Ed, Held, New, Outcome),
    outcome_feature(Outcome, G, New, Held, Feature),
    performed(Outcome, Performed),
    (   Performed == true
    ->  put_feature(Card, Held, Feature, Card1),
        replace_card(State0, Card1, State)
    ;   State = State0
    ),
    current_value(Outcome, Held, Feature, Value),
    works_as(Ed, Value, WorksAs).

held(Card, Key, Held) :-
    (   member(F, Card.features), F.key == Key, F.suppressed == false
    ->  Held = F
    ;   Held = none
    ).

% The value granted, after the modifiers applied to the grant (Менгир: «+1» to Бокор's poison).
granted_value(Ed, G, V) :-
    (   G.modifiers == []
    ->  V = G.value
    ;   G.value == null
    ->  domain_error(feature_with_a_value, G.name)
    ;   stated(Ed, grant_modifiers),
        foldl(add_modifier, G.modifiers, G.value, V)
    ).

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

outcome_feature(not_performed, _, _, _, none).
outcome_feature(gained, G, New, _, F) :-
    gained_feature(G, New, [], F).
outcome_feature(replaced(Old), G, New, _, F) :-
    (   Old.own == true
    ->  Kept = [Old.put(suppressed, true)]
    ;   Kept = []
    ),
    gained_feature(G, New, Kept, F).
outcome_feature(added(V), G, N, Held, F) :-
    (   G.until == null, G.while == null
    ->  F = Held.put(value, V)
    ;   % «+N к X» for a while: the plus goes when its condition does
        Bonus = _{amount:N, source:G.source, while:G.while, until:G.until},
        append(Held.bonuses, [Bonus], Bs),
        F = Held.put(_{value:V, bonuses:Bs})
    ).

gained_feature(G, Value, Kept, F) :-
    new_feature(_{name:G.name, value:Value, own:false, source:G.source, while:G.while,
                  until:G.until, replaced:Kept}, F).

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
%   edition says so (negative_value_works_as_zero: B 518.8); otherwise the value works as it is.
%
%   @see 518.8 (edition B)
works_as(Ed, V, W) :-
    (   number(V), V < 0, states(Ed, negative_value_works_as_zero)
    ->  W = 0
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

% --- a feature ends when its condition stops ---------------------------------------------------

%!  leave(+Edition:atom, +Leave:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   Card `Leave.card` stops standing next to card `Leave.from`: every feature either holds
%   `while: adjacent` from the other ends. Result is `_{ended:[Name, …], returned:[Name, …]}`.
leave(Ed, L, State0, State, _{ended:Ended, returned:Returned}) :-
    state_card(State0, L.card, _),
    state_card(State0, L.from, _),
    foldl(end_adjacent(Ed, L.card, L.from), State0.cards, Cards, e([], []), e(Ended, Returned)),
    State = State0.put(cards, Cards),
    (   Ended == []
    ->  nothing_ends(Ed, L.from, L.card)
    ;   true
    ).

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
%   Every feature held `until: end_of_turn` ends, and every suppression marker «до конца хода» goes.
%   Event is the event's (empty) dict. Result is `_{ended:[…], returned:[…], lifted:[Card/Name, …]}`.
end_of_turn(Ed, _Event, State0, State, _{ended:Ended, returned:Returned, lifted:Lifted}) :-
    foldl(end_turn_card(Ed), State0.cards, Cards, e([], []), e(Ended, Returned)),
    lift_markers(Ed, end_of_turn, State0.put(cards, Cards), State, Lifted),
    (   Ended == [], Lifted == []
    ->  nothing_ends_this_turn(Ed)
    ;   true
    ).

nothing_ends_this_turn(Ed) :-
    ignore(states(Ed, nothing_ends_at_end_of_turn)).

%!  formation(+Edition:atom, +Formation:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   Formation.card leaves (`in: false`) or forms (`in: true`) a formation (строй). Leaving ends
%   every feature held `while: formation` (suppressed ones too: their condition broke); forming
%   gives again what the card's static features grant in formation. Result is
%   `_{ended:[…], gained:[…]}`.
%
%   @see 540.4 and its example (edition B: Горный Великан)
formation(Ed, F, State0, State, _{ended:Ended, gained:Gained}) :-
    state_card(State0, F.card, Card0),
    (   F.in == false
    ->  end_features(Ed, formation, Card0, Card1, e([], []), e(Ended, _)),
        Card = Card1.put(in_formation, false),
        Gained = []
    ;   formation_grants(Ed, formed, Card0.put(in_formation, true), Card),
        Ended = [],
        findall(N, ( member(G, Card.features), \+ memberchk(G, Card0.features), N = G.name ), Gained)
    ),
    replace_card(State0, Card, State).

end_turn_card(Ed, Card0, Card, E0, E) :-
    end_features(Ed, end_of_turn, Card0, Card, E0, E).

end_features(Ed, Why, Card0, Card, E0, E) :-
    foldl(end_feature(Ed, Why, Card0.id), Card0.features, Kept0, E0, E),
    append(Kept0, Kept),
    Card = Card0.put(features, Kept).

end_feature(Ed, Why, CardId, F, Kept, e(En0, Re0), e(En, Re)) :-
    (   ends(Why, F)
    ->  condition_ended(Ed, CardId, F, Why),
        maplist(replaced_returns(Ed, CardId), F.replaced),
        maplist(restore, F.replaced, Back),
        Kept = Back,
        append(En0, [F.name], En),
        maplist(name_of, Back, Names),
        append(Re0, Names, Re)
    ;   partition(ends(Why), F.bonuses, Gone, Stay),
        Gone \== []
    ->  maplist(bonus_ended(Ed, CardId, F), Gone),
        foldl(minus_bonus, Gone, F.value, V),
        Kept = [F.put(_{value:V, bonuses:Stay})],
        foldl(sum_bonus, Gone, 0, Total),
        format(atom(Name), "~w −~w", [F.name, Total]),
        append(En0, [Name], En), Re = Re0
    ;   Kept = [F], En = En0, Re = Re0
    ).

minus_bonus(B, V0, V) :- V is V0 - B.amount.
sum_bonus(B, S0, S) :- S is S0 + B.amount.

% «+N к X» for a while ends with its condition.
bonus_ended(Ed, _CardId, _F, _Bonus) :-
    stated(Ed, bonus_ended).

restore(F0, F) :-
    (   F0.markers == [] -> F = F0.put(suppressed, false) ; F = F0 ).

ends(adjacent(Other), F) :- F.while == adjacent, F.source == Other.
ends(end_of_turn, F) :- F.until == end_of_turn.
ends(formation, F) :- F.while == formation.

% A feature held while a condition holds ends with it.
condition_ended(Ed, _CardId, _F, Why) :-
    why_condition(Why, Condition),
    stated(Ed, condition_ended(Condition)).

why_condition(adjacent(_), adjacent).
why_condition(end_of_turn, end_of_turn).
why_condition(formation, formation).

% What a higher feature replaced is the card's again when that one ends.
replaced_returns(Ed, _CardId, _F) :-
    stated(Ed, replaced_returns).

% Leaving ends nothing the card did not gain from the other one.
nothing_ends(Ed, _From, _CardId) :-
    stated(Ed, nothing_ends_on_leaving).
