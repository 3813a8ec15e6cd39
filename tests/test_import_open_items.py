"""berserk-kb import on the open items of issue 11 a fresh user left (fu11m N5, N18; fu11l F11):
a loose Markdown list's lettered sub-list, a Markdown list that CommonMark counts from its section's
number, a tab table whose first column holds rule numbers. Every input is written here, every
expected value read off it by hand."""

from __future__ import annotations

import pytest

from berserk_kb.checks import run_checks
from test_import_seventeenth import _imported

#: fu11m's m/lo.md: a loose «1.» list under «## 100. Основы»; item 1's sub-list «а)», «б)» is a
#: paragraph of its own (indented under the item, blank lines around it)
LOOSE = ("## 100. Основы\n\n1. Игрок выбирает:\n\n   а) атаку;\n   б) защиту.\n\n   *Пример:* игрок выбирает атаку.\n\n"
         "2. Ход начинается с открытия карт (см. 100.1б).\n\n   Второй абзац пункта 2.\n\n   - первая фаза;\n"
         "   - вторая фаза.\n\n3. Третий пункт.\n")
#: m/lo2.md, the tight control: the sub-list is part of item 1's first paragraph
TIGHT = "## 100. Основы\n\n1. Игрок выбирает:\n   а) атаку;\n   б) защиту.\n2. См. 100.1б.\n"
#: the loose form in reStructuredText: an auto-enumerated list under the section title
RST = "100. Основы\n===========\n\n#. Игрок выбирает:\n\n   а) атаку;\n   б) защиту.\n\n#. См. 100.1б.\n"


def _items(kb, paragraph: str) -> list[tuple[str, str, str | None]]:
    return [(i.label, i.text.strip(), i.parent_item) for i in kb.rulebook.list_items if i.paragraph == paragraph]


def test_a_loose_lists_lettered_sub_list_is_siblings_under_its_paragraph(tmp_path):
    """By hand: CommonMark numbers the list 1–3 under section 100, so 100.1, 100.2, 100.3; 100.1
    lists «а) атаку;» and «б) защиту.», side by side (neither nested in the other); «см. 100.1б» in
    100.2 names the second of them; nothing for check to report (no «list starts at б)», no
    dangling reference). The tight form, and the loose one in .rst, give the same two items."""
    for name, text in (("lo.md", LOOSE), ("lo2.md", TIGHT), ("lo.rst", RST)):
        (tmp_path / name).mkdir()
        kb = _imported(tmp_path / name, name, text, "M")
        assert _items(kb, "M:100.1") == [("а", "атаку;", None), ("б", "защиту.", None)], name
        (ref,) = [r for r in kb.rulebook.references if r.number == "100.1б"]
        assert ref.target == next(i.id for i in kb.rulebook.list_items if i.label == "б"), name
        assert run_checks(kb).findings == (), name


@pytest.mark.parametrize("codec, order", [("utf-16-le", "LE"), ("utf-16-be", "BE")])
def test_utf16_without_a_byte_order_mark_is_named(tmp_path, cli, codec, order):
    """«100. Основы» saved as UTF-16 with no byte order mark reads as UTF-8 (every byte is below
    0x80: Cyrillic letters are 0x04 and a byte under 0x50), a NUL beside each Latin character. By
    hand: little-endian «1» is 31 00, so the first NUL is line 1, column 2; big-endian 00 31, column 1.
    One line naming the file, exit 2, no folder written."""
    (tmp_path / "u.txt").write_bytes("100. Основы\n100.1. Игра.\n".encode(codec))
    r = cli("import", "--edition", "U", str(tmp_path / "u.txt"), "-o", str(tmp_path / "OUT"))
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.stderr
    column = 2 if order == "LE" else 1
    assert r.stderr.rstrip().endswith(f"u.txt:1:{column}: contains a NUL character; it looks like UTF-16{order} "
                                      "written without a byte order mark: save it as UTF-8"), r.stderr
    assert not (tmp_path / "OUT").exists()


def test_a_stray_nul_in_utf8_text_is_no_utf16(tmp_path, cli):
    (tmp_path / "n.txt").write_text("100. Основы\x00 и всё.\n", encoding="utf-8")
    r = cli("import", "--edition", "U", str(tmp_path / "n.txt"), "-o", str(tmp_path / "OUT"))
    assert r.exit_code == 2 and r.stderr.rstrip().endswith("n.txt:1:12: contains a NUL character"), r.stderr


def test_a_tab_table_of_rule_numbers_is_a_table(tmp_path):
    """fu11l's m/t.txt: 100.1, 100.2, then «Изменения:» and a tab table whose header row
    «Пункт<TAB>Изменение» has the shape of the rows under it, «100.1.<TAB>Уточнено» and
    «101.<TAB>Новый раздел». By hand: the numbered paragraphs are 100, 100.1, 100.2 only (100.1 is
    «Первый.», printed once); the three rows are one table, under no number of their own; there is
    no section 101; nothing for check to report (no «100.1 printed twice», no «101 after 100.2»)."""
    kb = _imported(tmp_path, "t.txt", "100. Р\n100.1. Первый.\n100.2. Второй.\nИзменения:\nПункт\tИзменение\n"
                   "100.1.\tУточнено\n101.\tНовый раздел\n")
    assert [p.number for p in kb.rulebook.paragraphs if p.number] == ["100", "100.1", "100.2"]
    assert kb.show("100.1")[0].text == "Первый."
    (table,) = [p for p in kb.rulebook.paragraphs if p.kind.value == "table"]
    assert table.text.split("\n") == ["Пункт\tИзменение", "100.1.\tУточнено", "101.\tНовый раздел"]
    assert run_checks(kb).findings == ()


@pytest.mark.parametrize("text", ["100. Р\n\n100.1.\tТекст.\n", "100. Р\n100.1.\tТекст.\n100.2.\tЕщё.\n"])
def test_word_numbering_pasted_with_a_tab_stays_paragraphs(tmp_path, text):
    """«100.1.<TAB>Текст.» alone, or every tab line numbered (Word's numbering pasted as text): no
    header row says table, so 100.1 is a paragraph of section 100, its text «Текст.»."""
    kb = _imported(tmp_path, "w.txt", text)
    (p,) = kb.show("100.1")
    assert p.text == "Текст." and p.parent.number == "100"


def test_a_markdown_list_counted_on_from_a_section_number_is_noted(tmp_path):
    """fu11m's m/s3.md: «101. Ход игры», a blank line, «1. Ход начинается.», «2. Фазы идут.».
    CommonMark reads one list from 101 (each item one more: 101., 102., 103.), as a browser shows
    it; the import keeps that reading (sections 102 «Ход начинается.» and 103) and says, at line 3,
    that the source wrote «1.», «2.». A list of «1.» items (1., 2., 3. shown) gets no note."""
    from berserk_kb.text.formats.importer import import_rulebook

    src = tmp_path / "s3.md"
    src.write_text("101. Ход игры\n\n1. Ход начинается.\n2. Фазы идут.\n", encoding="utf-8")
    done = import_rulebook([src], tmp_path / "OUT", "M")
    assert done.notes == ("s3.md:3: the list opened by «101.» goes on with items written «1.», «2.», which "
                          "CommonMark (and a browser) numbers «102.», «103.»: kept as shown; if they are "
                          "paragraphs of 101, make its line a heading or write their full numbers",)
    src.write_text("## 101. Ход игры\n\n1. Ход начинается.\n1. Фазы идут.\n1. Конец.\n", encoding="utf-8")
    assert import_rulebook([src], tmp_path / "OUT", "N").notes == ()


@pytest.mark.parametrize("text, cited", [
    # «п.» before «5.3» is «пункт», not an item letter of 100.3: the quote of 100.3 ends at its number,
    # and «п. 5.3 Турнирных правил» is a reference of its own, into the other document
    ("См. 100.3 п. 5.3 Турнирных правил.", [("См. 100.3", ["100.3"], [None]),
                                           ("п. 5.3", ["5.3"], ["Турнирных правил"])]),
    # points 1 and 2 of section 100 are 100.1 and 100.2; with «пп.» and three of them alike
    ("См. пункты 1 и 2 раздела 100.", [("пункты 1 и 2 раздела 100", ["100.1", "100.2"], [None, None])]),
    ("См. пп. 1, 2 и 4 раздела 101.", [("пп. 1, 2 и 4 раздела 101", ["101.1", "101.2", "101.4"], [None] * 3)]),
    # held: the letter item written apart, its dot ending the sentence
    ("См. пункт 100.2 б.", [("См. пункт 100.2 б", ["100.2б"], [None])]),
])
def test_quotes_and_points_of_a_section(text, cited):
    from berserk_kb.text.references import find_cross_references

    assert [(raw, numbers, external) for raw, numbers, _, external, _ in find_cross_references(text)] == cited


def test_points_of_a_section_resolve_in_an_imported_text(tmp_path):
    """By hand: 101.1 cites 100.1 and 100.2 («пункты 1 и 2 раздела 100»), 101.2 cites 100.2 and
    5.3 of the tournament rules (external); nothing unresolved."""
    kb = _imported(tmp_path, "p.txt", "100. Основы\n100.1. Раз.\n100.2. Два.\n101. Ссылки\n"
                   "101.1. См. пункты 1 и 2 раздела 100.\n101.2. См. 100.2 п. 5.3 Турнирных правил.\n", "D")
    got = {(r.source_paragraph, r.raw, r.target, r.external) for r in kb.rulebook.references}
    assert got == {("D:101.1", "пункты 1 и 2 раздела 100", "D:100.1", None),
                   ("D:101.1", "пункты 1 и 2 раздела 100", "D:100.2", None),
                   ("D:101.2", "См. 100.2", "D:100.2", None), ("D:101.2", "п. 5.3", None, "Турнирных правил")}
