"""berserk-kb import on what a fifth fresh user brought (issue 11): Word multi-level lists whose
deeper levels show only their own number, nested contents lists, citations of lettered items seen
from the cited side, running headers that are part titles, two-column text, glossary entries with
an alternative term."""

from __future__ import annotations

from berserk_kb.text.formats.importer import import_rulebook
from docx_maker import DocxMaker, level
from test_import import _kb, _loss_free
from test_import_second_user import _import


def _numbers(kb) -> list[str]:
    return [p.number for p in kb.rulebook.paragraphs if p.number]


def _multilevel(heading_style: bool) -> DocxMaker:
    """Level 0 «%1.» from 100 (or the Heading 2 style numbered so), level 1 «%2.», level 2 «%3)» in
    russianLower; a contents before the body lists «100.2. Атака<TAB>3»."""
    d = DocxMaker()
    d.add_numbering(1, [level(0, 100, "decimal", "%1."), level(1, 1, "decimal", "%2."),
                        level(2, 1, "russianLower", "%3)")])
    d.para("Содержание")
    d.para("100. Основы игры\t3")
    d.para("100.2. Атака\t3")
    d.para("101. Бой\t4")

    def section(text: str) -> None:
        d.numbered(text, 1, 0)
        if heading_style:
            d.doc.paragraphs[-1].style = d.doc.styles["Heading 2"]
    section("Основы игры")
    d.numbered("Каждый игрок начинает игру с пятью картами.", 1, 1)
    d.numbered("Существо может атаковать:", 1, 1)
    d.numbered("закрытое существо;", 1, 2)
    d.numbered("героя противника.", 1, 2)
    d.para("Пример: Гном-Басаарг атакует закрытого Вайла.")
    d.numbered("Если существо атакует героя, см. правило 101.1.", 1, 1)
    section("Бой")
    d.numbered("Удар наносится по пункту 100.2б и правилам 100.1–100.3.", 1, 1)
    return d


def test_word_levels_showing_only_their_own_number_are_paragraphs_of_their_parent(tmp_path):
    """Word shows «100. Основы игры», then «1.», «2.» (with «а)», «б)» under it), «3.», then «101.
    Бой» and «1.». The issue reads «1.» under «100.» as 100.1 — so the paragraphs are 100, 100.1,
    100.2, 100.3, 101, 101.1 (the contents line «100.2. Атака 3» numbers nothing); «закрытое
    существо;» and «героя противника.» are the two list items of 100.2; the example is 100.2's;
    101.1 cites 100.2б and 100.1, 100.2, 100.3; 100.3 cites 101.1. Same when level 0 is on the
    Heading 2 style."""
    for heading_style in (False, True):
        where = tmp_path / str(heading_style)
        where.mkdir()
        src = _multilevel(heading_style).save(where / "rules.docx")
        summary = import_rulebook([src], where / "OUT", "W")
        kb = _kb(where / "OUT")
        assert _numbers(kb) == ["100", "100.1", "100.2", "100.3", "101", "101.1"], heading_style
        (p,) = kb.show("100.2")
        assert p.parent.number == "100" and [i.text for i in p.list_items] == ["закрытое существо;", "героя противника."]
        assert [e.text for e in p.examples] == ["Гном-Басаарг атакует закрытого Вайла."]
        (c,) = kb.show("101.1")
        assert [r.target.id for r in c.cites] == ["W:100.2/item2", "W:100.1", "W:100.2", "W:100.3"]
        assert summary.counts["resolved"] == summary.counts["references"] == 5  # the range is three
        _loss_free(where / "OUT")


def test_a_nested_contents_list_is_contents_to_its_end(tmp_path):
    """Under «Оглавление» a web page lists ``<ol><li>Основы игры<ol><li>Начальная рука</li></ol>
    </li><li>Бой</li></ol>`` (a browser shows «1. Основы игры», «1. Начальная рука» set in, «2.
    Бой»), and a Markdown page the same as ``- [100. Основы игры](#…)`` with ``  - [100.1. …]``
    under it: every entry is contents — no list item, no number, no finding — while the body's list
    under «Глоссарий» stays two list items."""
    page = ("<html><body><main><h1>Правила</h1><h2>Оглавление</h2><ol><li><a href='#a'>Основы игры</a>"
            "<ol><li><a href='#a1'>Начальная рука</a></li></ol></li><li><a href='#b'>Бой</a></li></ol>"
            "<h2 id='a'>100. Основы игры</h2><ol><li>Каждый игрок начинает с пятью картами.</li></ol>"
            "<h2>Глоссарий</h2><ol><li>Авангард — способность.</li><li>Броня — способность.</li></ol>"
            "<h2 id='b'>200. Бой</h2><p>200.1. Удар по правилу 100.1.</p></main></body></html>")
    md = ("# Правила\n\n## Содержание\n\n- [100. Основы игры](#a)\n  - [100.1. Начальная рука](#b)\n"
          "  - [100.2. Атака](#c)\n- [200. Бой](#d)\n\n## 100. Основы игры\n\n100.1. Каждый игрок"
          " начинает с пятью картами.\n\n100.2. Существо может атаковать.\n\n## 200. Бой\n\n"
          "200.1. Удар по правилу 100.2.\n")
    for name, text, items, numbers in (("t.html", page, 2, ["100", "100.1", "200", "200.1"]),
                                       ("t.md", md, 0, ["100", "100.1", "100.2", "200", "200.1"])):
        (tmp_path / name).mkdir()
        kb, out, summary = _import(tmp_path / name, name, text)
        assert summary.counts["contents"] == (4 if name == "t.html" else 5)  # the heading and each entry
        assert summary.counts["list_items"] == items and _numbers(kb) == numbers
        assert [f.code for f in kb.check().findings] == []
        _loss_free(out)


def test_a_citation_of_a_lettered_item_is_seen_from_the_cited_side(tmp_path):
    """``200.1. Удар наносится согласно пункта 100.2б.`` cites item «б)» of 100.2 (its outgoing side
    names ``T:100.2/item2``). Whoever asks what cites 100.2 — ``show 100.2``, ``show`` of the item,
    ``refs 100.2б`` or ``refs 100.2 --direction in`` — must see 200.1; 100.1, cited by nobody, has
    no citer."""
    md = ("## 100. Основы игры\n\n100.1. Каждый игрок начинает с пятью картами.\n\n100.2. Существо может"
          " атаковать:\n\nа) закрытое существо;\n\nб) героя противника.\n\n## 200. Бой\n\n"
          "200.1. Удар наносится согласно пункта 100.2б.\n")
    kb, _, _ = _import(tmp_path, "t.md", md)
    (c,) = kb.show("200.1")
    assert [r.target.id for r in c.cites] == ["T:100.2/item2"]
    for asked in ("100.2", "T:100.2/item2", "100.2б"):
        (v,) = kb.show(asked)
        assert [(r.citing.number, r.raw) for r in v.cited_by] == [("200.1", "согласно пункта 100.2б")], asked
    for asked, direction in (("100.2б", "both"), ("100.2", "in")):
        (tree,) = kb.refs(asked, direction=direction)
        assert [e.citing.number for e in tree.cited_by] == ["200.1"], asked
    assert kb.show("100.1")[0].cited_by == ()


def test_a_part_title_repeated_atop_its_pages_is_kept_once_as_the_title(tmp_path):
    """Four printed pages (form feeds), footers «— N —» and «Страница N из 4»; «Часть 1. Основы
    игры» opens pages 1–2, «Часть 2. Бой» pages 3–4. Each part title is kept once, where its part
    begins, as a heading; its copy atop the next page is a running header: 10 lines left out (4 page
    numbers, 4 «Страница…» lines, 2 copies). 100 stands under «Часть 1. Основы игры», 200 under
    «Часть 2. Бой»."""
    pages = [("Часть 1. Основы игры", "100. Основы игры\n100.1. Первый пункт.\n100.2. Второй пункт."),
             ("Часть 1. Основы игры", "100.3. Третий пункт.\n100.4. Четвёртый пункт."),
             ("Часть 2. Бой", "200. Бой\n200.1. Первый пункт боя."),
             ("Часть 2. Бой", "200.2. Второй пункт боя.\n200.3. Третий пункт боя.")]
    text = "\f".join(f"{head}\n\n{body}\n\n— {n} —\nСтраница {n} из 4\n" for n, (head, body) in enumerate(pages, 1))
    kb, out, summary = _import(tmp_path, "pg.txt", text)
    assert summary.counts["skipped"] == 10
    headings = [p.text for p in kb.rulebook.paragraphs if p.kind.value == "heading"]
    assert headings == ["Часть 1. Основы игры", "Часть 2. Бой"]
    assert kb.show("100")[0].parent.title == "Часть 1. Основы игры"
    assert kb.show("200")[0].parent.title == "Часть 2. Бой"
    _loss_free(out)


def test_a_header_printed_once_does_not_stop_a_word_hyphenated_across_pages(tmp_path):
    """Page 2 ends «100.3. Ход состоит из этапов, ко-» and its number «2»; page 3 opens with its
    only header «3   Полные правила» and goes on «торые описаны в разделе 200 (см. правило
    200.1).». The page broke a word: the header is left out, the word is «которые», and 100.3 —
    not a unit made of the header — cites 200.1."""
    text = ("Берсерк. Тестовые правила     1\n\n100. Основы игры\n100.1. Каждый игрок берёт пять карт.\n\n1\n"
            "\fБерсерк. Тестовые правила     2\n\n100.2. Существо может атаковать.\n"
            "100.3. Ход состоит из этапов, ко-\n\n2\n\f3                         Полные правила\n\n"
            "торые описаны в разделе 200 (см. правило 200.1).\n\n200. Бой\n200.1. Удар наносится сразу.\n\n3\n")
    kb, out, summary = _import(tmp_path, "t.txt", text)
    (p,) = kb.show("100.3")
    assert p.text == "Ход состоит из этапов, которые описаны в разделе 200 (см. правило 200.1)."
    assert "T:200.1" in [r.target.id for r in p.cites] and not p.children
    assert "Полные правила" not in next((out / "sources").glob("*.txt")).read_text(encoding="utf-8")
    assert summary.counts["skipped"] == 6  # three page numbers, three headers
    _loss_free(out)


def test_two_columns_whose_start_wanders_by_a_character_are_read_apart(tmp_path):
    """A PDF page turned into text with its layout: the left column 300.x, the right 400.x
    starting at character 40 on some lines and 41 on others. Read down the left column and then
    the right: 300.1 is «Карта имеет стоимость и стихию.», 400.1 «Зона — место, где карты
    находятся во время игры.», 400.2 «Кладбище — открытая зона.»; the import says so in a note."""
    rows = [("300. Карты", "400. Зоны", 41), ("300.1. Карта имеет стоимость", "400.1. Зона — место, где карты", 40),
            ("и стихию.", "находятся во время игры.", 40), ("300.2. Карта может быть", "400.2. Кладбище — открытая зона.", 41),
            ("закрыта или открыта.", "", 0)]
    text = "".join(f"{left.ljust(at)}{right}".rstrip() + "\n" for left, right, at in rows)
    kb, out, summary = _import(tmp_path, "cols.txt", text)
    assert _numbers(kb) == ["300", "300.1", "300.2", "400", "400.1", "400.2"]
    assert kb.show("300.1")[0].text == "Карта имеет стоимость и стихию."
    assert kb.show("400.1")[0].text == "Зона — место, где карты находятся во время игры."
    assert kb.show("400.2")[0].text == "Кладбище — открытая зона."
    assert summary.notes == ("cols.txt: lines 1–5 are two columns side by side; read the left column, then the right",)
    _loss_free(out)


def test_a_glossary_term_with_its_second_form_is_found_by_both(tmp_path):
    """The real rulebook's «**Дар жизни,** или **Дар жизни X** имеет вид: «…»» in «Терминология»:
    the term is «Дар жизни», and «Дар жизни X» (the term with its value, X Latin or Cyrillic as a
    reader types it) is its other form — ``show`` finds the entry by either; the next entry keeps
    its own term «Гнев»."""
    md = ("## Терминология\n\n**Гибель (существа, карты)**. Перенос карты на кладбище.\n\n"
          "**Дар жизни,** или **Дар жизни X** имеет вид: «Снимите Х жизней.» Дар жизни является особенностью.\n\n"
          "**Гнев**. Постоянная способность.\n")
    kb, out, _ = _import(tmp_path, "g.md", md)
    (v,) = kb.show("Дар жизни")
    assert v.title == "Дар жизни" and v.text.startswith("Дар жизни, или Дар жизни X имеет вид")
    assert [p.id for p in kb.show("Дар жизни X")] == [v.id] == [p.id for p in kb.show("дар жизни х")]
    assert kb.show("Гнев")[0].title == "Гнев"
    _loss_free(out)


def test_a_list_marked_1_paren_under_a_paragraph_is_a_list_in_every_format(tmp_path):
    """«1)» is a list marker (the issue lists it with «а)» and «•»): Markdown ``3. Ход состоит из
    этапов:`` under ``## 100. Основы игры`` with ``1) начало хода;`` / ``2) конец хода.`` nested
    under it, and a Word list whose level 1 shows «%2)» under the level «%1.» = 100: 100.3 (100.1
    in Word) is a paragraph with the two list items «начало хода;» and «конец хода.» — no
    paragraph 100.3.1."""
    md = ("## 100. Основы игры\n\n1. Каждый игрок берёт пять карт.\n\n2. Существо атакует.\n\n"
          "3. Ход состоит из этапов:\n\n   1) начало хода;\n   2) конец хода.\n")
    kb, out, _ = _import(tmp_path, "l.md", md)
    assert _numbers(kb) == ["100", "100.1", "100.2", "100.3"]
    assert [i.text for i in kb.show("100.3")[0].list_items] == ["начало хода;", "конец хода."]
    _loss_free(out)
    d = DocxMaker()
    d.add_numbering(1, [level(0, 100, "decimal", "%1."), level(1, 1, "decimal", "%2."), level(2, 1, "decimal", "%3)")])
    for text, ilvl in (("Основы игры", 0), ("Ход состоит из этапов:", 1), ("начало хода;", 2), ("конец хода.", 2)):
        d.numbered(text, 1, ilvl)
    (tmp_path / "w").mkdir()
    import_rulebook([d.save(tmp_path / "w" / "l.docx")], tmp_path / "w" / "OUT", "W")
    kb = _kb(tmp_path / "w" / "OUT")
    assert _numbers(kb) == ["100", "100.1"]
    assert [i.text for i in kb.show("100.1")[0].list_items] == ["начало хода;", "конец хода."]


def test_the_progress_bar_names_each_stage_while_it_runs(tmp_path):
    """The import reads a source, writes its fragment, parses the folder written and puts it in
    place, in that order. The bar must name each stage before its steps move (the user saw
    «writing 50%» only once writing was over): for one source, shown «reading a.md» then its step,
    «writing» then its step, «parsing» then its step, «done» then the last step — 4 steps (3 × 1 + 1)."""
    from contextlib import contextmanager

    events: list[tuple] = []

    class Bar:
        label = ""

        def render_progress(self) -> None:
            events.append(("shown", self.label))

        def update(self, k: int) -> None:
            events.append(("step", k))

    @contextmanager
    def progress(total: int):
        yield Bar()

    (tmp_path / "a.md").write_text("100. Общие\n\n100.1. Игра.\n", encoding="utf-8")
    import_rulebook([tmp_path / "a.md"], tmp_path / "OUT", "T", progress=progress)
    assert events == [("shown", "reading a.md"), ("step", 1), ("shown", "writing"), ("step", 1),
                      ("shown", "parsing"), ("step", 1), ("shown", "done"), ("step", 1)]


def test_a_letter_range_names_both_ends_and_a_wikis_tagline_is_chrome(tmp_path):
    """«пункты 100.2а–б» names items а) and б) of 100.2 (a range written with the letter only at
    its end), and «100.2а–в» а), б), в); and a MediaWiki page's «Материал из Берсерк Вики»
    (``<div id="siteSub">``, outside the content) is the site's, not the rulebook's: no heading."""
    from berserk_kb.text.references import find_references

    assert find_references("пункты 100.2а–б и 200.1")[0][1] == ["100.2а", "100.2б", "200.1"]
    assert find_references("см. пп. 100.2а–в")[0][1] == ["100.2а", "100.2б", "100.2в"]
    page = ("<html><body><div id='content'><h1 id='firstHeading'>Правила</h1><div id='siteSub'>Материал из"
            " Берсерк Вики</div><div id='mw-content-text'><h2>100. Основы</h2><p>100.1. Каждый игрок берёт карты.</p>"
            "<p>100.2. Существо атакует:</p><ol type='a'><li>закрытое;</li><li>открытое.</li></ol>"
            "<p>100.3. Смотрите пункты 100.2a–b.</p></div></div></body></html>")
    kb, out, _ = _import(tmp_path, "w.html", page)
    assert "Материал из" not in next((out / "sources").glob("*.txt")).read_text(encoding="utf-8")
    assert [r.target.id for r in kb.show("100.3")[0].cites] == ["T:100.2/item1", "T:100.2/item2"]
    _loss_free(out)
