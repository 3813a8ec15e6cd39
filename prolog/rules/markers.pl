:- encoding(utf8).
:- module(markers,
          [ lift_markers/5,             % +Edition, +When, +State0, -State, -Lifted
            lifted_result/4,            % +State0, +State, +Result0, -Result
            end_of_battle/5,            % +Edition, +Event, +State0, -State, -Result
            remove_markers/5,           % +Edition, +Removal, +State0, -State, -Result
            lift_feature/6              % +Which, +CardId, +Feature0, -Feature, +Lifted0, -Lifted
          ]).

/** <module> Suppression markers lifted

Section loss_of_features (editions/b.pl: 540, fragment 004), 540.3.1: a suppression marker goes at
the end of its period («до конца хода», «до конца боя») or on its explicit removal («…до явной
потери маркера»), «после чего особенность снова начинает влиять на игру» — and what a static
feature gives in formation is given again (540.4 ○). A feature carries its markers (loss.pl, which
puts them on; and a move out of the battle zone lifts those not stated to work anywhere, 540.5).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../state/game').
:- use_module('../editions/editions').
:- use_module(formation).

explain:mechanics_module(markers).

explain:step(markers:lift_markers(_, When, _, _, Lifted), markers_lifted, _{when:When}, Lifted).
explain:step(markers:remove_markers(Ed, R, _, _, Result), markers_removed, _{edition:Ed, card:R.card, feature:R.feature}, Result).
explain:step(markers:nothing_lifted(_, When), nothing_lifted, _{when:When}, []).
% no unit says that where no marker's period ends none goes: no rule acts (as nothing_ends)
explain:uncited_step(nothing_lifted).
explain:step(markers:no_markers(_, CardId, Feature), no_markers, _{card:CardId, feature:Feature}, []).
explain:uncited_step(no_markers).

%!  lift_markers(+Edition:atom, +When:atom, +State0:dict, -State:dict, -Lifted:list) is det.
%
%   Every suppression marker whose period ends When (`end_of_turn`, `end_of_battle`) goes; a
%   feature with no marker left works again, and a card whose Строй works again gets what it gives
%   in formation. Lifted names the features that work again, as `Card/Name` atoms.
%
%   @see 540.3.1 (edition B)
lift_markers(Ed, When, State0, State, Lifted) :-
    foldl(lift_card(until(When)), State0.cards, Cards0, [], Lifted),
    grants_again(Ed, State0.put(cards, Cards0), State),
    (   Lifted \== []
    ->  ignore(states(Ed, markers_lifted))
    ;   true
    ).

lift_card(Which, C0, C, L0, L) :-
    foldl(lift_feature(Which, C0.id), C0.features, Fs, L0, L),
    C = C0.put(features, Fs).

%!  lift_feature(+Which, +CardId:atom, +Feature0:dict, -Feature:dict, +Lifted0:list, -Lifted:list) is det.
%
%   The markers of Feature0 (and of the own features it replaced) that Which lifts go
%   (`until(When)`: those of that period; `moved`: those not stated to work anywhere, 540.5; `all`);
%   a feature with none left works again and its `CardId/Name` is added to Lifted.
lift_feature(Which, CardId, F0, F, L0, L) :-
    exclude(lifted_by(Which), F0.markers, Ms),
    maplist(lift_inner(Which), F0.replaced, Inner),
    (   F0.markers \== [], Ms == []
    ->  F = F0.put(_{suppressed:false, markers:[], replaced:Inner}),
        format(atom(Name), "~w/~w", [CardId, F0.name]),
        append(L0, [Name], L)
    ;   F = F0.put(_{markers:Ms, replaced:Inner}), L = L0
    ).

lift_inner(Which, F0, F) :-
    exclude(lifted_by(Which), F0.markers, Ms),
    F = F0.put(markers, Ms).

lifted_by(until(When), M) :- M.until == When.
lifted_by(moved, M) :- M.anywhere \== true.
lifted_by(all, _).

%!  end_of_battle(+Edition:atom, +Event:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   The battle (бой) ends: markers «до конца боя» go. Event is the event's (empty) dict. Result is
%   `_{lifted:[…]}`, and `returned_grants:[Card/Name, …]` when what a static feature gives in
%   formation is given again (lifted_result/4).
%
%   @see 540.3.1 «…особенность считается потерянной до конца боя» (edition B)
%   @error unsupported(loss_of_features, Ed, Detail) when edition Ed's data states no marker period
%          (A: no suppression markers, no «до конца боя»), as remove_markers/5 is refused.
end_of_battle(Ed, _Event, State0, State, Result) :-
    requires(Ed, marker_period),
    lift_markers(Ed, end_of_battle, State0, State, Lifted),
    lifted_result(State0, State, _{lifted:Lifted}, Result),
    (   Lifted == []
    ->  nothing_lifted(Ed, end_of_battle)
    ;   true
    ).

%!  lifted_result(+State0:dict, +State:dict, +Result0:dict, -Result:dict) is det.
%
%   Result is Result0 with `returned_grants:[Card/Name, …]` when a card of State holds a feature
%   `while: formation` that it did not hold in State0 — what a static feature gives in formation,
%   given again when a marker went (grants_again/3) — and with those names added to its
%   `returned` where it has that list (an end of turn): it is back, as a replaced feature is.
%
%   @see 540.3.1 «…после чего особенность снова начинает влиять на игру», 540.4 ○ (edition B)
lifted_result(State0, State, Result0, Result) :-
    findall(Id/Name-Name,
            ( member(C, State.cards), get_dict(id, C, Id), member(C0, State0.cards), C0.id == Id,
              member(G, C.features), G.get(while, null) == formation,
              \+ ( member(H, C0.features), H.key == G.key ), Name = G.name ), Pairs),
    (   Pairs == []
    ->  Result = Result0
    ;   pairs_keys_values(Pairs, Keys, Names),
        maplist(card_feature_atom, Keys, Given),
        Result1 = Result0.put(returned_grants, Given),
        (   get_dict(returned, Result1, R0) -> subtract(Names, R0, New), append(R0, New, R), Result = Result1.put(returned, R)
        ;   Result = Result1
        )
    ).

card_feature_atom(Id/Name, A) :- format(atom(A), "~w/~w", [Id, Name]).

%   nothing_lifted(+Ed, +When): no feature works again When — no marker of that period lies on a
%   card: no rule acts, and the step says so, citing nothing.
nothing_lifted(_Ed, _When).

%   no_markers(+Ed, +CardId, +Feature): the card (its feature Feature, or any: null) has no
%   suppression marker: an effect removing them removes nothing, and the step says so.
no_markers(_Ed, _CardId, _Feature).

%!  remove_markers(+Edition:atom, +Removal:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   An effect removes the suppression markers of Removal.card (of one feature when Removal.feature
%   names it): «…до явной потери маркера». Result is `_{lifted:[…]}` (and `returned_grants`, as
%   end_of_battle/5); where it has none, nothing is
%   removed and an uncited step says so.
%
%   @see 540.3.1 (edition B)
%   @error unsupported(loss_of_features, Ed, Detail) when edition Ed's data states no loss_of_features.
remove_markers(Ed, R, State0, State, Result) :-
    requires(Ed, marker_removal),
    state_card(State0, R.card, Card0),
    (   R.feature == null
    ->  foldl(lift_feature(all, Card0.id), Card0.features, Fs, [], Lifted)
    ;   feature_key(R.feature, Key),
        foldl(lift_named(Key, Card0.id), Card0.features, Fs, [], Lifted)
    ),
    (   Lifted == []
    ->  no_markers(Ed, Card0.id, R.feature)      % nothing removed: 540.3.1 does not act
    ;   stated(Ed, marker_removal)
    ),
    replace_card(State0, Card0.put(features, Fs), State1),
    grants_again(Ed, State1, State),
    lifted_result(State0, State, _{lifted:Lifted}, Result).

%   grants_again(+Ed, +State0, -State): markers went; every card gets again what static features
%   give it in formation where they work again (formation_grants/5) — the one clause every path that
%   lifts a marker goes through (540.3.1 «…снова начинает влиять на игру»; 540.4 ○).
grants_again(Ed, State0, State) :-
    maplist(formation_grants(Ed, works_again, State0.cards), State0.cards, Cards),
    State = State0.put(cards, Cards).

lift_named(Key, CardId, F0, F, L0, L) :-
    (   F0.key == Key -> lift_feature(all, CardId, F0, F, L0, L) ; F = F0, L = L0 ).
