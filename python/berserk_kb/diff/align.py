"""Aligning the units of two editions by content: candidate pairs from an index of rare features,
pairs taken best first while they keep their place (band by band, among the units still free), then
the units left over joined to the groups next to them (see :mod:`berserk_kb.diff`)."""

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
# The bands of similarity the pairs are taken in, best first, the last THRESHOLD (see align): any bands
# give the same groups; these compare the fewest pairs on the 10k synthetic rulebook (bench/run.py).
TIERS = (0.99, 0.95, 0.8, 0.6, THRESHOLD)


def candidates(a: list[Unit], b: list[Unit], va: list[Vector], vb: list[Vector], space: Space,
               threshold: float) -> list[tuple[int, int]]:
    """Pairs (index into ``a``, index into ``b``) of units of the same kind whose cosine may be at
    least ``threshold``, found without comparing all pairs; every pair at least that similar is
    among them.

    Features are ordered commonest first (idf, then name). Each unit leaves out its commonest
    features, as many as add less than ``threshold`` to its cosine with any unit of the other side
    (each feature at most its largest weight there; all of them at most their norm), up to the first
    that would not: its rare part. A pair at least ``threshold`` similar shares a feature of both rare
    parts: if every shared feature were outside the rare part of one side, the shared ones would all
    be among the left-out ones of the unit whose rare part begins later, which add less than that.
    So the rare parts of ``b`` are indexed and only those of ``a`` are looked up."""
    cut = threshold - 1e-9  # for rounding: these sums go in another order than those of the cosine

    def unit(v: Vector) -> dict[str, float]:  # the vector of length 1
        tf, norm = v
        return {k: t * space.idf[k] / norm for k, t in tf.items()} if norm else {}

    def tops(us: list[Unit], xs: list[dict[str, float]]) -> dict[str, dict[str, float]]:
        top: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))  # kind → feature → weight
        for u, x in zip(us, xs):
            top_kind = top[u.side.kind]
            for k, c in x.items():
                top_kind[k] = max(top_kind[k], c)
        return top

    def rare(x: dict[str, float], top_kind: dict[str, float]) -> list[tuple[str, float, float]]:
        """The rare part of ``x``: (feature, weight, the squared norm of the commoner features), rarest first."""
        linear, square = 0.0, 0.0
        order = sorted(x, key=lambda k: (space.idf[k], k))  # commonest first
        for n, k in enumerate(order):
            if min(linear + x[k] * top_kind[k], math.sqrt(square + x[k] ** 2)) >= cut:
                part = []
                for k in order[n:]:
                    part.append((k, x[k], square))
                    square += x[k] ** 2
                return part[::-1]
            linear, square = linear + x[k] * top_kind[k], square + x[k] ** 2
        return []

    xa, xb = [unit(v) for v in va], [unit(v) for v in vb]
    top_a, top_b = tops(a, xa), tops(b, xb)
    index: dict[str, dict[str, list[tuple[int, float, float]]]] = defaultdict(lambda: defaultdict(list))
    for j, (u, y) in enumerate(zip(b, xb)):
        for k, c, before in rare(y, top_a[u.side.kind]):
            index[u.side.kind][k].append((j, c, before))
    pairs: list[tuple[int, int]] = []
    for i, (u, x) in enumerate(zip(a, xa)):
        index_kind = index[u.side.kind]
        met: dict[int, list[float]] = {}  # a unit of b met → [the shared part, the bound on the rest]
        for k, c, before in rare(x, top_b[u.side.kind]):
            for j, d, other in index_kind.get(k, ()):
                # the rarer features shared are all met before: the commoner add at most the product
                # of their norms
                m = met.setdefault(j, [0.0, 0.0])
                m[0] += c * d
                m[1] = math.sqrt(before * other)
        pairs.extend((i, j) for j in sorted(met) if sum(met[j]) >= cut)
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

    a2b: dict[int, int] = {}
    b2a: dict[int, int] = {}
    keys: tuple[list[int], list[int]] = ([], [])
    # the pairs best first, in bands of similarity: a band looks only at the units no better pair
    # has taken (a pair with a unit taken would be passed over), so the many alike pairs of a unit
    # aligned early are never compared; units with the same features are looked at once
    same: tuple[dict[tuple, list[int]], dict[tuple, list[int]]] = ({}, {})
    for us, classes in zip((a, b), same):
        for x, u in enumerate(us):
            classes.setdefault((u.side.kind, frozenset(u.words.items())), []).append(x)
    above = math.inf
    for floor in TIERS:
        ca = [[i for i in c if i not in a2b] for c in same[0].values()]
        cb = [[j for j in c if j not in b2a] for c in same[1].values()]
        ca, cb = [c for c in ca if c], [c for c in cb if c]
        near = candidates([a[c[0]] for c in ca], [b[c[0]] for c in cb], [va[c[0]] for c in ca],
                           [vb[c[0]] for c in cb], space, floor)
        cands = sorted(((s, i, j) for x, y in near if floor <= (s := sim(ca[x][0], cb[y][0])) < above
                        for i in ca[x] for j in cb[y]), key=lambda t: (-t[0], t[1], t[2]))
        above = floor
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
