"""The graph serialized from its Oxigraph store: Turtle (Oxigraph's writer) or JSON-LD (written
here, compacted with the prefixes of :data:`~.iris.PREFIX_IRIS` as its context). Both take the
triples sorted (by their N-Triples lines), so that the same graph is always the same text, and both
cost time in proportion to the graph (rdflib's writers slowed down with every paragraph IRI they
shortened). The text is kept in the cache beside the graph (:func:`kept_export`)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..store.entries import read_entry, write_entry
from .iris import PREFIX_IRIS

EXPORT_FORMATS = {"turtle": "turtle", "json-ld": "json-ld"}
_XSD = "http://www.w3.org/2001/XMLSchema#"
_RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"


@dataclass(frozen=True)
class Export:
    """``berserk-kb export``: the graph serialized as ``format`` (``data``), its number of triples,
    and the file it was written to (``None``: not written)."""

    format: str
    triples: int
    file: str | None
    data: str


def check_format(fmt: str) -> str:
    """``fmt``, if it is an export format.

    Raises:
        InputError: it is not.
    """
    if fmt not in EXPORT_FORMATS:
        raise InputError(f"unknown export format {fmt!r} (use turtle or json-ld)")
    return fmt


def export(store: Any, fmt: str) -> str:
    """Serialize the graph in the Oxigraph ``store`` (its default graph) as ``turtle`` or ``json-ld``.

    Raises:
        InputError: unknown format.
    """
    import pyoxigraph as ox

    check_format(fmt)
    lines = (store.dump(format=ox.RdfFormat.N_TRIPLES, from_graph=ox.DefaultGraph()) or b"").splitlines()
    lines.sort()  # a triple a line: a total order, each subject's triples together
    triples = (q.triple for q in ox.parse(b"\n".join(lines), format=ox.RdfFormat.N_TRIPLES))
    if fmt == "turtle":
        text = ox.serialize(triples, format=ox.RdfFormat.TURTLE, prefixes=PREFIX_IRIS)
        return (text or b"").decode()
    return _json_ld(triples)


def kept_export(path: Path, store: Callable[[], Any], fmt: str) -> tuple[str, int]:
    """(the export of the graph as ``fmt``, its number of triples), kept in the cache entry ``path``
    (the count, a newline, the text) or written from the Oxigraph ``store()`` when the entry is
    missing or damaged (and kept unless the cache cannot be written).

    Raises:
        InputError: unknown format; the cache folder is not the user's alone.
    """
    check_format(fmt)
    data = read_entry(path)
    if data is not None:
        head, sep, text = data.partition(b"\n")
        if sep and head.isdigit():
            with contextlib.suppress(UnicodeDecodeError):
                return text.decode("utf-8"), int(head)
    graph = store()
    out, triples = export(graph, fmt), len(graph)
    with contextlib.suppress(InputError):  # a read-only or full cache: not kept, the same answer
        write_entry(path, f"{triples}\n{out}")
    return out, triples


def _json_ld(triples: Any) -> str:
    """JSON-LD of ``triples`` sorted by subject: ``{"@context": prefixes, "@graph": [node, …]}``, one
    node object per subject (a line each) with ``@id``, ``@type`` and each property's values, IRIs
    compacted."""
    import pyoxigraph as ox

    prefixes = sorted(((ns, p) for p, ns in PREFIX_IRIS.items()), key=lambda x: -len(x[0]))
    compacted: dict[str, str] = {}

    def compact(iri: str) -> str:
        short = compacted.get(iri)
        if short is None:
            short = compacted[iri] = next((f"{p}:{iri[len(ns):]}" for ns, p in prefixes if iri.startswith(ns)
                                           and not iri[len(ns):].startswith("//")), iri)
        return short

    def ref(term: Any) -> str:
        return compact(term.value) if isinstance(term, ox.NamedNode) else f"_:{term.value}"

    def value(term: Any) -> Any:
        if not isinstance(term, ox.Literal):
            return {"@id": ref(term)}
        if term.language:
            return {"@language": term.language, "@value": term.value}
        dt = term.datatype.value
        if dt == _XSD + "string":
            return term.value
        if dt == _XSD + "integer" and term.value.lstrip("-").isdigit() and str(int(term.value)) == term.value:
            return int(term.value)  # a JSON number is an xsd:integer in its canonical form
        if dt == _XSD + "boolean" and term.value in ("true", "false"):
            return term.value == "true"
        return {"@type": compact(dt), "@value": term.value}

    nodes: list[dict[str, Any]] = []
    node: dict[str, Any] = {}
    subject = None
    for t in triples:
        if t.subject != subject:
            subject = t.subject
            node = {"@id": ref(subject)}
            nodes.append(node)
        if t.predicate.value == _RDF_TYPE and not isinstance(t.object, ox.Literal):
            key, v = "@type", ref(t.object)
        else:
            key, v = compact(t.predicate.value), value(t.object)
        if key not in node:
            node[key] = v
        elif isinstance(node[key], list):
            node[key].append(v)
        else:
            node[key] = [node[key], v]
    context = json.dumps(dict(sorted(PREFIX_IRIS.items())), ensure_ascii=False, indent=2).replace("\n", "\n  ")
    graph = ",\n    ".join(json.dumps(n, ensure_ascii=False) for n in nodes)  # one node a line (C's encoder)
    return f'{{\n  "@context": {context},\n  "@graph": [\n    {graph}\n  ]\n}}\n'
