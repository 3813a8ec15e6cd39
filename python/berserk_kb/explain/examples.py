"""Worked examples (ПРИМЕР) as executable cases: ``<kb>/examples/*.yaml``.

Each file is a scenario (docs/scenarios.md) with ``example:`` (the id of the ПРИМЕР it encodes) and
``expect:`` (the outcome the rulebook states)::

    expect:
      events: {0: {strength: 1, strike: medium}}     # event index → part of its result
      features: {vail: {Отравление: 2, Магия крови: absent}}   # final state; null = no value

:func:`run_examples` computes each and compares.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.runner import features_held
from ..errors import BerserkError, InputError
from ..lexicon.cards import card_key
from ..scenario.load import load_scenario
from ..text.readers import load_yaml, read_text
from .book import Book
from .results import WhyResult
from .suite import NOT_FORMALIZABLE, SuiteRunner, example_files


@dataclass(frozen=True)
class ExampleOutcome:
    """One worked example: the file that encodes it (``None`` when none does), its paragraph, the
    stated and computed outcomes. ``status`` is ``pass``, ``fail``, ``error`` (the file cannot be
    read as a scenario: the problem says why), ``not formalizable`` (listed in
    ``<kb>/examples/not-formalizable.yaml`` with the reason) or ``missing`` (no file, no reason)."""

    file: str | None
    example: str | None
    paragraph: str | None  # printed number (or id) of the paragraph the example stands under
    edition: str
    stated: dict[str, Any]
    computed: dict[str, Any]
    passed: bool
    problems: tuple[str, ...]
    status: str


def check_expect(result: WhyResult, expect: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
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
    held_by_card = features_held(result.edition, result.final_state) if expect.get("features") else {}
    for cid, feats in (expect.get("features") or {}).items():
        held = {card_key(f["name"]): f for f in held_by_card.get(cid, [])}
        computed["features"][cid] = {}
        for name, want in feats.items():
            f = held.get(card_key(name))
            found = "absent" if f is None else f["value"]
            computed["features"][cid][name] = found
            if found != want:
                problems.append(f"{cid}: {name} is {found!r}, the rulebook says {want!r}")
    return computed, problems


def run_examples(book: Book, suite: SuiteRunner | None = None) -> list[ExampleOutcome]:
    """Run every example file of the KB and compare with its stated outcome. A file that cannot
    be computed is a failed outcome whose problem is the error. ``suite`` shares its runs.

    Raises:
        InputError: a malformed ``<kb>/examples/not-formalizable.yaml``.
    """
    suite = suite or SuiteRunner(book)
    out = []
    numbers = {p.id: (p.number or p.title or p.id) for p in book.rulebook.paragraphs}
    hosts = {x.id: x.paragraph for x in book.rulebook.examples}
    for path in example_files(book.kb_dir):
        try:
            data = load_scenario(path)
        except BerserkError as exc:
            out.append(ExampleOutcome(str(path), None, None, "?", {}, {}, False, (str(exc),), "error"))
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
            result = suite.run(path)
            computed, mismatches = check_expect(result, expect)
            problems.extend(mismatches)
        except BerserkError as exc:
            computed = {}
            problems.append(str(exc))
        out.append(ExampleOutcome(str(path), ex, paragraph, data["edition"], expect, computed, not problems,
                                  tuple(problems), "pass" if not problems else "fail"))
    covered = {o.example for o in out}
    reasons = _not_formalizable(book)
    for x in book.rulebook.examples:
        if x.id in covered:
            continue
        paragraph = numbers.get(x.paragraph, x.paragraph) if x.paragraph else None
        if x.id in reasons:
            out.append(ExampleOutcome(None, x.id, paragraph, x.edition, {}, {}, True, (reasons[x.id],),
                                      "not formalizable"))
        else:
            out.append(ExampleOutcome(None, x.id, paragraph, x.edition, {}, {}, False,
                                      (f"no scenario file and no reason in examples/{NOT_FORMALIZABLE}",), "missing"))
    return out


def _not_formalizable(book: Book) -> dict[str, str]:
    """Example id → why it cannot be a scenario, from ``<kb>/examples/not-formalizable.yaml``."""
    path = book.kb_dir / "examples" / NOT_FORMALIZABLE
    text = read_text(path, "list of examples that are not formalizable", missing_ok=True)
    data = (load_yaml(text, path) if text is not None else None) or {}
    if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
        raise InputError(f"{path}: expected a mapping of example id to reason", path=path)
    return data
