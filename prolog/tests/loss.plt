:- encoding(utf8).
/*  plunit tests of rules/loss.pl: loss of features and suppression markers (edition B, 540).
    Expected values are worked from the quoted text.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module('../engine/explain').
:- use_module('../rules/loss').
:- use_module('../rules/markers').
:- use_module('../rules/feature_ends', []).
:- use_module(helpers).

:- begin_tests(loss).

loss_of(Which, Duration, _{card:c, which:Which, duration:Duration, anywhere:false}).

with(Own, Acquired, Extra, S) :-
    maplist(own, Own, Fs1), maplist(acquired, Acquired, Fs2), append(Fs1, Fs2, Fs),
    card(_{id:c, features:Fs}.put(Extra), C), state([C], S).

own(Name-Value, F) :- feature(_{name:Name, value:Value}, F).
acquired(Name-Value-Static, F) :- feature(_{name:Name, value:Value, own:false, static:Static}, F).

working(S, Names) :-
    S.cards = [C|_], findall(N, ( member(F, C.features), F.suppressed == false, N = F.name ), Names).

% 540.2: «…она лишается всех своих собственных особенностей, но не приобретённых»; 540.3: «…каждая
% собственная потерянная особенность подавляется».
test(all_own_features, [true(Sup-W == ['Регенерация']-['Броня'])]) :-
    with(['Регенерация'-1], ['Броня'-1-false], _{}, S0), loss_of(all, null, L),
    lose_features('B', L, S0, S, R), Sup = R.suppressed, working(S, W).

% 540.2: «Например, потеря Строя приводит к потере всех приобретенных особенностей, связанных со
% строем.»
test(losing_stroy, [true(Removed == ['Опыт в защите'])]) :-
    feature(_{name:'Строй'}, Stroy),
    feature(_{name:'Опыт в защите', value:1, own:false, while:formation, static:true}, Exp),
    card(_{id:c, in_formation:true, features:[Stroy, Exp]}, C), state([C], S0),
    loss_of('Строй', null, L), lose_features('B', L, S0, _, R), Removed = R.removed.

% 540.4: «● собственная особенность подавляется…»; «○ удаляется с карты…»; «○ подавляется подобно
% постоянной особенности, если источник приобретенной особенности – постоянная особенность…»
test(one_feature, [true(R1-R2-R3 == (['Регенерация']-[])-([]-['Броня'])-(['Опыт']-[]))]) :-
    with(['Регенерация'-1], ['Броня'-1-false, 'Опыт'-1-true], _{}, S0),
    loss_of('Регенерация', null, L1), lose_features('B', L1, S0, _, X1), R1 = X1.suppressed-X1.removed,
    loss_of('Броня', null, L2), lose_features('B', L2, S0, _, X2), R2 = X2.suppressed-X2.removed,
    loss_of('Опыт', null, L3), lose_features('B', L3, S0, _, X3), R3 = X3.suppressed-X3.removed.

% 540.3.1: «Если период не указан, особенность считается потерянной до конца боя»: the marker goes
% at the end of the battle, and the feature works again.
test(until_the_end_of_the_battle, [true(Until-Lifted == end_of_battle-['c/Регенерация'])]) :-
    with(['Регенерация'-1], [], _{}, S0), loss_of(all, null, L),
    lose_features('B', L, S0, S1, _),
    S1.cards = [C|_], C.features = [F|_], F.markers = [M], Until = M.until,
    end_of_battle('B', _{}, S1, _, E), Lifted = E.lifted.

% 540.5: «…лишение особенностей действует только на карты, расположенные в зоне битвы…»
test(only_in_the_battle_zone, [true(Sup == [])]) :-
    with(['Регенерация'-1], [], _{zone:play}, S0), loss_of(all, null, L),
    lose_features('B', L, S0, _, R), Sup = R.suppressed.

% 540.5, ПРИМЕР 1: «Степной Волколак без особенностей погиб. Он вернёт свои особенности, но уже после
% того, как будут заявлены и выполнены все особенности, сработавшие на его гибель. Свой особый удар
% Степной Волколак не нанесёт.»
test(steppe_werewolf, [true(T-Restored == []-['Особый удар'])]) :-
    feature(_{name:'Особый удар', value:2, trigger:death}, F),
    card(_{id:c, features:[F]}, C), state([C], S0),
    loss_of(all, null, L), lose_features('B', L, S0, S1, _),
    zone_change('B', _{card:c, to:graveyard}, S1, _, Z), T = Z.triggered, Restored = Z.restored.

% 540.3.1: «(или до явной потери маркера)»
test(markers_removed, [true(Lifted == ['c/Регенерация'])]) :-
    with(['Регенерация'-1], [], _{}, S0), loss_of(all, end_of_turn, L),
    lose_features('B', L, S0, S1, _),
    remove_markers('B', _{card:c, feature:null}, S1, _, R), Lifted = R.lifted.

test(a_has_no_loss_of_features, [throws(error(unsupported(loss_of_features, 'A', _), _))]) :-
    with(['Регенерация'-1], [], _{}, S0), loss_of(all, null, L), lose_features('A', L, S0, _, _).

% A card that leaves the play zone ends its prevention effects (leaving:left_play_zone/4): the
% remainder of «следующие 4 раны» is gone after a move to the graveyard (edition A).
test(a_move_out_of_play_ends_prevention, [true(E =@= _{id:p, type:prevent, amount:4, remaining:0, left_play:true, left_since:true})]) :-
    card(_{id:c, effects:[_{id:p, type:prevent, amount:4, remaining:4}]}, C), state([C], S0),
    zone_change('A', _{card:c, to:graveyard}, S0, S, _), S.cards = [C1], C1.effects = [E].

:- end_tests(loss).
