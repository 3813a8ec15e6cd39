"""Every benchmark, side by side in one run (`make bench`); writes bench/results.md.

results.md opens with one table of every target of issue 15 (target, figure, goal, met or missed),
gathered from the first table of each section, then each section's details. Sections:

* why (bench/why_bench.py): a batch of 1,000 distinct generated scenarios through `why_batch`
  against the same goals looped inside SWI-Prolog; one `why`, the bridge's own cost by instruction
  counts (callgrind); a 10,000-scenario batch's memory; the why page against the library call and
  8 concurrent clients (bench/web_load.py);
* cold: `berserk-kb show` and `why` against `python -c "import pyswip, rdflib"`, cache warm and empty;
* diff: `diff` on synthetic rulebooks of 1k and 10k paragraphs whose edition B is derived from A
  (bench/generate.py), and a second `diff` of the same content (read from the cache);
* search (bench/search_bench.py) and graph (bench/graph_bench.py), when those modules are present;
* import (bench/import_scale.py): `import` of a flat text and one in sections at N and 2N paragraphs;
* scale, cards, check: details without a target of their own (synthetic rulebooks of 1k and 10k
  paragraphs: import, Prolog load, graph, check, peak memory; card pools; the bundled check).

    .venv/bin/python bench/run.py [--quick] [--only SECTION…]
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import why_bench

HERE = Path(__file__).resolve().parent
HEADER = ["| target | figure | goal | met |", "|---|---:|---|---|"]
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
out["peak_mb"] = int(next(x for x in open("/proc/self/status") if x.startswith("VmHWM:")).split()[1]) / 1024  # not ru_maxrss: it counts the parent's memory at the fork
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


def scale_rows(quick: bool) -> list[str]:
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
        rows.append(f"Growth, 10k against 1k: import + load + check (with the graph it validates) {work(res[1000]):.2f} s → {work(res[10000]):.2f} s, "
                    f"ratio **{ratio:.1f}** (target ≤ 12); peak memory at 10k **{res[10000]['cold']['peak_mb']:.0f} MB** "
                    "(the targets on these are graph_bench's).")
    return rows


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


def cold_rows(quick: bool) -> list[str]:
    """Target 3: `show` and `why` with the cache warm within 1.1× of the import baseline."""
    repeat = 5 if quick else 11
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
    for i in range(repeat):
        for k, argv in cmds.items():
            warm[k].append(wall(argv, warm_env, 1))
            if i < 3:  # an empty cache costs seconds a run, and has no target
                empty[k].append(wall(argv, dict(os.environ, BERSERK_KB_CACHE=tempfile.mkdtemp(prefix="bkb-empty-")), 1))
    base = statistics.median(warm[next(iter(cmds))])
    detail = ["", f"Median of {repeat} fresh processes each with the cache warm (of 3 with it empty), run alternately; "
              "the package's bytecode compiled at install (`make setup`).", "",
              "| command | cache warm (ms) | ratio | cache empty (ms) | ratio |", "|---|---:|---:|---:|---:|"]
    rows = list(HEADER)
    for k in cmds:
        w, e = statistics.median(warm[k]), statistics.median(empty[k])
        detail.append(f"| `{k}` | {w * 1000:.0f} | {w / base:.2f} | {e * 1000:.0f} | {e / base:.2f} |")
        if k.startswith("berserk-kb"):
            rows.append(f"| 3. cold start of `{k.split()[1]}`, cache warm, against `import pyswip, rdflib` | "
                        f"{w / base:.2f}× | ≤ 1.1× | {met(w / base <= 1.1)} |")
    return rows + detail


def check_rows(quick: bool) -> list[str]:
    repeat = 3 if quick else 5
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


def met(ok: bool) -> str:
    return "met" if ok else "missed"


def diff_rows(quick: bool) -> list[str]:
    """Target 5 (the diff part): `diff A B` 10k/1k ≤ 15 on rulebooks whose edition B derives from A,
    by the CPU time of the process (the machine is shared: its wall time is in the table too); a
    second `diff` of the same content comes from the cache."""
    from generate import rulebook

    times, walls, again, sizes = {}, {}, {}, {}
    for n in ((1000, 2000) if quick else (1000, 10000)):
        kb_dir = rulebook(Path(tempfile.mkdtemp(prefix=f"bkb-diff{n}-")) / "kb", n)
        env = dict(os.environ, BERSERK_KB_CACHE=tempfile.mkdtemp(prefix="bkb-diff-cache-"))
        proc = subprocess.run([PY, "-c", DIFF_SCRIPT, str(kb_dir)], env=env, capture_output=True, text=True, check=True)
        first = json.loads(proc.stdout.strip().splitlines()[-1])
        proc = subprocess.run([PY, "-c", DIFF_SCRIPT, str(kb_dir)], env=env, capture_output=True, text=True, check=True)
        second = json.loads(proc.stdout.strip().splitlines()[-1])
        assert first["summary"] == second["summary"], "the cached diff differs from the computed one"
        times[n], walls[n], again[n], sizes[n] = first["cpu"], first["diff"], second["diff"], first["summary"]
    small, big = sorted(times)
    ratio = times[big] / times[small]
    rows = [*HEADER,
            f"| 5. `diff A B` {big // 1000}k/{small // 1000}k paragraphs, edition B derived from A (CPU time; wall "
            f"{walls[big] / walls[small]:.1f}) | {ratio:.1f} | ≤ 15"
            f"{' (quick: 2k/1k)' if quick else ''} | {met(ratio <= 15) if not quick else '—'} |",
            f"| 5. `diff` results cached by content: a second `diff` of the {big // 1000}k rulebook in a new process | "
            f"{again[big]:.3f} s (first {walls[big]:.2f} s) | from the cache | {met(again[big] < walls[big] / 5)} |", "",
            "| rulebook | `diff A B` CPU (s) | wall (s) | again, cached (s) | renumbered / changed / split / merged / added / removed |",
            "|---|---:|---:|---:|---|"]
    for n in sorted(times):
        rows.append(f"| synthetic {n // 1000}k | {times[n]:.2f} | {walls[n]:.2f} | {again[n]:.3f} | {sizes[n]} |")
    return rows


DIFF_SCRIPT = r'''
import json, sys, time
from berserk_kb import KnowledgeBase
kb = KnowledgeBase(sys.argv[1]); kb.rulebook
t, c = time.perf_counter(), time.process_time(); d = kb.diff("A", "B")
took, cpu = time.perf_counter() - t, time.process_time() - c
s = "/".join(str(x) for x in (sum(a.renumbered for a in d.aligned), sum(a.changed for a in d.aligned),
                              sum(a.shape == "split" for a in d.aligned), sum(a.shape == "merge" for a in d.aligned),
                              len(d.added), len(d.removed)))
print(json.dumps({"diff": took, "cpu": cpu, "summary": s}))
'''


def external(name: str) -> Callable[[bool], list[str]]:
    """The ``rows(quick)`` of bench/<name>.py (another part of the benchmarks), or a line saying it is absent."""
    def rows(quick: bool) -> list[str]:
        try:
            module = importlib.import_module(name)
        except ImportError as exc:
            return [f"(bench/{name}.py not present: {exc})"]
        return module.rows(quick)
    return rows


SECTIONS: dict[str, tuple[str, Callable[[bool], list[str]]]] = {
    "batch": ("`why_batch` against the same goals inside SWI-Prolog", why_bench.batch_rows),
    "one": ("One `why`: the bridge's own cost", why_bench.one_rows),
    "cold": ("Cold start against `python -c \"import pyswip, rdflib\"`", cold_rows),
    "memory": ("Memory of a 10,000-scenario batch", why_bench.memory_rows),
    "diff": ("`diff` on synthetic rulebooks, edition B derived from A", diff_rows),
    "search": ("`search` from the lemma index (bench/search_bench.py)", external("search_bench")),
    "graph": ("Export, check memory, graph store (bench/graph_bench.py)", external("graph_bench")),
    "web": ("The web server", why_bench.web_rows),
    "import": ("`import` against the number of paragraphs (bench/import_scale.py)", external("import_scale")),
    "scale": ("Scale: synthetic rulebooks", scale_rows),
    "cards": ("Card pools", card_rows),
    "check": ("The full check of the bundled rulebook", check_rows),
}


def summary(sections: list[list[str]]) -> list[str]:
    """The rows of every section's first table when it is a target table (see the module docstring)."""
    out = list(HEADER)
    for lines in sections:
        if not lines or lines[0].replace(" ", "") != HEADER[0].replace(" ", ""):
            continue
        for line in lines[2:]:
            if not line.startswith("|"):
                break
            out.append(line)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller sizes, fewer repeats; results.md is not written")
    ap.add_argument("--only", nargs="+", choices=sorted(SECTIONS), help="run these sections only (results.md is not written)")
    args = ap.parse_args()
    os.environ.setdefault("BERSERK_KB_CACHE", tempfile.mkdtemp(prefix="bkb-bench-cache-"))
    started = time.perf_counter()
    done: list[tuple[str, list[str]]] = []
    for key, (title, rows) in SECTIONS.items():
        if args.only and key not in args.only:
            continue
        print(f"## {title}\n", flush=True)
        t = time.perf_counter()
        lines = rows(args.quick)
        print("\n".join(lines) + f"\n\n({time.perf_counter() - t:.0f} s)\n", flush=True)
        done.append((title, lines))
    out = ["# Benchmarks", "", "Written by `make bench` (`bench/run.py`) in "
           f"{(time.perf_counter() - started) / 60:.1f} min.", "",
           f"Machine: {os.uname().sysname} {os.uname().machine}, {os.cpu_count()} cores, shared; "
           f"Python {sys.version.split()[0]}.", "", "## Targets (issue 15)", "", *summary([x for _, x in done]), ""]
    for title, lines in done:
        out += [f"## {title}", "", *lines, ""]
    print("\n".join(out[:out.index("## Targets (issue 15)") + 3 + len(summary([x for _, x in done]))]))
    if not args.quick and not args.only:
        (HERE / "results.md").write_text("\n".join(out) + "\n", encoding="utf-8")
        print(f"written to {HERE / 'results.md'}")


if __name__ == "__main__":
    main()
