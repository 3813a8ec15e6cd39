"""What the server reads from a request before any work: its form fields and body, within limits
(size, number of fields, time for the body to arrive), and the gate in front of a lane of work.
Every limit broken is an exception the server answers with its status (413, 408, 400, 503)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..errors import InputError
from ..text import nfc

MAX_BODY = 128 * 1024  # a form or a query; a scenario is at most 32 KB
MAX_FIELDS = 200  # the why form has about 40
#: The request line and headers uvicorn reads (h11's limit; its default, 16 KB, is less than a
#: shared link to a long scenario): longer, uvicorn itself answers 400 and closes the connection.
MAX_HEAD = 64 * 1024
#: On every answer: scripts and styles only from the server itself (so that even a string that got
#: into a page unescaped could not run), no framing, no sniffing; and what a cache must key on.
HEADERS = [(b"content-security-policy", b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
                                        b"object-src 'none'; base-uri 'none'; form-action 'self'; "
                                        b"frame-ancestors 'none'"),
           (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"same-origin"),
           (b"vary", b"Accept, HX-Request, Cookie")]


class SecurityHeaders:
    """ASGI middleware: :data:`HEADERS` on every HTTP answer."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        async def with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers if scope["type"] == "http" else send)


class Busy(Exception):
    """The queue in front of the engine (or of SPARQL) is full: 503, ``Retry-After`` 1 s."""

    status, retry, code = 503, "1", "busy"

    def __init__(self, message: str = "busy: too many requests are waiting; try again") -> None:
        super().__init__(message)


class ClientBusy(Busy):
    """One client (a remote address) already has ``limit`` requests waiting for or doing work on a
    lane that admits at most that many per client: 429, ``Retry-After`` 2 s — so one client cannot
    fill a lane's queue for everyone."""

    status, retry, code = 429, "2", "client_busy"

    def __init__(self, limit: int) -> None:
        super().__init__(f"busy: this client already has {limit} heavy requests waiting or running; "
                         "wait for one to finish")
        self.limit = limit


class Waited(Busy):
    """A request waited ``seconds`` for a worker of its lane without starting (the gate's bound on
    waiting); it was taken out of the queue."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"busy: no worker was free within {seconds:g} s; try again")
        self.seconds = seconds


class BodyTooLarge(Exception):
    """A request body over :data:`MAX_BODY`."""


class BodyTimeout(Exception):
    """A request body that did not arrive in time (``seconds``)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"the request's body did not arrive within {seconds:g} s")
        self.seconds = seconds


class TooManyFields(InputError):
    """A form or query string of more than :data:`MAX_FIELDS` fields."""


class QuestionError(InputError):
    """Form fields of the why page that do not go together (``code``: ``one_edition``: why not or
    what if with more than one edition; ``one_question``: both at once); ``field``: the form field."""

    def __init__(self, message: str, code: str, field: str) -> None:
        super().__init__(message, path="form", field=field)
        self.code = code


class Gate:
    """At most ``size`` requests at once waiting for or doing work on a lane; one more is refused
    (:class:`Busy`) instead of queueing without end, and one that waits ``wait`` seconds for a
    worker without starting is taken out of the queue (:class:`Waited`; 0: no bound). ``executor``
    is the lane (default: the server's thread pool, whose waiting is not bounded). With
    ``per_client``, one ``client`` (the remote address :meth:`run` is given) has at most that many
    of the places; one more of its requests is refused (:class:`ClientBusy`). Used from the event
    loop only, so plain counters are enough."""

    def __init__(self, size: int, executor: ThreadPoolExecutor | None = None, wait: float = 0.0,
                 per_client: int = 0) -> None:
        self.size, self.busy, self.executor, self.wait = size, 0, executor, wait
        self.per_client = per_client
        self.clients: dict[str | None, int] = {}

    async def run(self, fn: Callable[..., Any], *args: Any, client: str | None = None) -> Any:
        held = self.clients.get(client, 0) if self.per_client and client is not None else None
        if held is not None and held >= self.per_client:
            raise ClientBusy(self.per_client)
        if self.busy >= self.size:
            raise Busy()
        self.busy += 1
        if held is not None:
            self.clients[client] = held + 1
        loop = asyncio.get_running_loop()
        try:
            if self.executor is None or self.wait <= 0:
                return await loop.run_in_executor(self.executor, fn, *args)
            future = self.executor.submit(fn, *args)
            expired: list[bool] = []  # by a timer, not a wake of the loop at each start (~1 ms a request)

            def expire() -> None:
                if future.cancel():
                    expired.append(True)

            timer = loop.call_later(self.wait, expire)
            try:
                return await asyncio.wrap_future(future)
            except asyncio.CancelledError:
                if expired:  # cancelled before it started: the wait is over
                    raise Waited(self.wait) from None
                raise
            finally:
                timer.cancel()
        finally:
            self.busy -= 1
            if held is not None:
                self.clients[client] -= 1
                if not self.clients[client]:
                    del self.clients[client]


async def body_of(request: Any, timeout: float) -> bytes:
    """The request's body: at most :data:`MAX_BODY` bytes, arrived within ``timeout`` seconds.

    Raises:
        BodyTooLarge: announced or sent larger. BodyTimeout: not all there in time.
    """
    announced = request.headers.get("content-length", "")
    if announced.isdigit() and int(announced) > MAX_BODY:
        raise BodyTooLarge()

    async def read() -> bytes:
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                raise BodyTooLarge()
        return body

    try:
        return await asyncio.wait_for(read(), timeout)
    except TimeoutError:
        raise BodyTimeout(timeout) from None


def fields_of(text: str) -> dict[str, str]:
    """The fields of a query string or an urlencoded body: a field given twice keeps its last
    value, but ``e`` (editions) keeps every value, joined by ``,``; ``query`` (SPARQL's) is refused
    twice, as the SPARQL protocol has it.

    Raises:
        TooManyFields: more than :data:`MAX_FIELDS` fields. InputError: ``query`` given twice.
    """
    if 1 + text.count("&") > MAX_FIELDS:  # as parse_qs counts them (empty ones too)
        raise TooManyFields(f"more than {MAX_FIELDS} form fields")
    parsed: dict[str, list[str]] = {}
    for pair in text.split("&"):
        if pair:
            name, _, value = pair.partition("=")
            parsed.setdefault(nfc(_unquoted(name)), []).append(nfc(_unquoted(value)))
    if len(parsed.get("query", ())) > 1:
        raise _twice()
    return {k: ",".join(v) if k == "e" else v[-1] for k, v in parsed.items()}


#: A run of percent-escapes: the bytes of one or more characters (a Cyrillic letter is two).
_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def _unquoted(text: str) -> str:
    """A form field's name or value decoded as ``urllib.parse.unquote_plus`` does (UTF-8, an invalid
    byte as U+FFFD), a run of escapes at a time: a scenario's text is some 1,200 escapes, which
    ``parse_qs`` decoded at 0.2 ms a request."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    return _ESCAPES.sub(lambda m: bytes.fromhex(m.group().replace("%", "")).decode("utf-8", "replace"), text)


def _twice() -> InputError:
    return InputError("the query parameter is given more than once: give one query", path="query", field="query")


async def form(request: Any, timeout: float) -> dict[str, str]:
    """The request's form fields: its query string, and for a POST its urlencoded body.

    Raises:
        BodyTooLarge, BodyTimeout: as :func:`body_of`. InputError: as :func:`fields_of`.
    """
    fields = fields_of(request.url.query)
    if request.method == "POST":
        body = fields_of((await body_of(request, timeout)).decode("utf-8", "replace"))
        if "query" in body and "query" in fields:
            raise _twice()
        fields.update(body)
    return fields


def quality(accept: str, media: str) -> float:
    """The q-value an ``Accept`` header gives ``media`` (``text/html``): that of its most specific
    match (``text/html``, ``text/*``, ``*/*``), 0 when none; an unreadable q counts as 0."""
    best, weight = -1, 0.0
    kind = media.split("/")[0] + "/*"
    for part in accept.split(","):
        name, *params = [p.strip() for p in part.split(";")]
        rank = {media: 2, kind: 1, "*/*": 0}.get(name.lower(), -1)
        if rank > best:
            q = next((p[2:] for p in params if p.lower().startswith("q=")), "1")
            try:
                best, weight = rank, min(max(float(q), 0.0), 1.0)
            except ValueError:
                best, weight = rank, 0.0
    return weight


#: How long a connection may take to send a request's line and headers (from its first byte, or from
#: connecting), how long an idle keep-alive connection stays open, and how many connections and
#: requests one process holds before it answers 503 to the next.
HEAD_TIMEOUT = 10.0
KEEP_ALIVE = 5
MAX_CONNECTIONS = 512


def headers_within(seconds: float) -> type:
    """uvicorn's HTTP protocol (h11) with a time limit on a request's head, which uvicorn has not:
    its ``timeout_keep_alive`` runs only between requests and stops at a request's first byte, so a
    client sending its headers a byte at a time (or not at all) would hold its connection for ever.
    A connection whose head is not complete ``seconds`` after it connected, or after the first byte
    of its next request, is closed. Bytes beyond ASCII in a request line (which h11 refuses with
    uvicorn's plain-text 400) are percent-encoded, so that the request reaches our pages."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class HeadInTime(H11Protocol):
        head_timer: asyncio.TimerHandle | None = None

        def _arm(self) -> None:
            if self.head_timer is None:
                self.head_timer = self.loop.call_later(seconds, self._too_slow)

        def _disarm(self) -> None:
            if self.head_timer is not None:
                self.head_timer.cancel()
                self.head_timer = None

        def _too_slow(self) -> None:
            self.head_timer = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self.transport.close()

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        in_line = True  # the bytes coming are the request line's

        def data_received(self, data: bytes) -> None:
            if self.conn.their_state is h11.IDLE:
                self._arm()
                if not self.conn.trailing_data[0]:  # a new request starts
                    self.in_line = True
            if self.in_line:  # raw UTF-8 in the target (curl "…?q=регенерация"): percent-encoded, as a browser sends it
                end = data.find(b"\n")
                self.in_line = end < 0
                line, rest = (data, b"") if end < 0 else (data[:end], data[end:])
                data = re.sub(rb"[\x80-\xff]", lambda m: b"%%%02X" % m.group()[0], line) + rest
            super().data_received(data)
            if self.conn.their_state is not h11.IDLE:
                self._disarm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

    return HeadInTime


def listening(host: str, port: int) -> Any:
    """A socket bound to ``host``:``port`` and listening, handed to the server (uvicorn's
    ``sockets``). It listens here: two sockets with ``SO_REUSEADDR`` may both bind a port that no
    socket listens on yet, and the second server then failed inside uvicorn when it listened.

    Raises:
        InputError: not an address of this machine, or the port is taken or not allowed.
    """
    import socket

    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
        sock = socket.socket(family, kind, proto)
    except (OSError, UnicodeError) as exc:
        raise InputError(f"--host {host[:80]!r}: not an address to listen on "
                         f"({getattr(exc, 'strerror', None) or exc})") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)  # uvicorn's own backlog
    except OSError as exc:
        sock.close()
        raise InputError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return sock
