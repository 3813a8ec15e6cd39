"""The one module that imports pyswip: it owns the embedded SWI-Prolog and every call into it.

Rules of the boundary (see ``../shared/DESIGN.md``):

* One thread owns the engine: pyswip is imported, and every query runs, on a single worker
  thread; callers on any thread submit work to it and wait.
* No goal is built from data. :meth:`PrologEngine.call` names an exported predicate
  (``"rulebook:paragraph_views"``) and passes its arguments as one JSON text
  (:func:`~berserk_kb.engine.terms.json_bytes`), which goes into a Prolog string through the foreign
  interface (``PL_put_chars``) and is read — as data, never called — by ``bridge:call_data/3``; only
  predicates of modules loaded through the bridge can be called.
  ``at_halt(cancel_halt(_))`` is a second fence.
* Answers come back as one JSON text, read through ``PL_get_nchars`` as UTF-8 and decoded here;
  Prolog errors become :class:`~berserk_kb.errors.PrologQueryError` with Prolog's own message.
* Every query is cut and its frame discarded, whatever happens.
* Loading is strict: ``bridge:strict_load/3`` turns every error, warning or undefined predicate
  into a :class:`~berserk_kb.errors.PrologLoadError` naming file and line.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import functools
import json
import os
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import EngineBusy, GoalTimeout, InputError, PrologLoadError, PrologQueryError
from .code import BRIDGE, code_file
from .owner import OwnerThread
from .start import start_prolog
from .terms import atom, json_bytes

_lock = threading.Lock()  # one start at a time: the CLI's early-start thread and the command's own
_clock = time.monotonic  # how the budgets count (a test may count for them)


class _Budget:
    """A request's budget: ``seconds`` of its own Prolog time (``spent`` so far), ``wait`` seconds in all to wait
    for the owner thread to start its goals (``waited`` so far; 0: no bound), its goals ``urgent`` or not."""

    def __init__(self, seconds: float, wait: float, urgent: bool) -> None:
        self.seconds, self.wait, self.urgent = float(seconds), float(wait), urgent
        self.spent = self.waited = 0.0


def engine() -> PrologEngine:
    """The process-wide Prolog engine (created on first use; thread-safe).

    Raises:
        PrologLoadError: the bridge did not load (again on every later call: the error of the
            first start, which may have run on the CLI's early-start thread).
    """
    with _lock:
        started = _started()
    if isinstance(started, Exception):  # Prolog starts once per process: a failed start stays failed
        raise started
    return started


@functools.cache
def _started() -> PrologEngine | Exception:
    try:
        return PrologEngine()
    except Exception as exc:
        return exc


def start_in_background(preload: tuple[Path, ...] = ()) -> None:
    """Start the engine on a daemon thread, so that SWI-Prolog initialises (in C, with the GIL
    released) while Python imports the rest, and load the code files ``preload`` there too; a
    failure is left for the command to report (it loads them again, and fails in its turn)."""

    def start() -> None:
        for path in preload:  # one at a time: a file that fails to load takes no other down with it
            with contextlib.suppress(Exception):
                engine().load([path])

    global _starting
    _starting = threading.Thread(target=start, name="prolog-start", daemon=True)
    _starting.start()


_starting: threading.Thread | None = None  # the thread start_in_background started last


def settle() -> None:
    """Before the process exits without SWI-Prolog's clean-up: wait (≤ 10 s) for a start under way and
    take pyswip's clean-up at exit off (from the main thread it cannot stop the Prolog thread:
    «WARNING: Failed to stop Prolog threads» came out after a command's error line now and then)."""
    if _starting is not None:
        _starting.join(10)
    if "pyswip.core" in sys.modules:
        atexit.unregister(sys.modules["pyswip.core"].cleanupProlog)


class PrologEngine:
    """Owner of the embedded SWI-Prolog. Use :func:`engine` rather than constructing one."""

    def __init__(self) -> None:
        self._executor = OwnerThread("prolog")
        self._loaded: set[Path] = set()  # resolved; _given: as the callers named them
        self._given: set[Path] = set()
        self._failed: dict[Path, list[str]] = {}  # resolved → the problems its load reported (this process)
        self._code: set[tuple[str | None, str]] = set()  # (BERSERK_KB_PROLOG, name) of load_code
        self._fixed: dict[tuple[str, bytes], Any] = {}  # call_fixed's answers, for the code loaded now
        self._loading = threading.Lock()  # one load at a time: the early-start thread may preload code
        self._calls: tuple[Any, ...] | None = None  # what _call_data calls (set on its first call)
        self._limit = 0.0  # the time limit per goal (set_time_limit; 0: none)
        self._budgets = threading.local()  # a calling thread's _Budget (budget), in .current
        self._executor.submit(self._start).result()

    # -- running on the owner thread -------------------------------------------------------------

    def _start(self) -> None:
        self._prolog = start_prolog()  # initialises Prolog on this (the owner) thread
        self._raw("at_halt(cancel_halt('berserk-kb: halt refused'))")
        bridge = code_file(BRIDGE).resolve()
        if not bridge.is_file():
            raise InputError(
                f"Prolog code not found: {bridge} (berserk-kb reads prolog/ and kb/ from its repository; "
                "install it with `pip install -e <repository>` or set BERSERK_KB_PROLOG)", path=bridge
            )
        # bridge.pl holds the strict loader: loaded under a message hook collecting every error and warning
        rows = self._raw(
            "nb_setval(bkb_boot, []), "
            "asserta((user:message_hook(_, K, L) :- memberchk(K, [error, warning]), "
            "nb_getval(bkb_boot, P0), "
            "with_output_to(string(S), print_message_lines(current_output, '', L)), "
            "( source_location(F, Ln) -> format(atom(A), '~w:~w: ~w: ~s', [F, Ln, K, S]) ; atom_string(A, S) ), "
            "nb_setval(bkb_boot, [A|P0])), Ref), "
            f"catch(load_files({atom(str(bridge))}, [if(not_loaded), imports([])]), E, "
            "(print_message(error, E))), "
            "erase(Ref), nb_getval(bkb_boot, Problems0), reverse(Problems0, Problems)"
        )
        problems = [p.decode() if isinstance(p, bytes) else str(p) for p in rows[0]["Problems"]] if rows \
            else [f"{BRIDGE} did not load"]
        if problems:
            raise PrologLoadError([" ".join(p.split()) for p in problems])
        self._loaded.add(bridge)

    def _raw(self, goal: str) -> list[dict[str, Any]]:
        """Run a fixed goal text (bootstrap only: never built from data)."""
        return list(self._prolog.query(goal, maxresult=1))

    def _call_data(self, predicate: str, data: bytes, limit: float | None = None) -> Any:
        from pyswip import core as C

        if self._calls is None:  # bridge:call_data/3, call_within/4 (``limit``: for one call), and the
            # foreign functions with the argument types used here (put_atom: without pyswip's wrapper)
            get, put, put_atom = C._lib.PL_get_nchars, C._lib.PL_put_float, C._lib.PL_put_atom_chars
            get.argtypes = [C.term_t, ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(ctypes.c_char_p), ctypes.c_uint]
            get.restype, put.restype, put.argtypes = ctypes.c_int, ctypes.c_int, [C.term_t, ctypes.c_double]
            self._calls = (C.PL_predicate(b"call_data", 3, b"bridge"), C.PL_predicate(b"call_within", 4, b"bridge"),
                           get, put, put_atom, ctypes.c_size_t(), ctypes.c_char_p())
        call_data, call_within, get_nchars, put_float, put_atom, size, ptr = self._calls
        fid = C.PL_open_foreign_frame()
        try:
            n = 3 if limit is None else 4
            t = C.PL_new_term_refs(n)
            put_atom(t, predicate.encode())
            C.PL_put_chars(t + 1, C.PL_STRING | C.REP_UTF8, len(data), data)
            if limit is not None:
                put_float(t + 2, limit)
            qid = C.PL_open_query(None, C.PL_Q_CATCH_EXCEPTION | C.PL_Q_NODEBUG,
                                  call_data if limit is None else call_within, t)
            try:
                if not C.PL_next_solution(qid):
                    raise PrologQueryError(f"the bridge could not call {predicate}")
                if not get_nchars(t + n - 1, ctypes.byref(size), ctypes.byref(ptr),
                                  C.CVT_STRING | C.REP_UTF8 | C.BUF_STACK):
                    raise PrologQueryError(f"the bridge's answer for {predicate} is not text")
                text = ctypes.string_at(ptr, size.value)
            finally:
                C.PL_cut_query(qid)
        finally:
            C.PL_discard_foreign_frame(fid)
        reply = json.loads(text)
        if "timeout" in reply:
            raise GoalTimeout(f"{predicate} did not finish within {reply['timeout']:g} s", seconds=reply["timeout"])
        if "error" in reply:
            raise PrologQueryError(reply["error"]["message"] or reply["error"]["term"])
        if "fail" in reply:
            raise PrologQueryError(f"goal failed: {predicate}")
        return reply["ok"]

    def call(self, predicate: str, *args: Any) -> Any:
        """Call the exported Prolog predicate ``predicate`` (``"module:name"``) once with ``args``
        and a last, result argument; return the result decoded from JSON.

        ``args`` are JSON-shaped values: a ``str`` arrives as an atom, a ``list`` as a list, a
        ``dict`` as a dict, numbers as numbers, ``None``/``True``/``False`` as
        ``null``/``true``/``false`` (see :func:`berserk_kb.engine.terms.json_bytes` and ``bridge.pl``).

        Raises:
            PrologQueryError: the predicate is not callable, threw (Prolog's message) or failed.
            InputError: an argument holds NUL or an unpaired surrogate (not text).
        """
        data = json_bytes(list(args), "an argument")
        b: _Budget | None = getattr(self._budgets, "current", None)
        if b is None:
            return self._executor.submit(self._call_data, predicate, data).result()
        if b.spent >= b.seconds:
            raise GoalTimeout(f"{predicate}: the time budget of {b.seconds:g} s is spent", seconds=b.seconds)
        started = threading.Event()
        future = self._executor.submit(self._call_within, predicate, data, b, _clock(), started, urgent=b.urgent)
        if b.wait > 0 and not started.wait(max(b.wait - b.waited, 0.0)) and future.cancel():
            raise EngineBusy(f"{predicate}: the Prolog engine did not start it within {b.wait:g} s (it is busy); "
                             "try again", seconds=b.wait)
        return future.result()

    def call_fixed(self, predicate: str, *args: Any) -> Any:
        """:meth:`call` for a predicate whose answer the loaded code alone decides (an edition's data, a
        language pack): asked of Prolog once per argument list until more code is loaded, then the same
        object again (treat it as read-only). Raises what :meth:`call` raises."""
        key = (predicate, json_bytes(list(args), "an argument"))
        if key in self._fixed:
            return self._fixed[key]
        fixed = self._fixed  # a load ending meanwhile gives the engine a new dict: this answer is not kept
        answer = fixed[key] = self.call(predicate, *args)
        return answer

    def _call_within(self, predicate: str, data: bytes, b: _Budget, asked: float, started: threading.Event) -> Any:
        """On the owner thread: one call under what is left of its caller's budget ``b`` (or the limit
        per goal, if that is shorter), counted from now — the time it waited since it was ``asked``
        for is the wait's, not the budget's — (bridge:call_within/4: the limit goes with the call)."""
        began = _clock()
        b.waited += began - asked
        started.set()
        left = b.seconds - b.spent
        try:
            if 0 < self._limit <= left:  # the limit per goal comes first
                return self._call_data(predicate, data)
            try:
                return self._call_data(predicate, data, left)
            except GoalTimeout:
                raise GoalTimeout(f"{predicate} did not finish within the time budget of {b.seconds:g} s",
                                  seconds=b.seconds) from None
        finally:
            b.spent += _clock() - began

    def set_time_limit(self, seconds: float) -> float:
        """Stop every later call that runs for more than ``seconds`` (0: no limit; see ``bridge:set_goal_time_limit/2``;
        such a call raises :class:`~berserk_kb.errors.GoalTimeout`); returns the limit it replaces, in seconds."""
        self.call("bridge:set_goal_time_limit", float(seconds))
        before, self._limit = self._limit, float(seconds)
        return before

    def set_step_limit(self, steps: int) -> int:
        """Refuse every later scenario that takes more than ``steps`` inference steps
        (``bridge:set_scenario_step_limit/2``; 0: the default, 20,000,000); returns the value it
        replaces (0: the default)."""
        return int(self.call("bridge:set_scenario_step_limit", int(steps)))

    @contextlib.contextmanager
    def budget(self, seconds: float, wait: float = 0.0, urgent: bool = False) -> Iterator[None]:
        """Inside, the calls this thread makes share ``seconds`` of their own Prolog time, counted on
        the owner thread from when each goal starts: each runs under the time still left (or the
        limit per goal, if shorter), and a call once it is spent is not made. Waiting for the owner
        thread is not counted in it: it is bounded apart, ``wait`` seconds for all the calls (0: no
        bound), and a goal not started by then is taken out of the queue and never runs. ``urgent``
        goals start before the others waiting (a server's light requests). A server gives each
        request one budget, so that many goals, each under its own limit, cannot add up to a request
        that holds the engine (``seconds`` 0 or less: no budget).

        Raises (from a call inside):
            GoalTimeout: the budget is spent (``seconds`` is the budget).
            EngineBusy: the owner thread did not start a goal within ``wait`` (``seconds`` is ``wait``).
        """
        if seconds <= 0:
            yield
            return
        self._budgets.current = _Budget(seconds, wait, urgent)
        try:
            yield
        finally:
            self._budgets.current = None

    def load(self, files: list[Path]) -> None:
        """Load Prolog files strictly (files already loaded by this engine are skipped).

        The code of ``prolog/`` and generated facts files are loaded from their compiled ``.qlf``
        bundle in the cache (:mod:`berserk_kb.engine.compiled`) when there is one.

        Raises:
            PrologLoadError: a syntax error, warning or undefined predicate, each as file:line.
        """
        given = [Path(f) for f in files]
        if not self._given.issuperset(given):  # resolving each path at every call cost ~10 lstat calls a why
            with self._loading:
                self._load([f.resolve() for f in given])
            self._given.update(given)

    def load_code(self, name: str) -> None:
        """:meth:`load` the code file ``name`` of :mod:`.code`; once loaded from that folder, a set lookup."""
        key = (os.environ.get("BERSERK_KB_PROLOG"), name)
        if key not in self._code:
            self.load([code_file(name)])
            self._code.add(key)

    def _load(self, files: list[Path]) -> None:
        from .compiled import compiled, discard, is_facts

        todo = [f for f in files if f not in self._loaded]
        if not todo:
            return
        failed = [m for f in todo for m in self._failed.get(f, [])]
        if failed:  # loaded again after unload_all, a broken file says nothing: its problems stand
            raise PrologLoadError(failed)
        names = [str(compiled(f)) for f in todo]
        unchecked = any(Path(n) == f and not is_facts(f) for n, f in zip(names, todo))  # bundles: checked when built
        try:
            problems = self.call("bridge:strict_load", names, unchecked)
            if problems:
                self.call("bridge:unload_all", names)  # leave no half-loaded code behind
        finally:  # the code may answer otherwise now (after facts files too: kept simple)
            self._fixed = {}
        if problems:
            messages = [_format_problem(p) for p in problems]
            for name, f in zip(names, todo):
                if Path(name) != f and discard(Path(name)):
                    messages.append(f"the compiled copy {name} did not load and was removed; run again")
            for f in todo:
                self._failed[f] = messages
            raise PrologLoadError(messages)
        self._loaded.update(todo)

    def echo(self, value: str) -> str:
        """Send ``value`` to Prolog and return what comes back (tests the boundary): any text unchanged, the
        JSON words ``"null"``, ``"true"``, ``"false"`` too (Prolog strings, see ``bridge.pl``),
        ``None``/``True``/``False`` as themselves."""
        return self.call("bridge:json_echo", value)


def _format_problem(p: dict[str, Any]) -> str:
    message = " ".join(str(p.get("message", "")).split())
    if p.get("file") and message.startswith(f"{p['file']}:"):
        return f"{message} ({p['kind']})"
    if p.get("file") and p.get("line"):
        return f"{p['file']}:{p['line']}: {p['kind']}: {message}"
    return f"{p['kind']}: {message}"
