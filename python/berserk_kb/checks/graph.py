"""Graph checks: the RDF graph against the SHACL shapes of ``kb/shapes.ttl``."""

from __future__ import annotations

from collections.abc import Iterable

from ..repository import ROOT
from .registry import Context, Finding, cached_json, check, code_of, finding


@check("G001", "shape", "error", "graph")
def shape(ctx: Context) -> Iterable[Finding]:
    """A node of the RDF graph that breaks a SHACL shape of ``kb/shapes.ttl`` (a unit without its
    Russian text, a resolved reference without a target, …), mapped back to its unit.

    Why: exports, SPARQL queries and the explanations read the graph; a broken node gives wrong or
    missing answers there.
    """
    shapes_path = ctx.kb.kb_dir / "shapes.ttl"
    if not shapes_path.exists():
        shapes_path = ROOT / "kb" / "shapes.ttl"
    shapes = shapes_path.read_bytes()
    results = cached_json("shacl", [ctx.rulebook_digest, shapes, code_of("graph", "checks/graph.py")],
                          lambda: _validate(ctx, shapes))
    for uid, focus, where, message in results:
        unit = ctx.units.get(uid) if uid else None
        ed = unit.edition if unit is not None else None
        yield finding(ctx, "G001", "error", f"{focus}:{where}:{message}",
                      f"{uid or focus}: {where}: {message}", edition=ed, unit=uid if unit is not None else None)


def _validate(ctx: Context, shapes: bytes) -> list[list[str | None]]:
    from ..graph.build import rulebook_triples
    from ..graph.shacl import validate  # rdflib and pyshacl only when the result is not cached

    return validate(rulebook_triples(ctx.kb.rulebook), shapes)
