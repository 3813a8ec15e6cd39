"""Every kind of error the why page, its shared link, the check as you type and the SPARQL page can
show has its words in Russian and in English, decided by the error's type and fields (fresh user's
finding 2); and a question asked in the form is shown at the form's field, not at a line of the
scenario's own text (finding 4)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from berserk_kb import GoalTimeout, InputError, NotFoundError, PrologQueryError, QueryTimeout, ScenarioError
from berserk_kb.web import situation
from berserk_kb.web import why as why_page
from berserk_kb.web.reasons import REASONS, error_reason, reason_text

ROOT = Path(__file__).resolve().parents[2]
GNOME = ROOT / "kb" / "examples" / "A-519.3-ex1-gnome-basaarg.yaml"
CYRILLIC = re.compile("[а-яё]", re.I)


def _error(call):
    with pytest.raises(Exception) as caught:
        call()
    return caught.value


def _kinds(reading):
    """One real error of each kind (from the library where one is cheap to make) and the reason
    code it must have."""
    kb, gnome = reading.kb, GNOME.read_text(encoding="utf-8")
    lose = "edition: A\ncards: [{id: c, controller: p1}]\nevents:\n  - lose_features: {card: c}\n"
    return [
        (_error(lambda: why_page.compute(reading, gnome, [], "ru", "events[0].strength=4", ["events[0].attack.base=3"])),
         "one_question"),
        (_error(lambda: why_page.compute(reading, gnome, ["A", "B"], "ru", "events[0].strength=4")), "one_edition"),
        # the attack's result has strength, not value (the message names what it has)
        (_error(lambda: why_page.compute(reading, gnome, [], "ru", "events[0].value=4")), "bad_expect"),
        (_error(lambda: why_page.compute(reading, gnome, [], "ru", "", ["events[9].x=1"])), "bad_set"),
        (_error(lambda: situation.from_form({"kind": "nope"}, ["A"])), "bad_form"),
        (_error(lambda: why_page.decode("abc")), "bad_link"),
        (_error(lambda: reading.check("bogus", None)), "bad_filter"),
        (_error(lambda: kb.parse_scenario("edition: A\ncards: [\n")), "not_yaml"),
        (_error(lambda: kb.parse_scenario("edition: A\ncards: [{id: c}]\nevents: []\n")), "missing"),
        # «edition A has no rule for loss of features» (tests/test_why_part2.py)
        (_error(lambda: why_page.compute(reading, lose, [], "ru")), "event_not_computed"),
        (ScenarioError("scenario: field cards[0].features[0].value: …", field="cards[0].features[0].value",
                       edition="A"), "field_not_computed"),
        (ScenarioError("scenario: a scenario is a mapping with edition, cards and events"), "scenario_error"),
        (InputError("something else"), "input_error"),
        (NotFoundError("no paragraph 999"), "not_found"),
        (_error(lambda: kb.sparql("SELEC * WHERE {}")), "bad_query"),
        (QueryTimeout("the query did not finish within 10 s", seconds=10.0), "query_timeout"),
        (GoalTimeout("did not finish within 5 s", seconds=5.0), "timeout"),
        (PrologQueryError("goal failed"), "engine_error"),
    ]


def test_every_kind_of_error_has_its_words_in_russian_and_english(reading):
    kinds = _kinds(reading)
    for exc, code in kinds:
        reason = error_reason(exc)
        assert reason["code"] == code, (code, exc)
        ru, en = reason_text(reason, "ru", reading.kb.language_pack("ru")), reason_text(reason, "en")
        assert ru and en and ru != en and CYRILLIC.search(str(ru)) and not CYRILLIC.search(str(en).replace("«", "")), code
    # every code error_reason can give is among those made above (a new kind needs a case here)
    source = (ROOT / "python" / "berserk_kb" / "web" / "reasons.py").read_text(encoding="utf-8")
    body = source[source.index("def error_reason"):source.index("def field_reasons")]
    given = set(re.findall(r'"code": "(\w+)"', body)) | {"bad_expect", "bad_set"}
    assert given <= {code for _, code in kinds} | {"not_yaml_here"} and given <= set(REASONS)


def test_a_refused_question_is_shown_at_the_form_field_not_at_the_files_expect_block(reading):
    """(Finding 4.) The Гном-Басаарг example has its own ``expect:`` block (line 24): a why-not
    and a what-if asked together are refused at the form field, with no line of the text."""
    gnome = GNOME.read_text(encoding="utf-8")
    exc = _error(lambda: why_page.compute(reading, gnome, [], "ru", "events[0].value=4", ["events[0].attack.base=3"]))
    shown = why_page.error_data(exc, gnome)
    assert shown["reason"]["code"] == "one_question" and shown["line"] is None and shown["line_text"] is None
    exc = _error(lambda: why_page.compute(reading, gnome, [], "ru", "events[0].value=4"))
    shown = why_page.error_data(exc, gnome)
    assert shown["field"] == "expect" and shown["line"] is None
    said = str(reason_text(shown["reason"], "ru"))
    assert said.startswith("Вопрос «почему не» не понят") and "Почему не это значение" in said


def test_the_damaged_link_page_says_why_in_russian(get):
    reply = get("/why?s=abc")
    assert reply.status == 400 and "Ссылка не содержит сценария" in reply.text
    assert "The link holds no scenario" in get("/why?s=abc&lang=en").text


def test_unknown_report_filters_are_refused_at_their_field(get):
    """(Finding 6.) ``severity=bogus`` is not «show all» but a 400 naming the field; so is a code no
    check has; a code of a check is a filter (L001: near-miss names)."""
    for query, field in (("severity=bogus", "severity"), ("code=ZZZ", "code")):
        reply = get(f"/check.json?{query}")
        assert reply.status == 400 and reply.json()["field"] == field and reply.json()["reason"]["code"] == "bad_filter"
        assert "Неизвестное значение фильтра" in get(f"/check?{query}").text
    assert get("/check.json?code=L001&severity=warning").status == 200


def test_a_sparql_update_is_refused(get):
    reply = get("/sparql", {"update": "INSERT DATA { <a:b> <a:c> <a:d> }"})
    assert reply.status == 400 and "Update is not supported" in reply.text


def test_the_diff_page_counts_merges_and_splits_as_the_cli_does(get):
    data = get("/diff/A/B.json").json()
    shapes = [a["shape"] for a in data["aligned"]]
    merges, splits = shapes.count("merge"), shapes.count("split")
    assert merges and splits  # the bundled rulebook's A → B has both
    html = get("/diff/A/B").text
    forms = {1: ("слияние", "разделение"), 2: ("слияния", "разделения")}
    assert f"{merges} {forms.get(merges, forms[2])[0]}" in html and f"{splits} {forms.get(splits, forms[2])[1]}" in html


def test_each_unnumbered_child_of_a_paragraph_links_to_its_permalink(get):
    data = get("/A/519.3.json").json()
    plain = [c for v in data["paragraphs"] for c in v["children"] if c["kind"] == "text"]
    assert plain
    html = get("/A/519.3").text
    assert all(f'class="child-link" href="{c["href"]}"' in html for c in plain)


def test_wounds_are_counted_in_the_russian_sentence(reading):
    """«получает 3 раны», «1 рану», «5 ран» — and «из 1 раны» — not «3 ран»."""
    from berserk_kb.explain.sentences import Filler

    words = Filler(reading.kb.language_pack("ru"), {"c": "Цель", "s": "Источник"})
    said = {n: words.sentence("steps", "wounds", {"card": "c", "source": "s", "amount": n, "attack": "strike",
                                                  "result": {"wounds": n, "prevented": 0}}) for n in (1, 3, 5, 22)}
    assert "получает 1 рану " in said[1] and "получает 3 раны " in said[3] and "получает 5 ран " in said[5]
    assert "получает 22 раны " in said[22]


def test_the_english_home_page_names_the_editions_in_english(get):
    html = get("/?lang=en").text
    assert "— Edition A</a>" in html and "— Редакция" not in html


def test_an_error_numbers_events_as_the_result_pages_do(reading):
    """(Fresh user's M2.) The scenario's one event, ``events[0]``, is «Событие 1» on a result page
    (why_results.html: index + 1); an error about it says «Событие 1» too, not «Событие 0»."""
    lose = "edition: A\ncards: [{id: c, controller: p1}]\nevents:\n  - lose_features: {card: c}\n"
    reason = error_reason(_error(lambda: why_page.compute(reading, lose, [], "ru")))
    assert reason["event"] == "1"
    assert reason_text(reason, "ru").startswith('Событие <span class="data">1</span> не вычисляется')


def test_a_refusal_said_in_full_shows_no_english_details(reading):
    """(Fresh user's M3.) The Russian 503 page says «Сервер занят…» and does not send the user to
    the English «busy: too many requests are waiting»; an error whose cause is in the details (a
    scenario that cannot be computed) still shows them."""
    from berserk_kb.web.pages import Pages

    pages = Pages(reading)
    busy = pages.render("error.html", {"page": "error", "status": 503, "error": "busy: too many requests are waiting; try again",
                                       "reason": {"code": "busy"}}, lang="ru")
    assert "Сервер занят" in busy and "too many requests" not in busy
    cause = pages.render("error.html", {"page": "error", "status": 400, "error": "scenario: field events[0].attack: x",
                                        "reason": {"code": "scenario_error"}}, lang="ru")
    assert "events[0].attack" in cause


def test_the_situation_forms_kinds_and_fields_are_the_schemas():
    """The why page's form builds a few event kinds with fields of its own (web/situation.py): each
    kind is one of the event table's (scenario/schema.py BODIES, built from prolog/engine/events.pl)
    and each field one of that kind's body — so that renaming a field in the contract breaks here,
    not in a user's browser. Every kind the form builds has its fields listed."""
    from berserk_kb.scenario.schema import BODIES
    from berserk_kb.web.situation import FIELDS, FORM_KINDS

    assert set(FORM_KINDS) == set(FIELDS)
    for kind in FORM_KINDS:
        assert kind in BODIES, kind
        assert set(FIELDS[kind]) <= set(BODIES[kind].model_fields), (kind, set(FIELDS[kind]) - set(BODIES[kind].model_fields))
