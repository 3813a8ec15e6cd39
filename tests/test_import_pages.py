"""berserk-kb import on web pages, Word line breaks and typeset text (issue 11, a fresh user's
third test): a site's chrome and a wiki's edit links left out, contents tables and boxes read as
contents, a line break that keeps its paragraph whole, titles in capitals, «2.Ход», an example's
label as written, L004 naming what a reader knows, and the web page of a plain paragraph's list."""

from __future__ import annotations

import pytest

from berserk_kb.text.formats.importer import import_rulebook
from test_import_published import _import

SITE = """<html><head><title>Правила — сайт</title></head><body>
<div class="cookie-banner">Мы используем cookie. <button>Принять</button></div>
<header class="site-header"><a href="/">Берсерк</a>
<nav><ul><li><a href="/news">Новости</a></li><li><a href="/cards">Карты</a></li></ul></nav></header>
<div class="breadcrumbs"><a href="/">Главная</a> › Правила</div>
<main><article>
<header><h1>Полные правила</h1></header>
<h2>Содержание</h2>
<table class="toc">
<tr><td>1.</td><td><a href="#s1">Общие положения</a></td></tr>
<tr><td>2.</td><td><a href="#s2">Ход игры</a></td></tr>
<tr><td></td><td><a href="#gl">Глоссарий</a></td></tr>
</table>
<h2 id="s1">1. Общие положения</h2>
<p>1.1. В игре участвуют два игрока.</p>
<p>1.2. Колода содержит не менее 30 карт.<br>В колоде не может быть более трёх копий карты.</p>
<p>1.3. Игрок выбирает одно:<br>а) взять карту;<br>б) пропустить ход.</p>
<h2 id="s2">2. Ход игры</h2>
<p>2.1. Ход начинается с фазы открытия (см. 1.2).<br><br>Игрок может спасовать.</p>
<h2 id="gl">Глоссарий</h2>
<p>Ход — время, когда игрок действует.</p>
</article>
<aside><h3>Популярное</h3><ul><li><a href="/a">Турнир в Москве</a></li></ul></aside></main>
<footer><p>© 2024 Берсерк. Все права защищены.</p></footer>
</body></html>"""


def test_a_web_pages_chrome_is_left_out_and_its_contents_table_is_contents(tmp_path):
    """The page's content is its <main>: no cookie banner («Мы используем cookie»), site header and
    menu («Новости», «Карты»), breadcrumbs («Главная»), sidebar («Турнир в Москве») or footer («©
    2024»); the article's own header «Полные правила» stays. The contents table (rows «1. | Общие
    положения», «2. | Ход игры», « | Глоссарий», links into the page) is contents: its four lines
    (the «Содержание» heading and three entries) own no number, and 1.1 stands under the body's 1.
    «1.2. Колода… карт.<br>В колоде…» is one paragraph 1.2 (the line after the break opens with no
    marker), while «1.3. Игрок выбирает одно:<br>а) …<br>б) …» keeps its items а) and б) under 1.3,
    and two breaks in a row (a blank line) end 2.1: «Игрок может спасовать.» is a paragraph under it."""
    rb = _import(tmp_path, "site.html", SITE)
    fragment = next((tmp_path / "OUT" / "sources").glob("*.txt")).read_text(encoding="utf-8")
    for chrome in ("cookie", "Новости", "Карты", "Главная", "Турнир в Москве", "©", "Популярное"):
        assert chrome not in fragment, chrome
    assert "Полные правила" in fragment
    toc = [p.text for p in rb.paragraphs if p.kind.value == "contents"]
    assert toc == ["Содержание", "1. Общие положения", "2. Ход игры", "Глоссарий"]
    assert [p.number for p in rb.paragraphs if p.number] == ["1", "1.1", "1.2", "1.3", "2", "2.1"]
    paras = {p.number: p for p in rb.paragraphs if p.number}
    assert paras["1.1"].parent == "T:1"
    assert paras["1.2"].text == "Колода содержит не менее 30 карт. В колоде не может быть более трёх копий карты."
    assert [p for p in rb.paragraphs if p.parent == "T:1.2"] == []
    assert paras["2.1"].text == "Ход начинается с фазы открытия (см. 1.2)."
    assert [p.text for p in rb.paragraphs if p.parent == "T:2.1"] == ["Игрок может спасовать."]
    assert [(i.label, i.paragraph) for i in rb.list_items] == [("а", "T:1.3"), ("б", "T:1.3")]
    (ref,) = rb.references
    assert ref.target == "T:1.2"


WIKI = """<html><body>
<div id="mw-navigation"><ul><li><a href="/">Заглавная страница</a></li></ul></div>
<div id="content"><h1 id="firstHeading">Правила</h1><div id="siteSub">Материал из Вики</div>
<div class="mw-parser-output">
<div id="toc" class="toc"><div class="toctitle"><h2>Содержание</h2></div>
<ul><li><a href="#a"><span class="tocnumber">1</span> <span class="toctext">100. Общие положения</span></a></li>
<li><a href="#b"><span class="tocnumber">2</span> <span class="toctext">101. Атака</span></a></li></ul></div>
<h2><span class="mw-headline" id="a">100. Общие положения</span><span class="mw-editsection">[<a href="?action=edit&amp;section=1">править</a>]</span></h2>
<p>100.1. Колода содержит 30 карт.</p>
<h2 id="b">101. Атака [edit]</h2>
<ol><li>Атаковать может открытое существо (см. 100.1).</li><li>Атака закрывает существо.</li></ol>
</div><div class="printfooter">Источник — «https://example.org/wiki/Правила»</div>
<div id="catlinks">Категории: Правила</div></div>
<div id="footer">Страница изменена 1 марта 2024.</div></body></html>"""


def test_a_wikis_content_box_edit_links_and_contents_box(tmp_path):
    """A MediaWiki page: its content is the .mw-parser-output box, so neither the navigation
    («Заглавная страница»), «Материал из Вики», the source line («Источник»), the categories nor the
    footer is read; the edit links «[править]» (.mw-editsection) and a heading's trailing «[edit]»
    are dropped, so the headings read «100. Общие положения» and «101. Атака». The contents box
    (div#toc: «Содержание», «1 100. Общие положения», «2 101. Атака») is contents; the <ol> under
    101 is 101.1, 101.2, and «см. 100.1» resolves to the body's 100.1."""
    rb = _import(tmp_path, "wiki.html", WIKI)
    fragment = next((tmp_path / "OUT" / "sources").glob("*.txt")).read_text(encoding="utf-8")
    for chrome in ("Заглавная", "Материал из", "Источник", "Категории", "изменена", "править", "[edit]"):
        assert chrome not in fragment, chrome
    toc = [p.text for p in rb.paragraphs if p.kind.value == "contents"]
    assert toc == ["Содержание", "• 1 100. Общие положения", "• 2 101. Атака"]
    paras = {p.number: p for p in rb.paragraphs if p.number}
    assert sorted(paras) == ["100", "100.1", "101", "101.1", "101.2"]
    assert paras["100"].text == "Общие положения" and paras["101"].text == "Атака"
    assert paras["101.1"].parent == "T:101"
    (ref,) = rb.references
    assert ref.target == "T:100.1"


def test_a_word_line_break_keeps_its_paragraph_whole(tmp_path):
    """Word: «100.1. Колода содержит 30 карт.» + line break (w:br) + «Копий карты не больше
    трёх.» is one paragraph 100.1 whose text is both sentences; «100.2. Игрок выбирает:» + break +
    «а) взять карту;» + break + «б) пропустить ход.» keeps its items а) and б) under 100.2; a page
    break (w:br type=page) still ends a line: «100.3. Конец.» + page break + «Игра продолжается.» is
    100.3 over a paragraph of its own."""
    import docx
    from docx.enum.text import WD_BREAK

    doc = docx.Document()
    doc.add_paragraph("100. Общие положения")
    for first, rest, kind in (("100.1. Колода содержит 30 карт.", ["Копий карты не больше трёх."], WD_BREAK.LINE),
                              ("100.2. Игрок выбирает:", ["а) взять карту;", "б) пропустить ход."], WD_BREAK.LINE),
                              ("100.3. Конец.", ["Игра продолжается."], WD_BREAK.PAGE)):
        p = doc.add_paragraph()
        run = p.add_run(first)
        for line in rest:
            run.add_break(kind)
            run = p.add_run(line)
    src = tmp_path / "rules.docx"
    doc.save(str(src))
    out = tmp_path / "OUT"
    import_rulebook([src], out, "T")
    from berserk_kb.text.parse import parse_rulebook
    from test_import import _loss_free

    _loss_free(out)
    rb = parse_rulebook(out)
    paras = {p.number: p for p in rb.paragraphs if p.number}
    assert paras["100.1"].text == "Колода содержит 30 карт. Копий карты не больше трёх."
    assert not [p for p in rb.paragraphs if p.parent == "T:100.1"]
    assert [(i.label, i.paragraph) for i in rb.list_items] == [("а", "T:100.2"), ("б", "T:100.2")]
    assert [p.text for p in rb.paragraphs if p.parent == "T:100.3"] == ["Игра продолжается."]


CAPS = """ПРАВИЛА ИГРЫ «БЕРСЕРК. ГЕРОИ»

1. Общие положения

1.1. Игра ведётся двумя игроками, у каждого своя колода
ОБЩИЕ ПРАВИЛА

2.Ход игры

2.1. Ход состоит из фаз.

ПРИМЕР. Игрок открывает карты.
"""


@pytest.fixture(scope="module")
def caps(tmp_path_factory):
    """The rulebook of :data:`CAPS`, imported (its folder, its parse)."""
    tmp_path = tmp_path_factory.mktemp("caps")
    return tmp_path / "OUT", _import(tmp_path, "caps.txt", CAPS)


def test_titles_in_capitals_are_headings(caps):
    """«ПРАВИЛА ИГРЫ «БЕРСЕРК. ГЕРОИ»» (quotes and a dot, no noun phrase by morphology) and «ОБЩИЕ
    ПРАВИЛА» (right under a line that ends with no full stop, so it would otherwise continue it) are
    titles in capitals on lines of their own: two headings; 1.1 keeps only its own line, and section
    2 stands under «ОБЩИЕ ПРАВИЛА»."""
    _, rb = caps
    titles = [p for p in rb.paragraphs if p.kind.value == "heading"]
    assert [p.text for p in titles] == ["ПРАВИЛА ИГРЫ «БЕРСЕРК. ГЕРОИ»", "ОБЩИЕ ПРАВИЛА"]
    paras = {p.number: p for p in rb.paragraphs if p.number}
    assert paras["1.1"].text == "Игра ведётся двумя игроками, у каждого своя колода"
    assert paras["1"].parent == titles[0].id and paras["2"].parent == titles[1].id


def test_a_small_number_with_a_dot_and_no_space_is_numbered_and_reported(caps):
    """«2.Ход игры» (a dot and no space before a capital) is section 2, with 2.1 under it, and
    check reports the punctuation, L005: «2 is written without the space after it»."""
    from berserk_kb import KnowledgeBase
    from berserk_kb.checks import run_checks

    out, rb = caps
    paras = {p.number: p for p in rb.paragraphs if p.number}
    assert sorted(paras) == ["1", "1.1", "2", "2.1"]
    assert paras["2"].text == "Ход игры" and paras["2.1"].parent == "T:2"
    l005 = [f.message for f in run_checks(KnowledgeBase(out), only=["L005"]).findings]
    assert l005 == ["2 is written without the space after it: «2.Ход игры»"]  # the line whole: no «…»


def test_an_example_label_is_shown_as_written(caps):
    """The example «ПРИМЕР. Игрок открывает карты.» stands under 2.1, and ``show 2.1`` prints its
    label as the source writes it, «ПРИМЕР.», not «ПРИМЕР:»."""
    from berserk_kb import KnowledgeBase
    from berserk_kb.render.paragraphs import paragraph_views

    out, rb = caps
    (example,) = rb.examples
    assert example.paragraph == "T:2.1"
    shown = paragraph_views(KnowledgeBase(out).show("2.1"), {})
    assert "ПРИМЕР. Игрок открывает карты." in shown and "ПРИМЕР:" not in shown


PLAIN_LIST = """100. Общие

100.1. Предварительный этап

На этом шаге игроки делают следующее:

а) платят;
в) выбирают цель.
"""


@pytest.fixture(scope="module")
def plain_list(tmp_path_factory):
    """The knowledge base of :data:`PLAIN_LIST`, imported."""
    from berserk_kb import KnowledgeBase

    tmp_path = tmp_path_factory.mktemp("plain")
    _import(tmp_path, "list.md", PLAIN_LIST)
    return KnowledgeBase(tmp_path / "OUT")


def test_l004_names_a_plain_paragraph_by_its_words_and_number(plain_list):
    """The list «а) платят;» «в) выбирают цель.» stands under the plain paragraph «На этом шаге
    игроки делают следующее:» in 100.1; it skips «б», and L004 names the list by that paragraph's
    first four words and the number it stands in («На этом шаге игроки…» in 100.1), not a unit id."""
    from berserk_kb.checks import run_checks

    (gap,) = [f.message for f in run_checks(plain_list, only=["L004"]).findings if "goes from" in f.message]
    assert gap == "the list of «На этом шаге игроки…» in 100.1 goes from «а)» to «в)»"


def test_the_web_page_shows_a_plain_paragraphs_list_under_it(plain_list):
    """The web page of 100.1 shows its plain paragraph «На этом шаге игроки делают следующее:»
    whole, with its two items «платят;» and «выбирают цель.» under it, as ``show 100.1`` does — not
    as a link to a page of its own."""
    from berserk_kb.web.pages import Pages
    from berserk_kb.web.reading import Reading

    reading = Reading(plain_list)
    html = Pages(reading).render("paragraph.html", reading.paragraph("T", "100.1"), here="/T/100.1")
    children = html[html.index('class="children"'):]
    children = children[:children.index("</section>")]
    assert children.index("делают следующее:") < children.index("платят;") < children.index("выбирают цель.")
    assert "следующее:</a>" not in children


BARE = """<html><body><div id="cookie-consent">Сайт использует cookie.</div>
<header><a href="/">Берсерк</a> <span>Вход</span></header>
<div role="navigation"><a href="/news">Новости</a></div>
<div class="page"><h2>100. Общие положения</h2>
<section><header><h3>100.1. Колода</h3></header><p>Колода содержит 30 карт.</p></section></div>
<div role="contentinfo">Контакты редакции</div><footer>© 2024</footer></body></html>"""


def test_a_page_with_no_main_loses_its_chrome_but_not_a_sections_header(tmp_path):
    """No <main> or <article>: the body is read, without the cookie notice («Сайт использует
    cookie»), the page's <header> («Вход»), role=navigation («Новости»), role=contentinfo
    («Контакты») and <footer> («© 2024»); a <section>'s own <header> is content, so «100.1. Колода»
    is paragraph 100.1 under 100."""
    rb = _import(tmp_path, "bare.html", BARE)
    fragment = next((tmp_path / "OUT" / "sources").glob("*.txt")).read_text(encoding="utf-8")
    for chrome in ("cookie", "Вход", "Новости", "Контакты", "©"):
        assert chrome not in fragment, chrome
    paras = {p.number: p for p in rb.paragraphs if p.number}
    assert sorted(paras) == ["100", "100.1"] and paras["100.1"].parent == "T:100"
