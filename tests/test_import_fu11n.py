"""A fresh user's findings on import (issue 11, fu11n): examples labelled over a list or wrapped
over two lines (N1, N14), upper-case lettered lists (N15), a space-aligned table left by
``pdftotext -layout`` (N8), a glossary laid out as a Word table (N16), headings «Раздел 1.» /
«Глава 1.» over two-level numbering (N13). Every input is written here, every expected value read
off it by hand."""

from __future__ import annotations

import pytest

from berserk_kb.errors import InputError
from berserk_kb.text.formats.importer import import_rulebook
from docx_maker import DocxMaker
from test_import import _kb, _loss_free
from test_import_structure import _imported

# --- examples (N1, N14) ----------------------------------------------------------------------------

#: t/ex.txt: «Примеры:» over a list of two examples, «Пример:» over its text after a blank line
EXAMPLES_LISTED = """100. Основы

100.1. Игрок открывает свои карты.

Примеры:
- игрок открывает 3 карты;
- игрок открывает все карты.

100.2. Игрок ходит.

Пример:

Игрок ходит первым.
"""


def test_a_list_under_an_examples_label_is_the_example(tmp_path):
    """Lines 5–7 are one example of 100.1 labelled «Примеры», its text the two list lines (no list
    item of 100.1); 100.2's «Пример:» keeps the text two lines below; no finding at all (the empty
    example text made a G001 error)."""
    kb, out = _imported(tmp_path, "ex.txt", EXAMPLES_LISTED, "T")
    (p,) = kb.show("100.1")
    assert not p.list_items
    (ex,) = p.examples
    assert ex.label == "Примеры" and (ex.source.line_start, ex.source.line_end) == (5, 7)
    assert ex.text.split() == "- игрок открывает 3 карты; - игрок открывает все карты.".split()
    ((ex2,),) = [q.examples for q in kb.show("100.2")]
    assert ex2.text.strip() == "Игрок ходит первым."
    assert [f.code for f in kb.check().findings] == []
    _loss_free(out)


def test_a_loose_list_under_an_examples_label_is_the_example(tmp_path):
    """Blank lines between the items: the first ends with «;», so the list goes on — lines 5–9 are
    the example; an item after a blank line under an item ending with «.» is the paragraph's own."""
    text = ("100. Основы\n\n100.1. Игрок открывает свои карты.\n\nПримеры:\n\n- игрок открывает 3 карты;\n\n"
            "- игрок открывает все карты.\n\n- ещё одна строка.\n")
    kb, out = _imported(tmp_path, "ex.txt", text, "T")
    (p,) = kb.show("100.1")
    (ex,) = p.examples
    assert (ex.source.line_start, ex.source.line_end) == (5, 9)
    assert ex.text.split() == "- игрок открывает 3 карты; - игрок открывает все карты.".split()
    assert [i.text.strip() for i in p.list_items] == ["ещё одна строка."]
    _loss_free(out)


def test_a_list_under_an_examples_label_in_word(tmp_path):
    """w1.docx: «ПРИМЕРЫ:» then two ``List Bullet`` paragraphs under 101.2 → one example of 101.2
    holding both lines, 101.2 without list items, 101.3 its own paragraph; no finding."""
    d = DocxMaker()
    d.heading("101. Ход игры", 1)
    d.para("101.1. Ход начинается.")
    d.para("101.2. Игрок открывает свои карты.")
    d.para("ПРИМЕРЫ:")
    d.doc.add_paragraph("игрок открывает 3 карты;", style="List Bullet")
    d.doc.add_paragraph("игрок открывает все карты.", style="List Bullet")
    d.para("101.3. Ход кончается.")
    out = tmp_path / "OUT"
    import_rulebook([d.save(tmp_path / "w1.docx")], out, "W")
    kb = _kb(out)
    (p,) = kb.show("101.2")
    (ex,) = p.examples
    assert not p.list_items and ex.label == "ПРИМЕРЫ"
    assert "игрок открывает 3 карты;" in ex.text and ex.text.rstrip().endswith("игрок открывает все карты.")
    assert kb.show("101.3")[0].text.strip() == "Ход кончается."
    assert [f.code for f in kb.check().findings] == []
    _loss_free(out)


#: t/ex2.txt: an example wrapped over two lines, a note right under an example, a ranged label
EXAMPLES_WRAPPED = """100. Основы

100.1. Существо наносит удар.

Пример. Существо с силой 3 атакует.
Противник получает 3 раны.

100.2. Существо защищается.

Пример. Существо блокирует удар.
Примечание. Блок не обязателен.

100.4. Тяжёлое ранение.

Примеры 1–2.
1) Первый пример.
2) Второй пример.
"""


def test_a_wrapped_example_line_stays_in_the_example(tmp_path):
    """100.1's example is lines 5–6, both sentences; 100.1's own text is its line alone, with no
    plain paragraph under it. «Примечание.» (line 11) opens a block of its own, not the example.
    «Примеры 1–2.» is one label (not «Примеры 1» with the text «2.»), its text the two items."""
    kb, out = _imported(tmp_path, "ex2.txt", EXAMPLES_WRAPPED, "T")
    (p,) = kb.show("100.1")
    (ex,) = p.examples
    assert ex.text.split() == "Существо с силой 3 атакует. Противник получает 3 раны.".split()
    assert (ex.source.line_start, ex.source.line_end) == (5, 6) and not p.children
    (q,) = kb.show("100.2")
    (ex2,) = q.examples
    assert ex2.text.strip() == "Существо блокирует удар." and ex2.source.line_end == 10
    assert [c.text.strip() for c in q.children] == ["Примечание. Блок не обязателен."]
    (r,) = kb.show("100.4")
    (ex4,) = r.examples
    assert ex4.label == "Примеры 1–2" and not r.list_items
    assert ex4.text.split() == "1) Первый пример. 2) Второй пример.".split()
    _loss_free(out)


# --- a table aligned with spaces (N8) ----------------------------------------------------------------

#: p/p1.txt (cut, its 100.2 renumbered 100.1): a table as ``pdftotext -layout`` writes it, before section 101
PDF_LAYOUT = """100. Общие положения

100.1. Колода содержит не менее 30 карт и не более
50 карт. Стоимость карт указана в таблице:

       Тип карты          Стоимость        Правило
       Существо           1–10             100.1
       Заклинание         1–5              100.2

101. Ход игры

101.1. Ход начинается с фазы открытия.
"""


def test_a_space_aligned_table_is_a_table_never_a_heading(tmp_path):
    """Lines 6–8 are one table of 100.1 with three rows of three cells (columns parted by two
    spaces or more); 101 is a section at the top, its own parent none, and 101.1 stands under 101;
    no heading in the rulebook; no finding."""
    kb, out = _imported(tmp_path, "p1.txt", PDF_LAYOUT, "P")
    (p,) = kb.show("100.1")
    (table,) = p.children
    assert table.kind == "table" and (table.source.line_start, table.source.line_end) == (6, 8)
    assert [list(r) for r in table.rows] == [["Тип карты", "Стоимость", "Правило"],
                                             ["Существо", "1–10", "100.1"], ["Заклинание", "1–5", "100.2"]]
    (s,) = kb.show("101")
    assert s.parent is None and [c.number for c in s.children] == ["101.1"]
    assert not [x for x in kb.rulebook.paragraphs if x.kind.value == "heading"]
    assert [f.code for f in kb.check().findings] == []
    _loss_free(out)


def test_words_parted_by_two_spaces_in_prose_are_no_table(tmp_path):
    """Two lines of prose with a double space each, not in the same columns, stay 100.1's text."""
    kb, _ = _imported(tmp_path, "t.txt", "100. Основы\n\n100.1. Игрок  ходит первым, а затем\n"
                                        "второй игрок ходит  вторым.\n", "T")
    (p,) = kb.show("100.1")
    assert not p.children and p.text.split() == "Игрок ходит первым, а затем второй игрок ходит вторым.".split()


# --- upper-case lettering (N15) ----------------------------------------------------------------------


def test_upper_case_letters_are_a_lettered_list(tmp_path):
    """t/li.txt (renumbered): «А) Лес;» «Б) Степь.» are items «А», «Б» of 100.1, «см. 100.1б» names the second,
    and no finding (А, Б are the alphabet's first two letters). «А)» then «В)» skips «Б», «Б)» first
    misses «А»: one L004 each, naming the letter in the list's own case."""
    text = "100. Основы\n\n100.1. Стихии:\nА) Лес;\nБ) Степь.\n\n100.2. Обычный пункт (см. 100.1б).\n"
    kb, _ = _imported(tmp_path, "li.txt", text, "T")
    (p,) = kb.show("100.1")
    assert [(i.label, i.text.strip()) for i in p.list_items] == [("А", "Лес;"), ("Б", "Степь.")]
    assert [c.target.id for c in kb.show("100.2")[0].cites] == [p.list_items[1].id]
    assert [f.code for f in kb.check().findings] == []
    for n, (a, b), want in ((1, "АВ", "Б"), (2, "БВ", "А")):
        (tmp_path / str(n)).mkdir()
        kb, _ = _imported(tmp_path / str(n), "li.txt", f"100. Основы\n\n100.1. Стихии:\n{a}) Лес;\n{b}) Степь.\n", "T")
        (f,) = kb.check(only=["L004"]).findings
        assert f.values["want"] == want, f.message


# --- a glossary laid out as a Word table (N16) -------------------------------------------------------


def test_a_glossary_table_row_is_found_by_its_term(tmp_path):
    """d/w3.docx: under «Глоссарий» a table «Термин | Определение» with three rows: ``show`` of each
    row's term (any case, «х» typed Latin or Cyrillic) names that table, whose «см. 100.1» resolves;
    a bold-term paragraph after it is found as before; a word in no first cell is not found."""
    d = DocxMaker()
    d.heading("100. Основы", 1)
    d.para("100.1. Существо с Авангардом бьёт первым.")
    d.heading("Глоссарий", 1)
    d.table([["Термин", "Определение"], ["Авангард Х", "Срабатывающая способность (см. 100.1)."],
             ["Броня Х", "Предотвращает Х ран."], ["Бой", "Обмен ударами."]])
    d.para("Кувырок. Существо меняет позицию.")
    out = tmp_path / "OUT"
    import_rulebook([d.save(tmp_path / "w3.docx")], out, "W")
    kb = _kb(out)
    for term in ("Авангард Х", "броня x", "Бой"):
        (t,) = kb.show(term)
        assert t.kind == "table" and t.parent.title == "Глоссарий" and len(t.rows) == 4, term
    assert [c.target.id for c in kb.show("Авангард Х")[0].cites] == ["W:100.1"]
    assert kb.show("Кувырок")[0].text.startswith("Кувырок.")
    with pytest.raises(InputError):
        kb.show("Обмен ударами")  # a definition, not a term


# --- «Раздел 1.» / «Глава 1.» over two-level numbering (N13) -----------------------------------------


@pytest.mark.parametrize("word", ["Раздел", "Глава"])
def test_a_section_word_and_a_small_number_over_its_sub_paragraphs_is_that_section(tmp_path, word):
    """t/gl.txt: «Глава 1. Общие положения» over 1.1, 1.2 and «Глава 2. Ход» over 2.1 are sections 1
    and 2 titled by their words (1.1's parent 1, 2.1's parent 2), so no S004 «number it 1» and no
    L005 (the word and number are how such a rulebook writes its sections). «Раздел 3» with no 3.1
    under it stays a heading."""
    text = (f"{word} 1. Общие положения\n\n1.1. Раз.\n\n1.2. Два.\n\n{word} 2. Ход\n\n2.1. Три.\n\n"
            f"{word} 3. Прочее\n\nТекст без номера.\n")
    kb, out = _imported(tmp_path, "gl.txt", text, "T")
    (one,) = kb.show("1")
    assert one.kind == "numbered" and one.title == "Общие положения" and [c.number for c in one.children] == ["1.1", "1.2"]
    assert kb.show("2.1")[0].parent.number == "2"
    (three,) = kb.show(f"{word} 3. Прочее")
    assert three.kind == "heading" and three.number is None
    assert [f.code for f in kb.check().findings] == []
    _loss_free(out)
