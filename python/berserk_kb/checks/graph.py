"""Graph checks: the RDF graph against the SHACL shapes of ``kb/shapes.ttl``."""

from __future__ import annotations

from typing import Iterable

from . import Context, Finding, cached_json, check, code_of, finding


@check("G001", "shape", "error", "graph")
def shape(ctx: Context) -> Iterable[Finding]:
    """A node of the RDF graph that breaks a SHACL shape of ``kb/shapes.ttl`` (a unit without its
    Russian text, a resolved reference without a target, …), mapped back to its unit.

    Why: exports, SPARQL queries and the explanations read the graph; a broken node gives wrong or
    missing answers there.
    """
    from ..paths import ROOT

    shapes_path = ctx.kb.kb_dir / "shapes.ttl"
    if not shapes_path.exists():
        shapes_path = ROOT / "kb" / "shapes.ttl"
    shapes = shapes_path.read_bytes()
    results = cached_json("shacl", [ctx.rulebook_digest, shapes, code_of("graph.py", "checks/graph.py")],
                          lambda: _validate(ctx, shapes))
    for uid, focus, where, message in results:
        unit = ctx.units.get(uid) if uid else None
        ed = unit.edition if unit is not None else None
        yield finding(ctx, "G001", "error", f"{focus}:{where}:{message}",
                      f"{uid or focus}: {where}: {message}", edition=ed, unit=uid if unit is not None else None)


def _validate(ctx: Context, shapes: bytes) -> list[list[str | None]]:
    """pyshacl over the rulebook's graph: ``[unit id or None, focus node, path, message]`` per result."""
    from pyshacl import validate
    from rdflib import Graph, URIRef
    from rdflib.namespace import DCTERMS, SH

    data = ctx.kb.graph
    # inplace: no inference is asked for, so pyshacl need not clone the data graph (at 10k paragraphs
    # the clone doubled the check's peak memory)
    conforms, report, _ = validate(data, shacl_graph=Graph().parse(data=shapes, format="turtle"),
                                   allow_warnings=True, inference="none", inplace=True)
    out = []
    if conforms:
        return out
    for result in report.subjects(predicate=SH.resultSeverity):
        focus = report.value(result, SH.focusNode)
        path = report.value(result, SH.resultPath)
        message = report.value(result, SH.resultMessage)
        uid = data.value(focus, DCTERMS.identifier) if isinstance(focus, URIRef) else None
        where = str(path).rsplit("/", 1)[-1].rsplit("#", 1)[-1] if path is not None else "node"
        out.append([str(uid) if uid is not None else None, str(focus), where, str(message)])
    return sorted(out)
