"""The graph serialized from its Oxigraph store: Turtle (Oxigraph's writer) or JSON-LD (written
here, compacted with the prefixes of :data:`~.iris.PREFIX_IRIS` as its context). Both take the
triples sorted (by their N-Triples lines), so that the same graph is always the same text, and both
cost time in proportion to the graph (rdflib's writers slowed down with every paragraph IRI they
shortened). The text is kept in the cache beside the graph (:func:`kept_export`)."""

from __future__ import annotations

import contextlib
import json
import re
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
#: An xsd:integer a JSON number stands for exactly (canonical, and within a double's 53 bits).
_CANONICAL_INTEGER = re.compile(r"-?(0|[1-9][0-9]{0,14})")


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
    lines = (store.dump(format=ox.RdfFormat.N_TRIPLES, from_graph=ox.DefaultGraph()) or b"").split(b"\n")
    lines = sorted(line for line in lines if line)  # a triple a line: a total order, a subject's together
    if fmt == "turtle":
        triples = (q.triple for q in ox.parse(b"\n".join(lines), format=ox.RdfFormat.N_TRIPLES))
        text = ox.serialize(triples, format=ox.RdfFormat.TURTLE, prefixes=PREFIX_IRIS)
        return (text or b"").decode()
    return _json_ld([line.decode() for line in lines])


def kept_export(path: Path, store: Callable[[], Any], fmt: str) -> tuple[str, int]:
    """(the export of the graph as ``fmt``, its number of triples), kept in the cache entry ``path``
    (the count, a newline, the text) or written from the Oxigraph ``store()`` when the entry is
    missing or damaged (and kept unless the cache cannot be written).

    Raises:
        InputError: unknown format.
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


def _json_ld(lines: list[str]) -> str:
    """JSON-LD of the N-Triples ``lines`` sorted: ``{"@context": prefixes, "@graph": [node, …]}``,
    one node object per subject (a line each) with ``@id``, ``@type`` and each property's values,
    IRIs compacted. Written as text: Oxigraph's N-Triples has one triple a line, IRIs with no ``"``,
    ``\\`` or control character, and literals quoted with JSON's escapes (``\\"``, ``\\n``, ``\\u0000``, …)."""
    prefixes = sorted(((ns, p) for p, ns in PREFIX_IRIS.items()), key=lambda x: -len(x[0]))
    compacted: dict[str, str] = {}

    def compact(iri: str) -> str:
        short = compacted.get(iri)
        if short is None:
            short = compacted[iri] = next((f"{p}:{iri[len(ns):]}" for ns, p in prefixes if iri.startswith(ns)
                                           and not iri[len(ns):].startswith("//")), iri)
        return short

    def ref(term: str) -> str:  # <iri> or _:label
        return compact(term[1:-1]) if term[0] == "<" else term

    def value(term: str) -> str:
        if term[0] != '"':
            return f'{{"@id": "{ref(term)}"}}'
        end = term.rfind('"')
        quoted, suffix = term[: end + 1], term[end + 1:]
        if not suffix:  # xsd:string
            return quoted
        if suffix[0] == "@":
            return f'{{"@language": "{suffix[1:]}", "@value": {quoted}}}'
        datatype = suffix[3:-1]  # ^^<…>
        if datatype == _XSD + "integer" and _CANONICAL_INTEGER.fullmatch(quoted[1:-1]):
            return quoted[1:-1]  # a JSON number is an xsd:integer in its canonical form
        if datatype == _XSD + "boolean" and quoted in ('"true"', '"false"'):
            return quoted[1:-1]
        return f'{{"@type": "{compact(datatype)}", "@value": {quoted}}}'

    nodes: list[str] = []
    subject, props = "", dict[str, list[str]]()

    def node() -> str:
        fields = [f'"@id": "{ref(subject)}"'] + [f'"{k}": {v[0] if len(v) == 1 else "[" + ", ".join(v) + "]"}'
                                                 for k, v in props.items()]
        return "{" + ", ".join(fields) + "}"

    rdf_type = f"<{_RDF_TYPE}>"
    for line in lines:
        s, p, rest = line.split(" ", 2)
        o = rest[:-2]  # « .» ends the line
        if s != subject:
            if subject:
                nodes.append(node())
            subject, props = s, {}
        if p == rdf_type and o[0] != '"':
            props.setdefault("@type", []).append(f'"{ref(o)}"')
        else:
            props.setdefault(compact(p[1:-1]), []).append(value(o))
    if subject:
        nodes.append(node())
    context = json.dumps(dict(sorted(PREFIX_IRIS.items())), ensure_ascii=False, indent=2).replace("\n", "\n  ")
    graph = ",\n    ".join(nodes)
    return f'{{\n  "@context": {context},\n  "@graph": [\n    {graph}\n  ]\n}}\n'
