"""The one module that talks to SWI-Prolog (through pyswip).

Rules of the boundary (see ``../shared/DESIGN.md``):

* One thread owns the engine: pyswip is imported, and every query runs, on a single worker
  thread; callers on any thread submit work to it and wait.
* Goals are built from a fixed template; every data value is written with
  :func:`berserk_kb.plterm.atom` / :func:`~berserk_kb.plterm.string` (quoted, escaped, ASCII), so
  user text can never become code. ``at_halt(cancel_halt(_))`` is a second fence.
* Answers come back as one JSON text (UTF-8) built by ``bridge:json_call/2`` and are decoded here;
  Prolog errors become :class:`~berserk_kb.errors.PrologQueryError` with Prolog's own message.
* Every query is run to completion with ``maxresult=1``, so pyswip always closes it.
* Loading is strict: ``bridge:strict_load/2`` turns every error, warning or undefined predicate
  into a :class:`~berserk_kb.errors.PrologLoadError` naming file and line.
"""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from . import plterm
from .errors import InputError, PrologLoadError, PrologQueryError
from .paths import PROLOG_DIR

_lock = threading.Lock()
_engine: "PrologEngine | None" = None


def engine() -> "PrologEngine":
    """The process-wide Prolog engine (created on first use; thread-safe)."""
    global _engine
    with _lock:
        if _engine is None:
            _engine = PrologEngine()
        return _engine


class PrologEngine:
    """Owner of the embedded SWI-Prolog. Use :func:`engine` rather than constructing one."""

    def __init__(self) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="prolog")
        self._loaded: set[Path] = set()
        self._executor.submit(self._start).result()

    # -- running on the owner thread -------------------------------------------------------------

    def _start(self) -> None:
        import pyswip  # initialises Prolog on this (the owner) thread

        self._prolog = pyswip.Prolog
        self._raw("at_halt(cancel_halt('berserk-kb: halt refused'))")
        bridge = (PROLOG_DIR / "bridge.pl").resolve()
        if not bridge.is_file():
            raise InputError(
                f"Prolog code not found: {bridge} (berserk-kb reads prolog/ and kb/ from its repository; "
                "install it with `pip install -e <repository>` or set BERSERK_KB_PROLOG)"
            )
        # bridge.pl holds the strict loader, so it is loaded under a temporary message hook of its
        # own that collects every error and warning instead of printing it.
        rows = self._raw(
            "nb_setval(bkb_boot, []), "
            "asserta((user:message_hook(_, K, L) :- memberchk(K, [error, warning]), "
            "nb_getval(bkb_boot, P0), "
            "with_output_to(string(S), print_message_lines(current_output, '', L)), "
            "( source_location(F, Ln) -> format(atom(A), '~w:~w: ~w: ~s', [F, Ln, K, S]) ; atom_string(A, S) ), "
            "nb_setval(bkb_boot, [A|P0])), Ref), "
            f"catch(load_files({plterm.atom(str(bridge))}, [if(not_loaded), imports([])]), E, "
            "(print_message(error, E))), "
            "erase(Ref), nb_getval(bkb_boot, Problems0), reverse(Problems0, Problems)"
        )
        problems = [p.decode() if isinstance(p, bytes) else str(p) for p in rows[0]["Problems"]] if rows else ["bridge.pl did not load"]
        if problems:
            raise PrologLoadError([" ".join(p.split()) for p in problems])
        self._loaded.add(bridge)

    def _raw(self, goal: str) -> list[dict[str, Any]]:
        return list(self._prolog.query(goal, maxresult=1))

    def _json_call(self, template: str, args: tuple[str, ...]) -> Any:
        from pyswip.prolog import PrologError

        goal = template.format(*args)
        try:
            rows = self._raw(f"bridge:json_call({goal}, Json__)")
        except PrologError as exc:  # the goal text itself did not read: a bug in a template
            raise PrologQueryError(f"Prolog could not run {template!r}: {' '.join(str(exc).split())[:300]}") from None
        if not rows:
            raise PrologQueryError(f"bridge call failed: {template}")
        text = rows[0]["Json__"]
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        reply = json.loads(text)
        if "error" in reply:
            raise PrologQueryError(reply["error"]["message"] or reply["error"]["term"])
        if "fail" in reply:
            raise PrologQueryError(f"goal failed: {template}")
        return reply["ok"]

    # -- public API --------------------------------------------------------------------------------

    def call(self, template: str, *args: str) -> Any:
        """Run ``call(Goal, Result)`` once and return Result decoded from JSON.

        ``template`` is a fixed goal text with ``{}`` placeholders and no final argument (the result
        is appended by ``bridge:json_call/2``); each ``arg`` must already be Prolog text made by
        :mod:`berserk_kb.plterm` (an escaped atom or string) or a number.

        Raises:
            PrologQueryError: the goal threw (Prolog's message) or failed.
        """
        return self._executor.submit(self._json_call, template, args).result()

    def load(self, files: list[Path]) -> None:
        """Load Prolog files strictly (files already loaded by this engine are skipped).

        Raises:
            PrologLoadError: a syntax error, warning or undefined predicate, each as file:line.
        """
        todo = [Path(f).resolve() for f in files if Path(f).resolve() not in self._loaded]
        if not todo:
            return
        listing = "[" + ", ".join(plterm.atom(str(f)) for f in todo) + "]"
        problems = self.call("bridge:strict_load({})", listing)
        if problems:
            self.call("bridge:unload_all({})", listing)  # leave no half-loaded code behind
            raise PrologLoadError([_format_problem(p) for p in problems])
        self._loaded.update(todo)

    def echo(self, value: str) -> str:
        """Send ``value`` to Prolog as a string and return what comes back (tests the escaping)."""
        return self.call("bridge:json_echo({})", plterm.string(value, "text"))


def _format_problem(p: dict[str, Any]) -> str:
    message = " ".join(str(p.get("message", "")).split())
    if p.get("file") and message.startswith(f"{p['file']}:"):
        return f"{message} ({p['kind']})"
    if p.get("file") and p.get("line"):
        return f"{p['file']}:{p['line']}: {p['kind']}: {message}"
    return f"{p['kind']}: {message}"
