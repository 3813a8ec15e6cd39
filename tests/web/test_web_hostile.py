"""Hostile input in every form field and URL of the web interface — the generated strings of the CLI
tests (tests/test_hostile.py) and a few of HTML's own: never a 500, never code run (``halt`` would
stop the server, ``shell`` would create the marker file), never a string back in a page unescaped."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from markupsafe import escape

from test_hostile import hostile_strings

from .webclient import PATH_CARDS, SCRIPT_CARD, fetch

HTML_PIECES = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "'><svg onload=alert(1)>",
               "javascript:alert(1)", "</textarea><script>alert(2)</script>", "{{ 7*7 }}", "{% raw %}"]


@pytest.fixture(scope="module")
def strings(tmp_path_factory):
    marker = tmp_path_factory.mktemp("web-hostile") / "pwned"
    return marker, hostile_strings(marker)[::40] + HTML_PIECES


def _q(s: str) -> str:
    return quote(s, safe="", errors="surrogatepass")


def _ok(reply, s):
    assert reply.status < 500, (reply.status, repr(s), reply.body[:300])
    if "<" in s and reply.headers.get("content-type", "").startswith("text/html"):
        assert s not in reply.text, f"{s!r} came back unescaped"


def test_hostile_strings_in_every_url_and_field(server, strings):
    marker, many = strings
    for s in many:
        e = _q(s)
        for path in (f"/A/{e}", f"/{e}", f"/{e}/519.3", f"/cards/{e}", f"/diff/{e}/B", f"/search?q={e}",
                     f"/search?q=кубик&edition={e}&kind={e}".replace("кубик", _q("кубик")),
                     f"/check?severity={e}&code={e}", f"/why?file={e}", f"/why?s={e}", f"/why?e={e}&file={e}",
                     f"/sparql?query={e}", f"/sparql?format={e}&query=ASK%7B%7D", f"/A/519.3?lang={e}"):
            _ok(fetch(server + path), s)
        for form in ({"yaml": s}, {"yaml": f"edition: A\ntitle: {s}\ncards: []\nevents: []\n"},
                     {"yaml": s, "e": s}, {"build": "1", "e": s, "c1_id": s, "c1_name": s, "c1_features": s,
                                           "kind": "die_roll", "roll_roller": s, "roll_value": s, "roll_mods": s},
                     {"build": "1", "kind": s}, {"query": s}):
            _ok(fetch(server + "/why", form), s)
            _ok(fetch(server + "/why/validate", form), s)
        _ok(fetch(server + "/sparql", s.encode("utf-8", "surrogatepass"),
                  {"Content-Type": "application/sparql-query"}), s)
    assert not marker.exists(), "a hostile string ran shell/1"
    assert fetch(server + "/A/519.3.json").status == 200  # the engine is still there and answering


def test_a_script_in_a_card_name_is_text(get):
    page = get("/cards/" + _q(SCRIPT_CARD))
    assert page.status == 200, page.text[:300]
    assert SCRIPT_CARD not in page.text and "<script>window.__pwned" not in page.text
    assert str(escape(SCRIPT_CARD)) in page.text
    listing = get("/cards").text
    assert "<script>window.__pwned" not in listing and "&lt;script&gt;window.__pwned" in listing


def test_a_script_in_a_scenario_title_is_text(get):
    title = '<script>window.__pwned = 1</script>'
    text = f"title: '{title}'\nedition: A\ncards:\n  - {{id: c, name: '{SCRIPT_CARD}', controller: p1}}\n" \
           "events:\n  - die_roll: {roller: c, roll: 3}\n"
    for reply in (get("/why", {"yaml": text}), get("/why", {"yaml": text}, {"HX-Request": "true"})):
        assert reply.status == 200, reply.text[:300]
        assert "<script>window.__pwned" not in reply.text
        assert "&lt;script&gt;window.__pwned = 1&lt;/script&gt;" in reply.text


def test_a_key_that_is_a_mapping_is_a_400_not_a_crash(get):
    """A YAML key such as ``{a: 1}`` cannot be a key of a Python dict: one line naming the line."""
    reply = get("/why", {"yaml": "edition: A\n{a: 1}: x\n"}, {"Accept": "application/json"})
    assert reply.status == 400 and reply.json()["problem"]["line"] == 2


def test_every_answer_allows_scripts_from_the_server_only(get):
    for path in ("/", "/A/519.3", "/why", "/static/app.js", "/sparql?query=ASK%7B%7D", "/nothing/there"):
        csp = get(path).headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp


def test_a_body_too_large_is_413(get):
    reply = get("/why", {"yaml": "x" * (200 * 1024)})
    assert reply.status == 413


def test_cards_named_like_paths_have_their_pages_on_the_server(get):
    """The card list links each card by its name percent-encoded as one segment; each link answers
    that card (``a/b`` is not ``a_b``, ``../../../web14-escape`` is not a path up)."""
    listing = get("/cards.json").json()["cards"]
    hrefs = {c["name"]: c["href"] for c in listing}
    for name in PATH_CARDS:
        reply = get(hrefs[name] + ".json")
        assert reply.status == 200 and [c["name"] for c in reply.json()["cards"]] == [name], (name, reply.status)


@pytest.mark.parametrize("path", ["//evil.example/login", "///evil.example/login", "/%5Cevil.example/login",
                                  "/%5C/evil.example/login"])
def test_links_from_the_request_path_stay_on_this_site(server, path):
    """A path that starts with ``//`` (or ``/\\``, which browsers read as ``//``) names another host
    when written back as a link (issue 14: the 404 page of ``//evil.example/login`` linked
    ``//evil.example/login.json``): every link built from the request path is a single-slash
    path of this site, ``/evil.example/login.json``."""
    import http.client
    import re
    from urllib.parse import urlsplit

    conn = http.client.HTTPConnection(urlsplit(server).netloc, timeout=30)
    conn.request("GET", path, headers={"Accept": "text/html"})
    reply = conn.getresponse()
    html = reply.read().decode("utf-8")
    conn.close()
    assert reply.status == 404
    hrefs = re.findall(r'href="([^"]*)"', html)
    alternate = re.search(r'<link rel="alternate" type="application/json" href="([^"]*)"', html).group(1)
    assert alternate in ("/evil.example/login.json", "/%5Cevil.example/login.json", "/%5C/evil.example/login.json")
    assert alternate in hrefs[3:]  # the page's JSON link too
    assert not [h for h in hrefs if re.match(r"\s*[/\\]{2}", h)], hrefs
