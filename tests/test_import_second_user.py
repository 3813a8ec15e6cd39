"""berserk-kb import on what a second fresh user brought (issue 11, fu11e): a word hyphenated
before a number, a continuation that opens with a quoted name, letters in either alphabet and case,
references to list items, hidden Word text, lists told apart by level only, and a two-column page."""

from __future__ import annotations

from berserk_kb.text.formats.importer import import_rulebook
from test_import import _kb, _loss_free


def _import(tmp_path, name: str, text: str, edition: str = "T"):
    src = tmp_path / name
    src.write_text(text, encoding="utf-8")
    out = tmp_path / "OUT"
    summary = import_rulebook([src], out, edition)
    return _kb(out), out, summary


def test_a_hyphenated_word_never_makes_the_next_line_a_paragraph(tmp_path):
    """«500.2. Движение запрещено, см. пра-» / «вило 500.3. Это важно.»: the word is «правило», and
    the sentence goes on to «Это важно.» — so 500.2 is «Движение запрещено, см. правило 500.3. Это
    важно.» and cites 500.3; the only 500.3 is «Закрытое существо не двигается.» (no second 500.3)."""
    kb, out, _ = _import(tmp_path, "hyph.txt", "500. Движение\n500.1. Существо двигается.\n"
                         "500.2. Движение запрещено, см. пра-\nвило 500.3. Это важно.\n"
                         "500.3. Закрытое существо не двигается.\n")
    (p,) = kb.show("500.2")
    assert " ".join(p.text.split()) == "Движение запрещено, см. правило 500.3. Это важно."
    assert [r.target.id for r in p.cites] == ["T:500.3"]
    assert [q.text for q in kb.show("500.3")] == ["Закрытое существо не двигается."]
    _loss_free(out)


def test_a_line_opening_with_a_quoted_name_continues_the_paragraph(tmp_path):
    """«500.5. Существо с особенностью» has no final punctuation, and ««Рывок» двигается на две
    клетки, см. правило 500.1.» under it finishes that sentence: one paragraph 500.5 citing 500.1.
    A lower-case line under a title-like paragraph goes on with it the same way («500.6. Существо»
    / «не двигается.»)."""
    kb, out, _ = _import(tmp_path, "quote.txt", "500. Движение\n500.1. Существо двигается.\n"
                         "500.5. Существо с особенностью\n«Рывок» двигается на две клетки, см. правило 500.1.\n"
                         "500.6. Закрытое существо\nне двигается.\n")
    (p,) = kb.show("500.5")
    assert " ".join(p.text.split()) == "Существо с особенностью «Рывок» двигается на две клетки, см. правило 500.1."
    assert [r.target.id for r in p.cites] == ["T:500.1"]
    assert " ".join(kb.show("500.6")[0].text.split()) == "Закрытое существо не двигается."
    _loss_free(out)
