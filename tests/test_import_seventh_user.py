"""berserk-kb import on what a seventh fresh user brought (issue 11): a run of unmarked items after
a colon inside one displayed paragraph (Markdown soft breaks, reStructuredText lines, HTML and Word
line breaks), a list of in-page links in the body, a body list of linked card names on a page with
no ``main``, a glossary term with its definition on the next line, and the furniture of a two-column
page that breaks a hyphenated word."""

from __future__ import annotations

import pytest

from docx_maker import DocxMaker
from test_import import _loss_free
from test_import_second_user import _import

_ELEMENTS = "200. Стихии\n\n200.3. Стихии игры:\nлес\nгоры\nстепь\n\n200.4. Нейтральные карты.\n"


@pytest.mark.parametrize("name, source", [
    ("t.md", _ELEMENTS),
    ("t.rst", _ELEMENTS),
    ("t.txt", _ELEMENTS),
    ("t.html", "<html><body><p>200. Стихии</p><p>200.3. Стихии игры:<br>лес<br>горы<br>степь</p>"
               "<p>200.4. Нейтральные карты.</p></body></html>"),
])
def test_a_run_of_unmarked_items_after_a_colon_is_a_list_in_every_format(tmp_path, name, source):
    """«200.3. Стихии игры:» and then, each on a line of its own with no marker (a Markdown soft
    break, an HTML ``<br>``), «лес», «горы», «степь»: three short phrases after a colon — the list
    «runs of unmarked items after a colon» of the issue. 200.3 is «Стихии игры:» holding the three
    items in that order; 200.4 is a paragraph of its own."""
    kb, out, _ = _import(tmp_path, name, source)
    (p,) = kb.show("200.3")
    assert p.text == "Стихии игры:"
    assert [i.text for i in p.list_items] == ["лес", "горы", "степь"]
    assert [q.number for q in kb.rulebook.paragraphs if q.number] == ["200", "200.3", "200.4"]
    _loss_free(out)


def test_a_word_paragraph_with_line_breaks_after_a_colon_is_a_list(tmp_path):
    """Word: «200.3. Стихии игры:» with ``w:br`` breaks before «Лес», «Горы», «Степь» (one
    paragraph, capitalised phrases). The same three items, in order, under 200.3; a break inside a
    sentence of 200.4 («Нейтральные карты» / «не имеют стихии.») is still one line of text."""
    d = DocxMaker()
    d.para("200. Стихии")
    p = d.doc.add_paragraph("200.3. Стихии игры:")
    for word in ("Лес", "Горы", "Степь"):
        run = p.add_run()
        run.add_break()
        run.add_text(word)
    q = d.doc.add_paragraph("200.4. Нейтральные карты")
    q.add_run().add_break()
    q.add_run("не имеют стихии.")
    src = d.save(tmp_path / "rules.docx")
    from berserk_kb.text.formats.importer import import_rulebook
    from test_import import _kb

    import_rulebook([src], tmp_path / "OUT", "W")
    kb = _kb(tmp_path / "OUT")
    (p3,) = kb.show("200.3")
    assert [i.text for i in p3.list_items] == ["Лес", "Горы", "Степь"]
    (p4,) = kb.show("200.4")
    assert p4.text == "Нейтральные карты не имеют стихии." and not p4.list_items
    _loss_free(tmp_path / "OUT")


_BODY_LINKS = ("<html><body><h1>Правила</h1><h2 id='s200'>200. Ход</h2><p id='p1'>200.1. Ход состоит из этапов.</p>"
               "<p id='p2'>200.2. Этап атаки.</p><p>200.3. Этап защиты идёт за атакой. См. также</p>"
               "<ol><li><a href='#p1'>Ход состоит из этапов</a></li><li><a href='#p2'>Этап атаки</a></li></ol>"
               "<p>200.4. Конец хода.</p></body></html>")


def test_a_body_list_of_links_to_paragraphs_is_the_body_not_contents(tmp_path):
    """Below a title, a section heading and three paragraphs, 200.3 «…См. также» is followed by an
    ``<ol>`` of two links to the paragraphs ``#p1`` and ``#p2`` (not to headings, no contents
    heading, not at the top). A browser shows «1. Ход состоит из этапов», «2. Этап атаки»: two
    list items of 200.3 labelled 1 and 2; no contents line. Each link's words name no number but
    its target is a numbered paragraph, so each item cites it: «(п. 200.1)», «(п. 200.2)» written
    after the words (issue 11 P9)."""
    kb, out, summary = _import(tmp_path, "t.html", _BODY_LINKS)
    (p,) = kb.show("200.3")
    assert [(i.label, i.text) for i in p.list_items] == [("1", "Ход состоит из этапов (п. 200.1)"),
                                                         ("2", "Этап атаки (п. 200.2)")]
    assert [(r.number, r.target) for r in kb.rulebook.references] == [("200.1", "T:200.1"), ("200.2", "T:200.2")]
    assert summary.counts["contents"] == 0
    assert [q.number for q in kb.rulebook.paragraphs if q.number] == ["200", "200.1", "200.2", "200.3", "200.4"]
    _loss_free(out)


def test_a_list_of_links_to_the_headings_in_order_is_contents_wherever_it_stands(tmp_path):
    """After an introduction of three blocks (no contents heading), an ``<ol>`` links ``#s200`` and
    ``#s201`` — the ids of the two section headings «200. Ход» and «201. Атака», in the order the
    page prints them: the page's contents, its entries «Ход», «Атака» numbered by nothing (no
    «1. Ход»: a number of a contents list is no paragraph's); the numbered paragraphs are the
    body's 200, 200.1, 201, 201.1. The same list pointing at the headings in the other order is a
    body list: «1. Атака», «2. Ход»."""
    def page(first: str, second: str) -> str:
        return ("<html><body><h1>Правила</h1><p>Вступление.</p><p>Ещё вступление.</p>"
                f"<ol><li><a href='#{first[0]}'>{first[1]}</a></li><li><a href='#{second[0]}'>{second[1]}</a></li></ol>"
                "<h2 id='s200'>200. Ход</h2><p>200.1. Ход состоит из этапов.</p>"
                "<h2 id='s201'>201. Атака</h2><p>201.1. Атака объявляется.</p></body></html>")
    kb, out, _ = _import(tmp_path, "t.html", page(("s200", "Ход"), ("s201", "Атака")))
    text = (out / "sources" / "T_01_t.txt").read_text(encoding="utf-8")
    assert "• Ход\n• Атака\n" in text and "\n1. Ход" not in text
    assert [q.number for q in kb.rulebook.paragraphs if q.number] == ["200", "200.1", "201", "201.1"]
    _loss_free(out)
    other = tmp_path / "other"
    other.mkdir()
    _, out, _ = _import(other, "t.html", page(("s201", "Атака"), ("s200", "Ход")))
    assert "1. Атака\n2. Ход\n" in (out / "sources" / "T_01_t.txt").read_text(encoding="utf-8")


def test_a_bare_list_of_linked_card_names_between_paragraphs_is_kept(tmp_path):
    """A page with no ``main``: 300.1 «Карты стихии лес бывают такими.», then a ``<ul>`` of three
    links to card pages («Гном-басаарг», «Лесной эльф», «Смертельный ветер»: all its letters
    linked), then 300.2 «Ещё.» — the list sits inside the article's text, so its three names are
    list items of 300.1; the list of three site links after the last paragraph («О сайте»,
    «Форум», «Контакты») and the menu under the site's title «Сайт о Берсерке» («Новости»,
    «Турниры», «Магазин»: after a heading, not a paragraph) are the site's and are left out."""
    def links(prefix: str, names: tuple[str, ...]) -> str:
        return "".join(f"<li><a href='{prefix}{k}'>{name}</a></li>" for k, name in enumerate(names))
    cards, site = links("/c/", ("Гном-басаарг", "Лесной эльф", "Смертельный ветер")), links("/", ("О сайте", "Форум", "Контакты"))
    menu = links("/m/", ("Новости", "Турниры", "Магазин"))
    kb, out, _ = _import(tmp_path, "t.html", f"<html><body><h1>Сайт о Берсерке</h1><ul>{menu}</ul><h2>300. Карты</h2>"
                         f"<p>300.1. Карты стихии лес бывают такими.</p><ul>{cards}</ul><p>300.2. Ещё.</p><ul>{site}</ul></body></html>")
    (p,) = kb.show("300.1")
    assert [i.text for i in p.list_items] == ["Гном-басаарг", "Лесной эльф", "Смертельный ветер"]
    text = (out / "sources" / "T_01_t.txt").read_text(encoding="utf-8")
    assert "Форум" not in text and "Турниры" not in text and "Лесной эльф" in text
    _loss_free(out)


def _two_column_pages() -> str:
    """Three pages of a PDF turned into text with its layout kept: two columns (the right one at
    character 42), the page number set right under the columns (pages 2 and 4) or left (page 3),
    the running header alternating: «Полные правила Берсерк» set right over odd pages,
    «Глава 1. Основы» on the left over the even one; page 1's right column ends «(см. табли-», and
    the word goes on at the top of page 2's left column: «цу 3). Она важна для отряда.»."""
    def row(left: str, right: str = "") -> str:
        return (left.ljust(42) + right).rstrip() + "\n"
    odd_header, number = " " * 50 + "Полные правила Берсерк\n\n", "\n" + " " * 60 + "{}\n"
    return (odd_header + row("100. Основы", "100.3. Стоимость карты указана в")
            + row("100.1. Стихий пять: лес, горы, степь,", "кристаллах, её таблица приведена")
            + row("болота и тьма.", "ниже (см. табли-") + number.format(2)
            + "\fГлава 1. Основы\n\n" + row("цу 3). Она важна для отряда.", "100.6. Отряд может включать")
            + row("100.4. Карта имеет стоимость в", "любые карты своей стихии.")
            + row("кристаллах и золоте.", "100.7. Колода тасуется.") + "\n3\n"
            + "\f" + odd_header + row("100.8. Карта в игре лежит на поле.", "100.10. Карта вне игры.")
            + row("100.9. Карта в руке закрыта.", "100.11. Карта в колоде.")
            + row("100.12. Сброс открыт всем.", "100.13. Кладбище открыто.") + number.format(4))


def test_page_furniture_of_two_column_pages_stays_out_and_the_hyphenated_word_rejoins(tmp_path):
    """Read column by column, page by page (a run of columns never crosses a page break, and a
    line set right above the columns or a page number is no column's line): 100.3 is «Стоимость
    карты указана в кристаллах, её таблица приведена ниже (см. таблицу 3). Она важна для отряда.»
    — no «2» and no «Глава 1. Основы» inside it, «табли-» + «цу» one word. No unit is a page number
    or a header: the numbered paragraphs are 100, 100.1, 100.3, 100.4, 100.6–100.13 (left column
    before right on each page), and the numbers 2, 3, 4 and the three header lines are skipped.
    The note names the three runs by source line: 3–5, 8–12 (from the even page's header, on the
    left, down to its last row) and 17–19."""
    kb, out, summary = _import(tmp_path, "t.txt", _two_column_pages())
    (p,) = kb.show("100.3")
    assert " ".join(p.text.split()) == ("Стоимость карты указана в кристаллах, её таблица приведена ниже "
                                        "(см. таблицу 3). Она важна для отряда.")
    assert [q.number for q in kb.rulebook.paragraphs if q.number] == [
        "100", "100.1", "100.3", "100.4", "100.6", "100.7", "100.8", "100.9", "100.12", "100.10", "100.11", "100.13"]
    assert [q for q in kb.rulebook.paragraphs if not q.number] == []
    from berserk_kb.text.formats import read_source

    assert sorted(" ".join(t.split()) for _, t in read_source(tmp_path / "t.txt").skipped) == sorted(
        ["2", "3", "4", "Полные правила Берсерк", "Полные правила Берсерк", "Глава 1. Основы"])
    assert [n.split(": ", 1)[1].split(" are")[0] for n in summary.notes] == ["lines 3–5", "lines 8–12", "lines 17–19"]
    _loss_free(out)


@pytest.mark.parametrize("glossary", [
    "Словарь терминов\nБроня Х\nСущество с бронёй получает на Х меньше ран.\n\nРывок\nСущество двигается на две клетки.\n",
    "Глоссарий\n\nБроня Х\nсущество с бронёй получает на Х меньше ран\nот ударов.\n\nРывок\nсущество двигается на две клетки.\n",
])
def test_a_glossary_term_alone_on_its_line_titles_its_entry(tmp_path, glossary):
    """A glossary («Словарь терминов», «Глоссарий») whose terms stand alone on a line with the
    definition on the next — right under the glossary's title with no blank line, or the definition
    starting in lower case, so the term and its definition are read as one unit. Each entry is
    titled by its term: ``show "Броня Х"`` finds the entry holding «меньше ран» (in its text, or in
    the definition under it when that was read apart), ``show "Рывок"`` the one holding «на две клетки»; outside the glossary the short line «Подготовка» over «Игроки
    тасуют колоды.» is no term (``show "Подготовка"`` finds nothing titled so)."""
    kb, out, _ = _import(tmp_path, "t.txt", "100. Основы\n\nПодготовка\nигроки тасуют колоды.\n\n" + glossary)
    for term, said in (("Броня Х", "меньше ран"), ("Рывок", "на две клетки")):
        (entry,) = kb.show(term)
        held = [q.text for q in kb.rulebook.paragraphs if entry.id in (q.id, q.parent)]  # the term, or the term over its definition
        assert entry.title == term and any(said in t for t in held), (term, held)
    assert not [p for p in kb.rulebook.paragraphs if p.title == "Подготовка"]
    _loss_free(out)


def test_each_reference_of_a_chain_is_quoted_by_its_own_piece(tmp_path):
    """«101.4. Подробнее см. 100.1, 100.2 и 101.3.»: three references, each to its own paragraph
    (100.1, 100.2, 101.3 — all printed), and ``show 101.4`` quotes each by its own piece of the
    chain — «см. 100.1» (the keyword stays with the first), «100.2», «101.3» — not the whole chain
    three times; ``show 100.2`` quotes «100.2» under «cited by». The web page's cites list the
    same pieces."""
    from berserk_kb.render.paragraphs import paragraph_views
    from berserk_kb.web.reading import Reading

    kb, out, _ = _import(tmp_path, "t.txt", "100. Основы\n100.1. Первое.\n100.2. Второе.\n101. Далее\n"
                         "101.3. Третье.\n101.4. Подробнее см. 100.1, 100.2 и 101.3.\n")
    (p,) = kb.show("101.4")
    assert [(c.number, c.target.id) for c in p.cites] == [("100.1", "T:100.1"), ("100.2", "T:100.2"), ("101.3", "T:101.3")]
    shown = paragraph_views([p], {"T": "T"})
    assert "«см. 100.1» → T:100.1" in shown and "«100.2» → T:100.2" in shown and "«101.3» → T:101.3" in shown
    assert "«см. 100.1, 100.2 и 101.3»" not in shown
    assert "101.4  «100.2»" in paragraph_views(kb.show("100.2"), {"T": "T"})
    page = Reading(kb).paragraph("T", "101.4")
    assert [c["quote"] for c in page["paragraphs"][0]["cites"]] == ["см. 100.1", "100.2", "101.3"]
    _loss_free(out)
