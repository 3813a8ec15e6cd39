"""The scenario runner in Prolog (:data:`.code.RUNNER`): scenarios proved event by event, with their
proof trees, and generated situations tried with every clause that applies."""

from __future__ import annotations

from typing import Any

from .bridge import PrologEngine, engine
from .code import RUNNER, code_file


def _runner() -> PrologEngine:
    eng = engine()
    eng.load([code_file(RUNNER)])
    return eng


def mechanics_editions() -> list[str]:
    """The editions whose mechanics are encoded."""
    return _runner().call("scenario:mechanics_editions")


def run_scenario(payload: dict[str, Any]) -> dict[str, Any]:
    """Run one normalised scenario: ``{"events": [...], "final_state": ...}`` or ``{"failed": ...}``."""
    return _runner().call("scenario:run", payload)


def run_scenarios(payloads: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Run many normalised scenarios with one call into Prolog; one reply each, as :func:`run_scenario`."""
    return _runner().call("scenario:run_all", payloads)


def conflicts(situations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The situations (normalised scenarios of one event) that have more than one result when
    every applicable clause is tried: ``[{"index", "results"}]``."""
    return _runner().call("scenario:conflicts", situations)
