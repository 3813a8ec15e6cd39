"""Graph checks: the RDF graph against the SHACL shapes of ``kb/shapes.ttl``."""

from __future__ import annotations

from typing import Iterable

from . import Context, Finding, check, finding


@check("G001", "shape", "error", "graph")
def shape(ctx: Context) -> Iterable[Finding]:
    """A node of the RDF graph that breaks a SHACL shape of ``kb/shapes.ttl`` (a unit without its
    Russian text, a resolved reference without a target, …), mapped back to its unit.

    Why: exports, SPARQL queries and the explanations read the graph; a broken node gives wrong or
    missing answers there.
    """
    from pyshacl import validate
    from rdflib import Graph, URIRef
    from rdflib.namespace import DCTERMS, SH

    from ..paths import ROOT

    shapes_path = ctx.kb.kb_dir / "shapes.ttl"
    if not shapes_path.exists():
        shapes_path = ROOT / "kb" / "shapes.ttl"
    shapes = Graph().parse(shapes_path, format="turtle")
    data = ctx.kb.graph
    conforms, report, _ = validate(data, shacl_graph=shapes, allow_warnings=True)
    if conforms:
        return
    for result in report.subjects(predicate=SH.resultSeverity):
        focus = report.value(result, SH.focusNode)
        path = report.value(result, SH.resultPath)
        message = report.value(result, SH.resultMessage)
        uid = data.value(focus, DCTERMS.identifier) if isinstance(focus, URIRef) else None
        uid = str(uid) if uid is not None else None
        unit = ctx.units.get(uid) if uid else None
        ed = unit.edition if unit is not None else None
        where = str(path).rsplit("/", 1)[-1].rsplit("#", 1)[-1] if path is not None else "node"
        yield finding(ctx, "G001", "error", f"{focus}:{where}:{message}",
                      f"{uid or focus}: {where}: {message}", edition=ed, unit=uid if unit is not None else None)
