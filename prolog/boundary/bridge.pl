:- encoding(utf8).
:- module(bridge,
          [ call_data/3,                % +Predicate, +ArgsText, -ReplyJson
            call_within/4,              % +Predicate, +ArgsText, +Seconds, -ReplyJson
            strict_load/3,              % +Files, +CheckUndefined, -Problems
            unload_all/2,               % +Files, -Done
            json_call/2,                % :Goal, -JsonText
            json_echo/2,                % +Term, -Term
            set_goal_time_limit/2,      % +Seconds, -Done
            set_scenario_step_limit/2,  % +Steps, -Before
            write_json/2                % +Stream, +Term
          ]).

/** <module> The Python ↔ Prolog boundary

Everything Python asks of Prolog goes through call_data/3: the name of an exported predicate of a
module loaded through the bridge, and its arguments as one JSON text (an array), written by Python's
json.dumps. Python puts that text into a Prolog string through the foreign interface; it is read
here with term_string/3 as data — JSON's syntax is Prolog's for numbers, strings, lists and the words
null, true and false, and an object reads as a `{}` term of `Key:Value` pairs — checked to hold no
variable, turned into data (json_data/2: objects into dicts, strings into atoms), and never called.
The answer comes back as one JSON text (write_json/2), read by Python as UTF-8.

Strings arrive as atoms, except the strings "null", "true" and "false", which arrive as Prolog
strings: the atoms `null`, `true` and `false` are the JSON constants both ways, and a string goes
back as a JSON string, so every text comes back as itself.

SWI-Prolog's library(http/json) is not loaded: it costs ~50 ms at every start (it pulls in
library(predicate_options)) and ~0.5 ms per call for a `why` answer; write_json/2 writes with the
same library's C string writer (foreign(json)) for a text that needs escapes, and reading needs no
JSON at all.

Loading is strict: strict_load/3 collects every error and warning printed while loading (and
every undefined predicate found afterwards) with its file and line, instead of printing them.
*/

:- use_foreign_library(foreign(json)).         % json_write_string/2, SWI-Prolog's C string writer
:- use_module(library(apply)).
:- use_module(library(lists)).
:- autoload(library(time), [call_with_time_limit/2]).  % loaded when a limit is first used (~30 ms)

:- meta_predicate json_call(1, -).

:- dynamic collecting/0, problem/4, allowed_module/1, goal_time_limit/1.

allowed_module(bridge).

%!  call_data(+Predicate:atom, +ArgsText:string, -ReplyJson:string) is det.
%
%   Predicate is `Module:Name`; ArgsText a JSON array (see the module comment: its elements arrive
%   as atoms, numbers, lists and dicts). Calls `Module:Name(Args…, Result)` once; ReplyJson is as for
%   json_call/2. Only exported predicates of modules loaded through strict_load/3 (and of the
%   modules they load, and this one) can be called; anything else, or a text that is not a list
%   of data, is an error reply. Under a limit set by set_goal_time_limit/2, a goal still running
%   after it is stopped and the reply is `{"timeout": Seconds}`.
call_data(Predicate, ArgsText, Reply) :-
    (   goal_time_limit(S) -> true ; S = 0 ),
    call_within(Predicate, ArgsText, S, Reply).

%!  call_within(+Predicate:atom, +ArgsText:string, +Seconds:number, -ReplyJson:string) is det.
%
%   As call_data/3, the goal stopped when it has run for Seconds (wall time; 0: no limit) instead
%   of under the limit of set_goal_time_limit/2: a caller with a budget of its own (a server's
%   request) sets it with the call, not by two more calls around it.
call_within(Predicate, ArgsText, Seconds, Reply) :-
    (   catch(term_string(Raw, ArgsText, [variable_names(Vs), syntax_errors(error), double_quotes(string)]), _, fail),
        Vs == [], is_list(Raw),
        catch(maplist(json_data, Raw, Args), _, fail)
    ->  (   atom(Predicate),
            atomic_list_concat([M, N], ':', Predicate),
            allowed_module(M),
            length(Args, A0), A is A0 + 1,
            functor(Head, N, A),
            predicate_property(M:Head, exported)
        ->  G =.. [N|Args],
            (   number(Seconds), Seconds > 0
            ->  json_call(limited(Seconds, M:G), Reply)
            ;   json_call(M:G, Reply)
            )
        ;   error_text(not_callable(Predicate), Reply)
        )
    ;   error_text(not_data_arguments, Reply)
    ).

%   json_data(+Json, -Data) is semidet: JSON as term_string/3 reads it, as data; fails on anything
%   JSON does not write.
json_data(T, D) :-
    (   string(T)
    ->  atom_string(A, T),
        ( json_constant(A) -> D = T ; D = A )   % the texts null, true, false stay strings
    ;   is_list(T)
    ->  maplist(json_data, T, D)
    ;   T = {}(Body)
    ->  json_pairs(Body, Pairs),
        dict_create(D, _, Pairs)
    ;   T == {}
    ->  D = _{}
    ;   ( number(T) ; json_constant(T) )
    ->  D = T
    ).

json_pairs((P, Ps), [KV|KVs]) :- !,
    json_pair(P, KV),
    json_pairs(Ps, KVs).
json_pairs(P, [KV]) :-
    json_pair(P, KV).

json_pair(K:V, Key-Data) :-
    string(K),
    atom_string(Key, K),
    json_data(V, Data).

%!  set_goal_time_limit(+Seconds:number, -Done:bool) is det.
%
%   Every goal called through call_data/3 after this one is stopped when it has run for Seconds
%   (wall time); 0 lifts the limit. Done is `true`. A server sets it once its start-up work is done,
%   so that one heavy question cannot hold the engine.
%
%   @error type_error(number, Seconds) if Seconds is not a number.
set_goal_time_limit(Seconds, true) :-
    must_be(number, Seconds),
    retractall(goal_time_limit(_)),
    (   Seconds > 0 -> assertz(goal_time_limit(Seconds)) ; true ).

%!  set_scenario_step_limit(+Steps:integer, -Before:integer) is det.
%
%   The most inference steps one scenario may take becomes Steps (the Prolog flag
%   `scenario_step_limit`, which scenario:run/2 reads; 0: the default of engine/scenario.pl,
%   20,000,000); Before is the value it replaces (0: the default). A test of how the refusal reads
%   lowers it, so as not to spend twenty million steps to reach it.
%
%   @error type_error(nonneg, Steps) if Steps is not a non-negative integer.
set_scenario_step_limit(Steps, Before) :-
    must_be(nonneg, Steps),
    (   current_prolog_flag(scenario_step_limit, B) -> Before = B ; Before = 0 ),
    create_prolog_flag(scenario_step_limit, Steps, [type(integer), keep(false)]).

limited(Seconds, Goal, Result) :-
    catch(call_with_time_limit(Seconds, call(Goal, Result)), time_limit_exceeded,
          throw(goal_time_limit(Seconds))).

%!  write_json(+Stream, +Term) is det.
%
%   Write Term as JSON (json_string/2).
%
%   @error type_error(json_term, T) for any other term T (a compound, a variable, inf or nan).
write_json(S, T) :-
    json_string(T, Text),
    write(S, Text).

%   json_string(+Term, -Text:string) is det: Term as JSON — a dict as an object, a list as an
%   array, a number as itself, the atoms `true`, `false` and `null` as constants and any other
%   atom or string as a JSON string — gathered as pieces and joined once (atomics_to_string/2):
%   a third less time than writing each piece to a stream. A text that needs no escape (no quote,
%   backslash or control character) is a piece between quotes; the others are written by the C
%   string writer. Raises type_error(json_term, T) for any other term T.
json_string(T, Text) :-
    json_pieces(T, Pieces, []),
    atomics_to_string(Pieces, Text).

json_pieces(T, P0, P) :-
    (   is_dict(T)
    ->  dict_pairs(T, _, Pairs),
        (   Pairs = [K-V|KVs]
        ->  P0 = ['{'|P1], json_text_piece(K, P1, [':'|P2]), json_pieces(V, P2, P3),
            json_pair_pieces(KVs, P3, ['}'|P])
        ;   P0 = ['{}'|P]
        )
    ;   atom(T)                                 % the commonest leaf first ([] is not an atom)
    ->  ( json_constant(T) -> P0 = [T|P] ; json_text_piece(T, P0, P) )
    ;   string(T)
    ->  json_text_piece(T, P0, P)
    ;   is_list(T)
    ->  (   T = [V|Vs]
        ->  P0 = ['['|P1], json_pieces(V, P1, P2), json_list_pieces(Vs, P2, [']'|P])
        ;   P0 = ['[]'|P]
        )
    ;   integer(T)
    ->  P0 = [T|P]
    ;   float(T)
    ->  (   T =:= T, abs(T) =< 1.7976931348623157e308 -> P0 = [T|P] ; type_error(json_term, T) )
    ;   type_error(json_term, T)
    ).

json_constant(true).
json_constant(false).
json_constant(null).

%   json_pair_pieces(+Pairs, -P0, +P) and json_list_pieces(+Values, -P0, +P): the members after
%   the first, each after its comma.
json_pair_pieces([], P, P).
json_pair_pieces([K-V|T], [','|P0], P) :-
    json_text_piece(K, P0, [':'|P1]),
    json_pieces(V, P1, P2),
    json_pair_pieces(T, P2, P).

json_list_pieces([], P, P).
json_list_pieces([V|T], [','|P0], P) :-
    json_pieces(V, P0, P1),
    json_list_pieces(T, P1, P).

json_text_piece(T, P0, P) :-
    (   split_string(T, "\"\\\x1\\x2\\x3\\x4\\x5\\x6\\x7\\x8\\x9\\xa\\xb\\xc\\xd\\xe\\xf\\x10\\x11\\x12\\x13\\x14\\x15\\x16\\x17\\x18\\x19\\x1a\\x1b\\x1c\\x1d\\x1e\\x1f\", "", [_])
    ->  P0 = ['"', T, '"'|P]                    % none to escape (a NUL is not looked for: Python sends none)
    ;   with_output_to(string(S), json_write_string(current_output, T)),
        P0 = [S|P]
    ).

error_text(What, Reply) :-
    format(string(T), "~q", [What]),
    json_string(_{error:_{term:T, message:T}}, Reply).

:- multifile user:message_hook/3.
:- dynamic user:message_hook/3.

user:message_hook(Term, Kind, Lines) :-
    collecting,
    memberchk(Kind, [error, warning]),
    (   message_file_line(Term, File, Line)
    ->  true
    ;   source_location(File, Line)
    ->  true
    ;   File = '', Line = 0
    ),
    with_output_to(string(Text), print_message_lines(current_output, '', Lines)),
    assertz(problem(Kind, File, Line, Text)).

message_file_line(error(_, file(File, Line, _, _)), File, Line).

%!  strict_load(+Files:list, +CheckUndefined:bool, -Problems:list) is det.
%
%   Load each file in Files (absolute paths, as atoms; nothing is imported into the caller)
%   and, when CheckUndefined is `true`, check the whole program for undefined predicates
%   (library(check), ~50 ms; a compiled bundle was checked when it was built, so Python passes
%   `false` for those). When nothing is wrong, the exported predicates of the modules the files
%   define, and of the modules they load (outside SWI-Prolog's own library), can be called
%   through call_data/3.
%   Problems is a list of dicts `_{kind:Kind, file:File, line:Line, message:Text}`, one per
%   error or warning that loading printed; it is `[]` when everything loaded cleanly.
%   Nothing is printed.
%
%   @error type_error(list, Files) if Files is not a list.
strict_load(Files, CheckUndefined, Problems) :-
    must_be(list, Files),
    retractall(problem(_, _, _, _)),
    findall(F, source_file(F), Before),
    setup_call_cleanup(
        assertz(collecting),
        ( forall(member(File, Files),
                 catch(load_files(File, [if(true), imports([])]), E,
                       ( message_to_codes_safe(E, Text),
                         assertz(problem(error, File, 0, Text)) ))),
          (   CheckUndefined == true
          ->  check:list_undefined([])
          ;   true
          )
        ),
        retractall(collecting)),
    findall(_{kind:K, file:F, line:L, message:T}, problem(K, F, L, T), Problems),
    retractall(problem(_, _, _, _)),
    (   Problems == []
    ->  findall(F, ( source_file(F), \+ memberchk(F, Before), \+ library_file(F) ), New),
        append(Files, New, Loaded),
        forall(( member(File, Loaded), source_file_property(File, module(M)) ),
               ( allowed_module(M) -> true ; assertz(allowed_module(M)) ))
    ;   true
    ).

%   library_file(+File): File is part of SWI-Prolog itself (its library), not of the loaded code.
library_file(File) :-
    current_prolog_flag(home, Home),
    sub_atom(File, 0, _, _, Home).

%!  unload_all(+Files:list, -Done:bool) is det.
%
%   Unload every file in Files (used after a failed strict_load/3, so that broken code does not
%   stay loaded). Done is `true`.
unload_all(Files, true) :-
    must_be(list, Files),
    forall(member(F, Files), catch(unload_file(F), _, true)).

message_to_codes_safe(E, Text) :-
    catch(message_to_codes(E, Text), _, format(string(Text), "~q", [E])).

message_to_codes(E, Text) :-
    '$messages':translate_message(E, Lines, []),
    with_output_to(string(Text), print_message_lines(current_output, '', Lines)).

%!  json_call(:Goal, -JsonText:string) is det.
%
%   Call `call(Goal, Result)` once. JsonText is `{"ok": Result}` when it succeeds,
%   `{"fail": true}` when it fails, and `{"error": {"term": T, "message": M}}` when it throws,
%   where M is Prolog's own message for the error (`{"timeout": S}` when the goal was stopped by
%   the limit of set_goal_time_limit/2). Result must be a JSON-convertible term
%   (dicts, lists, numbers, strings, atoms); an answer that is not is an error reply too.
json_call(Goal, JsonText) :-
    (   catch(( call(Goal, Result) -> Reply = _{ok:Result} ; Reply = _{fail:true} ),
              Error,
              error_reply(Error, Reply))
    ->  true
    ;   Reply = _{fail:true}
    ),
    catch(json_string(Reply, Raw),
          Error,
          ( error_reply(Error, ErrorReply),
            json_string(ErrorReply, Raw) )),
    JsonText = Raw.

error_reply(goal_time_limit(S), _{timeout:S}) :- !.
error_reply(Error, _{error:_{term:T, message:M}}) :-
    format(string(T), "~q", [Error]),
    message_to_codes_safe(Error, M0),
    split_string(M0, "", " \n", [M]).

%!  json_echo(+Term, -Term) is det.
%
%   Identity; lets tests check that text sent through the bridge comes back unchanged.
json_echo(Term, Term).
