"""No control sequence from a rulebook, a card or a user reaches the terminal (issue 13): OSC
(``ESC ] 0 ; title BEL`` retitles the window, ``ESC ] 8`` makes links), DCS and CSI alike."""

from __future__ import annotations

import json

import pytest

from conftest import make_kb

OSC_TITLE = "\x1b]0;pwned\x07"
SEQUENCES = [OSC_TITLE, "\x1b]8;;http://example.org\x1b\\", "\x1bP1$r\x1b\\", "\x1b[31m", "\x9b2J", "\x9d0;t\x9c"]


def _no_control(text: str) -> None:
    bad = [ch for ch in text if (ord(ch) < 0x20 and ch not in "\n\t") or 0x7F <= ord(ch) <= 0x9F]
    assert not bad, repr(text)


@pytest.mark.parametrize("seq", SEQUENCES)
def test_rule_text_with_a_control_sequence_is_printed_without_it(cli, tmp_path, seq):
    kb = make_kb(tmp_path / "kb", {"a.txt": f"1. Общие положения\n\n1.1. Начало{seq}конец правила.\n"})
    for args in (("show", "1.1"), ("search", "правила")):
        r = cli(*args, "--kb", str(kb))
        assert r.exit_code == 0, r.output
        _no_control(r.stdout)
        assert "конец" in r.stdout and "Начало" in r.stdout  # the words stay, the sequence goes
        assert "pwned" not in r.stdout and "example.org" not in r.stdout


def test_an_error_line_never_carries_a_control_sequence(cli):
    r = cli("show", f"519.3{OSC_TITLE}")
    _no_control(r.stderr)
    assert "pwned" not in r.stderr or "\\x1b" in r.stderr  # quoted as an escape, never raw


def test_our_own_bold_survives():
    """Headings are still bold on a terminal: only the text's own sequences are stripped."""
    from berserk_kb.render import bold, for_terminal

    assert for_terminal(bold("1.1") + OSC_TITLE + "\n") == "\x1b[1m1.1\x1b[0m\n"


def test_no_command_prints_a_control_sequence_of_the_rule_text(cli, tmp_path):
    """Beyond show and search: every command that prints rule text (refs, diff, check, links, the
    graph as Turtle and JSON-LD, SPARQL answers), as text and as JSON (where the text is data, its
    control characters stay in it, escaped: ``\u001b`` is six printable characters)."""
    seq = OSC_TITLE + "\x1b[31m"
    kb = make_kb(tmp_path / "kb", {"a.txt": f"1. Общие{seq} положения\n\n1.1. Начало{seq}конец, см. 1.2.\n\n"
                                            f"1.2. Второе{seq} правило.\n",
                                   "b.txt": f"1. Общие{seq} положения\n\n1.1. Начало{seq}иное, см. 1.2.\n\n"
                                            f"1.2. Второе{seq} правило.\n"}, {"X": ["a.txt"], "Y": ["b.txt"]})
    for args in (["refs", "1.2", "-d", "in"], ["refs", "1.1", "--json"], ["diff", "X", "Y"], ["diff", "X", "Y", "--json"],
                 ["check"], ["check", "--json"], ["links"], ["export"], ["export", "--format", "json-ld"],
                 ["sparql", "SELECT ?t WHERE { ?u <http://www.w3.org/2000/01/rdf-schema#label> ?t }"],
                 ["show", "1.1", "--json"], ["search", "правило", "--json"]):
        r = cli(*args, "--kb", str(kb))
        assert r.exit_code in (0, 1), (args, r.output)
        _no_control(r.stdout)
        _no_control(r.stderr)
        if "--json" not in args and args[0] != "export":  # Turtle and JSON-LD are data: escaped, kept
            assert "pwned" not in r.stdout, args


def _asgi_get(app, *paths: str) -> list[tuple[int, str]]:
    """GET each of ``paths`` from the ASGI ``app`` in this process (no socket, no server thread):
    its status and its body, in order."""
    import asyncio
    import threading

    answers: list[list[dict]] = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    def scope(path: str) -> dict:
        return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET", "scheme": "http",
                "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
                "headers": [(b"host", b"localhost")], "client": ("127.0.0.1", 1), "server": ("localhost", 80)}

    async def main():
        events: asyncio.Queue = asyncio.Queue()
        started = asyncio.Event()

        async def lifespan_send(message):
            if message["type"] == "lifespan.startup.complete":
                started.set()

        await events.put({"type": "lifespan.startup"})
        life = asyncio.create_task(app({"type": "lifespan", "asgi": {"version": "3.0"}, "state": {}},
                                       events.get, lifespan_send))
        await asyncio.wait_for(started.wait(), 120)
        for path in paths:
            sent: list[dict] = []
            answers.append(sent)

            async def send(message, sent=sent):
                sent.append(message)

            await app(scope(path), receive, send)
        await events.put({"type": "lifespan.shutdown"})
        await asyncio.wait_for(life, 60)

    # in a thread of its own: a process that ran the browser tests (Playwright's sync API) has an
    # event loop running in this thread
    runner = threading.Thread(target=asyncio.run, args=(main(),))
    runner.start()
    runner.join()
    return [(next(m["status"] for m in sent if m["type"] == "http.response.start"),
             b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body").decode("utf-8"))
            for sent in answers]


def test_html_pages_carry_no_control_character(tmp_path):
    """OSC, CSI and C1 sequences in fragment text appeared raw in `site` pages and the server's
    (issue 13): every control character but newline and tab is dropped where text enters the
    templates; the words around it stay."""
    from berserk_kb import KnowledgeBase
    from berserk_kb.web.app import create_app
    from berserk_kb.web.reading import Reading
    from berserk_kb.web.site import write_site

    text = "".join(f"Слово{i}{seq}" for i, seq in enumerate(SEQUENCES)) + "\x01\x85конец\u202eверх\u200fниз\u2028"
    kb = make_kb(tmp_path / "kb", {"a.txt": f"1. Общие положения\n\n1.1. {text} правила.\n"})
    reading = Reading(KnowledgeBase(kb))
    (status, page), (status_json, answer) = _asgi_get(create_app(kb, reading=reading), "/X/1.1", "/X/1.1.json")
    assert status == 200, page
    _no_control(page)
    assert all(f"Слово{i}" in page for i in range(len(SEQUENCES))) and "конец" in page
    write_site(tmp_path / "site", reading=reading)
    pages = list((tmp_path / "site").rglob("*.html"))
    assert pages
    for p in pages:
        _no_control(p.read_text(encoding="utf-8"))
    assert any("Слово0" in p.read_text(encoding="utf-8") for p in pages)
    for html in [page] + [p.read_text(encoding="utf-8") for p in pages]:
        # a sequence goes whole: the title and the link's address of an OSC are no text (they were)
        assert "pwned" not in html and "example.org" not in html and "1$r" not in html
        assert "\u202e" not in html and "\u200f" not in html  # shown escaped, as on the terminal
    assert "конец\\u202eверх\\u200fниз" in page
    # the JSON beside each page: the same text, its controls gone, the bidi controls and the line
    # separators escaped (they were raw: U+0085, U+202E), and a JSON reader reads the rule text
    files = list((tmp_path / "site").rglob("*.json"))
    assert files
    for f in files:
        raw = f.read_text(encoding="utf-8")
        _no_control(raw)
        assert not any(ch in raw for ch in "\u202e\u200f\u2028\u2029"), f
        assert "pwned" not in raw and "example.org" not in raw
    assert status_json == 200, answer  # the server's JSON alike
    for raw in (answer, (tmp_path / "site" / "X" / "1.1.json").read_text(encoding="utf-8")):
        _no_control(raw)
        assert not any(ch in raw for ch in "\u202e\u200f\u2028\u2029")
        said = json.dumps(json.loads(raw), ensure_ascii=False)
        assert "Слово0" in said and "конец\u202eверх\u200fниз" in said


def test_every_bidi_control_is_escaped_and_a_sequence_goes_whole():
    """The embeddings, overrides and isolates, and the marks RLM, LRM and ALM (U+200F, U+200E,
    U+061C: they were printed raw) are escapes; an OSC goes with its title."""
    from berserk_kb.render import printable

    for ch in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c":
        assert printable(f"а{ch}б") == f"а\\u{ord(ch):04x}б"
    assert printable("а\x1b]0;title\x07б\x1b]8;;http://x\x1b\\в") == "абв"


def test_a_lone_escape_goes_alone_and_a_separator_is_escaped():
    """ECMA-35, 13.2: an escape sequence is ESC, intermediate bytes 02/01–02/15 and a final byte
    03/00–07/14 («ESC c» resets a terminal; «ESC ( B» chooses a character set): it goes whole. An ESC
    before a space, a line end, a Cyrillic letter or the end starts no sequence: it goes alone (it
    ate the space after it). U+2028 and U+2029 break lines in Unicode, not on a terminal: escaped."""
    from berserk_kb.render import one_line, printable

    assert printable("а\x1b б\x1b\nв\x1bгд\x1b") == "а б\nвгд"
    assert printable("а\x1bcб\x1b(Bв") == "абв"
    assert printable("а\u2028б\u2029в") == "а\\u2028б\\u2029в"
    assert one_line("а\u2028б \u2029 в") == "а б в"  # one line: a separator is a space


def test_an_imported_control_sequence_goes_whole(tmp_path):
    """An OSC in an HTML page (as bytes or as character references) or a text file left its title
    in the imported fragment («]0;PWN ]0;X»): the whole sequence goes, the words stay."""
    from berserk_kb.text.formats import read_source

    (tmp_path / "a.html").write_text("<p>101.1. Правило \x1b]0;PWN\x07 &#27;]0;X&#7; текст \x1b[2J конец.</p>",
                                     encoding="utf-8")
    (tmp_path / "a.txt").write_text("101.1. Правило \x1b]0;PWN\x07 текст \x1b[2Jконец.\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text("101.1. Правило\x1b текст\u2028конец.\n", encoding="utf-8")  # a lone ESC
    (tmp_path / "b.html").write_text("<p>101.1. Правило&#27; текст\u2029конец.</p>", encoding="utf-8")
    for name in ("a.html", "a.txt", "b.txt", "b.html"):
        text = read_source(tmp_path / name).text
        assert "\u2028" not in text and "\u2029" not in text
        assert "PWN" not in text and "]0;" not in text and "[2J" not in text, text
        assert " ".join(text.split()) == "101.1. Правило текст конец.", text


def test_a_server_address_with_a_control_character_is_refused(tmp_path):
    from berserk_kb.errors import InputError
    from berserk_kb.web.site import write_site

    with pytest.raises(InputError, match="--server must be an http:// or https:// address with a host, and no space or control"):
        write_site(tmp_path / "site", server="http://x/\x1b]0;T\x07")


@pytest.mark.parametrize("bidi", ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069",
                                  "\u200f"])
def test_a_bidi_control_is_shown_escaped(cli, tmp_path, bidi):
    """U+202E (and the other embeddings, overrides, isolates) reorder what a terminal shows: the
    rule «Начало<RLO>конец» would print «Начало» then «конец» reversed; it is printed as «\\u202e»."""
    kb = make_kb(tmp_path / "kb", {"a.txt": f"1. Общие положения\n\n1.1. Начало{bidi}конец правила.\n"})
    r = cli("show", "1.1", "--kb", str(kb))
    assert r.exit_code == 0, r.output
    assert bidi not in r.stdout and f"Начало\\u{ord(bidi):04x}конец" in r.stdout


def test_a_line_separator_in_a_fragment_is_a_space(cli, tmp_path):
    """U+2028 in a heading stayed in its title and came out raw in show --json and the graph: a
    fragment reads it as a space (a break inside a paragraph, as a newline there is)."""
    kb = make_kb(tmp_path / "kb", {"a.txt": "1. Общие\u2028положения\n\n1.1. Начало\u2029правила.\n"})
    for args in (("show", "1", "--json"), ("show", "1.1"), ("export",)):
        r = cli(*args, "--kb", str(kb))
        assert r.exit_code == 0, r.output
        assert "\u2028" not in r.stdout and "\u2029" not in r.stdout and "\\u202" not in r.stdout
    assert json.loads(cli("show", "1", "--json", "--kb", str(kb)).stdout)[0]["title"] == "Общие положения"
