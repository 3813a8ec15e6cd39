"""The graph validated against SHACL shapes (pyshacl), each result mapped back to its unit.

pyshacl reads an rdflib graph; it is built of the triples the shapes can read only (:func:`shape_paths`):
a constraint of SHACL Core looks at the values of its paths, the types of nodes (targets, ``sh:class``)
and nothing else, so the results are those over the whole graph, in about half its memory.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rdflib import RDF, RDFS, Graph, URIRef
from rdflib.namespace import DCTERMS, SH

#: Shape terms naming the properties whose values a shape compares or targets by.
_PROPERTY_TERMS = (SH.path, SH.equals, SH.disjoint, SH.lessThan, SH.lessThanOrEquals,
                   SH.targetSubjectsOf, SH.targetObjectsOf)


def shape_paths(shapes: Graph) -> set[URIRef] | None:
    """The predicates the ``shapes`` can read: every property a path, a comparison or a target
    names, with ``rdf:type`` and ``rdfs:subClassOf`` (targets and ``sh:class``) and
    ``dcterms:identifier`` (what a result is mapped back by); ``None`` (every triple is needed)
    when a shape is closed, has a path that is not a property (a sequence, an inverse, …) or is
    SPARQL-based."""
    if any(shapes.triples((None, SH.closed, None))) or any(shapes.triples((None, SH.sparql, None))) \
            or any(shapes.triples((None, SH.target, None))):
        return None
    out = {RDF.type, RDFS.subClassOf, DCTERMS.identifier}
    for term in _PROPERTY_TERMS:
        for value in shapes.objects(None, term):
            if not isinstance(value, URIRef):
                return None
            out.add(value)
    return out


def validate(data: Iterable[Any], shapes: bytes, project: bool = True) -> list[list[str | None]]:
    """pyshacl over the triples ``data`` (an rdflib graph will do) with the Turtle ``shapes``, on the
    triples they can read (:func:`shape_paths`; every triple with ``project=False``, the slower
    way to the same results): ``[unit id or None, focus node, path, message]`` per result, sorted
    (empty when the graph conforms)."""
    from pyshacl import validate as shacl_validate

    shapes_graph = Graph().parse(data=shapes, format="turtle")
    keep = shape_paths(shapes_graph) if project else None
    if keep is None and isinstance(data, Graph):
        graph = data  # validated as it is (and not changed: no inference)
    else:
        graph = Graph()
        graph.addN((s, p, o, graph) for s, p, o in data if keep is None or p in keep)
    # inplace: no inference is asked for, so pyshacl need not clone the data graph (at 10k paragraphs
    # the clone doubled the check's peak memory)
    conforms, report, _ = shacl_validate(graph, shacl_graph=shapes_graph, allow_warnings=True,
                                         inference="none", inplace=True)
    out: list[list[str | None]] = []
    if conforms:
        return out
    for result in report.subjects(predicate=SH.resultSeverity):
        focus = report.value(result, SH.focusNode)
        path = report.value(result, SH.resultPath)
        message = report.value(result, SH.resultMessage)
        uid = graph.value(focus, DCTERMS.identifier) if isinstance(focus, URIRef) else None
        where = str(path).rsplit("/", 1)[-1].rsplit("#", 1)[-1] if path is not None else "node"
        out.append([str(uid) if uid is not None else None, str(focus), where, str(message)])
    return sorted(out)
