"""berserk-kb import on the remaining items of issue 11 (P6, P8, P9, P10): a sentence cut between two
source files, kramdown definition lists, links to numbered paragraphs, a wiki page copied as text.
Every input is written here, every expected value read off it by hand."""

from __future__ import annotations

from berserk_kb.checks import run_checks
from berserk_kb.text.formats.importer import import_rulebook
from test_import import _kb, _loss_free


def _two(tmp_path, first: tuple[str, str], second: tuple[str, str], edition: str = "T"):
    paths = []
    for name, text in (first, second):
        paths.append(tmp_path / name)
        paths[-1].write_text(text, encoding="utf-8")
    out = tmp_path / "OUT"
    import_rulebook(paths, out, edition)
    _loss_free(out)
    return _kb(out)


def _cut(kb) -> list[str]:
    return [f.values["text"] for f in run_checks(kb, only=["S006"]).findings]


def test_a_sentence_cut_between_two_files_is_cut_on_both_sides(tmp_path):
    """a.md ends «100.2. Если на кубике выпало шесть, игрок» and b.md goes on «получает ход ещё раз.»,
    imported in one call. By hand: the sentence is cut where a.md ends, so both pieces are cut off —
    100.2 (no final stop, and the next file opens mid-sentence, though its last word «игрок» alone
    would end a sentence) and b.md's first line (starts with a lower-case letter); 100.1, «Игрок
    ходит первым» without a final stop, is whole, and so is 100.3 «Конец хода» ending b.md."""
    kb = _two(tmp_path, ("a.md", "100. Основы\n\n100.1. Игрок ходит первым\n\n100.2. Если на кубике выпало шесть, игрок\n"),
              ("b.md", "получает ход ещё раз.\n\n100.3. Конец хода\n"))
    assert _cut(kb) == ["Если на кубике выпало шесть, игрок", "получает ход ещё раз."]
    assert kb.show("100.2")[0].text == "Если на кубике выпало шесть, игрок"


def test_complete_paragraphs_without_a_final_stop_at_a_file_boundary_are_not_cut(tmp_path):
    """a.md ends «100.2. Игрок ходит первым» (no final stop), b.md opens «101. Бой» / «101.1. Атака
    наносит урон»; and a.txt ends «100.2. Конец хода» while b.txt opens with a capital «Игрок
    выбирает карту.». By hand: every paragraph is a whole sentence, none cut: no S006 at all."""
    kb = _two(tmp_path, ("a.md", "100. Основы\n\n100.1. Ход.\n\n100.2. Игрок ходит первым\n"),
              ("b.md", "101. Бой\n\n101.1. Атака наносит урон\n"))
    assert _cut(kb) == []
    (tmp_path / "OUT").rename(tmp_path / "OUT1")
    kb = _two(tmp_path, ("a.txt", "100. Основы\n100.1. Ход.\n100.2. Конец хода\n"),
              ("b.txt", "Игрок выбирает карту.\n"))
    assert _cut(kb) == []


#: a kramdown glossary: «Term» / «: definition», tight (a definition going on to a second line) and
#: loose (a blank line between the term and its definition)
DEFLIST = ("# 900. Глоссарий\n\nАвангард Х\n: Срабатывающая способность. Карта\nполучает Х.\n\nБроня\n\n"
           ": Постоянная способность, уменьшающая урон.\n\nЯд Х\n: Срабатывающая способность (см. 900).\n")


def test_a_kramdown_definition_list_entry_is_titled_by_its_term(tmp_path):
    """By hand: three entries under section 900 «Глоссарий»; each term is its entry's title —
    «Авангард Х», «Броня», «Яд Х» — its definition the text under it, without the «: » mark
    («Срабатывающая способность. Карта получает Х.», the wrapped line part of it); `show "Яд Х"`
    finds the third, whose definition cites 900 — one reference, resolved."""
    src = tmp_path / "g.md"
    src.write_text(DEFLIST, encoding="utf-8")
    import_rulebook([src], tmp_path / "OUT", "G")
    _loss_free(tmp_path / "OUT")
    kb = _kb(tmp_path / "OUT")
    for term, definition in (("Авангард Х", "Срабатывающая способность. Карта получает Х."),
                             ("Броня", "Постоянная способность, уменьшающая урон."),
                             ("Яд Х", "Срабатывающая способность (см. 900).")):
        (view,) = kb.show(term)
        assert view.title == term and view.parent.number == "900", term
        assert [c.text for c in view.children] == [definition], term
    (ref,) = kb.rulebook.references
    assert ref.number == "900" and ref.target == "G:900"
    assert not any(":" in p.text[:2] for p in kb.rulebook.paragraphs)


#: a wiki page copied as text: its title, the «Материал из Википедии» line, the contents box, headings
#: with the edit links MediaWiki prints after them
WIKI = ("Правила игры\n\nМатериал из Википедии\n\nСодержание\n\n1 Общие положения\n1.1 Цель игры\n1.2 Карты\n"
        "2 Ход игры\n\nОбщие положения[править | править код]\n\n1.1. Цель игры[править]\n\n"
        "Игрок побеждает, когда у соперника не осталось карт.\n\n1.2. Карты[править код]\n\n"
        "Каждая карта имеет стоимость (см. 1.1).\n\nХод игры [править]\n\n2.1. Игроки ходят по очереди.\n")


def test_a_wiki_page_copied_as_text_keeps_contents_apart_and_drops_edit_marks(tmp_path):
    """By hand: the body prints 1.1 «Цель игры», 1.2 «Карты» and 2.1 — three numbered paragraphs; the
    contents box under «Содержание» («1 Общие положения» … «2 Ход игры», 4 lines) owns none of them:
    1.1 stands under the body's heading «Общие положения», not under a contents line, and «см. 1.1»
    resolves to the body's 1.1. The four edit marks (lines 12, 14, 18, 22 of the source) are in no
    unit's text, and the fragment's origin keeps each, as written; check finds nothing but the two
    headings that stand for the unprinted 1 and 2 (S004)."""
    import json

    src = tmp_path / "w.txt"
    src.write_text(WIKI, encoding="utf-8")
    import_rulebook([src], tmp_path / "OUT", "W")
    _loss_free(tmp_path / "OUT")
    kb = _kb(tmp_path / "OUT")
    assert [p.number for p in kb.rulebook.paragraphs if p.number] == ["1.1", "1.2", "2.1"]
    assert [p.text for p in kb.rulebook.paragraphs if p.kind.value == "contents"][-4:] == \
        ["1 Общие положения", "1.1 Цель игры", "1.2 Карты", "2 Ход игры"]
    (first,) = kb.show("1.1")
    assert first.text == "Цель игры" and first.parent.id == "W:общие-положения"
    (ref,) = kb.rulebook.references
    assert ref.target == "W:1.1"
    assert not any("править" in u.text for u in kb.rulebook.units())
    origin = json.loads(next((tmp_path / "OUT/sources/origins").iterdir()).read_text(encoding="utf-8"))
    assert origin["dropped"] == [[12, "[править | править код]"], [14, "[править]"], [18, "[править код]"],
                                 [22, "[править]"]]
    assert [f.code for f in run_checks(kb).findings] == ["S004", "S004"]


#: a page whose links name no number: one to a paragraph that prints its number, one to an <ol> item
#: the browser numbers, one into a contents list, one to an id the page lacks
LINKS = ('<html><body><ul id="toc"><li><a href="#s100">Основы</a></li><li><a href="#s101">Бой</a></li></ul>'
         '<h2 id="s100">100. Основы</h2><p id="p1001">100.1. Игрок ходит первым.</p>'
         '<p>100.2. Второй игрок отвечает (см. <a href="#p1001">правило о первом ходе</a>).</p>'
         '<h2 id="s101">101. Бой</h2><ol><li id="atk">Атака наносит урон.</li>'
         '<li>Защита, см. <a href="#atk">правило атаки</a> и <a href="#nowhere">правило щита</a>.</li></ol>'
         '</body></html>')


def test_a_link_whose_words_name_no_number_cites_its_numbered_target(tmp_path):
    """By hand: «правило о первом ходе» links to the paragraph printed «100.1.», so 100.2 cites 100.1;
    «правило атаки» links to the first «<li>» under «101. Бой», which the browser shows as «1.» —
    101.1 — so 101.2 cites 101.1; «правило щита» links to no element: no reference, its words as
    they are; the contents list's links («Основы», «Бой») gain nothing. Two references, both
    resolved; the page's words kept, the target's number after them."""
    src = tmp_path / "l.html"
    src.write_text(LINKS, encoding="utf-8")
    import_rulebook([src], tmp_path / "OUT", "L")
    _loss_free(tmp_path / "OUT")
    kb = _kb(tmp_path / "OUT")
    refs = [(r.source_paragraph, r.number, r.target) for r in kb.rulebook.references]
    assert refs == [("L:100.2", "100.1", "L:100.1"), ("L:101.2", "101.1", "L:101.1")]
    assert kb.show("101.2")[0].text == "Защита, см. правило атаки (п. 101.1) и правило щита."
    assert [i.text for i in kb.rulebook.list_items] == ["Основы", "Бой"]  # the contents list, as it was


def _word_with_cross_references(path) -> None:
    """100.1 carries the bookmark «_Ref1»; 100.2 cites it by a complex REF field showing «правило о
    первом ходе»; 100.3 by an internal hyperlink «первый ход» and a simple REF field with ``\\r``
    that shows the number itself, «100.1»."""
    import docx
    from docx.oxml import parse_xml

    w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
    d = docx.Document()
    d.add_paragraph("100. Основы")
    p = d.add_paragraph("100.1. Игрок ходит первым.")
    p._p.insert(1, parse_xml(f'<w:bookmarkStart {w} w:id="0" w:name="_Ref1"/>'))
    p._p.append(parse_xml(f'<w:bookmarkEnd {w} w:id="0"/>'))
    p = d.add_paragraph("100.2. Второй игрок отвечает (см. ")
    for x in ('<w:fldChar w:fldCharType="begin"/>', '<w:instrText xml:space="preserve"> REF _Ref1 \\h </w:instrText>',
              '<w:fldChar w:fldCharType="separate"/>', '<w:t>правило о первом ходе</w:t>',
              '<w:fldChar w:fldCharType="end"/>', '<w:t>).</w:t>'):
        p._p.append(parse_xml(f"<w:r {w}>{x}</w:r>"))
    p = d.add_paragraph("100.3. Ещё, см. ")
    p._p.append(parse_xml(f'<w:hyperlink {w} w:anchor="_Ref1"><w:r><w:t>первый ход</w:t></w:r></w:hyperlink>'))
    p._p.append(parse_xml(f'<w:r {w}><w:t xml:space="preserve"> и </w:t></w:r>'))
    p._p.append(parse_xml(f'<w:fldSimple {w} w:instr=" REF _Ref1 \\r \\h "><w:r><w:t>100.1</w:t></w:r></w:fldSimple>'))
    p._p.append(parse_xml(f'<w:r {w}><w:t>.</w:t></w:r>'))
    d.save(str(path))


def test_word_cross_references_whose_words_name_no_number_cite_the_bookmarked_paragraph(tmp_path):
    """By hand (the document of :func:`_word_with_cross_references`): the REF field's words and the
    hyperlink's name no number, their bookmark stands in 100.1, so each cites 100.1 — «(п. 100.1)»
    after the words; the ``\\r`` field already shows «100.1» and is left as it is. Three references
    to 100.1, all resolved."""
    _word_with_cross_references(tmp_path / "w.docx")
    import_rulebook([tmp_path / "w.docx"], tmp_path / "OUT", "D")
    _loss_free(tmp_path / "OUT")
    kb = _kb(tmp_path / "OUT")
    assert kb.show("100.2")[0].text == "Второй игрок отвечает (см. правило о первом ходе (п. 100.1))."
    assert kb.show("100.3")[0].text == "Ещё, см. первый ход (п. 100.1) и 100.1."
    assert [(r.source_paragraph, r.target) for r in kb.rulebook.references] == \
        [("D:100.2", "D:100.1"), ("D:100.3", "D:100.1"), ("D:100.3", "D:100.1")]


def test_a_markdown_list_3000_levels_deep_is_refused_at_the_level_it_passes(tmp_path, cli):
    """«- x0», «  - x1», … each item two spaces under the one before, 3,000 levels: CommonMark nests
    each under the last, so the 50th item (line 50) is the first deeper than the 49 levels
    markdown-it reads. By hand: one line naming deep.md:50, exit 2, no folder written."""
    deep = tmp_path / "deep.md"
    deep.write_text("".join("  " * k + f"- x{k}\n" for k in range(3000)), encoding="utf-8")
    r = cli("import", str(deep), "-o", str(tmp_path / "D"), "--edition", "X")
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "deep.md:50: cannot be read as markdown: lists nested too deep" in r.stderr, r.stderr
    assert not (tmp_path / "D").exists()


def test_a_github_task_lists_check_boxes_are_not_the_items_words(tmp_path):
    """«100.1. Игрок выбирает:» over «- [ ] атаку;» and «- [x] защиту.»: GitHub draws two check
    boxes, the words beside them «атаку;» and «защиту.». By hand: two list items of 100.1 with
    those words."""
    src = tmp_path / "t.md"
    src.write_text("# 100. Основы\n\n100.1. Игрок выбирает:\n\n- [ ] атаку;\n- [x] защиту.\n", encoding="utf-8")
    import_rulebook([src], tmp_path / "OUT", "M")
    _loss_free(tmp_path / "OUT")
    assert [i.text for i in _kb(tmp_path / "OUT").show("100.1")[0].list_items] == ["атаку;", "защиту."]


def test_a_reference_to_an_item_written_after_a_dot_keeps_its_letter_before_words(tmp_path):
    """«См. 100.2.б о броне»: the item «б» of 100.2, written after a dot as some texts print it, with
    words after it (before, only «100.2.б.» at a sentence's end kept its letter). By hand: 100.3 cites
    item б of 100.2 — 100.2б, the unit «б) броня» — and 100.4 «пункт 100.2.а и 100.1» cites 100.2а
    and 100.1; three references, all resolved."""
    src = tmp_path / "d.txt"
    src.write_text("100. Основы\n100.1. Ход.\n100.2. Карта имеет:\nа) удар;\nб) броня.\n"
                   "100.3. См. 100.2.б о броне.\n100.4. Смотри пункт 100.2.а и 100.1 перед атакой.\n",
                   encoding="utf-8")
    import_rulebook([src], tmp_path / "OUT", "D")
    _loss_free(tmp_path / "OUT")
    kb = _kb(tmp_path / "OUT")
    refs = [(r.source_paragraph, r.number) for r in kb.rulebook.references]
    assert refs == [("D:100.3", "100.2б"), ("D:100.4", "100.2а"), ("D:100.4", "100.1")]
    assert [r.target for r in kb.rulebook.references] == ["D:100.2/item2", "D:100.2/item1", "D:100.1"]


def test_an_rst_include_is_named_in_a_note_and_its_file_read_when_given(tmp_path, cli):
    """main.rst holds only a title and «.. include:: parts/p1.rst» (docutils' include reads any file,
    so it stays switched off). By hand: main.rst alone gives one heading and no paragraph, and the
    import says, naming main.rst's line 4, that the included file was not read; given as a source
    too, parts/p1.rst's «100.», «100.1.», «100.2.» are three numbered paragraphs, and 100.1's «См.
    100.2» is resolved."""
    (tmp_path / "parts").mkdir()
    (tmp_path / "main.rst").write_text("Правила\n=======\n\n.. include:: parts/p1.rst\n", encoding="utf-8")
    (tmp_path / "parts" / "p1.rst").write_text("100. Основы\n\n100.1. Ход. См. 100.2.\n\n100.2. Бой.\n",
                                               encoding="utf-8")
    alone = cli("import", str(tmp_path / "main.rst"), "-o", str(tmp_path / "A"), "--edition", "R")
    assert alone.exit_code == 0, alone.output
    assert "main.rst:4: «.. include:: parts/p1.rst» not read" in alone.output
    assert "0 numbered paragraphs, 1 headings" in alone.output
    both = cli("import", str(tmp_path / "main.rst"), str(tmp_path / "parts" / "p1.rst"), "-o", str(tmp_path / "B"),
               "--edition", "R")
    assert both.exit_code == 0, both.output
    _loss_free(tmp_path / "B")
    kb = _kb(tmp_path / "B")
    assert [p.number for p in kb.rulebook.paragraphs if p.number] == ["100", "100.1", "100.2"]
    assert [r.target for r in kb.rulebook.references] == ["R:100.2"]


def test_a_table_column_headed_rule_cites_the_paragraphs_its_cells_number(tmp_path):
    """A glossary table «| Термин | Правило |» whose cells are «100.1», «100.2б»: each cell cites
    that paragraph or item, though no «см.» stands by it; a number in a column headed otherwise
    («| Ход | 100 |» under «Число») cites nothing. By hand: three rows under «Правило», three
    references from the table unit — to 100.1, to item б of 100.2, to 100.2 — all resolved; the
    tab-parted table of the .txt gives the same."""
    md = ("100. Основы\n\n100.1. Ход.\n\n100.2. Карта имеет:\n\nа) удар;\n\nб) броня.\n\n101. Таблица\n\n"
          "| Термин | Правило | Число |\n|---|---|---|\n| Ход | 100.1 | 100 |\n| Броня | 100.2б | 2 |\n"
          "| Карта | 100.2 | 3 |\n")
    txt = ("100. Основы\n100.1. Ход.\n100.2. Карта имеет:\nа) удар;\nб) броня.\n101. Таблица\n"
           "Термин\tПравило\tЧисло\nХод\t100.1\t100\nБроня\t100.2б\t2\nКарта\t100.2\t3\n")
    for name, text in (("t.md", md), ("t.txt", txt)):
        src = tmp_path / name
        src.write_text(text, encoding="utf-8")
        out = tmp_path / f"OUT-{name}"
        import_rulebook([src], out, "G")
        _loss_free(out)
        refs = _kb(out).rulebook.references
        assert [(r.number, r.target) for r in refs] == [
            ("100.1", "G:100.1"), ("100.2б", "G:100.2/item2"), ("100.2", "G:100.2")], name
        assert {r.source_unit for r in refs} == {"G:101/table1"}, name
