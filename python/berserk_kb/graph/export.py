"""The graph serialized: Turtle or JSON-LD (with the prefixes of :data:`~.vocab.PREFIXES` as context)."""

from __future__ import annotations

from dataclasses import dataclass

from rdflib import Graph

from ..errors import InputError
from .vocab import PREFIXES

EXPORT_FORMATS = {"turtle": "turtle", "json-ld": "json-ld"}


@dataclass(frozen=True)
class Export:
    """``berserk-kb export``: the graph serialized as ``format`` (``data``), its number of triples,
    and the file it was written to (``None``: not written)."""

    format: str
    triples: int
    file: str | None
    data: str


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
