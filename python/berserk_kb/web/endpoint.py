"""The ``/sparql`` route of the server (:func:`sparql_route`): the protocol's answers and the query
page, each query run by the server's query process (:mod:`.queries`) through the lanes
(:class:`~.sparql.Lanes`)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

from ..errors import BerserkError, QueryTimeout
from ..render.sparql import prefixes
from .inputs import MAX_BODY, BodyTimeout, BodyTooLarge, Busy, Waited, body_of, fields_of, quality
from .queries import QueryProcess
from .reasons import error_reason
from .sparql import EXAMPLE, GENERIC, GRAPHS, TABLES, Lanes, wanted

#: The media types of SPARQL answers: a client asking for any of them as much as for HTML gets it.
RESULTS = (*TABLES.values(), *GRAPHS.values())


def sparql_route(lanes: Lanes, queries: Callable[[], QueryProcess], form: Callable[[Any], Awaitable[dict[str, str]]],
                 respond: Callable[..., Any], body_timeout: float) -> Callable[[Any], Awaitable[Any]]:
    """The handler of ``GET``/``POST /sparql`` (and ``/sparql.json``): ``queries()`` is the
    server's query process, ``form`` reads a request's fields, ``respond`` renders a page."""
    from starlette.responses import Response

    def text(body: str, status: int, headers: dict[str, str] | None = None) -> Response:
        return Response(body, status, headers, media_type="text/plain; charset=utf-8")

    def problem(json_asked: bool, body: str, status: int, headers: dict[str, str] | None = None) -> Response:
        """A refused query: ``{"error": line}`` to a client that asked for JSON results, else plain text."""
        if not json_asked:
            return text(body, status, headers)
        return Response(json.dumps({"error": body.strip()}, ensure_ascii=False), status, headers,
                        media_type="application/json")

    async def sparql(request: Any) -> Response:
        ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
        try:
            if request.method == "POST" and ctype == "application/sparql-query":
                fields = fields_of(request.url.query)
                fields["query"] = (await body_of(request, body_timeout)).decode("utf-8", "replace")
            else:
                fields = await form(request)
        except BodyTooLarge:
            return text(f"the request is larger than {MAX_BODY // 1024} KB\n", 413)
        except BodyTimeout as exc:
            return text(f"{exc}\n", 408, {"Connection": "close"})
        except BerserkError as exc:
            return text(f"{exc}\n", 400)
        if "update" in fields or ctype == "application/sparql-update":
            return text("SPARQL Update is not supported: this endpoint only answers queries\n", 400)
        page = {"page": "sparql", "prefixes": prefixes(), "example": fields.get("query") or EXAMPLE, "results": None}
        if "query" not in fields:
            return respond(request, "sparql.html", page)
        if fields.get("default-graph-uri") or fields.get("named-graph-uri"):
            return text("datasets are not supported: queries run over the rulebook graph\n", 400)
        accept = request.headers.get("accept", "")
        as_page = fields.get("format") == "html" or (
            not fields.get("format") and not request.url.path.endswith(".json")
            and quality(accept, "text/html") > max(quality(accept, m) for m in RESULTS))
        if not (as_page or fields.get("format") or request.url.path.endswith(".json") or not accept.strip()
                or max(quality(accept, m) for m in (*RESULTS, *GENERIC)) > 0):
            return text(f"not acceptable: answers are {', '.join(RESULTS)}\n", 406)
        if not fields["query"].strip():
            if as_page:
                return respond(request, "sparql.html", {**page, "example": EXAMPLE, "reason": {"code": "empty_query"}},
                               400)
            return text("empty query: give a SPARQL query (the query parameter)\n", 400)
        if as_page:
            try:  # a person at the query page: the answer as a table
                page["results"] = await lanes.run(queries().run, "table", fields["query"])
            except (Busy, BerserkError) as exc:
                page["problem"] = str(exc) if isinstance(exc, BerserkError) else "busy"
                page["reason"] = error_reason(exc) if isinstance(exc, BerserkError) else {"code": "busy"}
                page["refusal"] = getattr(exc, "refusal", None)
                return respond(request, "sparql.html", page, 503 if isinstance(exc, (Busy, QueryTimeout)) else 400)
            return respond(request, "sparql.html", page)
        try:
            json_asked = request.url.path.endswith(".json") or next(iter(wanted(accept, fields.get("format"))),
                                                                    None) == "json"
        except BerserkError:  # an unknown format=: said by the query's answer below
            json_asked = False
        try:
            media, body = await lanes.run(queries().run, "answer", fields["query"], accept, fields.get("format"))
        except asyncio.CancelledError:  # the server stops (SIGTERM) and ends the requests still running
            return problem(json_asked, "the server is stopping; try again\n", 503,
                           {"Retry-After": "5", "Connection": "close"})
        except Busy as exc:
            return problem(json_asked, f"{exc}\n" if isinstance(exc, Waited)
                           else "busy: too many queries are waiting; try again\n", 503, {"Retry-After": "1"})
        except QueryTimeout as exc:  # a property of the query, not of a busy server: no Retry-After
            return problem(json_asked, " ".join(str(exc).split()) + "; the query itself is too slow: sent again it "
                           "will run out of time again, so simplify it (fewer joined patterns, a LIMIT)\n", 503)
        except BerserkError as exc:
            return problem(json_asked, " ".join(str(exc).split()) + "\n", 400)
        return Response(body.encode("utf-8", "replace"), 200, media_type=media)

    return sparql
