"""What keeps one request from holding up the rest: the time limit per Prolog goal (in Prolog:
``bridge:set_goal_time_limit/2``), the bounded queue in front of a lane (:class:`~berserk_kb.web.app.Gate`),
and answers under 8 concurrent clients equal to the serial ones."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path
from urllib.parse import quote

import pytest

from berserk_kb import GoalTimeout, KnowledgeBase
from berserk_kb.engine.bridge import engine
from berserk_kb.web.app import Busy, Gate

from .webclient import GOAL_TIME_LIMIT, WHY_QUEUE, fetch

SLOW = Path(__file__).resolve().parents[1] / "fixtures" / "prolog" / "slow.pl"
ROOT = Path(__file__).resolve().parents[2]


def test_a_goal_past_its_time_limit_is_stopped_and_the_engine_goes_on(server):
    """(With the test server up, whose limit is put back afterwards.)"""
    eng = engine()
    eng.load([SLOW])
    assert eng.call("slow:spin", 0.05) is True  # no limit: it runs to the end
    try:
        KnowledgeBase.start_prolog(goal_time_limit=0.2)
        with pytest.raises(GoalTimeout) as caught:
            eng.call("slow:spin", 30)
        assert caught.value.seconds == pytest.approx(0.2)
        assert eng.call("slow:spin", 0.05) is True and eng.echo("still here") == "still here"
        KnowledgeBase.start_prolog(goal_time_limit=0)
        assert eng.call("slow:spin", 0.3) is True  # the limit is lifted
    finally:
        KnowledgeBase.start_prolog(goal_time_limit=GOAL_TIME_LIMIT)


def test_a_full_gate_refuses_at_once_and_opens_again():
    release = threading.Event()

    async def scenario():
        gate = Gate(1)
        first = asyncio.ensure_future(gate.run(release.wait, 10))
        await asyncio.sleep(0.05)
        with pytest.raises(Busy):
            await gate.run(lambda: None)
        release.set()
        assert await first is True
        assert await gate.run(lambda: 42) == 42

    done = []  # on a thread of its own: the browser tests leave an event loop running on this one
    runner = threading.Thread(target=lambda: done.append(asyncio.run(scenario()) or True))
    runner.start()
    runner.join(10)
    assert done == [True]


def _requests():
    gnome = (ROOT / "kb" / "examples" / "A-519.3-ex1-gnome-basaarg.yaml").read_text(encoding="utf-8")
    differs = (ROOT / "kb" / "scenarios" / "die-roll-editions-differ.yaml").read_text(encoding="utf-8")
    json_ = {"Accept": "application/json"}
    return [("/A/519.3.json", None, None), ("/B/519.2.json", None, None),
            ("/search.json?q=" + quote("модификатор кубика"), None, None),
            ("/search.json?q=" + quote("регенерация") + "&edition=A", None, None),
            ("/why", {"yaml": gnome}, json_), ("/why", {"yaml": differs, "e": "A,B"}, json_),
            ("/cards/" + quote("Вайл") + ".json", None, None)]


def test_eight_concurrent_clients_get_the_serial_answers(server):
    """8 clients, each sending every request of a mix (why, show, search, card) three times in its own
    order: no error, and every answer byte for byte the one the same request got alone."""
    requests = _requests()
    serial = {}
    for i, (path, data, headers) in enumerate(requests):
        reply = fetch(server + path, data, headers)
        assert reply.status == 200, (path, reply.status)
        serial[i] = reply.body
    wrong: list[str] = []

    def client(n: int) -> None:
        order = [(i + n) % len(requests) for i in range(len(requests))] * 3
        for i in order:
            path, data, headers = requests[i]
            reply = fetch(server + path, data, headers)
            if reply.status != 200 or reply.body != serial[i]:
                wrong.append(f"{path}: {reply.status} {reply.body[:200]!r}")

    threads = [threading.Thread(target=client, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not wrong, wrong[:3]
    assert json.loads(serial[4])["answer"]["runs"]["A"]["events"][0]["result"]["strength"] == 1


def test_a_why_past_the_time_limit_is_503_and_the_server_goes_on(get):
    """100 die rolls (the most the web computes) of five modifiers each take the engine far longer than 10 ms."""
    heavy = {"edition": "A", "cards": [{"id": "c", "controller": "p1"}, {"id": "k", "controller": "p1"}],
             "events": [{"die_roll": {"roller": "c", "roll": 4,
                                      "modifiers": [{"source": "k", "op": "add", "value": 1}] * 5}}] * 100}
    try:
        KnowledgeBase.start_prolog(goal_time_limit=0.01)
        reply = get("/why", {"yaml": json.dumps(heavy, separators=(",", ":"))}, {"Accept": "application/json"})
    finally:
        KnowledgeBase.start_prolog(goal_time_limit=GOAL_TIME_LIMIT)
    assert reply.status == 503 and "did not finish within 0.01 s" in reply.json()["error"], reply.json().get("problem")
    assert reply.headers.get("retry-after") == "5"
    assert get("/A/519.3.json").status == 200


def test_too_many_form_fields_is_a_400_in_our_words(get):
    """Each place that reads a form: more than 200 fields is one line, 400, on our error page."""
    many = "&".join(f"f{i}=x" for i in range(201))
    editions = "&".join(["e=A"] * 300)
    for path, data in (("/why?" + many, None), ("/why.json?" + editions, None), ("/why", many.encode()),
                       ("/why/validate", many.encode()), ("/sparql?" + many + "&query=ASK%7B%7D", None),
                       ("/sparql", many.encode())):
        headers = {"Content-Type": "application/x-www-form-urlencoded"} if data else None
        reply = get(path, data, headers)
        assert reply.status == 400, (path, reply.status, reply.body[:200])
        assert "more than 200 form fields" in reply.text, (path, reply.text[:300])


def test_form_fields_are_decoded_as_a_browser_encodes_them():
    """A form body as a browser sends it (UTF-8 percent-escapes, «+» a space, «%2B» a plus): «п» is
    D0 BF and «р» D1 80 in UTF-8; ``e`` given twice keeps both; an empty pair is no field, a name
    alone is an empty field; a «%» not followed by two hex digits stays as written, and a lone
    first byte of a two-byte letter (D0) is the replacement character."""
    from berserk_kb.web.inputs import fields_of

    assert fields_of("yaml=%D0%BF%d1%80+a%2Bb&e=A&e=B&&bad=%zz%D0&x") == \
        {"yaml": "пр a+b", "e": "A,B", "bad": "%zz\ufffd", "x": ""}
    assert fields_of("") == {}


def test_a_body_that_does_not_arrive_is_408_and_the_connection_closed(server):
    """A POST announcing 100 KB that sends none of it is answered once the body timeout passes
    (the test server's: 0.5 s) instead of holding its connection open."""
    import socket
    from urllib.parse import urlsplit

    u = urlsplit(server)
    with socket.create_connection((u.hostname, u.port), timeout=30) as s:
        s.sendall(b"POST /why HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                  b"Content-Length: 100000\r\n\r\nyaml=")
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 408 "), answer[:200]


def test_a_long_shared_link_reaches_the_server(get):
    """A link holds its scenario (up to 32 KB, deflated): a query string of 40 KB is read by the
    server (uvicorn's default limit, 16 KB, would refuse it before the page is asked for)."""
    reply = get("/why.json?s=" + "A" * 40_000)
    assert reply.status == 400 and "parameter s is damaged" in reply.json()["error"]


def _hold_whys(monkeypatch):
    """Every why computation of the page held inside it until ``release`` is set; ``inside`` is
    released once per computation that entered: ``(release, inside)``."""
    from berserk_kb.web import why as why_page

    release, inside = threading.Event(), threading.Semaphore(0)
    compute = why_page.compute

    def held(*args, **kwargs):
        inside.release()
        release.wait(30)
        return compute(*args, **kwargs)

    monkeypatch.setattr(why_page, "compute", held)
    return release, inside


def test_a_full_why_queue_never_refuses_a_reading_page(get, monkeypatch):
    """With every place in the why queue taken (WHY_QUEUE requests held inside the computation), one
    more why is 503 with Retry-After, while a paragraph, a search and the contents still answer."""

    release, inside = _hold_whys(monkeypatch)
    gnome = (ROOT / "kb" / "examples" / "A-519.3-ex1-gnome-basaarg.yaml").read_text(encoding="utf-8")
    replies: list[int] = []
    threads = [threading.Thread(target=lambda: replies.append(get("/why.json", {"yaml": gnome}).status))
               for _ in range(WHY_QUEUE)]
    try:
        for t in threads:
            t.start()
        for _ in range(3):  # the light why lane's three threads are inside; the other requests wait in its queue
            assert inside.acquire(timeout=30)
        for _ in range(100):
            if get("/healthz").json()["queue"] == WHY_QUEUE:
                break
            time.sleep(0.05)
        refused = get("/why.json", {"yaml": gnome})
        assert refused.status == 503 and refused.headers["retry-after"] == "1"
        for path in ("/A/519.3.json", "/search.json?q=" + quote("кубик"), "/B.json", "/check.json"):
            assert get(path).status == 200, path
    finally:
        release.set()
        for t in threads:
            t.join(30)
    assert replies == [200] * WHY_QUEUE


def test_a_paragraph_page_asks_prolog_nothing(reading, monkeypatch):
    """Every paragraph's view is worked out at start-up: its page is a lookup."""
    eng = engine()
    asked = []
    monkeypatch.setattr(type(eng), "call", lambda self, *a, **k: asked.append(a[0]))
    assert reading.paragraph("A", "519.3")["paragraphs"][0]["number"] == "519.3"
    assert reading.paragraph("B", "519.2")["paragraphs"] and asked == []


def test_the_web_computes_at_most_100_events_and_searches_at_most_1000_characters(get):
    roll = {"die_roll": {"roller": "c", "roll": 4}}
    many = {"edition": "A", "cards": [{"id": "c", "controller": "p1"}], "events": [roll] * 101}
    reply = get("/why.json", {"yaml": json.dumps(many)})
    assert reply.status == 400 and reply.json()["problem"]["field"] == "events"
    assert "at most 100" in reply.json()["problem"]["error"]
    assert get("/why.json", {"yaml": json.dumps({**many, "events": [roll] * 100})}).status == 200
    long = get("/search.json?q=" + quote("кубик " * 200))
    assert long.status == 400 and long.json()["reason"] == {"code": "text_too_long", "length": 1200, "limit": 1000}


def test_a_head_that_does_not_arrive_closes_the_connection(server):
    """A client that sends only part of a request's head (``GET / HTTP/1.1``, ``Host: x``, and never
    the empty line that ends it), or nothing, or a whole request and then part of the next, has its
    connection closed once the head timeout passes (the test server's: 1 s; issue 14: 1,500 such
    sockets stayed open) — with no answer, as no request was made; the whole request on the third
    socket is answered first."""
    import socket
    from urllib.parse import urlsplit

    u = urlsplit(server)
    sends = [b"GET / HTTP/1.1\r\nHost: x\r\n", b"",
             b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nHo"]
    socks = [socket.create_connection((u.hostname, u.port), timeout=30) for _ in sends]
    try:
        for s, data in zip(socks, sends):
            s.sendall(data)
        got = []
        for s in socks:
            answer = b""
            while chunk := s.recv(65536):  # b"": the server closed the connection (a timeout here raises)
                answer += chunk
            got.append(answer)
    finally:
        for s in socks:
            s.close()
    assert got[:2] == [b"", b""], got
    assert got[2].startswith(b"HTTP/1.1 200 ") and got[2].count(b"HTTP/1.1 ") == 1, got[2][:200]


def test_the_server_bounds_idle_connections_and_how_many_it_holds():
    """``berserk-kb serve``'s uvicorn: idle keep-alive connections closed after 5 s, at most 512
    connections (the next request is answered 503), a head of at most 64 KB read within 10 s."""
    from berserk_kb.web.app import server_config
    from berserk_kb.web.inputs import HEAD_TIMEOUT

    config = server_config(object())
    assert (config.timeout_keep_alive, config.limit_concurrency, config.h11_max_incomplete_event_size) == \
        (5, 512, 64 * 1024)
    assert HEAD_TIMEOUT == 10.0 and config.http.__name__ == "HeadInTime"


def test_one_client_holds_at_most_its_share_of_a_gate_and_another_client_still_gets_in():
    """A gate of 4 places, 2 per client: client a's third request is refused at once (ClientBusy,
    429) while b is admitted; once one of a's is done, a is admitted again."""
    from berserk_kb.web.inputs import ClientBusy

    release, inside = threading.Event(), threading.Semaphore(0)

    def held():
        inside.release()
        return release.wait(10)

    async def scenario():
        gate = Gate(4, per_client=2)
        first = [asyncio.ensure_future(gate.run(held, client="a")) for _ in range(2)]
        for _ in range(2):
            await asyncio.to_thread(inside.acquire, True, 10)
        with pytest.raises(ClientBusy) as caught:
            await gate.run(lambda: None, client="a")
        assert caught.value.status == 429 and caught.value.retry == "2"
        assert await gate.run(lambda: "b", client="b") == "b"
        release.set()
        assert await asyncio.gather(*first) == [True, True]
        assert await gate.run(lambda: "a", client="a") == "a" and gate.clients == {}

    done = []  # on a thread of its own: the browser tests leave an event loop running on this one
    runner = threading.Thread(target=lambda: done.append(asyncio.run(scenario()) or True))
    runner.start()
    runner.join(20)
    assert done == [True]


def test_a_client_with_two_heavy_whys_running_gets_429_with_retry_after_in_the_pages_words(get, monkeypatch):
    """The heavy why lane (4 places) keeps at most 2 for one remote address: with two heavy whys of
    this client held inside the computation, its third is 429 with Retry-After, Russian by default
    and English with lang=en; the two held ones then answer 200."""
    from berserk_kb.web import why as why_page

    release, inside = _hold_whys(monkeypatch)
    monkeypatch.setattr(why_page, "light", lambda fields: False)
    gnome = (ROOT / "kb" / "examples" / "A-519.3-ex1-gnome-basaarg.yaml").read_text(encoding="utf-8")
    replies: list[int] = []
    threads = [threading.Thread(target=lambda: replies.append(get("/why.json", {"yaml": gnome}).status))
               for _ in range(2)]
    try:
        for t in threads:
            t.start()
        assert inside.acquire(timeout=30)  # one runs on the heavy lane's one worker, the other waits
        for _ in range(200):  # the other waits in the heavy lane's queue
            if get("/healthz").json()["heavy_queue"] == 2:
                break
            time.sleep(0.05)
        refused = get("/why.json", {"yaml": gnome})
        russian = get("/why", {"yaml": gnome})
        english = get("/why?lang=en", {"yaml": gnome})
    finally:
        release.set()
        for t in threads:
            t.join(30)
    assert refused.status == 429 and refused.headers["retry-after"] == "2"
    assert refused.json()["reason"] == {"code": "client_busy"}
    assert russian.status == 429 and "С вашего адреса уже ждут или вычисляются" in russian.text
    assert english.status == 429 and "Several heavy requests from your address" in english.text
    assert replies.count(200) == 2
