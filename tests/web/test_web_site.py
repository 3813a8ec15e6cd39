"""``berserk-kb site -o DIR``: the reading pages and their JSON as static files, linked relatively
(written from the test server's knowledge base, already loaded; the command itself:
tests/test_web_cli.py)."""

from __future__ import annotations

import json
import re
from urllib.parse import unquote

import pytest


@pytest.fixture(scope="module")
def site(reading, tmp_path_factory):
    from berserk_kb.web.site import write_site

    out = tmp_path_factory.mktemp("site") / "site"
    return out, write_site(out, reading=reading)


def test_the_site_has_every_reading_page_and_its_json(site):
    out, done = site
    assert done["pages"] > 50 and not done["skipped"]
    for page in ("index.html", "A/index.html", "A/519.3/index.html", "B/519.1/index.html",
                 "A/правило-топора/index.html", "cards/index.html", "cards/Гном-Басаарг/index.html",
                 "diff/A/B/index.html", "check/index.html"):
        assert (out / page).is_file(), page
    data = json.loads((out / "A/519.3.json").read_text(encoding="utf-8"))
    assert data["page"] == "paragraph" and data["paragraphs"][0]["number"] == "519.3"
    assert (out / "static" / "htmx.min.js").is_file()


def test_its_links_are_relative_and_lead_to_files(site):
    out, _ = site
    page = out / "A" / "519.3" / "index.html"
    links = re.findall(r'(?<![-\w])href="([^"#]+)', page.read_text(encoding="utf-8"))
    local = [h for h in links if not h.startswith(("http://", "https://"))]
    assert local and not [h for h in local if h.startswith("/")], local
    missing = [h for h in local if not (page.parent / unquote(h)).resolve().exists()]
    assert not missing, missing


def test_why_and_search_say_they_need_a_server(site, reading, tmp_path):
    from berserk_kb.web.site import write_site

    out, _ = site
    assert "berserk-kb serve" in (out / "why" / "index.html").read_text(encoding="utf-8")
    with_server = tmp_path / "s2"
    write_site(with_server, server="https://rules.example.org/", reading=reading)
    assert 'href="https://rules.example.org/why"' in (with_server / "index.html").read_text(encoding="utf-8")
