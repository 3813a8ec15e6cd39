:- encoding(utf8).
/*  plunit tests of rules/attack.pl: attack strength and its modifiers (edition A, 519.3 and the
    paragraphs after it). Expected values are worked from the quoted text.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module('../engine/explain').
:- use_module('../rules/attack').
:- use_module(helpers).

:- begin_tests(attack).

% Гном-Басаарг (hit 2/3/4) with Гномий Король, against a tapped creature of the opponent.
attack_state(S) :-
    card(_{id:basaarg, controller:p1, hit:[2, 3, 4]}, G), card(_{id:king, controller:p1}, K),
    card(_{id:foe, controller:p2}, F), card(_{id:foe_ally, controller:p2}, FA),
    state([G, K, F, FA], S).

attack(Base, Strike, Mods, _{source:basaarg, target:foe, strike:Strike, base:Base, modifiers:Mods, order:[]}).

m(Id, Source, Op, Value, _{id:Id, source:Source, op:Op, value:Value}).

% 519.3, ПРИМЕР: «Гном-Басаарг вначале получит +1 к удару за строй с Гномьим Королём, затем +1 за
% удар по закрытому существу противника и +1 к удару за собственную особенность… Последним
% накладывается модификатор, имеющий конкретное численное значение (сведение к 1), в итоге сила
% удара Гнома-Басаарга равна 1.» Medium strike (3): 3 +1 +1 +1 → 6, set to 1 → 1.
test(the_gnome_basaarg_example, [true(R =@= _{strength:1, strike:medium})]) :-
    attack_state(S),
    m(m1, king, add, 1, M1), m(m2, basaarg, add, 1, M2), m(m3, basaarg, add, 1, M3), m(m4, foe, set, 1, M4),
    attack(null, medium, [M4, M1, M2, M3], A),
    attack_strength('A', A, S, R).

% «…атака на 2 может быть сведена к 1, но атака на 0 не может быть сведена к 1».
test(set_to_never_raises, [true(V0-V2 == 0-1)]) :-
    attack_state(S), m(m1, foe, set, 1, M),
    attack(0, medium, [M], A0), attack_strength('A', A0, S, R0), V0 = R0.strength,
    attack(2, medium, [M], A2), attack_strength('A', A2, S, R2), V2 = R2.strength.

% а) the source's squad, б) the source, в) the target's squad, г) the target.
test(groups_by_source_and_target,
     [true(Cites == ['A:519.3/item1', 'A:519.3/item2', 'A:519.3/item3', 'A:519.3/item4'])]) :-
    attack_state(S),
    m(m1, foe, add, -1, M1), m(m2, foe_ally, add, -1, M2), m(m3, basaarg, add, 1, M3), m(m4, king, add, 1, M4),
    attack(3, medium, [M1, M2, M3, M4], A),
    prove(attack:attack_strength('A', A, S, _), Proof),
    step_nodes(Proof, modifier_applied, Ns),
    findall(C, ( member(N, Ns), N.cites = [C|_] ), Cites).

% «Сведение атаки к слабой/средней/сильной является модификатором атаки. Если атака сводится к
% слабой …, то используются особенности, сопутствующие этому виду атаки»: strong (4) +1 = 5, reduced
% to weak (2): 2 + 1 = 3.
test(reduced_to_a_weak_strike, [true(R =@= _{strength:3, strike:weak})]) :-
    attack_state(S), m(m1, basaarg, add, 1, M1), m(m2, foe, strike, weak, M2),
    attack(null, strong, [M1, M2], A),
    attack_strength('A', A, S, R).

% With no base given, the attack is worth its source's value for its strike (medium: 3), a step
% that cites nothing: the card's strike values are input, no unit gives them (519.3 «Сведение атаки
% к слабой/средней/сильной…» is about reducing a strike, cited before).
test(base_from_the_strike_value, [true(V-C == 3-[])]) :-
    attack_state(S), attack(null, medium, [], A),
    prove(attack:attack_strength('A', A, S, _), Proof),
    step_nodes(Proof, strike_value, [N]), V = N.value, C = N.cites.

test(strike_values_needed, [throws(error(existence_error(strike_values, king), _))]) :-
    attack_state(S), A = _{source:king, target:foe, strike:medium, base:null, modifiers:[], order:[]},
    attack_strength('A', A, S, _).

% «Порядок наложения модификаторов внутри каждой группы а-д определяет создавший их игрок»: two
% from the target's squad (в) — its controller p2 orders them.
test(who_orders_a_group, [true(Chooser == p2)]) :-
    attack_state(S), m(m1, foe_ally, add, 1, M1), m(m2, foe_ally, add, 1, M2),
    attack(3, medium, [M1, M2], A),
    prove(attack:attack_strength('A', A, S, _), Proof),
    step_nodes(Proof, order_in_group, [N]), Chooser = N.value.

test(no_group_for_the_rules, [throws(error(unsupported(rules_modifier, 'A', _), _))]) :-
    attack_state(S), m(m1, rules, add, 1, M), attack(3, medium, [M], A),
    attack_strength('A', A, S, _).

% B's 519.3 is about dice; its loaded text has no attack modifiers.
test(b_has_no_attack_modifiers, [throws(error(unsupported(attack_modifiers, 'B', _), _))]) :-
    attack_strength('B', _{}, _{}, _).

% «…пока атака не выйдет из стека (т.е. пока не будут нанесены раны)»: the strength after every
% modifier is dealt as wounds: medium 3 +1 (king, а) = 4 wounds to foe.
test(the_attack_deals_its_strength, [true(St-W-FW == 4-4-4)]) :-
    attack_state(S0), m(m1, king, add, 1, M), attack(null, medium, [M], A0),
    A = A0.put(_{deals_wounds:true, choose:[], decline:[]}),
    attack('A', A, S0, S, R), St = R.strength, W = R.dealt.wounds,
    once(( member(F, S.cards), F.id == foe )), FW = F.wounds.

% An attack whose strength is negative: no rule says what wounds it deals — refused.
test(negative_strength_deals_nothing_known, [throws(error(impossible(_), _))]) :-
    attack_state(S0), m(m1, foe, add, -5, M), attack(null, medium, [M], A0),
    attack('A', A0.put(deals_wounds, true), S0, _, _).

:- end_tests(attack).
