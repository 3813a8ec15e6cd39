"""Run every benchmark side by side and print the tables (`make bench`).

    .venv/bin/python bench/run.py
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> None:
    py = sys.executable
    print("## One `why`: Python API versus the same goal inside SWI-Prolog\n", flush=True)
    subprocess.run([py, str(HERE / "why.py")], check=True)
    print("\n## Cold start versus `python -c \"import pyswip, rdflib\"`\n", flush=True)
    subprocess.run([py, str(HERE / "cold_start.py"), "--extra", "why kb/examples/A-519.3-ex1-gnome-basaarg.yaml"],
                   check=True)
    print("\n## The full check of the bundled rulebook\n", flush=True)
    subprocess.run([py, str(HERE / "check.py")], check=True)


if __name__ == "__main__":
    main()
