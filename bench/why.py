"""One `why` through the Python API versus the same goal looped inside SWI-Prolog, side by side.

Measured on the Гном-Басаарг example (kb/examples/A-519.3-ex1-gnome-basaarg.yaml):
  * python_api   — KnowledgeBase.why(path): read + validate the file, one Prolog call, enrichment
                   from the graph (the whole user-visible work);
  * bridge_call  — one `scenario:run/2` call through the bridge (JSON in via PL_put_chars, JSON back);
  * inside       — the same bridge:call_data/3 looped inside Prolog (read the data, run, write JSON);
  * prolog_proof — scenario:run/2 looped inside Prolog (with the proof tree);
  * prolog_plain — the mechanics called directly, no proof recorded.

    .venv/bin/python bench/why.py [--n 300]
"""

from __future__ import annotations

import argparse
from berserk_kb import plterm
import statistics
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "kb" / "examples" / "A-519.3-ex1-gnome-basaarg.yaml"


def per_call(fn, n: int) -> float:
    """Median of 5 batches of n calls, in seconds per call."""
    batches = []
    for _ in range(5):
        t = time.perf_counter()
        for _ in range(n):
            fn()
        batches.append((time.perf_counter() - t) / n)
    return statistics.median(batches)


def main() -> list[tuple[str, float]]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=300)
    args = ap.parse_args()

    from berserk_kb import KnowledgeBase
    from berserk_kb.cards import load_cards
    from berserk_kb.paths import PROLOG_DIR
    from berserk_kb.prolog import engine
    from berserk_kb.scenario import load_scenario, normalise

    kb = KnowledgeBase()
    kb.why(EXAMPLE)  # warm: load Prolog code, build the graph
    eng = engine()
    eng.load([PROLOG_DIR / "scenario.pl", Path(__file__).with_name("bench.pl")])
    payload = normalise(load_scenario(EXAMPLE, load_cards(kb.kb_dir)), "A", "bench")
    args_text = plterm.term([payload])

    python_api = per_call(lambda: kb.why(EXAMPLE), args.n)
    bridge = per_call(lambda: eng.call("scenario:run", payload), args.n)
    inside = statistics.median(eng.call("bench:loop_call_data", "scenario:run", args_text, args.n * 5) / (args.n * 5) for _ in range(5))
    proof = statistics.median(eng.call("bench:loop_run", payload, args.n * 10, "proof") / (args.n * 10) for _ in range(5))
    plain = statistics.median(eng.call("bench:loop_run", payload, args.n * 10, "plain") / (args.n * 10) for _ in range(5))
    rows = [("python_api (KnowledgeBase.why: file read, validated, enriched)", python_api),
            ("bridge_call (engine.call of scenario:run)", bridge),
            ("the same call inside Prolog (bridge:call_data looped: data in, run, JSON out)", inside),
            ("prolog_proof (scenario:run/2 looped)", proof), ("prolog_plain (mechanics, no proof)", plain)]
    print("| what | per call (µs) | ratio to prolog_proof |")
    print("|---|---:|---:|")
    for name, t in rows:
        print(f"| {name} | {t * 1e6:.0f} | {t / proof:.2f} |")
    print(f"\nbridge cost of one call over the same call inside Prolog: {(bridge - inside) * 1e6:.0f} µs")
    return rows


if __name__ == "__main__":
    main()
