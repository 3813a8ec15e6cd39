"""berserk-kb import: the structure of real layouts a fresh user brought (issue 11, fu11j): headings
the format marks are headings whatever their words, ordered lists under a numbered sub-heading,
tab-separated table rows that open with a number, fenced code, sub-numbers of four digits and a
site footer named by its class. Every expected value is counted by hand from the document the test
writes."""

from __future__ import annotations

import pytest

from berserk_kb.text.formats.importer import import_rulebook
from docx_maker import DocxMaker
from test_import import _kb, _loss_free

#: the same rulebook in every format (its headings in the format's own markup): «Часть 2 — Игра»
#: has a spaced dash, «Бой, защита (дополнительно)» a comma and brackets, «200 Ход» a number
#: with no dot; each a heading the words alone would not make one
HEADINGS = [("100. Раздел", ["100.1. Первый пункт."]),
            ("Часть 2 — Игра", ["Игрок ходит первым."]),
            ("200 Ход", ["200.1. Ход состоит из фаз."]),
            ("Бой, защита (дополнительно)", ["Бой идёт по кругу."])]


def _write(tmp_path, fmt: str):
    if fmt == "docx":
        d = DocxMaker()
        for title, paras in HEADINGS:
            d.heading(title, 2)
            for p in paras:
                d.para(p)
        return d.save(tmp_path / "rules.docx")
    src = tmp_path / f"rules.{fmt}"
    if fmt == "md":
        text = "".join(f"## {t}\n\n" + "".join(f"{p}\n\n" for p in ps) for t, ps in HEADINGS)
    elif fmt == "html":
        text = "<html><body><main>" + "".join(f"<h2>{t}</h2>" + "".join(f"<p>{p}</p>" for p in ps)
                                               for t, ps in HEADINGS) + "</main></body></html>"
    else:  # rst: a title underlined
        text = "".join(f"{t}\n{'=' * len(t)}\n\n" + "".join(f"{p}\n\n" for p in ps) for t, ps in HEADINGS)
    src.write_text(text, encoding="utf-8")
    return src


def _imported(tmp_path, name: str, text: str, edition: str):
    """The knowledge base imported from ``text`` written as ``name``, and its folder."""
    src = tmp_path / name
    src.write_text(text, encoding="utf-8")
    out = tmp_path / "OUT"
    import_rulebook([src], out, edition)
    return _kb(out), out


def _under(kb, pid: str) -> list[str]:
    return [p.text.strip() for p in kb.rulebook.paragraphs if p.parent == pid]


@pytest.mark.parametrize("fmt", ["md", "html", "rst", "docx"])
def test_a_heading_the_format_marks_is_a_heading_whatever_its_words(tmp_path, fmt):
    """Each heading owns the paragraph under it and nothing is glued onto the paragraph before:
    100.1 is «Первый пункт.» alone; «Игрок ходит первым.» and section 200 stand under «Часть 2 —
    Игра»; «200 Ход» is section 200 (200.1's parent) and L005 says it lacks its dot; «Бой идёт по кругу.»
    stands under «Бой, защита (дополнительно)»."""
    out = tmp_path / "OUT"
    import_rulebook([_write(tmp_path, fmt)], out, "H")
    kb = _kb(out)
    (first,) = kb.show("100.1")
    assert first.text.strip() == "Первый пункт." and first.parent.number == "100" and not first.children
    (part,) = kb.show("Часть 2 — Игра")
    assert part.kind == "heading" and _under(kb, part.id) == ["Игрок ходит первым.", "Ход"]
    (section,) = kb.show("200")
    assert section.text.strip() == "Ход"
    assert kb.show("200.1")[0].parent.number == "200"
    (fight,) = kb.show("Бой, защита (дополнительно)")
    assert fight.kind == "heading" and _under(kb, fight.id) == ["Бой идёт по кругу."]
    lacking = kb.check(only=["L005"]).findings
    assert [f.values["number"] for f in lacking] == ["200"]
    _loss_free(out)


def test_a_txt_heading_is_decided_by_its_layout(tmp_path):
    """In a text file nothing marks a heading: «Часть 2 — Игра» under a paragraph that ends its
    sentence stays a plain paragraph of its own (not glued to 100.1), as before."""
    kb, out = _imported(tmp_path, "rules.txt", "100. Раздел\n\n100.1. Первый пункт.\n\nЧасть 2 — Игра\n", "T")
    assert kb.show("100.1")[0].text.strip() == "Первый пункт."
    _loss_free(out)


def test_an_ordered_list_under_a_numbered_sub_heading_numbers_its_paragraphs(tmp_path):
    """«2.» under «<h3>310.20. Подраздел</h3>» is 310.20.2, as under «<h2>310.</h2>» it is 310.2,
    and «см. 310.20.2» resolves; under a heading that is a sentence («310.21. Игрок выбирает одно
    из следующих») the list stays a list: two items of 310.21."""
    page = ("<html><body><article><h2>310. Списки</h2><ol><li>Первый.</li></ol>"
            "<h3>310.20. Подраздел</h3><ol><li>Подпункт раздела.</li><li>Ещё подпункт.</li></ol>"
            "<h3>310.21. Игрок выбирает одно из следующих</h3><ol><li>атаку;</li><li>защиту.</li></ol>"
            "<p>311. Ссылка (см. 310.20.2).</p></article></body></html>")
    kb, out = _imported(tmp_path, "rules.html", page, "H")
    assert kb.show("310.1")[0].text.strip() == "Первый."
    (two,) = kb.show("310.20.2")
    assert two.text.strip() == "Ещё подпункт." and two.parent.number == "310.20"
    assert [r.target.id for r in kb.show("311")[0].cites] == ["H:310.20.2"]
    assert [i.text.strip() for i in kb.show("310.21")[0].list_items] == ["атаку;", "защиту."]
    _loss_free(out)


def test_a_tab_separated_row_that_opens_with_a_number_is_a_table_row(tmp_path):
    """«501.\\tНачало\\t1» and «502.\\tКонец\\t2» are the rows of one table under 500.1, never
    sections: 4 numbered paragraphs (500, 500.1, 500.2, 500.3), one table of two rows, and no
    S003 «500.2 comes after 502». A number set off by a tab alone («500.3.\\tАбзац…») is still a
    paragraph number."""
    text = ("500. Таблицы\n500.1. Стоимость:\n501.\tНачало\t1\n502.\tКонец\t2\n500.2. После таблицы.\n\n"
            "500.3.\tАбзац с табуляцией.\n")
    kb, out = _imported(tmp_path, "rules.txt", text, "T")
    numbers = [p.number for p in kb.rulebook.paragraphs if p.number]
    assert numbers == ["500", "500.1", "500.2", "500.3"]
    (table,) = [p for p in kb.rulebook.paragraphs if p.kind.value == "table"]
    assert table.parent == "T:500.1"
    assert [list(r) for r in kb.show(table.id)[0].rows] == [["501.", "Начало", "1"], ["502.", "Конец", "2"]]
    assert not kb.check(only=["S003"]).findings
    _loss_free(out)


def test_fenced_code_is_literal_text_not_a_rule(tmp_path):
    """CommonMark code is literal: «403. Это код, не правило.» between fences is no paragraph 403;
    the fence and its line are one plain unit under 402.1 (2 numbered paragraphs: 402, 402.1)."""
    text = "402. Артефакты\n\n402.1. Артефакт остаётся в игре.\n\n```\n403. Это код, не правило.\n```\n"
    kb, out = _imported(tmp_path, "rules.md", text, "M")
    assert [p.number for p in kb.rulebook.paragraphs if p.number] == ["402", "402.1"]
    (code,) = [p for p in kb.rulebook.paragraphs if "403." in p.text]
    assert code.kind.value == "text" and code.parent == "M:402.1"
    _loss_free(out)


def test_a_sub_number_of_four_digits_is_a_paragraph_number(tmp_path):
    """«100.1000.» is paragraph 100.1000 under 100 (the 1000th of its section)."""
    text = "100. Раздел\n\n100.999. Предпоследний.\n\n100.1000. Правило тысяча.\n"
    kb, out = _imported(tmp_path, "rules.txt", text, "T")
    (p,) = kb.show("100.1000")
    assert p.text.strip() == "Правило тысяча." and p.parent.number == "100"
    _loss_free(out)


def test_a_footer_named_by_its_class_is_left_out(tmp_path):
    """``<div class="footer-links">`` is the site's footer, as ``<div id="footer">`` is: its
    «О сайте | Контакты» is in no unit; 100.1 is the one paragraph under 100."""
    page = ('<html><body><div class="content"><h2>100. Раздел</h2><p>100.1. Пункт.</p></div>'
            '<div class="footer-links"><a href="/a">О сайте</a> | <a href="/b">Контакты</a></div></body></html>')
    kb, out = _imported(tmp_path, "rules.html", page, "H")
    text = "".join(p.read_text(encoding="utf-8") for p in (out / "sources").glob("H_*.txt"))
    assert "Контакты" not in text and [p.id for p in kb.rulebook.paragraphs] == ["H:100", "H:100.1"]


def test_item_suffixes_roman_and_in_the_other_alphabet(tmp_path):
    """Word shows 101.2's items «a.», «b.» (``lowerLetter``) and 300.2's «i.», «ii.» (``lowerRoman``).
    «пункта 101.2б» is the second item («b. летающие.»): a Russian reader counts б as the second
    letter whatever glyph Word drew. ``show 300.2ii`` is paragraph 300.2 (it has the item «ii.»);
    ``show 101.2ii`` names nothing (101.2 has no Roman items), nor does ``show 101.2г`` (no fourth
    item)."""
    from berserk_kb.errors import NotFoundError
    from docx_maker import level

    d = DocxMaker()
    d.add_numbering(1, [level(0, 1, "lowerLetter", "%1.")])
    d.add_numbering(2, [level(0, 1, "lowerRoman", "%1.")])
    d.para("101.2. Существа бывают двух видов:")
    d.numbered("наземные;", 1)
    d.numbered("летающие.", 1)
    d.para("101.3. Лесной страж не нарушает пункта 101.2б.")
    d.para("300.2. Стоимость оплачивается:")
    d.numbered("кристаллами;", 2)
    d.numbered("золотом.", 2)
    out = tmp_path / "OUT"
    import_rulebook([d.save(tmp_path / "rules.docx")], out, "D")
    kb = _kb(out)
    assert [(r.number, r.target.id) for r in kb.show("101.3")[0].cites] == [("101.2б", "D:101.2/item2")]
    assert [i.text.strip() for i in kb.show("101.2")[0].list_items][1] == "летающие."
    assert [p.id for p in kb.show("300.2ii")] == ["D:300.2"]
    for missing in ("101.2ii", "101.2г"):
        with pytest.raises(NotFoundError):
            kb.show(missing)
    _loss_free(out)


def test_an_upper_roman_item_is_named_with_a_dot(tmp_path):
    """302's HTML list is ``<ol type="I">``: its items show «I.», «II.»; ``show 302.I`` and
    ``show 302.ii`` are 302; ``show 302.V`` names nothing (two items)."""
    from berserk_kb.errors import NotFoundError

    page = ('<html><body><main><h2>302. Этапы</h2><ol type="I"><li>начало;</li><li>конец.</li></ol>'
            '<h2>303. Итог</h2></main></body></html>')
    kb, out = _imported(tmp_path, "site.html", page, "H")
    assert [i.label for i in kb.show("302")[0].list_items] == ["I", "II"]
    assert [p.id for p in kb.show("302.I")] == [p.id for p in kb.show("302.ii")] == ["H:302"]
    with pytest.raises(NotFoundError):
        kb.show("302.V")
    _loss_free(out)


def test_paragraphs_set_in_a_layout_table_are_paragraphs(tmp_path):
    """«100.3.» | «Табличный пункт.» and «100.4.» | «Ещё один.» in a borderless table between 100.2
    and 100.5 are paragraphs 100.3 and 100.4 (5 numbered in all under 100, no S002 «missing»);
    the data table under 400.1 («Номер | Фаза» over «401. | Начало») stays one table and owns no
    number."""
    page = ("<html><body><main><h2>100. Особенности</h2><p>100.1. Первый.</p><p>100.2. Второй.</p>"
            "<table><tr><td>100.3.</td><td>Табличный пункт.</td></tr><tr><td>100.4.</td><td>Ещё один.</td></tr></table>"
            "<p>100.5. Обычный пункт.</p><h2>400. Фазы</h2><p>400.1. Фазы в таблице.</p>"
            "<table><tr><th>Номер</th><th>Фаза</th></tr><tr><td>401.</td><td>Начало</td></tr></table>"
            "</main></body></html>")
    kb, out = _imported(tmp_path, "rules.html", page, "H")
    assert [p.number for p in kb.rulebook.paragraphs if p.number] == ["100", "100.1", "100.2", "100.3", "100.4",
                                                                        "100.5", "400", "400.1"]
    assert kb.show("100.3")[0].text.strip() == "Табличный пункт."
    assert [p.parent for p in kb.rulebook.paragraphs if p.kind.value == "table"] == ["H:400.1"]
    assert not kb.check(only=["S002"]).findings
    _loss_free(out)


def test_a_bulleted_list_in_a_word_table_cell_keeps_its_markers(tmp_path):
    """A cell with «Эффект» and a bulleted list «броня», «регенерация» reads «Эффект • броня •
    регенерация», as Word shows it, not «Эффект броня регенерация»."""
    from docx_maker import level

    d = DocxMaker()
    d.add_numbering(1, [level(0, 1, "bullet", "•")])
    d.para("100.1. Особенности в таблице.")
    d.table([["Особенность", "Эффект"]])
    cell = d.doc.tables[0].cell(0, 1)
    for word in ("броня", "регенерация"):
        p = cell.add_paragraph(word)
        from docx.oxml import parse_xml

        p._p.get_or_add_pPr().append(parse_xml(
            '<w:numPr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
            '<w:ilvl w:val="0"/><w:numId w:val="901"/></w:numPr>'))
    out = tmp_path / "OUT"
    import_rulebook([d.save(tmp_path / "cell.docx")], out, "D")
    (table,) = [p for p in _kb(out).rulebook.paragraphs if p.kind.value == "table"]
    assert [list(r) for r in _kb(out).show(table.id)[0].rows] == [["Особенность", "Эффект • броня • регенерация"]]
    _loss_free(out)


def test_markdown_contents_entries_stay_one_a_line(tmp_path):
    """CommonMark reads «Глоссарий ....... 4» under the list item «402. Артефакты ....... 3» as its
    lazy continuation; a contents entry under another is a line of its own: 4 contents lines
    (400, 401, 402, Глоссарий), none glued, and no number owned by them."""
    text = ("# Правила\n\nСодержание\n\n400. Магия .......... 1\n401. Заклинания ...... 2\n"
            "402. Артефакты ....... 3\nГлоссарий ............ 4\n\n## 400. Магия\n\n400.1. Магия бывает разной.\n")
    kb, out = _imported(tmp_path, "rules.md", text, "M")
    contents = [p.text.strip() for p in kb.rulebook.paragraphs if p.kind.value == "contents"]
    assert len([c for c in contents if c.endswith(("1", "2", "3", "4"))]) == 4 and "Глоссарий ............ 4" in contents
    assert [p.number for p in kb.rulebook.paragraphs if p.number] == ["400", "400.1"]
    _loss_free(out)


@pytest.mark.parametrize("text, numbers", [
    ("Оплата (см. 300.2ii) идёт первой.", ["300.2ii"]),  # the Roman item stays on its number
    ("Судья проверяет (пункт 800.2ii, правило 801.1).", ["800.2ii", "801.1"]),
    ("Этапы идут по порядку (см. 302.I).", ["302.I"]),  # «.I»: the item I. of 302
    ("см. 302.IV и 302.II.", ["302.IV", "302.II"]),
    ("(300.2ii)", ["300.2ii"]),
    ("См. 100.1 и 100.2.", ["100.1", "100.2"]),  # «и» is the conjunction, not an item «и»
    ("См. 100.1 в разделе 100.", ["100.1", "100"]),  # «в» is the preposition
    ("См. 100.1ivan.", ["100.1"]),  # a word glued on is no suffix
    ("см. 100.3Б", ["100.3б"]),  # one letter, as before: lower case
    ("см. 100.1000 и 100.999", ["100.1000", "100.999"]),  # four-digit sub-numbers
    ("см. 100.998–100.1000", ["100.998", "100.999", "100.1000"]),
    ("Это так (100.1000).", ["100.1000"]),
    ("согласно правилам 2024 года", []),  # a year is no paragraph
])
def test_reference_suffixes_roman_and_four_digit_sub_numbers(text, numbers):
    from berserk_kb.text.references import find_references

    assert [n for _, nums, _ in find_references(text) for n in nums] == numbers


def test_a_roman_item_reference_resolves_to_its_item_or_stays_unresolved(tmp_path):
    """800.2's sub-list is decimal (800.2.1, 800.2.2: no Roman items), 801.1's is ``<ol type="i">``
    (i., ii.), 302's ``<ol type="I">`` (I., II.). «пункт 800.2ii» names nothing (unresolved, not
    800.2); «см. 801.1ii» is the second item of 801.1; «см. 302.I» the first of 302; «см. 800.1 и
    801.1» both paragraphs; «см. 800.1000» the paragraph 800.1000."""
    page = ('<html><body><main><h2>800. Карты</h2><ol><li>Карта принадлежит стихии.</li>'
            '<li>Карты бывают:<ol><li>существами;</li><li>артефактами.</li></ol></li></ol>'
            '<p>800.1000. Тысячный пункт.</p>'
            '<h2>801. Колода</h2><ol><li>Колода содержит от 30 до 50 карт.'
            '<ol type="i"><li>не более трёх копий;</li><li>не более одной уникальной.</li></ol></li>'
            '<li>Судья проверяет (пункт 800.2ii, см. 801.1ii, см. 302.I).</li>'
            '<li>Всё вместе (см. 800.1 и 801.1, см. 800.1000).</li></ol>'
            '<h2>302. Этапы</h2><ol type="I"><li>начало;</li><li>конец.</li></ol></main></body></html>')
    kb, out = _imported(tmp_path, "wiki.html", page, "W")
    assert [i.label for i in kb.show("801.1")[0].list_items] == ["i", "ii"]
    cites = [(r.number, r.target.id if r.target else None) for r in kb.show("801.2")[0].cites]
    assert cites == [("800.2ii", None), ("801.1ii", "W:801.1/item2"), ("302.I", "W:302/item1")]
    cites = [(r.number, r.target.id if r.target else None) for r in kb.show("801.3")[0].cites]
    assert cites == [("800.1", "W:800.1"), ("801.1", "W:801.1"), ("800.1000", "W:800.1000")]
    _loss_free(out)


def test_a_word_lower_roman_item_is_named_by_its_reference(tmp_path):
    """Word shows 300.2's items «i.», «ii.» (``lowerRoman``); «(см. 300.2ii)» in 300.3 is the
    second item «ii. золотом.», not 300.2 itself."""
    from docx_maker import level

    d = DocxMaker()
    d.add_numbering(1, [level(0, 1, "lowerRoman", "%1.")])
    d.para("300.2. Стоимость оплачивается:")
    d.numbered("кристаллами;", 1)
    d.numbered("золотом.", 1)
    d.para("300.3. Золото тратится последним (см. 300.2ii).")
    out = tmp_path / "OUT"
    import_rulebook([d.save(tmp_path / "rules.docx")], out, "E")
    kb = _kb(out)
    assert [(r.number, r.raw, r.target.id) for r in kb.show("300.3")[0].cites] == [
        ("300.2ii", "см. 300.2ii", "E:300.2/item2")]
    _loss_free(out)


@pytest.mark.parametrize("fmt", ["html", "docx"])
def test_a_sentence_under_a_heading_is_a_paragraph(tmp_path, fmt):
    """«Текст под заголовком.» is three words with a full stop — a paragraph, the sentence under
    «Особые случаи» and under «Часть 2 — Игра», not a heading that would own what follows; a real
    heading ending with a full stop («Правило топора.» right under «Бой», marked so by the format)
    stays a heading. Headings: «Особые случаи», «Часть 2 — Игра», «Бой», «Правило топора.» (4); the two sentences and
    «Топор рубит.» are plain paragraphs, each under the heading right above it."""
    parts = [("h", "Особые случаи"), ("p", "Текст под заголовком."), ("h", "Часть 2 — Игра"),
             ("p", "Текст под заголовком."), ("h", "Бой"), ("h", "Правило топора."), ("p", "Топор рубит.")]
    if fmt == "docx":
        d = DocxMaker()
        for kind, text in parts:
            d.heading(text, 2) if kind == "h" else d.para(text)
        out = tmp_path / "OUT"
        import_rulebook([d.save(tmp_path / "rules.docx")], out, "X")
        kb = _kb(out)
    else:
        page = "<html><body><main>" + "".join(f"<h2>{t}</h2>" if k == "h" else f"<p>{t}</p>"
                                              for k, t in parts) + "</main></body></html>"
        kb, out = _imported(tmp_path, "rules.html", page, "X")
    heads = {p.id: p.title for p in kb.rulebook.paragraphs if p.kind.value == "heading"}
    assert sorted(heads.values()) == ["Бой", "Особые случаи", "Правило топора", "Часть 2 — Игра"]
    plain = [(p.text.strip(), heads.get(p.parent)) for p in kb.rulebook.paragraphs if p.kind.value == "text"]
    assert plain == [("Текст под заголовком.", "Особые случаи"), ("Текст под заголовком.", "Часть 2 — Игра"),
                     ("Топор рубит.", "Правило топора")]
    _loss_free(out)
