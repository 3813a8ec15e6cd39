"""Instruction counts of regions of a Python script, under valgrind's callgrind.

A region is marked in the measured script by ``os.getppid()`` before it and ``os.getpgrp()`` after it
(callgrind is run with ``--zero-before=getppid --dump-before=getpgrp``: the counts are zeroed on
entering the first and written out on entering the second); nothing the package runs calls either.
:func:`regions` runs the script and returns the instructions of each region, in order.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


def available() -> bool:
    """Whether valgrind is installed."""
    return shutil.which("valgrind") is not None


def regions(script: str, args: list[str], env: dict[str, str] | None = None) -> list[int]:
    """The instructions (Ir) of each marked region of ``script`` run with ``args``, in order.

    Raises:
        RuntimeError: the script failed under valgrind (its standard error in the message).
    """
    out = Path(tempfile.mkdtemp(prefix="bkb-callgrind-"))
    python = sys.executable  # the venv's own (a link to the interpreter), not a shim script
    proc = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}/cg.out", "--zero-before=getppid",
         "--dump-before=getpgrp", "--dump-instr=no", "--compress-strings=no", python, "-c", script, *args],
        capture_output=True, text=True, env={**os.environ, **(env or {}), "PYTHONHASHSEED": "0"})
    if proc.returncode != 0:
        raise RuntimeError(f"callgrind run failed: {proc.stderr[-2000:]}")
    counts = []
    for f in sorted(out.glob("cg.out.*"), key=lambda p: int(p.suffix[1:])):
        for line in f.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("totals:"):
                counts.append(int(line.split()[1]))
                break
    shutil.rmtree(out, ignore_errors=True)
    return counts
