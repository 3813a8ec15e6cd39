"""``check`` and ``examples`` as text: findings with their summary, the list of checks, and the
worked examples with their stated and computed outcomes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from . import bold, joined, wrap

SEVERITIES = ("error", "warning", "info")


def check_list(checks: list[Any]) -> str:
    """Each check (:class:`~berserk_kb.checks.Check`): code, name, group, severity, what and why."""
    out = []
    for c in checks:
        out += [bold(f"{c.code} {c.name} ({c.group}, up to {c.severity})"), wrap(c.what, "    "),
                wrap("Why: " + c.why, "    ")]
    return joined(out)


def check_rows(checks: list[Any]) -> list[dict[str, str]]:
    """``check --list --json``: a row per check."""
    return [{"code": c.code, "name": c.name, "severity": c.severity, "group": c.group, "what": c.what, "why": c.why}
            for c in checks]


def findings(run: Any) -> str:
    """Each finding of a :class:`~berserk_kb.checks.CheckRun`: severity, code, edition, place,
    message, suggestion and id."""
    out = []
    for f in run.findings:
        out.append(f"{f.severity:7} {f.code} {f.check}  [{f.edition or 'A/B'}] {f.source or '—'}")
        out.append(wrap(f.message, "        "))
        if f.suggestion:
            out.append(wrap("→ " + f.suggestion, "        "))
        out.append(f"        id: {f.id}")
    return joined(out)


def findings_summary(run: Any) -> str:
    """How many findings of each severity, how many accepted, and the checks that were skipped."""
    counts = run.counts()
    out = [", ".join(f"{counts[s]} {s}{'s' if counts[s] != 1 else ''}" for s in SEVERITIES)
           + (f"; {run.accepted} accepted" if run.accepted else "")]
    out.extend(f"skipped: {note}" for note in run.skipped)
    return joined(out)


def findings_data(run: Any) -> dict[str, Any]:
    """``check --json``: the counts, the accepted and skipped, and every finding."""
    import dataclasses

    return {"counts": run.counts(), "accepted": run.accepted, "skipped": list(run.skipped),
            "findings": [{k: v for k, v in dataclasses.asdict(f).items() if k not in ("template", "values")}
                         for f in run.findings]}


def example_outcomes(outcomes: list[Any]) -> str:
    """Each worked example (:class:`~berserk_kb.explain.examples.ExampleOutcome`): pass or fail,
    edition, paragraph, example, file, and the stated and computed outcomes."""
    out = []
    for o in outcomes:
        mark = {"pass": "pass", "fail": "FAIL", "error": "ERROR", "missing": "MISSING"}.get(o.status, o.status)
        out.append(f"{mark}  {o.edition}  {o.paragraph or '?'}  {o.example or '?'}  "
                   f"{Path(o.file).name if o.file else '—'}")
        if o.stated:
            out.append(f"        stated:   {_outcome(o.stated)}")
            out.append(f"        computed: {_outcome(o.computed)}")
        if o.status != "pass":
            out.extend(f"        {p}" for p in o.problems)
    return joined(out)


def examples_summary(outcomes: list[Any]) -> str:
    """How many examples pass."""
    return f"{sum(o.status == 'pass' for o in outcomes)} of {len(outcomes)} pass\n"


def _outcome(o: dict[str, Any]) -> str:
    parts = [f"event {i}: {json.dumps(v, ensure_ascii=False)}" for i, v in (o.get("events") or {}).items()]
    parts += [f"{c}: {json.dumps(v, ensure_ascii=False)}" for c, v in (o.get("features") or {}).items()]
    return "; ".join(parts)
