"""A fresh user's findings on site markup still open after fu11o (issue 11): kramdown attribute lists
and Liquid tags (O5), GitHub footnotes, Sphinx directives and roles (O1–O3). Every input is written
here (small copies of fu11o's m/g1.md, rst/s1.rst), every expected value read off it by hand."""

from __future__ import annotations

import pytest

from test_import import _loss_free
from test_import_structure import _imported

# --- Markdown for Jekyll (kramdown) and GitHub (O5, footnotes) ----------------------------------------

#: m/g1.md cut down: a Liquid include, an attribute list under 100.1, a heading id, a footnote
JEKYLL = """{% include toc.html %}

100. Общие положения
--------------------

100.1. См. пункт 100.2.
{: .note}

100.2. Игрок ходит первым{{ page.suffix }}.[^1]

## 101. Ход игры {#hod}

101.1. Ход начинается.

[^1]: Сноска о турнире.
"""


def test_kramdown_attributes_and_liquid_are_not_text(tmp_path):
    """Jekyll shows «См. пункт 100.2.» (the ``{: .note}`` is the paragraph's class), the heading
    «101. Ход игры» (``{#hod}`` its id), no ``{% include %}`` line, no ``{{ … }}``; nothing left for
    L008 to take for doubled punctuation; the footnote is «[1] Сноска о турнире.», as GitHub shows it."""
    kb, out = _imported(tmp_path, "g1.md", JEKYLL, "M")
    (p1,) = kb.show("100.1")
    assert p1.text.strip() == "См. пункт 100.2."
    (p2,) = kb.show("100.2")
    assert p2.text.strip() == "Игрок ходит первым.[1]"
    (s101,) = kb.show("101")
    assert s101.title == "Ход игры"
    text = next((out / "sources").glob("M_*")).read_text(encoding="utf-8")
    assert "{" not in text and "[^" not in text
    assert "[1] Сноска о турнире." in text.splitlines()
    assert [f.code for f in kb.check().findings if f.code.startswith(("L", "S"))] == []
    _loss_free(out)


def test_braces_that_are_no_markup_stay_text(tmp_path):
    """«{1}» and «{x}» are neither an attribute list (no colon, no ``#``/``.``) nor Liquid."""
    kb, _ = _imported(tmp_path, "b.md", "100. Раздел\n\n100.1. Стоимость {1} или {x}.\n", "M")
    (p,) = kb.show("100.1")
    assert p.text.strip() == "Стоимость {1} или {x}."


# --- Sphinx (O1–O3) -----------------------------------------------------------------------------------

#: rst/s1.rst cut down: a toctree, an index, an «only», labels, :ref:/:numref:, a tip, a glossary
SPHINX = """.. toctree::
   :maxdepth: 2

   glossary

.. _s100:

100. Общие положения
====================

.. index:: игроки, колода

.. _p100-1:

100.1. Игра ведётся двумя игроками.

.. only:: html

   100.2. Этот пункт виден только в HTML.

100.3. См. :ref:`п. 100.1 <p100-1>` и :ref:`s100`.

.. tip:: Пример: игрок собирает колоду из 40 карт.

101. Ход
========

101.1. Ход начинается (см. :numref:`s100`).

.. hlist::
   :columns: 2

   Этот текст стоит в двух колонках, как в книге.

Глоссарий
=========

.. glossary::

   Авангард Х
      Срабатывающая способность: существо бьёт первым (см. 101.1).

   Колода
      Набор карт игрока.
"""


def test_sphinx_directives_print_as_sphinx_shows_them(tmp_path):
    """toctree and index print nothing; «only» its paragraph 100.2; an unknown directive (hlist) its
    content without the «.. hlist::» line or its option; no «..» left for L008, no list for L004."""
    kb, out = _imported(tmp_path, "s1.rst", SPHINX, "R")
    text = next((out / "sources").glob("R_*")).read_text(encoding="utf-8")
    assert ".." not in text and "maxdepth" not in text and "игроки, колода" not in text
    assert "glossary" not in text and "columns" not in text
    (p2,) = kb.show("100.2")
    assert p2.text.strip() == "Этот пункт виден только в HTML."
    assert "Этот текст стоит в двух колонках, как в книге." in text.splitlines()
    assert [f.code for f in kb.check().findings if f.code.startswith(("L", "S"))] == []
    _loss_free(out)


def test_sphinx_glossary_entries_are_found_by_their_term(tmp_path):
    """The terms «Авангард Х», «Колода» are the entries' titles, each definition the text under it."""
    kb, _ = _imported(tmp_path, "s1.rst", SPHINX, "R")
    for term, definition in [("Авангард Х", "Срабатывающая способность: существо бьёт первым (см. 101.1)."),
                             ("Колода", "Набор карт игрока.")]:
        (entry,) = kb.show(term)
        assert entry.title == term
        under = [p.text.strip() for p in kb.rulebook.paragraphs if p.parent == entry.id]
        assert (entry.text.strip().removeprefix(term).strip() or under[0]) == definition


def test_sphinx_ref_to_a_section_label_prints_its_title_and_cites_it(tmp_path):
    """«:ref:`s100`» shows the title of the section under «.. _s100:», «100. Общие положения», and
    cites 100; the explicit title «п. 100.1» cites 100.1; «:numref:`s100`» likewise cites 100."""
    kb, _ = _imported(tmp_path, "s1.rst", SPHINX, "R")
    (p3,) = kb.show("100.3")
    assert p3.text.strip() == "См. п. 100.1 и 100. Общие положения."
    cited = {(r.source_paragraph, r.target) for r in kb.rulebook.references}
    assert {("R:100.3", "R:100.1"), ("R:100.3", "R:100"), ("R:101.1", "R:100")} <= cited


def test_a_sphinx_tip_opening_with_an_example_label_is_an_example(tmp_path):
    """«.. tip:: Пример: …» after 100.3 is an example of 100.3, not «Подсказка. Пример: …» text."""
    kb, _ = _imported(tmp_path, "s1.rst", SPHINX, "R")
    (p3,) = kb.show("100.3")
    assert "Подсказка" not in p3.text
    assert [e.text.strip() for e in p3.examples] == ["игрок собирает колоду из 40 карт."]


# --- references: letters before the number (O12), two groups in one sentence (O6) ----------------------

#: t/lt.txt: 100.2 with items а)–в), then the forms that write the letters before the number
LETTERS = """100. Основы

100.1. Раз.

100.2. Колода содержит:
а) не менее 30 карт;
б) не более 50 карт;
в) не более 3 одинаковых карт.

101. Ссылки

101.1. См. подпункты а) и б) пункта 100.2.

101.2. См. пп. «а»–«в» п. 100.2.

101.3. См. п. 100.2 (подпункт в).
"""


def test_item_letters_written_before_or_after_in_words_are_kept(tmp_path):
    """«подпункты а) и б) пункта 100.2» cites 100.2а and 100.2б; the range «пп. «а»–«в»» 100.2а,
    100.2б, 100.2в; «п. 100.2 (подпункт в)» 100.2в — each an item of 100.2, none left unresolved."""
    kb, _ = _imported(tmp_path, "lt.txt", LETTERS, "T")
    cited: dict[str, list[str]] = {}
    for r in kb.rulebook.references:
        cited.setdefault(r.source_paragraph, []).append(r.number)
    assert cited == {"T:101.1": ["100.2а", "100.2б"], "T:101.2": ["100.2а", "100.2б", "100.2в"],
                     "T:101.3": ["100.2в"]}
    assert all(r.target for r in kb.rulebook.references)
    assert [f.code for f in kb.check().findings if f.code.startswith("S")] == []


def test_each_reference_group_quotes_its_own_words(tmp_path):
    """t/rf.txt: «Согласно правилам 100.1 - 100.3 и пунктам 100.1-100.2» is two groups; 100.1 is cited
    by both, each quoting its own group: «Согласно правилам 100.1 - 100.3», «пунктам 100.1-100.2»."""
    text = ("100. Общие положения\n\n100.1. Раз.\n\n100.2. Два.\n\n100.3. Три.\n\n101. Ход\n\n"
            "101.1. Согласно правилам 100.1 - 100.3 и пунктам 100.1-100.2.\n")
    kb, _ = _imported(tmp_path, "rf.txt", text, "T")
    raws = sorted((r.number, r.raw) for r in kb.rulebook.references)
    first, second = "Согласно правилам 100.1 - 100.3", "пунктам 100.1-100.2"
    assert raws == sorted([("100.1", first), ("100.2", first), ("100.3", first), ("100.1", second),
                           ("100.2", second)])


# --- hyphen-wrapped compounds one after another (O7) ---------------------------------------------------


def test_chained_hyphen_wrapped_compounds_keep_no_space(tmp_path):
    """t/hy.txt: «сине-» / «зелёные, красно-» / «белые и чёрно-» / «жёлтые.» — each wrap follows another
    wrap's join; the document's words are «сине-зелёные», «красно-белые», «чёрно-жёлтые»."""
    text = "100. Основы\n\n100.1. Карты бывают сине-\nзелёные, красно-\nбелые и чёрно-\nжёлтые.\n"
    kb, out = _imported(tmp_path, "hy.txt", text, "T")
    (p,) = kb.show("100.1")
    assert " ".join(p.text.split()) == "Карты бывают сине-зелёные, красно-белые и чёрно-жёлтые."
    _loss_free(out)


def test_a_compound_wrapped_after_one_word_keeps_no_space(tmp_path):
    """t/pdf.txt: «…сине-» / «зелёные и красно-» / «белые.»: «красно-белые», not «красно- белые»."""
    text = "1. Основы\n\n1.1. Карты бывают сине-\nзелёные и красно-\nбелые.\n"
    kb, _ = _imported(tmp_path, "pdf.txt", text, "T")
    (p,) = kb.show("1.1")
    assert " ".join(p.text.split()) == "Карты бывают сине-зелёные и красно-белые."


# --- Word list starts no Word shows (minor) ------------------------------------------------------------


@pytest.mark.parametrize("start, words", [
    # x/mkx.py big_start: 99999999999999999999 is the first item's number (20 digits); the second
    # would be 100000000000000000000, 21 digits — «100.100000000000000000000.», which show refuses
    (99999999999999999999, "paragraph 2: numbering 901, level 0: counts past 20 digits"),
    # neg_start: Word draws no negative number («-5.»)
    (-5, "paragraph 1: numbering 901, level 0: counts from -5"),
])
def test_a_word_list_start_no_word_shows_is_refused_in_one_line(tmp_path, cli, start, words):
    from docx_maker import DocxMaker, level

    d = DocxMaker()
    d.add_numbering(1, [level(0, start, "decimal", "100.%1.")])
    d.numbered("Раз.", 1)
    d.numbered("Два.", 1)
    src = d.save(tmp_path / "start.docx")
    r = cli("import", "--edition", "X", str(src), "-o", str(tmp_path / "OUT"))
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.stderr
    assert f"start.docx: broken .docx: {words}" in r.stderr
    assert not (tmp_path / "OUT").exists()


def test_roles_docutils_does_not_know_show_their_text(tmp_path):
    """«:kbd:`Ctrl`» shows «Ctrl», «:term:`колоду <Колода>`» «колоду», «:py:class:`~карты.Колода`»
    «Колода» (Sphinx's «~» keeps the last name); «:sub:`2`», docutils' own, stays a subscript «2»."""
    text = ("100. Раздел\n==========\n\n100.1. Нажмите :kbd:`Ctrl`, возьмите :term:`колоду <Колода>` "
            "(:py:class:`~карты.Колода`), H\\ :sub:`2`\\ O.\n")
    kb, _ = _imported(tmp_path, "r.rst", text, "R")
    (p,) = kb.show("100.1")
    assert p.text.strip() == "Нажмите Ctrl, возьмите колоду (Колода), H2O."


def test_a_version_directive_prints_its_label_not_a_number(tmp_path):
    """«.. versionadded:: 2.0» prints «Добавлено в версии 2.0:» (Sphinx in Russian), never a line «2.0»
    that would read as paragraph 2.0; its content stays; its option goes."""
    text = ("100. Раздел\n==========\n\n100.1. Раз.\n\n.. versionadded:: 2.0\n   :option: x\n\n"
            "   Новый текст пункта.\n")
    kb, out = _imported(tmp_path, "v.rst", text, "R")
    assert [p.number for p in kb.rulebook.paragraphs if p.number] == ["100", "100.1"]
    lines = next((out / "sources").glob("R_*")).read_text(encoding="utf-8").splitlines()
    assert "Добавлено в версии 2.0:" in lines and "Новый текст пункта." in lines
    assert not any("option" in x for x in lines)
