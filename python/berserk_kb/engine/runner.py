"""The scenario runner in Prolog (:data:`.code.RUNNER`): scenarios proved event by event, with their
proof trees, and generated situations tried with every clause that applies."""

from __future__ import annotations

from typing import Any

from .bridge import PrologEngine, engine
from .code import LANG, RUNNER


def _runner() -> PrologEngine:
    eng = engine()
    eng.load_code(RUNNER)
    return eng


def mechanics_editions() -> list[str]:
    """The editions whose mechanics are encoded."""
    return _runner().call_fixed("scenario:mechanics_editions")


def data_units(edition: str) -> list[str]:
    """The unit ids the data of ``edition`` names as stating a rule (``editions:data_units/2``), sorted."""
    return _runner().call_fixed("editions:data_units", edition)


def edition_table() -> list[dict[str, Any]]:
    """Every edition's data (``editions:edition_table/1``): ``[{"edition", "title", "sections",
    "rules": [{"section", "rule", "unit"}], "variants": [{"rule", "variant"}]}]``."""
    return _runner().call_fixed("editions:edition_table")


def unread_rules() -> list[dict[str, Any]]:
    """The rules an edition's data states that no clause of the code asks for (a misspelt name;
    ``rules_read:unread_rules/1``): ``[{"edition", "rule", "name", "file", "line"}]``."""
    return _runner().call_fixed("rules_read:unread_rules")


def run_scenario(payload: dict[str, Any]) -> dict[str, Any]:
    """Run one normalised scenario: ``{"edition", "events": [{"explanation", "index", "kind",
    "result"}], "final_state": {"active", "cards"}}`` (``scenario:run/2``), or ``{"failed": ...}``."""
    return _answer(_runner().call("scenario:run_compact", payload))


def run_scenarios(payloads: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Run many normalised scenarios with one call into Prolog; one reply each, as :func:`run_scenario`."""
    return [_answer(a) for a in _runner().call("scenario:run_all_compact", payloads)]


# The keys of the positional answer of scenario:run_compact/2, each in the order Prolog gives a
# dict's keys (their standard order), so that the dicts built here are those scenario:run/2 gives.
_CARD = ("controller", "created", "effects", "face_up", "features", "id", "in_formation", "name", "owner",
         "tapped", "wounds", "zone")
_FEATURE = ("markers", "name", "own", "replaced", "source", "suppressed", "until", "value", "while", "works_as")


def _answer(a: Any) -> dict[str, Any]:
    """The dicts of scenario:run/2 from the positional answer ``a`` of scenario:run_compact/2."""
    if isinstance(a, dict):  # {"failed": ...}
        return a
    ed, events, (active, cards) = a
    out = []
    for c in cards:
        card = dict(zip(_CARD, c))
        card["features"] = [dict(zip(_FEATURE, f)) for f in card["features"]]
        out.append(card)
    return {"edition": ed, "events": [{"explanation": _node(n), "index": i, "kind": k, "result": r}
                                      for n, i, k, r in events],
            "final_state": {"active": active, "cards": out}}


def _node(n: list[Any]) -> dict[str, Any]:
    children, cites, inputs, step, value = n
    return {"children": [_node(c) for c in children], "cites": cites, "inputs": inputs, "step": step, "value": value}


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
    return _runner().call_fixed("events:event_table")


def language_pack(lang: str) -> dict[str, Any]:
    """The labels and sentence templates of ``lang`` (``lang:pack/2``): ``{"lang", "steps",
    "events", "words"}``."""
    eng = engine()
    eng.load_code(LANG)
    return eng.call_fixed("lang:pack", lang)


def undo_edits(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """For each ``{"step", "inputs", "value"}`` of a proof, ``{"edits": [...]}`` — the edits that take
    the input it stands for out of the scenario, ``[]`` when none — and ``"let_through"``, the value
    it would give had its rule let a modifier through, when it says (``undo:edits/2``; the rule
    modules declare both)."""
    return _runner().call("undo:edits", steps)


def result_inputs(kind: str, key: str, body: dict[str, Any]) -> list[dict[str, Any]]:
    """The inputs that may give the part ``key`` of the result of an event ``kind`` written with
    ``body``: ``[{"path": ["event", FIELD] | ["card", HANDLE, KEY, …], "copied": bool}]``
    (``undo:result_inputs/4``)."""
    return _runner().call("undo:result_inputs", kind, key, body)
