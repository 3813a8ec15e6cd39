"""The web tests' fixtures: one server per session on a free loopback port (uvicorn on a thread),
over a copy of the bundled rulebook whose kb/cards.yaml also has a card named like an HTML script
(to test that no page lets it run) and cards named like paths (that no static file is written outside its folder); one Chromium for the browser tests (their module)."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

from .webclient import (
    BODY_TIMEOUT,
    GOAL_TIME_LIMIT,
    HEAD_TIMEOUT,
    KEEP_ALIVE,
    NO_WORD_CARDS,
    PATH_CARDS,
    SCREENSHOTS,
    SCRIPT_CARD,
    SPARQL_FAST,
    SPARQL_TIMEOUT,
    WHY_QUEUE,
    Reply,
    fetch,
)


@pytest.fixture(scope="session")
def web_kb(tmp_path_factory) -> Path:
    kb = tmp_path_factory.mktemp("web") / "kb"
    shutil.copytree(os.environ["BERSERK_KB_DEFAULT"], kb)
    cards = (kb / "cards.yaml").read_text(encoding="utf-8")
    cards += "".join(f"\n  - name: {json.dumps(name, ensure_ascii=False)}\n    hit: [1, 2, 3]"
                     for name in (SCRIPT_CARD, *PATH_CARDS, *NO_WORD_CARDS))
    (kb / "cards.yaml").write_text(cards.rstrip() + "\n", encoding="utf-8")
    return kb


@pytest.fixture(scope="session")
def reading(web_kb):
    """The test KB with the server's start-up work done (:class:`berserk_kb.web.reading.Reading`)."""
    from berserk_kb import KnowledgeBase
    from berserk_kb.web.reading import Reading

    return Reading(KnowledgeBase(web_kb))


@contextlib.contextmanager
def running(app):
    """``app`` served by uvicorn on a thread on a free loopback port while inside: its base URL."""
    import uvicorn

    from berserk_kb.web.app import server_config

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(server_config(app, HEAD_TIMEOUT, KEEP_ALIVE, host="127.0.0.1", port=port, log_level="error", lifespan="on"))
    thread = threading.Thread(target=srv.run, name="web-test-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not srv.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the test server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(10)


@pytest.fixture(scope="session")
def server(reading):
    """The base URL of a running server (``http://127.0.0.1:PORT``)."""
    from berserk_kb import KnowledgeBase
    from berserk_kb.web.app import create_app

    app = create_app(reading=reading, goal_time_limit=GOAL_TIME_LIMIT, sparql_timeout=SPARQL_TIMEOUT,
                     sparql_queue=1, sparql_fast=SPARQL_FAST, body_timeout=BODY_TIMEOUT, queue=WHY_QUEUE)
    with running(app) as url:
        yield url
    KnowledgeBase.start_prolog(goal_time_limit=0)  # the rest of the suite runs without the server's limit


@pytest.fixture(scope="session")
def get(server):
    def run(path: str, data=None, headers=None) -> Reply:
        return fetch(server + path, data, headers)

    return run


CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium driven by Playwright (no browser is ever downloaded), for the module that
    uses it (tests/web/test_web_browser.py): closed when its tests are done, not left running (its
    renderers and the driver) to the end of the session. Absent, the browser
    tests are skipped — except under CI, where .ci/run installs it and its absence is a failure."""
    if not Path(CHROMIUM).exists():
        reason = f"{CHROMIUM} is not installed (apt-get install chromium; .ci/run installs it)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()
