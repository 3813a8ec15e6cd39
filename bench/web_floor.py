"""The floor of the why page's stack (issue 15, target 6): a bare Starlette application under
uvicorn — its HTTP protocol (h11) as ``berserk-kb serve`` has it — whose one endpoint reads the why
form (``yaml``), makes the library call the page makes (``parse_scenario`` + ``why``, on a thread of
Starlette's pool: the engine hands the goal to its Prolog thread) and answers each event's result
as JSON; ``/empty`` reads the form and answers ``{}`` (the stack alone, no call); ``/healthz`` says
it is up. Nothing else: no lanes, limits, checks, sentences or links. What this costs against the
library call alone is what the stack itself costs.

    .venv/bin/python bench/web_floor.py PORT

Loopback only; bench/why_bench.py starts and stops it.
"""

from __future__ import annotations

import json
import sys
from urllib.parse import parse_qs

import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from berserk_kb import KnowledgeBase

kb = KnowledgeBase()


async def why(request):
    text = parse_qs((await request.body()).decode())["yaml"][-1]
    result = await run_in_threadpool(lambda: kb.why(kb.parse_scenario(text)))
    return Response(json.dumps([ev.result for ev in result.events], ensure_ascii=False), media_type="application/json")


async def empty(request):
    parse_qs((await request.body()).decode())
    return JSONResponse({})


async def health(request):
    return JSONResponse({"ok": True})


if __name__ == "__main__":
    kb.why(kb.parse_scenario((kb.kb_dir / "examples" / "A-519.3-ex1-gnome-basaarg.yaml").read_text(encoding="utf-8")))
    app = Starlette(routes=[Route("/why", why, methods=["POST"]), Route("/empty", empty, methods=["POST"]), Route("/healthz", health)])
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), http="h11", log_level="warning")
