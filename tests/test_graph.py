"""The RDF graph: content, vocabulary, export and round trip."""

from __future__ import annotations

import pytest
from rdflib import Graph, Literal
from rdflib.compare import isomorphic
from rdflib.namespace import DCTERMS, RDF, SKOS

from berserk_kb.errors import QueryError
from berserk_kb.graph.export import export
from berserk_kb.graph.sparql import sparql
from berserk_kb.graph.vocab import BKB, iri
from conftest import KB_DIR


@pytest.mark.parametrize("fmt", ["turtle", "json-ld"])
def test_export_parses_back_isomorphic(kb, fmt):
    """The export, written from the Oxigraph store, is the graph rdflib builds from the rulebook."""
    text = export(kb.graph_store, fmt)
    back = Graph().parse(data=text, format=fmt)
    assert len(back) == len(kb.full_graph)
    assert isomorphic(back, kb.full_graph)


def test_paragraph_text_is_russian_with_number_edition_parent_and_source(kb):
    g = kb.graph
    p = iri("B:519.3")
    text = g.value(p, BKB.text)
    assert isinstance(text, Literal) and text.language == "ru"
    assert str(text).startswith("В каждой группе модификаторов, описанной в п. 519.2")
    assert g.value(p, SKOS.notation) == Literal("519.3")
    assert g.value(p, BKB.edition) == iri("B")
    assert g.value(p, BKB.parent) == iri("B:519")
    assert (p, RDF.type, BKB.NumberedParagraph) in g
    assert g.value(p, BKB.lineStart) == Literal(12)
    assert str(g.value(g.value(p, BKB.edition), DCTERMS.identifier)) == "B"


def test_unresolved_references_are_kept_with_their_number(kb):
    rows = sparql(kb.graph, """
        SELECT ?n WHERE { ?r a bkb:Reference ; bkb:citingParagraph id:B:519.1 ;
                              bkb:citedNumber ?n ; bkb:resolved false } ORDER BY ?n""")
    assert [str(r.n) for r in rows] == ["306", "512.6.2"]


def test_list_items_examples_fragments_editions_are_in_the_graph(kb):
    g = kb.graph
    assert len(list(g.objects(iri("A:519.3"), BKB.item))) == 5
    (ex,) = g.objects(iri("A:519.3"), BKB.example)
    assert str(g.value(ex, BKB.text)).startswith("Гном-Басаарг")
    assert len(list(g.subjects(RDF.type, BKB.Fragment))) == 5
    assert len(list(g.subjects(RDF.type, BKB.Edition))) == 2
    assert (iri("B:~000_ee1f512a66c0b866/item1"), BKB.orphaned, Literal(True)) in g


def test_vocabulary_file_declares_every_project_term_used(kb):
    vocab = Graph().parse(KB_DIR / "vocab.ttl")
    declared = {s for s in vocab.subjects() if str(s).startswith(str(BKB))}
    used = {t for triple in kb.full_graph for t in triple if str(t).startswith(str(BKB))}
    assert used <= declared, sorted(used - declared)


@pytest.mark.parametrize("query, message", [
    ("SELEC ?x WHERE {}", "syntax error"),
    ("SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }", "SERVICE is not allowed"),
    ("INSERT DATA { <a:b> <a:c> <a:d> }", "updates .* are not allowed: the endpoint is read-only"),
    ("SELECT * WHERE { ?s nope:p ?o }", "rejected|syntax error"),
])
def test_bad_sparql_is_a_query_error(kb, query, message):
    with pytest.raises(QueryError, match=message):
        sparql(kb.graph, query)


def test_the_vocabulary_namespace_is_the_vocabulary_file():
    """graph/vocab.py's closed namespace names exactly the terms kb/vocab.ttl defines, and a term it
    does not define is an error, not a new IRI."""
    from rdflib import Graph, URIRef

    defined = {str(s) for s in Graph().parse(KB_DIR / "vocab.ttl").subjects() if isinstance(s, URIRef)
               and str(s).startswith(str(BKB))}
    named = {str(BKB[n]) for n in BKB.__annotations__}
    assert named == defined
    with pytest.raises(AttributeError):
        BKB.notInTheVocabulary  # noqa: B018
