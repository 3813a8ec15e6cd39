"""Work bounded in memory as well as time: run in a forked child process whose address space is
capped (``RLIMIT_AS``), its answer sent back as JSON. Oxigraph has no memory limit of its own and
cannot be interrupted; a child can be capped, and killed at its time limit.

The child is a fork: it starts with what the parent has loaded (the graph store), so the added
start cost is the fork and the pipe (a few milliseconds), not a new interpreter.
"""

from __future__ import annotations

import json
import os
import select
import signal
import time
from collections.abc import Callable
from typing import Any

from ..errors import BerserkError, QueryError, QueryTimeout


def _address_space() -> int:
    """The process's address space now, in bytes (``VmSize``); 0 when it cannot be read."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _die_with(parent: int) -> None:
    """Have the kernel kill this child when the thread that forked it ends (Linux), so that a
    parent killed before it kills the child leaves none running."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent ended before the call
        os._exit(5)


def bounded(work: Callable[[], Any], memory_mb: int, timeout: float, what: str, grace: float = 1.0) -> Any:
    """The JSON-able value of ``work()``, computed in a child process that may use at most
    ``memory_mb`` MB of address space beyond what this process holds, and is killed after
    ``timeout`` seconds (plus ``grace`` seconds for ``work``'s own limit to answer first — 0 when
    it has none shorter; its CPU time is capped too, so that it stops when this process is killed
    first). Without
    ``fork`` (not POSIX), ``work()`` runs here, unbounded in memory.

    Raises:
        QueryError: the child needed more memory (``«what» needs more than N MB``, its refusal
            ``{"kind": "query_memory", "values": [N]}``), time, or stack
            (a segmentation fault: ``«what» is too deeply nested or too complex``).
        BerserkError: what ``work`` raised (of its class when it is a :class:`QueryError`).
    """
    if not hasattr(os, "fork"):
        return work()
    import resource
    import sys

    sys.stdout.flush()
    sys.stderr.flush()
    read_end, write_end = os.pipe()
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read_end)
        try:
            _die_with(parent)
            import faulthandler

            faulthandler.disable()  # a crash is told by the parent (below), not by a dump of the stack
            resource.setrlimit(resource.RLIMIT_CORE, (0, resource.getrlimit(resource.RLIMIT_CORE)[1]))
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 2)  # a Rust allocation failure prints its own line before it aborts
            cap = _address_space() + memory_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (cap, resource.getrlimit(resource.RLIMIT_AS)[1]))
            seconds = int(timeout) + 2  # CPU time: a child whose parent was killed stops by itself
            resource.setrlimit(resource.RLIMIT_CPU, (seconds, resource.getrlimit(resource.RLIMIT_CPU)[1]))
            try:
                answer: dict[str, Any] = {"value": work()}
            except MemoryError:
                answer = {"memory": True}
            except QueryError as exc:  # worded here, within the caps (see store.UnparsedQuery)
                answer = {"query_error": str(exc), "refusal": exc.refusal}
            except BerserkError as exc:
                answer = {"error": str(exc)}
            data = json.dumps(answer, ensure_ascii=False).encode("utf-8", "surrogatepass")
            view = memoryview(data)
            while view:
                view = view[os.write(write_end, view):]
            os._exit(0)
        except MemoryError:
            os._exit(3)
        except BaseException:
            os._exit(4)
    os.close(write_end)
    chunks: list[bytes] = []
    deadline = time.monotonic() + timeout + grace
    killed = False
    try:
        while True:  # an interrupt here (Ctrl-C) kills the child too, in the finally below
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([read_end], [], [], left)[0]:
                os.kill(pid, signal.SIGKILL)
                killed = True
                break
            chunk = os.read(read_end, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
    except BaseException:
        os.kill(pid, signal.SIGKILL)
        raise
    finally:
        os.close(read_end)
        _, status = os.waitpid(pid, 0)
    if killed or (os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGXCPU):
        raise QueryTimeout(f"{what} did not finish within {timeout:g} s (see --timeout)", timeout)
    try:
        answer = json.loads(b"".join(chunks).decode("utf-8", "surrogatepass")) if chunks else {}
    except ValueError:  # cut short: the child died while it wrote
        answer = {}
    if "value" in answer:
        return answer["value"]
    if "query_error" in answer:
        raise QueryError(answer["query_error"], refusal=answer.get("refusal"))
    if "error" in answer:
        raise BerserkError(answer["error"])
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGSEGV, signal.SIGBUS) and not answer:
        # Oxigraph's parser and evaluator recurse once per level of nesting (and per projection):
        # past the thread's stack they overflow it, a segmentation fault, not an error it returns
        raise QueryError(f"{what} is too deeply nested or too complex for the engine (it ran out of stack)")
    if answer.get("memory") or os.waitstatus_to_exitcode(status) == 3 or \
            (os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGABRT):
        raise QueryError(f"{what} needs more than {memory_mb} MB (see --memory)",
                         refusal={"kind": "query_memory", "values": [memory_mb]})
    raise QueryError(f"{what} failed: its process ended with status {os.waitstatus_to_exitcode(status)}")
