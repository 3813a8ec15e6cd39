"""What the sixth fresh user found (fu14f): reasons given only in English on a Russian page, a
what-if value blamed on the scenario's line, a timed-out query invited to be sent again, SPARQL XML
asked for by its generic types, a comparison calling a refusal a difference."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

from berserk_kb import InputError
from berserk_kb.explain.refusals import say

GNOME = "examples/A-519.3-ex1-gnome-basaarg.yaml"
ONE_ROLL = "edition: A\ncards:\n  - {id: a, controller: p1}\nevents: [{die_roll: {roller: a, roll: 4}}]\n"


def _russian_details(html: str) -> str:
    """The text of the page's «Подробности» refusal in the page's words (none: it stayed English)."""
    found = re.search(r'<span class="refusal">(.*?)</span></p>', html, re.S)
    assert found, html[html.find("error-message") - 200:][:800]
    return re.sub(r"<[^>]+>", "", found.group(1))


def test_a_scenario_over_the_events_limit_is_refused_in_russian(get):
    """The web computes at most 100 events (web/why.py MAX_EVENTS): 101 are refused, said in Russian."""
    text = "edition: A\ncards:\n  - {id: a, controller: p1}\nevents:\n" + "  - {die_roll: {roller: a, roll: 1}}\n" * 101
    said = _russian_details(get("/why", {"yaml": text, "go": "1"}, {"HX-Request": "true"}).text)
    assert "событий 101" in said and "не больше 100" in said
    # fu13j J2: it said «у berserk-kb why предела нет», but the CLI refuses 1,001 events
    # (tests/test_cli_input_words.py: «событий 1001; в сценарии их не больше 1000»): the page says that
    assert "предела нет" not in said and "berserk-kb why вычисляет до 1000, с тем же пределом шагов вывода" in said


def test_yaml_anchors_are_refused_in_russian_at_their_line(get):
    text = "edition: A\ncards:\n  - &c {id: a, controller: p1}\n  - *c\nevents: []\n"
    html = get("/why", {"yaml": text, "go": "1"}, {"HX-Request": "true"}).text
    said = _russian_details(html)
    assert "якоря и ссылки YAML" in said and "строка" not in said  # the line is said once, beside it
    assert re.sub(r"<[^>]+>", "", html).count("строка 3") == 1


def test_a_why_not_key_the_result_lacks_is_said_in_russian_with_the_keys_it_has(get, reading, web_kb):
    """001: the attack's result has a strength and a strike; «value» is none of its keys."""
    html = get(f"/why?file={GNOME}&expect=" + quote("events[0].value=3")).text
    said = _russian_details(html)
    assert "нет поля «value»" in said and "strength" in said and "strike" in said
    with pytest.raises(InputError) as caught:  # the English template is the command line's message word for
        reading.kb.why_not(web_kb / GNOME, "events[0].value=3", None)  # word, after the file it names first
    assert str(caught.value) == f"{web_kb / GNOME}: " + say(caught.value.refusal, reading.kb.language_pack("en"))


def test_a_sparql_syntax_error_on_the_query_page_is_said_in_russian(get):
    said = _russian_details(get("/sparql?format=html&query=" + quote("SELEC ?x")).text)
    assert "ошибка синтаксиса SPARQL: строка 1, столбец 1" in said


def test_a_bad_what_if_value_is_reported_at_the_what_if_field_not_at_the_yaml_line(get):
    """roll must be a whole number; «abc» came from the «Что если» field, the YAML's line 4 is valid."""
    html = get("/why", {"yaml": ONE_ROLL, "go": "1", "set": "events[0].die_roll.roll=abc"}, {"HX-Request": "true"}).text
    assert "Поле <span class=\"data\">events[0].die_roll.roll</span>: нужно целое число" in html
    assert "значение из поля «Что если»" in html and "строка 4" not in html


@pytest.mark.parametrize("accept", ["application/xml", "text/xml"])
def test_sparql_xml_results_for_the_generic_xml_types(get, accept):
    """SPARQL 1.1 Query Results XML Format: a root ``sparql`` in its namespace, ASK's ``boolean``."""
    import xml.etree.ElementTree as ET

    reply = get("/sparql?query=" + quote("ASK { ?s ?p ?o }"), headers={"Accept": accept})
    assert reply.status == 200 and reply.headers["content-type"].startswith("application/sparql-results+xml")
    root = ET.fromstring(reply.text)
    assert root.tag == "{http://www.w3.org/2005/sparql-results#}sparql"
    assert root.find("{http://www.w3.org/2005/sparql-results#}boolean").text == "true"


def test_a_comparison_where_one_edition_refuses_says_so_in_the_row_not_that_it_differs(get):
    """B's text has no attack section (A 519 «Атака»; B: removed, the diff's counterpart), so under
    A and B an attack is computed by A and refused by B: its row names the refusal."""
    text = ("edition: A\ncards:\n  - {id: a, controller: p1}\n  - {id: t, controller: p2}\n"
            "events: [{attack: {source: a, target: t, strike: medium, base: 2}}]\n")
    html = get("/why", [("yaml", text), ("go", "1"), ("e", "A"), ("e", "B")], {"HX-Request": "true"}).text
    row = html[html.find("<tbody>"):html.find("</tbody>")]
    assert "не вычисляется в редакции B" in row and "различается" not in row, html[-3000:]


def test_the_orderly_stop_s_cancel_line_is_a_warning_and_other_errors_stay_errors(caplog):
    """docs/deploy.md «Stopping»: ending the requests still running after SHUTDOWN_TIME is an orderly
    stop; uvicorn logs it (server.py, «Cancel %s running task(s), timeout graceful shutdown exceeded»)."""
    import logging

    from berserk_kb.web.app import OrderlyStop

    logger = logging.getLogger("berserk-kb-test-orderly-stop")
    logger.addFilter(OrderlyStop())
    with caplog.at_level(logging.INFO, logger=logger.name):
        logger.error("Cancel %s running task(s), timeout graceful shutdown exceeded", 1)
        logger.error("Exception in ASGI application")
    assert [r.levelname for r in caplog.records] == ["WARNING", "ERROR"]
