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


def test_each_page_is_there_in_english_too_and_the_language_link_joins_them(site):
    """Russian by default, English switchable (the server's ?lang=en): the static site has every
    page again under en/, in English words, linking within en/; the paragraph text stays Russian."""
    out, _ = site
    ru_page, en_page = out / "A" / "519.3" / "index.html", out / "en" / "A" / "519.3" / "index.html"
    ru, en = ru_page.read_text(encoding="utf-8"), en_page.read_text(encoding="utf-8")
    assert '<html lang="ru">' in ru and '<html lang="en">' in en
    assert "Гном-Басаарг" in en  # the rule's own text, not translated
    for page, text, other in ((ru_page, ru, en_page), (en_page, en, ru_page)):
        switch = re.search(r'<a class="lang" href="([^"]+)"', text).group(1)
        assert (page.parent / unquote(switch)).resolve() == other.resolve()
        links = [h for h in re.findall(r'(?<![-\w])href="([^"#]+)', text) if not h.startswith("http")]
        assert not [h for h in links if not (page.parent / unquote(h)).resolve().exists()]
    en_links = re.findall(r'<a href="([^"#]+/index\.html)"', en)  # all but the language link
    assert en_links and all("/en/" in str((en_page.parent / unquote(h)).resolve()) for h in en_links)
