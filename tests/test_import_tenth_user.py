"""berserk-kb import on layouts a fresh user brought (issue 11, tenth round): a title naming its own
number, items named after their paragraph («подпункт 2»), a document's whole name, a Markdown menu
and footer, a wiki's contents box with no title, a dash list under a lettered item, and glossary
terms alone in their paragraph over the definition."""

from __future__ import annotations

from berserk_kb.text.formats.importer import import_rulebook
from test_import import _kb, _loss_free
from test_import_structure import _imported


def _refs(kb, number: str) -> list[tuple[str | None, str | None]]:
    [p] = kb.show(number)
    return [(r.number, r.target) for r in kb.rulebook.references if r.source_paragraph == p.id]


def test_a_title_naming_its_own_number_cites_nothing(tmp_path):
    """«100. Раздел 100» heads section 100: its title names the section it heads, not another
    part. By hand the text has one cross-reference, «см. 101.1» in 100.1."""
    kb, _ = _imported(tmp_path, "n1.txt", "100. Раздел 100\n\n100.1. Первое правило раздела (см. 101.1).\n\n"
                   "101. Раздел 101\n\n101.1. Второе правило.\n", "A")
    assert [(r.source_paragraph, r.number) for r in kb.rulebook.references] == [("A:100.1", "101.1")]


def test_an_item_named_after_its_paragraph_is_kept():
    """«см. пункт 600.1, подпункт 2» names item 2) of 600.1; «подпункт «б»» names item б)."""
    from berserk_kb.text.references import find_references

    assert [n for _, n, _ in find_references("Это так, см. пункт 600.1, подпункт 2.")] == [["600.1(2)"]]
    assert [n for _, n, _ in find_references("см. п. 100.1, подпункт «б».")] == [["100.1б"]]
    assert [n for _, n, _ in find_references("см. 100.1, подпункт б) его.")] == [["100.1б"]]
    assert [n for _, n, _ in find_references("см. 100.1, в подпункте в нём.")] == [["100.1"]]
    assert [n for _, n, _ in find_references("см. 100.1, подпунктов в нём нет.")] == [["100.1"]]


def test_an_item_named_after_its_paragraph_resolves_to_it(tmp_path):
    """600.1 lists «1) один; 2) два.»: «см. пункт 600.1, подпункт 2» and «(см. 600.1 2))» both name
    by hand the item «2)» of 600.1."""
    kb, _ = _imported(tmp_path, "n4.txt", "600. Раздел\n\n600.1. Правило со списком:\n1) один;\n2) два.\n\n601. Раздел\n\n"
                   "601.1. Это так (см. 600.1 2)).\n\n601.2. Это тоже так, см. пункт 600.1, подпункт 2.\n", "A")
    [second] = [i for i in kb.rulebook.list_items if i.paragraph == "A:600.1" and i.label == "2"]
    assert _refs(kb, "601.1") == [("600.1(2)", second.id)]
    assert _refs(kb, "601.2") == [("600.1(2)", second.id)]


def test_another_documents_name_is_its_whole_noun_phrase():
    """«п. 7.1 Кодекса судьи» points into «Кодекса судьи», not «Кодекса»; the name stops where the
    noun phrase does («… судьи не применяется», «… правил и 100.2»)."""
    from berserk_kb.text.references import find_cross_references

    def docs(text: str) -> list[str | None]:
        return [d for _, _, _, external, _ in find_cross_references(text) for d in external]

    assert docs("Судья решает спор (см. также п. 7.1 Кодекса судьи).") == ["Кодекса судьи"]
    assert docs("п. 7.1 Кодекса судьи не применяется.") == ["Кодекса судьи"]
    assert docs("Так велит п. 7.1 Кодекса судьи.") == ["Кодекса судьи"]
    assert docs("см. п. 5.3 Турнирных правил и 100.2.") == ["Турнирных правил"]
    assert docs("см. п. 2.1 Положения о турнирах.") == ["Положения о турнирах"]


def test_a_markdown_menu_and_the_footer_after_a_thematic_break_are_not_text(tmp_path):
    """A menu line of two links (« · » between) over the rules, and «© …, 2026. [Наверх](#)» after
    `---` under 601.2 «Второе правило» (no final full stop): by hand the rules are 601, 601.1,
    601.2 and nothing else; 601.2 holds its own words only."""
    kb, out = _imported(tmp_path, "n6.md", "[Главная](index.md) · [Правила](rules.md)\n\n# 601. Раздел\n\n601.1. Первое правило.\n\n"
                   "601.2. Второе правило\n\n---\n\n© Судейская коллегия, 2026. [Наверх](#)\n", "A")
    assert [p.number for p in kb.rulebook.paragraphs] == ["601", "601.1", "601.2"]
    assert [p.text for p in kb.show("601.2")] == ["Второе правило"]
    assert not [p for p in kb.rulebook.paragraphs if p.parent == "A:601.2"]
    _loss_free(out)


def test_markdown_links_a_rule_lists_stay_text(tmp_path):
    """«Карты: [Яд](yad.md), [Щит](shield.md).» is a rule's sentence (commas, words around the links),
    and a «---» with a numbered paragraph after it is no footer: by hand 100.1 and 100.2 both stay."""
    kb, _ = _imported(tmp_path, "links.md", "# 100. Карты\n\n100.1. Карты: [Яд](yad.md), [Щит](shield.md).\n\n---\n\n"
                   "100.2. Другое правило ([Наверх](#)).\n", "A")
    assert [p.number for p in kb.rulebook.paragraphs] == ["100", "100.1", "100.2"]
    assert "Яд" in kb.show("100.1")[0].text


def test_a_wiki_contents_box_without_a_title_is_contents(tmp_path):
    """MediaWiki's `<div id="toc">` with two links into the page, «1 800. Магия», «2 801.
    Заклинания» (its contents numbers), no «Содержание» inside; the body then has headings 800 and
    801. By hand: 2 contents lines, no list item, no S006 finding, 800.1 under the body's 800."""
    kb, out = _imported(tmp_path, "wk.html", '<html><body><div id="toc" class="toc"><ul>'
                   '<li><a href="#800"><span class="tocnumber">1</span> <span class="toctext">800. Магия</span></a></li>'
                   '<li><a href="#801"><span class="tocnumber">2</span> <span class="toctext">801. Заклинания</span></a></li>'
                   '</ul></div><h2 id="800">800. Магия</h2><p>800.1. Магия тратит силу.</p>'
                   '<h2 id="801">801. Заклинания</h2><p>801.1. Заклинание действует сразу.</p></body></html>', "K")
    assert len([p for p in kb.rulebook.paragraphs if p.kind.value == "contents"]) == 2
    assert not kb.rulebook.list_items
    assert kb.show("800.1")[0].parent.number == "800"
    from berserk_kb.checks import run_checks

    assert not [f for f in run_checks(kb).findings if f.code == "S006"]
    _loss_free(out)


def test_a_dash_list_after_a_lettered_item_ending_with_a_semicolon_is_its_sub_list(tmp_path):
    """«б) выставление героев;» over «– героя можно…;» «– героя нельзя….»: the «;» says the
    enumeration goes on, so by hand the two dashes are items of б), not siblings of а) and б)."""
    kb, out = _imported(tmp_path, "sub.txt", "602. Золото\n\n602.1. Золото тратится на:\nа) открытие карт;\nб) выставление героев;\n"
                   "– героя можно выставить один раз за ход;\n– героя нельзя выставить в первый ход.\n", "P")
    items = [i for i in kb.rulebook.list_items if i.paragraph == "P:602.1"]
    [b] = [i for i in items if i.label == "б"]
    assert [i.parent_item for i in items] == [None, None, b.id, b.id]
    _loss_free(out)



def _entries(kb, *terms: str) -> list[tuple[str | None, list[str]]]:
    """What ``show TERM`` gives for each term: the entry's title and its definition's lines."""
    return [(v.title, [" ".join(c.text.split()) for c in v.children]) for t in terms for v in kb.show(t)]


def test_a_bold_term_alone_over_its_definition_under_a_glossary_heading_is_one_entry(tmp_path):
    """``**Яд Х**`` then «Существо получает Х ран в начале хода.», ``**Щит**`` then its definition,
    under «## Глоссарий»: by hand two entries of the glossary, ``show "Яд Х"`` giving the term with
    its definition (the term written right over it, as a text's glossary writes it)."""
    kb, out = _imported(tmp_path, "g.md", "# 100. Правила\n\n100.1. Существо с ядом ранит.\n\n## Глоссарий\n\n"
                        "**Яд Х**\n\nСущество получает Х ран в начале хода.\n\n**Щит**\n\n"
                        "Существо не получает первую рану.\n", "A")
    assert _entries(kb, "Яд Х", "Щит") == [("Яд Х", ["Существо получает Х ран в начале хода."]),
                                           ("Щит", ["Существо не получает первую рану."])]
    assert [v.parent.title for v in kb.show("Яд Х")] == ["Глоссарий"]
    assert (out / "sources" / "A_01_g.txt").read_text(encoding="utf-8").count("Яд Х\nСущество получает") == 1
    _loss_free(out)


def test_bold_terms_in_a_word_document_repeating_over_their_definitions_are_entries(tmp_path):
    """Word paragraphs of bold runs «Яд Х», «Щит», each over a plain definition (no glossary title:
    the pattern repeats). By hand: ``show`` gives each term with its definition."""
    from docx_maker import DocxMaker

    d = DocxMaker()
    d.heading("100. Правила", 1)
    d.para("100.1. Существо с ядом ранит.")
    for term, definition in (("Яд Х", "Существо получает Х ран в начале хода."), ("Щит", "Существо не получает первую рану.")):
        d.doc.add_paragraph().add_run(term).bold = True
        d.para(definition)
    out = tmp_path / "OUT"
    import_rulebook([d.save(tmp_path / "a.docx")], out, "A")
    kb = _kb(out)
    assert _entries(kb, "Яд Х", "Щит") == [("Яд Х", ["Существо получает Х ран в начале хода."]),
                                           ("Щит", ["Существо не получает первую рану."])]
    fragment = (out / "sources" / "A_01_a.txt").read_text(encoding="utf-8")
    assert "Яд Х\nСущество получает" in fragment and "Щит\nСущество не получает" in fragment
    assert [v.parent.number for v in kb.show("Щит")] == ["100.1"]  # an entry in its section, not a section
    _loss_free(out)


def test_a_bold_line_over_a_paragraph_elsewhere_is_not_joined_to_it(tmp_path):
    """A bold title over a line that ends no sentence («**Берсерк. Герои**» over «Полные Правила»,
    a title page) is no term: by hand the fragment keeps them apart, a blank line between."""
    kb, out = _imported(tmp_path, "b.md", "**Берсерк. Герои**\n\nПолные Правила\n\n# 100. Правила\n\n100.1. Первое.\n", "A")
    assert (out / "sources" / "A_01_b.txt").read_text(encoding="utf-8").startswith("Берсерк. Герои\n\nПолные Правила\n")
    assert [p.number for p in kb.rulebook.paragraphs if p.number] == ["100", "100.1"]
