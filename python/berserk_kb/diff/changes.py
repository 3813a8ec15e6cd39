"""What changed between two aligned editions: the word diff of each group, its list items one by
one, and the behaviour on the scenario suite (:func:`diff_editions`)."""

from __future__ import annotations

import difflib
from collections import Counter

from ..errors import InputError
from ..explain.book import Book
from ..scenario.load import SCENARIO_LIMIT
from ..text.readers import read_bytes
from .align import THRESHOLD, alignment
from .behaviour import behaviour, run_suite
from .results import Aligned, EditionDiff, ItemChange, Pair, Side, Unmatched
from .units import Space, lemmas_of


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


def increasing(pairs: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """The longest run of ``pairs`` (sorted by the first) whose second members increase: the items
    that kept their order; the others moved."""
    best: list[list[tuple[int, int]]] = []
    for p in pairs:
        chain = max((c for c in best if c[-1][1] < p[1]), key=len, default=[])
        best.append(chain + [p])
    longest: list[tuple[int, int]] = max(best, key=len, default=[])
    return set(longest)


def item_changes(old: list[Side], new: list[Side], space: Space, mirror: bool) -> tuple[ItemChange, ...]:
    """Align the list items of a paragraph group one to one (best first, similarity at least
    :data:`THRESHOLD`; ties go by the place in the first edition of the manifest, ``mirror`` when
    that is ``new``) and say of each whether it is the same, changed, moved, added or removed.
    Rows: the old items in order (matched or removed), then the added ones."""
    wa = [Counter(lemmas_of(s.text)) for s in old]
    wb = [Counter(lemmas_of(s.text)) for s in new]
    cands = sorted(((round(space.cosine(wa[i], wb[j]), 9), i, j) for i in range(len(old)) for j in range(len(new))),
                   key=lambda t: (-t[0], t[2], t[1]) if mirror else (-t[0], t[1], t[2]))
    a2b: dict[int, tuple[int, float]] = {}
    used: set[int] = set()
    for score, i, j in cands:
        if score >= THRESHOLD and i not in a2b and j not in used:
            a2b[i] = (j, score)
            used.add(j)
    kept = increasing(sorted((i, j) for i, (j, _) in a2b.items()))
    rows = []
    for i, s in enumerate(old):
        if i not in a2b:
            rows.append(ItemChange("removed", s, None))
            continue
        j, sim = a2b[i]
        same = s.text == new[j].text
        moved = None if (i, j) in kept else f"{i + 1} of {len(old)} → {j + 1} of {len(new)}"
        rows.append(ItemChange("same" if same else "changed", s, new[j], round(sim, 3), moved,
                               "" if same else word_diff(s.text, new[j].text)))
    rows.extend(ItemChange("added", None, t) for j, t in enumerate(new) if j not in used)
    return tuple(rows)


def diff_editions(kb: Book, old: str, new: str) -> EditionDiff:
    """Align the paragraphs and examples of edition ``old`` with those of ``new`` and say what
    changed, including behaviour on the scenario suite (see the module docstring). Cached by content
    (``diffs/<key>.pickle``): the rulebook and the names it is linked with
    (:func:`~berserk_kb.lexicon.linking.links_key`),
    the suite's files, the Prolog code and the Python code the answer comes from.

    Raises:
        NotFoundError: an unknown edition.
        InputError: the same edition twice.
    """
    from ..engine.code import code_files
    from ..explain.suite import suite_files
    from ..lexicon.linking import links_key
    from ..store.entries import cached, code_key, entry_path

    old, new = kb.check_edition(old) or old, kb.check_edition(new) or new  # «a» is edition A, as the rulebook spells it
    if old == new:
        raise InputError(f"compare two different editions, not {old} with itself")
    suite = [x for f in suite_files(kb.kb_dir) for x in (str(f.relative_to(kb.kb_dir)).encode(),
                                                        read_bytes(f, "scenario", limit=SCENARIO_LIMIT,
                                                                   inside=kb.kb_dir))]
    entry = entry_path("diffs", old, new, links_key(kb.rulebook, kb.kb_dir), *suite, code_key(*code_files()),
                       code_key("diff", "explain", "scenario", "engine", "lexicon", "text"))
    return cached(entry, lambda: _diff_editions(kb, old, new), EditionDiff, quiet=True)


def _diff_editions(kb: Book, old: str, new: str) -> EditionDiff:
    order = [e.id for e in kb.rulebook.editions]
    first, second = sorted((old, new), key=order.index)
    a, b, groups, space = alignment(kb, first, second)
    if first != old:
        a, b = b, a
        groups = sorted((jb, ia) for ia, jb in groups)
    suite = run_suite(kb, [old, new])
    aligned = []
    for ia, jb in groups:
        olds, news = [a[i] for i in ia], [b[j] for j in jb]
        kind = olds[0].side.kind
        shape = {(1, 1): "one-to-one"}.get((len(olds), len(news))) or (
            "split" if len(olds) == 1 else "merge" if len(news) == 1 else "regrouped")
        pairs = tuple(Pair(o.side.id, n.side.id, round(space.cosine(o.words, n.words), 3)) for o in olds for n in news)
        old_text = " ".join(u.side.text for u in olds)
        new_text = " ".join(u.side.text for u in news)
        items = item_changes([s for u in olds for s in u.items], [s for u in news for s in u.items], space,
                              first != old)
        changed = old_text != new_text or any(r.status != "same" or r.moved for r in items)
        aligned.append(Aligned(
            old=tuple(u.side for u in olds), new=tuple(u.side for u in news), kind=kind, shape=shape,
            similarity=round(space.cosine(sum((u.words for u in olds), Counter()),
                                          sum((u.words for u in news), Counter())), 3),
            pairs=pairs,
            renumbered=kind != "example" and [u.side.number for u in olds] != [u.side.number for u in news],
            changed=changed, diff=word_diff(old_text, new_text) if old_text != new_text else "",
            items=items, behaviour=behaviour(suite, olds, news, old, new),
        ))
    taken_a = {i for ia, _ in groups for i in ia}
    taken_b = {j for _, jb in groups for j in jb}
    removed = tuple(Unmatched(u.side, behaviour(suite, [u], [], old, new))
                    for i, u in enumerate(a) if i not in taken_a)
    added = tuple(Unmatched(u.side, behaviour(suite, [], [u], old, new)) for j, u in enumerate(b) if j not in taken_b)
    return EditionDiff(old, new, THRESHOLD, tuple(aligned), added, removed, tuple(suite.paths))
