:- encoding(utf8).
:- module(modifier_order,
          [ ordered_modifiers/4,        % :GroupOf, +Chosen, +Modifiers, -Grouped
            groups_with_choice/2,       % +Grouped, -Groups
            group_rank/4,               % +Edition, +Mechanic, +PhaseRelation, -Rank
            modifier_group/3,           % +Edition, +Mechanic, +Group
            order_within_groups/4       % +Edition, +Mechanic, +Chosen, +Grouped
          ]).

/** <module> Putting modifiers in the order their groups and the players' choices give

Shared by dice.pl and attack.pl. The mechanic supplies GroupOf, called as
`call(GroupOf, Modifier, Group, Rank)`: the group a modifier belongs to and the rank of that group
in the edition's order. Inside a group the order is the one the scenario states (Chosen, a list of
modifier ids), else the listed order. This module holds no rule text itself: the groups, their
ranks and who chooses are the mechanic's clauses, which cite their paragraphs (interpreted, so
the citations of GroupOf are kept). What dice and attack modifiers share — the rank of a group in
the edition's order and the rule that states a group — is group_rank/4 and modifier_group/3, which
ask the edition (editions/) and so cite through it.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module('../engine/explain').
:- use_module('../editions/editions', [stated/2, variant/3, requires/2, rule_units/3]).
:- use_module('../state/game', [no_effect/2, said/4]).

:- meta_predicate ordered_modifiers(3, +, +, -).

explain:mechanics_module(modifier_order).

%!  ordered_modifiers(:GroupOf, +Chosen:list, +Modifiers:list, -Grouped:list) is det.
%
%   Grouped is Modifiers as `Group-Modifier` pairs sorted by group rank; inside a group by
%   position in Chosen (modifier ids the players stated), then by position in Modifiers.
ordered_modifiers(GroupOf, Chosen, Modifiers, Grouped) :-
    foldl(keyed(GroupOf, Chosen), Modifiers, Keyed, 0, _),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Grouped).

keyed(GroupOf, Chosen, Mod, k(Rank, ChosenPos, Pos)-(Group-Mod), Pos, Pos1) :-
    Pos1 is Pos + 1,
    call(GroupOf, Mod, Group, Rank),
    (   nth0(ChosenPos0, Chosen, Mod.id)
    ->  ChosenPos = ChosenPos0
    ;   ChosenPos = inf
    ).

%!  groups_with_choice(+Grouped:list, -Groups:list) is det.
%
%   Groups is a list of `Group-Ids`, one for every group holding two or more of the Grouped
%   modifiers (`Group-Modifier` pairs in application order; there the order inside the group is
%   somebody's choice), in application order.
groups_with_choice(Grouped, Groups) :-
    maplist(group_id, Grouped, Pairs),
    group_pairs_by_key(Pairs, ByGroup),
    include(several, ByGroup, Groups).

group_id(Group-Mod, Group-Mod.id).

several(_-[_, _|_]).


%!  order_within_groups(+Edition:atom, +Mechanic:atom, +Chosen:list, +Grouped:list) is det.
%
%   The order the players stated (Chosen, modifier ids) is one inside groups: it never puts a
%   modifier before one of a group the edition applies earlier (Grouped, in application order).
%   Such an order would have no effect, and is refused.
%
%   @see A 518.3, 519.3 «Порядок наложения модификаторов внутри каждой группы а-д определяет
%        создавший их игрок»; B 519.4 «…порядок их наложения внутри группы…»
%   @error no_effect('order[J]', Why) for the first id of Chosen placed before one of an earlier group.
order_within_groups(Ed, Mechanic, Chosen, Grouped) :-
    (   nth0(I, Chosen, A), nth0(J, Chosen, B), I < J,
        nth0(PA, Grouped, GA-MA), MA.id == A,
        nth0(PB, Grouped, GB-MB), MB.id == B,
        GA \== GB, PA > PB
    ->  mechanic_rules(Mechanic, _, Chooser),
        rule_units(Ed, Chooser, Units),
        atomic_list_concat(Units, ', ', Where),
        GA = group(_, RA), GB = group(_, RB),
        group_units(Ed, Mechanic, GA, UA), group_units(Ed, Mechanic, GB, UB),
        said(order_across_groups, Why, "order puts ~w (~w; ~w) before ~w (~w; ~w), whose group the edition applies earlier: the players order modifiers only inside a group (~w)",
               [A, UA, RA, B, UB, RB, Where]),
        format(atom(Field), "order[~w]", [I]),
        no_effect(Field, Why)
    ;   true
    ).

%   group_units(+Ed, +Mechanic, +Group, -Units): the units that state Group (its letters in the
%   edition's text: B 519.2 a., 519.3 c.), joined, so that a refusal names a group as the text does.
group_units(Ed, Mechanic, group(Phase, Relation), Units) :-
    mechanic_group(Mechanic, Phase, Relation, Rule),
    rule_units(Ed, Rule, Ids),
    atomic_list_concat(Ids, ', ', Units).

%!  group_rank(+Edition:atom, +Mechanic:atom, +PhaseRelation:pair, -Rank:integer) is det.
%
%   Rank is the place of the group `Phase-Relation` in Edition's order of Mechanic's modifiers
%   (the rule `<Mechanic>_modifier_order`, cited), Mechanic `dice` or `attack`.
%
%   @see A 518.3, B 519.2 and 519.3 (dice); A 519.3 (attack)
%   @error unsupported(Rule, Edition, Detail) if Edition states no such group.
%   @error domain_error(group_in_<Mechanic>_modifier_order, Edition:Phase-Relation) if it states
%          the group but its order leaves it out.
group_rank(Ed, Mechanic, Phase-Relation, Rank) :-
    mechanic_rules(Mechanic, OrderRule, _),
    stated(Ed, OrderRule),
    variant(Ed, OrderRule, Order),
    (   nth1(Rank0, Order, Phase-Relation)
    ->  Rank = Rank0
    ;   group_rule(Mechanic, Phase, Relation, Rule),
        requires(Ed, Rule),
        atom_concat(group_in_, OrderRule, Domain),
        domain_error(Domain, Ed:Phase-Relation)
    ).

%!  modifier_group(+Edition:atom, +Mechanic:atom, +Group) is det.
%
%   Cites the unit of Edition that states Group (`group(Phase, Relation)`) of Mechanic's modifiers.
%
%   @error unsupported(Rule, Edition, Detail) if Edition states no such group.
modifier_group(Ed, Mechanic, group(Phase, Relation)) :-
    group_rule(Mechanic, Phase, Relation, Rule),
    stated(Ed, Rule).

%   group_rule(+Mechanic, +Phase, +Relation, -Rule): the rule that states the group; a modifier of
%   the rules of the game has a rule of its own (A 518.3 г), 518.4 for dice; none for attacks).
group_rule(Mechanic, Phase, Relation, Rule) :-
    (   Relation == rules
    ->  Rule = rules_modifier(Mechanic, Phase)
    ;   mechanic_group(Mechanic, Phase, Relation, Rule)
    ).

%   mechanic_rules(?Mechanic, ?OrderRule, ?Chooser) and mechanic_group(?Mechanic, ?Phase,
%   ?Relation, ?Rule): the names of the rules of Mechanic's modifiers in the edition data — the
%   order of the groups, who orders inside a group, the rule that states a group — written out, so
%   that the data's names are the ones the code asks for (engine/rules_read.pl).
mechanic_rules(dice, dice_modifier_order, dice_order_chooser).
mechanic_rules(attack, attack_modifier_order, attack_order_chooser).

mechanic_group(dice, Phase, Relation, dice_group(Phase, Relation)).
mechanic_group(attack, Phase, Relation, attack_group(Phase, Relation)).

