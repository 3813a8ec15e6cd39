"""The web server: a Starlette application over one :class:`~berserk_kb.kb.KnowledgeBase`.

Every page is also JSON (``Accept: application/json``, or ``.json`` at the end of its path). How a
request reaches Prolog: pyswip is not thread-safe, so the engine runs every Prolog goal on its one
owner thread (:mod:`berserk_kb.engine.bridge`); requests wait for it in a bounded queue
(:class:`Gate`: when it is full the answer is 503 with ``Retry-After``), and every goal has a time
limit in Prolog (set once the start-up work is done: the editor's report, the worked examples,
the diffs and every paragraph's page are computed before the first request). Three lanes, each a
few threads with its own queue: why (the Prolog engine), the reading pages (looked up in what
start-up computed; only a card page asks Prolog, one short goal) and SPARQL (a fast lane and a slow
one, each query run in a child of the server's query process, :mod:`.queries`, capped in memory and
killed at its time limit) — so a full why queue never refuses a reading page.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from ..errors import BerserkError, EngineBusy, GoalTimeout, NotFoundError
from ..kb import KnowledgeBase
from ..text import nfc
from . import situation
from . import why as why_page
from .endpoint import sparql_route
from .inputs import (
    HEAD_TIMEOUT,
    KEEP_ALIVE,
    MAX_BODY,
    MAX_CONNECTIONS,
    MAX_FIELDS,
    MAX_HEAD,
    BodyTimeout,
    BodyTooLarge,
    Busy,
    Gate,
    SecurityHeaders,
    TooManyFields,
    Waited,
    headers_within,
    listening,
    quality,
)
from .inputs import form as form_of
from .pages import STATIC, Pages, json_text
from .queries import MEMORY_MB, QueryProcess
from .reading import Reading, reason, suggested
from .sparql import Lanes


def create_app(kb_dir: Path | str | None = None, *, queue: int = 32, goal_time_limit: float = 5.0,
               sparql_timeout: float = 10.0, sparql_queue: int = 4, body_timeout: float = 10.0, read_queue: int = 64,
               reading: Reading | None = None, request_budget: float | None = None, heavy_queue: int = 4,
               wait: float = 10.0, sparql_fast: float = 1.0, sparql_memory: int = MEMORY_MB) -> Any:
    """The application. At start-up it loads the knowledge base (``kb_dir``, default the bundled
    one), does the start-up work (:class:`~.reading.Reading`) and sets the time limit per Prolog goal.
    A why request's goals together have ``request_budget`` seconds (default: the limit of one goal,
    shared by all of them; :meth:`~berserk_kb.engine.bridge.PrologEngine.budget`); spent, the
    answer is 503 with ``Retry-After``. The budget counts a request's own Prolog time; its waiting
    (for a worker of its lane, then for the Prolog thread) is bounded apart: ``wait`` seconds each,
    then 503 with its own message. Light why requests (:func:`~.why.light`) have a lane of three
    workers, ``queue`` places and a cost cap (:data:`~.why.LIGHT_BUDGET`), and their goals start
    before a heavy request's; heavy ones run one at a time, ``heavy_queue`` places, half of them at most for one client
    (remote address; one more: 429). SPARQL queries
    (:class:`~.sparql.Lanes`) run first within ``sparql_fast`` seconds, one that needs longer then
    in the slow lane (``sparql_queue`` places) within ``sparql_timeout``; they wait at most ``wait`` s,
    and each may use ``sparql_memory`` MB (past it, the server's limit is named in the refusal).

    Raises (at start-up):
        BerserkError: the knowledge base does not load.
    """
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.requests import ClientDisconnect
    from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles

    lanes = [ThreadPoolExecutor(n, thread_name_prefix=name)
             for n, name in ((3, "why"), (1, "why-heavy"), (4, "read"))]
    kb_gate, heavy_gate, read_gate = (Gate(queue, lanes[0], wait),
                                      Gate(heavy_queue, lanes[1], wait, max(1, heavy_queue // 2)),
                                      Gate(read_queue, lanes[2]))
    sparql_gate = Lanes(sparql_timeout, sparql_queue, wait, sparql_fast)
    state: dict[str, Any] = {}
    budget = goal_time_limit if request_budget is None else request_budget

    def start() -> Reading:
        r = reading or Reading(KnowledgeBase(kb_dir))
        KnowledgeBase.start_prolog(goal_time_limit)
        state["queries"] = QueryProcess(r.kb.graph_entry, sparql_memory)  # started at the first query
        return r

    @contextlib.asynccontextmanager
    async def lifespan(app: Any):
        state["r"] = await asyncio.get_running_loop().run_in_executor(None, start)
        state["pages"] = Pages(state["r"])
        yield
        state["queries"].close()  # the queries waiting for it end with it
        for lane in lanes:
            lane.shutdown(wait=False)
        sparql_gate.shutdown()

    def lang_of(request: Any) -> str:
        lang = request.query_params.get("lang") or request.cookies.get("lang")
        return lang if lang in ("ru", "en") else "ru"

    def wants_json(request: Any) -> bool:
        accept = request.headers.get("accept", "")
        return request.url.path.endswith(".json") or quality(accept, "application/json") > quality(accept, "text/html")

    def respond(request: Any, template: str, data: dict[str, Any], status: int = 200,
                headers: dict[str, str] | None = None) -> Response:
        if wants_json(request):
            return Response(json_text(data, None), status, headers, media_type="application/json")
        lang = lang_of(request)
        if request.headers.get("hx-request") == "true" and template in ("search.html", "why.html", "error.html"):
            template = template.replace(".html", "_results.html")  # htmx swaps the results in
        here = "/" + request.url.path.removesuffix(".json").lstrip("/\\")  # site-relative: never «//host/…»
        html = state["pages"].render(template, data, lang=lang, here=here, query=request.url.query)
        out = HTMLResponse(html, status, headers)
        if request.query_params.get("lang") in ("ru", "en"):
            out.set_cookie("lang", lang, max_age=365 * 86400, samesite="lax")
        return out

    def failure(request: Any, exc: Exception, asked: dict[str, Any] | None = None) -> Response:
        """The error page (or JSON) of ``exc``: the library's message, and why in the interface's
        words (``reason``) where the error's type and fields and what was ``asked`` tell."""
        headers: dict[str, str] | None = None
        data: dict[str, Any]
        if isinstance(exc, BodyTooLarge):
            status, data = 413, {"error": f"the request is larger than {MAX_BODY // 1024} KB",
                                 "reason": {"code": "too_large", "limit": MAX_BODY // 1024}}
        elif isinstance(exc, BodyTimeout):
            status, data, headers = 408, {"error": str(exc), "reason": {"code": "too_slow",
                                                                        "seconds": f"{exc.seconds:g}"}}, \
                {"Connection": "close"}
        elif isinstance(exc, (Waited, EngineBusy)):
            status, data, headers = 503, {"error": str(exc), "reason": {"code": "waited",
                                                                        "seconds": f"{exc.seconds:g}"}}, \
                {"Retry-After": "2"}
        elif isinstance(exc, Busy):  # the queue is full (503), or this client's share of it (429)
            status, data, headers = exc.status, {"error": str(exc), "reason": {"code": exc.code}}, \
                {"Retry-After": exc.retry}
        elif isinstance(exc, GoalTimeout):
            status, data, headers = 503, {**why_page.error_data(exc), "reason": {"code": "timeout",
                                                                                   "seconds": f"{exc.seconds:g}"}}, \
                {"Retry-After": "5"}
        else:
            status = 404 if isinstance(exc, NotFoundError) else 400
            r = state["r"]
            why = reason(exc, asked or {}, [e["id"] for e in r.editions], list(r.diffs))
            if isinstance(exc, TooManyFields):
                why = {"code": "too_many_fields", "limit": MAX_FIELDS}
            data = {**why_page.error_data(exc), "suggestions": suggested(exc)}
            data["reason"] = why or data["reason"]
        return respond(request, "error.html", {"page": "error", "status": status, **data}, status, headers)

    async def work(request: Any, template: str, fn: Callable[[Reading], dict[str, Any]],
                   asked: dict[str, Any] | None = None) -> Response:
        try:
            return respond(request, template, await read_gate.run(fn, state["r"]))
        except (Busy, BerserkError) as exc:
            return failure(request, exc, asked)

    async def form(request: Any) -> dict[str, str]:
        return await form_of(request, body_timeout)

    def strip_json(name: str) -> str:
        return name[:-5] if name.endswith(".json") else name

    # -- reading pages ---------------------------------------------------------------------------

    async def home(request):
        return await work(request, "home.html", Reading.home)

    async def contents(request):
        ed = strip_json(request.path_params["edition"])
        return await work(request, "contents.html", lambda r: r.contents(ed), {"page": "contents"})

    async def paragraph(request):
        ed, ref = request.path_params["edition"], strip_json(request.path_params["ref"])
        # /A/519.3/ → /A/519.3, /A/ → /A: encoded, never «//host»
        if request.path_params["ref"].endswith("/") or not ref:
            target = "/" + "/".join(quote(part, safe="") for part in (ed, *ref.strip("/").split("/")) if part)
            return RedirectResponse(target + (f"?{request.url.query}" if request.url.query else ""), 308)
        return await work(request, "paragraph.html", lambda r: r.paragraph(ed, ref),
                          {"page": "paragraph", "edition": ed, "ref": ref})

    async def search(request):
        p = request.query_params
        return await work(request, "search.html", lambda r: r.search(
            nfc(p.get("q", "")), p.get("edition") or None, p.get("kind") or None, prefix=p.get("prefix") == "1"),
            {"page": "search", "q": p.get("q", "")})

    async def cards(request):
        return await work(request, "cards.html", Reading.cards)

    async def card(request):
        name = nfc(strip_json(request.path_params["name"]))
        return await work(request, "card.html", lambda r: r.card(name), {"page": "card", "name": name})

    async def diff_index(request):
        old, new = next(iter(state["r"].diffs), (None, None))  # /diff.json: the JSON of that diff
        return RedirectResponse(f"/diff/{old}/{new}{'.json' * wants_json(request)}" if old else "/", 302)

    async def diff(request):
        old, new = request.path_params["old"], strip_json(request.path_params["new"])
        return await work(request, "diff.html", lambda r: r.diff(old, new), {"page": "diff", "old": old, "new": new})

    async def check(request):
        p = request.query_params
        sev = p.get("severity") or None
        code = p.get("code") or None
        return await work(request, "check.html", lambda r: r.check(sev, code))

    # -- why -------------------------------------------------------------------------------------

    def why_data(r: Reading, fields: dict[str, str], lang: str) -> dict[str, Any]:
        data: dict[str, Any] = {"page": "why", "files": list(r.files), "editions": [e["id"] for e in r.editions],
                                "card_names": None, "feature_names": None,  # asked for when the form opens: /why/names
                                "form_kinds": situation.form_kinds(r, lang), "form": fields, "text": "",
                                "chosen": why_page.chosen(fields.get("e", "")),
                                "answer": None, "problem": None, "file": None}
        text = None
        if fields.get("build"):
            try:
                text = situation.form_text(situation.from_form(fields, data["editions"]))
            except BerserkError as exc:
                data["problem"] = why_page.error_data(exc)
                return data
        elif "yaml" in fields:
            text = fields["yaml"]
        elif fields.get("s"):
            text = why_page.decode(fields["s"])
        elif fields.get("file"):
            if fields["file"] not in r.files:
                name = repr(fields["file"][:80])
                raise NotFoundError(f"no bundled scenario {name}", refusal={"kind": "no_bundled_scenario",
                                                                            "values": [name]})
            data["file"] = fields["file"]
            text = r.files[fields["file"]].read_text(encoding="utf-8")
        if text is None:
            return data
        data["text"] = text
        try:
            data["answer"] = why_page.compute(r, text, data["chosen"], lang, fields.get("expect", "").strip(),
                                              fields.get("set", "").splitlines())
            query = {"s": data["answer"]["share"], **({"e": ",".join(data["chosen"])} if data["chosen"] else {}),
                     **{k: fields[k] for k in ("expect", "set") if fields.get(k, "").strip()}}
            data["answer"]["share_url"] = "/why?" + urlencode(query)
        except (GoalTimeout, EngineBusy):
            raise
        except BerserkError as exc:
            data["problem"] = why_page.error_data(exc, text)
        return data

    async def why(request):
        try:
            fields = await form(request)
        except (BodyTooLarge, BodyTimeout, BerserkError) as exc:
            return failure(request, exc, {"page": "why"})
        lang = lang_of(request)
        try:
            light = why_page.light(fields)
            gate, cap = (kb_gate, min(budget, why_page.LIGHT_BUDGET)) if light else (heavy_gate, budget)
            data = await gate.run(why_page.within, cap, wait, light, why_data, state["r"], fields, lang,
                                  client=request.client.host if request.client else None)
        except (Busy, BerserkError) as exc:
            return failure(request, exc, {"page": "why"})
        status = 400 if data["problem"] else 200
        return respond(request, "why.html", data, status)

    async def validate(request):
        try:
            fields = await form(request)
            chosen = why_page.chosen(fields.get("e", ""))
            data = await kb_gate.run(why_page.within, min(budget, why_page.LIGHT_BUDGET), wait, True, why_page.validate,
                                     state["r"], fields.get("yaml", ""), chosen)
        except (BodyTooLarge, BodyTimeout, Busy, BerserkError) as exc:
            return failure(request, exc)
        return respond(request, "why_validate.html", {"page": "validate", **data})

    async def names(request):
        """The names the situation form suggests (``cards`` or ``features``), as ``<option>``s for its
        datalist (or JSON): asked for when the form is opened, not sent with every why page."""
        which = strip_json(request.path_params["which"])
        r = state["r"]
        if which not in ("cards", "features"):
            return failure(request, NotFoundError(f"no list of names {which[:40]!r}"), {"page": "none"})
        data = {"page": "names", "which": which, "names": r.card_names if which == "cards" else r.feature_names}
        return respond(request, "why_names.html", data)

    sparql = sparql_route(sparql_gate, lambda: state["queries"], form, respond, body_timeout)

    async def health(request):
        return JSONResponse({"ok": "r" in state, "queue": kb_gate.busy, "read_queue": read_gate.busy,
                             "heavy_queue": heavy_gate.busy, "sparql_queue": sparql_gate.busy})

    routes = [
        Route("/", home), Route("/index.json", home), Route("/healthz", health),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        Route("/search", search), Route("/search.json", search),
        Route("/cards", cards), Route("/cards.json", cards), Route("/cards/{name:path}", card),
        Route("/why", why, methods=["GET", "POST"]), Route("/why.json", why, methods=["GET", "POST"]),
        Route("/why/validate", validate, methods=["GET", "POST"]), Route("/why/names/{which}", names),
        Route("/diff", diff_index), Route("/diff.json", diff_index), Route("/diff/{old}/{new}", diff),
        Route("/check", check), Route("/check.json", check),
        Route("/sparql", sparql, methods=["GET", "POST"]), Route("/sparql.json", sparql, methods=["GET", "POST"]),
        Route("/{edition}", contents), Route("/{edition}/{ref:path}", paragraph),
    ]

    async def not_found(request, exc):
        return failure(request, NotFoundError(f"no page {request.url.path[:80]!r}"), {"page": "none"})

    async def hung_up(request, exc):
        """A client gone before its body was all there (a closed tab): no one to answer, nothing to log."""
        return Response(status_code=400)

    return Starlette(routes=routes, lifespan=lifespan, exception_handlers={404: not_found, ClientDisconnect: hung_up},
                     middleware=[Middleware(SecurityHeaders)])


#: Seconds a stopping server (SIGTERM, Ctrl-C) waits for the requests it is answering; then it ends them.
SHUTDOWN_TIME = 3


def server_config(app: Any, head_timeout: float = HEAD_TIMEOUT, keep_alive: int = KEEP_ALIVE,
                  **options: Any) -> Any:
    """uvicorn's configuration of the server of ``app``: the limits of :mod:`.inputs` on a request's
    head (size, ``head_timeout`` seconds), idle keep-alive connections (closed after ``keep_alive``
    seconds), how many connections one process holds, and how long it waits when told to stop
    (:data:`SHUTDOWN_TIME`)."""
    import uvicorn

    return uvicorn.Config(app, http=headers_within(head_timeout), h11_max_incomplete_event_size=MAX_HEAD,
                          timeout_keep_alive=keep_alive, limit_concurrency=MAX_CONNECTIONS,
                          timeout_graceful_shutdown=SHUTDOWN_TIME, **options)


class OrderlyStop(logging.Filter):
    """uvicorn's «Cancel N running task(s), timeout graceful shutdown exceeded» is how a stop ends
    the requests still running after :data:`SHUTDOWN_TIME` — an orderly stop, logged as a warning,
    not an error (by the record's format string: uvicorn gives the record nothing else to know it by)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno == logging.ERROR and str(record.msg).startswith("Cancel %s running task(s)"):
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def serve(kb_dir: Path | str | None, host: str, port: int, as_json: bool = False) -> None:
    """``berserk-kb serve``: take the address, load the knowledge base and do the start-up work first
    (so that a port taken or a KB that does not load is one error line, not a server that fails),
    then serve until interrupted.

    Raises:
        InputError: the address cannot be listened on (:func:`listening`).
        BerserkError: the knowledge base does not load.
    """
    import json
    import sys

    import uvicorn

    sock = listening(host, port)
    try:
        reading = Reading(KnowledgeBase(kb_dir))
        port = sock.getsockname()[1]
        url = f"http://{host if ':' not in host else f'[{host}]'}:{port}/"
        print(json.dumps({"url": url}) if as_json else f"berserk-kb: serving {reading.kb.kb_dir} at {url}",
              file=sys.stderr, flush=True)
        config = server_config(create_app(reading=reading), log_level="warning")
        logging.getLogger("uvicorn.error").addFilter(OrderlyStop())  # after the config has set up the loggers
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
