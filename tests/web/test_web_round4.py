"""Round four of the web's limits and words: the editor's reason beside an accepted finding, «did
you mean» as links, a pydantic error of any type the scenario contract raises said in Russian, live
search by the prefix of the word being typed, the search length limit carried by the library's
error, and the time and size a why request may take."""

from __future__ import annotations

import dataclasses
import html
import json
import re
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import quote

import pytest

from berserk_kb import GoalTimeout
from berserk_kb.checks.accepted import accepted_entries
from berserk_kb.engine.bridge import engine
from berserk_kb.web.pages import Pages


def test_accepted_entries_keep_the_editors_reason(tmp_path):
    """An entry of accepted-findings.yaml is ``{id, reason}``: the reason is kept, an entry without
    one has none."""
    (tmp_path / "accepted-findings.yaml").write_text(
        "- id: S002-1\n  reason: «так в печатном издании»\n- id: S002-2\n", encoding="utf-8")
    assert accepted_entries(SimpleNamespace(kb_dir=tmp_path)) == {
        "S002-1": (1, "«так в печатном издании»"), "S002-2": (3, None)}


def test_the_check_page_shows_why_a_finding_was_accepted(reading, monkeypatch):
    """The first finding of the report, accepted with a reason (one holding HTML): the page lists it
    among the accepted ones with the reason beside it, escaped."""
    run = reading.check_run
    first = run.findings[0]
    why = "<b>известно</b> редакции"
    monkeypatch.setattr(reading, "check_run", dataclasses.replace(
        run, findings=run.findings[1:], accepted_findings=(first,), accepted_reasons={first.id: why}))
    data = reading.check(None, None)
    assert data["accepted"][0]["id"] == first.id and data["accepted"][0]["reason"] == why
    page = Pages(reading).render("check.html", data, here="/check")
    accepted = page.split('class="accepted"')[1]
    assert "Причина принятия" in accepted and html.escape(why, quote=False) in accepted and why not in page


SLOW = Path(__file__).resolve().parents[1] / "fixtures" / "prolog" / "slow.pl"
HEAVY = {"edition": "A", "cards": [{"id": "c", "controller": "p1"}, {"id": "k", "controller": "p1"}],
         "events": [{"die_roll": {"roller": "c", "roll": 4,
                                  "modifiers": [{"source": "k", "op": "add", "value": v} for v in (1, -1) * 3]}}] * 100}


def test_the_goals_of_one_budget_share_it_and_the_limit_per_goal_comes_back(server):
    """Two goals of 0.2 s each, each under the limit per goal (the test server's 5 s), do not both
    fit a budget of 0.3 s: the second is stopped, saying the budget; outside it a goal runs longer."""
    eng = engine()
    eng.load([SLOW])
    with pytest.raises(GoalTimeout) as caught, eng.budget(0.3):
        assert eng.call("slow:spin", 0.2) is True
        eng.call("slow:spin", 0.2)
    assert caught.value.seconds == pytest.approx(0.3) and "time budget of 0.3 s" in str(caught.value)
    assert eng.call("slow:spin", 0.35) is True  # past the budget, the limit per goal is the server's again


def test_a_why_past_its_request_budget_is_503_with_retry_after_in_the_pages_words(get, monkeypatch):
    """A why of two editions whose goals together do not fit the request's budget (here 0.05 s):
    503, Retry-After, the page says so in Russian (English with lang=en); the server goes on."""
    from berserk_kb.web import why as why_page

    within = why_page.within
    monkeypatch.setattr(why_page, "within", lambda seconds, wait, urgent, fn, *args: within(0.05, wait, urgent, fn, *args))
    text = json.dumps(HEAVY, separators=(",", ":"))
    reply = get("/why", {"yaml": text, "e": "A,B"})
    assert reply.status == 503 and reply.headers.get("retry-after") == "5"
    assert "Вычисление не уложилось в <span class=\"data\">0.05</span> с" in reply.text
    english = get("/why?lang=en", {"yaml": text, "e": "A,B"}, {"Accept": "application/json"})
    assert english.status == 503 and "time budget of 0.05 s" in english.json()["error"]
    assert "did not finish within <span class=\"data\">0.05</span> s" in get("/why?lang=en", {"yaml": text, "e": "A,B"}).text
    monkeypatch.undo()
    assert get("/A/519.3.json").status == 200


def test_a_long_justification_is_shown_to_its_step_limit_with_the_count_of_the_rest(reading):
    """100 die rolls of six modifiers each under A and B: every event's result is in the answer, the
    trees show SHOWN_STEPS steps in all (besides each event's first step) and say how many they
    leave out; the steps shown and left out add up to the whole justification. (Computed as the
    page computes it, outside a request: no time budget.)"""
    from berserk_kb.web.why import SHOWN_STEPS, compute

    answer = compute(reading, json.dumps(HEAVY), ["A", "B"], "ru")

    def shown(n):
        return 1 + sum(shown(c) for c in n["children"])

    def hidden(n):
        return n["hidden"] + sum(hidden(c) for c in n["children"])

    trees = [ev["tree"] for run in answer["runs"].values() for ev in run["events"]]
    assert len(trees) == 200 and answer["hidden"] == sum(hidden(t) for t in trees) > 0
    assert sum(shown(t) for t in trees) <= SHOWN_STEPS + len(trees)
    one = compute(reading, json.dumps({**HEAVY, "events": HEAVY["events"][:1]}), ["A"], "ru")
    whole = shown(one["runs"]["A"]["events"][0]["tree"])  # one event's whole tree: the same for each of the 100
    assert sum(shown(ev["tree"]) + hidden(ev["tree"]) for ev in answer["runs"]["A"]["events"]) == 100 * whole
    page = Pages(reading).render("why_results.html", {"answer": {**answer, "share_url": "/why?s=x"}, "problem": None},
                                 here="/why")
    assert f"не показано шагов: {answer['hidden']}." in page and "Шагов ниже не показано" in page


def test_the_search_length_limit_is_the_librarys_error_said_in_the_pages_words(reading, get):
    """«кубик » 200 times is 1,200 characters: the library refuses it (TooLong, carrying its field
    and limit, QUERY_LIMIT); the page says length and limit from that error, in Russian."""
    from berserk_kb import TooLong
    from berserk_kb.text.search import QUERY_LIMIT

    with pytest.raises(TooLong) as caught:
        reading.kb.search("кубик " * 200)
    assert (caught.value.field, caught.value.length, caught.value.limit) == ("text", 1200, QUERY_LIMIT)
    page = get("/search?q=" + quote("кубик " * 200))
    assert page.status == 400
    assert f'Запрос длиной <span class="data">1200</span> знаков; можно не больше <span class="data">{QUERY_LIMIT}</span>.' in page.text


def test_did_you_mean_is_a_list_of_links_to_the_pages_meant(get):
    """«Вайлл» is no card; the rulebook's card «Вайл» is one letter away: the library's error
    suggests it (as data, ``suggestions``), and the 404 page links it (JSON has the link too)."""
    reply = get("/cards/" + quote("Вайлл") + ".json")
    assert reply.status == 404 and reply.json()["suggestions"] == [{"name": "Вайл", "href": "/cards/" + quote("Вайл")}]
    page = get("/cards/" + quote("Вайлл"))
    assert page.status == 404
    assert f'Может быть, вы имели в виду: <a href="/cards/{quote("Вайл")}">Вайл</a>?' in page.text


#: The validation errors pydantic raises for each kind of node of a core schema (and each constraint
#: on one), as pydantic_core names them: what the scenario contract can produce is read off its schema.
RAISES = {"model-fields": ("missing", "extra_forbidden"), "model": ("model_type", "model_attributes_type"),
          "int": ("int_type", "int_parsing", "int_from_float"), "bool": ("bool_type", "bool_parsing"),
          "str": ("string_type",), "list": ("list_type",), "dict": ("dict_type",), "literal": ("literal_error",),
          "function-after": ("value_error", "assertion_error"), "function-before": ("value_error", "assertion_error"),
          ("int", "ge"): ("greater_than_equal",), ("int", "le"): ("less_than_equal",),
          ("str", "min_length"): ("string_too_short",), ("str", "max_length"): ("string_too_long",),
          ("str", "pattern"): ("string_pattern_mismatch",), ("list", "min_length"): ("too_short",),
          ("list", "max_length"): ("too_long",)}
#: Nodes that raise nothing of their own (their members do).
SILENT = {"model-field", "default", "nullable", "no-info", "union", "definition-ref", "definitions", "any"}


def _contract_error_types() -> set[str]:
    from berserk_kb.scenario.schema import scenario_model

    found: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            kind = node.get("type")
            if isinstance(kind, str):
                assert kind in RAISES or kind in SILENT, f"a schema node of a kind this test does not know: {kind}"
                found.update(RAISES.get(kind, ()))
                for key in ("ge", "le", "gt", "lt", "min_length", "max_length", "pattern", "multiple_of"):
                    if key in node:
                        assert (kind, key) in RAISES, f"a constraint this test does not know: {kind} {key}"
                        found.update(RAISES[(kind, key)])
            for v in node.values():
                walk(v)
        elif isinstance(node, (list, tuple)):
            for v in node:
                walk(v)

    walk(scenario_model().__pydantic_core_schema__)
    return found


def test_every_validation_error_the_contract_can_raise_has_russian_and_english_words(kb):
    """Read off the contract's schema: each error type it can raise has a sentence in both
    languages (Russian: the ru pack's template of the type, as `why` says it; or the page's own),
    naming the field and exactly the context fields the interface reads for it."""
    from berserk_kb.web.reasons import FIELD_CONTEXT, FIELD_EN, REASONS, pack_sentence

    types = _contract_error_types()
    assert {"missing", "extra_forbidden", "int_type", "literal_error", "too_short", "value_error"} <= types
    for t in sorted(types):
        assert t in REASONS or t in FIELD_EN, f"no words for the validation error {t}"
        ru, en = REASONS[t] if t in REASONS else (pack_sentence(t, kb.language_pack("ru")), FIELD_EN[t])
        assert ru, f"no Russian template input_{t} in the ru pack"
        assert re.search("[а-яё]", ru) and not re.search("[а-яё]", en, re.I), t
        for text in (ru, en):
            assert set(re.findall(r"\{(\w+)\}", text)) == {"field", *FIELD_CONTEXT.get(t, ())}, (t, text)


@pytest.mark.parametrize(("data", "said"), [
    ({"foo": 1}, "Поле foo: здесь не предусмотрено."),
    ({"events": [{"die_roll": {"roller": "c", "roll": 4, "flip": "yes"}}]}, "Поле events[0].die_roll.flip: нужно true или false."),
    ({"edition": 5}, "Поле edition: нужен текст."),
    ({"edition": "x" * 40}, "Поле edition: длина текста — не больше 32."),
    ({"cards": {}}, "Поле cards: нужен список."),
    ({"events": [{"die_roll": 5}]}, "Поле events[0].die_roll: нужно отображение с полями «ключ: значение»."),
    # an event's shape: its own refusal (ru_words.pl input_event_shape), the event kinds after it
    ({"events": ["x"]}, "Поле events[0]: событие — отображение ровно с одним ключом, одним из: die_roll,"),
])
def test_a_validation_error_is_said_in_russian_from_its_type_and_context(kb, data, said):
    """A die roll of c (p1's card) made wrong one field at a time: the sentence comes from the
    error's type and context (a roll's flip is true or false; an edition id is at most 32 characters)."""
    from markupsafe import Markup

    from berserk_kb import ScenarioError
    from berserk_kb.scenario.load import validate_scenario
    from berserk_kb.web.reasons import field_reason, reason_text

    scenario = {"edition": "A", "cards": [{"id": "c", "controller": "p1"}],
                "events": [{"die_roll": {"roller": "c", "roll": 4}}], **data}
    with pytest.raises(ScenarioError) as caught:
        validate_scenario(scenario)
    text = reason_text(field_reason(caught.value), "ru", kb.language_pack("ru"))
    plain = html.unescape(re.sub("<[^>]+>", "", str(text)))
    assert isinstance(text, Markup) and (plain.startswith(said) if said.endswith(",") else plain == said)


def test_search_as_one_types_matches_the_last_word_as_a_prefix(reading, get):
    """The example of 519.3 (edition A) reads «Гном-Басаарг в строю с Гномьим Королём…»: «Гно» is
    no word of it, so the search proper finds nothing, while the search as one types finds that
    example with «Гном» and «Гномьим» marked; a word followed by a space is a word typed to its end."""
    kb = reading.kb
    assert kb.search("Гно").total == 0 and kb.search("Гно ", prefix=True).total == 0
    found = kb.search("Гно", prefix=True)
    assert "A:519.3/ex1" in [h.unit for h in found.hits]
    hit = next(h for h in found.hits if h.unit == "A:519.3/ex1")
    assert {"Гном", "Гномьим"} <= {hit.text[m.start:m.end] for m in hit.matches}
    live = get("/search.json?q=" + quote("Гно") + "&prefix=1").json()
    assert live["prefix"] is True and "A:519.3/ex1" in [h["unit"] for h in live["hits"]]
    assert get("/search.json?q=" + quote("Гно")).json()["total"] == 0
    assert """hx-vals='{"prefix": "1"}'""" in get("/search").text  # the live search of the page asks for it
