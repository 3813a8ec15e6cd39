"""The command line: every command has --help, --json, a test; errors are one line with status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rdflib import Graph
from rdflib.compare import isomorphic

from conftest import make_kb

COMMANDS = ["show", "refs", "search", "export", "sparql", "why", "examples", "card", "links", "cards import", "check", "diff",
            "import", "serve", "site"]


def test_the_list_covers_every_command():
    from berserk_kb.cli import main

    listed = {c.split()[0] for c in COMMANDS}
    assert listed == set(main.commands)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_with_json_and_kb(cli, command):
    r = cli(*command.split(), "--help")
    assert r.exit_code == 0
    assert "--json" in r.output and "--kb" in r.output


def test_show_519_3_in_edition_A_is_the_attack_modifier_order(cli):
    """001, lines 7–16: 519.3 (A) orders attack modifiers in five groups а)–д), with the
    Гном-Басаарг example."""
    r = cli("show", "519.3", "--edition", "A", "--json")
    assert r.exit_code == 0, r.output
    (view,) = json.loads(r.output)
    assert view["edition"] == "A" and view["number"] == "519.3"
    assert view["text"].startswith("Правило наложения модификаторов атаки.")
    items = view["list_items"]
    assert [i["label"] for i in items] == ["а", "б", "в", "г", "д"]
    assert items[0]["text"].startswith("модификаторы, полученные от карт из отряда источника атаки")
    assert items[4]["text"].startswith("модификаторы, сводящие численное значение атаки к определённому числу")
    (example,) = view["examples"]
    assert example["text"].startswith("Гном-Басаарг в строю с Гномьим Королём атакует средним ударом")
    assert example["source"] == {"fragment": "001_953fb652d091abb1.txt", "line_start": 16, "line_end": 16}
    assert view["source"]["fragment"] == "001_953fb652d091abb1.txt" and view["source"]["line_start"] == 7


def test_show_519_3_in_edition_B_is_the_dice_modifier_group_order(cli):
    """000, lines 12–15: 519.3 (B) orders each group of 519.2 by who controls the modifier."""
    (view,) = json.loads(cli("show", "519.3", "--edition", "B", "--json").output)
    assert view["text"].startswith("В каждой группе модификаторов, описанной в п. 519.2")
    assert [i["marker"] for i in view["list_items"]] == ["a.", "b.", "c."]
    assert "бросающего кубик" in view["list_items"][0]["text"]
    assert [c["target"]["id"] for c in view["cites"]] == ["B:519.2"]


def test_show_without_edition_shows_both_labelled(cli):
    r = cli("show", "519.3")
    assert r.exit_code == 0
    assert "519.3 — edition A" in r.output and "519.3 — edition B" in r.output
    views = json.loads(cli("show", "519.3", "--json").output)
    assert [v["edition"] for v in views] == ["A", "B"]


def test_refs_519_1_lists_unresolved_306_and_512_6_2(cli):
    """000, line 8: «(см. 306. Бросок кубика.)», «в п. 512.6.2» — neither is in the loaded text."""
    r = cli("refs", "519.1", "--edition", "B", "--json")
    (tree,) = json.loads(r.output)
    out = {(e["number"], e["resolved"]) for e in tree["cites"]}
    assert out == {("306", False), ("512.6.2", False)}
    assert "unresolved" in cli("refs", "519.1", "--edition", "B").output


def test_refs_in_519_2_finds_519_3_and_519_8(cli):
    """000: 519.3 (line 12, «п. 519.2») and 519.8 (line 20, «пп. 519.2, 519.3») cite 519.2."""
    (tree,) = json.loads(cli("refs", "519.2", "--edition", "B", "--direction", "in", "--json").output)
    assert sorted(e["citing"]["number"] for e in tree["cited_by"]) == ["519.3", "519.8"]
    assert tree["cites"] == []


def test_refs_depth_follows_chains(cli):
    (tree,) = json.loads(cli("refs", "519.2", "-e", "B", "-d", "in", "--depth", "2", "--json").output)
    via_519_3 = next(e for e in tree["cited_by"] if e["citing"]["number"] == "519.3")
    assert sorted(e["citing"]["number"] for e in via_519_3["next"]) == ["519.4", "519.8"]


def test_search_is_case_insensitive(cli):
    data = json.loads(cli("search", "ПЕРЕВОРОТ КУБИКА", "--json").output)
    numbers = {(h["edition"], h["number"]) for h in data["hits"]}
    assert ("B", "519.6") in numbers  # «Переворот кубика - это сведение кубика по правилу…»
    assert data["total"] >= len(data["hits"]) == min(20, data["total"])
    assert cli("search", "Басаарг").exit_code == 0


def test_search_with_no_match(cli):
    data = json.loads(cli("search", "шахматы", "--json").output)
    assert data == {"query": "шахматы", "total": 0, "hits": [], "did_you_mean": [], "unknown_numbers": []}


@pytest.mark.parametrize("fmt", ["turtle", "json-ld"])
def test_export_to_file_round_trips(cli, kb, tmp_path, fmt):
    out = tmp_path / f"rulebook.{fmt}"
    r = cli("export", "--format", fmt, "-o", str(out), "--json")
    assert r.exit_code == 0
    assert json.loads(r.output)["triples"] == len(kb.full_graph)
    assert isomorphic(Graph().parse(out, format=fmt), kb.full_graph)
    assert [p.name for p in tmp_path.iterdir()] == [out.name]  # no temporary file left behind


def test_export_to_stdout(cli):
    r = cli("export")
    assert r.exit_code == 0 and "@prefix bkb:" in r.output


def test_sparql_select_ask_and_file(cli, tmp_path):
    q = "SELECT ?n WHERE { ?p skos:notation ?n ; bkb:edition id:B } ORDER BY ?n"
    data = json.loads(cli("sparql", q, "--json").output)
    numbers = [b["n"]["value"] for b in data["results"]["bindings"]]
    assert "519.3" in numbers and "540.4" in numbers
    assert cli("sparql", "ASK { id:B:519.3 bkb:cites id:B:519.2 }").output.strip() == "true"
    f = tmp_path / "q.rq"
    f.write_text(q, encoding="utf-8")
    assert "519.3" in cli("sparql", f"@{f}").output


def test_kb_option_uses_another_rulebook(cli, tmp_path):
    kb = make_kb(tmp_path, {"f.txt": "700.1. Текст со ссылкой на п. 700.2.\n700.2. Цель.\n"})
    r = cli("show", "700.1", "--kb", str(kb), "--json")
    assert r.exit_code == 0, r.stderr
    (view,) = json.loads(r.output)
    assert view["cites"][0]["target"]["id"] == "X:700.2"


# --- bad input: one line, status 2, no traceback -------------------------------------------------


def _one_line_error(r, *words):
    assert r.exit_code == 2, (r.exit_code, r.output)
    err = r.stderr.strip()
    assert "Traceback" not in r.output
    assert len(err.splitlines()) == 1, err
    for w in words:
        assert w in err, err


def test_unknown_number(cli):
    _one_line_error(cli("show", "999.9", "--edition", "B"), "no paragraph 999.9 in edition B")
    _one_line_error(cli("refs", "999.9"), "no paragraph 999.9 in any edition")


def test_unknown_edition(cli):
    _one_line_error(cli("show", "519.3", "--edition", "Z"), "unknown edition 'Z'", "A, B")


def test_not_a_number(cli):
    _one_line_error(cli("show", "abc"), "'abc' is not a paragraph number")


def test_malformed_manifest(cli, tmp_path):
    kb = make_kb(tmp_path, {"f.txt": "700.1. Текст.\n"})
    (kb / "sources" / "manifest.yaml").write_text("editions: [\n", encoding="utf-8")
    _one_line_error(cli("show", "700.1", "--kb", str(kb)), "manifest.yaml", "malformed manifest")


def test_source_not_utf8(cli, tmp_path):
    kb = make_kb(tmp_path, {"f.txt": "700.1. Текст.\n"})
    (kb / "sources" / "f.txt").write_bytes(b"700.1. \xff\n")
    _one_line_error(cli("show", "700.1", "--kb", str(kb)), "f.txt:1:8", "not valid UTF-8")


def test_unreadable_kb_folder(cli, tmp_path):
    _one_line_error(cli("show", "519.3", "--kb", str(tmp_path / "missing")), "does not exist; expected a knowledge-base folder")


def test_bad_sparql(cli):
    _one_line_error(cli("sparql", "SELECT WHERE"), "SPARQL")


def test_sparql_file_missing(cli, tmp_path):
    _one_line_error(cli("sparql", f"@{tmp_path / 'none.rq'}"), "query file not found")


def test_export_into_missing_folder(cli, tmp_path):
    _one_line_error(cli("export", "-o", str(tmp_path / "no" / "x.ttl")), "does not exist")


# --- found by the fresh-clone review --------------------------------------------------------------


def test_usage_errors_are_one_line_too(cli):
    for args, words in [(("refs", "519.2", "--depth", "0"), "--depth"), (("refs", "519.2", "--direction", "IN"), "--direction"),
                        (("search", "x", "--limit", "0"), "--limit"), (("export", "-f", "xml"), "--format"),
                        (("show",), "Missing argument"), (("nosuch",), "No such command")]:
        _one_line_error(cli(*args), words)


def test_export_refuses_to_replace_what_is_not_a_regular_file(cli, tmp_path):
    _one_line_error(cli("export", "-o", "/dev/null"), "not a regular file")
    _one_line_error(cli("export", "-o", str(tmp_path)), "is a folder")
    _one_line_error(cli("export", "-o", ""), "output file name is empty")
    link = tmp_path / "link.ttl"
    link.symlink_to(tmp_path / "elsewhere.ttl")
    _one_line_error(cli("export", "-o", str(link)), "symbolic link")


def test_export_file_mode_follows_the_umask_and_is_kept(cli, tmp_path):
    import os
    import stat

    new = tmp_path / "new.ttl"
    old_umask = os.umask(0o022)
    try:
        assert cli("export", "-o", str(new)).exit_code == 0
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE(new.stat().st_mode) == 0o644
    new.chmod(0o640)
    assert cli("export", "-o", str(new)).exit_code == 0
    assert stat.S_IMODE(new.stat().st_mode) == 0o640


def test_export_dash_is_standard_output(cli, tmp_path):
    r = cli("export", "-o", "-")
    assert r.exit_code == 0 and r.stdout.startswith("@prefix")


def test_sparql_dataset_queries_and_timeouts_are_one_line_errors(cli):
    _one_line_error(cli("sparql", "SELECT * WHERE { GRAPH ?g { ?s ?p ?o } }"), "SPARQL")
    _one_line_error(cli("sparql", "SELECT * FROM <http://example.org/g> WHERE { ?s ?p ?o }"), "FROM")
    _one_line_error(cli("sparql", "SELECT * WHERE { ?s ?p ?o . ?a ?b ?c . ?d ?e ?f }", "--timeout", "0.5"),
                    "did not finish within 0.5 s")
    _one_line_error(cli("sparql", "@/dev/zero"), "not a regular file")
    _one_line_error(cli("sparql", "SELECT * WHERE { ?s ?p ?o } #" + "x" * 70000), "longer than 64 KB")


def test_show_takes_an_id_or_a_heading(cli):
    (by_id,) = json.loads(cli("show", "A:правило-топора", "--json").stdout)
    (by_heading,) = json.loads(cli("show", "ПРАВИЛО ТОПОРА", "--json").stdout)
    assert by_id["id"] == by_heading["id"] == "A:правило-топора"
    assert by_id["children"][0]["text"].startswith("Если в тексте карты в явном виде")
    _one_line_error(cli("show", "519.3 и 519.4"), "is not a paragraph number, id or heading")
    _one_line_error(cli("show", "A:нет-такого"), "no paragraph with id")


def test_incoming_references_have_no_target_fields(cli):
    (view,) = json.loads(cli("show", "519.2", "-e", "B", "--json").stdout)
    assert all(set(c) == {"id", "number", "raw", "unit", "source", "citing"} for c in view["cited_by"])
    assert all("citing" not in c for c in view["cites"])


def test_deep_refs_stay_small_on_a_dense_rulebook(cli, tmp_path):
    """Twelve paragraphs that all cite each other: each paragraph is expanded once per tree."""
    text = "".join(f"700.{i}. См. пп. 700.1–700.12.\n" for i in range(1, 13))
    kb = make_kb(tmp_path, {"f.txt": text})
    r = cli("refs", "700.1", "--kb", str(kb), "--depth", "50", "--json")
    assert r.exit_code == 0, r.stderr
    assert len(r.stdout) < 200_000


def test_a_bad_cache_folder_is_one_warning_line_and_the_answer(cli, tmp_path, monkeypatch):
    """A cache folder that is a file: the command runs without a cache (issue 13, the first minutes)."""
    bad = tmp_path / "file"
    bad.write_text("x")
    monkeypatch.setenv("BERSERK_KB_CACHE", str(bad))
    kb = make_kb(tmp_path / "kb", {"f.txt": "701.1. Текст.\n"})
    r = cli("show", "701.1", "--kb", str(kb))
    assert r.exit_code == 0 and r.stdout.startswith("701.1 — edition X")
    assert r.stderr.count("\n") == 1 and "cache folder" in r.stderr and "BERSERK_KB_CACHE" in r.stderr


def test_a_broken_pipe_ends_quietly(tmp_path):
    import subprocess
    import sys

    exe = str(Path(sys.executable).with_name("berserk-kb"))
    proc = subprocess.run(f"'{exe}' export | head -c 10 >/dev/null; echo ${{PIPESTATUS[0]}}", shell=True,
                          executable="/bin/bash", capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip() == "0", proc.stderr
    assert "Error" not in proc.stderr


def test_bridge_pl_is_loaded_strictly(tmp_path):
    """A syntax error in bridge.pl itself fails the load with file:line (it holds the strict loader)."""
    import os
    import shutil
    import subprocess
    import sys

    from berserk_kb.engine.code import prolog_dir

    alt = tmp_path / "prolog"
    shutil.copytree(prolog_dir(), alt)
    with next(alt.rglob("bridge.pl")).open("a", encoding="utf-8") as fh:
        fh.write("broken( :- .\n")
    env = dict(os.environ, BERSERK_KB_PROLOG=str(alt))
    exe = str(Path(sys.executable).with_name("berserk-kb"))
    proc = subprocess.run([exe, "show", "519.3"], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    assert f"{alt / 'boundary' / 'bridge.pl'}:" in proc.stderr and "Syntax error" in proc.stderr
