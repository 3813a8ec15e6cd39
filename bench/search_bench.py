"""`search` at scale (issue 15, target 5; issue 13, long queries): a query from the lemma index on
synthetic rulebooks of 1k and 10k paragraphs (bench/generate.py), in-process, against a reference
that reads every unit's words on every query (the unoptimised path; the hits must be the same);
building the index, reading it back from the cache; a 100 KB and a 1 MB query in `search` and
`card` (refused at once: the length limit).

    .venv/bin/python bench/search_bench.py [--quick]
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
QUERIES = ["регенерация", "бросок кубика", "модификаторы атаки", "Вайл", "эффект замещения карты",
           "отравление существа рядом", "переворот"]
TARGET_MS = 50.0


def _reference(rulebook, text: str) -> list[str]:
    """The hits' unit ids as the search before the index found them: every unit's words read and
    lemmatised for the query, ranked the same way (more query words, more matches, the query as
    written, reading order)."""
    from berserk_kb.text.morph import content_words, fold, lemmas, tokens

    query = [lemmas(t.text) for t in content_words(tokens(text))]
    needle = fold(" ".join(text.split()))
    ranked = []
    for unit in rulebook.units():
        per_word = [lemmas(w.text) for w in tokens(unit.display_text) if not w.text.isdigit()]
        matched = [ls for ls in per_word if any(q & ls for q in query)]
        if not matched:
            continue
        distinct = sum(1 for q in query if any(q & ls for ls in per_word))
        ranked.append(((-distinct, -len(matched), needle not in fold(unit.display_text), unit.edition, unit.order),
                       unit.id))
    return [u for _, u in sorted(ranked)]


def _per_query(kb, repeat: int) -> float:
    """Median milliseconds of one query (the 20 best hits, as the command shows them)."""
    times = []
    for _ in range(repeat):
        for q in QUERIES:
            t = time.perf_counter()
            kb.search(q, limit=20)
            times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def _measure(kb_dir: Path) -> dict:
    from berserk_kb import KnowledgeBase
    from berserk_kb.text import search_index

    kb = KnowledgeBase(kb_dir)
    out: dict = {"paragraphs": len(kb.rulebook.paragraphs)}
    t = time.perf_counter()
    search_index.build_index(kb.rulebook)
    out["build"] = time.perf_counter() - t
    t = time.perf_counter()
    kb.search("кубик", limit=20)  # the first query: the index built (or read) and kept in the cache
    out["first"] = time.perf_counter() - t
    search_index._loaded.cache_clear()
    t = time.perf_counter()
    kb.search("кубик", limit=20)
    out["from_cache"] = time.perf_counter() - t
    out["query_ms"] = _per_query(kb, 3)
    for q in QUERIES:
        got = [h.unit for h in kb.search(q).hits]
        assert got == _reference(kb.rulebook, q), f"the index finds other hits than the reference for {q!r}"
    return out


def _long_queries() -> list[str]:
    from berserk_kb import KnowledgeBase
    from berserk_kb.errors import BerserkError, InputError

    kb = KnowledgeBase()
    try:
        kb.search("кубик")  # the module imported and the index read once, before the clock
        kb.cards_named("Вайл")  # the names read once, before the clock
    except BerserkError:
        pass
    rows = []
    for size in (100_000, 1_000_000):
        query = ("регенерация броска кубика " * (size // 26 + 1))[:size]
        for name, call in (("search", kb.search), ("card", kb.cards_named)):
            t = time.perf_counter()
            try:
                call(query)
                refused = False
            except InputError:
                refused = True
            took = time.perf_counter() - t
            rows.append(f"| `{name}` of a {size // 1000} KB query | {took * 1000:.1f} ms"
                        f"{' (refused: too long)' if refused else ''} | < 1 s, one line | "
                        f"{'met' if refused and took < 1 else 'missed'} |")
    return rows


def rows(quick: bool) -> list[str]:
    """Markdown lines: target, figure, met/missed."""
    from generate import rulebook

    os.environ.setdefault("BERSERK_KB_CACHE", tempfile.mkdtemp(prefix="bkb-search-cache-"))
    out = ["| target | figure | goal | met |", "|---|---:|---|---|"]
    for n in ((1000,) if quick else (1000, 10000)):
        kb_dir = rulebook(Path(tempfile.mkdtemp(prefix=f"bkb-search{n}-")) / "kb", n)
        m = _measure(kb_dir)
        goal = "< 50 ms" if n == 10000 else "—"
        met = ("met" if m["query_ms"] < TARGET_MS else "missed") if n == 10000 else "—"
        out.append(f"| `search` query, {n // 1000}k paragraphs ({m['paragraphs']}), in-process, median of "
                   f"{len(QUERIES) * 3} | {m['query_ms']:.1f} ms | {goal} | {met} |")
        out.append(f"| lemma index, {n // 1000}k: built / first query with the build / read back from the cache "
                   f"| {m['build']:.2f} s / {m['first']:.2f} s / {m['from_cache'] * 1000:.0f} ms | once per rulebook | — |")
    out += _long_queries()
    out.append("")
    out.append("Hits equal those of the reference search that reads every unit's words on every query.")
    return out


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    print("\n".join(rows("--quick" in sys.argv)))
