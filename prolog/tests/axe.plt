:- encoding(utf8).
/*  plunit tests of rules/axe.pl: the axe rule (edition A, «Правило топора.»). Expected values are
    worked from the quoted text.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module('../engine/explain').
:- use_module('../rules/axe').
:- use_module(helpers).

:- begin_tests(axe).

% «Например, у Лёккена: "Выступая защитником, не закрывается. Может выступать защитником любое
% число раз за ход".» — Лёккен's text decides both values: the text wins.
test(lekken, [true(R =@= _{taps:false, defences_per_turn:unlimited})]) :-
    card(_{id:lekken, overrides:[_{rule:defender_taps, value:false, feature:"Выступая защитником, не закрывается"},
                                 _{rule:defences_per_turn, value:unlimited, feature:"Может выступать защитником любое число раз за ход"}]}, L),
    state([L], S0), defend('A', _{card:lekken}, S0, _, R).

% A's loaded text states no rule a defender follows (the Лёккен example is not one): a defence the
% card's text does not decide is refused, not given a value taken from the example.
test(the_rules_are_not_stated, [throws(error(unsupported(rules_default, 'A', _), _))]) :-
    card(_{id:c}, C), state([C], S0), defend('A', _{card:c}, S0, _, _).

% Лёккен's text decides only whether it taps: how often it defends is still the silent rule's.
test(half_decided, [throws(error(unsupported(rules_default, 'A', _), _))]) :-
    card(_{id:l, overrides:[_{rule:defender_taps, value:false, feature:"не закрывается"}]}, L),
    state([L], S0), defend('A', _{card:l}, S0, _, _).

% «…преимущество в этой ситуации имеет текст карты» — cited by the step that applies the text.
test(the_text_wins_cites, [true(Cites == ['A:правило-топора/если-в-тексте-карты'])]) :-
    card(_{id:l, overrides:[_{rule:defender_taps, value:false, feature:"не закрывается"},
                            _{rule:defences_per_turn, value:unlimited, feature:"любое число раз"}]}, L),
    state([L], S0), once(prove(axe:defend('A', _{card:l}, S0, _, _), P)),
    step_nodes(P, axe_rule, [N, _]), Cites = N.cites.

test(only_in_the_battle_zone, [throws(error(impossible(_), _))]) :-
    card(_{id:c, zone:hand}, C), state([C], S0), defend('A', _{card:c}, S0, _, _).

test(b_has_no_axe_rule, [throws(error(unsupported(axe_rule, 'B', _), _))]) :-
    card(_{id:c}, C), state([C], S0), defend('B', _{card:c}, S0, _, _).

:- end_tests(axe).
