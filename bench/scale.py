"""Speed and scale, side by side in one run; writes bench/results.md.

Measured, each in a fresh process where it matters:
* a synthetic rulebook of 1k and of 10k paragraphs (bench/generate.py): import (parse), Prolog load
  cold (facts generated, compiled and loaded) and from the cache, graph build, the full `check`,
  peak memory of import + load + check; 10k against 1k (growth);
* card pools of 1.5k (the real file) and 10k: `cards import`;
* one `why` through the Python API against the same goal looped inside SWI-Prolog, and a batch of
  1,000 `why` scenarios the same two ways;
* the cold start of `berserk-kb show` and `berserk-kb why` against `python -c "import pyswip, rdflib"`;
* the default rdflib store against an Oxigraph-backed one (oxrdflib, if installed) for building the
  graph and running a query.

    .venv/bin/python bench/scale.py [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PY = sys.executable
EXE = str(Path(PY).with_name("berserk-kb"))
EXAMPLE = ROOT / "kb" / "examples" / "A-519.3-ex1-gnome-basaarg.yaml"
REAL_CARDS = ROOT.parent / "shared" / "data" / "cards"

MEASURE = r'''
import json, os, resource, sys, time
from pathlib import Path
kb_dir = Path(sys.argv[1]); what = sys.argv[2]
out = {}
t = time.perf_counter()
from berserk_kb.kb import KnowledgeBase
kb = KnowledgeBase(kb_dir); out["import"] = time.perf_counter() - t
if what in ("load", "all"):
    t = time.perf_counter(); kb.prolog_module; out["prolog_load"] = time.perf_counter() - t
if what in ("graph", "all"):
    t = time.perf_counter(); kb.graph; out["graph"] = time.perf_counter() - t
if what == "all":
    from berserk_kb.checks import run_checks
    t = time.perf_counter(); r = run_checks(kb); out["check"] = time.perf_counter() - t
    out["findings"] = len(r.findings)
    out["paragraphs"] = len(kb.rulebook.paragraphs)
out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(out))
'''


def measure(kb_dir: Path, what: str, cache: Path) -> dict:
    env = dict(os.environ, BERSERK_KB_CACHE=str(cache))
    proc = subprocess.run([PY, "-c", MEASURE, str(kb_dir), what], env=env, capture_output=True, text=True, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def wall(argv: list[str], env: dict, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, cwd=ROOT)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def scale_rows(quick: bool) -> tuple[list[str], dict]:
    from generate import rulebook

    rows = ["| rulebook | paragraphs | import (s) | Prolog load, cold (s) | Prolog load, cached (s) | graph (s) | check (s) | peak MB |",
            "|---|---:|---:|---:|---:|---:|---:|---:|"]
    res = {}
    for n in ((1000,) if quick else (1000, 10000)):
        kb = rulebook(Path(tempfile.mkdtemp(prefix=f"bkb-gen{n}-")) / "kb", n)
        cache = Path(tempfile.mkdtemp(prefix="bkb-cache-"))
        cold = measure(kb, "all", cache)
        cached = measure(kb, "load", cache)
        res[n] = {"cold": cold, "cached": cached}
        rows.append(f"| synthetic {n // 1000}k | {cold['paragraphs']} | {cold['import']:.3f} | {cold['prolog_load']:.3f} | "
                    f"{cached['prolog_load']:.3f} | {cold['graph']:.3f} | {cold['check']:.3f} | {cold['peak_mb']:.0f} |")
    if 1000 in res and 10000 in res:
        def work(r):
            return r["cold"]["import"] + r["cold"]["prolog_load"] + r["cold"]["check"]
        ratio = work(res[10000]) / work(res[1000])
        rows.append("")
        rows.append(f"Growth, 10k against 1k: import + load + check {work(res[1000]):.2f} s → {work(res[10000]):.2f} s, "
                    f"ratio **{ratio:.1f}** (target ≤ 12); peak memory at 10k **{res[10000]['cold']['peak_mb']:.0f} MB** "
                    "(target < 400 MB).")
    return rows, res


def card_rows(quick: bool) -> list[str]:
    from generate import cards, rulebook

    rows = ["| card pool | cards | `cards import` (s) |", "|---|---:|---:|"]
    if not REAL_CARDS.is_dir():
        return rows + ["| (../shared/data/cards not found: skipped) | | |"]
    for n in ((1510,) if quick else (1510, 10000)):
        pool = REAL_CARDS if n == 1510 else cards(Path(tempfile.mkdtemp(prefix="bkb-cards-")), n, REAL_CARDS)
        kb = rulebook(Path(tempfile.mkdtemp(prefix="bkb-kb-")) / "kb", 200)
        env = dict(os.environ, BERSERK_KB_CACHE=tempfile.mkdtemp(prefix="bkb-cache-"))
        t = wall([EXE, "cards", "import", str(pool), "--kb", str(kb)], env, 1)
        rows.append(f"| {'real file' if n == 1510 else 'synthetic'} | {n} | {t:.3f} |")
    return rows


def why_rows(n_batch: int) -> list[str]:
    sys.path.insert(0, str(HERE))
    from berserk_kb import KnowledgeBase, plterm
    from berserk_kb.cards import load_cards
    from berserk_kb.paths import PROLOG_DIR
    from berserk_kb.prolog import engine
    from berserk_kb.scenario import load_scenario, normalise

    kb = KnowledgeBase()
    kb.why(EXAMPLE)
    eng = engine()
    eng.load([PROLOG_DIR / "scenario.pl", HERE / "bench.pl"])
    payload = normalise(load_scenario(EXAMPLE, load_cards(kb.kb_dir)), "A", "bench")
    args_text = plterm.term([payload])

    def per_call(fn, n):
        t = time.perf_counter()
        for _ in range(n):
            fn()
        return (time.perf_counter() - t) / n

    single_api = statistics.median(per_call(lambda: kb.why(EXAMPLE), 50) for _ in range(3))
    single_bridge = statistics.median(per_call(lambda: eng.call("scenario:run", payload), 200) for _ in range(3))
    single_inside = statistics.median(eng.call("bench:loop_call_data", "scenario:run", args_text, 1000) / 1000 for _ in range(3))
    single_prolog = statistics.median(eng.call("bench:loop_run", payload, 2000, "proof") / 2000 for _ in range(3))
    scenarios = [payload] * n_batch
    t = time.perf_counter()
    batch_api = kb.why_batch(scenarios)
    batch_api_s = time.perf_counter() - t
    assert len(batch_api) == n_batch
    batch_prolog_s = eng.call("bench:loop_run", payload, n_batch, "proof")
    return [
        "| what | time | ratio to Prolog's own |", "|---|---:|---:|",
        f"| one `why`, inside SWI-Prolog (scenario:run/2 looped) | {single_prolog * 1e6:.0f} µs | 1.00 |",
        f"| the same bridge call looped inside Prolog (bridge:call_data/3: read the data, run, write JSON) | {single_inside * 1e6:.0f} µs | {single_inside / single_prolog:.2f} |",
        f"| one `why` through the bridge (engine.call of scenario:run) | {single_bridge * 1e6:.0f} µs | {single_bridge / single_prolog:.2f} |",
        f"| one `why` through the Python API (file read, validated, enriched from the graph) | {single_api * 1e6:.0f} µs | {single_api / single_prolog:.2f} |",
        f"| batch of {n_batch} `why`, inside SWI-Prolog | {batch_prolog_s * 1e3:.0f} ms | 1.00 |",
        f"| batch of {n_batch} `why` through the Python API (`why_batch`: one call) | {batch_api_s * 1e3:.0f} ms | {batch_api_s / batch_prolog_s:.2f} |",
        "",
        f"Bridge cost of one `why` (the call from Python minus the same call inside Prolog): "
        f"**{(single_bridge - single_inside) * 1e3:.3f} ms** (target < 0.1 ms); JSON conversion inside Prolog "
        f"adds {(single_inside - single_prolog) * 1e3:.3f} ms more.",
    ]


def cold_rows(repeat: int) -> list[str]:
    env = dict(os.environ, BERSERK_KB_CACHE=tempfile.mkdtemp(prefix="bkb-cold-"))
    cmds = {
        'python -c "import pyswip, rdflib"': [PY, "-c", "import pyswip, rdflib"],
        "berserk-kb show 519.3": [EXE, "show", "519.3"],
        f"berserk-kb why {EXAMPLE.relative_to(ROOT)}": [EXE, "why", str(EXAMPLE)],
    }
    for argv in cmds.values():
        wall(argv, env, 1)  # warm the OS and our cache
    times = {k: [] for k in cmds}
    for _ in range(repeat):
        for k, argv in cmds.items():
            times[k].append(wall(argv, env, 1))
    base = statistics.median(next(iter(times.values())))
    rows = ["| command | median (ms) | ratio |", "|---|---:|---:|"]
    for k, ts in times.items():
        rows.append(f"| `{k}` | {statistics.median(ts) * 1000:.0f} | {statistics.median(ts) / base:.2f} |")
    return rows


def store_rows() -> list[str]:
    from berserk_kb import KnowledgeBase, plterm
    from berserk_kb.graph import build_graph, sparql

    kb = KnowledgeBase(_big())
    rows = ["| rdflib store | build (s) | query (s) | triples |", "|---|---:|---:|---:|"]
    query = "SELECT ?e (COUNT(?p) AS ?n) WHERE { ?p a bkb:Paragraph ; bkb:edition ?e } GROUP BY ?e"
    for store in ("default", "Oxigraph"):
        try:
            t = time.perf_counter()
            g = build_graph(kb.rulebook, store=None if store == "default" else store)
            build = time.perf_counter() - t
        except Exception as exc:  # oxrdflib not installed
            rows.append(f"| {store} | (not available: {type(exc).__name__}) | | |")
            continue
        t = time.perf_counter()
        list(sparql(g, query))
        q = time.perf_counter() - t
        rows.append(f"| {store} | {build:.3f} | {q:.3f} | {len(g)} |")
    return rows


_BIG: list[Path] = []


def _big() -> Path:
    if not _BIG:
        from generate import rulebook

        _BIG.append(rulebook(Path(tempfile.mkdtemp(prefix="bkb-big-")) / "kb", 10000))
    return _BIG[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="1k only, fewer repeats")
    args = ap.parse_args()
    sys.path.insert(0, str(HERE))
    out = ["# Benchmarks", "", f"Machine: {os.uname().sysname} {os.uname().machine}, {os.cpu_count()} cores; "
           f"Python {sys.version.split()[0]}.", ""]
    sections = [
        ("Scale: synthetic rulebooks", lambda: scale_rows(args.quick)[0]),
        ("Card pools", lambda: card_rows(args.quick)),
        ("`why`: Python API against the same goal inside SWI-Prolog", lambda: why_rows(100 if args.quick else 1000)),
        ("Cold start against `python -c \"import pyswip, rdflib\"`", lambda: cold_rows(3 if args.quick else 9)),
        ("RDF store (10k paragraphs)", store_rows),
    ]
    for title, rows in sections:
        print(f"## {title}\n", flush=True)
        lines = rows()
        print("\n".join(lines) + "\n", flush=True)
        out += [f"## {title}", "", *lines, ""]
    (HERE / "results.md").write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"written to {HERE / 'results.md'}")


if __name__ == "__main__":
    main()
