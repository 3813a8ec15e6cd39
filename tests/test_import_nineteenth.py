"""A fresh user's findings on import (issue 11, fu11m): Word numbering no document has (N9, N22)
and written forms of references (N3, N8, N10, N11). Every input is written here, every expected
value read off it by hand."""

from __future__ import annotations

import pytest

from berserk_kb.text.references import find_cross_references
from test_import_structure import _imported


def _numbered_docx(tmp_path, ilvl: int = 0, lvl_text: str = "%1.", start: int = 1, paragraphs: int = 1):
    """«100. Р» and ``paragraphs`` paragraphs of one list at level ``ilvl``, whose level 0 counts
    from ``start`` and draws ``lvl_text``."""
    from docx_maker import DocxMaker, level

    d = DocxMaker()
    d.add_numbering(1, [level(0, start, "decimal", lvl_text)])
    d.para("100. Р")
    for _ in range(paragraphs):
        d.numbered("Текст.", 1, ilvl)
    return d.save(tmp_path / "deep.docx")


@pytest.mark.parametrize("kwargs, words", [
    # N9: a level Word has not (0–8): each level indented two spaces, 10^8 of them took gigabytes
    ({"ilvl": 100_000_000}, "paragraph 2: numbering 901, level 100000000: Word has list levels 0–8 only"),
    ({"ilvl": 9}, "paragraph 2: numbering 901, level 9: Word has list levels 0–8 only"),
    # N22: «%1» 40,000 times is 80,000 characters of number text (a 7-digit number each: 280,000
    # digits, past int()'s limit); 2,000 such paragraphs hung the import
    ({"lvl_text": "%1" * 40_000, "start": 1_000_000, "paragraphs": 2000},
     "paragraph 2: numbering 901, level 0: its number text (w:lvlText) is 80,000 characters long, at most 64"),
    # 32 × «%1» is 64 characters, allowed; with a 7-digit count it draws 32 × 7 = 224 characters
    ({"lvl_text": "%1" * 32, "start": 1_000_000},
     "paragraph 2: numbering 901, level 0: draws a number 224 characters long, at most 200"),
])
def test_a_list_level_word_has_not_is_refused_in_one_line(tmp_path, cli, kwargs, words):
    """One line naming the source file (not the temporary folder) and the numbering, exit 2, no
    folder written."""
    src = _numbered_docx(tmp_path, **kwargs)
    r = cli("import", "--edition", "X", str(src), "-o", str(tmp_path / "OUT"))
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.stderr
    assert f"deep.docx: broken .docx: {words}" in r.stderr and ".import-" not in r.stderr
    assert not (tmp_path / "OUT").exists()


def test_the_deepest_word_level_and_a_long_number_still_import(tmp_path, cli):
    """Level 8 and a 20-digit count («%1.» from 10^19: «10000000000000000000.», 21 characters) are
    Word's own: imported, exit 0."""
    for kwargs in ({"ilvl": 8}, {"start": 10**19}):
        r = cli("import", "--edition", "X", str(_numbered_docx(tmp_path, **kwargs)), "-o", str(tmp_path / "OUT"),
                "--force")
        assert r.exit_code == 0, r.stderr


# --- written forms of references (N3, N8, N10, N11) ---------------------------------------------------


def _cited(text: str) -> tuple[list[str], list[str | None]]:
    """Every number ``text`` cites, in order, and the other document each points into (a list going on
    with a keyword of its own, «100.3 и п. 5.3», is two written references: O6)."""
    found = find_cross_references(text)
    return [n for _, numbers, _, _, _ in found for n in numbers], [e for *_, external, _ in found for e in external]


@pytest.mark.parametrize("text, numbers, external", [
    # N8: «п.» before a number is «пункт», not an item letter of the number before it
    ("См. 100.3 и п. 5.3 Турнирных правил.", ["100.3", "5.3"], [None, "Турнирных правил"]),
    ("См. пункты 100.1 и п. 100.2.", ["100.1", "100.2"], [None, None]),
    ("См. 100.3 и п.5.3.", ["100.3", "5.3"], [None, None]),
    # the range 100.1–100.3 is 100.1, 100.2, 100.3; then «п. 5.3» of the other document
    ("см. правила 100.1–100.3 и п. 5.3 Турнирных правил", ["100.1", "100.2", "100.3", "5.3"],
     [None, None, None, "Турнирных правил"]),
    # N10: the last number after «, а также», «либо», «и/или» is of the same list
    ("См. правила 100.1, а также 100.4.", ["100.1", "100.4"], [None, None]),
    ("См. правила 100.1 либо 100.4.", ["100.1", "100.4"], [None, None]),
    ("См. правила 100.1 и/или 100.4.", ["100.1", "100.4"], [None, None]),
    ("Правила 100.1, 100.2, а также 100.4.", ["100.1", "100.2", "100.4"], [None, None, None]),
    # N11: the item written after a dot
    ("См. 100.2.а.", ["100.2а"], [None]),
    # N3: the point of a section named before the section
    ("См. пункт 2 раздела 100.", ["100.2"], [None]),
    ("Как сказано в п. 3 раздела 101.", ["101.3"], [None]),
    # held: a letter item whose dot ends the sentence, a section alone, a capital after the dot
    ("См. пункт 100.2 б.", ["100.2б"], [None]),
    ("См. пункт 100.2 б. Это так.", ["100.2б"], [None]),
    ("Описано в разделе 100.", ["100"], [None]),
    ("См. 100.2. А потом 100.3 очка.", ["100.2"], [None]),
])
def test_written_forms_of_a_reference(text, numbers, external):
    assert _cited(text) == (numbers, external)


def test_the_forms_resolve_in_an_imported_text(tmp_path):
    """100.2 lists а), б). By hand: 101.1 cites 100.3 (and 5.3 of the tournament rules, external),
    101.2 100.1 and 100.4, 101.3 item а) of 100.2, 101.4 paragraph 100.2; nothing unresolved."""
    body = ("100. Основы\n100.1. Раз.\n100.2. Два:\nа) раз;\nб) два.\n100.3. Три.\n100.4. Четыре.\n101. Ссылки\n"
            "101.1. См. 100.3 и п. 5.3 Турнирных правил.\n101.2. См. правила 100.1, а также 100.4.\n"
            "101.3. См. 100.2.а.\n101.4. См. пункт 2 раздела 100.\n")
    kb, _ = _imported(tmp_path, "r.txt", body, "D")
    items = {i.label: i.id for i in kb.rulebook.list_items if i.paragraph == "D:100.2"}
    got = {(r.source_paragraph, r.number, r.target, r.external) for r in kb.rulebook.references}
    assert got == {("D:101.1", "100.3", "D:100.3", None), ("D:101.1", "5.3", None, "Турнирных правил"),
                   ("D:101.2", "100.1", "D:100.1", None), ("D:101.2", "100.4", "D:100.4", None),
                   ("D:101.3", "100.2а", items["а"], None), ("D:101.4", "100.2", "D:100.2", None)}
