"""Graph checks: the RDF graph against the SHACL shapes of ``kb/shapes.ttl``."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ..errors import InputError
from ..repository import ROOT
from ..text.readers import read_bytes
from .registry import Context, Finding, cached_json, check, code_of, finding

#: The SHACL shapes of a KB (Turtle), read from ``<kb>/shapes.ttl`` or the bundled ones.
SHAPES = "shapes.ttl"
#: The most a shapes file is read (the bundled one is a few KB).
SHAPES_LIMIT = 4 * 2**20


@check("G001", "shape", "error", "graph")
def shape(ctx: Context) -> Iterable[Finding]:
    """A node of the RDF graph that breaks a SHACL shape of ``kb/shapes.ttl`` (a unit without its
    Russian text, a resolved reference without a target, …), mapped back to its unit.

    Why: exports, SPARQL queries and the explanations read the graph; a broken node gives wrong or
    missing answers there.
    """
    shapes_path = ctx.kb.kb_dir / SHAPES
    shapes = read_bytes(shapes_path, "shapes file", limit=SHAPES_LIMIT, missing_ok=True, inside=ctx.kb.kb_dir)
    if shapes is None:
        shapes_path = ROOT / "kb" / SHAPES
        shapes = read_bytes(shapes_path, "shapes file", limit=SHAPES_LIMIT)
    # Turtle or not is kept by the bytes (rdflib is imported only for shapes not read before)
    cached_json("shapes", [shapes, code_of("checks/graph.py")], lambda: _parse_shapes(shapes, shapes_path))
    results = cached_json("shacl", [ctx.rulebook_digest, shapes, code_of("graph", "checks/graph.py")],
                          lambda: _validate(ctx, shapes))
    written_in = {r.id: r.source_unit for r in ctx.kb.rulebook.references}
    for uid, focus, where, message in results:
        host = written_in.get(uid, uid) if uid else None  # a reference: the unit it is written in
        unit = ctx.units.get(host) if host else None
        ed = unit.edition if unit is not None else None
        yield finding(ctx, "G001", "error", f"{focus}:{where}:{message}",
                      {"focus": uid or focus, "where": where, "message": message}, edition=ed,
                      unit=host if unit is not None else None)


def _validate(ctx: Context, shapes: bytes) -> list[list[str | None]]:
    from ..graph.build import rulebook_triples
    from ..graph.shacl import validate  # rdflib and pyshacl only when the result is not cached

    return validate(rulebook_triples(ctx.kb.rulebook), shapes)


def _parse_shapes(shapes: bytes, path: Path) -> bool:
    """Refuse shapes that are not Turtle before any graph is built or a result cached; True.

    Raises:
        InputError: ``path`` is not UTF-8 Turtle (one line naming the file and rdflib's line).
    """
    from rdflib import Graph

    try:
        Graph().parse(data=shapes.decode("utf-8"), format="turtle")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: shapes file is not UTF-8 (byte {exc.start})", path=path) from None
    except Exception as exc:  # rdflib raises many kinds (BadSyntax, ValueError, …) for a malformed file
        what = " ".join(str(exc).split())[:300]
        raise InputError(f"{path}: shapes file is not valid Turtle: {what}", path=path) from None
    return True
