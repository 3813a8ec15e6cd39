:- encoding(utf8).
/*  plunit tests of rules/formation.pl: what a card's static features give it in formation (строй).
    Expected values are worked from the quoted text (B 540.4 ПРИМЕР 1, 540.3, 540.3.1).
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module('../engine/explain').
:- use_module('../rules/formation').
:- use_module(helpers).

:- begin_tests(formation).

% Горный Великан: «Строй: Опыт в защите 1».
giant(InFormation, StroySuppressed, Giant) :-
    feature(_{name:'Строй', suppressed:StroySuppressed}, Stroy),
    card(_{id:giant, in_formation:InFormation, features:[Stroy],
           grants:[_{name:'Опыт в защите', value:1, while:formation}]}, Giant).

names(Card, Names) :- findall(N-V, ( member(F, Card.features), N = F.name, V = F.value ), Names).

% 540.4, ПРИМЕР 1: «Горный Великан имеет опыт в защите, пока стоит в строю.»
test(in_formation, [true(Ns == ['Строй'-null, 'Опыт в защите'-1])]) :-
    giant(true, false, G0), formation_grants('B', formed, [], G0, G), names(G, Ns).

test(not_in_formation, [true(Ns == ['Строй'-null])]) :-
    giant(false, false, G0), formation_grants('B', formed, [], G0, G), names(G, Ns).

% 540.3: a suppressed Строй «не оказывает никаких эффектов на игру»: nothing is granted.
test(stroy_suppressed, [true(Ns == ['Строй'-null])]) :-
    giant(true, true, G0), formation_grants('B', formed, [], G0, G), names(G, Ns).

% «…не будет им обладать, пока не разорвёт строй и не образует его заново» (forming: 540.4 ПРИМЕР 1);
% «(то есть если после потери согласно тексту той карты особенность сразу же должна быть получена
% вновь)» (Строй works again: 540.4 ○ — 540.3.1 is about the suppressed Строй, not the grant).
test(the_grant_cites_why, [true(C1-C2 == ['B:540.4/ex1']-['B:540.4/item2.2'])]) :-
    giant(true, false, G0),
    once(prove(formation:formation_grants('B', formed, [], G0, _), [N1])), C1 = N1.cites,
    once(prove(formation:formation_grants('B', works_again, [], G0, _), [N2])), C2 = N2.cites.

% A's text says nothing of it: granted, and nothing cited.
test(a_grants_uncited, [true(P == [])]) :-
    giant(true, false, G0), once(prove(formation:formation_grants('A', formed, [], G0, _), P)).

test(holds_working, [true(W-S == true-false)]) :-
    giant(true, false, G1), ( holds_working(G1, 'строй') -> W = true ; W = false ),
    giant(true, true, G2), ( holds_working(G2, 'строй') -> S = true ; S = false ).

% 540.4 ○ «…если источник приобретенной особенности – постоянная особенность этой или другой карты»:
% a grant of another card's static feature (king) is given with that card as its source.
test(grant_from_another_card, [true(Src == king)]) :-
    feature(_{name:'Строй'}, Stroy),
    card(_{id:b, in_formation:true, features:[Stroy],
           grants:[_{name:'+1 к удару', value:1, while:formation, source:king}]}, B0),
    formation_grants('B', formed, [], B0, B),
    once(( member(F, B.features), F.name == '+1 к удару' )), Src = F.source.

% 540.4 ○ «(то есть если после потери согласно тексту той карты особенность сразу же должна быть
% получена вновь)»: the King's text gives it to creatures in formation with it — a King in the
% graveyard, or one whose Строй is suppressed (540.3 «не оказывает никаких эффектов на игру»), gives
% nothing; the step says why, citing those units.
king_grant(King, B0) :-
    feature(_{name:'Строй'}, Stroy),
    card(_{id:b, in_formation:true, features:[Stroy],
           grants:[_{name:'+1 к удару', value:1, while:formation, source:king}]}, B0),
    card(_{id:king, in_formation:true, features:[Stroy]}, King).

test(grant_source_in_the_graveyard, [true(Ns-Cs == ['Строй'-null]-['B:540.4/item2.2'])]) :-
    king_grant(King0, B0), King = King0.put(zone, graveyard),
    once(prove(formation:formation_grants('B', formed, [King, B0], B0, B), [N])),
    names(B, Ns), Cs = N.cites.

test(grant_source_suppressed, [true(Ns-Cs == ['Строй'-null]-['B:540.4/item2.2', 'B:540.3'])]) :-
    king_grant(King0, B0),
    feature(_{name:'Строй', suppressed:true}, Gone),
    King = King0.put(features, [Gone]),
    once(prove(formation:formation_grants('B', formed, [King, B0], B0, B), [N])),
    names(B, Ns), Cs = N.cites.

test(grant_source_gives_it, [true(Ns == ['Строй'-null, '+1 к удару'-1])]) :-
    king_grant(King, B0),
    formation_grants('B', formed, [King, B0], B0, B), names(B, Ns).

:- end_tests(formation).
