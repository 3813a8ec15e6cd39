"""The web why form under fu13f's inputs: a scenario whose work is effects × events, and a long
one-line scenario with a bad field (issue 13)."""

from __future__ import annotations

import json
import os
import stat

import pytest
from markupsafe import escape

from scenario_parts import prevent_each


def test_the_form_refuses_a_scenario_past_the_step_limit_in_one_line(reading, lower_step_limit):
    """16 cards × 24 effects × 100 events fit the form's 32 KB and 100 events: the page took 5.6 s
    and held 1.2 MB; now the limit of docs/scenarios.md («at most 20,000,000 inference steps»,
    lowered here to 200,000: the page says the limit the engine has). On a server of its own whose
    time per goal and per request (10 minutes) the bound on steps always comes before — the
    session's test server has 5 s, which a loaded machine spends first (503)."""
    from berserk_kb.engine.bridge import engine
    from berserk_kb.web.app import create_app

    from .conftest import running
    from .webclient import fetch

    text = json.dumps(prevent_each(16, 24, 100), separators=(",", ":"))
    assert len(text) < 32 * 1024
    before = engine().set_time_limit(0)
    try:
        with running(create_app(reading=reading, goal_time_limit=600.0)) as base:
            page = fetch(base + "/why", {"yaml": text})  # once: each run costs 200,000 steps
    finally:
        engine().set_time_limit(before)
    assert page.status == 400 and "поле <code>events</code>" in page.text, page.text[-3000:]
    assert "больше <span class=\"data\">200\u202f000</span> шагов вывода" in page.text
    assert len(page.body) < 100_000  # the form and its text: no 1.2 MB of steps


def test_a_long_line_is_shown_around_the_field_not_whole(get):
    """A 30 KB one-line scenario whose last effect id is bad: the page showed the whole line; now
    at most 120 characters of it, around the field (the bad id is in them)."""
    s = prevent_each(12, 24, 1)
    s["cards"][-1]["effects"][-1]["id"] = "плохой id"
    text = json.dumps(s, ensure_ascii=False)
    reply = get("/why", {"yaml": text}, {"Accept": "application/json"})
    problem = reply.json()["problem"]
    assert reply.status == 400 and problem["field"] == "cards[11].effects[23].id" and problem["line"] == 1
    assert len(problem["line_text"]) <= 120 and "плохой id" in problem["line_text"]
    assert problem["line_text"].startswith("…")
    page = get("/why", {"yaml": text}).text
    assert page.count(str(escape(text))) == 1 and str(escape(problem["line_text"])) in page  # the form's text; the cut line


@pytest.mark.parametrize("umask", [0o022, 0o027])
def test_the_site_folder_follows_the_umask_as_its_subfolders_do(reading, tmp_path, monkeypatch, umask):
    """``site -o NEW`` under umask 022 made NEW 0700 (a temporary folder renamed) while NEW/A was
    0755: a site served by another account could not be read."""
    from berserk_kb.web import site as site_module

    every = site_module.pages_of
    monkeypatch.setattr(site_module, "pages_of", lambda r: every(r)[:1])  # the home page is enough here
    old = os.umask(umask)
    try:
        site_module.write_site(tmp_path / "new", reading=reading)
    finally:
        os.umask(old)
    want = 0o777 & ~umask
    assert stat.S_IMODE((tmp_path / "new").stat().st_mode) == want
