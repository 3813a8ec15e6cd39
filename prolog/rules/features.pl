:- encoding(utf8).
:- module(features,
          [ gain_feature/5,             % +Edition, +Gain, +State0, -State, -Result
            leave/5,                    % +Edition, +Leave, +State0, -State, -Result
            end_of_turn/4,              % +Edition, +State0, -State, -Result
            formation/5,                % +Edition, +Formation, +State0, -State, -Result
            works_as/3                  % +Edition, +Value, -WorksAs
          ]).

/** <module> Named features: gaining, replacing, adding, and ending with their condition

Edition A: the unnumbered paragraph «Замещение особенности - это эффект правил и не является
потерей особенности» (fragment 002) and its five examples (Регенерация, +1 к Отравлению, Ашельта,
Льер-Кулат, Бокор and Менгир). Edition B: 518.8 (fragment 000) and its three examples (Ледовый
Охотник, Регенерация, +1 к Отравлению); 540.4 for a feature whose condition of existence breaks.

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
:- use_module(loss, [lift_markers/5]).
:- use_module(formation).

explain:mechanics_module(features).

explain:step(features:gain_feature(Ed, G, _, _, Result), gain_feature,
             _{edition:Ed, card:G.card, name:G.name, value:G.value, op:G.op, source:G.source}, Result).
explain:step(features:granted_value(_, G, V), granted_value, _{base:G.value, modifiers:G.modifiers}, V).
explain:step(features:gain_outcome(_, Op, Held, New, Outcome), gain_outcome,
             _{op:Op, held:H, new:New}, O) :-
    held_value(Held, H), outcome_json(Outcome, O).
explain:step(features:works_as(_, V, W), works_as, _{value:V}, W).
explain:step(features:leave(Ed, L, _, _, Result), leave, _{edition:Ed, card:L.card, from:L.from}, Result).
explain:step(features:end_of_turn(Ed, _, _, Result), end_of_turn, _{edition:Ed}, Result).
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

held_value(none, null).
held_value(F, _{name:F.name, value:F.value, source:F.source}) :- is_dict(F).

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
    gain_outcome(Ed, G.op, Held, New, Outcome),
    outcome_feature(Outcome, G, Key, New, Held, Feature),
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
    ;   modifiers_cited(Ed),
        foldl(add_modifier, G.modifiers, G.value, V)
    ).

modifiers_cited('A') :-
    % «…Менгир может усилить отравление на 1, и Вайл получит Отравление 2…»
    cite('A:замещение-особенности-это-эффект/ex5').
modifiers_cited('B') :-
    % 518.8: «…после наложения модификаторов…»
    cite('B:518.8').

add_modifier(Mod, V0, V) :-
    V is V0 + Mod.value.

%   gain_outcome(+Ed, +Op, +Held, +New, -Outcome): what gaining does to a card that holds Held.
gain_outcome(Ed, grant, Held, New, Outcome) :-
    (   Held == none
    ->  gained(Ed),
        Outcome = gained
    ;   higher(Ed, New, Held.value)
    ->  replaced(Ed),
        Outcome = replaced(Held)
    ;   not_performed(Ed, Held.value, New),
        Outcome = not_performed
    ).
gain_outcome(Ed, add, Held, N, Outcome) :-
    (   Held == none
    ->  unsupported(add_to_missing_feature, Ed,
                    "the loaded text does not say what «+N к X» does to a card without X")
    ;   Held.value == null
    ->  domain_error(feature_with_a_value, Held.name)
    ;   added(Ed),
        V is Held.value + N,
        Outcome = added(V)
    ).

%   higher(+Ed, +New, +Held): a new value replaces the held one only when it is higher; a feature
%   without a value is not higher than one with a value, nor than itself. Under B a value works
%   as it would (518.8: a negative one as 0) when the two are compared.
higher(Ed, New, Held) :-
    number(New), number(Held),
    works_as(Ed, New, N1),
    works_as(Ed, Held, H1),
    N1 > H1.

gained('A') :-
    % «Льер-Кулат ("Затмение") подходит к Вайлу без отравления, Вайл получает Отравление 1…»
    cite('A:замещение-особенности-это-эффект/ex4').
gained('B') :-
    % ПРИМЕР 1: gaining is performed unless the creature already has the feature.
    cite('B:518.8/ex1').

not_performed('A', Held, New) :-
    (   Held == New ; Held == null ; New == null )
    ->  % «…получение Магии крови от Ашельты считается не выполненным…»
        cite('A:замещение-особенности-это-эффект/ex3')
    ;   % «существо с особенностью "Регенерация 2" не может получить особенность "Регенерация 1"»
        cite('A:замещение-особенности-это-эффект/ex1').
not_performed('B', Held, New) :-
    (   Held == New ; Held == null ; New == null ; works_as('B', Held, W), works_as('B', New, W) )
    ->  % ПРИМЕР 1: «…получение этого Опыта в атаке не будет считаться выполненным…»
        cite('B:518.8/ex1')
    ;   % ПРИМЕР 2: «существо с особенностью "Регенерация 2" не может получить особенность "Регенерация 1"»
        cite('B:518.8/ex2').

replaced('A') :-
    % «…у существа вместо "Регенерации 2" будет "Регенерация 3", и будет выполняться она.»
    cite('A:замещение-особенности-это-эффект/ex1'),
    % «Замещение особенности - это эффект правил и не является потерей особенности»
    cite('A:замещение-особенности-это-эффект').
replaced('B') :-
    cite('B:518.8/ex2').

added('A') :-
    % «существо с особенностью "Отравление 1" получает "+1 к Отравлению", … "Отравление 2"»
    cite('A:замещение-особенности-это-эффект/ex2').
added('B') :-
    cite('B:518.8/ex3').

performed(not_performed, false).
performed(gained, true).
performed(replaced(_), true).
performed(added(_), true).

outcome_feature(not_performed, _, _, _, _, none).
outcome_feature(gained, G, Key, New, _, F) :-
    new_feature(G, Key, New, [], F).
outcome_feature(replaced(Old), G, Key, New, _, F) :-
    (   Old.own == true
    ->  Kept = [Old.put(suppressed, true)]
    ;   Kept = []
    ),
    new_feature(G, Key, New, Kept, F).
outcome_feature(added(V), G, _, N, Held, F) :-
    (   G.until == null, G.while == null
    ->  F = Held.put(value, V)
    ;   % «+N к X» for a while: the plus goes when its condition does
        Bonus = _{amount:N, source:G.source, while:G.while, until:G.until},
        append(Held.bonuses, [Bonus], Bs),
        F = Held.put(_{value:V, bonuses:Bs})
    ).

new_feature(G, Key, Value, Kept, F) :-
    F = _{name:G.name, key:Key, value:Value, own:false, source:G.source, while:G.while,
          until:G.until, suppressed:false, markers:[], static:false, trigger:null, replaced:Kept,
          bonuses:[]}.

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

replace_card(State0, Card, State) :-
    maplist(swap_card(Card), State0.cards, Cards),
    State = State0.put(cards, Cards).

swap_card(Card, C, D) :-
    (   C.id == Card.id -> D = Card ; D = C ).

%!  works_as(+Edition:atom, +Value, -WorksAs) is det.
%
%   The value a named feature works with. Edition B (518.8): a negative value after modifiers
%   works as 0. Edition A says nothing of it: the value works as it is.
%
%   @see 518.8 (edition B)
works_as('B', V, W) :-
    (   number(V), V < 0
    ->  % 518.8: «…эта особенность работает как “[именная особенность] 0”.»
        cite('B:518.8'),
        W = 0
    ;   W = V
    ).
works_as('A', V, V).

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

%!  end_of_turn(+Edition:atom, +State0:dict, -State:dict, -Result:dict) is det.
%
%   Every feature held `until: end_of_turn` ends, and every suppression marker «до конца хода» goes.
%   Result is `_{ended:[…], returned:[…], lifted:[Card/Name, …]}`.
end_of_turn(Ed, State0, State, _{ended:Ended, returned:Returned, lifted:Lifted}) :-
    foldl(end_turn_card(Ed), State0.cards, Cards, e([], []), e(Ended, Returned)),
    lift_markers(Ed, end_of_turn, State0.put(cards, Cards), State, Lifted),
    (   Ended == [], Lifted == []
    ->  nothing_ends_this_turn(Ed)
    ;   true
    ).

nothing_ends_this_turn('A').
nothing_ends_this_turn('B') :-
    % ПРИМЕР 1: «…получение этого Опыта в атаке не будет считаться выполненным, поэтому в конце хода
    %  Опыт в атаке у этого существа не пропадёт.»
    cite('B:518.8/ex1').

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
        maplist(get_name, Back, Names),
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

bonus_ended('A', _CardId, _F, _Bonus) :-
    % «…Вайл получает Отравление 1, пока Льер-Кулат стоит рядом, и если отойдёт от него, то
    %  Отравление спадёт.»
    cite('A:замещение-особенности-это-эффект/ex4').
bonus_ended('B', _CardId, _F, _Bonus) :-
    % ПРИМЕР 1: «…ваше существо получает [Опыт в атаке] 1 или +1 к [Опыту в атаке] до конца вашего
    %  хода.» — the plus lasts until the end of the turn.
    cite('B:518.8/ex1').

get_name(F, F.name).
restore(F0, F) :-
    (   F0.markers == [] -> F = F0.put(suppressed, false) ; F = F0 ).

ends(adjacent(Other), F) :- F.while == adjacent, F.source == Other.
ends(end_of_turn, F) :- F.until == end_of_turn.
ends(formation, F) :- F.while == formation.

condition_ended('A', _CardId, _F, _Why) :-
    % «…Вайл получает Отравление 1, пока Льер-Кулат стоит рядом, и если отойдёт от него, то
    %  Отравление спадёт.»
    cite('A:замещение-особенности-это-эффект/ex4').
condition_ended('B', _CardId, _F, Why) :-
    (   Why == end_of_turn
    ->  % ПРИМЕР 1: a feature gained «до конца вашего хода» goes at the end of the turn.
        cite('B:518.8/ex1')
    ;   % 540.4: an acquired feature goes once «нарушилось условие её существования».
        cite('B:540.4/item2.2')
    ).

replaced_returns('A', _CardId, _F) :-
    % «Замещение особенности - это эффект правил и не является потерей особенности»
    cite('A:замещение-особенности-это-эффект').
replaced_returns('B', _CardId, _F) :-
    % «○ подавляются до появления новой базовой именной особенности, если были собственными.»
    cite('B:~000_ee1f512a66c0b866/item1').

nothing_ends('A', _From, _CardId) :-
    % «…получение Магии крови от Ашельты считается не выполненным, поэтому когда это существо
    %  отойдёт от Ашельты, Магия крови у него сохранится.»
    cite('A:замещение-особенности-это-эффект/ex3').
nothing_ends('B', _From, _CardId) :-
    % ПРИМЕР 1: «…поэтому в конце хода Опыт в атаке у этого существа не пропадёт.»
    cite('B:518.8/ex1').
