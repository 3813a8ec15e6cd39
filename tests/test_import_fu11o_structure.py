"""A fresh user's structure findings on import (issue 11, fu11o): numbered paragraphs a page sets in
a bullet list (O13), example labels (O14), contents at the end of the book (O11), examples in a box
and boxes inside the article (O9, O10), paragraphs copied from a page's lists (O8). Every input is
written here (the user's small documents, copied), every expected value read off it by hand."""

from __future__ import annotations

import json

import pytest

from berserk_kb.text.formats.importer import import_rulebook
from docx_maker import DocxMaker
from test_import import _kb, _loss_free
from test_import_structure import _imported

# --- a numbered paragraph in a bullet list (O13) ---------------------------------------------------

#: h/dn.html: section 100 in an ``<ol>``, section 101 in a ``<ul>``, each item printing its number
BULLETED_HTML = """<html><body><main>
<h2>100. Общие положения</h2>
<ol>
<li>100.1. Игра ведётся двумя игроками.</li>
<li>100.2. Колода содержит 30 карт (см. 100.1).</li>
</ol>
<h2>101. Ход</h2>
<ul>
<li>101.1. Ход начинается.</li>
<li>101.2. Ход кончается (см. 101.1).</li>
</ul>
</main></body></html>
"""
#: m/bl.md and m/bl.txt: the same section 101 as a Markdown and a text bullet list
BULLETED = {"md": "## 101. Ход\n\n- 101.1. Ход начинается.\n- 101.2. Ход кончается (см. 101.1).\n",
            "txt": "101. Ход\n\n• 101.1. Ход начинается.\n• 101.2. Ход кончается (см. 101.1).\n",
            "dash.txt": "101. Ход\n\n- 101.1. Ход начинается.\n- 101.2. Ход кончается (см. 101.1).\n"}


def _bulleted_docx(tmp_path):
    """d/bl.docx (d/mk5.py): «101. Ход» as Heading 1, two ``List Bullet`` paragraphs typing 101.1, 101.2."""
    d = DocxMaker()
    d.heading("101. Ход", 1)
    d.doc.add_paragraph("101.1. Ход начинается.", style="List Bullet")
    d.doc.add_paragraph("101.2. Ход кончается (см. 101.1).", style="List Bullet")
    out = tmp_path / "OUT"
    import_rulebook([d.save(tmp_path / "bl.docx")], out, "H")
    return _kb(out), out


@pytest.mark.parametrize("fmt", ["html", "md", "txt", "dash.txt", "docx"])
def test_a_paragraph_printing_its_number_in_a_bullet_list_is_that_paragraph(tmp_path, fmt):
    """«101.1. Ход начинается.» set as a bullet is paragraph 101.1 under 101 (its text without the bullet
    or the number), «101.2. …» is 101.2 and its «см. 101.1» cites 101.1; no list item; no finding."""
    if fmt == "docx":
        kb, out = _bulleted_docx(tmp_path)
    else:
        kb, out = _imported(tmp_path, f"bl.{fmt}", BULLETED_HTML if fmt == "html" else BULLETED[fmt], "H")
    (first,) = kb.show("101.1")
    (second,) = kb.show("101.2")
    assert (first.parent.id, first.text.strip()) == ("H:101", "Ход начинается.")
    assert (second.parent.id, second.text.strip()) == ("H:101", "Ход кончается (см. 101.1).")
    assert not kb.rulebook.list_items
    assert {(r.source_paragraph, r.target) for r in kb.rulebook.references} >= {("H:101.2", "H:101.1")}
    assert [f.code for f in kb.check().findings] == []
    _loss_free(out)


def test_a_bullet_item_with_a_section_number_or_none_stays_an_item(tmp_path):
    """Only a sub-paragraph number («101.1.») makes a bullet a paragraph: «• 3 карты» and «• 102 карты
    в колоде» under 101.1 stay its two list items, and no section 102 is made."""
    kb, _ = _imported(tmp_path, "b.txt", "101. Ход\n\n101.1. Колода:\n• 3 карты;\n• 102 карты в колоде.\n", "H")
    (p,) = kb.show("101.1")
    assert [i.text.strip() for i in p.list_items] == ["3 карты;", "102 карты в колоде."]
    assert [q.number for q in kb.rulebook.paragraphs] == ["101", "101.1"]


# --- example labels (O14) --------------------------------------------------------------------------

#: t/exm2.txt: six paragraphs, each with an example labelled in another way real rulebooks do
EXAMPLE_LABELS = """100. Основы

100.1. Существо наносит удар.

Пример: существо с силой 3 наносит 3 раны.

100.2. Существо получает рану.

Например, существо получает 2 раны.

100.3. Существо погибает.

Например: существо с 2 жизнями погибает.

100.4. Существо лечится.

Пример 3 (к 100.4): существо лечит рану.

100.5. Атака.

Пример к правилу 100.5: игрок атакует.

100.6. Защита.

{label}
1. Существо защищается.
2. Существо не защищается.
"""


@pytest.mark.parametrize("label", ["ПРИМЕРЫ", "Примеры:"])
def test_every_example_label_makes_an_example_of_its_paragraph(tmp_path, label):
    """Each of 100.1–100.6 has one example and no text of its own but its sentence; the list under
    «ПРИМЕРЫ» / «Примеры:» is one example of 100.6 holding both lines (no heading, no list item);
    «к 100.4», «правилу 100.5» in a label cite nothing: the text has no reference at all."""
    kb, out = _imported(tmp_path, "exm2.txt", EXAMPLE_LABELS.format(label=label), "T")
    own = {"100.1": "Существо наносит удар.", "100.2": "Существо получает рану.", "100.3": "Существо погибает.",
           "100.4": "Существо лечится.", "100.5": "Атака.", "100.6": "Защита."}
    for number, text in own.items():
        (p,) = kb.show(number)
        assert p.text.strip() == text and len(p.examples) == 1, number
    (p,) = kb.show("100.6")
    assert p.examples[0].text.split() == "1. Существо защищается. 2. Существо не защищается.".split()
    assert kb.show("100.4")[0].examples[0].text.strip() == "существо лечит рану."
    assert len(kb.rulebook.examples) == 6 and not kb.rulebook.list_items
    assert [q.kind for q in kb.rulebook.paragraphs if q.kind == "heading"] == []
    assert kb.rulebook.references == ()
    assert [f.code for f in kb.check().findings] == []
    _loss_free(out)


# --- contents at the end of the book (O11) ---------------------------------------------------------

#: t/tocend2.txt: the body 100–102, then «СОДЕРЖАНИЕ» and four of its numbers with no page numbers
BODY = """БЕРСЕРК. ПОЛНЫЕ ПРАВИЛА

100. Общие положения

100.1. Игра ведётся двумя игроками.

100.2. Колода содержит 30 карт.

101. Ход игры

101.1. Ход начинается с открытия (см. 100.1).

102. Бой

102.1. Существа обмениваются ударами.
"""


def _contents(kb) -> list[str]:
    return [p.text.strip() for p in kb.rulebook.paragraphs if p.kind.value == "contents"]


@pytest.mark.parametrize("heading", ["СОДЕРЖАНИЕ\n\n", ""])
def test_contents_at_the_end_without_page_numbers_are_contents(tmp_path, heading):
    """«100. Общие положения», «100.1. Игроки», «101. Ход игры», «102. Бой» after the body repeat numbers
    it printed, in order: contents lines (5 with the heading word, 4 without), each number owned once
    (`show 102` answers the body's line 13), 101.1 cites 100.1 of the body; no finding."""
    toc = "100. Общие положения\n100.1. Игроки\n101. Ход игры\n102. Бой\n"
    kb, out = _imported(tmp_path, "tocend2.txt", f"{BODY}\n{heading}{toc}", "T")
    assert len(_contents(kb)) == (5 if heading else 4)
    (p,) = kb.show("102")
    assert p.source.line_start == 13
    assert [q.number for q in kb.rulebook.paragraphs if q.number] == \
        ["100", "100.1", "100.2", "101", "101.1", "102", "102.1"]
    assert {(r.source_paragraph, r.target) for r in kb.rulebook.references} == {("T:101.1", "T:100.1")}
    assert [f.code for f in kb.check().findings] == []
    _loss_free(out)


@pytest.mark.parametrize("tail", ["103. Магия\n104. Конец\n", "102. Бой\n101. Ход игры\n", "101. Ход игры\n"])
def test_numbered_lines_at_the_end_that_the_body_did_not_print_in_order_stay_body(tmp_path, tail):
    """New sections 103/104 after the body, the body's numbers out of order, or one alone without a
    heading word: not contents, each line its paragraph (the duplicates then reported as S001)."""
    kb, _ = _imported(tmp_path, "t.txt", f"{BODY}\n{tail}", "T")
    assert not _contents(kb)
    assert [q.number for q in kb.rulebook.paragraphs if q.number][7:] == [ln.split(".")[0] for ln in tail.splitlines()]


# --- an example in a box (O9) and boxes inside the article (O10) -----------------------------------

#: h/bx.html: an example in a one-cell table after 100.1, in a ``div.example`` after 100.2, in an
#: ``<aside>`` after 100.3 — all inside ``<main>``
BOXED_HTML = """<html><body><main>
<h2>100. Общие положения</h2>
<p>100.1. Колода содержит 30 карт.</p>
<table border="1"><tr><td><b>Пример:</b> игрок собирает колоду из 40 карт.</td></tr></table>
<p>100.2. Игра ведётся вдвоём.</p>
<div class="example"><p><b>Пример.</b> Двое игроков садятся за стол.</p></div>
<p>100.3. Ход начинается.</p>
<aside class="note"><p>Пример: игрок ходит первым.</p></aside>
</main></body></html>
"""


def test_an_example_in_a_box_is_an_example_of_the_paragraph_before_it(tmp_path):
    """bx.html: 100.1, 100.2 and 100.3 each have one example, their words as the page shows them (no
    «|» of a table); no table, no plain paragraph, no finding."""
    kb, out = _imported(tmp_path, "bx.html", BOXED_HTML, "H")
    expected = {"100.1": "игрок собирает колоду из 40 карт.", "100.2": "Двое игроков садятся за стол.",
                "100.3": "игрок ходит первым."}
    for number, text in expected.items():
        (p,) = kb.show(number)
        assert [e.text.strip() for e in p.examples] == [text], number
    assert all(p.kind.value != "table" for p in kb.rulebook.paragraphs)
    assert "|" not in next((out / "sources").glob("*.txt")).read_text(encoding="utf-8")
    assert [f.code for f in kb.check().findings] == []
    _loss_free(out)


def test_an_example_in_a_word_box_is_an_example(tmp_path):
    """d/e3.docx (d/mk3.py): «100.2. Колода содержит:», items «а)»/«б)», then a 1×1 table «Пример: игрок
    собирает колоду из 40 карт (см. 100.2б).» → the example of 100.2 (its reference to item б) kept);
    a two-cell row «Тип | Стоимость» stays a table."""
    d = DocxMaker()
    d.heading("100. Общие положения", 1)
    d.para("100.1. Игра ведётся двумя игроками.")
    d.para("100.2. Колода содержит:")
    d.para("а) не менее 30 карт;")
    d.para("б) не более 50 карт.")
    d.table([["Пример: игрок собирает колоду из 40 карт (см. 100.2б)."]])
    d.para("100.3. Колода собирается до игры.")
    d.table([["Тип", "Стоимость"], ["Существо", "1–10"]])
    out = tmp_path / "OUT"
    import_rulebook([d.save(tmp_path / "e3.docx")], out, "E")
    kb = _kb(out)
    (p,) = kb.show("100.2")
    assert [e.text.strip() for e in p.examples] == ["игрок собирает колоду из 40 карт (см. 100.2б)."]
    assert [i.text.strip() for i in p.list_items] == ["не менее 30 карт;", "не более 50 карт."]
    assert {r.target for r in kb.rulebook.references} == {"E:100.2/item2"}
    assert [q.kind.value for q in kb.rulebook.paragraphs].count("table") == 1
    _loss_free(out)


#: h/as.html: boxes inside ``<main><article>`` — an ``<aside>``, a ``div.sidebar``, a callout
BOXES_IN_ARTICLE = """<html><body><main><article>
<h2>100. Общие положения</h2>
<p>100.1. Колода содержит 30 карт.</p>
<aside><p>Примечание: в турнирах колода содержит 40 карт.</p></aside>
<p>100.2. Игра ведётся вдвоём.</p>
<div class="sidebar"><p>Важно: ничьих не бывает (см. 100.1).</p></div>
<p>100.3. Ход начинается.</p>
<div class="callout callout-info"><p>Пример: игрок ходит первым.</p></div>
</article>
<aside><h3>Популярное</h3><ul><li><a href="/a">Турнир в Москве</a></li></ul></aside>
</main>
<aside class="widget-area"><p>Свежие записи: турнир 5 мая.</p></aside>
</body></html>
"""


def test_an_aside_or_sidebar_inside_the_article_is_kept_and_the_sites_is_not(tmp_path):
    """The article's «Примечание: …» stands under 100.1, «Важно: … (см. 100.1).» under 100.2 citing
    100.1, «Пример: …» is 100.3's example; the ``<aside>`` beside the article in ``<main>``
    («Популярное», «Турнир в Москве») and the one outside ``<main>`` («Свежие записи») are the site's."""
    kb, out = _imported(tmp_path, "as.html", BOXES_IN_ARTICLE, "H")
    text = next((out / "sources").glob("*.txt")).read_text(encoding="utf-8")
    for chrome in ("Популярное", "Турнир в Москве", "Свежие записи"):
        assert chrome not in text, chrome
    under = {p.parent: p.text.strip() for p in kb.rulebook.paragraphs if not p.number}
    assert under == {"H:100.1": "Примечание: в турнирах колода содержит 40 карт.",
                     "H:100.2": "Важно: ничьих не бывает (см. 100.1)."}
    (ref,) = kb.rulebook.references
    assert ref.source_paragraph.startswith("H:100.2/") and ref.target == "H:100.1"
    assert [e.text.strip() for e in kb.show("100.3")[0].examples] == ["игрок ходит первым."]
    _loss_free(out)


# --- paragraphs copied from a web page's lists (O8) ------------------------------------------------

#: t/web2.txt: a page's <h2>100. …</h2><ol>…</ol> copied as text
COPIED = """100. Общие положения

1. Игра ведётся двумя игроками.
2. Каждый игрок имеет колоду.
3. См. 100.2.

101. Ход

1. Ход начинается (см. 100.1).
"""


@pytest.mark.parametrize("sep", [" ", "\t"])
def test_list_numbers_under_a_section_copied_from_a_page_are_its_paragraphs(tmp_path, sep):
    """«1.»–«3.» under «100. Общие положения» are 100.1–100.3, «1.» under «101. Ход» is 101.1 (with a
    space or, as Chrome copies a list, a tab after the marker); «см. 100.2» and «см. 100.1» resolve;
    the fragment writes «100.1. …», the origin keeps «1.» as shown; no list item, no finding."""
    text = COPIED if sep == " " else COPIED.replace("1. ", "1.\t").replace("2. ", "2.\t").replace("3. ", "3.\t")
    kb, out = _imported(tmp_path, "web2.txt", text, "W")
    assert [p.number for p in kb.rulebook.paragraphs if p.number] == ["100", "100.1", "100.2", "100.3", "101", "101.1"]
    assert kb.show("100.2")[0].text.strip() == "Каждый игрок имеет колоду."
    assert {(r.source_paragraph, r.target) for r in kb.rulebook.references} == \
        {("W:100.3", "W:100.2"), ("W:101.1", "W:100.1")}
    assert not kb.rulebook.list_items
    (origins,) = (out / "sources" / "origins").glob("*.json")
    shown = [ln[2] for ln in json.loads(origins.read_text(encoding="utf-8"))["lines"] if len(ln) > 2]
    assert shown == ["1.", "2.", "3.", "1."]
    assert [f.code for f in kb.check().findings] == []
    _loss_free(out)


@pytest.mark.parametrize("text, items", [
    # the section numbers its paragraphs itself (heroes-15's 107: «107.1.» then a «1.» list): items stay
    ("100. Общие положения\n\n1. Игра ведётся двумя игроками.\n2. Колода своя.\n\n100.1. Раз.\n", 2),
    # the document never writes a number «100.1»: a plain numbered list under a section
    ("100. Общие положения\n\n1. Игра ведётся двумя игроками.\n2. Колода своя.\n", 2),
    # a list a sentence introduces, not right under the section line
    ("100. Общие положения\n\nВ игре есть:\n1. Лес.\n2. Горы.\n\n101. Ход\n\n101.1. См. 100.\n", 2),
    # lower-case items (a list of words, not sentences) / numbering not from 1
    ("100. Общие положения\n\n1. лес;\n2. горы.\n\n101. Ход\n\n101.1. Раз.\n", 2),
    ("100. Общие положения\n\n2. Лес.\n3. Горы.\n\n101. Ход\n\n101.1. Раз.\n", 2),
])
def test_other_numbered_lists_under_a_section_stay_lists(tmp_path, text, items):
    """No «100.1»/«100.2» is made from these lists: each keeps its two list items."""
    kb, _ = _imported(tmp_path, "t.txt", text, "W")
    assert len(kb.rulebook.list_items) == items
    assert "100.2" not in [p.number for p in kb.rulebook.paragraphs]
