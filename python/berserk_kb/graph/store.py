"""The full graph in Oxigraph (pyoxigraph: an embedded RDF database with SPARQL 1.1), kept in the
cache, and read-only SPARQL run there.

**Kept.** The graph (:func:`~.build.rulebook_triples` and :func:`~.build.card_triples`) is one
cache entry (:mod:`berserk_kb.store.entries`: the one key recipe, the one entry format with its
digest): ``graph/<key>.nt``, N-Triples — data, nothing in it runs. The key is that of the links
(:func:`~berserk_kb.lexicon.linking.links_key`: the rulebook's sources, the names and the imported
cards they come from, the code that reads them) with the graph's code and the versions of rdflib and
pyoxigraph (:func:`graph_key`; the exports are kept under it too, :func:`~.export.kept_export`). A command reads the
entry into an in-memory store (milliseconds for the bundled rulebook);
an entry that is missing or damaged (its digest does not match) is built again, and a cache that
cannot be written only means the graph is built on every run.

**Queried.** :func:`query` runs a query that :func:`~.sparql.screen_sparql` let through on the
store, in a worker thread, and answers with an rdflib ``Result`` (the terms converted), so what
prints it does not depend on the engine. Oxigraph cannot be interrupted: a query past its time
limit is answered with an error at once and, when it is working inside Oxigraph, finishes in the
background (the ``sparql`` command runs it in a child process, :func:`~.child.bounded`, capped in
memory and killed at the limit; a server uses rdflib's engine, which stops).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pyoxigraph as ox

from ..errors import InputError, QueryError, QueryTimeout
from ..store.entries import code_key, entry_path, key, read_entry, write_entry
from .iris import PREFIX_IRIS

_XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"


def graph_key(rulebook: Any, kb_dir: Path) -> str:
    """The key of the graph of the KB at ``kb_dir`` (parsed as ``rulebook``): see the module docstring."""
    from ..lexicon.linking import links_key

    return key(links_key(rulebook, kb_dir), code_key("graph", libraries=("rdflib", "pyoxigraph")))


def store_path(rulebook: Any, kb_dir: Path) -> Path:
    """Where the graph of the KB at ``kb_dir`` (parsed as ``rulebook``) is kept."""
    return entry_path("graph", graph_key(rulebook, kb_dir), suffix=".nt")


def open_store(path: Path, triples: Callable[[], Iterable[Any]]) -> ox.Store:
    """An in-memory Oxigraph store holding the graph kept in the entry ``path``, or ``triples()``
    (rdflib terms) when the entry is missing or damaged — then written there, unless the cache
    cannot be written. A process that asks again for the same entry (its path is the digest of what
    the graph is derived from) gets the store it read before; treat it as read-only.
    """
    try:
        return _kept_store(path)
    except LookupError:  # missing, or a whole entry written by another version: built again
        pass
    store, terms = ox.Store(), oxigraph_terms()
    store.extend(ox.Quad(*terms(t)) for t in triples())
    try:
        write_entry(path, store.dump(format=ox.RdfFormat.N_TRIPLES, from_graph=ox.DefaultGraph()) or b"")
    except InputError:  # a read-only or full cache: not kept, the same answer
        pass
    return store


@functools.lru_cache(maxsize=2)
def _kept_store(path: Path) -> ox.Store:
    """The store read from the entry ``path`` (kept for the process: a library or test that queries
    one rulebook many times loads it once). Raises LookupError when the entry is missing or damaged
    (not kept: the next call looks again)."""
    data = read_entry(path)
    if data is None:
        raise LookupError(path)
    store = ox.Store()
    try:
        store.load(data, format=ox.RdfFormat.N_TRIPLES)
    except (SyntaxError, ValueError, OSError):
        raise LookupError(path) from None
    return store


def oxigraph_terms() -> Callable[[Any], tuple[Any, Any, Any]]:
    """A function from an rdflib triple to its Oxigraph terms (IRIs made once each, for one graph)."""
    from rdflib import BNode, Literal, URIRef

    named: dict[str, ox.NamedNode] = {}

    def iri(value: str) -> ox.NamedNode:
        node = named.get(value)
        if node is None:
            node = named[value] = ox.NamedNode(value)
        return node

    def term(t: Any) -> Any:
        if isinstance(t, URIRef):
            return iri(t)
        if isinstance(t, Literal):
            if t.language:
                return ox.Literal(str(t), language=t.language)
            return ox.Literal(str(t), datatype=iri(t.datatype)) if t.datatype is not None else ox.Literal(str(t))
        if isinstance(t, BNode):
            return ox.BlankNode(str(t))
        raise TypeError(f"not an RDF term: {t!r}")

    return lambda triple: (term(triple[0]), term(triple[1]), term(triple[2]))


def to_rdflib(term: Any) -> Any:
    """The rdflib term of an Oxigraph ``term`` (``None`` stays ``None``; an ``xsd:string`` literal
    is a plain one, as rdflib builds it).

    Raises:
        QueryError: an RDF 1.2 triple term (rdflib has none).
    """
    from rdflib import BNode, Literal, URIRef

    if term is None:
        return None
    if isinstance(term, ox.NamedNode):
        return URIRef(term.value)
    if isinstance(term, ox.Literal):
        if term.language:
            return Literal(term.value, lang=term.language)
        dt = term.datatype.value
        # normalize=False: the lexical form Oxigraph answers (INF), not rdflib's float's («inf»)
        return Literal(term.value) if dt == _XSD_STRING else Literal(term.value, datatype=URIRef(dt), normalize=False)
    if isinstance(term, ox.BlankNode):
        return BNode(term.value)
    raise QueryError("SPARQL evaluation failed: the answer holds an RDF 1.2 triple term, which is not supported")


def query(store: ox.Store, text: str, timeout: float) -> Any:
    """Run the SPARQL query ``text`` (let through by :func:`~.sparql.screen_sparql`) over
    ``store``, for at most ``timeout`` seconds; an rdflib ``Result`` (SELECT, ASK, CONSTRUCT,
    DESCRIBE).

    Raises:
        QueryError: the query does not parse or is not allowed (in the words of
            :func:`~.sparql.prepare_sparql`), fails to evaluate, or runs out of time.
    """
    box: dict[str, Any] = {}
    done, stop = threading.Event(), threading.Event()

    def work() -> None:
        try:
            box["result"] = _evaluate(store, text, stop)
        except BaseException as exc:  # handed to the caller's thread, without the frames that hold
            exc.__traceback__ = exc.__context__ = exc.__cause__ = None  # Oxigraph's answer: it must
            box["error"] = exc  # be dropped in the thread that made it
        finally:
            done.set()

    threading.Thread(target=work, name="sparql", daemon=True).start()
    if not done.wait(timeout):
        stop.set()  # rows are no longer read; work inside Oxigraph runs to its end
        raise QueryTimeout(f"SPARQL query did not finish within {timeout:g} s (see --timeout)", timeout)
    if "error" in box:
        raise box["error"]
    return box["result"]


def _evaluate(store: ox.Store, text: str, stop: threading.Event) -> Any:
    from rdflib import Graph, Variable
    from rdflib.query import Result

    try:
        answer = store.query(text, prefixes=PREFIX_IRIS, default_graph=ox.DefaultGraph(), named_graphs=[])
    except SyntaxError as exc:
        raise UnparsedQuery(text, str(exc)) from None
    except Exception as exc:
        raise QueryError(f"SPARQL evaluation failed: {' '.join(str(exc).split())[:200]}") from None
    try:
        if isinstance(answer, ox.QueryBoolean):
            result = Result("ASK")
            result.askAnswer = bool(answer)
        elif isinstance(answer, ox.QuerySolutions):
            result = Result("SELECT")
            names = [v.value for v in answer.variables]
            result.vars = [Variable(n) for n in names]
            rows: list[Any] = []
            for solution in answer:
                if stop.is_set():
                    break
                rows.append({v: to_rdflib(solution[n]) for v, n in zip(result.vars, names)
                             if solution[n] is not None})
            result.bindings = rows
        else:
            result = Result(_graph_form(text))
            result.graph = graph = Graph()
            for prefix, ns in PREFIX_IRIS.items():
                graph.bind(prefix, ns)
            for t in answer:
                if stop.is_set():
                    break
                graph.add((to_rdflib(t.subject), to_rdflib(t.predicate), to_rdflib(t.object)))
    except QueryError:
        raise
    except Exception as exc:  # an error met while the answer is read
        raise QueryError(f"SPARQL evaluation failed: {' '.join(str(exc).split())[:200]}") from None
    return result


def _graph_form(text: str) -> str:
    """``DESCRIBE`` or ``CONSTRUCT``: the form of a query that answers with a graph (its first
    query keyword once IRIs and comments are set aside; the prologue holds no strings)."""
    import re

    bare = re.sub(r"#[^\n]*", " ", re.sub(r"<[^<>\s]*>", " ", text))
    m = re.search(r"\b(CONSTRUCT|DESCRIBE)\b", bare, re.IGNORECASE)
    return m.group(1).upper() if m else "CONSTRUCT"


class UnparsedQuery(QueryError):
    """A query Oxigraph does not parse. Its message is rdflib's check in our words (an update, a
    syntax error at a line and column), else Oxigraph's own ``detail`` — worded when it is first
    read: in a capped child process (:mod:`.child`), where the query ran, since rdflib's parser too
    reads what the user wrote."""

    def __init__(self, text: str, detail: str) -> None:
        super().__init__(detail)
        self.text, self.detail = text, detail
        self._worded: str | None = None

    def __str__(self) -> str:
        if self._worded is None:
            from .sparql import prepare_sparql

            try:
                prepare_sparql(self.text)
                self._worded = oxigraph_words(self.detail or "")
            except QueryError as ours:
                self._worded = str(in_our_words(ours))
        return self._worded


def in_our_words(error: QueryError) -> QueryError:
    """``error`` of rdflib's parser, or ours when pyparsing went past Python's recursion limit (it
    recurses once per level of nesting) and ``error`` says so in Python's words."""
    if isinstance(error.__context__, RecursionError):
        return QueryError("SPARQL query is too deeply nested or too complex to read")
    return error


def oxigraph_words(detail: str) -> str:
    """Oxigraph's syntax error ``detail`` («error at 1:38: expected one of "-", "--", ['a' ..= 'z'
    | …], language tag parsing failed») in our words: the line and column, the words or marks it
    expected (not its classes of characters), and a reason it gives in words."""
    import re

    text = " ".join(detail.split())
    m = re.match(r"error at (\d+):(\d+): (.*)", text)
    if m is None:
        return f"SPARQL syntax error: {text[:200]}"
    line, col, rest = m.groups()
    said = ""
    if rest.startswith("expected one of "):
        found = re.findall(r'"(?:[^"\\]|\\.)*"|\[(?:[^\]\\]|\\.)*\]|[^,]+', rest.removeprefix("expected one of "))
        found = [t.strip() for t in found if t.strip()]
        marks = [t for t in found if t.startswith('"') or re.fullmatch(r"[A-Z_]+", t)]
        reasons = [t for t in found if not t.startswith(('"', "[")) and t not in marks]
        said = f": expected {', '.join(marks)[:120]}" if marks else ""
        said += f" ({'; '.join(reasons)[:80]})" if reasons else ""
    elif rest:
        said = f": {rest[:160]}"
    return f"SPARQL syntax error at line {line}, column {col}{said}"



#: The tokens of a query that matter to :func:`answers_as_written`, in SPARQL 1.1's grammar (§19.8):
#: comments, IRIs, variables, names (prefixed or keywords) are passed over; a quoted literal with
#: its datatype or language tag, and a bare number, are the literals Oxigraph may rewrite.
@functools.lru_cache(maxsize=1)
def _tokens() -> Any:
    import re

    string = (r'"""(?:[^"\\]|\\.|"(?!""))*"""|\'\'\'(?:[^\'\\]|\\.|\'(?!\'\'))*\'\'\''
              r'|"(?:[^"\\\n\r]|\\.)*"|\'(?:[^\'\\\n\r]|\\.)*\'')
    name = r'[^\W\d][\w.\-]*(?::[\w.\-:%\\]*)?|:[\w.\-:%\\]*'
    return re.compile(
        rf'#[^\n\r]*|<[^<>"{{}}|^`\\\x00-\x20]*>|[?$]\w+'
        rf'|(?P<lit>(?:{string})(?:\s*\^\^\s*(?:<[^<>\s]*>|{name})|@[A-Za-z]+(?:-[A-Za-z0-9]+)*)?)'
        rf'|{name}|(?P<num>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)')


def _lexical(literal: str) -> tuple[str, str | None]:
    """The lexical form (escapes read) and the language tag of the quoted ``literal`` token."""
    import re

    quote = 3 if literal[:3] in ('"""', "'''") else 1
    end = literal.rindex(literal[0] * quote)
    tail = literal[end + quote:].strip()
    escapes = {"t": "\t", "b": "\b", "n": "\n", "r": "\r", "f": "\f", '"': '"', "'": "'", "\\": "\\"}
    text = re.sub(r"\\(.)", lambda m: escapes.get(m.group(1), m.group(0)), literal[quote:end])
    return text, tail[1:] if tail.startswith("@") else None


#: Literals in one probe query of :func:`answers_as_written`: 2,000 still parse, 3,000 overflow
#: Oxigraph's stack (a thread's 8 MB); a tenth of that leaves room for a smaller thread stack.
_PROBE = 200


_INT64 = 2**63 - 1


def _fits_64_bits(numbers: list[str], multiplies: bool) -> bool:
    """True when the integers among the bare ``numbers`` of a query, and their sum — their product
    too when the query ``multiplies`` (holds a ``*``, a ``SELECT *`` included: judged safe-side) —
    fit in a signed 64-bit integer."""
    values = [abs(int(n)) for n in numbers if n.isdigit()]
    if sum(values) > _INT64:
        return False
    product = 1
    for v in values if multiplies else ():
        product *= max(v, 1)
        if product > _INT64:
            return False
    return True


def integer_precision(text: str) -> Any:
    """A decimal context for rdflib's evaluation of ``text``: rdflib computes ``xsd:integer``
    arithmetic in Python's ``Decimal`` (28 significant digits: the product of two 20-digit numbers
    came back rounded), so the precision is raised to the digits the query's numbers hold together —
    their product is then exact; a query of small numbers keeps the default (its answers unchanged)."""
    import decimal

    digits = sum(len(m.group("num")) for m in _tokens().finditer(text) if m.group("num"))
    return decimal.localcontext(prec=max(decimal.getcontext().prec, digits + 2))


def answers_as_written(text: str) -> bool:
    """False when Oxigraph would answer a literal the query ``text`` writes in another form than
    written: it keeps typed values in their canonical form («"01"^^xsd:integer» is answered «1»,
    «1.50» «1.5», «"x"@EN» «"x"@en»), where rdflib keeps the lexical form given (RDF 1.1 Concepts,
    3.3: a literal is its lexical form, its datatype and its language tag; the value is derived).
    Each distinct such literal is evaluated on an empty store, at most :data:`_PROBE` in one probe
    query (Oxigraph's parser recurses once per projection and overflows its stack at a few thousand:
    the probe runs in this process, outside a query's capped child), and compared with what is
    written; a query the check cannot read is left to Oxigraph (its own error words it).

    False too when the integers the query writes may not fit in 64 bits (:func:`_fits_64_bits`):
    Oxigraph's ``xsd:integer`` is a 64-bit number and leaves a result that overflows unbound
    (the product of two 20-digit numbers), where rdflib computes it with arbitrary precision, as
    XPath's ``xsd:integer`` (SPARQL 1.1, 17.4) does. Only the numbers written in the query are
    judged: arithmetic over the graph's own integers (small counts and positions) is not."""
    found = [(m.group("lit"), m.group("num")) for m in _tokens().finditer(text) if m.group("lit") or m.group("num")]
    if not _fits_64_bits([num for _, num in found if num], "*" in text):
        return False
    found = list(dict.fromkeys((lit, num) for lit,
                               num in found if num or lit.rstrip()[-1] not in "\"'"))  # plain strings are kept
    if not found:
        return True
    import re

    prologue = " ".join(re.findall(r"(?i)\b(?:PREFIX\s*[^\s:]*:\s*|BASE\s*)<[^<>\s]*>", text))
    for start in range(0, len(found), _PROBE):
        chunk = found[start:start + _PROBE]
        probe = f"{prologue} SELECT " + " ".join(f"({lit or num} AS ?v{i})" for i,
                                                 (lit, num) in enumerate(chunk)) + " {}"
        try:
            (row,) = list(ox.Store().query(probe, prefixes=PREFIX_IRIS))  # type: ignore[arg-type]
        except (SyntaxError, ValueError, OSError):
            return True
        for i, (lit, num) in enumerate(chunk):
            term = row[i]
            if not isinstance(term, ox.Literal):
                return True
            written, tag = (num, None) if num else _lexical(lit)
            if term.value != written or (tag is not None and term.language != tag):
                return False
    return True
