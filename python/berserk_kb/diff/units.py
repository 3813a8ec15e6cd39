"""The units of an edition described by their features, and the space their similarity is measured
in (tf-idf cosine; see :mod:`berserk_kb.diff`)."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass

from ..explain.book import Book
from ..text.model import Example, ListItem, Paragraph, Reference
from ..text.morph import content_words, likeliest_lemma, tokens
from .results import Side


@dataclass
class Unit:
    """A unit of one edition with its features: its words (lemmas, references to unloaded sections,
    cards its examples name) and its links (units it refers to, examples it hosts)."""

    side: Side
    rank: int  # place among the units of its kind in its edition
    items: list[Side]
    words: Counter
    links: list[str]  # ids of the units it refers to and of the examples it hosts


def lemmas_of(text: str) -> list[str]:
    """The likeliest lemmas of the content words of ``text`` (numbers left out)."""
    return [likeliest_lemma(t.text) for t in content_words(tokens(text)) if not t.text.isdigit()]


def units_of(kb: Book, edition: str) -> list[Unit]:
    """The paragraphs (headings too, table-of-contents lines not) and examples of ``edition`` in
    reading order, each with its features (see the module docstring)."""
    rb = kb.rulebook
    loaded = {p.number.split(".")[0] for p in rb.paragraphs if p.number}
    items: dict[str, list[ListItem]] = defaultdict(list)
    for i in rb.list_items:
        if i.paragraph and i.edition == edition:
            items[i.paragraph].append(i)
    hosted: dict[str, list[str]] = defaultdict(list)
    for x in rb.examples:
        if x.paragraph and x.edition == edition:
            hosted[x.paragraph].append(x.id)
    refs: dict[str, list[Reference]] = defaultdict(list)
    for r in rb.references:
        if r.edition == edition:
            refs[r.source_unit].append(r)
    named: dict[str, list[str]] = defaultdict(list)
    for m in kb.links.mentions:
        if m.edition == edition:
            named[m.unit].append(m.target)
    numbers = {p.id: p.number for p in rb.paragraphs}
    out: list[Unit] = []
    ranks: Counter = Counter()
    for u in rb.units():
        if u.edition != edition:
            continue
        if isinstance(u, Paragraph) and u.kind.value == "contents":
            continue  # a line of a table of contents owns nothing: it is no change of the rules
        if isinstance(u, Paragraph):
            # «519. Модификаторы броска кубика.»: its few words are in every paragraph below it
            heading = u.kind.value == "heading" or u.title == u.display_text.strip().rstrip(".")
            kind, number = ("heading" if heading else "paragraph"), u.number
        elif isinstance(u, Example):
            kind, number = "example", numbers.get(u.paragraph) if u.paragraph else None
        else:
            continue
        own = items.get(u.id, [])
        features = Counter(lemmas_of(" ".join([u.display_text, *(i.display_text for i in own)])))
        links: list[str] = []
        for r in (r for uid in [u.id, *(i.id for i in own)] for r in refs.get(uid, [])):
            if r.number.split(".")[0] not in loaded:
                features["§" + r.number] += 1  # a section neither edition loads: the same number in both
            elif r.target:
                links.append(r.target)
        for xid in hosted.get(u.id, []):
            links.append(xid)
            features.update("@" + name for name in named.get(xid, []))
        side = Side(u.id, number, kind, u.display_text, str(u.span))
        item_sides = [Side(i.id, number, "item", i.display_text, str(i.span), i.prefix.strip()) for i in own]
        out.append(Unit(side, ranks[kind], item_sides, features, links))
        ranks[kind] += 1
    return out


def sublinear(n: int) -> float:
    return 1 + math.log(n) if n > 0 else 0.0


Vector = tuple[dict[str, float], float]  # feature → 1 + log of its count; the norm


class Weights(dict):
    """Feature → the square of its idf; a feature no unit has weighs as the rarest."""

    def __init__(self, idf: dict[str, float]) -> None:
        super().__init__((k, v ** 2) for k, v in idf.items())
        self.top = max(idf.values(), default=1.0) ** 2

    def __missing__(self, k: str) -> float:
        return self.top


class Space:
    """The weights of features over ``units`` (both editions): idf, log(number of units / units
    with the feature) + 1. Built once per alignment."""

    def __init__(self, units: list[Unit]) -> None:
        df = Counter(w for u in units for w in u.words)
        self.idf = {w: math.log(len(units) / c) + 1 for w, c in df.items()}
        self.weight = Weights(self.idf)

    def vector(self, a: Counter) -> Vector:
        """The sublinear counts of ``a`` and the norm of its vector, each feature (1 + log count) × idf."""
        w = self.weight
        tf = {k: sublinear(v) for k, v in a.items()}
        return tf, math.sqrt(sum(t ** 2 * w[k] for k, t in tf.items()))

    def similarity(self, va: Vector, vb: Vector) -> float:
        """Cosine of two vectors (:meth:`vector`), 0 … 1."""
        (ta, na), (tb, nb) = va, vb
        w = self.weight
        dot = sum(ta[k] * tb[k] * w[k] for k in ta.keys() & tb.keys())
        return dot / (na * nb) if na and nb else 0.0

    def cosine(self, a: Counter, b: Counter) -> float:
        """Cosine of two feature counts, 0 … 1."""
        return self.similarity(self.vector(a), self.vector(b))
