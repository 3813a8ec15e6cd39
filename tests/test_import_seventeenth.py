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
