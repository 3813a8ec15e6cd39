"""A paragraph far longer than any a rulebook prints (issue 13: a single 22 MB paragraph took
minutes and a gigabyte): its references keep their lines, and a line or a unit past the length cap
(``text/scan.py``: ``UNIT_LIMIT``, 1,000,000 characters) is refused in one line naming file:line."""

from __future__ import annotations

import pytest

from berserk_kb.errors import InputError
from berserk_kb.text.parse import parse_rulebook
from berserk_kb.text.scan import UNIT_LIMIT
from conftest import make_kb

WORDS = "броня существа и удар отряда "  # 29 characters, no full stop: each line continues the paragraph


def test_the_references_of_a_long_paragraph_keep_their_lines(tmp_path):
    """701.1 starts on line 1 and runs 3,000 lines (87,000 characters): «см. п. 701.2» stands on
    its first line, twice on line 1,500 and on its last, line 3,000, which ends it; 701.2 is on
    line 3,002 after a blank line. The lines were counted from the paragraph's start for every
    reference (quadratic); counted once, each must still be the line it stands on."""
    lines = [WORDS * 3 for _ in range(3000)]
    lines[0] = "701.1. (см. п. 701.2) " + lines[0]
    lines[1499] = "(см. п. 701.2) " + WORDS + "(см. п. 701.2) " + lines[1499]
    lines[2999] += "(см. п. 701.2)."
    kb = make_kb(tmp_path, {"f.txt": "\n".join(lines) + "\n\n701.2. Другое.\n"})
    rb = parse_rulebook(kb)
    (para,) = [p for p in rb.paragraphs if p.number == "701.1"]
    assert (para.span.line_start, para.span.line_end) == (1, 3000)
    refs = [r for r in rb.references if r.source_unit == para.id]
    assert [r.span.line_start for r in refs] == [1, 1500, 1500, 3000]
    assert all(r.target == "X:701.2" and para.text[r.start:r.end] == r.raw == "см. п. 701.2" for r in refs)


def test_a_line_longer_than_a_unit_may_be_is_refused_naming_it(tmp_path, cli):
    """Line 3 is one paragraph of 1,000,001 characters after its «700.2. »: refused before any
    work on it, in one line naming the file and line, exit 2."""
    long = "700.2. " + "б" * (UNIT_LIMIT + 1)
    kb = make_kb(tmp_path, {"f.txt": f"700.1. Броня.\n\n{long}\n"})
    r = cli("show", "700.1", "--kb", str(kb))
    assert r.exit_code == 2
    assert r.stderr == (f"berserk-kb: error: {kb / 'sources' / 'f.txt'}:3: a line of {len(long):,} characters: "
                        f"at most 1,000,000\n")


def test_a_unit_of_lines_within_the_cap_but_longer_together_is_refused(tmp_path):
    """700.2 starts on line 3 and continues on line 4 (no full stop ends line 3): 7 + 600,000
    characters, a line break, 600,000 — a text of 1,200,001 characters without its «700.2. »."""
    half = (WORDS * (600_000 // len(WORDS) + 1))[:600_000]
    kb = make_kb(tmp_path, {"f.txt": f"700.1. Броня.\n\n700.2. {half}\n{half}.\n"})
    with pytest.raises(InputError) as e:
        parse_rulebook(kb)
    assert (e.value.path, e.value.line) == (str(kb / "sources" / "f.txt"), 3)
    assert str(e.value).endswith(":3: a unit (paragraph, list item or example) of 1,200,002 characters: at most 1,000,000")


def test_a_line_and_a_unit_of_exactly_the_cap_are_read(tmp_path):
    """Line 3: a plain paragraph of 1,000,000 characters, the last a full stop. 700.2 on lines 5
    and 6: «700.2. », 500,000 characters, a line break, 499,999: a text of 1,000,000. Both read
    whole."""
    line = "б" * (UNIT_LIMIT - 1) + "."
    first, second = "б" * 500_000, "б" * 499_998 + "."
    kb = make_kb(tmp_path, {"f.txt": f"700.1. Броня.\n\n{line}\n\n700.2. {first}\n{second}\n"})
    rb = parse_rulebook(kb)
    assert [u.text for u in rb.paragraphs if u.span.line_start in (3, 5)] == [line, f"{first}\n{second}"]


def test_an_import_names_the_source_document_and_its_line_not_the_fragment_it_wrote(tmp_path, cli):
    """``import book.txt``: the fragment it writes reads as book.txt line by line, so the long
    line is book.txt's line 3 — not a line of a temporary ``DIR/.import-*/sources/X_01_book.txt``
    the user never sees — and DIR is not made."""
    book = tmp_path / "book.txt"
    long = "700.2. " + "б" * (UNIT_LIMIT + 1)
    book.write_text(f"700.1. Броня.\n\n{long}\n", encoding="utf-8")
    r = cli("import", str(book), "-o", str(tmp_path / "out"), "--edition", "X")
    assert r.exit_code == 2
    assert r.stderr == f"berserk-kb: error: {book}:3: a line of {len(long):,} characters: at most 1,000,000\n"
    assert not (tmp_path / "out").exists()


def test_a_long_table_of_contents_reads_each_line_a_bounded_number_of_times(monkeypatch):
    """«Содержание» over 2,000 entries «100.1. Атака существа номер 0 ........ 1», pages rising:
    every line is an entry, and so the contents. Whether an entry's leading number («100.1»)
    starts the body again was asked by reading the leads of the whole run so far for every line:
    2,000 entries took some two million lead matches. Now each line's lead is read a bounded
    number of times: at most four matches a line."""
    import berserk_kb.text.contents as contents

    class Counted:
        def __init__(self, pattern):
            self.pattern, self.calls = pattern, 0

        def match(self, line):
            self.calls += 1
            return self.pattern.match(line)

    lead = Counted(contents._TOC_LEAD)
    monkeypatch.setattr(contents, "_TOC_LEAD", lead)
    n = 2000
    lines = ["Содержание"] + [f"{100 + i // 10}.{i % 10 + 1}. Атака существа номер {i} ........ {i // 8 + 1}" for i in range(n)]
    assert contents.contents_lines(lines) == set(range(1, n + 2))
    assert lead.calls <= 4 * len(lines)
