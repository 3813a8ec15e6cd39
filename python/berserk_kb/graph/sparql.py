"""Read-only SPARQL over the graph: a query checked (and refused when it asks for what is not
allowed) before the graph is read, then run within a time limit — in Oxigraph
(:func:`~.store.query`, after :func:`screen_sparql`) or in rdflib (:func:`sparql`, after
:func:`prepare_sparql`)."""

from __future__ import annotations

import contextlib
import logging
import re
import sys
import threading
from collections.abc import Iterator
from typing import Any

from rdflib import Graph

from ..errors import QueryError, QueryTimeout
from .vocab import PREFIXES


def _uses(node: Any, name: str) -> bool:
    """True when the algebra ``node`` holds a node called ``name`` anywhere."""
    if isinstance(node, dict):
        if getattr(node, "name", None) == name:
            return True
        return any(_uses(v, name) for v in node.values())
    if isinstance(node, (list, tuple)):
        return any(_uses(v, name) for v in node)
    return False


def _slices(node: Any) -> list[int]:
    """The LIMIT and OFFSET numbers of every slice in the algebra ``node``."""
    if isinstance(node, dict):
        own = [getattr(node, k, None) for k in ("start", "length")] if getattr(node, "name", None) == "Slice" else []
        return [n for n in own if isinstance(n, int)] + [n for v in node.values() for n in _slices(v)]
    if isinstance(node, (list, tuple)):
        return [n for v in node for n in _slices(v)]
    return []


def _is_update(query: str) -> bool:
    """True when ``query`` parses as a SPARQL update (INSERT, DELETE, LOAD, CLEAR, …)."""
    from rdflib.plugins.sparql.parser import parseUpdate

    try:
        parseUpdate(query)
    except Exception:
        return False
    return True


# rdflib logs a literal that does not fit its datatype ("x"^^xsd:integer) as a warning with its
# traceback; with no handler of its own, Python's last-resort handler printed it on stderr. The
# query still answers (the literal has no value), so the warning is not ours to print.
logging.getLogger("rdflib.term").addHandler(logging.NullHandler())


MAX_QUERY_BYTES = 64 * 1024


#: The words a query must hold (in any case) to name a remote service, a dataset or a named graph, or
#: to spell one with an escape: only a query holding one is parsed by rdflib before Oxigraph runs it.
_SCREEN = re.compile(r"\b(?:service|graph|from)\b|\\u", re.IGNORECASE)
#: A query names its form; text without one of these words is no query (told by rdflib's parser).
_FORM = re.compile(r"\b(?:select|ask|construct|describe)\b", re.IGNORECASE)


def _limits(query: str) -> None:
    if not re.sub(r"#[^\n\r]*", "", query).strip():  # a token that starts with # is a comment
        raise QueryError("empty SPARQL query (nothing but spaces or comments)")
    if "\x00" in query:
        raise QueryError("SPARQL query contains a NUL character")
    if len(query.encode("utf-8", "surrogatepass")) > MAX_QUERY_BYTES:
        raise QueryError(f"SPARQL query is longer than {MAX_QUERY_BYTES // 1024} KB")


def screen_sparql(query: str) -> str:
    """``query``, once it is known to ask for nothing :func:`prepare_sparql` refuses — SERVICE
    (Oxigraph would make the request), FROM, GRAPH — without rdflib's parser (slow to load) for the
    queries that cannot ask for them: those without the words ``service``, ``graph``, ``from`` or an
    escape ``\\u``, and that name a query form (``select``, ``ask``, ``construct``, ``describe``: text
    without one is told by rdflib's parser here). Updates and other syntax errors are told when
    Oxigraph parses the query (:func:`~.store.query`).

    Raises:
        QueryError: as :func:`prepare_sparql`.
    """
    _limits(query)
    if _SCREEN.search(query) or not _FORM.search(query):
        prepare_sparql(query)
    return query


_PARSING = threading.Lock()


def prepare_sparql(query: str) -> Any:
    """Parse a read-only SPARQL query with the predeclared prefixes (see :func:`sparql`).

    Raises:
        QueryError: the query is longer than 64 KB, does not parse, is an update, uses SERVICE, or
            names a dataset (FROM, FROM NAMED) or a named graph (GRAPH): queries run over the
            rulebook graph only.
    """
    from pyparsing import ParseException
    from rdflib.plugins.sparql import prepareQuery

    _limits(query)
    try:
        with _PARSING:  # pyparsing's parser is not thread-safe: a server parses one query at a time
            prepared = prepareQuery(query, initNs=PREFIXES)
    except ParseException as exc:
        if _is_update(query):
            raise QueryError("SPARQL updates (INSERT, DELETE, LOAD, CLEAR, …) are not allowed: the endpoint is "
                             "read-only") from None
        raise QueryError(f"SPARQL syntax error at line {exc.lineno}, column {exc.col}: {exc.msg}", line=exc.lineno,
                         refusal={"kind": "sparql_syntax", "values": [exc.lineno, exc.col, exc.msg]}) from None
    except RecursionError:  # pyparsing recurses once per level of nesting
        raise QueryError("SPARQL query is too deeply nested or too complex to read") from None
    except Exception as exc:  # rdflib raises assorted errors for bad prefixes, IRIs, …
        raise QueryError(f"SPARQL query rejected: {' '.join(str(exc).split())[:200]}") from None
    too_large = [n for n in _slices(prepared.algebra) if n > sys.maxsize]
    if too_large:  # rdflib would fail in itertools.islice, with Python's words
        raise QueryError(f"SPARQL LIMIT or OFFSET {too_large[0]} is larger than the most, {sys.maxsize}")
    if _uses(prepared.algebra, "ServiceGraphPattern"):
        raise QueryError("SPARQL SERVICE is not allowed (the knowledge base does not make remote requests)")
    if prepared.algebra.get("datasetClause"):
        raise QueryError("SPARQL FROM / FROM NAMED is not supported: queries run over the rulebook graph")
    if _uses(prepared.algebra, "Graph"):
        raise QueryError("SPARQL GRAPH is not supported: the rulebook is one graph, with no named graphs")
    return prepared


def sparql(graph: Graph, query: Any) -> Any:
    """Run a read-only SPARQL query (SELECT, ASK, CONSTRUCT, DESCRIBE) over ``graph``.

    The prefixes ``bkb: id: dcterms: skos: prov: rdf: rdfs: xsd:`` are predeclared. Remote access
    is refused: ``SERVICE`` raises, and ``FROM`` graphs are not fetched.

    ``query`` is a query string or the result of :func:`prepare_sparql`. Returns an rdflib
    ``Result``.

    Raises:
        QueryError: the query does not parse, is an update, uses SERVICE, or fails to evaluate.
    """
    import rdflib.plugins.sparql as sparql_plugin

    sparql_plugin.SPARQL_LOAD_GRAPHS = False
    prepared = prepare_sparql(query) if isinstance(query, str) else query
    try:
        result = graph.query(prepared)
        if result.type == "SELECT":
            result.bindings  # noqa: B018 - evaluate now, so errors surface here
        return result
    except RecursionError:  # rdflib on arithmetic with a literal that has no value: STRDT("x", xsd:integer) + 1
        raise QueryError("SPARQL evaluation failed: rdflib could not compute an expression "
                         "(is a literal's text not of its datatype?)") from None
    except Exception as exc:
        raise QueryError(f"SPARQL evaluation failed: {' '.join(str(exc).split())[:200]}") from None


class _TimeUp(BaseException):  # not an Exception: library code must not swallow it
    pass


@contextlib.contextmanager
def time_limit(seconds: float, what: str) -> Iterator[None]:
    """Stop the work inside after ``seconds``: by SIGALRM on the main thread; on another thread (a
    server's), by raising in that thread when a timer fires (pure-Python work, such as rdflib's
    query evaluation, stops at its next step; a long call into C finishes first).

    Raises:
        QueryTimeout: the time ran out (names ``what``).
    """
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        try:
            with _thread_time_limit(seconds):
                yield
        except _TimeUp:
            raise QueryTimeout(f"{what} did not finish within {seconds:g} s", seconds) from None
        return

    def expire(signum, frame):
        raise _TimeUp()

    old = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    except _TimeUp:
        raise QueryTimeout(f"{what} did not finish within {seconds:g} s (see --timeout)", seconds) from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@contextlib.contextmanager
def _thread_time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`_TimeUp` in this thread after ``seconds`` unless the block has ended by then."""
    import ctypes
    import threading

    tid = ctypes.c_ulong(threading.get_ident())
    lock = threading.Lock()
    state = {"done": False, "fired": False}

    def fire() -> None:
        with lock:
            if not state["done"]:
                state["fired"] = True
                ctypes.pythonapi.PyThreadState_SetAsyncExc(tid, ctypes.py_object(_TimeUp))

    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        with lock:
            state["done"] = True
        timer.cancel()
        if state["fired"]:  # raised, or still pending: clear it so that it cannot strike later code
            ctypes.pythonapi.PyThreadState_SetAsyncExc(tid, None)
