:- encoding(utf8).
:- module(axe,
          [ defend/5                    % +Edition, +Defence, +State0, -State, -Result
          ]).

/** <module> The axe rule: card text that explicitly contradicts the rules wins

Section axe_rule; the rules and the units that state them are edition data (editions/a.pl:
«Правило топора.», fragment 001): «Если в тексте карты в явном виде прописано
противоречие с настоящими Правилами, то преимущество в этой ситуации имеет текст карты.» — with the
example of Лёккен: «Выступая защитником, не закрывается. Может выступать защитником любое число
раз за ход».

The rules Лёккен's text contradicts (a defender taps; a creature defends once per turn) are not
stated by the loaded text of A: the example shows that card text wins, it states no rule. So a value
the card's text does not decide is asked of the edition (rules_default(Rule), edition data) and,
where the edition states none, refused as `unsupported` — never taken from the example. The loaded
text of edition B has no axe rule: a defence under B is `unsupported`.
A card overrides a rule with an entry in its `overrides` list:
`_{rule:defender_taps|defences_per_turn, value:V, feature:Text}`.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../state/game').
:- use_module('../editions/editions').

explain:mechanics_module(axe).

explain:step(axe:defend(Ed, D, _, _, Result), defend, _{edition:Ed, card:D.card}, Result).
explain:step(axe:card_overrides(_, CardId, O), axe_rule,
             _{card:CardId, rule:O.rule, card_feature:O.feature}, O.value).

%!  defend(+Edition:atom, +Defence:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   Defence.card acts as a defender. Result is `_{taps:Bool, defences_per_turn:N}`, the rules'
%   values unless the card's text overrides them (the axe rule).
%
%   @see «Правило топора.» (edition A)
%   @error unsupported(axe_rule, Ed, Detail) when edition Ed's data states no axe_rule.
%   @error unsupported(rules_default, Ed, Detail) when the card's text does not decide a rule and
%          the edition states no value for it (A: its text states neither rule).
defend(Ed, D, State0, State, _{taps:Taps, defences_per_turn:Times}) :-
    requires(Ed, card_text_wins),
    state_card(State0, D.card, Card),
    (   Card.zone == battle -> true ; refuse(defend_zone, "~w is in zone ~w: only a card in the battle zone defends", [Card.id, Card.zone]) ),
    rule_value(Ed, Card, defender_taps, Taps),
    rule_value(Ed, Card, defences_per_turn, Times),
    (   Taps == true -> Card1 = Card.put(tapped, true) ; Card1 = Card ),
    replace_card(State0, Card1, State).

rule_value(Ed, Card, Rule, Value) :-
    (   member(O, Card.overrides), O.rule == Rule
    ->  card_overrides(Ed, Card.id, O),
        Value = O.value
    ;   rules_say(Ed, Rule, Value)
    ).

% What the rules say where a card's text may contradict them.
rules_say(Ed, Rule, Value) :-
    stated(Ed, rules_default(Rule)),
    variant(Ed, rules_default(Rule), Value).

% The card's text explicitly contradicts the rules: the text wins.
card_overrides(Ed, _CardId, _Override) :-
    stated(Ed, card_text_wins).
