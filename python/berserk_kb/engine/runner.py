"""The scenario runner in Prolog (:data:`.code.RUNNER`): scenarios proved event by event, with their
proof trees, and generated situations tried with every clause that applies."""

from __future__ import annotations

from typing import Any

from .bridge import PrologEngine, engine
from .code import LANG, RUNNER, code_file


def _runner() -> PrologEngine:
    eng = engine()
    eng.load([code_file(RUNNER)])
    return eng


def mechanics_editions() -> list[str]:
    """The editions whose mechanics are encoded."""
    return _runner().call("scenario:mechanics_editions")


def data_units(edition: str) -> list[str]:
    """The unit ids the data of ``edition`` names as stating a rule (``editions:data_units/2``), sorted."""
    return _runner().call("editions:data_units", edition)


def edition_table() -> list[dict[str, Any]]:
    """Every edition's data (``editions:edition_table/1``): ``[{"edition", "title", "sections",
    "rules": [{"section", "rule", "unit"}], "variants": [{"rule", "variant"}]}]``."""
    return _runner().call("editions:edition_table")


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


def features_held(edition: str, final_state: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Card handle → the features the card has in ``final_state`` (``[{"name", "value"}]``), as the
    rules of ``edition`` say (``scenario:features_held/3``: a suppressed feature is not had)."""
    return _runner().call("scenario:features_held", edition, final_state)


def event_table() -> list[dict[str, Any]]:
    """The one table of event kinds (``events:event_table/1``): ``[{"kind", "handler",
    "changes_state", "has_fields", "refs": [{"path", "to"}]}]``."""
    return _runner().call("events:event_table")


def language_pack(lang: str) -> dict[str, Any]:
    """The labels and sentence templates of ``lang`` (``lang:pack/2``): ``{"lang", "steps",
    "events", "words"}``."""
    eng = engine()
    eng.load([code_file(LANG)])
    return eng.call("lang:pack", lang)
