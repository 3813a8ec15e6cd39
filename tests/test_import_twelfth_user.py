"""berserk-kb import on layouts a fresh user brought (issue 11, twelfth round): a titled paragraph
with its body in short sentences below, an example labelled on a line of its own, a glossary
entry ending with a reference, ``<pre>`` lines, ordered lists under a setext heading or written
«1)», and a paragraph number alone on its line without its dot."""

from __future__ import annotations

import pytest

from test_import_structure import _imported

_TITLED_MD = ("## 100. Общие положения\n\n### 100.1. Цель игры\n\nТекст цели.\n\nВторой абзац цели.\n\n"
              "### 100.2. Колода\n\nТекст колоды (см. 100.1).\n")
_TITLED_TXT = "100. Р\n\n100.1. Цель игры\n\nТекст цели.\n\nВторой абзац цели.\n\n100.2. Колода\n\nТекст колоды.\n"


@pytest.mark.parametrize(("name", "text"), [("t.md", _TITLED_MD), ("t.txt", _TITLED_TXT)])
def test_a_short_sentence_under_a_titled_paragraph_is_its_body(tmp_path, name, text):
    """«100.1. Цель игры» over «Текст цели.» and «Второй абзац цели.»: each ends its sentence, so
    by hand neither is a heading; both are plain paragraphs of 100.1, and the rulebook has no
    heading at all (100 and 100.2 are numbered, «Текст колоды» is 100.2's body)."""
    kb, _ = _imported(tmp_path, name, text, "M")
    [p] = kb.show("100.1")
    assert [c.text.strip() for c in p.children] == ["Текст цели.", "Второй абзац цели."]
    assert [u.id for u in kb.rulebook.paragraphs if u.kind.value == "heading"] == []


def test_a_sentence_after_a_body_sentence_stays_in_the_body(tmp_path):
    """«Побеждает игрок, …» then «Ничья возможна.» (a short sentence a morphology reads as a noun
    phrase) under «100.1. Цель игры»: both belong to 100.1."""
    kb, _ = _imported(tmp_path, "t.txt", "100. Р\n\n100.1. Цель игры\n\nПобеждает игрок, уничтоживший "
                      "всех существ.\n\nНичья возможна.\n", "T")
    [p] = kb.show("100.1")
    assert [c.text.strip() for c in p.children] == ["Побеждает игрок, уничтоживший всех существ.", "Ничья возможна."]


@pytest.mark.parametrize(("name", "label"), [("e.md", "#### Пример"), ("e.txt", "Пример"), ("e.txt", "Пример:")])
def test_an_example_labelled_on_its_own_line_is_an_example_of_the_paragraph_before(tmp_path, name, label):
    """«100.2. Колода» / «Текст колоды.» / the label alone / «Игрок собирает колоду.»: by hand one
    example, on 100.2, with that text, and no heading «Пример»."""
    text = f"100. Р\n\n100.1. Цель игры\n\n100.2. Колода\n\nТекст колоды.\n\n{label}\n\nИгрок собирает колоду.\n"
    kb, _ = _imported(tmp_path, name, text, "M")
    [example] = kb.rulebook.examples
    assert example.paragraph == "M:100.2" and example.text.strip() == "Игрок собирает колоду."
    assert [u.id for u in kb.rulebook.paragraphs if u.kind.value == "heading"] == []


def test_a_term_ends_at_a_full_stop_outside_brackets():
    """The full stop of «(см. 100.1)» ends no term: «Атака — …» is the term «Атака» by its dash; a
    bracket closed before the stop («Броня (Х). …») belongs to the term."""
    from berserk_kb.text.forms import glossary_term
    from berserk_kb.text.lines import is_heading

    assert glossary_term("Атака — действие существа (см. 100.1).", True, is_heading) == "Атака"
    assert glossary_term("Броня (Х). Существо получает меньше ран.", True, is_heading) == "Броня (Х)"


def test_a_glossary_entry_with_a_reference_is_found_by_its_term(tmp_path):
    """«Атака — действие существа (см. 100.1).» under «Глоссарий»: by hand ``show "Атака"`` finds
    that entry under the glossary, and the entry cites 100.1."""
    kb, _ = _imported(tmp_path, "g.txt", "100. Р\n100.1. Раз.\n\nГлоссарий\n\nАтака — действие существа "
                      "(см. 100.1).\nАвангард Х — срабатывающая способность.\n", "T")
    [entry] = kb.show("Атака")
    assert entry.text.strip() == "Атака — действие существа (см. 100.1)." and entry.parent.id == "T:глоссарий"
    assert [(r.source_paragraph, r.target) for r in kb.rulebook.references] == [(entry.id, "T:100.1")]


def test_each_line_of_a_pre_is_a_line(tmp_path):
    """``<pre>100.2. Два.\\n100.3. Три.</pre>`` after ``<p>100.1. Раз.</p>`` under «100. Основы»: a
    browser shows two lines, so by hand 100.2 is «Два.» and 100.3 «Три.», both under 100."""
    kb, _ = _imported(tmp_path, "p.html", "<html><body><h2>100. Основы</h2><p>100.1. Раз.</p>"
                      "<pre>100.2. Два.\n100.3. Три.</pre></body></html>", "P")
    for number, text in (("100.2", "Два."), ("100.3", "Три.")):
        [p] = kb.show(number)
        assert p.text.strip() == text and p.parent.number == "100"


@pytest.mark.parametrize("head", ["101. Ход игры\n-------------\n", "## 101. Ход игры\n"])
@pytest.mark.parametrize("marker", [".", ")"])
def test_an_ordered_list_under_a_numbered_heading_numbers_its_paragraphs(tmp_path, head, marker):
    """«101. Ход игры» (setext, underlined with dashes, or ATX ``##``), then «1{m} Ход начинается.» and
    «2{m} Фазы идут.»: a browser shows «1», «2» under «101.», so by hand 101.1 and 101.2, both under
    101, and no list item is left."""
    text = f"{head}\n1{marker} Ход начинается.\n2{marker} Фазы идут.\n"
    kb, _ = _imported(tmp_path, "s.md", text, "M")
    for number, words in (("101.1", "Ход начинается."), ("101.2", "Фазы идут.")):
        [p] = kb.show(number)
        assert p.text.strip() == words and p.parent.number == "101"
    assert not kb.rulebook.list_items


def test_a_dashed_rule_after_a_list_of_several_items_stays_a_rule(tmp_path):
    """«101. Ход игры» and «102. Конец» are a list of two items before the dashes: no heading is
    made of the second, and 101.1 does not appear (the dashes are a thematic break)."""
    kb, _ = _imported(tmp_path, "s.md", "101. Ход игры\n102. Конец\n----\n\n1. Раз.\n", "M")
    assert kb.show("102")[0].text.strip() == "Конец"
    assert not [p for p in kb.rulebook.paragraphs if p.number == "102.1" or p.number == "101.1"]


@pytest.mark.parametrize(("name", "text"), [
    ("n.txt", "100. Основы\n\n100.1\n\nИгра ведётся двумя игроками.\n\n100.2\nКаждый берёт карты.\n"),
    ("n.html", "<html><body><h2>100. Основы</h2><h3>100.1</h3><p>Игра ведётся двумя игроками.</p>"
               "<p><strong>100.2</strong></p><p>Каждый берёт карты.</p></body></html>"),
])
def test_a_number_alone_without_its_dot_numbers_the_text_below(tmp_path, name, text):
    """«100.1» and «100.2» alone on their lines (no dot), the text below: by hand 100.1 is «Игра
    ведётся двумя игроками.», 100.2 «Каждый берёт карты.», both under 100, no heading; and check
    says each is written without its dot (L005, as for «527.1 Текст»)."""
    from berserk_kb.checks import run_checks

    kb, _ = _imported(tmp_path, name, text, "T")
    for number, words in (("100.1", "Игра ведётся двумя игроками."), ("100.2", "Каждый берёт карты.")):
        [p] = kb.show(number)
        assert p.text.strip() == words and p.parent.number == "100"
    assert [u.id for u in kb.rulebook.paragraphs if u.kind.value == "heading"] == []
    assert sorted(f.paragraph for f in run_checks(kb).findings if f.code == "L005") == ["T:100.1", "T:100.2"]
