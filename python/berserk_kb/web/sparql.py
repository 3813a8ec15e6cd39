"""The SPARQL endpoint (SPARQL 1.1 protocol, query operation): ``GET /sparql?query=…``, ``POST``
with a form field ``query`` or with the query as an ``application/sparql-query`` body. Results:
SPARQL JSON (the default), XML, CSV or TSV for SELECT, JSON or XML for ASK; Turtle (the default),
N-Triples or JSON-LD for CONSTRUCT and DESCRIBE — by the ``Accept`` header or ``format=``.

The query runs as ``berserk-kb sparql`` runs it: read-only, the predeclared prefixes, SERVICE and
FROM refused, at most 64 KB, in Oxigraph, in a child process capped in memory and killed at the time
limit — a child of the server's query process (:mod:`.queries`), so that a server is never left
running the queries it gave up on. An XML answer never holds a character XML 1.0 forbids (each is
U+FFFD, :data:`NOT_XML`).

Two lanes (:class:`Lanes`), so that small queries are answered while a heavy one runs: every query
first runs in the fast lane (a few workers) under a short limit; one that needs longer is stopped
there and runs again in the slow lane (one worker, its own bounded queue) with the full limit.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..errors import QueryError, QueryTimeout
from ..render import sparql as sparql_text
from .inputs import Gate

#: The fast lane's time limit per query, in seconds, and its workers and places.
FAST_LIMIT, FAST_WORKERS, FAST_QUEUE = 1.0, 3, 16


class Lanes:
    """The SPARQL lanes of a server. :meth:`run` calls ``fn(*args, seconds)`` in the fast lane with
    ``seconds`` = ``min(fast, timeout)``; if that runs out of time (and ``timeout`` is longer), again
    in the slow lane (one worker, ``slow_queue`` places) with ``timeout``. Either lane refuses at
    once when full (:class:`~.inputs.Busy`) and takes out a query not started within ``wait`` s.

    Raises (from :meth:`run`): Busy, Waited, QueryError, QueryTimeout (out of time in the slow lane,
    or in the fast one when ``timeout`` is no longer than ``fast``).
    """

    def __init__(self, timeout: float, slow_queue: int = 4, wait: float = 10.0, fast: float = FAST_LIMIT) -> None:
        self._pools = [ThreadPoolExecutor(FAST_WORKERS, thread_name_prefix="sparql"),
                       ThreadPoolExecutor(1, thread_name_prefix="sparql-slow")]
        self.fast, self.slow = Gate(FAST_QUEUE, self._pools[0], wait), Gate(slow_queue, self._pools[1], wait)
        self.timeout, self.limit = timeout, min(fast, timeout)

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        try:
            return await self.fast.run(fn, *args, self.limit)
        except QueryTimeout:
            if self.limit >= self.timeout:
                raise
        return await self.slow.run(fn, *args, self.timeout)

    @property
    def busy(self) -> int:
        return self.fast.busy + self.slow.busy

    def shutdown(self) -> None:
        for pool in self._pools:
            pool.shutdown(wait=False)

TABLES = {  # name → media type, for SELECT and ASK
    "json": "application/sparql-results+json", "xml": "application/sparql-results+xml",
    "csv": "text/csv", "tsv": "text/tab-separated-values",
}
GRAPHS = {"turtle": "text/turtle", "ntriples": "application/n-triples", "json-ld": "application/ld+json"}
#: Generic media types some clients send for the results: each as the results format it names.
GENERIC = {"application/json": "json", "application/xml": "xml", "text/xml": "xml", "text/plain": "tsv"}
_RDFLIB = {"turtle": "turtle", "ntriples": "nt", "json-ld": "json-ld"}


def wanted(accept: str, fmt: str | None) -> list[str]:
    """The format names the client asks for, best first: ``format=`` (a name or a media type), then
    the ``Accept`` header by its q-values.

    Raises:
        QueryError: ``format=`` names no format the endpoint has.
    """
    names = {**{k: k for k in (*TABLES, *GRAPHS)}, **{v: k for k, v in (*TABLES.items(), *GRAPHS.items())},
             **GENERIC, "application/x-turtle": "turtle", "nt": "ntriples"}
    if fmt:
        if fmt.strip().lower() not in names:
            raise QueryError(f"unknown format {fmt[:40]!r} (one of {', '.join((*TABLES, *GRAPHS))})")
        return [names[fmt.strip().lower()]]
    ranked = []
    for n, part in enumerate(accept.split(",")):
        media, *params = [p.strip() for p in part.split(";")]
        q = next((p[2:] for p in params if p.startswith("q=")), "1")
        try:
            weight = float(q)
        except ValueError:
            weight = 0.0
        if media.lower() in names and weight > 0:
            ranked.append((-weight, n, names[media.lower()]))
    return [name for _, _, name in sorted(ranked)]


#: The characters XML 1.0 does not allow, even escaped (C0 controls but tab and line ends, U+FFFE,
#: U+FFFF, lone surrogates): in an XML answer each becomes U+FFFD (docs/web.md).
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def answer_text(kb: Any, query: str, accept: str, fmt: str | None, timeout: float) -> list[str]:
    """[media type, text] of the answer to ``query`` (run by the server's query process,
    :mod:`.queries`; the text is sent as UTF-8).

    Raises:
        QueryError: the query does not parse, is not allowed, fails or runs out of time; or the
            format asked for does not fit the query's kind.
    """
    names = wanted(accept, fmt)
    result = kb.sparql(query, timeout)
    if result.type in ("CONSTRUCT", "DESCRIBE"):
        name = next((n for n in names if n in GRAPHS), None)
        if name is None and fmt:
            raise QueryError(f"a {result.type} query answers with a graph: format is one of {', '.join(GRAPHS)}")
        name = name or "turtle"
        return [GRAPHS[name] + "; charset=utf-8", result.graph.serialize(format=_RDFLIB[name])]
    allowed = TABLES if result.type == "SELECT" else {k: TABLES[k] for k in ("json", "xml")}
    name = next((n for n in names if n in allowed), None)
    if name is None and fmt:
        raise QueryError(f"a {result.type} query answers with results: format is one of {', '.join(allowed)}")
    name = name or "json"
    if name == "tsv":
        return [TABLES["tsv"] + "; charset=utf-8", sparql_text.tsv(result)]
    body = result.serialize(format=name)
    text = body.decode("utf-8") if isinstance(body, bytes) else body
    if name == "xml":  # no markup holds these characters: only text from the graph does
        text = NOT_XML.sub("\ufffd", text)
    return [TABLES[name] + "; charset=utf-8", text]


EXAMPLE = """SELECT ?number ?text WHERE {
  ?p a bkb:Paragraph ; bkb:edition id:A ; skos:notation ?number ; bkb:text ?text .
} ORDER BY ?number LIMIT 10"""


#: At most this many rows of a result on the query page (the protocol answers have them all).
PAGE_ROWS = 500


def table(kb: Any, query: str, timeout: float) -> dict[str, Any]:
    """The answer to ``query`` as the query page shows it: ``{"type", "vars", "rows", "total",
    "ask"}`` — a SELECT's variables and rows, an ASK's answer, a CONSTRUCT's or DESCRIBE's triples
    (as rows of subject, predicate, object); at most :data:`PAGE_ROWS` rows.

    Raises:
        QueryError: as :func:`answer`.
    """
    result = kb.sparql(query, timeout)
    if result.type == "ASK":
        return {"type": "ASK", "vars": [], "rows": [], "total": 0, "ask": bool(result.askAnswer)}
    if result.type in ("CONSTRUCT", "DESCRIBE"):
        names, rows = ["subject", "predicate", "object"], [list(t) for t in result.graph]
    else:
        # the bindings, not the rows: rdflib's rows leave out a solution with every variable unbound
        names, rows = [str(v) for v in result.vars], [[b.get(v) for v in result.vars] for b in result.bindings]
    return {"type": result.type, "vars": names, "total": len(rows), "ask": None,
            "rows": [["" if t is None else str(t) for t in row] for row in rows[:PAGE_ROWS]]}
