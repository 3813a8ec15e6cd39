"""Generate realistic synthetic rulebooks and card pools for the scale benchmarks.

A rulebook of N paragraphs has two editions of N/2 paragraphs each, laid out like ``kb/``: numbered
sections (``600.``) with numbered paragraphs (``600.4.``) and sub-paragraphs (``600.4.2.``), plain
and headed unnumbered paragraphs, lettered (Cyrillic in A, Latin in B), numbered and bulleted lists,
worked examples, cross-references (most resolving, some pointing outside), mentions of cards and
features in their grammatical forms, and lines broken mid-sentence. Sentences are recombined from the
bundled fragments so that the morphology and the linking do realistic work. Edition B is derived from
A: every section renumbered, some paragraphs reworded, split in two or merged, a few removed or added
(so that `diff` has one counterpart to find for almost every unit, as between real editions).

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


def _edition_a(rng: random.Random, sents: list[str], count: int) -> list[dict]:
    """Edition A as sections of paragraphs (numbers are given when written): about ``count`` units."""
    sections: list[dict] = []
    paras: list[dict] = []
    n = 0
    while n < count:
        section = {"title": rng.choice(["Правила", "Особенности", "Модификаторы", "Атака"]), "paras": [], "after": None}
        sections.append(section)
        n += 1
        for _ in range(1, rng.randint(6, 14)):
            body = " ".join(rng.sample(sents, rng.randint(1, 3)))
            if rng.random() < 0.3:
                body = body.replace(" ", f" {rng.choice(CARD_FORMS)} и {rng.choice(FEATURE_FORMS)} ", 1)
            para: dict = {"body": body, "ref": None, "break": rng.random() < 0.1, "extras": []}
            if rng.random() < 0.35 and paras:
                para["ref"] = rng.choice(paras[-40:]) if rng.random() < 0.85 else f"{rng.randint(900, 999)}.{rng.randint(1, 9)}"
            n += 1
            if rng.random() < 0.3:
                k = rng.randint(2, 5)
                para["extras"].append(("list", [rng.choice(sents).rstrip(".").lower() for _ in range(k)]))
            elif rng.random() < 0.1:
                para["extras"].append(("bullets", [rng.choice(sents), rng.choice(sents).lower()]))
            if rng.random() < 0.2:
                para["extras"].append(("sub", rng.choice(sents)))
                n += 1
            if rng.random() < 0.25:
                para["extras"].append(("plain", rng.choice(sents)))
                n += 1
            if rng.random() < 0.15:
                para["extras"].append(("example", f"ПРИМЕР {rng.randint(1, 3)}: {rng.choice(CARD_FORMS)} " + rng.choice(sents).lower()))
            section["paras"].append(para)
            paras.append(para)
            if n >= count:
                break
        if rng.random() < 0.2:
            section["after"] = rng.choice(["Правило топора.", "Эффект замещения.", "Взятие карт в отряд."])
            n += 1
    return sections


REWORDINGS = [("кубика", "кубиков"), ("карты", "карточки"), ("существо", "существо в игре"), ("может", "вправе"),
              ("атаки", "атаки существа"), ("игрок", "игрок, контролирующий карту,")]


def _edition_b(rng: random.Random, a: list[dict]) -> list[dict]:
    """Edition B derived from A: every section renumbered (A's 100 is B's 101), some paragraphs
    reworded (a word replaced, a sentence dropped or the order of two changed), some split in two,
    some pairs merged into one, a few removed and a few added. A paragraph's reference follows
    the paragraph it points to into B (a removed one: the reference is left out)."""
    made: dict[int, dict] = {}  # id of an A paragraph → the B paragraph that carries it on
    out = []
    for section in a:
        paras: list[dict] = []
        for para in section["paras"]:
            r = rng.random()
            body = para["body"]
            if r < 0.02:  # removed
                continue
            if r < 0.20:  # reworded
                old, new = rng.choice(REWORDINGS)
                parts = re.split(r"(?<=[.!?])\s+", body)
                if len(parts) > 2 and rng.random() < 0.3:
                    parts.pop(rng.randrange(len(parts)))
                elif len(parts) > 1 and rng.random() < 0.3:
                    parts[0], parts[1] = parts[1], parts[0]
                body = " ".join(parts).replace(old, new, 1) if old in body else " ".join(parts) + " " + new.capitalize() + "."
            copy = {**para, "body": body, "extras": list(para["extras"])}
            parts = re.split(r"(?<=[.!?])\s+", body)
            if 0.20 <= r < 0.25 and len(parts) > 1:  # split in two
                cut = len(parts) // 2
                copy["body"] = " ".join(parts[:cut])
                paras.append(copy)
                paras.append({"body": " ".join(parts[cut:]), "ref": None, "break": False, "extras": []})
            elif 0.25 <= r < 0.29 and paras and not paras[-1].get("merged"):  # merged into the one before
                paras[-1] = {**paras[-1], "body": paras[-1]["body"] + " " + body, "merged": True,
                             "extras": paras[-1]["extras"] + copy["extras"]}
                made[id(para)] = paras[-1]
                continue
            else:
                paras.append(copy)
            made[id(para)] = copy
            if rng.random() < 0.01:  # added
                paras.append({"body": "Новое правило: " + para["body"].lower(), "ref": None, "break": False, "extras": []})
        out.append({**section, "paras": paras})
    for section in out:
        for para in section["paras"]:
            if isinstance(para["ref"], dict):
                para["ref"] = made.get(id(para["ref"]))
    return out


def _write(sections: list[dict], shift: int, letters: str, sep: str) -> list[list[str]]:
    """The lines of each section of an edition: section ``100 + shift``, ``102 + shift``, …;
    paragraph numbers by position."""
    numbers: dict[int, str] = {}
    for i, section in enumerate(sections):
        for k, para in enumerate(section["paras"], 1):
            numbers[id(para)] = f"{100 + shift + 2 * i}.{k}"
    out = []
    for i, section in enumerate(sections):
        lines: list[str] = []
        out.append(lines)
        number = 100 + shift + 2 * i
        lines.append(f"{number}. {section['title']} раздела {number}.")
        for para in section["paras"]:
            body = para["body"]
            ref = para["ref"]
            if isinstance(ref, str):
                body += f" (см. п. {ref})."
            elif ref is not None and id(ref) in numbers:
                body += f" (см. п. {numbers[id(ref)]})."
            if para["break"]:
                cut = body.find(" ", len(body) // 2)
                lines += [f"{numbers[id(para)]}. {body[:cut]}", body[cut + 1:]]
            else:
                lines.append(f"{numbers[id(para)]}. {body}")
            for kind, x in para["extras"]:
                if kind == "list":
                    lines += [f"{letters[j]}{sep} {t}{'.' if j == len(x) - 1 else ';'}" for j, t in enumerate(x)]
                elif kind == "bullets":
                    lines += ["● " + x[0], "○ " + x[1]]
                elif kind == "sub":
                    lines.append(f"{numbers[id(para)]}.1. {x}")
                else:
                    lines.append(x)
        if section["after"]:
            lines.append(section["after"])
    return out


def rulebook(out: Path, paragraphs: int, seed: int = 7) -> Path:
    """Write a synthetic rulebook of about ``paragraphs`` paragraphs into ``out`` (a KB folder):
    edition A composed from the bundled sentences, edition B derived from A (:func:`_edition_b`)."""
    rng = random.Random(seed)
    sources = out / "sources"
    if out.exists():
        shutil.rmtree(out)
    sources.mkdir(parents=True)
    a = _edition_a(rng, _sentences(), paragraphs // 2)
    editions: dict[str, list[str]] = {}
    for ed, sections, shift, letters, sep in (("A", a, 0, "абвгд", ")"), ("B", _edition_b(rng, a), 1, "abcde", ".")):
        files: list[str] = []
        lines: list[str] = []
        for i, section in enumerate(_write(sections, shift, letters, sep)):
            lines += section
            if len(lines) > 400 or i == len(sections) - 1:  # a fragment ends with a section
                name = f"{ed}{len(files):03d}.txt"
                (sources / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
                files.append(name)
                lines = []
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
