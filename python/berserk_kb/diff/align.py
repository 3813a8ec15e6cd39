"""What changed between two editions: paragraphs and examples aligned by content, not by number.

A unit (a paragraph with its list items, a heading, or a worked example) is described by what it
says and where it stands:

- the lemmas of its words and of its list items (pymorphy3's likeliest reading, so «броска» and
  «бросок» agree);
- the references it makes: to a section neither edition loads (``см. 306``) by number; to a unit
  of its own edition by that unit's alignment (a second pass, once the first has aligned them);
- for a paragraph, its examples (by their alignment) and the cards and features they name;
- its place: a pair must keep its place between the nearest aligned neighbours on both sides
  unless its similarity is at least :data:`MOVED`.

Similarity is the cosine of these features, each weighted by rarity over the units of both
editions (idf) and by 1 + log of its count, 0 … 1; headings are compared with headings only. Pairs
are taken best first while at least :data:`THRESHOLD`, one to one; only pairs that share a feature
rare enough to reach it are compared (:func:`_candidates`). Then a unit left over joins an
aligned group when it stands next to a member, is at least :data:`JOIN` similar to a unit on the
other side, and the group's texts taken together are more alike with it than without it: a
paragraph split in two (A 518.3 → B 519.2 + 519.3) or two merged into one. Nothing depends on
which edition is old: ``diff B A`` is the mirror of ``diff A B`` (the alignment is computed in the
manifest's order of the two, for ties).

For an aligned group: renumbered, changed (a word diff of the text, and per list item: same,
changed, moved, added or removed), and the behaviour on the scenario suite (:func:`_behaviour`): an
example is judged by its own scenario files; otherwise a scenario bears on the group when its proofs
cite the group's units under both editions, and shows a difference when its results differ and the
steps that differ (:func:`berserk_kb.why.compare`) cite one of them. An added or removed unit is
judged the same way on its one side.
"""

from __future__ import annotations

import bisect
import difflib
import functools
import heapq
import json
import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    from .kb import KnowledgeBase

# Thresholds, from the pairs of the bundled editions (listed with their similarities and the
# reason for each in tests/test_diff.py). The true pairs are at least 0.41 and the false ones that
# keep their place at most 0.37: THRESHOLD. A unit joining its neighbour's group has two more pieces
# of evidence (it stands next to the group, and the group is more alike with it); the true ones are at
# least 0.36, the false candidates at most 0.27: JOIN. The false pairs out of place are at most 0.35,
# and a rule moved elsewhere should keep most of its words: MOVED.
THRESHOLD = 0.40
JOIN = 0.33
MOVED = 0.60


@dataclass(frozen=True)
class Side:
    """A unit of one edition: ``kind`` is ``paragraph``, ``example`` or ``item`` (a list item);
    ``number`` is the printed number of the paragraph (of the host paragraph for an example or an
    item); ``marker`` the printed marker of an item («д)», «a.»); ``source`` is file:line."""

    id: str
    number: str | None
    kind: str
    text: str
    source: str
    marker: str | None = None


@dataclass(frozen=True)
class Behaviour:
    """What the scenario suite says: ``differs`` with the first ``scenario`` whose results differ
    (``results``: edition → the results of its events); ``checked`` lists every scenario that bears
    on the unit (empty: the suite does not exercise it)."""

    differs: bool
    scenario: str | None = None
    results: dict[str, Any] | None = None
    checked: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pair:
    """One old unit and one new unit of an aligned group, with their similarity."""

    old: str
    new: str
    similarity: float


@dataclass(frozen=True)
class ItemChange:
    """A list item of an aligned paragraph group: ``status`` is ``same``, ``changed``, ``added``
    or ``removed``; ``moved`` (``"5 of 5 → 1 of 5"``, places among the group's items) when its
    place changed against the items around it; ``diff`` the word diff when changed."""

    status: str
    old: Side | None
    new: Side | None
    similarity: float | None = None
    moved: str | None = None
    diff: str = ""


@dataclass(frozen=True)
class Aligned:
    """Units of the old edition aligned with units of the new one: ``shape`` is ``one-to-one``,
    ``split`` (one old, several new), ``merge`` or ``regrouped``; ``similarity`` of the texts taken
    together; ``pairs`` each old–new similarity; ``diff`` the word diff of the texts (without the
    list items, which are in ``items``): unchanged words as they are, removed ``[-…-]``, added
    ``{+…+}``."""

    old: tuple[Side, ...]
    new: tuple[Side, ...]
    kind: str
    shape: str
    similarity: float
    pairs: tuple[Pair, ...]
    renumbered: bool
    changed: bool
    diff: str
    items: tuple[ItemChange, ...]
    behaviour: Behaviour


@dataclass(frozen=True)
class Unmatched:
    """A unit found in one edition only, and what the suite says of it."""

    unit: Side
    behaviour: Behaviour


@dataclass(frozen=True)
class EditionDiff:
    old: str
    new: str
    threshold: float
    aligned: tuple[Aligned, ...]
    added: tuple[Unmatched, ...]
    removed: tuple[Unmatched, ...]
    suite: tuple[str, ...] = field(default=())


# --- the units and their features ----------------------------------------------------------------


@dataclass
class _Unit:
    side: Side
    rank: int  # place among the units of its kind in its edition
    items: list[Side]
    words: Counter
    links: list[str]  # ids of the units it refers to and of the examples it hosts


@functools.lru_cache(maxsize=100_000)
def _lemma(word: str) -> str:
    """The likeliest lemma of ``word`` (pymorphy3's first analysis), folded; the folded word when
    there is none. «бросок», «броска», «броску» are all «бросок» (``morph.lemmas`` holds every
    reading, and the smallest of them may be a form such as «броска»)."""
    from .morph import _parses, fold

    parses = _parses(word.casefold()) if word.isalpha() else ()
    return fold(parses[0].normal_form) if parses else fold(word)


def _words(text: str) -> list[str]:
    from .morph import content_words, tokens

    return [_lemma(t.text) for t in content_words(tokens(text)) if not t.text.isdigit()]


def _units(kb: "KnowledgeBase", edition: str) -> list[_Unit]:
    """The paragraphs (headings too) and examples of ``edition`` in reading order, each with its
    features (see the module docstring)."""
    rb = kb.rulebook
    loaded = {p.number.split(".")[0] for p in rb.paragraphs if p.number}
    items: dict[str, list[Any]] = defaultdict(list)
    for i in rb.list_items:
        if i.paragraph and i.edition == edition:
            items[i.paragraph].append(i)
    hosted: dict[str, list[str]] = defaultdict(list)
    for x in rb.examples:
        if x.paragraph and x.edition == edition:
            hosted[x.paragraph].append(x.id)
    refs: dict[str, list[Any]] = defaultdict(list)
    for r in rb.references:
        if r.edition == edition:
            refs[r.source_unit].append(r)
    named: dict[str, list[str]] = defaultdict(list)
    for m in kb.links.mentions:
        if m.edition == edition:
            named[m.unit].append(m.target)
    numbers = {p.id: p.number for p in rb.paragraphs}
    out: list[_Unit] = []
    ranks: Counter = Counter()
    for u in rb.units():
        kind = {"Paragraph": "paragraph", "Example": "example"}.get(type(u).__name__)
        if u.edition != edition or kind is None:
            continue
        if kind == "paragraph" and (u.kind.value == "heading" or u.title == u.display_text.strip().rstrip(".")):
            kind = "heading"  # «519. Модификаторы броска кубика.»: its few words are in every paragraph below it
        own = items.get(u.id, [])
        words = Counter(_words(" ".join([u.display_text, *(i.display_text for i in own)])))
        links: list[str] = []
        for r in (r for uid in [u.id, *(i.id for i in own)] for r in refs.get(uid, [])):
            if r.number.split(".")[0] not in loaded:
                words["§" + r.number] += 1  # a section neither edition loads: the same number in both
            elif r.target:
                links.append(r.target)
        for x in hosted.get(u.id, []):
            links.append(x)
            words.update("@" + name for name in named.get(x, []))
        number = numbers.get(u.paragraph) if kind == "example" else u.number
        side = Side(u.id, number, kind, u.display_text, str(u.span))
        item_sides = [Side(i.id, number, "item", i.display_text, str(i.span), i.prefix.strip()) for i in own]
        out.append(_Unit(side, ranks[kind], item_sides, words, links))
        ranks[kind] += 1
    return out


def _tf(n: int) -> float:
    return 1 + math.log(n) if n > 0 else 0.0


_Vector = tuple[dict[str, float], float]  # feature → 1 + log of its count; the norm


class _Weights(dict):
    """Feature → the square of its idf; a feature no unit has weighs as the rarest."""

    def __init__(self, idf: dict[str, float]) -> None:
        super().__init__((k, v ** 2) for k, v in idf.items())
        self.top = max(idf.values(), default=1.0) ** 2

    def __missing__(self, k: str) -> float:
        return self.top


class _Space:
    """The weights of features over ``units`` (both editions): idf, log(number of units / units
    with the feature) + 1. Built once per alignment."""

    def __init__(self, units: list[_Unit]) -> None:
        df = Counter(w for u in units for w in u.words)
        self.idf = {w: math.log(len(units) / c) + 1 for w, c in df.items()}
        self.weight = _Weights(self.idf)

    def vector(self, a: Counter) -> _Vector:
        """The sublinear counts of ``a`` and the norm of its vector, each feature (1 + log count) × idf."""
        w = self.weight
        tf = {k: _tf(v) for k, v in a.items()}
        return tf, math.sqrt(sum(t ** 2 * w[k] for k, t in tf.items()))

    def similarity(self, va: _Vector, vb: _Vector) -> float:
        """Cosine of two vectors (:meth:`vector`), 0 … 1."""
        (ta, na), (tb, nb) = va, vb
        w = self.weight
        dot = sum(ta[k] * tb[k] * w[k] for k in ta.keys() & tb.keys())
        return dot / (na * nb) if na and nb else 0.0

    def cosine(self, a: Counter, b: Counter) -> float:
        """Cosine of two feature counts, 0 … 1."""
        return self.similarity(self.vector(a), self.vector(b))


def _candidates(a: list[_Unit], b: list[_Unit], va: list[_Vector], vb: list[_Vector], space: _Space,
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

    def unit(v: _Vector) -> dict[str, float]:  # the vector of length 1
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


# --- alignment ------------------------------------------------------------------------------------


def _in_place(i: int, j: int, m: dict[int, int], keys: list[int]) -> bool:
    """Whether ``j`` stands between the partners of the nearest aligned units before and after
    ``i`` (``m``: aligned unit → partner, ``keys``: its keys sorted). Neighbours whose partners are
    in the other order (a section moved) say nothing about the place."""
    k = bisect.bisect_left(keys, i)
    lo = m[keys[k - 1]] if k else -1
    k = bisect.bisect_right(keys, i)
    hi = m[keys[k]] if k < len(keys) else math.inf
    return not lo < hi or lo < j < hi


def _align(a: list[_Unit], b: list[_Unit]) -> list[tuple[list[int], list[int]]]:
    """Groups of aligned units as (indices into ``a``, indices into ``b``), sorted. Compares only
    the pairs that share a rare feature (:func:`_candidates`) and the units next to a group."""
    space = _Space(a + b)
    va, vb = [space.vector(u.words) for u in a], [space.vector(u.words) for u in b]

    @functools.cache
    def sim(i: int, j: int) -> float:
        return space.similarity(va[i], vb[j])

    def together(ia: list[int], jb: list[int]) -> float:
        return space.cosine(sum((a[i].words for i in ia), Counter()), sum((b[j].words for j in jb), Counter()))

    cands = sorted(((s, i, j) for i, j in _candidates(a, b, va, vb, space, THRESHOLD)
                    if (s := space.similarity(va[i], vb[j])) >= THRESHOLD), key=lambda t: (-t[0], t[1], t[2]))
    a2b: dict[int, int] = {}
    b2a: dict[int, int] = {}
    keys: tuple[list[int], list[int]] = ([], [])
    for s, i, j in cands:
        if i in a2b or j in b2a:
            continue
        if s < MOVED and not (_in_place(i, j, a2b, keys[0]) and _in_place(j, i, b2a, keys[1])):
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


def _alignment(kb: "KnowledgeBase", first: str, second: str):
    """Align ``first`` with ``second`` in two passes: the second knows the first's alignment of
    the units each unit refers to and of the examples it hosts."""
    a, b = _units(kb, first), _units(kb, second)
    groups = _align(a, b)
    key = {}
    for k, (ia, jb) in enumerate(groups):
        key.update({a[i].side.id: k for i in ia})
        key.update({b[j].side.id: k for j in jb})
    for u in a + b:
        u.words.update(f"→{key[t]}" for t in u.links if t in key)
    return a, b, _align(a, b), _Space(a + b)


# --- what changed ---------------------------------------------------------------------------------


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


def _increasing(pairs: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """The longest run of ``pairs`` (sorted by the first) whose second members increase: the items
    that kept their order; the others moved."""
    best: list[list[tuple[int, int]]] = []
    for p in pairs:
        chain = max((c for c in best if c[-1][1] < p[1]), key=len, default=[])
        best.append(chain + [p])
    return set(max(best, key=len, default=[]))


def _item_changes(old: list[Side], new: list[Side], space: _Space, mirror: bool) -> tuple[ItemChange, ...]:
    """Align the list items of a paragraph group one to one (best first, similarity at least
    :data:`THRESHOLD`; ties go by the place in the first edition of the manifest, ``mirror`` when
    that is ``new``) and say of each whether it is the same, changed, moved, added or removed.
    Rows: the old items in order (matched or removed), then the added ones."""
    wa = [Counter(_words(s.text)) for s in old]
    wb = [Counter(_words(s.text)) for s in new]
    cands = sorted(((round(space.cosine(wa[i], wb[j]), 9), i, j) for i in range(len(old)) for j in range(len(new))),
                   key=lambda t: (-t[0], t[2], t[1]) if mirror else (-t[0], t[1], t[2]))
    a2b: dict[int, tuple[int, float]] = {}
    used: set[int] = set()
    for s, i, j in cands:
        if s >= THRESHOLD and i not in a2b and j not in used:
            a2b[i] = (j, s)
            used.add(j)
    kept = _increasing(sorted((i, j) for i, (j, _) in a2b.items()))
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


def diff_editions(kb: "KnowledgeBase", old: str, new: str) -> EditionDiff:
    """Align the paragraphs and examples of edition ``old`` with those of ``new`` and say what
    changed, including behaviour on the scenario suite (see the module docstring).

    Raises:
        NotFoundError: an unknown edition.
        InputError: the same edition twice.
    """
    from .errors import InputError

    kb.check_edition(old)
    kb.check_edition(new)
    if old == new:
        raise InputError(f"compare two different editions, not {old} with itself")
    order = [e.id for e in kb.rulebook.editions]
    first, second = sorted((old, new), key=order.index)
    a, b, groups, space = _alignment(kb, first, second)
    if first != old:
        a, b = b, a
        groups = sorted((jb, ia) for ia, jb in groups)
    suite = _suite(kb, [old, new])
    aligned = []
    for ia, jb in groups:
        olds, news = [a[i] for i in ia], [b[j] for j in jb]
        kind = olds[0].side.kind
        shape = {(1, 1): "one-to-one"}.get((len(olds), len(news))) or (
            "split" if len(olds) == 1 else "merge" if len(news) == 1 else "regrouped")
        pairs = tuple(Pair(o.side.id, n.side.id, round(space.cosine(o.words, n.words), 3)) for o in olds for n in news)
        old_text = " ".join(u.side.text for u in olds)
        new_text = " ".join(u.side.text for u in news)
        items = _item_changes([s for u in olds for s in u.items], [s for u in news for s in u.items], space,
                              first != old)
        changed = old_text != new_text or any(r.status != "same" or r.moved for r in items)
        aligned.append(Aligned(
            old=tuple(u.side for u in olds), new=tuple(u.side for u in news), kind=kind, shape=shape,
            similarity=round(space.cosine(sum((u.words for u in olds), Counter()),
                                          sum((u.words for u in news), Counter())), 3),
            pairs=pairs,
            renumbered=kind != "example" and [u.side.number for u in olds] != [u.side.number for u in news],
            changed=changed, diff=word_diff(old_text, new_text) if old_text != new_text else "",
            items=items, behaviour=_behaviour(suite, olds, news, old, new),
        ))
    taken_a = {i for ia, _ in groups for i in ia}
    taken_b = {j for _, jb in groups for j in jb}
    removed = tuple(Unmatched(u.side, _behaviour(suite, [u], [], old, new))
                    for i, u in enumerate(a) if i not in taken_a)
    added = tuple(Unmatched(u.side, _behaviour(suite, [], [u], old, new)) for j, u in enumerate(b) if j not in taken_b)
    return EditionDiff(old, new, THRESHOLD, tuple(aligned), added, removed, tuple(suite.paths))


# --- behaviour on the scenario suite ----------------------------------------------------------------


@dataclass
class _Suite:
    paths: list[str]
    runs: dict[tuple[str, str], Any]  # (path, edition) → (results, cited ids, deciding ids), or None
    example: dict[str, str]  # path → the id of the example it encodes


def _suite(kb: "KnowledgeBase", editions: list[str]) -> _Suite:
    """The scenario suite (example files and ``<kb>/scenarios``) run under each edition: the
    results of the events, every unit the proofs cite, and the units cited by the steps that differ
    from the other edition (:func:`berserk_kb.why.compare`); None when the edition cannot run it."""
    from .errors import BerserkError
    from .examples import example_files
    from .scenario import load_scenario
    from .why import compare, run

    folder = kb.kb_dir / "scenarios"
    paths: list[Path] = example_files(kb) + (sorted(folder.glob("*.yaml")) if folder.is_dir() else [])
    suite = _Suite([str(p) for p in paths], {}, {})
    for path in paths:
        try:
            ex = load_scenario(path).get("example")
        except BerserkError:
            continue
        if ex:
            suite.example[str(path)] = ex
        done: dict[str, Any] = {}
        for ed in editions:
            try:
                done[ed] = run(kb, path, ed)
            except BerserkError:
                suite.runs[(str(path), ed)] = None
        if len(done) < len(editions):
            continue
        deciding: dict[str, set[str]] = {ed: set() for ed in editions}
        for ev in compare(kb, path, editions, runner=lambda _kb, _path, ed: done[ed]).events:
            for ed, cites in ev.deciding.items():
                deciding[ed].update(c.id for c in cites)
        for ed, r in done.items():
            cited: set[str] = set()

            def walk(node: Any) -> None:
                cited.update(c.id for c in node.cites)
                for ch in node.children:
                    walk(ch)

            for ev in r.events:
                walk(ev.explanation)
            suite.runs[(str(path), ed)] = ([ev.result for ev in r.events], cited, deciding[ed])
    return suite


def _behaviour(suite: _Suite, olds: list[_Unit], news: list[_Unit], old: str, new: str) -> Behaviour:
    """What the suite says of these units. An example is judged by its own scenario files alone:
    the behaviour differs when one of them gives other results under the two editions. Otherwise
    the scenarios that bear on the units are those whose proofs cite the old units under ``old``
    and the new units under ``new`` (a side with no unit asks nothing); the behaviour differs when
    one of them gives other results and the steps that differ cite one of the units."""
    ids = {old: {s.id for u in olds for s in [u.side, *u.items]}, new: {s.id for u in news for s in [u.side, *u.items]}}
    runnable = [p for p in suite.paths if suite.runs.get((p, old)) and suite.runs.get((p, new))]
    own = [p for p in runnable if suite.example.get(p) in ids[old] | ids[new]]
    checked = own or [p for p in runnable if all(not ids[ed] or ids[ed] & suite.runs[(p, ed)][1] for ed in (old, new))]
    for p in checked:
        ra, rb = suite.runs[(p, old)], suite.runs[(p, new)]
        if json.dumps(ra[0], sort_keys=True) == json.dumps(rb[0], sort_keys=True):
            continue
        if own or ids[old] & ra[2] or ids[new] & rb[2]:
            return Behaviour(True, p, {old: ra[0], new: rb[0]}, tuple(checked))
    return Behaviour(False, None, None, tuple(checked))


# --- text -----------------------------------------------------------------------------------------


def _name(side: Side) -> str:
    if side.kind == "item":
        return f"{side.number or side.id.rsplit('/', 1)[0]} {side.marker}"
    if side.kind == "heading" and side.number is None:
        return f"«{side.text.rstrip('.')}»"
    return side.number if side.number and side.kind != "example" else side.id


def _behaviour_text(b: Behaviour) -> str:
    from pathlib import Path

    if b.differs:
        results = "; ".join(f"{ed}: {json.dumps(r, ensure_ascii=False)}" for ed, r in (b.results or {}).items())
        return f"behaviour differs: {Path(b.scenario or '').name} gives {results}"
    if b.checked:
        return "behaviour: no difference traced to it on " + ", ".join(Path(p).name for p in b.checked)
    return "behaviour: no scenario of the suite bears on it"


def render_text(d: EditionDiff, width: int = 100) -> list[str]:
    """``berserk-kb diff`` as lines of text: a summary line, then each aligned group (names,
    shape, similarities, word diff, list items, behaviour), then the added and removed units (with
    the behaviour of those a scenario shows to differ)."""
    import textwrap

    def wrap(text: str, indent: str) -> list[str]:
        return textwrap.wrap(text, width=width, initial_indent=indent, subsequent_indent=indent) or [indent]

    shapes = Counter(a.shape for a in d.aligned if a.shape != "one-to-one")
    lines = [f"edition {d.old} → edition {d.new}: {len(d.aligned)} aligned"
             + "".join(f", {n} {s}" for s, n in sorted(shapes.items()))
             + f", {len(d.added)} added, {len(d.removed)} removed (similarity threshold {d.threshold:.2f})"]
    for a in d.aligned:
        names = {s.id: _name(s) for s in (*a.old, *a.new)}
        if len(a.pairs) == 1:
            sims = f"similarity {a.similarity:.2f}"
        else:
            sims = "similarity " + ", ".join(f"{names[p.old]} → {names[p.new]} {p.similarity:.2f}" for p in a.pairs) \
                + f", together {a.similarity:.2f}"
        tags = [t for t, on in ((a.shape, a.shape != "one-to-one"), ("renumbered", a.renumbered),
                                ("changed", a.changed)) if on]
        lines.extend(textwrap.wrap(f"{' + '.join(_name(s) for s in a.old)} → {' + '.join(_name(s) for s in a.new)}  "
                                   f"({a.kind}, {sims}{'; ' + ', '.join(tags) if tags else ''})",
                                   width=width, initial_indent="  ", subsequent_indent="    "))
        if a.diff:
            lines.extend(wrap(a.diff, "      "))
        if a.items:
            lines.append("      list items:")
        for r in a.items:
            if r.status == "added":
                lines.extend(wrap(f"{_name(r.new)} added: «{r.new.text}»", "        "))
            elif r.status == "removed":
                lines.extend(wrap(f"{_name(r.old)} removed: «{r.old.text}»", "        "))
            else:
                what = ", ".join(x for x in (f"moved ({r.moved})" if r.moved else "", r.status) if x)
                diff = f": {r.diff}" if r.diff else ""
                lines.extend(wrap(f"{_name(r.old)} → {_name(r.new)}  {what}{diff}", "        "))
        lines.extend(wrap(_behaviour_text(a.behaviour), "      "))
    for label, units in ((f"added in {d.new}", d.added), (f"not in {d.new}", d.removed)):
        if units:
            lines.extend(wrap(f"{label}: " + ", ".join(_name(u.unit) for u in units), "  "))
        for u in units:
            if u.behaviour.differs:
                lines.extend(wrap(f"{_name(u.unit)}: {_behaviour_text(u.behaviour)}", "      "))
    return lines


__all__ = ["Aligned", "Behaviour", "EditionDiff", "ItemChange", "Pair", "Side", "Unmatched", "diff_editions",
           "render_text", "word_diff"]
