"""berserk-kb import on layouts a fresh user brought (issue 11, seventeenth round): numeric item
references, a number alone on its line, «Раздел 101.» headings, deep Markdown, raw HTML in Markdown,
Word's «Save as Web Page» lists, a lone .rst section under the title."""

from __future__ import annotations

from berserk_kb.checks import run_checks
from berserk_kb.text.formats.importer import import_rulebook
from test_import import _kb, _loss_free


def _imported(tmp_path, name: str, text: str, edition: str = "X"):
    src = tmp_path / name
    src.write_text(text, encoding="utf-8")
    out = tmp_path / "OUT"
    import_rulebook([src], out, edition)
    _loss_free(out)
    return _kb(out)


def test_a_numeric_item_reference_is_a_valid_graph_node_and_a_missing_item_dangles(tmp_path):
    """600.1 lists «1) один; 2) два.»; 601.1 says «см. 600.1(2)», 601.2 says «См. 600.1(3)».
    By hand: the first names item «2)» — a correct reference, so no shape error (G001); 600.1 has
    no item «3)», so the second names nothing the text prints: one S005, for «600.1(3)»."""
    kb = _imported(tmp_path, "x.txt", "600. Р\n\n600.1. Текст:\n1) один;\n2) два.\n\n601. С\n\n"
                   "601.1. А, см. 600.1(2).\n\n601.2. Б. См. 600.1(3).\n")
    found = [(f.code, f.values.get("number")) for f in run_checks(kb, only=["G001", "S005"]).findings]
    assert found == [("S005", "600.1(3)")], found


def test_a_number_alone_on_its_line_takes_the_text_on_the_next_one(tmp_path):
    """«100.1.» alone, a blank line, then «Текст на следующей строке.»; and in HTML
    ``<dt>102.2.</dt><dd>Определение.</dd>``. By hand: 100.1's text is «Текст на следующей строке.»,
    102.2's is «Определение.»; neither is an empty paragraph, so no shape error (G001)."""
    kb = _imported(tmp_path, "e.txt", "100. Р\n\n100.1.\n\nТекст на следующей строке.\n")
    assert kb.show("100.1")[0].text == "Текст на следующей строке."
    assert not run_checks(kb, only=["G001"]).findings
    kb = _imported(tmp_path, "n.html", "<html><body><h2>102. Магия</h2><dl><dt>102.2.</dt><dd>Определение.</dd>"
                   "</dl></body></html>", "Y")
    assert kb.show("102.2")[0].text == "Определение."


def test_a_number_punctuation_finding_quotes_the_heading_as_the_document_prints_it(tmp_path):
    """``<h2>100 Основы</h2>`` (no dot after the number): L005 quotes «100 Основы», the document's
    text — not the «# » the fragment marks the heading with."""
    kb = _imported(tmp_path, "h.html", "<html><body><h2>100 Основы</h2><p>100.1. Текст.</p></body></html>")
    written = [f.values["written"] for f in run_checks(kb, only=["L005"]).findings]
    assert written == ["100 Основы"], written


def test_a_section_heading_with_its_word_opens_the_section(tmp_path):
    """«Раздел 100. Основы» / «100.1. Первый.» / «Глава 101. Бой» / «101.1. Бой (см. 100.1).»; and in
    HTML ``<h2>§ 102 Магия</h2><ol><li>Магия.</li><li>Конец (см. 102.1).</li></ol>``. By hand: 100.1
    stands under section 100 and 101.1 under 101; the «2.» under «§ 102» is 102.2, which cites
    102.1; no heading counts as a reference to itself, so no S005 and no S004."""
    kb = _imported(tmp_path, "rz.txt", "Раздел 100. Основы\n100.1. Первый.\nГлава 101. Бой\n101.1. Бой (см. 100.1).\n")
    assert [kb.show(n)[0].parent.number for n in ("100.1", "101.1")] == ["100", "101"]
    assert not run_checks(kb, only=["S004", "S005", "L005"]).findings
    kb = _imported(tmp_path, "hd.html", "<html><body><h2>§ 102 Магия</h2><ol><li>Магия.</li>"
                   "<li>Конец (см. 102.1).</li></ol></body></html>", "Y")
    assert kb.show("102.2")[0].text == "Конец (см. 102.1)."
    assert [r.target for r in kb.rulebook.references if r.edition == "Y"] == ["Y:102.1"]


def test_markdown_nested_deeper_than_it_reads_is_refused_and_raw_html_blocks_are_read(tmp_path, cli):
    """A `-` list nested 60 levels deep (markdown-it would skip the deepest items to the end): one
    line naming the file, exit 2, no folder written. A raw HTML block ``<div>100.2. Пункт.</div>``
    between 100.1 and 100.3: by hand, three numbered paragraphs 100.1–100.3 and «100.2. Пункт.»'s
    text kept; a comment ``<!-- 100.9 -->`` shows nothing."""
    deep = tmp_path / "deep.md"
    deep.write_text("# 100. Р\n\n" + "".join("  " * k + f"- x{k}\n" for k in range(60)), encoding="utf-8")
    r = cli("import", str(deep), "-o", str(tmp_path / "D"), "--edition", "X")
    assert r.exit_code == 2 and "deep.md" in r.stderr and "nested too deep" in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and not (tmp_path / "D").exists()
    kb = _imported(tmp_path, "b.md", "# 100. Р\n\n100.1. Текст.\n\n<div class=\"note\">\n100.2. Пункт.\n</div>\n\n"
                   "100.3. Ещё.\n\n<!-- 100.9 -->\n")
    assert [p.number for p in kb.rulebook.paragraphs] == ["100", "100.1", "100.2", "100.3"]
    assert kb.show("100.2")[0].text == "Пункт."


def test_rst_a_lone_section_under_the_title_and_sphinx_marks_are_kept(tmp_path):
    """«Правила / ======= / 100. Раздел / ----------- / 100.1. Первый пункт.»: by hand, «100. Раздел»
    is a line of the fragment and 100.1 stands under 100 (docutils would make it a subtitle and it
    was lost). «см. :ref:`100.2 <p1002>`» reads «см. 100.2», a reference to 100.2; a footnote mark
    «[#]_» is «[1]», not a bare «1» that reads as «пункт 1»."""
    kb = _imported(tmp_path, "h.rst", "Правила\n=======\n\n100. Раздел\n-----------\n\n100.1. Первый пункт, см. "
                   ":ref:`100.2 <p1002>`.\n\n.. _p1002:\n\n100.2. Второй пункт [#]_.\n\n.. [#] Сноска.\n")
    assert kb.show("100.1")[0].parent.number == "100"
    assert kb.show("100.1")[0].text == "Первый пункт, см. 100.2."
    assert [r.target for r in kb.rulebook.references] == ["X:100.2"]
    assert kb.show("100.2")[0].text == "Второй пункт [1]."


def test_word_web_page_list_markers_behind_support_lists_are_the_numbers(tmp_path):
    """Word's «Save as Web Page»: list paragraphs (``mso-list:l0 level1``) whose marker stands in
    ``<![if !supportLists]><span>100.1.</span><![endif]>``, and a level-2 «а)», «б)» under 100.2;
    100.3 says «см. 100.2б». By hand: 100.1 and 100.2 are numbered paragraphs, а)/б) items of 100.2,
    and the reference names item «б)» of 100.2."""
    def p(level: int, marker: str, text: str) -> str:
        return (f"<p class=MsoListParagraph style='mso-list:l0 level{level} lfo1'><![if !supportLists]><span>{marker}"
                f"<span style='font:7.0pt \"Times New Roman\"'>&nbsp;&nbsp; </span></span><![endif]>{text}</p>")
    html = ("<html><body><p class=MsoNormal><b>100.&nbsp;Основы</b></p>" + p(1, "100.1.", "Первый пункт.")
            + p(1, "100.2.", "Второй пункт, игрок выбирает:") + p(2, "а)", "атаку;") + p(2, "б)", "защиту.")
            + "<p class=MsoNormal>100.3.&nbsp;Третий (см.&nbsp;100.2б).</p></body></html>")
    kb = _imported(tmp_path, "w.htm", html)
    assert [x.number for x in kb.rulebook.paragraphs] == ["100", "100.1", "100.2", "100.3"]
    assert [i.prefix.strip() for i in kb.rulebook.list_items] == ["а)", "б)"]
    assert [r.target for r in kb.rulebook.references] == [kb.rulebook.list_items[1].id]


def test_a_negative_list_start_is_no_paragraph_number(tmp_path):
    """``<h2>204. Отрицательный</h2><ol start="-2"><li>Минус два.</li></ol>``: a browser shows «-2.»;
    by hand there is no paragraph 204.2 (nor 204.-2), only section 204 and the line «-2. Минус два.»."""
    kb = _imported(tmp_path, "o.html", '<html><body><h2>204. Отрицательный</h2><ol start="-2"><li>Минус два.</li>'
                   "</ol></body></html>")
    assert [p.number for p in kb.rulebook.paragraphs if p.number] == ["204"]
    assert "-2. Минус два." in (tmp_path / "OUT" / "sources" / "X_01_o.txt").read_text(encoding="utf-8")


def test_show_accepts_the_item_name_refs_prints_and_import_never_writes_into_the_package(tmp_path, cli):
    """«600.1(2)» is how refs names item 2) of 600.1: show answers with 600.1, the paragraph holding
    it. ``import -o`` the bundled rulebook's folder (kb/ of the repository) or a folder inside
    ``prolog/``: one line, exit 2, nothing written there."""
    from berserk_kb.repository import ROOT

    src = tmp_path / "x.txt"
    src.write_text("600. Р\n\n600.1. Текст:\n1) один;\n2) два.\n", encoding="utf-8")
    assert cli("import", str(src), "-o", str(tmp_path / "OUT"), "--edition", "X").exit_code == 0
    r = cli("show", "600.1(2)", "--kb", str(tmp_path / "OUT"), "--json")
    assert r.exit_code == 0 and '"X:600.1"' in r.stdout, r.stderr
    before = sorted(p.name for p in (ROOT / "kb" / "sources").iterdir())
    for out in (ROOT / "kb", ROOT / "prolog" / "imported"):
        r = cli("import", str(src), "-o", str(out), "--edition", "X")
        assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert sorted(p.name for p in (ROOT / "kb" / "sources").iterdir()) == before
    assert not (ROOT / "prolog" / "imported").exists()
