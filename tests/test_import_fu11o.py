"""A fresh user's findings on import still open after fu11n (issue 11): sections and appendices
named by a word («раздел 1», «главе 1», «§ 1», «Приложение А», its paragraphs «А.1.») (N12, N13).
Every input is written here, every expected value read off it by hand."""

from __future__ import annotations

import pytest

from test_import import _loss_free
from test_import_structure import _imported


def _cited(kb) -> set[tuple[str, str, str | None]]:
    """``(citing paragraph, number cited, target id)`` of every reference of the rulebook."""
    return {(r.source_paragraph, r.number, r.target) for r in kb.rulebook.references}


# --- sections named by a word (N12) ------------------------------------------------------------------


@pytest.mark.parametrize("first, second", [("1", "2"), ("100", "101")])
def test_a_section_named_by_its_word_is_a_reference_in_either_numbering(tmp_path, first, second):
    """t/rf.txt (1./1.1) and rf3.txt (100./100.1): «раздел 1», «разделу 2», «главе 1», «главу 1»
    and «§ 1» each cite the section so numbered — the same in both numberings."""
    text = (f"{first}. Общие положения\n\n{first}.1. Раз.\n\n{second}. Ход\n\n"
            f"{second}.1. См. раздел {first}.\n\n{second}.2. Согласно разделу {second} и главе {first}.\n\n"
            f"{second}.3. См. главу {first} и § {first}.\n")
    kb, out = _imported(tmp_path, "rf.txt", text, "T")
    a, b = f"T:{first}", f"T:{second}"
    assert _cited(kb) == {(f"{b}.1", first, a), (f"{b}.2", second, b), (f"{b}.2", first, a),
                          (f"{b}.3", first, a)}
    assert [f.code for f in kb.check().findings] == []
    _loss_free(out)


def test_a_paragraph_number_after_a_section_word_is_the_paragraph_not_a_section(tmp_path):
    """«раздел 1.2» names paragraph 1.2, «1.5 часа» after «главе» nothing new, «в 2 раза» nothing."""
    text = "1. Основы\n\n1.1. Раз.\n\n1.2. Два.\n\n2. Ход\n\n2.1. См. раздел 1.2, это в 2 раза дольше.\n"
    kb, _ = _imported(tmp_path, "rf.txt", text, "T")
    assert _cited(kb) == {("T:2.1", "1.2", "T:1.2")}


# --- appendices: «Приложение А.» over «А.1.» (N13) ---------------------------------------------------

#: t/ap.txt, as the user wrote it
APPENDIX = """Раздел 1. Общие положения

1.1. Игра ведётся двумя игроками.

1.2. Игрок использует колоду (см. Приложение А).

Раздел 2. Ход

2.1. Ход начинается (см. раздел 1 и п. А.1).

Приложение А. Стоимость карт

А.1. Существо стоит от 1 до 10.

А.2. Заклинание стоит от 1 до 5 (см. А.1).
"""


@pytest.mark.parametrize("letter", ["А", "A"])  # Cyrillic, Latin
def test_an_appendix_by_its_letter_numbers_its_paragraphs(tmp_path, letter):
    """Line 11 opens appendix А (titled «Стоимость карт»), lines 13 and 15 are its paragraphs А.1
    and А.2 (`show А.1` finds the first); «Приложение А» (line 5), «раздел 1» and «п. А.1» (line 9),
    «см. А.1» (line 15) resolve; no finding (no S004 on «Раздел 1.», no S003 for А after 2.1)."""
    kb, out = _imported(tmp_path, "ap.txt", APPENDIX.replace("А", letter), "T")
    assert kb.show(f"{letter}.1")[0].parent.number == letter
    (app,) = kb.show(f"T:{letter}")
    assert app.number == letter and app.title == "Стоимость карт" and app.source.line_start == 11
    assert [(c.number, c.source.line_start) for c in app.children] == [(f"{letter}.1", 13), (f"{letter}.2", 15)]
    assert kb.show(f"{letter}.2")[0].text.strip() == "Заклинание стоит от 1 до 5 (см. А.1).".replace("А", letter)
    a1 = f"T:{letter}.1"
    assert _cited(kb) == {("T:1.2", letter, f"T:{letter}"), ("T:2.1", "1", "T:1"), ("T:2.1", f"{letter}.1", a1),
                          (f"T:{letter}.2", f"{letter}.1", a1)}
    assert [f.code for f in kb.check().findings] == []
    _loss_free(out)


# --- forum chrome, quoted posts, struck-out text (N4, minors) ------------------------------------------

#: h/f1.html cut down: a phpBB post with its author line, buttons, signature, the board's copyright
FORUM = """<html><body><div class="post"><div class="postbody">
<p class="author">автор <strong>Судья</strong> » 01 янв 2024</p>
<ul class="post-buttons"><li><a href="/r">Ответить</a></li></ul>
<div class="content"><h2>100. Общие положения</h2>
<p>100.1. Игра ведётся двумя игроками.</p>
<p>100.2. Ход идёт по очереди.</p>
<p><s>100.3. Старое правило.</s></p>
<p><span style="text-decoration: line-through">100.4. Тоже старое.</span></p>
<blockquote><div><cite>Игрок писал(а):</cite>А как быть с 100.2?</div></blockquote>
</div><div class="signature">Моя подпись: 100.9. Не правило.</div></div>
<dl class="postprofile"><dt>Судья</dt><dd>Сообщения: 5</dd></dl></div>
<div class="copyright">Powered by phpBB</div></body></html>
"""


def test_forum_chrome_and_struck_out_text_are_no_rule_text(tmp_path):
    """The author line, buttons, signature, profile and copyright are the board's, not the post's:
    none of their words is imported (no L004/L006 on «01 янв 2024»); the struck-out 100.3 and 100.4
    are gone (so only 100, 100.1, 100.2); the quote keeps the space after its «писал(а):»."""
    kb, out = _imported(tmp_path, "f1.html", FORUM, "F")
    text = "\n".join(p.read_text(encoding="utf-8") for p in (out / "sources").glob("F_*.txt"))
    for gone in ("Судья", "Ответить", "подпись", "phpBB", "Сообщения", "Старое", "Тоже"):
        assert gone not in text
    assert sorted(p.number for p in kb.rulebook.paragraphs if p.number) == ["100", "100.1", "100.2"]
    assert "Игрок писал(а): А как быть с 100.2?" in text
    assert not [f.code for f in kb.check().findings if f.code in ("L004", "L006")]


def test_a_quoted_post_is_not_inferred_to_be_what_it_cites(tmp_path):
    """«Игрок писал(а): А как быть с 100.7?» cites 100.7, which the post does not print: the
    reference dangles (S005), but the quote that asks is not paragraph 100.7 (no S004)."""
    page = FORUM.replace("с 100.2?", "с 100.7?")
    kb, _ = _imported(tmp_path, "f1.html", page, "F")
    assert [(f.code, f.source) for f in kb.check().findings if f.code in ("S004", "S005")] == [
        ("S005", "F_01_f1.txt:7")]  # lines 1, 3, 5: 100, 100.1, 100.2; the struck ones gone


# --- a number left without its text (F13) -------------------------------------------------------------


@pytest.mark.parametrize("after", ["", "\n101. Ход\n\n101.1. Раз.\n"])
def test_a_number_left_without_text_is_a_numbered_paragraph_the_check_names(tmp_path, after):
    """l11/x/emp.txt: «100.2.» on the last line (or before the next section) is paragraph 100.2 with
    no text; ``check`` says so once (L005 «100.2 has no text», line 5) — no G001 shape error."""
    kb, out = _imported(tmp_path, "emp.txt", "100. Основы\n\n100.1. Текст.\n\n100.2.\n" + after, "T")
    (p,) = kb.show("100.2")
    assert p.text == "" and p.parent.number == "100"
    found = [(f.code, f.message, f.source) for f in kb.check().findings]
    assert found == [("L005", "100.2 has no text", "T_01_emp.txt:5")]
    _loss_free(out)


def test_only_a_numbered_paragraph_may_have_an_empty_text():
    """kb/shapes.ttl: a plain paragraph whose text is empty still breaks the shapes (G001)."""
    from rdflib import RDF, Graph, Literal, URIRef

    from berserk_kb.graph.shacl import validate
    from conftest import KB_DIR

    bkb, unit = "https://w3id.org/berserk-kb/vocab#", URIRef("https://w3id.org/berserk-kb/id/T:x")
    g = Graph()
    g.add((unit, RDF.type, URIRef(bkb + "Paragraph")))
    g.add((unit, URIRef(bkb + "text"), Literal("", lang="ru")))
    messages = [f[3] for f in validate(g, (KB_DIR / "shapes.ttl").read_bytes()) if f[1] == str(unit)]
    assert "a unit's text is not empty (only a numbered paragraph's may be)" in messages


@pytest.mark.parametrize("name", ["old.docx", "old.txt"])
def test_an_old_word_document_is_named_as_such(tmp_path, cli, name):
    """An OLE compound file (D0 CF 11 E0 A1 B1 1A E1, a Word 97–2003 .doc) renamed: one line saying
    what it is and what to do, exit 2, no folder written."""
    src = tmp_path / name
    src.write_bytes(bytes.fromhex("d0cf11e0a1b11ae1") + b"\0" * 504)
    r = cli("import", str(src), "-o", str(tmp_path / "OUT"), "--edition", "X")
    assert r.exit_code == 2 and r.stderr.splitlines() == [
        f"berserk-kb: error: {src}: this is a Word 97–2003 .doc: save it as .docx"], r.output
    assert not (tmp_path / "OUT").exists()


def test_an_escaped_pipe_in_a_markdown_table_cell_is_a_pipe(tmp_path):
    """GFM shows «\\|» in a cell as «|»: the second row's cells are «|» and «раздел | черта»
    (two cells, not four, and no «¦»)."""
    text = "# 100. Основы\n\n100.1. Знаки:\n\n| знак | имя |\n|---|---|\n| \\| | раздел \\| черта |\n"
    kb, out = _imported(tmp_path, "t.md", text, "M")
    (table,) = [p for p in kb.rulebook.paragraphs if p.kind.value == "table"]
    assert table.rows == [["знак", "имя"], ["|", "раздел | черта"]]
    assert "¦" not in (out / "sources" / "M_01_t.txt").read_text(encoding="utf-8")
    _loss_free(out)


def test_rst_footnotes_and_admonitions_keep_the_words_docutils_shows(tmp_path):
    """docutils shows «.. [#] Кроме турниров.» as «[1] Кроме турниров.» (its mark «[#]_» as «[1]»)
    and «.. note::» / «.. warning::» under their titles «Примечание» / «Предупреждение»."""
    text = ("100. Основы\n==========\n\n100.1. Игрок ходит [#]_.\n\n.. note:: Это важно.\n\n"
            ".. warning::\n\n   Осторожно.\n\n.. [#] Кроме турниров.\n")
    kb, out = _imported(tmp_path, "n.rst", text, "R")
    fragment = (out / "sources" / "R_01_n.txt").read_text(encoding="utf-8").split("\n")
    for line in ("100.1. Игрок ходит [1].", "Примечание. Это важно.", "Предупреждение. Осторожно.",
                 "[1] Кроме турниров."):
        assert line in fragment
    assert [f.code for f in kb.check().findings] == []
    _loss_free(out)
