"""SPARQL that rdflib mishandles answers in our words, in one line (issue 13)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from berserk_kb.errors import QueryError

EXE = str(Path(sys.executable).with_name("berserk-kb"))


def test_a_literal_not_of_its_datatype_prints_no_traceback():
    """rdflib logs the failed conversion with its traceback; only a real process shows what reaches
    stderr (pytest's own log handler would swallow it in-process)."""
    r = subprocess.run([EXE, "sparql", 'SELECT ("x"^^xsd:integer AS ?v) WHERE {}'], capture_output=True,
                       text=True, timeout=60, env=dict(os.environ))
    assert r.returncode == 0, r.stderr
    assert r.stderr == "(1 row)\n"  # the row count, and nothing else
    assert r.stdout.splitlines()[:2] == ["v", "x"]  # the literal, as written


def test_arithmetic_on_such_a_literal_is_one_line(cli, kb):
    """SPARQL 1.1, 18.5 (Extend): «If evaluating the expression is an error, the variable remains
    unbound for that solution» — so Oxigraph (the command's engine) answers without an error; rdflib
    (the server's) fails on it, and says so in one line of ours, not with its recursion."""
    query = 'SELECT ?v WHERE { BIND(STRDT("x", xsd:integer) + 1 AS ?v) }'
    r = cli("sparql", query, "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["results"]["bindings"] == [{}]  # one solution, ?v unbound
    with pytest.raises(QueryError, match="^SPARQL evaluation failed: rdflib could not compute") as failed:
        kb.sparql(query, engine="rdflib")
    assert len(str(failed.value).splitlines()) == 1 and "recursion" not in str(failed.value)


def test_a_query_file_with_a_byte_order_mark(cli, tmp_path):
    f = tmp_path / "q.rq"
    f.write_bytes("\ufeffASK { ?s ?p ?o }".encode())
    r = cli("sparql", f"@{f}")
    assert r.exit_code == 0, r.output
    assert r.stdout.strip() == "true"


@pytest.mark.parametrize("query, words", [
    ("INSERT DATA { <urn:a> <urn:b> <urn:c> }", "the endpoint is read-only"),
    ("PREFIX x: <urn:x:> DELETE WHERE { ?s ?p ?o }", "the endpoint is read-only"),
    ("CLEAR ALL", "the endpoint is read-only"),
    ("SELECT * WHERE { GRAPH ?g { ?s ?p ?o } }", "SPARQL GRAPH is not supported: the rulebook is one graph"),
])
def test_updates_and_named_graphs_are_refused_in_our_words(cli, query, words):
    r = cli("sparql", query)
    assert r.exit_code == 2, r.output
    assert words in r.stderr and len(r.stderr.splitlines()) == 1


#: Eight bytes doubled thirty times: 8 × 2³⁰ B = 8 GiB, built by Oxigraph alone (no graph needed).
_DOUBLING = ('SELECT (STRLEN(?x30) AS ?n) WHERE { BIND("aaaaaaaa" AS ?x0) '
             + " ".join(f"BIND(CONCAT(?x{i}, ?x{i}) AS ?x{i + 1})" for i in range(30)) + " }")


def test_a_query_past_its_memory_is_one_line(cli):
    """Oxigraph has no memory limit: the command runs the query in a child capped in address space.
    The string above needs 8 GiB (worked in its comment); with --memory 64 it is refused in one line."""
    r = cli("sparql", "--memory", "64", _DOUBLING)
    assert r.exit_code == 2, r.output
    assert r.stderr == "berserk-kb: error: SPARQL query needs more than 64 MB (see --memory)\n"


def test_the_capped_child_answers_as_the_library(cli, kb):
    """Within its memory the child's answer is the library's, byte for byte: the B edition's
    paragraph 519.3 (bundled rulebook, «519.3» under «519. Правило топора») by its notation."""
    from berserk_kb.render.sparql import sparql_result

    query = 'SELECT ?p WHERE { ?p skos:notation "519.3" ; bkb:edition id:B }'
    r = cli("sparql", query)
    assert r.exit_code == 0, r.output
    assert (r.stdout, r.stderr) == sparql_result(kb.sparql(query), False)
    assert r.stderr == "(1 row)\n"


def test_an_infinite_double_keeps_its_lexical_form(cli):
    """RDF 1.1 Concepts, 3.3: a literal is its lexical form and its datatype, the value derived from
    them. "1e999999"^^xsd:double (past the largest double) came back as Python's «inf», then as
    Oxigraph's «INF»: it comes back as written."""
    r = cli("sparql", 'SELECT ("1e999999"^^xsd:double AS ?v) ("-1e999999"^^xsd:double AS ?u) WHERE {}', "--json")
    assert r.exit_code == 0, r.output
    (row,) = json.loads(r.stdout)["results"]["bindings"]
    assert (row["v"]["value"], row["u"]["value"]) == ("1e999999", "-1e999999")


def test_a_query_literal_comes_back_as_written(cli, kb):
    """RDF 1.1 Concepts, 3.3: «"01"^^xsd:integer» has the lexical form «01» (its value is 1);
    Oxigraph answered its canonical «1», «1.50» as «1.5», the tag «EN» as «en». Each comes back as
    written, with its datatype or tag; the rulebook's own values beside them are unchanged (the B
    edition's 519.3 by its notation, «519.3» under «519. Правило топора»)."""
    query = ('SELECT ("01"^^xsd:integer AS ?i) ("1.50"^^xsd:decimal AS ?d) ("x"@EN AS ?e) ?n '
             'WHERE { ?p skos:notation ?n ; bkb:edition id:B FILTER(?n = "519.3") }')
    r = cli("sparql", query, "--json")
    assert r.exit_code == 0, r.output
    (row,) = json.loads(r.stdout)["results"]["bindings"]
    assert (row["i"]["value"], row["i"]["datatype"]) == ("01", "http://www.w3.org/2001/XMLSchema#integer")
    assert (row["d"]["value"], row["e"]["value"], row["e"]["xml:lang"]) == ("1.50", "x", "EN")
    assert row["n"]["value"] == "519.3"
    assert kb.sparql('ASK { FILTER("01"^^xsd:integer = 1) }').askAnswer is True  # the value is still 1


def test_a_query_on_standard_input():
    """`sparql @-` said «-: query file not found»; it reads the query from standard input, as
    `why -` reads a scenario, within the same 64 KB."""
    from click.testing import CliRunner

    from berserk_kb.cli import main

    run = CliRunner()
    r = run.invoke(main, ["sparql", "@-"], input="ASK { ?s skos:notation \"519.3\" }")
    assert (r.exit_code, r.stdout.strip()) == (0, "true"), r.output
    r = run.invoke(main, ["sparql", "@-"], input="#" * (64 * 1024 + 1))
    assert r.exit_code == 2 and r.stderr == "berserk-kb: error: -: query is longer than 64 KB\n"


def test_thousands_of_literals_are_checked_without_a_crash():
    """A VALUES block of 3,000 numbers (48 KB, under the 64 KB cap) took the CLI down with a
    segmentation fault: the as-written check parsed one probe holding every literal on Oxigraph, in
    the command's own process. The probe runs here in a capped child, so a crash would fail the
    test instead of the run. «0» … «2999» are canonical integers (XSD 1.1, 3.4.13.2: no sign, no
    leading zero): as written; «"01"^^xsd:integer» after them is not (its canonical form is «1»)."""
    from berserk_kb.graph.child import bounded
    from berserk_kb.graph.store import answers_as_written

    numbers = " ".join(str(n) for n in range(3000))
    canonical = f"ASK {{ ?s ?p ?o VALUES ?o {{ {numbers} }} }}"
    odd = f'ASK {{ ?s ?p ?o VALUES ?o {{ {numbers} "01"^^xsd:integer }} }}'
    assert bounded(lambda: [answers_as_written(canonical), answers_as_written(odd)], 512, 30, "check") == [True, False]


def test_a_crashing_child_is_one_line():
    """A child that dies of a segmentation fault (Oxigraph past its stack on a deeply nested or very
    wide query) is one error line, not «needs more MB» and not the parent's crash."""
    import signal

    from berserk_kb.graph.child import bounded

    with pytest.raises(QueryError) as failed:
        bounded(lambda: os.kill(os.getpid(), signal.SIGSEGV), 64, 10, "SPARQL query")
    assert str(failed.value) == "SPARQL query is too deeply nested or too complex for the engine (it ran out of stack)"


def test_a_query_too_deep_for_the_engine_is_one_line(cli):
    """5,000 nested groups (20 KB) overflow Oxigraph's stack in the query's child: one line, exit 2."""
    query = "SELECT * WHERE " + "{ " * 5000 + "}" * 5000
    r = cli("sparql", query)
    assert r.exit_code == 2, r.output
    assert r.stderr == "berserk-kb: error: SPARQL query is too deeply nested or too complex for the engine (it ran out of stack)\n"


def test_a_line_separator_in_a_cell_is_its_escape(cli):
    """`show` and `why` print U+2028 as «\\u2028»; the `sparql` table printed it as a space (Python's
    split reads it as white space). Breaks and runs of spaces are still one space in a cell."""
    r = cli("sparql", 'SELECT (" a\u2028b\\t\\n c " AS ?v) {}')
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[1] == "a\\u2028b c"


def test_a_query_too_deep_for_rdflibs_parser_is_worded_in_one_line():
    """A query Oxigraph does not parse is worded by rdflib's parser (an update, a line and column);
    1,500 nested groups and a stray brace took pyparsing past Python's recursion limit, and its
    words («maximum recursion depth exceeded») were printed. (The command words it in the query's
    capped child.)"""
    from berserk_kb.graph.store import UnparsedQuery

    text = "SELECT * WHERE " + "{ " * 1500 + "}" * 1500 + " }}"
    assert str(UnparsedQuery(text, "error at 1:3016: x")) == "SPARQL query is too deeply nested or too complex to read"


def test_the_screen_words_a_query_too_deep_for_rdflib():
    """A literal not as Oxigraph answers it («"01"^^xsd:integer») sends the query to rdflib, whose
    parser reads it before the graph is built: past its recursion, our words, not Python's."""
    from berserk_kb import KnowledgeBase

    text = 'SELECT * WHERE { FILTER("01"^^xsd:integer) ' + "{ " * 1500 + "}" * 1500 + " }"
    with pytest.raises(QueryError, match="^SPARQL query is too deeply nested or too complex to read$"):
        KnowledgeBase.screen_query(text)


def test_the_parser_words_a_query_past_its_recursion():
    """rdflib's parser (the screen of a query naming SERVICE, FROM or GRAPH, on the server too) on
    1,500 nested groups: our words, not Python's «maximum recursion depth exceeded»."""
    from berserk_kb.graph.sparql import prepare_sparql

    text = "SELECT * WHERE " + "{" * 1500 + "?s ?p ?o" + "}" * 1500
    with pytest.raises(QueryError, match="^SPARQL query is too deeply nested or too complex to read$"):
        prepare_sparql(text)
