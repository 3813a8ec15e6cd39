"""berserk-kb import on what a fifth fresh user brought (issue 11): Word multi-level lists whose
deeper levels show only their own number, nested contents lists, citations of lettered items seen
from the cited side, running headers that are part titles, two-column text, glossary entries with
an alternative term."""

from __future__ import annotations

from docx_maker import DocxMaker, level
from test_import import _kb, _loss_free
from test_import_second_user import _import

from berserk_kb.text.formats.importer import import_rulebook


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
