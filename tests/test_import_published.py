"""berserk-kb import on rulebooks as published (issue 11, a fresh user's second test): what an HTML
list item holds in the browser's order, indented examples, page headers and footers of a PDF turned
into text, words hyphenated at line ends, Markdown soft breaks before a marker, glossaries in
``<dl>``, Word's contents entries and the import folder's own house-keeping."""

from __future__ import annotations

from pathlib import Path

from berserk_kb.text.formats import read_source
from berserk_kb.text.formats.importer import import_rulebook
from berserk_kb.text.parse import parse_rulebook
from test_import import _loss_free


def _write(tmp_path: Path, name: str, text: str) -> Path:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path / name


def _import(tmp_path: Path, name: str, text: str, edition: str = "T"):
    tmp_path.mkdir(parents=True, exist_ok=True)
    src = _write(tmp_path, name, text)
    out = tmp_path / "OUT"
    import_rulebook([src], out, edition)
    _loss_free(out)
    return parse_rulebook(out)


LI_BLOCKS = """<html><body><h2>100. Общие положения</h2>
<ol>
<li><p>Существо может атаковать, если выполнены условия:</p>
  <ol type="a"><li>оно не закрыто;</li><li>оно не атаковало в этом ходу.</li></ol>
  <p>Пример: Гном вышел в этом ходу и не закрыт, поэтому он может атаковать.</p></li>
<li>Урон приведён в таблице.
<table><tr><th>Бросок</th><th>Урон</th></tr><tr><td>1–3</td><td>1</td></tr></table></li>
<li><p>Ход переходит к противнику.</p><p>Пример: Вайл ждёт хода.</p></li>
</ol></body></html>"""


def test_html_list_item_holds_its_blocks_in_the_browsers_order(tmp_path):
    """A browser shows «1. Существо может атаковать, если выполнены условия:», under it «a. оно не
    закрыто;» «b. оно не атаковало…», then «Пример: Гном…»; «2. Урон приведён в таблице.» over a
    two-column table (Бросок | Урон, 1–3 | 1); «3. Ход переходит к противнику.» with its example
    under it. So 100.1 has the items a, b and the example, 100.2 has the table (cells apart, no
    empty 100.2 after it), 100.3 the example «Вайл ждёт хода.»."""
    rb = _import(tmp_path, "li.html", LI_BLOCKS)
    paras = {p.number: p for p in rb.paragraphs if p.number}
    assert paras["100.1"].text == "Существо может атаковать, если выполнены условия:"
    assert [(i.label, i.paragraph) for i in rb.list_items] == [("a", "T:100.1"), ("b", "T:100.1")]
    assert [(e.paragraph, e.text) for e in rb.examples] == [
        ("T:100.1", "Гном вышел в этом ходу и не закрыт, поэтому он может атаковать."),
        ("T:100.3", "Вайл ждёт хода.")]
    assert paras["100.2"].text == "Урон приведён в таблице."
    (table,) = [p for p in rb.paragraphs if p.kind.value == "table"]
    assert table.parent == "T:100.2" and table.rows == [["Бросок", "Урон"], ["1–3", "1"]]
    assert paras["100.3"].text == "Ход переходит к противнику."
    assert [p.number for p in rb.paragraphs if p.number] == ["100", "100.1", "100.2", "100.3"]


def test_indented_examples_are_examples_like_indented_numbers(tmp_path):
    """A PDF turned into text indents a paragraph with its examples: «   100.2. Существо может
    атаковать.» over «   Пример: Вайл может атаковать.» and «\\tПРИМЕР 1. Вайл атакует.», and
    «  Например, Гном ждёт.». Indentation changes no marker: each of the three is an example of
    100.2, as «Пример: Гном…» written at the margin is an example of 100.1."""
    rb = _import(tmp_path, "ex.txt", "100. Общие положения\n100.1. Каждый игрок начинает игру.\n"
                 "Пример: Гном может атаковать.\n   100.2. Существо может атаковать.\n"
                 "   Пример: Вайл может атаковать.\n\tПРИМЕР 1. Вайл атакует.\n  Например, Гном ждёт.\n")
    assert [(e.paragraph, e.label, e.text) for e in rb.examples] == [
        ("T:100.1", "Пример", "Гном может атаковать."), ("T:100.2", "Пример", "Вайл может атаковать."),
        ("T:100.2", "ПРИМЕР 1", "Вайл атакует."), ("T:100.2", "Например", "Например, Гном ждёт.")]
    assert next(p for p in rb.paragraphs if p.number == "100.2").text == "Существо может атаковать."


PAGES = ("Тестовые правила. Полные правила        стр. 2\n\n100. Общие положения\n"
         "100.1. Каждый игрок начинает игру с колодой.\n100.2. Существо может атаковать, если оно\n\n"
         "                - 2 -\n\f"
         "Тестовые правила. Полные правила        стр. 3\n\nне закрыто.\nПРИМЕР 1.\nГном атакует.\n\n"
         "3\n\n\fТестовые правила. Полные правила        стр. 4\n\n101. Атака\n101.1. Урон равен 2.\n\n"
         "                - 4 -\n")


def test_page_numbers_and_running_headers_are_left_out(tmp_path):
    """A PDF turned into text prints on each page «Тестовые правила. Полные правила  стр. N» (N =
    2, 3, 4, lines 1, 8, 16) and a footer «- 2 -», «3», «- 4 -» (lines 7, 14, 21). Those six lines are the printed page, not rules:
    no unit holds them, the import lists them as skipped, and the
    sentence the page broke («…если оно» / «не закрыто.») is one paragraph, 100.2. «ПРИМЕР 1.»
    (one word beside its number) is an example, not a header."""
    src = tmp_path / "p.txt"
    src.write_text(PAGES, encoding="utf-8")
    read = read_source(src)
    assert [n for n, _ in read.skipped] == [1, 7, 8, 14, 16, 21]
    out = tmp_path / "OUT"
    summary = import_rulebook([src], out, "T")
    assert summary.counts["skipped"] == 6
    rb = parse_rulebook(out)
    texts = [u.prefix + u.text for u in rb.units()]
    assert not [t for t in texts if "стр." in t or "- 2 -" in t or "- 4 -" in t or t.strip() == "3"]
    (p,) = [p for p in rb.paragraphs if p.number == "100.2"]
    assert " ".join(p.text.split()) == "Существо может атаковать, если оно не закрыто."
    assert [(e.paragraph, e.label) for e in rb.examples] == [("T:100.2", "ПРИМЕР 1")]
    assert [p.number for p in rb.paragraphs if p.number] == ["100", "100.1", "100.2", "101", "101.1"]
    _loss_free(out)


def test_a_bare_number_inside_text_is_kept(tmp_path):
    """A number on a line of its own is a page number only when it stands alone (blank lines or
    page breaks around it): «Урон равен» / «2» / «при броске.» keeps its «2»."""
    read = read_source(_write(tmp_path, "n.txt", "100.1. Урон равен\n2\nпри броске.\n"))
    assert read.skipped == () and read.text == "100.1. Урон равен\n2\nпри броске.\n"


def test_words_hyphenated_at_line_ends_are_joined(tmp_path):
    """«кото-» / «рые он выбирает сам.» is «которые» (a word the dictionary knows, unlike
    «кото-рые»); «Гном-» / «Басаарг» keeps its hyphen (the second part is capitalised: a name);
    «кто-» / «нибудь» too (the dictionary knows «кто-нибудь», not «ктонибудь»); «Защит-» /
    «ник».» is «Защитник».» on the second line (the first keeps its words). «(см.» / «правило
    100.1).» continues its paragraph: a line ending in a dot over one in lower case is one sentence."""
    src = _write(tmp_path, "h.txt", "100. Общие положения\n100.1. Игрок берёт карты, кото-\nрые он выбирает сам.\n"
                 "100.2. Сейчас Гном-\nБасаарг ждёт, пока кто-\nнибудь придёт (см.\nправило 100.1).\n"
                 "100.3. Это особенность «Защит-\nник».\n")
    assert read_source(src).text.splitlines()[1:] == [
        "100.1. Игрок берёт карты, которые", "он выбирает сам.", "100.2. Сейчас Гном-Басаарг", "ждёт, пока кто-нибудь",
        "придёт (см.", "правило 100.1).", "100.3. Это особенность", "«Защитник»."]
    out = tmp_path / "OUT"
    import_rulebook([src], out, "T")
    rb = parse_rulebook(out)
    assert [p.number for p in rb.paragraphs] == ["100", "100.1", "100.2", "100.3"]
    (ref,) = rb.references
    assert ref.source_unit == "T:100.2" and ref.target == "T:100.1"
    _loss_free(out)


def test_markdown_soft_break_before_a_marker_starts_a_line(tmp_path):
    """In Markdown «а) открытое существо противника;» and «б) героя противника.» on consecutive
    lines are one paragraph with a soft break, which a browser shows as a space; but a line that
    opens with a marker is never glued to the line before: 101.1 has the two items а and б, and
    «ПРИМЕР 1. Вайл атакует.» right under a line is its example. A soft break before an ordinary
    word («существо» / «противника») stays a space."""
    rb = _import(tmp_path, "r.md", "## 101. Атака\n\n101.1. Атакующее существо выбирает цель:\n\n"
                 "а) открытое существо\nпротивника;\nб) героя противника.\n**ПРИМЕР 1.** Вайл атакует.\n")
    assert [(i.paragraph, i.label, " ".join(i.text.split())) for i in rb.list_items] == [
        ("T:101.1", "а", "открытое существо противника;"), ("T:101.1", "б", "героя противника.")]
    assert [(e.paragraph, e.label, e.text) for e in rb.examples] == [("T:101.1", "ПРИМЕР 1", "Вайл атакует.")]


def test_an_indented_number_is_written_as_it_should_be(tmp_path):
    """«   527.1. Игрок берёт карты.» and «\\t527.2. Игрок ходит.» are indented, their numbers
    written «527.1. » as they should be: no L005 finding; «\\t527.3 Игрок ждёт.» lacks its dot."""
    from berserk_kb import KnowledgeBase
    from berserk_kb.checks import run_checks
    from conftest import make_kb

    kb = make_kb(tmp_path, {"f.txt": "527. Ход\n   527.1. Игрок берёт карты.\n\t527.2. Игрок ходит.\n\t527.3 Игрок ждёт.\n"})
    run = run_checks(KnowledgeBase(kb), only=["L005"])
    assert [f.message for f in run.findings] == ["527.3 is written without its dot: «527.3 Игрок ждёт.»"]


def test_definition_list_entries_stand_in_their_section(tmp_path):
    """A ``<dl>`` under «Терминология» (and the same glossary as a reStructuredText definition
    list) is that section's glossary: «Защитник» and «Закрытие» stand under «Терминология», as
    «Защитник. Особенность…» written as a paragraph does; a ``<dl>`` of two entries under «102.
    Защита» stands under 102. Each definition stays under its term."""
    cases = {
        "g.html": "<h2>102. Защита</h2><dl><dt>Блок</dt><dd>Защита от удара.</dd><dt>Уклон</dt><dd>Уход от удара.</dd></dl>"
                  "<h2>Терминология</h2><dl><dt>Защитник</dt><dd>Особенность существа.</dd>"
                  "<dt>Закрытие</dt><dd>Поворот карты.</dd></dl>",
        "g.rst": "102. Защита\n===========\n\nБлок\n    Защита от удара.\n\nУклон\n    Уход от удара.\n\n"
                 "Терминология\n============\n\nЗащитник\n    Особенность существа.\n\nЗакрытие\n    Поворот карты.\n",
    }
    for name, text in cases.items():
        rb = _import(tmp_path / name.replace(".", "-"), name, text)
        by_text = {p.text: p for p in rb.paragraphs}
        assert {t: by_text[t].parent for t in ("Блок", "Уклон", "Защитник", "Закрытие")} == {
            "Блок": "T:102", "Уклон": "T:102", "Защитник": "T:терминология", "Закрытие": "T:терминология"}, name
        assert by_text["Особенность существа."].parent == by_text["Защитник"].id
        assert by_text["Терминология"].parent is None


def test_docx_tab_stops_of_a_paragraph_are_not_tabs(tmp_path):
    """Word's contents entry defines a right tab stop with a dot leader (``w:pPr/w:tabs``) and then
    holds «Начало», a tab, «2» in its runs: Word shows «Начало ........ 2», not a leader before the
    title. A body paragraph defining a tab stop but holding no tab is its text alone."""
    from docx.oxml import parse_xml

    from docx_maker import DocxMaker

    w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
    d = DocxMaker()
    d.doc.styles.element.append(parse_xml(f'<w:style {w} w:type="paragraph" w:styleId="TOC1"><w:name w:val="toc 1"/></w:style>'))
    tabs = '<w:tabs><w:tab w:val="right" w:leader="dot" w:pos="9350"/></w:tabs>'
    body = d.doc.element.body
    for title, page in (("Начало", 2), ("Середина", 3), ("Окончание", 4)):
        body[-1].addprevious(parse_xml(f'<w:p {w}><w:pPr><w:pStyle w:val="TOC1"/>{tabs}</w:pPr><w:r><w:t>{title}</w:t></w:r>'
                                       f'<w:r><w:tab/></w:r><w:r><w:t>{page}</w:t></w:r></w:p>'))
    body[-1].addprevious(parse_xml(f'<w:p {w}><w:pPr>{tabs}</w:pPr><w:r><w:t>100.1. Текст раздела.</w:t></w:r></w:p>'))
    lines = [ln for ln in read_source(d.save(tmp_path / "t.docx")).text.splitlines() if ln]
    assert lines == ["Начало ........ 2", "Середина ........ 3", "Окончание ........ 4", "100.1. Текст раздела."]


def test_a_docx_with_broken_xml_names_the_part(tmp_path, cli):
    """A .docx whose word/document.xml is cut in the middle of a tag: the message names the part
    and the place in it, not python-docx's «(<string>, line 1)»; exit 2, nothing written."""
    import zipfile

    from docx_maker import DocxMaker

    good = DocxMaker().save(tmp_path / "good.docx")
    bad = tmp_path / "bad.docx"
    with zipfile.ZipFile(good) as zin, zipfile.ZipFile(bad, "w") as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            zout.writestr(item, data[:len(data) // 2] + b"<w:p <<" if item.filename == "word/document.xml" else data)
    r = cli("import", "--edition", "A", str(bad), "-o", str(tmp_path / "OUT"))
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "bad.docx: broken .docx: word/document.xml is not well-formed XML: line " in r.stderr
    assert "<string>" not in r.stderr and not (tmp_path / "OUT").exists()


def test_stale_import_folders_are_removed_and_no_empty_title_is_written(tmp_path):
    """An import killed outright (SIGKILL) leaves its hidden «.import-*» folder. The next import
    into the folder removes such a folder when no running import holds its lock (a fresh one too),
    and one with no lock file once it is older than an hour; one whose lock is held, or a fresh one
    with no lock file yet, stays. Without --title the manifest has no top-level «title» key."""
    import fcntl
    import os
    import time

    out = tmp_path / "OUT"
    old, held, fresh, unlocked, bare = (out / f".import-{k}" for k in ("old", "held", "fresh", "unlocked", "bare"))
    for d in (old, held, fresh, unlocked, bare):
        (d / "sources").mkdir(parents=True)
    for d in (old, held, unlocked):
        (d / ".lock").write_bytes(b"")
    hour_ago = time.time() - 2 * 3600
    for d in (old, held, bare):
        os.utime(d, (hour_ago, hour_ago))
    with open(held / ".lock", "rb") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        src = _write(tmp_path, "r.txt", "100.1. Игра ведётся двумя игроками.\n")
        import_rulebook([src], out, "T", force=True)
    assert sorted(p.name for p in out.iterdir()) == [".import-fresh", ".import-held", "sources"]
    assert "title" not in (out / "sources" / "manifest.yaml").read_text(encoding="utf-8").split("editions:")[0]


SMALL_SECTIONS_HTML = ("<h2>1. Общие</h2><ol><li>Первый.</li><li>Второй (см. п. 2.1).</li></ol>"
                       "<h2>2. Ход</h2><ol><li>Текст хода.</li></ol>"
                       "<h2>10. Конец</h2><ol><li>Игра заканчивается.</li></ol>")
SMALL_SECTIONS_MD = "## 1. Общие\n\n1. Первый.\n2. Второй (см. п. 2.1).\n\n## 2. Ход\n\n1. Текст хода.\n"


def test_sections_numbered_with_one_or_two_digits_number_their_lists(tmp_path):
    """A browser shows «1. Общие» over «1. Первый.» «2. Второй (см. п. 2.1).», then «2. Ход» over
    «1. Текст хода.», then «10. Конец» over «1. Игра заканчивается.»: the items are paragraphs
    1.1, 1.2, 2.1 and 10.1 under their sections, and «см. п. 2.1» names «Текст хода.». The same
    in Markdown («## 1. Общие» over «1.»/«2.»)."""
    rb = _import(tmp_path / "h", "s.html", SMALL_SECTIONS_HTML)
    paras = {p.number: p for p in rb.paragraphs if p.number}
    assert list(paras) == ["1", "1.1", "1.2", "2", "2.1", "10", "10.1"]
    assert paras["1.2"].parent == "T:1" and paras["10.1"].text == "Игра заканчивается."
    assert [r.target for r in rb.references] == ["T:2.1"]
    rb = _import(tmp_path / "m", "s.md", SMALL_SECTIONS_MD)
    assert [p.number for p in rb.paragraphs if p.number] == ["1", "1.1", "1.2", "2", "2.1"]
    assert not rb.list_items


def test_a_list_under_a_heading_with_no_number_is_that_headings_list(tmp_path):
    """«100. Общие» over «1. Первый.», then the heading «Турнирные дополнения» over «1. Время тура —
    50 минут.» «2. Ничья даёт 1 очко.»: the browser shows «1.», «2.» under a heading with no
    number, so they are items 1 and 2 of that heading, not paragraphs 100.1/100.2 again."""
    for name, text in (("u.html", "<h2>100. Общие</h2><ol><li>Первый.</li></ol><h2>Турнирные дополнения"
                                  "</h2><ol><li>Время тура — 50 минут.</li><li>Ничья даёт 1 очко.</li></ol>"),
                       ("u.md", "## 100. Общие\n\n1. Первый.\n\n## Турнирные дополнения\n\n"
                                "1. Время тура — 50 минут.\n2. Ничья даёт 1 очко.\n")):
        rb = _import(tmp_path / name, name, text)
        assert [p.number for p in rb.paragraphs if p.number] == ["100", "100.1"]
        (heading,) = [p for p in rb.paragraphs if p.kind.value == "heading"]
        assert [(i.label, i.paragraph, i.text) for i in rb.list_items] == [
            ("1", heading.id, "Время тура — 50 минут."), ("2", heading.id, "Ничья даёт 1 очко.")]


def test_show_includes_the_list_under_a_plain_paragraph_and_search_names_its_number(tmp_path):
    """«100.1. Предварительный этап» over the plain paragraph «На этом шаге игроки делают
    следующее:» and its list «- платят;» «- выбирают цель.», then «Этап заканчивается.»: all of it
    is 100.1's body, so ``show 100.1`` lists both steps under that paragraph, and a search for
    «платят» names the item «100.1», not the plain paragraph's id."""
    from berserk_kb import KnowledgeBase
    from berserk_kb.render.paragraphs import paragraph_views

    text = ("100. Общие\n\n100.1. Предварительный этап\n\nНа этом шаге игроки делают следующее:\n\n"
            "- платят;\n- выбирают цель.\n\nЭтап заканчивается.\n")
    _import(tmp_path, "sub.md", text)
    kb = KnowledgeBase(tmp_path / "OUT")
    (view,) = kb.show("100.1")
    (intro, end) = view.children
    assert [i.text for i in intro.list_items] == ["платят;", "выбирают цель."] and not end.list_items
    shown = paragraph_views([view], {})
    assert shown.index("следующее:") < shown.index("платят;") < shown.index("выбирают цель.") \
        < shown.index("Этап заканчивается.")
    (hit,) = kb.search("платят").hits
    assert (hit.kind, hit.number) == ("list_item", "100.1")


def test_a_one_number_section_written_as_it_should_be_has_no_l005(tmp_path):
    """«1. Общие положения» over «1.1. Игрок берёт карты.» is section 1 written «1. » as it should
    be: no L005 finding (the suggestion would repeat the text); «302.Этап начала хода» lacks its
    space and is reported."""
    from berserk_kb import KnowledgeBase
    from berserk_kb.checks import run_checks
    from conftest import make_kb

    kb = make_kb(tmp_path, {"f.txt": "1. Общие положения\n\n1.1. Игрок берёт карты.\n\n302.Этап начала хода\n"})
    rb = parse_rulebook(kb)
    assert [p.number for p in rb.paragraphs if p.number] == ["1", "1.1", "302"]
    run = run_checks(KnowledgeBase(kb), only=["L005"])
    assert [f.message for f in run.findings] == ["302 is written without the space after it: «302.Этап начала хода»"]


def test_punctuation_after_a_hyphenated_word_goes_with_it(tmp_path):
    """«…имеет стои-» / «мость, стихию и тип.» is «…имеет стоимость,» / «стихию и тип.»: the comma
    written against the word's second part moves with it, the next line never starts with «,»;
    «Гном-» / «Басаарг) ждёт.» keeps its hyphen and brings its «)»."""
    src = _write(tmp_path, "p.txt", "1.1. Каждая карта имеет  стои-\nмость, стихию и тип.\n"
                 "1.2. Ждёт (Гном-\nБасаарг) ждёт.\n")
    assert read_source(src).text.splitlines() == [
        "1.1. Каждая карта имеет  стоимость,", "стихию и тип.", "1.2. Ждёт (Гном-Басаарг)", "ждёт."]


def test_a_folder_holding_only_what_a_killed_import_left_is_empty(tmp_path):
    """A first import into OUT killed outright leaves only «OUT/.import-x» (its lock file and a
    half-built «sources»). The next import without --force goes ahead: the leftover is no
    content. Its lock file held by no process, it is removed however fresh; with no lock file, only
    once it is an hour old (a running import may be about to lock it)."""
    import os
    import time

    src = _write(tmp_path, "r.txt", "100.1. Игра ведётся двумя игроками.\n")
    for age, has_lock, left in ((2 * 3600, True, []), (0, True, []), (2 * 3600, False, []), (0, False, [".import-x"])):
        out = tmp_path / f"OUT{age}{has_lock}"
        (out / ".import-x" / "sources").mkdir(parents=True)
        if has_lock:
            (out / ".import-x" / ".lock").write_bytes(b"")
        os.utime(out / ".import-x", (time.time() - age, time.time() - age))
        import_rulebook([src], out, "T")
        assert sorted(p.name for p in out.iterdir()) == [*left, "sources"]


def test_a_nested_lists_last_item_ends_with_a_semicolon_when_the_outer_list_goes_on(tmp_path):
    """«100.1. Игрок может:» over «а) атаковать:» with «1) ударом;» «2) выстрелом;» nested under
    it, then «б) ждать;» and «в) отступить;»: «2) выстрелом;» ends the nested list, but the outer
    one goes on («б)»), so its «;» is right; the outer list's last item «в) отступить;» is open."""
    from berserk_kb import KnowledgeBase
    from berserk_kb.checks import run_checks
    from conftest import make_kb

    kb = make_kb(tmp_path, {"f.txt": "100.1. Игрок может:\nа) атаковать:\n  1) ударом;\n  2) выстрелом;\n"
                                     "б) ждать;\nв) отступить;\n"})
    rb = parse_rulebook(kb)
    assert [(i.label, bool(i.parent_item)) for i in rb.list_items] == [
        ("а", False), ("1", True), ("2", True), ("б", False), ("в", False)]
    run = run_checks(KnowledgeBase(kb), only=["L004"])
    (open_end,) = run.findings
    assert "«в)" in open_end.message and "отступить;" in open_end.message
