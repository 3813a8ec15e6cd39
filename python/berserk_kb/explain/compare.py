"""One scenario under several editions, event by event, naming the steps that make a difference."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import ScenarioError
from ..scenario.events import event_kind
from ..scenario.load import load_scenario, validate_scenario
from .book import Book
from .results import Citation, Comparison, EventComparison, ProofNode, WhyResult
from .run import run

Runner = Callable[[Any, str], WhyResult]  # (the scenario file or data compare was given, edition)


def _differing(runs: dict[str, WhyResult], ed: str, i: int) -> tuple[Citation, ...]:
    """The units cited by the steps of event ``i`` under ``ed`` that are not the same in the other
    editions' runs."""
    steps = {e: step_keys(runs[e].events[i].explanation) for e in runs}
    others = [steps[o] for o in runs if o != ed]
    diff: list[Citation] = []
    for key, (sig, node) in steps[ed].items():
        if any(o.get(key, (None,))[0] != sig for o in others):
            diff += [c for c in node.cites if c not in diff]
    return tuple(diff)


def compare(book: Book, path: Path | str | dict, editions: list[str], runner: Runner | None = None) -> Comparison:
    """Run the scenario at ``path`` (or given as data) under each edition and compare event by event (``runner(path,
    edition)`` computes one run: :func:`~.run.run` by default, or a suite's remembered runs).

    For an event whose results differ, ``deciding`` names, per edition, the units cited by the
    steps that are not the same in the other edition (same step and modifier with other inputs or
    value, or a step only one edition takes) — or, when no step of that event differs there, of
    the latest earlier event whose steps do (the state it was given differs).

    Raises:
        ScenarioError: as :func:`~.run.run`, except that an event that fails under one edition (a
            mechanic it does not contain) is reported in ``errors`` for that edition.
    """
    runner = runner or (lambda p, ed: run(book, p, ed))
    runs: dict[str, WhyResult] = {}
    errors: dict[str, str] = {}
    refusals: dict[str, dict[str, Any]] = {}
    located: dict[str, dict[str, Any]] = {}
    for ed in editions:
        try:
            runs[ed] = runner(path, ed)
        except ScenarioError as exc:
            if exc.event is None:
                raise
            errors[ed] = str(exc)
            located[ed] = {"path": exc.path, "line": exc.line, "field": exc.field}
            if exc.refusal:
                refusals[ed] = exc.refusal
    data = load_scenario(path) if isinstance(path, (str, Path)) else validate_scenario(path)
    out = []
    for i, ev in enumerate(data["events"]):
        results = {ed: (runs[ed].events[i].result if ed in runs else {"error": errors[ed]}) for ed in editions}
        # editions that cannot compute the event agree in that (whatever each one's reason): nothing is
        # known to differ when none computes it
        same = len({json.dumps(r, sort_keys=True) if ed in runs else None for ed, r in results.items()}) == 1
        deciding: dict[str, tuple[Citation, ...]] = {}
        if not same and len(runs) >= 2:
            for ed in runs:
                # the steps of this event that differ; when none does, the state it was given
                # differs: the steps of the latest earlier event that differ decide it
                for j in range(i, -1, -1):
                    deciding[ed] = _differing(runs, ed, j)
                    if deciding[ed]:
                        break
        out.append(EventComparison(i, event_kind(ev), results, same, deciding))
    return Comparison(tuple(editions), tuple(out), errors, {ed: r.final_state for ed, r in runs.items()}, refusals,
                      located)


def step_keys(root: ProofNode) -> dict[tuple, tuple[str, ProofNode]]:
    """Every step below the root (the root itself when it has no children), keyed by (step,
    modifier id, occurrence), with a signature of its inputs and value."""
    acc: dict[tuple, tuple[str, ProofNode]] = {}
    nodes = [n for child in root.children for n in child.walk()] if root.children else [root]
    for node in nodes:
        mod = node.inputs.get("modifier") if isinstance(node.inputs, dict) else None
        mid = mod.get("id") if isinstance(mod, dict) else mod
        key = (node.step, mid, sum(1 for k in acc if k[0] == node.step and k[1] == mid))
        sig = json.dumps({"inputs": {k: v for k, v in node.inputs.items() if k != "edition"}, "value": node.value},
                         sort_keys=True, ensure_ascii=False)
        acc[key] = (sig, node)
    return acc
