"""berserk-kb import on layouts a fresh user brought (issue 11, eleventh round): a rule number after
a preposition («как сказано в 100.1»), a letter item written apart from its number («100.2 (б)»,
«пп. «а»», «100.2 б.»), a contents run's last line without leaders, a glossary title after a
paragraph with no final period, a tab table with rule numbers in its first column, and the ids of
an imported bundled fragment."""

from __future__ import annotations

from berserk_kb.text.references import find_references
from test_import_structure import _imported

_BODY = "100. Основы\n100.1. Первый.\n100.2. Второй:\nа) раз;\nб) два.\n101. Ссылки\n"


def _cited(text: str) -> list[list[str]]:
    return [numbers for _, numbers, _ in find_references(text)]


def test_a_rule_number_after_a_preposition_is_a_reference():
    """«в 100.1», «из 100.3 и 100.4», «по 100.2» name paragraphs; a quantity after the same
    prepositions («в 2 раза», «на 3 раны», «в 100 раз», «в 100.5 раза») or a number with no
    preposition («получает 100.5 кристалла») names none."""
    assert _cited("Как сказано в 100.1, это так.") == [["100.1"]]
    assert _cited("Это следует из 100.3 и 100.4.") == [["100.3", "100.4"]]
    assert _cited("Действует по 100.2.") == [["100.2"]]
    for text in ("Урон больше в 2 раза.", "Лечит на 3 раны.", "Сила в 100 раз больше.",
                 "Сила в 100.5 раза больше.", "Игрок получает 100.5 кристалла."):
        assert _cited(text) == [], text


def test_a_letter_item_written_apart_from_its_number_is_kept():
    """«правилу 100.2 (б)», «пункт 100.2 б.» name item б) of 100.2, «100.2, пп. «а»» item а); «т. е.»
    after a number is no item."""
    assert _cited("По правилу 100.2 (б) это так.") == [["100.2б"]]
    assert _cited("См. правило 100.2, пп. «а».") == [["100.2а"]]
    assert _cited("См. пункт 100.2 б.") == [["100.2б"]]
    assert _cited("См. пункт 100.2 т. е. второй.") == [["100.2"]]


def test_preposition_and_apart_items_resolve_in_an_imported_text(tmp_path):
    """100.2 lists а), б): by hand 101.1 cites 100.1, 101.2 the item б), 101.3 the item а)."""
    kb, _ = _imported(tmp_path, "r.txt", _BODY + "101.1. Как сказано в 100.1, это так.\n"
                      "101.2. По правилу 100.2 (б) это так.\n101.3. См. правило 100.2, пп. «а».\n", "D")
    items = {i.label: i.id for i in kb.rulebook.list_items if i.paragraph == "D:100.2"}
    got = {(r.source_paragraph, r.number, r.target) for r in kb.rulebook.references}
    assert got == {("D:101.1", "100.1", "D:100.1"), ("D:101.2", "100.2б", items["б"]),
                   ("D:101.3", "100.2а", items["а"])}


_TOC = ("ПОЛНЫЕ ПРАВИЛА\n\n100. Общие положения ............ 3\n100.1. Цель игры ................ 3\n"
        "101. Колода\n  и её состав .................... 4\n101.1. Размер колоды ............ 4\n102. Ход игры 5\n\n"
        "100. Общие положения\n100.1. Цель игры. Игрок побеждает.\n101. Колода и её состав\n"
        "101.1. Размер колоды. Тридцать карт.\n102. Ход игры\n102.1. Ход состоит из фаз.\n")


def test_the_last_contents_line_without_its_leader_is_contents(tmp_path):
    """Four dot-leadered entries (one wrapped over two lines) and «102. Ход игры 5» with no leader,
    then the body 100…102.1: by hand 6 contents lines (the wrapped entry is two), 6 numbered body
    paragraphs, no structure finding."""
    from berserk_kb.checks import run_checks

    kb, _ = _imported(tmp_path, "toc.txt", _TOC, "T")
    assert len([p for p in kb.rulebook.paragraphs if p.kind.value == "contents"]) == 6
    assert sorted(p.number for p in kb.rulebook.paragraphs if p.number) == \
        ["100", "100.1", "101", "101.1", "102", "102.1"]
    assert not [f.code for f in run_checks(kb).findings if f.code.startswith("S")]


def test_a_glossary_title_after_a_paragraph_with_no_final_period_stands_apart(tmp_path):
    """«100.4. Нечто, о чём идёт речь» (no full stop), then «Глоссарий» and two entries with no
    blank line: by hand 100.4 is its own words only, and both terms are found as glossary entries
    under «Глоссарий»."""
    kb, _ = _imported(tmp_path, "g.txt", "100. Особенности\n100.4. Нечто, о чём идёт речь\nГлоссарий\n"
                      "Авангард Х — срабатывающая способность.\nВампиризм. Существо лечится.\n", "G")
    [p] = kb.show("100.4")
    assert p.text.strip() == "Нечто, о чём идёт речь"
    for term, words in (("Авангард Х", "срабатывающая способность"), ("Вампиризм", "Существо лечится")):
        [entry] = kb.show(term)
        assert words in entry.text and entry.parent.id == "G:глоссарий"


def test_an_imported_fragments_cut_off_piece_is_named_by_its_source_file(tmp_path):
    """A source «000_piece.txt» that starts mid-list («б) два.» before 540): by docs/identifiers.md
    the piece cut off at the start is `B:~000_piece/item1`, whatever name the importer gives the
    fragment file (`B_01_000_piece.txt`)."""
    from berserk_kb.text.formats.importer import import_rulebook
    from test_import import _kb

    src = tmp_path / "000_piece.txt"
    src.write_text("б) два.\n\n540. Раздел\n\n540.1. Текст раздела.\n", encoding="utf-8")
    import_rulebook([src], tmp_path / "OUT", "B")
    assert (tmp_path / "OUT" / "sources" / "B_01_000_piece.txt").is_file()
    assert [i.id for i in _kb(tmp_path / "OUT").rulebook.list_items] == ["B:~000_piece/item1"]


def test_tab_rows_of_three_cells_are_a_table_two_cells_are_numbered_paragraphs(tmp_path):
    """Three rows of three tab-separated cells, two with a rule number in the first cell: by hand
    a table, the body's 100, 100.1, 100.2 the only numbers, no finding. «100.3.<TAB>Текст» (two
    cells, as Word numbering pastes) is paragraph 100.3."""
    from berserk_kb.checks import run_checks

    kb, _ = _imported(tmp_path, "t.txt", "100. Раздел\n\n100.1. Первый.\n\n100.2. Второй.\n\n100.3.\tТретий.\n\n"
                      "Изменения:\nПункт\tИзменение\tРедакция\n100.1.\tУточнено\t2\n101.\tНовый раздел\t2\n", "X")
    assert sorted(p.number for p in kb.rulebook.paragraphs if p.number) == ["100", "100.1", "100.2", "100.3"]
    assert len([p for p in kb.rulebook.paragraphs if p.kind.value == "table"]) == 1
    assert not [f.code for f in run_checks(kb).findings if f.code.startswith("S")]


def test_a_term_over_its_definition_and_a_term_on_its_line_are_the_same_kind(tmp_path):
    """Under «Глоссарий»: «Авангард Х» alone over «Срабатывающая способность…», and «Броня Х: существо
    получает…» on one line. By hand both are glossary entries titled by their term, and ``show``
    gives «Авангард Х» with its definition under it."""
    kb, _ = _imported(tmp_path, "gl.txt", "100. Раздел\n\n100.1. Текст.\n\nГлоссарий\n\nАвангард Х\n"
                      "Срабатывающая способность, которая действует в начале боя.\n\n"
                      "Броня Х: существо получает на Х ран меньше.\n", "G")
    labels = {h.unit: h.label for word in ("Авангард", "Броня") for h in kb.search(word).hits}
    assert labels == {"G:авангард-х": "glossary entry", "G:глоссарий/броня-х-существо-получает": "glossary entry"}
    [entry] = kb.show("Авангард Х")
    assert entry.title == "Авангард Х" and [" ".join(c.text.split()) for c in entry.children] == [
        "Срабатывающая способность, которая действует в начале боя."]
