"""Round four of the web's limits and words: the editor's reason beside an accepted finding, «did
you mean» as links, a pydantic error of any type the scenario contract raises said in Russian, live
search by the prefix of the word being typed, the search length limit carried by the library's
error, and the time and size a why request may take."""

from __future__ import annotations

import dataclasses
import html
from types import SimpleNamespace

from berserk_kb.checks.accepted import accepted_entries
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
