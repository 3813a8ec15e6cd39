"""berserk-kb import on the open items of issue 11 a fresh user left (fu11m N5, N18; fu11l F11):
a loose Markdown list's lettered sub-list, a Markdown list that CommonMark counts from its section's
number, a tab table whose first column holds rule numbers. Every input is written here, every
expected value read off it by hand."""

from __future__ import annotations

from berserk_kb.checks import run_checks
from test_import_seventeenth import _imported

#: fu11m's m/lo.md: a loose «1.» list under «## 100. Основы»; item 1's sub-list «а)», «б)» is a
#: paragraph of its own (indented under the item, blank lines around it)
LOOSE = ("## 100. Основы\n\n1. Игрок выбирает:\n\n   а) атаку;\n   б) защиту.\n\n   *Пример:* игрок выбирает атаку.\n\n"
         "2. Ход начинается с открытия карт (см. 100.1б).\n\n   Второй абзац пункта 2.\n\n   - первая фаза;\n"
         "   - вторая фаза.\n\n3. Третий пункт.\n")
#: m/lo2.md, the tight control: the sub-list is part of item 1's first paragraph
TIGHT = "## 100. Основы\n\n1. Игрок выбирает:\n   а) атаку;\n   б) защиту.\n2. См. 100.1б.\n"


def _items(kb, paragraph: str) -> list[tuple[str, str, str | None]]:
    return [(i.label, i.text.strip(), i.parent_item) for i in kb.rulebook.list_items if i.paragraph == paragraph]


def test_a_loose_lists_lettered_sub_list_is_siblings_under_its_paragraph(tmp_path):
    """By hand: CommonMark numbers the list 1–3 under section 100, so 100.1, 100.2, 100.3; 100.1
    lists «а) атаку;» and «б) защиту.», side by side (neither nested in the other); «см. 100.1б» in
    100.2 names the second of them; nothing for check to report (no «list starts at б)», no
    dangling reference). The tight form gives the same two items."""
    for name, text in (("lo.md", LOOSE), ("lo2.md", TIGHT)):
        (tmp_path / name).mkdir()
        kb = _imported(tmp_path / name, name, text, "M")
        assert _items(kb, "M:100.1") == [("а", "атаку;", None), ("б", "защиту.", None)], name
        (ref,) = [r for r in kb.rulebook.references if r.number == "100.1б"]
        assert ref.target == next(i.id for i in kb.rulebook.list_items if i.label == "б"), name
        assert run_checks(kb).findings == (), name
