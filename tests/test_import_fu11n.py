"""A fresh user's findings on import (issue 11, fu11n): deeply nested reStructuredText (N17),
footnote marks (N3, N6), list types given by CSS (N2), Word footnotes (N9), ranges and letter lists
in references (N10, N11), YAML front matter (N7), spanned table cells (N5). Every input is written
here, every expected value read off it by hand."""

from __future__ import annotations

import pytest

from test_import_structure import _imported


def _deep_rst(levels: int) -> str:
    """fu11n's x/gen_deep_rst.py: «100. Основы», «100.1. Раз.», then ``levels`` bullets, each one
    space deeper than the last (so each a quote holding a list: one level more), a blank line between."""
    return "100. Основы\n\n100.1. Раз.\n\n" + "".join(" " * i + "- уровень\n\n" for i in range(levels))


@pytest.mark.parametrize("text, line", [
    # bullet k (from 1) stands on line 4 + 2k − 1: the 101st on line 205
    (_deep_rst(101), 205),
    (_deep_rst(6000), 205),  # 18 MB took 40 s and 11 GB before docutils gave up: now the same line, at once
    ("100. Основы\n\n" + "- " * 150 + "x\n", 3),  # «- - x» is a list in a list: 150 on line 3
    # «.. note::» k (from 0) indented 3k, the content of the one before: 101 levels deep at k = 101, line 2k + 1
    ("".join("   " * i + ".. note::\n\n" for i in range(120)), 203),
])
def test_rst_nested_past_100_levels_is_refused_naming_the_line(tmp_path, cli, text, line):
    """One line naming the file and the first line past the limit (the one Markdown has), exit 2,
    nothing written."""
    src = tmp_path / "deep.rst"
    src.write_text(text, encoding="utf-8")
    r = cli("import", "--edition", "X", str(src), "-o", str(tmp_path / "OUT"))
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.stderr
    assert f"deep.rst: cannot be read as rst: lists, quotes or indented blocks nested too deep " \
           f"(more than 100 levels, at line {line})" in r.stderr
    assert not (tmp_path / "OUT").exists()


def test_rst_nested_100_levels_still_imports(tmp_path):
    """100 levels are within the limit: 100.1 is read, its text «Раз.», under 100."""
    kb, _ = _imported(tmp_path, "d.rst", _deep_rst(100), "X")
    (p,) = kb.show("100.1")
    assert p.text.strip() == "Раз." and p.parent.number == "100"
