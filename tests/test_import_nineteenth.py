"""A fresh user's findings on import (issue 11, fu11m): Word numbering no document has (N9, N22)
and written forms of references (N3, N8, N10, N11). Every input is written here, every expected
value read off it by hand."""

from __future__ import annotations

import pytest


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
