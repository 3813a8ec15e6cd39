"""Distinct scenarios for the batch benchmarks: every event kind of the table, both editions.

The templates are the scenario files of the bundled KB (``kb/examples/``, ``kb/scenarios/``: the
contract's own examples, one or more per event kind), each under every edition whose mechanics
compute it (found by running the template once per edition). Variant ``j`` of a template has every
card handle renamed (``foe`` → ``foe_j``, in every field that names it) and its numbers drawn again
within the schema's bounds (a die face 1–6, a value of the same sign, an amount ≥ 1), from a
generator seeded by the variant's index, so the same call gives the same list and no two scenarios
are equal (a variant its edition refuses keeps the template's numbers). Cards named after a card of ``kb/cards.yaml`` keep their name (their facts come from there).

:func:`scenarios` gives ``n`` of them, the templates in turn; :func:`kinds_covered` says which
event kinds (and editions) a list holds, for the benchmark to assert that every kind of
``events:event_table/1`` is there.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "kb" / "examples").glob("*.yaml")) + sorted((ROOT / "kb" / "scenarios").glob("*.yaml"))

#: a number field → its new value from (random generator, old value)
NUMBERS = {
    "roll": lambda r, v: r.randint(1, 6),
    "reroll": lambda r, v: r.randint(1, 6),
    "next_roll_equals": lambda r, v: r.randint(1, 6),
    "value": lambda r, v: r.randint(1, 4) * (-1 if v < 0 else 1),
    "amount": lambda r, v: r.randint(1, 6),
}


def templates(kb: Any) -> list[tuple[str, dict[str, Any]]]:
    """(edition, scenario data) for every bundled scenario file under every edition whose
    mechanics compute it, the ``expect`` part left out (the batch asks why, not whether)."""
    from berserk_kb.engine.runner import mechanics_editions
    from berserk_kb.errors import ScenarioError

    out, seen = [], set()
    for f in FILES:
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        data = {k: v for k, v in data.items() if k in ("edition", "active", "cards", "events")}
        for ed in mechanics_editions():
            s = {**data, "edition": ed}
            key = json.dumps(s, sort_keys=True)
            if key in seen:  # two worked examples may describe the same situation
                continue
            try:
                kb.why(s)
            except ScenarioError:
                continue
            seen.add(key)
            out.append((ed, s))
    return out


def variant(template: dict[str, Any], j: int, draw: bool = True) -> dict[str, Any]:
    """Variant ``j`` of ``template``: handles renamed with the suffix ``_j``, numbers drawn again
    (unless not ``draw``)."""
    rng = random.Random(j * 7919 + len(str(template)))
    handles = {c["id"]: f"{c['id']}_{j}" for c in template["cards"]}

    def walk(v: Any, key: str | None) -> Any:
        if isinstance(v, dict):
            return {k: walk(x, k) for k, x in v.items()}
        if isinstance(v, list):
            return [walk(x, key) for x in v]
        if isinstance(v, str) and key != "name" and v in handles:
            return handles[v]
        if draw and isinstance(v, int) and not isinstance(v, bool) and key in NUMBERS:
            return NUMBERS[key](rng, v)
        return v

    out = {k: walk(copy.deepcopy(v), k) for k, v in template.items() if k != "edition"}
    return {"edition": template["edition"], **out}


def scenarios(kb: Any, n: int) -> list[dict[str, Any]]:
    """``n`` distinct scenarios: variant ``i // T`` of template ``i % T`` (``T`` templates). Each is
    computed once here: one that an edition refuses with its numbers drawn again (a die that its
    modifiers push outside 1–6, where the edition says nothing of one) keeps the template's numbers."""
    from berserk_kb.errors import ScenarioError

    base = [s for _, s in templates(kb)]
    out = []
    for i in range(n):
        s = variant(base[i % len(base)], i // len(base))
        try:
            kb.why(s)
        except ScenarioError:
            s = variant(base[i % len(base)], i // len(base), draw=False)
        out.append(s)
    return out


def kinds_covered(batch: list[dict[str, Any]]) -> dict[str, set[str]]:
    """Event kind → the editions of the scenarios of ``batch`` that hold it."""
    out: dict[str, set[str]] = {}
    for s in batch:
        for ev in s["events"]:
            for kind in ev:
                out.setdefault(kind, set()).add(s["edition"])
    return out
