:- encoding(utf8).
:- module(held_once,
          [ one_value_each/2,           % +Edition, +Cards
            start_replaced/2,           % +Features0, -Features
            over_own/4                  % +Edition, +Features0, +New, -Outcome
          ]).

/** <module> A card holds one value of a named feature, from the start

Section named_features (editions/a.pl: «Замещение особенности…» ПРИМЕР 1; editions/b.pl: 518.8
ПРИМЕР 2): «существо с особенностью "Регенерация 2" не может получить особенность "Регенерация 1".
Если существу с особенностью "Регенерация 2" дают особенность "Регенерация 3", у существа вместо
"Регенерации 2" будет "Регенерация 3"». A card holds one value of a named feature: a lower or the
same one is not gained, a higher one stands instead of the one held. So a card the scenario lists
(its own `features`, then its `acquired`) holds each name once — names compared as everywhere,
by game:feature_key/2 (lower case, «ё» as «е») —, but for an own feature and an acquired one of a
higher value: the acquired one was gained over it and replaced it (start_replaced/2), as a gain
event would have done. A grant held in formation is given so too (over_own/4, for
formation:formation_grants/5): over a lower own value it stands instead of it.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../state/game').
:- use_module('../editions/editions', [rule_units/3]).
:- use_module(features, [works_as/3]).

explain:mechanics_module(held_once).

%!  one_value_each(+Edition:atom, +Cards:list) is det.
%
%   Every card of Cards (as the scenario lists them) holds each named feature once, or an own one
%   and a higher acquired one (which replaced it); a card in formation is granted `while:
%   formation` no value of its own feature that is not higher (`grant_not_higher`, path
%   "cards[i].grants[j]"). Else throws `failed(_{path:"cards[i].L[j]",
%   message, refusal:_{kind:feature_held_twice | feature_not_higher | grant_not_higher, values}})` for the second
%   entry of the name.
%
%   @see «Замещение особенности…» ПРИМЕР 1 (edition A), 518.8 ПРИМЕР 2 (edition B)
one_value_each(Ed, Cards) :-
    forall(nth0(I, Cards, C), card_once(Ed, I, C)).

card_once(Ed, I, C) :-
    grants_over_own(Ed, I, C),
    findall(L-J-F, ( member(L, [features, acquired]), get_dict(L, C, Fs), nth0(J, Fs, F) ), Es),
    forall(( nth0(K, Es, Second), Second = _-_-F2, feature_key(F2.name, Key),
             findall(E, ( nth0(K0, Es, E), K0 < K, E = _-_-F1, feature_key(F1.name, Key) ), Earlier),
             Earlier \== [] ),
           second_entry(Ed, I, C.id, Earlier, Second)).

second_entry(Ed, I, Id, Earlier, L2-J2-F2) :-
    format(string(Path), "cards[~w].~w[~w]", [I, L2, J2]),
    rule_units(Ed, gain_not_performed(lower), Units),
    atomic_list_concat(Units, ', ', Where),
    Earlier = [_-_-F1|_],
    shown(F1, Held),
    (   Earlier = [features-_-_], L2 == acquired
    ->  (   higher(Ed, F2.value, F1.value)
        ->  true
        ;   shown(F2, Given),
            failed(Path, feature_not_higher,
                   "~w is listed as having acquired ~w, but it holds its own ~w: a card holds one value of a named feature, and a lower or the same one is not gained (~w)",
                   [Id, Given, Held, Where])
        )
    ;   shown(F2, Given),
        failed(Path, feature_held_twice,
               "~w holds ~w and ~w: a card holds one value of a named feature (~w); list it once (an acquired one of a higher value replaces an own one), or write the later one as a gain_feature event",
               [Id, Held, Given, Where])
    ).

%   failed(+Path, +Kind, +Format, +Args): the start is refused, as scenario.pl's start checks refuse
%   one (Args are atoms: handed over as they are printed).
failed(Path, Kind, Format, Args) :-
    format(string(Msg), Format, Args),
    throw(failed(_{path:Path, message:Msg, refusal:_{kind:Kind, values:Args}})).

shown(F, Text) :-
    (   F.get(value, null) == null
    ->  format(atom(Text), "«~w»", [F.name])
    ;   format(atom(Text), "«~w ~w»", [F.name, F.value])
    ).

higher(Ed, New, Held) :-
    number(New), number(Held),
    works_as(Ed, New, N), works_as(Ed, Held, H),
    N > H.

%!  start_replaced(+Features0:list, -Features:list) is det.
%
%   Features0 are a card's features as the scenario starts (game:new_feature/2 dicts: own ones,
%   then acquired ones); an acquired one of a higher value than an own one of the same name stands
%   instead of it, the own one kept under it, `suppressed: true`, to come back when it ends (as a
%   gain of it does: features:gain/6). What one_value_each/2 refuses is not looked at.
start_replaced(Fs0, Fs) :-
    foldl(replace_own, Fs0, Fs0, Fs1),
    exclude(==(gone), Fs1, Fs).

replace_own(A, Fs0, Fs) :-
    (   A.own == false, number(A.value),
        member(O, Fs0), is_dict(O), O.own == true, O.key == A.key, number(O.value), A.value > O.value
    ->  New = A.put(replaced, [O.put(suppressed, true)]),
        maplist(put_instead(O, A, New), Fs0, Fs)
    ;   Fs = Fs0
    ).

put_instead(Own, Acquired, New, F0, F) :-
    (   F0 == Own -> F = New
    ;   F0 == Acquired -> F = gone
    ;   F = F0
    ).

%   grants_over_own(+Ed, +I, +C): a card the scenario starts in formation is not granted `while:
%   formation` a value of a feature it holds as its own that is not higher (it could not gain it:
%   518.8 ПРИМЕР 2, B; «Замещение особенности…» ПРИМЕР 1, A), else `failed(_{path:"cards[i].grants[j]",
%   refusal:_{kind:grant_not_higher, …}})`; a higher one stands instead of the own one (over_own/4).
grants_over_own(Ed, I, C) :-
    forall(( C.get(in_formation, false) == true, nth0(J, C.get(grants, []), G),
             G.get(while, null) == formation, feature_key(G.name, Key),
             member(F, C.features), feature_key(F.name, Key),
             \+ higher(Ed, G.get(value, null), F.get(value, null)) ),
           ( format(string(Path), "cards[~w].grants[~w]", [I, J]),
             rule_units(Ed, gain_not_performed(lower), Units), atomic_list_concat(Units, ', ', Where),
             shown(G, Given), shown(F, Held),
             failed(Path, grant_not_higher,
                    "~w stands in formation granted ~w, but it holds its own ~w: a card holds one value of a named feature, and a lower or the same one is not gained (~w); a formation event gives the grant where it can",
                    [C.id, Given, Held, Where]) )).

%!  over_own(+Edition:atom, +Features0:list, +New:dict, -Outcome) is det.
%
%   New (a game:new_feature/2 dict, not the card's own) is given to a card holding Features0.
%   Outcome is `none` when the card holds no working own feature of its name; `replaced(Features,
%   Own)` when it holds its own Own of a lower value: New stands instead of it, Own kept under it
%   `suppressed: true` (as start_replaced/2 does); `not_higher(Own, Kind)` when Own is not lower
%   (Kind `lower` or `same`: New is not gained).
%
%   @see 518.8 ПРИМЕР 2 (edition B), «Замещение особенности…» ПРИМЕР 1, 3 (edition A)
over_own(Ed, Fs0, New, Outcome) :-
    (   member(O, Fs0), O.own == true, O.key == New.key, O.suppressed == false
    ->  (   higher(Ed, New.value, O.value)
        ->  R = New.put(replaced, [O.put(suppressed, true)]),
            maplist(put_instead(O, none, R), Fs0, Fs),
            Outcome = replaced(Fs, O)
        ;   ( higher(Ed, O.value, New.value) -> Kind = lower ; Kind = same ),
            Outcome = not_higher(O, Kind)
        )
    ;   Outcome = none
    ).
