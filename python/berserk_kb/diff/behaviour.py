"""What the scenario suite says of aligned (or added, or removed) units: whether their computed
behaviour differs between the two editions, and on which scenario."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from ..errors import BerserkError
from ..explain.book import Book
from ..explain.compare import compare
from ..explain.suite import SuiteRunner
from ..scenario.load import load_scenario
from .results import Behaviour
from .units import Unit


@dataclass
class Suite:
    """The suite's files, their runs under the two editions, and the example each file encodes."""

    paths: list[str]
    runs: dict[tuple[str, str], Any]  # (path, edition) → (results, cited ids, deciding ids), or None
    example: dict[str, str]  # path → the id of the example it encodes
    refused: dict[tuple[str, str], str] = field(default_factory=dict)  # (path, edition) → why it cannot run


def run_suite(kb: Book, editions: list[str]) -> Suite:
    """The scenario suite (example files and ``<kb>/scenarios``) run under each edition: the
    results of the events, every unit the proofs cite, and the units cited by the steps that differ
    from the other edition (:func:`~berserk_kb.explain.compare.compare`); None when the edition
    cannot run it (and why, in ``refused``); an edition that runs it while the other cannot has its
    results and cited units, and no deciding ones.

    Raises:
        ScenarioError: a file of the suite is not a scenario (names its line and field).
    """
    runner = SuiteRunner(kb)
    paths = runner.files()
    suite = Suite([str(p) for p in paths], {}, {})
    for path in paths:
        ex = load_scenario(path).get("example")  # a broken file of the suite is an error, not skipped
        if ex:
            suite.example[str(path)] = ex
        done: dict[str, Any] = {}
        for ed in editions:
            try:
                done[ed] = runner.run(path, ed)
            except BerserkError as exc:
                suite.runs[(str(path), ed)] = None
                said = str(exc)  # without the file and line, which the behaviour names
                suite.refused[(str(path), ed)] = re.sub(r"^[^\n]*?:(\d+:)? (?=field )", "", said) if exc.path else said
        deciding: dict[str, set[str]] = {ed: set() for ed in editions}
        for ev in compare(kb, path, editions, runner=runner.run).events if len(done) == len(editions) else ():
            for ed, cites in ev.deciding.items():
                deciding[ed].update(c.id for c in cites)
        for ed, r in done.items():
            suite.runs[(str(path), ed)] = ([ev.result for ev in r.events], r.cited_ids(), deciding[ed])
    return suite


def behaviour(suite: Suite, olds: list[Unit], news: list[Unit], old: str, new: str) -> Behaviour:
    """What the suite says of these units. An example is judged by its own scenario files alone:
    the behaviour differs when one of them gives other results under the two editions. Otherwise
    the scenarios that bear on the units are those whose proofs cite the old units under ``old``
    and the new units under ``new`` (a side with no unit asks nothing); the behaviour differs when
    one of them gives other results and the steps that differ cite one of the units. A scenario one
    edition refuses and the other computes differs too, when it is one of the units' own examples
    or the refusing side has no unit and the computing side's proof cites its units (B 518.8: a
    negative value works as 0; A says nothing of one and refuses it); the refusing side's results
    are ``[{"refused": message}]``."""
    ids = {old: {s.id for u in olds for s in [u.side, *u.items]}, new: {s.id for u in news for s in [u.side, *u.items]}}
    runnable = [p for p in suite.paths if suite.runs.get((p, old)) and suite.runs.get((p, new))]
    own = [p for p in runnable if suite.example.get(p) in ids[old] | ids[new]]
    checked = own or [p for p in runnable if all(not ids[ed] or ids[ed] & suite.runs[(p, ed)][1] for ed in (old, new))]
    for p in checked:
        ra, rb = suite.runs[(p, old)], suite.runs[(p, new)]
        if json.dumps(ra[0], sort_keys=True) == json.dumps(rb[0], sort_keys=True):
            continue
        if own or ids[old] & ra[2] or ids[new] & rb[2]:
            return Behaviour(True, p, {old: ra[0], new: rb[0]}, tuple(checked))
    for p in suite.paths:
        for ran, refused in ((old, new), (new, old)):
            done, why = suite.runs.get((p, ran)), suite.refused.get((p, refused))
            if done and why is not None and (suite.example.get(p) in ids[old] | ids[new]
                                             or (not ids[refused] and ids[ran] & done[1])):
                results = {ran: done[0], refused: [{"refused": why}]}
                return Behaviour(True, p, {ed: results[ed] for ed in (old, new)}, (*checked, p))
    return Behaviour(False, None, None, tuple(checked))
