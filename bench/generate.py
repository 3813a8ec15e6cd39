"""Generate realistic synthetic rulebooks and card pools for the scale benchmarks.

A rulebook of N paragraphs has two editions of N/2 paragraphs each, laid out like ``kb/``: numbered
sections (``600.``) with numbered paragraphs (``600.4.``) and sub-paragraphs (``600.4.2.``), plain
and headed unnumbered paragraphs, lettered (Cyrillic in A, Latin in B), numbered and bulleted lists,
worked examples, cross-references (most resolving, some pointing outside), mentions of cards and
features in their grammatical forms, and lines broken mid-sentence. Sentences are recombined from the
bundled fragments so that the morphology and the linking do realistic work. Edition B renumbers
A's sections and rewrites some of its paragraphs.

A card pool of N cards is the real card database, repeated with new ids and names past its size.

    .venv/bin/python bench/generate.py rulebook OUT --paragraphs 10000
    .venv/bin/python bench/generate.py cards OUT --cards 10000 --source ../shared/data/cards
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "kb" / "sources"
CARD_FORMS = ["Вайл", "Вайла", "Вайлу", "Льер-Кулат", "Льера-Кулата", "Гном-Басаарг", "Гнома-Басаарга",
              "Горный Великан", "Горного Великана", "Лёккен", "Лёккена", "Феррос", "Ферроса"]
FEATURE_FORMS = ["Регенерация 2", "Регенерации", "Отравление 1", "Отравления", "Опыт в атаке", "Опытом в атаке",
                 "Строй", "Строя", "Броня 1", "Брони"]


def _sentences() -> list[str]:
    text = " ".join(p.read_text(encoding="utf-8") for p in sorted(SOURCES.glob("*.txt")))
    text = re.sub(r"\d{3}(\.\d+)*\.", " ", text)
    text = re.sub(r"(ПРИМЕР\s*\d*[:.]|Например,|[●○]|\b[a-dа-д][.)])", " ", text)
    parts = [" ".join(s.split()) for s in re.split(r"(?<=[.!?])\s+", text)]
    return [s for s in parts if 30 <= len(s) <= 240 and not re.search(r"\d{3}", s)]


def rulebook(out: Path, paragraphs: int, seed: int = 7) -> Path:
    """Write a synthetic rulebook of about ``paragraphs`` paragraphs into ``out`` (a KB folder)."""
    rng = random.Random(seed)
    sents = _sentences()
    sources = out / "sources"
    if out.exists():
        shutil.rmtree(out)
    sources.mkdir(parents=True)
    editions: dict[str, list[str]] = {}
    per_edition = paragraphs // 2
    for ed, shift, letters, sep in (("A", 0, "абвгд", ")"), ("B", 1, "abcde", ".")):
        files: list[str] = []
        lines: list[str] = []
        count = 0
        section = 100 + shift
        numbers: list[str] = []
        while count < per_edition:
            lines.append(f"{section}. {rng.choice(['Правила', 'Особенности', 'Модификаторы', 'Атака'])} раздела {section}.")
            count += 1
            for k in range(1, rng.randint(6, 14)):
                number = f"{section}.{k}"
                numbers.append(number)
                body = " ".join(rng.sample(sents, rng.randint(1, 3)))
                if rng.random() < 0.3:
                    body = body.replace(" ", f" {rng.choice(CARD_FORMS)} и {rng.choice(FEATURE_FORMS)} ", 1)
                if rng.random() < 0.35 and numbers:
                    target = rng.choice(numbers[-40:]) if rng.random() < 0.85 else f"{rng.randint(900, 999)}.{rng.randint(1, 9)}"
                    body += f" (см. п. {target})."
                if ed == "B" and rng.random() < 0.2:
                    body = body.replace("кубика", "кубиков", 1)
                if rng.random() < 0.1:
                    cut = body.find(" ", len(body) // 2)
                    lines.append(f"{number}. {body[:cut]}")
                    lines.append(body[cut + 1:])
                else:
                    lines.append(f"{number}. {body}")
                count += 1
                if rng.random() < 0.3:
                    n = rng.randint(2, 5)
                    for j in range(n):
                        end = "." if j == n - 1 else ";"
                        lines.append(f"{letters[j]}{sep} {rng.choice(sents).rstrip('.').lower()}{end}")
                elif rng.random() < 0.1:
                    lines.append("● " + rng.choice(sents))
                    lines.append("○ " + rng.choice(sents).lower())
                if rng.random() < 0.2:
                    lines.append(f"{number}.1. {rng.choice(sents)}")
                    count += 1
                if rng.random() < 0.25:
                    lines.append(rng.choice(sents))
                    count += 1
                if rng.random() < 0.15:
                    lines.append(f"ПРИМЕР {rng.randint(1, 3)}: {rng.choice(CARD_FORMS)} " + rng.choice(sents).lower())
                if count >= per_edition:
                    break
            if rng.random() < 0.2:
                lines.append(rng.choice(["Правило топора.", "Эффект замещения.", "Взятие карт в отряд."]))
                count += 1
            section += 2
            if len(lines) > 400:
                name = f"{ed}{len(files):03d}.txt"
                (sources / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
                files.append(name)
                lines = []
        if lines:
            name = f"{ed}{len(files):03d}.txt"
            (sources / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
            files.append(name)
        editions[ed] = files
    manifest = ["title: synthetic", "editions:"]
    for ed, files in editions.items():
        manifest += [f"  - id: {ed}", "    fragments:"] + [f"      - {f}" for f in files]
    (sources / "manifest.yaml").write_text("\n".join(manifest) + "\n", encoding="utf-8")
    for name in ("cards.yaml", "features.yaml"):
        shutil.copy(ROOT / "kb" / name, out / name)
    return out


def cards(out: Path, count: int, source: Path) -> Path:
    """Write a card pool of ``count`` cards (``cards.json`` + ``const.json``) into ``out``."""
    real = json.loads((source / "cards.json").read_text(encoding="utf-8"))
    out.mkdir(parents=True, exist_ok=True)
    pool = []
    for i in range(count):
        base = dict(real[i % len(real)])
        if i >= len(real):
            round_ = i // len(real)
            base["id"] = f"{base['id']}-{round_}"
            base["name"] = f"{base['name']} {round_}"
        pool.append(base)
    (out / "cards.json").write_text(json.dumps(pool, ensure_ascii=False), encoding="utf-8")
    shutil.copy(source / "const.json", out / "const.json")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    r = sub.add_parser("rulebook")
    r.add_argument("out", type=Path)
    r.add_argument("--paragraphs", type=int, default=1000)
    c = sub.add_parser("cards")
    c.add_argument("out", type=Path)
    c.add_argument("--cards", type=int, default=10000)
    c.add_argument("--source", type=Path, default=ROOT.parent / "shared" / "data" / "cards")
    args = ap.parse_args()
    if args.what == "rulebook":
        print(rulebook(args.out, args.paragraphs))
    else:
        print(cards(args.out, args.cards, args.source))


if __name__ == "__main__":
    main()
