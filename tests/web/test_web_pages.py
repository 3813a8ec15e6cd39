"""The reading pages over HTTP: every page kind as HTML and as JSON (by ``Accept`` and by ``.json``),
and what the rulebook's text says they must show."""

from __future__ import annotations

import re
from urllib.parse import quote, quote_plus

import pytest
from markupsafe import escape

from .webclient import SCRIPT_CARD

#: One page of each kind: (path, the ``page`` its JSON names).
KINDS = [
    ("/", "home"),
    ("/A", "contents"),
    ("/A/519.3", "paragraph"),
    ("/search?q=" + quote("кубик"), "search"),
    ("/cards", "cards"),
    ("/cards/" + quote("Гном-Басаарг"), "card"),
    ("/why?file=examples/A-519.3-ex1-gnome-basaarg.yaml", "why"),
    ("/diff/A/B", "diff"),
    ("/check", "check"),
]


def _json_path(path: str) -> str:
    base, _, query = path.partition("?")
    return ("/index" if base == "/" else base) + ".json" + (f"?{query}" if query else "")


@pytest.mark.parametrize("path,kind", KINDS, ids=[k for _, k in KINDS])
def test_every_page_kind_is_html_and_json(get, path, kind):
    html = get(path)
    assert html.status == 200 and html.headers["content-type"].startswith("text/html"), (html.status, html.text[:300])
    assert html.text.startswith("<!doctype html>") and 'lang="ru"' in html.text
    by_accept = get(path, headers={"Accept": "application/json"})
    by_suffix = get(_json_path(path))
    for reply in (by_accept, by_suffix):
        assert reply.status == 200 and reply.headers["content-type"] == "application/json"
        assert reply.json()["page"] == kind
    assert by_accept.json() == by_suffix.json()


def test_a_paragraph_page_shows_what_the_rulebook_says(get):
    """001, line 7: «519.3. Правило наложения модификаторов атаки. Модификаторы атаки накладываются в
    следующем порядке:» with the items а) … д) on lines 8–12, and under it (line 16) «ПРИМЕР:
    Гном-Басаарг в строю с Гномьим Королём …» — which kb/examples/A-519.3-ex1-gnome-basaarg.yaml encodes.
    Its parent is the heading «Модификаторы атаки»; line 6 cites it: «… (п.519.3).»"""
    page = get("/A/519.3.json").json()
    [v] = page["paragraphs"]
    assert v["id"] == "A:519.3" and v["text"].startswith("Правило наложения модификаторов атаки.")
    assert [i["marker"] for i in v["list_items"]] == ["а)", "б)", "в)", "г)", "д)"]
    assert v["parent"]["title"] == "Модификаторы атаки"
    [ex] = v["examples"]
    assert ex["text"].startswith("Гном-Басаарг в строю с Гномьим Королём")
    assert [(o["status"], o["file"]) for o in ex["outcomes"]] == [("pass", "A-519.3-ex1-gnome-basaarg.yaml")]
    assert "Гном-Басаарг" in {c["name"] for c in v["cards"]} and "Гномий Король" in {c["name"] for c in v["cards"]}
    citing = [c["unit"] for c in v["cited_by"]]
    assert "A:модификаторы-атаки/когда-атака-становится-верхней" in citing
    html = get("/A/519.3").text
    assert 'href="/cards/' + quote("Гном-Басаарг", safe="") + '"' in html  # the cards are linked
    assert 'class="copy-link" data-href="/A/519.3"' in html


def test_references_are_links_and_unresolved_ones_say_so(get):
    """000, line 20 (B 519.8): «… в ходе выполнения п. 512.6.2 … (см. 120. Отложенная особенность.) …
    полностью определяется пп. 519.2, 519.3.» — 519.2 and 519.3 are in the loaded text of B, 512.6.2
    and 120 are not."""
    html = get("/B/519.8").text
    text = re.search(r'<p class="text">(.*?)</p>', html, re.S).group(1)
    assert '<a class="ref" href="/B/519.2">519.2</a>, <a class="ref" href="/B/519.3">519.3</a>' in text
    assert re.search(r'<span class="ref unresolved"[^>]*>512\.6\.2</span>', text)
    assert re.search(r'<span class="ref unresolved"[^>]*>120</span>', text)


def test_a_paragraph_has_its_counterpart_in_the_other_edition(get):
    """A 518.3 (002) gives the order of the dice-modifier groups in one paragraph; B prints the same
    rules as two, 519.2 (the groups) and 519.3 (the order inside a group): a split."""
    [v] = get("/A/518.3.json").json()["paragraphs"]
    [c] = v["counterparts"]
    assert c["edition"] == "B" and c["shape"] == "split"
    assert [u["number"] for u in c["units"]] == ["519.2", "519.3"]
    [b] = get("/B/519.2.json").json()["paragraphs"]
    assert [u["number"] for c in b["counterparts"] for u in c["units"]] == ["518.3"]


def test_an_unnumbered_paragraph_has_a_permalink_by_its_id(get):
    """001, line 17: the heading «Правило топора.» has no number: its page is /A/правило-топора."""
    [v] = get("/A/" + quote("правило-топора") + ".json").json()["paragraphs"]
    assert v["id"] == "A:правило-топора" and v["title"] == "Правило топора"


def test_contents_lists_every_paragraph_of_the_edition_in_order(get):
    rows = get("/B.json").json()["paragraphs"]
    numbers = [r["number"] for r in rows if r["number"]]
    assert numbers[:3] == ["518.8", "519", "519.1"]  # 000: 518.8 (line 2), 519 (line 6), 519.1 (line 8)
    assert all(r["href"].startswith("/B/") for r in rows)


def test_search_finds_word_forms_and_marks_the_match(get):
    """«регенерация» finds «Регенерации» (000, line 5: «вместо "Регенерации 2"»)."""
    data = get("/search.json?q=" + quote("регенерация")).json()
    assert any(h["snippet"][m["start"]:m["end"]] == "Регенерации" for h in data["hits"] for m in h["marks"])
    assert "<mark>Регенерации</mark>" in get("/search?q=" + quote("регенерация")).text
    only_b = get("/search.json?q=" + quote("регенерация") + "&edition=B&kind=example").json()
    assert only_b["hits"] and {(h["edition"], h["kind"]) for h in only_b["hits"]} == {("B", "example")}


def test_live_search_answers_htmx_with_the_results_only(get):
    reply = get("/search?q=" + quote("кубик"), headers={"HX-Request": "true"})
    assert reply.status == 200 and "<html" not in reply.text and "<ol class=\"hits\">" in reply.text


def test_a_card_page_has_its_facts_and_mentions(get):
    """kb/cards.yaml gives Гном-Басаарг hit [2, 3, 4]; 001, line 16 names it in the example of 519.3."""
    [card] = get("/cards/" + quote("Гном-Басаарг") + ".json").json()["cards"]
    assert card["kb_facts"]["hit"] == [2, 3, 4]
    assert "A:519.3/ex1" in {m["unit"] for m in card["mentions"]}
    assert any(m["href"] == "/A/519.3#u-ex1" for m in card["mentions"])


def test_diff_and_check_pages(get):
    d = get("/diff/A/B.json").json()
    split = next(a for a in d["aligned"] if [s["number"] for s in a["old"]] == ["518.3"])
    assert split["shape"] == "split" and [s["href"] for s in split["new"]] == ["/B/519.2", "/B/519.3"]
    check = get("/check.json").json()
    assert check["total"] == sum(check["counts"].values())
    warnings = get("/check.json?severity=warning").json()
    assert warnings["total"] == check["counts"]["warning"]
    assert {f["severity"] for g in warnings["groups"] for f in g["findings"]} <= {"warning"}
    linked = [f for g in check["groups"] for f in g["findings"] if f["href"]]
    assert linked and get(linked[0]["href"].split("#")[0]).status == 200
    assert "accepted" in check and "Принятые замечания" in get("/check").text


def test_the_interface_speaks_english_when_asked_and_remembers(get):
    reply = get("/A/519.3?lang=en")
    assert 'lang="en"' in reply.text and ">Cites<" in reply.text and "lang=en" in reply.headers["set-cookie"]
    assert ">Cites<" in get("/A/519.3", headers={"Cookie": "lang=en"}).text


def test_what_is_not_there_is_404_and_one_line(get):
    for path in ("/A/999.9", "/Z", "/Z/1", "/cards/" + quote("Несуществующая карта"), "/diff/B/C", "/diff/A/A", "/nothing/here/at/all"):
        reply = get(path + ".json")
        assert reply.status == 404, (path, reply.status)
        assert "\n" not in reply.json()["error"]
    assert get("/A/999.9").status == 404


def test_static_files_and_the_vendored_htmx(get):
    js = get("/static/htmx.min.js")
    assert js.status == 200 and js.text.startswith("/* htmx 2.0.11") and "0BSD" in js.text[:200]


def test_references_outside_the_loaded_text_say_so(get):
    """B 519.8 cites 512.6.2 and 120: edition B prints no section 512 and no section 120 (its
    fragments hold 518, 519 and 540), so both are outside the loaded text, not merely unresolved."""
    html = get("/B/519.8").text
    assert re.search(r'<span class="unresolved">512\.6\.2</span> <span class="muted">\(вне загруженного текста\)</span>', html)
    assert re.search(r'<span class="unresolved">120</span> <span class="muted">\(вне загруженного текста\)</span>', html)


def test_a_behaviour_change_is_said_in_words(get):
    """kb/scenarios/die-roll-editions-differ.yaml: roll 4, +1 from the roller's squad, «сводится к 1»
    from the opponent — A 518.3 д) applies the set-to last (1), B 519.2 a. first, then +1 (2). The diff
    shows both results as the language pack's sentences, not JSON."""
    html = get("/diff/A/B").text
    part = html[html.index("различается</strong>: <code>die-roll-editions-differ.yaml"):]
    part = part[:part.index("</p>")]
    assert re.search(r"Редакция A: 1\b", part) and re.search(r"Редакция B: 2\b", part), part
    assert "unmodified" not in html and "&#34;" not in part and "\\u04" not in html


def _interface_english() -> set[str]:
    """The English words of the interface (i18n's English side, less what the Russian side shares:
    JSON, SPARQL) and the field names the pages once showed raw."""
    from berserk_kb.web.i18n import CHECKS, FACTS, WORDS
    from berserk_kb.web.reasons import REASONS

    def ascii_words(text: str) -> set[str]:
        return {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)}

    tables = (WORDS, FACTS, CHECKS, REASONS)
    english = set().union(*(ascii_words(en) for t in tables for _, en in t.values()))
    russian = set().union(*(ascii_words(ru) for t in tables for ru, _ in t.values()))
    raw = {"cost", "life", "move", "hit", "title", "kind", "roller", "roll", "reroll", "flip", "source", "target",
           "strike", "base", "card", "amount", "attack", "name", "value", "which", "duration", "same", "removed",
           "changed", "added", "format", "suppressed", "line", "field", "error", "elite", "unknown", "edition"}
    return (english - russian) | raw


def _visible_words(html: str) -> set[str]:
    """The ASCII words a reader sees, less quoted data: code, preformatted text, the editor, the
    library's own (English) messages (class data), file and code choices, the head, scripts."""
    for pattern in (r"<head>.*?</head>", r"<script\b.*?</script>", r"<(code|pre|textarea)\b.*?</\1>",
                    r'<(p|span|li|td) class="[^"]*\bdata\b[^"]*"[^>]*>.*?</\1>', r'<select name="(?:file|code)".*?</select>'):
        html = re.sub(pattern, " ", html, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", html)
    return {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)}


def test_the_russian_interface_speaks_russian_on_every_page(get):
    """Every page kind in Russian, with its answers, its errors and the why page's problems: no English
    word of the interface outside quoted data."""
    english = _interface_english()
    differs = "scenarios/die-roll-editions-differ.yaml"
    pages = [path for path, _ in KINDS] + [
        "/A/999.9", "/Z", "/Z/1", "/cards/" + quote("Несуществующая карта"), "/search?q=" + quote(",,,"),
        "/search?q=" + quote("регенерация"), f"/why?file={differs}&e=A&e=B", f"/why?file={differs}&expect="
        + quote("events[0].value=5"), f"/why?file={differs}&set=" + quote("events[0].die_roll.roll=6"),
        "/why?file=examples/B-540.4-ex1-mountain-giant.yaml", "/diff/B/C", "/nothing/here",
        "/sparql", "/sparql?query=" + quote("SELECT ?p WHERE { ?p a bkb:Paragraph } LIMIT 2"),
        "/sparql?query=" + quote("ASK { ?p a bkb:Paragraph }"), "/sparql?query=%20", "/check?severity=warning"]
    seen = {}
    browser = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
    for path in pages:
        reply = get(path, headers=browser)
        assert reply.status < 500, path
        seen[path] = _visible_words(reply.text.replace(str(escape(SCRIPT_CARD)), " ")) & english
    for data in ({"yaml": "edition: A\ncards: []\nevents: [{die_roll: {roller: x, roll: 4}}]\n"},
                 {"build": "1", "kind": "die_roll", "roll_roller": "c1", "roll_value": "четыре"}):
        seen[f"POST /why {data}"] = _visible_words(get("/why", data).text) & english
        seen[f"POST /why/validate {data}"] = _visible_words(get("/why/validate", data).text) & english
    seen["413"] = _visible_words(get("/why", {"yaml": "x" * (200 * 1024)}).text) & english
    assert not {k: v for k, v in seen.items() if v}, {k: v for k, v in seen.items() if v}


def test_counts_take_the_russian_plural_their_number_calls_for(get):
    """Russian: one for 1, 21 (not 11); few for 2–4, 22 (not 12–14); many for the rest."""
    from berserk_kb.web.i18n import plural

    forms = "совпадение|совпадения|совпадений"
    assert [plural(n, forms) for n in (1, 2, 5, 11, 21, 22, 25, 12, 111, 104)] == [
        "1 совпадение", "2 совпадения", "5 совпадений", "11 совпадений", "21 совпадение", "22 совпадения",
        "25 совпадений", "12 совпадений", "111 совпадений", "104 совпадения"]
    assert plural(1, "match|matches", "en") == "1 match" and plural(2, "match|matches", "en") == "2 matches"
    data = get("/check.json").json()
    html = get("/check").text
    assert f">{plural(data['total'], 'замечание|замечания|замечаний')}<" in html
    assert "совпадени" in get("/search?q=" + quote("кубик")).text


def test_an_unnumbered_paragraph_is_named_by_its_words(get):
    """003, line 1: «Предотвращение используется всегда после вычисления окончательного значения
    наносимого урона.» — no number, no heading: its page, its title and the links to it say its first
    words; its permalink is shown as a path one can read. 001, line 4: under the heading «Модификаторы
    атаки» the unnumbered «Когда атака заносится в стек, …» is linked by its text, not by a «¶»."""
    path = "/A/" + quote("предотвращение-используется-всегда-после")
    html = get(path).text
    h1 = re.search(r"<h1>(.*?)</h1>", html, re.S).group(1)
    assert h1.startswith("Предотвращение используется всегда после вычисления"), h1
    title = re.search(r"<title>(.*?)</title>", html).group(1)
    assert title.startswith("Предотвращение используется") and "A:" not in title
    assert ">/A/предотвращение-используется-всегда-после</a>" in html
    heading = get("/A/" + quote("модификаторы-атаки")).text
    children = re.search(r'<ul class="children">(.*?)</ul>', heading, re.S).group(1)
    assert ">¶<" not in children and ">Когда атака заносится в стек," in children
    cited = get("/A/519.3").text.split("<h2>На него ссылаются</h2>")[1].split("</ul>")[0]
    assert ">Когда атака становится верхней" in cited and ">A:" not in cited


def test_switching_the_language_keeps_the_page_and_its_query(get):
    html = get("/search?q=" + quote("кубик") + "&edition=A&lang=ru").text
    switch = re.search(r'<a class="lang" href="([^"]+)"', html).group(1).replace("&amp;", "&")
    assert switch == "?q=" + quote_plus("кубик") + "&edition=A&lang=en"
    assert 'lang="en"' in get("/search" + switch).text and "кубик" in get("/search" + switch).text


def test_the_diff_the_other_way_round(get):
    """As ``berserk-kb diff B A``: A 518.3 (002) prints in one paragraph what B prints as 519.2 and
    519.3 — from B to A, the two merge into one."""
    d = get("/diff/B/A.json").json()
    assert (d["old"], d["new"]) == ("B", "A")
    merged = next(a for a in d["aligned"] if [s["number"] for s in a["new"]] == ["518.3"])
    assert merged["shape"] == "merge" and [s["number"] for s in merged["old"]] == ["519.2", "519.3"]
