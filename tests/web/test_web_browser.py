"""The web interface in a real browser (Debian's Chromium, driven by Playwright), at a phone's size
and a desktop's: open a paragraph and follow a reference, search as you type, run the Гном-Басаарг
example and fold its tree, compare two editions, the check page, validation as you type, and no
script from the data ever runs. Screenshots go to build/screenshots/ (named by test and size)."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

from .webclient import SCREENSHOTS, SCRIPT_CARD

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}


@pytest.fixture(scope="module")
def tabs(browser, server):
    """``tabs(size)`` → the module's one page at that size (its own browser context). Every test of
    the module uses these two pages in turn — a new context costs a third of a second and a new page
    (a renderer process) a tenth; a page keeps nothing of a test but its history, as each test opens
    its page with ``goto``."""
    made: dict = {}

    def get(size: str):
        if size not in made:
            ctx = browser.new_context(viewport=SIZES[size], base_url=server)
            p = ctx.new_page()
            p.size = size
            p.dialogs = []
            p.on("dialog", lambda d: (p.dialogs.append(d.message), d.dismiss()))
            p.set_default_timeout(10_000)
            made[size] = (ctx, p)
        page = made[size][1]
        page.dialogs.clear()
        return page

    yield get
    for ctx, _ in made.values():
        ctx.close()


@pytest.fixture(params=list(SIZES))
def page(request, tabs):
    p = tabs(request.param)
    yield p
    assert not p.dialogs, f"a script from the page's data ran: {p.dialogs}"


def go(page, path: str) -> None:
    page.goto(path, wait_until="domcontentloaded")


def shot(page, name: str) -> None:
    page.screenshot(path=str(SCREENSHOTS / f"{name}-{page.size}.png"), full_page=False)


def test_open_a_paragraph_and_follow_a_reference(page):
    """001, line 6: «Когда атака становится верхней в стеке, к ней применяются все модификаторы в
    соответствии с правилом наложения модификаторов атаки (п.519.3).» — its 519.3 leads to 519.3."""
    go(page, "/A/" + quote("модификаторы-атаки/когда-атака-становится-верхней"))
    page.locator("p.text a.ref", has_text="519.3").click()
    page.wait_for_url("**/A/519.3")
    assert page.locator("h1").inner_text().startswith("519.3")
    assert page.locator("ul.items li").count() == 5  # а) … д), 001 lines 8–12
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]  # no sideways scroll
    shot(page, "paragraph")


def test_search_as_you_type(page):
    """«регенерация» finds «Регенерации» (000, line 5) without pressing Enter."""
    go(page, "/search")
    page.locator("input[name=q]").fill("регенерация")  # an input event, as typing gives: htmx asks at once
    page.locator("#results mark", has_text="Регенерации").first.wait_for()
    assert "q=" in page.url  # the results have their own address
    shot(page, "search")
    page.locator("input[name=q]").fill("строй")  # a second search, its own address too
    page.wait_for_url(re.compile("q=%D1%81%D1%82%D1%80%D0%BE%D0%B9"))
    page.go_back()  # htmx restores the first: its results, and the box holds its words again
    page.locator("#results mark", has_text="Регенерации").first.wait_for()
    assert page.locator("input[name=q]").input_value() == "регенерация"


def test_run_the_gnome_basaarg_example_and_fold_its_tree(page):
    """001, line 16: «… в итоге сила удара Гнома-Басаарга равна 1»."""
    go(page, "/why")
    page.locator("select[name=file]").select_option("examples/A-519.3-ex1-gnome-basaarg.yaml")
    page.locator("form.load button").click()
    result = page.locator(".run .result").first
    assert re.search(r"сила 1\b", result.inner_text())  # the language pack's sentence
    steps = page.locator("#answer details.step")
    assert steps.count() >= 6
    page.locator("button[data-tree=close]").click()
    assert page.evaluate("[...document.querySelectorAll('#answer details.step')].every(d => !d.open)")
    page.locator("button[data-tree=open]").click()
    assert page.evaluate("[...document.querySelectorAll('#answer details.step')].every(d => d.open)")
    assert page.locator("#answer blockquote.quote a", has_text="519.3").count() >= 4
    page.locator("#answer").scroll_into_view_if_needed()
    shot(page, "why")


def test_compare_two_editions_and_validate_as_you_type(page):
    """kb/scenarios/die-roll-editions-differ.yaml: A gives 1 (518.3 д: set-to last), B gives 2 (519.2 a.: set-to first)."""
    go(page, "/why?file=scenarios/die-roll-editions-differ.yaml")
    page.locator("fieldset.editions input[value=A]").check()
    page.locator("fieldset.editions input[value=B]").check()
    page.locator("#why-form button[name=go]").click()  # htmx: the answer is swapped in
    page.locator("table.comparison tr.differs").wait_for()
    # the language pack's sentence: the value, then the roll before modifiers
    assert re.search(r"— 1 \(.*\b4\)$", page.locator(".run[data-edition=A] .result").inner_text())
    assert re.search(r"— 2 \(.*\b4\)$", page.locator(".run[data-edition=B] .result").inner_text())
    assert page.locator(".run details.step.deciding").count() >= 2
    # every column in sight, none cut at a phone's width (fresh user's finding 6)
    assert page.evaluate("(t => t.scrollWidth <= t.clientWidth + 1 && t.getBoundingClientRect().right"
                         " <= document.documentElement.clientWidth)(document.querySelector('table.comparison'))")
    page.locator("#answer").scroll_into_view_if_needed()
    shot(page, "compare")
    editor = page.locator("textarea[name=yaml]")
    editor.fill(editor.input_value().replace("roll: 4", "roll: 9"))
    editor.dispatch_event("input")
    page.locator("#validation .invalid", has_text="events[0].die_roll.roll").wait_for()
    page.locator("#why-form button[name=go]").click()  # a 400 is swapped in too: the problem, at its field
    page.locator("#answer .problem", has_text="events[0].die_roll.roll").wait_for()


def test_the_check_page_and_its_filter(page):
    go(page, "/check")
    assert page.locator("section.group").count() >= 1
    page.locator("select[name=severity]").select_option("warning")
    page.locator("form.filter button").click()
    page.wait_for_url("**severity=warning**")
    assert page.locator("li.finding.info").count() == 0 and page.locator("li.finding.warning").count() >= 1
    shot(page, "check")


def test_no_script_from_the_data_runs(tabs):
    """A card named like a script, and a scenario titled with one: shown as text, never run (at one
    size: the markup is the same at every size)."""
    page = tabs("desktop")
    dialogs = page.dialogs
    go(page, "/cards/" + quote(SCRIPT_CARD, safe=""))
    assert SCRIPT_CARD in page.locator("h1").inner_text()
    text = "title: '<script>window.__pwned = 2</script>'\nedition: A\ncards:\n  - {id: c, controller: p1}\n" \
           "events:\n  - die_roll: {roller: c, roll: 3}\n"
    go(page, "/why")
    page.locator("textarea[name=yaml]").fill(text)
    page.locator("#why-form button[name=go]").click()
    page.locator(".scenario-title").wait_for()
    assert page.locator(".scenario-title").inner_text() == "<script>window.__pwned = 2</script>"
    assert page.evaluate("window.__pwned === undefined")
    assert not dialogs, dialogs


def test_the_situation_form_shows_the_fields_of_its_event_and_computes(tabs):
    """At a phone's width: the form shows the fields of the chosen kind of event only, and builds
    kb/scenarios/die-roll-editions-differ.yaml's situation — roll 4, +1 from a card of the roller's
    squad, the opponent's «сводится к 1»: under A, 518.3 а) then д): 4 → 5 → 1."""
    page = tabs("phone")
    go(page, "/why")
    assert page.locator("#card-names option").count() == 0  # the names come when the form opens
    page.locator("details.builder > summary").click()
    page.locator('#card-names option[value="Гном-Басаарг"]').wait_for(state="attached")
    form = page.locator("form.builder-form")
    first, second = form.locator("fieldset.event").nth(0), form.locator("fieldset.event").nth(1)
    assert first.locator(".ev-die_roll").is_visible() and not first.locator(".ev-attack").is_visible()
    first.locator("select[name=kind]").select_option("attack")
    assert first.locator(".ev-attack").is_visible() and not first.locator(".ev-die_roll").is_visible()
    form.locator("details.more >> nth=1").locator("summary").click()  # more events: each shows its kind's fields
    second.locator("select[name=ev2_kind]").select_option("wounds")
    assert second.locator(".ev-wounds").is_visible() and first.locator(".ev-attack").is_visible()
    second.locator("select[name=ev2_kind]").select_option("")
    assert form.locator("select[name=kind] option:checked").inner_text() == "атака"  # the pack's label
    form.locator("select[name=kind]").select_option("die_roll")
    form.locator("input[name=c3_id]").fill("c3")
    form.locator("select[name=c3_controller]").select_option("p2")
    form.locator("input[name=roll_roller]").fill("c1")
    form.locator("input[name=roll_value]").fill("4")
    form.locator("textarea[name=roll_mods]").fill("c2 add 1\nc3 set 1")
    form.locator("button").click()
    result = page.locator("#answer .run[data-edition=A] .result")
    result.wait_for()
    assert re.search(r"— 1 \(.*\b4\)$", result.inner_text()), result.inner_text()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    page.screenshot(path=str(SCREENSHOTS / "why-form-phone.png"))
    # the edition boxes (the first ticked): ticking B as well compares the situation side by side
    assert form.locator("input[name=e][value=A]").is_checked() and not form.locator("input[name=e][value=B]").is_checked()
    form.locator("input[name=e][value=B]").check()
    form.locator("button").click()
    page.locator("#answer table.comparison").wait_for()
    assert page.locator("#answer table.comparison th").all_inner_texts()[1:] == ["Редакция A", "Редакция B"]
    assert "e=A%2CB" in page.locator("#share-link").get_attribute("href")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390


#: One page of each kind, the why page with an answer of one edition and of two.
PAGE_KINDS = ["/", "/A", "/A/519.3", "/A/" + quote("правило-топора"), "/search?q=" + quote("модификатор кубика"),
              "/cards", "/cards/" + quote("Гном-Басаарг"), "/why", "/why?file=examples/A-519.3-ex1-gnome-basaarg.yaml",
              "/why?file=scenarios/die-roll-editions-differ.yaml&e=A&e=B", "/diff/A/B", "/check", "/sparql",
              "/sparql?query=" + quote("SELECT ?p WHERE { ?p a bkb:Paragraph } LIMIT 3"), "/nothing/here"]


def test_no_page_scrolls_sideways_at_a_phones_width(tabs):
    """At 390 px no page is wider than the screen, with every fold of the why page open."""
    page = tabs("phone")
    wide = {}
    for lang in ("ru", "en"):
        for path in PAGE_KINDS:
            go(page, path + ("&" if "?" in path else "?") + f"lang={lang}")
            page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
            width = page.evaluate("document.scrollingElement.scrollWidth")
            if width > 390:
                wide[f"{path} {lang}"] = (width, page.evaluate(
                    "[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 391)"
                    ".slice(0, 3).map(e => e.tagName + '.' + e.className)"))
    assert not wide, wide
