:- encoding(utf8).
:- module(bench, [loop_run/4]).

/** <module> Benchmark helpers: the same goals the Python API runs, looped inside SWI-Prolog */

:- use_module(library(http/json)).
:- use_module('../prolog/scenario').

%!  loop_run(+ScenarioJson:string, +N:integer, +Mode:atom, -Seconds:float) is det.
%
%   Run the scenario N times inside Prolog (parsed once) and give the wall time in seconds.
%   Mode is `proof` (scenario:run/2, with justifications, as `why` does) or `plain` (run_plain/2).
loop_run(Json, N, Mode, Seconds) :-
    atom_json_dict(Json, Scenario, [value_string_as(atom)]),
    get_time(T0),
    forall(between(1, N, _), once(run_mode(Mode, Scenario))),
    get_time(T1),
    Seconds is T1 - T0.

run_mode(proof, S) :- scenario:run(S, _).
run_mode(plain, S) :- scenario:run_plain(S, _).
