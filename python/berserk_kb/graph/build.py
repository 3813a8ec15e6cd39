"""The rulebook as an RDF graph (rdflib), and the cards and mentions added to it.

Resources live under ``https://w3id.org/berserk-kb/id/`` (the unit id, IRI-escaped: :func:`~.vocab.iri`);
the project vocabulary is ``kb/vocab.ttl`` (:class:`~.vocab.BKB`); DCMI terms, SKOS and PROV are used
where they fit: ``dcterms:identifier`` (stable id), ``skos:notation`` (printed number),
``dcterms:isPartOf`` (structure), ``prov:wasDerivedFrom`` (source fragment). Russian text is ``@ru``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any

from rdflib import RDF, Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, PROV, RDFS, SKOS

from ..lexicon.cards import card_key
from ..lexicon.linking import units_mentioning
from ..text.lines import slug
from ..text.model import ParagraphKind, Rulebook, Unit
from .vocab import BKB, PREFIXES
from .vocab import iri as _iri

#: One RDF statement: subject, predicate, object (rdflib terms).
Triple = tuple[Any, URIRef, Any]

_KIND_CLASS = {
    ParagraphKind.NUMBERED: BKB.NumberedParagraph,
    ParagraphKind.HEADING: BKB.Heading,
    ParagraphKind.TEXT: BKB.TextParagraph,
    ParagraphKind.TABLE: BKB.Table,
    ParagraphKind.CONTENTS: BKB.ContentsLine,
}


def _ru(text: str) -> Literal:
    return Literal(text, lang="ru")


def _terms() -> tuple[Callable[[str], URIRef], Callable[[Any], Literal]]:
    """``iri`` and ``Literal`` that make one object per IRI and per value for one graph: a triple
    shares its terms with the others (rdflib keeps each triple's own objects; at 10k paragraphs
    the copies cost tens of MB)."""
    return functools.lru_cache(maxsize=None)(_iri), functools.lru_cache(maxsize=None, typed=True)(Literal)


def build_graph(rulebook: Rulebook) -> Graph:
    """The RDF graph of ``rulebook`` (every edition, fragment, unit and reference) in rdflib's
    in-memory store, with the prefixes of :data:`~.vocab.PREFIXES` bound."""
    g = Graph()
    for prefix, ns in PREFIXES.items():
        g.bind(prefix, ns)
    g.addN((s, p, o, g) for s, p, o in rulebook_triples(rulebook))
    return g


def rulebook_triples(rulebook: Rulebook) -> Iterator[Triple]:
    """The triples of :func:`build_graph`, one at a time (a graph keeps each once)."""
    iri, lit = _terms()
    book = iri("rulebook")
    yield (book, RDF.type, BKB.Rulebook)
    if rulebook.title:
        yield (book, DCTERMS.title, _ru(rulebook.title))
    yield (book, DCTERMS.language, lit("ru"))

    for e in rulebook.editions:
        node = iri(e.id)
        yield (node, RDF.type, BKB.Edition)
        yield (node, DCTERMS.identifier, Literal(e.id))
        yield (node, DCTERMS.isPartOf, book)
        yield (book, DCTERMS.hasPart, node)
        if e.title:
            yield (node, DCTERMS.title, _ru(e.title))
        if e.description:
            yield (node, DCTERMS.description, _ru(e.description))
    for f in rulebook.fragments:
        node = iri(f"fragment/{f.id}")
        yield (node, RDF.type, BKB.Fragment)
        yield (node, DCTERMS.identifier, Literal(f.id))
        yield (node, DCTERMS.isPartOf, iri(f.edition))
        yield (iri(f.edition), DCTERMS.hasPart, node)
        yield (node, BKB.order, lit(f.order))
        yield (node, BKB.sha256, Literal(f.sha256))
        yield (node, BKB.lineCount, lit(f.line_count))

    for u in rulebook.units():
        yield from _unit_triples(u, iri, lit)
    for p in rulebook.paragraphs:
        node = iri(p.id)
        yield (node, RDF.type, BKB.Paragraph)
        yield (node, RDF.type, _KIND_CLASS[p.kind])
        if p.number:
            yield (node, SKOS.notation, lit(p.number))
        if p.title:
            yield (node, DCTERMS.title, _ru(p.title))
        if p.parent:
            yield (node, BKB.parent, iri(p.parent))
            yield (node, DCTERMS.isPartOf, iri(p.parent))
            yield (iri(p.parent), DCTERMS.hasPart, node)
    for i in rulebook.list_items:
        node = iri(i.id)
        yield (node, RDF.type, BKB.ListItem)
        yield (node, BKB.label, lit(i.label))
        yield (node, BKB.listStyle, lit(i.style.value))
        if i.paragraph:
            yield (iri(i.paragraph), BKB.item, node)
        container = i.parent_item or i.paragraph
        if container:
            yield (node, DCTERMS.isPartOf, iri(container))
    for x in rulebook.examples:
        node = iri(x.id)
        yield (node, RDF.type, BKB.Example)
        yield (node, BKB.label, lit(x.label))
        if x.paragraph:
            yield (iri(x.paragraph), BKB.example, node)
            yield (node, DCTERMS.isPartOf, iri(x.paragraph))
    for r in rulebook.references:
        node = iri(r.id)
        yield (node, RDF.type, BKB.Reference)
        yield (node, DCTERMS.identifier, Literal(r.id))
        yield (iri(r.source_unit), BKB.reference, node)
        if r.source_paragraph:
            yield (node, BKB.citingParagraph, iri(r.source_paragraph))
        yield (node, BKB.citedNumber, lit(r.number))
        yield (node, BKB.rawText, _ru(r.raw))
        yield (node, BKB.resolved, lit(r.resolved))
        yield (node, BKB.edition, iri(r.edition))
        yield (node, PROV.wasDerivedFrom, iri(f"fragment/{r.span.fragment}"))
        yield (node, BKB.lineStart, lit(r.span.line_start))
        yield (node, BKB.lineEnd, lit(r.span.line_end))
        if r.external:
            yield (node, BKB.externalDocument, _ru(r.external))
        if r.target:
            yield (node, BKB.target, iri(r.target))
            if r.source_paragraph:
                yield (iri(r.source_paragraph), BKB.cites, iri(r.target))


def add_cards_and_mentions(g: Graph, db_cards: Any, kb_cards: dict[str, Any], links: Any) -> Graph:
    """Add to ``g`` every card the KB knows (one ``bkb:Card`` per name, one ``bkb:Printing`` per
    record of the imported database), the features named, and every mention of a card or feature in
    the rule text as a ``bkb:Mention`` span (unit, fragment, line, offset, length); a card of
    ``kb/cards.yaml`` is ``bkb:mentionedIn`` each unit that mentions it."""
    g.addN((s, p, o, g) for s, p, o in card_triples(db_cards, kb_cards, links))
    return g


def card_triples(db_cards: Any, kb_cards: dict[str, Any], links: Any) -> Iterator[Triple]:
    """The triples :func:`add_cards_and_mentions` adds, one at a time."""
    iri, lit = _terms()
    named: set[URIRef] = set()
    new: list[Triple] = []

    def named_node(kind: URIRef, folder: str, name: str) -> URIRef:
        node = iri(f"{folder}/{slug(name, 8)}")
        if node not in named:  # typed and labelled once, when first named
            named.add(node)
            new.extend(((node, RDF.type, kind), (node, RDFS.label, _ru(name))))
        return node

    def card_node(name: str) -> URIRef:
        return named_node(BKB.Card, "card", name)

    def feature_node(name: str) -> URIRef:
        return named_node(BKB.Feature, "feature", name)

    def named_now() -> Iterator[Triple]:
        yield from new
        new.clear()

    for c in db_cards:
        card = card_node(c.name)
        yield from named_now()
        p = iri(f"printing/{c.id}")
        yield (p, RDF.type, BKB.Printing)
        yield (p, BKB.printingOf, card)
        yield (p, DCTERMS.identifier, Literal(c.id))
        yield (p, RDFS.label, _ru(c.name))
        for prop, value in ((BKB.cost, c.cost), (BKB.life, c.life), (BKB.move, c.move), (BKB.number, c.number)):
            if value is not None:
                yield (p, prop, lit(value))
        if c.hit:
            for prop, value in zip((BKB.hitWeak, BKB.hitMedium, BKB.hitStrong), c.hit):
                yield (p, prop, lit(value))
        for e in c.elements:
            yield (p, BKB.element, _ru(e))
        if c.set_name:
            yield (p, BKB.set, _ru(c.set_name))
        if c.type:
            yield (p, BKB.cardType, _ru(c.type))
        if c.rarity:
            yield (p, BKB.rarity, _ru(c.rarity))
        if c.text_resolved:
            yield (p, BKB.abilityText, _ru(c.text_resolved))
        for f in c.features:
            yield (card, BKB.feature, feature_node(f))
            yield from named_now()
    mentioned = units_mentioning(links)
    for c in kb_cards.values():
        card = card_node(c["name"])
        yield from named_now()
        for f in c.get("features") or []:
            if isinstance(f, dict) and f.get("name"):
                yield (card, BKB.feature, feature_node(f["name"]))
                yield from named_now()
        for uid in sorted(mentioned.get(card_key(c["name"]), ())):
            yield (card, BKB.mentionedIn, iri(uid))
    for k, m in enumerate(links.mentions):
        node = iri(f"{m.unit}#mention{k}")
        yield (node, RDF.type, BKB.Mention)
        yield (node, BKB.inUnit, iri(m.unit))
        yield (node, BKB.mentions, card_node(m.target) if m.kind == "card" else feature_node(m.target))
        yield from named_now()
        yield (node, BKB.surface, _ru(m.surface))
        yield (node, PROV.wasDerivedFrom, iri(f"fragment/{m.fragment}"))
        yield (node, BKB.lineStart, lit(m.line))
        yield (node, BKB.offset, lit(m.offset))
        yield (node, BKB.length, lit(m.length))
        if m.value is not None:
            yield (node, BKB.featureValue, lit(m.value))


def _unit_triples(u: Unit, iri: Callable[[str], URIRef], lit: Callable[[Any], Literal]) -> Iterator[Triple]:
    node = iri(u.id)
    yield (node, DCTERMS.identifier, Literal(u.id))
    yield (node, BKB.edition, iri(u.edition))
    yield (node, BKB.text, _ru(u.display_text))
    if u.prefix:
        yield (node, BKB.marker, lit(u.prefix))
    yield (node, BKB.order, lit(u.order))
    yield (node, PROV.wasDerivedFrom, iri(f"fragment/{u.span.fragment}"))
    yield (node, BKB.lineStart, lit(u.span.line_start))
    yield (node, BKB.lineEnd, lit(u.span.line_end))
    if u.orphaned:
        yield (node, BKB.orphaned, lit(True))
