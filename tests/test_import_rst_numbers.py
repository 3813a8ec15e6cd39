"""berserk-kb import on reStructuredText as docutils shows it (issue 11, fu11m N6, N7, N17, N20):
``.. sectnum::`` numbers, ``.. contents::`` entries, field lists, «(1)» lists, an enumerator too
long to read. The reference for what a reader sees is docutils' own HTML of the same source."""

from __future__ import annotations

import json

import pytest

from berserk_kb.checks import run_checks
from test_import_seventeenth import _imported

#: rst/sn.rst as fu11m describes it: a «####» title, sectnum from 100 with a dot after each number
_SECTNUM = ("#######\nПравила\n#######\n\n.. sectnum::\n   :start: 100\n   :suffix: .\n\n"
            "Общие положения\n===============\n\nЦель игры\n---------\n\nПобедить (см. 101.1).\n\n"
            "Ход игры\n========\n\nНачало хода\n-----------\n\nИгрок берёт карту.\n")


def test_sectnum_numbers_what_docutils_shows_and_the_reference_resolves(tmp_path):
    """docutils' HTML of sn.rst: «Правила» is the document title (unnumbered); the two sections are
    «100. Общие положения» and «101. Ход игры» (start 100, suffix «.»), their subsections
    «100.1. Цель игры» and «101.1. Начало хода» (only the top level starts at 100). So by hand:
    paragraphs 100, 100.1, 101, 101.1; «см. 101.1» names «Начало хода» — resolved, no S005."""
    kb = _imported(tmp_path, "sn.rst", _SECTNUM, "R")
    rb = kb.rulebook
    assert [(p.number, p.text) for p in rb.paragraphs if p.number] == [
        ("100", "Общие положения"), ("100.1", "Цель игры"), ("101", "Ход игры"), ("101.1", "Начало хода")]
    assert any(p.text.strip("# ") == "Правила" and not p.number for p in rb.paragraphs)
    assert [r.target for r in rb.references] == ["R:101.1"]
    assert not run_checks(kb, only=["S005"]).findings


def test_a_field_keeps_its_name_and_an_example_field_is_an_example(tmp_path):
    """rst/lb.rst: a line block «| 100.2. …» / «| 100.3. …», then the field list «:Пример: игрок
    ходит первым.» and «:Автор: Иван.». docutils' HTML shows «Пример:» over «игрок ходит первым.»
    and «Автор:» over «Иван.». By hand: «Пример: игрок ходит первым.» is an example of 100.3, the
    paragraph it stands under; «Автор: Иван.» keeps its name too (no word lost)."""
    kb = _imported(tmp_path, "lb.rst", "Правила\n=======\n\n100. Основы\n\n| 100.2. Первый пункт.\n"
                   "| 100.3. Второй пункт.\n\n:Пример: игрок ходит первым.\n\n:Автор: Иван.\n", "R")
    (p,) = kb.show("100.3")
    assert [(e.written, e.text) for e in p.examples] == [("Пример:", "игрок ходит первым.")]
    assert "Автор: Иван." in (tmp_path / "OUT" / "sources" / "R_01_lb.txt").read_text(encoding="utf-8").splitlines()


_CONTENTS = ("=======================\nБерсерк. Полные правила\n=======================\n\n"
             ".. contents:: Оглавление\n\n100. Общие положения\n====================\n\n"
             "100.1. Игра ведётся двумя игроками.\n\n101. Ход игры\n=============\n\n"
             "101.1. Ход состоит из шагов:\n\n(1) первый шаг;\n(2) второй шаг.\n\n"
             "Глоссарий\n=========\n\nБроня Х\n   Способность.\n")


@pytest.mark.parametrize(("directive", "word"), [(".. contents:: Оглавление", "Оглавление"),
                                                 (".. contents::", "Содержание")])
def test_the_contents_holds_the_entries_docutils_shows_and_no_finding(tmp_path, directive, word):
    """rst/r1.rst: a «===» title, ``.. contents:: Оглавление``, three sections. docutils' HTML
    lists under «Оглавление» exactly «100. Общие положения», «101. Ход игры», «Глоссарий» — the
    document title is not an entry. By hand: those three lines and the heading word are the
    contents, nothing else is; the title owns no contents entry, and check finds nothing. With no
    title of its own the contents is headed by docutils' word for it in Russian, «Содержание»."""
    kb = _imported(tmp_path, "r1.rst", _CONTENTS.replace(".. contents:: Оглавление", directive), "R")
    toc = [p.text for p in kb.rulebook.paragraphs if p.kind.value == "contents"]
    assert [t.lstrip("• ") for t in toc] == [word, "100. Общие положения", "101. Ход игры", "Глоссарий"]
    assert not any("Берсерк" in t for t in toc)
    assert [(f.code, f.values) for f in run_checks(kb).findings] == []


def test_a_parenthesised_enumerated_list_is_items_of_the_paragraph_above(tmp_path):
    """r1.rst under 101.1 «Ход состоит из шагов:»: «(1) первый шаг; / (2) второй шаг.» — docutils
    makes it ``<ol class="arabic">``. By hand: two list items of 101.1, «первый шаг;» and «второй
    шаг.», no paragraph of their own; the origin of each line keeps «(1)»/«(2)» as written."""
    kb = _imported(tmp_path, "r1.rst", _CONTENTS, "R")
    (p,) = kb.show("101.1")
    assert [i.text for i in p.list_items] == ["первый шаг;", "второй шаг."]
    assert not [x for x in kb.rulebook.paragraphs if "шаг" in x.text and x.number != "101.1"]
    origin = json.loads((tmp_path / "OUT" / "sources" / "origins" / "R_01_r1.txt.json").read_text(encoding="utf-8"))
    assert [o[2] for o in origin["lines"] if len(o) > 2] == ["(1)", "(2)"]


def test_an_enumerator_too_long_to_read_is_refused_in_one_line(cli, tmp_path):
    """Line 6 is «111…1. Текст.» with 5,000 digits: docutils reads an enumerator with int(), which
    Python refuses over 4,300 digits. Expected: exit 2, one line naming the file and line 6 and the
    length, in our words (not Python's «Exceeds the limit…»), and no output folder."""
    src = tmp_path / "big.rst"
    src.write_text("Правила\n=======\n\n100. Основы\n\n" + "1" * 5000 + ". Текст.\n", encoding="utf-8")
    r = cli("import", str(src), "-o", str(tmp_path / "out"), "--edition", "R")
    assert r.exit_code == 2 and not (tmp_path / "out").exists()
    assert r.stderr.strip() == (f"berserk-kb: error: {src}: cannot be read as rst: line 6: "
                                "a list number 5000 digits long, too long to read as a number")
