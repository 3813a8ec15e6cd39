"""Every benchmark, side by side in one run (`make bench`); writes bench/results.md.

Measured, each in a fresh process where it matters:
* a synthetic rulebook of 1k and of 10k paragraphs (bench/generate.py): import (parse), Prolog load
  cold (facts generated, compiled and loaded) and from the cache, graph build, the full `check`,
  peak memory of import + load + check; 10k against 1k (growth);
* card pools of 1.5k (the real file) and 10k: `cards import`;
* one `why` through the Python API against the same goal looped inside SWI-Prolog, and a batch of
  1,000 `why` scenarios the same two ways;
* the cold start of `berserk-kb show` and `berserk-kb why` against `python -c "import pyswip, rdflib"`,
  with the cache of derived files warm (a user's second command) and empty (the first);
* the graph (bench/graph_bench.py): `sparql` and `export` as commands, export at 1k and 10k from the
  Oxigraph store against rdflib's serializer, SHACL on the shapes' paths, the 10k check's peak;
* the full `check` of the bundled rulebook, in-process and as a command.

    .venv/bin/python bench/run.py [--quick] [--only SECTION…]
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
if what == "graph":  # alone: the check builds the graph it validates itself
    t = time.perf_counter(); kb.graph_store; out["graph"] = time.perf_counter() - t
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


def wall(argv: list[str], env: dict, repeat: int, check: bool = True) -> float:
    """Median wall time of ``repeat`` runs of ``argv`` as a fresh process."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=check, cwd=ROOT)
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
        cold["graph"] = measure(kb, "graph", cache)["graph"]
        cached = measure(kb, "load", cache)
        res[n] = {"cold": cold, "cached": cached}
        rows.append(f"| synthetic {n // 1000}k | {cold['paragraphs']} | {cold['import']:.3f} | {cold['prolog_load']:.3f} | "
                    f"{cached['prolog_load']:.3f} | {cold['graph']:.3f} | {cold['check']:.3f} | {cold['peak_mb']:.0f} |")
    if 1000 in res and 10000 in res:
        def work(r):
            return r["cold"]["import"] + r["cold"]["prolog_load"] + r["cold"]["check"]
        ratio = work(res[10000]) / work(res[1000])
        rows.append("")
        rows.append(f"Growth, 10k against 1k: import + load + check (with the graph it validates) {work(res[1000]):.2f} s → "
                    f"{work(res[10000]):.2f} s, ratio **{ratio:.1f}** (target ≤ 12); peak memory at 10k "
                    f"**{res[10000]['cold']['peak_mb']:.0f} MB** (target < 360 MB).")
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
    from berserk_kb import KnowledgeBase
    from berserk_kb.engine.bridge import engine
    from berserk_kb.engine.code import RUNNER, code_file
    from berserk_kb.engine.terms import term
    from berserk_kb.scenario.load import load_scenario, normalise

    kb = KnowledgeBase()
    kb.why(EXAMPLE)
    eng = engine()
    eng.load([code_file(RUNNER), HERE / "bench.pl"])
    cards = kb.kb_cards
    payload = normalise(load_scenario(EXAMPLE, cards), "A", "bench")
    args_text = term([payload])
    # the batch: every example and scenario file of the bundled KB, in turn, up to n_batch
    files = sorted((ROOT / "kb" / "examples").glob("*.yaml")) + sorted((ROOT / "kb" / "scenarios").glob("*.yaml"))
    import yaml

    raw = [yaml.safe_load(f.read_text(encoding="utf-8")) for f in files]  # scenario data, as a library user has it
    batch = [raw[i % len(raw)] for i in range(n_batch)]
    validated = [load_scenario(f, cards) for f in files]
    payloads = [normalise(d, d["edition"], "bench") for d in (validated[i % len(validated)] for i in range(n_batch))]

    def per_call(fn, n):
        t = time.perf_counter()
        for _ in range(n):
            fn()
        return (time.perf_counter() - t) / n

    single_api = statistics.median(per_call(lambda: kb.why(EXAMPLE), 50) for _ in range(3))
    single_bridge = statistics.median(per_call(lambda: eng.call("scenario:run", payload), 200) for _ in range(3))
    single_inside = statistics.median(eng.call("bench:loop_call_data", "scenario:run", args_text, 1000) / 1000 for _ in range(3))
    single_prolog = statistics.median(eng.call("bench:loop_run", payload, 2000, "proof") / 2000 for _ in range(3))
    single_plain = statistics.median(eng.call("bench:loop_run", payload, 2000, "plain") / 2000 for _ in range(3))
    t = time.perf_counter()
    batch_api = kb.why_batch(batch)
    batch_api_s = time.perf_counter() - t
    assert len(batch_api) == n_batch
    batch_prolog_s = statistics.median(eng.call("bench:loop_run_all", payloads) for _ in range(3))
    t = time.perf_counter()
    eng.call("scenario:run_all", payloads)
    batch_bridge_s = time.perf_counter() - t
    return [
        f"One `why`: {EXAMPLE.relative_to(ROOT)}. Batch: the {len(files)} example and scenario files of the "
        f"bundled KB in turn, {n_batch} scenarios.",
        "",
        "| what | time | ratio to Prolog's own |", "|---|---:|---:|",
        f"| one `why`, inside SWI-Prolog (scenario:run/2 looped, with proofs) | {single_prolog * 1e6:.0f} µs | 1.00 |",
        f"| the mechanics alone, inside SWI-Prolog (no proofs recorded) | {single_plain * 1e6:.0f} µs | {single_plain / single_prolog:.2f} |",
        f"| the bridge's call looped inside Prolog (bridge:call_data/3: read the data, run, write JSON) | {single_inside * 1e6:.0f} µs | {single_inside / single_prolog:.2f} |",
        f"| one `why` through the bridge from Python (engine.call of scenario:run) | {single_bridge * 1e6:.0f} µs | {single_bridge / single_prolog:.2f} |",
        f"| one `why` through the Python API (file read, validated, enriched with quotes) | {single_api * 1e6:.0f} µs | {single_api / single_prolog:.2f} |",
        f"| batch of {n_batch} `why`, inside SWI-Prolog (scenario:run_all/2) | {batch_prolog_s * 1e3:.0f} ms | 1.00 |",
        f"| batch of {n_batch} through the bridge (one call of scenario:run_all) | {batch_bridge_s * 1e3:.0f} ms | {batch_bridge_s / batch_prolog_s:.2f} |",
        f"| batch of {n_batch} through the Python API (`why_batch`: validated, one call, enriched) | {batch_api_s * 1e3:.0f} ms | {batch_api_s / batch_prolog_s:.2f} |",
        "",
        f"Batch through the Python API: **{batch_api_s / batch_prolog_s:.2f}×** Prolog's own time (target ≤ 1.5×). "
        f"Bridge cost of one `why` over Prolog's own time: **{(single_bridge - single_prolog) * 1e3:.3f} ms** "
        f"(target < 0.1 ms), of which {(single_inside - single_prolog) * 1e3:.3f} ms is reading the data and "
        f"writing the JSON answer inside Prolog and {(single_bridge - single_inside) * 1e3:.3f} ms the crossing "
        "itself (text in, JSON text out, decoded in Python, the owner thread's hand-off).",
    ]


def cold_rows(repeat: int) -> list[str]:
    cmds = {
        'python -c "import pyswip, rdflib"': [PY, "-c", "import pyswip, rdflib"],
        "berserk-kb show 519.3": [EXE, "show", "519.3"],
        f"berserk-kb why {EXAMPLE.relative_to(ROOT)}": [EXE, "why", str(EXAMPLE)],
    }
    warm_env = dict(os.environ, BERSERK_KB_CACHE=tempfile.mkdtemp(prefix="bkb-cold-"))
    for argv in cmds.values():
        wall(argv, warm_env, 1)  # a user's first command fills the cache
    warm = {k: [] for k in cmds}
    empty = {k: [] for k in cmds}
    for _ in range(repeat):
        for k, argv in cmds.items():
            warm[k].append(wall(argv, warm_env, 1))
            empty[k].append(wall(argv, dict(os.environ, BERSERK_KB_CACHE=tempfile.mkdtemp(prefix="bkb-empty-")), 1))
    base = statistics.median(warm[next(iter(cmds))])
    rows = [f"Median of {repeat} fresh processes each, run alternately.", "",
            "| command | cache warm (ms) | ratio | cache empty (ms) | ratio |", "|---|---:|---:|---:|---:|"]
    for k in cmds:
        w, e = statistics.median(warm[k]), statistics.median(empty[k])
        rows.append(f"| `{k}` | {w * 1000:.0f} | {w / base:.2f} | {e * 1000:.0f} | {e / base:.2f} |")
    rows += ["", "Target: `show` and `why` within 1.3× of the baseline with the cache warm."]
    return rows


def check_rows(repeat: int) -> list[str]:
    from berserk_kb import KnowledgeBase
    from berserk_kb.checks import run_checks

    kb = KnowledgeBase()
    t = time.perf_counter()
    first = run_checks(kb)
    first_s = time.perf_counter() - t
    again = []
    for _ in range(repeat):
        t = time.perf_counter()
        run_checks(kb)
        again.append(time.perf_counter() - t)
    warm_env = dict(os.environ, BERSERK_KB_CACHE=tempfile.mkdtemp(prefix="bkb-check-"))
    wall([EXE, "check"], warm_env, 1, check=False)
    cli_warm = wall([EXE, "check"], warm_env, repeat, check=False)
    cli_empty = statistics.median(
        wall([EXE, "check"], dict(os.environ, BERSERK_KB_CACHE=tempfile.mkdtemp(prefix="bkb-check-")), 1, check=False)
        for _ in range(max(1, repeat // 2)))
    return [f"{len(first.findings)} findings.", "",
            "| the full check of the bundled rulebook | seconds |", "|---|---:|",
            f"| in-process, first run | {first_s:.3f} |",
            f"| in-process, median of {repeat} further runs | {statistics.median(again):.3f} |",
            f"| `berserk-kb check` as a command, cache warm | {cli_warm:.3f} |",
            f"| `berserk-kb check` as a command, cache empty | {cli_empty:.3f} |"]


def graph_rows(quick: bool) -> list[str]:
    from graph_bench import rows

    return rows(quick)


SECTIONS = {
    "scale": ("Scale: synthetic rulebooks", lambda a: scale_rows(a.quick)[0]),
    "cards": ("Card pools", lambda a: card_rows(a.quick)),
    "why": ("`why`: the Python API against the same goals inside SWI-Prolog", lambda a: why_rows(100 if a.quick else 1000)),
    "cold": ("Cold start against `python -c \"import pyswip, rdflib\"`", lambda a: cold_rows(3 if a.quick else 9)),
    "graph": ("The graph: SPARQL, export and SHACL (issues 13 and 15)", lambda a: graph_rows(a.quick)),
    "check": ("The full check of the bundled rulebook", lambda a: check_rows(3 if a.quick else 5)),
    "search": ("`search`: the lemma index at 1k and 10k paragraphs, long queries", lambda a: __import__("search_bench").rows(a.quick)),
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="1k only, fewer repeats; results.md is not written")
    ap.add_argument("--only", nargs="+", choices=sorted(SECTIONS), help="run these sections only (results.md is not written)")
    args = ap.parse_args()
    sys.path.insert(0, str(HERE))
    out = ["# Benchmarks", "", "Written by `make bench` (`bench/run.py`).", "",
           f"Machine: {os.uname().sysname} {os.uname().machine}, {os.cpu_count()} cores; Python {sys.version.split()[0]}.", ""]
    for key, (title, rows) in SECTIONS.items():
        if args.only and key not in args.only:
            continue
        print(f"## {title}\n", flush=True)
        lines = rows(args)
        print("\n".join(lines) + "\n", flush=True)
        out += [f"## {title}", "", *lines, ""]
    if not args.quick and not args.only:
        (HERE / "results.md").write_text("\n".join(out) + "\n", encoding="utf-8")
        print(f"written to {HERE / 'results.md'}")


if __name__ == "__main__":
    main()
