"""A justification as provenance (PROV): each event and each step of its proof a ``prov:Activity``;
a step ``prov:used`` the units it cites and is part of (``dcterms:isPartOf``) the step that used it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, PROV, RDF

from .vocab import BKB, PREFIXES, iri


def why_graph(result: Any) -> Graph:
    """The graph of a ``why`` result (:class:`~berserk_kb.explain.results.WhyResult`: ``edition``,
    ``source``, ``events`` with ``kind``, ``index``, ``result`` and the proof tree ``explanation``
    of nodes with ``step``, ``inputs``, ``value``, ``cites`` and ``children``)."""
    g = Graph()
    for p, ns in PREFIXES.items():
        g.bind(p, ns)
    run_node = BNode()
    g.add((run_node, RDF.type, PROV.Activity))
    g.add((run_node, BKB.edition, iri(result.edition)))
    if result.source:
        g.add((run_node, PROV.used, URIRef(Path(result.source).resolve().as_uri())))

    def add(node: Any, parent: BNode, order: int) -> None:
        b = BNode()
        g.add((b, RDF.type, PROV.Activity))
        g.add((b, RDF.type, BKB.Step))
        g.add((b, BKB.step, Literal(node.step)))
        g.add((b, DCTERMS.isPartOf, parent))
        g.add((b, BKB.order, Literal(order)))
        g.add((b, BKB.inputs, Literal(json.dumps(node.inputs, ensure_ascii=False))))
        g.add((b, BKB.value, Literal(json.dumps(node.value, ensure_ascii=False))))
        for c in node.cites:
            g.add((b, PROV.used, iri(c.id)))
        for k, child in enumerate(node.children):
            add(child, b, k + 1)

    for ev in result.events:
        e = BNode()
        g.add((e, RDF.type, PROV.Activity))
        g.add((e, BKB.eventKind, Literal(ev.kind)))
        g.add((e, BKB.order, Literal(ev.index + 1)))
        g.add((e, DCTERMS.isPartOf, run_node))
        g.add((e, BKB.value, Literal(json.dumps(ev.result, ensure_ascii=False))))
        add(ev.explanation, e, 1)
    return g
