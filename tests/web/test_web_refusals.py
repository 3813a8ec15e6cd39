"""What the second fresh user found accepted silently or answered wrongly (minor findings):
an unknown search kind, /diff.json, a SPARQL query given twice, an Accept the endpoint cannot
answer."""

from __future__ import annotations

from urllib.parse import quote

ASK = quote("ASK { ?s ?p ?o }")


def test_an_unknown_search_kind_is_refused_as_the_check_filters_are(get):
    reply = get("/search.json?q=" + quote("регенерация") + "&kind=bogus")
    assert reply.status == 400 and reply.json()["field"] == "kind"
    assert get("/search.json?q=" + quote("регенерация") + "&kind=example").status == 200


def test_diff_json_is_the_json_of_the_diff_diff_is_the_page_of(get):
    """/diff goes to the first pair of editions (/diff/A/B); /diff.json to that pair's JSON."""
    page, data = get("/diff"), get("/diff.json")
    assert page.status == 200 and data.status == 200
    assert data.json()["page"] == "diff" and (data.json()["old"], data.json()["new"]) == ("A", "B")


def test_sparql_refuses_a_query_given_twice_and_an_accept_it_cannot_answer(get):
    """The SPARQL 1.1 protocol: one ``query`` per request (twice, in the URL or in the URL and the
    body, is a malformed request: 400); an Accept naming only a type the endpoint has no answer in
    is 406. An Accept of */* is answered (SPARQL JSON)."""
    assert get(f"/sparql?query={ASK}&query={ASK}").status == 400
    assert get(f"/sparql?query={ASK}", {"query": "ASK {}"}).status == 400
    assert get(f"/sparql?query={ASK}", headers={"Accept": "image/png"}).status == 406
    ok = get(f"/sparql?query={ASK}", headers={"Accept": "*/*"})
    assert ok.status == 200 and ok.json()["boolean"] is True
