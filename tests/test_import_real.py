"""berserk-kb import on what a fresh user brought in the fourth round of issue 11: paragraph numbers
with letter suffixes through check, site and diff; search of such a number; soft hyphens; unmarked
list items after a colon; glossaries; page headers of a PDF turned into text."""

from __future__ import annotations

from pathlib import Path

import pytest

from berserk_kb.checks import run_checks
from berserk_kb.diff import diff_editions
from berserk_kb.text.formats.importer import import_rulebook
from test_import import _kb

LETTERED_A = ("210. Удары\n\n210.11. Удар наносится.\n\n210.11б. Удар отражён щитом.\n\n"
              "210.11а. Магический удар наносится магией.\n\n210.13. Конец удара.\n")
LETTERED_B = ("210. Удары\n\n210.11. Удар наносится.\n\n210.11а. Магический удар наносится магией.\n\n"
              "210.11б. Удар отражён щитом.\n\n210.12. Конец удара.\n")


def _two_editions(tmp_path: Path) -> Path:
    out = tmp_path / "OUT"
    for ed, text in (("A", LETTERED_A), ("B", LETTERED_B)):
        (tmp_path / f"{ed}.txt").write_text(text, encoding="utf-8")
        import_rulebook([tmp_path / f"{ed}.txt"], out, ed)
    return out


def test_letter_suffixed_numbers_go_through_check_site_and_diff(tmp_path):
    """Edition A prints 210.11, 210.11б, 210.11а, 210.13; B prints 210.11, 210.11а, 210.11б, 210.12.
    A letter sub-paragraph comes right after its number, а before б: in A «210.11а comes after
    210.11б» (S003), in B the order is right (no S003). Letters stand where 210.11 stands among the
    numbered siblings: A misses 210.12 between 210.11а and 210.13 (S002), B misses nothing between
    210.11 and 210.12. The site has a page for 210.11а of each edition; diff aligns 210.11а with
    210.11а and 210.11б with 210.11б (same text in both)."""
    out = _two_editions(tmp_path)
    kb = _kb(out)
    run = run_checks(kb, only=["S002", "S003"])
    got = sorted((f.code, f.edition, f.message) for f in run.findings if f.severity != "info")
    assert [(c, e) for c, e, _ in got] == [("S002", "A"), ("S003", "A")]
    assert "210.12" in got[0][2] and "between 210.11а and 210.13" in got[0][2]
    assert got[1][2] == "210.11а comes after 210.11б in edition A"

    from berserk_kb.web.site import write_site

    site = write_site(tmp_path / "site", kb_dir=out)
    for ed in ("A", "B"):
        page = (tmp_path / "site" / ed / "210.11а" / "index.html").read_text(encoding="utf-8")
        assert "Магический удар наносится магией." in page
    assert site["pages"] > 0

    d = diff_editions(kb, "A", "B")
    pairs = {(g.old[0].number, g.new[0].number) for g in d.aligned if len(g.old) == len(g.new) == 1}
    assert {("210.11а", "210.11а"), ("210.11б", "210.11б")} <= pairs


def test_search_finds_a_letter_suffixed_number_as_it_finds_a_plain_one(tmp_path):
    """«100.3б. Третий-б.» is printed; 200.3 cites «пункты 100.3б и 100.4»; 100.5 has the items
    а) and б). ``search "100.3б"``, «п. 100.3б» and «п. 100.3Б» (the letter in capitals) each find the
    paragraph 100.3б first, then 200.3 that cites it (the match on «100.3б»); «100.5б» finds 100.5,
    which holds the item «б», without saying that it stands for another number."""
    src = tmp_path / "refs.txt"
    src.write_text("100. Общие положения\n100.3. Третий.\n100.3б. Третий-б.\n100.5. Пятый:\n"
                   "а) первый подпункт;\nб) второй подпункт.\n200. Бой\n200.3. Применяются пункты 100.3б и 100.4.\n",
                   encoding="utf-8")
    import_rulebook([src], tmp_path / "OUT", "T")
    kb = _kb(tmp_path / "OUT")
    for query in ("100.3б", "п. 100.3б", "п. 100.3Б"):
        hits = kb.search(query).hits
        assert [(h.number, h.stands_for) for h in hits] == [("100.3б", None), ("200.3", None)], query
        m = hits[1].matches[0]
        assert hits[1].text[m.start:m.end] == "100.3б"
    assert [(h.number, h.stands_for) for h in kb.search("100.5б").hits] == [("100.5", None)]


@pytest.mark.parametrize("name, text", [
    ("page.html", "<h2>100. Общие положения</h2><p>100.1. Игрок делает бро&shy;сок ку&#8203;бика.</p>"),
    ("rules.md", "# 100. Общие положения\n\n100.1. Игрок делает бро\u00adсок ку\u200bбика.\n"),
    ("rules.rst", "100. Общие положения\n====================\n\n100.1. Игрок делает бро\u00adсок ку\u200bбика.\n"),
    ("rules.txt", "100. Общие положения\n\n100.1. Игрок делает бро\u00adсок ку\u2060бика.\n"),
], ids=["html", "md", "rst", "txt"])
def test_soft_hyphens_and_zero_width_characters_are_dropped_in_every_reader(tmp_path, name, text):
    """«бро&shy;сок ку&#8203;бика» shows as «бросок кубика» (a soft hyphen and a zero-width space are
    invisible unless the line breaks there): 100.1 reads «Игрок делает бросок кубика.», and search
    «броска» (another form of «бросок») finds it."""
    src = tmp_path / name
    src.write_text(text, encoding="utf-8")
    import_rulebook([src], tmp_path / "OUT", "T")
    kb = _kb(tmp_path / "OUT")
    assert kb.show("100.1")[0].text == "Игрок делает бросок кубика."
    assert [h.number for h in kb.search("броска").hits] == ["100.1"]


def test_unmarked_items_after_a_colon_are_list_items_in_any_case(tmp_path):
    """«100.4. Возможные стихии:» and under it, one to a line with no marker, «Степи», «Леса»,
    «Горы», «Болота», «Тьма»: five list items of 100.4 (none a heading, none glued to another), and
    100.5 after them a paragraph of its own. «100.6. Важно:» over one sentence has no list item (the
    sentence after a colon is a paragraph of its own). (In Markdown these lines are one paragraph, as
    a browser shows it: CommonMark joins soft line breaks.)"""
    src = tmp_path / "unmarked.txt"
    src.write_text("100. Общие положения\n\n100.4. Возможные стихии:\nСтепи\nЛеса\nГоры\nБолота\nТьма\n"
                   "100.5. Следующий пункт.\n\n100.6. Важно:\nИгрок не может атаковать дважды.\n", encoding="utf-8")
    import_rulebook([src], tmp_path / "OUT", "T")
    kb = _kb(tmp_path / "OUT")
    (p,) = kb.show("100.4")
    assert [i.text for i in p.list_items] == ["Степи", "Леса", "Горы", "Болота", "Тьма"]
    assert kb.show("100.5")[0].text == "Следующий пункт."
    (q,) = kb.show("100.6")
    assert q.list_items == ()
    assert q.text == "Важно:" and [c.text for c in q.children] == ["Игрок не может атаковать дважды."]


@pytest.mark.parametrize("name, text", [
    ("gloss.txt", "700. Глоссарий\n\nАвангард Х. Срабатывающая способность.\n\nБронированный\n"
                  "Существо получает на 1 меньше ран.\n\nРывок – существо может действовать в ход выхода.\n\n"
                  "Яд: существо получает рану.\n"),
    ("gloss.md", "# Глоссарий\n\n**Авангард Х.** Срабатывающая способность.\n\n**Бронированный**\n\n"
                 "Существо получает на 1 меньше ран.\n\n**Рывок** – существо может действовать в ход выхода.\n\n"
                 "**Яд**: существо получает рану.\n"),
], ids=["txt", "md"])
def test_glossary_entries_under_a_glossary_title_are_found_by_their_term(tmp_path, name, text):
    """Under «700. Глоссарий» (a numbered title) or «# Глоссарий», four entries written four ways:
    the term and a full stop («Авангард Х. …»), the term over its definition (on the next line, or
    the next paragraph: «Бронированный» / «Существо получает на 1 меньше ран.» — a participle is a
    term too), the term and a dash («Рывок – …»), the term and a colon («Яд: …»). ``show TERM``
    finds each, in the glossary's section, and no entry stands under another entry's term."""
    src = tmp_path / name
    src.write_text(text, encoding="utf-8")
    import_rulebook([src], tmp_path / "OUT", "T")
    kb = _kb(tmp_path / "OUT")
    section = "700" if name.endswith(".txt") else None
    (b,) = kb.show("Бронированный")
    assert b.text == "Бронированный" and [c.text for c in b.children] == ["Существо получает на 1 меньше ран."]
    for term, opening in (("Авангард Х", "Авангард Х. Сраб"), ("Рывок", "Рывок – сущ"), ("Яд", "Яд: сущ"),
                          ("Бронированный", "Бронированный")):
        (v,) = kb.show(term)
        assert v.text.startswith(opening), term
        assert v.parent is not None and (v.parent.number == section if section else v.parent.title == "Глоссарий")


def test_page_numbers_and_running_headers_of_a_pdf_turned_into_text_are_left_out(tmp_path):
    """A PDF turned into text: at each page break a page number («2», «3», «4», centred far to the
    right, with text right above or below it, no blank line) and the running header «Берсерк.
    Полные правила» under it. Neither is rule content: 100.3 keeps its text and its one list item
    and has no child; search «Полные правила» finds only the title, which is printed once; the six
    lines are listed as skipped. A number inside the text («30 карт») stays."""
    pad = " " * 40
    text = ("ПОЛНЫЕ ПРАВИЛА ИГРЫ\n\n100. Общие положения\n100.1. Игра ведётся двумя игроками.\n"
            "100.2. Колода содержит не менее 30 карт.\n"
            f"{pad}2\nБерсерк. Полные правила\n"
            "100.3. Первый игрок определяется броском кубика:\n– первый пункт;\n"
            "100.4. Ход состоит из этапов.\n100.5. Этап открытия.\n"
            f"{pad}3\nБерсерк. Полные правила\n"
            "200. Бой\n200.1. Бой состоит из ударов.\n200.2. Удары бывают простыми.\n200.3. Удар наносится.\n"
            f"{pad}4\nБерсерк. Полные правила\n210. Удары\n210.1. Удар отражён.\n")
    src = tmp_path / "rules.txt"
    src.write_text(text, encoding="utf-8")
    summary = import_rulebook([src], tmp_path / "OUT", "T")
    kb = _kb(tmp_path / "OUT")
    (p,) = kb.show("100.3")
    assert p.text == "Первый игрок определяется броском кубика:" and p.children == ()
    assert [i.text for i in p.list_items] == ["первый пункт;"]
    assert kb.show("100.2")[0].text == "Колода содержит не менее 30 карт."
    assert [h.text for h in kb.search("Полные правила").hits] == ["ПОЛНЫЕ ПРАВИЛА ИГРЫ"]
    fragment = next((tmp_path / "OUT" / "sources").glob("*.txt")).read_text(encoding="utf-8")
    assert "Берсерк. Полные правила" not in fragment and not any(ln.strip() in "234" for ln in fragment.splitlines() if ln.strip())
    assert summary.counts["skipped"] == 6


def test_references_with_a_capital_or_latin_letter_or_in_brackets_resolve(tmp_path):
    """«100.3б.» and «210.1a.» (a Latin a) are printed numbers, 210.1a under 210.1. «См. п. 100.3Б»
    (the letter in capitals) names 100.3б, not 100.3; «См. также (100.2) и 100.4.» names 100.2 and
    100.4; ``show 100.3Б`` finds 100.3б."""
    src = tmp_path / "refs.txt"
    src.write_text("100. Общие положения\n100.2. Второй.\n100.3. Третий.\n100.3б. Третий-б.\n100.4. Четвёртый.\n"
                   "200. Бой\n200.1. См. п. 100.3Б заглавной.\n200.2. См. также (100.2) и 100.4.\n"
                   "210. Удары\n210.1. Удар наносится.\n210.1a. Магический удар.\n", encoding="utf-8")
    import_rulebook([src], tmp_path / "OUT", "T")
    kb = _kb(tmp_path / "OUT")
    assert [r.target.id for r in kb.show("200.1")[0].cites] == ["T:100.3б"]
    assert [r.target.id for r in kb.show("200.2")[0].cites] == ["T:100.2", "T:100.4"]
    assert kb.show("100.3Б")[0].id == "T:100.3б"
    (a,) = kb.show("210.1a")
    assert a.text == "Магический удар." and a.parent.number == "210.1"


def test_diff_leaves_the_table_of_contents_out(tmp_path):
    """Edition A's contents list «100. Общие положения 3» and «200. Бой 5», B's «… 4» and «… 6»
    (the pages moved); the body is the same. The contents lines own nothing, so diff names no
    change: every unit aligned one to one, nothing added or removed, no contents line among them."""
    body = "100. Общие положения\n100.1. Игроки садятся друг напротив друга.\n200. Бой\n200.1. Удары наносятся по очереди.\n"
    out = tmp_path / "OUT"
    for ed, pages in (("A", (3, 5)), ("B", (4, 6))):
        src = tmp_path / f"{ed}.txt"
        src.write_text(f"Содержание\n100. Общие положения {pages[0]}\n100.1. Игроки {pages[0]}\n"
                       f"200. Бой {pages[1]}\n200.1. Удары {pages[1]}\n\n" + body, encoding="utf-8")
        import_rulebook([src], out, ed)
    kb = _kb(out)
    assert sum(p.kind.value == "contents" for p in kb.rulebook.paragraphs) == 10
    d = diff_editions(kb, "A", "B")
    assert d.added == () and d.removed == ()
    assert sorted(g.old[0].number for g in d.aligned) == ["100", "100.1", "200", "200.1"]


@pytest.mark.parametrize("nested, open_end", [("  ○ вложенный пункт.\n", False), ("", True)], ids=["nested", "open"])
def test_a_last_item_with_a_sub_list_does_not_leave_the_list_open(tmp_path, nested, open_end):
    """«• бросается кубик;» is the last item of 210.11's list; with the sub-item «○ вложенный
    пункт.» under it, the list ends with that «.» (no L004 warning); without it, the list ends
    with «;» as if an item were lost (the L004 warning «ends with «• …»»)."""
    src = tmp_path / "r.txt"
    src.write_text("210. Удары\n210.11. Удар наносится так:\n• атакующий закрывается;\n• бросается кубик;\n"
                   f"{nested}210.12. Дальше.\n", encoding="utf-8")
    import_rulebook([src], tmp_path / "OUT", "T")
    run = run_checks(_kb(tmp_path / "OUT"), only=["L004"])
    got = [f.message for f in run.findings if f.severity == "warning"]
    assert [m.startswith("the list of 210.11 ends with «• …") for m in got] == ([True] if open_end else [])


def test_a_wikis_footnotes_are_notes_and_their_marks_stay_in_the_text(tmp_path):
    """A wiki page: «310.2. См. правило 300.1.» with a footnote mark «[1]» (``<sup id="cite_ref-1">``)
    and the footnote list ``<ol class="references">`` «↑ Турнирные правила, п. 5.3». 310.2 reads
    «См. правило 300.1.[1]», as the page shows it (fu11n N6: a note must be matched to its place);
    the footnote is a plain paragraph numbered as the page numbers it, «[1] …», no list item."""
    src = tmp_path / "wiki.html"
    src.write_text('<div class="mw-parser-output"><h2>300. Бой</h2><p>300.1. Бой идёт.</p>'
                   '<p>310.2. См. правило 300.1.<sup id="cite_ref-1"><a href="#cite_note-1">[1]</a></sup></p>'
                   '<ol class="references"><li id="cite_note-1">↑ Турнирные правила, п. 5.3</li></ol></div>',
                   encoding="utf-8")
    import_rulebook([src], tmp_path / "OUT", "W")
    kb = _kb(tmp_path / "OUT")
    assert kb.show("310.2")[0].text == "См. правило 300.1.[1]"
    assert kb.rulebook.list_items == ()
    assert [p.text for p in kb.rulebook.paragraphs if p.kind.value == "text"] == ["[1] ↑ Турнирные правила, п. 5.3"]


@pytest.mark.parametrize("html", ["<ol><li>пункт" * 300 + "</li></ol>" * 300,
                                  "<div>" * 20000 + "<p>100.1. Глубоко.</p>" + "</div>" * 20000], ids=["ol", "div"])
def test_a_page_nested_deeper_than_the_parser_reads_is_refused_with_that_reason(tmp_path, cli, html):
    """300 nested lists, or a paragraph inside 20,000 nested divs: the HTML parser stops at 256
    levels, so what is deeper would be lost silently. The import refuses the page in one line that
    names the file and says the nesting is too deep (exit 2), and writes nothing."""
    src = tmp_path / "deep.html"
    src.write_text(f"<html><body>{html}</body></html>", encoding="utf-8")
    r = cli("import", str(src), "-o", str(tmp_path / "OUT"), "-e", "T")
    assert r.exit_code == 2 and not (tmp_path / "OUT").exists()
    (line,) = r.output.strip().splitlines()
    assert str(src) in line and "nested too deep (more than 256 levels" in line
