"""`why` benchmarks: a batch against the same goals inside SWI-Prolog, the bridge's own cost of one
`why`, the memory of a 10,000-scenario batch, and the why page against the library call.

Every section returns markdown lines for bench/run.py: a first table ``| target | figure | goal | met |``
(its rows go into the summary at the top of results.md), then the details. Ratios are taken side by
side in one process: CPU time of the whole process (``time.process_time`` around the Python call,
``statistics(process_cputime)`` around the Prolog loop), the least of several alternated runs, since
the machine is shared and wall time is noisy; the bridge's cost of one `why` by instruction counts
(callgrind). Before any figure is taken, the answers of the optimised path are asserted equal to
those of the unoptimised one on the same inputs.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
EXAMPLE = ROOT / "kb" / "examples" / "A-519.3-ex1-gnome-basaarg.yaml"
HEADER = ["| target | figure | goal | met |", "|---|---:|---|---|"]


def met(ok: bool) -> str:
    return "met" if ok else "missed"


def _engine() -> Any:
    from berserk_kb.engine.bridge import engine
    from berserk_kb.engine.code import RUNNER, code_file

    eng = engine()
    eng.load([code_file(RUNNER), HERE / "bench.pl"])
    return eng


def _payloads(kb: Any, batch: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The batch as the Prolog runner takes it (validated and normalised once, outside any timing)."""
    from berserk_kb.scenario.load import normalise, validate_scenario

    return [normalise(validate_scenario(s, "bench", kb.kb_cards), s["edition"], "bench") for s in batch]


def batch_rows(quick: bool) -> list[str]:
    """Target 1: ``why_batch`` of 1,000 distinct scenarios ≤ 2.0× the same goals looped inside Prolog."""
    from berserk_kb import KnowledgeBase
    from berserk_kb.engine.runner import event_table
    from scenarios import kinds_covered, scenarios

    n, repeat = (200, 3) if quick else (1000, 5)
    kb = KnowledgeBase()
    eng = _engine()
    every = scenarios(kb, n * repeat)  # one fresh batch per repeat: nothing is validated twice
    batches = [every[i * n:(i + 1) * n] for i in range(repeat)]
    covered = kinds_covered(batches[0])
    missing = [row["kind"] for row in event_table() if row["kind"] not in covered]
    assert not missing, f"the batch lacks event kinds {missing}"
    assert len({json.dumps(s, sort_keys=True) for s in every}) == len(every), "scenarios repeat"
    # correctness: the batch answers equal those of `why` one by one (the unoptimised path)
    t = time.process_time()
    one_by_one = [kb.why(s).to_json() for s in batches[0]]
    one_by_one_s = time.process_time() - t
    batched = [r.to_json() for r in kb.why_batch(batches[0])]
    assert batched == one_by_one, "why_batch answers differ from why one by one"
    payloads = [_payloads(kb, b) for b in batches]
    api, prolog = [], []
    for b, p in zip(batches[1:] + batches[:1], payloads[1:] + payloads[:1]):
        prolog.append(eng.call("bench:loop_run_all", p))
        t = time.process_time()
        kb.why_batch(b)
        api.append(time.process_time() - t)
    ratio = min(api) / min(prolog)
    kinds = ", ".join(f"{k} ({'/'.join(sorted(v))})" for k, v in covered.items())
    return [*HEADER,
            f"| 1. batch `why` of {n} distinct scenarios (every event kind, both editions) through `why_batch`, "
            f"against the same goals looped inside Prolog | {ratio:.2f}× | ≤ 2.0× (floor ≈ 1.5×) | {met(ratio <= 2.0)} |",
            "",
            f"{repeat} batches of {n} distinct scenarios from bench/scenarios.py (the bundled scenario files as templates, "
            f"handles renamed and numbers drawn again), each batch holding every kind of the event table: {kinds}. "
            "CPU time of the process, the least of the runs, alternated; the first batch's answers were asserted "
            "equal to those of `why` one by one.",
            "",
            "| what | CPU s (least) | median | ratio |", "|---|---:|---:|---:|",
            f"| the goals inside SWI-Prolog (scenario:run_all/2 on normalised scenarios) | {min(prolog):.3f} | "
            f"{statistics.median(prolog):.3f} | 1.00 |",
            f"| `KnowledgeBase.why_batch` (validated, one call, enriched) | {min(api):.3f} | {statistics.median(api):.3f} | {ratio:.2f} |",
            f"| `KnowledgeBase.why` one by one (the unoptimised path, once) | {one_by_one_s:.3f} | | "
            f"{one_by_one_s / min(prolog):.2f} |"]


CALLGRIND_SCRIPT = r'''
import os, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
import yaml
from berserk_kb import KnowledgeBase
from berserk_kb.engine.runner import run_scenario
from why_bench import _engine, _payloads
from berserk_kb.engine.terms import json_bytes
kb = KnowledgeBase()
data = yaml.safe_load(Path(sys.argv[2]).read_text(encoding="utf-8"))
n = int(sys.argv[3])
eng = _engine()
p = _payloads(kb, [data])[0]
eng.call("bench:loop_run", p, 3, "proof"); run_scenario(p); kb.why(data)   # warm every path
os.getppid(); eng.call("bench:loop_run", p, n, "proof"); os.getpgrp()
os.getppid(); [run_scenario(p) for _ in range(n)]; os.getpgrp()
os.getppid(); [kb.why(data) for _ in range(n)]; os.getpgrp()
text = json_bytes([p]).decode()
os.getppid(); eng.call("bench:loop_read", text, n); os.getpgrp()
os.getppid(); eng.call("bench:loop_write", p, n); os.getpgrp()
os.getppid(); eng.call("bench:loop_read", text, 0); os.getpgrp()
'''


def one_rows(quick: bool) -> list[str]:
    """Target 2: one `why`, the bridge's own cost (crossing + reading the data + writing the answer)
    < 0.25 ms, by instruction counts against the Prolog run (callgrind), in ms at Prolog's own speed."""
    import callgrind
    from berserk_kb import KnowledgeBase
    from berserk_kb.engine.runner import run_scenario

    kb = KnowledgeBase()
    eng = _engine()
    import yaml

    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    p = _payloads(kb, [data])[0]
    assert run_scenario(p)["events"][0]["result"] == kb.why(data).events[0].result
    runs = 300 if quick else 1000
    prolog_s = min(eng.call("bench:loop_run", p, runs, "proof") / runs for _ in range(5))
    from berserk_kb.engine.terms import json_bytes as data_text

    json_chars = len(data_text([p]).decode())
    answer_bytes = eng.call("bench:loop_write", p, 1)
    bridge_s = min(_cpu(lambda: run_scenario(p), runs) for _ in range(5))
    if not callgrind.available():
        extra = bridge_s - prolog_s
        how = "valgrind missing: CPU time, the least of 5 runs of {runs}"
        counts = None
    else:
        n = 20 if quick else 50
        counts = callgrind.regions(CALLGRIND_SCRIPT, [str(HERE), str(EXAMPLE), str(n)])
        empty = counts[5]  # one bridge call that loops nothing: what a call costs around its loop
        prolog_ir, bridge_ir, api_ir = ((c - (empty if i == 0 else 0)) / n for i, c in enumerate(counts[:3]))
        read_ir = (counts[3] - empty) / n
        write_ir = (counts[4] - empty - prolog_ir) / n  # loop_write runs the scenario once
        extra = prolog_s * (bridge_ir - prolog_ir) / prolog_ir
        how = (f"callgrind, {n} calls each: the Prolog run {prolog_ir / 1e6:.2f} M instructions, through the bridge "
               f"{bridge_ir / 1e6:.2f} M, through `KnowledgeBase.why` {api_ir / 1e6:.2f} M; the bridge's share "
               f"{(bridge_ir - prolog_ir) / prolog_ir:.2f}× the Prolog run, in ms at the Prolog run's CPU time "
               f"({prolog_s * 1e3:.3f} ms, the least of 5 loops of {runs}). Of the bridge's "
               f"{(bridge_ir - prolog_ir) / 1e6:.2f} M: reading the data {read_ir / 1e6:.2f} M "
               f"({json_chars} characters of JSON), writing the answer {write_ir / 1e6:.2f} M "
               f"({answer_bytes} characters, positional), the rest {(bridge_ir - prolog_ir - read_ir - write_ir) / 1e6:.2f} M "
               "(Python: the JSON text written and read, the hand-off to Prolog's thread and back, the foreign calls). "
               f"Reading and writing alone, with no Python at all, come to {prolog_s * (read_ir + write_ir) / prolog_ir * 1e3:.3f} ms "
               "at this speed: the floor of this bridge, whose answer (positional: scenario:run_compact/2) is JSON "
               "written by Prolog clauses")
    rows = [*HEADER,
            f"| 2. one `why`: the bridge's own cost (crossing + data reading + answer writing) | "
            f"{extra * 1e3:.3f} ms | < 0.25 ms | {met(extra < 0.25e-3)} |", "",
            f"{EXAMPLE.relative_to(ROOT)}. Measured by {how}.", "",
            "| what | CPU per call (least of 5) |", "|---|---:|",
            f"| the scenario run inside SWI-Prolog (scenario:run/2 looped) | {prolog_s * 1e6:.0f} µs |",
            f"| through the bridge (runner.run_scenario: encode, cross, read, run, write, decode) | {bridge_s * 1e6:.0f} µs |"]
    return rows


def _cpu(fn: Any, n: int) -> float:
    t = time.process_time()
    for _ in range(n):
        fn()
    return (time.process_time() - t) / n


GENERATE_SCRIPT = r'''
import json, sys
sys.path.insert(0, sys.argv[1])
from scenarios import scenarios
from berserk_kb import KnowledgeBase
with open(sys.argv[3], "w", encoding="utf-8") as f:
    json.dump(scenarios(KnowledgeBase(), int(sys.argv[2])), f)
'''

MEMORY_SCRIPT = r'''
import json, sys
from berserk_kb import KnowledgeBase
kb = KnowledgeBase()
with open(sys.argv[1], encoding="utf-8") as f:
    batch = json.load(f)
def hwm():  # this process's peak (ru_maxrss would count the parent's memory at the fork too)
    line = next(x for x in open("/proc/self/status") if x.startswith("VmHWM:"))
    return int(line.split()[1]) / 1024
before = hwm()
results = kb.why_batch(batch)
assert len(results) == len(batch)
print(json.dumps({"before": before, "peak": hwm()}))
'''


def memory_rows(quick: bool) -> list[str]:
    """Target 4 (the batch part): a 10,000-scenario batch peaks under 300 MB. The scenarios are
    generated (each computed once, to keep a refused variant's template numbers) in a process of
    their own, so that the figure is the batch's, not the generator's."""
    n = 2000 if quick else 10000
    with tempfile.TemporaryDirectory(prefix="bkb-memory-") as tmp:
        path = str(Path(tmp) / "batch.json")
        subprocess.run([sys.executable, "-c", GENERATE_SCRIPT, str(HERE), str(n), path], check=True, cwd=ROOT)
        subprocess.run([sys.executable, "-c", MEMORY_SCRIPT, path], capture_output=True, check=True, cwd=ROOT)  # warm
        proc = subprocess.run([sys.executable, "-c", MEMORY_SCRIPT, path], capture_output=True, text=True,
                              check=True, cwd=ROOT)
    m = json.loads(proc.stdout.strip().splitlines()[-1])
    from berserk_kb.explain.run import CHUNK as chunk

    return [*HEADER,
            f"| 4. memory: a {n:,}-scenario `why_batch`, peak of the process | {m['peak']:.0f} MB | < 300 MB | "
            f"{met(m['peak'] < 300) if n == 10000 else '— (quick)'} |", "",
            f"A fresh process, the cache warm: the knowledge base and {n:,} generated scenarios (read from a JSON file "
            f"another process generated and checked) in memory before the batch ({m['before']:.0f} MB), every answer "
            f"kept to the end; the batch goes to Prolog in chunks of {chunk} scenarios."]


def web_rows(quick: bool) -> list[str]:
    """Target 6: the why page's server time ≤ 1.2× the library call; 8 concurrent clients' p95."""
    from urllib.parse import urlencode

    from berserk_kb import KnowledgeBase
    from web_load import send, start_server

    text = EXAMPLE.read_text(encoding="utf-8")
    kb = KnowledgeBase()
    kb.why(kb.parse_scenario(text))
    runs = 30 if quick else 100
    server, _port, conn = start_server()
    floor, _fport, fconn = start_server(argv=[sys.executable, str(HERE / "web_floor.py")])
    try:
        if conn is None or fconn is None:
            return [*HEADER, "| 6. the why page | the server did not start | ≤ 1.2× | missed |"]
        body = urlencode({"yaml": text}).encode()
        status, answer = send(conn, "POST", "/why", body)
        assert status == 200, answer[:200]
        assert send(fconn, "POST", "/why", body)[0] == 200
        lib, page, bare, empty = [], [], [], []
        lib_cpu, server_cpu, floor_cpu = 0.0, _cpu_of(server.pid), _cpu_of(floor.pid)
        for _ in range(runs):  # alternated, so that the shared machine's load weighs on each alike
            c = time.process_time()
            lib.append(_wall(lambda: kb.why(kb.parse_scenario(text))))
            lib_cpu += time.process_time() - c
            page.append(_wall(lambda: send(conn, "POST", "/why", body)))
            bare.append(_wall(lambda: send(fconn, "POST", "/why", body)))
        server_cpu = _cpu_of(server.pid) - server_cpu
        floor_cpu = _cpu_of(floor.pid) - floor_cpu
        empty_cpu = _cpu_of(floor.pid)
        for _ in range(runs):
            empty.append(_wall(lambda: send(fconn, "POST", "/empty", body)))
        empty_cpu = _cpu_of(floor.pid) - empty_cpu
    finally:
        for process in (server, floor):
            process.terminate()
            process.wait(10)
    ratio = statistics.median(page) / statistics.median(lib)
    load = subprocess.run([sys.executable, str(HERE / "web_load.py"), "--clients", "8", "--seconds", "10" if quick else "20"],
                          capture_output=True, text=True, cwd=ROOT)
    table = [line for line in load.stdout.splitlines() if line.startswith("|")]
    p95 = next((line.split("|")[4].strip() for line in table if line.startswith("| all ")), "?")
    return [*HEADER,
            f"| 6. the why page's server time (POST /why, JSON, loopback, median of {runs}) against the library call "
            f"(`parse_scenario` + `why`, as the page calls them) | {ratio:.2f}× | ≤ 1.2× | {met(ratio <= 1.2)} |",
            f"| 6. 8 concurrent clients, p95 of every answer (bench/web_load.py) | {p95} ms | in the note | "
            f"{'—' if load.returncode == 0 else 'missed (errors)'} |", "",
            f"Library call {statistics.median(lib) * 1e3:.2f} ms, the page {statistics.median(page) * 1e3:.2f} ms, "
            f"one of each in turn {runs} times (the page's time includes the loopback HTTP round trip, so it bounds the server's time from above). "
            f"CPU time of the same {runs}, every thread counted (steadier than wall time on a shared machine): the server process "
            f"{server_cpu / runs * 1e3:.2f} ms a page, the library call {lib_cpu / runs * 1e3:.2f} ms "
            f"({server_cpu / max(lib_cpu, 1e-9):.2f}×; the server's clock counts in ticks of {1e3 / os.sysconf('SC_CLK_TCK'):.0f} ms).", "",
            f"The floor of this stack (bench/web_floor.py: a bare Starlette endpoint under uvicorn's h11 that reads the form, "
            f"makes the same library call on a pool thread and answers each event's result; no lanes, limits, sentences or links), "
            f"in the same turns: {statistics.median(bare) * 1e3:.2f} ms ({statistics.median(bare) / statistics.median(lib):.2f}× "
            f"the library call), CPU {floor_cpu / runs * 1e3:.2f} ms a request ({floor_cpu / max(lib_cpu, 1e-9):.2f}×); "
            f"the page against the floor {statistics.median(page) / statistics.median(bare):.2f}× "
            f"(CPU {server_cpu / max(floor_cpu, 1e-9):.2f}×). The stack alone (its `/empty`: the same form read, `{{}}` answered, "
            f"no call) {statistics.median(empty) * 1e3:.2f} ms, CPU {empty_cpu / runs * 1e3:.2f} ms a request: at the library "
            f"call's {statistics.median(lib) * 1e3:.2f} ms, 1.2× leaves {statistics.median(lib) * 0.2e3:.2f} ms for everything "
            "around the call.", "",
            "8 clients mixing why, show and search against one server (bench/web_load.py):", "", *table]


def _cpu_of(pid: int) -> float:
    """The CPU time (user + system, s) process ``pid`` has used so far (every thread of it)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _wall(fn: Any) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    os.environ.setdefault("BERSERK_KB_CACHE", tempfile.mkdtemp(prefix="bkb-why-cache-"))
    for f in (batch_rows, one_rows, memory_rows, web_rows):
        print("\n".join(f("--quick" in sys.argv)) + "\n")
