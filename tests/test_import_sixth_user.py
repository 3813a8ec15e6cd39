"""berserk-kb import on what a sixth fresh user brought (issue 11): a malformed reStructuredText
table, contents written as a nested ``<ol start>`` of links, a Word list level numbered as a list of
its own, an item that prints its own number, ``show`` of a lettered item."""

from __future__ import annotations

from test_import import _loss_free
from test_import_second_user import _import


def test_a_malformed_rst_table_is_kept_as_text_with_a_note(tmp_path):
    """The row «| Лес    | зелёный |» (line 6) is wider than the table's border: docutils reports
    «Malformed table.» at line 6. Its five lines (3 to 7) stay in the fragment as plain text, «Лес»
    and «зелёный» among them, the note names «t.rst:6», and 100.1 is still a paragraph."""
    rst = ("100.1. Стихий пять.\n\n+--------+-------+\n| Стихия | Цвет  |\n+========+=======+\n"
           "| Лес    | зелёный |\n+--------+-------+\n\n100.2. Нейтральные карты.\n")
    kb, out, summary = _import(tmp_path, "t.rst", rst)
    text = (out / "sources" / "T_01_t.txt").read_text(encoding="utf-8")
    assert "зелёный" in text and "Стихия" in text and text.count("+--------+-------+") == 2
    assert [n for n in summary.notes if n.startswith("t.rst:6: Malformed table")], summary.notes
    assert [p.number for p in kb.rulebook.paragraphs if p.number] == ["100.1", "100.2"]
    _loss_free(out)
