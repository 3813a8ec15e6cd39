"""The Prolog owner thread's queue: one thread runs every job, urgent jobs (a light request's goals)
before the rest, each kind in the order it came; a job that has not started when its caller stops
waiting can be cancelled, and then never runs."""

from __future__ import annotations

import itertools
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any


class OwnerThread:
    """One daemon thread named ``name`` running submitted jobs, urgent ones first."""

    def __init__(self, name: str) -> None:
        self._jobs: queue.PriorityQueue[tuple[int, int, Future[Any], Callable[..., Any], tuple[Any, ...]]] = \
            queue.PriorityQueue()
        self._order = itertools.count()
        threading.Thread(target=self._run, name=name, daemon=True).start()

    def submit(self, fn: Callable[..., Any], *args: Any, urgent: bool = False) -> Future[Any]:
        """``fn(*args)`` on the owner thread, after every urgent job already waiting (and, if not
        ``urgent``, after every job already waiting); its future. Cancelling the future before the
        job starts keeps it from running."""
        future: Future[Any] = Future()
        self._jobs.put((0 if urgent else 1, next(self._order), future, fn, args))
        return future

    @property
    def waiting(self) -> int:
        """How many jobs wait (not counting the one running)."""
        return self._jobs.qsize()

    def _run(self) -> None:
        while True:
            _, _, future, fn, args = self._jobs.get()
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn(*args))
            except BaseException as exc:  # the caller gets it, whatever it is
                future.set_exception(exc)
