"""What changed between two editions: paragraphs aligned by content, not by number.

Each paragraph (with its list items) and each worked example of one edition is compared with every
one of the other by the lemmas of their words (pymorphy3, so «модификаторы броска» and «модификатор
броска» agree); pairs are taken best first while their similarity is at least :data:`THRESHOLD`. A
paragraph may align with two of the other edition when its text was split between them. For each
aligned pair: renumbered (old → new number), changed (a word-level diff of the Russian text), and
whether the computed behaviour differs on the scenario suite, with a scenario that shows it.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .kb import KnowledgeBase

THRESHOLD = 0.55
SPLIT_THRESHOLD = 0.38  # a second new paragraph that the first one references, or that references it


@dataclass(frozen=True)
class Side:
    id: str
    number: str | None
    kind: str
    text: str
    source: str


@dataclass(frozen=True)
class Behaviour:
    differs: bool
    scenario: str | None = None
    results: dict[str, Any] | None = None


@dataclass(frozen=True)
class Aligned:
    old: Side
    new: Side
    similarity: float
    renumbered: bool
    changed: bool
    diff: str  # the words removed as [-…-], added as {+…+}
    behaviour: Behaviour
    split: bool = False  # the old text is split between this and another new paragraph


@dataclass(frozen=True)
class EditionDiff:
    old: str
    new: str
    aligned: tuple[Aligned, ...]
    added: tuple[Side, ...]
    removed: tuple[Side, ...]
    suite: tuple[str, ...] = field(default=())


def _units(kb: "KnowledgeBase", edition: str) -> list[tuple[Side, list[str]]]:
    from .morph import content_words, lemmas, tokens

    rb = kb.rulebook
    items: dict[str, list[str]] = {}
    for i in rb.list_items:
        if i.paragraph:
            items.setdefault(i.paragraph, []).append(i.display_text)
    out = []
    for u in rb.units():
        kind = type(u).__name__
        if u.edition != edition or kind == "ListItem":
            continue
        if kind == "Paragraph" and (u.kind.value == "heading" or u.title == u.display_text.strip().rstrip(".")):
            continue  # a heading («519. Модификаторы броска кубика.») says what follows, not a rule
        text = " ".join([u.display_text, *items.get(u.id, [])])
        words = [min(lemmas(t.text)) for t in content_words(tokens(text)) if not t.text.isdigit()]
        number = u.number if kind == "Paragraph" else None
        if kind == "Example":
            number = next((p.number for p in rb.paragraphs if p.id == u.paragraph), None)
        out.append((Side(u.id, number, "example" if kind == "Example" else "paragraph", u.display_text, str(u.span)), words))
    return out


def _similarity(a: list[str], b: list[str], idf: dict[str, float]) -> float:
    """Cosine similarity of the two texts' lemma counts weighted by inverse document frequency
    (words every paragraph uses — «кубик», «модификатор» — count for less), 0 … 1."""
    from collections import Counter
    from math import sqrt

    ca, cb = Counter(a), Counter(b)
    dot = sum(ca[w] * cb[w] * idf[w] ** 2 for w in ca)
    na = sqrt(sum((v * idf[w]) ** 2 for w, v in ca.items()))
    nb = sqrt(sum((v * idf[w]) ** 2 for w, v in cb.items()))
    return dot / (na * nb) if na and nb else 0.0


def word_diff(old: str, new: str) -> str:
    """A word-level diff: unchanged words as they are, removed ones as ``[-…-]``, added ones as
    ``{+…+}``."""
    a, b = old.split(), new.split()
    out: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.extend(a[i1:i2])
        if op in ("delete", "replace"):
            out.append("[-" + " ".join(a[i1:i2]) + "-]")
        if op in ("insert", "replace"):
            out.append("{+" + " ".join(b[j1:j2]) + "+}")
    return " ".join(out)


def diff_editions(kb: "KnowledgeBase", old: str, new: str) -> EditionDiff:
    """Align the paragraphs and examples of edition ``old`` with those of ``new`` and say what
    changed, including behaviour on the scenario suite.

    Raises:
        NotFoundError: an unknown edition.
        InputError: the same edition twice.
    """
    from .errors import InputError

    kb.check_edition(old)
    kb.check_edition(new)
    if old == new:
        raise InputError(f"compare two different editions, not {old} with itself")
    from collections import Counter
    from math import log

    a_units, b_units = _units(kb, old), _units(kb, new)
    df = Counter(w for _, ws in a_units + b_units for w in set(ws))
    n = len(a_units) + len(b_units)
    idf = {w: log(n / c) + 1 for w, c in df.items()}
    linked = {frozenset((r.source_paragraph, r.target)) for r in kb.rulebook.references
              if r.edition == new and r.target and r.source_paragraph}
    pairs = []
    for i, (a, aw) in enumerate(a_units):
        for j, (b, bw) in enumerate(b_units):
            if a.kind == b.kind:
                s = _similarity(aw, bw, idf)
                if s >= SPLIT_THRESHOLD:
                    pairs.append((s, i, j))
    pairs.sort(key=lambda t: (-t[0], t[1], t[2]))
    used_a: dict[int, list[int]] = {}
    used_b: set[int] = set()
    chosen = []
    for s, i, j in pairs:
        if j in used_b:
            continue
        if i in used_a:
            # a split: the old text went on into a second new paragraph that the first references
            first = b_units[used_a[i][0]][0].id
            if len(used_a[i]) > 1 or frozenset((first, b_units[j][0].id)) not in linked:
                continue
        elif s < THRESHOLD:
            continue
        used_a.setdefault(i, []).append(j)
        used_b.add(j)
        chosen.append((s, i, j))
    runs = _suite_runs(kb, [old, new])
    aligned = []
    for s, i, j in sorted(chosen, key=lambda t: (t[1], t[2])):
        a, b = a_units[i][0], b_units[j][0]
        changed = " ".join(a.text.split()) != " ".join(b.text.split())
        aligned.append(Aligned(
            old=a, new=b, similarity=round(s, 3), renumbered=(a.number != b.number and a.kind == "paragraph"),
            changed=changed, diff=word_diff(a.text, b.text) if changed else "",
            behaviour=_behaviour(runs, a.id, b.id, old, new), split=len(used_a[i]) > 1,
        ))
    added = tuple(b for j, (b, _) in enumerate(b_units) if j not in used_b)
    removed = tuple(a for i, (a, _) in enumerate(a_units) if i not in used_a)
    return EditionDiff(old, new, tuple(aligned), added, removed, tuple(sorted({p for p, _ in runs})))


def _suite_runs(kb: "KnowledgeBase", editions: list[str]) -> dict[tuple[str, str], Any]:
    """The scenario suite (examples and scenarios) under each edition: (result, cited ids), or None
    when the edition cannot run it."""
    from .errors import BerserkError
    from .examples import example_files
    from .why import run

    folder = kb.kb_dir / "scenarios"
    paths = example_files(kb) + (sorted(folder.glob("*.yaml")) if folder.is_dir() else [])
    out: dict[tuple[str, str], Any] = {}
    for path in paths:
        for ed in editions:
            try:
                r = run(kb, path, ed)
            except BerserkError:
                out[(str(path), ed)] = None
                continue
            cited: set[str] = set()

            def walk(node: Any) -> None:
                cited.update(c.id for c in node.cites)
                for ch in node.children:
                    walk(ch)

            for ev in r.events:
                walk(ev.explanation)
            out[(str(path), ed)] = ([ev.result for ev in r.events], cited)
    return out


def _behaviour(runs: dict[tuple[str, str], Any], a_id: str, b_id: str, old: str, new: str) -> Behaviour:
    def touches(cited: set[str], uid: str) -> bool:
        return any(c == uid or c.startswith(uid + "/") for c in cited)

    paths = sorted({p for p, _ in runs})
    for p in paths:
        ra, rb = runs.get((p, old)), runs.get((p, new))
        if ra is None or rb is None:
            continue
        if not (touches(ra[1], a_id) or touches(rb[1], b_id)):
            continue
        if json.dumps(ra[0], sort_keys=True) != json.dumps(rb[0], sort_keys=True):
            return Behaviour(True, p, {old: ra[0], new: rb[0]})
    return Behaviour(False)


__all__ = ["Aligned", "Behaviour", "EditionDiff", "Side", "diff_editions", "word_diff"]
