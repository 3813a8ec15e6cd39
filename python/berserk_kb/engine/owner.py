"""The Prolog owner thread's queue: one thread runs every job, urgent jobs (a light request's goals)
before the rest, each kind in the order it came; a job that has not started when its caller stops
waiting can be cancelled, and then never runs. (A job is a small future of its own:
concurrent.futures would load logging with it at every start of a command.)"""

from __future__ import annotations

import itertools
import queue
import threading
from collections.abc import Callable
from typing import Any


class Job:
    """A job handed to the owner thread: ``result()`` waits for it and returns or raises what it
    did; ``cancel()`` before it starts keeps it from running (True), after that does nothing (False)."""

    def __init__(self) -> None:
        self._done = threading.Lock()  # held until the job is done or cancelled (lighter than an Event)
        self._done.acquire()
        self._lock = threading.Lock()
        self._state = "waiting"  # → running → done, or → cancelled
        self._value: Any = None
        self._error: BaseException | None = None

    def cancel(self) -> bool:
        with self._lock:
            if self._state != "waiting":
                return self._state == "cancelled"
            self._state = "cancelled"
        self._done.release()
        return True

    def cancelled(self) -> bool:
        return self._state == "cancelled"

    def result(self, timeout: float | None = None) -> Any:
        """What the job returned (or raise what it raised); TimeoutError if it is not done within
        ``timeout`` seconds, RuntimeError if it was cancelled."""
        if not self._done.acquire(timeout=-1 if timeout is None else max(timeout, 0.0)):
            raise TimeoutError("the job is not done")
        self._done.release()  # done for good: a later result() returns at once
        if self._state == "cancelled":
            raise RuntimeError("the job was cancelled")
        if self._error is not None:
            raise self._error
        return self._value

    def _start(self) -> bool:
        with self._lock:
            if self._state != "waiting":
                return False
            self._state = "running"
            return True

    def _finish(self, value: Any = None, error: BaseException | None = None) -> None:
        self._value, self._error, self._state = value, error, "done"
        self._done.release()


class OwnerThread:
    """One daemon thread named ``name`` running submitted jobs, urgent ones first."""

    def __init__(self, name: str) -> None:
        self._jobs: queue.PriorityQueue[tuple[int, int, Job, Callable[..., Any], tuple[Any, ...]]] = \
            queue.PriorityQueue()
        self._order = itertools.count()
        threading.Thread(target=self._run, name=name, daemon=True).start()

    def submit(self, fn: Callable[..., Any], *args: Any, urgent: bool = False) -> Job:
        """``fn(*args)`` on the owner thread, after every urgent job already waiting (and, if not
        ``urgent``, after every job already waiting); its :class:`Job`. Cancelling the job before it
        starts keeps it from running."""
        job = Job()
        self._jobs.put((0 if urgent else 1, next(self._order), job, fn, args))
        return job

    @property
    def waiting(self) -> int:
        """How many jobs wait (not counting the one running)."""
        return self._jobs.qsize()

    def _run(self) -> None:
        while True:
            _, _, job, fn, args = self._jobs.get()
            if not job._start():
                continue
            try:
                value = fn(*args)
            except BaseException as exc:  # the caller gets it, whatever it is
                job._finish(error=exc)
            else:
                job._finish(value)
