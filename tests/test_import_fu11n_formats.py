"""A fresh user's findings on import (issue 11, fu11n): deeply nested reStructuredText (N17),
footnote marks (N3, N6), list types given by CSS (N2), Word footnotes (N9), ranges and letter lists
in references (N10, N11), YAML front matter (N7), spanned table cells (N5). Every input is written
here, every expected value read off it by hand."""

from __future__ import annotations

import pytest

from berserk_kb.text.formats.importer import import_rulebook
from test_import import _kb
from test_import_structure import _imported


def _deep_rst(levels: int) -> str:
    """fu11n's x/gen_deep_rst.py: «100. Основы», «100.1. Раз.», then ``levels`` bullets, each one
    space deeper than the last (so each a quote holding a list: one level more), a blank line between."""
    return "100. Основы\n\n100.1. Раз.\n\n" + "".join(" " * i + "- уровень\n\n" for i in range(levels))


@pytest.mark.parametrize("text, line", [
    # bullet k (from 1) stands on line 4 + 2k − 1: the 101st on line 205
    (_deep_rst(101), 205),
    (_deep_rst(6000), 205),  # 18 MB took 40 s and 11 GB before docutils gave up: now the same line, at once
    ("100. Основы\n\n" + "- " * 150 + "x\n", 3),  # «- - x» is a list in a list: 150 on line 3
    # «.. note::» k (from 0) indented 3k, the content of the one before: 101 levels deep at k = 101, line 2k + 1
    ("".join("   " * i + ".. note::\n\n" for i in range(120)), 203),
])
def test_rst_nested_past_100_levels_is_refused_naming_the_line(tmp_path, cli, text, line):
    """One line naming the file and the first line past the limit (the one Markdown has), exit 2,
    nothing written."""
    src = tmp_path / "deep.rst"
    src.write_text(text, encoding="utf-8")
    r = cli("import", "--edition", "X", str(src), "-o", str(tmp_path / "OUT"))
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.stderr
    assert f"deep.rst: cannot be read as rst: lists, quotes or indented blocks nested too deep " \
           f"(more than 100 levels, at line {line})" in r.stderr
    assert not (tmp_path / "OUT").exists()


def test_rst_nested_100_levels_still_imports(tmp_path):
    """100 levels are within the limit: 100.1 is read, its text «Раз.», under 100."""
    kb, _ = _imported(tmp_path, "d.rst", _deep_rst(100), "X")
    (p,) = kb.show("100.1")
    assert p.text.strip() == "Раз." and p.parent.number == "100"


# --- footnote marks, list types in CSS, spanned cells (N3, N6, N2, N5) ---------------------------------


def _cites(kb, number: str) -> list[tuple[str, str]]:
    (p,) = kb.show(number)
    return [(r.target.number, r.raw) for r in p.cites]


def test_a_raised_footnote_mark_is_kept_apart_from_the_number_before_it(tmp_path):
    """fu11n h/f1.html: «см. 101.1<sup>2</sup>» is a browser's «101.1²»: a reference to 101.1 and
    note 2 (was 101.12, dangling); «начинается<sup>1</sup> с» keeps the word whole. Both marks are
    written «[n]»; an ordinal's raised «й» is not a mark."""
    html = ("<h2>101. Ход игры</h2><ol><li>Ход начинается<sup>1</sup> с открытия карт.</li>"
            "<li>Ход кончается (см. 101.1<sup>2</sup>).</li><li>Это 2<sup>й</sup> ход.</li></ol>")
    kb, _ = _imported(tmp_path, "f.html", html, "F")
    assert _cites(kb, "101.2") == [("101.1", "см. 101.1")]
    (first,) = kb.show("101.1")
    assert first.text.strip() == "Ход начинается[1] с открытия карт."
    assert kb.show("101.2")[0].text.strip() == "Ход кончается (см. 101.1[2])."
    assert kb.show("101.3")[0].text.strip() == "Это 2й ход."


def test_a_wiki_keeps_its_footnote_marks_and_its_notes_numbers(tmp_path):
    """fu11n h/w1.html (MediaWiki): the mark «[1]» stays where the page shows it, and the notes
    list is «[1] Турнирные правила, п. 2.1.», «[2] Кроме карт с «Засадой».» — numbered as the page
    numbers them, without the «↑» back link; «п. 2.1.» of the note stays a reference to another
    document's point (the text prints no 2.1)."""
    html = ('<h2>100. Общие положения</h2><p><b>100.1.</b> Игра ведётся двумя игроками.<sup id="cite_ref-1" '
            'class="reference"><a href="#cite_note-1">[1]</a></sup></p><h2>Примечания</h2>'
            '<div class="reflist"><ol class="references">'
            '<li id="cite_note-1"><span class="mw-cite-backlink"><a href="#cite_ref-1">↑</a></span> '
            '<span class="reference-text">Турнирные правила, п. 2.1.</span></li>'
            '<li id="cite_note-2"><span class="mw-cite-backlink"><a href="#cite_ref-2">↑</a></span> '
            '<span class="reference-text">Кроме карт с «Засадой».</span></li></ol></div>')
    kb, out = _imported(tmp_path, "w.html", html, "W")
    assert kb.show("100.1")[0].text.strip() == "Игра ведётся двумя игроками.[1]"
    text = next((out / "sources").glob("*.txt")).read_text(encoding="utf-8")
    assert "[1] Турнирные правила, п. 2.1.\n\n[2] Кроме карт с «Засадой».\n" in text and "↑" not in text


@pytest.mark.parametrize("style, first, second, resolved", [
    ("list-style-type:lower-alpha", "a", "b", True),
    ("list-style: upper-roman inside", "I", "II", False),  # Roman items: «100.4б» names no item
    ("LIST-STYLE-TYPE: lower-roman; color: red", "i", "ii", False),
])
def test_a_list_type_given_by_css_is_shown_as_a_browser_shows_it(tmp_path, style, first, second, resolved):
    """fu11n h/f2.html: an inner list styled by CSS (phpBB's ``[list=a]``, Word and CMS pages) is
    lettered, not numbered 100.4.1/100.4.2, even over a ``type="1"``: items «раз;», «два.» of 100.4
    under their marks, and «см. 100.4б» (the second item, б = b) resolves to the second of them."""
    html = (f'<h2>100. Общие положения</h2><ol><li>Раз.</li><li>Два.</li><li>Три.</li>'
            f'<li>Четвёртый пункт:<ol type="1" style="{style}"><li>раз;</li><li>два.</li></ol></li>'
            f'<li>Пятый, см. 100.4б.</li></ol>')
    kb, _ = _imported(tmp_path, "f.html", html, "F")
    items = [(i.label, i.id) for i in kb.rulebook.list_items if i.paragraph == "F:100.4"]
    assert [label for label, _ in items] == [first, second]
    assert "F:100.4.1" not in {p.id for p in kb.rulebook.paragraphs}
    (p,) = kb.show("100.5")
    assert [r.target.id if r.target else None for r in p.cites] == [items[1][1] if resolved else None]


def test_spanned_table_cells_keep_their_columns(tmp_path):
    """fu11n h/w1.html: «Лес» spans two rows, «Нейтральные» two columns. A browser shows three
    columns in every row: «Лес | Тёмно-зелёный | 100.2» (the spanned cell repeated in the row it
    covers) and «Нейтральные | (empty) | —»."""
    html = ('<h2>100. Стихии</h2><p>100.1. Стихии и цвета:</p><table class="wikitable"><tr><th>Стихия</th>'
            '<th>Цвет</th><th>Правило</th></tr><tr><td rowspan="2">Лес</td><td>Зелёный</td><td>100.1</td></tr>'
            '<tr><td>Тёмно-зелёный</td><td>100.2</td></tr><tr><td colspan="2">Нейтральные</td><td>—</td></tr></table>')
    kb, _ = _imported(tmp_path, "t.html", html, "W")
    (table,) = [p for p in kb.rulebook.paragraphs if p.kind == "table"]
    assert table.rows == [["Стихия", "Цвет", "Правило"], ["Лес", "Зелёный", "100.1"],
                                             ["Лес", "Тёмно-зелёный", "100.2"], ["Нейтральные", "", "—"]]


def test_cell_grid_spans_by_hand():
    """:func:`grid` alone: a ``rowspan`` of 0 covers the rows left; a span past the last row stops
    there; a cell spanning down into a row with fewer cells leaves the gap before it empty."""
    from berserk_kb.text.formats.cells import grid

    assert grid([[("a", 0, 1), ("b", 1, 1)], [("c", 1, 1)], [("d", 1, 1)]]) == [["a", "b"], ["a", "c"], ["a", "d"]]
    assert grid([[("a", 9, 1)], [("b", 1, 1)]]) == [["a"], ["a", "b"]]
    assert grid([[("a", 1, 1), ("b", 1, 1), ("c", 2, 1)], [("d", 1, 1)]]) == [["a", "b", "c"], ["d", "", "c"]]
    assert len(grid([[("a", 1, 10**6)]])[0]) == 64  # the padding stops at PAD_COLUMNS


# --- YAML front matter (N7) -------------------------------------------------------------------------


def test_yaml_front_matter_is_metadata_not_a_text_line(tmp_path, cli):
    """fu11n m/f1.md: five lines of front matter (``---``, title, version, date, ``---``) above
    «## 100. Общие положения». None of its words is in the fragment, no S006 «cut off» finding, and
    the import says it left lines 1–5 out; 100.1 keeps its source line (line 7 of the file)."""
    md = ("---\ntitle: Берсерк. Полные правила\nversion: 2.1\ndate: 2024-01-01\n---\n\n"
          "## 100. Общие положения\n\n**100.1.** Игра ведётся двумя игроками.\n")
    src = tmp_path / "f1.md"
    src.write_text(md, encoding="utf-8")
    r = cli("import", "--edition", "M", str(src), "-o", str(tmp_path / "OUT"))
    assert r.exit_code == 0 and "f1.md:1–5: YAML front matter (the page's metadata) — left out" in r.stdout, r.stdout
    text = next((tmp_path / "OUT" / "sources").glob("*.txt")).read_text(encoding="utf-8")
    assert "title" not in text and "2024" not in text
    r = cli("check", "--kb", str(tmp_path / "OUT"))
    said = r.stdout + r.stderr
    assert "S006" not in said and "0 errors, 0 warnings, 0 infos" in said, said


def test_a_thematic_break_first_is_not_front_matter(tmp_path):
    """A document opening with «---» and then text that is no ``key:`` line is CommonMark's thematic
    break: its paragraphs are all read, «Это вступление, без полей.» among them."""
    kb, _ = _imported(tmp_path, "b.md", "---\n\nЭто вступление, без полей.\n\n---\n\n## 100. Основы\n\n**100.1.** Раз.\n", "M")
    assert any(p.text.strip() == "Это вступление, без полей." for p in kb.rulebook.paragraphs)
    assert kb.show("100.1")[0].text.strip() == "Раз."


# --- ranges «с … по …» and lists of item letters (N10, N11) ------------------------------------------


@pytest.mark.parametrize("text, numbers", [
    # N10: «с X по Y» is the range X–Y, as «X—Y» is: every number between, in two- and three-level numbering
    ("См. правила с 100.1 по 100.3.", ["100.1", "100.2", "100.3"]),
    ("См. правила с 1.1 по 1.3.", ["1.1", "1.2", "1.3"]),
    ("Как сказано с 100.2 по 100.4.", ["100.2", "100.3", "100.4"]),  # no keyword: the paragraph-number shape
    # N11: each letter of a list written after its paragraph's number
    ("См. 100.3а, б.", ["100.3а", "100.3б"]),
    ("См. 100.3 (а, б).", ["100.3а", "100.3б"]),
    ("См. 100.3а, б и в.", ["100.3а", "100.3б", "100.3в"]),
    ("См. пункт «б» правила 100.3.", ["100.3б"]),
    # held: «, а» and «и» that are conjunctions; a range of letters; «по 3 раза» is no range
    ("См. 100.3а, а затем ход.", ["100.3а"]),
    ("См. пункты 100.2а–б и 200.1.", ["100.2а", "100.2б", "200.1"]),
    ("См. 100.1 по 3 раза.", ["100.1"]),
])
def test_ranges_and_letter_lists_name_every_number(text, numbers):
    from berserk_kb.text.references import find_cross_references

    assert [n for _, n, _, _, _ in find_cross_references(text)] == [numbers]


def test_ranges_and_letter_lists_resolve_in_an_imported_text(tmp_path):
    """fu11n t/rf3.txt and t/rf.txt: 100.3 lists а), б), в). By hand: «с 100.1 по 100.3» cites
    100.1, 100.2, 100.3; «100.3 (а, б)» and «100.3а, б» items а and б; «пункт «б» правила 100.3»
    item б. In tournament numbering «с 1.1 по 1.3» cites 1.1, 1.2, 1.3. Nothing unresolved."""
    body = ("100. Общие положения\n\n100.1. Раз.\n\n100.2. Два.\n\n100.3. Игрок выбирает:\nа) атаку;\nб) защиту;\n"
            "в) пас.\n\n101. Ход\n\n101.1. См. правила с 100.1 по 100.3.\n\n101.3. См. 100.3 (а, б).\n\n"
            "101.4. См. 100.3а, б.\n\n101.9. См. пункт «б» правила 100.3.\n")
    kb, _ = _imported(tmp_path, "rf3.txt", body, "T")
    item = {i.label: i.id for i in kb.rulebook.list_items if i.paragraph == "T:100.3"}
    cited = {n: [r.target.id if r.target else None for r in kb.show(n)[0].cites] for n in ("101.1", "101.3", "101.4", "101.9")}
    assert cited == {"101.1": ["T:100.1", "T:100.2", "T:100.3"], "101.3": [item["а"], item["б"]],
                     "101.4": [item["а"], item["б"]], "101.9": [item["б"]]}
    (tmp_path / "two").mkdir()
    kb2, _ = _imported(tmp_path / "two", "rf.txt", "1. Общие\n\n1.1. Раз.\n\n1.2. Два.\n\n1.3. Три.\n\n"
                       "2. Ход\n\n2.1. См. правила с 1.1 по 1.3.\n", "R")
    assert [r.target.id if r.target else None for r in kb2.show("2.1")[0].cites] == ["R:1.1", "R:1.2", "R:1.3"]


# --- Word footnotes and endnotes (N9) ---------------------------------------------------------------

_W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"


def _noted_docx(path, paragraphs: list[str], parts: dict[str, str]):
    """A .docx of ``paragraphs`` (raw runs XML each) and note parts («footnotes» → the notes' XML), linked
    from the document as Word links them."""
    import zipfile

    from docx.oxml import parse_xml
    from docx.oxml.ns import qn

    from docx_maker import DocxMaker

    d = DocxMaker()
    d.heading("100. Общие положения", 1)
    body = d.doc.element.body
    for runs in paragraphs:
        body.find(qn("w:sectPr")).addprevious(parse_xml(f"<w:p {_W}>{runs}</w:p>"))
    d.save(path)
    with zipfile.ZipFile(path) as z:
        files = {n: z.read(n) for n in z.namelist()}
    for kind, notes in parts.items():
        files[f"word/{kind}.xml"] = f'<?xml version="1.0" encoding="UTF-8"?><w:{kind} {_W}>{notes}</w:{kind}>'.encode()
        files["[Content_Types].xml"] = files["[Content_Types].xml"].replace(b"</Types>", (
            f'<Override PartName="/word/{kind}.xml" ContentType="application/vnd.openxmlformats-officedocument.'
            f'wordprocessingml.{kind}+xml"/></Types>').encode())
        files["word/_rels/document.xml.rels"] = files["word/_rels/document.xml.rels"].replace(
            b"</Relationships>", f'<Relationship Id="rId{kind}" Type="{_REL}{kind}" Target="{kind}.xml"/></Relationships>'.encode())
    with zipfile.ZipFile(path, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return path


def _run(text: str) -> str:
    return f'<w:r><w:t xml:space="preserve">{text}</w:t></w:r>'


def test_word_footnotes_and_endnotes_are_kept_after_their_paragraph_and_their_references_found(tmp_path):
    """fu11n d/w2.docx: 100.1 «Игра ведётся двумя игроками.¹ Каждый игрок имеет колоду.», footnote
    (id 2) «Турнирные правила допускают игру командами (см. 101.2).», and an endnote (id 1) on
    101.1. Word numbers footnotes 1, 2… and endnotes i, ii…: the marks «[1]», «[i]» stand where
    Word prints them, the notes are lines «[1] …», «[i] …» right after their paragraphs (Word's
    separator notes, ids −1 and 0, are no notes), and the note's «см. 101.2» is a reference to 101.2
    from the note, a unit of 100.1."""
    fn = ('<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>'
          '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p>'
          '</w:footnote><w:footnote w:id="2"><w:p><w:r><w:footnoteRef/></w:r>'
          + _run(" Турнирные правила допускают игру командами (см. 101.2).") + "</w:p></w:footnote>")
    en = '<w:endnote w:id="1"><w:p><w:r><w:endnoteRef/></w:r>' + _run(" Кроме первого хода.") + "</w:p></w:endnote>"
    src = _noted_docx(tmp_path / "w2.docx", [
        _run("100.1. Игра ведётся двумя игроками.") + '<w:r><w:footnoteReference w:id="2"/></w:r>'
        + _run(" Каждый игрок имеет колоду."),
        _run("101. Ход игры"), _run("101.1. Ход начинается с открытия карт.") + '<w:r><w:endnoteReference w:id="1"/></w:r>',
        _run("101.2. Ход кончается."),
    ], {"footnotes": fn, "endnotes": en})
    out = tmp_path / "OUT"
    import_rulebook([src], out, "W")
    kb = _kb(out)
    text = next((out / "sources").glob("*.txt")).read_text(encoding="utf-8")
    assert ("100.1. Игра ведётся двумя игроками.[1] Каждый игрок имеет колоду.\n\n"
            "[1] Турнирные правила допускают игру командами (см. 101.2).\n") in text
    assert "101.1. Ход начинается с открытия карт.[i]\n\n[i] Кроме первого хода.\n" in text
    (target,) = kb.show("101.2")
    (ref,) = target.cited_by
    (note,) = kb.show(ref.citing.id)  # the note's own unit, under 100.1
    assert ref.raw == "см. 101.2" and note.parent.number == "100.1" and note.text.startswith("[1] Турнирные")
