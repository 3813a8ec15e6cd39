"""A server's SPARQL queries run in processes, so that the time limit holds whatever the query does
(issue 14, fresh user's F1: a limit raised into a thread can be swallowed, and a call into C code
does not see it). The server starts one **query process** (``python -m berserk_kb.web.queries``)
at start-up: a new interpreter (never a fork of the server, which has threads and Prolog), holding
only the graph read from the cache entry (:func:`~berserk_kb.graph.store.store_path`). For each
query it forks a child capped in memory and killed at the query's time limit
(:func:`~berserk_kb.graph.child.bounded`, as ``berserk-kb sparql`` does), which answers in
Oxigraph. A query process that ends is started again at the next query.

Frames both ways are a 4-byte length and a pickle (between the server and its own process only).
"""

from __future__ import annotations

import itertools
import pickle
import struct
import subprocess
import sys
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import IO, Any

from ..errors import BerserkError, QueryError, QueryTimeout

#: The memory a query's child may use beyond the query process's own, in MB (``berserk-kb sparql``'s default).
MEMORY_MB = 1024
#: Seconds a query process is given to start (import, read the graph) before a query waits no more.
START_TIME = 60.0


def _write(out: IO[bytes], lock: threading.Lock, value: Any) -> None:
    data = pickle.dumps(value)
    with lock:
        out.write(struct.pack(">I", len(data)) + data)
        out.flush()


def _read(inp: IO[bytes]) -> Any:
    """The next frame, or None at the end of the stream."""
    head = inp.read(4)
    if len(head) < 4:
        return None
    data = inp.read(struct.unpack(">I", head)[0])
    return pickle.loads(data)


class QueryProcess:
    """The query process of a server over the graph entry ``path``. :meth:`run` asks it for
    ``kind`` (``"answer"``: the protocol's (media type, text); ``"table"``: the query page's rows,
    see :mod:`.sparql`) and waits for the answer.

    Raises (from :meth:`run`): QueryTimeout (killed at ``seconds``), QueryError (refused, failed,
    past ``memory_mb``, or the process ended), BerserkError.
    """

    def __init__(self, path: Path, memory_mb: int = MEMORY_MB) -> None:
        self.path, self.memory_mb = path, memory_mb
        self._lock, self._write_lock = threading.Lock(), threading.Lock()
        self._proc: subprocess.Popen[bytes] | None = None
        self._waiting: dict[int, tuple[subprocess.Popen[bytes], Future[Any]]] = {}
        self._ids = itertools.count()

    def start(self) -> subprocess.Popen[bytes]:
        with self._lock:
            if self._proc is None or self._proc.poll() is not None:
                self._proc = subprocess.Popen(
                    [sys.executable, "-m", "berserk_kb.web.queries", str(self.path), str(self.memory_mb)],
                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, close_fds=True)
                threading.Thread(target=self._answers, args=(self._proc,), name="sparql-answers", daemon=True).start()
            return self._proc

    def _answers(self, proc: subprocess.Popen[bytes]) -> None:
        assert proc.stdout is not None
        while (frame := _read(proc.stdout)) is not None:
            asked = self._waiting.pop(frame[0], None)
            if asked is not None:
                asked[1].set_result(frame[1])
        proc.wait()
        for n, (by, future) in list(self._waiting.items()):  # the process ended: its queries with it
            if by is proc:
                self._waiting.pop(n, None)
                future.set_result({"error": ("QueryError", "the SPARQL query process ended; try again")})

    def run(self, kind: str, *args: Any) -> Any:
        """The answer of ``kind`` to ``args`` (their last is the time limit in seconds)."""
        seconds = args[-1]
        proc = self.start()
        n, future = next(self._ids), Future[Any]()
        self._waiting[n] = (proc, future)
        try:
            assert proc.stdin is not None
            _write(proc.stdin, self._write_lock, (n, kind, args))
            outcome = future.result(seconds + START_TIME)
        except (OSError, TimeoutError):
            self._waiting.pop(n, None)
            raise QueryError("the SPARQL query process did not answer; try again") from None
        if "value" in outcome:
            return outcome["value"]
        name, message, refusal = (*outcome["error"], None)[:3]
        if name == "QueryTimeout":
            raise QueryTimeout(message, seconds)
        raise (QueryError if name == "QueryError" else BerserkError)(message, refusal=refusal)

    def close(self) -> None:
        """End the query process (and so its children: each is capped in CPU time as well)."""
        with self._lock:
            proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            proc.kill()
        finally:
            proc.wait()


class _StoreKB:
    """What :mod:`.sparql` asks of a knowledge base, over the store alone."""

    def __init__(self, store: Any) -> None:
        self.store = store

    def sparql(self, query: str, timeout: float, engine: str = "oxigraph") -> Any:
        from ..graph.sparql import screen_sparql
        from ..graph.store import query as query_store

        return query_store(self.store, screen_sparql(query), timeout + 5.0)  # the kill comes first


def _serve(path: Path, memory_mb: int) -> None:
    """The query process: read the graph, then answer each frame from the server in a thread of
    its own, the query in a capped child (frames: ``(n, kind, args)`` → ``(n, outcome)``)."""
    from ..graph.child import bounded
    from ..graph.store import open_store
    from . import sparql as endpoint

    def missing() -> list[Any]:  # the server wrote the entry before it started this process
        raise QueryError(f"the graph is not in the cache ({path})")

    kb = _StoreKB(open_store(path, missing))
    for fmt in ("json", "xml", "csv", "tsv"):  # load here what every child needs, not in each child
        endpoint.answer_text(kb, "SELECT * WHERE {} LIMIT 1", "", fmt, START_TIME)
    endpoint.answer_text(kb, "CONSTRUCT WHERE { ?s ?p ?o } LIMIT 1", "", None, START_TIME)
    endpoint.table(kb, "ASK {}", START_TIME)
    inp, out, lock = sys.stdin.buffer, sys.stdout.buffer, threading.Lock()
    sys.stdout = sys.stderr  # nothing else may write into the frames

    def one(n: int, kind: str, args: tuple[Any, ...]) -> None:
        fn = endpoint.answer_text if kind == "answer" else endpoint.table
        try:
            # killed at its limit: the store's own limit is later (_StoreKB), so no grace to wait out
            outcome = {"value": bounded(lambda: fn(kb, *args), memory_mb, args[-1], "SPARQL query", grace=0.0)}
        except QueryTimeout as exc:  # worded from its fields: the web has no --timeout to point to
            outcome = {"error": ("QueryTimeout", f"SPARQL query did not finish within {exc.seconds:g} s", exc.refusal)}
        except QueryError as exc:
            refusal = exc.refusal or {}
            if refusal.get("kind") == "query_memory":  # the web has no --memory either
                outcome = {"error": ("QueryError", f"SPARQL query needs more memory than the server's limit of "
                                                   f"{refusal['values'][0]} MB; simplify it (fewer joined "
                                                   "patterns, a LIMIT)")}
            else:
                outcome = {"error": ("QueryError", str(exc), exc.refusal)}
        except BerserkError as exc:
            outcome = {"error": ("BerserkError", str(exc))}
        except Exception as exc:  # never leave the server waiting
            outcome = {"error": ("QueryError", f"SPARQL query failed: {type(exc).__name__}")}
        _write(out, lock, (n, outcome))

    while (frame := _read(inp)) is not None:
        threading.Thread(target=one, args=frame, daemon=True).start()


if __name__ == "__main__":
    _serve(Path(sys.argv[1]), int(sys.argv[2]))
