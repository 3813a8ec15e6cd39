:- encoding(utf8).
:- module(replacement,
          [ replaced_effect/5           % +Edition, +State, +Effect0, +Chosen, -Effect
          ]).

/** <module> Replacement effects

Section replacement_effects; the rules and the units that state them are edition data
(editions/a.pl: «Эффект замещения.», fragment 003): 516.1 («[текст 1], вместо этого – [текст 2]»),
516.1.1 («Не получает ран от …», «Получает раны только от …»), 516.1.2 (static, applied at the
actual moment) and the unnumbered paragraphs after it: only at the moment the ability executes; one
player with several effects picks one; when both players can, the active player picks; a replacement
may apply to the result of another one. The loaded text of edition B has none of this: under B a
replacement is `unsupported`.

An effect being executed is a dict `_{kind:Kind, card:CardId, amount:N, source:CardOrNull,
attack:AttackKind}` (kind `wounds`, `regeneration`, …). Replacement effects are held by cards in
play, in the card's `effects` list:
`_{id:Id, type:instead, of:Kind, becomes:Kind2, amount:NOrNull, protects:Who}`,
`_{id:Id, type:no_wounds_from, kinds:[AttackKind], protects:Who}`,
`_{id:Id, type:wounds_only_from, kinds:[AttackKind], protects:Who}`; Who is `self`, `own` (every
card of its controller) or `all`.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../state/game').
:- use_module('../editions/editions').

explain:mechanics_module(replacement).

explain:step(replacement:replaced_effect(Ed, _, E0, _, E), replacement, _{edition:Ed, effect:E0}, E).
explain:step(replacement:choose_replacement(_, _, Rs, _, R, Chooser), replacement_chosen,
             _{applicable:Ids}, _{chosen:R.id, by:Chooser}) :-
    maplist(id_of, Rs, Ids).
explain:step(replacement:apply_replacement(_, R, E0, E), replacement_applied,
             _{replacement:R.id, type:R.type, holder:R.holder, effect:E0}, E).

%!  replaced_effect(+Edition:atom, +State:dict, +Effect0:dict, +Chosen:list, -Effect:dict) is det.
%
%   Effect is Effect0 after every applicable replacement effect, one at a time: while some apply,
%   one is picked (by the Chosen ids, else in listed order) and applied to the result of the last.
%   Each replacement applies at most once.
%
%   @see 516.1, 516.1.1, 516.1.2 and the paragraphs after it (edition A)
%   @error unsupported(replacement_effects, 'B', Detail) under edition B.
replaced_effect(Ed, State, E0, Chosen, E) :-
    stated(Ed, replacement_effects),
    applicable_all(State, E0, Rs),
    replace_loop(Ed, State, Rs, Chosen, E0, E).

replace_loop(Ed, State, Rs, Chosen, E0, E) :-
    include(applies(E0), Rs, Applicable),
    (   Applicable == []
    ->  E = E0
    ;   choose_replacement(Ed, State, Applicable, Chosen, R, _Chooser),
        apply_replacement(Ed, R, E0, E1),
        exclude(same_id(R), Rs, Rest),
        (   include(applies(E1), Rest, [_|_])
        ->  % one applies to the result of another
            stated(Ed, replacement_of_a_replacement)
        ;   true
        ),
        replace_loop(Ed, State, Rest, Chosen, E1, E)
    ).

same_id(R, X) :- X.id == R.id.

% Every replacement effect of a card in play that protects the card the effect is about.
applicable_all(State, E, Rs) :-
    findall(R, ( member(C, State.cards), in_play(C.zone),
                 member(R0, C.effects), replacement_type(R0.type),
                 protects(State, C, R0.protects, E.card),
                 R = R0.put(_{holder:C.id, controller:C.controller}) ),
            Rs).

replacement_type(instead).
replacement_type(no_wounds_from).
replacement_type(wounds_only_from).

applies(E, R) :-
    (   R.type == instead
    ->  R.of == E.kind
    ;   R.type == no_wounds_from
    ->  E.kind == wounds, E.amount > 0, memberchk(E.attack, R.kinds)
    ;   R.type == wounds_only_from
    ->  E.kind == wounds, E.amount > 0, \+ memberchk(E.attack, R.kinds)
    ).

%   choose_replacement(+Ed, +State, +Applicable, +Chosen, -R, -Chooser): which one applies, and
%   which player picked it: the only one, at the moment the ability executes; one player's pick
%   among theirs; the active player's when both players have one.
choose_replacement(Ed, State, Applicable, Chosen, R, Chooser) :-
    (   Applicable = [R]
    ->  stated(Ed, replacement_chosen(only_one)),
        card_controller(R, Chooser)
    ;   maplist(card_controller, Applicable, Controllers0),
        sort(Controllers0, Controllers),
        (   Controllers = [Chooser]
        ->  stated(Ed, replacement_chosen(by_its_player))
        ;   stated(Ed, replacement_chosen(by_the_active_player)),
            Chooser = State.active
        ),
        (   member(Id, Chosen), member(R, Applicable), R.id == Id
        ->  true
        ;   Applicable = [R|_]
        )
    ).

% «[текст 1], вместо этого – [текст 2]» (instead), or «Не получает ран от …» / «Получает раны
% только от …» (no wounds): replaced_by(instead) / replaced_by(no_wounds).
apply_replacement(Ed, R, E0, E) :-
    (   R.type == instead
    ->  stated(Ed, replaced_by(instead)),
        (   R.amount == null -> Amount = E0.amount ; Amount = R.amount ),
        E = E0.put(_{kind:R.becomes, amount:Amount})
    ;   stated(Ed, replaced_by(no_wounds)),
        E = E0.put(amount, 0)
    ).
