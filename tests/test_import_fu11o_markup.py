"""A fresh user's findings on site markup still open after fu11o (issue 11): kramdown attribute lists
and Liquid tags (O5), GitHub footnotes, Sphinx directives and roles (O1–O3). Every input is written
here (small copies of fu11o's m/g1.md, rst/s1.rst), every expected value read off it by hand."""

from __future__ import annotations

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
