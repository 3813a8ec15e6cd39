"""Cold start of the CLI versus `python -c "import pyswip, rdflib"`, measured side by side.

Each command is run as a fresh process, alternating, REPEAT times; the table gives the median wall
time of each and the ratio to the baseline. The cache of derived files is warmed once first (a user's
second run); `--cold-cache` clears it before every run instead.

    .venv/bin/python bench/cold_start.py [--repeat 15] [--cold-cache]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def commands() -> dict[str, list[str]]:
    kb = str(BIN / "berserk-kb")
    return {
        'python -c "import pyswip, rdflib"': [sys.executable, "-c", "import pyswip, rdflib"],
        "berserk-kb show 519.3": [kb, "show", "519.3"],
    }


def run_once(argv: list[str], env: dict[str, str]) -> float:
    t = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, cwd=ROOT)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--cold-cache", action="store_true")
    ap.add_argument("--extra", nargs="*", default=[], help="more berserk-kb argument lists, e.g. 'why kb/examples/x.yaml'")
    args = ap.parse_args()
    cache = Path(tempfile.mkdtemp(prefix="bkb-bench-cache-"))
    env = dict(os.environ, BERSERK_KB_CACHE=str(cache))
    cmds = commands()
    for extra in args.extra:
        cmds[f"berserk-kb {extra}"] = [str(BIN / "berserk-kb"), *extra.split()]
    times: dict[str, list[float]] = {k: [] for k in cmds}
    for argv in cmds.values():
        run_once(argv, env)  # warm the OS file cache and our cache
    for _ in range(args.repeat):
        for name, argv in cmds.items():
            if args.cold_cache:
                shutil.rmtree(cache, ignore_errors=True)
            times[name].append(run_once(argv, env))
    shutil.rmtree(cache, ignore_errors=True)
    base = statistics.median(next(iter(times.values())))
    print(f"| command | median of {args.repeat} (ms) | ratio to baseline |")
    print("|---|---:|---:|")
    for name, ts in times.items():
        m = statistics.median(ts)
        print(f"| `{name}` | {m * 1000:.0f} | {m / base:.2f} |")


if __name__ == "__main__":
    main()
