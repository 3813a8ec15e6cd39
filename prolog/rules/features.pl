:- encoding(utf8).
:- module(features,
          [ gain_feature/5,             % +Edition, +Gain, +State0, -State, -Result
            gain/6,                     % +Edition, +Gain, +State0, -State, -Performed, -Value
            works_as/3,                 % +Edition, +Value, -WorksAs
            held_features/3             % +Edition, +Features, -Held
          ]).

/** <module> Named features: gaining, replacing, adding (their ending: rules/feature_ends.pl)

Section named_features. The rules and the units that state them are edition data (editions/a.pl:
the unnumbered paragraph «Замещение особенности - это эффект правил и не является потерей
особенности» (fragment 002) and its five examples; editions/b.pl: 518.8 and its three examples, and
540.4 for a feature whose condition of existence breaks). The editions differ in two behaviours: B
states that a negative value works as 0 (negative_value_works_as_zero, 518.8; A says nothing of a
negative value, so it refuses one), and which replaced
features come back when the higher one ends (replaced_returns: A «…не является потерей
особенности» — every one; B «○ … если были собственными» — own ones only).

A feature held by a card is a dict
`_{name:Name, key:Key, value:IntOrNull, own:Bool, source:CardOrNull,
   while:adjacent|formation|null, until:end_of_turn|end_of_your_turn|null, turn_of:PlayerOrNull,
   suppressed:Bool, markers:[Marker], static:Bool, trigger:death|null, replaced:[Feature],
   bonuses:[Bonus], kept:[Condition]}`;
`replaced` keeps the features a higher one replaced (replacement is not a loss); `turn_of` is the
player whose turn «до конца вашего хода» means (the controller of the source); `kept` holds the
conditions of gains of this feature that were not performed (`adjacent(Card)`, `end_of_turn`,
`your_turn(Player)`): when such a condition ends, the feature stays, and the step says why.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../engine/explain').
:- use_module('../engine/undo').
:- use_module('../state/game').
:- use_module('../editions/editions').
:- use_module(leaving, [gain_held_in_play/3]).

explain:mechanics_module(features).

%   came_side_by_side(+Ed, +Gain, +State0, -State, -Gained, -NotPerformed): a hook (rules/adjacency.pl
%   defines it): the gain `while: adjacent` brought its card and its source side by side, and each
%   gains what the other gives a card next to it (besides the feature the gain itself gives).
:- multifile came_side_by_side/6.
:- dynamic came_side_by_side/6.

explain:step(features:gain_feature(Ed, G, _, _, Result), gain_feature,
             _{edition:Ed, card:G.card, name:G.name, value:G.value, op:G.op, source:G.source}, Result).
explain:step(features:granted_value(_, G, V), granted_value,
             _{base:G.value, op:G.op, modifiers:G.modifiers, sources:Sources, plus:Plus}, V) :-
    findall(S, member(_{source:S, value:_}, G.modifiers), Sources),
    ( number(V), number(G.value) -> Plus is V - G.value ; Plus = null ).
explain:step(features:gain_modifier_away(_, State, G, Mod), gain_modifier_not_applied,
             _{modifier:Mod, zone:Zone, squad_of:Of, controller:Controller}, not_applied) :-
    state_card(State, Mod.source, Card),
    get_dict(zone, Card, Zone), get_dict(controller, Card, Controller), get_dict(source, G, Of).
%   A granted value (granted_value/3, «Замещение особенности»: a gain and the modifiers of it, ПРИМЕР
%   5): without the modifiers of the gain.
undo:undo(granted_value, _, _, [_{put:modifiers, value:[], at:event}]).
%   A modifier of a gain kept out because its card is not in the squad of the card that gives the
%   gain (ПРИМЕР 5: «при заявке Бокора… Менгир может усилить»): let through (undo:in_squad/2).
undo:undo(gain_modifier_not_applied, Inputs, _, Edits) :-
    in_squad(Inputs, Edits).
explain:step(features:gain_outcome(Op, _, Held, New, Outcome), gain_outcome,
             _{op:Op, held:H, new:New, decides:Keys}, O) :-
    held_value(Held, H), outcome_json(Outcome, O), outcome_decides(Outcome, Keys).
explain:step(features:gained_read(_, New), feature_gained_read,
             _{op:grant, held:null, new:New, decides:[performed]}, gained).
explain:uncited_step(feature_gained_read).
explain:step(features:works_as(_, V, W), works_as, _{value:V, decides:works_as}, W).
%   A gain's `works_as` is its value as written where no rule changes it (518.8 speaks only of a
%   negative value, and the works_as step is there only then): the input `value` gives it.
undo:result_input(gain_feature, works_as, _, [event, value], false).
explain:step(features:replaced_dropped(_, CardId, F), replaced_not_kept,
             _{card:CardId, name:F.name, value:F.value, own:F.own}, dropped).
explain:uncited_step(replaced_not_kept).
held_value(F, V) :-
    (   F == none -> V = null ; V = _{name:F.name, value:F.value, source:F.source} ).

outcome_json(gained, gained).
outcome_json(not_performed, not_performed).
outcome_json(replaced(_), replaced).
outcome_json(added(V), _{added:V}).

%   outcome_decides(+Outcome, -Keys): the parts of a gain's result its outcome decides (the step's
%   `decides`, read by why-not): whether it is performed, and the value too where the outcome
%   gives it, and so the value it works as (518.8 changes only a negative one, its own step then) —
%   the held one (not performed) or the sum («+1 к Отравлению» → «Отравление 2»); a
%   feature gained or replacing another has the value the gain gives (the input's own).
outcome_decides(gained, [performed]).
outcome_decides(replaced(_), [performed]).
outcome_decides(not_performed, [performed, value, works_as]).
outcome_decides(added(_), [performed, value, works_as]).

% --- gaining a named feature --------------------------------------------------------------------

%!  gain_feature(+Edition:atom, +Gain:dict, +State0:dict, -State:dict, -Result:dict) is det.
%
%   A card is given a feature (`op: grant`) or «+N к X» (`op: add`); the modifiers of the gain
%   (Менгир: «может усилить отравление на 1») change the value given either way. Result is
%   `_{performed:Bool, name:Name, value:Value, works_as:WorksAs}`. A gain `while: adjacent` from a
%   source says the two cards stand side by side: where they did not, they come to (as an `approach`:
%   came_side_by_side/6), and what each gives a card next to it besides the feature gained the
%   other gains too; Result then has `gained:[Name, …]` and `not_performed:[Name, …]` for those.
%
%   @see 518.8 and its examples (edition B); «Замещение особенности…» and its examples (edition A)
%   @error no_effect(until, Why) where the edition says nothing of a feature that ends then (A),
%          no_effect(while, Why) where it says nothing of one held while a card is next (B),
%          no_effect(modifiers, Why) where it says nothing of a modifier to a gain (B).
%   @error impossible(Text) for modifiers to a gain given no source (modifiers_sourced/2).
%   @error no_effect(Field, Why) for a modifier to a gain that lowers the value (modifiers_raise/2).
%   @error unsupported(add_to_missing_feature, Ed, Detail) for «+N к X» on a card without X.
%   @error impossible(Text) for a card outside play where the edition states the way back (leaving:gain_held_in_play/3).
%   @error existence_error(card, Id) for an unknown card handle.
gain_feature(Ed, G, State0, State, Result) :-
    state_card(State0, G.card, Card0), gain_held_in_play(Ed, Card0, G.name),  % as the start refuses there
    (   G.until == null -> true ; ending_stated(Ed, until, condition_ended(G.until)) ),
    (   G.while == adjacent -> ending_stated(Ed, while, condition_ended(adjacent)) ; true ),
    (   G.modifiers == [] -> true
    ;   ending_stated(Ed, modifiers, grant_modifiers), modifiers_sourced(Ed, G), modifiers_raise(Ed, G)
    ),
    exclude(gain_modifier_away(Ed, State0, G), G.modifiers, Mods),
    gain(Ed, G.put(modifiers, Mods), State0, State1, Performed, Value),
    Result0 = _{performed:Performed, name:G.name, value:Value, works_as:WorksAs},
    % a gain «пока стоит рядом» says the two cards stand side by side, performed or not
    (   G.while == adjacent, G.source \== null
    ->  msort([G.card, G.source], Pair),
        Pairs0 = State1.get(adjacent, []),
        (   memberchk(Pair, Pairs0)
        ->  State = State1, Result1 = Result0
        ;   State2 = State1.put(adjacent, [Pair|Pairs0]),
            (   came_side_by_side(Ed, G, State2, State3, Gained, NotPerformed)
            ->  State = State3
            ;   State = State2, Gained = [], NotPerformed = []
            ),
            (   Gained == [], NotPerformed == []
            ->  Result1 = Result0
            ;   Result1 = Result0.put(_{gained:Gained, not_performed:NotPerformed})
            )
        )
    ;   State = State1, Result1 = Result0
    ),
    works_as(Ed, Value, WorksAs),
    Result = Result1.

%   ending_stated(+Ed, +Field, +Rule): the edition states Rule, else the event's Field has no
%   effect in it and is refused (A's loaded text says nothing of a feature «до конца хода»; B's
%   nothing of a modifier to a gain).
ending_stated(Ed, Field, Rule) :-
    (   has_rule(Ed, Rule)
    ->  true
    ;   missing_why(Ed, Rule, Why),
        no_effect(Field, Why)
    ).

%   modifiers_sourced(+Ed, +G): a modifier to a gain is one from the squad of the card that gives
%   it (ПРИМЕР 5 of «Замещение особенности»: «при заявке Бокора … Менгир может усилить
%   отравление» — Менгир in Бокор's squad): a gain with modifiers and no source is refused (the
%   event, not one field: the source is what it lacks), naming the units that state grant_modifiers.
modifiers_sourced(Ed, G) :-
    (   G.source \== null
    ->  true
    ;   rule_units(Ed, grant_modifiers, Units),
        atomic_list_concat(Units, ', ', Where),
        refuse(gain_modifier_sourceless,
               "a modifier to a gain is one from the squad of the card that gives it (~w): give the gain's source",
               [Where])
    ).

%   modifiers_raise(+Ed, +G): every modifier to the gain raises the value given. The one loaded unit
%   on a modifier to a gain (ПРИМЕР 5 of «Замещение особенности»: «…Менгир может усилить отравление
%   на 1») speaks of raising it; of one that lowers it the text says nothing, so such a modifier is
%   refused, naming its field (`modifiers[i].value`), rather than justified by «усилить».
modifiers_raise(Ed, G) :-
    (   nth0(I, G.modifiers, M), M.value < 0
    ->  rule_units(Ed, grant_modifiers, Units),
        atomic_list_concat(Units, ', ', Where),
        format(atom(Field), "modifiers[~w].value", [I]),
        said(gain_modifier_lowers, Why, "the loaded text speaks only of a modifier that raises the value a gain gives («усилить», ~w); of one of ~w it says nothing", [Where, M.value]),
        no_effect(Field, Why)
    ;   true
    ).

%!  gain(+Edition:atom, +Gain:dict, +State0:dict, -State:dict, -Performed:boolean, -Value) is det.
%
%   The gain Gain (gain_feature/5's, and a card's next to another, adjacency.pl), whether it was
%   performed, and the value of the feature the card has after it.
gain(Ed, G0, State0, State, Performed, Value) :-
    state_card(State0, G0.card, Card),
    turn_owner(State0, G0, G),
    feature_key(G.name, Key),
    held(Card, Key, Held),
    granted_value(Ed, G, New),
    gain_outcome(G.op, Ed, Held, New, Outcome),
    outcome_feature(Outcome, Ed, Card.id, G, New, Held, Feature),
    performed(Outcome, Performed),
    (   Performed == true
    ->  put_feature(Card, Held, Feature, Card1),
        replace_card(State0, Card1, State)
    ;   kept_condition(G, Held, Kept)
    ->  put_feature(Card, Held, Held.put(kept, [Kept|Held.kept]), Card1),
        replace_card(State0, Card1, State)
    ;   State = State0
    ),
    current_value(Outcome, Held, Feature, Value).

%   turn_owner(+State, +G0, -G): G0 with `turn_of`, the player whose turn «до конца вашего хода»
%   is: the controller of the source card (the «вы» of its text), else of the card given it.
turn_owner(State, G0, G) :-
    (   G0.until == end_of_your_turn
    ->  ( G0.source \== null -> Of = G0.source ; Of = G0.card ),
        state_card(State, Of, C),
        G = G0.put(turn_of, C.controller)
    ;   G = G0.put(turn_of, null)
    ).

%   kept_condition(+G, +Held, -Condition): a gain that was not performed, given for a while: the
%   card keeps what it holds when that while ends (the first condition the gain names).
kept_condition(G, Held, Condition) :-
    Held \== none,
    (   G.while == adjacent
    ->  Condition = adjacent(G.source)
    ;   G.until == end_of_turn
    ->  Condition = end_of_turn
    ;   G.until == end_of_your_turn
    ->  Condition = your_turn(G.turn_of)
    ).

held(Card, Key, Held) :-
    (   member(F, Card.features), F.key == Key, F.suppressed == false
    ->  Held = F
    ;   Held = none
    ).

% The value given, after the modifiers applied to the gain (Менгир: «+1» to Бокор's poison) —
% a feature granted or «+N к X» alike.
granted_value(Ed, G, V) :-
    (   G.modifiers == []
    ->  V = G.value
    ;   G.value == null
    ->  domain_error(feature_with_a_value, G.name)
    ;   stated(Ed, grant_modifiers),
        foldl(add_modifier, G.modifiers, G.value, V)
    ).

%   gain_modifier_away(+Ed, +State, +G, +Mod): Mod comes from a card that is not in the squad of
%   the gain's source — not in play, or controlled by the other player (the Менгир example: «Если
%   же в отряде есть ещё Менгир Каррефура, то при заявке Бокора… Менгир может усилить отравление на
%   1»: «ещё» in Бокор's squad): it does not apply.
gain_modifier_away(Ed, State, G, Mod) :-
    state_card(State, Mod.source, Card),
    (   \+ in_play(Card.zone)
    ->  true
    ;   G.source \== null,
        state_card(State, G.source, Source),
        Source.controller \== Card.controller
    ),
    stated(Ed, grant_modifiers).

add_modifier(Mod, V0, V) :-
    V is V0 + Mod.value.

%   gain_outcome(+Op, +Ed, +Held, +New, -Outcome): what gaining does to a card that holds Held.
gain_outcome(grant, Ed, Held, New, Outcome) :-
    (   Held == none
    ->  gained(Ed, New),
        Outcome = gained
    ;   higher(Ed, New, Held.value)
    ->  stated(Ed, feature_replaced),
        Outcome = replaced(Held)
    ;   not_performed(Ed, Held.value, New),
        Outcome = not_performed
    ).
gain_outcome(add, Ed, Held, N, Outcome) :-
    (   Held == none
    ->  requires(Ed, add_to_missing_feature),   % stated by no edition so far
        existence_error(clause_for_rule, add_to_missing_feature)
    ;   Held.value == null   % «+N к X» adds to X's value (ПРИМЕР «"+1 к Отравлению"… "Отравление 2"»)
    ->  refuse(add_to_valueless, "«+~w к ~w» adds to a feature's value: the card's ~w has none", [N, Held.name, Held.name])
    ;   stated(Ed, feature_added),
        V is Held.value + N,
        Outcome = added(V)
    ).

%   gained(+Ed, +New): a feature the card lacks is gained (A ПРИМЕР 4 «…подходит к Вайлу без
%   отравления, Вайл получает Отравление 1»: cited); the edition data's variant `read` (B: 518.8
%   ПРИМЕР 1 speaks of a card that has it): the step cites nothing, the engine's reading.
gained(Ed, New) :-
    ( variant(Ed, feature_gained, read) -> gained_read(Ed, New) ; stated(Ed, feature_gained) ).
gained_read(_, _).

%   higher(+Ed, +New, +Held): a new value replaces the held one only when it is higher; a feature
%   without a value is not higher than one with a value, nor than itself. A value works as it
%   would (works_as/3) when the two are compared.
higher(Ed, New, Held) :-
    number(New), number(Held),
    works_as(Ed, New, N1),
    works_as(Ed, Held, H1),
    N1 > H1.

%   not_performed(+Ed, +Held, +New): gaining is not performed — the same feature (the same value,
%   or one of them without a value, or values that work the same), or a lower one.
not_performed(Ed, Held, New) :-
    (   ( Held == New ; Held == null ; New == null ; works_as(Ed, Held, W), works_as(Ed, New, W) )
    ->  stated(Ed, gain_not_performed(same))
    ;   stated(Ed, gain_not_performed(lower))
    ).

performed(not_performed, false).
performed(gained, true).
performed(replaced(_), true).
performed(added(_), true).

outcome_feature(not_performed, _, _, _, _, _, none).
outcome_feature(gained, _, _, G, New, _, F) :-
    gained_feature(G, New, [], F).
outcome_feature(replaced(Old), Ed, CardId, G, New, _, F) :-
    replaced_kept(Ed, CardId, Old, Kept),
    gained_feature(G, New, Kept, F).
outcome_feature(added(V), _, _, G, N, Held, F) :-
    % the plus is kept apart: one given for a while goes when its condition does, and a card that
    % comes back into play (a new object) has none
    Bonus = _{amount:N, source:G.source, while:G.while, until:G.until, turn_of:G.turn_of},
    append(Held.bonuses, [Bonus], Bs),
    F = Held.put(_{value:V, bonuses:Bs}).

%   replaced_kept(+Ed, +CardId, +Old, -Kept): the replaced feature is kept, hidden under the higher
%   one, to come back when that one ends — every replaced feature, or own ones only, as the edition
%   states (replaced_returns); one not kept is dropped, citing why.
replaced_kept(Ed, CardId, Old, Kept) :-
    variant(Ed, replaced_returns, Which),
    (   ( Which == any ; Old.own == true )
    ->  Kept = [Old.put(suppressed, true)]
    ;   replaced_dropped(Ed, CardId, Old),
        Kept = Old.replaced         % what it had replaced is kept still
    ).

% A replaced feature that was not the card's own does not come back (B): «○ подавляются до появления
% новой базовой именной особенности, если были собственными» speaks of own features only; what
% becomes of an acquired one it does not say — the engine's reading, so the step cites nothing
% (uncited_step(replaced_not_kept)); the step for an own one cites that line (feature_ends.pl).
replaced_dropped(_Ed, _CardId, _Old).

gained_feature(G, Value, Kept, F) :-
    new_feature(_{name:G.name, value:Value, own:false, source:G.source, while:G.while,
                  until:G.until, turn_of:G.turn_of, replaced:Kept}, F).

current_value(not_performed, Held, _, V) :-
    (   Held == none -> V = null ; V = Held.value ).
current_value(gained, _, F, F.value).
current_value(replaced(_), _, F, F.value).
current_value(added(V), _, _, V).

put_feature(Card, Held, F, Card1) :-
    (   Held == none
    ->  append(Card.features, [F], Fs)
    ;   maplist(swap(Held, F), Card.features, Fs)
    ),
    Card1 = Card.put(features, Fs).

swap(Old, New, F, G) :-
    (   F == Old -> G = New ; G = F ).

%!  works_as(+Edition:atom, +Value, -WorksAs) is det.
%
%   The value a named feature works with: a negative value after modifiers works as 0 where the
%   edition says so (negative_value_works_as_zero: B 518.8); a value of 0 or more works as it is.
%   An edition that says nothing of a negative value (A) cannot compute one: it is refused, as a
%   die face of 7 is.
%
%   @see 518.8 (edition B)
%   @error impossible(Text) for a negative value under an edition that says nothing of one.
works_as(Ed, V, W) :-
    (   number(V), V < 0
    ->  (   states(Ed, negative_value_works_as_zero)
        ->  W = 0
        ;   missing_why(Ed, negative_value_works_as_zero, Why),
            refuse(negative_feature, "a named feature's value would be ~w: ~s", [V, Why])
        )
    ;   W = V
    ).

%!  held_features(+Edition:atom, +Features:list, -Held:list) is det.
%
%   Held are the Features (dicts with `name`, `value`, `suppressed`, as a card holds them or as
%   a final state shows them) the card has: a suppressed one it does not (suppressed_not_held:
%   B 540.3 «считается, что карта не обладает такой особенностью»; A, a feature a higher one
%   replaced). Each as `_{name:Name, value:Value}`.
%
%   @see 540.3 (edition B); «Замещение особенности…», ПРИМЕР 1 (edition A)
held_features(Ed, Features, Held) :-
    (   member(F, Features), F.suppressed == true
    ->  stated(Ed, suppressed_not_held)
    ;   true
    ),
    include(not_suppressed, Features, Kept),
    maplist(name_and_value, Kept, Held).

not_suppressed(F) :- F.suppressed \== true.
name_and_value(F, _{name:F.name, value:F.value}).
