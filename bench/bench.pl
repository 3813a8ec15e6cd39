:- encoding(utf8).
:- module(bench, [loop_run/4, loop_call_data/4, loop_run_all/2]).

/** <module> Benchmark helpers: the same goals the Python API runs, looped inside SWI-Prolog */

% scenario (scenario:run/2, run_plain/2) is loaded by the caller before this file.

%!  loop_run(+Scenario:dict, +N:integer, +Mode:atom, -Seconds:float) is det.
%
%   Run the scenario N times inside Prolog and give the process's CPU time in seconds. Mode is `proof`
%   (scenario:run/2, with justifications, as `why` does) or `plain` (run_plain/2).
loop_run(Scenario, N, Mode, Seconds) :-
    statistics(process_cputime, T0),
    forall(between(1, N, _), once(run_mode(Mode, Scenario))),
    statistics(process_cputime, T1),
    Seconds is T1 - T0.

run_mode(proof, S) :- scenario:run(S, _).
run_mode(plain, S) :- scenario:run_plain(S, _).

%!  loop_call_data(+Predicate:atom, +ArgsText:string, +N:integer, -Seconds:float) is det.
%
%   What one bridge call does inside Prolog — read the data arguments, call, write the answer as
%   JSON — N times: the baseline for the bridge's own cost.
loop_call_data(Predicate, ArgsText, N, Seconds) :-
    statistics(process_cputime, T0),
    forall(between(1, N, _), bridge:call_data(Predicate, ArgsText, _)),
    statistics(process_cputime, T1),
    Seconds is T1 - T0.

%!  loop_run_all(+Scenarios:list, -Seconds:float) is det.
%
%   Run every scenario of the list once, as scenario:run_all/2 does for `why_batch`, and give the
%   process's CPU time in seconds.
loop_run_all(Scenarios, Seconds) :-
    statistics(process_cputime, T0),
    scenario:run_all(Scenarios, _),
    statistics(process_cputime, T1),
    Seconds is T1 - T0.
