:- encoding(utf8).
:- module(bench, [loop_run/4, loop_call_data/4, loop_run_all/2, loop_read/3, loop_write/3]).

/** <module> Benchmark helpers: the same goals the Python API runs, looped inside SWI-Prolog */

% scenario (scenario:run/2, run_plain/2) is loaded by the caller before this file.

%!  loop_run(+Scenario:dict, +N:integer, +Mode:atom, -Seconds:float) is det.
%
%   Run the scenario N times inside Prolog and give the process's CPU time in seconds. Mode is `proof`
%   (scenario:run/2, with justifications, as `why` does), `compact` (run_compact/2, the answer the
%   bridge sends) or `plain` (run_plain/2).
loop_run(Scenario, N, Mode, Seconds) :-
    statistics(process_cputime, T0),
    forall(between(1, N, _), once(run_mode(Mode, Scenario))),
    statistics(process_cputime, T1),
    Seconds is T1 - T0.

run_mode(proof, S) :- scenario:run(S, _).
run_mode(plain, S) :- scenario:run_plain(S, _).
run_mode(compact, S) :- scenario:run_compact(S, _).

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

%!  loop_read(+ArgsText:string, +N:integer, -Seconds:float) is det.
%
%   What the bridge does to read a call's arguments (term_string/3, then bridge:json_data/2), N times.
loop_read(Text, N, Seconds) :-
    statistics(process_cputime, T0),
    forall(between(1, N, _),
           ( term_string(Raw, Text, [variable_names(_), syntax_errors(error), double_quotes(string)]),
             maplist(bridge:json_data, Raw, _) )),
    statistics(process_cputime, T1),
    Seconds is T1 - T0.

%!  loop_write(+Scenario:dict, +N:integer, -Bytes:integer) is det.
%
%   Run Scenario once (scenario:run_compact/2, the answer the bridge sends), then do N times what the
%   bridge does to write it (the JSON text of `{"ok": Answer}`, as bridge:json_call/2 writes it); Bytes
%   is the answer's length in characters.
loop_write(Scenario, N, Bytes) :-
    scenario:run_compact(Scenario, Result),
    forall(between(1, N, _), bridge:json_string(_{ok:Result}, _)),
    bridge:json_string(_{ok:Result}, S),
    string_length(S, Bytes).
