:- encoding(utf8).
:- module(replacement,
          [ replaced_effect/5           % +Edition, +State, +Effect0, +Chosen, -Effect
          ]).

/** <module> Replacement effects

Edition A, «Эффект замещения.» (fragment 003): 516.1 («[текст 1], вместо этого – [текст 2]»),
516.1.1 («Не получает ран от …», «Получает раны только от …»), 516.1.2 (static, applied at the
actual moment) and the unnumbered paragraphs after it: only at the moment the ability executes; one
player with several effects picks one; when both players can, the active player picks; a replacement
may apply to the result of another one. The loaded text of edition B has none of this.

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

explain:mechanics_module(replacement).

explain:step(replacement:replaced_effect(Ed, _, E0, _, E), replacement, _{edition:Ed, effect:E0}, E).
explain:step(replacement:choose_replacement(_, _, Rs, _, R, Chooser), replacement_chosen,
             _{applicable:Ids}, _{chosen:R.id, by:Chooser}) :-
    maplist(get_id, Rs, Ids).

get_id(R, R.id).
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
replaced_effect('A', State, E0, Chosen, E) :-
    % 516.1.2: «…эти способности являются постоянными и применяются всегда в актуальный момент.»
    cite('A:516.1.2'),
    applicable_all(State, E0, Rs),
    replace_loop('A', State, Rs, Chosen, E0, E).
replaced_effect('B', _, _, _, _) :-
    unsupported(replacement_effects, 'B', "the loaded text of edition B has no replacement effects (A: 516.1)").

replace_loop(Ed, State, Rs, Chosen, E0, E) :-
    include(applies(E0), Rs, Applicable),
    (   Applicable == []
    ->  E = E0
    ;   choose_replacement(Ed, State, Applicable, Chosen, R, _Chooser),
        apply_replacement(Ed, R, E0, E1),
        exclude(same_id(R), Rs, Rest),
        (   include(applies(E1), Rest, [_|_])
        ->  % «Эффект замещения можно применять к эффекту, который получился в результате
            %  использования другого эффекта замещения.»
            cite('A:516.1.2/эффект-замещения-можно-применять')
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
%   which player picked it.
choose_replacement('A', _State, [R], _, R, R.controller) :-
    % «Эффект замещения может быть применён только в момент выполнения способности.»
    cite('A:516.1.2/эффект-замещения-может-быть').
choose_replacement('A', State, [R1, R2|Rs], Chosen, R, Chooser) :-
    Applicable = [R1, R2|Rs],
    maplist(get_controller, Applicable, Controllers0),
    sort(Controllers0, Controllers),
    (   Controllers = [Chooser]
    ->  % «Если игрок может применить несколько эффектов замещения к одному и тому же эффекту, то
        %  он выбирает, какой именно эффект будет применён.»
        cite('A:516.1.2/если-игрок-может-применить')
    ;   % «Если оба игрока могут применить эффекты замещения к одному и тому же эффекту, то
        %  Активный игрок выбирает, какой именно эффект будет применён.»
        cite('A:516.1.2/если-оба-игрока-могут'),
        Chooser = State.active
    ),
    (   member(Id, Chosen), member(R, Applicable), R.id == Id
    ->  true
    ;   R = R1
    ).

get_controller(R, R.controller).

apply_replacement('A', R, E0, E) :-
    (   R.type == instead
    ->  % 516.1: «Если способность имеет вид "[текст 1], вместо этого – [текст 2]", то [текст 2]
        %  называется эффектом замещения.»
        cite('A:516.1'),
        (   R.amount == null -> Amount = E0.amount ; Amount = R.amount ),
        E = E0.put(_{kind:R.becomes, amount:Amount})
    ;   % 516.1.1: «Эффекты вида "Не получает ран от [текст]" и "Получает раны только от [текст]"
        %  также являются эффектами замещения.»
        cite('A:516.1.1'),
        E = E0.put(amount, 0)
    ).
