"""Aligning the units of two editions by content: candidate pairs from an index of rare features,
pairs taken best first while they keep their place, then the units left over joined to the groups
next to them (see :mod:`berserk_kb.diff`)."""

from __future__ import annotations

import bisect
import functools
import heapq
import math
from collections import Counter, defaultdict

from ..explain.book import Book
from .units import Space, Unit, Vector, units_of

# Thresholds, from the pairs of the bundled editions (listed with their similarities and the
# reason for each in tests/test_diff.py). The true pairs are at least 0.41 and the false ones that
# keep their place at most 0.37: THRESHOLD. A unit joining its neighbour's group has two more pieces
# of evidence (it stands next to the group, and the group is more alike with it); the true ones are at
# least 0.36, the false candidates at most 0.27: JOIN. The false pairs out of place are at most 0.35,
# and a rule moved elsewhere should keep most of its words: MOVED.
THRESHOLD = 0.40
JOIN = 0.33
MOVED = 0.60


def candidates(a: list[Unit], b: list[Unit], va: list[Vector], vb: list[Vector], space: Space,
                threshold: float) -> list[tuple[int, int]]:
    """Pairs (index into ``a``, index into ``b``) of units of the same kind whose cosine may be at
    least ``threshold``, found without comparing all pairs; every pair at least that similar is
    among them.

    Each unit of ``b`` leaves out of an index its commonest features, as many as add less than
    ``threshold`` to its cosine with any unit of ``a`` (each feature at most its largest weight
    there; all of them at most their norm), and indexes the others. A pair that shares none of the
    indexed ones is less similar than ``threshold``; for a pair that shares one, the indexed part of
    the cosine is summed through the index, and the left-out part bounded by the norms of the
    left-out features on both sides, else summed."""
    cut = threshold - 1e-9  # for rounding: these sums go in another order than those of the cosine

    def unit(v: Vector) -> dict[str, float]:  # the vector of length 1
        tf, norm = v
        return {k: t * space.idf[k] / norm for k, t in tf.items()} if norm else {}

    xa, xb = [unit(v) for v in va], [unit(v) for v in vb]
    top: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))  # kind → feature → weight
    for u, x in zip(a, xa):
        top_kind = top[u.side.kind]
        for k, c in x.items():
            top_kind[k] = max(top_kind[k], c)
    index: dict[str, dict[str, list[tuple[int, float]]]] = defaultdict(lambda: defaultdict(list))
    left: list[dict[str, float]] = []  # the left-out features of each unit of b
    bound: list[float] = []  # at most what they add to a cosine
    norm: list[float] = []  # their norm
    for j, (u, y) in enumerate(zip(b, xb)):
        top_kind, linear, square = top[u.side.kind], 0.0, 0.0
        left.append({})
        for k in sorted(y, key=lambda k: (space.idf[k], k)):  # commonest first
            c = y[k] * top_kind[k]
            if min(linear + c, math.sqrt(square + y[k] ** 2)) < cut:
                linear, square = linear + c, square + y[k] ** 2
                left[j][k] = y[k]
            else:
                index[u.side.kind][k].append((j, y[k]))
        bound.append(min(linear, math.sqrt(square)))
        norm.append(math.sqrt(square))
    left_out = {k for lj in left for k in lj}
    pairs = []
    for i, (u, x) in enumerate(zip(a, xa)):
        score: dict[int, float] = defaultdict(float)
        index_kind = index[u.side.kind]
        for k, c in x.items():
            for j, d in index_kind.get(k, ()):
                score[j] += c * d
        xc = {k: c for k, c in x.items() if k in left_out}
        common = math.sqrt(sum(c ** 2 for c in xc.values()))
        for j, sc in score.items():
            if sc + min(bound[j], common * norm[j]) >= cut:
                lj = left[j]
                if sc + sum(xc[k] * lj[k] for k in xc.keys() & lj.keys()) >= cut:
                    pairs.append((i, j))
    return pairs


def in_place(i: int, j: int, m: dict[int, int], keys: list[int]) -> bool:
    """Whether ``j`` stands between the partners of the nearest aligned units before and after
    ``i`` (``m``: aligned unit → partner, ``keys``: its keys sorted). Neighbours whose partners are
    in the other order (a section moved) say nothing about the place."""
    k = bisect.bisect_left(keys, i)
    lo = m[keys[k - 1]] if k else -1
    k = bisect.bisect_right(keys, i)
    hi = m[keys[k]] if k < len(keys) else math.inf
    return not lo < hi or lo < j < hi


def align(a: list[Unit], b: list[Unit]) -> list[tuple[list[int], list[int]]]:
    """Groups of aligned units as (indices into ``a``, indices into ``b``), sorted. Compares only
    the pairs that share a rare feature (:func:`candidates`) and the units next to a group."""
    space = Space(a + b)
    va, vb = [space.vector(u.words) for u in a], [space.vector(u.words) for u in b]

    @functools.cache
    def sim(i: int, j: int) -> float:
        return space.similarity(va[i], vb[j])

    def together(ia: list[int], jb: list[int]) -> float:
        return space.cosine(sum((a[i].words for i in ia), Counter()), sum((b[j].words for j in jb), Counter()))

    cands = sorted(((s, i, j) for i, j in candidates(a, b, va, vb, space, THRESHOLD)
                    if (s := space.similarity(va[i], vb[j])) >= THRESHOLD), key=lambda t: (-t[0], t[1], t[2]))
    a2b: dict[int, int] = {}
    b2a: dict[int, int] = {}
    keys: tuple[list[int], list[int]] = ([], [])
    for s, i, j in cands:
        if i in a2b or j in b2a:
            continue
        if s < MOVED and not (in_place(i, j, a2b, keys[0]) and in_place(j, i, b2a, keys[1])):
            continue
        a2b[i], b2a[j] = j, i
        bisect.insort(keys[0], i)
        bisect.insort(keys[1], j)
    groups = [([i], [j]) for i, j in sorted(a2b.items())]
    # splits and merges: a unit left over joins the group of a neighbour (the unit of its kind just
    # before or after it), best first; after a join only the units next to that group are looked at
    # again
    units = (a, b)
    place = [{(u.side.kind, u.rank): x for x, u in enumerate(us)} for us in units]
    group_of: list[dict[int, int]] = [{x: g for g, grp in enumerate(groups) for x in grp[side]} for side in (0, 1)]

    def neighbours(side: int, x: int) -> list[int]:
        u = units[side][x]
        near = (place[side].get((u.side.kind, u.rank + d)) for d in (-1, 1))
        return [n for n in near if n is not None]

    def join(side: int, x: int) -> tuple | None:
        """The best group for ``x`` to join: ((-similarity, side, x), group, its units on ``side``)."""
        found = None
        for g in dict.fromkeys(group_of[side][n] for n in neighbours(side, x) if n in group_of[side]):
            mine, theirs = groups[g][side], groups[g][1 - side]
            s = max(sim(x, t) if side == 0 else sim(t, x) for t in theirs)
            if s < JOIN or (found is not None and -s >= found[0][0]):
                continue
            grown = sorted(mine + [x])
            before = together(*((mine, theirs) if side == 0 else (theirs, mine)))
            after = together(*((grown, theirs) if side == 0 else (theirs, grown)))
            if after > before:
                found = ((-s, side, x), g, grown)
        return found

    joins: dict[tuple[int, int], tuple] = {}  # (side, unit left over) → its best join
    heap: list[tuple] = []  # the joins, best first, and those since looked at again

    def look(side: int, x: int) -> None:
        joins.pop((side, x), None)
        if x not in group_of[side] and (found := join(side, x)):
            joins[(side, x)] = found
            heapq.heappush(heap, found)

    for side in (0, 1):
        for x in range(len(units[side])):
            look(side, x)
    while heap:
        found = heapq.heappop(heap)
        (_, side, x), g, grown = found
        if joins.get((side, x)) != found:
            continue
        del joins[(side, x)]
        groups[g][side][:] = grown
        group_of[side][x] = g
        for s in (0, 1):
            for n in {n for m in groups[g][s] for n in neighbours(s, m)}:
                look(s, n)
    return sorted(groups)


def alignment(kb: Book, first: str, second: str) -> tuple[
        list[Unit], list[Unit], list[tuple[list[int], list[int]]], Space]:
    """Align ``first`` with ``second`` in two passes: the second knows the first's alignment of
    the units each unit refers to and of the examples it hosts."""
    a, b = units_of(kb, first), units_of(kb, second)
    groups = align(a, b)
    key: dict[str, int] = {}
    for k, (ia, jb) in enumerate(groups):
        key.update({a[i].side.id: k for i in ia})
        key.update({b[j].side.id: k for j in jb})
    for u in a + b:
        u.words.update(f"→{key[t]}" for t in u.links if t in key)
    return a, b, align(a, b), Space(a + b)
