"""The SPARQL endpoint as real clients use it: SPARQLWrapper (SPARQL 1.1 protocol), and the
result formats JSON, CSV, TSV and Turtle; its limits; its queue."""

from __future__ import annotations

import csv
import io
import threading
import time
from urllib.parse import quote

from .webclient import SPARQL_TIMEOUT, fetch

NUMBERS = "SELECT ?edition WHERE { ?p skos:notation \"519.3\" ; bkb:edition ?edition } ORDER BY ?edition"


def test_a_select_from_sparqlwrapper(server):
    """519.3 is printed in both editions: A (001, line 7) and B (000, line 12)."""
    from SPARQLWrapper import JSON, POST, SPARQLWrapper

    for method in (None, POST):
        client = SPARQLWrapper(f"{server}/sparql")
        client.setQuery(NUMBERS)
        client.setReturnFormat(JSON)
        if method:
            client.setMethod(method)
        rows = client.query().convert()["results"]["bindings"]
        assert [r["edition"]["value"].rsplit("/", 1)[-1] for r in rows] == ["A", "B"]


def test_csv_tsv_and_a_query_body(server):
    csv_reply = fetch(f"{server}/sparql?query={quote(NUMBERS)}", headers={"Accept": "text/csv"})
    assert csv_reply.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(csv_reply.text)))
    assert rows[0] == ["edition"] and [r[0].rsplit("/", 1)[-1] for r in rows[1:]] == ["A", "B"]
    tsv = fetch(f"{server}/sparql?format=tsv&query={quote(NUMBERS)}").text.splitlines()
    assert tsv[0] == "?edition" and tsv[1].startswith("<") and tsv[1].endswith("/id/A>")
    body = fetch(f"{server}/sparql", NUMBERS.encode(), {"Content-Type": "application/sparql-query",
                                                      "Accept": "application/sparql-results+json"})
    assert len(body.json()["results"]["bindings"]) == 2


def test_construct_answers_turtle_and_ask_a_boolean(server):
    import rdflib

    q = 'CONSTRUCT { ?p skos:notation ?n } WHERE { ?p skos:notation ?n ; bkb:edition id:B } '
    reply = fetch(f"{server}/sparql?query={quote(q)}")
    assert reply.headers["content-type"].startswith("text/turtle")
    graph = rdflib.Graph().parse(data=reply.text, format="turtle")
    assert rdflib.Literal("519.3") in set(graph.objects())
    ask = fetch(f"{server}/sparql?query={quote('ASK { ?p skos:notation ' + chr(34) + '540.5' + chr(34) + ' }')}")
    assert ask.json() == {"head": {}, "boolean": True}  # 004: «540.5.» is in edition B


def test_what_the_endpoint_refuses(server):
    for q in ("SELECT * WHERE {", "SELECT * WHERE { SERVICE <http://127.0.0.1:9/> { ?s ?p ?o } }",
              "SELECT * FROM <http://127.0.0.1:9/x> WHERE { ?s ?p ?o }", "INSERT DATA { <a:b> <a:c> <a:d> }"):
        reply = fetch(f"{server}/sparql?query={quote(q)}")
        assert reply.status == 400 and reply.text.count("\n") == 1, (q, reply.status, reply.text)
    assert fetch(f"{server}/sparql?query={quote(NUMBERS)}&default-graph-uri=x").status == 400
    assert fetch(f"{server}/sparql?query={quote(NUMBERS)}&format=pdf").status == 400
    assert fetch(f"{server}/sparql?query={quote(NUMBERS)}&format=turtle").status == 400
    page = fetch(f"{server}/sparql")
    assert page.status == 200 and "PREFIX bkb: &lt;" in page.text


HEAVY = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"


def test_a_heavy_query_is_stopped_and_the_queue_is_bounded(server):
    """The test server's slow SPARQL lane takes one query at a time for at most SPARQL_TIMEOUT: of
    two heavy queries sent at once, each outgrows the fast lane, one runs in the slow lane until
    its time is up (503 with no Retry-After, «did not finish», «too slow»: sent again it would run out
    of time again), and the other is refused with 503 and Retry-After: 1 (the queue is full). A small query sent while they
    are in the endpoint is answered (the fast lane: fresh user's finding S1) — sent once the other
    is refused, so that it has the fast lane to itself while the first runs in the slow one."""
    replies = []

    def send():
        replies.append(fetch(f"{server}/sparql?query={quote(HEAVY)}"))

    threads = [threading.Thread(target=send) for _ in range(2)]
    for t in threads:
        t.start()
    while not replies and any(t.is_alive() for t in threads):  # one refused: the other is in the slow lane
        time.sleep(0.01)
    running = fetch(f"{server}/healthz").json()["sparql_queue"]
    small = fetch(f"{server}/sparql?query={quote('ASK { ?s ?p ?o }')}")
    for t in threads:
        t.join()
    assert running == 1 and small.status == 200 and small.json()["boolean"] is True, (running, small.text)
    statuses = sorted(r.status for r in replies)
    assert statuses == [503, 503], statuses
    stopped = [r for r in replies if "did not finish" in r.text]
    assert len(stopped) == 1 and f"did not finish within {SPARQL_TIMEOUT:g} s" in stopped[0].text
    assert "retry-after" not in stopped[0].headers and "too slow" in stopped[0].text
    assert all(r.headers.get("retry-after") == "1" for r in replies if r is not stopped[0])
    assert fetch(f"{server}/sparql?query={quote(NUMBERS)}").status == 200  # and the endpoint goes on


def test_the_query_page_shows_a_table_to_a_browser_and_the_protocol_to_a_client(get):
    """A browser (Accept: text/html first) submitting the page's form gets the page back with the
    results as a table; a SPARQL client (or format=json) gets SPARQL JSON. 001, line 7 is 519.3 of A."""
    from urllib.parse import quote

    browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
    query = "SELECT ?text WHERE { ?p bkb:edition id:A ; skos:notation \"519.3\" ; bkb:text ?text }"
    page = get("/sparql", {"query": query}, {"Accept": browser})
    assert page.status == 200 and page.headers["content-type"].startswith("text/html")
    assert '<table class="results">' in page.text and "Правило наложения модификаторов атаки" in page.text
    raw = get("/sparql", {"query": query, "format": "json"}, {"Accept": browser})
    assert raw.headers["content-type"].startswith("application/sparql-results+json")
    client = get("/sparql?query=" + quote(query), headers={"Accept": "application/sparql-results+json"})
    assert client.json()["results"]["bindings"][0]["text"]["value"].startswith("Правило наложения")
    ask = get("/sparql", {"query": "ASK { ?p a bkb:Paragraph }"}, {"Accept": browser}).text
    assert "<strong>да</strong>" in ask


def test_an_empty_query_says_so(get):
    for data in ({"query": ""}, {"query": "  \n"}):
        reply = get("/sparql", data)
        assert reply.status == 400 and reply.text.startswith("empty query"), reply.text


def test_the_query_page_has_its_json(get):
    """The footer links /sparql.json: the page's data (its prefixes and example)."""
    data = get("/sparql.json").json()
    assert data["page"] == "sparql" and data["prefixes"]["bkb"] and "SELECT" in data["example"]
    assert 'href="/sparql.json"' in get("/sparql").text


def test_accept_q_values_decide_between_html_and_json(get):
    assert get("/A/519.3", headers={"Accept": "text/html;q=0.1, application/json"}).headers[
        "content-type"] == "application/json"
    assert get("/A/519.3", headers={"Accept": "application/json;q=0.5, text/html"}).headers[
        "content-type"].startswith("text/html")
    assert get("/A/519.3", headers={"Accept": "*/*"}).headers["content-type"].startswith("text/html")


def test_a_row_with_every_variable_unbound_is_a_row_of_the_table(get):
    """`SELECT (1/0 AS ?x) WHERE {}`: the empty pattern has one solution and 1/0 is an error, so ?x
    is unbound (SPARQL 1.1, 18.5): one row with an empty cell, not an empty table."""
    browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
    page = get("/sparql", {"query": "SELECT (1/0 AS ?x) WHERE {}"}, {"Accept": browser})
    assert page.status == 200
    table = page.text[page.text.index('<table class="results">'):]
    table = table[:table.index("</table>")]
    assert table.count("<tr") == 2, table  # the head and the one solution


def test_a_small_query_is_answered_in_the_fast_lane_while_a_heavy_one_holds_the_slow_lane():
    """The lanes themselves, with stand-in queries: a heavy one runs out of the fast lane's time
    (0.5 s), runs again in the slow lane with the full 10 s and holds its one worker; meanwhile a
    small one is answered (fast lane), and another heavy one finds the slow lane's one place taken
    (Busy). A query that fails otherwise in the fast lane is not run again."""
    import asyncio

    import pytest

    from berserk_kb import QueryError, QueryTimeout
    from berserk_kb.web.inputs import Busy
    from berserk_kb.web.sparql import Lanes

    go, in_slow, calls = threading.Event(), threading.Event(), []

    def heavy(name, seconds):
        calls.append((name, seconds))
        if seconds < 10.0:
            raise QueryTimeout("did not finish", seconds)
        in_slow.set()
        go.wait(10)
        return name

    def broken(seconds):
        calls.append(("broken", seconds))
        raise QueryError("does not parse")

    async def scenario():
        lanes = Lanes(10.0, slow_queue=1, fast=0.5)
        first = asyncio.ensure_future(lanes.run(heavy, "first"))
        while not in_slow.is_set():
            await asyncio.sleep(0)
        assert await lanes.run(lambda seconds: ("small", seconds)) == ("small", 0.5)
        with pytest.raises(Busy):
            await lanes.run(heavy, "second")
        with pytest.raises(QueryError):
            await lanes.run(broken)
        go.set()
        out = await first
        lanes.shutdown()
        return out

    done = []  # on a thread of its own: the browser tests leave an event loop running on this one
    runner = threading.Thread(target=lambda: done.append(asyncio.run(scenario())))
    runner.start()
    runner.join(20)
    assert done == ["first"]
    assert calls == [("first", 0.5), ("first", 10.0), ("second", 0.5), ("broken", 0.5)]


CROSS_JOIN = "SELECT * WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"


def test_a_runaway_query_is_killed_at_its_limit_and_the_server_answers_after(get):
    """(Fresh user's F1.) Three unrelated triple patterns join every triple with every other: the
    bundled graph's thousands of triples cubed never finish. The query runs in a child of the
    query process, killed at the test server's limit (SPARQL_TIMEOUT) whatever it is doing: 503
    without Retry-After (fu14f F3: resent, it would run out of time again), and the next query is answered — 519.3 is printed in A and B."""
    reply = get("/sparql?query=" + quote(CROSS_JOIN), headers={"Accept": "application/sparql-results+json"})
    assert reply.status == 503 and "retry-after" not in reply.headers, reply.text
    assert f"did not finish within {SPARQL_TIMEOUT:g} s" in reply.text
    after = get("/sparql?query=" + quote(NUMBERS), headers={"Accept": "application/sparql-results+json"})
    assert [r["edition"]["value"][-1] for r in after.json()["results"]["bindings"]] == ["A", "B"]


def test_xml_results_hold_no_character_xml_forbids(get):
    """(Fresh user's F2.) XML 1.0 (2.2 Characters) allows no U+0001, even as a reference; the
    endpoint writes U+FFFD in its place, so that a strict parser (expat, as rdflib's SPARQLStore
    uses lxml) reads the answer; JSON keeps the character, escaped."""
    import xml.etree.ElementTree as ET

    query = 'SELECT ?t WHERE { BIND("a\\u0001b\\u0009c" AS ?t) }'
    xml = get("/sparql?query=" + quote(query), headers={"Accept": "application/sparql-results+xml"})
    assert xml.status == 200, xml.text
    literal = ET.fromstring(xml.text).find(".//{http://www.w3.org/2005/sparql-results#}literal")
    assert literal is not None and literal.text == "a\ufffdb\tc"
    json_reply = get("/sparql?query=" + quote(query), headers={"Accept": "application/sparql-results+json"})
    assert json_reply.json()["results"]["bindings"][0]["t"]["value"] == "a\x01b\tc"
