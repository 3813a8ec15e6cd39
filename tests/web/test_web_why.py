"""The why page: a bundled example, the editor's text, a shared link, the situation form, two
editions side by side, and validation as you type — over HTTP."""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import quote

import pytest

ROOT = Path(__file__).resolve().parents[2]
GNOME = "examples/A-519.3-ex1-gnome-basaarg.yaml"
DIFFERS = "scenarios/die-roll-editions-differ.yaml"


def _steps(node):
    yield node
    for child in node["children"]:
        yield from _steps(child)


def test_the_gnome_basaarg_example_is_justified_by_519_3(get):
    """001, line 16: «… вначале получит +1 к удару за строй с Гномьим Королём, затем +1 за удар по
    закрытому существу противника и +1 к удару за собственную особенность … Последним накладывается
    модификатор, имеющий конкретное численное значение (сведение к 1), в итоге сила удара
    Гнома-Басаарга равна 1.» — the set-to modifier is group д) of 519.3, the +1 from the king group а)."""
    data = get(f"/why.json?file={GNOME}").json()
    [(edition, run)] = data["answer"]["runs"].items()
    assert edition == "A"
    [event] = run["events"]
    assert event["result"] == {"strength": 1, "strike": "medium"}
    refs = [c["ref"] for node in _steps(event["tree"]) for c in node["cites"]]
    assert "519.3 а)" in refs and refs[-1] == "519.3 д)"
    assert all(c["href"].startswith("/A/519.3") for n in _steps(event["tree"]) for c in n["cites"]
               if c["ref"].startswith("519.3"))
    html = get(f"/why?file={GNOME}").text
    assert 'class="step' in html and "<blockquote" in html and "в итоге" not in html.split("<textarea")[0]


def test_a_shared_link_holds_the_scenario_and_gives_the_same_answer(get):
    first = get(f"/why.json?file={GNOME}").json()["answer"]
    assert first["share_url"].startswith("/why?s=")
    again = get(first["share_url"].replace("/why?", "/why.json?")).json()["answer"]
    assert again["runs"] == first["runs"] and again["scenario"] == first["scenario"]


def test_the_editor_text_is_computed_and_an_htmx_post_gets_the_answer_only(get):
    """001, line 16: «… в итоге сила удара Гнома-Басаарга равна 1» — said in the sentence of the
    language pack (ru: «сила 1»), not as a field dump."""
    text = (ROOT / "kb" / GNOME).read_text(encoding="utf-8")
    full = get("/why", {"yaml": text})
    assert full.status == 200 and "<html" in full.text and re.search(r"сила 1\b", full.text)
    partial = get("/why", {"yaml": text}, {"HX-Request": "true"})
    assert partial.status == 200 and "<html" not in partial.text and re.search(r"сила 1\b", partial.text)
    assert "strength: 1" not in partial.text


def test_every_step_is_a_sentence_in_the_pages_language(get):
    """001, line 16: the strength is 1 in the end; the steps and the event are the language pack's
    sentences (English with ``lang=en``), the quotes stay Russian."""
    en = get(f"/why.json?file={GNOME}&lang=en").json()["answer"]
    [event] = en["runs"]["A"]["events"]
    assert re.search(r"strength 1\b", event["sentence"])
    assert all(node["sentence"] for node in _steps(event["tree"]))
    ru = get(f"/why.json?file={GNOME}&lang=ru").json()["answer"]
    [event_ru] = ru["runs"]["A"]["events"]
    assert re.search(r"сила 1\b", event_ru["sentence"]) and event_ru["sentence"] != event["sentence"]
    quotes = [c["text"] for node in _steps(event["tree"]) for c in node["cites"] if c["text"]]
    assert quotes and all(re.search("[а-яё]", q, re.I) for q in quotes)


def test_two_editions_side_by_side_name_the_deciding_paragraphs(get):
    """kb/scenarios/die-roll-editions-differ.yaml: roll 4, +1 from the roller's squad, the opponent's
    «бросок сводится к 1». A (002, 518.3): set-to modifiers last (group д) → 1; B (000, 519.2):
    set-to modifiers first (a.), then +1 (b.) → 2."""
    data = get(f"/why.json?file={DIFFERS}&e=A&e=B").json()["answer"]
    [ev] = data["comparison"]["events"]
    assert not ev["same"]
    assert data["runs"]["A"]["events"][0]["result"]["value"] == 1
    assert data["runs"]["B"]["events"][0]["result"]["value"] == 2
    assert "518.3" in {c["ref"].split()[0] for c in ev["deciding"]["A"]}
    assert "519.2" in {c["ref"].split()[0] for c in ev["deciding"]["B"]}
    for ed in ("A", "B"):
        assert any(n["deciding"] for n in _steps(data["runs"][ed]["events"][0]["tree"]))
    assert 'class="runs side-by-side"' in get(f"/why?file={DIFFERS}&e=A&e=B").text


def test_validation_names_the_field_and_its_line(get):
    text = "edition: A\ncards:\n  - {id: c, controller: p1}\nevents:\n  - die_roll:\n      roller: c\n      roll: 9\n"
    data = get("/why/validate", {"yaml": text}, {"Accept": "application/json"}).json()
    assert data["valid"] is False and data["field"] == "events[0].die_roll.roll" and data["line"] == 7
    assert data["line_text"].strip() == "roll: 9"
    assert get("/why/validate", {"yaml": text.replace("roll: 9", "roll: 6")}, {"Accept": "application/json"}).json() \
        == {"page": "validate", "valid": True, "computed": True}
    broken = get("/why/validate", {"yaml": "edition: A\n  cards: [\n"}, {"Accept": "application/json"}).json()
    assert broken["valid"] is False and broken["line"] == 2


def test_a_malformed_scenario_is_400_with_the_field(get):
    reply = get("/why", {"yaml": "edition: A\ncards: []\nevents: [{die_roll: {roller: x, roll: 4}}]\n"},
                {"Accept": "application/json"})
    assert reply.status == 400
    problem = reply.json()["problem"]
    assert problem["field"] == "events[0].die_roll.roller" and "unknown card 'x'" in problem["error"]


def test_the_situation_form_builds_a_scenario_and_computes_it(get):
    """A die roll of 4 with «+1» from a card of the roller's squad (A 518.3 а): the additive
    modifiers of the roller's squad) gives 5."""
    form = {"build": "1", "e": "A", "title": "форма", "c1_id": "roller", "c1_name": "Гном-Басаарг",
            "c1_controller": "p1", "c2_id": "ally", "c2_controller": "p1", "kind": "die_roll",
            "roll_roller": "roller", "roll_value": "4", "roll_mods": "ally add 1"}
    data = get("/why", form, {"Accept": "application/json"}).json()
    assert data["problem"] is None, data["problem"]
    assert "roll: 4" in data["text"] and "name: Гном-Басаарг" in data["text"]
    [event] = data["answer"]["runs"]["A"]["events"]
    assert event["result"]["value"] == 5
    bad = get("/why", {**form, "roll_value": "четыре"}, {"Accept": "application/json"}).json()
    assert bad["problem"]["field"] == "events[0].die_roll.roll"
    lines = get("/why", {**form, "roll_mods": "ally add"}, {"Accept": "application/json"}).json()
    assert lines["problem"]["field"] == "roll_mods"


def test_the_situation_form_builds_more_cards_and_events_in_order(get):
    """(Fresh user's F3: one event, three cards at most.) A card in the fourth row and a second
    event (fields prefixed ev2_): both die rolls get «+1» from a card of the roller's squad (A 518.3
    а): 4 → 5, then 2 → 3. A later event whose kind is left «—» is no event."""
    form = {"build": "1", "e": "A", "c1_id": "roller", "c1_controller": "p1", "c4_id": "ally", "c4_controller": "p1",
            "kind": "die_roll", "roll_roller": "roller", "roll_value": "4", "roll_mods": "ally add 1",
            "ev2_kind": "die_roll", "ev2_roll_roller": "roller", "ev2_roll_value": "2", "ev2_roll_mods": "ally add 1",
            "ev3_kind": "", "ev3_roll_value": "6"}
    data = get("/why", form, {"Accept": "application/json"}).json()
    assert data["problem"] is None, data["problem"]
    assert [e["result"]["value"] for e in data["answer"]["runs"]["A"]["events"]] == [5, 3]
    bad = get("/why", {**form, "ev2_roll_mods": "ally add"}, {"Accept": "application/json"}).json()
    assert bad["problem"]["field"] == "ev2_roll_mods"
    page = get("/why", form).text
    assert 'name="c6_id"' in page and 'name="ev4_kind"' in page and '<details class="more" open>' in page


def test_the_situation_form_ticks_its_editions_from_the_rulebook_and_compares_two(get, reading):
    """The form's edition boxes are the rulebook's editions (data, not a fixed list), the first one
    ticked; ticking two (``e=A&e=B``) computes the situation under both side by side, and the
    shared link carries them. Under A the roll of 4 with «+1» from the roller's squad (518.3 а) is 5."""
    from urllib.parse import parse_qs, urlsplit

    ids = [e["id"] for e in reading.editions]
    html = get("/why").text
    boxes = html[html.index('class="builder-form"'):]
    for n, ed in enumerate(ids):
        ticked = ' checked' if n == 0 else ''
        assert f'<input type="checkbox" name="e" value="{ed}"{ticked}>' in boxes, ed
    form = {"build": "1", "c1_id": "roller", "c1_controller": "p1", "c2_id": "ally", "c2_controller": "p1",
            "kind": "die_roll", "roll_roller": "roller", "roll_value": "4", "roll_mods": "ally add 1"}
    both = get("/why", [*form.items(), ("e", ids[0]), ("e", ids[1])], {"Accept": "application/json"}).json()
    assert both["problem"] is None and both["chosen"] == ids[:2]
    assert set(both["answer"]["runs"]) == set(ids[:2]) and both["answer"]["comparison"]
    assert both["answer"]["runs"]["A"]["events"][0]["result"]["value"] == 5
    assert parse_qs(urlsplit(both["answer"]["share_url"]).query)["e"] == [",".join(ids[:2])]
    page = get("/why", [*form.items(), ("e", ids[1])]).text
    assert f'value="{ids[1]}" checked' in page and f'value="{ids[0]}" checked' not in page


def test_why_not_a_value_names_the_deciding_paragraph(get):
    """kb/scenarios/die-roll-editions-differ.yaml under A: roll 4, +1 from the roller's squad (518.3 а):
    5, then the opponent's «сводится к 1» (518.3 д), «модификаторы, сводящие численное значение броска
    кубика к определённому числу», last): 1. Why not 5? Because of 518.3 д)."""
    data = get(f"/why.json?file={DIFFERS}&expect=" + quote("events[0].value=5")).json()
    q = data["answer"]["why_not"]
    assert (q["expected"], q["computed"], q["agrees"]) == (5, 1, False)
    assert [c["ref"] for c in q["deciding"]] == ["518.3 д)"] and q["deciding"][0]["href"] == "/A/518.3#u-item5"
    assert q["because"].startswith("не 5, а 1: по 518.3 д)")  # the library's sentence
    html = get(f"/why?file={DIFFERS}&expect=" + quote("events[0].value=5")).text
    assert 'id="why-not"' in html and "не 5, а 1: по 518.3 д)" in html and "Движок пока не" not in html
    assert "expect=events" in data["answer"]["share_url"]
    agrees = get(f"/why.json?file={DIFFERS}&expect=" + quote("events[0].value=1")).json()["answer"]["why_not"]
    assert agrees["agrees"] is True


def test_what_if_shows_the_result_before_and_after(get):
    """The same situation with the opponent's set-to at 3 instead of 1: 4 + 1 = 5 (518.3 а), then
    «сводится к» 3 (518.3 д) — 3 instead of 1."""
    change = "events[0].die_roll.modifiers[1].value=3"
    data = get(f"/why.json?file={DIFFERS}&set=" + quote(change)).json()
    assert data["problem"] is None, data["problem"]
    [ev] = data["answer"]["what_if"]["events"]
    assert ev["same"] is False and ev["before"].startswith("1 ") and ev["after"].startswith("3 ")
    assert ev["steps_after"] and data["answer"]["what_if"]["set"] == {"events[0].die_roll.modifiers[1].value": 3}
    html = get(f"/why?file={DIFFERS}&set=" + quote(change)).text
    assert 'id="what-if"' in html and 'class="after">3 ' in html


def test_why_not_with_two_editions_or_a_bad_path_is_one_line_at_its_field(get):
    two = get(f"/why.json?file={DIFFERS}&e=A&e=B&expect=" + quote("events[0].value=5"))
    assert two.status == 400 and two.json()["problem"]["field"] == "expect"
    bad = get(f"/why.json?file={DIFFERS}&set=zzz%3D6")
    assert bad.status == 400 and "zzz" in bad.json()["problem"]["error"]


def test_the_form_asks_for_its_name_lists_when_opened(get):
    """The why page does not carry every card name (a card database holds thousands): the form's
    lists are asked for when it opens."""
    html = get("/why").text
    assert 'hx-get="/why/names/cards"' in html and '<option value="Гном-Басаарг">' not in html
    assert '<option value="Гном-Басаарг">' in get("/why/names/cards").text
    assert "Регенерация" in get("/why/names/features.json").json()["names"]
    assert get("/why/names/other").status == 404


def test_unknown_files_and_damaged_links_are_refused(get):
    assert get("/why.json?file=" + quote("../../etc/passwd")).status == 404
    assert get("/why.json?s=not-a-scenario").status == 400


def test_validation_as_you_type_runs_the_checks_of_computing(get):
    """A scenario whose edition this rulebook lacks (it has A and B) is refused by both: the
    validation names the field and line, as computing it does."""
    text = "edition: Z\ncards:\n  - {id: c, controller: p1}\nevents:\n  - die_roll: {roller: c, roll: 3}\n"
    checked = get("/why/validate", {"yaml": text}, {"Accept": "application/json"}).json()
    assert checked["valid"] is False and checked["field"] == "edition" and checked["line"] == 1
    assert "unknown edition 'Z'" in checked["error"]
    assert get("/why", {"yaml": text}, {"Accept": "application/json"}).status == 400
    chosen = get("/why/validate", {"yaml": text.replace("Z", "A"), "e": "Q"}, {"Accept": "application/json"}).json()
    assert chosen["valid"] is False and "'Q'" in chosen["error"]
    assert get("/why/validate", {"yaml": text.replace("Z", "A")}, {"Accept": "application/json"}).json() == {
        "page": "validate", "valid": True, "computed": True}


def test_an_edition_that_refuses_is_told_apart_from_one_that_computes(get):
    """Регенерация 1 gaining «−2» is −1: B 518.8 says «эта особенность работает как “[именная
    особенность] 0”»; A says nothing of a negative value and refuses it (issue 12; before, both were
    computed and told apart as «работает как -1» / «работает как 0», issue 14). The compare page gives
    A's refusal as its error and B's result; the diff's behaviour change of 518.8 says both."""
    reply = get("/why.json", {"file": "scenarios/feature-negative-value.yaml", "e": "A,B", "go": "1"})
    comparison = reply.json()["answer"]["comparison"]
    assert "a named feature's value would be -1" in comparison["errors"]["A"], comparison
    assert "B" not in comparison["errors"]
    html = get("/why", {"file": "scenarios/feature-negative-value.yaml", "e": "A,B", "go": "1"}).text
    assert 'значение именной особенности было бы <span class="data">−1</span>' in html  # the Russian page in Russian, «−1»
    diff = get("/diff/A/B").text
    at = diff.index("feature-negative-value.yaml")
    said = diff[at:diff.index("</p>", at)]
    assert "Редакция A: " in said and "would be -1" in said and "Редакция B: «Регенерация» получена: −1" in said, said  # a sentence's minus: U+2212


def test_an_edition_asked_for_twice_is_one_column(get):
    """``e=A,A,A,A,B,B`` asks for editions A and B: two columns, A then B (issue 14: four A columns,
    and B cut off by the limit of four)."""
    reply = get("/why.json", {"file": "scenarios/feature-negative-value.yaml", "e": "A,A,A,A,B,B", "go": "1"})
    data = reply.json()
    assert data["chosen"] == ["A", "B"] and data["answer"]["comparison"]["editions"] == ["A", "B"], data["chosen"]


@pytest.mark.parametrize("yaml_text, field, said", [
    ("edition: A\ncards:\n  - {id: a, controller: p3}\nevents:\n  - end_turn: {}\n", "cards[0].controller",
     "допустимо только 'p1' или 'p2'"),
    ("edition: A\ncards: []\nevents:\n  - die_roll: {roll: 4}\n", "events[0].die_roll.roller", "не задано, а оно обязательно"),
    ("edition: A\ncards: []\nevents: []\n", "events", "нужно не меньше 1 (дано 0)"),
])
def test_a_scenario_field_error_is_said_in_russian_with_the_library_message_beside_it(get, yaml_text, field, said):
    """A field the scenario lacks, a value that is not one of its choices (a card's controller is
    p1 or p2), a list too short (a scenario has at least one event): the why page and the check as
    you type say so in Russian, at the field, with the library's English message kept beside it as
    data (issue 14: only «Field required», «Input should be 'p1' or 'p2'» were shown)."""
    page = get("/why", {"yaml": yaml_text})
    assert page.status == 400
    def plain(html_text: str) -> str:
        return html.unescape(re.sub(r"<[^>]+>", "", html_text))

    text = page.text
    assert said in plain(text) and f"<code>{field}</code>" in text, plain(text)[-800:]
    assert '<span class="data" lang="en">scenario: field ' + field in text
    checked = get("/why/validate", {"yaml": yaml_text}).text
    assert said in plain(checked) and "scenario: field " + field in plain(checked)
    assert get("/why/validate", {"yaml": yaml_text}, {"Accept": "application/json"}).json()["reason"]["field"] == field


def test_a_card_url_that_is_no_name_is_no_such_card(get):
    """``/cards/%ff`` (a byte that is no UTF-8) names no card: «Нет карты», 404 — not «Не указано
    название карты», which is for an empty name."""
    reply = get("/cards/%ff")
    assert reply.status == 404 and "Нет карты" in reply.text and "Не указано" not in reply.text


def test_the_page_names_the_modifiers_by_source_not_by_internal_id(get):
    """001, line 16: the order of 519.3 ПРИМЕР is «+1 к удару за строй с Гномьим Королём, затем +1
    …»: the page names each modifier by its value and source card, as the command line does, and
    never by the scenario's internal ids (m1, m2, …)."""
    html = get(f"/why?file={GNOME}").text
    assert "+1 от «Гномий Король» за строй" in html
    assert not re.findall(r"\bm[0-9]+\b", html)


def test_what_if_shows_an_event_taken_out_as_taken_out(get):
    """kb/scenarios/take-control-and-revival.yaml without its second «wounds» event (events[4]): the
    events are lined up by their place in the scenario as written, so event 5 is shown taken out
    (its result before), not as a change of another event; the four before it are unchanged."""
    scenario = "scenarios/take-control-and-revival.yaml"
    data = get(f"/why.json?file={scenario}&set=" + quote("events[4]=null")).json()
    assert data["problem"] is None, data["problem"]
    events = data["answer"]["what_if"]["events"]
    assert [ev["removed"] for ev in events] == [False, False, False, False, True]
    assert all(ev["same"] for ev in events[:4])
    html = get(f"/why?file={scenario}&set=" + quote("events[4]=null")).text
    assert "событие убрано; было" in html


def test_what_if_names_each_sides_modifiers_from_its_own_run(get):
    """518.3 (A): roll 4, а) +1 from the ally, д) «сводится к 1». Without the set-to (modifiers[1]) both
    sides' order steps name the ally's modifier «+1 от «союзник»», never its automatic id."""
    data = get(f"/why.json?file={DIFFERS}&set=" + quote("events[0].die_roll.modifiers[1]=null")).json()
    assert data["problem"] is None, data["problem"]
    [ev] = data["answer"]["what_if"]["events"]
    for side in ("steps_before", "steps_after"):
        order = next(n["sentence"] for n in ev[side] if n["step"] == "application_order")
        assert "+1 от «союзник»" in order and "m1" not in order
