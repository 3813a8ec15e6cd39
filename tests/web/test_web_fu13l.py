"""A fresh user's findings on issue 13 (fu13l), on the server: the SPARQL memory refusal, the
/why page's problems under ru. (The command line's: tests/test_hardening_fu13l.py.)"""

from __future__ import annotations

from .conftest import running
from .webclient import fetch

# --- L6: the web's SPARQL memory refusal names the server's limit, in JSON to a JSON client -------

#: Eight bytes doubled thirty times: 8 × 2³⁰ B = 8 GiB, built by Oxigraph alone (no graph needed).
DOUBLING = ('SELECT (STRLEN(?x30) AS ?n) WHERE { BIND("aaaaaaaa" AS ?x0) '
            + " ".join(f"BIND(CONCAT(?x{i}, ?x{i}) AS ?x{i + 1})" for i in range(30)) + " }")
SPARQL_JSON = {"Accept": "application/sparql-results+json"}


def test_the_web_memory_refusal_names_the_servers_limit_not_a_cli_option(reading):
    """A server whose queries may use 64 MB: the 8 GiB query above is refused (400) naming that
    limit — not «--memory», which a web user does not have — as JSON to a SPARQL JSON client, as
    plain text to a client that asks for no format."""
    import json
    from urllib.parse import quote

    from berserk_kb.web.app import create_app

    with running(create_app(reading=reading, sparql_memory=64)) as base:
        as_json = fetch(f"{base}/sparql?query={quote(DOUBLING)}", None, SPARQL_JSON)
        plain = fetch(f"{base}/sparql?query={quote(DOUBLING)}")
    assert as_json.status == 400 and as_json.headers["content-type"].startswith("application/json")
    said = json.loads(as_json.text)["error"]
    assert "64 MB" in said and "server" in said and "--memory" not in said
    assert plain.status == 400 and plain.text.strip() == said


def test_a_refused_query_is_json_to_a_json_client(get):
    """A query that does not parse, asked for as SPARQL JSON results: the refusal is a JSON object
    ``{"error": …}``; asked for as TSV it stays plain text."""
    import json
    from urllib.parse import quote

    reply = get("/sparql?query=" + quote("SELEC ?x"), None, SPARQL_JSON)
    assert reply.status == 400 and reply.headers["content-type"].startswith("application/json")
    assert json.loads(reply.text)["error"]
    tsv = get("/sparql?query=" + quote("SELEC ?x"), None, {"Accept": "text/tab-separated-values"})
    assert tsv.status == 400 and tsv.headers["content-type"].startswith("text/plain")


# --- L2/L4: the /why page words the scenario's YAML and file problems with its language pack -----


def _details(page: str) -> str:
    import html
    import re

    found = re.findall(r'<p class="error-message">(.*?)</p>', page, re.S)
    assert len(found) == 1, found
    return html.unescape(re.sub(r"<[^>]+>", "", found[0]))


def test_a_duplicate_key_on_the_russian_page_is_in_the_ru_packs_words(get, reading):
    """«title» twice (line 2): the page's details are the ru pack's not_yaml template around its
    word for a duplicate key, as ``berserk-kb why`` says it — not the parser's English."""
    ru = reading.kb.language_pack("ru")
    problem = ru["words"]["yaml_duplicate_key"].format("'title'")
    said = ru["refusals"]["not_yaml"].format(problem=problem)
    page = get("/why", {"yaml": "title: a\ntitle: b\n"})
    assert page.status == 400
    details = _details(page.text)
    assert said in details and "duplicate key" not in details, details


def test_no_bundled_scenario_and_a_text_too_long_are_in_the_ru_packs_words(get, reading):
    """A ``file=`` that names no bundled scenario (404), and a text of 40,000 bytes, over the 32 KB
    the page reads (400): each in the ru pack's template of its kind."""
    templates = reading.kb.language_pack("ru")["refusals"]
    missing = get("/why?file=..%2F..%2Fetc%2Fpasswd")
    assert missing.status == 404
    assert templates["no_bundled_scenario"].format(name="'../../etc/passwd'") in _details(missing.text)
    long = get("/why", {"yaml": "title: x\n#" + "a" * 40_000})
    assert long.status == 400
    assert templates["scenario_too_long"].format(limit=32) in _details(long.text)
    english = get("/why?lang=en", {"yaml": "title: x\n#" + "a" * 40_000})
    assert "scenario: longer than 32 KB" in _details(english.text)
