"""The rulebook as an RDF graph (rdflib), and the cards and mentions added to it.

Resources live under ``https://w3id.org/berserk-kb/id/`` (the unit id, IRI-escaped: :func:`~.vocab.iri`);
the project vocabulary is ``kb/vocab.ttl`` (:class:`~.vocab.BKB`); DCMI terms, SKOS and PROV are used
where they fit: ``dcterms:identifier`` (stable id), ``skos:notation`` (printed number),
``dcterms:isPartOf`` (structure), ``prov:wasDerivedFrom`` (source fragment). Russian text is ``@ru``.
"""

from __future__ import annotations

from typing import Any

from rdflib import RDF, Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, PROV, RDFS, SKOS

from ..lexicon.cards import card_key
from ..lexicon.linking import units_mentioning
from ..text.lines import slug
from ..text.model import ParagraphKind, Rulebook, Unit
from .vocab import BKB, PREFIXES, iri

_KIND_CLASS = {
    ParagraphKind.NUMBERED: BKB.NumberedParagraph,
    ParagraphKind.HEADING: BKB.Heading,
    ParagraphKind.TEXT: BKB.TextParagraph,
    ParagraphKind.TABLE: BKB.Table,
    ParagraphKind.CONTENTS: BKB.ContentsLine,
}


def _ru(text: str) -> Literal:
    return Literal(text, lang="ru")


def build_graph(rulebook: Rulebook, store: str | None = None) -> Graph:
    """Build the RDF graph of ``rulebook`` (every edition, fragment, unit and reference), in
    rdflib's default in-memory store or in the rdflib store plugin named ``store`` (e.g.
    ``"Oxigraph"`` from oxrdflib)."""
    g = Graph(store=store) if store else Graph()
    for prefix, ns in PREFIXES.items():
        g.bind(prefix, ns)
    book = iri("rulebook")
    g.add((book, RDF.type, BKB.Rulebook))
    if rulebook.title:
        g.add((book, DCTERMS.title, _ru(rulebook.title)))
    g.add((book, DCTERMS.language, Literal("ru")))

    for e in rulebook.editions:
        node = iri(e.id)
        g.add((node, RDF.type, BKB.Edition))
        g.add((node, DCTERMS.identifier, Literal(e.id)))
        g.add((node, DCTERMS.isPartOf, book))
        g.add((book, DCTERMS.hasPart, node))
        if e.title:
            g.add((node, DCTERMS.title, _ru(e.title)))
        if e.description:
            g.add((node, DCTERMS.description, _ru(e.description)))
    for f in rulebook.fragments:
        node = iri(f"fragment/{f.id}")
        g.add((node, RDF.type, BKB.Fragment))
        g.add((node, DCTERMS.identifier, Literal(f.id)))
        g.add((node, DCTERMS.isPartOf, iri(f.edition)))
        g.add((iri(f.edition), DCTERMS.hasPart, node))
        g.add((node, BKB.order, Literal(f.order)))
        g.add((node, BKB.sha256, Literal(f.sha256)))
        g.add((node, BKB.lineCount, Literal(f.line_count)))

    for u in rulebook.units():
        _add_unit(g, u)
    for p in rulebook.paragraphs:
        node = iri(p.id)
        g.add((node, RDF.type, BKB.Paragraph))
        g.add((node, RDF.type, _KIND_CLASS[p.kind]))
        if p.number:
            g.add((node, SKOS.notation, Literal(p.number)))
        if p.title:
            g.add((node, DCTERMS.title, _ru(p.title)))
        if p.parent:
            g.add((node, BKB.parent, iri(p.parent)))
            g.add((node, DCTERMS.isPartOf, iri(p.parent)))
            g.add((iri(p.parent), DCTERMS.hasPart, node))
    for i in rulebook.list_items:
        node = iri(i.id)
        g.add((node, RDF.type, BKB.ListItem))
        g.add((node, BKB.label, Literal(i.label)))
        g.add((node, BKB.listStyle, Literal(i.style.value)))
        if i.paragraph:
            g.add((iri(i.paragraph), BKB.item, node))
        container = i.parent_item or i.paragraph
        if container:
            g.add((node, DCTERMS.isPartOf, iri(container)))
    for x in rulebook.examples:
        node = iri(x.id)
        g.add((node, RDF.type, BKB.Example))
        g.add((node, BKB.label, Literal(x.label)))
        if x.paragraph:
            g.add((iri(x.paragraph), BKB.example, node))
            g.add((node, DCTERMS.isPartOf, iri(x.paragraph)))
    for r in rulebook.references:
        node = iri(r.id)
        g.add((node, RDF.type, BKB.Reference))
        g.add((node, DCTERMS.identifier, Literal(r.id)))
        g.add((iri(r.source_unit), BKB.reference, node))
        if r.source_paragraph:
            g.add((node, BKB.citingParagraph, iri(r.source_paragraph)))
        g.add((node, BKB.citedNumber, Literal(r.number)))
        g.add((node, BKB.rawText, _ru(r.raw)))
        g.add((node, BKB.resolved, Literal(r.resolved)))
        g.add((node, BKB.edition, iri(r.edition)))
        g.add((node, PROV.wasDerivedFrom, iri(f"fragment/{r.span.fragment}")))
        g.add((node, BKB.lineStart, Literal(r.span.line_start)))
        g.add((node, BKB.lineEnd, Literal(r.span.line_end)))
        if r.external:
            g.add((node, BKB.externalDocument, _ru(r.external)))
        if r.target:
            g.add((node, BKB.target, iri(r.target)))
            if r.source_paragraph:
                g.add((iri(r.source_paragraph), BKB.cites, iri(r.target)))
    return g


def add_cards_and_mentions(g: Graph, db_cards: Any, kb_cards: dict[str, Any], links: Any) -> Graph:
    """Add to ``g`` every card the KB knows (one ``bkb:Card`` per name, one ``bkb:Printing`` per
    record of the imported database), the features named, and every mention of a card or feature in
    the rule text as a ``bkb:Mention`` span (unit, fragment, line, offset, length); a card of
    ``kb/cards.yaml`` is ``bkb:mentionedIn`` each unit that mentions it."""

    def named_node(kind: URIRef, folder: str, name: str) -> URIRef:
        node = iri(f"{folder}/{slug(name, 8)}")
        if (node, RDF.type, kind) not in g:
            g.add((node, RDF.type, kind))
            g.add((node, RDFS.label, _ru(name)))
        return node

    def card_node(name: str) -> URIRef:
        return named_node(BKB.Card, "card", name)

    def feature_node(name: str) -> URIRef:
        return named_node(BKB.Feature, "feature", name)

    for c in db_cards:
        card = card_node(c.name)
        p = iri(f"printing/{c.id}")
        g.add((p, RDF.type, BKB.Printing))
        g.add((p, BKB.printingOf, card))
        g.add((p, DCTERMS.identifier, Literal(c.id)))
        g.add((p, RDFS.label, _ru(c.name)))
        for prop, value in ((BKB.cost, c.cost), (BKB.life, c.life), (BKB.move, c.move), (BKB.number, c.number)):
            if value is not None:
                g.add((p, prop, Literal(value)))
        if c.hit:
            for prop, value in zip((BKB.hitWeak, BKB.hitMedium, BKB.hitStrong), c.hit):
                g.add((p, prop, Literal(value)))
        for e in c.elements:
            g.add((p, BKB.element, _ru(e)))
        if c.set_name:
            g.add((p, BKB.set, _ru(c.set_name)))
        if c.type:
            g.add((p, BKB.cardType, _ru(c.type)))
        if c.rarity:
            g.add((p, BKB.rarity, _ru(c.rarity)))
        if c.text_resolved:
            g.add((p, BKB.abilityText, _ru(c.text_resolved)))
        for f in c.features:
            g.add((card, BKB.feature, feature_node(f)))
    mentioned = units_mentioning(links)
    for c in kb_cards.values():
        card = card_node(c["name"])
        for f in c.get("features") or []:
            if isinstance(f, dict) and f.get("name"):
                g.add((card, BKB.feature, feature_node(f["name"])))
        for uid in sorted(mentioned.get(card_key(c["name"]), ())):
            g.add((card, BKB.mentionedIn, iri(uid)))
    for k, m in enumerate(links.mentions):
        node = iri(f"{m.unit}#mention{k}")
        g.add((node, RDF.type, BKB.Mention))
        g.add((node, BKB.inUnit, iri(m.unit)))
        g.add((node, BKB.mentions, card_node(m.target) if m.kind == "card" else feature_node(m.target)))
        g.add((node, BKB.surface, _ru(m.surface)))
        g.add((node, PROV.wasDerivedFrom, iri(f"fragment/{m.fragment}")))
        g.add((node, BKB.lineStart, Literal(m.line)))
        g.add((node, BKB.offset, Literal(m.offset)))
        g.add((node, BKB.length, Literal(m.length)))
        if m.value is not None:
            g.add((node, BKB.featureValue, Literal(m.value)))
    return g


def _add_unit(g: Graph, u: Unit) -> None:
    node = iri(u.id)
    g.add((node, DCTERMS.identifier, Literal(u.id)))
    g.add((node, BKB.edition, iri(u.edition)))
    g.add((node, BKB.text, _ru(u.display_text)))
    if u.prefix:
        g.add((node, BKB.marker, Literal(u.prefix)))
    g.add((node, BKB.order, Literal(u.order)))
    g.add((node, PROV.wasDerivedFrom, iri(f"fragment/{u.span.fragment}")))
    g.add((node, BKB.lineStart, Literal(u.span.line_start)))
    g.add((node, BKB.lineEnd, Literal(u.span.line_end)))
    if u.orphaned:
        g.add((node, BKB.orphaned, Literal(True)))
