"""The graph's benchmarks (issue 13: `sparql` and `export` answer in well under a second; issue 15:
target 4, the 10k-paragraph `check` peak, and target 5, `export` 10k/1k), side by side in one run.
Every figure is measured in a fresh process; every answer is checked against the unoptimised path on
the same inputs (rdflib's engine and serializer, SHACL over the whole graph).

    rows(quick) -> markdown lines (run.py's section «graph»);  .venv/bin/python bench/graph_bench.py [--quick]
"""

from __future__ import annotations

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
QUERY = "SELECT ?e (COUNT(?p) AS ?n) WHERE { ?p a bkb:Paragraph ; bkb:edition ?e } GROUP BY ?e ORDER BY ?e"

MEASURE = r'''
import json, sys, time
from pathlib import Path
kb_dir, what = Path(sys.argv[1]), sys.argv[2]
out = {}
t = time.perf_counter()
from berserk_kb.kb import KnowledgeBase
kb = KnowledgeBase(kb_dir); out["import"] = time.perf_counter() - t
if what == "prepare":  # the rulebook's parse and links kept: what a user has before the first export
    kb.links
elif what.startswith("export:"):
    t = time.process_time(); text = kb.export(what[7:]).data; out["export"] = time.process_time() - t  # CPU: the machine is shared
    out["same_graph"] = None
    if sys.argv[3:] == ["check"]:  # parsed back, against the graph rdflib builds
        import pyoxigraph as ox
        back = {q.triple for q in ox.parse(text.encode(), format=ox.RdfFormat.TURTLE if what.endswith("turtle") else ox.RdfFormat.JSON_LD)}
        from berserk_kb.graph.store import oxigraph_terms
        terms = oxigraph_terms()
        out["same_graph"] = back == {ox.Triple(*terms(t)) for t in kb.full_graph}
        out["triples"] = len(back)
elif what.startswith("rdflib-export:"):  # the unoptimised path: rdflib's serializer, as export was
    from berserk_kb.graph.vocab import PREFIXES
    g = kb.full_graph
    t = time.perf_counter()
    if what.endswith("turtle"):
        g.serialize(format="turtle")
    else:
        g.serialize(format="json-ld", context={k: str(v) for k, v in PREFIXES.items()}, indent=2)
    out["export"] = time.perf_counter() - t
elif what == "check":
    t = time.perf_counter(); kb.prolog_module; out["load"] = time.perf_counter() - t
    from berserk_kb.checks import run_checks
    t = time.perf_counter(); r = run_checks(kb); out["check"] = time.perf_counter() - t
    out["work"] = out["import"] + out["load"] + out["check"]
    out["findings"] = sorted(f"{f.id} {f.message}" for f in r.findings)
elif what.startswith("shacl:"):  # G001 alone: on the shapes' paths (ours) or on the whole graph
    from berserk_kb.graph.build import build_graph, rulebook_triples
    from berserk_kb.graph.shacl import validate
    shapes = (Path(sys.argv[3])).read_bytes()
    t = time.perf_counter()
    if what.endswith("projected"):
        found = validate(rulebook_triples(kb.rulebook), shapes)
    else:
        found = validate(build_graph(kb.rulebook), shapes, project=False)
    out["shacl"] = time.perf_counter() - t
    out["findings"] = found
elif what.startswith("sparql:"):
    kb.graph_store if what.endswith("oxigraph") else kb.full_graph
    t = time.perf_counter(); r = kb.sparql(sys.argv[3], 600, engine=what[7:]); out["query"] = time.perf_counter() - t
    out["rows"] = [[str(x) for x in row] for row in r]
out["peak_mb"] = int(next(x for x in open("/proc/self/status") if x.startswith("VmHWM:")).split()[1]) / 1024  # not ru_maxrss: Linux keeps the parent's across the fork and exec
print(json.dumps(out))
'''


def _measure(kb_dir: Path, what: str, cache: Path, *extra: str) -> dict:
    env = dict(os.environ, BERSERK_KB_CACHE=str(cache))
    proc = subprocess.run([PY, "-c", MEASURE, str(kb_dir), what, *extra], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{what} on {kb_dir}: {proc.stderr.strip()[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _cache() -> Path:
    return Path(tempfile.mkdtemp(prefix="bkb-graph-cache-"))


def _wall(argv: list[str], cache: Path) -> float:
    t = time.perf_counter()
    subprocess.run(argv, env=dict(os.environ, BERSERK_KB_CACHE=str(cache)), stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True, cwd=ROOT)
    return time.perf_counter() - t


def command_rows(repeat: int) -> list[str]:
    """`sparql` and `export` on the bundled rulebook: the first command on an empty cache, the first
    once the rest of the cache is kept (the graph and its exports not yet), and warm; the import
    baseline beside them."""
    cmds = {"sparql": [EXE, "sparql", QUERY], "export": [EXE, "export"], "export --format json-ld": [EXE, "export", "--format", "json-ld"]}
    base = statistics.median(_wall([PY, "-c", "import pyswip, rdflib"], _cache()) for _ in range(repeat))
    rows = ["| command (bundled rulebook) | empty cache (s) | graph not kept yet (s) | warm, median (s) | warm / import baseline |",
            "|---|---:|---:|---:|---:|"]
    worst = 0.0
    for name, argv in cmds.items():
        empty = _wall(argv, cache := _cache())
        first = []
        for _ in range(max(1, repeat // 3)):
            for f in [*(cache / "graph").glob("*"), *(cache / "export").glob("*")]:
                f.unlink()
            first.append(_wall(argv, cache))
        warm = statistics.median(_wall(argv, cache) for _ in range(repeat))
        worst = max(worst, warm)
        rows.append(f"| `berserk-kb {name}` | {empty:.2f} | {statistics.median(first):.2f} | {warm:.2f} | {warm / base:.2f} |")
    rows += ["", f"Import baseline `python -c \"import pyswip, rdflib\"`: {base:.2f} s. Target (issue 13): warm `sparql` "
             f"and `export` well under a second: slowest **{worst:.2f} s** — **{'met' if worst < 1.0 else 'missed'}**."]
    return rows


def scale_rows(quick: bool) -> list[str]:
    """At 1k and 10k paragraphs: export from the store (Turtle, JSON-LD) with the graph built and kept;
    rdflib's serializer beside it at 1k; the full check's peak and growth; SHACL's findings and SPARQL's
    answers against the unoptimised path."""
    sys.path.insert(0, str(HERE))
    from generate import rulebook

    sizes = (1000,) if quick else (1000, 10000)
    kbs = {n: rulebook(Path(tempfile.mkdtemp(prefix=f"bkb-graph{n}-")) / "kb", n) for n in sizes}
    res: dict[int, dict] = {}
    for n, kb in kbs.items():
        r = res[n] = {}
        for fmt in ("turtle", "json-ld"):
            runs: dict[str, list[dict]] = {"cold": [], "kept": [], "warm": []}
            for i in range(1 if quick else 3):  # the least CPU time of three: the machine is shared
                cache = _cache()
                _measure(kb, "prepare", cache)
                check = ["check"] if i == 0 else []
                runs["cold"].append(_measure(kb, f"export:{fmt}", cache, *check))  # the graph built, exported, both kept
                for f in (cache / "export").iterdir():
                    f.unlink()
                runs["kept"].append(_measure(kb, f"export:{fmt}", cache, *check))  # the graph read from the cache
                runs["warm"].append(_measure(kb, f"export:{fmt}", cache, *check))  # the export read from the cache
            for w, ms in runs.items():
                assert ms[0]["same_graph"], (n, fmt, w)
                r[f"{w} {fmt}"] = {**ms[0], "export": min(m["export"] for m in ms)}
            if n == 1000:
                r[f"rdflib {fmt}"] = _measure(kb, f"rdflib-export:{fmt}", cache)
        r["check"] = _measure(kb, "check", _cache())
        shapes = str(ROOT / "kb" / "shapes.ttl")
        cache = _cache()
        _measure(kb, "prepare", cache)
        r["shacl projected"] = _measure(kb, "shacl:projected", cache, shapes)
        r["shacl whole"] = _measure(kb, "shacl:whole", cache, shapes)
        assert r["shacl projected"]["findings"] == r["shacl whole"]["findings"], n
        r["sparql oxigraph"] = _measure(kb, "sparql:oxigraph", cache, QUERY)
        r["sparql rdflib"] = _measure(kb, "sparql:rdflib", cache, QUERY)
        assert r["sparql oxigraph"]["rows"] == r["sparql rdflib"]["rows"], n

    rows = ["| paragraphs | triples | Turtle: graph built (CPU s) | graph kept | export kept | JSON-LD: graph built | graph kept | export kept | rdflib's Turtle / JSON-LD (wall s) |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for n, r in res.items():
        def t(k):
            return r[k]["export"]
        rd = f"{r['rdflib turtle']['export']:.2f} / {r['rdflib json-ld']['export']:.2f}" if "rdflib turtle" in r else "(not run: minutes)"
        rows.append(f"| {n} | {r['cold turtle']['triples']} | {t('cold turtle'):.2f} | {t('kept turtle'):.2f} | {t('warm turtle'):.2f} | "
                    f"{t('cold json-ld'):.2f} | {t('kept json-ld'):.2f} | {t('warm json-ld'):.2f} | {rd} |")
    rows += ["", "| paragraphs | check: import + load + check, with its SHACL graph (s) | check peak MB | SHACL on the shapes' paths: s, peak MB | SHACL on the whole graph: s, peak MB | SPARQL Oxigraph / rdflib (s) |",
             "|---:|---:|---:|---:|---:|---:|"]
    for n, r in res.items():
        p, w = r["shacl projected"], r["shacl whole"]
        rows.append(f"| {n} | {r['check']['work']:.2f} | {r['check']['peak_mb']:.0f} | {p['shacl']:.2f}, {p['peak_mb']:.0f} | "
                    f"{w['shacl']:.2f}, {w['peak_mb']:.0f} | {r['sparql oxigraph']['query']:.3f} / {r['sparql rdflib']['query']:.3f} |")
    rows += ["", "Answers checked in the run: every export parses back (Oxigraph's parser) to the graph rdflib builds; "
             "SHACL on the shapes' paths finds what it finds on the whole graph; the query's rows are rdflib's."]
    if len(res) == 2:
        big, small = res[10000], res[1000]
        lines = []
        for fmt in ("turtle", "json-ld"):
            for when in ("cold", "kept", "warm"):
                a, b = small[f"{when} {fmt}"]["export"], big[f"{when} {fmt}"]["export"]
                what = {"cold": "graph built", "kept": "graph kept", "warm": "export kept"}[when]
                lines.append((f"{fmt}, {what}", b / a))
        worst = max(r for _, r in lines)
        peak = big["check"]["peak_mb"]
        growth = big["check"]["work"] / small["check"]["work"]
        rows += ["",
                 "Export 10k/1k: " + ", ".join(f"{k} **{r:.1f}**" for k, r in lines)
                 + f" — target (issue 15, 5) ≤ 12: **{'met' if worst <= 12 else 'missed'}**.",
                 f"Check at 10k: peak **{peak:.0f} MB** — target (issue 15, 4) < 360 MB: **{'met' if peak < 360 else 'missed'}**; "
                 f"growth 10k/1k of import + load + check with the graph build **{growth:.1f}**.",
                 f"Same findings at 10k as SHACL on the whole graph: {len(big['shacl projected']['findings'])} results, equal."]
    return rows


def rows(quick: bool) -> list[str]:
    return [*command_rows(3 if quick else 7), "", *scale_rows(quick)]


if __name__ == "__main__":
    print("\n".join(rows("--quick" in sys.argv)))
