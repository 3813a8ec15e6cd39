"""The full `check` of the bundled rulebook: in-process (the KB loaded) and as a fresh command.

    .venv/bin/python bench/check.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    from berserk_kb import KnowledgeBase
    from berserk_kb.checks import run_checks

    kb = KnowledgeBase()
    t = time.perf_counter()
    first = run_checks(kb)
    first_s = time.perf_counter() - t
    warm = []
    for _ in range(args.repeat):
        t = time.perf_counter()
        run_checks(kb)
        warm.append(time.perf_counter() - t)
    env = dict(os.environ, BERSERK_KB_CACHE=tempfile.mkdtemp(prefix="bkb-bench-check-"))
    exe = str(Path(sys.executable).with_name("berserk-kb"))
    subprocess.run([exe, "check"], env=env, capture_output=True, check=False)  # fill the cache
    cli = []
    for _ in range(args.repeat):
        t = time.perf_counter()
        subprocess.run([exe, "check"], env=env, capture_output=True, check=False)
        cli.append(time.perf_counter() - t)
    print(f"| full check of the bundled rulebook ({len(first.findings)} findings) | seconds |")
    print("|---|---:|")
    print(f"| in-process, first run (Prolog scenarios loaded, SHACL imported) | {first_s:.3f} |")
    print(f"| in-process, median of {args.repeat} further runs | {statistics.median(warm):.3f} |")
    print(f"| `berserk-kb check` as a command (cache warm), median of {args.repeat} | {statistics.median(cli):.3f} |")


if __name__ == "__main__":
    main()
