"""The run's answer crosses the bridge positionally (``scenario:run_compact/2``) and is rebuilt in
``engine/runner.py``: the rebuilt dicts must be exactly those of ``scenario:run/2`` — the keys of a
card and of a feature are read by position, so a key added in ``scenario.pl`` without the runner
knowing it must fail here, not shift every value by one."""

from __future__ import annotations

from pathlib import Path

import pytest

from berserk_kb.engine.bridge import engine
from berserk_kb.engine.runner import run_scenario, run_scenarios
from berserk_kb.explain.run import scenario_payload
from berserk_kb.scenario.load import load_scenario, scenario_as_written

BUNDLED = sorted((Path(__file__).resolve().parent.parent / "kb").glob("*/*.yaml"))
FILES = [p for p in BUNDLED if p.parent.name in ("examples", "scenarios")]


@pytest.fixture(scope="module")
def payloads(kb):
    """Each bundled file's payload as ``why`` sends it (explain/run.py ``scenario_payload``)."""
    out = []
    for path in FILES:
        data = load_scenario(path, kb.kb_cards)
        out.append(scenario_payload(kb, data, data["edition"], str(path), scenario_as_written(path, kb.kb_cards)))
    assert not [p for p, reply in zip(FILES, map(run_scenario, out)) if "failed" in reply]
    return out


def test_the_bundled_files_are_there():
    assert len(FILES) >= 30, FILES


def test_the_rebuilt_answer_is_run2s_answer(payloads):
    rebuilt = [run_scenario(p) for p in payloads]  # loads the runner too
    direct = [engine().call("scenario:run", p) for p in payloads]
    assert rebuilt == direct
    assert run_scenarios(payloads) == direct
    # the keys in their order too (the order the JSON output prints them in)
    for got, want in zip(run_scenarios(payloads), direct):
        for a, b in zip(got["final_state"]["cards"], want["final_state"]["cards"]):
            assert list(a) == list(b)
            for fa, fb in zip(a["features"], b["features"]):
                assert list(fa) == list(fb)
