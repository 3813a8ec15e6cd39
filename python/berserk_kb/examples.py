"""Worked examples (ПРИМЕР) as executable cases: ``<kb>/examples/*.yaml``.

Each file is a scenario (contract v1) with ``example:`` (the id of the ПРИМЕР it encodes) and
``expect:`` (the outcome the rulebook states)::

    expect:
      events: {0: {strength: 1, strike: medium}}     # event index → part of its result
      features: {vail: {Отравление: 2, Магия крови: absent}}   # final state; null = no value

:func:`run_examples` computes each and compares.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cards import card_key
from .errors import BerserkError
from .scenario import load_scenario

if TYPE_CHECKING:
    from .kb import KnowledgeBase
    from .why import WhyResult


@dataclass(frozen=True)
class ExampleOutcome:
    """One example file: the ПРИМЕР it encodes, its paragraph, the stated and computed outcomes."""

    file: str
    example: str | None
    paragraph: str | None  # printed number (or id) of the paragraph the example stands under
    edition: str
    stated: dict[str, Any]
    computed: dict[str, Any]
    passed: bool
    problems: tuple[str, ...]


def example_files(kb: "KnowledgeBase") -> list[Path]:
    """The example scenario files of the KB, sorted by name."""
    folder = kb.kb_dir / "examples"
    return sorted(p for p in folder.glob("*") if p.suffix in (".yaml", ".yml", ".json")) if folder.is_dir() else []


def check_expect(result: "WhyResult", expect: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Compare ``result`` with the stated outcome. Returns (computed outcome with the same keys,
    list of mismatches; empty when it matches)."""
    computed: dict[str, Any] = {"events": {}, "features": {}}
    problems: list[str] = []
    for index, want in (expect.get("events") or {}).items():
        got_all = result.events[index].result if index < len(result.events) else None
        got = {k: (got_all or {}).get(k) for k in want}
        computed["events"][index] = got
        for k, v in want.items():
            if got.get(k) != v:
                problems.append(f"event {index}: {k} is {got.get(k)!r}, the rulebook says {v!r}")
    cards = {c["id"]: c for c in result.final_state["cards"]}
    for cid, feats in (expect.get("features") or {}).items():
        held = {card_key(f["name"]): f for f in cards.get(cid, {}).get("features", []) if not f["suppressed"]}
        computed["features"][cid] = {}
        for name, want in feats.items():
            f = held.get(card_key(name))
            got = "absent" if f is None else f["value"]
            computed["features"][cid][name] = got
            if got != want:
                problems.append(f"{cid}: {name} is {got!r}, the rulebook says {want!r}")
    return computed, problems


def run_examples(kb: "KnowledgeBase") -> list[ExampleOutcome]:
    """Run every example file of the KB and compare with its stated outcome. A file that cannot
    be computed is a failed outcome whose problem is the error."""
    out = []
    numbers = {p.id: (p.number or p.title or p.id) for p in kb.rulebook.paragraphs}
    hosts = {x.id: x.paragraph for x in kb.rulebook.examples}
    for path in example_files(kb):
        try:
            data = load_scenario(path)
        except BerserkError as exc:
            out.append(ExampleOutcome(str(path), None, None, "?", {}, {}, False, (str(exc),)))
            continue
        ex = data.get("example")
        host = hosts.get(ex) if ex else None
        paragraph = numbers.get(host, host) if host else None
        expect = (data.get("expect") or {})
        problems: list[str] = []
        if ex and ex not in hosts:
            problems.append(f"example {ex!r} is not in the rulebook")
        if not expect:
            problems.append("no expect: the stated outcome is missing")
        try:
            result = kb.why(path)
            computed, mismatches = check_expect(result, expect)
            problems.extend(mismatches)
        except BerserkError as exc:
            computed = {}
            problems.append(str(exc))
        out.append(ExampleOutcome(str(path), ex, paragraph, data["edition"], expect, computed, not problems, tuple(problems)))
    return out
