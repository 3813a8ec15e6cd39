"""berserk-kb import on what a fourth fresh user brought (issue 11): list items that print their own
paragraph number, alternating running headers of a PDF turned into text, a hyphenated word across a
line or page break, range references, site chrome without ``<main>``, tab-separated tables with
their cells, references spanning a line break."""

from __future__ import annotations

from docx_maker import DocxMaker
from test_import import _kb, _loss_free
from test_import_second_user import _import


def _numbers(kb) -> list[str]:
    return [p.number for p in kb.rulebook.paragraphs if p.number]


def test_an_html_list_item_printing_its_number_keeps_that_number_once(tmp_path):
    """``<h2>100. Общие положения</h2><ol><li>100.1. Первый.</li><li>100.3. Третий (100.2
    отменён).</li></ol><p>См. правило 100.3.</p>``: a browser shows «1. 100.1. Первый.» and
    «2. 100.3. Третий…» — the reader reads 100.1 and 100.3. So the paragraphs are 100, 100.1, 100.3
    (no 100.2, no doubled «100.1. 100.1.»), 100.3's text is «Третий (100.2 отменён).», and «См.
    правило 100.3.» cites it."""
    page = ("<html><body><main><h2>100. Общие положения</h2><ol><li>100.1. Первый.</li>"
            "<li>100.3. Третий (100.2 отменён).</li></ol><p>См. правило 100.3.</p></main></body></html>")
    kb, out, summary = _import(tmp_path, "t.html", page)
    assert (summary.counts["references"], summary.counts["resolved"]) == (1, 1)
    assert _numbers(kb) == ["100", "100.1", "100.3"]
    (p,) = kb.show("100.3")
    assert p.text == "Третий (100.2 отменён)."
    assert [q.text for q in kb.show("100.1")] == ["Первый."]
    text = (out / "sources").glob("*.txt").__next__().read_text(encoding="utf-8")
    assert "100.1. 100.1." not in text and "100.2. 100.3." not in text
    assert [c.raw for c in p.cited_by] == ["См. правило 100.3"]
    _loss_free(out)


def test_markdown_and_word_list_items_printing_their_number_keep_it(tmp_path):
    """Markdown ``1. 100.1. Игрок ходит первым.`` / ``2. 100.2. Игрок ходит вторым.`` under
    ``## 100. Общие положения``, and Word «List Number» paragraphs typed «100.1. …», «100.2. …»
    under the heading «100. Общие положения» (Word shows «1.», «2.» before them): both give 100,
    100.1, 100.2 with the text after the printed number, written once."""
    md = "## 100. Общие положения\n\n1. 100.1. Игрок ходит первым.\n2. 100.2. Игрок ходит вторым.\n"
    kb, out, _ = _import(tmp_path, "t.md", md)
    assert _numbers(kb) == ["100", "100.1", "100.2"]
    assert [q.text for q in kb.show("100.2")] == ["Игрок ходит вторым."]
    _loss_free(out)
    d = DocxMaker()
    d.heading("100. Общие положения", 1)
    for t in ["100.1. Игрок ходит первым.", "100.2. Игрок ходит вторым."]:
        d.doc.add_paragraph(t, style="List Number")
    (tmp_path / "d").mkdir()
    src = d.save(tmp_path / "d" / "t.docx")
    from berserk_kb.text.formats.importer import import_rulebook

    import_rulebook([src], tmp_path / "d" / "OUT", "T")
    kb = _kb(tmp_path / "d" / "OUT")
    assert _numbers(kb) == ["100", "100.1", "100.2"]
    assert [q.text for q in kb.show("100.1")] == ["Игрок ходит первым."]


_BOOK = ("БЕРСЕРК. ПОЛНЫЕ ПРАВИЛА\n100. Общие положения\n100.1. Игра ведётся картами.\n\n- 1 -\n"
         "Редакция 2026 года\n100.2. Текст пункта, который продолжается на\nследующей странице и заканчивается сло-\n\n- 2 -\n"
         "БЕРСЕРК. ПОЛНЫЕ ПРАВИЛА\nвом «ход».\n101. Удар\n101.1. Удар наносится существом.\n\n- 3 -\n")


def test_running_headers_alternating_between_odd_and_even_pages_are_left_out(tmp_path):
    """Pages 1 and 3 open with «БЕРСЕРК. ПОЛНЫЕ ПРАВИЛА», page 2 with «Редакция 2026 года»; pages end
    «- 1 -», «- 2 -», «- 3 -». Both headers go with the page numbers (6 lines left out), and 100.2,
    broken across pages 2–3 at «сло-» / «вом «ход».», is «Текст пункта, который продолжается на
    следующей странице и заканчивается словом «ход».». The same with the pages apart by form feeds
    (standing on each page's first line) and no page numbers: the three headers are left out, 3 lines."""
    whole = "Текст пункта, который продолжается на следующей странице и заканчивается словом «ход»."
    kb, out, summary = _import(tmp_path, "book.txt", _BOOK)
    assert summary.counts["skipped"] == 6
    (p,) = kb.show("100.2")
    assert " ".join(p.text.split()) == whole
    text = next((out / "sources").glob("*.txt")).read_text(encoding="utf-8")
    assert "БЕРСЕРК" not in text and "Редакция" not in text
    assert _numbers(kb) == ["100", "100.1", "100.2", "101", "101.1"]
    _loss_free(out)
    (tmp_path / "ff").mkdir()
    ff = _BOOK.replace("\n\n- 1 -\n", "\n\f").replace("\n\n- 2 -\n", "\n\f").replace("\n\n- 3 -\n", "\n")
    kb, out, summary = _import(tmp_path / "ff", "book.txt", ff)
    assert summary.counts["skipped"] == 3
    (p,) = kb.show("100.2")
    assert " ".join(p.text.split()) == whole
    text = next((out / "sources").glob("*.txt")).read_text(encoding="utf-8")
    assert "БЕРСЕРК" not in text and "Редакция" not in text


def test_a_line_continuing_a_hyphenated_word_never_starts_a_unit(tmp_path):
    """«101.1. Бросок кубика определяет результат уда-» / «ра. См. правило 100.2.»: the word is
    «удара.», and «См. правило 100.2.» stays in 101.1, which cites 100.2 — no unit of its own. Also
    «100.2. Игрок может атаковать кое-» / «кого. Игрок выбирает одну из зон:» then «поле боя» /
    «рука»: 100.2 is «Игрок может атаковать кое-кого. Игрок выбирает одну из зон:» with its two items."""
    kb, out, _ = _import(tmp_path, "h.txt", "100. Общие положения\n100.1. Игра ведётся картами.\n"
                         "100.2. Игрок может атаковать кое-\nкого. Игрок выбирает одну из зон:\nполе боя\nрука\n"
                         "101. Удар\n101.1. Бросок кубика определяет результат уда-\nра. См. правило 100.2.\n")
    (p,) = kb.show("101.1")
    assert " ".join(p.text.split()) == "Бросок кубика определяет результат удара. См. правило 100.2."
    assert [c.target.id for c in p.cites] == ["T:100.2"]
    (q,) = kb.show("100.2")
    assert " ".join(q.text.split()) == "Игрок может атаковать кое-кого. Игрок выбирает одну из зон:"
    assert [i.text for i in q.list_items] == ["поле боя", "рука"]
    assert [u.id for u in kb.rulebook.units() if "правило 100.2" in u.text] == ["T:101.1"]
    _loss_free(out)


def test_a_range_reference_needs_only_its_ends(tmp_path):
    """Under «301. Особые заклинания» an ``<ol start="5">`` shows 5., then ``<li value="9">`` 9.,
    then 10.: the paragraphs are 301.5, 301.9, 301.10. 301.10 reads «…см. правило 301.9 и пп.
    301.5–301.10.»: the range cites its ends and the one printed number between them — 301.9,
    301.5, 301.9, 301.10 in order of writing, all resolved — and nothing for 301.6–301.8, so no S005."""
    page = ('<html><body><h2>301. Особые заклинания</h2><ol start="5"><li>Это пункт пять.</li>'
            '<li value="9">Это пункт девять.</li><li>Это пункт десять, см. правило 301.9 и пп. '
            '301.5–301.10.</li></ol></body></html>')
    kb, _, summary = _import(tmp_path, "t.html", page)
    assert _numbers(kb) == ["301", "301.5", "301.9", "301.10"]
    (p,) = kb.show("301.10")
    assert [c.target.id for c in p.cites] == ["T:301.9", "T:301.5", "T:301.9", "T:301.10"]
    assert (summary.counts["references"], summary.counts["resolved"]) == (4, 4)
    assert [f.code for f in kb.check(only=["S005"]).findings] == []


def test_site_chrome_is_left_out_of_a_page_without_main(tmp_path):
    """No ``main``, ``article`` or ``nav``: ``<div id="menu">`` («Главная | Новости | Вход»), ``<div
    class="ad">`` («Реклама: купите бустер!»), ``<div class="share-buttons">`` and an unnamed block of
    four links to other pages («Форум · Магазин · Турниры · Контакты») are chrome; the rules under
    them (100, 100.1) and the list «Карты бывают:» with its two linked items are kept."""
    page = ('<html><body><div id="menu"><a href="/">Главная</a> | <a href="/news">Новости</a> | Вход</div>'
            '<div class="ad">Реклама: купите бустер!</div><div class="share-buttons">Поделиться</div>'
            '<div><a href="/f">Форум</a> · <a href="/s">Магазин</a> · <a href="/t">Турниры</a> · '
            '<a href="/c">Контакты</a></div>'
            '<h2>100. Общие положения</h2><p>100.1. Карты бывают:</p>'
            '<ul><li><a href="/a">существа</a></li><li><a href="/b">артефакты</a></li><li><a href="/c">земли</a></li></ul>'
            '</body></html>')
    kb, out, _ = _import(tmp_path, "t.html", page)
    text = next((out / "sources").glob("*.txt")).read_text(encoding="utf-8")
    for chrome in ("Главная", "Реклама", "Поделиться", "Форум"):
        assert chrome not in text
    assert _numbers(kb) == ["100", "100.1"]
    (p,) = kb.show("100.1")
    assert [i.text for i in p.list_items] == ["существа", "артефакты", "земли"]


def test_a_reference_wrapped_across_lines_is_quoted_on_one_line_and_json_goes_before_the_command(tmp_path, cli):
    """«101.2. Если удар отражён, см. правила» / «101.1 и 100.1.»: ``show 101.1`` lists it cited by
    101.2 as «см. правила 101.1» on one line (its own piece of the chain «см. правила 101.1 и
    100.1», the keyword with the first number, the line break a space); ``berserk-kb --json show 101.1 --kb OUT``
    (``--json`` before the command, as the README says) answers the JSON of 101.1, as does
    ``--kb OUT --json show 101.1``."""
    import json

    _, out, _ = _import(tmp_path, "w.txt", "100. Общие положения\n100.1. Игра ведётся картами.\n101. Удар\n"
                        "101.1. Удар наносится существом.\n101.2. Если удар отражён, см. правила\n101.1 и 100.1.\n")
    shown = cli("show", "101.1", "--kb", str(out)).output
    assert "  101.2  «см. правила 101.1»  [" in shown
    for args in (("--json", "show", "101.1", "--kb", str(out)), ("--kb", str(out), "--json", "show", "101.1")):
        result = cli(*args)
        assert result.exit_code == 0
        assert [v["id"] for v in json.loads(result.output)] == ["T:101.1"]


def test_a_table_unit_gives_its_rows_and_cells_in_every_format(tmp_path):
    """«101.2. Результаты броска:» and under it a table Бросок/Результат, 1/Промах, 2–4/Слабый удар —
    tab-separated in .txt, a pipe table in .md, ``<table>`` in .html, a Word table in .docx: each
    time 101.2 has one table child whose rows are those three rows of two cells, and the text shows
    the cells apart: «| 2–4 | Слабый удар |»."""
    rows = [["Бросок", "Результат"], ["1", "Промах"], ["2–4", "Слабый удар"]]
    head = "101. Удар\n\n101.2. Результаты броска:\n\n"
    sources = {
        "t.txt": head + "\n".join("\t".join(r) for r in rows) + "\n",
        "t.md": head + "| Бросок | Результат |\n|---|---|\n" + "".join(f"| {a} | {b} |\n" for a, b in rows[1:]),
        "t.html": "<h2>101. Удар</h2><p>101.2. Результаты броска:</p><table>"
                  + "".join(f"<tr><td>{a}</td><td>{b}</td></tr>" for a, b in rows) + "</table>",
    }
    d = DocxMaker()
    d.para("101. Удар")
    d.para("101.2. Результаты броска:")
    d.table(rows)
    for name in [*sources, "t.docx"]:
        folder = tmp_path / name.replace(".", "_")
        folder.mkdir()
        if name == "t.docx":
            from berserk_kb.text.formats.importer import import_rulebook

            import_rulebook([d.save(folder / name)], folder / "OUT", "T")
            kb = _kb(folder / "OUT")
        else:
            kb, _, _ = _import(folder, name, sources[name])
        (p,) = kb.show("101.2")
        (table,) = [c for c in p.children if c.kind == "table"]
        assert [list(r) for r in table.rows] == rows, name
        assert "| 2–4 | Слабый удар |" in table.text.split("\n"), name


def test_the_import_progress_bar_moves_over_every_stage(tmp_path):
    """Two sources: 3 × 2 + 1 = 7 steps — «reading a.md» 1, «reading b.md» 1, «writing» 1 + 1 (one per
    fragment), «parsing» 2 (the two fragments parsed), «done» 1 (the folder put in place): 7, the
    bar ends full, and it moves at each stage, not only while reading."""
    from contextlib import contextmanager

    from berserk_kb.text.formats.importer import import_rulebook

    moves: list[tuple[str, int]] = []
    totals: list[int] = []

    class Bar:
        label = ""

        def update(self, k: int) -> None:
            moves.append((self.label, k))

    @contextmanager
    def progress(total: int):
        totals.append(total)
        yield Bar()

    (tmp_path / "a.md").write_text("100. Общие\n\n100.1. Игра.\n", encoding="utf-8")
    (tmp_path / "b.md").write_text("101. Удар\n\n101.1. Удар наносится.\n", encoding="utf-8")
    import_rulebook([tmp_path / "a.md", tmp_path / "b.md"], tmp_path / "OUT", "T", progress=progress)
    assert totals == [7]
    assert moves == [("reading a.md", 1), ("reading b.md", 1), ("writing", 1), ("writing", 1),
                     ("parsing", 2), ("done", 1)]


def test_an_item_opening_with_a_plain_count_is_no_printed_number(tmp_path):
    """``<h2>100. Общие положения</h2><ol><li>100 кристаллов получает игрок.</li><li>Игрок ходит.</li></ol>``:
    «100 кристаллов» is a count, not a paragraph number — the browser's «1.», «2.» under «100.» make
    them 100.1 and 100.2."""
    page = ("<html><body><h2>100. Общие положения</h2><ol><li>100 кристаллов получает игрок.</li>"
            "<li>Игрок ходит.</li></ol></body></html>")
    kb, _, _ = _import(tmp_path, "t.html", page)
    assert _numbers(kb) == ["100", "100.1", "100.2"]
    assert [q.text for q in kb.show("100.1")] == ["100 кристаллов получает игрок."]


def test_running_footers_alternating_between_pages_are_page_furniture():
    """Three pages, each ending with a footer and then its number: «Берсерк. Правила» / «- 1 -»,
    «Редакция 2026 года» / «- 2 -», «Берсерк. Правила» / «- 3 -»: lines 2–3, 5–6 and 8–9 (from 0)
    are furniture, the paragraphs are not."""
    from berserk_kb.text.formats.plain import page_furniture

    lines = ["100. Общие", "100.1. Текст первый.", "Берсерк. Правила", "- 1 -",
             "100.2. Текст второй.", "Редакция 2026 года", "- 2 -",
             "100.3. Текст третий.", "Берсерк. Правила", "- 3 -"]
    assert sorted(page_furniture(lines, set())) == [2, 3, 5, 6, 8, 9]


def test_a_word_multilevel_number_and_a_typed_one_give_the_typed_number_once(tmp_path):
    """A Word multi-level list «%1.» (start 100) / «%1.%2.»: level 0 «Общие положения» shows «100.»;
    level 1 paragraphs typed «100.1. Первый.» and «100.3. Третий.» show «100.1.» and «100.2.» before
    their text. The reader reads 100.1 and 100.3 as typed: paragraphs 100, 100.1, 100.3, 100.3's text
    «Третий.»."""
    from berserk_kb.text.formats.importer import import_rulebook
    from docx_maker import level

    d = DocxMaker()
    d.add_numbering(1, [level(0, 100, "decimal", "%1."), level(1, 1, "decimal", "%1.%2.")])
    d.numbered("Общие положения", 1, 0)
    d.numbered("100.1. Первый.", 1, 1)
    d.numbered("100.3. Третий.", 1, 1)
    src = d.save(tmp_path / "m.docx")
    import_rulebook([src], tmp_path / "OUT", "T")
    kb = _kb(tmp_path / "OUT")
    assert _numbers(kb) == ["100", "100.1", "100.3"]
    assert [q.text for q in kb.show("100.3")] == ["Третий."]
