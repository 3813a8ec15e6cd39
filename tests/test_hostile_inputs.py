"""Hostile files and paths end as one line and exit 2, never a traceback or exit 70 (issue 13)."""

from __future__ import annotations

import pytest

LONG = "a" * 300  # longer than any file system's file-name limit (255 bytes)


def _one_line(result):
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert "Traceback" not in result.output and "internal error" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    return result.stderr


@pytest.mark.parametrize("args", [
    ("show", "519.3", "--kb", LONG),
    ("export", "-o", LONG),
    ("import", "--edition", "A", "{md}", "-o", "{tmp}/" + LONG),
    ("check", "--write-scenarios", "{tmp}/" + LONG),
    ("why", LONG + ".yaml"),
])
def test_a_file_name_over_the_limit_is_one_line(cli, tmp_path, args):
    md = tmp_path / "r.md"
    md.write_text("# Правила\n\n1. Текст.\n", encoding="utf-8")
    err = _one_line(cli(*(a.format(md=md, tmp=tmp_path) for a in args)))
    assert LONG in err and "File name too long" not in err.split(LONG)[0]


@pytest.mark.parametrize("name, text, words", [
    ("deep.json", "[" * 1000, "deep.json:1:101: malformed scenario: nested more than 100 levels deep"),
    ("key.yaml", "edition: A\n? [a, b]\n: 1\n", "key.yaml:2: not valid YAML: a mapping key must be a plain value"),
    ("int.yaml", "edition: A\nx: " + "1" * 5001 + "\n", "int.yaml:2:4: not valid YAML: a number of 5001 digits"),
    ("int.json", '{"edition": ' + "1" * 5001 + "}", "int.json:1:13: malformed scenario: a number of 5001 digits"),
    # PyYAML's reader says where a NUL is only as an offset: it was «not valid YAML: invalid YAML»
    ("nul.yaml", "edition: A\ncards: [\x00]\n", "nul.yaml:2: not valid YAML: the character U+0000 is not allowed"),
    # a bracket or quote never closed was put at the line after the text's last («open.yaml:2» of one line)
    ("open.yaml", "edition: [A", "open.yaml:1: not valid YAML: did not find expected ',' or ']'"),
    ("quote.yaml", 'edition: A\ntitle: "unterminated\n', "quote.yaml:2: not valid YAML: found unexpected end"),
    ("tail.yaml", "edition: A\ncards: []\nevents: [\n\n\n", "tail.yaml:3: not valid YAML: did not find expected node"),
])
def test_a_hostile_scenario_file_is_one_line(cli, tmp_path, name, text, words):
    (tmp_path / name).write_text(text, encoding="utf-8")
    assert words in _one_line(cli("why", str(tmp_path / name), "--lang", "en"))


@pytest.mark.parametrize("args, words", [
    (("search", "а " * 50_000), "search text is 100,000 characters long; at most 1,000 are read"),
    (("card", "а " * 50_000), "card name is 100,000 characters long; at most 200 are read"),
])
def test_a_query_too_long_to_mean_anything_is_one_line(cli, args, words):
    """100 KB of «а а а …» took 49 s in search and 5 s in card: refused at once, by its length."""
    assert words in _one_line(cli(*args))


def test_a_word_repeated_in_a_query_counts_once(kb):
    """The query's words are looked up once each: «кубик» a hundred times finds what «кубик» does,
    and counts as one word of the query (a query's cost no longer grows with repetition)."""
    once, many = kb.search("кубик").hits, kb.search(" ".join(["кубик"] * 100)).hits
    assert once and [h.unit for h in many] == [h.unit for h in once]
    assert {h.of_words for h in many} == {1}


@pytest.mark.parametrize("kind", ["fifo", "file", "link loop"])
def test_write_scenarios_onto_something_not_a_folder_is_one_line(cli, tmp_path, kind):
    """It was FileExistsError (exit 70); it is said before the checks run."""
    import os

    target = tmp_path / "out"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "file":
        target.write_text("x")
    else:
        target.symlink_to(tmp_path / "loop")
        (tmp_path / "loop").symlink_to(target)
    err = _one_line(cli("check", "--write-scenarios", str(target)))
    assert str(target) in err  # a regular file is refused by the option itself, the rest by check


def test_an_import_source_that_is_a_link_loop_is_one_line(cli, tmp_path):
    """Path.resolve raised RuntimeError on a loop (exit 70)."""
    (tmp_path / "a.md").symlink_to(tmp_path / "b.md")
    (tmp_path / "b.md").symlink_to(tmp_path / "a.md")
    err = _one_line(cli("import", "--edition", "A", str(tmp_path / "a.md"), "-o", str(tmp_path / "kb")))
    assert str(tmp_path / "a.md") in err


def _two_edition_kb(tmp_path):
    from conftest import make_kb

    return make_kb(tmp_path / "kb", {"a.txt": "1. Общие положения\n\n1.1. Текст правила.\n",
                                     "b.txt": "1. Общие положения\n\n1.1. Другой текст.\n"},
                   {"A": ["a.txt"], "B": ["b.txt"]})


def test_a_broken_example_file_is_an_error_not_a_pass(cli, tmp_path):
    """`garbage: [` in kb/examples was printed «pass ? ? ? zz-broken.yaml … 1 of 1 pass» (issue 13):
    the outcome had no status, so it took the default "pass", and `check` skipped it."""
    import json

    kb = _two_edition_kb(tmp_path)
    (kb / "examples").mkdir()
    (kb / "examples" / "zz-broken.yaml").write_text("garbage: [\n", encoding="utf-8")
    r = cli("examples", "--kb", str(kb))
    assert r.exit_code == 1, r.output
    assert r.stdout.startswith("ERROR  ?  ?  ?  zz-broken.yaml") and "0 of 1 pass" in r.stderr
    data = json.loads(cli("examples", "--json", "--kb", str(kb)).stdout)
    assert [(o["status"], o["passed"]) for o in data] == [("error", False)]
    found = json.loads(cli("check", "--only", "M001", "--json", "--kb", str(kb)).stdout)
    assert any(f["code"] == "M001" and f["severity"] == "error" and "zz-broken.yaml" in f["message"]
               for f in found["findings"]), found


def test_a_broken_file_in_scenarios_is_reported_by_check_and_diff(cli, tmp_path):
    """A broken kb/scenarios file was silently left out of `check` and `diff` (issue 13)."""
    import json

    kb = _two_edition_kb(tmp_path)
    (kb / "scenarios").mkdir()
    (kb / "scenarios" / "broken.yaml").write_text("garbage: [\n", encoding="utf-8")
    found = json.loads(cli("check", "--only", "M006", "--json", "--kb", str(kb)).stdout)
    assert [(f["code"], f["severity"], f["source"]) for f in found["findings"]] == \
        [("M006", "error", "scenarios/broken.yaml")]
    assert "broken.yaml" in _one_line(cli("diff", "A", "B", "--kb", str(kb)))


def test_sparql_a_row_with_every_variable_unbound_is_printed(cli):
    """`SELECT (1/0 AS ?x) WHERE {}`: one solution (the empty pattern has one), ?x unbound (1/0 is
    an error, so the binding is left out) — --json gave one row, the text "(0 rows)" (issue 13)."""
    r = cli("sparql", "SELECT (1/0 AS ?x) WHERE {}")
    assert r.exit_code == 0, r.output
    assert r.stdout == "x\n\n" and r.stderr == "(1 row)\n"


@pytest.mark.parametrize("query", ["", "   \n\t", "# nothing here\n  # and here"])
def test_sparql_an_empty_query_is_called_empty(cli, query):
    """It was refused as an update ("updates are not allowed") — it is no query at all."""
    assert "empty SPARQL query" in _one_line(cli("sparql", query))


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0", "601"])
def test_sparql_timeout_must_be_finite_and_within_limits(cli, value):
    err = _one_line(cli("sparql", "--timeout", value, "ASK {}"))
    assert "--timeout" in err and f"'{value}' is not a number of seconds more than 0 and at most 600" in err


@pytest.mark.parametrize("given, words", [
    ("/etc/passwd", "/etc/passwd: not a card database: no const.json beside it"),
    ("{tmp}/empty", "{tmp}/empty: not a folder of the card database (cards.json and const.json): "
                    "no cards.json and no const.json in it"),
])
def test_cards_import_names_what_was_given(cli, tmp_path, given, words):
    """`cards import /etc/passwd` said «/etc/const.json: const.json not found» (issue 13)."""
    (tmp_path / "empty").mkdir()
    kb = _two_edition_kb(tmp_path)
    err = _one_line(cli("cards", "import", given.format(tmp=tmp_path), "--kb", str(kb)))
    assert err.startswith("berserk-kb: error: " + words.format(tmp=tmp_path)), err


# --- a library's wording in ours (issue 13) -----------------------------------------------------


def test_oxigraph_syntax_error_is_said_in_our_words():
    """Oxigraph's «error at 1:38: expected one of "-", "--", ['a' ..= 'z' | …], language tag parsing
    failed» (the report's message): line and column, the marks expected, its reason — not its
    classes of characters."""
    from berserk_kb.graph.store import oxigraph_words

    detail = """error at 1:38: expected one of "-", "--", ['a' ..= 'z' | 'A' ..= 'Z'], language tag parsing failed"""
    assert oxigraph_words(detail) == ('SPARQL syntax error at line 1, column 38: expected "-", "--" '
                                      "(language tag parsing failed)")


@pytest.mark.parametrize("libxml, ours", [
    ("Maximum entity amplification factor exceeded, see xmlCtxtSetMaxAmplification.",
     "its entities expand to more text than any document holds (an entity bomb)"),
    ("Excessive depth in document: 256, use XML_PARSE_HUGE option", "elements are nested more than 256 levels deep"),
    ("xmlParseCharRef: invalid xmlChar value 27", "a character reference &#27; names a character XML does not allow"),
])
def test_libxml_limits_are_said_in_our_words(libxml, ours):
    from berserk_kb.text.formats.xmlparts import xml_problem

    assert xml_problem(libxml) == ours


def test_html_nested_too_deep_says_so(tmp_path):
    """100,000 nested divs were «no text a reader would see»: the text was there, below the 256
    levels libxml2 reads."""
    from berserk_kb.errors import InputError
    from berserk_kb.text.formats import read_source

    (tmp_path / "deep.html").write_text("<main>" + "<div>" * 300 + "101.1. Текст." + "</div>" * 300 + "</main>",
                                        encoding="utf-8")
    with pytest.raises(InputError, match=r"cannot be read as html: elements nested too deep \(more than 256 levels, at line 1\)"):
        read_source(tmp_path / "deep.html")


def test_pydantic_value_error_prefix_is_not_shown(tmp_path):
    from berserk_kb.errors import InputError
    from berserk_kb.text.manifest import load_manifest

    (tmp_path / "manifest.yaml").write_text("editions:\n  - id: A\n    fragments: [../a.txt]\n", encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_manifest(tmp_path)
    assert "field editions.0.fragments: fragment '../a.txt' must be a plain file name" in str(err.value)
    assert "Value error" not in str(err.value)


def test_a_scenario_of_more_than_1000_events_is_one_line(kb):
    """docs/scenarios.md: «a scenario holds at most 1,000 events». 20,000 events took 42 s and
    450 MB; refused before any is validated, naming the field."""
    from berserk_kb.errors import ScenarioError

    scenario = {"edition": "A", "cards": [{"id": "c", "controller": "p1"}],
                "events": [{"end_of_turn": {}} for _ in range(1001)]}
    with pytest.raises(ScenarioError, match=r"^scenario: field events: 1,001 events; a scenario holds at most 1,000$") as err:
        kb.why(scenario)
    assert err.value.field == "events"


def test_a_path_of_thousands_of_characters_is_not_echoed_whole(cli):
    """A 6,000-character path was echoed whole in its error line: its start and end are shown."""
    path = "/tmp/" + "/".join(["b" * 200] * 30) + "/end"
    err = _one_line(cli("show", "1", "--kb", path))
    assert len(err) < 600 and "/tmp/bbb" in err and "…" in err and "/end" in err


def test_a_long_scenario_says_it_is_working(kb, monkeypatch):
    """A scenario of many events (5,000 took 10 s in silence) is shown as work going on, where the
    command line shows work (a terminal); here the threshold is lowered to keep the run short."""
    import contextlib

    from berserk_kb import progress
    from berserk_kb.explain import run

    shown = []
    monkeypatch.setattr(progress.Shown, "status", lambda label: shown.append(label) or contextlib.nullcontext())
    monkeypatch.setattr(run, "LONG_SCENARIO", 3)
    kb.why({"edition": "B", "cards": [{"id": "c", "controller": "p1"}], "events": [{"end_of_turn": {}}] * 2})
    assert not [s for s in shown if "events" in s]
    kb.why({"edition": "B", "cards": [{"id": "c", "controller": "p1"}], "events": [{"end_of_turn": {}}] * 3})
    assert [s for s in shown if "events" in s] == ["working out 3 events"]


#: 100 KB of words: a value no option means, echoed back by click whole (100 KB on one line).
HUGE = "слово " * 17_000


@pytest.mark.parametrize("args", [
    ("export", "--format", HUGE),  # a choice
    ("search", "a", "--limit", HUGE),  # an integer range
    ("sparql", "--timeout", HUGE, "ASK {}"),  # a float range
    ("why", f"--lang={HUGE}", "x.yaml"),  # --option=VALUE
    ("export", f"-f{HUGE}"),  # -oVALUE
    ("show", f"--{HUGE}"),  # no such option
    (HUGE,),  # no such command
    ("import", "x.md", "-o", "out", "--edition", HUGE),  # our own check
    ("show", "519.3", "--kb", HUGE),  # a path too long for the file system
])
def test_an_invalid_value_is_echoed_cut_at_a_word(cli, args):
    """The echo is cut as our own errors cut (errors.cut: at most 80 characters, at the last word
    boundary, then «…»): the words «слово слово …» end whole, never «сло…»."""
    err = _one_line(cli(*args))
    assert len(err) < 700, err[:200]
    assert "слово…" in err or "слово слово" in err, err
    assert "сло…" not in err and "слов…" not in err


@pytest.mark.parametrize("raw, said", [
    ("101.1. Правило о кубике.\n".encode("utf-16"), "; it is UTF-16 (it starts with a UTF-16 byte order mark): save it as UTF-8"),
    ("101.1. Правило о кубике.\n".encode("cp1251"), "; it looks like Windows-1251 (Cyrillic): save it as UTF-8"),
    ("title: été\n".encode("latin-1"), ""),  # accented letters alone: no guess
    ("101.1. Правило".encode() + b"\xff", ""),  # UTF-8 with one bad byte: no guess
])
def test_a_file_not_in_utf8_says_what_it_likely_is(tmp_path, raw, said):
    """Notepad's «Unicode» (UTF-16 with its byte order mark FF FE) and a Windows-1251 file were
    «not valid UTF-8 (byte 0xff at offset 0)», with no word of what to do."""
    from berserk_kb.errors import InputError
    from berserk_kb.text.readers import decode

    with pytest.raises(InputError) as failed:
        decode(raw, tmp_path / "a.txt")
    assert str(failed.value).endswith(")" + said), str(failed.value)
