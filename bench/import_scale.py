"""Import time against the number of paragraphs (fu11p P7): flat, in sections, unnumbered prose.

Each text is «100. Раздел» then N lines «100.K. Текст пункта K (см. 100.1).» (``flat``), or
sections of 100 such paragraphs, each citing the one before (``sections``), or N unnumbered
paragraphs, a sentence and a short heading-shaped one («Ничья абв.») in turn (``prose``). The
figure is the wall time of `berserk-kb import` on the .txt and the growth from one size to twice
it (linear work doubles; the quadratic steps found made it ×3.3–4.6).

    .venv/bin/python bench/import_scale.py write OUT.txt --paragraphs 30000 [--shape sections]
    .venv/bin/python bench/import_scale.py run [--quick]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

EXE = str(Path(sys.executable).with_name("berserk-kb"))


def flat(count: int) -> str:
    """One section of ``count`` paragraphs, each citing the first."""
    lines = ["100. Раздел"] + [f"100.{k}. Текст пункта {k} (см. 100.1)." for k in range(1, count + 1)]
    return "\n".join(lines) + "\n"


def sections(count: int) -> str:
    """Sections 100, 101, … of 100 paragraphs, each paragraph citing the one before."""
    lines: list[str] = []
    for s in range(count // 100):
        lines.append(f"{100 + s}. Раздел {s + 1}")
        lines += [f"{100 + s}.{k}. Текст пункта {k} (см. {100 + s}.{max(k - 1, 1)})." for k in range(1, 101)]
    return "\n".join(lines) + "\n"


def _word(k: int) -> str:
    """A distinct word for every ``k`` (repeated lines would be left out as running headers)."""
    letters, out = "абвгдежзиклмнопрстуфхцчшщэюя", ""
    while True:
        out, k = out + letters[k % len(letters)], k // len(letters)
        if not k:
            return out


def prose(count: int) -> str:
    """One section and ``count`` unnumbered paragraphs: a sentence, then a short one that looks like a heading."""
    body = "".join(f"Игроки ходят по очереди {_word(k)}, и каждый ход состоит из фаз {_word(k + 7)}.\n\n"
                   f"Ничья {_word(k)}.\n\n" for k in range(count // 2))
    return "100. Раздел\n\n" + body


SHAPES = {"flat": flat, "sections": sections, "prose": prose}


def seconds(text: str) -> float:
    """Wall time of one `berserk-kb import` of ``text`` into a fresh folder."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "rules.txt"
        src.write_text(text, encoding="utf-8")
        start = time.perf_counter()
        subprocess.run([EXE, "import", str(src), "-o", str(Path(tmp) / "kb"), "--edition", "X"],
                       check=True, capture_output=True)
        return time.perf_counter() - start


def rows(quick: bool) -> list[str]:
    """A table: shape, paragraphs, seconds, growth against half the size."""
    sizes = [5000, 10000] if quick else [15000, 30000, 60000]
    out = ["| text | paragraphs | import (s) | × against half |", "|---|---:|---:|---:|"]
    for name, make in SHAPES.items():
        last = None
        for n in sizes:
            t = seconds(make(n))
            out.append(f"| {name} | {n} | {t:.2f} | {'' if last is None else f'{t / last:.2f}'} |")
            last = t
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    w = sub.add_parser("write")
    w.add_argument("out", type=Path)
    w.add_argument("--paragraphs", type=int, required=True)
    w.add_argument("--shape", choices=sorted(SHAPES), default="flat")
    r = sub.add_parser("run")
    r.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    if args.cmd == "write":
        args.out.write_text(SHAPES[args.shape](args.paragraphs), encoding="utf-8")
    else:
        print("\n".join(rows(args.quick)))


if __name__ == "__main__":
    main()
