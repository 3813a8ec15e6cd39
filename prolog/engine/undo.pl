:- encoding(utf8).
:- module(undo,
          [ edits/2,                    % +Steps, -Edits
            result_inputs/4,            % +Kind, +Key, +Body, -Inputs
            given/2,                    % +Dict, +Key
            in_squad/2                  % +Inputs, -Edits
          ]).

/** <module> What a step of a proof stands for in the scenario, as data

A why-not answer (python explain/whynot.py) asks, for each step of an event's proof, what the
situation would give without the input the step stands for. Which input that is, and how to take
it out or let it through, is what the step's rule says, so each rule module declares it beside the
step it produces (undo/4), citing the paragraph in its PlDoc; Python only applies the edits.

An edit is a dict, applied in order to the scenario as written:

  - `_{put:Key, value:V, at:At}`: the field Key of At is V;
  - `_{copy:Key, at:At, from:From}`: the field Key of At is that of From;
  - `_{drop:Key, item:X}`: X taken out of the event's list Key;
  - `_{drop:Key, field:F, value:V}`: the items of the event's list Key whose F is V taken out;
  - `_{rename:Key, field:F, from:A, to:B}`: in the event's list Key, an item's F that is A is B;
  - `_{other:Key, among:[X, Y], at:At}`: the field Key of At is the other of X and Y.

At is `event` (the event's own fields), `scenario`, `_{card:Handle}` or `_{card_in:Field}` (the
card the event's field Field names) or `_{card:Handle, in:List, id:Id}` (the item of that card's
list List whose id is Id). An edit with no place to apply makes the undo impossible.

Which input gives which part of a result (result_input/5) is declared the same way: a path is
`[event, Field]` or `[card, Handle, Key]` / `[card, Handle, Key, Position]`.
*/

:- use_module(library(apply)).

:- multifile undo/4, let_through/3, result_input/5.
:- dynamic undo/4, let_through/3, result_input/5.

%!  undo(?Step:atom, +Inputs:dict, +Value, -Edits:list) is semidet.
%
%   Edits take out of the scenario the input a step Step (with Inputs and Value, as in its proof
%   node) stands for, or let through what it blocked. Defined (multifile) by the rule modules, one
%   clause per step kind; the first that applies is used.

%!  let_through(?Step:atom, +Inputs:dict, -Value) is semidet.
%
%   Value is what a step Step that kept a modifier from applying would give, had its rule let the
%   modifier through (no input stands for it: the rule itself does). Defined (multifile) by the
%   rule modules.

%!  result_input(?Kind:atom, ?Key:atom, +Body:dict, -Path:list, -Copied:bool) is nondet.
%
%   Path is an input that may give the part Key of the result of an event of Kind written with
%   Body (Copied: the performed event copies it unchanged, so it decides whatever was expected).
%   Defined (multifile) by the rule modules.

%!  edits(+Steps:list, -Undos:list) is det.
%
%   Undos has, for each `_{step, inputs, value}` of Steps, `_{edits:Edits}` with its undo/4 edits
%   ([] when none), and `let_through:Value` when let_through/3 gives one.
edits(Steps, Undos) :-
    maplist(step_undo, Steps, Undos).

step_undo(S, Undo) :-
    (   undo(S.step, S.inputs, S.value, E) -> true ; E = [] ),
    (   let_through(S.step, S.inputs, V) -> Undo = _{edits:E, let_through:V} ; Undo = _{edits:E} ).

%!  result_inputs(+Kind:atom, +Key:atom, +Body:dict, -Inputs:list) is det.
%
%   Inputs are `_{path:Path, copied:Bool}` for the inputs that may give the part Key of an event's
%   result: the event's own field Key first, then those result_input/5 declares.
result_inputs(Kind, Key, Body, [_{path:[event, Key], copied:false}|Inputs]) :-
    findall(_{path:P, copied:C}, result_input(Kind, Key, Body, P, C), Inputs).

%!  given(+Dict:dict, +Key:atom) is semidet.
%
%   Dict has Key, not null.
given(Dict, Key) :-
    is_dict(Dict), get_dict(Key, Dict, V), V \== null.

%!  in_squad(+Inputs:dict, -Edits:list) is semidet.
%
%   The edits that let through a modifier a rule kept out because its card is not in the squad
%   (518.3 item 1 and 519.3 items 1 and 3 «от карт своего отряда»; for a gain, «при заявке Бокора…
%   Менгир может усилить»: the squad of the card that gives it): its card (Inputs.modifier.source)
%   in battle, and in the squad of Inputs.squad_of when the step names it. Fails when the modifier
%   names no card.
in_squad(Inputs, [_{put:zone, value:battle, at:At}|Squad]) :-
    get_dict(modifier, Inputs, M), given(M, source), At = _{card:M.source},
    (   given(Inputs, squad_of) -> Squad = [_{copy:controller, at:At, from:_{card:Inputs.squad_of}}] ; Squad = [] ).
