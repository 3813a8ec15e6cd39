"""berserk-kb import on what a second fresh user brought (issue 11, fu11e): a word hyphenated
before a number, a continuation that opens with a quoted name, letters in either alphabet and case,
references to list items, hidden Word text, lists told apart by level only, and a two-column page."""

from __future__ import annotations

from berserk_kb.text.formats.importer import import_rulebook
from test_import import _kb, _loss_free


def _import(tmp_path, name: str, text: str, edition: str = "T"):
    src = tmp_path / name
    src.write_text(text, encoding="utf-8")
    out = tmp_path / "OUT"
    summary = import_rulebook([src], out, edition)
    return _kb(out), out, summary


def test_a_hyphenated_word_never_makes_the_next_line_a_paragraph(tmp_path):
    """«500.2. Движение запрещено, см. пра-» / «вило 500.3. Это важно.»: the word is «правило», and
    the sentence goes on to «Это важно.» — so 500.2 is «Движение запрещено, см. правило 500.3. Это
    важно.» and cites 500.3; the only 500.3 is «Закрытое существо не двигается.» (no second 500.3)."""
    kb, out, _ = _import(tmp_path, "hyph.txt", "500. Движение\n500.1. Существо двигается.\n"
                         "500.2. Движение запрещено, см. пра-\nвило 500.3. Это важно.\n"
                         "500.3. Закрытое существо не двигается.\n")
    (p,) = kb.show("500.2")
    assert " ".join(p.text.split()) == "Движение запрещено, см. правило 500.3. Это важно."
    assert [r.target.id for r in p.cites] == ["T:500.3"]
    assert [q.text for q in kb.show("500.3")] == ["Закрытое существо не двигается."]
    _loss_free(out)


def test_a_line_opening_with_a_quoted_name_continues_the_paragraph(tmp_path):
    """«500.5. Существо с особенностью» has no final punctuation, and ««Рывок» двигается на две
    клетки, см. правило 500.1.» under it finishes that sentence: one paragraph 500.5 citing 500.1.
    A lower-case line under a title-like paragraph goes on with it the same way («500.6. Существо»
    / «не двигается.»)."""
    kb, out, _ = _import(tmp_path, "quote.txt", "500. Движение\n500.1. Существо двигается.\n"
                         "500.5. Существо с особенностью\n«Рывок» двигается на две клетки, см. правило 500.1.\n"
                         "500.6. Закрытое существо\nне двигается.\n")
    (p,) = kb.show("500.5")
    assert " ".join(p.text.split()) == "Существо с особенностью «Рывок» двигается на две клетки, см. правило 500.1."
    assert [r.target.id for r in p.cites] == ["T:500.1"]
    assert " ".join(kb.show("500.6")[0].text.split()) == "Закрытое существо не двигается."
    _loss_free(out)


_LETTERS = ("100. Общие положения\n\n100.3. Ход состоит из этапов:\na. начало хода;\nb. конец хода.\n\n"
            "200. Атака\n\n200.2. Существо может:\nа) атаковать;\nб) двигаться.\n\n"
            "210. Удары\n\n210.1. Удар наносится.\n\n210.1a. Магический удар наносится магией.\n\n"
            "300. Магия\n\n300.2. Заклинание разыгрывается.\n\n300.2Б. Заклинание можно отменить.\n\n"
            "300.3. Отмена описана в 300.2Б (см. пункт 200.2б и 100.3a).\n")


def test_the_graph_shapes_accept_letters_of_either_alphabet_and_case(tmp_path):
    """«210.1a.» (Latin a) and «300.2Б.» (capital Б) are printed numbers the importer reads; the
    references «см. пункт 200.2б и 100.3a» name items «б)» and «a.». None of them breaks a shape:
    G001 finds nothing."""
    kb, _, _ = _import(tmp_path, "letters.txt", _LETTERS)
    assert kb.show("210.1a")[0].text == "Магический удар наносится магией."
    assert [f.message for f in kb.check(only=["G001"]).findings] == []


def test_a_graph_finding_on_a_reference_names_its_edition_and_line(tmp_path):
    """A shape (the KB's own ``shapes.ttl``) that refuses every cited number: the findings on the
    references of «300.3. …» (line 25 of the fragment, counting the blank line after each
    paragraph; edition T) name edition T and that file and line, not every edition and no place."""
    _, out, summary = _import(tmp_path, "letters.txt", _LETTERS)
    (out / "shapes.ttl").write_text(
        "@prefix sh: <http://www.w3.org/ns/shacl#> .\n@prefix bkb: <https://w3id.org/berserk-kb/vocab#> .\n"
        "bkb:S a sh:NodeShape ; sh:targetClass bkb:Reference ;\n"
        "  sh:property [ sh:path bkb:citedNumber ; sh:pattern \"^x$\" ] .\n", encoding="utf-8")
    found = [f for f in _kb(out).check(only=["G001"]).findings if "T:300.3#ref" in f.message]
    assert found and {f.edition for f in found} == {"T"}
    assert {f.source for f in found} == {f"{summary.fragments[0]}:25"}


def test_a_reference_with_a_letter_names_the_list_item(tmp_path):
    """«см. пункт 200.2б и 100.3a»: no paragraph is printed «200.2б» or «100.3a», but 200.2 has the
    item «б) двигаться.» (its second) and 100.3 the item «a. начало хода;» (its first, a Latin
    letter): each reference resolves to that item, its letter kept in the number it shows. «описана
    в 300.2Б» before them names the printed paragraph 300.2Б."""
    kb, _, _ = _import(tmp_path, "letters.txt", _LETTERS)
    (p,) = kb.show("300.3")
    assert [(c.number, c.target.id, c.target.number) for c in p.cites] == [
        ("300.2б", "T:300.2Б", "300.2Б"), ("200.2б", "T:200.2/item2", "200.2б"), ("100.3a", "T:100.3/item1", "100.3a")]
    items = {i.id: i.text for q in (kb.show("200.2")[0], kb.show("100.3")[0]) for i in q.list_items}
    assert items["T:200.2/item2"] == "двигаться." and items["T:100.3/item1"] == "начало хода;"


def test_hidden_word_text_is_not_imported(tmp_path):
    """Word hides a run marked «hidden» (``w:vanish``), and the text of a character style that is
    hidden: «701.5. Скрытый текст: » + hidden «невидимый» + « видимый.» reads «701.5. Скрытый
    текст: видимый.» (spaces compared collapsed); «701.6. Видно » + a run in the hidden style «Служебный» + «всё.» reads
    «701.6. Видно всё.»."""
    import docx
    from docx.enum.style import WD_STYLE_TYPE

    d = docx.Document()
    d.add_paragraph("701. Артефакты")
    q = d.add_paragraph("701.5. Скрытый текст: ")
    q.add_run("невидимый").font.hidden = True
    q.add_run(" видимый.")
    st = d.styles.add_style("Служебный", WD_STYLE_TYPE.CHARACTER)
    st.font.hidden = True
    q = d.add_paragraph("701.6. Видно ")
    q.add_run("служебное ", style="Служебный")
    q.add_run("всё.")
    d.save(str(tmp_path / "hidden.docx"))
    out = tmp_path / "OUT"
    import_rulebook([tmp_path / "hidden.docx"], out, "W")
    kb = _kb(out)
    assert " ".join(kb.show("701.5")[0].text.split()) == "Скрытый текст: видимый."
    assert " ".join(kb.show("701.6")[0].text.split()) == "Видно всё."
    _loss_free(out)


_GDOCS = ('<html><head><style type="text/css">ol.lst-kix_a-0{list-style-type:none}'
          '.lst-kix_a-0>li:before{content:"" counter(lst-ctn-kix_a-0,decimal) ". "}'
          '.lst-kix_a-1>li:before{content:"" counter(lst-ctn-kix_a-1,lower-latin) ") "}</style></head><body>'
          '<h1><span>200. Ход</span></h1>'
          '<ol class="c1 lst-kix_a-0 start" start="1"><li><span>Ход начинается с фазы открытия.</span></li>'
          '<li><span>Затем игрок действует одним из способов:</span></li></ol>'
          '<ol class="c1 lst-kix_a-1 start" start="1"><li><span>атакует;</span></li><li><span>двигается.</span></li></ol>'
          '<ol class="c1 lst-kix_a-0" start="3"><li><span>Ход заканчивается, см. правило 200.2</span><span>b.</span></li></ol>'
          '<div><p><span>Опубликовано в Google Документах</span></p></div></body></html>')


def test_google_docs_lists_keep_their_levels_and_markers(tmp_path):
    """Google Docs writes each list level as a list of its own: «lst-kix_a-0» (level 0, «1.»),
    «lst-kix_a-1» (level 1, drawn by the stylesheet as lower-latin «a)»), then «lst-kix_a-0»
    again from 3. A browser shows 1., 2., a), b) under 2., 3.: so under «200. Ход» there are
    200.1, 200.2 with the items «a) атакует;», «b) двигается.», and 200.3 — and «см. правило
    200.2b» names item b. The service's footer «Опубликовано в Google Документах» is not rule text."""
    kb, out, summary = _import(tmp_path, "rules.html", _GDOCS, "H")
    (p,) = kb.show("200.2")
    assert [(i.label, i.text) for i in p.list_items] == [("a", "атакует;"), ("b", "двигается.")]
    (q,) = kb.show("200.3")
    assert q.text == "Ход заканчивается, см. правило 200.2b." and [c.target.id for c in q.cites] == [p.list_items[1].id]
    assert "Опубликовано" not in (out / "sources" / summary.fragments[0]).read_text(encoding="utf-8")
    assert [f.code for f in kb.check(only=["S001", "S003"]).findings] == []
    _loss_free(out)


def _word_p(level: int, marker: str, text: str) -> str:
    return (f"<p class=MsoListParagraph style='text-indent:-18.0pt;mso-list:l0 level{level} lfo1'><![if !supportLists]>"
            f"<span style='mso-list:Ignore'>{marker}<span style='font:7.0pt \"Times New Roman\"'>&nbsp;&nbsp; </span>"
            f"</span><![endif]>{text}<o:p></o:p></p>\n")


def test_a_word_web_page_list_reads_its_levels_and_markers(tmp_path):
    """Word saved as a web page writes each list paragraph as ``<p style="mso-list:l0 levelN">``
    with its marker in a ``mso-list:Ignore`` span: «1.», «2.», then «a.», «b.» at level 2, then
    «3.» — under «300. Магия» that is 300.1, 300.2 (with the items a and b), 300.3, and «см.
    правило 300.2b» names item b."""
    page = ("<html><body><div class=WordSection1><h1><span>300. Магия<o:p></o:p></span></h1>\n"
            + _word_p(1, "1.", "Заклинание разыгрывается из руки.") + _word_p(1, "2.", "Заклинание имеет одну из целей:")
            + _word_p(2, "a.", "существо;") + _word_p(2, "b.", "игрока.")
            + _word_p(1, "3.", "После розыгрыша см. правило 300.2b.") + "</div></body></html>")
    kb, out, _ = _import(tmp_path, "word.htm", page, "H")
    (p,) = kb.show("300.2")
    assert p.text == "Заклинание имеет одну из целей:"
    assert [(i.label, i.text) for i in p.list_items] == [("a", "существо;"), ("b", "игрока.")]
    (q,) = kb.show("300.3")
    assert q.text == "После розыгрыша см. правило 300.2b." and [c.target.id for c in q.cites] == [p.list_items[1].id]
    _loss_free(out)


def test_word_list_styles_told_apart_by_indent_nest(tmp_path):
    """Word's «List Number» and «List Number 2» are two lists, each at its level 0; Word shows
    the second indented further, numbered 1. 2. under item 2 of the first. Under «700. Магия»
    the first list's items are 700.1–700.3, so the «List Number 2» items are 700.2.1 «существо;»
    and 700.2.2 «игрок.» under 700.2 — not a second 700.1 and 700.2 — and 700.3 follows them."""
    import docx

    d = docx.Document()
    d.add_paragraph("700. Магия", style="Heading 1")
    d.add_paragraph("Заклинание разыгрывается в свой ход.", style="List Number")
    d.add_paragraph("Заклинание требует цель:", style="List Number")
    d.add_paragraph("существо;", style="List Number 2")
    d.add_paragraph("игрок.", style="List Number 2")
    d.add_paragraph("Отмена заклинания — см. правило 700.2.", style="List Number")
    d.save(str(tmp_path / "styles.docx"))
    out = tmp_path / "OUT"
    import_rulebook([tmp_path / "styles.docx"], out, "W")
    kb = _kb(out)
    assert [p.text for p in kb.show("700.1")] == ["Заклинание разыгрывается в свой ход."]
    assert [(p.text, p.parent.number) for p in kb.show("700.2.1")] == [("существо;", "700.2")]
    assert [p.text for p in kb.show("700.2.2")] == ["игрок."]
    assert [p.text for p in kb.show("700.3")] == ["Отмена заклинания — см. правило 700.2."]
    assert [f.code for f in kb.check(only=["S001", "S003"]).findings] == []
    _loss_free(out)


_TWO_COLUMNS = ("                     БЕРСЕРК. ПОЛНЫЕ ПРАВИЛА\n\n"
                "500. Движение                              500.4. Летающее существо может\n"
                "500.1. Существо может двигаться на         переместиться на любую свободную\n"
                "одну клетку по вертикали или               клетку поля.\n"
                "горизонтали.                               500.5. Существо с особенностью\n"
                "500.2. Движение не может проходить         «Рывок» двигается на две клетки,\n"
                "через занятую клетку, см. пра-             см. правило 500.1.\n"
                "вило 500.3.                                501. Атака\n"
                "500.3. Закрытое существо не                501.1. Атаку может объявить\n"
                "двигается.                                 только открытое существо.\n")


def test_two_columns_side_by_side_are_read_one_after_the_other(tmp_path):
    """A PDF page turned into text with its layout: the left column holds 500–500.3, the right
    one (from position 43 on every line 3–11) 500.4–501.1. Read down the left column, then down
    the right: 500.4 is «Летающее существо может переместиться на любую свободную клетку поля.»,
    500.2 cites 500.3 and 500.5 cites 500.1, 501.1 stands under 501; the summary says lines 3–11
    were read as two columns. A contents line with its page number far right is not a column."""
    kb, out, summary = _import(tmp_path, "cols.txt", _TWO_COLUMNS)
    assert " ".join(kb.show("500.4")[0].text.split()) == "Летающее существо может переместиться на любую свободную клетку поля."
    assert [c.target.id for c in kb.show("500.2")[0].cites] == ["T:500.3"]
    assert [c.target.id for c in kb.show("500.5")[0].cites] == ["T:500.1"]
    assert kb.show("501.1")[0].parent.number == "501"
    assert [n.split(": ", 1)[1].split(";")[0] for n in summary.notes] == ["lines 3–11 are two columns side by side"]
    _loss_free(out)
    contents = "".join(f"{n}. Раздел номер {n}                           {n - 95}\n" for n in (100, 200, 300, 400))
    (tmp_path / "toc").mkdir()
    assert not _import(tmp_path / "toc", "toc.txt", contents + "\n100. Раздел номер 100\n")[2].notes


def test_sections_numbered_by_hundreds_leave_no_gap(tmp_path):
    """Sections 100, 200, 300 (each a part of its own, as «121 → 201» is) leave nothing missing;
    within a hundred, 301 → 303 still misses 302."""
    kb, _, _ = _import(tmp_path, "parts.txt", "100. Общие положения\n\n100.1. Игра ведётся двумя игроками.\n\n"
                       "200. Ход\n\n200.1. Ход состоит из этапов.\n\n300. Магия\n\n301. Заклинания\n\n303. Отмена\n")
    assert [f.message for f in kb.check(only=["S002"]).findings] == ["302 is missing between 301 and 303 in edition T"]


def test_a_contents_table_under_its_heading_is_contents_not_a_table(tmp_path):
    """«## Содержание» over a table «Раздел | Страница» / «100. Основы | 1» / «200. Атака | 3»:
    a contents page (titles with page numbers that grow), not a table unit; it owns nothing, and
    100.1 stands under the body's «100. Основы»."""
    kb, out, summary = _import(tmp_path, "ed.md", "# Правила\n\n## Содержание\n\n| Раздел | Страница |\n|---|---|\n"
                               "| 100. Основы | 1 |\n| 200. Атака | 3 |\n\n## 100. Основы\n\n100.1. Игра ведётся двумя "
                               "игроками.\n\n## 200. Атака\n\n200.1. Атакующее существо закрывается.\n")
    assert summary.counts["tables"] == 0 and summary.counts["contents"] >= 2
    assert kb.show("100.1")[0].parent.id == kb.show("100")[0].id
    assert [p.kind for p in kb.show("100")] == ["numbered"]
    _loss_free(out)


def test_a_tables_caption_is_kept_as_a_line_above_it(tmp_path):
    """«.. list-table:: Бонусы» (reStructuredText) and ``<caption>Бонусы</caption>`` (HTML) name
    the table: the word «Бонусы» stands in the fragment on a line of its own, the table's first row
    «Стихия Бонус» the next line of text under it."""
    rst = ("400. Фазы\n=========\n\n400.1. Бонусы стихий.\n\n.. list-table:: Бонусы\n   :header-rows: 1\n\n"
           "   * - Стихия\n     - Бонус\n   * - Лес\n     - 1\n")
    html = ("<h1>400. Фазы</h1><p>400.1. Бонусы стихий.</p><table><caption>Бонусы</caption>"
            "<tr><th>Стихия</th><th>Бонус</th></tr><tr><td>Лес</td><td>1</td></tr></table>")
    for name, text in (("r.rst", rst), ("r.html", html)):
        (tmp_path / name).mkdir()
        _, out, summary = _import(tmp_path / name, name, text)
        lines = (out / "sources" / summary.fragments[0]).read_text(encoding="utf-8").split("\n")
        below = [ln for ln in lines[lines.index("Бонусы") + 1:] if ln.strip()]
        assert "Стихия" in below[0] and "Бонус" in below[0], (name, lines)
        _loss_free(out)


def test_show_names_a_capital_letter_paragraph_as_printed(tmp_path):
    """«300.4. См. правило 300.2б.» cites the paragraph printed «300.2Б.»: what it cites is shown
    by that printed number, «300.2Б», the reference's own words kept as written."""
    from berserk_kb.render.paragraphs import paragraph_views

    kb, _, _ = _import(tmp_path, "caps.txt", _LETTERS + "\n300.4. См. правило 300.2б.\n")
    text = paragraph_views(kb.show("300.4"), {})
    assert "300.2Б  «См. правило 300.2б» → T:300.2Б" in text


def test_a_reference_to_its_own_rules_is_dangling_not_external(tmp_path):
    """«См. п. 999.9 этих правил»: the text says 999.9 is this rulebook's own, and it prints no
    999.9 — a dangling reference (S005 warning, not external), where «см. п. 5.3 Турнирных правил»
    stays a reference into another document and «см. п. 900.1» (no words after it) outside the
    loaded text."""
    kb, _, summary = _import(tmp_path, "own.txt", "100. Общие положения\n\n100.1. См. п. 999.9 этих правил.\n\n"
                             "100.2. См. п. 5.3 Турнирных правил.\n\n100.3. См. п. 900.1.\n")
    refs = {c.number: c for p in kb.show("100.1") + kb.show("100.2") + kb.show("100.3") for c in p.cites}
    assert (refs["999.9"].external, refs["5.3"].external, refs["900.1"].external) == (False, True, True)
    assert (summary.counts["external"], summary.counts["outside"]) == (1, 1)
    s005 = {f.message.split(" names ")[1].split(",")[0]: f.severity for f in kb.check(only=["S005"]).findings}
    assert s005["999.9"] == "warning"
