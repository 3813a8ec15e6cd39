"""A fresh user's web pages (issue 11, fu11m): an example folded in ``<details>`` (N2), Google Docs'
«Download → Web page» headings set in list items (N12), a ``<br>`` block that ends with the section
an ``<ol>`` stands in (N16), and a MediaWiki page's title (``#firstHeading``). Every page is written
here, every expected value read off it by hand as a browser shows it."""

from __future__ import annotations

import pytest

from berserk_kb.checks import run_checks
from berserk_kb.text.parse import parse_rulebook
from test_import import _loss_free
from test_import_structure import _imported


def _page(tmp_path, body: str, head: str = ""):
    """The rulebook (parsed) and the check findings of a page with ``body``; every line of it in one unit."""
    kb, out = _imported(tmp_path, "page.html", f"<html><head>{head}</head><body>{body}</body></html>", "H")
    _loss_free(out)
    return parse_rulebook(out), [(f.code, f.message) for f in run_checks(kb).findings]


def _numbers(rb) -> list[tuple[str | None, str | None]]:
    return [(p.number, p.parent) for p in rb.paragraphs if p.number]


@pytest.mark.parametrize("body, texts, examples", [
    # inside the one «<li>» under «101.»: paragraph 101.1, its example «Пример: Игрок атакует.»
    ("<h2>101. Бой</h2><ol><li>Бой.<details><summary>Пример</summary><p>Игрок атакует.</p></details></li></ol>",
     ["Бой", "Бой."], [("H:101.1", "Пример", "Игрок атакует.")]),
    # inside the third «<li>», after its words «Пример хода:»: the example of 101.3
    ("<h2>101. Ход</h2><ol><li>Ход начинается.</li><li>Фазы идут.</li><li>Пример хода:<details><summary>Пример"
     "</summary><p>Игрок А открывает карты.</p></details></li></ol>",
     ["Ход", "Ход начинается.", "Фазы идут.", "Пример хода:"], [("H:101.3", "Пример", "Игрок А открывает карты.")]),
    # after paragraph 101.1, labelled «Пример 2.», in two paragraphs: one example of 101.1
    ("<h2>101. Бой</h2><p>101.1. Бой.</p><details><summary>Пример 2.</summary><p>Игрок атакует.</p>"
     "<p>Затем ждёт.</p></details>", ["Бой", "Бой."], [("H:101.1", "Пример 2", "Игрок атакует. Затем ждёт.")]),
])
def test_an_example_folded_in_details_is_an_example_of_its_paragraph(tmp_path, body, texts, examples):
    """N2: the example stays with the paragraph it is written in or after; no heading «Пример»
    without a parent takes its text (the page had the unit ``H:пример`` and its text a child)."""
    rb, findings = _page(tmp_path, body)
    assert [(e.paragraph, e.label, e.text) for e in rb.examples] == examples
    assert [p.text for p in rb.paragraphs] == texts
    assert findings == []


def test_details_with_another_summary_stay_text(tmp_path):
    """«Подробнее» is no example's label: its summary and text stay what they were (two plain
    paragraphs under 101.1), and nothing is an example."""
    rb, _ = _page(tmp_path, "<h2>101. Бой</h2><p>101.1. Бой.</p><details><summary>Подробнее</summary>"
                            "<p>Ещё текст.</p></details>")
    assert not rb.examples and [(p.text, p.parent) for p in rb.paragraphs if not p.number] == [
        ("Подробнее", "H:101.1"), ("Ещё текст.", "H:101.1")]


#: Google Docs' «Download → Web page»: each level of one list its own ``<ol>``, the section titles
#: ``<h1 style="display:inline">`` inside level 0's items, the markers drawn by the stylesheet
_GOOGLE_CSS = ('<style>.lst-kix_a-1>li:before{content:"" counter(lst-ctn-kix_a-0,decimal) "." '
               'counter(lst-ctn-kix_a-1,decimal) ". "}.lst-kix_a-0>li:before{content:"" counter(lst-ctn-kix_a-0,decimal) ". "}'
               "ol.lst-kix_a-0.start{counter-reset:lst-ctn-kix_a-0 99}</style>")


@pytest.mark.parametrize("title", ['<h1 style="display:inline"><span>{}</span></h1>', "<h2>{}</h2>", "{}"])
def test_a_google_docs_heading_in_a_list_item_numbers_its_section(tmp_path, title):
    """N12: a browser shows «100. Общие положения» (the marker beside the heading) and «100.1.»,
    «100.2.» under it, then «101. Ход игры» and «101.1.»: those are the numbers, each paragraph
    under its section, and «в 101.1», «см. 100.2» resolve (no S005, no finding at all). The same
    page with the title as the item's plain text (the held control) reads the same."""
    def section(n: int, words: str) -> str:
        return f'<ol class="c0 lst-kix_a-0{" start" if n == 100 else ""}" start="{n}"><li>{title.format(words)}</li></ol>'

    def paragraphs(*texts: str) -> str:
        return '<ol class="c0 lst-kix_a-1 start" start="1">' + "".join(f"<li><span>{t}</span></li>" for t in texts) + "</ol>"

    rb, findings = _page(tmp_path, '<p class="title">Берсерк. Полные правила</p>' + section(100, "Общие положения")
                         + paragraphs("Игра ведётся двумя игроками.", "Ход описан в 101.1.") + section(101, "Ход игры")
                         + paragraphs("Ход состоит из фаз (см. 100.2)."), head=_GOOGLE_CSS)
    assert _numbers(rb) == [("100", None), ("100.1", "H:100"), ("100.2", "H:100"), ("101", None), ("101.1", "H:101")]
    assert [p.text for p in rb.paragraphs if p.number in ("100", "101")] == ["Общие положения", "Ход игры"]
    assert not rb.list_items and findings == []


def test_a_heading_in_a_bulleted_item_stays_the_heading_it_is(tmp_path):
    """A bullet beside a heading draws no number: «100. Общие положения» in a ``<ul>``'s item is
    section 100 (its own words number it), 100.1 under it, and no list item."""
    rb, findings = _page(tmp_path, "<ul><li><h2>100. Общие положения</h2></li></ul><p>100.1. Раз.</p>")
    assert _numbers(rb) == [("100", None), ("100.1", "H:100")] and not rb.list_items and findings == []


def test_a_list_after_a_br_block_stands_under_the_blocks_last_section(tmp_path):
    """N16: a forum post writes its sections as lines of one block («100. Общие положения» <br> …
    <br> «101. Ход игры»); the ``<ol>`` after it is shown right under «101. Ход игры»: 101.1 and
    101.2, the inner list 101.1.1 and 101.1.2; «см. 101.1» resolves; «- атаку;», «- защиту.» stay
    items of 100.2; no finding (the page had 100.1 and 100.2 twice, 3 errors)."""
    rb, findings = _page(tmp_path, '<div class="post"><b>100. Общие положения</b><br><b>100.1.</b> Игра ведётся двумя<br>'
                                   "игроками.<br><b>100.2.</b> Игрок выбирает:<br>- атаку;<br>- защиту.<br><br>"
                                   "<b>101. Ход игры</b><br><ol><li>Ход начинается.<ol><li>Открыть карты.</li>"
                                   "<li>Взять карту.</li></ol></li><li>Ход кончается (см. 101.1).</li></ol></div>")
    assert _numbers(rb) == [("100", None), ("100.1", "H:100"), ("100.2", "H:100"), ("101", None), ("101.1", "H:101"),
                            ("101.1.1", "H:101.1"), ("101.1.2", "H:101.1"), ("101.2", "H:101")]
    assert [(i.paragraph, i.text.strip()) for i in rb.list_items] == [("H:100.2", "атаку;"), ("H:100.2", "защиту.")]
    assert findings == []


def test_a_wiki_pages_title_is_kept_as_its_heading(tmp_path):
    """MediaWiki prints the page's title (``<h1 id="firstHeading">``) above ``#mw-content-text``,
    outside it: it is the document's heading «Полные правила», over section 100; the site's
    navigation above it stays out."""
    rb, _ = _page(tmp_path, '<header><nav><a href="/">Главная</a></nav></header><div id="content">'
                            '<h1 id="firstHeading" class="firstHeading">Полные правила</h1><div id="mw-content-text">'
                            "<h2>100. Общие положения</h2><p>100.1. Цель игры — уничтожить существ противника.</p>"
                            "</div></div>")
    (title,) = [p for p in rb.paragraphs if p.text == "Полные правила"]
    assert title.kind == "heading" and title.parent is None
    assert _numbers(rb) == [("100", title.id), ("100.1", "H:100")]
    assert "Главная" not in " ".join(p.text for p in rb.paragraphs)


def test_a_list_after_hard_broken_lines_stands_under_their_last_section(tmp_path):
    """The same in Markdown (lines ended by two spaces: one paragraph of three lines, the last
    «101. Ход игры»): the «1.», «2.» list after it is 101.1 and 101.2, «см. 101.1» resolves (the
    list was 100.1, 100.2 — S001, S003, S005)."""
    kb, out = _imported(tmp_path, "post.md", "**100. Общие положения**  \n**100.1.** Раз.  \n**101. Ход игры**\n\n"
                                             "1. Ход начинается.\n2. Ход кончается (см. 101.1).\n", "M")
    assert _numbers(parse_rulebook(out)) == [("100", None), ("100.1", "M:100"), ("101", None), ("101.1", "M:101"),
                                             ("101.2", "M:101")]
    assert [f.message for f in run_checks(kb).findings] == []
