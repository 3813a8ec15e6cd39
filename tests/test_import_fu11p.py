"""A fresh user's findings on import (fu11p, issue 11): a paragraph's second line (P3), a
reference wrapped to the start of a line (P5), a PDF's running header at a page top (P4), Sphinx
``.. rubric::`` (P1) and GitHub alerts (P2). Every input is written here, every expected value read
off it by hand."""

from __future__ import annotations

import pytest

from berserk_kb.text.formats.importer import import_rulebook
from test_import import _loss_free
from test_import_structure import _imported, _kb


def _cited(kb) -> set[tuple[str, str, str | None]]:
    """``(citing paragraph, number cited, target id)`` of every reference of the rulebook."""
    return {(r.source_paragraph, r.number, r.target) for r in kb.rulebook.references}


# --- a paragraph's second line (P3) ------------------------------------------------------------------


@pytest.mark.parametrize("brk", ["  ", "\\"])
def test_a_markdown_hard_break_keeps_the_next_line_in_its_paragraph(tmp_path, brk):
    """n/hb.md: «**100.1.** Ход начинается.» + a hard break (two trailing spaces, or «\\») +
    «Вторая строка пункта (см. 100.2).» — one paragraph by CommonMark (a ``<br>`` inside it): 100.1
    cites 100.2, and no plain paragraph stands apart."""
    text = (f"## 100. Общие\n\n**100.1.** Ход начинается.{brk}\nВторая строка пункта (см. 100.2).\n\n"
            f"**100.2.** Игрок ходит.{brk}\nИ ещё строка.\n")
    kb, out = _imported(tmp_path, "hb.md", text, "M")
    assert _cited(kb) == {("M:100.1", "100.2", "M:100.2")}
    assert [p.text for p in kb.rulebook.paragraphs if p.number is None] == []
    assert [p.text for p in kb.rulebook.paragraphs if p.number == "100.2"] == ["Игрок ходит. И ещё строка."]
    _loss_free(out)


def test_a_text_files_second_line_of_a_numbered_paragraph_is_that_paragraphs(tmp_path):
    """n/hb.txt: blank lines part the paragraphs, so «Вторая строка пункта (см. 100.2).» right under
    «100.1. Ход начинается.» is 100.1's second line: 100.1 cites 100.2; a marked line under a
    paragraph («а) …») and a list after a colon stay units of their own."""
    text = ("100. Общие\n\n100.1. Ход начинается.\nВторая строка пункта (см. 100.2).\n\n100.2. Игрок ходит.\n"
            "а) первым;\nб) вторым.\n\n100.3. Колода содержит:\nлес\nгоры\n")
    kb, out = _imported(tmp_path, "hb.txt", text, "T")
    assert _cited(kb) == {("T:100.1", "100.2", "T:100.2")}
    texts = {p.number: p.text for p in kb.rulebook.paragraphs}
    assert texts["100.1"] == "Ход начинается. Вторая строка пункта (см. 100.2)."
    assert texts["100.2"] == "Игрок ходит."
    assert [i.text for i in kb.rulebook.list_items] == ["первым;", "вторым.", "лес", "горы"]
    _loss_free(out)


def test_a_text_set_line_under_line_keeps_its_lines(tmp_path):
    """A PDF turned into text sets each paragraph right under the one before (no blank lines): a
    line break there says nothing, and «Пояснение к пункту.» stays a plain paragraph of its own."""
    text = "100. Общие\n100.1. Раз.\n100.2. Два.\nПояснение к пункту.\n"
    kb, _ = _imported(tmp_path, "pdf.txt", text, "T")
    assert {p.number: p.text for p in kb.rulebook.paragraphs}["100.2"] == "Два."
    assert [p.text for p in kb.rulebook.paragraphs if p.number is None] == ["Пояснение к пункту."]


# --- a reference's number wrapped to the next line (P5) ----------------------------------------------


def test_a_reference_number_wrapped_to_its_own_line_is_no_paragraph(tmp_path):
    """n/pdf.txt lines 3–7: «…если иное не указано в правиле» / «100.2.» / «100.2. Колода…» — the
    lone «100.2.» ends 100.1's reference (the line above wants a number), so 100.2 is printed once,
    has its text, and 100.1 cites it; no S001, no L005."""
    text = ("100. Общие положения\n100.1. Каждый игрок получает по\n2 раны в начале игры, если иное не "
            "указано в правиле\n100.2.\n100.2. Колода содержит не менее 30 карт (см. правило\n100.1).\n")
    kb, out = _imported(tmp_path, "pdf.txt", text, "T")
    assert _cited(kb) == {("T:100.1", "100.2", "T:100.2"), ("T:100.2", "100.1", "T:100.1")}
    assert [(p.number, p.text) for p in kb.rulebook.paragraphs if p.number == "100.2"] == [
        ("100.2", "Колода содержит не менее 30 карт (см. правило\n100.1).")]
    assert [f.code for f in kb.check().findings] == []
    _loss_free(out)


def test_a_number_alone_over_its_text_is_still_the_paragraph(tmp_path):
    """«100.2.» alone with its text on the next line (a Word table turned into text) after a line
    that wants no number: the paragraph 100.2 with that text."""
    text = "100. Общие\n100.1. Раз.\n100.2.\nКолода собирается заранее.\n"
    kb, _ = _imported(tmp_path, "pdf.txt", text, "T")
    assert {p.number: p.text for p in kb.rulebook.paragraphs}["100.2"] == "Колода собирается заранее."


# --- a running header at the top of each page (P4) ---------------------------------------------------


def test_a_running_header_at_each_page_top_and_a_lone_page_number_are_left_out(tmp_path):
    """n/pdf.txt's pages: «ПОЛНЫЕ ПРАВИЛА «БЕРСЕРК»» opens page 1 and, under the page number «4»,
    page 2 (right after page 1's footer «… стр. 3»); it stands nowhere else. Both copies, «4» and
    the two footers are left out (5 lines), so 100 and 101 are top-level sections."""
    foot = "Полные правила «Берсерк»                      стр. {}\n"
    text = ("ПОЛНЫЕ ПРАВИЛА «БЕРСЕРК»\n\n100. Общие положения\n100.1. Игра ведётся двумя игроками.\n"
            "100.2. Колода содержит 30 карт.\n" + foot.format(3) + "\n4\nПОЛНЫЕ ПРАВИЛА «БЕРСЕРК»\n101. Ход\n"
            "101.1. Ход начинается с раскрытия.\n" + foot.format(4))
    kb, out = _imported(tmp_path, "pdf.txt", text, "T")
    assert [(p.number, p.parent) for p in kb.rulebook.paragraphs] == [
        ("100", None), ("100.1", "T:100"), ("100.2", "T:100"), ("101", None), ("101.1", "T:101")]
    fragment = next((out / "sources").glob("T_*")).read_text(encoding="utf-8")
    assert "ПОЛНЫЕ" not in fragment and "\n4\n" not in fragment and "стр." not in fragment


def test_a_title_printed_once_at_the_top_is_kept(tmp_path):
    """The same layout with page 2 opening on its section: the title «ПОЛНЫЕ ПРАВИЛА «БЕРСЕРК»» opens
    one page only — the document's title, kept as its heading."""
    foot = "Полные правила «Берсерк»                      стр. {}\n"
    text = ("ПОЛНЫЕ ПРАВИЛА «БЕРСЕРК»\n\n100. Общие положения\n100.1. Игра ведётся двумя игроками.\n"
            "100.2. Колода содержит 30 карт.\n" + foot.format(3) + "\n101. Ход\n101.1. Ход начинается с раскрытия.\n"
            "101.2. Игрок ходит.\n" + foot.format(4))
    kb, _ = _imported(tmp_path, "pdf.txt", text, "T")
    assert [p.text for p in kb.rulebook.paragraphs if p.number is None] == ["ПОЛНЫЕ ПРАВИЛА «БЕРСЕРК»"]


# --- Sphinx «.. rubric::» (P1) -----------------------------------------------------------------------


def test_a_sphinx_rubric_is_kept_as_the_paragraph_docutils_prints(tmp_path):
    """n/inc.rst: «.. rubric:: 101. Ход» between 100.2 and 101.1 — docutils prints a rubric as a
    paragraph, so «101. Ход» is section 101, beside 100 under the title «Правила», and the parent of
    101.1 (not the title)."""
    text = ("Правила\n=======\n\n100. Общие положения\n--------------------\n\n100.1. Игра ведётся двумя "
            "игроками.\n\n100.2. Колода собирается (см. 100.1).\n\n.. rubric:: 101. Ход\n\n101.1. Ход начинается.\n")
    kb, out = _imported(tmp_path, "inc.rst", text, "R")
    parents = {p.number: p.parent for p in kb.rulebook.paragraphs if p.number}
    assert parents["101"] == parents["100"] == "R:правила"
    assert parents["101.1"] == "R:101" and parents["100.2"] == "R:100"
    assert [f.code for f in kb.check().findings] == []
    _loss_free(out)


def test_a_rubric_numbering_the_first_section_parents_its_paragraphs(tmp_path):
    """n/sx.rst: «.. rubric:: 100. Общие положения» right under the title: 100.1 stands under 100."""
    text = "Правила\n=======\n\n.. rubric:: 100. Общие положения\n\n100.1. Игра ведётся двумя игроками.\n"
    kb, _ = _imported(tmp_path, "sx.rst", text, "R")
    assert kb.show("100.1")[0].parent.id == "R:100"
    assert [f.code for f in kb.check().findings] == []


# --- GitHub alerts (P2) ------------------------------------------------------------------------------


def test_a_github_alert_is_a_callout_in_the_flow_not_a_heading(tmp_path):
    """n/gh.md: «> [!NOTE]» over «> Пример: …» and «> [!TIP]» over «> В турнирах … (см. 100.1).»
    after 100.2, then «## 101\\. Ход»: GitHub shows two callouts inside 100.2's flow — the example is
    100.2's, the tip a plain paragraph of 100.2 with no «[!TIP]», and 101 is a section beside 100."""
    text = ("# Полные правила\n\n## 100\\. Общие положения\n\n**100.1.** Игра ведётся двумя игроками.\n\n"
            "**100.2\\.** Каждый игрок имеет колоду.\n\n> [!NOTE]\n> Пример: игрок собирает колоду из 30 карт.\n\n"
            "> [!TIP]\n> В турнирах колода содержит 40 карт (см. 100.1).\n\n## 101\\. Ход\n\n101.1. Ход начинается.\n")
    kb, out = _imported(tmp_path, "gh.md", text, "M")
    (p,) = kb.show("100.2")
    assert [e.text for e in p.examples] == ["игрок собирает колоду из 30 карт."]
    assert [(x.text, x.parent) for x in kb.rulebook.paragraphs if x.number is None and x.kind.value == "text"] == [
        ("В турнирах колода содержит 40 карт (см. 100.1).", "M:100.2")]
    assert not any("[!" in x.text for x in kb.rulebook.units())
    parents = {x.number: x.parent for x in kb.rulebook.paragraphs if x.number}
    assert parents["101"] == parents["100"] == "M:полные-правила"
    assert {(number, target) for _, number, target in _cited(kb)} == {("100.1", "M:100.1")}
    _loss_free(out)


def test_a_quote_opening_with_brackets_in_its_text_keeps_them(tmp_path):
    """«> [!NOTE] сказано в тексте» is no alert (its mark is not alone on its line): the text stays."""
    text = "## 100\\. Общие\n\n**100.1.** Раз.\n\n> [!NOTE] сказано в тексте.\n"
    kb, _ = _imported(tmp_path, "q.md", text, "M")
    assert any(x.text.startswith("[!NOTE] сказано") for x in kb.rulebook.units())


def test_an_unnumbered_rubric_owns_nothing_and_is_noted(tmp_path):
    """fu11o's s1.rst: «.. rubric:: Примечание» before the section title «101. Ход» — an informal
    heading outside the structure: 101 stays beside 100 under the title, and the import says the
    rubric was left out (nothing silently)."""
    src = tmp_path / "s1.rst"
    src.write_text("Правила\n=======\n\n100. Общие\n----------\n\n100.1. Раз.\n\n.. rubric:: Примечание\n\n"
                   "101. Ход\n--------\n\n101.1. Два.\n", encoding="utf-8")
    done = import_rulebook([src], tmp_path / "OUT", "R")
    assert done.notes == ("s1.rst:9: rubric «Примечание» left out (an informal heading, no section)",)
    parents = {p.number: p.parent for p in _kb(tmp_path / "OUT").rulebook.paragraphs if p.number}
    assert parents["101"] == parents["100"] == "R:правила"
