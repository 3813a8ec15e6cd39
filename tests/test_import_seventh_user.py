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
