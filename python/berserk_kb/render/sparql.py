"""``sparql`` and ``export`` as text: a query's answer as a table (or the JSON / Turtle of its
kind), and what an export wrote."""

from __future__ import annotations

import json
import re
from typing import Any

from ..store.files import escaped
from . import joined


def sparql_result(result: Any, as_json: bool) -> tuple[str, str]:
    """(standard output, standard error) for an rdflib query ``result``: ASK as ``true``/``false``,
    CONSTRUCT/DESCRIBE as Turtle (JSON-LD with ``as_json``), SELECT as tab-separated rows with the
    IRIs shortened by the predeclared prefixes (SPARQL results JSON with ``as_json``) and the row count."""
    if result.type == "ASK":
        answer = bool(result.askAnswer)
        return (json.dumps({"boolean": answer}) if as_json else str(answer).lower()) + "\n", ""
    if result.type in ("CONSTRUCT", "DESCRIBE"):
        return result.graph.serialize(format="json-ld" if as_json else "turtle"), ""
    if as_json:
        return result.serialize(format="json").decode("utf-8") + "\n", ""
    # the bindings, not the rows: rdflib's rows leave out a solution with every variable unbound
    rows = [[_term(b.get(v)) for v in result.vars] for b in result.bindings]
    out = joined(["\t".join(str(v) for v in result.vars), *("\t".join(r) for r in rows)])
    return out, f"({len(rows)} row{'s' if len(rows) != 1 else ''})\n"


def _term(t: Any) -> str:
    from ..graph.vocab import PREFIXES

    if t is None:
        return ""
    s = str(t)
    for p, ns in PREFIXES.items():
        if s.startswith(str(ns)) and t.__class__.__name__ == "URIRef":
            return f"{p}:{s[len(str(ns)):]}"
    # a run of spaces and breaks is one space; a line separator stays, shown as its escape as in
    # `show` (printable), not read as a space
    return " ".join(re.split(r"[^\S\u2028\u2029]+", s.strip()))


def export_note(export: Any) -> str:
    """What an export to a file wrote (for standard error); a control character in the file's name
    shown as its escape (``a\\x1b]0;x\\x07.ttl``), never dropped: the name is the file's."""
    return f"wrote {export.triples} triples as {export.format} to {escaped(str(export.file))}\n"


def export_data(export: Any) -> dict[str, Any]:
    """``export --json``: format, triples, file (and the text when no file was written)."""
    summary: dict[str, Any] = {"format": export.format, "triples": export.triples, "file": export.file}
    if export.file is None:
        summary["data"] = export.data
    return summary


def prefixes() -> dict[str, str]:
    """The prefixes every query has declared (``bkb: id: dcterms: skos: prov: rdf: rdfs: xsd:``) → their IRIs."""
    from ..graph.vocab import PREFIXES

    return {p: str(ns) for p, ns in PREFIXES.items()}


def tsv(result: Any) -> str:
    """A SELECT ``result`` as SPARQL 1.1 TSV: a header of ``?var``, then each row's terms in
    Turtle syntax (an unbound one empty), tabs and newlines inside literals escaped."""
    def cell(t: Any) -> str:
        return "" if t is None else t.n3().replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")

    rows = ["\t".join(f"?{v}" for v in result.vars)]
    rows += ["\t".join(cell(b.get(v)) for v in result.vars) for b in result.bindings]
    return joined(rows)
