"""berserk-kb import on what a third fresh user brought (issue 11): contents entries with spaced,
ellipsis, underscore and tab leaders and entries wrapped onto an indented second line, in every
format; a pandoc loose list with a sub-list under an item; paragraph numbers and item letters typed
with a Latin letter that looks like the Cyrillic one."""

from __future__ import annotations

import pytest

from docx_maker import DocxMaker
from test_import import _kb, _loss_free
from test_import_second_user import _import

_BODY = ("100. Общие положения\n\n100.1. Игра ведётся картами.\n\n"
         "101. Правила игры для двух и более игроков\n\n101.1. Игроки ходят по очереди.\n\n"
         "102. Карты и их свойства\n\n102.1. Карта имеет стоимость.\n")
_ENTRIES = [("100. Общие положения", "3"), ("101. Правила игры для двух и более", None),
            ("     игроков", "4"), ("102. Карты и их свойства", "5")]


def _contents(leader: str) -> str:
    return "\n".join(f"{t}{leader}{p}" if p else t for t, p in _ENTRIES) + "\n\n"


def _assert_contents_only(kb, n_contents: int) -> None:
    """The body's 100, 101, 102 are the only numbered paragraphs 100–102; 102.1 stands under the
    body's «102. Карты и их свойства»; the contents lines are contents; check finds nothing."""
    rb = kb.rulebook
    assert sorted(p.number for p in rb.paragraphs if p.number) == ["100", "100.1", "101", "101.1", "102", "102.1"]
    assert sum(p.kind.value == "contents" for p in rb.paragraphs) == n_contents
    (p,) = kb.show("102.1")
    assert p.parent.number == "102" and p.parent.kind != "contents"
    assert [f.code for f in kb.check(only=["S001", "S002", "S003", "S004", "S005"]).findings] == []


@pytest.mark.parametrize("leader", [" . . . . . . . ", " …… ", " ___ ", "\t", " ........ "])
def test_text_contents_with_any_leader_and_a_wrapped_entry_own_nothing(tmp_path, leader):
    """Three entries, the second wrapped onto an indented line («101. Правила игры для двух и более» /
    «     игроков . . . . 4»), pages 3, 4, 5, no heading word above: four contents lines; the body
    below repeats the three titles and owns the numbers."""
    kb, out, _ = _import(tmp_path, "toc.txt", "Правила игры\n\n" + _contents(leader) + _BODY)
    _assert_contents_only(kb, 4)
    _loss_free(out)


def test_markdown_and_html_contents_with_spaced_leaders_own_nothing(tmp_path):
    """The same contents in Markdown under «# Оглавление» (CommonMark reads it as an ordered list
    starting at 100, the wrapped «игроков . . . . 4» a lazy line of item 101) and as HTML paragraphs:
    the heading word and the three entries are contents, four lines each time."""
    md = "# Оглавление\n\n" + "\n".join(f"{t} . . . . {p}" if p else t for t, p in _ENTRIES) + "\n\n" \
        + _BODY.replace("100. Общие", "## 100. Общие").replace("101. Правила", "## 101. Правила") \
        .replace("102. Карты", "## 102. Карты")
    kb, _, _ = _import(tmp_path, "toc.md", md)
    _assert_contents_only(kb, 4)
    entries = "".join(f"<p>{t} . . . . {p}</p>" for t, p in [("100. Общие положения", 3),
                      ("101. Правила игры для двух и более игроков", 4), ("102. Карты и их свойства", 5)])
    body = "".join(f"<h2>{h}</h2><p>{p}</p>" for h, p in [("100. Общие положения", "100.1. Игра ведётся картами."),
                   ("101. Правила игры для двух и более игроков", "101.1. Игроки ходят по очереди."),
                   ("102. Карты и их свойства", "102.1. Карта имеет стоимость.")])
    (tmp_path / "h").mkdir()
    kb, _, _ = _import(tmp_path / "h", "toc.html", f"<html><body><p>Оглавление</p>{entries}{body}</body></html>")
    _assert_contents_only(kb, 4)


def test_docx_contents_typed_with_tab_leaders_own_nothing(tmp_path):
    """A contents typed in plain Word paragraphs, title and page apart by a tab (Word draws the
    dots): «Содержание» and three entries are contents, the body's headings own 100–102."""
    d = DocxMaker()
    d.para("Содержание")
    for t, p in [("100. Общие положения", 3), ("101. Правила игры для двух и более игроков", 4), ("102. Карты и их свойства", 5)]:
        d.para(f"{t}\t{p}")
    for h, p in [("100. Общие положения", "100.1. Игра ведётся картами."),
                 ("101. Правила игры для двух и более игроков", "101.1. Игроки ходят по очереди."),
                 ("102. Карты и их свойства", "102.1. Карта имеет стоимость.")]:
        d.para(h)
        d.para(p)
    (tmp_path / "d").mkdir()
    src = d.save(tmp_path / "d" / "toc.docx")
    from berserk_kb.text.formats.importer import import_rulebook

    import_rulebook([src], tmp_path / "OUT", "T")
    _assert_contents_only(_kb(tmp_path / "OUT"), 4)


def test_a_pandoc_loose_list_keeps_its_sub_list_under_its_item(tmp_path):
    """pandoc writes a loose list with blank lines between items and the «а)» sub-list indented as
    further paragraphs of the item (``а\\)`` escaped): «• начало хода;» holds «а) открытие карт;» and
    «б) взятие карты.»; «• конец хода.» holds nothing; the same under «1. атаковать;» with «a)»/«b)»,
    and in reStructuredText, where «а)» is a paragraph of the item too."""
    md = ("## 100. Общие положения\n\n100.1. Ход состоит из этапов:\n\n-   начало хода;\n\n    а\\) открытие карт;\n\n"
          "    б\\) взятие карты.\n\n-   конец хода.\n\n100.2. Игрок может:\n\n1.  атаковать;\n\n    a)  ударом;\n\n"
          "    b)  выстрелом.\n\n2.  двигаться.\n")
    kb, out, _ = _import(tmp_path, "list.md", md)
    items = {i.id: i for i in kb.rulebook.list_items}
    texts = {i.text: i for i in items.values()}
    first, last = texts["начало хода;"], texts["конец хода."]
    assert [i.text for i in items.values() if i.parent_item == first.id] == ["открытие карт;", "взятие карты."]
    assert [i.text for i in items.values() if i.parent_item == last.id] == []
    one = texts["атаковать;"]
    assert [(i.label, i.text) for i in items.values() if i.parent_item == one.id] == [("a", "ударом;"), ("b", "выстрелом.")]
    assert texts["двигаться."].parent_item is None and texts["двигаться."].paragraph == "T:100.2"
    _loss_free(out)
    rst = ("100. Общие положения\n====================\n\n100.1. Ход состоит из этапов:\n\n- начало хода;\n\n"
           "  а) открытие карт;\n\n  б) взятие карты.\n\n- конец хода.\n")
    (tmp_path / "r").mkdir()
    kb, _, _ = _import(tmp_path / "r", "list.rst", rst)  # reStructuredText: «а)» is no enumerator either
    texts = {i.text: i for i in kb.rulebook.list_items}
    assert [t for t, i in texts.items() if i.parent_item == texts["начало хода;"].id] == ["открытие карт;", "взятие карты."]


def test_a_latin_look_alike_letter_names_the_cyrillic_one(tmp_path):
    """«801.1a.» is printed with a Latin «a»; «по правилу 801.1а» is written with a Cyrillic «а»:
    the same paragraph. «пункт 802.1a» (Latin) names the item «а)» (Cyrillic) of 802.1; `show
    801.1а` (Cyrillic) finds the paragraph printed with the Latin letter."""
    kb, _, _ = _import(tmp_path, "la.txt", "801. Удары\n\n801.1. Удар наносится.\n\n801.1a. Магический удар наносится магией.\n\n"
                       "801.2. Существо с ударом по правилу 801.1а бьёт магией.\n\n802. Списки\n\n802.1. Этапы:\nа) начало;\n"
                       "б) конец.\n\n802.2. См. пункт 802.1a.\n")
    assert [c.target.id for c in kb.show("801.2")[0].cites] == ["T:801.1a"]
    assert [c.target.id for c in kb.show("802.2")[0].cites] == ["T:802.1/item1"]
    assert [p.text for p in kb.show("801.1а")] == ["Магический удар наносится магией."]


def test_a_published_google_doc_footer_div_is_page_furniture(tmp_path):
    """A published Google Doc: ``<div id="header">`` (the document's name), ``<div id="contents">``
    (the rules) and ``<div id="footer">`` («Опубликовано в Google Документах», «Сообщить о
    нарушении»). Only the two lines of the contents div are read: «100. Общие положения» and
    «100.1. Игра ведётся картами.»."""
    page = ('<html><body><div id="header">Правила игры</div><div id="contents"><p>100. Общие положения</p>'
            '<p>100.1. Игра ведётся картами.</p></div><div id="footer"><p>Опубликовано в Google Документах</p>'
            '<p>Сообщить о нарушении</p><p>Обновляется автоматически каждые 5 минут</p></div></body></html>')
    kb, _, _ = _import(tmp_path, "doc.html", page)
    assert [(p.number, p.text) for p in kb.rulebook.paragraphs] == [("100", "Общие положения"), ("100.1", "Игра ведётся картами.")]


def test_a_definition_list_entry_owns_what_its_definition_cites(tmp_path):
    """``<dt>Авангард Х</dt><dd>Срабатывающая способность (см. п. 100.1).</dd>``: the entry
    «Авангард Х» cites 100.1 (its definition stands under it); «Рывок», whose definition cites
    nothing, cites nothing; 100.1 is cited once."""
    page = ('<html><body><h2>100. Общие положения</h2><p>100.1. Игра ведётся картами.</p><h2>700. Глоссарий</h2>'
            '<dl><dt>Авангард Х</dt><dd>Срабатывающая способность (см. п. 100.1).</dd>'
            '<dt>Рывок</dt><dd>Существо двигается на две клетки.</dd></dl></body></html>')
    kb, _, _ = _import(tmp_path, "dl.html", page)
    (term,) = kb.show("Авангард Х")
    assert [c.target.id for c in term.cites] == ["T:100.1"]
    assert [c.text for c in term.children] == ["Срабатывающая способность (см. п. 100.1)."]
    assert [c.target.id for c in kb.show("Рывок")[0].cites] == []
    assert [r.source_paragraph for r in kb.rulebook.references] == ["T:авангард-х"]


def test_search_labels_a_table_and_a_glossary_entry_by_their_kind(tmp_path):
    """«Авангард» stands in the table row «| Авангард | 2 |» under 100.1, in the glossary entry
    «Авангард Х. Срабатывающая способность.» (term and definition on one line, five entries in a
    row under «Глоссарий») and in the plain 100.1; the three hits are labelled «table», «glossary
    entry» and «paragraph»."""
    from berserk_kb.render.paragraphs import search_hits

    glossary = "".join(f"{t}. {d}.\n\n" for t, d in [("Авангард Х", "Срабатывающая способность"),
                       ("Броня Х", "Постоянная способность"), ("Защита", "Способность защищать"),
                       ("Рывок", "Способность двигаться"), ("Яд Х", "Способность травить")])
    kb, _, _ = _import(tmp_path, "t.txt", "100. Общие положения\n\n100.1. Авангард бьёт первым.\n\n"
                       "| Способность | Сила |\n| Авангард | 2 |\n\nГлоссарий\n\n" + glossary)
    found = kb.search("авангард")
    labels = sorted(h.label for h in found.hits)
    assert labels == ["glossary entry", "paragraph", "table"]
    shown = search_hits(found)
    assert "  table  " in shown and "  glossary entry  " in shown


def test_import_json_prints_its_error_as_json(tmp_path, cli):
    """``import rules.xyz --json``: an unknown format. The error is one JSON object on standard
    error naming the file (``path``) and saying what is wrong; standard output stays empty, the exit
    status is 2 and nothing is written; without --json it is the usual one line."""
    import json

    src = tmp_path / "rules.xyz"
    src.write_text("100. Общие положения\n", encoding="utf-8")
    r = cli("import", "--edition", "A", str(src), "-o", str(tmp_path / "OUT"), "--json")
    assert r.exit_code == 2 and r.stdout == "" and not (tmp_path / "OUT").exists()
    (line,) = r.stderr.splitlines()
    got = json.loads(line)
    assert got["path"] == str(src) and "unknown format '.xyz'" in got["error"] and got["line"] is None
    plain = cli("import", "--edition", "A", str(src), "-o", str(tmp_path / "OUT"))
    assert plain.exit_code == 2 and plain.stderr.startswith("berserk-kb: error: ")


def test_word_list_number_after_a_typed_number_is_shown_as_word_shows_it(tmp_path):
    """Under the heading «801. Удары» three «List Number» paragraphs (Word shows 1., 2., 3.: they
    are 801.1–801.3), then a paragraph typed «801.4. Удар по порядку:», then two more «List
    Number» paragraphs of the same list: Word goes on counting, «4.» and «5.» — items of 801.4, not
    paragraphs «801.4.4» and «801.4.5»."""
    d = DocxMaker()
    d.heading("801. Удары", 1)
    for t in ["Удар наносится.", "Удар бывает простым.", "Удар бывает магическим."]:
        d.doc.add_paragraph(t, style="List Number")
    d.para("801.4. Удар по порядку:")
    for t in ["выбор цели;", "бросок."]:
        d.doc.add_paragraph(t, style="List Number")
    (tmp_path / "d").mkdir()
    src = d.save(tmp_path / "d" / "ln.docx")
    from berserk_kb.text.formats.importer import import_rulebook

    import_rulebook([src], tmp_path / "OUT", "T")
    kb = _kb(tmp_path / "OUT")
    assert [p.number for p in kb.rulebook.paragraphs] == ["801", "801.1", "801.2", "801.3", "801.4"]
    (p,) = kb.show("801.4")
    assert [(i.marker, i.text) for i in p.list_items] == [("4.", "выбор цели;"), ("5.", "бросок.")]
    _loss_free(tmp_path / "OUT")
