"""berserk-kb import on layouts a fresh user brought (issue 11, second round): multi-level Word
numbering, indented numbers, tables of contents in every format, references outside the loaded
text, and the folder written safely (comments of the manifest kept, another device, a signal)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from berserk_kb.text.formats import read_source
from berserk_kb.text.formats.importer import import_rulebook
from docx_maker import DocxMaker, level
from test_import import _kb, _loss_free


def test_docx_multi_level_numbering_writes_the_numbers_word_shows(tmp_path):
    """Word's own multi-level list: level 0 «%1.» from 100, level 1 «%1.%2.», level 2 «%1.%2%3.» in
    russianLower, each level indented further by Word. Word shows «100.», «100.1.», «100.2.»,
    «100.2а.», «100.2б.», «101.», «101.1.» — numbers that are nowhere in the paragraphs' text. They
    are paragraph numbers whatever the indentation: 100.1 stands under 100, 100.2б under 100.2, and
    «см. п. 100.2б» resolves to it; each line's provenance keeps the number Word drew."""
    d = DocxMaker()
    d.add_numbering(1, [level(0, 100, "decimal", "%1."), level(1, 1, "decimal", "%1.%2."),
                        level(2, 1, "russianLower", "%1.%2%3.")])
    d.numbered("Общие положения", 1, 0)
    d.numbered("Игра ведётся двумя игроками.", 1, 1)
    d.numbered("Ход состоит из этапов:", 1, 1)
    d.numbered("начало хода;", 1, 2)
    d.numbered("конец хода.", 1, 2)
    d.numbered("Ход игры", 1, 0)
    d.numbered("Игрок берёт карту (см. п. 100.2б).", 1, 1)
    src = d.save(tmp_path / "multi.docx")
    out = tmp_path / "OUT"
    summary = import_rulebook([src], out, "W")
    kb = _kb(out)
    (p,) = kb.show("100.1")
    assert p.text == "Игра ведётся двумя игроками." and p.parent.number == "100"
    (b,) = kb.show("100.2б")
    assert b.text == "конец хода." and b.parent.number == "100.2"
    (c,) = kb.show("101.1")
    assert c.parent.number == "101" and [r.target.id for r in c.cites] == ["W:100.2б"]
    origin = json.loads((out / "sources" / "origins" / f"{summary.fragments[0]}.json").read_text(encoding="utf-8"))
    shown = [line[2] for line in origin["lines"] if len(line) > 2]
    assert shown == ["100.", "100.1.", "100.2.", "100.2а.", "100.2б.", "101.", "101.1."]
    _loss_free(out)


@pytest.mark.parametrize("name", ["rules.txt", "rules.md"])
def test_indented_numbers_are_numbered_paragraphs(tmp_path, name):
    """A PDF turned into text indents sub-paragraphs: «  100.1. …», a tab before «100.2 …» (no
    dot), four spaces before «100.2.1. …». Each is the paragraph its number says, under its parent."""
    src = tmp_path / name
    src.write_text("100. Общие положения\n\n  100.1. Игра ведётся двумя игроками.\n\n\t100.2 Ход игры.\n\n"
                   "    100.2.1. Ход состоит из этапов.\n", encoding="utf-8")
    out = tmp_path / "OUT"
    import_rulebook([src], out, "T")
    kb = _kb(out)
    assert kb.show("100.1")[0].parent.number == "100"
    assert kb.show("100.2")[0].text.strip() == "Ход игры."
    assert kb.show("100.2.1")[0].parent.number == "100.2"
    _loss_free(out)
