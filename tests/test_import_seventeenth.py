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
