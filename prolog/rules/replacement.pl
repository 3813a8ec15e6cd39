:- encoding(utf8).
:- module(replacement,
          [ replaced_effect/6,          % +Edition, +State, +Effect0, +Chosen, +Declined, -Effect
            nothing_replaces/2,         % +State, +Effect
            replacement_candidates/3    % +State, +Effect, -Ids
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
`_{id:Id, type:instead, of:Kind, becomes:Kind2, amount:NOrNull, protects:Who, optional:Bool, text:TextOrNull}`,
`_{id:Id, type:no_wounds_from, kinds:[AttackKind], protects:Who}`,
`_{id:Id, type:wounds_only_from, kinds:[AttackKind], protects:Who}`; Who is `self`, `own` (every
card of its controller) or `all`; `optional` is «может вместо»: its player may decline it —
said by the scenario, or by the effect's words (`text`) holding «может вместо».

The players' choices are `Chosen` (a list, or one list per player: game:choice_list/3) and
`Declined` (the ids of optional replacement effects their players decline). Without a stated
choice, the first applicable effect in the order of the cards and their effects is picked, and the
step says that no choice was stated.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../state/game').
:- use_module('../editions/editions').

explain:mechanics_module(replacement).

explain:step(replacement:replacing(Ed, _, E0, _, _, E), replacement, _{edition:Ed, effect:E0}, E).
explain:step(replacement:unchanged(Ed, _, E0, _, _, E), replacement_unchanged, _{edition:Ed, effect:E0}, E).
explain:step(replacement:choose_replacement(_, _, Rs, _, R-Stated, Chooser), replacement_chosen,
             _{applicable:Ids}, _{chosen:R.id, by:Chooser, stated:Stated}) :-
    maplist(id_of, Rs, Ids).
explain:step(replacement:declined(_, R), replacement_declined, _{replacement:R.id, holder:R.holder}, declined).
explain:step(replacement:not_declined(_, R), replacement_not_declined, _{replacement:R.id, holder:R.holder}, applied).
% no loaded text says an optional replacement nobody declines applies: the engine's default
explain:uncited_step(replacement_not_declined).
explain:step(replacement:not_in_play(_, R-Zone), replacement_not_in_play,
             _{replacement:R.id, holder:R.holder, zone:Zone}, not_applied).
% no loaded text says the effect of a card not in play does not apply: the engine's reading
explain:uncited_step(replacement_not_in_play).
explain:step(replacement:applied_once(_, Ids, E), replacement_applied_once, _{replacements:Ids, effect:E}, stopped).
explain:uncited_step(replacement_applied_once).
explain:step(replacement:apply_replacement(_, R, E0, E), replacement_applied,
             _{replacement:R.id, type:R.type, holder:R.holder, effect:E0}, E).

%!  nothing_replaces(+State:dict, +Effect:dict) is semidet.
%
%   No replacement effect of a card, in play or not, would apply to Effect in State: it executes as
%   it is (no step of replaced_effect/6).
nothing_replaces(State, E0) :-
    applicable_all(State, E0, Rs, Away),
    Away == [],
    \+ ( member(R, Rs), applies(E0, R) ).

%!  replaced_effect(+Edition:atom, +State:dict, +Effect0:dict, +Chosen, +Declined:list, -Effect:dict) is det.
%
%   Effect is Effect0 after every applicable replacement effect, one at a time: while some apply,
%   one is picked (by the Chosen ids — a list, or one list per player —, else in listed order) and
%   applied to the result of the last; an optional one that Declined names is not applied. Each
%   replacement applies at most once. When none applies, there is no step (nothing replaces it).
%
%   @see 516.1 and its example («Большой кулак может вместо…»), 516.1.1, 516.1.2 and the
%        paragraphs after it (edition A)
%   @error unsupported(replacement_effects, Ed, Detail) when edition Ed's data states no replacement_effects.
%   @error no_effect(Field, Why) when a player's choice names an applicable replacement effect that
%          another player picks (516.1.2).
%   @error no_effect(Field, Why) when Declined names an effect that is not optional, or one that
%          never applies to this effect.
replaced_effect(Ed, State, E0, Chosen, Declined, E) :-
    requires(Ed, replacement_effects),
    applicable_all(State, E0, Rs, _),
    (   nothing_replaces(State, E0)
    ->  E = E0,                     % nothing replaces it: no step
        declined_left(Declined, Declined)
    ;   include(applies(E0), Rs, [R1|Rs1]), forall(member(R, [R1|Rs1]), memberchk(R.id, Declined))
    ->  unchanged(Ed, State, E0, Chosen, Declined, E)
    ;   replacing(Ed, State, E0, Chosen, Declined, E)
    ).

replacing(Ed, State, E0, Chosen, Declined, E) :-
    stated(Ed, replacement_effects),
    applicable_all(State, E0, Rs, Away),
    maplist(not_in_play(Ed), Away),
    replace_loop(Ed, State, Rs, Chosen, Declined-Left, E0, E),
    findall(Id, ( member(R, Rs), get_dict(id, R, Id), \+ memberchk(Id, Declined), applies(E, R) ), Again),
    ( Again == [] -> true ; applied_once(Ed, Again, E) ),
    declined_left(Declined, Left).

% Every replacement effect that would apply is declined: the effect executes unchanged. What decides
% it is «может вместо» (516.1, ПРИМЕР «Большой кулак может вместо Регенерации 4…»: its player may
% decline), not 516.1.2 (when a replacement applies), which the step replacing/6 cites.
unchanged(Ed, State, E0, Chosen, Declined, E) :-
    stated(Ed, replacement_optional),
    applicable_all(State, E0, Rs, Away),
    maplist(not_in_play(Ed), Away),
    replace_loop(Ed, State, Rs, Chosen, Declined-Left, E0, E),
    declined_left(Declined, Left).

% A replacement already applied that would apply again to the result (a loop: regeneration → heal,
% heal → regeneration) is not applied again: each applies at most once. No loaded unit says so (516.1.2
% speaks of which one applies first): the engine's bound, said by an uncited step.
applied_once(_Ed, _Ids, _Effect).

%   declined_left(+Declined, +Left): no id of Declined is one that never applied (Left).
declined_left(Declined, Left) :-
    (   nth0(J, Declined, Id), memberchk(Id, Left)
    ->  format(string(Field), "decline[~w]", [J]),
        said(decline_not_applying, Why, "~w is not a replacement effect that applies to this effect, so there is nothing to decline", [Id]),
        no_effect(Field, Why)
    ;   true
    ).

%   replace_loop(+Ed, +State, +Rs, +Chosen, +Declined-Left, +E0, -E): Left are the Declined ids
%   that never applied.
replace_loop(Ed, State, Rs, Chosen, D0-D, E0, E) :-
    include(applies(E0), Rs, Applicable0),
    partition(declined_by(D0), Applicable0, Declined, Applicable),
    maplist(declined(Ed), Declined),
    foldl(consume_decline, Declined, D0, D1),
    exclude(among(Declined), Rs, Rs1),
    (   Applicable == []
    ->  E = E0, D = D1
    ;   (   Applicable = [R]
        ->  true                    % one applies: nobody chooses
        ;   choose_replacement(Ed, State, Applicable, Chosen, R-_, _Chooser)
        ),
        ( optional(R) -> not_declined(Ed, R) ; true ),
        apply_replacement(Ed, R, E0, E1),
        exclude(same_id(R), Rs1, Rest),
        (   include(applies(E1), Rest, [_|_])
        ->  % one applies to the result of another
            stated(Ed, replacement_of_a_replacement)
        ;   true
        ),
        replace_loop(Ed, State, Rest, Chosen, D1-D, E1, E)
    ).

same_id(R, X) :- X.id == R.id.
among(Rs, X) :- member(R, Rs), R.id == X.id.

declined_by(Ids, R) :- memberchk(R.id, Ids).
consume_decline(R, D0, D) :- exclude(==(R.id), D0, D).

% «Большой кулак может вместо Регенерации 4…»: a replacement its text makes optional («может»)
% may be declined by its player; one that says «вместо этого» alone may not.
declined(Ed, R) :-
    (   optional(R)
    ->  stated(Ed, replacement_optional)
    ;   rule_units(Ed, replacement_optional, Units),
        atomic_list_concat(Units, ', ', Where),
        said(decline_not_optional, Why, "~w is not optional: neither optional: true nor its text says «может вместо» (~w), so its player cannot decline it",
               [R.id, Where]),
        no_effect("decline", Why)
    ).

% … and one that may be declined but that no decline names applies: the engine's default (516.1 and
% its example say it «может», not what happens when its player says nothing).
not_declined(Ed, _R) :-
    requires(Ed, replacement_optional).

%   optional(+R): the replacement is «может вместо …»: the scenario says so (`optional: true`), or
%   its words (`text`, as the card or the example gives them) do.
optional(R) :-
    (   R.get(optional, false) == true
    ->  true
    ;   get_dict(text, R, Text), ( string(Text) ; atom(Text) ), Text \== null,
        sub_string(Text, _, _, _, "может вместо")
    ).

%   applicable_all(+State, +E, -Rs, -Away): every replacement effect that protects the card the
%   effect is about: of a card in play (Rs), or of a card not in play that would apply (Away, as
%   `R-Zone`).
applicable_all(State, E, Rs, Away) :-
    findall(InPlay-R, ( member(C, State.cards),
                        member(R0, C.effects), replacement_type(R0.type),
                        protects(State, C, R0.protects, E.card),
                        R = R0.put(_{holder:C.id, controller:C.controller}),
                        ( in_play(C.zone) -> InPlay = true ; InPlay = C.zone ) ),
            Pairs),
    findall(R, member(true-R, Pairs), Rs),
    findall(R-Z, ( member(Z-R, Pairs), Z \== true, applies(E, R) ), Away).

%!  replacement_candidates(+State:dict, +Effect:dict, -Ids:list) is det.
%
%   Ids are the replacement effects replaced_effect/6 weighs for Effect: every one that protects
%   the card Effect is about, of a card in play, and every one of a card not in play that would
%   apply (it is left out with a step). A choice can name only these (prevention_order:choices_apply/2).
replacement_candidates(State, E, Ids) :-
    applicable_all(State, E, Rs, Away),
    findall(Id, ( member(R, Rs), Id = R.id ; member(R-_, Away), Id = R.id ), Ids).

% A replacement effect of a card that is not in play does not apply: no loaded unit says so in
% words (516.1.2 «…применяются всегда в актуальный момент» speaks of when, not of where its card
% is), so the step cites nothing and says it is the engine's reading (as prevention:not_in_play/2).
not_in_play(_Ed, _R-_Zone).

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

%   choose_replacement(+Ed, +State, +Applicable, +Chosen, -R, -Chooser): which one of two or more
%   applies, and which player picked it: one player's pick among theirs; the active player's when
%   both players have one.
choose_replacement(Ed, State, Applicable, Chosen, R-Stated, Chooser) :-
    maplist(card_controller, Applicable, Controllers0),
    sort(Controllers0, Controllers),
    (   Controllers = [Chooser]
    ->  stated(Ed, replacement_chosen(by_its_player))
    ;   stated(Ed, replacement_chosen(by_the_active_player)),
        Chooser = State.active
    ),
    forall(other_pick(Chosen, Chooser, Applicable, Player, J, Id),
           (   format(string(Field), "choose.~w[~w]", [Player, J]),
               said(pick_not_yours, Why, "~w picks which replacement effect applies here (~w: a player picks among their own, the active player only «Если оба игрока могут применить…»): ~w's pick of ~w has no effect",
                      [Chooser, '516.1.2', Player, Id]),
               no_effect(Field, Why)
           )),
    choice_list(Chosen, Chooser, Ids),
    (   member(Id, Ids), member(R, Applicable), R.id == Id
    ->  Stated = true
    ;   Applicable = [R|_], Stated = false
    ).

%   other_pick(+Chosen, +Chooser, +Applicable, -Player, -J, -Id): in a per-player choice, a player
%   other than the one who picks names (at J) one of the applicable replacement effects.
other_pick(Chosen, Chooser, Applicable, Player, J, Id) :-
    is_dict(Chosen),
    get_dict(Player, Chosen, Ids), Player \== Chooser,
    nth0(J, Ids, Id),
    member(R, Applicable), R.id == Id.

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
