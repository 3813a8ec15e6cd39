"""Long work said as it goes: a layer that may work for seconds (compiling the Prolog code, reading
a rulebook, writing its facts, indexing it, running the checks) says what it does with
:func:`working` or :func:`steps`; the command line shows it on standard error when that is a
terminal (:func:`show_with`); nothing is shown otherwise, and a library user sees nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any


class Shown:
    """How work is shown: ``status(label)`` (a context manager while it lasts) and
    ``bar(label, total)`` (a context manager whose value has ``update(n)``); ``None``: not shown."""

    status: Callable[[str], AbstractContextManager[Any]] | None = None
    bar: Callable[[str, int], AbstractContextManager[Any]] | None = None


def show_with(status: Callable[[str], AbstractContextManager[Any]] | None,
              bar: Callable[[str, int], AbstractContextManager[Any]] | None) -> None:
    """Show work from now on with ``status`` and ``bar`` (both ``None``: show nothing)."""
    Shown.status, Shown.bar = status, bar


def working(label: str) -> AbstractContextManager[Any]:
    """While the block runs, ``label`` («compiling the Prolog code») is shown, if anything is."""
    return Shown.status(label) if Shown.status is not None else nullcontext()


@contextmanager
def steps(label: str, total: int) -> Iterator[Callable[[], None]]:
    """A bar of ``total`` steps while the block runs; the value is called once per step done."""
    if Shown.bar is None or total <= 1:
        yield lambda: None
        return
    with Shown.bar(label, total) as bar:
        yield lambda: bar.update(1)
