"""The rulebook as an RDF graph (rdflib), its export, and SPARQL over it.

Resources live under ``https://w3id.org/berserk-kb/id/`` (the unit id, IRI-escaped); the project
vocabulary is ``kb/vocab.ttl`` (prefix ``bkb:``); DCMI terms, SKOS and PROV are used where they fit:
``dcterms:identifier`` (stable id), ``skos:notation`` (printed number), ``dcterms:isPartOf``
(structure), ``prov:wasDerivedFrom`` (source fragment). Russian text is ``@ru``.
"""

from __future__ import annotations

import re
from typing import Any

from rdflib import RDF, XSD, Graph, Literal, Namespace, URIRef
from rdflib.namespace import DCTERMS, PROV, RDFS, SKOS

from .errors import InputError, QueryError
from .model import ParagraphKind, Rulebook, Unit

BKB = Namespace("https://w3id.org/berserk-kb/vocab#")
ID_BASE = "https://w3id.org/berserk-kb/id/"

PREFIXES = {
    "bkb": BKB,
    "id": Namespace(ID_BASE),
    "dcterms": DCTERMS,
    "skos": SKOS,
    "prov": PROV,
    "rdf": RDF,
    "rdfs": RDFS,
    "xsd": XSD,
}

_IRI_UNSAFE = re.compile(r'[\x00-\x20<>"{}|\\^`#?%\[\]\x7f]')
_KIND_CLASS = {
    ParagraphKind.NUMBERED: BKB.NumberedParagraph,
    ParagraphKind.HEADING: BKB.Heading,
    ParagraphKind.TEXT: BKB.TextParagraph,
}
EXPORT_FORMATS = {"turtle": "turtle", "json-ld": "json-ld"}


def iri(local_id: str) -> URIRef:
    """The IRI of a unit, edition or fragment id (characters not allowed in an IRI are %-escaped)."""
    return URIRef(ID_BASE + _IRI_UNSAFE.sub(lambda m: "".join(f"%{b:02X}" for b in m.group().encode()), local_id))


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
        if r.target:
            g.add((node, BKB.target, iri(r.target)))
            if r.source_paragraph:
                g.add((iri(r.source_paragraph), BKB.cites, iri(r.target)))
    return g


def add_cards_and_mentions(g: Graph, db_cards: Any, kb_cards: dict[str, Any], links: Any) -> Graph:
    """Add to ``g`` every card the KB knows (one ``bkb:Card`` per name, one ``bkb:Printing`` per
    record of the imported database), the features named, and every mention of a card or feature in
    the rule text as a ``bkb:Mention`` span (unit, fragment, line, offset, length)."""
    from .parse import slug

    def card_node(name: str) -> URIRef:
        node = iri(f"card/{slug(name, 8)}")
        if (node, RDF.type, BKB.Card) not in g:
            g.add((node, RDF.type, BKB.Card))
            g.add((node, RDFS.label, _ru(name)))
        return node

    def feature_node(name: str) -> URIRef:
        node = iri(f"feature/{slug(name, 8)}")
        if (node, RDF.type, BKB.Feature) not in g:
            g.add((node, RDF.type, BKB.Feature))
            g.add((node, RDFS.label, _ru(name)))
        return node

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
    for key, c in kb_cards.items():
        card = card_node(c["name"])
        for f in c.get("features") or []:
            if isinstance(f, dict) and f.get("name"):
                g.add((card, BKB.feature, feature_node(f["name"])))
        for uid in c.get("mentioned_in") or []:
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


def export(graph: Graph, fmt: str) -> str:
    """Serialize ``graph`` as ``turtle`` or ``json-ld``.

    Raises:
        InputError: unknown format.
    """
    if fmt not in EXPORT_FORMATS:
        raise InputError(f"unknown export format {fmt!r} (use turtle or json-ld)")
    if fmt == "json-ld":
        context = {k: str(v) for k, v in PREFIXES.items()}
        return graph.serialize(format="json-ld", context=context, indent=2)
    return graph.serialize(format="turtle")


def _uses_service(node: Any) -> bool:
    if isinstance(node, dict):
        if getattr(node, "name", None) == "ServiceGraphPattern":
            return True
        return any(_uses_service(v) for v in node.values())
    if isinstance(node, (list, tuple)):
        return any(_uses_service(v) for v in node)
    return False


MAX_QUERY_BYTES = 64 * 1024


def prepare_sparql(query: str) -> Any:
    """Parse a read-only SPARQL query with the predeclared prefixes (see :func:`sparql`).

    Raises:
        QueryError: the query is longer than 64 KB, does not parse, is an update, uses SERVICE, or
            names a dataset (FROM, FROM NAMED): queries run over the rulebook graph only.
    """
    from pyparsing import ParseException
    from rdflib.plugins.sparql import prepareQuery

    if "\x00" in query:
        raise QueryError("SPARQL query contains a NUL character")
    if len(query.encode("utf-8", "surrogatepass")) > MAX_QUERY_BYTES:
        raise QueryError(f"SPARQL query is longer than {MAX_QUERY_BYTES // 1024} KB")
    try:
        prepared = prepareQuery(query, initNs=PREFIXES)
    except ParseException as exc:
        raise QueryError(f"SPARQL syntax error at line {exc.lineno}, column {exc.col}: {exc.msg}") from None
    except Exception as exc:  # rdflib raises assorted errors for bad prefixes, IRIs, …
        raise QueryError(f"SPARQL query rejected: {' '.join(str(exc).split())[:200]}") from None
    if _uses_service(prepared.algebra):
        raise QueryError("SPARQL SERVICE is not allowed (the knowledge base does not make remote requests)")
    if prepared.algebra.get("datasetClause"):
        raise QueryError("SPARQL FROM / FROM NAMED is not supported: queries run over the rulebook graph")
    return prepared


def sparql(graph: Graph, query: Any) -> Any:
    """Run a read-only SPARQL query (SELECT, ASK, CONSTRUCT, DESCRIBE) over ``graph``.

    The prefixes ``bkb: id: dcterms: skos: prov: rdf: rdfs: xsd:`` are predeclared. Remote access
    is refused: ``SERVICE`` raises, and ``FROM`` graphs are not fetched.

    ``query`` is a query string or the result of :func:`prepare_sparql`. Returns an rdflib
    ``Result``.

    Raises:
        QueryError: the query does not parse, is an update, uses SERVICE, or fails to evaluate.
    """
    import rdflib.plugins.sparql as sparql_plugin

    sparql_plugin.SPARQL_LOAD_GRAPHS = False
    prepared = prepare_sparql(query) if isinstance(query, str) else query
    try:
        result = graph.query(prepared)
        if result.type == "SELECT":
            result.bindings  # noqa: B018 - evaluate now, so errors surface here
        return result
    except Exception as exc:
        raise QueryError(f"SPARQL evaluation failed: {' '.join(str(exc).split())[:200]}") from None


__all__ = ["BKB", "PREFIXES", "build_graph", "export", "sparql", "iri"]
