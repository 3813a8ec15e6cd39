"""``berserk-kb site -o DIR``: the reading pages and their JSON as static files, linked relatively
(written from the test server's knowledge base, already loaded; the command itself:
tests/test_web_cli.py)."""

from __future__ import annotations

import html
import json
import re
from urllib.parse import unquote

import pytest
from markupsafe import escape

from .webclient import PATH_CARDS, SCRIPT_CARD


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


def test_no_card_name_writes_outside_the_folder_and_every_link_resolves(site, reading):
    """Cards named like paths (``../../../web14-escape``, ``..``, ``a/b``, ``index.html``, …, see
    webclient.PATH_CARDS) and like a script: each card page is one folder under cards/, reached by
    the link the card list gives it; nothing is written beside the site's folder."""
    out, _ = site
    assert [p.name for p in out.parent.iterdir()] == ["site"]
    assert not list(out.parent.parent.glob("**/web14-escape*")) or all(
        out in p.parents for p in out.parent.parent.glob("**/web14-escape*"))
    for listing in (out / "cards" / "index.html", out / "en" / "cards" / "index.html"):
        text = listing.read_text(encoding="utf-8")
        links = {html.unescape(name): href for href, name in re.findall(r'<li><a href="([^"]+)">([^<]*)</a>', text)}
        for name in (*PATH_CARDS, SCRIPT_CARD):
            assert name in links, name
            target = (listing.parent / unquote(links[name])).resolve()
            assert target.is_file() and target.parent.parent == (listing.parent).resolve(), (name, links[name])
            assert f"<h1>{escape(name)}</h1>" in target.read_text(encoding="utf-8"), name
            back = re.search(r'<a href="([^"]+)">JSON</a>', target.read_text(encoding="utf-8")).group(1)
            assert json.loads((target.parent / unquote(back)).read_text(encoding="utf-8"))["query"] == name
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        local = [h for h in re.findall(r'(?<![-\w])href="([^"#]+)', text) if not h.startswith(("http:", "https:"))]
        missing = [h for h in local if not (page.parent / unquote(html.unescape(h))).resolve().exists()]
        assert not missing, (page, missing[:3])


def test_a_name_is_one_safe_file_name():
    """Whatever a name holds, its file is one name inside its folder (no separator, no ``..``, no NUL,
    no hidden file, not a page's own file name), and two names never share one."""
    from berserk_kb.web.pages import safe_segment

    names = ["..", ".", "", "a/b", "a_b", "a\\b", "a\x00b", ".hidden", "x.json", "index.html", "я" * 190, "Вайл"]
    segments = [safe_segment(n) for n in names]
    assert segments[-1] == "Вайл" and len(set(segments)) == len(names)
    for seg in segments:
        assert seg and not seg.startswith(".") and not {"/", "\\", "\x00"} & set(seg)
        assert len(seg.encode()) <= 130 and not seg.endswith((".json", ".html"))


def test_site_replaces_an_earlier_site_or_an_empty_folder_only(cli, site, tmp_path):
    """``site -o DIR`` over a folder holding anything else is one line, exit 2, and the folder is as it
    was; over an earlier site (it has the marker file) or an empty folder it writes the site."""
    from berserk_kb.web.site import MARKER

    out, _ = site
    assert (out / MARKER).is_file()
    mine = tmp_path / "photos"
    (mine / "2024").mkdir(parents=True)
    (mine / "2024" / "cat.jpg").write_bytes(b"\xff\xd8")
    result = cli("site", "-o", str(mine))
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1, result.output
    assert "not empty" in result.stderr and "Traceback" not in result.output
    assert sorted(p.relative_to(mine).as_posix() for p in mine.rglob("*")) == ["2024", "2024/cat.jpg"]


def test_an_earlier_site_and_an_empty_folder_are_replaced(reading, tmp_path, monkeypatch):
    from berserk_kb.web import site as site_module

    every = site_module.pages_of
    monkeypatch.setattr(site_module, "pages_of", lambda r: every(r)[:1])  # the home page is enough here
    earlier, empty = tmp_path / "earlier", tmp_path / "empty"
    empty.mkdir()
    earlier.mkdir()
    (earlier / site_module.MARKER).write_text("written by berserk-kb site\nstale.html\n")  # it wrote stale.html
    (earlier / "stale.html").write_text("old")
    for folder in (earlier, empty):
        assert site_module.write_site(folder, reading=reading)["pages"] == 1
        assert (folder / "index.html").is_file() and (folder / site_module.MARKER).is_file()
    assert not (earlier / "stale.html").exists()


def test_an_earlier_site_holding_files_it_did_not_write_is_refused_unless_forced(reading, tmp_path, monkeypatch):
    """fu13j J3: `site -o site1` again deleted notes.txt and mine/a the user had put there, silently.
    The marker lists what the site wrote: anything else is named, nothing is touched, unless --force."""
    from berserk_kb.errors import InputError
    from berserk_kb.web import site as site_module

    every = site_module.pages_of
    monkeypatch.setattr(site_module, "pages_of", lambda r: every(r)[:1])
    out = tmp_path / "site1"
    site_module.write_site(out, reading=reading)
    site_module.write_site(out, reading=reading)  # its own files only: replaced
    (out / "notes.txt").write_text("важное", encoding="utf-8")
    (out / "mine").mkdir()
    (out / "mine" / "a").write_text("x")
    before = sorted(p.relative_to(out).as_posix() for p in out.rglob("*"))
    with pytest.raises(InputError, match=r"site1: holds 2 file\(s\) berserk-kb site did not write \(mine/a, notes.txt\)"):
        site_module.write_site(out, reading=reading)
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*")) == before
    site_module.write_site(out, reading=reading, force=True)
    assert not (out / "notes.txt").exists() and (out / "index.html").is_file()


@pytest.mark.parametrize("server", ["http://a b", "http://", "https://x\ty"])
def test_a_server_address_with_a_space_or_no_host_is_refused(reading, tmp_path, server):
    from berserk_kb.errors import InputError
    from berserk_kb.web.site import write_site

    with pytest.raises(InputError, match="--server must be an http:// or https:// address with a host"):
        write_site(tmp_path / "s", reading=reading, server=server)
    assert not (tmp_path / "s").exists()


def test_serve_on_a_taken_port_or_a_bad_host_is_one_line(cli):
    """The address is taken before the knowledge base loads: one line naming it, exit 2, never
    uvicorn's own report."""
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        for args in (["--port", str(port)], ["--host", "999.1.1.1", "--port", "0"]):
            result = cli("serve", *args)
            assert result.exit_code == 2, (args, result.output)
            lines = result.stderr.strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith("berserk-kb: error:"), (args, result.stderr)
    assert "Errno" not in result.stderr and "999.1.1.1" in result.stderr


def test_the_copy_link_of_a_static_page_is_its_folder(site):
    """On a host, a page's address is its folder: the copy-link button copies that, not …/index.html."""
    out, _ = site
    text = (out / "A" / "519.3" / "index.html").read_text(encoding="utf-8")
    assert 'class="copy-link" data-href="./"' in text


def test_the_check_page_shows_paths_in_the_kb_folder_not_the_build_machines(site, get, web_kb):
    """The editor's report suggests «berserk-kb why kb/scenarios/die-roll-editions-differ.yaml --edition
    A --edition B» (the scenario file in the KB folder), on the server and the static site alike —
    never where the KB folder was on the machine that built it (issue 14: ``/tmp/…/kb/scenarios/…``)."""
    out, _ = site
    pages = {"server /check": get("/check").text, "server /check.json": get("/check.json").text,
             "site check/index.html": (out / "check" / "index.html").read_text(encoding="utf-8"),
             "site check.json": (out / "check.json").read_text(encoding="utf-8")}
    for where, text in pages.items():
        assert str(web_kb.parent) not in text, where
        assert "berserk-kb why kb/scenarios/die-roll-editions-differ.yaml --edition A --edition B" in text, where


def test_a_name_with_no_word_is_listed_but_has_no_link_and_windows_names_are_changed(site, get):
    """A name with no word in it (``..``, ``.``) is no card — the library refuses it, as the server's
    ``/cards/%2E%2E`` shows (404, «нет такой карты») — so the card list names it without a link, on the
    site and the server alike, and the site writes no page for it (issue 14: the site linked
    ``_.~9d891e73/index.html``, never written; the server linked ``/cards/..``, which a browser makes
    ``/``). ``CON`` and ``nul.txt`` are names Windows keeps: their files get the hashed suffix."""
    from berserk_kb.web.pages import safe_segment

    from .webclient import NO_WORD_CARDS

    out, _ = site
    listing = (out / "cards" / "index.html").read_text(encoding="utf-8")
    served = get("/cards").text
    for name in NO_WORD_CARDS:
        for text in (listing, served):
            assert f'<span class="muted">{name}</span>' in text and f">{name}</a>" not in text, name
        assert not (out / "cards" / safe_segment(name)).exists()
    assert {c["name"]: c["href"] for c in get("/cards.json").json()["cards"]}[".."] is None
    for path in ("/cards/%2E%2E", "/cards/" + safe_segment("..")):
        reply = get(path)
        assert reply.status == 404 and "Нет карты" in reply.text, (path, reply.status)
    for name in ("CON", "nul.txt", "Com1", "lpt9.json", "a.", "a "):
        assert re.fullmatch(r".+~[0-9a-f]{8}", safe_segment(name)), name
    assert safe_segment("CONAN") == "CONAN" and safe_segment("Вайл") == "Вайл"
    assert (out / "cards" / safe_segment("CON") / "index.html").is_file()
    assert get("/cards/" + safe_segment("a/b") + ".json").json()["cards"][0]["name"] == "a/b"  # the site's name
