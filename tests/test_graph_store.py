"""The graph kept in the cache and queried in Oxigraph (issue 13), exported from it (issue 15),
and validated on the triples the shapes read: the same answers as rdflib's graph and engine."""

from __future__ import annotations

import os
from collections import Counter

import pytest
from rdflib import Graph
from rdflib.compare import isomorphic

from berserk_kb import KnowledgeBase
from berserk_kb.graph.build import rulebook_triples
from berserk_kb.graph.shacl import shape_paths, validate
from berserk_kb.graph.store import store_path
from berserk_kb.graph.vocab import BKB, iri
from berserk_kb.render.sparql import sparql_result
from conftest import KB_DIR

#: Queries that read the rulebook: patterns, OPTIONAL, FILTER, aggregates, ordering, every form.
QUERIES = [
    "SELECT ?number ?text WHERE { ?p a bkb:Paragraph ; bkb:edition id:A ; skos:notation ?number ; bkb:text ?text } "
    "ORDER BY ?number",
    "SELECT ?e (COUNT(?p) AS ?n) WHERE { ?p a bkb:Paragraph ; bkb:edition ?e } GROUP BY ?e ORDER BY ?e",
    'SELECT ?p ?title WHERE { ?p a bkb:NumberedParagraph . OPTIONAL { ?p dcterms:title ?title } '
    'FILTER(REGEX(STR(?p), "519")) }',
    "SELECT ?card (COUNT(?m) AS ?n) WHERE { ?m a bkb:Mention ; bkb:mentions ?card } GROUP BY ?card",
    'SELECT * WHERE { ?s skos:notation "519.3" ; bkb:edition ?e }',
    'SELECT ?u WHERE { ?u bkb:text ?t FILTER(CONTAINS(?t, "кубик")) } ORDER BY ?u LIMIT 5 OFFSET 2',
    "ASK { id:A:519.3 bkb:item ?i }",
    "CONSTRUCT { ?p skos:notation ?n } WHERE { ?p skos:notation ?n ; bkb:edition id:B }",
    "DESCRIBE id:B:519.3",
]


def _rows(result):
    return Counter(frozenset((str(v), r[v].n3()) for v in result.vars if r[v] is not None) for r in result)


@pytest.mark.parametrize("query", QUERIES)
def test_oxigraph_answers_as_rdflib_does(kb, query):
    """Ordered answers print the same; unordered ones hold the same rows; graphs are isomorphic.
    (``SELECT *``: Oxigraph names the variables in alphabetical order, rdflib in its set's order.)"""
    ours, theirs = kb.sparql(query), kb.sparql(query, engine="rdflib")
    assert ours.type == theirs.type
    if ours.type == "SELECT":
        assert sorted(ours.vars) == sorted(theirs.vars) and _rows(ours) == _rows(theirs) and len(ours) > 0
        if "ORDER BY" in query:
            assert sparql_result(ours, False) == sparql_result(theirs, False)
    elif ours.type == "ASK":
        assert ours.askAnswer is theirs.askAnswer is True
    else:
        assert len(ours.graph) > 0 and isomorphic(ours.graph, theirs.graph)


def test_what_the_rulebook_says_through_oxigraph(kb):
    """B 519.1 cites «п. 306» and «п. 512.6.2», outside the loaded text; A 519.3 lists а)–д)."""
    refs = kb.sparql("SELECT ?n WHERE { ?r a bkb:Reference ; bkb:citingParagraph id:B:519.1 ; "
                     "bkb:citedNumber ?n ; bkb:resolved false } ORDER BY ?n")
    assert [str(r.n) for r in refs] == ["306", "512.6.2"]
    (row,) = kb.sparql("SELECT (COUNT(?i) AS ?n) WHERE { id:A:519.3 bkb:item ?i }")
    assert int(row.n) == 5


def test_the_store_holds_the_graph_rdflib_builds(kb):
    assert len(kb.graph_store) == len(kb.full_graph)


def test_export_is_the_same_text_every_time_and_sorted(kb):
    from berserk_kb.graph.export import export

    text = export(kb.graph_store, "turtle")
    assert export(kb.graph_store, "turtle") == text
    subjects = [line.split(" ", 1)[0] for line in text.splitlines() if line and not line[0].isspace()
                and not line.startswith("@prefix")]
    assert subjects.index("id:A") < subjects.index("id:B")


def _damaged(kind, path):
    if path.is_dir():
        path.rmdir()
    else:
        path.unlink()
    if kind == "garbled":
        path.write_bytes(b"\xff\xfe not an entry")
    elif kind == "truncated":
        path.write_bytes(b"% berserk-kb cache entry 2 sha256 " + b"0" * 64 + b"\n<urn:a> <urn:b> ")
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")


def test_a_damaged_store_entry_is_built_again(kb, tmp_path, monkeypatch):
    """Garbled, truncated, emptied, a folder, a FIFO, a link to /dev/zero: the next read answers
    with the same graph (and writes the entry again where a file can be written)."""
    monkeypatch.setenv("BERSERK_KB_CACHE", str(tmp_path / "cache"))
    reference = set(KnowledgeBase(kb.kb_dir).graph_store)
    path = store_path(kb.rulebook, kb.kb_dir)
    assert path.is_file()
    for kind in ("garbled", "truncated", "empty", "folder", "fifo", "dev-zero"):
        _damaged(kind, path)
        assert set(KnowledgeBase(kb.kb_dir).graph_store) == reference, kind
        if kind in ("garbled", "truncated", "empty"):
            assert path.is_file() and path.stat().st_size > 1000, kind


def test_a_file_in_place_of_the_graphs_folder_is_cleared_and_the_graph_kept(kb, tmp_path, monkeypatch):
    """A file stands where the graph's folder belongs: the same graph is answered, and kept again
    (what is in the way inside the cache folder is removed, store/entries.py)."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("BERSERK_KB_CACHE", str(cache))
    KnowledgeBase(kb.kb_dir).links  # noqa: B018 - the rest of the cache is there
    (cache / "graph").write_bytes(b"")
    assert len(KnowledgeBase(kb.kb_dir).graph_store) == len(kb.full_graph)
    assert (cache / "graph").is_dir() and any((cache / "graph").iterdir())


def test_shacl_reads_the_paths_of_the_shapes_only():
    shapes = Graph().parse(KB_DIR / "shapes.ttl")
    paths = shape_paths(shapes)
    assert {BKB.text, BKB.citedNumber, BKB.target, BKB.parent} <= paths
    assert BKB.marker not in paths and BKB.order not in paths  # no shape reads them
    closed = (KB_DIR / "shapes.ttl").read_text(encoding="utf-8") + "bkb:UnitShape sh:closed true .\n"
    assert shape_paths(Graph().parse(data=closed, format="turtle")) is None


def test_shacl_on_the_projection_finds_what_it_finds_on_the_whole_graph(kb):
    """kb/shapes.ttl: «a unit has exactly one Russian text»; a reference that is
    resolved has a target. A:519.3 without its text and B:519.1's first reference marked resolved
    break both."""
    shapes = (KB_DIR / "shapes.ttl").read_bytes()
    a5193 = iri("A:519.3")
    ref = next(r for r in kb.rulebook.references if r.source_paragraph == "B:519.1" and not r.resolved)
    broken = [(s, p, o) for s, p, o in rulebook_triples(kb.rulebook)
              if not (s == a5193 and p == BKB.text) and not (s == iri(ref.id) and p == BKB.resolved)]
    from rdflib import Literal

    broken.append((iri(ref.id), BKB.resolved, Literal(True)))
    found = validate(broken, shapes)
    assert found == validate(broken, shapes, project=False)
    assert ["A:519.3", str(a5193), "text", "a unit has exactly one Russian text"] in found
    assert any(f[0] == ref.id and "a resolved reference has a target" in f[3] for f in found)
    assert validate(rulebook_triples(kb.rulebook), shapes) == validate(kb.graph, shapes, project=False)


@pytest.mark.parametrize("query", [
    "SELECT * WHERE { SeRvIcE <http://127.0.0.1:9/> { ?s ?p ?o } }",
    "SELECT * WHERE { SERVICE SILENT <http://127.0.0.1:9/> { ?s ?p ?o } }",
    "SELECT * WHERE { \\u0053ERVICE <http://127.0.0.1:9/> { ?s ?p ?o } }",
    "SELECT * WHERE {#\nSERVICE<http://127.0.0.1:9/>{?s ?p ?o}}",
])
def test_oxigraph_is_never_handed_a_service(cli, query):
    """Oxigraph would make the request (to port 9 it refuses with its own OSError): each spelling is
    refused in our words, or is no query at all."""
    r = cli("sparql", query)
    assert r.exit_code == 2 and len(r.stderr.splitlines()) == 1, r.output
    assert "SERVICE is not allowed" in r.stderr or "syntax error" in r.stderr, r.stderr


def test_an_answer_rdflib_cannot_hold_is_one_line(cli):
    r = cli("sparql", "SELECT (<<( id:a id:b id:c )>> AS ?t) WHERE {}")
    assert r.exit_code == 2 and r.stderr.strip().endswith("RDF 1.2 triple term, which is not supported"), r.output


def test_the_kept_export_is_the_export_and_a_damaged_one_is_written_again(kb, tmp_path, monkeypatch):
    from berserk_kb.graph.export import export

    monkeypatch.setenv("BERSERK_KB_CACHE", str(tmp_path / "cache"))
    first = KnowledgeBase(kb.kb_dir).export("json-ld")
    assert first.data == export(kb.graph_store, "json-ld") and first.triples == len(kb.full_graph)
    (kept,) = (tmp_path / "cache" / "export").iterdir()
    kept.write_bytes(kept.read_bytes()[:-100])  # truncated: its digest no longer matches
    again = KnowledgeBase(kb.kb_dir).export("json-ld")
    assert (again.data, again.triples) == (first.data, first.triples)


def test_odd_literals_and_iris_survive_both_exports():
    """Every control character, quotes, backslashes, U+2028, astral characters, a blank node, typed
    and untyped numbers: the JSON-LD and Turtle written parse back (rdflib, Oxigraph) to the graph."""
    import pyoxigraph as ox

    from berserk_kb.graph.export import export

    odd = "".join(chr(i) for i in range(32)) + "\x7f\"\\'«»\u2028\x85𝄞 end"
    node, p = ox.NamedNode("https://w3id.org/berserk-kb/id/A:1/é%23x"), ox.NamedNode("urn:example:p")
    xsd = "http://www.w3.org/2001/XMLSchema#"
    objects = [ox.Literal(odd), ox.Literal(odd, language="ru"), ox.Literal("007", datatype=ox.NamedNode(xsd + "integer")),
               ox.Literal("12", datatype=ox.NamedNode(xsd + "integer")), ox.Literal("1" * 30, datatype=ox.NamedNode(xsd + "integer")),
               ox.Literal("true", datatype=ox.NamedNode(xsd + "boolean")), ox.Literal("1.5", datatype=ox.NamedNode(xsd + "decimal")),
               ox.BlankNode("b1"), ox.NamedNode("https://w3id.org/berserk-kb/id//x")]
    store = ox.Store()
    store.extend(ox.Quad(node, p, o) for o in objects)
    store.add(ox.Quad(ox.BlankNode("b1"), p, ox.Literal("x")))
    from berserk_kb.graph.store import to_rdflib

    want = Graph()
    for q in store:
        want.add((to_rdflib(q.subject), to_rdflib(q.predicate), to_rdflib(q.object)))
    for fmt, ox_fmt in (("json-ld", ox.RdfFormat.JSON_LD), ("turtle", ox.RdfFormat.TURTLE)):
        text = export(store, fmt)
        back = Graph().parse(data=text, format=fmt)
        assert len(back) == len(want) == 10 and isomorphic(back, want)
        again = ox.Store()
        again.load(text.encode(), format=ox_fmt)
        def ground(s):
            return {q.triple for q in s if not isinstance(q.subject, ox.BlankNode) and not isinstance(q.object, ox.BlankNode)}

        assert ground(again) == ground(store) and len(ground(store)) == 8  # blank nodes aside, the same terms


@pytest.mark.parametrize("a, b, product", [
    ("12345678901234567890", "98765432109876543210", "1219326311370217952237463801111263526900"),
    ("3000000000", "4000000000", "12000000000000000000"),  # each fits in 64 bits, the product does not
])
def test_integer_arithmetic_past_64_bits_is_exact(cli, a, b, product):
    """xsd:integer is arbitrary precision (SPARQL 1.1, 17.4): Oxigraph's 64-bit integers left the
    product unbound, and rdflib's 28-digit Decimal rounded it («…801000000000000»)."""
    r = cli("sparql", f"SELECT ?p WHERE {{ BIND({a} * {b} AS ?p) }}")
    assert r.exit_code == 0, r.output
    assert r.stdout.split("\n")[1].strip() == product
