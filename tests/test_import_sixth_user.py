"""berserk-kb import on what a sixth fresh user brought (issue 11): a malformed reStructuredText
table, contents written as a nested ``<ol start>`` of links, a Word list level numbered as a list of
its own, an item that prints its own number, ``show`` of a lettered item."""

from __future__ import annotations

from berserk_kb.text.formats.importer import import_rulebook
from docx_maker import DocxMaker, level
from test_import import _kb, _loss_free
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


def test_contents_written_as_a_numbered_nested_list_of_links_is_contents(tmp_path):
    """Under «Содержание» a page lists ``<ol start="200"><li><a href="#s200">Ход игры</a><ol><li>
    <a>Этапы</a></li></ol></li><li><a href="#s201">Атака</a></li></ol>`` — a browser shows «200.
    Ход игры», «1. Этапы» set in, «201. Атака». The body prints 200 (with «1.» = 200.1, «Ход
    состоит из двух этапов:») and 201 (with 201.1). So the numbered paragraphs are 200, 200.1, 201,
    201.1, each once; ``show 200.1`` is the body's «Ход состоит…»; the heading and its three
    entries are contents (4 lines); no finding."""
    page = ("<html><body><main><h2>Содержание</h2><ol start='200'><li><a href='#s200'>Ход игры</a>"
            "<ol><li><a href='#s200'>Этапы</a></li></ol></li><li><a href='#s201'>Атака</a></li></ol>"
            "<h2 id='s200'>200. Ход игры</h2><ol><li>Ход состоит из двух этапов.</li></ol>"
            "<h2 id='s201'>201. Атака</h2><ol><li>Атака объявляется активным игроком.</li></ol>"
            "</main></body></html>")
    kb, out, summary = _import(tmp_path, "t.html", page)
    assert [p.number for p in kb.rulebook.paragraphs if p.number] == ["200", "200.1", "201", "201.1"]
    (p,) = kb.show("200.1")
    assert p.text == "Ход состоит из двух этапов." and p.parent.number == "200"
    assert summary.counts["contents"] == 4
    assert [f.code for f in kb.check().findings] == []
    _loss_free(out)


def test_a_word_list_level_numbered_as_a_list_of_its_own_stays_a_list_item(tmp_path):
    """Under «101.» (level «%1.» from 101) Word shows «1. Порядок удара:» (level «%1.%2.», so 101.1),
    then in the «List Number» style «1. выбрать цель;» «2. бросить кубик;», in «List Number 2» (a
    list of its own, set in) «1. прибавить модификатор.», and again «3. нанести раны.». The
    paragraphs are 101 and 101.1 only; 101.1 holds three list items «1.» «2.» «3.», the set-in
    «1. прибавить модификатор.» an item under «2.», and no paragraph 101.1.1 is invented."""
    d = DocxMaker()
    d.add_numbering(1, [level(0, 101, "decimal", "%1."), level(1, 1, "decimal", "%1.%2.")])
    d.numbered("Бой", 1, 0)
    d.numbered("Порядок удара:", 1, 1)
    for text, style in (("выбрать цель;", "List Number"), ("бросить кубик;", "List Number"),
                        ("прибавить модификатор.", "List Number 2"), ("нанести раны.", "List Number")):
        d.doc.add_paragraph(text, style=style)
    src = d.save(tmp_path / "rules.docx")
    import_rulebook([src], tmp_path / "OUT", "W")
    kb = _kb(tmp_path / "OUT")
    assert [p.number for p in kb.rulebook.paragraphs if p.number] == ["101", "101.1"]
    (p,) = kb.show("101.1")
    assert [(i.label, i.text) for i in p.list_items] == [("1", "выбрать цель;"), ("2", "бросить кубик;"),
                                                         ("3", "нанести раны.")]
    (sub,) = [u for u in kb.rulebook.units() if getattr(u, "parent_item", None)]
    assert (sub.label, sub.text, sub.parent_item) == ("1", "прибавить модификатор.", p.list_items[1].id)
    text = (tmp_path / "OUT" / "sources" / "W_01_rules.txt").read_text(encoding="utf-8")
    assert "1. прибавить модификатор." in text and "101.1.1" not in text
    _loss_free(tmp_path / "OUT")


def test_an_item_that_types_the_number_its_list_gives_it_shows_it_once(tmp_path):
    """Under «201. Атака» ``<ol start="2"><li>Атака объявляется.</li><li value="3">3. Защитник
    назначается.</li></ol>``: a browser shows «2.» and «3. 3. Защитник…» — the same number twice.
    The paragraphs are 201.2 «Атака объявляется.» and 201.3 «Защитник назначается.»; the line is
    «201.3. Защитник назначается.», not «201.3. 3. Защитник…»."""
    page = ("<html><body><h2>201. Атака</h2><ol start='2'><li>Атака объявляется.</li>"
            "<li value='3'>3. Защитник назначается.</li></ol></body></html>")
    kb, out, _ = _import(tmp_path, "t.html", page)
    assert [(p.number, p.text) for p in kb.rulebook.paragraphs if p.number] == [
        ("201", "Атака"), ("201.2", "Атака объявляется."), ("201.3", "Защитник назначается.")]
    assert "201.3. Защитник назначается." in (out / "sources" / "T_01_t.txt").read_text(encoding="utf-8")
    _loss_free(out)


def test_show_of_a_lettered_number_marks_the_item_it_names(tmp_path):
    """``show 100.2б``: no paragraph prints «100.2б»; 100.2 «Существо может атаковать:» holds «а)
    закрытое существо;» and «б) героя противника.». The answer is 100.2, saying that 100.2б is its
    item «б)» and marking «б) героя противника.» with «▶» — «а)» unmarked; ``show 100.2`` marks none."""
    from berserk_kb.render.paragraphs import paragraph_views

    md = ("## 100. Основы игры\n\n100.1. Каждый игрок начинает с пятью картами.\n\n100.2. Существо может"
          " атаковать:\n\nа) закрытое существо;\n\nб) героя противника.\n")
    kb, _, _ = _import(tmp_path, "t.md", md)
    shown = paragraph_views(kb.show("100.2б"), {}, "100.2б").splitlines()
    assert "  100.2б is its item б), marked ▶ [T:100.2/item2]" in shown
    marked = [ln.strip("\ufdd0\ufdd1 ") for ln in shown if "▶" in ln and "[" not in ln]  # bold's marks off
    assert marked == ["▶ б) героя противника."]
    assert "▶" not in paragraph_views(kb.show("100.2"), {}, "100.2")
