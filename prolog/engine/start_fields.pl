:- encoding(utf8).
:- module(start_fields,
          [ fields_have_effect/2        % +Edition, +Cards
          ]).

/** <module> A card's fields that have an effect only where the edition states a rule for them

What a scenario's card holds may name a mechanic (a feature that ends with a formation, a trigger
that fires when the card dies, …). Where the edition's data states no rule of that mechanic, the
field has no effect: it is refused at the start, one line naming the field, with the words of the
missing rule (editions:missing_why/3) — derived from the edition data, never from the edition's
name. The fields, each with the rule it needs (field_rule/5):

  - `acquired[j].static: true` — lost(acquired_from_a_static_feature) (B 540.4 ○ «…если источник
    приобретенной особенности – постоянная особенность…»);
  - `acquired[j].while: adjacent` — condition_ended(adjacent) (A «Замещение особенности…» ПРИМЕР 4
    «…пока Льер-Кулат стоит рядом»);
  - `acquired[j].while: formation`, `grants[j].while: formation` — condition_ended(formation) (B
    540.4 ○ «…так как нарушилось условие её существования»): what a card holds in formation;
  - `acquired[j].until` — condition_ended(Until) (B 518.8 ПРИМЕР 1 «…до конца вашего хода»);
  - `features[j].trigger`, `acquired[j].trigger` — fires_on_the_move (B 540.5: a feature triggered
    by the move fires). The features the card facts give a card (kb/cards.yaml; the scenario writes
    none for it) are its text, not an input field: they are not refused.
*/

:- use_module(library(lists)).
:- use_module('../editions/editions', [has_rule/2, missing_why/3]).

%   field_rule(?List, ?Key, ?Value, ?Rule, ?Kind): a card's List entry with Key: Value ('*': any
%   value but null) has an effect only where the edition states Rule; else it is refused as Kind.
field_rule(acquired, static, true, lost(acquired_from_a_static_feature), static_no_effect).
field_rule(acquired, while, adjacent, condition_ended(adjacent), adjacent_no_effect).
field_rule(acquired, while, formation, condition_ended(formation), formation_no_effect).
field_rule(grants, while, formation, condition_ended(formation), formation_no_effect).
field_rule(features, trigger, '*', fires_on_the_move, trigger_no_effect).
field_rule(acquired, trigger, '*', fires_on_the_move, trigger_no_effect).
% a value left open: any but null, and the rule is the one of that value
field_rule(acquired, until, Until, condition_ended(Until), until_no_effect).

%!  fields_have_effect(+Edition:atom, +Cards:list) is det.
%
%   Every field of Cards (the scenario's cards, as validated) that names a mechanic (field_rule/5)
%   is one Edition's data states a rule for.
%
%   @error failed(_{path:"cards[i].List[j].Key", message:M, refusal:_{kind:Kind, values:[Parts]}})
%          (thrown) for the first that is not: Kind `static_no_effect`, `adjacent_no_effect`,
%          `formation_no_effect`, `trigger_no_effect` or `until_no_effect`, Parts the missing rule's words.
fields_have_effect(Ed, Cards) :-
    forall(( field_rule(List, Key, Value, Rule, Kind),
             nth0(I, Cards, C), \+ from_card_facts(List, C), get_dict(List, C, Fs), nth0(J, Fs, F),
             get_dict(Key, F, Got), held(Value, Got), \+ has_rule(Ed, Rule) ),
           ( missing_why(Ed, Rule, missing(Why, Parts)),
             format(string(P), "cards[~w].~w[~w].~w", [I, List, J, Key]),
             format(string(Msg), "~w: ~w has no effect here: ~s", [Key, Got, Why]),
             throw(failed(_{path:P, message:Msg, refusal:_{kind:Kind, values:[Parts]}})) )).

%   from_card_facts(+List, +Card): Card's List are the card facts' (kb/cards.yaml: `facts_from`
%   names it, the scenario writes none): they are the card's text, which a field of the input is not.
from_card_facts(List, C) :- get_dict(facts_from, C, Lists), memberchk(List, Lists).

held(Value, Got) :- var(Value), !, Got \== null, Value = Got.
held('*', Got) :- !, Got \== null.
held(Value, Got) :- Got == Value.
