:- encoding(utf8).
:- module(turn_ends,
          [ turn_ended/4,               % +Edition, +CardId, +Feature, +Player
            bonus_turn_ended/4,         % +Edition, +CardId, +Feature, +Bonus
            replaced_turn_ended/4       % +Edition, +CardId, +Feature, +Player
          ]).

/** <module> What is held «до конца (вашего) хода» ends when the turn does: the engine's reading

Edition B's only words on a feature held until the end of a turn are 518.8 ПРИМЕР 1's: «Ледовый
Охотник имеет текст: “Вальхалла: ваше существо получает [Опыт в атаке] 1 или +1 к [Опыту в атаке] до
конца вашего хода.” … получение этого Опыта в атаке не будет считаться выполненным, поэтому в конце
хода Опыт в атаке у этого существа не пропадёт» — said of a gain that was not performed. That a
feature so held (a plus to one, a replaced one) does end at the end of that turn is those words read
by contraposition, not what they say: the steps here cite nothing and say it is the engine's reading
(as the other uncited steps do: explain:uncited_step/1). An edition whose data says nothing of a
feature held so (A) is refused (requires/2), as feature_ends:end_of_turn/5 refuses its end of turn.
The callers are feature_ends.pl's condition_ended/4, bonus_ended/5 and replaced_ended/4.
*/

:- use_module('../engine/explain').
:- use_module('../editions/editions').

explain:mechanics_module(turn_ends).

explain:step(turn_ends:turn_ended(_, CardId, F, P), feature_ended_at_turn_end,
             _{card:CardId, name:F.name, value:F.value, source:F.source, until:F.until,
               decides:[ended, lost_grants]}, _{end_of_turn:P}).
explain:step(turn_ends:bonus_turn_ended(_, CardId, F, B), bonus_ended_at_turn_end,
             _{card:CardId, name:F.name, plus:B.amount, minus:M, source:B.source, until:B.until}, ended) :-
    % a «−N» is said so (`minus`; null for a plus), never as «+-N»
    ( B.amount < 0 -> M is -B.amount ; M = null ).
explain:step(turn_ends:replaced_turn_ended(_, CardId, F, P), replaced_ended_at_turn_end,
             _{card:CardId, name:F.name, value:F.value, source:F.source, until:F.until},
             _{end_of_turn:P}).
explain:uncited_step(feature_ended_at_turn_end).
explain:uncited_step(bonus_ended_at_turn_end).
explain:uncited_step(replaced_ended_at_turn_end).

%!  turn_ended(+Edition:atom, +CardId:atom, +Feature:dict, +Player:atom) is det.
%
%   Feature of card CardId, held `until: end_of_turn | end_of_your_turn`, ends as Player's turn
%   ends. Cites nothing (B 518.8 ПРИМЕР 1 read by contraposition: the module comment).
%
%   @error unsupported(Mechanic, Edition, Detail) where the edition's data says nothing of it.
turn_ended(Ed, _CardId, F, _Player) :-
    requires(Ed, condition_ended(F.until)).

%!  bonus_turn_ended(+Edition:atom, +CardId:atom, +Feature:dict, +Bonus:dict) is det.
%
%   The «+N» Bonus to Feature of card CardId, held until the end of a turn, ends with it. Cites
%   nothing, as turn_ended/4.
%
%   @error unsupported(Mechanic, Edition, Detail) where the edition's data says nothing of it.
bonus_turn_ended(Ed, _CardId, _F, B) :-
    requires(Ed, condition_ended(B.until)).

%!  replaced_turn_ended(+Edition:atom, +CardId:atom, +Feature:dict, +Player:atom) is det.
%
%   Feature of card CardId, replaced by a higher one and held until the end of a turn, ends with
%   that turn and will not come back. Cites nothing, as turn_ended/4.
%
%   @error unsupported(Mechanic, Edition, Detail) where the edition's data says nothing of it.
replaced_turn_ended(Ed, _CardId, F, _Player) :-
    requires(Ed, condition_ended(F.until)).
